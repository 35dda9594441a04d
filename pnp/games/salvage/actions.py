"""A mecha's decisions as small immutable values, and what the rules did, in the aid's words.

Pure core. Mecha are numbered from 1 in the text (seat 0 is "mecha 1"), nodes by their id on
the field; dice by their sides ("D6 + D8", smallest first). ``parse_action(str(a)) == a`` for
every action. ``Narrator`` writes a replay's events: rolls, loot, collapses, clashes, scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pnp.games.salvage.rules import COIN, MATERIALS, RANK_WORD, Rank, dice_text, die_name

__all__ = ["Action", "ClashDice", "CloseRun", "FightOn", "FightRound", "Install", "Move", "Pass",
           "Narrator", "PickUp", "PressOn", "PullBack", "Raid", "parse_action"]


@dataclass(frozen=True, slots=True)
class Move:
    """"Move your mecha one node"."""

    seat: int
    node: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} moves to node {self.node}"


@dataclass(frozen=True, slots=True)
class FightRound:
    """One round against the mob on the node, rolling ``dice`` (sides, smallest first)."""

    seat: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        what = dice_text(self.dice) if self.dice else "no dice (the coin)"
        return f"mecha {self.seat + 1} fights a round with {what}"


@dataclass(frozen=True, slots=True)
class FightOn:
    """"After each round you fight on": stay on the mob's node."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} fights on"


@dataclass(frozen=True, slots=True)
class PullBack:
    """"or pull back, free, to the node you came from"."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} pulls back"


@dataclass(frozen=True, slots=True)
class CloseRun:
    """Close the run on a wreck site ("You may then close your run or press on")."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} closes its run"


@dataclass(frozen=True, slots=True)
class PressOn:
    """Keep the run going after taking a wreck site's fusion cell."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} presses on"


@dataclass(frozen=True, slots=True)
class Raid:
    """Raid the enemy camp: "1 damage to the enemy base and always closes your run"."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} raids the enemy camp"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Act on the node: take the loot lying free there (a dropped haul, a returned cell)."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} picks up the loot lying free"


@dataclass(frozen=True, slots=True)
class Pass:
    """Act on the node by doing nothing."""

    seat: int

    def __str__(self) -> str:
        return f"mecha {self.seat + 1} passes"


@dataclass(frozen=True, slots=True)
class ClashDice:
    """The dice a mecha throws into a clash ("as many as you like"), as attacker or defender."""

    seat: int
    attacker: bool
    dice: tuple[int, ...]

    def __str__(self) -> str:
        side = "attacker" if self.attacker else "defender"
        return f"mecha {self.seat + 1} throws {dice_text(self.dice)} into the clash ({side})"


@dataclass(frozen=True, slots=True)
class Install:
    """Install one of the 2 mods drawn; ``replace`` (1-6) names the slot a seventh replaces."""

    seat: int
    mod: str
    replace: int | None = None

    def __str__(self) -> str:
        tail = "" if self.replace is None else f", replacing the mod in slot {self.replace}"
        return f"mecha {self.seat + 1} installs {self.mod}{tail}"


Action = (Move | FightRound | FightOn | PullBack | CloseRun | PressOn | Raid | PickUp | Pass
          | ClashDice | Install)

_MECHA = re.compile(r"mecha ([1-9][0-9]*) (.+)", re.S)
_DICE = r"(no dice|D[0-9]+(?: \+ D[0-9]+)*)"
_MOVE = re.compile(r"moves to node ([0-9]+)")
_ROUND = re.compile(r"fights a round with (no dice \(the coin\)|D[0-9]+(?: \+ D[0-9]+)*)")
_CLASH = re.compile(rf"throws {_DICE} into the clash \((attacker|defender)\)")
_INSTALL = re.compile(r"installs (.+?)(?:, replacing the mod in slot ([0-9]+))?", re.S)
_PLAIN: dict[str, type[FightOn | PullBack | CloseRun | PressOn | Raid | PickUp | Pass]] = {
    "fights on": FightOn, "pulls back": PullBack, "closes its run": CloseRun,
    "presses on": PressOn, "raids the enemy camp": Raid,
    "picks up the loot lying free": PickUp, "passes": Pass}


def _dice(text: str) -> tuple[int, ...]:
    if text.startswith("no dice"):
        return ()
    return tuple(int(d.strip()[1:]) for d in text.split("+"))


