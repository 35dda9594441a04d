"""Per-map tables for the hot loops: lines of sight and distance fields, worked out once.

Pure core. A map never changes during a game (only the vehicles move), so what depends on the
terrain alone is computed once per map and kept: the shortest routes between hexes within
shooting range that no obstacle blocks (``routes``; a shot then only checks the vehicles on
them), and, per goal hex, the number of hexes to it around obstacles and hazards
(``steps_to``; the heuristic player drives down it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar, cast

from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord
from pnp.games.wreck_and_ruin.movement import Grid, grid_of
from pnp.games.wreck_and_ruin.tiles import OBSTACLE

T = TypeVar("T")

__all__ = ["Tables", "hex_distance", "tables_of"]

#: Further than any two hexes of a map.
FAR = 999


def hex_distance(a: Coord, b: Coord) -> int:
    """Hex steps between two axial coordinates (inlined for speed)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


class Tables:
    """The tables of one map (see the module doc)."""

    def __init__(self, terrain: dict[Coord, int], grid: Grid) -> None:
        self.terrain = terrain
        self.grid = grid
        self._routes: dict[tuple[Coord, Coord], tuple[tuple[Coord, ...], ...]] = {}
        self._steps: dict[int, list[int]] = {}

    def routes(self, a: Coord, b: Coord) -> tuple[tuple[Coord, ...], ...]:
        """The hexes strictly between ``a`` and ``b`` on each shortest route that no obstacle
        (or the map's edge) blocks; ``((),)`` for neighbours, ``()`` when every route is
        blocked. "If there are multiple paths to the target of the same length, as long as one
        is not blocked an attack can be made" (Attacking a Target Within Range)."""
        key = (a, b)
        hit = self._routes.get(key)
        if hit is None:
            hit = self._routes[key] = tuple(self._walk(a, b, hex_distance(a, b)))
        return hit

    def _walk(self, a: Coord, b: Coord, n: int) -> list[tuple[Coord, ...]]:
        if n <= 1:
            return [()]
        out = []
        for dq, dr in DIRECTIONS:
            h = (a[0] + dq, a[1] + dr)
            if hex_distance(h, b) != n - 1 or self.terrain.get(h, OBSTACLE) == OBSTACLE:
                continue
            out += [(h, *rest) for rest in self._walk(h, b, n - 1)]
        return out

    def steps_to(self, goal: int) -> list[int]:
        """Per hex index, the hexes to ``goal`` (an index) over open hexes (FAR: none)."""
        hit = self._steps.get(goal)
        if hit is None:
            g = self.grid
            nb, open_ = g.nb, g.open
            dist = [FAR] * len(g.coords)
            dist[goal] = 0
            queue = deque([goal])
            while queue:
                h = queue.popleft()
                d = dist[h] + 1
                base = h * 6
                for k in range(6):
                    n = nb[base + k]
                    if n >= 0 and dist[n] == FAR and open_[n]:
                        dist[n] = d
                        queue.append(n)
            hit = self._steps[goal] = dist
        return hit



_TABLES: dict[int, tuple[object, Any]] = {}


def per_map(cache: dict[int, tuple[object, Any]], board: object, make: Callable[[], T]) -> T:
    """``make()`` once per map (or setup, or deck): kept in ``cache`` by the board's identity
    (holding the board keeps its id from being reused), at most 64 of them (test runs build
    many small boards)."""
    hit = cache.get(id(board))
    if hit is None or hit[0] is not board:
        if len(cache) > 64:
            cache.clear()
        hit = cache[id(board)] = (board, make())
    return cast(T, hit[1])


def tables_of(board: object) -> Tables:
    """The tables of ``board``, built once (and on demand) per map."""
    return per_map(_TABLES, board, lambda: Tables(board.terrain,  # type: ignore[attr-defined]
                                                  grid_of(board)))
