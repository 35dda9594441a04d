"""Waste Knights simulator speed: 2,000 full games of 4 knights over 10 rounds, jobs 1 and 2.

Run: python benchmarks/bench_wk_sim.py [--games 2000] [--knights 4] [--rounds 10] [--jobs 2]
Prints the wall time of each run (target: under 10 s with --jobs 2), games per second, the
jobs=1 / jobs=N ratio, the cost of the debug switch (every action checked against
``legal_actions()``), and checks that the runs returned identical records.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from pnp.games.registry import get
from pnp.games.waste_knights.data import (
    default_catalogue,
    stalls_spaces,
    vehicle_capacities,
    vehicle_speeds,
    wasteland_deck,
)
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.simulate import tour_setup
from pnp.games.waste_knights.tour import build_tables
from pnp.sim.play import run_games


def timed(label: str, fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<34} {elapsed:7.3f} s")
    return elapsed, result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--knights", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    spec = get("waste-knights")
    board = session_board(args.seed, default_catalogue())
    # The whole game as `simulate` plays it: the Stalls and the vehicles' Capacity included.
    setup = tour_setup(board, vehicle_speeds(), args.knights, rounds=args.rounds,
                       deck=wasteland_deck(), stalls=stalls_spaces(),
                       capacities=vehicle_capacities())
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.games} games x {args.knights} knights x "
          f"{args.rounds} rounds, batches of 100")
    timed("route tables for one board", lambda: build_tables(board))
    t1, r1 = timed("jobs=1 (in-process)",
                   lambda: run_games(spec, setup, args.games, args.seed, jobs=1))
    tn, rn = timed(f"jobs={args.jobs} (processes)",
                   lambda: run_games(spec, setup, args.games, args.seed, jobs=args.jobs))
    assert r1 == rn, "records differ"
    small = max(1, args.games // 10)
    tc, rc = timed(f"{small} games, every action checked",
                   lambda: run_games(spec, setup, small, args.seed, jobs=1, check=True))
    assert rc == r1[:small], "the debug switch changed the games"
    print(f"games per second, jobs={args.jobs}: {args.games / tn:,.0f}")
    print(f"speed-up jobs={args.jobs} vs jobs=1: {t1 / tn:.2f}x")
    print(f"debug switch: {tc / small * args.games / t1:.1f}x the time of jobs=1")
    print(f"target 10 s for 2,000 games of 4 knights x 10 rounds: "
          f"{'met' if tn < 10 else 'MISSED'} ({tn:.2f} s)")


if __name__ == "__main__":
    main()
