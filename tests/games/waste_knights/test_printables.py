"""Waste Knights printables: true-scale board, hex tiles with backs, reference and setup sheets."""

from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader

from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import generate_board
from pnp.games.waste_knights.hexes import Kind
from pnp.games.waste_knights.metrics import board_metrics
from pnp.games.waste_knights.printables import (CENTRAL_TILES, CHECK_FILL, board_bounds,
                                                board_drawing, central_tile, hex_points,
                                                hex_tile, reference_pages,
                                                setup_page, setup_steps, tile_components,
                                                union_outline)
from pnp.layout.draw import Circle, Group, Path, Rect, TextBox
from pnp.layout.impose import nup
from pnp.layout.pdf import write_pdf

A4 = (210.0, 297.0)

CAT = default_catalogue()
SPEEDS = vehicle_speeds()


@pytest.fixture(scope="module")
def session():
    return generate_board("print", "session", CAT)


def _texts(items):
    for it in items:
        if isinstance(it, TextBox):
            yield it.text
        elif isinstance(it, Group):
            yield from _texts(it.items)


def _pdf_pages(pages):
    buf = io.BytesIO()
    write_pdf(pages, buf)
    return PdfReader(io.BytesIO(buf.getvalue())).pages


def test_hex_geometry_across_flats():
    pts = hex_points(0, 0, 60.0)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) - min(xs) == pytest.approx(60.0)
    assert max(ys) - min(ys) == pytest.approx(120 / math.sqrt(3))


def test_union_outline_of_two_hexes():
    out = union_outline([(0, 0), (60, 0)], 60.0)
    assert len(out) == 10  # two hexes sharing an edge: 12 corners - 2 shared
    one = union_outline([(0, 0)], 60.0)
    assert [tuple(round(v, 6) for v in p) for p in one] == \
        [tuple(round(v, 6) for v in p) for p in hex_points(0, 0, 60.0)]


def test_board_pdf_is_true_scale(session):
    board, tiles = session
    d = board_drawing(board, tiles, flat=60.0, footer="seed X")
    bw, bh = board_bounds(60.0)
    assert bw == pytest.approx(420.0) and bh == pytest.approx(381.05, abs=0.01)
    page = _pdf_pages([d])[0]
    w_mm = float(page.mediabox.width) * 25.4 / 72
    h_mm = float(page.mediabox.height) * 25.4 / 72
    assert w_mm == pytest.approx(d.width, abs=0.05) and h_mm == pytest.approx(d.height, abs=0.05)
    assert w_mm > bw and h_mm > bh
    # Every named hex is on the board drawing; the outline is the board's 18-hex rim.
    texts = " ".join(_texts(d.items))
    for h in board.hexes:
        if h.name:
            assert h.name in texts
    # Radius-3 board rim: 18 outer hexes, 6 corners with 3 open edges, 12 with 2: 42 edges.
    assert len(d.outline) == 42


def test_tiles_32_singles_and_central(session):
    board, tiles = session
    comps = tile_components(board, tiles)
    assert len(comps) == 33
    singles = [c for c in comps if c.name not in ("C1 central tile",)]
    assert len(singles) == 32
    assert {c.name for c in singles} == {h.tile for h in board.hexes} - set(CENTRAL_TILES)
    for c in comps:
        assert c.back is not None and c.front.outline is not None
        assert c.back.outline == c.front.outline
        assert (c.back.width, c.back.height) == (c.front.width, c.front.height)
    # Backs by stack: the S10 normal tile carries a normal back, so stacks stay anonymous.
    backs = {c.name: c.back.name for c in singles}
    for h in board.hexes:
        if h.tile in backs:
            assert backs[h.tile] == f"back {h.kind.value}"
    assert backs.get("S10") == "back " + board.by_tile("S10").kind.value


