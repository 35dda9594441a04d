"""Salvage at the table: the printed field with both mecha, loot, mobs and fusion cells on it.

The board is the session's field board (``printables.field_drawing``, the start rolls left off:
the table shows what lies on each node now). A click on a node picks what the player aid lets the
mecha do there: move to it, pull back to it, or act on the node where it stands (fight, close a
run, raid, pick up, pass). What is hidden: the two mods a closing mecha drew (its owner's choice)
and the dice an attacker threw into a clash, until the defender has chosen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pnp.games.salvage import actions as A
from pnp.games.salvage.field import Field
from pnp.games.salvage.printables import (
    BASE_R,
    INK,
    NODE_R,
    SEAT_COLOURS,
    WRECK_R,
    field_drawing,
)
from pnp.games.salvage.rules import MATERIALS, RANK_WORD, Rank, dice_text
from pnp.games.salvage.state import (
    AFTER,
    CLASH_ATTACK,
    CLASH_DEFEND,
    DRAW,
    FIGHT,
    INSTALL,
    OVER,
    WRECK,
    SalvageState,
)
from pnp.games.view import EVERYONE, Board, Result, SeatView, Spot
from pnp.layout.draw import Align, Circle, Drawing, Item, Rect, TextBox, VAlign

#: Scrap tokens by material (cardboard .. resin), lightest to darkest.
MATERIAL_FILLS = ("#d9b98c", "#b08d5b", "#8d5a2b", "#9fd3e0", "#9aa3ad", "#6a4c93")
MOB_FILL, CELL_FILL = "#333333", "#35c46a"
HOW = {"cells": "carried all three fusion cells", "raids": "raided the enemy camp three times",
       "score": "the higher score when the countdown ended",
       "draw": "equal scores when the countdown ended"}
PHASE_TEXT = {FIGHT: "fights a mob: choose the dice for the next round",
              AFTER: "fight on or pull back", WRECK: "close the run or press on",
              CLASH_ATTACK: "attacks: choose the dice for the clash",
              CLASH_DEFEND: "defends a clash: choose the dice",
              INSTALL: "installs one of the two mods drawn"}


def seat_name(seat: int) -> str:
    return f"Mecha {seat + 1}"


@lru_cache(maxsize=16)
def _field_board(field: Field) -> Drawing:
    return field_drawing(field, start_rolls=False)


def _radius(field: Field, i: int) -> float:
    kind = field.nodes[i].kind
    return BASE_R if kind == "base" else WRECK_R if kind == "wreck" else NODE_R


def _die_token(x: float, y: float, sides: int, fill: str = "white") -> list[Item]:
    return [Rect(x - 3.6, y - 2.6, 7.2, 5.2, fill=fill, stroke=INK, stroke_width=0.35,
                 radius=1.0),
            TextBox(x - 3.6, y - 2.6, 7.2, 5.2, f"D{sides}", size=8, min_size=6,
                    font="Vera-Bold", colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE)]


def _scrap_token(x: float, y: float, material: int) -> list[Item]:
    return [Rect(x - 2.4, y - 2.4, 4.8, 4.8, fill=MATERIAL_FILLS[material - 1], stroke=INK,
                 stroke_width=0.3),
            TextBox(x - 2.4, y - 2.4, 4.8, 4.8, str(material), size=8, min_size=6,
                    font="Vera-Bold", colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE)]


def _row(x: float, y: float, scrap: Sequence[int], dice: Sequence[int]) -> list[Item]:
    """Scrap and dice tokens in a row centred on x."""
    widths = [5.4] * len(scrap) + [7.8] * len(dice)
    left = x - sum(widths) / 2
    items: list[Item] = []
    for k, m in enumerate(scrap):
        items += _scrap_token(left + 2.7 + 5.4 * k, y, m)
    left += 5.4 * len(scrap)
    for k, d in enumerate(dice):
        items += _die_token(left + 3.9 + 7.8 * k, y, d)
    return items


def _mob(state: SalvageState, node: int, x: float, y: float) -> list[Item]:
    rank = state.mob[node]
    cfg = state.cfg
    letter = "CBA"[rank - 1]
    hits = cfg.hits(rank)
    items: list[Item] = [
        Rect(x - 7, y - 6.5, 14, 13, fill=MOB_FILL, stroke="white", stroke_width=0.6, radius=2),
        TextBox(x - 7, y - 6.8, 14, 7, letter, size=13, font="Vera-Bold", colour="white",
                align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(x - 7, y - 0.8, 14, 4, f"{cfg.mob_number(rank)}+", size=7, min_size=6,
                font="Vera-Bold", colour="#ffd27f", align=Align.CENTER, valign=VAlign.MIDDLE)]
    for k in range(hits):  # a pip a hit it can take; a wound fills it red
        cx = x + (k - (hits - 1) / 2) * 3.4
        items.append(Circle(cx, y + 4.6, 1.2, fill="#e74c3c" if k < state.wounds[node]
                            else "white", stroke=None))
    return items


def _mecha(seat: int, x: float, y: float, to_move: bool) -> list[Item]:
    colour = SEAT_COLOURS[seat]
    items: list[Item] = []
    if to_move:
        items.append(Circle(x, y, 8.6, fill=None, stroke="#f1c40f", stroke_width=1.8))
    items += [Circle(x, y, 6.8, fill=colour, stroke="white", stroke_width=1.0),
              TextBox(x - 6.8, y - 6.8, 13.6, 13.6, f"M{seat + 1}", size=12, font="Vera-Bold",
                      colour="white", align=Align.CENTER, valign=VAlign.MIDDLE)]
    return items


def _pieces(state: SalvageState) -> list[Item]:
    field = state.setup.field
    t = state.t
    items: list[Item] = []
    for node in field.nodes:
        i, r = node.id, _radius(field, node.id)
        if state.mob[i]:
            items += _mob(state, i, node.x, node.y)
            items += _row(node.x, node.y + r + 3.2, state.guard_scrap[i],
                          (state.guard_die[i],) if state.guard_die[i] else ())
        w = t.wreck_of[i]
        if w >= 0 and state.cell_at[w]:
            items += [Circle(node.x + r * 0.72, node.y - r * 0.72, 3.6, fill=CELL_FILL,
                             stroke=INK, stroke_width=0.4),
                      TextBox(node.x + r * 0.72 - 3.6, node.y - r * 0.72 - 3.6, 7.2, 7.2, "F",
                              size=9, font="Vera-Bold", colour=INK, align=Align.CENTER,
                              valign=VAlign.MIDDLE)]
        if state.free_scrap[i] or state.free_dice[i]:
            items += _row(node.x, node.y - r - 3.2, state.free_scrap[i], state.free_dice[i])
    here = [m.pos for m in state.mechas]
    mover = state.current_player if state.phase != OVER else -1
    for m in state.mechas:
        n = field.nodes[m.pos]
        dx = (-5.5 if m.seat == 0 else 5.5) if here[0] == here[1] else 0.0
        dy = 0.0
        if state.mob[m.pos]:  # beside the mob it fights, not over it
            r = _radius(field, m.pos)
            dx, dy = dx - r * 0.8, -r * 0.8
        items += _mecha(m.seat, n.x + dx, n.y + dy, m.seat == mover)
    return items


class SalvageView:
    """The board view of Salvage (``pnp.games.view.BoardView``)."""

    hides_information = True

    def board(self, state: SalvageState, viewer: int) -> Board:
        field = state.setup.field
        base = _field_board(field)
        drawing = Drawing(width=base.width, height=base.height,
                          items=base.items + tuple(_pieces(state)), name="Salvage field")
        spots = tuple(Spot(f"node {n.id}", circle=(n.x, n.y, _radius(field, n.id)),
                           label=_node_label(state, n.id)) for n in field.nodes)
        return Board(drawing, spots)

    def seats(self, state: SalvageState, viewer: int) -> list[SeatView]:
        return [self._seat(state, seat, viewer) for seat in (0, 1)]

    def _seat(self, state: SalvageState, seat: int, viewer: int) -> SeatView:
        m, cfg = state.mechas[seat], state.cfg
        carried = _haul(m.scrap, m.dice, len(m.cells))
        lines = [("Fuel", f"{m.fuel} / {m.max_fuel(cfg)}"), ("HP", f"{m.hp} / {m.max_hp(cfg)}"),
                 ("Carrying", carried),
                 ("Banked", _haul(m.banked_scrap, m.banked_dice, len(m.banked_cells))),
                 ("Raids", f"{m.raids} / {cfg.raids_to_win}"),
                 ("Mods", ", ".join(f"{x.name} ({x.score})" for x in m.mods) or "none")]
        own = viewer in (seat, EVERYONE)
        if state.phase == INSTALL and state.player == seat:
            lines.append(("Drawn", " / ".join(x.name for x in state.drawn) if own
                          else f"{len(state.drawn)} mods (hidden)"))
        if state.phase == CLASH_DEFEND and state.player == seat:
            lines.append(("Clash dice", dice_text(state._clash_dice) if own else "hidden"))
        return SeatView(seat, seat_name(seat), SEAT_COLOURS[seat], tuple(lines),
                        score=str(state.score(seat)))

    def turn(self, state: SalvageState) -> str:
        if state.phase == OVER:
            return "The game is over"
        who = seat_name(state.current_player)
        what = PHASE_TEXT.get(state.phase, "to move: move one node or act on this node")
        return f"{who} {what} · round {state.round} of {state.cfg.rounds}"

    def kind(self, action: Any) -> str:
        return _KINDS[type(action)]

    def label(self, state: Any, action: Any) -> str:
        if isinstance(action, A.Move):
            return f"to node {action.node}"
        if isinstance(action, A.FightRound):
            return f"roll {dice_text(action.dice)}" if action.dice else "flip the coin twice"
        if isinstance(action, A.ClashDice):
            return f"throw {dice_text(action.dice)}" if action.dice else "throw no dice"
        if isinstance(action, A.Install):
            tail = "" if action.replace is None else f" over slot {action.replace}"
            return f"{action.mod}{tail}"
        return str(action).split(" ", 2)[2]  # "mecha 1 pulls back" -> "pulls back"

    def spot(self, state: SalvageState, action: Any) -> str | None:
        if isinstance(action, A.Move):
            return f"node {action.node}"
        if isinstance(action, A.PullBack):
            return f"node {state.mechas[action.seat].came_from}"
        if isinstance(action, A.FightRound | A.FightOn | A.CloseRun | A.PressOn | A.Raid
                      | A.PickUp | A.Pass):
            return f"node {state.mechas[action.seat].pos}"
        return None

    def hide(self, seat: int, line: str, viewer: int) -> str:
        """The dice an attacker throws into a clash are its secret until the clash is rolled
        (the clash's own event line then names both pools); the mods a closing mecha draws are
        its own: the one installed is shown, the other goes to the discard unseen."""
        m = _SECRET.match(line)
        if m is None or int(m[1]) - 1 == viewer:
            return line
        if m[2] == "draws":
            return f"mecha {m[1]} draws its mods (hidden)"
        if m[3]:
            return line[:m.start(3)] + "; the other to the discard (hidden)"
        return f"mecha {m[1]} throws its dice into the clash (attacker)"

    def result(self, state: SalvageState) -> Result:
        winner = "A draw" if state.winner == DRAW else f"{seat_name(state.winner)} wins"
        parts = [state.score_parts(s) for s in (0, 1)]
        rows = [(name.capitalize(), str(parts[0][name]), str(parts[1][name]))
                for name in ("mods", "scrap", "dice", "cells")]
        rows.append(("Total", str(state.score(0)), str(state.score(1))))
        return Result(winner, HOW.get(state.win_type, state.win_type),
                      ("", seat_name(0), seat_name(1)), tuple(rows))


#: Log lines naming a secret of the mecha they name: the mods it drew, its attacking dice.
_SECRET = re.compile(r"^mecha (\d+) (?:(draws) .+|installs .+?(; .+ to the discard)"
                     r"|throws .+ into the clash \(attacker\))$")

_KINDS: dict[type, str] = {
    A.Move: "Move", A.FightRound: "Fight", A.FightOn: "Fight", A.PullBack: "Fight",
    A.CloseRun: "Close the run", A.PressOn: "Close the run", A.Raid: "Close the run",
    A.PickUp: "Act on the node", A.Pass: "Act on the node", A.ClashDice: "Clash",
    A.Install: "Install a mod"}


def _haul(scrap: Sequence[int], dice: Sequence[int], cells: int) -> str:
    parts = []
    if scrap:
        parts.append(f"{len(scrap)} scrap ({', '.join(MATERIALS[m - 1] for m in scrap)})")
    if dice:
        parts.append(dice_text(dice))
    if cells:
        parts.append(f"{cells} fusion cell{'s' if cells > 1 else ''}")
    return "; ".join(parts) or "nothing"


def _node_label(state: SalvageState, i: int) -> str:
    node = state.setup.field.nodes[i]
    parts = []
    if node.kind == "base":
        parts.append(f"seat {state.t.bases.index(i) + 1}'s home base")
    elif node.kind == "wreck":
        parts.append("wreck site" + (", its fusion cell" if state.cell_at[state.t.wreck_of[i]]
                                     else ""))
    if state.mob[i]:
        rank = state.mob[i]
        parts.append(f"a {RANK_WORD[Rank(rank)]} mob ({state.cfg.mob_number(rank)}+, "
                     f"{state.wounds[i]} of {state.cfg.hits(rank)} hits)")
    if state.free_scrap[i] or state.free_dice[i]:
        parts.append("free: " + _haul(state.free_scrap[i], state.free_dice[i], 0))
    return f"node {i}" + (": " + ", ".join(parts) if parts else "")


VIEW = SalvageView()
