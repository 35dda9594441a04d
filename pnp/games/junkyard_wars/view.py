"""Junkyard Wars at the table (``pnp serve``): the maze board with the workers, the junk bag and
each team's machine cards, pile and links, as the rules show or hide them.

The maze is the session's printed board picture (``sheets.board_picture``: outside track, gaps,
junk squares, construction zone, walls, in the setup sheet's colours) drawn from the state's own
square graph, so it is the board the game is played on. Over it: the junk tiles lying in the
yard, face down unless the viewer's team has searched them (Searching the Area); the workers, in
their team's colour, numbered 1-4 (a square crowded with five or more shows one disc per team
with a count); a badge on a worker carrying objects, its letters shown to its owner only
("objects carried by an individual worker may only be looked at by that worker's owner").

Beside the maze: the junk bag, what of the bag is not yet in anyone's pile (public: the bag is
known and piles lie face up), and one row per team: its two machine cards (face up to their owner
only, until a test reveals the one built), its pile in the construction zone (face up to all), the
objects its workers carry (face down to the others) and its links (24 MA each).

Click spots: every square of the maze and the outside track (``"square 7/3"``, column/row as in
the actions' text) picks a move or a travel there, or what a worker on it can do (search, pick up,
drop, assemble, ...); the mover's two machine cards (``"card 1"``, ``"card 2"``) pick one.

Pure: drawing primitives only, no IO.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.junkyard_wars import actions as act
from pnp.games.junkyard_wars.generate import BOARD, NODE_INDEX, NODES, TRACK, SessionBoard, rim_gaps
from pnp.games.junkyard_wars.hour import FAILED, WORKS, ending, progress
from pnp.games.junkyard_wars.maze import DELTA, SIDES
from pnp.games.junkyard_wars.rules import (
    BLANK,
    IN_PILE,
    LETTERS,
    LINK_MA,
    TEST_WORKS,
    WORKERS,
    letter_name,
)
from pnp.games.junkyard_wars.sheets import TILE_INK, board_picture
from pnp.games.view import EVERYONE, Board, Result, SeatView, Spot
from pnp.layout.draw import Align, Circle, Drawing, Group, Item, Rect, TextBox, VAlign

__all__ = ["COLOURS", "VIEW", "JunkyardWarsView", "card_box", "seat_name", "session_of",
           "square_key"]

UNIT = 10.0  # mm: one maze square on screen
HEADER = 13.0  # the turn banner above the maze
MAZE_X, MAZE_Y = 0.0, HEADER
MAZE = (BOARD + 2) * UNIT  # the maze with its outside track: 17 squares
PANEL_X = MAZE + 6.0
PANEL_W = 100.0
WIDTH = PANEL_X + PANEL_W

#: Team colours: the rulebook's worker sets (red, yellow, clear, dark green, light green, blue),
#: in the order the table deals them (clear, the hardest to see, only at six players).
COLOURS: tuple[tuple[str, str], ...] = (
    ("Red", "#d62828"), ("Blue", "#1f6fd1"), ("Yellow", "#f4c430"), ("Dark green", "#1b6b35"),
    ("Light green", "#86d04a"), ("Clear", "#e9f1f5"))
_DARK_TEXT = {"Yellow", "Light green", "Clear"}  # colours that want black text on them
CHOSEN = "#ff8c00"  # the ring round the machine card a team builds
INK = "#222222"
JUNK_FACE = "#f2e3bf"  # templates/junkyard_wars/junk.yaml: face
JUNK_LABEL = "#6b5d48"
JUNK_BACK = "#5b4a39"  # junk-back.yaml: ground
JUNK_LINE = "#c9b38f"  # junk-back.yaml and machine-back.yaml: line
CARD_BACK = "#34495e"  # machine-back.yaml: ground
CARD_PAPER = "#fbf8f1"  # machine.yaml: paper
ZONE_TINT = "#ff8c0040"  # the centre tile, when it is the construction zone (--construction-zone)
PANEL_FILL = "#f7f4ee"
BROKEN = "#b23a2e"


def seat_name(seat: int) -> str:
    """The player of a seat as the table names him: "Red player (P1)"."""
    return f"{COLOURS[seat % len(COLOURS)][0]} player (P{seat + 1})"


def square_key(sq: int) -> str:
    """The click spot of a square: "square 7/3" (column/row, as the actions write it)."""
    return f"square {act.square_name(sq)}"


def _colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)][1]


def _on(seat: int) -> str:
    """Text colour on a team's colour."""
    return INK if COLOURS[seat % len(COLOURS)][0] in _DARK_TEXT else "white"


