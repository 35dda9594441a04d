"""Junkyard Wars full-page sheets: session setup, tracking sheet, one-page rules summary.

Each function returns the items of one page body (origin at the top-left margin corner) laid
out for the smaller of A4 and Letter, wrapped by ``pnp.layout.impose.sheet_page`` with the
footer of the pack. Every rule number printed here comes from ``rules.py`` (``{LINK_MA}``), never
typed as a literal, so the sheets say what the rules and the simulator do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.games.junkyard_wars.generate import BOARD, TRACK, Gap, SessionBoard
from pnp.games.junkyard_wars.maze import DELTA
from pnp.games.junkyard_wars.printables import (
    INK,
    JUNK_GREY,
    LABEL,
    LABEL_CORNER,
    arrowhead,
    wall_rects,
    wall_segments,
)
from pnp.games.junkyard_wars.rules import (
    BASE_ACTIONS,
    CARRY_PENALTY,
    GAME_MINUTES,
    LINK_MA,
    MAX_PLAYERS,
    SHARED_CARRY_PENALTY,
    TEST_WORKS,
    WORKERS,
    stagger_multiplier,
)
from pnp.layout.draw import Align, Drawing, Path, Rect, TextBox, VAlign
from pnp.layout.impose import sheet_area, sheet_page
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import fit_text

TRACK_FILL = "#e4edf6"
GAP_FILL = "#a9c8e8"
TILE_INK = "#1f5fa8"
ROWS = ("top", "middle", "bottom")
COLS = ("left", "centre", "right")
TURN = {0: "none (0°)", 90: "90° clockwise", 180: "180°", 270: "90° anticlockwise"}
MIN_TEXT = 6.0  # points: nothing a player must read is smaller


def duration() -> str:
    """The game's time limit in words: 'one hour' (GAME_MINUTES)."""
    return "one hour" if GAME_MINUTES == 60 else f"{GAME_MINUTES} minutes"


def place_name(row: int, col: int) -> str:
    """'top left', 'centre', ... for a place in the 3x3 layout."""
    if (row, col) == (1, 1):
        return "centre"
    return f"{ROWS[row]} {COLS[col]}" if row != 1 else f"middle {COLS[col]}"


def _text(x, y, w, h, text, size=9.0, **kw) -> TextBox:
    return TextBox(x, y, w, h, text, size=size, min_size=kw.pop("min_size", min(size, MIN_TEXT)),
                   **kw)


def _table(x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence[str]],
           row_h: float, size: float = 8.0) -> list:
    """A ruled table; the first row is the header (bold, shaded)."""
    items: list = []
    for k, row in enumerate(rows):
        cx = x
        yy = y + k * row_h
        for w, cell in zip(widths, row, strict=True):
            items.append(Rect(cx, yy, w, row_h, fill="#ece6da" if k == 0 else None,
                              stroke="#888888", stroke_width=0.2))
            items.append(_text(cx + 1.2, yy, w - 2.4, row_h, cell, size=size,
                               font="Vera-Bold" if k == 0 else "Vera", valign=VAlign.MIDDLE))
            cx += w
    return items


# ---------------------------------------------------------------- setup sheet

