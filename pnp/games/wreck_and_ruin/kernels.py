"""The heuristic player's decision as kernels over arrays, compiled by numba when it imports:
``decide`` lists and scores every candidate of a look (shots, rams, salvage, repairs, moves to
the sites) in one call, from the geometry (``geometry``), the goals (``assign``) and the drives
(``descend_all``).

Pure core, imported by the simulator alone (``bots.kernels``, at the heuristic player's first
look), never by ``render``, ``--help`` or ``odds``. Each kernel is a plain Python function over
numpy arrays and integers: numba compiles it (``cache=True``: once per machine) when it is
installed, and without numba (or with ``PNP_NO_NUMBA=1``) the same function runs as Python and
gives the same answers, only slower. No kernel draws a random number: the dice stay in Python,
in their order.

A map's hexes are numbered as ``movement.Grid`` numbers them (``arrays.MapArrays`` holds the
map's tables: ``q``, ``r``, ``nb`` the six neighbours, -1 off the map, ``obstacle``, ``open``);
``owner[i]`` is the vehicle or wreck on hex ``i`` (-1: none). Vehicles are their ids.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np

from pnp.games.wreck_and_ruin.bots import CONTEST, EPS, FOLLOW_UP, PROGRESS, SITE

__all__ = ["COMPILED", "FAR", "assign", "descend_all", "geometry"]


def _jit(fn: Any) -> Any:
    return fn


def _inline(fn: Any) -> Any:
    return fn


def _numba() -> Any:
    """``numba.njit``, imported with PyYAML hidden: numba reads a ``.numba_config.yaml`` from
    the working folder when it can import PyYAML, and the simulator must not depend on a file
    where it is run (the core reads no files, and imports no YAML reader)."""
    hidden = sys.modules.get("yaml", _NONE)
    sys.modules["yaml"] = None  # type: ignore[assignment]
    try:
        from numba import njit
    finally:
        if hidden is _NONE:
            del sys.modules["yaml"]
        else:
            sys.modules["yaml"] = hidden  # type: ignore[assignment]
    return njit


_NONE = object()

try:
    if os.environ.get("PNP_NO_NUMBA"):
        raise ImportError("PNP_NO_NUMBA is set")
    njit = _numba()

    def _jit(fn: Any) -> Any:  # noqa: F811  (numba present: the compiled kernel)
        return njit(cache=True)(fn)

    def _inline(fn: Any) -> Any:  # noqa: F811  (compiled into its callers)
        # a small helper, or a kernel called once a decision: a call between kernels passes
        # and counts references to each of its arrays (the geometry's 14 cost 8% of a look);
        # the look and the moves stay calls, as inlining them doubles the compile time
        return njit(cache=True, inline="always")(fn)

    COMPILED = True
except ImportError:
    COMPILED = False


#: ``hexes.DIRECTIONS`` as two tuples (numba indexes a tuple of ints by a variable).
_DQ = (1, 0, -1, -1, 0, 1)
_DR = (0, 1, 1, 0, -1, -1)
#: The skills the kernels read, as bits of ``arrays.Where.skills``.
FLYING, TURRET, STEAMROLL, AGILE = 1, 2, 4, 8
#: ``tables.FAR``: further than any two hexes of a map.
FAR = 999
#: -1, 0 and 1 as ``np.int64``, for a value one kernel passes to another: numba compiles a
#: kernel again for each literal it is given.
_MINUS, _ZERO, _ONE = np.int64(-1), np.int64(0), np.int64(1)


@_inline
def _dist(q: Any, r: Any, a: int, b: int) -> int:
    dq = q[a] - q[b]
    dr = r[a] - r[b]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


@_jit
def _route_clear(q: Any, r: Any, nb: Any, obstacle: Any, owner: Any, a: int, b: int,
                 me: int, target: int, frontier: Any, nxt: Any, stamp: Any, mark: int
                 ) -> tuple[bool, int]:
    """(True if some shortest route from hex ``a`` to hex ``b`` crosses no obstacle and no
    vehicle but ``me`` and ``target`` ("as long as one is not blocked an attack can be made"),
    the last stamp used); ``frontier``, ``nxt`` and ``stamp`` are scratch arrays, ``mark`` the
    last stamp used before."""
    n = _dist(q, r, a, b)
    if n <= 1:
        return True, mark
    frontier[0] = a
    size = 1
    for k in range(1, n):
        mark += 1
        found = 0
        for i in range(size):
            c = frontier[i]
            for d in range(6):
                h = nb[c, d]
                if h < 0 or stamp[h] == mark or _dist(q, r, h, b) != n - k or obstacle[h]:
                    continue
                o = owner[h]
                if o >= 0 and o != me and o != target:
                    continue
                stamp[h] = mark
                nxt[found] = h
                found += 1
        if found == 0:
            return False, mark
        for i in range(found):
            frontier[i] = nxt[i]
        size = found
    return True, mark


@_inline
def geometry(first: int, count: int, reach: int, steamroll: int, vpos: Any, vfacing: Any,
             vfront: Any, vskills: Any, vactive: Any, vteam: Any, q: Any, r: Any, nb: Any,
             obstacle: Any, open_: Any, hazard: Any, owner: Any, stamp: Any, res: Any,
             out: Any) -> int:
    """Who each vehicle ``first`` .. ``first + count - 1`` (the player to move's) that is on
    the board and active can shoot, ram and salvage where everything stands now, in one
    call, written one vehicle after another into ``out`` (the caller's array: a kernel that
    makes and returns arrays costs more to call than it saves); how much of it is written.
    Per vehicle: the number of targets, then (target, 2 if from behind else 1) for each in
    id order as ``legal.shoot_targets`` among the active enemies on the board; the number of
    rams, then (target, steamroll hexes, 1 if from the rear else 0) for each as
    ``legal.ram_options``; the number of enemy wrecks in its front arc, then each, as
    ``legal._front_wrecks``. ``vskills``: bits ``FLYING``, ``TURRET``, ...; ``hazard``: per hex;
    ``stamp``: per hex the last route search that reached it, up to ``res[R_MARK]`` (kept from
    one look to the next, so it is never cleared)."""
    cells = q.shape[0]
    vehicles = vpos.shape[0]
    seen = np.zeros(vehicles, dtype=np.int64)
    scratch = np.empty((2, cells), dtype=np.int64)     # the route search's frontier and next
    vflying = np.empty(vehicles, dtype=np.bool_)
    for t in range(vehicles):
        vflying[t] = vskills[t] & FLYING != 0
    enemies = np.empty(vehicles, dtype=np.int64)
    mark = res[R_MARK]
    at = _ZERO
    for me in range(first, first + count):
        if vpos[me] < 0 or not vactive[me]:
            continue
        found = 0
        for t in range(vehicles):
            if vpos[t] >= 0 and vactive[t] and vteam[t] != vteam[me]:
                enemies[found] = t
                found += 1
        # "Vehicles cannot use any special skills whilst within a hazard" (state.in_hazard)
        skilled = not (hazard[vpos[me]] or hazard[vfront[me]])
        turret = skilled and vskills[me] & TURRET != 0
        steam = steamroll if skilled and vskills[me] & STEAMROLL else 0
        mark = _shoot_targets(me, turret, enemies[:found], reach, vpos, vfacing, vfront,
                              vflying, q, r, nb, obstacle, owner, scratch, stamp, mark,
                              seen)
        head = at
        at += 1
        for e in range(found):
            t = enemies[e]
            if seen[t]:
                out[at] = t
                out[at + 1] = seen[t]
                at += 2
                seen[t] = 0
        out[head] = (at - head - 1) // 2
        facing = vfacing[me]
        team = vteam[me]
        # legal.ram_options: the front arc after 0..steam[k] hexes of steamroll
        front = vfront[me]
        head = at
        at += 1
        for step in range(steam + 1):
            if step:        # one hex on: its front moves into the free hex ahead
                ahead = nb[front, facing]
                if ahead < 0 or not open_[ahead] or owner[ahead] >= 0:
                    break
                front = ahead
            for side in (5, 0, 1):
                h = nb[front, (facing + side) % 6]
                if h < 0:
                    continue
                t = owner[h]
                if t < 0 or _seen_at(owner, nb, front, facing, side, t):
                    continue
                if vteam[t] != team and vactive[t] and vpos[t] >= 0 and not vflying[t]:
                    out[at] = t
                    out[at + 1] = step
                    out[at + 2] = 1 if front == nb[vpos[t], (vfacing[t] + 3) % 6] else 0
                    at += 3
        out[head] = (at - head - 1) // 3
        # legal._front_wrecks(own=False): enemy wrecks in the front arc
        front = vfront[me]
        head = at
        at += 1
        for side in (5, 0, 1):
            h = nb[front, (facing + side) % 6]
            if h < 0:
                continue
            t = owner[h]
            if t < 0 or vteam[t] == team or vactive[t]:
                continue
            twice = False
            for i in range(head + 1, at):
                twice = twice or out[i] == t
            if not twice:
                out[at] = t
                at += 1
        out[head] = at - head - 1
    res[R_MARK] = mark
    return at


@_inline
def _seen_at(owner: Any, nb: Any, front: int, facing: int, side: int, t: int) -> bool:
    """True if ``t`` stands on an earlier hex of the front arc than ``side`` (a big rig
    covers two of its hexes: it is one ram target)."""
    for earlier in (5, 0, 1):
        if earlier == side:
            return False
        h = nb[front, (facing + earlier) % 6]
        if h >= 0 and owner[h] == t:
            return True
    return False


@_inline
def _shoot_targets(me: int, turret: bool, enemies: Any, reach: int, vpos: Any, vfacing: Any,
                   vfront: Any, vflying: Any, q: Any, r: Any, nb: Any, obstacle: Any,
                   owner: Any, scratch: Any, stamp: Any, mark: int, out: Any) -> int:
    """``legal.shoot_targets(s, me, enemies)``: ``out[t]`` 1 if ``me`` can attack vehicle
    ``t``, 2 if from behind (else left 0); the last stamp used.

    Per vehicle id: ``vpos`` its anchor hex (-1 off the board), ``vfacing``, ``vfront`` its
    front hex (the anchor but for a big rig), ``vflying``; ``enemies``: the ids of the active
    enemies on the board; ``turret``: ``me`` fires all round from both its hexes (the rig's
    360 degree TURRET), else in its front arc from its front hex."""
    facing = -1 if turret else vfacing[me]
    fx = 0
    fy = 0
    if facing >= 0:
        # the front arc: ahead of the line across the vehicle (hexes.in_front)
        fx = 3 * (2 * _DQ[facing] + _DR[facing])
        fy = 9 * _DR[facing]
    n_shooter = 1
    first = vfront[me]
    if turret:
        first = vpos[me]
        n_shooter = 1 if vfront[me] == vpos[me] else 2
    for e in range(enemies.shape[0]):
        t = enemies[e]
        tp = vpos[t]
        n_target = 1 if vfront[t] == tp else 2
        value = 0
        for i in range(n_shooter):
            sh = first if i == 0 else vfront[me]
            for j in range(n_target):
                th = tp if j == 0 else vfront[t]
                dq = q[th] - q[sh]
                dr = r[th] - r[sh]
                if abs(dq) + abs(dr) + abs(dq + dr) > 2 * reach:
                    continue
                if facing >= 0 and fx * (2 * dq + dr) + fy * dr <= 0:
                    continue
                clear, mark = _route_clear(q, r, nb, obstacle, owner, sh, th, me, t,
                                           scratch[0], scratch[1], stamp, mark)
                if not clear:
                    continue
                if value == 0:
                    value = 1
                if not vflying[me]:
                    # "in a hex directly in the line behind" the target (hexes.behind)
                    back = (vfacing[t] + 3) % 6
                    dq = q[sh] - q[tp]
                    dr = r[sh] - r[tp]
                    n = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
                    if n > 0 and dq == _DQ[back] * n and dr == _DR[back] * n:
                        value = 2
                break       # this shooter hex sees the target: the next shooter hex
        out[t] = value
    return mark


@_jit
def _field(nb: Any, open_: Any, goal: int, fields: Any, ready: Any) -> Any:
    """``tables.Tables.steps_to(goal)``: per hex the hexes to ``goal`` over open hexes (FAR:
    none), row ``goal`` of ``fields``, worked out the first time it is asked for."""
    field = fields[goal]
    if ready[goal]:
        return field
    cells = nb.shape[0]
    field[:] = FAR
    queue = np.empty(cells, dtype=np.int64)
    field[goal] = 0
    queue[0] = goal
    head, tail = 0, 1
    while head < tail:
        h = queue[head]
        head += 1
        d = field[h] + 1
        for k in range(6):
            n = nb[h, k]
            if n >= 0 and field[n] == FAR and open_[n]:
                field[n] = d
                queue[tail] = n
                tail += 1
    ready[goal] = True
    return field


@_jit
def _to_go(nb: Any, open_: Any, field: Any, h: int) -> int:
    """Hexes to go from ``h``; from a hazard (a trapped vehicle), one more than from its best
    neighbour."""
    if open_[h]:
        return np.int64(field[h])
    d = FAR
    for k in range(6):
        n = nb[h, k]
        if n >= 0 and field[n] < d:
            d = field[n]
    return d + 1


def _turns() -> Any:
    """``_TURNS[agile, mask, f]``: the fewest faces a vehicle facing ``f`` turns to face one
    of the directions in ``mask`` (bit ``k``: direction ``k``), an AGILE one (any facing for
    1) 1 at most; 6 for an empty mask."""
    out = np.full((2, 64, 6), 6, dtype=np.int64)
    for mask in range(64):
        for f in range(6):
            for k in range(6):
                if mask >> k & 1:
                    turn = min(abs(k - f), 6 - abs(k - f))
                    out[0, mask, f] = min(out[0, mask, f], turn)
                    out[1, mask, f] = min(out[1, mask, f], min(turn, 1))
    return out


_TURNS = _turns()


@_jit
def _fill_to_go(nb: Any, open_: Any, field: Any, kind: int, row: Any) -> None:
    """``tables.Tables.fill_to_go`` for every (hex, facing) of ``row`` at once: hexes to go
    plus faces to turn towards the nearest hex closer to the goal."""
    agile = 1 if kind == 1 else 0
    for h in range(nb.shape[0]):
        d = _to_go(nb, open_, field, h)
        closer = 0          # the directions to a hex closer to the goal, as bits
        for k in range(6):
            n = nb[h, k]
            if n >= 0 and field[n] < d:
                closer |= 1 << k
        for f in range(6):
            best = 0
            front = nb[h, f]
            if d and not (kind == 2 and front >= 0 and field[front] == 0):
                best = _TURNS[agile, closer, f] + d
            row[h * 6 + f] = best


@_jit
def assign(goals: Any, vids: Any, vpos: Any, vfront: Any, nb: Any, open_: Any, fields: Any,
           ready: Any, out: Any) -> None:
    """The sites shared out: per mover ``vids[k]`` (on its hexes ``vpos`` and ``vfront``) its
    goal and weight, ``out[k]`` = (goal, 1 for the nearest vehicle to a site, 2 for support,
    0 for none; zeros on entry): each site to the nearest vehicle first, the others to their
    nearest site."""
    m = vids.shape[0]
    n_goals = goals.shape[0]
    dist = np.empty((n_goals, m), dtype=np.int64)
    rows = np.empty(n_goals * m, dtype=np.int64)
    for i in range(n_goals):
        field = _field(nb, open_, goals[i], fields, ready)
        for k in range(m):
            best = FAR
            vid = vids[k]
            for c in range(1 if vfront[vid] == vpos[vid] else 2):
                h = vpos[vid] if c == 0 else vfront[vid]
                if h >= 0:
                    d = _to_go(nb, open_, field, h)
                    if d < best:
                        best = d
            dist[i, k] = best
            # sorted as the tuples (distance, goal, vehicle)
            rows[i * m + k] = (best * nb.shape[0] + goals[i]) * 4096 + vids[k]
    taken = np.zeros(n_goals, dtype=np.bool_)
    # the rows in order of their keys (an insertion sort: a few dozen distinct keys, and
    # numba compiles it in a fraction of the time its argsort takes)
    order = np.arange(rows.shape[0])
    for j in range(1, order.shape[0]):
        x = order[j]
        y = j - 1
        while y >= 0 and rows[order[y]] > rows[x]:
            order[y + 1] = order[y]
            y -= 1
        order[y + 1] = x
    for j in range(order.shape[0]):
        i = order[j] // m
        k = order[j] % m
        if out[k, 1] == 0 and not taken[i] and dist[i, k] < FAR:
            out[k, 0] = goals[i]
            out[k, 1] = 1
            taken[i] = True
    for k in range(m):
        if out[k, 1] == 0 and n_goals:
            best = -1
            for i in range(n_goals):
                if best < 0 or dist[i, k] < dist[best, k] or (
                        dist[i, k] == dist[best, k] and goals[i] < goals[best]):
                    best = i
            if dist[best, k] < FAR:
                out[k, 0] = goals[best]
                out[k, 1] = 2


@_jit
def descend_all(vids: Any, goals: Any, penalty: int, extra: int, vpos: Any, vfacing: Any,
                vfront: Any, vskills: Any, vmove: Any, nb: Any, open_: Any, hazard: Any,
                owner: Any, fields: Any, fields_ready: Any, to_go: Any, ready: Any,
                out: Any) -> None:
    """The moves of several vehicles down their distance fields, in one call: ``out[k]`` = (end hex,
    facing, progress) of vehicle ``vids[k]`` driving greedily down the distance field to
    ``goals[k]`` (end hex -1: no move), with its MOVE (``vmove``), less ``penalty`` in a
    hazard, plus ``extra`` (events, cards), at least 1 (as ``legal.move_options``).
    ``to_go`` and ``ready``: the map's tables (``arrays.MapArrays``), filled here as needed."""
    for k in range(vids.shape[0]):
        vid = vids[k]
        trapped = hazard[vpos[vid]] or hazard[vfront[vid]]       # state.in_hazard
        allowance = max(1, vmove[vid] - (penalty if trapped else 0) + extra)
        # 0 one-hex vehicles, 1 AGILE (any facing for 1; no skills in a hazard), 2 big rig
        kind = 2 if vfront[vid] != vpos[vid] else (
            1 if vskills[vid] & AGILE and not trapped else 0)
        rig = kind == 2
        agile = kind == 1
        slot = goals[k] * 3 + kind
        togo = to_go[slot]
        if not ready[slot]:
            _fill_to_go(nb, open_, _field(nb, open_, goals[k], fields, fields_ready), kind,
                        togo)
            ready[slot] = True
        h0 = h = vpos[vid]
        f0 = f = vfacing[vid]
        start = now = np.int64(togo[h * 6 + f])
        out[k, 0] = -1
        if now >= FAR:
            continue
        turned = False
        cost = 0
        while cost < allowance and now > 0:
            # the next movement point: forward or a turn, whichever lowers togo the most
            best = FAR + 1
            to_h = -1
            to_f = -1
            n = nb[h, f]
            if n >= 0:
                probe = nb[n, f] if rig else n
                if probe >= 0 and open_[probe] and (owner[probe] == -1 or owner[probe] == vid):
                    p = np.int64(togo[n * 6 + f])
                    if p <= now:
                        best, to_h, to_f = p, n, f
            if agile or not turned:
                for j in range(6 if agile else 2):
                    nf = j if agile else ((f + 1) % 6 if j == 0 else (f + 5) % 6)
                    if nf == f:
                        continue
                    if rig:
                        fr = nb[h, nf]
                        if fr < 0 or not (open_[fr] and (owner[fr] == -1 or owner[fr] == vid)):
                            continue
                    p = np.int64(togo[h * 6 + nf])
                    if p < now and p < best:
                        best, to_h, to_f = p, h, nf
            if to_h < 0:
                break
            now = best
            turned = to_h == h        # a turn stays in its hex; a step forward leaves it
            h, f = to_h, to_f
            cost += 1
        if h == h0 and f == f0:
            continue
        out[k, 0] = h
        out[k, 1] = f
        out[k, 2] = start - now




# -- one decision of the heuristic player --------------------------------------------------
#: Rows of the vehicle table ``V[row, vehicle id]`` (``arrays.Where``): where each vehicle
#: stands and what it did this turn (rewritten as the game goes), then what never changes.
(V_POS, V_FRONT, V_FACING, V_ACTIVE, V_DAMAGE, V_PLATING, V_ACTS, V_COUNT, V_DONE, V_STUCK,
 V_POTSHOT, V_REPAIR, V_SEAT, V_TEAM, V_SKILLS, V_ATTACK, V_ARMOUR, V_DP, V_SIZE, V_MOVE
 ) = range(20)
V_ROWS = 20
#: More skill bits: REPAIR, MECHANIC, a scout (which cannot ram), a big rig (two hexes).
REPAIRS, MECHANIC, SCOUT, BIG = 16, 32, 64, 128
#: The decision's numbers ``P`` (``arrays.Where.decide``): the game's rules, the sizes of the
#: tables (``carve``) and the salvage sites there are now, then the numbers of one decision.
(P_PER_SEAT, P_AP_LIMIT, P_STEAMROLL, P_PENALTY, P_POTSHOT, P_VEHICLES, P_CELLS, P_GEO, P_ROWS,
 P_TOKENS, P_SEAT, P_AP, P_REACH, P_DICE, P_MOVE, P_ONLY, P_AIRSTRIKE) = range(17)
P_SIZE = 17
#: The numbers from ``P_SEAT`` on change from one decision to the next.
P_DECISION = P_SEAT
#: The numbers of a vehicle's row in ``state.Notes.rows``: the anchor hex (-1: off the
#: board), then the rows ``V_FACING`` .. ``V_REPAIR`` (``state.ROW``).
ROW_WIDTH = 11
#: What a candidate row does (``rows[k, 0]``): one of the caller's own candidates (``pre``,
#: its number in ``rows[k, 2]``), a shot, a potshot, a ram, a wreck salvaged, a repair, a move, a
#: wreck's own repair, the faction card's airstrike (``_airstrikes``).
C_PRE, C_SHOOT, C_POTSHOT, C_RAM, C_SALVAGE, C_REPAIR, C_MOVE, C_FIX, C_AIRSTRIKE = range(9)
#: ``res``: 1 if a vehicle can act (``R_ACTIVE``); which value is missing from the tables,
#: if one is (``R_NEED``: 1 a shot, 2 a ram, then its key); the seat and range the geometry
#: ``G`` holds (``R_GEO``; -1: none); by slot bit, the player's vehicles on the board, active
#: and damaged (``R_DAMAGED``), and those of them one more hit wrecks (``R_HURT``,
#: ``bots._hurt``).
R_ACTIVE, R_NEED, R_GEO, R_DAMAGED, R_HURT = 0, 1, 7, 9, 10
#: How many airstrike rows follow the look's (``decide``); the last stamp of the route
#: searches (``geometry``).
R_AIRSTRIKE, R_MARK = 11, 12
R_SIZE = R_MARK + 1



@_jit
def _steps(nb: Any, open_: Any, fields: Any, fields_ready: Any, goal: int, a: int, b: int
           ) -> int:
    """Hexes to ``goal`` from the nearer of a vehicle's hexes ``a``
    and ``b`` (the same for a one-hex vehicle)."""
    field = _field(nb, open_, goal, fields, fields_ready)
    d = _to_go(nb, open_, field, a)
    if b != a:
        d = min(d, _to_go(nb, open_, field, b))
    return d


@_inline
def carve(W: Any, F: Any) -> tuple[Any, ...]:
    """The player's tables of ``decide`` as views of the two arrays it is given (numba checks
    and unboxes each array argument of a call, about 0.09 us apiece, and a decision is one
    call): ``W`` its integers and ``F`` its floats (``arrays.Where``), sizes from ``W``'s first
    numbers (``P``). (P, V, owner, res, the room for the sites (``toks``), the route searches'
    stamps, G, rows, pre, vals.)"""
    P = W[:P_SIZE]
    n, cells, per = P[P_VEHICLES], P[P_CELLS], P[P_PER_SEAT]
    at = P_SIZE
    V = W[at:at + V_ROWS * n].reshape((V_ROWS, n))
    at += V_ROWS * n
    owner = W[at:at + cells]
    at += cells
    res = W[at:at + R_SIZE]
    at += R_SIZE
    toks = W[at:at + 2 * cells]         # room for a site on every hex
    at += 2 * cells
    stamp = W[at:at + cells]
    at += cells
    G = W[at:at + P[P_GEO]]
    at += P[P_GEO]
    rows = W[at:at + 5 * P[P_ROWS]].reshape((P[P_ROWS], 5))
    return (P, V, owner, res, toks, stamp, G, rows, F[:2 * per].reshape((per, 2)),
            F[2 * per:])


@_inline
def carve_map(MT: Any, T: Any, cells: int) -> tuple[Any, ...]:
    """A map's tables as views of its two arrays (``arrays.MapArrays``): (M, nb, fields,
    to_go, ready)."""
    at = cells * cells
    return (MT[:5 * cells].reshape((5, cells)), MT[5 * cells:11 * cells].reshape((cells, 6)),
            T[:at].reshape((cells, cells)),
            T[at:at + 18 * cells * cells].reshape((3 * cells, 6 * cells)),
            T[at + 18 * cells * cells:at + 18 * cells * cells + 4 * cells])


@_jit
def decide(R: Any, W: Any, F: Any, MT: Any, T: Any, shot: Any, ram: Any
           ) -> tuple[int, int, int, int, int]:
    """One decision of the heuristic player (``bots.HeuristicBot.choose``) but for the cards,
    searching and the candidates the caller lists itself (``pre``), as candidate rows in the
    order ``bots`` lists them: ``vals[k]`` the value, ``rows[k]`` (``C_*`` kind, vehicle,
    target or pre number, hex, facing or steamroll hexes).

    Returns (the missing value's kind, 0 if none is missing; the row picked, -1 if none
    beats ending the turn; 1 if it is the vehicle that acted last's (``P_ONLY``), worth
    ``bots.FOLLOW_UP``, the others not looked at; the end of the rows; 1 if a vehicle can act).
    The best is the first row worth more than every earlier one (by ``bots.EPS``), as the
    player scans them; the rows of the look at the last vehicle come first, then those of
    every vehicle.

    ``R``: the state's vehicles (``state.Notes.rows``), written into ``V`` and ``owner``
    first where they differ; ``P``: the decision's numbers (``P_*``); ``V``: the vehicles
    (``V_*``); ``toks``: the
    salvage sites in the state's order, (hex, green) flat; ``pre[slot]``: the values of up to
    two candidates the caller lists before a vehicle's own (NaN: none); ``shot[dice, target,
    -modifier, dp left]`` and ``ram[armour, size, armour, size, rear]``: the exact odds'
    values (``arrays.shot_value``, ``ram_value``; NaN: not worked out yet: ``res[R_NEED:]``
    says which, and nothing else is written); ``G``: the geometry (``geometry``) of the
    player's vehicles, kept while no vehicle moves; ``M``: the map's rows
    (``arrays.MapArrays.M``); ``ready_all``: which rows of ``fields`` are worked out, then
    which of ``to_go``. All but ``R``, ``shot`` and ``ram`` are views of ``W``, ``F``, ``MT``
    and ``T`` (``carve``, ``carve_map``)."""
    P, V, owner, res, toks, stamp, G, rows, pre, vals = carve(W, F)
    toks = toks[:2 * P[P_TOKENS]]
    M, nb, fields, to_go, ready_all = carve_map(MT, T, P[P_CELLS])
    q, r, obstacle, open_, hazard = M[0], M[1], M[2], M[3], M[4]
    cells = q.shape[0]
    fields_ready, ready = ready_all[:cells], ready_all[cells:]
    need = res[R_NEED:]
    seat = P[P_SEAT]
    per = P[P_PER_SEAT]
    first = seat * per
    vpos, vfront, vfacing, vactive = V[V_POS], V[V_FRONT], V[V_FACING], V[V_ACTIVE]
    vskills, vteam = V[V_SKILLS], V[V_TEAM]
    if _sync(R, V, nb, owner) or res[R_GEO] != seat or res[R_GEO + 1] != P[P_REACH]:
        geometry(first, per, P[P_REACH], P[P_STEAMROLL], vpos, vfacing, vfront, vskills,
                 vactive, vteam, q, r, nb, obstacle, open_, hazard, owner, stamp, res, G)
        res[R_GEO] = seat
        res[R_GEO + 1] = P[P_REACH]
    # where each vehicle's geometry starts in G (-1: off the board or a wreck)
    off = np.full(per, -1, dtype=np.int64)
    i = 0
    for slot in range(per):
        me = first + slot
        if vpos[me] < 0 or not vactive[me]:
            continue
        off[slot] = i
        i += 1 + 2 * G[i]
        i += 1 + 3 * G[i]
        i += 1 + G[i]
    # the sites: per vehicle 1 or 0 if it holds a site for another
    # player (1: green, it scores at the end of this turn), -1 if not; mine holding one
    n = vpos.shape[0]
    holder = np.full(n, -1, dtype=np.int64)
    held = np.zeros(n, dtype=np.bool_)
    n_tok = toks.shape[0] // 2
    free = np.zeros(n_tok, dtype=np.bool_)
    myteam = vteam[first]
    for k in range(n_tok):
        o = owner[toks[2 * k]]
        if o < 0 or not vactive[o]:
            free[k] = True
        elif V[V_SEAT, o] == seat:
            held[o] = True
        elif vteam[o] != myteam:
            holder[o] = 1 if holder[o] == 1 or toks[2 * k + 1] else 0
    goals = np.empty(n_tok, dtype=np.int64)
    n_goals = 0
    for k in range(n_tok):
        if free[k]:
            goals[n_goals] = toks[2 * k]
            n_goals += 1
    for k in range(n_tok):
        o = owner[toks[2 * k]]
        if not free[k] and o >= 0 and holder[o] >= 0:
            goals[n_goals] = toks[2 * k]
            n_goals += 1
    res[R_NEED] = 0
    res[R_ACTIVE] = 0
    res[R_AIRSTRIKE] = 0
    damaged = _ZERO
    hurt = _ZERO
    for slot in range(per):
        me = first + slot
        if vpos[me] >= 0 and vactive[me] and V[V_DAMAGE, me]:
            damaged |= 1 << slot
            if _hurt(V, me):
                hurt |= 1 << slot
    res[R_DAMAGED] = damaged
    res[R_HURT] = hurt
    at = _ZERO
    only = _MINUS
    if P[P_ONLY] >= 0:
        at, only = _look(P[P_ONLY] - first, P, V, pre, off, holder, held, free, toks,
                         goals[:n_goals], q, r, nb, open_, hazard, owner, fields,
                         fields_ready, to_go, ready, shot, ram, G, vals, rows, res, need, at)
        if res[R_NEED]:
            return res[R_NEED], only, 0, at, res[R_ACTIVE]
    if only >= 0 and vals[only] >= FOLLOW_UP:
        return res[R_NEED], only, 1, at, res[R_ACTIVE]
    at, best = _look(_MINUS, P, V, pre, off, holder, held, free, toks, goals[:n_goals], q, r,
                     nb, open_, hazard, owner, fields, fields_ready, to_go, ready, shot, ram,
                     G, vals, rows, res, need, at)
    if P[P_AIRSTRIKE] and not res[R_NEED]:
        _airstrikes(P, V, holder, q, r, shot, vals, rows, res, need, at)
    return res[R_NEED], best, 0, at, res[R_ACTIVE]


@_jit
def _airstrikes(P: Any, V: Any, holder: Any, q: Any, r: Any, shot: Any, vals: Any, rows: Any,
                res: Any, need: Any, at: int) -> None:
    """From row ``at`` on, the faction card's airstrike of ``P[P_AIRSTRIKE]`` dice at each
    of its targets (``legal.airstrike_targets``: the active enemies on the board within 3
    hexes of the player's big rig, any line of sight), valued as a shot; how many in
    ``res[R_AIRSTRIKE]``. Not candidates of the look: the player weighs them after its
    cards."""
    per = P[P_PER_SEAT]
    first = P[P_SEAT] * per
    dice = P[P_AIRSTRIKE]
    vpos, vfront = V[V_POS], V[V_FRONT]
    start = at
    for t in range(vpos.shape[0]):
        if V[V_TEAM, t] == V[V_TEAM, first] or not V[V_ACTIVE, t] or vpos[t] < 0:
            continue
        near = False
        for me in range(first, first + per):
            if V[V_SKILLS, me] & TURRET and vpos[me] >= 0:
                for a in (vpos[me], vfront[me]):
                    for b in (vpos[t], vfront[t]):
                        near = near or _dist(q, r, a, b) <= 3
        if not near:
            continue
        value = _shot_worth(shot, need, holder, dice, V[V_ARMOUR, t] + V[V_PLATING, t], 0,
                            V[V_DP, t] - V[V_DAMAGE, t], t)
        if need[0]:
            return
        vals[at] = value
        rows[at, 0] = C_AIRSTRIKE
        rows[at, 1] = -1
        rows[at, 2] = t
        rows[at, 3] = -1
        rows[at, 4] = -1
        at += 1
    res[R_AIRSTRIKE] = at - start


@_inline
def _sync(R: Any, V: Any, nb: Any, owner: Any) -> bool:
    """Write the vehicles ``R`` (``state.Notes.rows``: a row of ``ROW_WIDTH`` per vehicle) into
    ``V`` and ``owner`` (``owner``: as ``WreckState.leave`` and ``enter`` do: those that
    moved are lifted off their hexes, then set down, in id order); True if one moved,
    turned, was wrecked or came back into action."""
    n = V.shape[1]
    moved = False
    for vid in range(n):
        at = vid * ROW_WIDTH
        if R[at] != V[V_POS, vid] or R[at + 1] != V[V_FACING, vid] \
                or R[at + 2] != V[V_ACTIVE, vid]:
            moved = True
            for h in (V[V_POS, vid], V[V_FRONT, vid]):
                if h >= 0 and owner[h] == vid:
                    owner[h] = -1
    for vid in range(n):
        at = vid * ROW_WIDTH
        i = R[at]
        if moved and (i != V[V_POS, vid] or R[at + 1] != V[V_FACING, vid]
                      or R[at + 2] != V[V_ACTIVE, vid]):
            front = nb[i, R[at + 1]] if i >= 0 and V[V_SKILLS, vid] & BIG else i
            V[V_POS, vid] = i
            V[V_FRONT, vid] = front
            if i >= 0:
                owner[i] = vid
                owner[front] = vid
        for row in range(V_FACING, V_REPAIR + 1):
            V[row, vid] = R[at + row - 1]
    return moved


@_inline
def _row(vals: Any, rows: Any, at: int, best: int, value: float, kind: int, vid: int,
         target: int, to: int, f: int) -> tuple[int, int]:
    """Write a candidate row; (the next row, the best row so far)."""
    vals[at] = value
    rows[at, 0] = kind
    rows[at, 1] = vid
    rows[at, 2] = target
    rows[at, 3] = to
    rows[at, 4] = f
    if value > (vals[best] if best >= 0 else 0.0) + EPS:
        best = at
    return at + 1, best


@_inline
def _hurt(V: Any, v: int) -> bool:
    """``bots._hurt``: one more hit (two for a big rig) wrecks it."""
    return V[V_DAMAGE, v] >= V[V_DP, v] - (2 if V[V_SKILLS, v] & MECHANIC else 1)


@_jit
def _look(only: int, P: Any, V: Any, pre: Any, off: Any, holder: Any, held: Any, free: Any,
          toks: Any, goals: Any, q: Any, r: Any, nb: Any, open_: Any, hazard: Any,
          owner: Any, fields: Any, fields_ready: Any, to_go: Any, ready: Any, shot: Any,
          ram: Any, G: Any, vals: Any, rows: Any, res: Any, need: Any, at: int
          ) -> tuple[int, int]:
    """The candidates of the vehicle in slot ``only`` of the seat, or of every
    vehicle (-1), from row ``at``; (the next row, the best row: -1 none)."""
    seat = P[P_SEAT]
    per = P[P_PER_SEAT]
    ap = P[P_AP]
    first = seat * per
    best = _MINUS
    movers = np.empty(per, dtype=np.int64)
    n_movers = 0
    for slot in range(per):
        if only >= 0 and slot != only:
            continue
        me = first + slot
        for j in range(2):
            if not np.isnan(pre[slot, j]):
                at, best = _row(vals, rows, at, best, pre[slot, j], C_PRE, me, slot * 2 + j,
                                -1, -1)
        if V[V_POS, me] < 0 or V[V_DONE, me] or V[V_STUCK, me] == 2:
            continue
        if not V[V_ACTIVE, me]:
            if ap:      # a wreck's own repair (legal.group_actions: "fix")
                at, best = _row(vals, rows, at, best, 1.2 if ap >= 2 else 0.6, C_FIX, me, -1,
                                -1, -1)
            continue
        res[R_ACTIVE] = 1
        skills = V[V_SKILLS, me]
        i = off[slot]
        if ap and V[V_COUNT, me] < P[P_AP_LIMIT]:
            acts = V[V_ACTS, me]
            if not acts & 1 and not held[me]:
                movers[n_movers] = me
                n_movers += 1
            if not acts & 2:
                at, best = _shots(me, _ZERO, i, P, V, holder, shot, G, vals, rows, at,
                                  best, need, res)
                if res[R_NEED]:
                    return at, best
            rams = not skills & (SCOUT | FLYING)
            j = i + 1 + 2 * G[i]
            if not acts & 4 and rams:
                for k in range(G[j]):
                    t = G[j + 1 + 3 * k]
                    steps = G[j + 2 + 3 * k]
                    if steps and held[me]:
                        continue            # a steamroll would leave the site
                    a_arm = V[V_ARMOUR, me] + V[V_PLATING, me]
                    t_arm = V[V_ARMOUR, t] + V[V_PLATING, t]
                    key = (a_arm, V[V_SIZE, me], t_arm, V[V_SIZE, t], G[j + 3 + 3 * k])
                    if not (0 <= a_arm < ram.shape[0] and 0 <= t_arm < ram.shape[2]
                            and key[1] < ram.shape[1] and key[3] < ram.shape[3]) \
                            or np.isnan(ram[key][0]):
                        need[0] = 2
                        for x in range(5):
                            need[1 + x] = key[x]
                        return at, best
                    dealt, taken, any_hit = ram[key][0], ram[key][1], ram[key][2]
                    value = dealt - 1.5 * taken - 0.3 * steps
                    if holder[t] >= 0:
                        value += (CONTEST if holder[t] == 1 else 1.0) * any_hit
                    if value > 1.0:
                        at, best = _row(vals, rows, at, best, value, C_RAM, me, t, -1, steps)
            j += 1 + 3 * G[j]
            if not acts & 8 and rams:
                for k in range(G[j]):
                    at, best = _row(vals, rows, at, best, 1.5, C_SALVAGE, me, G[j + 1 + k],
                                    -1, -1)
        if V[V_POTSHOT, me]:
            at, best = _shots(me, _ONE, i, P, V, holder, shot, G, vals, rows, at,
                              best, need, res)
            if res[R_NEED]:
                return at, best
        if V[V_REPAIR, me]:
            # legal.repair_targets: own vehicles in the front arc with damage, then itself
            front = V[V_FRONT, me]
            facing = V[V_FACING, me]
            for side in (5, 0, 1):
                h = nb[front, (facing + side) % 6]
                if h < 0:
                    continue
                t = owner[h]
                if t < 0 or V[V_SEAT, t] != seat or _seen_at(owner, nb, front, facing, side, t):
                    continue
                if V[V_DAMAGE, t] > 0:
                    at, best = _row(vals, rows, at, best, 6.0, C_REPAIR, me, t, -1, -1)
            if V[V_DAMAGE, me] > 0:
                at, best = _row(vals, rows, at, best, 6.0, C_REPAIR, me, me, -1, -1)
    if n_movers:
        at, best = _moves(movers[:n_movers], P, V, holder, free, toks, goals, nb, open_,
                          hazard, owner, fields, fields_ready, to_go, ready, vals, rows, at,
                          best)
    return at, best


@_jit
def _shots(me: int, potshot: int, i: int, P: Any, V: Any, holder: Any, shot: Any, G: Any,
           vals: Any, rows: Any, at: int, best: int, need: Any, res: Any) -> tuple[int, int]:
    """A shot's row per target of ``me`` (its geometry at ``G[i]``), a POTSHOT if
    ``potshot``."""
    dice = max(1, V[V_ATTACK, me] + P[P_DICE])
    kind = C_POTSHOT if potshot else C_SHOOT
    potshot = P[P_POTSHOT] if potshot else 0      # the penalty to every roll
    for k in range(G[i]):
        t = G[i + 1 + 2 * k]
        value = _shot_worth(shot, need, holder, dice,
                            V[V_ARMOUR, t] + V[V_PLATING, t] - (1 if G[i + 2 + 2 * k] == 2 else 0),
                            potshot, V[V_DP, t] - V[V_DAMAGE, t], t)
        if need[0]:
            return at, best
        at, best = _row(vals, rows, at, best, value, kind, me, t, -1, -1)
    return at, best


@_inline
def _shot_worth(shot: Any, need: Any, holder: Any, dice: int, target: int, penalty: int,
                left: int, t: int) -> float:
    """What a shot of ``dice`` dice needing ``target``+ (less ``penalty`` to every roll) at
    vehicle ``t`` with ``left`` DP is worth: 1 + 2 a hit expected + 3 x P(wrecked), and
    ``CONTEST`` x P(any hit) when ``t`` holds a site that scores at the end of the turn (1 x
    on another site); 0 with ``need`` set (1, then the key) when ``shot`` lacks the value."""
    if not (dice < shot.shape[0] and 0 <= target < shot.shape[1]
            and 0 <= penalty < shot.shape[2] and 0 <= left < shot.shape[3]) \
            or np.isnan(shot[dice, target, penalty, left, 0]):
        need[0] = 1
        need[1] = dice
        need[2] = target
        need[3] = penalty
        need[4] = left
        return 0.0
    exp, any_hit, wreck = (shot[dice, target, penalty, left, 0],
                           shot[dice, target, penalty, left, 1],
                           shot[dice, target, penalty, left, 2])
    value = 1.0 + 2 * exp + 3 * wreck
    if holder[t] >= 0:
        value += (CONTEST if holder[t] == 1 else 1.0) * any_hit
    return value  # type: ignore[no-any-return]


@_jit
def _moves(movers: Any, P: Any, V: Any, holder: Any, free: Any, toks: Any, goals: Any,
           nb: Any, open_: Any, hazard: Any, owner: Any, fields: Any, fields_ready: Any,
           to_go: Any, ready: Any, vals: Any, rows: Any, at: int, best: int
           ) -> tuple[int, int]:
    """One move per vehicle, to its goal, or to its buggy when one more
    hit wrecks it."""
    seat = P[P_SEAT]
    per = P[P_PER_SEAT]
    first = seat * per
    vpos, vfront = V[V_POS], V[V_FRONT]
    n = vpos.shape[0]
    buggy = -1
    for me in range(first, first + per):
        if V[V_SKILLS, me] & REPAIRS and V[V_ACTIVE, me] and vpos[me] >= 0:
            buggy = me
            break
    ground = np.empty(movers.shape[0], dtype=np.int64)
    n_ground = 0
    for me in movers:
        if not V[V_SKILLS, me] & FLYING:
            ground[n_ground] = me
            n_ground += 1
    assigned = np.zeros((n_ground, 2), dtype=np.int64)
    assign(goals, ground[:n_ground], vpos, vfront, nb, open_, fields, fields_ready, assigned)
    plan_v = np.empty(movers.shape[0], dtype=np.int64)
    plan_goal = np.empty(movers.shape[0], dtype=np.int64)
    plan_weight = np.empty(movers.shape[0], dtype=np.float64)
    n_plans = 0
    g = 0
    for me in movers:
        flying = V[V_SKILLS, me] & FLYING != 0
        goal = -1
        weight = 0.0
        if flying:
            # a drone cannot hold a site: it goes for the others' occupiers
            near, to = FAR + 1, -1
            for t in range(n):
                if holder[t] >= 0 and vpos[t] >= 0:
                    d = _steps(nb, open_, fields, fields_ready, vpos[t], vpos[me], vfront[me])
                    if d < near:
                        near, to = d, t
            if to >= 0:
                goal, weight = vpos[to], 0.8
        else:
            hurt_me = _hurt(V, me)
            if hurt_me and buggy >= 0 and buggy != me:
                goal, weight = vpos[buggy], 0.5         # retreat to repair
            elif me == buggy:
                near, to = FAR + 1, -1
                for t in range(first, first + per):
                    if t != me and V[V_ACTIVE, t] and vpos[t] >= 0 and _hurt(V, t):
                        d = _steps(nb, open_, fields, fields_ready, vpos[t], vpos[me],
                                   vfront[me])
                        if d < near:
                            near, to = d, t
                if to >= 0:
                    goal, weight = vpos[to], 0.8
                elif assigned[g, 1]:
                    goal, weight = assigned[g, 0], 1.0 if assigned[g, 1] == 1 else 0.4
            elif assigned[g, 1]:
                goal, weight = assigned[g, 0], 1.0 if assigned[g, 1] == 1 else 0.4
            g += 1
        if goal >= 0:
            plan_v[n_plans] = me
            plan_goal[n_plans] = goal
            plan_weight[n_plans] = weight
            n_plans += 1
    out = np.zeros((n_plans, 3), dtype=np.int64)
    descend_all(plan_v[:n_plans], plan_goal[:n_plans], P[P_PENALTY], P[P_MOVE], vpos,
                V[V_FACING], vfront, V[V_SKILLS], V[V_MOVE], nb, open_, hazard, owner, fields,
                fields_ready, to_go, ready, out)
    n_tok = toks.shape[0] // 2
    for k in range(n_plans):
        h = out[k, 0]
        if h < 0:
            continue
        me = plan_v[k]
        f = out[k, 1]
        on_token = False
        on_site = False
        ahead = nb[h, f] if V[V_SKILLS, me] & BIG else -1
        for x in range(n_tok):
            if toks[2 * x] == h:
                on_token = True
            if free[x] and (toks[2 * x] == h or toks[2 * x] == ahead):
                on_site = True
        if V[V_SKILLS, me] & FLYING and on_token:
            continue
        if on_site:
            value = SITE - 0.1 * V[V_SIZE, me]
        else:
            value = PROGRESS * plan_weight[k] * out[k, 2]
        if value > 0:
            at, best = _row(vals, rows, at, best, value, C_MOVE, me, -1, h, f)
    return at, best
