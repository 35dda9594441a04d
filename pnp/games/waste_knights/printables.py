"""Waste Knights printables: the board at true scale, hex tiles with backs, reference and setup
sheets. Content -> drawing descriptions (pnp.layout.draw); the pack writer makes the files.

Every hex face and tile back is drawn by a YAML layout of ``templates/waste_knights/``
(``hex.yaml``, ``hex-small.yaml``, ``hex-back.yaml``; see docs/layouts.md), so a designer
restyles them without Python. The layouts get the hex's data as fields (route difficulty,
exploration check, ...) and the cut geometry computed here (``cut_line``, ``bleed_line``,
``safe_line``); the icons are drawn here where the layout's empty group puts them.

Hexes are pointy-top (north up, as in board.json's axial coordinates). ``flat`` is a tile's
width across flats in mm (default 60 mm, about the size of a boxed game's board tiles).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from pnp.content import Card, Deck, Value
from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.cards import Deck as WastelandDeck
from pnp.games.waste_knights.generate import Catalogue, TileSpec
from pnp.games.waste_knights.hexes import VEHICLES, Board, Hex, Kind, to_pixel
from pnp.games.waste_knights.icons import ICON_DRAW, INK, city_icon, special_icon
from pnp.games.waste_knights.wasteland_cards import card_fields
from pnp.layout.draw import (
    Align,
    Circle,
    Component,
    Drawing,
    Group,
    Item,
    Point,
    Rect,
    TextBox,
    VAlign,
)
from pnp.layout.draw import Path as PathItem
from pnp.layout.marks import offset_polygon
from pnp.layout.templates import Layout, Renderer, fill_empty_group, game_layout, layout_cards
from pnp.layout.text import fit_text

FLAT = 60.0
SAFE = 3.0  # mm: text keeps this far inside a cut (the safe zone)
THUMB = 12.0  # reference sheet thumbnails, mm across the flats
MAP_FLAT = 24.0  # the smallest setup-sheet map hex (mm across the flats) that names its hex
GAP = 1.0  # mm between the blocks of a sheet
CENTRAL_TILES = ("C1", "N1", "N2", "N3", "N4")  # Gangraen and the 4 hexes printed with it
LAYOUTS = "waste_knights"  # the bundled layouts: templates/waste_knights/
GREY = "#666666"
ROW_FILL = {Kind.CITY: "#f7f3ea", Kind.SPECIAL: "#eef3f9"}
Block = tuple[float, list[Item]]  # a piece of a sheet: its height (mm) and items from y 0
EMBLEM: dict[str, Callable[[float, float, float], list[Item]]] = {"city": city_icon,
                                                                  "special": special_icon}


def hex_points(cx: float, cy: float, flat: float) -> tuple[Point, ...]:
    """Corners of a pointy-top hex, clockwise from the top."""
    rad = flat / math.sqrt(3)
    return tuple((cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a)))
                 for a in (270, 330, 30, 90, 150, 210))


def union_outline(centres: Sequence[Point], flat: float) -> tuple[Point, ...]:
    """Outer outline of adjacent pointy-top hexes (the cut line of a multi-hex tile or board)."""
    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] * 1000), round(p[1] * 1000))

    edges: Counter[frozenset[tuple[int, int]]] = Counter()
    directed: list[tuple[Point, Point]] = []
    for cx, cy in centres:
        pts = hex_points(cx, cy, flat)
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            edges[frozenset((key(a), key(b)))] += 1
            directed.append((a, b))
    nxt = {key(a): b for a, b in directed if edges[frozenset((key(a), key(b)))] == 1}
    start = min(nxt, key=lambda k: (k[1], k[0]))
    first = next(a for a, _ in directed if key(a) == start)
    out = [first]
    cur = nxt[start]
    while key(cur) != start and len(out) <= len(nxt):
        out.append(cur)
        cur = nxt[key(cur)]
    return tuple(out)


def hex_icons(h: Hex) -> list[str]:
    """The icons a hex shows, in print order."""
    out = ["city"] if h.kind is Kind.CITY else ["special"] if h.kind is Kind.SPECIAL else []
    return out + ["threat"] * h.threat + ["radiation"] * h.radiation \
        + ["contamination"] * h.contamination


def check_label(spec: TileSpec | None) -> str:
    """Exploration panel text, e.g. ``REPAIR (7)``."""
    if spec is None or spec.exploration_check is None:
        return ""
    skill, level = spec.exploration_check
    return f"{skill.upper()} ({level})"


def board_bounds(flat: float) -> tuple[float, float]:
    """Width and height (mm) of the 37-hex board at ``flat`` mm across flats."""
    rad = flat / math.sqrt(3)
    return 7 * flat, 11 * rad


# --- layouts ------------------------------------------------------------------------------------

def load(name: str, layouts: str | Path | None = None) -> Layout:
    """Layout ``name`` (e.g. "hex.yaml") from the folder ``layouts``, else the bundled one."""
    return game_layout(LAYOUTS, name, layouts)


def _shape_renderer(name: str, layouts: str | Path | None, size: tuple[float, float],
                    cut: Sequence[Point], bleed: float, flat: float) -> Renderer:
    """A renderer of layout ``name`` whose vars also hold the cut geometry of the piece."""
    layout = load(name, layouts)

    def pts(points: Iterable[Point]) -> list[list[float]]:
        return [[round(x, 4), round(y, 4)] for x, y in points]

    shape = {"cut_line": pts(cut), "bleed_line": pts(offset_polygon(cut, bleed)),
             "safe_line": pts(offset_polygon(cut, -SAFE)), "flat": flat}
    given = tuple((k, v, layout.path, 0) for k, v in shape.items())
    return Renderer(replace(layout, vars=given + layout.vars), size, bleed,
                    Deck("Waste Knights tiles"))


def _number(renderer: Renderer, card: Card, var: str) -> float:
    """A layout var evaluated for ``card``, as mm."""
    value = renderer.context(card, 1).get(var)
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise PnpError(f"var '{var}' must be a length in mm, got {value!r}",
                       file=renderer.layout.path, field=var) from None


def hex_card(h: Hex, spec: TileSpec | None, *, joined: bool) -> Card:
    """What a hex layout prints for hex ``h`` (``spec``: its catalogue tile, for the check)."""
    skill, level = spec.exploration_check if spec and spec.exploration_check else ("", 0)
    levels = {d.value: d.name.lower() for d in R.Difficulty}
    fields: tuple[tuple[str, Value], ...] = (
        ("kind", h.kind.value), ("terrain", h.terrain.value if h.terrain else ""),
        ("number", "" if h.number is None else h.number), ("tile", h.tile),
        ("route_difficulty", h.route_difficulty), ("threat", h.threat),
        ("radiation", h.radiation), ("contamination", h.contamination),
        ("check_skill", skill), ("check_level", level),
        ("check_difficulty", levels.get(level, "")), ("joined", joined))
    return Card(h.name or "", fields=fields)


class HexFaces:
    """Hex faces of one size and bleed drawn by one layout (``hex.yaml``, ``hex-small.yaml``)."""

    def __init__(self, flat: float, bleed: float = 0.0, *, layout: str = "hex.yaml",
                 joined: bool = True, catalogue: Catalogue | None = None,
                 layouts: str | Path | None = None):
        rad = flat / math.sqrt(3)
        self.size = (flat, 2 * rad)
        self.joined = joined
        self.specs = catalogue.reference() if catalogue is not None else {}
        self.renderer = _shape_renderer(layout, layouts, self.size,
                                        hex_points(flat / 2, rad, flat), bleed, flat)

    def face(self, h: Hex) -> Drawing:
        """The face of ``h``: the layout's drawing with the icons in its ``icons`` group."""
        r = self.renderer
        card = hex_card(h, self.specs.get(h.number) if h.number is not None else None,
                        joined=self.joined)
        icons = hex_icons(h)
        items: list[Item] = []
        if icons:
            size, gap = _number(r, card, "icon_size"), _number(r, card, "icon_gap")
            for i, icon in enumerate(icons):
                items += ICON_DRAW[icon]((i - (len(icons) - 1) / 2) * gap, 0.0, size)
        return fill_empty_group(r.drawing(card, 1), items, r.layout, "icons", "icons", h.tile)

    def placed(self, h: Hex, cx: float, cy: float) -> Group:
        """The face of ``h`` centred at (cx, cy)."""
        return Group(items=self.face(h).items, dx=cx - self.size[0] / 2,
                     dy=cy - self.size[1] / 2)


