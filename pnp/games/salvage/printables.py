"""Salvage printables: the session field board at true scale (a drawing description in mm).

Nodes are circles with their id; the two home bases are filled in their seat's colour, the wreck
sites amber, field nodes tinted by the half they belong to (the half whose empty nodes are
rerolled when that seat closes a run). Each field node shows the node die face rolled for the
start as a small die beside it, where the node's edges leave the most room: setting up is
placing the token that face calls for (player aid, "The node die").
"""

from __future__ import annotations

import math

from pnp.games.salvage.field import Field, board_size, halves, route_report
from pnp.layout.draw import Align, Circle, Drawing, Item, Path, Rect, TextBox, VAlign

TITLE = "Salvage"
INK = "#222222"
GREY = "#666666"
EDGE = "#8a8a8a"
SEAT_COLOURS = ("#c0392b", "#2e6da4")          # seat 1 red, seat 2 blue
HALF_FILLS = ("#f8e1de", "#dde9f5", "#f1f1ee")  # seat 1's half, seat 2's, nobody's
WRECK_FILL, WRECK_RING = "#f4c542", "#8a6d00"
NODE_R, BASE_R, WRECK_R = 11.0, 14.0, 12.5    # mm: a 20 mm token fits on a field node
DIE = 6.0                                       # mm: the start roll's die face
EDGE_W = 1.4
BAND = 12.0                                     # mm: title band at the top, legend at the bottom
SAFE = 5.0                                      # mm: text keeps this far from the board edge

_PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
         4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
         5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
         6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def die_face(cx: float, cy: float, face: int, size: float = DIE) -> list[Item]:
    """A die face with ``face`` pips centred on (cx, cy)."""
    step, r = size * 0.27, size * 0.09
    items: list[Item] = [Rect(cx - size / 2, cy - size / 2, size, size, fill="white",
                              stroke=INK, stroke_width=0.35, radius=size * 0.18)]
    items += [Circle(cx + i * step, cy + j * step, r, fill=INK, stroke=None)
              for i, j in _PIPS[face]]
    return items


def _free_angle(field: Field, i: int) -> float:
    """The direction (radians, y down) from node ``i`` in the middle of its widest edge gap."""
    n = field.nodes[i]
    angles = sorted(math.atan2(field.nodes[j].y - n.y, field.nodes[j].x - n.x)
                    for j in field.neighbours()[i])
    if not angles:
        return math.pi / 4
    gaps = [((angles[(k + 1) % len(angles)] - a) % (2 * math.pi) or 2 * math.pi, a)
            for k, a in enumerate(angles)]
    width, start = max(gaps, key=lambda g: (round(g[0], 9), -g[1]))
    return start + width / 2


def _node(field: Field, i: int, half: int, start_rolls: bool = True) -> list[Item]:
    n = field.nodes[i]
    if n.kind == "base":
        seat = field.bases.index(i)
        colour = SEAT_COLOURS[seat]
        return [Circle(n.x, n.y, BASE_R + 1.6, fill="white", stroke=colour, stroke_width=0.8),
                Circle(n.x, n.y, BASE_R, fill=colour, stroke=None),
                TextBox(n.x - BASE_R, n.y - 7.5, 2 * BASE_R, 5, f"{i}", size=11,
                        font="Vera-Bold", colour="white", align=Align.CENTER,
                        valign=VAlign.MIDDLE),
                TextBox(n.x - BASE_R, n.y - 2, 2 * BASE_R, 8.5, f"SEAT {seat + 1}\nbase",
                        size=7, min_size=6, font="Vera-Bold", colour="white",
                        align=Align.CENTER, valign=VAlign.TOP, leading=1.1)]
    if n.kind == "wreck":
        return [Circle(n.x, n.y, WRECK_R + 1.4, fill="white", stroke=WRECK_RING,
                       stroke_width=0.6),
                Circle(n.x, n.y, WRECK_R, fill=WRECK_FILL, stroke=WRECK_RING, stroke_width=0.6),
                TextBox(n.x - WRECK_R, n.y - 6.5, 2 * WRECK_R, 5, f"{i}", size=11,
                        font="Vera-Bold", colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE),
                TextBox(n.x - WRECK_R, n.y - 0.5, 2 * WRECK_R, 7, "wreck\nsite", size=6.5,
                        min_size=6, font="Vera-Bold", colour=INK, align=Align.CENTER,
                        valign=VAlign.TOP, leading=1.05)]
    stroke = SEAT_COLOURS[half] if half >= 0 else GREY
    items: list[Item] = [
        Circle(n.x, n.y, NODE_R, fill=HALF_FILLS[half], stroke=stroke, stroke_width=0.6),
        TextBox(n.x - NODE_R, n.y - 3, 2 * NODE_R, 6, f"{i}", size=10, font="Vera-Bold",
                colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE)]
    roll = field.rolls[i]
    if roll is not None and start_rolls:
        a = _free_angle(field, i)
        r = NODE_R + DIE * 0.45
        items += die_face(n.x + r * math.cos(a), n.y + r * math.sin(a), roll)
    return items