def _text(x: float, y: float, w: float, h: float, text: str, size: float, **kw: Any) -> TextBox:
    return TextBox(x, y, w, h, text, size=size, min_size=kw.pop("min_size", min(size, 6.0)),
                   **kw)


# ---------------------------------------------------------------- the static board

def _at(r: int, c: int) -> tuple[float, float]:
    """Top-left corner of square (row, col) on screen (the track is row/column -1 and 15)."""
    return MAZE_X + (c + 1) * UNIT, MAZE_Y + (r + 1) * UNIT


def session_of(tb: Any) -> SessionBoard:
    """The printed board of a game's square graph: walls read back from the one-move adjacency
    (a wall wherever two neighbouring squares are not one move apart), the rim's gaps, the
    junk squares and the construction zone; the tile placement is not part of the graph."""
    if tb.n != len(NODES):
        raise ValueError("the table draws games on a session board (225 squares and the track)")
    walls = []
    for r in range(BOARD):
        row = []
        for c in range(BOARD):
            near = set(tb.neighbours[NODE_INDEX[(r, c)]])
            row.append(tuple(NODE_INDEX[(r + DELTA[s][0], c + DELTA[s][1])] not in near
                             for s in SIDES))
        walls.append(tuple(row))
    grid = tuple(walls)
    return SessionBoard("", (), 0, grid, rim_gaps(grid), NODES[tb.zone],  # type: ignore[arg-type]
                        tuple(NODES[j] for j in tb.junk), TRACK, NODES,
                        tuple(tuple(a) for a in tb.neighbours))


#: What a log line names that only its player may read (``JunkyardView.hide``).
_TILE = re.compile(r"tile \d+ \([^)]*\)(?: as \S+)?")
_CHOSEN = re.compile(r"^(chooses machine card \d+): \S+$")


@dataclass(frozen=True)
class _Static:
    items: tuple[Item, ...]
    squares: tuple[tuple[float, float], ...]  # top-left corner of each square id


_STATIC: dict[int, tuple[Any, _Static]] = {}


def _static(tb: Any) -> _Static:
    """The printed board of ``tb`` (built once per board and kept)."""
    hit = _STATIC.get(id(tb))
    if hit is not None and hit[0] is tb:
        return hit[1]
    board = session_of(tb)
    items: list[Item] = [Rect(MAZE_X, MAZE_Y, MAZE, MAZE, fill="white", stroke=None)]
    zone = [sq for sq in range(tb.n) if tb.in_zone[sq]]
    items += board_picture(board, MAZE_X, MAZE_Y, UNIT)
    if len(zone) > 1:  # the whole centre tile is the construction zone
        for sq in zone:
            if sq != tb.zone:
                x, y = _at(*NODES[sq])
                items.append(Rect(x, y, UNIT, UNIT, fill=ZONE_TINT, stroke=None))
    for tr in range(3):  # the nine maze tiles, outlined as they lie on the table
        for tc in range(3):
            x, y = _at(tr * 5, tc * 5)
            items.append(Rect(x, y, 5 * UNIT, 5 * UNIT, fill=None, stroke=TILE_INK,
                              stroke_width=max(0.3, UNIT * 0.05)))
    built = _Static(tuple(items), tuple(_at(*NODES[sq]) for sq in range(tb.n)))
    if len(_STATIC) >= 16:
        _STATIC.clear()
    _STATIC[id(tb)] = (tb, built)
    return built


# ---------------------------------------------------------------- what a viewer may see

def _sees_all(state: Any, viewer: int, seat: int) -> bool:
    """Whether ``viewer`` sees the hidden parts of ``seat`` (his own seat, or everyone)."""
    return viewer == EVERYONE or viewer == seat


def _letter(state: Any, t: int) -> str:
    """A tile's letter as its face shows it: "R", or "?" for a blank."""
    code = state.tile_letter[t]
    return "?" if code == BLANK else LETTERS[code]


def _role(state: Any, t: int) -> str:
    """A tile as an object: its letter, a blank with its role ("?=E")."""
    code = state.tile_letter[t]
    if code != BLANK:
        return LETTERS[code]
    role = state.blank_as[t]
    return "?" if role < 0 else f"?={LETTERS[role]}"


def _revealed(state: Any, p: int) -> bool:
    """Testing reveals the machine card: "The player reveals the card ..."."""
    return state.tests[p] > 0 and state.machine[p] >= 0


def _pile(state: Any, p: int) -> list[int]:
    return [t for t, at in enumerate(state.tile_at) if at == IN_PILE and state.tile_owner[t] == p]


