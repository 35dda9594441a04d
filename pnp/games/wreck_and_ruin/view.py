"""Wreck and Ruin at the table (``pnp serve``): the session map with the vehicles on it.

The board is the map the session prints (``printables.map_drawing``: the seven tiles, rocks
with red borders, water with orange ones, the setup areas in their seat's tint, the tracker
numbers 1-6 of the tiles), at the same place on the page. Over it: the salvage sites (a red
ring contested, a green ring held: "flipped over to their green side"), every vehicle on the
board as a hex in its seat's colour (the printed tokens' colours) with a white pointer on its
front face, its DP pegholes along its back (orange a damage peg, black the wreck's last one),
a wreck dark with its seat's colour round it, a big rig over its two hexes. The empty corners
of the big hex hold whose turn it is with the AP tokens left (top left), the round tracker and
the event in play (top right), the salvage sites each player holds (bottom left) and a key.

A click spot is every hex of the map, ``"hex q,r"`` (axial, as the actions write them): a move
picks the hex its vehicle ends on (a big rig: its rear hex, where it pivots), an attack, ram,
salvage or repair the hex of its target (a big rig: its rear hex, where its label is), a full
throttle or a wreck's repair the vehicle's own hex. Salvage cards in hand and the faction card
not yet played are shown only to their owner.

Pure core: drawing primitives only, no IO.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pnp.games.view import EVERYONE, Board, Result, SeatView, Spot
from pnp.games.wreck_and_ruin.actions import Act, vehicle_text
from pnp.games.wreck_and_ruin.board import Board as MapBoard
from pnp.games.wreck_and_ruin.cards import CardDef, rules_text
from pnp.games.wreck_and_ruin.printables import (
    FACTIONS,
    GREY,
    HEX,
    INK,
    ORANGE,
    RED,
    SEAT_COLOURS,
    hex_corners,
    map_drawing,
    map_frame,
)
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE
from pnp.hexes import to_pixel
from pnp.layout.draw import Align, Circle, Drawing, Group, Item, Path, Point, Rect, TextBox, VAlign

__all__ = ["VIEW", "WreckView", "hex_key"]

#: Compass names of the facings (0 east, clockwise; the rulebook's hex faces).
FACINGS = ("E", "SE", "SW", "W", "NW", "NE")
#: Short names on the vehicle pieces, by roster name.
SHORT = {"scout-1": "S1", "scout-2": "S2", "buggy": "B", "wrecker": "W", "big-rig": "RIG",
         "drone": "D", "rhinax": "RX"}
GREEN = "#27ae60"           # the salvage token's uncontested side (printables' token back)
WRECK = "#333333"           # the vehicle token's wreck side
PANEL, PANEL_EDGE = "#fbf7ee", "#b8a88a"
HOLE = "#f6efe0"
PIECE = HEX * 0.76          # a vehicle piece's circumradius: a site's ring shows round it
SPACING = HEX * math.sqrt(3)  # centre to centre of neighbouring hexes


def hex_key(c: tuple[int, int]) -> str:
    """The spot key of hex ``c``: ``"hex q,r"``."""
    return f"hex {c[0]},{c[1]}"


def _short(vid: int) -> str:
    return vehicle_text(vid).split(" ", 1)[1]


# -- the static board: the printed map, the hexes' page positions and spot outlines ---------

class _Static:
    def __init__(self, board: MapBoard) -> None:
        minx, miny, self.w, self.h = map_frame(board)
        self.items = map_drawing(board).items
        self.centre: dict[tuple[int, int], Point] = {}
        self.outline: dict[tuple[int, int], tuple[Point, ...]] = {}
        for c in sorted(board.terrain, key=lambda c: (c[1], c[0])):
            x, y = to_pixel(c, HEX)
            self.centre[c] = (x - minx, y - miny)
            self.outline[c] = hex_corners(x - minx, y - miny, HEX)
        self.terrain = board.terrain
        self.position = board.position


@lru_cache(maxsize=16)
def _static(board: MapBoard) -> _Static:
    """Worked out once per map (a map hashes by identity)."""
    return _Static(board)


# -- pieces ----------------------------------------------------------------------------------

def _text_colour(seat: int) -> str:
    return INK if seat == 2 else "white"        # the Desertkin's yellow takes dark text


def _rig_outline(r: float) -> tuple[Point, ...]:
    """Two pointy-top hexes side by side along x (rear at 0, front at SPACING), as one."""
    a, b, d = r * math.sqrt(3) / 2, r / 2, SPACING
    return ((-a, -b), (0.0, -r), (d, -r), (d + a, -b), (d + a, b), (d, r), (0.0, r), (-a, b))


def _pegs(v: Any, rig: bool) -> list[Item]:
    """The DP pegholes, in the piece's own frame (facing east): orange pegs for damage, the
    last one black on a wreck ("a black flame peg is placed in the last empty peghole")."""
    dp, dmg = v.kind.dp, v.damage
    out: list[Item] = []
    for i in range(dp):
        if rig:     # along the rig's side
            x, y = -3.0 + i * (SPACING + 6.0) / max(1, dp - 1), PIECE * 0.6
        else:       # across its back
            x, y = -PIECE * 0.6, (i - (dp - 1) / 2) * min(3.1, 9.0 / max(1, dp - 1))
        fill = HOLE
        if i < dmg:
            fill = "black" if (not v.active and i == dp - 1) else ORANGE
        out.append(Circle(x, y, 1.35, fill=fill, stroke=INK, stroke_width=0.35))
    return out


def _piece(v: Any, x: float, y: float, current: bool, driving: bool) -> list[Item]:
    """One vehicle at its anchor hex's centre (x, y): body, pointer, pegs, then its name."""
    rig = v.kind.hexes == 2
    colour = SEAT_COLOURS[v.seat % len(SEAT_COLOURS)]
    body = _rig_outline(PIECE) if rig else hex_corners(0.0, 0.0, PIECE)
    front = SPACING if rig else 0.0
    # the pointer: from inside the front face to past it, towards the hex the vehicle faces
    face = front + PIECE * math.sqrt(3) / 2
    pointer = ((face - 4.6, -3.6), (face + 3.9, 0.0), (face - 4.6, 3.6), (face - 2.4, 0.0))
    local: list[Item] = []
    if driving:     # the vehicle in the middle of a full throttle
        local.append(Path(_rig_outline(PIECE + 2.2) if rig else hex_corners(0, 0, PIECE + 2.2),
                          closed=True, fill=None, stroke=INK, stroke_width=0.7, dash=(1.6, 1.0)))
    if v.active:
        if current:     # the player to move's vehicles: a white halo
            local.append(Path(body, closed=True, fill=None, stroke="white", stroke_width=2.6))
        local.append(Path(body, closed=True, fill=colour, stroke=INK,
                          stroke_width=0.8 if current else 0.45))
        local.append(Path(pointer, closed=True, fill="white", stroke=INK, stroke_width=0.45))
    else:
        local.append(Path(body, closed=True, fill=WRECK, stroke=colour, stroke_width=2.2))
        local.append(Path(pointer, closed=True, fill="#9a9a9a", stroke=None))
    local += _pegs(v, rig)
    name = SHORT.get(_short(v.vid), _short(v.vid)[:3].upper())
    text = _text_colour(v.seat) if v.active else "white"
    label = TextBox(x - 7.0, y - 3.6, 14.0, 7.2, name, size=15 if len(name) < 3 else 12,
                    min_size=8, font="Vera-Bold", colour=text, align=Align.CENTER,
                    valign=VAlign.MIDDLE)
    return [Group(tuple(local), dx=x, dy=y, rotate=60.0 * v.facing), label]


