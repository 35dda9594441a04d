"""Where a move action can take a vehicle: Moving a Vehicle, Turning, Reversing, AGILE.

Pure core. A vehicle stands on its ``anchor`` hex facing ``facing``; a big rig's anchor is its
rear hex and its front is the next hex ahead ("They use the rear of the vehicle for moving ...
pivots from its rear-occupying hex"). A move spends movement points up to the allowance:
- forward one hex: 1; reversing one hex: ``reverse_cost`` ("Each hex reversed into costs 2
  movement, turning still costs 1. A move cannot be a combination of forward and reverse");
- turning one face: 1, at most one face in each hex ("vehicles CANNOT turn more than one face in
  their current hex"), except AGILE scouts that "turn on the spot to face any direction at the
  cost of 1 movement ... as many times as they wish".
Every hex entered must be ``free`` (open terrain, no vehicle or wreck).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord

__all__ = ["Grid", "grid_of", "hexes_of", "reach", "reach_grid", "reach_states"]


class Grid:
    """A board as integer tables for the hot loops: hex index <-> coordinate, neighbours, and
    per move state ``hf`` (hex * 6 + facing) where a step or a turn leads."""

    def __init__(self, coords: list[Coord], open_: dict[Coord, bool]) -> None:
        self.coords = coords
        self.index = {c: i for i, c in enumerate(coords)}
        #: nb[i * 6 + d]: the neighbour of hex i across face d, or -1 off the board.
        self.nb = nb = [self.index.get((c[0] + dq, c[1] + dr), -1) for c in coords
                        for dq, dr in DIRECTIONS]
        self.open = [open_[c] for c in coords]
        #: shut[i]: not open (an obstacle or a hazard).
        self.shut = tuple(not o for o in self.open)
        states = range(len(nb))
        #: keys[hf]: (coordinate, facing) of state hf.
        self.keys = [(coords[hf // 6], hf % 6) for hf in states]
        # A step one hex ahead (``ahead``) or back (``back``) from state hf: the state reached,
        # times 2 (``reach_states``' "turned here" bit clear), -1 off the board; and the hex
        # that must be free for it: the hex entered (``nb``, ``back_hex``), for a big rig
        # going ahead the hex its front enters (``ahead_rig``).
        self.ahead = [-1 if nb[hf] < 0 else (nb[hf] * 6 + hf % 6) * 2 for hf in states]
        self.ahead_rig = [-1 if nb[hf] < 0 else nb[nb[hf] * 6 + hf % 6] for hf in states]
        self.back_hex = [nb[hf - hf % 6 + (hf % 6 + 3) % 6] for hf in states]
        self.back = [-1 if b < 0 else (b * 6 + hf % 6) * 2 for hf, b in enumerate(self.back_hex)]
        #: A turn in the same hex: one face round (clockwise, then anticlockwise), the state
        #: reached times 2 plus the "turned here" bit; an AGILE vehicle's (``spins``): every
        #: other facing in order, the bit clear (it turns as often as it likes).
        self.turns = [((hf - hf % 6 + (hf + 1) % 6) * 2 + 1, (hf - hf % 6 + (hf + 5) % 6) * 2 + 1)
                      for hf in states]
        self.spins = [tuple((hf - hf % 6 + nf) * 2 for nf in range(6) if nf != hf % 6)
                      for hf in states]


_GRIDS: dict[int, tuple[object, Grid]] = {}


def grid_of(board: object) -> Grid:
    """The integer tables of ``board`` (anything with a ``terrain`` dict), built once."""
    hit = _GRIDS.get(id(board))
    if hit is None or hit[0] is not board:
        terrain = board.terrain  # type: ignore[attr-defined]
        coords = sorted(terrain)
        hit = (board, Grid(coords, {c: terrain[c] == 0 for c in coords}))
        _GRIDS[id(board)] = hit
    return hit[1]


def reach_grid(g: Grid, start: int, facing: int, allowance: int, blocked: list[bool], *,
               rig: bool = False, agile: bool = False, reverse: bool = False,
               reverse_cost: int = 2) -> dict[tuple[int, int], int]:
    """``reach`` on hex indices: ``blocked[i]`` True where a vehicle may not enter."""
    return {divmod(hf, 6): c for hf, c in reach_states(
        g, start, facing, allowance, blocked, rig=rig, agile=agile, reverse=reverse,
        reverse_cost=reverse_cost).items()}


def reach_states(g: Grid, start: int, facing: int, allowance: int, blocked: list[bool], *,
                 rig: bool = False, agile: bool = False, reverse: bool = False,
                 reverse_cost: int = 2) -> dict[int, int]:
    """``reach_grid`` by state: hex * 6 + facing -> cost (``Grid.keys`` names them), in the
    same order."""
    nb = g.nb
    fwd = reverse_cost if reverse else 1
    step = g.back if reverse else g.ahead
    probe = g.back_hex if reverse else g.ahead_rig if rig else nb
    # AGILE turns as often as it likes: "turned here" changes nothing for it, so its states
    # leave that bit 0 (half the states to visit) and every state of it may turn
    turns = g.spins if agile else g.turns
    # state = (hex * 6 + facing) * 2 + turned here; flat tables indexed by state (costs are
    # small: a bytearray, 255 unseen) rather than dicts of tuples
    s0 = (start * 6 + facing) * 2
    best: bytearray | list[int] = (bytearray(b"\xff") * (len(nb) * 2) if allowance < 255
                                   else [allowance + 1] * (len(nb) * 2))
    best[s0] = 0
    buckets: list[list[int]] = [[] for _ in range(allowance + 1)]
    buckets[0].append(s0)
    out: dict[int, int] = {}
    spun = bytearray(len(nb) // 6)
    for cost in range(allowance + 1):
        c2 = cost + fwd
        c1 = cost + 1
        ahead = c2 <= allowance
        turn = c1 <= allowance
        for st in buckets[cost]:
            if best[st] != cost:
                continue
            hf = st >> 1
            if hf not in out:
                out[hf] = cost
            if ahead:
                p = probe[hf]
                if p >= 0 and not blocked[p]:
                    ns = step[hf]
                    if c2 < best[ns]:
                        best[ns] = c2
                        buckets[c2].append(ns)
            if turn and not st & 1:
                if agile:
                    # its first state popped in a hex turns it to every other facing at one
                    # more: no later one (popped at that cost or more) can do better
                    h = hf // 6
                    if spun[h]:
                        continue
                    spun[h] = 1
                for ns in turns[hf]:
                    if rig:
                        fr = nb[ns >> 1]        # the rig's front swings into the next hex
                        if fr < 0 or blocked[fr]:
                            continue
                    if c1 < best[ns]:
                        best[ns] = c1
                        buckets[c1].append(ns)
    out.pop(start * 6 + facing, None)
    return out


def hexes_of(anchor: Coord, facing: int, size_hexes: int) -> tuple[Coord, ...]:
    """The hexes a vehicle covers: its anchor, and for a big rig the hex ahead of it."""
    if size_hexes == 1:
        return (anchor,)
    dq, dr = DIRECTIONS[facing]
    return (anchor, (anchor[0] + dq, anchor[1] + dr))


def reach(anchor: Coord, facing: int, allowance: int, free: Callable[[Coord], bool], *,
          rig: bool = False, agile: bool = False, reverse: bool = False,
          reverse_cost: int = 2) -> dict[tuple[Coord, int], int]:
    """Every (anchor, facing) a move can end on, with its least cost (the start excluded)."""
    # Dijkstra over (anchor, facing, turned here); costs are small integers: buckets.
    best: dict[tuple[Coord, int, bool], int] = {(anchor, facing, False): 0}
    buckets: list[list[tuple[Coord, int, bool]]] = [[] for _ in range(allowance + 1)]
    buckets[0].append((anchor, facing, False))
    out: dict[tuple[Coord, int], int] = {}
    fwd = reverse_cost if reverse else 1
    for cost in range(allowance + 1):
        for state in buckets[cost]:
            if best.get(state) != cost:
                continue
            a, f, turned = state
            key = (a, f)
            if key not in out:
                out[key] = cost
            # one hex forward (or back)
            if cost + fwd <= allowance:
                d = DIRECTIONS[(f + 3) % 6 if reverse else f]
                na = (a[0] + d[0], a[1] + d[1])
                if rig and not reverse:
                    ok = free((na[0] + d[0], na[1] + d[1]))   # the front enters a new hex
                else:
                    ok = free(na)
                if ok:
                    _push(best, buckets, (na, f, False), cost + fwd)
            # turning
            if cost + 1 <= allowance:
                faces = [x for x in range(6) if x != f] if agile else [(f + 1) % 6, (f - 1) % 6]
                if agile or not turned:
                    for nf in faces:
                        if rig:
                            d = DIRECTIONS[nf]
                            if not free((a[0] + d[0], a[1] + d[1])):
                                continue
                        _push(best, buckets, (a, nf, True), cost + 1)
    out.pop((anchor, facing), None)
    return out


def _push(best: dict[tuple[Coord, int, bool], int], buckets: list[list[tuple[Coord, int, bool]]],
          state: tuple[Coord, int, bool], cost: int) -> None:
    if cost < best.get(state, 1 << 30):
        best[state] = cost
        buckets[cost].append(state)
