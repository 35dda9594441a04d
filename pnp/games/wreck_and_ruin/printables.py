"""Wreck and Ruin printables: hex tiles at true size, the session map, tokens (drawings in mm).

Hexes are pointy-top with circumradius ``HEX`` mm (a vehicle token fits inside one). Obstacles
(rocks) have red borders, hazards (water) orange ones, as the rulebook prints them; setup areas
are shaded in their seat's colour. Each tile is cut on its outline (the jagged edge of its 37
hexes); side B is its back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from pnp.games.wreck_and_ruin.actions import NAMES
from pnp.games.wreck_and_ruin.board import Board
from pnp.games.wreck_and_ruin.cards import CardDef, rules_text
from pnp.games.wreck_and_ruin.hexes import Coord
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.tiles import HAZARD, LOCAL, OBSTACLE, Tile, TileSide, token_places
from pnp.hexes import distance as hex_distance
from pnp.hexes import to_pixel
from pnp.layout.draw import Align, Circle, Component, Drawing, Group, Item, Path, TextBox, VAlign
from pnp.layout.marks import offset_polygon

__all__ = ["HEX", "card_components", "faction_components", "hex_corners", "map_drawing",
           "map_frame", "on_colour", "tile_components", "token_components", "tracker_components"]

HEX = 12.5                       # mm, centre to corner: 21.65 mm across the flats
INK, GREY = "#222222", "#777777"
GROUND = "#e9dcc0"               # sand
ROCK, WATER = "#8d8177", "#7fb3d5"
RED, ORANGE = "#c0392b", "#e67e22"
SEAT_COLOURS = ("#2e6da4", "#c0392b", "#d4ac0d", "#27ae60")  # Salvoes, Reapers, Desertkin, Ruin
FACTIONS = ("The Salvoes", "The Reapers", "The Desertkin", "The Ruin Army")
SEAT_TINTS = ("#c9dcef", "#f2c9c4", "#f4e6b0", "#c6ead4")
BLEED = 3.0
#: Tokens' bleed (mm), as Salvage's: small pieces cut apart on the point axis need the gap.
TOKEN_BLEED = 1.5
#: Text keeps this far inside a cut (mm), as pnp's preflight asks of a print shop's trim.
SAFE = 3.0


def _centre(c: Coord, r: float) -> tuple[float, float]:
    return to_pixel(c, r)


def hex_corners(x: float, y: float, r: float) -> tuple[tuple[float, float], ...]:
    """The six corners of the pointy-top hex of circumradius ``r`` centred on (x, y)."""
    return tuple((round(x + r * math.cos(math.radians(30 + 60 * i)), 4),
                  round(y + r * math.sin(math.radians(30 + 60 * i)), 4)) for i in range(6))


def outline(hexes: Iterable[Coord], r: float, ox: float = 0.0, oy: float = 0.0
            ) -> tuple[tuple[float, float], ...]:
    """The boundary polygon of a connected set of hexes (its cut line)."""
    cells = set(hexes)
    nxt: dict[tuple[float, float], tuple[float, float]] = {}
    # corner i..i+1 of a pointy-top hex faces the neighbour in direction i (clockwise, east=0)
    dirs = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    for c in cells:
        x, y = _centre(c, r)
        pts = hex_corners(x + ox, y + oy, r)
        for i, (dq, dr) in enumerate(dirs):
            if (c[0] + dq, c[1] + dr) not in cells:
                # the edge facing direction i runs from corner i-1 to corner i
                nxt[pts[(i - 1) % 6]] = pts[i]
    return _chain(nxt)


def _chain(nxt: dict[tuple[float, float], tuple[float, float]]
           ) -> tuple[tuple[float, float], ...]:
    """The closed polygon of boundary edges given as corner -> next corner."""
    start = min(nxt)
    poly = [start]
    p = nxt[start]
    while p != start and len(poly) <= len(nxt):
        poly.append(p)
        p = nxt[p]
    return tuple(poly)


def _hex_fill(t: int, tint: str | None) -> str:
    return ROCK if t == OBSTACLE else WATER if t == HAZARD else (tint or GROUND)


def _hex_items(c: Coord, t: int, x: float, y: float, r: float, tint: str | None) -> list[Item]:
    fill = _hex_fill(t, tint)
    items: list[Item] = [Path(hex_corners(x, y, r), closed=True, fill=fill, stroke="#b8a88a",
                              stroke_width=0.3)]
    if t in (OBSTACLE, HAZARD):
        items.append(Path(hex_corners(x, y, r - 0.9), closed=True, fill=None,
                          stroke=RED if t == OBSTACLE else ORANGE, stroke_width=1.4))
    return items


def bleed_band(cut: tuple[tuple[float, float], ...], bleed: float,
               colour_at: Callable[[float, float], str]) -> list[Item]:
    """The bleed round a cut outline, each stretch in the colour of the art inside it:
    ``colour_at(x, y)`` names the colour at the middle of each cut edge. The band runs from the
    cut to ``offset_polygon(cut, bleed)`` (a hex's points included); draw it under the art."""
    if bleed <= 0:
        return []
    out = offset_polygon(cut, bleed)
    n = len(cut)
    if len(out) != n:       # a hairpin corner was bevelled: one colour for the whole band
        return [Path(out, closed=True, fill=colour_at(*cut[0]), stroke=None)]
    items: list[Item] = []
    for i in range(n):
        a, b = cut[i], cut[(i + 1) % n]
        fill = colour_at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        # stroked in its own colour so no hairline shows between two stretches
        items.append(Path((a, b, out[(i + 1) % n], out[i]), closed=True, fill=fill,
                          stroke=fill, stroke_width=0.2))
    return items


def tile_face(side: TileSide, r: float = HEX, seat: int | None = None,
              bleed: float = BLEED) -> Drawing:
    """One side of a tile at true size, cut on its outline; each edge hex's colour runs on
    into the bleed."""
    cells = list(LOCAL)
    xs = [_centre(c, r) for c in cells]
    minx = min(x for x, _ in xs) - r
    miny = min(y for _, y in xs) - r
    w = max(x for x, _ in xs) + r - minx
    h = max(y for _, y in xs) + r - miny
    terrain = side.terrain()
    area = set(side.setup)
    tint = SEAT_TINTS[seat] if seat is not None else "#d9d9d9"
    cut = outline(cells, r, -minx, -miny)
    centres = {c: (x - minx, y - miny) for c, (x, y) in zip(cells, xs, strict=True)}

    def colour_at(x: float, y: float) -> str:
        c = min(cells, key=lambda c: math.hypot(centres[c][0] - x, centres[c][1] - y))
        return _hex_fill(terrain[c], tint if c in area else None)

    items: list[Item] = bleed_band(cut, bleed, colour_at)
    for c in cells:
        x, y = centres[c]
        items += _hex_items(c, terrain[c], x, y, r, tint if c in area else None)
    for c in token_places(terrain):
        x, y = centres[c]
        items.append(Circle(x, y, 1.2, fill=GREY, stroke=None))
    if area:
        cx = sum(centres[c][0] for c in area) / len(area)
        cy = sum(centres[c][1] for c in area) / len(area)
        items.append(TextBox(cx - 20, cy - 4, 40, 8, "SETUP AREA", size=9, min_size=6,
                             font="Vera-Bold", colour=INK, align=Align.CENTER,
                             valign=VAlign.MIDDLE, rotate=90))
    # the tile's name in the top half of the centre hex, clear of a token place at its centre
    items.append(TextBox(w / 2 - 15, h / 2 - r / 2 - 4, 30, 8, side.name, size=12, font="Vera-Bold",
                         colour="#6b5b3e", align=Align.CENTER, valign=VAlign.MIDDLE))
    return Drawing(w, h, tuple(items), bleed=bleed, outline=cut, name=f"tile-{side.name}")


def tile_components(tiles: tuple[Tile, ...], bleed: float = BLEED) -> list[Component]:
    """The 10 tiles: side A the front, side B the back (duplex-aligned by the imposition)."""
    return [Component(tile_face(t.a, bleed=bleed), tile_face(t.b, bleed=bleed),
                      name=f"tile-{t.number}") for t in tiles]


def map_frame(board: Board, r: float = HEX) -> tuple[float, float, float, float]:
    """Where ``map_drawing`` puts the map: ``(minx, miny, w, h)``; hex ``c`` is drawn centred
    on ``to_pixel(c, r)`` minus ``(minx, miny)``, on a ``w`` x ``h`` mm drawing."""
    pts = [_centre(c, r) for c in board.terrain]
    margin = 14.0
    minx = min(x for x, _ in pts) - r - margin
    miny = min(y for _, y in pts) - r - margin
    w = max(x for x, _ in pts) + r + margin - minx
    h = max(y for _, y in pts) + r + margin - miny
    return minx, miny, w, h


def label_hex(board: Board, pos: int) -> Coord:
    """Where the map labels tile ``pos``: its open hex nearest the tile's centre that holds no
    opening token place and no setup area, so the label hides no obstacle's or hazard's
    border and no token dot."""
    p = board.placements[pos]
    avoid = set(board.token_hexes[0]) if board.token_hexes else set()
    avoid |= {c for area in board.setup for c in area}
    cells = [c for c, q in board.position.items() if q == pos]
    free = [c for c in cells if board.terrain[c] not in (OBSTACLE, HAZARD) and c not in avoid]
    free = free or [c for c in cells if board.terrain[c] not in (OBSTACLE, HAZARD)] or cells
    return min(free, key=lambda c: (hex_distance(c, p.centre), c))


def _labels_outside(board: Board, r: float, minx: float, miny: float) -> list[Item]:
    """The tile labels of a small map (the setup sheet's overview, where 6 pt text is wider
    than a hex): each ring tile's number and tile beyond its outer edge, the centre's in the
    top-left corner."""
    items: list[Item] = []
    mx, my = _centre(board.placements[0].centre, r)
    bw, bh = 16.0, 10.0           # the label block: the number over "tile 4A"
    for pos, p in enumerate(board.placements):
        name = f"tile {p.tile}{p.side}"
        if pos == 0:
            items += [TextBox(2, 1, 30, 5, "centre", size=8, font="Vera-Bold",
                              colour="#6b5b3e"),
                      TextBox(2, 6, 30, 4, name, size=6.5, colour=GREY)]
            continue
        tx, ty = _centre(p.centre, r)
        d = math.hypot(tx - mx, ty - my)
        ux, uy = (tx - mx) / d, (ty - my) / d
        cells = [c for c, q in board.position.items() if q == pos]
        far = max((x - mx) * ux + (y - my) * uy for c in cells
                  for x, y in hex_corners(*_centre(c, r), r))
        reach = far + 2.0 + abs(ux) * bw / 2 + abs(uy) * bh / 2
        cx, cy = mx + ux * reach - minx, my + uy * reach - miny
        items += [TextBox(cx - bw / 2, cy - bh / 2, bw, 6, f"{pos}", size=11,
                          font="Vera-Bold", colour="#6b5b3e", align=Align.CENTER,
                          valign=VAlign.MIDDLE),
                  TextBox(cx - bw / 2 - 2, cy + bh / 2 - 4, bw + 4, 4, name, size=6.5,
                          colour=GREY, align=Align.CENTER, valign=VAlign.MIDDLE)]
    return items


def map_drawing(board: Board, r: float = HEX, footer: str = "", title: str = "",
                labels_outside: bool = False) -> Drawing:
    """The whole session map: tiles' hexes, setup areas, tracker numbers, token places. Each
    tile's label (its tracker number, which tile and side) sits on an open hex of the tile
    (``label_hex``) or, with ``labels_outside``, off the map beside the tile."""
    pts = {c: _centre(c, r) for c in board.terrain}
    minx, miny, w, h = map_frame(board, r)
    setup_of = {c: s for s, area in enumerate(board.setup) for c in area}
    items: list[Item] = []
    for c, t in board.terrain.items():
        x, y = pts[c]
        seat = setup_of.get(c)
        items += _hex_items(c, t, x - minx, y - miny, r,
                            SEAT_TINTS[seat] if seat is not None else None)
    for pos, p in enumerate(board.placements):
        cells = [c for c, q in board.position.items() if q == pos]
        items.append(Path(outline(cells, r, -minx, -miny), closed=True, fill=None,
                          stroke=INK, stroke_width=0.8))
        if labels_outside:
            continue
        x, y = _centre(label_hex(board, pos), r)
        label = "centre" if pos == 0 else f"{pos}"
        items.append(TextBox(x - minx - 12, y - miny - 7, 24, 8, label, size=14 if pos else 9,
                             font="Vera-Bold", colour="#6b5b3e", align=Align.CENTER,
                             valign=VAlign.MIDDLE))
        items.append(TextBox(x - minx - 12, y - miny + 1.5, 24, 5,
                             f"tile {p.tile}{p.side}", size=6, colour=GREY,
                             align=Align.CENTER, valign=VAlign.MIDDLE))
    if labels_outside:
        items += _labels_outside(board, r, minx, miny)
    for c in board.token_hexes[0]:
        x, y = pts[c]
        items.append(Circle(x - minx, y - miny, 1.2, fill=GREY, stroke=None))
    if title:
        items.append(TextBox(4, 2, w - 8, 8, title, size=10, font="Vera-Bold", colour=INK))
    if footer:
        items.append(TextBox(4, h - 7, w - 8, 5, footer, size=6, colour=GREY))
    return Drawing(w, h, tuple(items), name="map")


def _hex_token(r: float, colour: str, label: str, sub: str, arrow: bool, cells: int = 1,
               bleed: float = TOKEN_BLEED) -> Drawing:
    """A token: one hex (two for the big rig), its name over ``sub`` (stats, side), with a
    facing arrow to the east on vehicles."""
    hexes = [(0, 0)] if cells == 1 else [(0, 0), (1, 0)]
    pts = [_centre(c, r) for c in hexes]
    minx, miny = -r * math.sqrt(3) / 2, -r
    w = max(x for x, _ in pts) + r * math.sqrt(3) / 2 - minx
    h = 2 * r
    cut = outline(hexes, r, -minx, -miny)
    items: list[Item] = [Path(offset_polygon(cut, bleed), closed=True, fill=colour,
                              stroke=None)] if bleed > 0 else []
    for x, y in pts:
        items.append(Path(hex_corners(x - minx, y - miny, r), closed=True, fill=colour,
                          stroke=None))
    # The text (at least 6 pt) keeps SAFE mm inside the cut, across the middle of the (rear)
    # hex; the lines under the name keep clear of the facing arrow on the front (right) face.
    ink = on_colour(colour)
    cx, cy = pts[0][0] - minx, h / 2
    half = r * math.sqrt(3) / 2 - SAFE
    left, right = cx - half, (w - 6.5 if arrow and cells == 1 else cx + half)
    items.append(TextBox(left, cy - 4.4, 2 * half, 3.6, label, size=7, min_size=6,
                         font="Vera-Bold", colour=ink, align=Align.CENTER,
                         valign=VAlign.MIDDLE))
    items.append(TextBox(left, cy - 0.6, right - left, 5.6, sub, size=6, min_size=6,
                         colour=ink, align=Align.CENTER, valign=VAlign.TOP, leading=1.1))
    if arrow:       # the facing: the front face of the token
        tip, mid = w - 2.5, cy + 1.9
        items.append(Path(((tip - 3.5, mid - 2.3), (tip, mid), (tip - 3.5, mid + 2.3)),
                          closed=True, fill=ink, stroke=None))
    return Drawing(w, h, tuple(items), bleed=bleed, outline=cut, name=f"token-{label}")


def token_components(config: Config, players: int = 4, bleed: float = TOKEN_BLEED
                     ) -> list[Component]:
    """Vehicle tokens with facing arrows (the rig two hexes), wreck backs, salvage sites
    (red contested / green uncontested), AP tokens and effect tokens; each one's colour runs
    ``bleed`` mm past its cut."""
    r = HEX - 1.0

    def token(r: float, colour: str, label: str, sub: str, arrow: bool, cells: int = 1
              ) -> Drawing:
        return _hex_token(r, colour, label, sub, arrow, cells, bleed)

    out: list[Component] = []
    for seat in range(players):
        for slot, kind in enumerate(config.roster):
            t = config.type_of[kind]
            stats = f"M{t.move} A{t.attack}\nAr{t.armour} DP{t.dp}"
            front = token(r, SEAT_COLOURS[seat], NAMES[slot], stats, True, t.hexes)
            back = token(r, "#333333", NAMES[slot], "WRECK", True, t.hexes)
            out.append(Component(front, back, name=f"P{seat + 1}-{NAMES[slot]}"))
    # "2 special vehicle tokens, linked to faction cards: the rhinax and drone": one each, in
    # the colour of the faction whose card brings it (the drone the Ruin Army's, the rhinax
    # the Desertkin's; choice, docs/assumptions.md)
    owner = {"drone": 3, "rhinax": 2}
    for kind in config.specials:
        t = config.type_of[kind]
        stats = f"M{t.move} A{t.attack}\nAr{t.armour} DP{t.dp}"
        front = token(r, SEAT_COLOURS[owner.get(kind, 0)], kind, stats, True, t.hexes)
        out.append(Component(front, token(r, "#333333", kind, "WRECK", True,
                                                t.hexes), name=kind))
    site_front = token(r, RED, "SALVAGE", "contested", False)
    site_back = token(r, "#27ae60", "SALVAGE", "uncontested", False)
    out.append(Component(site_front, site_back, count=44, name="salvage-site"))
    ap_front = token(r * 0.8, INK, "AP", "action point", False)
    ap_back = token(r * 0.8, "#999999", "AP", "spent", False)
    out.append(Component(ap_front, ap_back, count=25, name="ap"))
    fx_front = token(r * 0.8, "#27ae60", "+", "positive", False)
    fx_back = token(r * 0.8, RED, "-", "negative", False)
    out.append(Component(fx_front, fx_back, count=5, name="effect"))
    return out


POKER = (63.5, 88.9)


def on_colour(colour: str) -> str:
    """The ink that reads on ``colour``: white on dark colours, ``INK`` on light ones (the
    Desertkin's yellow)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 160 else "white"


def _card_face(title: str, kind: str, rules: str, flavour: str, colour: str,
               band: str = "") -> Drawing:
    """A card face: the title on a ``colour`` bar, the kind, the rules and the flavour text;
    ``band``: a ``colour`` band along the foot that names the card's deck (a faction's)."""
    w, h = POKER
    ink = on_colour(colour)
    items: list[Item] = [
        Path(((-BLEED, -BLEED), (w + BLEED, -BLEED), (w + BLEED, h + BLEED),
              (-BLEED, h + BLEED)), closed=True, fill="#f6efe0", stroke=None),
        Path(((-BLEED, -BLEED), (w + BLEED, -BLEED), (w + BLEED, 14), (-BLEED, 14)),
             closed=True, fill=colour, stroke=None),
        TextBox(4, 1, w - 8, 12, title, size=11, min_size=7, font="Vera-Bold",
                colour=ink, valign=VAlign.MIDDLE),
        TextBox(4, 16, w - 8, 5, kind.upper(), size=6, colour=GREY),
        TextBox(5, 24, w - 10, 40, rules, size=9, min_size=6, colour=INK, leading=1.3)]
    if band:
        items += [TextBox(5, 64, w - 10, 13, flavour, size=7, min_size=6, font="Vera-Italic",
                          colour=GREY),
                  Path(((-BLEED, h - 10), (w + BLEED, h - 10), (w + BLEED, h + BLEED),
                        (-BLEED, h + BLEED)), closed=True, fill=colour, stroke=None),
                  TextBox(4, h - 9, w - 8, 5.5, band.upper(), size=9, min_size=6,
                          font="Vera-Bold", colour=ink, align=Align.CENTER,
                          valign=VAlign.MIDDLE)]
    else:
        items.append(TextBox(5, 66, w - 10, 16, flavour, size=7, min_size=6,
                             font="Vera-Italic", colour=GREY))
    return Drawing(w, h, tuple(items), bleed=BLEED, name=f"card-{title}")


def _card_back(kind: str, colour: str, deck: str = "") -> Drawing:
    """The back of a deck: ``kind`` (EVENT, SALVAGE, FACTION) and, for a faction's cards,
    ``deck`` (its name), on ``colour`` to the bleed."""
    w, h = POKER
    ink = on_colour(colour)
    items: list[Item] = [
        Path(((-BLEED, -BLEED), (w + BLEED, -BLEED), (w + BLEED, h + BLEED),
              (-BLEED, h + BLEED)), closed=True, fill=colour, stroke=None),
        TextBox(4, h / 2 - 12, w - 8, 10, "WRECK AND RUIN", size=10, font="Vera-Bold",
                colour=ink, align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(4, h / 2, w - 8, 10, kind.upper(), size=12, font="Vera-Bold",
                colour=ink, align=Align.CENTER, valign=VAlign.MIDDLE)]
    if deck:
        items.append(TextBox(4, h / 2 + 12, w - 8, 10, deck.upper(), size=11, min_size=7,
                             font="Vera-Bold", colour=ink, align=Align.CENTER,
                             valign=VAlign.MIDDLE))
    return Drawing(w, h, tuple(items), bleed=BLEED, name=f"back-{kind}" + (
        f"-{deck}" if deck else ""))


def card_components(cards: tuple[CardDef, ...]) -> list[Component]:
    """Event or salvage cards (poker size) with their common back; salvage cards say their
    generic use too."""
    out = []
    for c in cards:
        colour = {"event": "#6c3483", "faction": "#1b4f72"}.get(c.kind, "#7e5109")
        out.append(Component(_card_face(c.name, c.kind, _rules(c), c.text, colour),
                             _card_back(c.kind, colour), count=c.count, name=c.name))
    return out


def _rules(c: CardDef) -> str:
    rules = rules_text(c)
    if c.kind == "salvage":
        return rules + ("\n\nOr discard it in your turn: remove 1 DP from an active vehicle. "
                        "One card per turn.")
    if c.kind == "faction":
        return rules + "\n\nFree, once a game, in your turn. One faction card a turn."
    return rules + "\n\nIn play for the whole round."


def faction_components(factions: tuple[tuple[str, tuple[CardDef, ...]], ...]
                       ) -> list[Component]:
    """The faction cards, each faction's in its colour (the seat order's: "The Salvoes (Blue
    player)", Reapers red, Desertkin yellow, Ruin Army green) with its name on the face and a
    back of its own, so the 16 cards sort into the four faction decks face down."""
    out = []
    for f, (name, cards) in enumerate(factions):
        colour = SEAT_COLOURS[f % len(SEAT_COLOURS)]
        back = _card_back("faction", colour, name)
        for c in cards:
            out.append(Component(_card_face(c.name, f"{name}: faction card", _rules(c), c.text,
                                            colour, band=name),
                                 back, count=c.count, name=c.name))
    return out


# --- the round tracker and the bullet ------------------------------------------------------

#: The round tracker's hexes (flat-top, centre to corner, mm): seven of them, the map's shape.
TRACKER_HEX = 16.0
#: The bullet token (mm): it turns on the tracker's centre hex to point at the round.
BULLET = (8.0, 24.0)
DARK_SAND = "#6b5b3e"


def _flat_corners(x: float, y: float, r: float) -> tuple[tuple[float, float], ...]:
    """The six corners of the flat-top hex of circumradius ``r`` centred on (x, y)."""
    return tuple((round(x + r * math.cos(math.radians(60 * i)), 4),
                  round(y + r * math.sin(math.radians(60 * i)), 4)) for i in range(6))


def union_outline(polygons: Iterable[tuple[tuple[float, float], ...]]
                  ) -> tuple[tuple[float, float], ...]:
    """The boundary of polygons that meet edge to edge (all wound the same way): the edges
    no two of them share, chained."""
    edges: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            if (b, a) in edges:
                edges.discard((b, a))
            else:
                edges.add((a, b))
    return _chain(dict(edges))


def tracker_centres(r: float = TRACKER_HEX) -> tuple[tuple[float, float], ...]:
    """The tracker's hex centres about its middle: the centre, then 1 (topmost) to 6
    clockwise, as the map's tiles are numbered."""
    d = r * math.sqrt(3)
    return ((0.0, 0.0), *((round(d * math.cos(math.radians(-90 + 60 * k)), 4),
                           round(d * math.sin(math.radians(-90 + 60 * k)), 4))
                          for k in range(6)))


