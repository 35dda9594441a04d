"""A player's decisions as one small immutable value, ``Act``, with a readable text.

Pure core. Vehicles are named by seat and roster name as the wasteland guide lists them
("P2 scout-1", "P1 big-rig"); hexes by axial ``q,r``; facings 0-5 clockwise from east.
``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from pnp.games.wreck_and_ruin.hexes import Coord
from pnp.games.wreck_and_ruin.rules import ROSTER, SPECIALS

__all__ = ["AP_LIMITED", "KINDS", "OTHER_ACT", "Act", "act_of", "parse_action",
           "roster_names"]

#: Action kinds. The first four are the 2AP-limited actions ("Moving a vehicle, Attack a target
#: within range, Ram an adjacent vehicle, Search a wreck for salvage"); throttle and drive are a
#: move; potshot and repair are free parts of a move; fix (a wreck repairing itself), return and
#: search cost 1AP outside the limit; patch removes 1 DP from a vehicle just brought back, for
#: 1AP (``n`` 0) or a salvage card (``n`` 1); discard and end are free.
KINDS = ("move", "reverse", "throttle", "drive", "shoot", "potshot", "ram", "salvage",
         "repair", "fix", "return", "patch", "search", "discard", "fuel", "kit", "card",
         "faction", "end")
#: The 2AP-limit action each kind counts as (bits of Vehicle.acts).
AP_LIMITED = {"move": 1, "reverse": 1, "throttle": 1, "shoot": 2, "ram": 4, "salvage": 8}
#: The bit of Vehicle.acts for an action outside the 2AP limit that the vehicle completed (a
#: reserve fuel move, a wreck's repair): "you cannot full throttle if this vehicle has already
#: completed another action".
OTHER_ACT = 16


def roster_names(roster: tuple[str, ...] = ROSTER) -> tuple[str, ...]:
    """Per roster slot its name: "scout-1", "scout-2", "buggy", "wrecker", "big-rig"."""
    out = []
    for i, kind in enumerate(roster):
        same = [j for j, k in enumerate(roster) if k == kind]
        out.append(kind if len(same) == 1 else f"{kind}-{same.index(i) + 1}")
    return tuple(out)


#: Per seat: the roster, then the special vehicles ("P3 drone").
NAMES = roster_names() + SPECIALS
_PER_SEAT = len(NAMES)


@lru_cache(maxsize=64)    # 4 seats of 7 vehicles: every game names them afresh
def vehicle_text(vid: int) -> str:
    """"P2 scout-1" for vehicle id ``vid`` (seat * 5 + roster slot)."""
    return f"P{vid // _PER_SEAT + 1} {NAMES[vid % _PER_SEAT]}"


def _vehicle(text: str) -> int:
    seat, name = text.split(" ")
    return (int(seat[1:]) - 1) * _PER_SEAT + NAMES.index(name)


class Act(NamedTuple):
    """One action: ``kind`` (see KINDS) by ``seat`` with ``vehicle`` on ``target`` (vehicle
    ids), to hex ``to`` facing ``facing``; ``n`` is the steamroll distance of a ram.

    An immutable value (a named tuple: the bots build many candidates, and a tuple is made
    and compared several times faster than a frozen dataclass)."""

    kind: str
    seat: int
    vehicle: int = -1
    target: int = -1
    to: Coord | None = None
    facing: int = -1
    n: int = 0

    def __str__(self) -> str:
        k = self.kind
        who = vehicle_text(self.vehicle) if self.vehicle >= 0 else f"P{self.seat + 1}"
        tgt = vehicle_text(self.target) if self.target >= 0 else ""
        where = f"{self.to[0]},{self.to[1]} facing {self.facing}" if self.to else ""
        if k == "faction":
            on = (f" for {vehicle_text(self.vehicle)}" if self.vehicle >= 0
                  else f" on {tgt}" if tgt else "")
            return f"P{self.seat + 1} plays its faction card{on}"
        if k == "card":     # n: the card's place in the salvage deck (state.salvage)
            return f"P{self.seat + 1} plays salvage card {self.n}" + (f" on {tgt}" if tgt else "")
        if k == "fuel":
            return f"{who} uses a reserve fuel tank to move to {where}"
        if k == "kit":
            return f"{who} uses a field repair kit on {tgt}"
        if k in ("move", "reverse", "drive", "return"):
            verb = {"move": "moves", "reverse": "reverses", "drive": "drives",
                    "return": "returns"}[k]
            return f"{who} {verb} to {where}"
        if k == "throttle":
            return f"{who} goes full throttle"
        if k in ("shoot", "potshot"):
            return f"{who} {k}s {tgt}"
        if k == "ram":
            return f"{who} rams {tgt}" + (f" after steamroll {self.n}" if self.n else "")
        if k == "salvage":
            return f"{who} salvages the wreck of {tgt}"
        if k == "repair":
            return f"{who} repairs {tgt}"
        if k == "fix":
            return f"{who} attempts to repair its wreck"
        if k == "patch":
            paid = "discards a salvage card" if self.n else "spends an AP"
            return f"P{self.seat + 1} {paid} to repair its returning {who}"
        if k == "search":
            return f"{who} searches for salvage"
        if k == "discard":
            return f"{who} discards a salvage card to repair {tgt}"
        return f"{who} ends the turn"


def act_of(fields: tuple[Any, ...]) -> Act:
    """An ``Act`` of all its fields in order (kind, seat, vehicle, target, to, facing, n),
    made without ``Act``'s keyword handling, which costs about five times as much: the
    players make one at every decision."""
    return tuple.__new__(Act, fields)  # type: ignore[type-var, no-any-return]


_V = r"(P\d+ [a-z0-9-]+)"
_W = r"(-?\d+),(-?\d+) facing ([0-5])"       # "facings 0-5 clockwise from east"
_PATTERNS = (
    (re.compile(rf"^{_V} (moves|reverses|drives|returns) to {_W}$"), "place"),
    (re.compile(rf"^{_V} goes full throttle$"), "throttle"),
    (re.compile(rf"^{_V} (shoots|potshots) {_V}$"), "fire"),
    (re.compile(rf"^{_V} rams {_V}(?: after steamroll (\d))?$"), "ram"),
    (re.compile(rf"^{_V} salvages the wreck of {_V}$"), "salvage"),
    (re.compile(rf"^{_V} repairs {_V}$"), "repair"),
    (re.compile(rf"^{_V} attempts to repair its wreck$"), "fix"),
    (re.compile(rf"^P(\d+) (spends an AP|discards a salvage card) to repair its returning {_V}$"),
     "patch"),
    (re.compile(r"^P(\d+) searches for salvage$"), "search"),
    (re.compile(rf"^P(\d+) discards a salvage card to repair {_V}$"), "discard"),
    (re.compile(r"^P(\d+) ends the turn$"), "end"),
    (re.compile(rf"^{_V} uses a reserve fuel tank to move to {_W}$"), "fuel"),
    (re.compile(rf"^P(\d+) plays its faction card(?: (for|on) {_V})?$"), "faction"),
    (re.compile(rf"^P(\d+) uses a field repair kit on {_V}$"), "kit"),
    (re.compile(rf"^P(\d+) plays salvage card (\d+)(?: on {_V})?$"), "card"),
)
_VERB = {"moves": "move", "reverses": "reverse", "drives": "drive", "returns": "return"}


def parse_action(text: str) -> Act:
    """The action whose ``str`` is ``text`` (ValueError if there is none)."""
    for pattern, shape in _PATTERNS:
        m = pattern.match(text.strip())
        if not m:
            continue
        g = m.groups()
        if shape in ("search", "end"):
            return Act(shape, int(g[0]) - 1)
        if shape == "card":
            return Act("card", int(g[0]) - 1, target=_vehicle(g[2]) if g[2] else -1,
                       n=int(g[1]))
        if shape == "faction":
            seat = int(g[0]) - 1
            if g[1] == "for":
                return Act("faction", seat, _vehicle(g[2]))
            if g[1] == "on":
                return Act("faction", seat, target=_vehicle(g[2]))
            return Act("faction", seat)
        if shape in ("discard", "kit"):
            return Act(shape, int(g[0]) - 1, target=_vehicle(g[1]))
        if shape == "patch":
            v = _vehicle(g[2])
            if v // _PER_SEAT != int(g[0]) - 1:
                raise ValueError(f"P{g[0]} cannot repair another player's vehicle: {text!r}")
            return Act("patch", v // _PER_SEAT, v, n=int(g[1] != "spends an AP"))
        if shape == "fuel":
            v = _vehicle(g[0])
            return Act("fuel", v // _PER_SEAT, v, to=(int(g[1]), int(g[2])), facing=int(g[3]))
        v = _vehicle(g[0])
        seat = v // _PER_SEAT
        if shape == "place":
            return Act(_VERB[g[1]], seat, v, to=(int(g[2]), int(g[3])), facing=int(g[4]))
        if shape in ("throttle", "fix"):
            return Act(shape, seat, v)
        if shape == "fire":
            return Act(g[1][:-1], seat, v, _vehicle(g[2]))
        if shape == "ram":
            return Act("ram", seat, v, _vehicle(g[1]), n=int(g[2] or 0))
        return Act(shape, seat, v, _vehicle(g[1]))
    raise ValueError(f"not a Wreck and Ruin action: {text!r}")
