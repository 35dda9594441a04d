"""Junkyard Wars sessions: seed -> tiles, the 15x15 board of one session, the junk on it.

Board coordinates: rows and columns 0..14 from the top-left of the 15x15 maze. The outside
track is the ring of squares just outside the wall: rows/columns -1 and 15, a 17x17 ring of 64
squares (corners included, since workers move only horizontally or vertically), one move per
square. A worker steps from a rim gap cell straight out onto the track square beyond it.

Graph nodes: the 225 board squares row-major (index r*15+c), then the 64 track squares
clockwise from the top-left corner (-1, -1). ``SessionBoard.adjacency[i]`` lists the nodes a
worker reaches from node i with one move.

Random streams (pnp.seed): tiles "maze" (of the maze seed), board "board", junk "junk".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.junkyard_wars.graph import bfs
from pnp.games.junkyard_wars.maze import (
    DELTA,
    FACE_SIDES,
    SIDES,
    SIZE,
    Cells,
    Tile,
    Walls,
    generate_tiles,
    rotate_cells,
    tiles_to_json,
)
from pnp.seed import py_rng, seed_code

BOARD = 3 * SIZE  # 15
CONSTRUCTION_ZONE = (BOARD // 2, BOARD // 2)  # (7, 7)
CENTRE = range(SIZE, 2 * SIZE)  # rows/cols 5..9: the centre 5x5 region without junk
ROTATIONS = (0, 90, 180, 270)


def _track() -> tuple[tuple[int, int], ...]:
    lo, hi = -1, BOARD
    top = [(lo, c) for c in range(lo, hi + 1)]
    right = [(r, hi) for r in range(lo + 1, hi + 1)]
    bottom = [(hi, c) for c in range(hi - 1, lo - 1, -1)]
    left = [(r, lo) for r in range(hi - 1, lo, -1)]
    return tuple(top + right + bottom + left)


TRACK = _track()  # 64 squares, clockwise from (-1, -1)
NODES: tuple[tuple[int, int], ...] = tuple(
    (r, c) for r in range(BOARD) for c in range(BOARD)) + TRACK
NODE_INDEX: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(NODES)}

# Junk squares: the corner colour ((r + c) even) of the checkerboard, without the centre 5x5.
JUNK_SQUARES: tuple[tuple[int, int], ...] = tuple(
    (r, c) for r in range(BOARD) for c in range(BOARD)
    if (r + c) % 2 == 0 and not (r in CENTRE and c in CENTRE))


@dataclass(frozen=True)
class Placement:
    """Where one tile goes: its id, side up, rotation (degrees clockwise), tile row and column."""

    tile: int
    side: str
    rotation: int
    row: int
    col: int

    def to_dict(self) -> dict:
        return {"tile": self.tile, "side": self.side, "rotation": self.rotation,
                "row": self.row, "col": self.col}


@dataclass(frozen=True)
class Gap:
    """A gap in the outer wall: the rim cell and the side it opens on."""

    row: int
    col: int
    side: str

    @property
    def outside(self) -> tuple[int, int]:
        """The track square just outside the gap."""
        dr, dc = DELTA[self.side]
        return (self.row + dr, self.col + dc)


@dataclass(frozen=True)
class SessionBoard:
    """The assembled 15x15 maze of one session, with its outside track."""

    seed_code: str
    placement: tuple[Placement, ...]  # 9, in (row, col) order
    unused_tile: int
    walls: tuple[tuple[Walls, ...], ...]  # walls[r][c] = (n, e, s, w), True where walled
    gaps: tuple[Gap, ...]  # 12, clockwise from the top-left
    construction_zone: tuple[int, int]
    junk_squares: tuple[tuple[int, int], ...]  # 100, row-major
    track: tuple[tuple[int, int], ...]  # 64, clockwise from (-1, -1)
    nodes: tuple[tuple[int, int], ...]  # 225 board squares row-major, then the track
    adjacency: tuple[tuple[int, ...], ...]  # by node index

    def index(self, r: int, c: int) -> int:
        """Node index of a board or track square."""
        return NODE_INDEX[(r, c)]

    def neighbours(self, r: int, c: int) -> tuple[tuple[int, int], ...]:
        """Squares one move away from (r, c) (board or track), walls respected."""
        return tuple(self.nodes[j] for j in self.adjacency[NODE_INDEX[(r, c)]])

    def distances(self, r: int, c: int) -> tuple[int, ...]:
        """Moves from (r, c) to every node (by node index)."""
        return tuple(bfs(self.adjacency, NODE_INDEX[(r, c)]))


def assemble(tiles: Sequence[Tile], placement: Sequence[Placement]
             ) -> tuple[tuple[Walls, ...], ...]:
    """The 15x15 walls of nine placed faces."""
    by_id = {t.id: t for t in tiles}
    grid: list[list[Walls | None]] = [[None] * BOARD for _ in range(BOARD)]
    for p in placement:
        cells: Cells = rotate_cells(by_id[p.tile].face(p.side).cells, p.rotation // 90)
        for r in range(SIZE):
            for c in range(SIZE):
                grid[p.row * SIZE + r][p.col * SIZE + c] = cells[r][c]
    if any(w is None for row in grid for w in row):
        raise ValueError("a placement must cover the 3x3 layout")
    return tuple(tuple(row) for row in grid)  # type: ignore[arg-type]


def rim_gaps(walls: Sequence[Sequence[Walls]]) -> tuple[Gap, ...]:
    """Openings in the outer wall, clockwise from the top-left."""
    gaps = []
    for track_sq in TRACK:
        r, c = track_sq
        for side, (dr, dc) in DELTA.items():
            rr, cc = r - dr, c - dc  # the board cell whose `side` faces this track square
            if 0 <= rr < BOARD and 0 <= cc < BOARD and not walls[rr][cc][SIDES.index(side)]:
                gaps.append(Gap(rr, cc, side))
    return tuple(gaps)


def build_adjacency(walls: Sequence[Sequence[Walls]]) -> tuple[tuple[int, ...], ...]:
    """One-move adjacency over board squares and the outside track."""
    adj: list[set[int]] = [set() for _ in NODES]
    for r in range(BOARD):
        for c in range(BOARD):
            i = NODE_INDEX[(r, c)]
            for k, side in enumerate(SIDES):
                if walls[r][c][k]:
                    continue
                dr, dc = DELTA[side]
                j = NODE_INDEX.get((r + dr, c + dc))
                if j is not None:  # a board neighbour, or the track square beyond a gap
                    adj[i].add(j)
                    adj[j].add(i)
    n = len(TRACK)
    for k, sq in enumerate(TRACK):
        i, j = NODE_INDEX[sq], NODE_INDEX[TRACK[(k + 1) % n]]
        adj[i].add(j)
        adj[j].add(i)
    return tuple(tuple(sorted(a)) for a in adj)


def draw_placement(rng: random.Random, tile_ids: Sequence[int]) -> tuple[Placement, ...]:
    """Nine of the tiles, each with a side, rotation and place in the 3x3 layout."""
    chosen = rng.sample(list(tile_ids), 9)
    out = []
    for k, tile in enumerate(chosen):
        out.append(Placement(tile, rng.choice(FACE_SIDES), rng.choice(ROTATIONS), k // 3, k % 3))
    return tuple(out)


def make_board(tiles: Sequence[Tile], placement: Sequence[Placement], code: str = ""
               ) -> SessionBoard:
    """The session board of a given placement."""
    walls = assemble(tiles, placement)
    placed = {p.tile for p in placement}
    unused = next((t.id for t in tiles if t.id not in placed), 0)
    return SessionBoard(code, tuple(placement), unused, walls, rim_gaps(walls), CONSTRUCTION_ZONE,
                        JUNK_SQUARES, TRACK, NODES, build_adjacency(walls))


def session_tiles(seed: int | str) -> tuple[Tile, ...]:
    """The 10 tiles of a seed (stream "maze")."""
    return generate_tiles(py_rng(seed, "maze"))


def session_board(seed: int | str, *, maze_seed: int | str | None = None,
                  tiles: Sequence[Tile] | None = None) -> SessionBoard:
    """One session's board: tiles from ``maze_seed`` (default ``seed``), layout from ``seed``."""
    if tiles is None:
        tiles = session_tiles(seed if maze_seed is None else maze_seed)
    placement = draw_placement(py_rng(seed, "board"), [t.id for t in tiles])
    return make_board(tiles, placement, seed_code(seed))


