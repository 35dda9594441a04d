"""The Waste of Parts rules simulator speed: complete 4-crew games per CPU-second, one core.

Run: python benchmarks/bench_wop_sim.py [--games 500] [--seed bench]. Plays heuristic and random
crews in-process (jobs=1), game by game as ``pnp waste-of-parts simulate`` does
(``play.record_game``), and prints CPU and wall seconds, games per CPU-second and actions per
game. The issue's target is 200 heuristic games a second.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from pnp.games.waste_of_parts import GAME
from pnp.sim.play import game_seed, play


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--crew", type=int, default=4)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {args.games} "
          f"games of {args.crew} crew, seed {args.seed!r}")
    for bots in ("heuristic", "random"):
        setup = GAME.make_setup(args.seed, args.crew, (bots,) * args.crew, {})
        actions = 0

        def count(player: int, action: object, state: object) -> None:
            nonlocal actions
            actions += 1

        cpu, wall = time.process_time(), time.perf_counter()
        for i in range(args.games):
            play(GAME, setup, game_seed(args.seed, i), on_action=count)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{bots:<10} {cpu:7.2f} s cpu {wall:7.2f} s wall {args.games / cpu:7.1f} "
              f"games/cpu-s  {actions / args.games:6.0f} actions/game")


if __name__ == "__main__":
    main()