def board_picture(board: SessionBoard, x: float, y: float, unit: float) -> list:
    """The assembled 15x15 maze with its outside track, junk squares, gaps and construction zone."""
    items: list = []

    def at(r: int, c: int) -> tuple[float, float]:
        return x + (c + 1) * unit, y + (r + 1) * unit

    gap_outside = {g.outside for g in board.gaps}
    for sq in TRACK:
        px, py = at(*sq)
        items.append(Rect(px, py, unit, unit, fill=GAP_FILL if sq in gap_outside else TRACK_FILL,
                          stroke="#9fb3c8", stroke_width=0.15))
    junk = set(board.junk_squares)
    for r in range(BOARD):
        for c in range(BOARD):
            px, py = at(r, c)
            fill = "black" if (r, c) == board.construction_zone else (
                JUNK_GREY if (r, c) in junk else "white")
            items.append(Rect(px, py, unit, unit, fill=fill, stroke="#cfcfcf", stroke_width=0.15))
    cz = at(*board.construction_zone)
    items.append(_text(cz[0], cz[1], unit, unit, "CZ", size=unit * 1.3, font="Vera-Bold",
                       colour="white", align=Align.CENTER, valign=VAlign.MIDDLE))
    for g in board.gaps:
        items.append(_gap_arrow(g, at, unit))
    items += wall_rects(wall_segments(board.walls), unit, max(0.5, unit * 0.09), INK,
                        x + unit, y + unit)
    size = max(MIN_TEXT, unit * 0.85)  # points
    for p in board.placement:  # each 5x5 tile outlined, as it lies on the table
        left, top = at(p.row * 5, p.col * 5)
        items.append(Rect(left, top, 5 * unit, 5 * unit, fill=None, stroke=TILE_INK,
                          stroke_width=max(0.3, unit * 0.05)))
    for p in board.placement:
        # Written in the corner where the tile's printed id label ends up after its turn, on a
        # see-through tag: the text reads clearly and the walls under it still show.
        right = p.rotation in (90, 180)
        bottom = p.rotation in (180, 270)
        text = f"{p.tile}{p.side} {p.rotation}°"
        tw = len(text) * size * MM_PER_POINT * 0.68 + unit * 0.3
        th = unit * 0.62
        left, top = at(p.row * 5, p.col * 5)
        tx = left + 5 * unit - unit * 0.2 - tw if right else left + unit * 0.2
        ty = top + 5 * unit - unit * 0.2 - th if bottom else top + unit * 0.2
        items.append(Rect(tx, ty, tw, th, fill="#ffffffb3", stroke=TILE_INK,
                          stroke_width=max(0.2, unit * 0.03), radius=unit * 0.1))
        items.append(_text(tx, ty, tw, th, text, size=size, font="Vera-Bold", colour=TILE_INK,
                           align=Align.CENTER, valign=VAlign.MIDDLE))
    return items


def _gap_arrow(g: Gap, at, unit: float) -> Path:
    ox, oy = at(*g.outside)
    dr, dc = DELTA[g.side]
    a = unit * 0.3
    tip = (ox + unit / 2 + dc * a, oy + unit / 2 + dr * a)
    return arrowhead(tip, g.side, 2 * a, a, closed=True, fill=TILE_INK, stroke=None)