def _site(x: float, y: float, green: bool, scale: float = 1.0) -> list[Item]:
    """A salvage site: a ring round the hex (it shows round a vehicle on it) and a mark."""
    colour = GREEN if green else RED
    return [Path(hex_corners(x, y, (HEX - 1.5) * scale), closed=True, fill=None,
                 stroke=colour, stroke_width=2.4 * scale),
            Circle(x, y, 4.6 * scale, fill="white", stroke=colour, stroke_width=1.6 * scale),
            Circle(x, y, 2.0 * scale, fill=colour, stroke=None)]


# -- the corner panels -----------------------------------------------------------------------

def _panel(x: float, y: float, w: float, h: float, fill: str = PANEL,
           edge: str = PANEL_EDGE) -> Rect:
    return Rect(x, y, w, h, fill=fill, stroke=edge, stroke_width=0.5, radius=3.0)


def _base_ap(s: Any, seat: int) -> int:
    cfg = s.config
    ap = int(cfg.per_players(cfg.ap, s.players))
    if s.round == 1 and seat == 0:
        ap += int(cfg.per_players(cfg.first_turn_bonus, s.players))
    return ap


def _turn_panel(s: Any) -> list[Item]:
    """Top left: who acts, the AP tokens left (spent ones turned grey)."""
    x, y, w, h = 4.0, 4.0, 148.0, 62.0
    if s.over:
        ret = s.returns()
        won = [seat for seat, r in enumerate(ret) if r > 0]
        return [_panel(x, y, w, h, fill="#555555", edge=INK),
                TextBox(x + 5, y + 4, w - 10, 14, "GAME OVER", size=24, min_size=14,
                        font="Vera-Bold", colour="white", valign=VAlign.MIDDLE),
                TextBox(x + 5, y + 20, w - 10, 10, _winner_text(s, won), size=18, min_size=11,
                        font="Vera-Bold", colour="white", valign=VAlign.MIDDLE),
                TextBox(x + 5, y + 31, w - 10, 28, _how(s), size=13, min_size=8,
                        colour="white")]
    seat = s.seat
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    text = _text_colour(seat)
    items: list[Item] = [
        _panel(x, y, w, h, fill=colour, edge=INK),
        TextBox(x + 5, y + 3, w - 10, 13, f"PLAYER {seat + 1} TO ACT", size=24, min_size=14,
                font="Vera-Bold", colour=text, valign=VAlign.MIDDLE),
        TextBox(x + 5, y + 16, w - 10, 8, _faction(s, seat), size=15, min_size=10,
                colour=text, valign=VAlign.MIDDLE)]
    ap = int(s.ap)
    tokens = ap if s.final_push else max(ap, _base_ap(s, seat))
    for i in range(tokens):
        cx, cy = x + 10 + i * 12.5, y + 33
        spent = i >= ap
        items.append(Circle(cx, cy, 5.2, fill="#9a9a9a" if spent else INK, stroke="white",
                            stroke_width=0.6))
        items.append(TextBox(cx - 5, cy - 2.5, 10, 5, "AP", size=9, min_size=6,
                             font="Vera-Bold", colour="#cfcfcf" if spent else "white",
                             align=Align.CENTER, valign=VAlign.MIDDLE))
    items.append(TextBox(x + 12 + tokens * 12.5, y + 28, w - 14 - tokens * 12.5, 10,
                         f"{ap} AP left", size=16, min_size=10, font="Vera-Bold", colour=text,
                         valign=VAlign.MIDDLE))
    note = ""
    if s.pending is not None:
        note = f"full throttle: {_short(s.pending_vid)} drives up to {s.pending}"
    elif s.final_push:
        note = "final push: damage the vehicles on the sites"
    elif s.round == 1:
        note = "setup round: no cards"
    if note:
        items.append(TextBox(x + 5, y + 42, w - 10, 16, note, size=14, min_size=9,
                             font="Vera-Bold", colour=text, valign=VAlign.MIDDLE))
    return items