def test_central_tile_has_five_hexes(session):
    board, tiles = session
    comp = central_tile(board, tiles)
    # 30 hex edges, 6 shared (centre with 4, NE-NW, SE-SW): 18 on the rim.
    assert len(comp.front.outline) == 18
    assert comp.front.width == pytest.approx(120.0)
    texts = " ".join(_texts(comp.front.items))
    assert "Gangraen [1]" in texts


def test_tile_cut_sheet_fronts_and_backs(session):
    board, tiles = session
    pages = list(nup(tile_components(board, tiles), A4, duplex="long", footer="seed X"))
    assert len(pages) % 2 == 0  # each front page followed by its back page
    assert [p.name for p in pages[:2]] == ["front", "back"]
    pdf = _pdf_pages(pages)
    for page in pdf:
        assert float(page.mediabox.width) == pytest.approx(A4[0] * 72 / 25.4, abs=0.1)


def test_reference_sheet_lists_hexes_in_play(session):
    board, tiles = session
    pages = reference_pages(board, tiles, A4, "seed X")
    texts = " ".join(t for p in pages for t in _texts(p.items))
    for h in board.hexes:
        if h.kind is not Kind.NORMAL:
            assert f"{h.number}. {h.name}" in texts
    assert "REPAIR (7)" in texts and "seed X" in texts


def test_setup_sheet_has_seed_code_map_and_steps(session):
    board, _ = session
    page = setup_page(board, A4, "seed X · pnp", code="ABCD-EFGH-J",
                      metrics=board_metrics(board, SPEEDS))
    texts = " ".join(_texts(page.items))
    assert "seed ABCD-EFGH-J" in texts and "seed X · pnp" in texts
    for h in board.hexes:
        assert h.tile in texts
    steps = setup_steps(board)
    assert steps[1].startswith("B) Tier 1") and "S1 " in steps[1] and "S2 " in steps[1]
    assert "N22" in steps[3]


def test_new_tiles_print_designed_special(session):
    board, tiles = generate_board("print", "new-tiles", CAT)
    pages = reference_pages(board, tiles, A4, "f")
    texts = " ".join(t for p in pages for t in _texts(p.items))
    designed = [h for h in board.hexes if h.kind is Kind.SPECIAL and h.number > 14]
    assert len(designed) == 1 and designed[0].name in texts


def _leaves(items, dy=0.0):
    for it in items:
        if isinstance(it, Group):
            yield from _leaves(it.items, dy + it.dy)
        else:
            yield it, dy


def test_exploration_check_sits_on_its_difficulty_colour(session):
    """Making Checks: Challenging (7) is marked in yellow; the tile's panel is that colour,
    between the icons and the route difficulty circle."""
    board, tiles = session
    h = board.at(next(x.coord for x in board.hexes if x.name == "Red Tomb"))
    front = hex_tile(h, tiles).front
    pills = [it for it, _ in _leaves(front.items) if isinstance(it, Rect) and it.radius > 0]
    assert len(pills) == 1 and pills[0].fill == CHECK_FILL[7]
    circle = next(it for it, _ in _leaves(front.items) if isinstance(it, Circle)
                  and it.fill == "white")
    assert pills[0].y + pills[0].h < circle.cy - circle.r


def test_reference_thumbnails_same_size_inside_their_rows(session):
    board, tiles = session
    page = reference_pages(board, tiles, A4, "footer")[0]
    def groups(items):
        for it in items:
            if isinstance(it, Group):
                yield it
                yield from groups(it.items)

    rows = [g for g in groups(page.items) if g.items and isinstance(g.items[0], Rect)]
    assert len(rows) == 14
    heights = set()
    for row in rows:
        box = row.items[0]
        outline = next(it for it in row.items if isinstance(it, Path) and it.closed)
        ys = [p[1] for p in outline.points]
        heights.add(round(max(ys) - min(ys), 6))
        assert box.y <= min(ys) and max(ys) <= box.y + box.h
    assert len(heights) == 1
