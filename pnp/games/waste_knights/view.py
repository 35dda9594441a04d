"""Waste Knights at the table: the printed session board with the knights and what lies on it.

The board is the session's board (``printables.board_drawing``, hexes at ``hex_centres``), its
place labels set larger. On it: the knights' markers in their player colours (the Active Knight
ringed, his hex outlined, the hexes his move reaches dashed; a K.O.'d knight tagged), player
markers where an exploration check was made, a pip per knight on each city and special hex he
explored, the task tokens ("1" and "2" on the hexes of a task's two requirements) and the
contamination and Radiation tokens of wasteland cards; in two empty corners the wasteland card
in play (a click escapes or faces it) and the task frame. A click on a hex: drive or walk to it,
stay, the city option or an exploration action on one's own hex, Red Tomb or Sandpiercer aimed.

Hidden (Luck Cards: "keep them secret from their rivals"): which luck cards a knight holds (the
others see how many); in a 2-player game the private tasks kept face-down (hexes, tokens too)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.games.view import EVERYONE, Board, Result, SeatView, Spot
from pnp.games.waste_knights import actions as A
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.cards import GEAR_VALUE
from pnp.games.waste_knights.hexes import Board as HexBoard
from pnp.games.waste_knights.hexes import Kind
from pnp.games.waste_knights.icons import INK, contamination_icon, radiation_icon
from pnp.games.waste_knights.state import CITY, EXPLORE, FACE, MOVE, OVER, RESUPPLY, TourState
from pnp.games.waste_knights.tasks import Task
from pnp.games.waste_knights.tour_stats import FIELDS
from pnp.games.waste_knights.view_log import hide
from pnp.games.waste_knights.wasteland import NO_BULLS_EYES, WRECKED, gear_value, waster_seat
from pnp.layout.draw import Align, Circle, Drawing, Item, Path, Point, Rect, TextBox, VAlign

__all__ = ["SEAT_COLOURS", "VIEW", "WasteKnightsView", "knight_slot", "seat_name"]

#: Game Components: "4 Player Boards in 4 colors (amber, blue, red, yellow)".
SEAT_COLOURS = ("#e0890f", "#2f6fd6", "#c62828", "#f5d000")
_ON_SEAT = ("white", "white", "white", INK)  # text on a seat's colour
#: Task frame spaces: the common task purple, the private tasks orange and green.
TASK_COLOURS, ACTIVE_RING = {"common": "#7b3fa0", "orange": "#f07c1e", "green": "#2e9d4f"}, "#111"
_TASKS_F, _PRIVATE_F = FIELDS.index("tasks"), FIELDS.index("private_tasks")
_MAX = R.RESOURCE_MAX
Box = tuple[float, float, float, float]  # x, y, w, h

# Where things sit on a hex, in mm from its centre (the board's 60 mm tiles, printables.FLAT).
#: Knight markers: a place per seat, so knights on one hex never cover each other.
_KNIGHT_SLOTS = ((-18.5, -1.5), (18.5, -1.5), (-18.5, 11.5), (18.5, 11.5))
_KNIGHT_R = 6.6
_TASK_SLOTS = ((-9.5, 21.5), (9.5, 21.5), (0.0, -27.0), (-15.5, 17.0), (15.5, 17.0))
_HAZARD = {"contamination": (-24.0, -15.0), "radiation": (24.0, -15.0)}
_PIP_Y, _PIP_GAP, _PIP_R = -25.0, 4.6, 1.9


def seat_name(seat: int) -> str:
    """The rulebook's name for a player: "Knight 1"."""
    return f"Knight {seat + 1}"


def knight_slot(seat: int, centre: Point) -> Point:
    """Where knight ``seat``'s marker stands on the hex centred at ``centre``."""
    dx, dy = _KNIGHT_SLOTS[seat % len(_KNIGHT_SLOTS)]
    return centre[0] + dx, centre[1] + dy


# --- the printed board, once per board ------------------------------------------------------------