def setup_sheet(board: SessionBoard, page: tuple[float, float], footer: str, *, players: int,
                tiles_code: str = "", square_mm: float = 20.0) -> Drawing:
    """The session setup sheet: placement table, board picture, seed code, setup steps."""
    aw, ah = sheet_area(page)
    items: list = [
        _text(0, 0, aw, 9, "Junkyard Wars - session setup", size=16, font="Vera-Bold"),
        _text(0, 9.5, aw, 5, f"{players} players · tiles of seed code "
              f"{tiles_code or board.seed_code} · tile {board.unused_tile} stays in the box",
              size=9),
    ]
    unit = min(7.6, (aw - 62) / (BOARD + 2))
    pic = unit * (BOARD + 2)
    items += board_picture(board, 0, 17, unit)
    rx, rw = pic + 5, aw - pic - 5
    items += [_text(rx, 17, rw, 5, "Seed code", size=9, colour=LABEL),
              _text(rx, 22, rw, 8, board.seed_code, size=15, font="Vera-Bold")]
    mini = min(18.0, rw / 3)
    items.append(_text(rx, 33, rw, 5, "Tiles from above (id, side, turn clockwise)", size=8,
                       font="Vera-Bold"))
    for p in board.placement:
        bx, by = rx + p.col * mini, 39 + p.row * mini
        items.append(Rect(bx, by, mini, mini, fill="#f6f1e7", stroke=INK, stroke_width=0.3))
        items.append(_text(bx, by + 1, mini, mini * 0.55, f"{p.tile}{p.side}", size=13,
                           font="Vera-Bold", align=Align.CENTER, valign=VAlign.MIDDLE))
        items.append(_text(bx, by + mini * 0.55, mini, mini * 0.4, f"{p.rotation}°", size=8,
                           align=Align.CENTER, valign=VAlign.MIDDLE))
    ly = 39 + 3 * mini + 5
    legend = [(JUNK_GREY, f"junk square: one face-down junk tile ({len(board.junk_squares)})"),
              ("black", "construction zone: all workers start here"),
              (GAP_FILL, f"gap in the outer wall ({len(board.gaps)})"),
              (TRACK_FILL, "outside track: 1 move per square")]
    for k, (fill, text) in enumerate(legend):
        items.append(Rect(rx, ly + k * 9, 5, 5, fill=fill, stroke="#888888", stroke_width=0.2))
        items.append(_text(rx + 7, ly + k * 9 - 0.5, rw - 7, 8, text, size=7.5))
    ty = 17 + pic + 5
    rows = [["Place", "Tile", "Side up", "Turn", "Id label ends up"]]
    for p in sorted(board.placement, key=lambda p: (p.row, p.col)):
        rows.append([place_name(p.row, p.col), str(p.tile), p.side, TURN[p.rotation],
                     LABEL_CORNER[p.rotation]])
    widths = [w * aw for w in (0.2, 0.1, 0.12, 0.26, 0.32)]
    items += _table(0, ty, widths, rows, 5.2)
    sy = ty + 10 * 5.2 + 4
    steps = (
        f"1. Lay the nine tiles 3x3 as above ({square_mm:g} mm squares). Turn is clockwise from "
        "upright (the small triangle and id label at the top left, reading normally).\n"
        f"2. Shuffle the {len(board.junk_squares)} junk tiles face down and put one on each grey "
        "square.\n"
        f"3. Each player takes a tracking sheet, chooses a colour and puts {WORKERS} workers in "
        "the construction zone (CZ).\n"
        "4. Shuffle the machine deck and deal two cards face down to each player.\n"
        "5. Roll the percentile dice: highest starts (00 counts as 100); play goes clockwise.\n"
        f"6. Workers may leave through the {len(board.gaps)} gaps and walk round the outer wall on "
        "the outside track (one move per square) to re-enter at another gap.")
    items.append(_text(0, sy, aw, ah - sy, steps, size=8.5, leading=1.3))
    return sheet_page(page, items, footer, name="setup")


# ---------------------------------------------------------------- tracking sheet

