"""Junkyard Wars printables as drawing descriptions: maze tiles, junk tiles, machine cards, sheets.

Everything here returns frozen drawing primitives (pnp.layout.draw) in mm; the commands pass
them to the print engine (impose, pdf). Sheet text lives in pnp.games.junkyard_wars.sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.games.junkyard_wars.maze import DELTA, EXITS, SIZE, Face, Tile, face_metrics
from pnp.layout.draw import Align, Component, Drawing, Path, Rect, TextBox, VAlign

INK = "#222222"
FLOOR = "#f6f1e7"
GRID = "#d9cfbd"
EXIT_FLOOR = "#e8d7ad"
JUNK_GREY = "#b8b8b8"
LABEL = "#6b5d48"
JUNK_FACE = "#f2e3bf"
JUNK_BACK = "#5b4a39"
CARD_BACK = "#34495e"
TIER_COLOURS = {"easy": "#3c8d40", "medium": "#c98b12", "hard": "#b23a2e"}
# Label corner of a turned tile: the id label starts at the top left and turns with the tile.
LABEL_CORNER = {0: "top left", 90: "top right", 180: "bottom right", 270: "bottom left"}

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1 in grid units


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


# ---------------------------------------------------------------- maze tiles

def face_drawing(face: Face, *, square_mm: float = 20.0, code: str = "",
                 bleed: float = 3.0) -> Drawing:
    """One face of a maze tile at true size: floor, grid, exits, walls, id/side label."""
    s = square_mm
    size = SIZE * s
    wall = max(0.8, s * 0.08)  # half of each rim wall is cut off: two tiles make one full wall
    items: list = [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=FLOOR, stroke=None)]
    for side, (r, c) in EXITS.items():
        items.append(Rect(c * s, r * s, s, s, fill=EXIT_FLOOR, stroke=None))
    for k in range(1, SIZE):
        items.append(Path(((k * s, 0), (k * s, size)), stroke=GRID, stroke_width=0.2))
        items.append(Path(((0, k * s), (size, k * s)), stroke=GRID, stroke_width=0.2))
    for side, (r, c) in EXITS.items():
        items.append(_exit_chevron(side, r, c, s))
    segs = wall_segments(face.cells)
    # Rim walls run on into the bleed so a slightly-off cut still leaves a wall at the edge.
    segs = [_extend_rim(seg, max(0.0, bleed - wall / 2) / s) for seg in segs]
    items += wall_rects(segs, s, wall)
    pad = wall / 2 + 0.6
    label = f"{face.tile}{face.side}"
    # A small upward triangle before the id: this way up is rotation 0 on the setup sheet.
    th = s * 0.16
    tx, ty = pad, pad + s * 0.05
    items.append(Path(((tx, ty + th), (tx + th / 2, ty), (tx + th, ty + th)), closed=True,
                      fill=LABEL, stroke=None))
    items.append(TextBox(pad + th + s * 0.06, pad, s * 0.8, s * 0.28, label,
                         size=max(5.0, s * 0.4), min_size=4.0, font="Vera-Bold", colour=LABEL))
    m = face_metrics(face.cells)
    foot = f"{code}  {m.tier}" if code else m.tier
    items.append(TextBox(size - pad - s * 1.6, size - pad - s * 0.16, s * 1.6, s * 0.16, foot,
                         size=max(3.5, s * 0.2), min_size=3.0, colour=LABEL, align=Align.RIGHT,
                         valign=VAlign.BOTTOM))
    return Drawing(size, size, tuple(items), bleed=bleed, name=f"tile-{label}")


def _extend_rim(seg: Segment, by: float) -> Segment:
    x0, y0, x1, y1 = seg
    if y0 == y1 and y0 in (0, SIZE):
        return (x0 - by if x0 == 0 else x0, y0, x1 + by if x1 == SIZE else x1, y1)
    if x0 == x1 and x0 in (0, SIZE):
        return (x0, y0 - by if y0 == 0 else y0, x1, y1 + by if y1 == SIZE else y1)
    return seg


def arrowhead(tip: tuple[float, float], side: str, length: float, half_width: float,
              **style) -> Path:
    """A triangle (``closed=True``) or chevron with its tip at ``tip``, pointing out through
    ``side``."""
    dr, dc = DELTA[side]
    bx, by = tip[0] - dc * length, tip[1] - dr * length
    px, py = -dr * half_width, dc * half_width
    return Path(((bx + px, by + py), tip, (bx - px, by - py)), **style)


def _exit_chevron(side: str, r: int, c: int, s: float) -> Path:
    """An arrowhead at an exit, pointing out of the tile."""
    dr, dc = DELTA[side]
    tip = ((c + 0.5 + dc * 0.42) * s, (r + 0.5 + dr * 0.42) * s)
    return arrowhead(tip, side, s * 0.18, s * 0.18, stroke=LABEL,
                     stroke_width=max(0.3, s * 0.025))


def tile_components(tiles: Sequence[Tile], *, square_mm: float = 20.0, code: str = "",
                    bleed: float = 3.0) -> list[Component]:
    """The 10 maze tiles: face A on the front, face B on the back."""
    return [Component(face_drawing(t.face("A"), square_mm=square_mm, code=code, bleed=bleed),
                      face_drawing(t.face("B"), square_mm=square_mm, code=code, bleed=bleed),
                      name=f"tile-{t.id}", meta=(("tile", str(t.id)),))
            for t in tiles]


# ---------------------------------------------------------------- junk tiles

def junk_components(letters: Sequence[tuple[str, int, int]], *, size_mm: float = 18.0,
                    blank: str = "?", bleed: float = 1.5) -> list[Component]:
    """Junk tiles: (letter, count, points) -> square tokens, letter and points, a common back."""
    back = junk_back(size_mm, bleed)
    out = []
    for letter, count, points in letters:
        if count <= 0:
            continue
        out.append(Component(junk_front(letter, points, size_mm, bleed, blank=blank), back,
                             count=count, name=f"junk-{'blank' if letter == blank else letter}"))
    return out


def junk_front(letter: str, points: int, size: float, bleed: float, *, blank: str = "?") -> Drawing:
    """The face of one junk tile."""
    items: list = [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=JUNK_FACE,
                        stroke=None),
                   Rect(0.8, 0.8, size - 1.6, size - 1.6, fill=None, stroke=LABEL,
                        stroke_width=0.3, radius=1.0)]
    if letter == blank:
        items.append(TextBox(0, size * 0.12, size, size * 0.5, "?", size=size * 1.6,
                             font="Vera-Bold", colour=LABEL, align=Align.CENTER,
                             valign=VAlign.MIDDLE))
        items.append(TextBox(1, size * 0.66, size - 2, size * 0.22, "any object",
                             size=max(4.0, size * 0.3), min_size=3.5, colour=INK,
                             align=Align.CENTER))
    else:
        items.append(TextBox(0, size * 0.1, size, size * 0.7, letter, size=size * 1.9,
                             font="Vera-Bold", colour=INK, align=Align.CENTER,
                             valign=VAlign.MIDDLE))
        items.append(TextBox(size * 0.55, size * 0.7, size * 0.36, size * 0.22, str(points),
                             size=size * 0.5, min_size=4.0, colour=INK, align=Align.RIGHT,
                             valign=VAlign.BOTTOM))
    return Drawing(size, size, tuple(items), bleed=bleed, name=f"junk-{letter}")


def junk_back(size: float, bleed: float) -> Drawing:
    """The common back of the junk tiles (face down on the board)."""
    items = (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=JUNK_BACK, stroke=None),
             Rect(1.2, 1.2, size - 2.4, size - 2.4, fill=None, stroke="#c9b38f",
                  stroke_width=0.4, radius=1.0),
             TextBox(0, 0, size, size, "JUNK", size=size * 0.55, min_size=4.0,
                     font="Vera-Bold", colour="#c9b38f", align=Align.CENTER,
                     valign=VAlign.MIDDLE))
    return Drawing(size, size, items, bleed=bleed, name="junk-back")


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


def machine_card(card: MachineCardView, *, size=(63.5, 88.9), code: str = "",
                 bleed: float = 3.0) -> Drawing:
    """The face of a machine card (poker size by default)."""
    w, h = size
    n = len(card.word)
    colour = TIER_COLOURS.get(card.tier.lower(), "#555555")
    items: list = [
        Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill="#fbf8f1", stroke=None),
        # The band keeps a 3 mm light margin from the cut: the cards are butted on the sheet, so
        # a cut a little off lands on light card, not on the next card's dark band.
        Rect(3, 3, w - 6, 11, fill=colour, stroke=None, radius=1.5),
        TextBox(5.5, 4.5, w - 11, 8, "MACHINE", size=11, font="Vera-Bold", colour="white",
                valign=VAlign.MIDDLE),
        TextBox(w / 2, 4.5, w / 2 - 5.5, 8, card.tier.upper() if card.tier else "", size=9,
                font="Vera-Bold", colour="white", align=Align.RIGHT, valign=VAlign.MIDDLE),
        TextBox(3, 18, w - 6, 16, card.word.upper(), size=24, min_size=9, font="Vera-Bold",
                align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(4, 37, w - 8, 5, f"Objects needed: {n}", size=8, font="Vera-Bold"),
    ]
    box = min(8.0, (w - 8) / max(n, 1) - 0.8)
    x0 = (w - (n * (box + 0.8) - 0.8)) / 2
    for k, letter in enumerate(card.word.upper()):
        x = x0 + k * (box + 0.8)
        items.append(Rect(x, 43, box, box, fill=JUNK_FACE, stroke=LABEL, stroke_width=0.3,
                          radius=0.6))
        items.append(TextBox(x, 43, box, box, letter, size=box * 2.0, min_size=4,
                             font="Vera-Bold", align=Align.CENTER, valign=VAlign.MIDDLE))
    items += [
        TextBox(4, 55, w - 8, 5, f"Links needed: {card.links} x 24 MA = {24 * card.links} MA",
                size=8, min_size=6, font="Vera-Bold"),
        TextBox(4, 61, w - 8, 12, "Bring every object to your construction zone, link them, "
                "then throw the switch: 80% it works.", size=7, min_size=5.5),
        Rect(4, 74, w - 8, 8, fill=None, stroke=colour, stroke_width=0.5, radius=1.0),
        TextBox(5.5, 74, w - 11, 8, f"Difficulty: {card.figure}", size=8, min_size=5.5,
                valign=VAlign.MIDDLE),
        TextBox(4, h - 5.5, w - 8, 3.5, f"{code}  #{card.number}" if code else f"#{card.number}",
                size=5.5, min_size=4, colour="#888888", align=Align.RIGHT),
    ]
    return Drawing(w, h, tuple(items), bleed=bleed, name=f"machine-{card.word.lower()}")


def machine_back(*, size=(63.5, 88.9), bleed: float = 3.0) -> Drawing:
    """The common back of the machine cards."""
    w, h = size
    items = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=CARD_BACK, stroke=None),
             Rect(4, 4, w - 8, h - 8, fill=None, stroke="#c9b38f", stroke_width=0.6, radius=2),
             TextBox(6, h / 2 - 20, w - 12, 40, "JUNKYARD\nWARS\nmachine", size=22, min_size=12,
                     font="Vera-Bold", colour="#c9b38f", align=Align.CENTER,
                     valign=VAlign.MIDDLE))
    return Drawing(w, h, items, bleed=bleed, name="machine-back")


def machine_components(cards: Sequence[MachineCardView], *, size=(63.5, 88.9), code: str = "",
                       bleed: float = 3.0) -> list[Component]:
    """The machine deck: one component per card, a common back."""
    back = machine_back(size=size, bleed=bleed)
    return [Component(machine_card(c, size=size, code=code, bleed=bleed), back,
                      name=f"machine-{c.number}") for c in cards]