@dataclass(frozen=True)
class _Static:
    """The printed board with the place labels set larger, the hexes' geometry and hover text."""

    items: tuple[Item, ...]
    width: float
    height: float
    centres: tuple[Point, ...]
    polygons: tuple[tuple[Point, ...], ...]
    insets: tuple[tuple[tuple[Point, ...], ...], ...]  # per hex: 3 and 2.4 mm narrower
    banner: Box  # whose turn it is: the right half of the title band
    info: tuple[str, ...]
    corners: tuple[Box, ...]  # the board's empty corners: top left, top right, bottom left, ...


@lru_cache(maxsize=8)
def _static(board: HexBoard) -> _Static:
    # The printables draw with reportlab's font metrics: loaded here, once per board.
    from pnp.games.waste_knights import printables as P
    from pnp.games.waste_knights.data import default_catalogue

    catalogue = default_catalogue()
    drawing = P.board_drawing(board, catalogue)
    flat, specs = P.FLAT, catalogue.reference()
    centres = tuple(P.hex_centres(board, flat))
    items: list[Item] = list(drawing.items)
    info = []
    for h, (cx, cy) in zip(board.hexes, centres, strict=True):
        # The place label (C1, S4, N12) names the hex in every action: at its printed 6 pt it
        # is too small on a screen, so the table sets it again, larger, over the printed one.
        items += [Rect(cx - 7.0, cy + 22.7, 14.0, 5.2, fill="white", stroke=None, radius=1.2),
                  _text(cx - 7.0, cy + 22.7, 14.0, 5.2, h.tile, 11, font="Vera-Bold",
                        align=Align.CENTER)]
        bits = [{Kind.CITY: "city", Kind.SPECIAL: "special hex"}.get(h.kind, "normal hex"),
                f"route difficulty {h.route_difficulty}"]
        bits += [f"{word} {n}" for word, n in (("Threat", h.threat), ("Radiation", h.radiation),
                                               ("contamination", h.contamination)) if n]
        check = P.check_label(specs.get(h.number) if h.number is not None else None)
        info.append(f"{h.tile} {h.label}: " + ", ".join(bits + [f"exploration check {check}"]
                                                        * bool(check)))
    pad, top = P.BOARD_PAD, P.BOARD_PAD + P.BOARD_HEAD
    cw, ch = 1.5 * flat - 2.0, 1.5 * flat / math.sqrt(3) - 1.0
    right, bottom = drawing.width - pad - cw, drawing.height - pad - ch
    corners = ((pad, top, cw, ch), (right, top, cw, ch), (pad, bottom, cw, ch),
               (right, bottom, cw, ch))
    banner = (drawing.width * 0.44 - pad, pad - 1.0, drawing.width * 0.56, P.BOARD_HEAD)
    return _Static(tuple(items), drawing.width, drawing.height, centres,
                   tuple(P.hex_points(cx, cy, flat) for cx, cy in centres),
                   tuple((P.hex_points(cx, cy, flat - 3.0), P.hex_points(cx, cy, flat - 2.4))
                         for cx, cy in centres), banner, tuple(info), corners)


# --- pieces ---------------------------------------------------------------------------------------

def _text(x: float, y: float, w: float, h: float, text: str, size: float, *,
          font: str = "Vera", colour: str = INK, align: Align = Align.LEFT,
          valign: VAlign = VAlign.MIDDLE, min_size: float = 6.0) -> TextBox:
    return TextBox(x, y, w, h, text, size=size, min_size=min_size, font=font, colour=colour,
                   align=align, valign=valign)


