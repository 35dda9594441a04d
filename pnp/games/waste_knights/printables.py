"""Waste Knights printables: the board at true scale, hex tiles with backs, reference and setup
sheets. Content -> drawing descriptions (pnp.layout.draw); the backends write the files.

Hexes are pointy-top (north up, as in board.json's axial coordinates). ``flat`` is a tile's
width across flats in mm (default 60 mm, about the size of a boxed game's board tiles).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from pnp.games.waste_knights.generate import Catalogue, TileSpec
from pnp.games.waste_knights.hexes import VEHICLES, Board, Hex, Kind, Terrain, to_pixel
from pnp.games.waste_knights.icons import ICON_DRAW, INK, city_icon, special_icon
from pnp.layout.draw import (Align, Circle, Component, Drawing, Group, Item, Path, Point, Rect,
                             TextBox, VAlign)
from pnp.layout.marks import offset_polygon
from pnp.layout.text import fit_text, text_width

FLAT = 60.0
CENTRAL_TILES = ("C1", "N1", "N2", "N3", "N4")  # Gangraen and the 4 hexes printed with it
FILL = {Terrain.DESERT: "#efd29a", Terrain.SWAMP: "#b9c9a0", Terrain.JUNGLE: "#9fcf8f",
        Terrain.MOUNTAINS: "#c9bfb3", Terrain.HIGHWAY: "#d8d8d8"}
CITY_FILL, SPECIAL_FILL = "#f2b8a8", "#b4cbe8"
GREY = "#666666"
#: Making Checks: Easy (5) green, Challenging (7) yellow, Hard (9) red.
CHECK_FILL = {5: "#9ed28f", 7: "#f4d35e", 9: "#ec8b7e"}
BACKS = {"city": ("#7a2e22", "CITY"), "special": ("#1f4e79", "SPECIAL"),
         "normal": ("#6b5a3a", "WASTE")}


def hex_points(cx: float, cy: float, flat: float) -> tuple[Point, ...]:
    """Corners of a pointy-top hex, clockwise from the top."""
    rad = flat / math.sqrt(3)
    return tuple((cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a)))
                 for a in (270, 330, 30, 90, 150, 210))


def union_outline(centres: Sequence[Point], flat: float) -> tuple[Point, ...]:
    """Outer outline of adjacent pointy-top hexes (the cut line of a multi-hex tile or board)."""
    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] * 1000), round(p[1] * 1000))

    edges: Counter = Counter()
    directed: list[tuple[Point, Point]] = []
    for cx, cy in centres:
        pts = hex_points(cx, cy, flat)
        for a, b in zip(pts, pts[1:] + pts[:1]):
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


def fill_of(h: Hex) -> str:
    if h.kind is Kind.CITY:
        return CITY_FILL
    if h.kind is Kind.SPECIAL:
        return SPECIAL_FILL
    return FILL.get(h.terrain, "#dddddd") if h.terrain else "#dddddd"


def hex_art(h: Hex, cx: float, cy: float, flat: float, *, check: str = "",
            bleed: float = 0.0, edge: bool = True, compact: bool = False) -> list[Item]:
    """The face of one hex centred at (cx, cy): colour, name, icons, route difficulty, place."""
    rad = flat / math.sqrt(3)
    outline = hex_points(cx, cy, flat)
    body = offset_polygon(outline, bleed) if bleed else outline
    items: list[Item] = [Path(points=body, closed=True, fill=fill_of(h),
                              stroke=GREY if edge else None, stroke_width=0.3)]
    if h.terrain is Terrain.HIGHWAY:  # a road across the hex
        road = ((cx - flat / 2, cy + rad * 0.05), (cx + flat / 2, cy - rad * 0.05))
        items.append(Path(points=road, stroke="#9e9e9e", stroke_width=flat * 0.05))
    k = flat / 60.0
    title = h.name or (h.terrain.value.capitalize() if h.terrain else h.tile)
    if h.number is not None:
        title = f"{title} [{h.number}]"
    w = flat * 0.78
    if not (compact and flat < 20):  # thumbnails beside their name need no title
        items.append(TextBox(x=cx - w / 2, y=cy - rad * 0.68, w=w,
                             h=rad * (0.42 if not compact else 0.5), text=title,
                             size=(8.5 if not compact else 6.0) * max(k, 0.6),
                             min_size=3.5 if compact else 5.0, font="Vera-Bold", colour=INK,
                             align=Align.CENTER, valign=VAlign.MIDDLE))
    icons = hex_icons(h)
    s = flat * (0.15 if not compact else 0.22)
    gap = s * 1.2
    x0 = cx - gap * (len(icons) - 1) / 2
    for i, name in enumerate(icons):
        items += ICON_DRAW[name](x0 + i * gap, cy - rad * (0.12 if check and not compact
                                                            else 0.08), s)
    if check and not compact:  # on the difficulty's colour, like the rulebook's panels
        size = 6.0 * k
        pw = text_width(check, "Vera-Bold", size) + 3.0 * k
        ph, py = rad * 0.18, cy + rad * 0.04
        level = int(check.rsplit("(", 1)[1].rstrip(")"))
        items.append(Rect(cx - pw / 2, py, pw, ph, fill=CHECK_FILL.get(level, "white"),
                          stroke=INK, stroke_width=0.2 * k, radius=ph / 2))
        items.append(TextBox(x=cx - w / 2, y=py, w=w, h=ph, text=check,
                             size=size, min_size=4.0, font="Vera-Bold", colour=INK,
                             align=Align.CENTER, valign=VAlign.MIDDLE))
    # Thumbnails (reference and setup sheets) get larger icons and number for their size.
    rr = flat * (0.085 if not compact else 0.12)
    ry = cy + rad * (0.45 if not compact else 0.40)
    items.append(Circle(cx, ry, rr, fill="white", stroke=INK, stroke_width=0.4 * max(k, 0.5)))
    items.append(TextBox(x=cx - rr, y=ry - rr, w=2 * rr, h=2 * rr, text=str(h.route_difficulty),
                         size=rr * 3.2, min_size=3, font="Vera-Bold", colour=INK,
                         align=Align.CENTER, valign=VAlign.MIDDLE))
    items.append(TextBox(x=cx - w / 2, y=cy + rad * (0.66 if not compact else 0.68), w=w,
                         h=rad * 0.16, text=h.tile,
                         size=(6.0 if not compact else 4.5) * max(k, 0.8), min_size=3,
                         colour="#444444" if not compact else INK,
                         font="Vera" if not compact else "Vera-Bold",
                         align=Align.CENTER, valign=VAlign.MIDDLE))
    return items


def check_label(spec: TileSpec | None) -> str:
    """Exploration panel text, e.g. ``REPAIR (7)``."""
    if spec is None or spec.exploration_check is None:
        return ""
    skill, level = spec.exploration_check
    return f"{skill.upper()} ({level})"


def _specs_by_number(catalogue: Catalogue | None) -> dict[int, TileSpec]:
    return catalogue.reference() if catalogue is not None else {}


def board_bounds(flat: float) -> tuple[float, float]:
    """Width and height (mm) of the 37-hex board at ``flat`` mm across flats."""
    rad = flat / math.sqrt(3)
    return 7 * flat, 11 * rad


def board_drawing(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                  footer: str = "") -> Drawing:
    """The whole board as one true-scale drawing, cut along its outer hex outline."""
    bw, bh = board_bounds(flat)
    pad, head = 8.0, 12.0
    width, height = bw + 2 * pad, bh + 2 * pad + head
    ox, oy = width / 2, pad + head + bh / 2
    specs = _specs_by_number(catalogue)
    rad = flat / math.sqrt(3)
    centres = [(ox + x, oy + y) for x, y in (to_pixel(h.coord, rad) for h in board.hexes)]
    items: list[Item] = []
    for h, (cx, cy) in zip(board.hexes, centres):
        items += hex_art(h, cx, cy, flat, check=check_label(specs.get(h.number)))
    # The central board tile is one piece: outline it.
    central = [c for h, c in zip(board.hexes, centres) if h.tile in CENTRAL_TILES]
    items.append(Path(points=union_outline(central, flat), closed=True, stroke=INK,
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

def tile_back(kind: str, width: float, height: float, outline: tuple[Point, ...],
              bleed: float, flat: float) -> Drawing:
    """A tile back by stack: city, special or normal (so stacks shuffle face-down)."""
    colour, word = BACKS[kind]
    items: list[Item] = [Path(points=offset_polygon(outline, bleed), closed=True, fill=colour,
                              stroke=None)]
    cx, cy = width / 2, height / 2
    ring = offset_polygon(outline, -flat * 0.06)
    items.append(Path(points=ring, closed=True, stroke="#f5f0e6", stroke_width=0.6))
    if kind == "city":
        items += [Circle(cx, cy - flat * 0.05, flat * 0.16, fill="#f5f0e6", stroke=None)]
        items += city_icon(cx, cy - flat * 0.05, flat * 0.2)
    elif kind == "special":
        items += [Circle(cx, cy - flat * 0.05, flat * 0.16, fill="#f5f0e6", stroke=None)]
        items += special_icon(cx, cy - flat * 0.05, flat * 0.24)
    items.append(TextBox(x=cx - flat * 0.4, y=cy + flat * 0.16, w=flat * 0.8, h=flat * 0.12,
                         text=word, size=9 * flat / 60, min_size=4, font="Vera-Bold",
                         colour="#f5f0e6", align=Align.CENTER, valign=VAlign.MIDDLE))
    return Drawing(width=width, height=height, items=tuple(items), bleed=bleed,
                   outline=outline, name=f"back {kind}")


def hex_tile(h: Hex, catalogue: Catalogue | None = None, *, flat: float = FLAT,
             bleed: float = 3.0) -> Component:
    """One one-hex board tile: front and the back of its stack."""
    rad = flat / math.sqrt(3)
    width, height = flat, 2 * rad
    outline = hex_points(width / 2, height / 2, flat)
    spec = _specs_by_number(catalogue).get(h.number) if h.number is not None else None
    front = Drawing(width=width, height=height, bleed=bleed, outline=outline, name=h.tile,
                    items=tuple(hex_art(h, width / 2, height / 2, flat, check=check_label(spec),
                                        bleed=bleed, edge=False)))
    return Component(front=front, back=tile_back(h.kind.value, width, height, outline, bleed,
                                                 flat), name=h.tile)


def central_tile(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                 bleed: float = 3.0) -> Component:
    """The 5-hex central board tile: Gangraen [1] and the 4 normal hexes printed with it."""
    rad = flat / math.sqrt(3)
    hexes = [h for h in board.hexes if h.tile in CENTRAL_TILES]
    pix = [to_pixel(h.coord, rad) for h in hexes]
    xs = [p[0] for p in pix]
    ys = [p[1] for p in pix]
    x0, y0 = min(xs) - flat / 2, min(ys) - rad
    width, height = max(xs) + flat / 2 - x0, max(ys) + rad - y0
    centres = [(x - x0, y - y0) for x, y in pix]
    outline = union_outline(centres, flat)
    specs = _specs_by_number(catalogue)
    items: list[Item] = [Path(points=offset_polygon(outline, bleed), closed=True, fill="#dddddd",
                              stroke=None)]
    for h, (cx, cy) in zip(hexes, centres):
        items += hex_art(h, cx, cy, flat, check=check_label(specs.get(h.number)),
                         bleed=0.0, edge=True)
    front = Drawing(width=width, height=height, bleed=bleed, outline=outline,
                    name="C1 central tile", items=tuple(items))
    back = tile_back("city", width, height, outline, bleed, flat)
    return Component(front=front, back=back, name="C1 central tile")


def tile_components(board: Board, catalogue: Catalogue | None = None, *, flat: float = FLAT,
                    bleed: float = 3.0) -> list[Component]:
    """The 32 one-hex tiles (cities, specials, normals) and the 5-hex central tile."""
    order = {Kind.CITY: 0, Kind.SPECIAL: 1, Kind.NORMAL: 2}
    singles = sorted((h for h in board.hexes if h.tile not in CENTRAL_TILES),
                     key=lambda h: (order[h.kind], h.number or 0, _tile_num(h.tile)))
    return [hex_tile(h, catalogue, flat=flat, bleed=bleed) for h in singles] + \
        [central_tile(board, catalogue, flat=flat, bleed=bleed)]


def _tile_num(tile: str) -> int:
    return int(tile[1:]) if tile[1:].isdigit() else 0


# --- sheets -------------------------------------------------------------------------------------

def _text_height(text: str, width: float, size: float, font: str = "Vera") -> float:
    """Height (mm) ``text`` takes wrapped to ``width`` at ``size`` points."""
    fitted = fit_text(TextBox(x=0, y=0, w=width, h=1000, text=text, size=size, min_size=size,
                              font=font))
    return len(fitted.lines) * size * 1.2 * 25.4 / 72 + 0.5


def reference_pages(board: Board, catalogue: Catalogue, page: tuple[float, float],
                    footer: str) -> list[Drawing]:
    """The reference sheet of the cities and special hexes in play (Reference Sheet: Hexes)."""
    from pnp.layout.impose import sheet_area, sheet_page

    aw, ah = sheet_area(page)
    specs = catalogue.reference()
    in_play = sorted((h for h in board.hexes if h.number is not None), key=lambda h: h.number)
    text_x = 33.0
    text_w = aw - text_x
    thumb = 11.0  # one thumbnail size for every row, inside its row (height 2/sqrt(3) x flat)
    thumb_h = thumb * 2 / math.sqrt(3) + 1.6

    def build(size: float) -> list[tuple[float, list[Item]]]:
        rows: list[tuple[float, list[Item]]] = []
        for h in in_play:
            spec = specs.get(h.number)
            body = spec.text if spec else ""
            check = check_label(spec)
            if check:
                body = f"Exploration check: {check}.\n{body}"
            th = max(_text_height(body, text_w, size) + 6.5, thumb_h)
            items: list[Item] = [Rect(0, 0, aw, th, fill="#f7f3ea" if h.kind is Kind.CITY
                                      else "#eef3f9", stroke="#bbbbbb", stroke_width=0.2)]
            items += hex_art(h, 15.0, th / 2, thumb, compact=True)
            items.append(TextBox(x=text_x, y=1.2, w=text_w, h=5.0, text=f"{h.number}. {h.name}",
                                 size=10, font="Vera-Bold", valign=VAlign.MIDDLE))
            items.append(TextBox(x=text_x, y=6.2, w=text_w - 1, h=th - 6.5, text=body, size=size,
                                 min_size=6.0))
            rows.append((th, items))
        return rows

    # The largest text size that keeps the sheet on one page (legend included).
    for size in (8.0, 7.5, 7.0, 6.5):
        rows = build(size)
        if 10.0 + sum(th + 1.2 for th, _ in rows) + 24 <= ah:
            break
    else:
        rows = build(8.0)
    head: list[Item] = [TextBox(x=0, y=0, w=aw, h=8, text="Waste Knights: hexes in play",
                                size=14, font="Vera-Bold", valign=VAlign.MIDDLE)]
    pages: list[Drawing] = []
    y, current = 10.0, list(head)
    for th, items in rows:
        if y + th > ah and len(current) > 1:
            pages.append(sheet_page(page, current, footer, name="reference"))
            y, current = 0.0, []
        current.append(Group(items=tuple(items), dy=y))
        y += th + 1.2
    if y + 22 > ah:
        pages.append(sheet_page(page, current, footer, name="reference"))
        y, current = 0.0, []
    current += _legend(0, y + 2, aw)
    pages.append(sheet_page(page, current, footer, name="reference"))
    return pages


def _legend(x: float, y: float, width: float) -> list[Item]:
    entries = [("city", "City"), ("special", "Special action"),
               ("threat", "Threat: +1 wasteland card"),
               ("radiation", "Radiation: +1 at Waster Step"),
               ("contamination", "Contamination: -1 Health at Waster Step")]
    items: list[Item] = [TextBox(x=x, y=y, w=width, h=5, text="Icons", size=9, font="Vera-Bold")]
    col = width / 3
    for i, (icon, text) in enumerate(entries):
        cx, cy = x + (i % 3) * col, y + 8 + (i // 3) * 7
        items += ICON_DRAW[icon](cx + 3, cy, 4.5)
        items.append(TextBox(x=cx + 7, y=cy - 2.5, w=col - 8, h=5, text=text, size=7.5,
                             min_size=5.5, valign=VAlign.MIDDLE))
    cx, cy = x + 2 * col, y + 15
    items += [Circle(cx + 3, cy, 2.4, fill="white", stroke=INK, stroke_width=0.3),
              TextBox(x=cx + 0.6, y=cy - 2.4, w=4.8, h=4.8, text="2", size=7, font="Vera-Bold",
                      align=Align.CENTER, valign=VAlign.MIDDLE),
              TextBox(x=cx + 7, y=cy - 2.5, w=col - 8, h=5, text="Route difficulty (MP to enter)",
                      size=7.5, min_size=5.5, valign=VAlign.MIDDLE)]
    return items


def setup_page(board: Board, page: tuple[float, float], footer: str, *, code: str,
               notes: Sequence[str] = (), metrics: dict | None = None) -> Drawing:
    """The setup sheet: seed code, the map with place labels, and where each tile goes."""
    from pnp.layout.impose import sheet_area, sheet_page

    aw, ah = sheet_area(page)
    items: list[Item] = [
        TextBox(x=0, y=0, w=aw * 0.6, h=9, text="Waste Knights: board setup", size=15,
                font="Vera-Bold", valign=VAlign.MIDDLE),
        TextBox(x=aw * 0.5, y=0, w=aw * 0.5, h=9, text=f"seed {code}", size=15,
                font="Vera-Bold", align=Align.RIGHT, valign=VAlign.MIDDLE)]
    flat = min(aw / 7.0, (ah * 0.55) / (11 / math.sqrt(3)))
    rad = flat / math.sqrt(3)
    ox, oy = aw / 2, 12 + 5.5 * rad
    centres = []
    for h in board.hexes:
        px, py = to_pixel(h.coord, rad)
        centres.append((ox + px, oy + py))
        items += hex_art(h, ox + px, oy + py, flat, compact=True)
    central = [c for h, c in zip(board.hexes, centres) if h.tile in CENTRAL_TILES]
    items.append(Path(points=union_outline(central, flat), closed=True, stroke=INK,
                      stroke_width=0.7))
    items += [Path(points=((4, 22), (4, 13)), stroke=INK, stroke_width=0.6),
              Path(points=((2.2, 15.5), (4, 12.5), (5.8, 15.5)), closed=True, fill=INK),
              TextBox(x=7, y=13, w=20, h=6, text="north", size=8, valign=VAlign.MIDDLE)]
    y = oy + 5.5 * rad + 3
    table_h = 0.0 if not metrics else 4.0 + 3.6 * math.ceil(len(board.destinations()) / 2)
    text = "\n".join(setup_steps(board) + list(notes))
    items.append(TextBox(x=0, y=y, w=aw, h=ah - y - 24 - table_h, text=text, size=8.5,
                         min_size=5.5))
    if metrics:
        items += _fuel_table(board, metrics, 0, ah - 24 - table_h, aw)
    items += _legend(0, ah - 22, aw)
    return sheet_page(page, items, footer, name="setup")


def _fuel_table(board: Board, metrics: dict, x: float, y: float, width: float) -> list[Item]:
    """Least Movement Points / Fuel (strider, off-road, heavy-duty) / Threat from Gangraen."""
    dests = board.destinations()
    half = math.ceil(len(dests) / 2)
    col = width / 2
    cells = (("from Gangraen [1]", 0.0, 0.46), ("MP", 0.46, 0.1),
             ("Fuel S/O/H", 0.56, 0.26), ("threat", 0.82, 0.18))
    items: list[Item] = []
    for side in (0, 1):
        for name, fx, fw in cells:
            items.append(TextBox(x=x + side * col + fx * col, y=y, w=fw * col - 1, h=3.6,
                                 text=name, size=7, font="Vera-Bold", valign=VAlign.MIDDLE))
    for i, h in enumerate(dests):
        side, row = divmod(i, half)
        m = [metrics[v][h.name] for v in VEHICLES]  # strider, off-road, heavy-duty
        values = (h.label, str(m[0]["movement_points"]),
                  "/".join(str(d["fuel"]) for d in m), str(m[0]["threat"]))
        yy = y + 3.6 * (row + 1)
        for (_, fx, fw), text in zip(cells, values):
            items.append(TextBox(x=x + side * col + fx * col, y=yy, w=fw * col - 1, h=3.6,
                                 text=text, size=7, min_size=5, valign=VAlign.MIDDLE))
    return items


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
        "tile on the place printed small at its foot (as below); to deal a fresh board, shuffle "
        "the special and normal stacks face-down instead.",
        f"B) Tier 1: the central tile (Gangraen [1] with N1-N4) in the middle; {at('S1')}; "
        f"{at('S2')}.",
        f"C) Tier 2: {at('C2')}; {at('C3')}; {at('S3')}; {at('S4')}; then clockwise from north: "
        f"{normals(tier2)}.",
        f"D) Tier 3: {at('C4')}; {at('C5')}; "
        + "; ".join(at(f"S{i}") for i in range(5, 11))
        + f"; then clockwise from north: {normals(tier3)}.",
        "All knights start on Gangraen [1] with 4 Fuel and 0 Radiation.",
    ]
