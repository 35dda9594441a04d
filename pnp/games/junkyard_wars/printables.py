"""Junkyard Wars printables: maze tiles, junk tiles and machine cards through YAML layouts.

The cards and tiles are drawn by the layouts in ``templates/junkyard_wars/`` (see
docs/layouts.md), so a designer restyles them without Python. Each card is a ``Card`` whose
fields are what the layout prints, plus the rulebook numbers of ``rules.py`` (``rule_fields``):
the layouts name them (``{{ link_ma }}``) and never retype them. Only the maze of a tile face
(grid, exits, walls) is computed here; the tile layout places it and sets its colours. Sheet
pages live in pnp.games.junkyard_wars.sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.content import Card, Deck, Value
from pnp.errors import PnpError
from pnp.games.junkyard_wars.maze import DELTA, EXITS, SIZE, Face, Tile, face_metrics
from pnp.games.junkyard_wars.rules import (
    BASE_ACTIONS,
    CARRY_PENALTY,
    GAME_MINUTES,
    LINK_MA,
    SHARED_CARRY_PENALTY,
    TEST_WORKS,
    WORKERS,
)
from pnp.layout.colours import parse_colour
from pnp.layout.draw import Component, Drawing, Item, Rect
from pnp.layout.draw import Path as PathItem
from pnp.layout.templates import (
    Layout,
    Renderer,
    fill_empty_group,
    game_layout,
    layout_cards,
)

INK = "#222222"
JUNK_GREY = "#b8b8b8"
LABEL = "#6b5d48"
# Label corner of a turned tile: the id label starts at the top left and turns with the tile.
LABEL_CORNER = {0: "top left", 90: "top right", 180: "bottom right", 270: "bottom left"}
MACHINE_SIZE = (63.5, 88.9)  # poker
LAYOUTS = "junkyard_wars"  # the bundled layouts: templates/junkyard_wars/

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1 in grid units


def rule_fields() -> tuple[tuple[str, Value], ...]:
    """The rulebook numbers a layout may print, by name: what every card of the game gets."""
    return (("link_ma", LINK_MA), ("test_works", TEST_WORKS), ("base_actions", BASE_ACTIONS),
            ("carry_penalty", CARRY_PENALTY), ("shared_carry_penalty", SHARED_CARRY_PENALTY),
            ("workers", WORKERS), ("game_minutes", GAME_MINUTES))


def load(name: str, layouts: str | Path | None = None) -> Layout:
    """Layout ``name`` (e.g. "machine.yaml") of the folder ``layouts``, or of the bundled one."""
    return game_layout(LAYOUTS, name, layouts)


def render(name: str, cards: Sequence[Card], size: tuple[float, float], bleed: float,
           layouts: str | Path | None = None, deck: str = "Junkyard Wars") -> list[Component]:
    """Every card drawn by layout ``name`` (front, and the back its ``back:`` names)."""
    return layout_cards(load(name, layouts), cards, size, bleed, deck)


# ---------------------------------------------------------------- walls (shared with sheets)

def wall_segments(walls: Sequence[Sequence[tuple[bool, bool, bool, bool]]]) -> list[Segment]:
    """Walls of a grid merged into maximal straight segments (grid units, y down)."""
    rows, cols = len(walls), len(walls[0])
    segs: list[Segment] = []
    for y in range(rows + 1):  # horizontal lines: north of row y (south of the last row)
        run = None
        for c in range(cols + 1):
            on = c < cols and (walls[y][c][0] if y < rows else walls[rows - 1][c][2])
            if on and run is None:
                run = c
            elif not on and run is not None:
                segs.append((run, y, c, y))
                run = None
    for x in range(cols + 1):  # vertical lines: west of column x (east of the last column)
        run = None
        for r in range(rows + 1):
            on = r < rows and (walls[r][x][3] if x < cols else walls[r][cols - 1][1])
            if on and run is None:
                run = r
            elif not on and run is not None:
                segs.append((x, run, x, r))
                run = None
    return segs


def wall_rects(segs: Sequence[Segment], unit: float, width: float, colour: str = INK,
               ox: float = 0.0, oy: float = 0.0) -> list[Rect]:
    """Wall segments as filled bars (overlapping at the ends, so corners join cleanly)."""
    h = width / 2
    out = []
    for x0, y0, x1, y1 in segs:
        ax, ay, bx, by = ox + x0 * unit, oy + y0 * unit, ox + x1 * unit, oy + y1 * unit
        out.append(Rect(ax - h, ay - h, bx - ax + width, by - ay + width, fill=colour, stroke=None))
    return out


def arrowhead(tip: tuple[float, float], side: str, length: float, half_width: float,
              **style: Any) -> PathItem:
    """A triangle (``closed=True``) or chevron with its tip at ``tip``, pointing out through
    ``side``."""
    dr, dc = DELTA[side]
    bx, by = tip[0] - dc * length, tip[1] - dr * length
    px, py = -dr * half_width, dc * half_width
    return PathItem(((bx + px, by + py), tip, (bx - px, by - py)), **style)


# ---------------------------------------------------------------- maze tiles

@dataclass(frozen=True)
class MazeStyle:
    """How the computed maze of a face looks: read from the tile layout's vars."""

    exit_floor: str | None = "#e8d7ad"
    grid: str | None = "#d9cfbd"
    grid_width: float = 0.2
    wall: str | None = INK
    wall_width: float = 1.6
    exit_mark: str | None = LABEL
    safe: float = 3.0  # the exit arrows stay this far inside the cut


