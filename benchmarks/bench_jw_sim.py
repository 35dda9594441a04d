"""Junkyard Wars simulator speed: 4-player games per second on one core, and --jobs 2 vs --jobs 1.

Part 1 plays complete 4-player games of heuristic bots in this process (no stagger replay) and
reports games/s. Part 2 runs the `simulate` command's work (5,000 games, each replayed with the
stagger flipped, as the command does by default) with jobs=1 and jobs=2 in the same run, checks
that the results are identical and reports the speed-up.

    python benchmarks/bench_jw_sim.py [games]
"""

from __future__ import annotations

import json
import os
import sys
import time

from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.simulate import batch_task, make_context, simulate, tables_for
from pnp.games.junkyard_wars.words import load_words
from pnp.sim.runner import Batch


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    bag, words = load_bag().counts(), load_words()
    ctx, _ = make_context("bench", 4, words, bag, compare_stagger=False)
    tables_for(ctx.board)
    batch_task(ctx, Batch(0, 1, 0, 20))  # warm up
    n = 1000
    t0 = time.perf_counter()
    batch_task(ctx, Batch(0, 2, 0, n))
    single = n / (time.perf_counter() - t0)
    print(f"one core: {single:.0f} complete 4-player games/s ({n} games, target >= 200)")

    times, docs = {}, {}
    for jobs in (1, 2):
        c0 = os.times()
        t0 = time.perf_counter()
        docs[jobs] = simulate("bench", 4, games, words, bag, jobs=jobs)
        times[jobs] = time.perf_counter() - t0
        c1 = os.times()
        cpu = sum(c1[:4]) - sum(c0[:4])  # user + system, this process and its workers
        plays = 2 * games
        print(f"jobs={jobs}: {games} games (+ {games} stagger replays) in {times[jobs]:.2f} s "
              f"= {plays / times[jobs]:.0f} games/s; {cpu:.2f} CPU-s "
              f"({cpu / times[jobs]:.2f} cores busy on average)")
    same = json.dumps(docs[1], sort_keys=True) == json.dumps(docs[2], sort_keys=True)
    print(f"jobs=2 speed-up: {times[1] / times[2]:.2f}x (target >= 1.6x); identical results: {same}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other work on "
          "the machine lowers the jobs=2 ratio: the CPU-s column shows how much of 2 cores it got)")


if __name__ == "__main__":
    main()
