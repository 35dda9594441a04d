"""Wreck and Ruin simulator speed: complete 4-player games per CPU-second on one core (target:
200), and the odds commands' answer time (target: under 50 ms).

Run: python benchmarks/bench_wr_sim.py [--games 40] [--seed bench]. Plays each line-up
in-process (one core, jobs=1), game by game as ``pnp wreck-and-ruin simulate`` does
(``play.record_game``), and prints CPU-seconds, games per CPU-second and actions per game; then
times the exact odds (``odds.shoot_document`` and ``odds.ram_document``, cold caches). The load
average is printed: on a busy machine the wall time says little, the CPU time more.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

from pnp.games.wreck_and_ruin import GAME, dice
from pnp.games.wreck_and_ruin.odds import ram_document, shoot_document
from pnp.sim.play import game_seed, play, record_game

TARGET = 200


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    n, seed = args.games, args.seed
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {n} games")
    rates = {}
    for players, bots in ((4, "heuristic"), (4, "random"), (2, "heuristic")):
        names = (bots,) * players
        setup = GAME.make_setup(seed, players, names, {})
        record_game(GAME, setup, game_seed(seed, 0))        # warm the odds caches
        count = 0

        def note(*_: Any) -> None:
            nonlocal count
            count += 1

        cpu = time.process_time()
        for i in range(n):
            play(GAME, setup, game_seed(seed, i), on_action=note)
        cpu = time.process_time() - cpu
        label = f"{players} players, {bots}"
        rates[label] = n / cpu
        print(f"{label:<26} {cpu:7.2f} s cpu {n / cpu:8.1f} games/cpu-s "
              f"{count / n:6.1f} actions/game")
    for name, fn in (("odds shoot --dice 3 --armour 4 --rear",
                      lambda: shoot_document(3, 4, rear=True)),
                     ("odds ram --attacker wrecker --target big-rig",
                      lambda: ram_document("wrecker", "big-rig"))):
        dice.pool.cache_clear()
        t = time.perf_counter()
        fn()
        print(f"{name:<46} {(time.perf_counter() - t) * 1000:7.1f} ms")
    rate = rates["4 players, heuristic"]
    print(f"target {TARGET} heuristic 4-player games per cpu-second: "
          f"{'met' if rate >= TARGET else 'MISSED'} ({rate:,.1f})")


if __name__ == "__main__":
    main()
