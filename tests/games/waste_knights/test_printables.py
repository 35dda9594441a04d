"""Waste Knights printables: true-scale board, hex tiles with backs (through the layouts of
templates/waste_knights/), reference and setup sheets. What is printed is read back from the
drawings and PDFs, never from the values handed to the layouts."""

from __future__ import annotations

import io
import math
import re
import shutil

import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import generate_board
from pnp.games.waste_knights.hexes import Kind
from pnp.games.waste_knights.metrics import board_metrics
from pnp.games.waste_knights.printables import (
    CENTRAL_TILES,
    board_bounds,
    board_drawing,
    central_tile,
    hex_points,
    hex_tile,
    reference_pages,
    setup_pages,
    setup_steps,
    tile_components,
    union_outline,
)
from pnp.layout.draw import Circle, Drawing, Group, Path, Rect, TextBox
from pnp.layout.draw import texts as _texts
from pnp.layout.impose import nup
from pnp.layout.marks import offset_polygon
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import fit_text, font_extents
from pnp.resources import template

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
CAT = default_catalogue()
SPEEDS = vehicle_speeds()


@pytest.fixture(scope="module")
def session():
    return generate_board("print", "session", CAT)


@pytest.fixture(scope="module")
def comps(session):
    board, tiles = session
    return tile_components(board, tiles)


def _leaves(items, dx=0.0, dy=0.0):
    """Every primitive with the offset of the groups around it (no rotation here)."""
    for it in items:
        if isinstance(it, Group):
            assert not it.rotate and not it.mirror
            yield from _leaves(it.items, dx + it.dx, dy + it.dy)
        else:
            yield it, dx, dy


def _inked(drawing: Drawing):
    """(line text, size pt, (x0, y0, x1, y1) mm) of each text line as it is set."""
    for box, dx, dy in _leaves(drawing.items):
        if not isinstance(box, TextBox):
            continue
        fitted = fit_text(box)
        asc, desc = font_extents(box.font)
        em = fitted.size * MM_PER_POINT
        for line in fitted.lines:
            x0 = dx + box.x + line.spans[0].x
            base = dy + box.y + line.baseline
            yield line.text, fitted.size, (x0, base - asc * em, x0 + line.width, base + desc * em)


def _inside(poly, p) -> bool:
    """Winding-number test: ``p`` inside the polygon ``poly``."""
    x, y = p
    wn = 0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
        if y0 <= y < y1 and cross > 0:
            wn += 1
        elif y1 <= y < y0 and cross < 0:
            wn -= 1
    return wn != 0


def _outside_safe_zone(drawing: Drawing, inset: float = 3.0) -> list[str]:
    """Text lines that reach within ``inset`` mm of the drawing's cut line."""
    safe = offset_polygon(drawing.outline, -inset)
    bad = []
    for text, _, (x0, y0, x1, y1) in _inked(drawing):
        edge = [(x0 + (x1 - x0) * i / 8, y) for i in range(9) for y in (y0, y1)] + \
               [(x, y0 + (y1 - y0) * j / 4) for j in range(5) for x in (x0, x1)]
        if not all(_inside(safe, p) for p in edge):
            bad.append(text)
    return bad


def _all_sizes(items):
    for it in items:
        if isinstance(it, Group):
            yield from _all_sizes(it.items)
        elif isinstance(it, TextBox):
            fitted = fit_text(it)
            yield it.text, fitted.size, fitted.overflow


def _pdf_pages(pages):
    buf = io.BytesIO()
    write_pdf(pages, buf)
    return PdfReader(io.BytesIO(buf.getvalue())).pages


def _pdf_text(pages) -> str:
    return " ".join(p.extract_text() for p in _pdf_pages(pages))


# --- geometry -----------------------------------------------------------------------------------

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
    texts = " ".join(_texts(d.items))
    for h in board.hexes:
        if h.name:
            assert h.name in texts
    # Radius-3 board rim: 18 outer hexes, 6 corners with 3 open edges, 12 with 2: 42 edges.
    assert len(d.outline) == 42


def test_tiles_32_singles_and_central(session, comps):
    board, _ = session
    assert len(comps) == 33
    singles = [c for c in comps if c.name != "C1 central tile"]
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
    assert "Gangraen [1]" in " ".join(_texts(comp.front.items))


# --- what the tiles print is the data -----------------------------------------------------------

def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"\s+", text) if t]


def test_tile_numbers_read_from_the_pdf_are_the_data(session, comps):
    """Each tile's PDF text holds its route difficulty, place, title and exploration check, and
    the check is the rulebook's (Reference Sheet: Hexes, Making Checks)."""
    board, tiles = session
    specs = tiles.reference()
    by_tile = {c.name: c for c in comps}
    checked = 0
    for h in board.hexes:
        if h.tile in CENTRAL_TILES:
            continue
        text = _pdf_pages([by_tile[h.tile].front])[0].extract_text()
        tokens = _tokens(text)
        assert str(h.route_difficulty) in tokens, (h.tile, text)
        assert h.tile in tokens
        title = f"{h.name} [{h.number}]" if h.name else h.terrain.value.capitalize()
        assert " ".join(_tokens(title)) in " ".join(tokens)
        m = re.search(r"\b([A-Z]+) \((\d+)\)", text)
        spec = specs.get(h.number) if h.number is not None else None
        if spec is None or spec.exploration_check is None:
            assert m is None, (h.tile, text)
            continue
        rule = R.HEX_RULES[h.number]
        assert m is not None, (h.tile, text)
        assert (m.group(1).lower(), int(m.group(2))) == (rule.check_skill.value,
                                                          rule.check_difficulty)
        checked += 1
    assert checked == len([r for r in R.HEX_RULES.values() if r.check_skill is not None
                           and any(h.number == r.number for h in board.hexes)])


