"""The decisions of a touring knight as small immutable values with a readable text.

Pure core. Knights are numbered from 1 in the text (seat 0 is "knight 1"); hexes are named by
the place label printed on them (C1 Gangraen, S1-S10 special places, N1.. normal hexes), so a
designer can follow a replay on the printed board. ``parse_action(str(a)) == a`` for every
action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.games.waste_knights import rules as R

__all__ = ["Action", "CityChoice", "Drive", "Explore", "Face", "QuickResupply", "Stay", "Walk",
           "parse_action"]


@dataclass(frozen=True, slots=True)
class Stay:
    """Move Step: "Moving is not obligatory": the knight stays on his hex."""

    seat: int
    hex: str

    def __str__(self) -> str:
        return f"knight {self.seat + 1} stays on {self.hex}"


@dataclass(frozen=True, slots=True)
class Walk:
    """Moving on Foot: 1 hex to an adjacent hex, no Fuel, 1 wasteland card."""

    seat: int
    start: str
    to: str

    def __str__(self) -> str:
        return f"knight {self.seat + 1} walks {self.start} -> {self.to} (on foot)"


@dataclass(frozen=True, slots=True)
class Drive:
    """Plan Route by vehicle: the start hex, then each hex entered; the Fuel the route costs."""

    seat: int
    route: tuple[str, ...]
    fuel: int

    def __str__(self) -> str:
        return f"knight {self.seat + 1} drives {' -> '.join(self.route)} ({self.fuel} Fuel)"


#: Waster Step b): the city's options in the rulebook's words.
CITY_TEXT = {R.CityOption.HEAL_RADIATION: "heal 1 Radiation",
             R.CityOption.HEAL_HEALTH: "heal 1 Health", R.CityOption.AMMO: "gain +1 Ammo",
             R.CityOption.FUEL: "gain +1 Fuel"}


@dataclass(frozen=True, slots=True)
class CityChoice:
    """Waster Step b): the one free option of a knight on a city hex."""

    seat: int
    option: R.CityOption

    def __str__(self) -> str:
        return f"knight {self.seat + 1} takes the city option: {CITY_TEXT[self.option]}"


#: The exploration actions in the reference sheet's words (the amount depends on the hex).
EXPLORE_TEXT = {R.ExplorationAction.RESUPPLY_HEAL: "Resupply (heal)",
                R.ExplorationAction.RESUPPLY_SUPPLIES: "Resupply (Ammo, Fuel, Repair)",
                R.ExplorationAction.RESUPPLY_BOTH: "Resupply (heal) + (Ammo, Fuel, Repair)",
                R.ExplorationAction.FUEL: "gain Fuel",
                R.ExplorationAction.HEAL_RADIATION: "heal Radiation",
                R.ExplorationAction.HEAL_HEALTH: "heal Health",
                R.ExplorationAction.GREEN_GEAR: "gain green gear cards",
                R.ExplorationAction.TRADE: "Trade Action with the Stalls",
                R.ExplorationAction.GANGRAEN_ROLL: "discard 1 green gear card, roll 1 die",
                R.ExplorationAction.LUCK_CARDS: "draw 2 luck cards",
                R.ExplorationAction.RED_FOR_REPUTATION: "discard 1 red gear card, +1 Reputation",
                R.ExplorationAction.RED_TOMB: "Red Tomb",
                R.ExplorationAction.WARATA_RED: "lose 2 Reputation, +1 red gear card",
                R.ExplorationAction.WARATA_YELLOW: "lose 2 Reputation, +2 yellow gear cards",
                R.ExplorationAction.YELLOW_GEAR: "+1 yellow gear card",
                R.ExplorationAction.REDOUBT: "a wasteland card under the Waster marker",
                R.ExplorationAction.SANDPIERCER: "discard 1 green gear card, place the marker"}
NO_EXPLORATION = "no exploration action"


@dataclass(frozen=True, slots=True)
class Explore:
    """Exploration Step b): 1 exploration action of the hex, or none; ``target``: the place
    label of the hex a Red Tomb or Sandpiercer action aims at."""

    seat: int
    action: R.ExplorationAction | None
    target: str = ""

    def __str__(self) -> str:
        what = NO_EXPLORATION if self.action is None else EXPLORE_TEXT[self.action]
        on = f" on {self.target}" if self.target else ""
        return f"knight {self.seat + 1} explores: {what}{on}"


LUCK_TEXT = {R.LuckIcon.FUEL: "Fuel", R.LuckIcon.HEALTH: "Health",
             R.LuckIcon.RADIATION: "Radiation", R.LuckIcon.AMMO: "Ammo"}


@dataclass(frozen=True, slots=True)
class QuickResupply:
    """Rest Step c): discard up to 1 luck card for its resource icon."""

    seat: int
    icon: R.LuckIcon | None

    def __str__(self) -> str:
        if self.icon is None:
            return f"knight {self.seat + 1} keeps his luck cards (Quick Resupply)"
        name = LUCK_TEXT[self.icon]
        return (f"knight {self.seat + 1} discards {'an' if name[0] in 'AEIOU' else 'a'} {name} "
                "luck card (Quick Resupply)")


@dataclass(frozen=True, slots=True)
class Face:
    """Resolving Wasteland Cards: "the Active Knight decides whether he wishes to Escape or to
    Face the challenge represented by the card" (``face`` False: escape)."""

    seat: int
    face: bool

    def __str__(self) -> str:
        return f"knight {self.seat + 1} {'faces' if self.face else 'escapes'} the wasteland card"