def _carried(state: Any, p: int) -> list[tuple[int, int]]:
    """(worker 0-3, tile) of each object team ``p`` carries (the carrier, not the helper)."""
    return [(w - p * WORKERS, t) for w in range(p * WORKERS, (p + 1) * WORKERS)
            for t in state.w_load[w]]


def _bag_left(state: Any) -> Counter[int]:
    """Junk tiles of each letter code not yet in a pile (lying in the yard or carried)."""
    return Counter(code for t, code in enumerate(state.tile_letter) if state.tile_at[t] != IN_PILE)


# ---------------------------------------------------------------- drawing the pieces

def _junk_tile(x: float, y: float, s: float, face: str | None, *, small: str = "") -> list[Item]:
    """A junk tile of side ``s``: face up with its letter, or face down (``face`` None)."""
    if face is None:
        return [Rect(x, y, s, s, fill=JUNK_BACK, stroke=INK, stroke_width=0.15, radius=s * 0.12),
                Rect(x + s * 0.18, y + s * 0.18, s * 0.64, s * 0.64, fill=None, stroke=JUNK_LINE,
                     stroke_width=0.2, radius=s * 0.08)]
    out: list[Item] = [Rect(x, y, s, s, fill=JUNK_FACE, stroke=JUNK_LABEL, stroke_width=0.25,
                            radius=s * 0.12),
                       _text(x, y, s, s * (0.78 if small else 1.0), face, size=s * 2.0,
                             min_size=4.0, font="Vera-Bold", colour=INK, align=Align.CENTER,
                             valign=VAlign.MIDDLE)]
    if small:
        out.append(_text(x, y + s * 0.62, s - s * 0.08, s * 0.36, small, size=s * 0.95,
                         min_size=3.0, colour=JUNK_LABEL, align=Align.RIGHT,
                         valign=VAlign.MIDDLE))
    return out


def _lying(state: Any, viewer: int, sq: int, x: float, y: float) -> list[Item]:
    """The junk tiles lying on a square: a stack, the letters the viewer's team has seen."""
    tiles = state.sq_tiles[sq]
    if not tiles:
        return []
    known = [t for t in tiles if viewer == EVERYONE or (
        viewer >= 0 and state.known[viewer][t])]
    face = "".join(_letter(state, t) for t in known[:3]) if known else None
    if face is not None and len(known) < len(tiles):
        face += "+"
    # Face down: smaller than the square, so the maze's walls stay easy to read.
    s = UNIT * (0.8 if face is not None else 0.6)
    off = (UNIT - s) / 2 if face is None else UNIT * 0.06
    out: list[Item] = []
    if len(tiles) > 1:  # the tiles under the top one peek out
        out.append(Rect(x + off + UNIT * 0.08, y + off + UNIT * 0.08, s, s, fill=JUNK_BACK,
                        stroke=INK, stroke_width=0.15, radius=s * 0.12))
    out += _junk_tile(x + off, y + off, s, face)
    if len(tiles) > 1:
        out.append(_badge(x + UNIT * 0.04, y + UNIT * 0.62, f"{len(tiles)}", JUNK_LINE, INK))
    return out


def _badge(x: float, y: float, text: str, fill: str, colour: str) -> Item:
    return Group((Rect(x, y, UNIT * 0.36, UNIT * 0.32, fill=fill, stroke=INK, stroke_width=0.15,
                       radius=0.6),
                  _text(x, y, UNIT * 0.36, UNIT * 0.32, text, size=7.0, min_size=4.0,
                        font="Vera-Bold", colour=colour, align=Align.CENTER,
                        valign=VAlign.MIDDLE)))


# Where discs sit in a square (fractions of a square): up to 4 workers in its quarters (the
# first bottom right, so the letter of a tile under them shows), more in a 3x2 grid.
_QUARTERS = ((0.72, 0.72), (0.72, 0.28), (0.28, 0.72), (0.28, 0.28))
_SIXTHS = ((0.17, 0.3), (0.5, 0.3), (0.83, 0.3), (0.17, 0.72), (0.5, 0.72), (0.83, 0.72))


def _disc(cx: float, cy: float, r: float, seat: int, text: str, ring: bool) -> list[Item]:
    out: list[Item] = []
    if ring:  # white inside black: it shows on every team colour and on the black zone
        out.append(Circle(cx, cy, r + 1.15, fill=None, stroke=INK, stroke_width=0.6))
        out.append(Circle(cx, cy, r + 0.5, fill=None, stroke="white", stroke_width=0.9))
    out.append(Circle(cx, cy, r, fill=_colour(seat), stroke=INK, stroke_width=0.3))
    out.append(_text(cx - r, cy - r, 2 * r, 2 * r, text, size=r * 3.6, min_size=4.0,
                     font="Vera-Bold", colour=_on(seat), align=Align.CENTER,
                     valign=VAlign.MIDDLE))
    return out