def test_central_tile_numbers_read_from_the_pdf(session):
    board, tiles = session
    text = _pdf_pages([central_tile(board, tiles).front])[0].extract_text()
    for tile in CENTRAL_TILES:
        assert tile in _tokens(text)
    difficulties = sorted(int(t) for t in _tokens(text) if t.isdigit())
    assert difficulties == sorted(board.by_tile(t).route_difficulty for t in CENTRAL_TILES)


def test_exploration_check_sits_on_its_difficulty_colour(session):
    """Making Checks: Challenging (7) is marked in yellow (the layout's colour for it); the
    panel lies between the icons and the route difficulty disc."""
    import yaml

    colours = yaml.safe_load(template("waste_knights/hex.yaml").read_text())["vars"]
    board, tiles = session
    h = next(x for x in board.hexes if x.name == "Red Tomb")
    assert R.HEX_RULES[h.number].check_difficulty == R.Difficulty.CHALLENGING
    front = hex_tile(h, tiles).front
    pills = [(it, dy) for it, _, dy in _leaves(front.items) if isinstance(it, Rect)
             and it.radius > 0]
    assert len(pills) == 1 and pills[0][0].fill == colours["check_fill"]["challenging"]
    disc = next(it for it, _, _ in _leaves(front.items) if isinstance(it, Circle)
                and it.fill == "#ffffff")
    pill = pills[0][0]
    assert pill.y + pill.h < disc.cy - disc.r


def test_legend_and_setup_numbers_come_from_the_rules(session):
    """The icon key and the setup line print what the rules do, read from the PDF."""
    board, tiles = session
    text = " ".join(_tokens(_pdf_text(reference_pages(board, tiles, A4, "f"))))
    knight = R.Knight()
    threat = R.wasteland_cards_drawn([2]) - R.wasteland_cards_drawn([1])
    radiation = R.game_board_effects(knight, 1, 0).radiation - knight.radiation
    health = knight.health - R.game_board_effects(knight, 0, 1).health
    assert f"Threat: +{threat} wasteland card" in text
    assert f"Radiation: +{radiation} at Waster Step" in text
    assert f"Contamination: -{health} Health at Waster Step" in text
    setup = " ".join(_tokens(_pdf_text(setup_pages(board, A4, "f", code="X"))))
    assert (f"start on Gangraen [1] with {R.START_FUEL} Fuel and {R.START_RADIATION} "
            "Radiation") in setup


# --- print safety -------------------------------------------------------------------------------

@pytest.mark.parametrize("flat", [150.0, 60.0, 45.0, 40.0, 30.0, 20.0])
def test_no_tile_text_within_3mm_of_the_cut(flat):
    for mode in ("session", "new-tiles"):
        board, tiles = generate_board("print", mode, CAT)
        for comp in tile_components(board, tiles, flat=flat):
            for face in (comp.front, comp.back):
                assert _outside_safe_zone(face) == [], (mode, flat, comp.name)


@pytest.mark.parametrize("page", [A4, LETTER])
def test_no_text_under_6pt_and_none_overflows(session, page, comps):
    board, tiles = session
    pages = reference_pages(board, tiles, page, "f") + setup_pages(
        board, page, "f", code="ABCD-EFGH-J", metrics=board_metrics(board, SPEEDS),
        catalogue=tiles) + [board_drawing(board, tiles)]
    faces = [f for c in comps for f in (c.front, c.back)]
    small = [(t, s, o) for d in pages + faces for t, s, o in _all_sizes(d.items)
             if s < 6 or o]
    assert small == []


@pytest.mark.parametrize("page", [A4, LETTER])
def test_sheets_are_one_page_each(session, page):
    board, tiles = session
    assert len(reference_pages(board, tiles, page, "f")) == 1
    assert len(setup_pages(board, page, "f", code="X", metrics=board_metrics(board, SPEEDS),
                           catalogue=tiles)) == 1


