"""Hex geometry of Wreck and Ruin: facings, arcs, rear lines, lines of sight, rings.

Pure core, built on the shared grid of ``pnp.hexes`` (axial ``(q, r)``, pointy-top, ``r``
growing downwards on the printed map), whose names it re-exports. A vehicle faces one of the
six hex faces, numbered clockwise from east as ``DIRECTIONS`` (0 east, 1 south-east,
2 south-west, 3 west, 4 north-west, 5 north-east); turning "ONE hex face" is +-1.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.hexes import DIRECTIONS, Coord, distance, rotate, step

__all__ = ["DIRECTIONS", "Coord", "behind", "direction_to", "distance", "front_arc",
           "in_front", "line_clear", "ring", "rotate", "spiral", "step"]


def ring(radius: int, centre: Coord = (0, 0)) -> list[Coord]:
    """The hexes at exactly ``radius`` from ``centre``."""
    if radius == 0:
        return [centre]
    out = []
    c = step(centre, 4, radius)
    for d in range(6):
        for _ in range(radius):
            out.append(c)
            c = step(c, d)
    return out


def spiral(radius: int, centre: Coord = (0, 0)) -> list[Coord]:
    """Every hex within ``radius`` of ``centre``, ring by ring."""
    return [h for k in range(radius + 1) for h in ring(k, centre)]


def _dot(dq: int, dr: int, facing: int) -> int:
    # 4x the dot product of pixel vectors (x = sqrt3 (q + r/2), y = 1.5 r): exact integers.
    fq, fr = DIRECTIONS[facing % 6]
    return 3 * (2 * dq + dr) * (2 * fq + fr) + 9 * dr * fr


def in_front(origin: Coord, facing: int, target: Coord) -> bool:
    """True if ``target`` lies in the 180 degree front arc of a vehicle at ``origin``.

    "The front arc of a vehicle is the hex directly in front of it and the hexes on either side
    of that which are still adjacent to the vehicle, making up a 180 degree arc": every hex
    strictly ahead of the line across the vehicle (hexes exactly abeam are not in it).
    """
    return _dot(target[0] - origin[0], target[1] - origin[1], facing) > 0


def front_arc(origin: Coord, facing: int) -> tuple[Coord, Coord, Coord]:
    """The 3 adjacent hexes in front (the hexes a ram can target)."""
    q, r = origin
    (lq, lr), (fq, fr), (rq, rr) = _ARCS[facing % 6]
    return (q + lq, r + lr), (q + fq, r + fr), (q + rq, r + rr)


#: Per facing: the offsets of the hexes left-front, ahead and right-front.
_ARCS = tuple((DIRECTIONS[(f - 1) % 6], DIRECTIONS[f], DIRECTIONS[(f + 1) % 6])
              for f in range(6))


def behind(target: Coord, facing: int, shooter: Coord) -> bool:
    """True if ``shooter`` is "in a hex directly in the line behind" a vehicle at ``target``
    facing ``facing``: on the straight line out of its back face."""
    bq, br = DIRECTIONS[(facing + 3) % 6]
    dq, dr = shooter[0] - target[0], shooter[1] - target[1]
    # on the line: (dq, dr) = k (bq, br) for a k >= 1 (then k is the distance); a step's
    # parts are -1, 0 or 1, so k can be read off a non-zero part
    k = dq * bq if bq else dr * br
    return k > 0 and dq == bq * k and dr == br * k


def direction_to(a: Coord, b: Coord) -> int | None:
    """The facing from ``a`` to an adjacent ``b`` (None if not adjacent)."""
    d = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def line_clear(a: Coord, b: Coord, blocked: Callable[[Coord], bool]) -> bool:
    """True if some shortest hex path from ``a`` to ``b`` has no blocked hex between them.

    "Attacking is calculated by the shortest route possible so if the shortest route is
    blocked the attack cannot be made. If there are multiple paths to the target of the same
    length, as long as one is not blocked an attack can be made."
    """
    n = distance(a, b)
    if n <= 1:
        return True
    frontier: set[Coord] = {a}
    for k in range(1, n):
        nxt: set[Coord] = set()
        for c in frontier:
            for dq, dr in DIRECTIONS:
                h = (c[0] + dq, c[1] + dr)
                if distance(h, b) == n - k and h not in nxt and not blocked(h):
                    nxt.add(h)
        if not nxt:
            return False
        frontier = nxt
    return True