def tile_back(kind: str, width: float, height: float, outline: Sequence[Point],
              bleed: float, flat: float, layouts: str | Path | None = None) -> Drawing:
    """A tile back by stack: city, special or normal (so stacks shuffle face-down)."""
    r = _shape_renderer("hex-back.yaml", layouts, (width, height), outline, bleed, flat)
    card = Card(kind, fields=(("kind", kind),))
    emblem = EMBLEM[kind](0.0, 0.0, _number(r, card, "emblem_size")) if kind in EMBLEM else []
    back = fill_empty_group(r.drawing(card, 1), emblem, r.layout, "emblem", "emblem",
                            f"back {kind}")
    return replace(back, outline=tuple(outline))


# --- the board ----------------------------------------------------------------------------------

#: The board drawing's margin and the title band above the hexes (mm).
BOARD_PAD, BOARD_HEAD = 8.0, 12.0


def hex_centres(board: Board, flat: float = FLAT) -> list[Point]:
    """Where ``board_drawing`` puts each hex's centre (mm, in ``board.hexes`` order)."""
    bw, bh = board_bounds(flat)
    ox, oy = (bw + 2 * BOARD_PAD) / 2, BOARD_PAD + BOARD_HEAD + bh / 2
    rad = flat / math.sqrt(3)
    return [(ox + x, oy + y) for x, y in (to_pixel(h.coord, rad) for h in board.hexes)]


