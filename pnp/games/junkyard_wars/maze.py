"""Junkyard Wars maze tiles: 10 double-sided tiles, each face a 5x5 labyrinth with four exits.

Geometry. The rulebook lets players choose any nine tiles, either side up, in any rotation and
position, and lay them 3x3 into a 15x15 maze. Two neighbouring faces meet along a side of five
cells; the exits on both faces must be at the same place along that side for every choice.
A face's exit on one side must therefore sit where every other face's exit sits on every other
side once rotated. Rotating a face by 90 degrees maps position i along a side to position i or
4 - i on the next side (depending on direction), so the only position that every rotation maps
to itself is the middle, i = 2. Every exit is the middle cell of its side: (0, 2) north,
(2, 4) east, (4, 2) south, (2, 0) west. Two faces then always meet exit to exit, and on the rim
of the 3x3 layout the twelve unmatched exits are the twelve gaps in the outer wall.

A face is ``cells[r][c] = (n, e, s, w)``, True where a wall is. Its outer border is walled
except at the four exits; inner walls agree between neighbours. Faces are generated from a
random stream (no IO) with a mix of algorithms (Wilson's uniform spanning tree, recursive
backtracker, and a perfect maze with extra openings that makes loops) so their difficulty varies,
and no two of the 20 faces are the same under any rotation or mirror image.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from pnp.games.junkyard_wars.graph import bfs

SIZE = 5
MID = SIZE // 2
SIDES = ("n", "e", "s", "w")
Walls = tuple[bool, bool, bool, bool]
Cells = tuple[tuple[Walls, ...], ...]

# The exit cell of each side: the middle cell, the only rotation-invariant place (see above).
EXITS: dict[str, tuple[int, int]] = {"n": (0, MID), "e": (MID, SIZE - 1),
                                     "s": (SIZE - 1, MID), "w": (MID, 0)}
DELTA = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}  # (row, col) step through a side
_OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
TILE_COUNT = 10
FACE_SIDES = ("A", "B")


class Algorithm(str, Enum):
    """How a face's labyrinth was carved."""

    WILSON = "wilson"            # uniform spanning tree: ~29% dead ends on big grids
    BACKTRACKER = "backtracker"  # long winding corridors: few dead ends
    LOOPS = "loops"              # a perfect maze with extra openings: shortcuts, loops


# The mix of the 20 faces (shuffled by the seed over the tiles): difficulty varies on purpose.
DEFAULT_MIX: tuple[tuple[Algorithm, int], ...] = (
    (Algorithm.WILSON, 7), (Algorithm.BACKTRACKER, 7), (Algorithm.LOOPS, 6))
LOOP_RANGE = (2, 4)  # extra openings on a LOOPS face


@dataclass(frozen=True)
class Face:
    """One side of a maze tile."""

    tile: int
    side: str
    cells: Cells
    algorithm: Algorithm

    def wall(self, r: int, c: int, side: str) -> bool:
        """True when cell (r, c) has a wall on ``side`` ('n', 'e', 's', 'w')."""
        return self.cells[r][c][SIDES.index(side)]


@dataclass(frozen=True)
class Tile:
    """A double-sided maze tile: faces A and B."""

    id: int
    faces: tuple[Face, Face]

    def face(self, side: str) -> Face:
        """The face on ``side`` ('A' or 'B')."""
        return self.faces[FACE_SIDES.index(side)]


@dataclass(frozen=True)
class FaceMetrics:
    """How hard a face is to cross."""

    dead_ends: int
    dead_end_share: float
    exit_paths: tuple[tuple[str, int], ...]  # ("n-e", moves between the two exit cells) x 6
    loops: int
    difficulty: float  # mean exit-to-exit moves / 4 (4 = the shortest possible): 1.0 = straight
    tier: str

    def to_dict(self) -> dict:
        """JSON-ready form."""
        return {"dead_ends": self.dead_ends, "dead_end_share": round(self.dead_end_share, 4),
                "exit_paths": dict(self.exit_paths), "loops": self.loops,
                "difficulty": round(self.difficulty, 3), "tier": self.tier}