def _workers(state: Any, viewer: int, sq: int, ws: list[int], x: float, y: float
             ) -> list[Item]:
    """The workers on one square; a crowd (5 or more) as one disc per team with a count."""
    out: list[Item] = []
    moving = None if state.over else state.current
    if len(ws) <= len(_QUARTERS):
        r = UNIT * 0.24
        for w, (fx, fy) in zip(ws, _QUARTERS, strict=False):
            p, k = divmod(w, WORKERS)
            cx, cy = x + fx * UNIT, y + fy * UNIT
            ring = p == moving and not state.turn_over and state.remaining(w) > 0
            out += _disc(cx, cy, r, p, str(k + 1), ring)
            load = len(state.w_load[w])
            if load:  # the objects he carries: a junk tile on his shoulder
                s = UNIT * 0.24
                face = (_role(state, state.w_load[w][0]) if load == 1 else str(load)
                        ) if _sees_all(state, viewer, p) else (None if load == 1 else str(load))
                out += _junk_tile(cx + r * 0.35, cy - r * 1.25, s, face)
        return out
    teams = sorted({w // WORKERS for w in ws})
    spots = _QUARTERS[::-1] if len(teams) <= 4 else _SIXTHS
    r = UNIT * (0.27 if len(teams) <= 4 else 0.17)
    for p, (fx, fy) in zip(teams, spots, strict=False):
        mine = [w for w in ws if w // WORKERS == p]
        ring = p == moving and not state.turn_over and any(state.remaining(w) > 0 for w in mine)
        text = f"\u00d7{len(mine)}" if len(mine) > 1 else str(mine[0] % WORKERS + 1)
        out += _disc(x + fx * UNIT, y + fy * UNIT, r, p, text, ring)
    return out


def _card(x: float, y: float, w: float, h: float, word: str | None, number: int,
          chosen: bool, faded: bool) -> list[Item]:
    """A machine card: face up (its word) or face down (``word`` None)."""
    out: list[Item] = []
    if chosen:
        out.append(Rect(x - 0.9, y - 0.9, w + 1.8, h + 1.8, fill=None, stroke=CHOSEN,
                        stroke_width=0.8, radius=1.8))
    if word is None:
        out += [Rect(x, y, w, h, fill=CARD_BACK, stroke=INK, stroke_width=0.2, radius=1.2),
                Rect(x + 1, y + 1, w - 2, h - 2, fill=None, stroke=JUNK_LINE, stroke_width=0.3,
                     radius=0.8),
                _text(x + 1, y + 1, w - 2, h - 2, f"machine {number}", size=8.0,
                      font="Vera-Bold", colour=JUNK_LINE, align=Align.CENTER,
                      valign=VAlign.MIDDLE)]
        return out
    out += [Rect(x, y, w, h, fill=CARD_PAPER, stroke=INK if not faded else "#aaaaaa",
                 stroke_width=0.3, radius=1.2),
            _text(x + 1, y + 0.4, w - 2, h * 0.36, f"machine {number}", size=7.5,
                  colour=JUNK_LABEL if not faded else "#aaaaaa", align=Align.CENTER,
                  valign=VAlign.MIDDLE),
            _text(x + 0.8, y + h * 0.34, w - 1.6, h * 0.62, word, size=12.0, min_size=6.0,
                  font="Vera-Bold", colour=INK if not faded else "#999999", align=Align.CENTER,
                  valign=VAlign.MIDDLE)]
    return out


@dataclass(frozen=True)
class _Row:
    """Where one team's row of the panel lies."""

    y: float
    h: float


def _rows(players: int, top: float) -> list[_Row]:
    h = min(34.0, (MAZE_Y + MAZE + 16 - top) / players - 2.0)
    return [_Row(top + k * (h + 2.0), h) for k in range(players)]


CARD_W, CARD_H = 24.0, 13.0


def card_box(state: Any, p: int, j: int) -> tuple[float, float, float, float]:
    """Where team ``p``'s machine card ``j`` (0 or 1) is drawn: x, y, w, h in mm."""
    row = _rows(state.players, _bag_bottom(state))[p]
    return PANEL_X + 2 + j * (CARD_W + 2), row.y + 7.5, CARD_W, _card_h(row)


def _card_h(row: _Row) -> float:
    """Cards as tall as the row leaves under the name and over the links (9 to 13 mm)."""
    return max(9.0, min(CARD_H, row.h - 13.0))


def _team(state: Any, viewer: int, p: int, row: _Row) -> list[Item]:
    """One team's row: name, machine cards, pile, carried objects, links."""
    x0, y0 = PANEL_X, row.y
    mine = _sees_all(state, viewer, p)
    moving = not state.over and state.current == p
    won = state.over and state.winner == p
    out: list[Item] = [Rect(x0, y0, PANEL_W, row.h, fill=PANEL_FILL, stroke=_colour(p),
                            stroke_width=1.4 if moving or won else 0.5, radius=1.5)]
    if moving or won:
        out.append(Rect(x0, y0, PANEL_W, 6.5, fill=_colour(p), stroke=None, radius=1.5))
    head = _on(p) if moving or won else INK
    out.append(Circle(x0 + 4, y0 + 3.3, 2.6, fill="white", stroke=None))
    out += _disc(x0 + 4, y0 + 3.3, 2.1, p, "", False)
    out.append(_text(x0 + 7.5, y0 + 0.4, 56, 6, seat_name(p), size=10.0, font="Vera-Bold",
                     colour=head, valign=VAlign.MIDDLE))
    status = ("wins" if won else "to move" if moving else "")
    if state.broken[p]:
        status = (status + " \u00b7 " if status else "") + "test failed: debugging"
    if status:
        out.append(_text(x0 + 52, y0 + 0.4, PANEL_W - 54, 6, status, size=9.0,
                         font="Vera-Bold", colour=head if status in ("to move", "wins") else (
                             BROKEN if not (moving or won) else head), align=Align.RIGHT,
                         valign=VAlign.MIDDLE))
    # The two machine cards: the owner sees both, the others see backs until a test reveals one.
    chosen = state.machine[p]
    for j, card in enumerate(state.cards[p]):
        x, y, w, h = card_box(state, p, j)
        shown = mine or (_revealed(state, p) and card == chosen)
        word = state.deck[card] if shown else None
        is_chosen = card == chosen and (mine or _revealed(state, p))
        out += _card(x, y, w, h, word, j + 1, is_chosen,
                     faded=chosen >= 0 and card != chosen and mine)
    # The pile (face up to all), then what the workers carry (face down to the others).
    tx = PANEL_X + 2 + 2 * (CARD_W + 2) + 1
    s = 6.4
    room = int((PANEL_X + PANEL_W - 1.5 - tx) // (s + 0.6))
    pile = _pile(state, p)
    need = Counter(state.deck[chosen]) if chosen >= 0 and mine else None
    out.append(_text(tx, y0 + 6.8, PANEL_X + PANEL_W - tx - 1, 4.2,
                     f"pile in the zone: {len(pile) or 'empty'}", size=8.5, colour=JUNK_LABEL))
    ty = y0 + 11.2
    shown_pile = pile[:room]
    for k, t in enumerate(shown_pile):
        face = _role(state, t)
        letter = face[-1]
        useful = need is not None and need[letter] > 0
        if need is not None and useful:
            need[letter] -= 1
        out += _junk_tile(tx + k * (s + 0.6), ty, s, face if len(face) == 1 else "?",
                          small=letter if len(face) > 1 else "")
        if useful:
            out.append(Rect(tx + k * (s + 0.6) - 0.35, ty - 0.35, s + 0.7, s + 0.7, fill=None,
                            stroke="#3c8d40", stroke_width=0.6, radius=1.0))
    if len(pile) > room:
        out.append(_text(tx, ty + s, 40, 3.4, f"+{len(pile) - room} more", size=7.5,
                         colour=JUNK_LABEL))
    carried = _carried(state, p)
    cy = ty + s + 1.2
    if row.h >= cy - y0 + 9 and carried:
        out.append(_text(tx, cy, 40, 4.2, "carried by the workers", size=8.5,
                         colour=JUNK_LABEL))
        for k, (w, t) in enumerate(carried[:room]):
            role = _role(state, t) if mine else None
            out += _junk_tile(tx + k * (s + 0.6), cy + 4.4, s * 0.85,
                              None if role is None else (role if len(role) == 1 else "?"),
                              small=f"w{w + 1}" if role is not None else "")
    elif carried:  # no room for a second row of tiles: say it
        out.append(_text(tx, ty + s + 0.4, PANEL_X + PANEL_W - tx - 1.5, 4.2,
                         f"carried: {len(carried)}", size=8.5, colour=JUNK_LABEL))
    # Links: one bar of LINK_MA per link; the owner sees how many the machine needs.
    lx, ly = PANEL_X + 2, y0 + 7.5 + _card_h(row) + 1.8
    if ly + 3.5 <= y0 + row.h:
        done, ma = state.links[p], state.link_ma[p]
        total = state.length[p] - 1 if mine and chosen >= 0 else None
        label = (f"links {done} of {total}" if total is not None else f"links {done}")
        out.append(_text(lx, ly - 0.8, 20, 4.4, label, size=8.5, colour=INK,
                         valign=VAlign.MIDDLE))
        bars = max(total or 0, done + (1 if ma else 0), 1)
        bw = min(8.0, (2 * CARD_W + 2 - 20) / bars - 0.6) if bars else 8.0
        for k in range(bars):
            bx = lx + 20 + k * (bw + 0.6)
            part = 1.0 if k < done else (ma / LINK_MA if k == done else 0.0)
            out.append(Rect(bx, ly, bw, 2.8, fill="white", stroke=INK, stroke_width=0.2))
            if part > 0:
                out.append(Rect(bx, ly, bw * part, 2.8, fill=_colour(p), stroke=None))
    return out


def _bag_bottom(state: Any) -> float:
    letters = len(set(state.tile_letter))
    rows = -(-letters // 9)
    return MAZE_Y + 7 + rows * 10.2 + 3


def _bag(state: Any) -> list[Item]:
    """The junk bag: every letter with the tiles of it not yet in a pile."""
    left = _bag_left(state)
    codes = sorted(set(state.tile_letter))
    total = sum(left.values())
    out: list[Item] = [_text(PANEL_X, MAZE_Y, PANEL_W, 6,
                             f"Junk bag: {total} of {len(state.tile_letter)} tiles not yet in a "
                             "pile", size=10.0, font="Vera-Bold", valign=VAlign.MIDDLE)]
    s = 9.6
    for k, code in enumerate(codes):
        x = PANEL_X + (k % 9) * (s + 1.0)
        y = MAZE_Y + 7 + (k // 9) * (s + 0.6)
        n = left[code]
        face = "?" if code == BLANK else LETTERS[code]
        if n:
            out += _junk_tile(x, y, s, face, small=f"\u00d7{n}")
        else:
            out += [Rect(x, y, s, s, fill="#eeeeee", stroke="#cccccc", stroke_width=0.2,
                         radius=s * 0.12),
                    _text(x, y, s, s * 0.78, face, size=s * 2.0, min_size=4.0,
                          font="Vera-Bold", colour="#bbbbbb", align=Align.CENTER,
                          valign=VAlign.MIDDLE)]
    return out


def _banner(state: Any, text: str) -> list[Item]:
    p = state.winner if state.over else state.current
    return [Rect(0, 0, WIDTH, HEADER - 2.5, fill=_colour(p), stroke=INK, stroke_width=0.3,
                 radius=2.0),
            _text(3, 0, WIDTH - 6, HEADER - 2.5, text, size=14.0, min_size=8.0,
                  font="Vera-Bold", colour=_on(p), valign=VAlign.MIDDLE)]


# ---------------------------------------------------------------- the view

def _square_label(state: Any, viewer: int, sq: int, ws: Sequence[int]) -> str:
    text = act.square_name(sq)
    if sq == state.tb.zone:
        text += ": construction zone"
    elif not 0 <= NODES[sq][0] < BOARD or not 0 <= NODES[sq][1] < BOARD:
        text += ": outside track"
    parts = []
    tiles = state.sq_tiles[sq]
    if tiles:
        seen = [_letter(state, t) for t in tiles if viewer == EVERYONE or (
            viewer >= 0 and state.known[viewer][t])]
        parts.append(f"{len(tiles)} junk tile{'s' if len(tiles) > 1 else ''}"
                     + (f" ({', '.join(seen)} seen)" if seen else " face down"))
    for w in ws:
        p, k = divmod(w, WORKERS)
        parts.append(f"{COLOURS[p % len(COLOURS)][0].lower()} worker {k + 1}")
    return text + (" \u00b7 " + "; ".join(parts) if parts else "")


class JunkyardWarsView:
    """The table's view of Junkyard Wars (``pnp.games.view.BoardView``)."""

    hides_information = True  # machine cards, searched tiles and carried objects

    def board(self, state: Any, viewer: int) -> Board:
        """The maze with junk and workers, the junk bag and every team's row."""
        static = _static(state.tb)
        items: list[Item] = [*_banner(state, self.turn(state)), Group(static.items)]
        at_square: dict[int, list[int]] = {}
        for w, sq in enumerate(state.w_sq):
            at_square.setdefault(sq, []).append(w)
        for sq, tiles in enumerate(state.sq_tiles):
            if tiles:
                items += _lying(state, viewer, sq, *static.squares[sq])
        for sq, ws in sorted(at_square.items()):
            items += _workers(state, viewer, sq, ws, *static.squares[sq])
        items += _bag(state)
        for p, row in enumerate(_rows(state.players, _bag_bottom(state))):
            items += _team(state, viewer, p, row)
        height = max(MAZE_Y + MAZE, _rows(state.players, _bag_bottom(state))[-1].y
                     + _rows(state.players, _bag_bottom(state))[-1].h) + 1
        spots = []
        for sq, (x, y) in enumerate(static.squares):
            spots.append(Spot(square_key(sq), polygon=(
                (x, y), (x + UNIT, y), (x + UNIT, y + UNIT), (x, y + UNIT)),
                label=_square_label(state, viewer, sq, at_square.get(sq, ()))))
        if not state.over and state.machine[state.current] < 0:
            p = state.current
            for j in (0, 1):
                x, y, cw, ch = card_box(state, p, j)
                spots.append(Spot(f"card {j + 1}", polygon=((x, y), (x + cw, y),
                                                            (x + cw, y + ch), (x, y + ch)),
                                  label=f"{seat_name(p)}: machine card {j + 1}"))
        return Board(Drawing(WIDTH, height, tuple(items), name="junkyard-wars"), tuple(spots))

    def seats(self, state: Any, viewer: int) -> list[SeatView]:
        """Each team: machine, pile, links, tests, carried objects, actions left."""
        out = []
        for p in range(state.players):
            mine = _sees_all(state, viewer, p)
            chosen = state.machine[p]
            lines: list[tuple[str, str]] = []
            words = [state.deck[c] for c in state.cards[p]]
            if mine:
                lines.append(("Machine cards", ", ".join(
                    f"{j + 1}. {word}" + (" (building)" if c == chosen else "")
                    for j, (c, word) in enumerate(zip(state.cards[p], words, strict=True)))))
            elif _revealed(state, p):
                lines.append(("Machine", state.deck[chosen] + " (revealed by the test)"))
            else:
                lines.append(("Machine cards", "2, face down"))
            pile = [_role(state, t) for t in _pile(state, p)]
            if mine and chosen >= 0:
                lines.append(("Objects", f"{min(state.matched[p], state.length[p])} of "
                              f"{state.length[p]} in the pile"))
            lines.append(("Pile", " ".join(pile) if pile else "empty"))
            links = f"{state.links[p]}"
            if (mine or _revealed(state, p)) and chosen >= 0:
                links += f" of {state.length[p] - 1}"
            lines.append(("Links", f"{links} \u00b7 {state.link_ma[p]} of {LINK_MA} MA on "
                          "the next"))
            if state.tests[p] or state.broken[p]:
                text = f"{state.tests[p]} thrown"
                if state.broken[p]:
                    text += f"; failed, debugging ({state.debug_ma[p]} MA this turn)"
                lines.append(("Tests", text))
            carried = _carried(state, p)
            if carried:
                lines.append(("Carrying", ", ".join(
                    f"worker {w + 1}: {_role(state, t) if mine else 'an object'}"
                    for w, t in carried)))
            if not state.over and state.current == p:
                lines.append(("Actions left", ", ".join(
                    f"worker {k + 1}: {state.remaining(p * WORKERS + k)}"
                    for k in range(WORKERS))))
            score = (f"{progress(state, p):.0%} built" if (mine or _revealed(state, p))
                     and chosen >= 0 else "")
            out.append(SeatView(p, seat_name(p), _colour(p), tuple(lines), score))
        return out

    def turn(self, state: Any) -> str:
        """"Red player (P1) to move · round 3 · 14 of 60 minutes"."""
        limit = state.max_player_turns * state.minutes_per_turn
        clock = f"{state.minutes:g} of {limit:g} minutes"
        if state.over:
            return f"{seat_name(state.winner)} wins \u00b7 round {state.round} \u00b7 {clock}"
        text = f"{seat_name(state.current)} to move \u00b7 round {state.round} \u00b7 {clock}"
        if state.turn_over:
            return text + " \u00b7 the test ended the turn"
        if state.round == 1 and state.stagger:
            text += (f" \u00b7 first turn: {state.base} action{'' if state.base == 1 else 's'} "
                     "a worker")
        return text

    def kind(self, action: Any) -> str:
        """The action's group in the list."""
        return _KINDS.get(type(action).__name__, type(action).__name__)

    def label(self, state: Any, action: Any) -> str:
        """Short text: "worker 1 to 7/3", "worker 2: 3 MA"."""
        name = type(action).__name__
        if name == "ChooseMachine":
            return f"card {action.card + 1}: {action.word}"
        if name in ("Move", "MoveTogether"):
            return f"worker {action.worker + 1} to {act.square_name(action.square)}"
        if name == "Travel":
            return f"worker {action.worker + 1} toward {act.square_name(action.square)}"
        if name == "Search":
            return f"worker {action.worker + 1}"
        if name == "PickUp":
            text = f"worker {action.worker + 1}: {letter_name(action.letter)} (tile {action.tile})"
            return text + (f" as {letter_name(action.role)}" if action.letter == BLANK else "")
        if name in ("Drop", "Share", "Release"):
            return (f"worker {action.worker + 1}: {letter_name(action.letter)} "
                    f"(tile {action.tile})")
        if name in ("Assemble", "Debug"):
            return f"worker {action.worker + 1}: {action.ma} MA"
        if name == "Trade":
            return (f"{letter_name(action.letter)} for P{action.other + 1}'s "
                    f"{letter_name(action.take_letter)}")
        if name == "Test":
            return f"throw the switch (d100 of {TEST_WORKS} or less works)"
        return str(action)

    def spot(self, state: Any, action: Any) -> str | None:
        """A move or travel: its square; a worker's own action: his square; a machine card."""
        name = type(action).__name__
        p = state.current
        if name in ("Move", "MoveTogether", "Travel"):
            return square_key(action.square)
        if name in ("Search", "PickUp", "Drop", "Share", "Release", "Assemble", "Debug"):
            return square_key(state.w_sq[p * WORKERS + action.worker])
        if name == "ChooseMachine":
            return f"card {action.card + 1}"
        if name == "Test":
            return square_key(state.tb.zone)
        return None

    def hide(self, seat: int, line: str, viewer: int) -> str:
        """The log as another player may read it: "objects carried by an individual worker may
        only be looked at by that worker's owner", a search is "looking all tile(s)" (the
        searcher's alone), and the machine cards are dealt "face down" until the test reveals
        one. A tile's number names its letter too (the box numbers them letter by letter)."""
        if viewer == seat:  # every such line is of the player whose step it is
            return line
        return _TILE.sub("a tile", _CHOSEN.sub(r"\1", line))

    def result(self, state: Any) -> Result:
        """Who won, how, and every team's progress as the rulebook counts "furthest along"."""
        win = state.winner
        how_ended = ending(state)
        word = state.deck[state.machine[win]] if state.machine[win] >= 0 else "no machine"
        if how_ended == 0:
            how = (f"its {word} passed its test (d100 of {TEST_WORKS} or less) in round "
                   f"{state.round}")
        elif how_ended == 1:
            how = f"its {word} worked when the time was up and the finished machines were tested"
        else:
            how = (f"furthest along when the time was up: {progress(state, win):.0%} of its "
                   f"{word}'s steps done")
        headers = ("", *(seat_name(p) for p in range(state.players)))
        rows: list[tuple[str, ...]] = []

        def row(name: str, cell: Any) -> None:
            rows.append((name, *(cell(p) for p in range(state.players))))

        n = state.length
        row("Machine", lambda p: state.deck[state.machine[p]] if state.machine[p] >= 0 else "-")
        row("Objects in the pile", lambda p: f"{min(state.matched[p], n[p])} of {n[p]}")
        row("Links made", lambda p: f"{state.links[p]} of {max(0, n[p] - 1)}")
        row("MA on the next link", lambda p: f"{state.link_ma[p]} of {LINK_MA}")
        row("Failed, not fixed", lambda p: "yes: 1 step less" if state.broken[p] else "no")
        row("Tests thrown", lambda p: str(state.tests[p]))
        if state.by_time:
            row("Test when time was up", lambda p: {WORKS: "works", FAILED: "failed"}.get(
                state.hour_test[p], "none"))
        row("Steps done", lambda p: f"{progress(state, p) * max(0, 2 * n[p] - 1):.2f} of "
            f"{max(0, 2 * n[p] - 1)}")
        row("Total", lambda p: f"{progress(state, p):.1%}")
        return Result(f"{seat_name(win)} wins", how, headers, tuple(rows))


_KINDS = {"ChooseMachine": "Choose a machine", "Move": "Move", "MoveTogether": "Move together",
          "Travel": "Travel", "Search": "Search", "PickUp": "Pick up", "Drop": "Drop",
          "Share": "Carry together", "Release": "Carry together", "Assemble": "Assemble",
          "Debug": "Debug", "Test": "Test the machine", "Trade": "Trade",
          "EndTurn": "End the turn"}

VIEW = JunkyardWarsView()
