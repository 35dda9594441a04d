"""Poker cards on Letter: where the crop marks land, read from the written PDF's content
stream with pypdf (the stroked segments, through every q/Q/cm), for the default layout
(8 a page, turned, marks outside the 5 mm a home printer loses) and ``--printer-margin 0``
(9 a page, marks from 1 mm of the edge). docs/assumptions.md explains the choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.pdf_content import operations

MM = 72 / 25.4
LETTER = (215.9, 279.4)

LAYOUT = """\
size: poker
items:
  - rect: {x: "{{ -bleed }}", y: "{{ -bleed }}", w: "{{ width + 2 * bleed }}",
           h: "{{ height + 2 * bleed }}", fill: "#e00000", stroke: none}
"""


def stroked_segments(pdf: Path, page: int = 0) -> list[tuple[tuple[float, float], ...]]:
    """Every stroked straight segment of a page, in mm from the top-left corner."""
    reader = PdfReader(str(pdf))
    p = reader.pages[page]
    height = float(p.mediabox.height)
    path: list[tuple[float, float]] = []
    out: list[tuple[tuple[float, float], ...]] = []
    for operands, op, ctm in operations(reader, p):
        if op in (b"m", b"l"):
            x, y = (float(v) for v in operands)
            pt = (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])
            path = [pt] if op == b"m" else path + [pt]
        elif op in (b"S", b"s", b"B", b"b"):
            out += [((a[0] / MM, (height - a[1]) / MM), (b[0] / MM, (height - b[1]) / MM))
                    for a, b in zip(path, path[1:], strict=False)]
            path = []
        elif op in (b"n", b"f", b"F", b"f*", b"re"):
            path = []
    return out


def render(tmp_path: Path, run_pnp, *args: str) -> tuple[Path, str]:
    (tmp_path / "d.csv").write_text("name\n" + "\n".join(f"C{i}" for i in range(18)) + "\n")
    (tmp_path / "red.yaml").write_text(LAYOUT)
    out = tmp_path / "o"
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(out), "--layout",
                           str(tmp_path / "red.yaml"), "--formats", "pdf", "--quiet",
                           "--page", "letter", *args)
    assert code == 0, err
    return out / "d.pdf", err


def edge_distance(segments) -> float:
    return min(min(x, y, LETTER[0] - x, LETTER[1] - y) for s in segments for x, y in s)


def test_default_letter_marks_keep_5mm_from_every_edge(tmp_path, run_pnp):
    pdf, err = render(tmp_path, run_pnp)
    marks = stroked_segments(pdf)
    assert len(marks) >= 12
    assert edge_distance(marks) >= 5.0 - 1e-6
    assert "8 per page instead of 9" in err
    assert len(PdfReader(str(pdf)).pages) == 3  # 18 cards (no backs): 8 + 8 + 2


def test_printer_margin_0_gives_9_but_leaves_the_vertical_cuts_unmarked(tmp_path, run_pnp):
    """The 9-up alternative: 3 x 3 upright leaves 6.35 mm above and below the cards, too
    little for a mark of the vertical cuts (1 mm gap + 1.5 mm mark + 0.2 mm stroke beyond the
    5 mm margin needs 7.7 mm; row gutters of 3.5 mm would need 283.7 mm of the 279.4), so only
    the horizontal cuts are marked, 3.7 mm from the side edges."""
    pdf, err = render(tmp_path, run_pnp, "--printer-margin", "0")
    marks = stroked_segments(pdf)
    assert "instead of" not in err
    assert len(PdfReader(str(pdf)).pages) == 2  # 9 a sheet
    assert len(marks) == 8
    assert all(abs(a[1] - b[1]) < 1e-6 for a, b in marks)  # horizontal ticks only
    assert edge_distance(marks) == pytest.approx(3.7, abs=0.01)