def _round_panel(s: Any, w: float) -> list[Item]:
    """Top right: the round tracker (its bullet on the round) and the event in play."""
    pw, ph = 115.0, 84.0
    x, y = w - pw - 4.0, 4.0
    items: list[Item] = [_panel(x, y, pw, ph),
                         TextBox(x + 4, y + 2, pw - 8, 10,
                                 f"ROUND {s.round} OF {s.rounds}", size=17, min_size=11,
                                 font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE)]
    n = max(1, s.rounds)
    step = min(13.0, (pw - 12) / n)
    for i in range(n):
        cx, cy = x + 6 + step * i + step / 2, y + 19
        now, past = i + 1 == s.round, i + 1 < s.round
        items.append(Circle(cx, cy, min(5.4, step / 2 - 0.4),
                            fill=INK if now else "#cfc6b3" if past else "white",
                            stroke=INK, stroke_width=0.5))
        items.append(TextBox(cx - 5, cy - 3, 10, 6, str(i + 1), size=12, min_size=7,
                             font="Vera-Bold", colour="white" if now else INK,
                             align=Align.CENTER, valign=VAlign.MIDDLE))
    event: CardDef | None = s.event
    if event is None:
        title, body = "No event in play", ("the setup round draws none" if s.round == 1
                                           else "")
    else:
        title, body = f"Event: {event.name}", rules_text(event)
    items.append(TextBox(x + 4, y + 27, pw - 8, 10, title, size=15, min_size=9,
                         font="Vera-Bold", colour="#6c3483", valign=VAlign.MIDDLE))
    if body:
        items.append(TextBox(x + 4, y + 38, pw - 8, ph - 40, body, size=12, min_size=8,
                             colour=INK, leading=1.15))
    return items