Action = Stay | Walk | Drive | CityChoice | Explore | QuickResupply | Face

_KNIGHT = re.compile(r"knight ([1-9][0-9]*) (.+)")
_LABEL = r"[^\s>]+"
_STAY = re.compile(rf"stays on ({_LABEL})")
_WALK = re.compile(rf"walks ({_LABEL}) -> ({_LABEL}) \(on foot\)")
_DRIVE = re.compile(rf"drives ({_LABEL}(?: -> {_LABEL})+) \(([0-9]+) Fuel\)")
_TARGET = re.compile(rf"(.+) on ({_LABEL})")
_DISCARD = re.compile(r"discards an? (\w+) luck card \(Quick Resupply\)")


def _lookup(table: dict, text: str, what: str):  # type: ignore[no-untyped-def]
    for key, value in table.items():
        if value == text:
            return key
    raise ValueError(f"unknown {what} {text!r}")


def parse_action(text: str) -> Action:
    """The action whose ``str`` is ``text`` (ValueError if there is none)."""
    m = _KNIGHT.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"not a Waste Knights action: {text!r}")
    seat, rest = int(m.group(1)) - 1, m.group(2)
    if (s := _STAY.fullmatch(rest)) is not None:
        return Stay(seat, s.group(1))
    if (s := _WALK.fullmatch(rest)) is not None:
        return Walk(seat, s.group(1), s.group(2))
    if (s := _DRIVE.fullmatch(rest)) is not None:
        return Drive(seat, tuple(s.group(1).split(" -> ")), int(s.group(2)))
    if rest.startswith("takes the city option: "):
        return CityChoice(seat, _lookup(CITY_TEXT, rest.split(": ", 1)[1], "city option"))
    if rest.startswith("explores: "):
        what = rest.split(": ", 1)[1]
        if (s := _TARGET.fullmatch(what)) is not None and s.group(1) in EXPLORE_TEXT.values():
            what, target = s.group(1), s.group(2)
        else:
            target = ""
        return Explore(seat, None if what == NO_EXPLORATION
                       else _lookup(EXPLORE_TEXT, what, "exploration action"), target)
    if rest in ("faces the wasteland card", "escapes the wasteland card"):
        return Face(seat, rest.startswith("faces"))
    if rest == "keeps his luck cards (Quick Resupply)":
        return QuickResupply(seat, None)
    if (s := _DISCARD.fullmatch(rest)) is not None:
        return QuickResupply(seat, _lookup(LUCK_TEXT, s.group(1), "luck icon"))
    raise ValueError(f"not a Waste Knights action: {text!r}")