def tracking_sheet(page: tuple[float, float], footer: str, *, player: int, players: int,
                   max_links: int = 11) -> Drawing:
    """One player's tracking sheet: machine, objects collected, link counters, debug log."""
    aw, ah = sheet_area(page)
    items: list = [
        _text(0, 0, aw * 0.7, 9, "Junkyard Wars - tracking sheet", size=16, font="Vera-Bold"),
        _text(aw * 0.7, 1, aw * 0.3, 8, f"player {player} of {players}", size=10,
              align=Align.RIGHT),
        _text(0, 11, aw, 6, "Name ______________________   Colour ______________   "
              "Seat (1 = first) ____", size=9.5),
        _text(0, 19, aw, 6, "Machine cards: 1. ____________________   2. ____________________"
              "   Building: ____________________", size=9.5),
    ]
    y = 28.0
    items.append(_text(0, y, aw, 5, "Objects in your construction zone (write each letter as "
                       "it is offloaded there; blanks: write what they stand for)", size=8.5,
                       font="Vera-Bold"))
    box = min(13.0, aw / 12 - 1)
    for k in range(12):
        items.append(Rect(k * (box + 1), y + 6, box, box, fill=None, stroke=INK,
                          stroke_width=0.3, radius=0.8))
    y += 6 + box + 5
    items.append(_text(0, y, aw, 5, f"Links: {LINK_MA} MA each (one box per MA of work in the "
                       "construction zone); a machine of n objects needs n - 1 links",
                       size=8.5, font="Vera-Bold"))
    y += 6
    groups = math.ceil(LINK_MA / BASE_ACTIONS)  # one group of boxes per worker-turn of work
    cell = min(5.6, (aw - 22) / (LINK_MA + (groups - 1) * 0.5))
    for k in range(max_links):
        items.append(_text(0, y + k * (cell + 1.2), 20, cell, f"Link {k + 1}", size=7.5,
                           valign=VAlign.MIDDLE))
        for m in range(LINK_MA):
            bx = 20 + m * cell + (m // BASE_ACTIONS) * cell * 0.5
            items.append(Rect(bx, y + k * (cell + 1.2), cell - 0.8, cell, fill=None,
                              stroke="#666666", stroke_width=0.2))
    y += max_links * (cell + 1.2) + 5
    items.append(_text(0, y, aw, 5, "Turns played (tick one per turn; the game ends after "
                       f"{duration()})", size=8.5, font="Vera-Bold"))
    y += 6
    tcell = aw / 20
    for k in range(40):
        bx, by = (k % 20) * tcell, y + (k // 20) * 6
        items.append(Rect(bx, by, tcell - 0.8, 5, fill=None, stroke="#666666", stroke_width=0.2))
        items.append(_text(bx, by, tcell - 0.8, 5, str(k + 1), size=6, colour="#999999",
                           align=Align.CENTER, valign=VAlign.MIDDLE))
    y += 17
    items.append(_text(0, y, aw, 5, f"Tests and debug log (test: d100 <= {TEST_WORKS} works, "
                       "00 = 100 fails; debug: at turn end d100 <= MA spent debugging this turn "
                       "finds the problem)", size=8.5, font="Vera-Bold", min_size=6.5))
    y += 7
    rows = [["Turn", "Test roll", "Works?", "Debug MA this turn", "Debug roll", "Found?"]]
    n_rows = max(4, int((ah - y) // 6.2) - 1)
    rows += [[""] * 6 for _ in range(n_rows)]
    widths = [w * aw for w in (0.1, 0.16, 0.12, 0.26, 0.2, 0.16)]
    items += _table(0, y, widths, rows, 6.0)
    return sheet_page(page, items, footer, name=f"tracking-{player}")


# ---------------------------------------------------------------- rules summary

RULES_SUMMARY: tuple[tuple[str, str], ...] = (
    ("Goal", "Build one of your two machines from junk found in the junkyard. The first player "
     f"whose machine passes its test wins. After {duration()}, the player furthest along wins."),
    ("Setup", "Nine maze tiles 3x3 (see the setup sheet), construction zone (CZ) at the centre. "
     f"Junk tiles face down on the grey squares. {WORKERS} workers per player in the CZ. Two "
     "machine cards each, face down. Percentile dice for the first player (00 = 100); play "
     "clockwise."),
    ("Your turn", "Give each worker its actions: move to an adjacent square (not through walls), "
     "search its square, or work in the CZ (assemble or debug). Workers may interleave actions. "
     "Picking up and dropping objects during a move is free."),
    ("Actions per worker", f"First turn only: {stagger_multiplier(2)}x (2 players), "
     f"{stagger_multiplier(3)}x (3 players) or {stagger_multiplier(MAX_PLAYERS)}x (4+ players) "
     "the number of players who played before you; the first player's workers do nothing. "
     f"Other turns: {BASE_ACTIONS} actions, -{CARRY_PENALTY} per object carried alone, "
     f"-{SHARED_CARRY_PENALTY} per object carried together (two or more workers on one object, "
     f"each pays {SHARED_CARRY_PENALTY})."),
    ("Searching", "One action: look at all junk tiles on the worker's square. Anybody may pick up "
     "dropped objects. An object is yours only once offloaded in your team's pile in the CZ "
     "(face up); objects carried are seen by their owner only."),
    ("Outside track", "Twelve gaps in the outer wall lead to the track around the maze: one move "
     "per square. Going round is often faster than going through."),
    ("Assembling", "A machine of n objects needs its n letters in your CZ pile and n - 1 links of "
     f"{LINK_MA} MA each. A worker in the CZ puts 1 MA of work per action. Count MA on the "
     f"tracking sheet (or a d{LINK_MA})."),
    ("Blank tiles", "A blank stands for any object. Once a player assigns it, it keeps that role "
     "(a player who first picks it up after it is dropped may redefine it)."),
    ("Testing", "With a worker in the CZ, throw the switch: reveal the card, roll d100. "
     f"{TEST_WORKS} or less works (00 = 100 fails) and you win. Testing ends your turn."),
    ("Debugging", "After a failed test, at the end of each turn roll d100: if it is at most the MA "
     f"spent debugging this turn, the problem is found and fixed ({LINK_MA} MA: about 1 in "
     f"{round(100 / LINK_MA)}). Then you may retest ({TEST_WORKS}% again)."),
    ("Time limit", f"The game ends after {duration()} (tick each turn on the tracking sheet). "
     "Then the player furthest along wins: the largest share of the machine's 2n - 1 steps done "
     "(n objects), one per object in your CZ pile and one per finished link (MA of an unfinished "
     f"link count in part, out of {LINK_MA}); a failed machine not yet fixed counts one step "
     "less. Ties: roll d100."),
    ("Trading", "Players may trade objects at any time."),
)


def rules_summary(page: tuple[float, float], footer: str) -> Drawing:
    """The one-page rules summary (introductory rules)."""
    aw, ah = sheet_area(page)
    items: list = [_text(0, 0, aw, 9, "Junkyard Wars - rules summary (introductory)", size=16,
                         font="Vera-Bold")]
    y = 14.0
    size = 10.5
    for heading, body in RULES_SUMMARY:
        items.append(_text(0, y, 42, 6, heading, size=size, font="Vera-Bold"))
        box = TextBox(44, y, aw - 44, ah - y, body, size=size, min_size=size)
        fitted = fit_text(box)
        items.append(box)
        y += max(6.0, len(fitted.lines) * size * 1.2 * MM_PER_POINT) + 4.5
    return sheet_page(page, items, footer, name="rules")


# ---------------------------------------------------------------- outside track

TRACK_SIDES = ("top", "right", "bottom", "left")
STRIP = 8  # squares a strip: 64 = 4 sides x 2 strips x 8


def track_ring() -> list[tuple[int, int]]:
    """The 64 outside-track squares clockwise from the top-left corner: each side takes the
    corner it starts from, so every side is 16 squares."""
    n = BOARD
    top = [(-1, c) for c in range(-1, n)]
    right = [(r, n) for r in range(-1, n)]
    bottom = [(n, c) for c in range(n, -1, -1)]
    left = [(r, -1) for r in range(n, -1, -1)]
    return top + right + bottom + left


def track_strips(board: SessionBoard, square_mm: float, code: str,
                 bleed: float = 3.0) -> list:
    """The outside track as 8 strips of 8 squares to lay around the board, numbered 1-64
    clockwise from the top-left corner; the squares facing a gap in the wall are marked."""
    from pnp.layout.draw import Component

    ring = track_ring()
    assert len(ring) == len(TRACK) == 4 * 2 * STRIP
    gaps = {g.outside for g in board.gaps}
    sq = square_mm
    out = []
    for k in range(0, len(ring), STRIP):
        side = TRACK_SIDES[k // (2 * STRIP)]
        items: list = [Rect(-bleed, -bleed, STRIP * sq + 2 * bleed, sq + 2 * bleed,
                            fill=TRACK_FILL, stroke=None)]
        for i, cell in enumerate(ring[k:k + STRIP]):
            x = i * sq
            if cell in gaps:
                items.append(Rect(x, 0, sq, sq, fill=GAP_FILL, stroke=None))
            if i:
                items.append(Path(points=((x, 0), (x, sq)), stroke="#7f93a8",
                                  stroke_width=0.3))
            items.append(_text(x + 3, 3, sq - 6, sq * 0.45, str(k + i + 1),
                               size=max(MIN_TEXT, min(14.0, sq * 0.6)), font="Vera-Bold",
                               colour=TILE_INK, align=Align.CENTER, valign=VAlign.MIDDLE))
            note = "gap" if cell in gaps else (side if i == 0 else "")
            if note:
                items.append(_text(x + 3, 3 + sq * 0.45, sq - 6, sq - 6 - sq * 0.45, note,
                                   size=MIN_TEXT, colour=LABEL, align=Align.CENTER,
                                   valign=VAlign.MIDDLE))
        name = f"track {k + 1}-{k + STRIP} ({side})"
        face = Drawing(STRIP * sq, sq, tuple(items), bleed=bleed, name=name)
        out.append(Component(front=face, back=None, count=1, name=name))
    return out
