"""The map's tile labels (tracker number, which tile) sit on open hexes or outside the map, never
on an obstacle or hazard hex, on the session map and on the setup sheet's overview.

Rulebook, Obstacles and Hazards: "Any hex with a red border is classed as an obstacle"; "Hexes
with an orange border are hazards" - a label printed over one hides the border that says so.
"""

from __future__ import annotations

import math

import pytest

from pnp.games.wreck_and_ruin.pack import map_pack
from pnp.games.wreck_and_ruin.printables import HEX, map_drawing, map_frame
from pnp.games.wreck_and_ruin.simulate import make_setup
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE
from pnp.hexes import to_pixel
from pnp.layout.draw import Group, Path, TextBox
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import text_width
from pnp.pack import Pages

SEEDS = ("demo", "labels-1", "labels-2", "7")
ROCK = "#8d8177"


def _is_label(text: str) -> bool:
    return text in {"centre", "1", "2", "3", "4", "5", "6"} or text.startswith("tile ")


def _labels(items, dx=0.0, dy=0.0):
    for item in items:
        if isinstance(item, TextBox) and _is_label(item.text):
            yield item, dx, dy
        elif isinstance(item, Group):
            yield from _labels(item.items, dx + item.dx, dy + item.dy)


def _ink(box: TextBox, dx: float, dy: float):
    """Points over where the label's letters are (centred in its box, as the map sets them)."""
    w = text_width(box.text, box.font, box.size)
    h = 0.75 * box.size * MM_PER_POINT
    cx, cy = dx + box.x + box.w / 2, dy + box.y + box.h / 2
    for i in range(9):
        for j in range(3):
            yield cx - w / 2 + w * i / 8, cy - h / 2 + h * j / 2


def _covered(board, r: float, ox: float, oy: float, point):
    """The map hex under ``point`` (None outside the map); hex c is centred on
    to_pixel(c, r) + (ox, oy)."""
    x, y = point
    for c in board.terrain:
        hx, hy = to_pixel(c, r)
        ddx, ddy = abs(x - hx - ox), abs(y - hy - oy)
        if ddx <= r * math.sqrt(3) / 2 and ddy <= r - ddx / math.sqrt(3):
            return c
    return None


def _check(board, items, r, ox, oy, where):
    labels = list(_labels(items))
    assert len(labels) >= 7, where
    for box, dx, dy in labels:
        for pt in _ink(box, dx, dy):
            c = _covered(board, r, ox, oy, pt)
            kind = {OBSTACLE: "obstacle", HAZARD: "hazard"}.get(board.terrain[c]) if c else None
            assert kind is None, f"{where}: label {box.text!r} on the {kind} hex {c}"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", [2, 4])
def test_session_map_labels_sit_on_open_hexes(seed, players):
    board = make_setup(seed, players, ("heuristic",) * players, {}).board
    minx, miny, _, _ = map_frame(board, HEX)
    _check(board, map_drawing(board).items, HEX, -minx, -miny, f"map {seed} {players}p")


def _overview(sheet):
    """The setup sheet's map overview group and its offset on the page."""
    (body,) = [g for g in sheet.items if isinstance(g, Group)]
    for g in body.items:
        if isinstance(g, Group) and any(isinstance(p, Path) and p.fill == ROCK
                                        for p in g.items):
            return g, body.dx + g.dx, body.dy + g.dy
    raise AssertionError("no map overview on the setup sheet")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_sheet_labels_sit_on_open_hexes_or_off_the_map(seed, players):
    setup = make_setup(seed, players, ("heuristic",) * players, {})
    pack = map_pack(seed, players, setup.config, setup.tiles)
    (sheet,) = next(f for f in pack.files if isinstance(f, Pages)
                    and f.path == "setup-sheet.pdf").pages
    group, gx, gy = _overview(sheet)
    r = 4.2
    minx, miny, _, _ = map_frame(setup.board, r)
    _check(setup.board, group.items, r, -minx, -miny, f"setup sheet {seed} {players}p")
