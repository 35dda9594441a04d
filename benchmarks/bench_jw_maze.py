"""Time generating and validating a Junkyard Wars tile set and session board (target: < 50 ms).

One round = the 10 double-sided tiles of a seed (20 faces, redrawn until distinct under rotation
and mirror), every face validated (walls, exits, reachability) with its metrics, the session
board assembled (placement, walls, gaps, outside track, adjacency) and validated (walls agree,
12 gaps, 100 junk squares, every square reachable from the construction zone).

    python benchmarks/bench_jw_maze.py [rounds]
"""

from __future__ import annotations

import platform
import statistics
import sys
import time

from pnp.games.junkyard_wars.generate import board_problems, session_board
from pnp.games.junkyard_wars.maze import face_metrics, generate_tiles, tile_set_problems
from pnp.seed import py_rng


def one_round(seed: int) -> None:
    tiles = generate_tiles(py_rng(seed, "maze"))
    assert not tile_set_problems(tiles)
    for tile in tiles:
        for face in tile.faces:
            face_metrics(face.cells)
    board = session_board(seed, tiles=tiles)
    assert not board_problems(board)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    one_round(-1)  # warm up imports and caches
    times = []
    for seed in range(rounds):
        t0 = time.perf_counter()
        one_round(seed)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"tile set + session board, generated and validated, {rounds} seeds:")
    print(f"  median {statistics.median(times):.1f} ms, p95 {times[int(0.95 * (rounds - 1))]:.1f} ms,"
          f" max {times[-1]:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