# ---------------------------------------------------------------- edges <-> cells

def _cells_from_open(open_edges: set[tuple[int, int]]) -> Cells:
    """Walls of a face from its open inner edges (pairs of cell indices r*5+c, low first)."""
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            i = r * SIZE + c
            n = not (r > 0 and (i - SIZE, i) in open_edges)
            s = not (r < SIZE - 1 and (i, i + SIZE) in open_edges)
            w = not (c > 0 and (i - 1, i) in open_edges)
            e = not (c < SIZE - 1 and (i, i + 1) in open_edges)
            if (r, c) == EXITS["n"]:
                n = False
            if (r, c) == EXITS["s"]:
                s = False
            if (r, c) == EXITS["w"]:
                w = False
            if (r, c) == EXITS["e"]:
                e = False
            row.append((n, e, s, w))
        rows.append(tuple(row))
    return tuple(rows)


def _grid_neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for i in range(SIZE * SIZE):
        r, c = divmod(i, SIZE)
        nb = []
        for dr, dc in DELTA.values():
            rr, cc = r + dr, c + dc
            if 0 <= rr < SIZE and 0 <= cc < SIZE:
                nb.append(rr * SIZE + cc)
        out.append(tuple(nb))
    return tuple(out)


_NB = _grid_neighbours()
_ALL_EDGES = tuple(sorted({(min(i, j), max(i, j)) for i in range(SIZE * SIZE) for j in _NB[i]}))


def _edge(i: int, j: int) -> tuple[int, int]:
    return (i, j) if i < j else (j, i)


# ---------------------------------------------------------------- algorithms

def _wilson(rng: random.Random) -> set[tuple[int, int]]:
    """Uniform spanning tree by loop-erased random walks."""
    n = SIZE * SIZE
    in_tree = [False] * n
    in_tree[rng.randrange(n)] = True
    nxt = [-1] * n
    edges: set[tuple[int, int]] = set()
    for start in range(n):
        u = start
        while not in_tree[u]:  # the walk overwrites nxt, which erases loops implicitly
            nxt[u] = rng.choice(_NB[u])
            u = nxt[u]
        u = start
        while not in_tree[u]:
            in_tree[u] = True
            edges.add(_edge(u, nxt[u]))
            u = nxt[u]
    return edges


def _backtracker(rng: random.Random) -> set[tuple[int, int]]:
    """Randomised depth-first search: long corridors, few dead ends."""
    n = SIZE * SIZE
    seen = [False] * n
    start = rng.randrange(n)
    seen[start] = True
    stack = [start]
    edges: set[tuple[int, int]] = set()
    while stack:
        u = stack[-1]
        fresh = [v for v in _NB[u] if not seen[v]]
        if not fresh:
            stack.pop()
            continue
        v = rng.choice(fresh)
        seen[v] = True
        edges.add(_edge(u, v))
        stack.append(v)
    return edges


def _with_loops(rng: random.Random) -> set[tuple[int, int]]:
    """A perfect maze with a few walls knocked out (preferring dead ends): loops and shortcuts."""
    edges = _wilson(rng) if rng.random() < 0.5 else _backtracker(rng)
    extra = rng.randint(*LOOP_RANGE)
    for _ in range(extra):
        closed = [e for e in _ALL_EDGES if e not in edges]
        degree = [0] * (SIZE * SIZE)
        for a, b in edges:
            degree[a] += 1
            degree[b] += 1
        dead = [e for e in closed if degree[e[0]] == 1 or degree[e[1]] == 1]
        edges.add(rng.choice(dead or closed))
    return edges


_CARVE = {Algorithm.WILSON: _wilson, Algorithm.BACKTRACKER: _backtracker,
          Algorithm.LOOPS: _with_loops}


# ---------------------------------------------------------------- symmetry

