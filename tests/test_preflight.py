"""`pnp preflight`: what it finds in a PDF, and that every printable pnp writes with default
options passes it on A4 and on Letter."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.preflight import preflight

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "salvage-mods.csv"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def printables(tmp_path_factory) -> dict[str, Path]:
    """Every PDF of `pnp render` (the README's example), a Junkyard Wars session and a Waste
    Knights session, default print options, on A4 and on Letter."""
    import subprocess
    import sys

    base = tmp_path_factory.mktemp("printables")
    shutil.copy(EXAMPLE, base / EXAMPLE.name)
    shutil.copytree(EXAMPLE.parent / "icons", base / "icons")
    pnp = [sys.executable, "-m", "pnp.cli"]
    out: dict[str, Path] = {}
    procs = []
    for page in ("a4", "letter"):
        runs = {
            f"render-{page}": ["render", str(base / EXAMPLE.name), "--formats", "pdf",
                               "--print-shop", "--quiet"],
            f"jw-{page}": ["junkyard-wars", "session", "--players", "4", "--seed", "pf",
                           "--games", "10", "--jobs", "1"],
            f"wk-{page}": ["waste-knights", "session", "--seed", "pf", "--games", "10",
                           "--jobs", "1"],
        }
        for name, args in runs.items():  # side by side: they are independent
            target = base / name
            procs.append(subprocess.Popen(pnp + args + ["--page", page, "--out", str(target)],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                          cwd=base))
            out[name] = target
    for proc in procs:
        _, err = proc.communicate()
        assert proc.returncode == 0, err
    return out


def test_every_printable_passes_preflight(printables):
    pdfs = [p for d in printables.values() for p in sorted(d.rglob("*.pdf"))]
    assert len(pdfs) >= 20
    for pdf in pdfs:
        report = preflight(pdf)
        assert report.problems == [], (pdf.name, report.problems)
        assert all(f["embedded"] and f["subset"] for f in report.fonts), pdf
        assert not any(t["pt"] < 5 for t in report.small_text), pdf


def test_pdfs_are_clean_for_a_print_shop(printables):
    for pdf in sorted(printables["render-a4"].glob("*.pdf")):
        raw = pdf.read_bytes()
        reader = PdfReader(pdf)
        fonts = set()
        for page in reader.pages:
            for ref in page["/Resources"]["/Font"].values():
                fonts.add(str(ref.get_object()["/BaseFont"]))
        assert not any("Helvetica" in f for f in fonts)  # no empty BT /F1 12 Tf ET
        tags = [f.lstrip("/").split("+")[0] for f in fonts]
        assert len(tags) == len(set(tags)) >= 2  # one tag per subset
        assert b"/SMask" in raw and raw.startswith(b"%PDF-1.4")  # the icons' soft masks
    jw_tiles = (printables["jw-a4"] / "tiles.pdf").read_bytes()
    assert b"/SMask" not in jw_tiles and jw_tiles.startswith(b"%PDF-1.3")


def test_letter_reflow_is_said_once(printables, tmp_path, run_pnp):
    code, out, err = run_pnp("render", str(printables["render-a4"].parent / EXAMPLE.name),
                             "--out", str(tmp_path / "o"), "--formats", "pdf", "--page",
                             "letter", "--quiet")
    assert code == 0
    notes = [line for line in err.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "8 per page instead of 9" in notes[0]


def _bad_pdf(path: Path) -> None:
    c = Canvas(str(path), pagesize=(210 * MM, 297 * MM))
    c.setFont("Helvetica", 4)  # a standard font: not embedded; and 4 pt
    c.drawString(50 * MM, 150 * MM, "tiny print")
    c.setFont("Helvetica", 9)
    c.drawString(1 * MM, 100 * MM, "at the edge")
    c.setLineWidth(0.5)
    c.line(2 * MM, 50 * MM, 2 * MM, 60 * MM)  # a crop mark the printer cannot print
    im = PILImage.new("RGB", (60, 60), (200, 30, 30))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    buf.seek(0)
    from reportlab.lib.utils import ImageReader

    c.drawImage(ImageReader(buf), 100 * MM, 100 * MM, 50 * MM, 50 * MM)  # 30 dpi
    c.showPage()
    c.save()


def test_preflight_reports_what_a_print_shop_would_reject(tmp_path):
    path = tmp_path / "bad.pdf"
    _bad_pdf(path)
    report = preflight(path)
    text = "\n".join(report.problems)
    assert "Helvetica is not embedded" in text
    assert re.search(r"4\.0 pt text 'tiny print'", text)
    assert "'at the edge' within the printer margin" in text
    assert "line at (1.8" in text or "line at (1.9" in text
    assert re.search(r"60x60 px placed at 30 dpi", text)
    assert report.colour_spaces == ["DeviceGray", "DeviceRGB"] or "DeviceRGB" in \
        report.colour_spaces


def test_preflight_command_exit_codes_and_json(tmp_path, printables, run_pnp):
    bad = tmp_path / "bad.pdf"
    _bad_pdf(bad)
    good = printables["render-a4"] / "salvage-mods-print-shop.pdf"
    code, out, _ = run_pnp("preflight", str(good))
    assert code == 0 and "no problems found" in out and "trim 63.5x88.9 mm, bleed 3 mm" in out
    code, out, _ = run_pnp("preflight", str(good), str(bad), "--json")
    assert code == 1
    files = json.loads(out)["files"]
    assert [f["ok"] for f in files] == [True, False]
    code, _, err = run_pnp("preflight", str(tmp_path / "missing.pdf"))
    assert code == 2 and "missing.pdf" in err


def test_cmyk_text_and_marks_are_100_percent_k(tmp_path, run_pnp):
    src = tmp_path / "d.csv"
    src.write_text("name,text\nA,Some text\n")
    assert run_pnp("render", str(src), "--out", str(tmp_path / "o"), "--formats", "pdf",
                   "--cmyk", "--quiet")[0] == 0
    report = preflight(tmp_path / "o" / "d.pdf")
    assert report.colour_spaces == ["DeviceCMYK"] and not report.problems
    data = b"".join(p.get_contents().get_data() for p in PdfReader(tmp_path / "o" / "d.pdf").pages)
    assert b" rg" not in data and b" RG" not in data
    assert b"0 0 0 1 K" in data  # crop marks: black only


def test_every_card_and_tile_keeps_its_text_3mm_inside_its_cut(tmp_path):
    """Each card and tile of the Junkyard Wars and Waste Knights sessions, one a page with its
    TrimBox (as a print shop gets them): no text in the 3 mm safe zone, none below 5 pt."""
    from pnp.games.junkyard_wars import GAME as JW
    from pnp.games.junkyard_wars.pack import session_pack as jw_pack
    from pnp.games.waste_knights import GAME as WK
    from pnp.games.waste_knights.session import session_pack as wk_pack
    from pnp.layout.impose import print_shop_pages
    from pnp.layout.pdf import write_pdf
    from pnp.pack import Cards, PrintOptions

    jw = {"square_mm": 20.0, "deck_size": 40}
    wk = {"mode": "session", "reject_unbalanced": False, "max_tries": 1000,
          "hex_size": "60mm", "rounds": 10, "vehicle": "strider"}
    packs = [jw_pack(JW.make_setup("pf", 4, ("heuristic",) * 4, jw), "pf", jw, 4, 1,
                     PrintOptions()),
             wk_pack(WK.make_setup("pf", 4, ("heuristic",), wk), "pf", wk, 4, 1, PrintOptions())]
    checked = 0
    for pack in packs:
        for f in pack.files:
            if not isinstance(f, Cards):
                continue
            path = tmp_path / f"{pack.title}-{f.path}"
            write_pdf(print_shop_pages(list(f.components), 3.0), path, print_shop=True)
            report = preflight(path)
            assert report.problems == [], (f.path, report.problems[:5])
            checked += len(report.pages)
    assert checked > 100