def board_drawing(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                  footer: str = "", layouts: str | Path | None = None) -> Drawing:
    """The whole board as one true-scale drawing, cut along its outer hex outline."""
    bw, bh = board_bounds(flat)
    pad, head = BOARD_PAD, BOARD_HEAD
    width, height = bw + 2 * pad, bh + 2 * pad + head
    faces = HexFaces(flat, catalogue=catalogue, layouts=layouts)
    centres = hex_centres(board, flat)
    items: list[Item] = [faces.placed(h, cx, cy)
                         for h, (cx, cy) in zip(board.hexes, centres, strict=True)]
    # The central board tile is one piece: outline it.
    central = [c for h, c in zip(board.hexes, centres, strict=True) if h.tile in CENTRAL_TILES]
    items.append(PathItem(points=union_outline(central, flat), closed=True, stroke=INK,
                          stroke_width=0.8))
    items.append(TextBox(x=pad, y=pad, w=bw, h=head - 2, text="Waste Knights: session board",
                         size=14, font="Vera-Bold", align=Align.LEFT, valign=VAlign.MIDDLE))
    if footer:
        items.append(TextBox(x=pad, y=pad, w=bw, h=head - 2, text=footer, size=9,
                             colour=GREY, align=Align.RIGHT, valign=VAlign.MIDDLE))
    # Cut line: the board's outer hex outline (the poster pages draw it).
    return Drawing(width=width, height=height, items=tuple(items),
                   outline=union_outline(centres, flat), name="board")


# --- hex tiles with backs -----------------------------------------------------------------------

def hex_tile(h: Hex, catalogue: Catalogue | None = None, *, flat: float = FLAT,
             bleed: float = 3.0, layouts: str | Path | None = None,
             faces: HexFaces | None = None) -> Component:
    """One one-hex board tile: front and the back of its stack."""
    faces = faces or HexFaces(flat, bleed, joined=False, catalogue=catalogue, layouts=layouts)
    width, height = faces.size
    outline = hex_points(width / 2, height / 2, flat)
    front = replace(faces.face(h), bleed=bleed, outline=outline)
    return Component(front=front, back=tile_back(h.kind.value, width, height, outline, bleed,
                                                 flat, layouts), name=h.tile)


def central_tile(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                 bleed: float = 3.0, layouts: str | Path | None = None) -> Component:
    """The 5-hex central board tile: Gangraen [1] and the 4 normal hexes printed with it."""
    rad = flat / math.sqrt(3)
    hexes = [h for h in board.hexes if h.tile in CENTRAL_TILES]
    pix = [to_pixel(h.coord, rad) for h in hexes]
    x0 = min(p[0] for p in pix) - flat / 2
    y0 = min(p[1] for p in pix) - rad
    width = max(p[0] for p in pix) + flat / 2 - x0
    height = max(p[1] for p in pix) + rad - y0
    centres = [(x - x0, y - y0) for x, y in pix]
    outline = union_outline(centres, flat)
    faces = HexFaces(flat, catalogue=catalogue, layouts=layouts)
    # Each hex's ground (the layout's first item) runs into the bleed beside it.
    grounds = HexFaces(flat, bleed, joined=False, catalogue=catalogue, layouts=layouts)
    bled = [Group(items=grounds.face(h).items[:1], dx=cx - flat / 2, dy=cy - rad)
            for h, (cx, cy) in zip(hexes, centres, strict=True)]
    items: list[Item] = [Group(items=tuple(bled), clip=offset_polygon(outline, bleed))]
    items += [faces.placed(h, cx, cy) for h, (cx, cy) in zip(hexes, centres, strict=True)]
    front = Drawing(width=width, height=height, bleed=bleed, outline=outline,
                    name="C1 central tile", items=tuple(items))
    back = tile_back("city", width, height, outline, bleed, flat, layouts)
    return Component(front=front, back=back, name="C1 central tile")