def _knight(seat: int, x: float, y: float, *, active: bool, ko: bool, marker: bool) -> list[Item]:
    """A knight marker: a disc in his colour with his number; the Active Knight ringed; a K.O.'d
    one grey and tagged ("placed horizontally"); his player marker as a small square."""
    colour, r = SEAT_COLOURS[seat], _KNIGHT_R
    items: list[Item] = []
    if active:
        items.append(Circle(x, y, r + 2.6, fill="white", stroke=ACTIVE_RING, stroke_width=1.4))
    items += [Circle(x, y, r, fill="#9a9a9a" if ko else colour, stroke=INK, stroke_width=0.5),
              Circle(x, y, r - 0.9, fill=None, stroke=colour if ko else "white",
                     stroke_width=1.4 if ko else 0.7),
              _text(x - r, y - r, 2 * r, 2 * r, str(seat + 1), 17, font="Vera-Bold",
                    colour="white" if ko else _ON_SEAT[seat], align=Align.CENTER)]
    if ko:
        items += [Rect(x - 6.0, y + 2.2, 12.0, 4.6, fill=INK, stroke="white", stroke_width=0.4,
                       radius=1.0),
                  _text(x - 6.0, y + 2.2, 12.0, 4.6, "K.O.", 9, font="Vera-Bold",
                        colour="white", align=Align.CENTER)]
    if marker:  # "the Active Knight places his player marker on this hex"
        mx, my = x + (r - 0.4) * 0.72, y - (r - 0.4) * 0.72
        items += [Rect(mx - 2.3, my - 2.3, 4.6, 4.6, fill=colour, stroke=INK, stroke_width=0.5,
                       radius=0.6),
                  Rect(mx - 1.1, my - 1.1, 2.2, 2.2, fill="white", stroke=None)]
    return items


def _task_token(x: float, y: float, colour: str, number: str, border: str = INK) -> list[Item]:
    """A task token: a square in its task frame space's colour, "1" or "2"."""
    return [Rect(x - 3.4, y - 3.4, 6.8, 6.8, fill=colour, stroke=border,
                 stroke_width=0.45 if border == INK else 0.9, radius=0.8),
            _text(x - 3.4, y - 3.4, 6.8, 6.8, number, 11, font="Vera-Bold", colour="white",
                  align=Align.CENTER)]


def _hazard_token(kind: str, x: float, y: float, count: int) -> list[Item]:
    """A contamination or Radiation token a wasteland card left on a hex (until the Waster Step)."""
    items: list[Item] = [Circle(x, y, 3.9, fill="white", stroke=INK, stroke_width=0.5)]
    items += (contamination_icon if kind == "contamination" else radiation_icon)(x, y, 5.2)
    if count > 1:
        items += [Circle(x + 3.4, y + 3.0, 2.1, fill=INK, stroke="white", stroke_width=0.3),
                  _text(x + 1.3, y + 0.9, 4.2, 4.2, str(count), 8, font="Vera-Bold",
                        colour="white", align=Align.CENTER)]
    return items


def _private_tasks(state: TourState, viewer: int) -> Iterator[tuple[Task, str, str, bool]]:
    """Each private task in play: (task, token colour, border, shown to ``viewer``). With 3-4
    knights they lie face-up on the task frame's orange and green spaces; with 2 each knight
    keeps 2 face-down (his first orange, his second green) until he reveals one."""
    two, kth = len(state.seats) == 2, dict[int, int]()
    for i, task in enumerate(state.tasks):
        if task.first < 0:  # 2-player: accomplished, nothing left of it
            continue
        k = kth[task.owner] = kth.get(task.owner, -1) + 1 if two else i
        yield (task, TASK_COLOURS["orange" if k == 0 else "green"],
               SEAT_COLOURS[task.owner] if two else INK,
               not two or task.holder >= 0 or viewer in (task.owner, EVERYONE))


def _task_tokens(state: TourState, viewer: int) -> list[tuple[int, str, str, str]]:
    """(hex, colour, number, border) of each task token ``viewer`` sees: "1" on the hex of the
    first requirement (back on the frame once the task is accepted), "2" on the second's."""
    out = [(state.task_hex, TASK_COLOURS["common"], "1", INK)] if state.task_hex >= 0 else []
    for task, colour, border, shown in _private_tasks(state, viewer):
        out += [(task.first, colour, "1", border)] * (shown and task.holder < 0) \
            + [(task.second, colour, "2", border)] * shown
    return out


def _panel(box: Box, heading: str) -> list[Item]:
    return [Rect(*box, fill="#fbf8f1", stroke="#8a8070", stroke_width=0.4, radius=2.0),
            _text(box[0] + 2, box[1] + 1, box[2] - 4, 6, heading, 12, font="Vera-Bold")]


