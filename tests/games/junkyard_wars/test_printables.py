"""Junkyard Wars printables: tiles at true size and duplex-aligned, junk tiles, cards, sheets."""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.generate import session_board, session_tiles
from pnp.games.junkyard_wars.maze import EXITS, SIZE
from pnp.games.junkyard_wars.printables import (
    EXIT_FLOOR, MachineCardView, face_drawing, junk_components, machine_components, tile_components,
    wall_segments,
)
from pnp.games.junkyard_wars.sheets import rules_summary, setup_sheet, tracking_sheet
from pnp.layout.draw import Rect, TextBox
from pnp.layout.impose import nup
from pnp.layout.pdf import write_pdf

A4 = (210.0, 297.0)
DPI = 100
MM = 25.4 / DPI


def pdf_bytes(pages) -> bytes:
    buf = io.BytesIO()
    write_pdf(pages, buf)
    return buf.getvalue()


def trim_boxes(data: bytes) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the trim boxes (mm) of the tiles, measured from the printed exit squares.

    The four exit squares of a face touch its trim: the north one's top edge, the south one's
    bottom edge, the west one's left edge and the east one's right edge are the cut lines.
    """
    rgb = tuple(int(EXIT_FLOOR[i:i + 2], 16) for i in (1, 3, 5))
    out = []
    for page in pdfium.PdfDocument(data):
        img = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
        mask = np.abs(img - rgb).sum(axis=2) <= 6
        rows = np.where(mask.any(axis=1))[0]
        runs = np.split(rows, np.where(np.diff(rows) > 1)[0] + 1) if len(rows) else []
        boxes = []
        for k in range(0, len(runs) - 2, 3):  # north exit, west+east exits, south exit
            north, middle, south = runs[k], runs[k + 1], runs[k + 2]
            cols = np.where(mask[middle[0]:middle[-1] + 1].any(axis=0))[0]
            boxes.append((cols[0] * MM, north[0] * MM, (cols[-1] + 1) * MM, (south[-1] + 1) * MM))
        out.append(boxes)
    return out


def test_wall_segments_merge_runs():
    closed = ((True, True, True, True),) * 3
    segs = wall_segments((closed,))  # one row of three closed cells
    assert (0, 0, 3, 0) in segs and (0, 1, 3, 1) in segs
    assert {(x, 0, x, 1) for x in range(4)} <= set(segs)


def test_face_drawing_true_size_and_open_exits():
    face = session_tiles(1)[0].faces[0]
    d = face_drawing(face, square_mm=20, bleed=3)
    assert (d.width, d.height, d.bleed) == (100, 100, 3)
    walls = [i for i in d.items if isinstance(i, Rect) and i.fill == "#222222"]
    # No wall bar crosses the middle of an exit on the rim.
    for side, (r, c) in EXITS.items():
        mx, my = {"n": (50, 0), "s": (50, 100), "e": (100, 50), "w": (0, 50)}[side]
        assert not any(w.x <= mx <= w.x + w.w and w.y <= my <= w.y + w.h for w in walls), side
    labels = [i.text for i in d.items if isinstance(i, TextBox)]
    assert "1A" in labels


@pytest.mark.parametrize("square", [20.0, 30.0])
def test_tiles_pdf_true_size_and_duplex_aligned(square):
    tiles = session_tiles("print")
    data = pdf_bytes(nup(tile_components(tiles, square_mm=square), A4, duplex="long"))
    reader = PdfReader(io.BytesIO(data))
    # 2 tiles of 20 mm squares per A4 page (1 of 30 mm), each front page followed by its back.
    assert len(reader.pages) == (10 if square == 20.0 else 20)
    text = "".join(p.extract_text() for p in reader.pages)
    for t in range(1, 11):
        assert f"{t}A" in text and f"{t}B" in text
    boxes = trim_boxes(data)
    per_page = 2 if square == 20.0 else 1
    assert [len(b) for b in boxes] == [per_page] * len(boxes)
    for front, back in zip(boxes[0::2], boxes[1::2]):
        for (x0, y0, x1, y1), (bx0, by0, bx1, by1) in zip(front, back):
            assert (x1 - x0, y1 - y0) == pytest.approx((SIZE * square,) * 2, abs=0.5)
            # Long-edge flip mirrors columns: the back lands at 210 - x, same rows.
            assert (bx0, bx1) == pytest.approx((210 - x1, 210 - x0), abs=0.5)
            assert (by0, by1) == pytest.approx((y0, y1), abs=0.5)


def test_junk_tiles_one_per_bag_tile():
    bag = load_bag()
    comps = junk_components(bag.letters, size_mm=18)
    assert sum(c.count for c in comps) == 100
    assert {c.name: c.count for c in comps}["junk-blank"] == 2
    data = pdf_bytes(nup(comps, A4, bleed=1.5))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2  # 100 fronts fit one A4 page, then the backs
    text = reader.pages[0].extract_text()
    assert text.count("JUNK") == 0 and "Q" in text and "10" in text


def test_machine_card_shows_word_letters_links_and_figure():
    cards = [MachineCardView("CRANE", "9.4 turns", "easy", 1)]
    comps = machine_components(cards, code="TEST-CODE-X")
    d = comps[0].front
    assert (d.width, d.height) == (63.5, 88.9)
    text = " ".join(i.text for i in d.items if isinstance(i, TextBox))
    assert "CRANE" in text and "Objects needed: 5" in text
    assert "Links needed: 4 x 24 MA = 96 MA" in text
    assert "Difficulty: 9.4 turns" in text and "EASY" in text
    assert cards[0].links == 4


def test_sheets_carry_the_footer_and_the_setup():
    board = session_board("sheet")
    foot = "ABCD-EFGH-J · pnp 0.1.0"
    pages = [setup_sheet(board, A4, foot, players=3), tracking_sheet(A4, foot, player=1, players=3),
             rules_summary(A4, foot)]
    reader = PdfReader(io.BytesIO(pdf_bytes(pages)))
    for page in reader.pages:
        assert "ABCD-EFGH-J" in page.extract_text() and "pnp 0.1.0" in page.extract_text()
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(w * 25.4 / 72), round(h * 25.4 / 72)) == (210, 297)
    setup = reader.pages[0].extract_text()
    assert board.seed_code in setup
    assert f"tile {board.unused_tile} stays in the box" in setup
    for p in board.placement:
        assert f"{p.tile}{p.side}" in setup
    assert "CZ" in setup
    track = reader.pages[1].extract_text()
    assert "Link 11" in track and "Debug roll" in track
    rules = reader.pages[2].extract_text()
    assert "80" in rules and "24 MA" in rules and "gaps" in rules


def test_setup_sheet_marks_every_junk_square_and_the_zone():
    from pnp.games.junkyard_wars.printables import JUNK_GREY

    board = session_board("marks")
    d = setup_sheet(board, A4, "x", players=4)
    rects = [i for i in d.items[0].items if isinstance(i, Rect)]
    assert sum(1 for r in rects if r.fill == JUNK_GREY) == 100 + 1  # + the legend swatch
    assert sum(1 for r in rects if r.fill == "black") == 1 + 1


def test_tracking_sheet_has_24_boxes_per_link():
    d = tracking_sheet(A4, "x", player=2, players=4, max_links=9)
    rects = [i for i in d.items[0].items if isinstance(i, Rect) and i.stroke == "#666666"]
    assert len(rects) == 9 * 24 + 40  # link counters + the turn tally


def test_letter_page_fits():
    board = session_board("letter")
    page = (215.9, 279.4)
    reader = PdfReader(io.BytesIO(pdf_bytes([setup_sheet(board, page, "f", players=2),
                                             tracking_sheet(page, "f", player=1, players=2),
                                             rules_summary(page, "f")])))
    assert "Trading" in reader.pages[2].extract_text()
    assert "Found?" in reader.pages[1].extract_text()