def tile_components(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                    bleed: float = 3.0, layouts: str | Path | None = None) -> list[Component]:
    """The 32 one-hex tiles (cities, specials, normals) and the 5-hex central tile."""
    order = {Kind.CITY: 0, Kind.SPECIAL: 1, Kind.NORMAL: 2}
    singles = sorted((h for h in board.hexes if h.tile not in CENTRAL_TILES),
                     key=lambda h: (order[h.kind], h.number or 0, len(h.tile), h.tile))
    faces = HexFaces(flat, bleed, joined=False, catalogue=catalogue, layouts=layouts)
    return [hex_tile(h, flat=flat, bleed=bleed, layouts=layouts, faces=faces)
            for h in singles] + [central_tile(board, catalogue, flat=flat, bleed=bleed,
                                              layouts=layouts)]


# --- sheets -------------------------------------------------------------------------------------

def _text_height(text: str, width: float, size: float, font: str = "Vera") -> float:
    """Height (mm) ``text`` takes wrapped to ``width`` at ``size`` points."""
    fitted = fit_text(TextBox(x=0, y=0, w=width, h=1000, text=text, size=size, min_size=size,
                              font=font))
    return len(fitted.lines) * size * 1.2 * 25.4 / 72 + 0.5


def _flow(page: tuple[float, float], footer: str, name: str,
          blocks: Iterable[Block], gap: float = GAP) -> list[Drawing]:
    """Blocks (height, items drawn from y 0) stacked down full sheets, a new sheet when full."""
    from pnp.layout.impose import sheet_area, sheet_page

    ah = sheet_area(page)[1]
    pages: list[Drawing] = []
    y, current = 0.0, list[Item]()
    for height, items in blocks:
        if y + height > ah and current:
            pages.append(sheet_page(page, current, footer, name=name))
            y, current = 0.0, []
        current.append(Group(items=tuple(items), dy=y))
        y += height + gap
    pages.append(sheet_page(page, current, footer, name=name))
    return pages


def reference_pages(board: Board, catalogue: Catalogue, page: tuple[float, float],
                    footer: str, layouts: str | Path | None = None) -> list[Drawing]:
    """The reference sheet of the cities and special hexes in play (Reference Sheet: Hexes)."""
    from pnp.layout.impose import sheet_area

    aw, ah = sheet_area(page)
    specs = catalogue.reference()
    thumbs = HexFaces(THUMB, layout="hex-small.yaml", catalogue=catalogue, layouts=layouts)
    in_play = sorted((h for h in board.hexes if h.number is not None),
                     key=lambda h: h.number or 0)
    text_x = 28.0
    text_w = aw - text_x - 1
    thumb_h = thumbs.size[1] + 1.2

    def row(h: Hex, size: float) -> Block:
        spec = specs.get(h.number) if h.number is not None else None
        body = spec.text if spec else ""
        check = check_label(spec)
        if check:
            body = f"Exploration check: {check}.\n{body}"
        th = max(_text_height(body, text_w, size) + 6.5, thumb_h)
        items: list[Item] = [Rect(0, 0, aw, th, fill=ROW_FILL.get(h.kind, "#ffffff"),
                                  stroke="#bbbbbb", stroke_width=0.2),
                             thumbs.placed(h, 13.0, th / 2),
                             TextBox(x=text_x, y=1.2, w=text_w, h=5.0,
                                     text=f"{h.number}. {h.name}  ·  place {h.tile}", size=10,
                                     min_size=7, font="Vera-Bold", valign=VAlign.MIDDLE),
                             TextBox(x=text_x, y=6.2, w=text_w, h=th - 6.5, text=body,
                                     size=size, min_size=6.0)]
        return th, items

    # The largest text size that keeps the sheet on one page (legend included).
    for size in (7.5, 7.0, 6.5, 6.0):
        rows = [row(h, size) for h in in_play]
        if 9.0 + sum(th + GAP for th, _ in rows) + 21.5 <= ah:
            break
    heading: list[Item] = [TextBox(x=0, y=0, w=aw, h=8, text="Waste Knights: hexes in play",
                                   size=14, font="Vera-Bold", valign=VAlign.MIDDLE)]
    blocks = [(9.0, heading), *rows, legend(aw)]
    return _flow(page, footer, "reference", blocks)