def maze_items(face: Face, square: float, style: MazeStyle, bleed: float) -> list[Item]:
    """The maze of one face: exit squares, grid, exit arrows and walls (in mm)."""
    s, size = square, SIZE * square
    items: list[Item] = [Rect(c * s, r * s, s, s, fill=style.exit_floor, stroke=None)
                         for r, c in EXITS.values()]
    for k in range(1, SIZE):
        items.append(PathItem(((k * s, 0), (k * s, size)), stroke=style.grid,
                              stroke_width=style.grid_width))
        items.append(PathItem(((0, k * s), (size, k * s)), stroke=style.grid,
                              stroke_width=style.grid_width))
    reach = min(0.42, max(0.0, 0.5 - style.safe / s))  # from the exit square's centre
    for side, (r, c) in EXITS.items():
        dr, dc = DELTA[side]
        tip = ((c + 0.5 + dc * reach) * s, (r + 0.5 + dr * reach) * s)
        items.append(arrowhead(tip, side, s * 0.18, s * 0.18, stroke=style.exit_mark,
                               stroke_width=max(0.3, s * 0.025)))
    wall = style.wall_width
    # Rim walls run on into the bleed so a slightly-off cut still leaves a wall at the edge.
    segs = [_extend_rim(seg, max(0.0, bleed - wall / 2) / s) for seg in wall_segments(face.cells)]
    return items + list(wall_rects(segs, s, wall, style.wall or INK))


def _extend_rim(seg: Segment, by: float) -> Segment:
    x0, y0, x1, y1 = seg
    if y0 == y1 and y0 in (0, SIZE):
        return (x0 - by if x0 == 0 else x0, y0, x1 + by if x1 == SIZE else x1, y1)
    if x0 == x1 and x0 in (0, SIZE):
        return (x0, y0 - by if y0 == 0 else y0, x1, y1 + by if y1 == SIZE else y1)
    return seg


def face_card(face: Face, square_mm: float, code: str) -> Card:
    """What the tile layout prints on a face."""
    return Card(f"tile-{face.tile}{face.side}", fields=(
        ("label", f"{face.tile}{face.side}"), ("tier", face_metrics(face.cells).tier),
        ("code", code), ("square", square_mm), ("cells", SIZE), *rule_fields()))


def _style(renderer: Renderer, card: Card, index: int) -> MazeStyle:
    """The maze colours and widths of the layout's vars, as evaluated for ``card``."""
    ctx = renderer.context(card, index)
    base = MazeStyle()
    values: dict[str, Any] = {}
    for name in MazeStyle.__dataclass_fields__:
        value = ctx.get(name, getattr(base, name))
        length = isinstance(getattr(base, name), float)
        try:
            values[name] = float(value) if length else (
                None if parse_colour(str(value)) is None else str(value))
        except (TypeError, ValueError, PnpError):
            raise PnpError(f"var '{name}' of the tile layout: {value!r} is not a "
                           f"{'length in mm' if length else 'colour'}",
                           file=renderer.layout.path, field=name) from None
    return MazeStyle(**values)