def parse_action(text: str) -> Action:
    """The action whose ``str`` is ``text`` (ValueError if there is none)."""
    m = _MECHA.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"not a Salvage action: {text!r}")
    seat, rest = int(m.group(1)) - 1, m.group(2)
    if rest in _PLAIN:
        return _PLAIN[rest](seat)
    if (s := _MOVE.fullmatch(rest)) is not None:
        return Move(seat, int(s.group(1)))
    if (s := _ROUND.fullmatch(rest)) is not None:
        return FightRound(seat, _dice(s.group(1)))
    if (s := _CLASH.fullmatch(rest)) is not None:
        return ClashDice(seat, s.group(2) == "attacker", _dice(s.group(1)))
    if (s := _INSTALL.fullmatch(rest)) is not None:
        return Install(seat, s.group(1), None if s.group(2) is None else int(s.group(2)))
    raise ValueError(f"not a Salvage action: {text!r}")


# --- what the rules did, in the aid's words (a replay's events) --------------------------------

def _haul(scrap: tuple[int, ...], dice: tuple[int, ...] = ()) -> str:
    parts = []
    if scrap:
        names = ", ".join(MATERIALS[m - 1] for m in scrap)
        parts.append(f"{len(scrap)} scrap ({names})")
    if dice:
        parts.append(dice_text(dice))
    return " and ".join(parts) or "nothing"