def legend_entries() -> list[tuple[str, str]]:
    """The icon key, its numbers taken from the rules (Resolve Movement, Waster Step b)."""
    knight = R.Knight()
    threat = R.wasteland_cards_drawn([1]) - R.wasteland_cards_drawn([0])
    radiation = R.game_board_effects(knight, 1, 0).radiation - knight.radiation
    health = knight.health - R.game_board_effects(knight, 0, 1).health
    return [("city", "City"), ("special", "Special action"),
            ("threat", f"Threat: +{threat} wasteland card"),
            ("radiation", f"Radiation: +{radiation} at Waster Step"),
            ("contamination", f"Contamination: -{health} Health at Waster Step")]


def legend(width: float) -> Block:
    """The icon key as a sheet block (height, items)."""
    items: list[Item] = [TextBox(x=0, y=1.5, w=width, h=5, text="Icons", size=9,
                                 font="Vera-Bold")]
    col = width / 3
    for i, (icon, text) in enumerate(legend_entries()):
        cx, cy = (i % 3) * col, 9.5 + (i // 3) * 7
        items += ICON_DRAW[icon](cx + 3, cy, 4.5)
        items.append(TextBox(x=cx + 7, y=cy - 2.5, w=col - 8, h=5, text=text, size=7.5,
                             min_size=6, valign=VAlign.MIDDLE))
    cx, cy = 2 * col, 16.5
    items += [Circle(cx + 3, cy, 2.4, fill="white", stroke=INK, stroke_width=0.3),
              TextBox(x=cx + 0.6, y=cy - 2.4, w=4.8, h=4.8, text="2", size=7, font="Vera-Bold",
                      align=Align.CENTER, valign=VAlign.MIDDLE),
              TextBox(x=cx + 7, y=cy - 2.5, w=col - 8, h=5, text="Route difficulty (MP to enter)",
                      size=7.5, min_size=6, valign=VAlign.MIDDLE)]
    return 21.5, items


def setup_pages(board: Board, page: tuple[float, float], footer: str, *, code: str,
                notes: Sequence[str] = (), metrics: dict | None = None,
                catalogue: Catalogue | None = None,
                layouts: str | Path | None = None) -> list[Drawing]:
    """The setup sheet: seed code, the map with place labels, where each tile goes, the routes
    from Gangraen and the icon key: one page, the map as large as leaves room for the rest."""
    from pnp.layout.impose import sheet_area

    aw, ah = sheet_area(page)
    head = 12.0
    text = "\n".join(setup_steps(board) + list(notes))
    steps_h = _text_height(text, aw, 8.0) + 1.0
    blocks: list[Block] = [
        (steps_h, [TextBox(x=0, y=0, w=aw, h=steps_h, text=text, size=8.0, min_size=6)])]
    if metrics:
        blocks.append(_fuel_table(board, metrics, aw))
    key = legend(aw)

    def room(bs: Sequence[Block]) -> float:
        """The map hex size (mm across the flats) that leaves room for ``bs``."""
        return (ah - head - 2 - sum(h + GAP for h, _ in bs)) / (11 / math.sqrt(3))

    # The icon key (also on the reference sheet) only where it costs the map little.
    if room([*blocks, key]) >= min(aw / 7.0, MAP_FLAT + 2):
        blocks.append(key)
    # Below MAP_FLAT the names no longer fit: the map keeps that size, the rest flows over.
    flat = min(aw / 7.0, max(room(blocks), MAP_FLAT))
    rad = flat / math.sqrt(3)
    faces = HexFaces(flat, layout="hex-small.yaml", catalogue=catalogue, layouts=layouts)
    ox, oy = aw / 2, head + 5.5 * rad
    items: list[Item] = [
        TextBox(x=0, y=0, w=aw * 0.6, h=9, text="Waste Knights: board setup", size=15,
                font="Vera-Bold", valign=VAlign.MIDDLE),
        TextBox(x=aw * 0.5, y=0, w=aw * 0.5, h=9, text=f"seed {code}", size=15,
                font="Vera-Bold", align=Align.RIGHT, valign=VAlign.MIDDLE)]
    centres = []
    for h in board.hexes:
        px, py = to_pixel(h.coord, rad)
        centres.append((ox + px, oy + py))
        items.append(faces.placed(h, ox + px, oy + py))
    central = [c for h, c in zip(board.hexes, centres, strict=True) if h.tile in CENTRAL_TILES]
    items += [PathItem(points=union_outline(central, flat), closed=True, stroke=INK,
                       stroke_width=0.7),
              PathItem(points=((4, 24), (4, 15)), stroke=INK, stroke_width=0.6),
              PathItem(points=((2.2, 17.5), (4, 14.5), (5.8, 17.5)), closed=True, fill=INK),
              TextBox(x=7, y=15, w=20, h=6, text="north", size=8, valign=VAlign.MIDDLE)]
    return _flow(page, footer, "setup", [(head + 11 * rad + 2, items), *blocks])


def _fuel_table(board: Board, metrics: dict, width: float) -> Block:
    """Least Movement Points / Fuel (strider, off-road, heavy-duty) / Threat from Gangraen."""
    dests = board.destinations()
    half = math.ceil(len(dests) / 2)
    col, line = width / 2, 3.8
    cells = (("from Gangraen [1]", 0.0, 0.46), ("MP", 0.46, 0.1),
             ("Fuel S/O/H", 0.56, 0.26), ("threat", 0.82, 0.18))
    items: list[Item] = []
    for side in (0, 1):
        for name, fx, fw in cells:
            items.append(TextBox(x=side * col + fx * col, y=0, w=fw * col - 1, h=line,
                                 text=name, size=7, min_size=6, font="Vera-Bold",
                                 valign=VAlign.MIDDLE))
    for i, h in enumerate(dests):
        side, row = divmod(i, half)
        m = [metrics[v][h.name] for v in VEHICLES]  # strider, off-road, heavy-duty
        values = (h.label, str(m[0]["movement_points"]),
                  "/".join(str(d["fuel"]) for d in m), str(m[0]["threat"]))
        for (_, fx, fw), text in zip(cells, values, strict=True):
            items.append(TextBox(x=side * col + fx * col, y=line * (row + 1), w=fw * col - 1,
                                 h=line, text=text, size=7, min_size=6, valign=VAlign.MIDDLE))
    return line * (half + 1), items


def setup_steps(board: Board) -> list[str]:
    """Game Setup 1, with this board's tiles at their places."""
    def at(tile: str) -> str:
        h = board.by_tile(tile)
        return f"{tile} {h.label}" + ("" if h.kind is not Kind.NORMAL or tile.startswith("N")
                                      else " (normal tile: the special stack ran out)")

    tier2 = [h for h in board.hexes if h.tier == 2 and h.tile.startswith("N")]
    tier3 = [h for h in board.hexes if h.tier == 3 and h.tile.startswith("N")]

    def normals(hs: Iterable[Hex]) -> str:
        return ", ".join(f"{h.tile} {h.label}" for h in hs)

    return [
        "A) Sort the tiles by their backs: city, special, normal. To play this seed, lay each "
        "tile on the place printed small at its foot (as above); to deal a fresh board, shuffle "
        "the special and normal stacks face-down instead.",
        f"B) Tier 1: the central tile (Gangraen [1] with N1-N4) in the middle; {at('S1')}; "
        f"{at('S2')}.",
        f"C) Tier 2: {at('C2')}; {at('C3')}; {at('S3')}; {at('S4')}; then clockwise from north: "
        f"{normals(tier2)}.",
        f"D) Tier 3: {at('C4')}; {at('C5')}; "
        + "; ".join(at(f"S{i}") for i in range(5, 11))
        + f"; then clockwise from north: {normals(tier3)}.",
        f"All knights start on Gangraen [1] with {R.START_FUEL} Fuel and "
        f"{R.START_RADIATION} Radiation.",
    ]


def wasteland_components(deck: WastelandDeck, code: str, bleed: float = 3.0) -> list[Component]:
    """Every card of the wasteland deck, fronts and the shared back."""
    cards = [card_fields(c, k, code) for k, c in enumerate(deck.cards, 1)]
    return layout_cards(game_layout("waste_knights", "wasteland.yaml"), cards, (63.5, 88.9),
                        bleed, "wasteland")