def face_drawings(faces: Sequence[Face], *, square_mm: float = 20.0, code: str = "",
                  bleed: float = 3.0, layouts: str | Path | None = None) -> list[Drawing]:
    """Faces of maze tiles at true size, drawn by the tile layout around the computed maze."""
    layout = load("tile.yaml", layouts)
    size = SIZE * square_mm
    cards = [face_card(f, square_mm, code) for f in faces]
    renderer = Renderer(layout, (size, size), bleed, Deck("maze tiles", tuple(cards)))
    out = []
    for index, (face, card) in enumerate(zip(faces, cards, strict=True), 1):
        maze = maze_items(face, square_mm, _style(renderer, card, index), bleed)
        out.append(fill_empty_group(renderer.drawing(card, index), maze, layout, "maze",
                                    "maze walls"))
    return out


def face_drawing(face: Face, *, square_mm: float = 20.0, code: str = "", bleed: float = 3.0,
                 layouts: str | Path | None = None) -> Drawing:
    """One face of a maze tile at true size."""
    return face_drawings([face], square_mm=square_mm, code=code, bleed=bleed,
                         layouts=layouts)[0]


def tile_components(tiles: Sequence[Tile], *, square_mm: float = 20.0, code: str = "",
                    bleed: float = 3.0, layouts: str | Path | None = None) -> list[Component]:
    """The 10 maze tiles: face A on the front, face B on the back."""
    faces = face_drawings([f for t in tiles for f in (t.face("A"), t.face("B"))],
                          square_mm=square_mm, code=code, bleed=bleed, layouts=layouts)
    return [Component(faces[2 * k], faces[2 * k + 1], name=f"tile-{t.id}",
                      meta=(("tile", str(t.id)),)) for k, t in enumerate(tiles)]


# ---------------------------------------------------------------- junk tiles

def junk_components(letters: Sequence[tuple[str, int, int]], *, size_mm: float = 18.0,
                    blank: str = "?", bleed: float = 1.5,
                    layouts: str | Path | None = None) -> list[Component]:
    """Junk tiles: (letter, count, points) -> square tokens with a common back."""
    cards = [Card(f"junk-{'blank' if letter == blank else letter}", count=count, fields=(
        ("letter", letter), ("points", points), ("blank", letter == blank), *rule_fields()))
        for letter, count, points in letters if count > 0]
    return render("junk.yaml", cards, (size_mm, size_mm), bleed, layouts, deck="junk")


# ---------------------------------------------------------------- machine cards

@dataclass(frozen=True)
class MachineCardView:
    """What a machine card shows: the word, its difficulty figure and tier."""

    word: str
    figure: str  # e.g. "14.2 turns": the measured difficulty, printed on the card
    tier: str = ""  # e.g. "easy"; empty when the deck is balanced without tiers
    number: int = 0

    @property
    def links(self) -> int:
        """Links needed: one fewer than the objects (letters)."""
        return max(0, len(self.word) - 1)

    def card(self, code: str = "") -> Card:
        """The card the machine layout draws: its own fields and the rule numbers."""
        return Card(f"machine-{self.number}", fields=(
            ("word", self.word), ("objects", len(self.word)), ("links", self.links),
            ("figure", self.figure), ("tier", self.tier), ("number", self.number),
            ("code", code), *rule_fields()))


def machine_components(cards: Sequence[MachineCardView], *,
                       size: tuple[float, float] = MACHINE_SIZE, code: str = "",
                       bleed: float = 3.0, layouts: str | Path | None = None) -> list[Component]:
    """The machine deck: one component per card, a common back."""
    return render("machine.yaml", [c.card(code) for c in cards], size, bleed, layouts,
                  deck="machines")


def machine_card(card: MachineCardView, *, size: tuple[float, float] = MACHINE_SIZE,
                 code: str = "", bleed: float = 3.0,
                 layouts: str | Path | None = None) -> Drawing:
    """The face of one machine card."""
    return machine_components([card], size=size, code=code, bleed=bleed, layouts=layouts)[0].front