class Narrator:
    """Writes the lines of one ``apply`` into ``state.log`` (only while a replay logs)."""

    __slots__ = ("s", "out")

    def __init__(self, state: Any) -> None:
        self.s, self.out = state, state.log

    def line(self, text: str) -> None:
        """One event line."""
        self.out.append(text)

    def _node(self, node: int) -> str:
        t = self.s.t
        if node in t.bases:
            return f"node {node} (mecha {t.bases.index(node) + 1}'s base)"
        return f"node {node} (wreck site)" if t.wreck_of[node] >= 0 else f"node {node}"

    def moved(self, me: Any, cost: int) -> None:
        """A move's fuel."""
        self.line(f"mecha {me.seat + 1} leaves node {me.came_from} for {self._node(me.pos)}: "
                  f"{cost} fuel ({me.fuel} left)")

    def loot(self, me: Any, node: int, scrap: tuple[int, ...], dice: tuple[int, ...],
             magnet: bool = False) -> None:
        """Loot picked up (as it arrives, or by the Magnet from a neighbouring node)."""
        how = " with its magnet" if magnet else ""
        self.line(f"mecha {me.seat + 1} picks up {_haul(scrap, dice)} lying free on node "
                  f"{node}{how}")

    def mob(self, node: int) -> None:
        """A mob stands on the node reached."""
        s = self.s
        rank = Rank(s.mob[node])
        self.line(f"a {RANK_WORD[rank]} mob ({rank.name}, {s.cfg.mob_number(rank)}) stands on "
                  f"node {node} with {s.wounds[node]} of {s.cfg.hits(rank)} hits: the fight "
                  "begins")

    def _total(self, me: Any, dice: tuple[int, ...], faces: list[int], total: int) -> str:
        strength = self.s.cfg.strength
        bonus = total - sum(faces) - strength
        rolled = "".join(f"{die_name(d)} {f} + " for d, f in zip(dice, faces, strict=True))
        what = f"rolls {rolled}{strength}" if dice else f"throws no dice: {strength}"
        return f"mecha {me.seat + 1} {what}{f' + {bonus}' if bonus else ''} = {total}"

    def roll(self, me: Any, dice: tuple[int, ...], faces: list[int], total: int,
             number: int) -> None:
        """A fight round's roll."""
        verdict = "a hit" if total >= number else "a miss"
        self.line(f"{self._total(me, dice, faces, total)} against {number}: {verdict}")

    def coin(self, me: Any, flips: list[int], hit: bool) -> None:
        """A fight round with no dice: the coin."""
        faces = ", ".join(COIN[f - 1] for f in flips)
        self.line(f"mecha {me.seat + 1} has no dice in the round: the coin shows {faces}: "
                  f"{'a hit' if hit else 'a miss'}")

    def missed(self, me: Any, dice: tuple[int, ...], saved: bool) -> None:
        """A missed round's cost."""
        if dice:
            self.line(f"{dice_text(dice)} go{'es' if len(dice) == 1 else ''} back to the supply")
        if saved:
            self.line(f"mecha {me.seat + 1}'s spare plating rolls 5 or 6: no HP lost")
        else:
            self.line(f"mecha {me.seat + 1} loses 1 HP ({me.hp} left)")

    def beaten(self, me: Any, node: int, scrap: tuple[int, ...], die: int) -> None:
        """A mob beaten."""
        self.line(f"the mob on node {node} is beaten: mecha {me.seat + 1} takes "
                  f"{_haul(scrap, (die,) if die else ())}")

    def cell(self, me: Any, w: int, extra: tuple[int, ...]) -> None:
        """A wreck site's fusion cell taken."""
        winch = f", and {_haul(extra)} with its winch" if extra else ""
        self.line(f"mecha {me.seat + 1} takes the fusion cell of wreck site "
                  f"{self.s.t.wrecks[w]}{winch} (it carries {len(me.cells)})")

    def clash(self, att: Any, dfn: Any, ad: tuple[int, ...], dd: tuple[int, ...],
              totals: tuple[Any, ...], att_wins: bool) -> None:
        """A clash's dice (or coin) and its winner."""
        who = f"mecha {att.seat + 1 if att_wins else dfn.seat + 1}"
        if len(totals) == 1:
            self.line(f"clash on node {att.pos}, neither throws a die: the coin shows "
                      f"{COIN[totals[0] - 1]}: {who} wins")
            return
        af, at, df, dt = totals
        self.line(f"clash on node {att.pos}: {self._total(att, ad, af, at)} (attacker) against "
                  f"{self._total(dfn, dd, df, dt)} (defender): {who} wins")
        lost = dd if att_wins else ad
        if lost:
            self.line(f"the loser's {dice_text(lost)} go back to the supply")

    def cell_taken(self, winner: Any, loser: Any) -> None:
        """The clash winner takes one of the loser's cells."""
        self.line(f"mecha {winner.seat + 1} takes a fusion cell from mecha {loser.seat + 1}")

    def knocked_back(self, loser: Any) -> None:
        """The clash loser goes home."""
        self.line(f"mecha {loser.seat + 1} is knocked back to its base (node {loser.base})")

    def refuelled(self, me: Any) -> None:
        """A clash loser knocked back with an empty tank, refuelled at home."""
        self.line(f"mecha {me.seat + 1} is refuelled at home (fuel {me.fuel}): a clash never "
                  "makes a mecha collapse")

    def dropped(self, me: Any, node: int) -> None:
        """A haul dropped (knocked back or collapsed)."""
        self.line(f"mecha {me.seat + 1} drops {_haul(me.scrap, me.dice)} on node {node}")

    def collapse(self, me: Any, why: str) -> None:
        """A collapse."""
        self.line(f"mecha {me.seat + 1} collapses on node {me.pos} ({why}) and starts again "
                  "from home with full fuel and HP")

    def cell_returns(self, w: int) -> None:
        """A lost cell back on its wreck site."""
        self.line(f"a fusion cell returns to wreck site {self.s.t.wrecks[w]}")

    def smallest(self, me: Any, die: int) -> None:
        """The smallest die of the supply taken (or none left)."""
        what = f"takes the smallest die in the supply: {die_name(die)}" if die else \
            "finds the supply empty"
        self.line(f"mecha {me.seat + 1} {what}")

    def raided(self, me: Any) -> None:
        """A raid's damage."""
        self.line(f"mecha {me.seat + 1} does 1 damage to the enemy base ({me.raids} of "
                  f"{self.s.cfg.raids_to_win})")

    def closing(self, me: Any) -> None:
        """A run closed: home and banked."""
        self.line(f"mecha {me.seat + 1} closes its run: home to node {me.base}, banks "
                  f"{_haul(me.scrap, me.dice)}")

    def drew(self, me: Any, drawn: list[Any]) -> None:
        """The mods drawn."""
        self.line(f"mecha {me.seat + 1} draws {' and '.join(m.name for m in drawn)}")

    def installed(self, me: Any, mod: Any, rest: list[Any]) -> None:
        """The mod installed and what went to the discard."""
        gone = f"; {', '.join(m.name for m in rest)} to the discard" if rest else ""
        self.line(f"mecha {me.seat + 1} installs {mod.name} (score {mod.score}){gone}")

    def node_die(self, node: int, face: int) -> None:
        """A node die roll on a field node."""
        self.line(f"node die on node {node}: {face}, {self.s.cfg.node_die[face - 1].text}")

    def win(self, seat: int, how: str) -> None:
        """A win at once."""
        what = {"cells": "carries all three fusion cells",
                "raids": f"has raided the enemy camp {self.s.cfg.raids_to_win} times"}[how]
        self.line(f"mecha {seat + 1} {what} and wins")

    def countdown(self) -> None:
        """The score table at the end of round 24."""
        s = self.s
        for seat in (0, 1):
            parts = s.score_parts(seat)
            detail = ", ".join(f"{k} {v}" for k, v in parts.items())
            self.line(f"mecha {seat + 1} scores {sum(parts.values())} ({detail})")
        verdict = "a draw" if s.win_type == "draw" else f"mecha {s.winner + 1} wins"
        self.line(f"the countdown ends after round {s.cfg.rounds}: {verdict}")