def _card_panel(state: TourState, box: Box) -> tuple[list[Item], Spot | None]:
    """The wasteland card the Waster played on the Active Knight (face-up), if any."""
    x, y, w, h = box
    if state.pending < 0:
        under = (f"{len(state.redoubt)} face-down under the Waster marker (Kosciusko's Redoubt)"
                 if state.redoubt else "")
        return _panel(box, "Wasteland card") + [
            _text(x + 2, y + 9, w - 4, h - 10, "\n".join(("none in play", under)), 11,
                  colour="#555555", valign=VAlign.TOP)], None
    card = state.deck.cards[state.pending]
    lines = [("Enemy" if card.enemy else "Event") + "".join(f" · {t}" for t in card.traits),
             f"Escape: {card.escape_skill.capitalize()} ({card.escape_difficulty})"
             + (f", {card.successes} successes" if card.successes > 1 else "")]
    if card.panel is not None:
        p = card.panel
        lines.append(f"Aggression {p.aggression} · Health {p.health} · Armor {p.armor}"
                     + " · ferocious" * p.ferocious)
    if card.rewards:
        lines.append("Reward: " + ", ".join(f"{v} {k}" for k, v in card.rewards))
    items: list[Item] = [
        Rect(x, y, w, h, fill="#2b2320", stroke="#c62828", stroke_width=1.2, radius=2.5),
        _text(x + 3, y + 1.5, w - 6, 8, card.title, 14, font="Vera-Bold", colour="white"),
        _text(x + 3, y + 10.5, w - 6, h - 12, "\n".join(lines), 10.5, colour="#f3ead8",
              valign=VAlign.TOP)]
    return items, Spot("wasteland card", polygon=((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
                       label=f"{card.title}: escape or face it")


def _task_panel(state: TourState, viewer: int, box: Box) -> list[Item]:
    """The task frame: the common task and the private tasks (hidden ones face-down)."""
    x, y, w, h = box
    t, out = state.tables, R.TASK_OUTDATED_MARKS
    common = (f"explore {t.tile[state.task_hex]} {t.label[state.task_hex]}"
              if state.task_hex >= 0 else f"defeat a {state.task_trait} enemy")
    rows = [(TASK_COLOURS["common"], "1" if state.task_hex >= 0 else "",
             f"Common: {common} (marks {state.task_marks}/{out})")]
    two = len(state.seats) == 2
    for task, colour, _, shown in _private_tasks(state, viewer):
        who = f"{seat_name(task.owner)}'s" if two else "Private"
        if not shown:
            rows.append((colour, "?", f"{who} private task: face-down"))
            continue
        taken = ("" if task.holder < 0 else ", revealed" if two
                 else f", taken by {seat_name(task.holder)}")
        rows.append((colour, "1" if task.holder < 0 else "2",
                     f"{who}: {t.tile[task.first]} ({task.skill.capitalize()} 7) then "
                     f"{t.tile[task.second]}{taken}" + ("" if two else
                                                        f" (marks {task.marks}/{out})")))
    items = _panel(box, "Task frame")
    row_h = min(10.0, (h - 9.0) / len(rows))
    for k, (colour, token, words) in enumerate(rows):
        ry = y + 8.0 + k * row_h
        items += _task_token(x + 5.5, ry + row_h / 2, colour, token)
        items.append(_text(x + 10.5, ry, w - 12.0, row_h, words, 10, min_size=6.5))
    return items


# --- the view -------------------------------------------------------------------------------------

def _waster(state: TourState) -> int:
    """The Waster: opposite the Active Knight while he moves, else opposite the First Player."""
    n = len(state.seats)
    return waster_seat(state.current_player if state.decision in (MOVE, FACE)
                       else state.round % n, n)


def _winners(state: TourState) -> list[int]:
    best = max(map(state.score, range(len(state.seats))))
    return [s for s in range(len(state.seats)) if state.score(s) == best]


def _winner_text(won: Sequence[int]) -> str:
    return f"{seat_name(won[0])} wins" if len(won) == 1 else \
        "Knights " + " and ".join(str(s + 1) for s in won) + " share the win"


def _doing(state: TourState) -> str:
    """What the knight to move decides: "to move", "explores S4 Old Refinery [9]"."""
    if state.decision is FACE and state.pending >= 0:
        return f"escapes or faces {state.deck.cards[state.pending].title}"
    if state.decision is EXPLORE:
        p = state.seats[state.current_player].pos
        return f"explores {state.tables.tile[p]} {state.tables.label[p]}"
    return _DOING[state.decision]


def _dial(value: int, effects: str) -> str:
    return f"{value} / {_MAX}" + (f" · {effects}" if effects else "")


def _radiation(r: int) -> str:
    """Radiation: the dial's window shows No Bull's Eyes, No Healing, K.O."""
    return _dial(r, "K.O." if r >= R.KO_RADIATION else "No Healing" if r >= R.NO_HEALING
                 else "No Bull's Eyes" if r >= NO_BULLS_EYES else "")


def _health(hp: int) -> str:
    """Health: the -1 die icons of a wounded knight, K.O. at 0."""
    dice = R.wound_dice(hp)
    return _dial(hp, "K.O." if hp <= R.KO_HEALTH else
                 f"-{dice} {'die' if dice == 1 else 'dice'}" if dice else "")


def _move_target(action: Any) -> str | None:
    return action.route[-1] if isinstance(action, A.Drive) else action.to if isinstance(
        action, A.Walk) else action.hex if isinstance(action, A.Stay) else None


class WasteKnightsView:
    """The BoardView of Waste Knights (``pnp.games.view``)."""

    hides_information = True  # luck cards in hand; 2-player private tasks kept face-down
    hide = staticmethod(hide)  # the log: luck cards drawn and dealt named to their knight

    def board(self, state: TourState, viewer: int) -> Board:
        """The session board with the knights, the tokens, the wasteland card and the tasks."""
        st, t = _static(state.setup.board), state.tables
        n = len(state.seats)
        mover = -1 if state.is_over() else state.current_player
        items: list[Item] = list(st.items)
        if mover >= 0:  # his hex outlined in his colour, the hexes his move can reach dashed
            colour, here = SEAT_COLOURS[mover], state.seats[mover].pos
            if state.decision is MOVE:
                reach = {t.index[to] for a in state.legal_actions()
                         if (to := _move_target(a)) is not None} - {here}
                items += [Path(st.insets[j][0], closed=True,
                               stroke=colour, stroke_width=0.9, dash=(2.2, 1.6))
                          for j in sorted(reach)]
            items += [Path(st.insets[here][1], closed=True, stroke=ink,
                           stroke_width=w) for ink, w in ((INK, 2.6), (colour, 1.6))]
        for j in range(t.n):  # explored cities and special hexes: a pip per knight, seat order
            if t.rules[j] is not None:
                cx, cy = st.centres[j]
                items += [Circle(cx + (s - (n - 1) / 2) * _PIP_GAP, cy + _PIP_Y, _PIP_R,
                                 fill=SEAT_COLOURS[s], stroke=INK, stroke_width=0.3)
                          for s, seat in enumerate(state.seats) if seat.visited >> j & 1]
        for kind, tokens in (("contamination", state.contamination),
                             ("radiation", state.radiation)):
            dx, dy = _HAZARD[kind]
            for j, count in sorted(tokens.items()):
                if count > 0:
                    items += _hazard_token(kind, st.centres[j][0] + dx,
                                           st.centres[j][1] + dy, count)
        on_hex: dict[int, int] = {}
        for j, colour, number, border in _task_tokens(state, viewer):
            slot = on_hex[j] = on_hex.get(j, -1) + 1
            dx, dy = _TASK_SLOTS[slot % len(_TASK_SLOTS)]
            items += _task_token(st.centres[j][0] + dx, st.centres[j][1] + dy, colour,
                                 number, border)
        for s in sorted(range(n), key=lambda s: s == mover):  # the one to move on top
            seat, (x, y) = state.seats[s], knight_slot(s, st.centres[state.seats[s].pos])
            items += _knight(s, x, y, active=s == mover, ko=seat.ko, marker=seat.marker)
        card_items, card_spot = _card_panel(state, st.corners[1])
        items += card_items + _task_panel(state, viewer, st.corners[2]) + self._banner(state, st)
        spots = [Spot(f"hex {t.tile[j]}", polygon=st.polygons[j],
                      label=st.info[j] + "".join(f" · {seat_name(s)} here"
                                                 for s, seat in enumerate(state.seats)
                                                 if seat.pos == j)) for j in range(t.n)]
        drawing = Drawing(width=st.width, height=st.height, items=tuple(items), name="table")
        return Board(drawing, tuple(spots) + ((card_spot,) if card_spot else ()))

    @staticmethod
    def _banner(state: TourState, st: _Static) -> list[Item]:
        """Whose turn it is and the round, in the title band, in the knight's colour."""
        x, y, w, h = st.banner
        if state.is_over():
            won = _winners(state)
            fill, ink = (SEAT_COLOURS[won[0]], _ON_SEAT[won[0]]) if len(won) == 1 \
                else (INK, "white")
            text = f"Game over · {_winner_text(won)}"
        else:
            s = state.current_player
            fill, ink = SEAT_COLOURS[s], _ON_SEAT[s]
            text = f"{seat_name(s)} {_doing(state)} · round {state.round + 1}"
        return [Rect(x, y, w, h, fill=fill, stroke=INK, stroke_width=0.6, radius=h / 2),
                _text(x + 4, y, w - 8, h, text, 17, font="Vera-Bold", colour=ink,
                      align=Align.CENTER, min_size=9)]

    def seats(self, state: TourState, viewer: int) -> Sequence[SeatView]:
        """Each knight's dials, vehicle, gear cards, luck cards (which ones: to him only)."""
        t, n, over = state.tables, len(state.seats), state.is_over()
        waster = -1 if over else _waster(state)
        out = []
        for s, seat in enumerate(state.seats):
            kn, vehicle = seat.knight, state.setup.vehicles[s]
            vtext = (f"wrecked (was a {vehicle}): on foot" if seat.vdamage >= WRECKED else
                     f"{vehicle}, speed {seat.speed}" + ", damaged" * bool(seat.vdamage))
            luck = f"{sum(seat.luck)} in hand"
            if viewer in (s, EVERYONE) and any(seat.luck):
                luck += ": " + ", ".join(f"{A.LUCK_TEXT[icon]} ×{seat.luck[i]}"
                                         for i, icon in enumerate(R.LUCK_ICONS) if seat.luck[i])
            lines = [("Hex", f"{t.tile[seat.pos]} {t.label[seat.pos]}"),
                     ("Reputation", str(seat.rep)), ("Fuel", _dial(kn.fuel, "")),
                     ("Health", _health(kn.health)), ("Radiation", _radiation(kn.radiation)),
                     ("Ammo", _dial(kn.ammo, "")), ("Vehicle", vtext),
                     ("Gear cards", f"{seat.green} green · {seat.yellow} yellow · {seat.red} "
                                    f"red (value {gear_value(seat)})"),
                     ("Luck cards", luck)]
            lines += [("Private task", "1 face-down" if not shown else
                       f"explore {t.tile[task.second]} to accomplish" if task.holder == s else
                       f"explore {t.tile[task.first]} and pass {task.skill.capitalize()} (7) "
                       f"to accept, then {t.tile[task.second]}")
                      for task, _, _, shown in _private_tasks(state, viewer)
                      if task.holder == s or (n == 2 and task.owner == s)]
            roles = [r for r, yes in (("First Player", s == state.round % n),
                                      ("Active Knight", s == state.current_player),
                                      ("Waster", s == waster)) if yes and not over]
            cond = [c for c, yes in (("unconscious (K.O.)", seat.ko),
                                     (f"player marker on {t.tile[seat.pos]}", seat.marker),
                                     ("skips the Exploration Step", seat.skip)) if yes]
            lines += [("Role", ", ".join(roles))] * bool(roles) \
                + [("Condition", ", ".join(cond))] * bool(cond)
            out.append(SeatView(seat=s, name=seat_name(s), colour=SEAT_COLOURS[s],
                                lines=tuple(lines), score=f"{seat.rep} Reputation"))
        return out

    def turn(self, state: TourState) -> str:
        """"Knight 2 to move · round 3 of 10 · Move Step"."""
        rounds = state.setup.rounds
        if state.is_over():
            return f"Game over after {rounds} rounds · {_winner_text(_winners(state))}"
        return (f"{seat_name(state.current_player)} {_doing(state)} · round {state.round + 1} "
                f"of {rounds} · {_STEP[state.decision]}")

    def kind(self, action: Any) -> str:
        """The action's group in the list."""
        return _KIND.get(type(action), "Other")

    def label(self, state: Any, action: Any) -> str:
        """Short text: "to S4 via N1 (2 Fuel)", "Escape", "Trade Action with the Stalls"."""
        if isinstance(action, A.Drive):
            via = f" via {', '.join(action.route[1:-1])}" if len(action.route) > 2 else ""
            return f"to {action.route[-1]}{via} ({action.fuel} Fuel)"
        if isinstance(action, (A.Walk, A.Stay, A.CityChoice)):
            return (f"to {action.to} on foot" if isinstance(action, A.Walk) else
                    f"stay on {action.hex}" if isinstance(action, A.Stay) else
                    A.CITY_TEXT[action.option])
        if isinstance(action, A.Explore):
            what = A.NO_EXPLORATION if action.action is None else A.EXPLORE_TEXT[action.action]
            return f"{what} on {action.target}" if action.target else what
        if isinstance(action, A.QuickResupply):
            return ("keep the luck cards" if action.icon is None
                    else f"discard a {A.LUCK_TEXT[action.icon]} card")
        if isinstance(action, A.Face):
            return "Face it" if action.face else "Escape"
        return str(action)

    def spot(self, state: TourState, action: Any) -> str | None:
        """The hex a move ends on; the knight's own hex for the city option and exploration
        actions (an aimed one's target hex); the wasteland card in play to escape or face it."""
        target = _move_target(action)
        if target is None and isinstance(action, A.Explore) and action.target:
            target = action.target
        elif target is None and isinstance(action, (A.Explore, A.CityChoice)):
            target = state.tables.tile[state.seats[action.seat].pos]
        if target is not None:
            return f"hex {target}"
        if isinstance(action, A.Face) and state.pending >= 0:
            return "wasteland card"
        return None

    def result(self, state: TourState) -> Result:
        """Winning the Game: the most Reputation; "ties are broken using Reputation and gear
        card value"."""
        n, won, seats = len(state.seats), _winners(state), state.seats
        pts = [state.score(s) for s in range(n)]
        rep = pts[won[0]][0]
        tied = [s for s in range(n) if pts[s][0] == rep]
        how = f"the most Reputation after {state.setup.rounds} rounds ({rep})"
        if len(won) < len(tied):
            how += (", the tie broken by gear card value ("
                    + " against ".join(str(pts[s][1]) for s in tied) + ")")
        elif len(won) > 1:
            how += f", tied on gear card value too ({pts[won[0]][1]})"
        g = GEAR_VALUE
        rows = (("Reputation",) + tuple(str(s.rep) for s in seats),
                ("Tasks accomplished",) + tuple(str(s.stats[_TASKS_F] + s.stats[_PRIVATE_F])
                                                for s in seats),
                ("Gear cards green / yellow / red",)
                + tuple(f"{s.green} / {s.yellow} / {s.red}" for s in seats),
                (f"Gear value, for ties (green {g['green']}, yellow {g['yellow']}, red "
                 f"{g['red']})",) + tuple(str(gear_value(s)) for s in seats),
                ("Total",) + tuple(f"{p[0]} (gear {p[1]})" for p in pts))
        return Result(winner=_winner_text(won), how=how,
                      headers=("",) + tuple(seat_name(s) for s in range(n)), rows=rows)


_DOING = {MOVE: "to move", FACE: "escapes or faces the wasteland card", EXPLORE: "explores",
          CITY: "takes the city option", RESUPPLY: "chooses a Quick Resupply", OVER: "is over"}
_STEP = {CITY: "Preparations Phase, Waster Step", MOVE: "Move Step", RESUPPLY: "Rest Step",
         FACE: "Move Step, wasteland card", EXPLORE: "Exploration Step", OVER: ""}
_KIND: dict[type, str] = {A.Drive: "Drive", A.Walk: "Walk on foot", A.Stay: "Stay",
                          A.CityChoice: "City option", A.Explore: "Exploration action",
                          A.QuickResupply: "Quick Resupply", A.Face: "Wasteland card"}

VIEW = WasteKnightsView()
