"""Monte Carlo runner speed-up: the same 5,000-game toy run on 1 process, 2 processes and dask.

Run: python benchmarks/bench_runner.py [--games 5000] [--work 2000] [--dask]
Prints the wall time of each executor and the jobs=1 / jobs=N ratio, and checks that every
executor returned identical results.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import time

from pnp.seed import py_rng
from pnp.sim.runner import Batch, run


def toy_game(batch: Batch, work: int) -> list[int]:
    """A CPU-heavy stand-in for a game: ``work`` random draws per game, pure Python."""
    rng = py_rng(batch.seed)
    out = []
    for _ in range(batch.count):
        score = 0
        for _ in range(work):
            score += rng.random() < 0.5
        out.append(score)
    return out


def timed(label: str, fn, repeat: int):
    """Best of ``repeat`` wall times (the least disturbed by other load on the machine)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    print(f"{label:<28} {min(times):7.3f} s (best of {repeat})")
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--work", type=int, default=2000, help="random draws per game")
    parser.add_argument("--batch-size", type=int, default=250)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="runs per executor (best kept)")
    parser.add_argument("--dask", action="store_true", help="also time a 2-worker LocalCluster")
    args = parser.parse_args()
    task = functools.partial(toy_game, work=args.work)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.games} games x {args.work} draws, "
          f"batches of {args.batch_size}; load average {os.getloadavg()[0]:.2f}")
    common = dict(games=args.games, seed="bench", batch_size=args.batch_size)
    t1, r1 = timed("jobs=1 (in-process)", lambda: run(task, jobs=1, **common),
                    args.repeat)
    tn, rn = timed(f"jobs={args.jobs} (processes)", lambda: run(task, jobs=args.jobs, **common),
                    args.repeat)
    assert r1 == rn, "results differ between executors"
    print(f"speed-up jobs={args.jobs} vs jobs=1: {t1 / tn:.2f}x")
    if args.dask:
        from distributed import LocalCluster
        with LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            td, rd = timed(f"dask LocalCluster x{args.jobs}",
                           lambda: run(task, scheduler=cluster.scheduler_address, **common),
                           args.repeat)
        assert r1 == rd, "results differ between executors"
        print(f"speed-up dask x{args.jobs} vs jobs=1: {t1 / td:.2f}x (includes connecting)")


if __name__ == "__main__":
    main()