def rotate_cells(cells: Cells, quarter_turns: int) -> Cells:
    """The face turned ``quarter_turns`` x 90 degrees clockwise."""
    for _ in range(quarter_turns % 4):
        # clockwise: old (r, c) lands on (c, 4 - r); its north wall becomes the east wall.
        cells = tuple(
            tuple(_turn(cells[SIZE - 1 - c][r]) for c in range(SIZE)) for r in range(SIZE))
    return cells


def _turn(w: Walls) -> Walls:
    n, e, s, wst = w
    return (wst, n, e, s)


def mirror_cells(cells: Cells) -> Cells:
    """The face mirrored left to right."""
    return tuple(tuple((w[0], w[3], w[2], w[1]) for w in reversed(row)) for row in cells)


def _cell_symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square as cell-index maps (4 rotations, each mirrored or not)."""
    out = []
    for mirror in (False, True):
        for k in range(4):
            image = []
            for i in range(SIZE * SIZE):
                r, c = divmod(i, SIZE)
                if mirror:
                    c = SIZE - 1 - c
                for _ in range(k):  # clockwise: (r, c) -> (c, 4 - r)
                    r, c = c, SIZE - 1 - r
                image.append(r * SIZE + c)
            out.append(tuple(image))
    return tuple(out)


_EDGE_INDEX = {e: k for k, e in enumerate(_ALL_EDGES)}
# For each symmetry, where each inner edge goes: canonical forms permute 40 bits, not grids.
_EDGE_PERMS = tuple(tuple(_EDGE_INDEX[_edge(sym[a], sym[b])] for a, b in _ALL_EDGES)
                    for sym in _cell_symmetries())


def _edge_bits(cells: Cells) -> list[bool]:
    """Wall (True) or passage on each inner edge, in ``_ALL_EDGES`` order."""
    bits = []
    for a, b in _ALL_EDGES:
        r, c = divmod(a, SIZE)
        bits.append(cells[r][c][1] if b == a + 1 else cells[r][c][2])
    return bits


def canonical(cells: Cells, *, mirrors: bool = True) -> int:
    """Smallest wall code over the 4 rotations (and their mirror images when ``mirrors``)."""
    bits = _edge_bits(cells)
    best = None
    for perm in _EDGE_PERMS[:8 if mirrors else 4]:
        moved = [False] * len(bits)
        for k, bit in enumerate(bits):
            moved[perm[k]] = bit
        code = int("".join("1" if b else "0" for b in moved), 2)
        best = code if best is None or code < best else best
    return best  # type: ignore[return-value]


# ---------------------------------------------------------------- metrics and checks

def _adjacency(cells: Cells) -> list[list[int]]:
    """Open inner neighbours of each cell (index r*5+c)."""
    adj: list[list[int]] = [[] for _ in range(SIZE * SIZE)]
    for a, b in _ALL_EDGES:
        r, c = divmod(a, SIZE)
        if not (cells[r][c][1] if b == a + 1 else cells[r][c][2]):
            adj[a].append(b)
            adj[b].append(a)
    return adj


def _exit_index(side: str) -> int:
    r, c = EXITS[side]
    return r * SIZE + c


# Tiers of the difficulty figure (mean exit-to-exit moves / 4, a multiple of 1/24), cut at the
# tertiles of 6,000 generated faces (1.58 and 1.83): LOOPS faces mostly land in "easy",
# BACKTRACKER faces in "medium" or "hard".
TIERS = ((1.6, "easy"), (1.9, "medium"), (float("inf"), "hard"))


def face_metrics(cells: Cells) -> FaceMetrics:
    """Dead-end share, the 6 exit-to-exit shortest paths, loop count and a difficulty figure.

    A dead end is a cell with exactly one opening; an exit counts as an opening, because a
    worker walks on through it to the next tile or the outside track.
    """
    openings = [sum(not w for w in cells[r][c]) for r in range(SIZE) for c in range(SIZE)]
    dead = sum(1 for k in openings if k == 1)
    adj = _adjacency(cells)
    loops = sum(map(len, adj)) // 2 - SIZE * SIZE + 1
    dists = {side: bfs(adj, _exit_index(side)) for side in SIDES}
    paths = tuple((f"{a}-{b}", dists[a][_exit_index(b)]) for a, b in combinations(SIDES, 2))
    difficulty = sum(p for _, p in paths) / len(paths) / (SIZE - 1)
    tier = next(name for bound, name in TIERS if difficulty < bound)
    return FaceMetrics(dead, dead / (SIZE * SIZE), paths, loops, difficulty, tier)


def face_problems(cells: Cells) -> list[str]:
    """Everything wrong with a face (empty when valid): shape, border, exits, walls, reach."""
    if len(cells) != SIZE or any(len(row) != SIZE for row in cells):
        return ["a face is 5 rows of 5 cells"]
    problems = []
    for r in range(SIZE):
        for c in range(SIZE):
            for k, side in enumerate(SIDES):
                dr, dc = DELTA[side]
                rr, cc = r + dr, c + dc
                walled = cells[r][c][k]
                if 0 <= rr < SIZE and 0 <= cc < SIZE:
                    if walled != cells[rr][cc][SIDES.index(_OPPOSITE[side])]:
                        problems.append(f"cell ({r},{c}) {side} wall disagrees with its neighbour")
                elif walled == ((r, c) == EXITS[side]):
                    problems.append(f"cell ({r},{c}) {side}: exits are only at the middle cells")
    if not problems:
        unreached = bfs(_adjacency(cells), _exit_index("n")).count(-1)
        if unreached:
            problems.append(f"{unreached} cells cannot be reached from the exits")
    return problems


def tile_set_problems(tiles: tuple[Tile, ...]) -> list[str]:
    """Problems with a tile set: 10 tiles, valid faces, all 20 distinct (rotation/mirror)."""
    problems = []
    if len(tiles) != TILE_COUNT:
        problems.append(f"{len(tiles)} tiles, expected {TILE_COUNT}")
    seen: dict[int, str] = {}
    for tile in tiles:
        for face in tile.faces:
            name = f"{tile.id}{face.side}"
            problems += [f"face {name}: {p}" for p in face_problems(face.cells)]
            key = canonical(face.cells)
            if key in seen:
                problems.append(f"face {name} repeats face {seen[key]} (rotated or mirrored)")
            seen[key] = name
    return problems


# ---------------------------------------------------------------- generation

def generate_tiles(rng: random.Random, *, mix=DEFAULT_MIX) -> tuple[Tile, ...]:
    """The 10 double-sided tiles, tiles numbered 1..10, from one random stream."""
    plan = [algo for algo, count in mix for _ in range(count)]
    if len(plan) != 2 * TILE_COUNT:
        raise ValueError("the face mix must cover 20 faces")
    rng.shuffle(plan)
    seen: set[int] = set()
    faces = []
    for algo in plan:
        while True:  # redraw the rare face that repeats an earlier one
            cells = _cells_from_open(_CARVE[algo](rng))
            key = canonical(cells)
            if key not in seen:
                seen.add(key)
                break
        faces.append((cells, algo))
    tiles = []
    for t in range(TILE_COUNT):
        a, b = (Face(t + 1, FACE_SIDES[k], *faces[2 * t + k]) for k in range(2))
        tiles.append(Tile(t + 1, (a, b)))
    return tuple(tiles)


def face_to_json(face: Face) -> dict:
    """maze.json form of a face: side and 5 rows of 5 {"n","e","s","w"} cells."""
    return {"side": face.side,
            "cells": [[dict(zip(SIDES, w, strict=True)) for w in row] for row in face.cells]}


def tiles_to_json(tiles: tuple[Tile, ...], *, metrics: bool = True) -> list[dict]:
    """maze.json ``tiles`` list; each face also carries its algorithm and metrics."""
    out = []
    for tile in tiles:
        faces = []
        for face in tile.faces:
            d = face_to_json(face)
            if metrics:
                d["algorithm"] = face.algorithm.value
                d["metrics"] = face_metrics(face.cells).to_dict()
            faces.append(d)
        out.append({"id": tile.id, "faces": faces})
    return out