def _sites_panel(s: Any, h: float) -> list[Item]:
    """Bottom left: the salvage sites each player has captured, and their DP taken."""
    pw, ph = 115.0, 84.0
    x, y = 4.0, h - ph - 4.0
    items: list[Item] = [_panel(x, y, pw, ph),
                         TextBox(x + 4, y + 2, pw - 8, 10, "SALVAGE SITES", size=15,
                                 min_size=10, font="Vera-Bold", colour=INK,
                                 valign=VAlign.MIDDLE),
                         TextBox(x + 4, y + 12, pw - 8, 6, "sites held · DP taken (tie-break)",
                                 size=11, min_size=7, colour=GREY, valign=VAlign.MIDDLE)]
    row = min(15.0, (ph - 22) / max(1, s.players))
    for seat in range(s.players):
        ry = y + 20 + seat * row
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        current = seat == s.seat and not s.over
        items.append(Rect(x + 3, ry, pw - 6, row - 1.5, fill=colour if current else "white",
                          stroke=colour, stroke_width=0.8, radius=1.5))
        text = _text_colour(seat) if current else INK
        items.append(TextBox(x + 6, ry, 46, row - 1.5, f"Player {seat + 1}", size=14,
                             min_size=8, font="Vera-Bold", colour=text, valign=VAlign.MIDDLE))
        items.append(TextBox(x + 52, ry, 30, row - 1.5, str(s.scores[seat]), size=18,
                             min_size=9, font="Vera-Bold", colour=text, align=Align.CENTER,
                             valign=VAlign.MIDDLE))
        items.append(TextBox(x + 82, ry, pw - 88, row - 1.5, f"{s.dp_pegs()[seat]} DP",
                             size=12, min_size=7, colour=text, align=Align.RIGHT,
                             valign=VAlign.MIDDLE))
    return items


