"""`pnp preflight` flags a low-resolution picture once per file, however many copies show it."""

from __future__ import annotations

from PIL import Image as PILImage

from pnp.preflight import preflight


def test_a_low_resolution_picture_is_one_problem(tmp_path, run_pnp):
    PILImage.new("RGB", (60, 60), "red").save(tmp_path / "lo.png")
    PILImage.new("RGB", (50, 50), "blue").save(tmp_path / "lo2.png")
    (tmp_path / "d.csv").write_text("name,text,image,count\nGoblin,hi,lo.png,7\nOrc,hey,lo.png,4\n"
                                    "Elf,x,lo2.png,1\n")
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(tmp_path / "o"),
                           "--formats", "pdf", "--quiet")
    assert code == 0, err
    report = preflight(tmp_path / "o" / "d.pdf")
    assert len([i for i in report.images if i["dpi"] < 300]) == 12  # every copy is listed
    low = [p for p in report.problems if "dpi" in p]
    assert len(low) == 2, low  # one per picture (pages 2 and 4 are the backs)
    assert any("60x60 px" in p and "11 times on pages 1, 3" in p for p in low)
    assert any("50x50 px" in p and "1 time on page 3" in p for p in low)