def _legend(width: float, height: float, start_rolls: bool = True) -> list[Item]:
    """The key along the bottom band: seat colours, halves, wreck sites, the start die."""
    y = height - BAND / 2 - SAFE / 2
    x = SAFE + 2.5
    items: list[Item] = []
    entries: list[tuple[list[Item], str, float]] = [
        ([Circle(x, y, 2.5, fill=SEAT_COLOURS[0], stroke=None)], "seat 1's home base", 31),
        ([Circle(x, y, 2.5, fill=SEAT_COLOURS[1], stroke=None)], "seat 2's home base", 31),
        ([Circle(x, y, 2.5, fill=HALF_FILLS[0], stroke=SEAT_COLOURS[0], stroke_width=0.4)],
         "seat 1's half", 25),
        ([Circle(x, y, 2.5, fill=HALF_FILLS[1], stroke=SEAT_COLOURS[1], stroke_width=0.4)],
         "seat 2's half", 25),
        ([Circle(x, y, 2.5, fill=HALF_FILLS[2], stroke=GREY, stroke_width=0.4)],
         "as far from both bases: nobody's half", 56),
        ([Circle(x, y, 2.5, fill=WRECK_FILL, stroke=WRECK_RING, stroke_width=0.4)],
         "wreck site: one fusion cell", 44),
    ]
    if start_rolls:
        entries.append((die_face(x, y, 4, 5.0),
                        "the node die rolled at the start: place what it shows", 76))
    dx = 0.0
    for icon, text, w in entries:
        items += _shift(icon, dx)
        items.append(TextBox(x + dx + 4, y - 2.5, w - 4, 5, text, size=7, min_size=6,
                             colour=INK, valign=VAlign.MIDDLE))
        dx += w + 4
    return items


def _shift(items: list[Item], dx: float) -> list[Item]:
    out: list[Item] = []
    for it in items:
        if isinstance(it, Circle):
            out.append(Circle(it.cx + dx, it.cy, it.r, it.fill, it.stroke, it.stroke_width))
        elif isinstance(it, Rect):
            out.append(Rect(it.x + dx, it.y, it.w, it.h, it.fill, it.stroke, it.stroke_width,
                            it.radius))
    return out


def field_drawing(field: Field, *, footer: str = "", start_rolls: bool = True) -> Drawing:
    """The field board at true size: edges, nodes, start rolls (the table leaves them off: it
    shows what lies on each node instead), title, routes and legend."""
    width, height = board_size(field)
    half = halves(field)
    items: list[Item] = [
        Path(points=((field.nodes[a].x, field.nodes[a].y), (field.nodes[b].x, field.nodes[b].y)),
             stroke=EDGE, stroke_width=EDGE_W) for a, b in field.edges]
    for i in range(len(field.nodes)):
        items += _node(field, i, half[i], start_rolls)
    seat = route_report(field)["seats"][0]
    moves = ", ".join(str(m) for m in seat["moves_to_wreck_sites"])
    items += [
        TextBox(SAFE, SAFE, width / 2, BAND - SAFE / 2, f"{TITLE}: session field", size=14,
                font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE),
        TextBox(width / 2, SAFE, width / 2 - SAFE, (BAND - SAFE / 2) / 2,
                f"From each home base: the wreck sites are {moves} moves away, the enemy camp "
                f"{seat['moves_to_enemy_camp']}.", size=7, min_size=6, colour=INK,
                align=Align.RIGHT, valign=VAlign.MIDDLE),
        TextBox(width / 2, SAFE + (BAND - SAFE / 2) / 2, width / 2 - SAFE, (BAND - SAFE / 2) / 2,
                footer or f"seed {field.seed_code}", size=5, min_size=5, colour=GREY,
                align=Align.RIGHT, valign=VAlign.MIDDLE),
        *_legend(width, height, start_rolls)]
    return Drawing(width=width, height=height, items=tuple(items),
                   outline=((0.0, 0.0), (width, 0.0), (width, height), (0.0, height)), name="field")
