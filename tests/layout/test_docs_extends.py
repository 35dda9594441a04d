"""The `extends` example of docs/layouts.md, rendered as written: its stamp is on the card
(read back from the print-shop PDF's TrimBox and from the face's SVG)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4


def documented_example() -> str:
    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    section = doc.split("## Building on another layout: `extends`", 1)[1]
    return re.search(r"```yaml\n(.*?)```", section, re.S).group(1)


def test_the_documented_stamp_is_inside_the_card(tmp_path, run_pnp):
    (tmp_path / "mine.yaml").write_text(documented_example(), encoding="utf-8")
    (tmp_path / "d.csv").write_text("name,text\nScout,Moves two\nTank,Holds the line\n")
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--layout",
                           str(tmp_path / "mine.yaml"), "--out", str(tmp_path / "o"),
                           "--formats", "pdf,svg", "--print-shop", "--quiet")
    assert code == 0, err
    doc = pdfium.PdfDocument(str(tmp_path / "o" / "d-print-shop.pdf"))
    try:
        found = 0
        for page in doc:
            trim = page.get_trimbox()
            text = page.get_textpage()
            searcher = text.search("PROTOTYPE")
            hit = searcher.get_next()
            if hit is None:
                continue
            first, count = hit
            boxes = [text.get_charbox(i) for i in range(first, first + count)]
            # inside the trim, 3 mm clear of the cut (the safe zone)
            assert min(b[0] for b in boxes) >= trim[0] + 3 * MM
            assert max(b[2] for b in boxes) <= trim[2] - 3 * MM
            assert min(b[1] for b in boxes) >= trim[1] + 3 * MM
            assert max(b[3] for b in boxes) <= trim[3] - 3 * MM
            found += 1
        assert found == 2  # one stamp on each card's front
    finally:
        doc.close()
    # the SVG of a front: the stamp's text lies within the card's 44 x 68 mm (mini)
    svg = next(p for p in (tmp_path / "o").glob("**/*.svg") if "scout" in p.name.lower())
    root = ET.parse(svg).getroot()
    stamps = [e for e in root.iter() if (e.text or "").startswith("PROTOTYPE")]
    assert stamps
    for e in stamps:
        assert 0 < float(e.get("y")) < 68 and 0 < float(e.get("x")) < 44
