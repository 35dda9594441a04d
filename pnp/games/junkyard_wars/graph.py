"""The yard as a graph for the rules: squares, one-move neighbours, distance tables. Pure.

Squares are integer ids (the session board's node ids: 225 squares row-major, then the 64
outside-track squares). ``Tables`` holds all-pairs move counts and next steps, built once per
board and shared by every simulated game on it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass


def bfs(adjacency: Sequence[Sequence[int]], start: int,
        toward: list[int] | None = None) -> list[int]:
    """Shortest move counts from ``start`` (-1 when unreachable) over an adjacency list.

    With ``toward`` (a list as long as the adjacency), ``toward[v]`` is set to the neighbour of
    ``v`` one move closer to ``start`` (``start`` itself for ``start``).
    """
    dist = [-1] * len(adjacency)
    dist[start] = 0
    if toward is not None:
        toward[start] = start
    queue = deque([start])
    while queue:
        u = queue.popleft()
        du = dist[u] + 1
        for v in adjacency[u]:
            if dist[v] < 0:
                dist[v] = du
                if toward is not None:
                    toward[v] = u
                queue.append(v)
    return dist


ZONES = ("square", "tile")  # the construction zone: the centre square, or the whole centre tile
TILE = 5  # squares on a side of a maze tile: the centre tile is rows and columns 5-9


@dataclass(frozen=True)
class Board:
    """A graph of squares: one-move neighbours, the construction zone and the junk squares.

    ``construction_zone`` is where the workers start; ``zone_squares`` every square that counts
    as the construction zone (empty: that one square).
    """

    neighbours: tuple[tuple[int, ...], ...]
    construction_zone: int
    junk_squares: tuple[int, ...]
    zone_squares: tuple[int, ...] = ()


def board_from_session(session, zone: str = "square") -> Board:
    """The rules' view of a ``generate.SessionBoard`` (node ids as in its adjacency).

    ``zone``: "square" (the centre square) or "tile" (the 25 squares of the centre tile)."""
    if zone not in ZONES:
        raise ValueError(f"the construction zone is a {' or a '.join(ZONES)}, not {zone!r}")
    r0, c0 = session.construction_zone
    centre = session.index(r0, c0)
    squares: tuple[int, ...] = ()
    if zone == "tile":
        lo_r, lo_c = r0 // TILE * TILE, c0 // TILE * TILE
        squares = tuple(session.index(r, c) for r in range(lo_r, lo_r + TILE)
                        for c in range(lo_c, lo_c + TILE))
    return Board(tuple(tuple(a) for a in session.adjacency), centre,
                 tuple(session.index(r, c) for r, c in session.junk_squares), squares)


def grid_board(width: int, height: int, zone: tuple[int, int], junk: Sequence[tuple[int, int]],
               walls: Sequence[tuple[tuple[int, int], tuple[int, int]]] = ()) -> Board:
    """A small open grid (id = row * width + col) with optional walls between squares; for tests."""
    blocked = {frozenset(w) for w in walls}
    nbrs = []
    for r in range(height):
        for c in range(width):
            out = []
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                rr, cc = r + dr, c + dc
                inside = 0 <= rr < height and 0 <= cc < width
                if inside and frozenset(((r, c), (rr, cc))) not in blocked:
                    out.append(rr * width + cc)
            nbrs.append(tuple(out))
    return Board(tuple(nbrs), zone[0] * width + zone[1], tuple(r * width + c for r, c in junk))


class Tables:
    """Per-board tables computed once and shared by every game on the board (picklable lists)."""

    __slots__ = ("n", "neighbours", "zone", "junk", "dist", "toward", "near_junk", "in_zone",
                 "home")

    def __init__(self, board: Board):
        n = len(board.neighbours)
        self.n = n
        self.neighbours = [list(a) for a in board.neighbours]
        self.zone = board.construction_zone
        self.junk = list(board.junk_squares)
        # dist[b][a]: moves from a to b; toward[b][a]: the neighbour of a one move closer to b.
        self.dist: list[list[int]] = []
        self.toward: list[list[int]] = []
        for b in range(n):
            t = [-1] * n
            self.dist.append(bfs(self.neighbours, b, t))
            self.toward.append(t)
        if min(self.dist[self.zone]) < 0:
            raise ValueError("every square must be reachable from the construction zone")
        # in_zone[a]: 1 if square a is part of the construction zone; home[a]: the zone square
        # nearest to a (ties: the lowest id), where a worker carrying junk heads.
        zone_squares = sorted(set(board.zone_squares) | {self.zone})
        self.in_zone = bytearray(n)
        for z in zone_squares:
            self.in_zone[z] = 1
        self.home = [min((self.dist[z][a], z) for z in zone_squares)[1] for a in range(n)]
        # near_junk[a]: junk squares by distance from a (ties by id), for nearest-search queries.
        self.near_junk = [[s for _, s in sorted((self.dist[s][a], s) for s in self.junk)]
                          for a in range(n)]


__all__ = ["ZONES", "Board", "Tables", "bfs", "board_from_session", "grid_board"]