def _key_panel(w: float, h: float) -> list[Item]:
    """Bottom right: what the marks mean."""
    pw, ph = 150.0, 64.0
    x, y = w - pw - 4.0, h - ph - 4.0
    items: list[Item] = [_panel(x, y, pw, ph)]
    lines = (("contested site (red)", False), ("held site: scores if still held at the end "
                                               "of the next turn", True))
    for i, (text, green) in enumerate(lines):
        cy = y + 10 + i * 16
        items += _site(x + 11, cy, green, scale=0.55)
        items.append(TextBox(x + 26, cy - 6.5, pw - 30, 13, text, size=12, min_size=8,
                             colour=INK, valign=VAlign.MIDDLE))
    cy = y + 46
    items.append(Path(hex_corners(x + 11, cy, 6.5), closed=True, fill=WRECK,
                      stroke=RED, stroke_width=1.4))
    items.append(Circle(x + 8.5, cy, 1.35, fill=ORANGE, stroke=INK, stroke_width=0.35))
    items.append(Circle(x + 13.5, cy, 1.35, fill="black", stroke=INK, stroke_width=0.35))
    items.append(TextBox(x + 26, cy - 11, pw - 30, 22,
                         "pointer: the vehicle's front · pegs: orange = damage (DP) · "
                         "dark: a wreck", size=12, min_size=8, colour=INK,
                         valign=VAlign.MIDDLE))
    return items


# -- text --------------------------------------------------------------------------------------

def _faction(s: Any, seat: int) -> str:
    names = getattr(s, "seat_faction", ())
    return names[seat] if seat < len(names) and names[seat] else FACTIONS[seat % 4]


def _winner_text(s: Any, won: list[int]) -> str:
    if not won:
        return "No winner"
    who = " and ".join(f"Player {seat + 1}" for seat in won)
    if len(won) == 1:
        return f"{who} wins"
    if s.setup.teams and len({s.team[seat] for seat in won}) == 1:
        return f"{who} win as a team"
    return f"{who} share the win"


def _how(s: Any) -> str:
    """How the game was won: on sites (points in All-out WaR), or on the least DP taken."""
    scores, dp = s.team_totals()
    word = "points" if s.setup.all_out_war else "salvage sites"
    best = max(scores.values()) if scores else 0
    tied = [t for t in scores if scores[t] == best]
    least = min(dp[t] for t in tied) if tied else 0
    if len(tied) > 1 and sum(1 for t in tied if dp[t] == least) < len(tied):
        how = (f"tied on {best} {word}: the fewest DP taken wins the tie-break "
               f"({least} DP against {sorted(dp[t] for t in tied)[1]})")
    elif len(tied) > 1:
        how = f"tied on {best} {word} and on DP taken ({least})"
    else:
        rest = sorted((v for t, v in scores.items() if t not in tied), reverse=True)
        how = f"{best} {word}" + (f" to {rest[0]}" if rest else "")
    return how + (" after the final push" if s.final_push else "")


def _vehicle_line(s: Any, v: Any, current: bool) -> str:
    if v.pos is None:
        return "off the board"
    dp = f"DP {v.damage}/{v.kind.dp}"
    if not v.active:
        return f"wreck ({dp})"
    out = [dp]
    if v.plating:
        out.append(f"armour +{v.plating}")
    if current:
        if v.done:
            out.append("done (full throttle)")
        elif v.stuck == 2:
            out.append("stuck in a hazard")
        elif v.count:
            out.append(f"{v.count} of {s.config.ap_limit} actions")
    return " · ".join(out)


def _hex_label(s: Any, st: _Static, c: tuple[int, int], who: dict[tuple[int, int], str]
               ) -> str:
    parts = [f"hex {c[0]},{c[1]}"]
    t = st.terrain[c]
    if t == OBSTACLE:
        parts.append("rocks: an obstacle")
    elif t == HAZARD:
        parts.append("water: a hazard")
    pos = st.position[c]
    parts.append("the central tile" if pos == 0 else f"tile {pos}")
    if c in who:
        parts.append(who[c])
    if c in s.tokens:
        parts.append("salvage site, held (green)" if s.tokens[c] else "salvage site (red)")
    return " · ".join(parts)