def _round_notes(config: Config) -> dict[int, list[str]]:
    """What the tracker prints under each round: the setup round, each player count's last."""
    notes: dict[int, list[str]] = {1: ["setup round"]}
    for players in (2, 3, 4):
        last = config.per_players(config.rounds, players)
        if 1 <= last <= 6:
            notes.setdefault(last, []).append(f"last round\n{players} players")
    return notes


def tracker_drawing(config: Config, bleed: float = BLEED, r: float = TRACKER_HEX
                    ) -> tuple[Drawing, Drawing]:
    """The round tracker, front and back: seven flat-top hexes in the map's shape, 1 topmost
    and 2-6 clockwise (the die roll's tile for a new salvage token), the bullet's place in the
    centre; under each round number, the setup round and the player counts whose last it is."""
    w, h = 5 * r, 3 * math.sqrt(3) * r
    ox, oy = w / 2, h / 2
    centres = [(x + ox, y + oy) for x, y in tracker_centres(r)]
    cut = union_outline(_flat_corners(x, y, r) for x, y in centres)
    bled = offset_polygon(cut, bleed)
    notes = _round_notes(config)
    items: list[Item] = [Path(bled, closed=True, fill=GROUND, stroke=None)]
    for k, (x, y) in enumerate(centres):
        items.append(Path(_flat_corners(x, y, r), closed=True,
                          fill="#d8c7a3" if k == 0 else GROUND, stroke="#b8a88a",
                          stroke_width=0.4))
        if k == 0:
            inner = r * math.sqrt(3) / 2
            items += [Circle(x, y, inner - 1.5, fill=None, stroke=DARK_SAND, stroke_width=0.3),
                      TextBox(x - 10, y - inner + 2.5, 20, 4, "ROUND", size=7,
                              font="Vera-Bold", colour=DARK_SAND, align=Align.CENTER,
                              valign=VAlign.MIDDLE),
                      TextBox(x - 10, y + inner - 6.5, 20, 4, "d6: tile", size=6.5,
                              colour=DARK_SAND, align=Align.CENTER, valign=VAlign.MIDDLE)]
            continue
        items.append(TextBox(x - 8, y - 10, 16, 10, str(k), size=22, font="Vera-Bold",
                             colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE))
        for j, note in enumerate(notes.get(k, [])):
            items.append(TextBox(x - 11, y + 0.5 + 6 * j, 22, 6, note, size=6.5,
                                 min_size=6, colour=INK, align=Align.CENTER,
                                 valign=VAlign.MIDDLE, leading=1.05))
    front = Drawing(w, h, tuple(items), bleed=bleed, outline=cut, name="round-tracker")
    back_items: list[Item] = [
        Path(bled, closed=True, fill=DARK_SAND, stroke=None),
        TextBox(w / 2 - 20, h / 2 - 11, 40, 8, "WRECK AND RUIN", size=9, font="Vera-Bold",
                colour="white", align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(w / 2 - 20, h / 2 - 3, 40, 8, "ROUND TRACKER", size=11, font="Vera-Bold",
                colour="white", align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(w / 2 - 22, h / 2 + 6, 44, 10, "the bullet in the centre points at the "
                "round; 1 faces the top of the map", size=6.5, min_size=6, colour="white",
                align=Align.CENTER, valign=VAlign.TOP)]
    back = Drawing(w, h, tuple(back_items), bleed=bleed, outline=cut,
                   name="round-tracker-back")
    return front, back


def bullet_outline(w: float = BULLET[0], h: float = BULLET[1]) -> tuple[tuple[float, float], ...]:
    """A bullet pointing up: a round nose over a straight casing (symmetric left to right)."""
    nose = w
    right = [(round(w / 2 + w / 2 * math.sin(math.radians(a)), 4),
              round(nose - nose * math.cos(math.radians(a)), 4)) for a in range(0, 91, 15)]
    left = [(round(w - x, 4), y) for x, y in reversed(right[1:])]
    return (*right, (w, h), (0.0, h), *left)


def bullet_drawing(bleed: float = BLEED) -> tuple[Drawing, Drawing]:
    """The bullet token, front and back: copper nose, brass casing, cut on its outline."""
    w, h = BULLET
    cut = bullet_outline(w, h)
    bled = offset_polygon(cut, bleed)
    brass, copper = "#d4a437", "#b87333"
    casing = Path(((-bleed - 1, w), (w + bleed + 1, w), (w + bleed + 1, h + bleed + 1),
                   (-bleed - 1, h + bleed + 1)), closed=True, fill=brass, stroke=None)
    groove = Path(((0, h - 4), (w, h - 4)), stroke="#8a6d1f", stroke_width=0.5)
    front = Drawing(w, h, (Group((Path(bled, closed=True, fill=copper, stroke=None), casing,
                                  groove), clip=bled),), bleed=bleed, outline=cut,
                    name="bullet")
    back = Drawing(w, h, (Path(bled, closed=True, fill=brass, stroke=None),), bleed=bleed,
                   outline=cut, name="bullet-back")
    return front, back


def tracker_components(config: Config, bleed: float = BLEED) -> list[Component]:
    """Component 3 of the box: "Round tracker and bullet tracker token"."""
    front, back = tracker_drawing(config, bleed)
    bullet, bullet_back = bullet_drawing(bleed)
    return [Component(front, back, name="round-tracker"),
            Component(bullet, bullet_back, name="bullet")]
