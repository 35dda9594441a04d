"""`pnp preflight` flags a low-resolution picture once per file, however many copies show it,
naming its file and the cards that show it (marked content pnp writes around each)."""

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
    (lo,) = [p for p in low if "60x60" in p]
    assert lo.startswith("image lo.png of 60x60 px") and "on cards 'Goblin', 'Orc'" in lo
    (lo2,) = [p for p in low if "50x50" in p]
    assert lo2.startswith("image lo2.png of 50x50 px") and "on card 'Elf'" in lo2


def test_a_card_name_with_any_characters_is_read_back(tmp_path, run_pnp):
    PILImage.new("RGB", (40, 40), "red").save(tmp_path / "lo (1).png")
    name = "Café (Ø) \\ 2)"
    (tmp_path / "d.csv").write_text(f'name,image\n"{name}",lo (1).png\n', encoding="utf-8")
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(tmp_path / "o"),
                           "--formats", "pdf", "--quiet", "--print-shop")
    assert code == 0, err
    for pdf in ("d.pdf", "d-print-shop.pdf"):
        (low,) = [p for p in preflight(tmp_path / "o" / pdf).problems if "dpi" in p]
        assert low.startswith("image lo (1).png of 40x40 px"), low
        assert f"on card {name!r}" in low, low