def _silhouette(grey):
    """Pixels the page's white background (reached from its border) does not cover."""
    import numpy as np

    white = grey > 245
    outside = np.zeros_like(white)
    outside[0, :], outside[-1, :], outside[:, 0], outside[:, -1] = (
        white[0, :], white[-1, :], white[:, 0], white[:, -1])
    while True:  # flood fill the white background from the border, a pixel a step
        grown = outside.copy()
        grown[1:, :] |= outside[:-1, :]
        grown[:-1, :] |= outside[1:, :]
        grown[:, 1:] |= outside[:, :-1]
        grown[:, :-1] |= outside[:, 1:]
        grown &= white
        if (grown == outside).all():
            return ~outside
        outside = grown


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_tile_backs_line_up_with_their_fronts(comps, duplex):
    """Rendered: each back page, turned over as the printer turns it, covers its front page's
    tile shapes (silhouettes) to within anti-aliasing."""
    import numpy as np
    import pypdfium2 as pdfium

    buf = io.BytesIO()
    write_pdf(list(nup(comps[-4:], A4, duplex=duplex, footer="")), buf)
    pdf = pdfium.PdfDocument(buf.getvalue())
    assert len(pdf) % 2 == 0
    for i in range(0, len(pdf), 2):
        front = _silhouette(np.asarray(pdf[i].render(scale=1).to_pil().convert("L")))
        back = _silhouette(np.asarray(pdf[i + 1].render(scale=1).to_pil().convert("L")))
        back = back[:, ::-1] if duplex == "long" else back[::-1, :]
        assert front.sum() > 0
        assert (front ^ back).sum() / (front | back).sum() < 0.005


def test_tile_cut_sheet_fronts_and_backs(comps):
    pages = list(nup(comps, A4, duplex="long", footer="seed X"))
    assert len(pages) % 2 == 0
    assert [p.name for p in pages[:2]] == ["front", "back"]
    for page in _pdf_pages(pages):
        assert float(page.mediabox.width) == pytest.approx(A4[0] * 72 / 25.4, abs=0.1)


# --- sheets -------------------------------------------------------------------------------------

def test_reference_sheet_lists_hexes_in_play(session):
    board, tiles = session
    pages = reference_pages(board, tiles, A4, "seed X")
    texts = " ".join(t for p in pages for t in _texts(p.items))
    for h in board.hexes:
        if h.kind is not Kind.NORMAL:
            assert f"{h.number}. {h.name}  ·  place {h.tile}" in texts
    assert "REPAIR (7)" in texts and "seed X" in texts


def test_setup_sheet_has_seed_code_map_and_steps(session):
    board, tiles = session
    pages = setup_pages(board, A4, "seed X · pnp", code="ABCD-EFGH-J",
                        metrics=board_metrics(board, SPEEDS), catalogue=tiles)
    texts = " ".join(t for p in pages for t in _texts(p.items))
    assert "seed ABCD-EFGH-J" in texts and "seed X · pnp" in texts
    for h in board.hexes:
        assert h.tile in texts
    steps = setup_steps(board)
    assert steps[1].startswith("B) Tier 1") and "S1 " in steps[1] and "S2 " in steps[1]
    assert "N22" in steps[3]


def test_new_tiles_print_designed_special():
    board, tiles = generate_board("print", "new-tiles", CAT)
    pages = reference_pages(board, tiles, A4, "f")
    texts = " ".join(t for p in pages for t in _texts(p.items))
    designed = [h for h in board.hexes if h.kind is Kind.SPECIAL and h.number > 14]
    assert len(designed) == 1 and designed[0].name in texts


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
        outline, dy = next((it, dy) for it, _, dy in _leaves(row.items[1:])
                           if isinstance(it, Path) and it.closed)
        ys = [p[1] + dy for p in outline.points]
        heights.add(round(max(ys) - min(ys), 6))
        assert box.y <= min(ys) and max(ys) <= box.y + box.h
    assert len(heights) == 1


# --- designer layouts ---------------------------------------------------------------------------

def test_a_designer_restyles_the_tiles_without_python(session, tmp_path):
    board, tiles = session
    for name in ("hex.yaml", "hex-small.yaml", "hex-back.yaml"):
        shutil.copy(template(f"waste_knights/{name}"), tmp_path / name)
    hex_yaml = tmp_path / "hex.yaml"
    hex_yaml.write_text(hex_yaml.read_text().replace('city: "#f2b8a8"', 'city: "#123456"')
                        .replace("text: \"{{ tile }}\"", "text: \"place {{ tile }}\""))
    h = board.by_tile("C2")
    front = hex_tile(h, tiles, layouts=tmp_path).front
    assert front.items[0].fill == "#123456"
    assert f"place {h.tile}" in list(_texts(front.items))
    assert hex_tile(h, tiles).front.items[0].fill != "#123456"  # the bundled one is unchanged


def test_a_layout_without_the_icons_group_is_an_error(session, tmp_path):
    board, tiles = session
    for name in ("hex.yaml", "hex-back.yaml"):
        shutil.copy(template(f"waste_knights/{name}"), tmp_path / name)
    hex_yaml = tmp_path / "hex.yaml"
    hex_yaml.write_text(hex_yaml.read_text().replace(
        '    group: {items: [], dx: "{{ cx }}", dy: "{{ icon_y }}"}',
        '    circle: {cx: 1, cy: 1, r: 1}'))
    city = board.by_tile("C2")
    with pytest.raises(PnpError, match="empty group where the icons go") as err:
        hex_tile(city, tiles, layouts=tmp_path)
    assert err.value.file == str(hex_yaml)