class WreckView:
    """Wreck and Ruin's ``BoardView`` (``pnp.games.view``)."""

    hides_information = True        # salvage cards in hand, the faction card not yet played

    # -- the board ---------------------------------------------------------------------
    def board(self, state: Any, viewer: int) -> Board:
        s = state
        st = _static(s.board)
        items: list[Item] = list(st.items)
        for c, green in sorted(s.tokens.items()):
            x, y = st.centre[c]
            items += _site(x, y, green)
        driving = s.pending_vid if s.pending is not None else -1
        # wrecks under the active vehicles, the player to move's vehicles on top
        order = sorted((v for v in s.vehicles if v.pos is not None),
                       key=lambda v: (v.active, v.seat == s.seat, v.vid))
        who: dict[tuple[int, int], str] = {}
        for v in order:
            x, y = st.centre[v.pos]
            items += _piece(v, x, y, current=v.seat == s.seat and not s.over,
                            driving=v.vid == driving)
            name = vehicle_text(v.vid)
            state_text = f"{name}, DP {v.damage}/{v.kind.dp}, facing {FACINGS[v.facing]}" \
                if v.active else f"the wreck of {name}"
            for i, h in enumerate(v.hexes()):
                who[h] = state_text if i == 0 else f"the front of {name}"
        items += _turn_panel(s)
        items += _round_panel(s, st.w)
        items += _sites_panel(s, st.h)
        items += _key_panel(st.w, st.h)
        spots = tuple(Spot(hex_key(c), polygon=st.outline[c], label=_hex_label(s, st, c, who))
                      for c in st.centre)
        return Board(Drawing(st.w, st.h, tuple(items), name="wreck-and-ruin"), spots)

    def seats(self, state: Any, viewer: int) -> Sequence[SeatView]:
        s = state
        out = []
        for seat in range(s.players):
            own = viewer in (seat, EVERYONE)
            current = seat == s.seat and not s.over
            lines: list[tuple[str, str]] = [("Faction", _faction(s, seat))]
            if s.setup.teams:
                mates = [str(o + 1) for o in range(s.players) if s.team[o] == s.team[seat]]
                lines.append(("Team", "players " + " and ".join(mates)))
            lines.append(("AP", f"{s.ap} left" if current
                          else f"{_base_ap(s, seat) if not s.over else 0} a turn"))
            lines.append(("Sites", str(s.scores[seat])))
            lines.append(("DP taken", str(s.dp_pegs()[seat])))
            hand = s.hands[seat]
            if own:
                names = ", ".join(s.salvage[c].name for c in hand) or "none"
                lines.append(("Salvage cards", f"{len(hand)}: {names}" if hand else names))
                card = s.faction_card[seat]
                lines.append(("Faction card", card.name if card is not None else "played"))
            else:
                lines.append(("Salvage cards", str(len(hand))))
                lines.append(("Faction card", "played" if s.faction_card[seat] is None
                              else "not yet played"))
            for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]:
                if v.special and v.pos is None:
                    continue            # in the box
                lines.append((_short(v.vid), _vehicle_line(s, v, current)))
            out.append(SeatView(seat, f"Player {seat + 1}", SEAT_COLOURS[seat % 4],
                                tuple(lines), score=str(s.scores[seat])))
        return out

    def turn(self, state: Any) -> str:
        s = state
        if s.over:
            won = [seat for seat, r in enumerate(s.returns()) if r > 0]
            return f"Game over · {_winner_text(s, won)}"
        who = f"Player {s.seat + 1} ({_faction(s, s.seat)})"
        parts = [f"{who} to act", f"{s.ap} AP left"]
        if s.final_push:
            parts = [f"{who}: the final push", f"{s.ap} AP against the occupied sites"]
        elif s.pending is not None:
            parts.append(f"full throttle: {_short(s.pending_vid)} drives up to {s.pending}")
        parts.append(f"round {s.round} of {s.rounds}" + (" (setup round)" if s.round == 1
                                                          else ""))
        if s.event is not None:
            parts.append(f"event: {s.event.name}")
        return " · ".join(parts)

    # -- actions -------------------------------------------------------------------------
    def kind(self, action: Any) -> str:
        a: Act = action
        k = a.kind
        if k in ("move", "reverse", "drive", "fuel"):
            verb = {"move": "Move", "reverse": "Reverse", "drive": "Drive (full throttle)",
                    "fuel": "Reserve fuel tank: move"}[k]
            return f"{verb} {_short(a.vehicle)}"
        return {"throttle": "Full throttle", "shoot": "Attack", "potshot": "Potshot",
                "ram": "Ram", "salvage": "Salvage a wreck", "repair": "Repair (buggy)",
                "fix": "Repair a wreck", "return": "Bring a vehicle back",
                "patch": "Repair the vehicle brought back",
                "search": "Search for salvage", "discard": "Discard a card: 1 DP",
                "kit": "Field repair kit", "card": "Play a salvage card",
                "faction": "Faction card", "end": "End the turn"}.get(k, k)

    def label(self, state: Any, action: Any) -> str:
        a: Act = action
        k = a.kind
        me = _short(a.vehicle) if a.vehicle >= 0 else ""
        them = vehicle_text(a.target) if a.target >= 0 else ""
        if k in ("move", "reverse", "drive", "fuel", "return") and a.to is not None:
            return f"{me} to {a.to[0]},{a.to[1]} facing {FACINGS[a.facing]}"
        if k in ("throttle", "fix"):
            return me
        if k == "patch":
            return f"{me}: 1 DP for {'a salvage card' if a.n else '1 AP'}"
        if k in ("shoot", "potshot"):
            return f"{me} at {them}"
        if k == "ram":
            return f"{me} into {them}" + (f" after steamroll {a.n}" if a.n else "")
        if k == "salvage":
            return f"{me}: the wreck of {them}"
        if k == "repair":
            return f"{me} repairs itself" if a.target == a.vehicle else f"{me} repairs {them}"
        if k == "search":
            return "1 AP: draw a salvage card"
        if k in ("discard", "kit"):
            return f"repair {them}"
        if k == "card":
            deck = state.salvage  # an action names a salvage card by its place in the deck
            name = deck[a.n].name if 0 <= a.n < len(deck) else f"card {a.n}"
            return name + (f" on {_short(a.target)}" if a.target >= 0 else "")
        if k == "faction":
            card = state.faction_card[a.seat] if a.seat < len(state.faction_card) else None
            name = card.name if card is not None else ""
            name = name or "faction card"
            if a.vehicle >= 0:
                return f"{name} for {me}"
            return f"{name} on {them}" if them else name
        if k == "end":
            return "end the turn"
        return str(a)

    def spot(self, state: Any, action: Any) -> str | None:
        a: Act = action
        s = state
        k = a.kind
        if k in ("move", "reverse", "drive", "fuel", "return"):
            return hex_key(a.to) if a.to is not None else None
        vid = a.target if a.target >= 0 else a.vehicle
        if vid < 0 or k in ("search", "end"):
            return None
        pos = s.vehicles[vid].pos
        return hex_key(pos) if pos is not None else None

    # -- the end -------------------------------------------------------------------------
    def result(self, state: Any) -> Result:
        s = state
        ret = s.returns()
        won = [seat for seat, r in enumerate(ret) if r > 0]
        scores = s.team_totals()[0]
        how = _how(s)
        headers = ("",) + tuple(f"Player {seat + 1}" for seat in range(s.players))
        sites = [s.awarded.count(seat) for seat in range(s.players)]
        rows: list[tuple[str, ...]] = [("Salvage sites", *map(str, sites))]
        if s.setup.all_out_war:
            rows.append(("Wreck points", *(str(s.scores[seat] - sites[seat])
                                           for seat in range(s.players))))
        rows.append(("Total", *(str(x) for x in s.scores)))
        if s.setup.teams:
            rows.append(("Team total", *(str(scores[s.team[seat]])
                                         for seat in range(s.players))))
        rows.append(("DP taken (tie-break)", *(str(x) for x in s.dp_pegs())))
        return Result(_winner_text(s, won), how, headers, tuple(rows))


VIEW = WreckView()
