"""The arrays the heuristic player's kernels read (``kernels``): a map's tables, built once
per map, the vehicles as a table brought up to date at each decision, and the exact odds'
values as tables filled as they are needed.

Pure core, imported by the simulator alone (through ``bots.kernels``).
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import Any

import numpy as np

from pnp.games.wreck_and_ruin import kernels as k
from pnp.games.wreck_and_ruin.dice import pool
from pnp.games.wreck_and_ruin.kernels import (
    P_AIRSTRIKE,
    P_AP,
    P_DICE,
    P_MOVE,
    P_ONLY,
    P_REACH,
    P_SEAT,
    P_TOKENS,
)
from pnp.games.wreck_and_ruin.movement import grid_of
from pnp.games.wreck_and_ruin.tables import per_map
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

__all__ = ["MapArrays", "Where", "arrays_of", "ram_value", "shot_value", "where_of"]


class MapArrays:
    """A map's tables as arrays: per hex index (``index``, ``coords``) its axial coordinates,
    whether an obstacle stands on it, whether it is open and whether it is a hazard (the rows
    of ``M``, ``kernels.decide``'s ``q``, ``r``, ``obstacle``, ``open_`` and ``hazard``), its
    six neighbours (``nb``, -1: off the map); and the distance tables the kernels fill as
    they need them."""

    def __init__(self, board: Any) -> None:
        g = grid_of(board)
        terrain = board.terrain
        self.cells = cells = len(g.coords)
        self.index = g.index
        self.coords = g.coords
        #: ``M`` then ``nb``, in one array (``kernels.carve``).
        self.MT = np.concatenate([
            np.array([[c[0] for c in g.coords], [c[1] for c in g.coords],
                      [terrain[c] == OBSTACLE for c in g.coords], g.open,
                      [terrain[c] == HAZARD for c in g.coords]], dtype=np.int64).ravel(),
            np.array(g.nb, dtype=np.int64)])
        #: The distance tables, in one array: ``fields`` row ``goal``:
        #: ``tables.Tables.steps_to(goal)``, once ``ready[goal]``; ``to_go`` row ``goal * 3 +
        #: kind``: the movement to ``goal`` per (hex * 6 + facing) of a vehicle of ``kind`` (0
        #: one hex, 1 AGILE, 2 the big rig), once ``ready[cells + goal * 3 + kind]``.
        self.T = np.zeros(cells * cells * 19 + cells * 4, dtype=np.int16)
        self.M, self.nb = k.carve_map(self.MT, self.T, cells)[:2]


_ARRAYS: dict[int, tuple[object, Any]] = {}


def arrays_of(board: object) -> MapArrays:
    """The ``MapArrays`` of ``board``, built once per map."""
    return per_map(_ARRAYS, board, lambda: MapArrays(board))


#: The skills the kernels read, and their bits (``kernels.FLYING`` ...).
SKILLS = (("FLYING", k.FLYING), ("360 TURRET", k.TURRET), ("STEAMROLL", k.STEAMROLL),
          ("AGILE", k.AGILE), ("REPAIR", k.REPAIRS), ("MECHANIC", k.MECHANIC))


@cache
def shot_value(attack: int, target: int, modifier: int, dp_left: int
               ) -> tuple[float, float, float]:
    """(expected hits, P(at least one), P(enough to wreck)) of a shot, exactly then as floats."""
    p = pool(attack, target, modifier)
    return float(p.expected), float(p.at_least(1)), float(p.at_least(dp_left))


@cache
def ram_value(a_arm: int, a_size: int, t_arm: int, t_size: int, rear: bool
              ) -> tuple[float, float, float]:
    """(expected DP to the target, to the attacker, P(the target takes any)): ``ram_odds``'
    values (its defaults) as floats, each one integer division, rounded as ``float(Fraction)``.

    Worked out per attacker's score rather than per pair of scores: with ``c`` the sizes'
    difference, the attacker's ``a`` successes beat the defender's ``d`` when ``d < a + c``,
    by ``a + c - d`` DP (``dice.ram_result``), and tie at ``d = a + c`` (1 DP), so the DP
    dealt against ``a`` is ``(a + c) * P(d < a + c) - sum(d * P(d) for d < a + c) + P(d = a
    + c)``, from running sums; a lower attacker takes the sizes' difference when the
    defender is larger. As ``ram_odds``, the expected DP count the listed scores only and P(the
    target takes any) is 1 - P(it takes none), its ``tail`` included."""
    penalty = 1 if rear else 0
    a_den, a_num = pool(a_arm, t_arm - penalty).counts
    d_den, d_num = pool(max(0, t_arm - penalty), a_arm).counts
    below = [0]         # below[m]: the defender's count of scores under m, over d_den
    below_d = [0]       # and of d x its count
    for d, n in enumerate(d_num):
        below.append(below[-1] + n)
        below_d.append(below_d[-1] + d * n)
    c = a_size - t_size
    dealt = lower = 0
    for a, n in enumerate(a_num):
        m = min(max(a + c, 0), len(d_num))      # the defender's scores under the attacker's
        tie = d_num[a + c] if 0 <= a + c < len(d_num) else 0
        dealt += n * ((a + c) * below[m] - below_d[m] + tie)
        lower += n * (below[-1] - below[m] - tie)
    den = a_den * d_den
    return dealt / den, lower * max(0, -c) / den, (den - lower) / den


class _Odds:
    """``shot_value`` and ``ram_value`` as the tables ``kernels.decide`` reads, filled as a
    decision asks (NaN: not worked out yet), grown when one asks beyond them."""

    def __init__(self) -> None:
        #: (shot, ram), a new pair at every fill (``Where.decide`` passes them on).
        self.tables = (np.full((8, 10, 2, 8, 3), np.nan),
                       np.full((10, 5, 10, 5, 2, 3), np.nan))

    def fill(self, need: Any) -> None:
        """Work out the value ``need`` asks for: (1: a shot, 2: a ram, then its key)."""
        key = tuple(need[1:6].tolist())
        shot, ram = self.tables
        if need[0] == 1:
            dice, target, penalty, left = key[:4]
            shot = _room(shot, key[:4])
            shot[key[:4]] = shot_value(dice, target, -penalty, left)
        else:
            ram = _room(ram, key)
            ram[key] = ram_value(*key[:4], bool(key[4]))
        self.tables = (shot, ram)


def _room(table: Any, key: tuple[int, ...]) -> Any:
    """``table``, or a larger copy when ``key`` is beyond it."""
    shape = tuple(max(n, i + 1) for n, i in zip(table.shape, key, strict=False)) \
        + table.shape[len(key):]
    if shape == table.shape:
        return table
    grown = np.full(shape, np.nan)
    grown[tuple(slice(n) for n in table.shape)] = table
    return grown


_ODDS = _Odds()


class Where:
    """Where every vehicle stands and what it did this turn, as the table ``V`` of
    ``kernels`` (``V_*`` rows, a column per vehicle id); per hex the vehicle or wreck on it
    (``owner``, -1: none: ``state.occupant``); and the room a decision writes in. One for
    all the games of a setup (``where_of``): at each decision ``kernels.decide`` writes in
    the vehicles that differ in the state's ``Notes`` (the state's own rows, kept by the
    rules' every change), and their hexes, as ``WreckState.leave`` and ``enter`` do."""

    def __init__(self, s: Any) -> None:
        self.maps = maps = arrays_of(s.board)
        vehicles = s.vehicles
        n = len(vehicles)
        per, steam, cells = s.per_seat, s.config.steamroll, maps.cells
        geo = per * (3 + 2 * n + 9 * (steam + 1) + 3)
        # room for two looks: per vehicle its own candidates, shots and potshots at every
        # vehicle, rams, salvage and repairs; and a move each; then an airstrike at each
        rows = 2 * per * (2 + 2 * n + 3 * (steam + 1) + 3 + 4 + 1) + n
        #: The integers and the floats of ``kernels.decide`` (``W`` and ``F``; ``kernels.carve``
        #: gives their parts: the same memory as ``P``, ``V``, ``owner``, ``res``, ``stamp``, ``G``,
        #: ``rows``, ``pre`` and ``vals`` here), each an ``array`` under numpy's view of it: an
        #: item of an ``array`` is read and written several times faster than one of numpy's.
        self.ints = array("q", bytes(8 * (k.P_SIZE + k.V_ROWS * n + cells + k.R_SIZE
                                          + 3 * cells + geo + rows * 5)))
        self.floats = array("d", [np.nan] * (per * 2) + [0.0] * rows)
        self.W = np.frombuffer(self.ints, dtype=np.int64)
        self.F = np.frombuffer(self.floats)
        self.W[:k.P_DECISION] = (per, s.config.ap_limit, steam, s.config.hazard_move_penalty,
                                 s.config.potshot_penalty, n, cells, geo, rows, 0)
        (self.P, V, self.owner, self.res, self.toks, self.stamp, self.G, self.rows, self.pre,
         self.vals) = k.carve(self.W, self.F)
        #: Where ``rows``, ``res``, the sites and ``vals`` start in ``ints`` and ``floats``.
        self.rows_at, self.res_at, self.toks_at = (
            _at(self.W, a) for a in (self.rows, self.res, self.toks))
        self.vals_at = _at(self.F, self.vals)
        self.V = V
        V[k.V_POS] = V[k.V_FRONT] = -1
        V[k.V_SEAT] = [v.seat for v in vehicles]
        V[k.V_TEAM] = [s.team[v.seat] for v in vehicles]
        V[k.V_SKILLS] = [sum(bit for skill, bit in SKILLS if v.kind.has(skill))
                         | (k.SCOUT if v.kind.name == "scout" else 0)
                         | (k.BIG if v.kind.hexes == 2 else 0) for v in vehicles]
        for row, name in ((k.V_ATTACK, "attack"), (k.V_ARMOUR, "armour"), (k.V_DP, "dp"),
                          (k.V_SIZE, "size"), (k.V_MOVE, "move")):
            V[row] = [getattr(v.kind, name) for v in vehicles]
        self.owner[:] = -1
        self.cleared = self.floats[:per * 2]
        #: What the kernel keeps and says besides its results (``kernels.R_*``).
        self.res[k.R_GEO] = -1
        self.pre_set = False
        #: The sites and the odds' tables ``args`` holds, and the arguments of
        #: ``kernels.decide``.
        self.tokens: Any = None
        #: The event the decision's numbers were last worked out for, and its ``_shifts``.
        self.event: Any = _NONE
        self.shifts = (0, 0, 0)
        self.odds: Any = None
        self.args: tuple[Any, ...] = ()

    def set_pre(self, pre: dict[int, list[tuple[float, Any]]]) -> None:
        """By vehicle slot of the player to move, the values of the candidates listed before
        its own (``kernels.decide``'s ``pre``)."""
        if not pre and not self.pre_set:
            return
        values = self.floats
        values[:len(self.cleared)] = self.cleared
        for slot, items in pre.items():
            for j, (value, _) in enumerate(items):
                values[slot * 2 + j] = value
        self.pre_set = bool(pre)

    def decide(self, s: Any, only: int, airstrike: int = 0
               ) -> tuple[int, float, bool, int, bool]:
        """``kernels.decide`` for ``s`` (the table up to date): the vehicle ``only`` first (-1:
        none), then, unless its best is worth ``bots.FOLLOW_UP``, every vehicle, and an
        ``airstrike`` of that many dice (0: none) at each of its targets after the rows
        (``airstrikes``); (the row picked (-1: none), its value, True if it is ``only``'s, the
        end of the rows, True if a vehicle can act)."""
        e = s.event
        if e is not self.event:
            self.event = e
            self.shifts = _shifts(s.config.shoot_range, e)
        reach, dice, move = self.shifts
        ints = self.ints
        ints[P_SEAT] = s.seat
        ints[P_AP] = s.ap
        ints[P_REACH] = reach
        ints[P_DICE] = s.bonus_dice + dice
        ints[P_MOVE] = s.bonus_move + move
        ints[P_ONLY] = only
        ints[P_AIRSTRIKE] = airstrike
        notes = s.notes
        rows = notes.view
        if rows is None:
            rows = notes.view = np.frombuffer(notes.rows, dtype=np.int64)
        tokens = s.tokens
        # compared as dicts: the kernel's answer does not depend on the sites' order (a test)
        if tokens != self.tokens:
            self.tokens = dict(tokens)
            index = self.maps.index
            ints[P_TOKENS] = len(tokens)
            at = self.toks_at
            if tokens:      # (an empty slice of an array viewed by numpy cannot be assigned)
                ints[at:at + 2 * len(tokens)] = array(
                    "q", [x for h, green in tokens.items() for x in (index[h], green)])
        if self.odds is not _ODDS.tables:
            self.odds = _ODDS.tables
            self.args = (self.W, self.F, self.maps.MT, self.maps.T, *self.odds)
        need, pick, first, end, any_active = k.decide(rows, *self.args)
        while need:
            _ODDS.fill(self.res[k.R_NEED:])
            self.odds = _ODDS.tables
            self.args = (*self.args[:4], *self.odds)
            need, pick, first, end, any_active = k.decide(rows, *self.args)
        return (pick, self.floats[self.vals_at + pick] if pick >= 0 else 0.0, bool(first), end,
                bool(any_active))

    def row(self, i: int) -> array:
        """Candidate row ``i`` (``kernels.decide``'s ``rows[i]``)."""
        at = self.rows_at + 5 * i
        return self.ints[at:at + 5]

    def airstrikes(self, end: int) -> list[tuple[float, int]]:
        """The airstrikes the last ``decide`` valued from row ``end`` on: (value, target)."""
        count = self.ints[self.res_at + k.R_AIRSTRIKE]
        floats, at = self.floats, self.vals_at + end
        return [(floats[at + j], self.row(end + j)[2]) for j in range(count)]

    def damaged(self) -> tuple[int, int]:
        """By slot bit, the player's vehicles the last ``decide`` saw on the board, active and
        damaged, and those of them one more hit wrecks."""
        at = self.res_at
        return self.ints[at + k.R_DAMAGED], self.ints[at + k.R_HURT]


def _at(whole: Any, part: Any) -> int:
    """Where the view ``part`` of the 1-d array ``whole`` starts, in items."""
    return (part.ctypes.data - whole.ctypes.data) // whole.itemsize  # type: ignore[no-any-return]


def _shifts(shoot_range: int, e: Any) -> tuple[int, int, int]:
    """With event ``e`` (None: none) in play, the range of a shot and what is added to its
    dice and to a vehicle's movement."""
    effect = "" if e is None else e.effect
    amount = 0 if e is None else e.amount
    return (max(1, shoot_range - (amount if effect == "sandstorm" else 0)),
            -(amount if effect == "ammo_shortage" else 0),
            (amount if effect == "tailwind" else 0) - (amount if effect == "deep_sand" else 0))


_NONE = object()

_WHERES: dict[int, tuple[object, Any]] = {}


def where_of(s: Any) -> Where:
    """The ``Where`` of ``s``'s setup: one for every game of a setup (and their clones), as
    the kernel brings it up to date with each state's notes at every look."""
    global _LAST
    setup = s.setup
    last = _LAST                # read once: the table's threads may ask for other setups
    if last[0] is setup:
        return last[1]          # type: ignore[no-any-return]
    w = per_map(_WHERES, setup, lambda: Where(s))
    _LAST = (setup, w)
    return w


#: The setup asked for last and its ``Where`` (a simulation asks for one setup's, again and
#: again), replaced whole.
_LAST: tuple[Any, Any] = (None, None)