def board_problems(board: SessionBoard) -> list[str]:
    """Everything wrong with a session board (empty when valid)."""
    problems = []
    w = board.walls
    for r in range(BOARD):
        for c in range(BOARD):
            if c + 1 < BOARD and w[r][c][1] != w[r][c + 1][3]:
                problems.append(f"({r},{c}) east wall disagrees with ({r},{c + 1})")
            if r + 1 < BOARD and w[r][c][2] != w[r + 1][c][0]:
                problems.append(f"({r},{c}) south wall disagrees with ({r + 1},{c})")
    mids = [k * SIZE + SIZE // 2 for k in range(3)]  # 2, 7, 12
    last = BOARD - 1
    expected = {g for m in mids for g in ((0, m, "n"), (m, last, "e"), (last, m, "s"), (m, 0, "w"))}
    if {(g.row, g.col, g.side) for g in board.gaps} != expected:
        problems.append(f"{len(board.gaps)} rim gaps, expected the 12 tile exits on the rim")
    if len(board.junk_squares) != 100:
        problems.append(f"{len(board.junk_squares)} junk squares, expected 100")
    dist = bfs(board.adjacency, NODE_INDEX[board.construction_zone])
    if min(dist) < 0:
        problems.append(f"{dist.count(-1)} squares cannot be reached from the construction zone")
    return problems


def junk_layout(seed: int | str, bag: Sequence[str]) -> tuple[tuple[tuple[int, int], str], ...]:
    """The 100 junk tiles shuffled face down onto the junk squares (stream "junk")."""
    if len(bag) != len(JUNK_SQUARES):
        raise ValueError(f"the junk bag holds {len(bag)} tiles, expected {len(JUNK_SQUARES)}")
    letters = list(bag)
    py_rng(seed, "junk").shuffle(letters)
    return tuple(zip(JUNK_SQUARES, letters, strict=False))  # a custom bag may not hold 100


def board_to_json(board: SessionBoard) -> dict:
    """maze.json ``board`` object."""
    return {
        "placement": [p.to_dict() for p in board.placement],
        "unused_tile": board.unused_tile,
        "construction_zone": list(board.construction_zone),
        "junk_squares": [list(sq) for sq in board.junk_squares],
        "gaps": [{"row": g.row, "col": g.col, "side": g.side} for g in board.gaps],
        "outside_track": [list(sq) for sq in board.track],
        "cells": [[dict(zip(SIDES, w, strict=True)) for w in row] for row in board.walls],
    }


def maze_json(tiles: Sequence[Tile], board: SessionBoard, *, junk=None) -> dict:
    """The whole maze.json document (see docs/formats.md)."""
    doc: dict[str, Any] = {"format": "pnp.junkyard-wars.maze/1", "seed_code": board.seed_code,
           "tiles": tiles_to_json(tuple(tiles)), "board": board_to_json(board)}
    if junk is not None:
        doc["board"]["junk"] = [{"row": r, "col": c, "letter": letter}
                                for (r, c), letter in junk]
    return doc

