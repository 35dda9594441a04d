"""Hex grid geometry shared by the hex games (Waste Knights, Wreck and Ruin).

Pure core. Pointy-top hexes in axial ``(q, r)`` coordinates, ``q`` growing eastwards and ``r``
southwards (y down on the printed page). ``DIRECTIONS`` lists the six neighbour offsets
clockwise from east: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east
(Wreck and Ruin's facings use the same numbering).
"""

from __future__ import annotations

import math

__all__ = ["DIRECTIONS", "Coord", "distance", "rotate", "step", "to_pixel"]

Coord = tuple[int, int]
#: Axial neighbour offsets, clockwise from east (pointy-top, y down).
DIRECTIONS: tuple[Coord, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def distance(a: Coord, b: Coord) -> int:
    """Hex distance between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def step(c: Coord, facing: int, n: int = 1) -> Coord:
    """The hex ``n`` steps from ``c`` in direction ``facing`` (any integer, taken mod 6)."""
    dq, dr = DIRECTIONS[facing % 6]
    return c[0] + n * dq, c[1] + n * dr


def rotate(c: Coord, turns: int) -> Coord:
    """``c`` turned ``turns`` sixths clockwise about (0, 0)."""
    q, r = c
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


def to_pixel(c: Coord, size: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hex of circumradius ``size`` (y down), hex (0, 0) at (0, 0)."""
    q, r = c
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r
