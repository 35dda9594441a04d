"""Wreck and Ruin simulator speed: complete 4-player games per CPU-second on one core (target:
200), and the odds commands' answer time (target: under 50 ms).

Run: python benchmarks/bench_wr_sim.py [--games 40] [--seed bench] [--rounds 1]
     [--against DIR]
Plays each line-up in-process (one core, jobs=1), game by game as ``pnp wreck-and-ruin
simulate`` does, and prints CPU-seconds, games per CPU-second and actions per game; then times
the exact odds (``odds.shoot_document`` and ``odds.ram_document``, cold caches, the best of 5
CPU times). With ``--against DIR`` (a checkout of another version, e.g. ``git archive <commit>
| tar -x -C DIR``) the same games are timed there too, each line-up run alternately in both
(fresh interpreters) so both see the same machine load, and the ratio is printed. The load
average is printed: on a busy machine the wall time says little, the CPU time more.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from checkout import in_checkout, use_other_checkout  # noqa: E402

TARGET = 200
LINE_UPS = ((4, "heuristic"), (4, "random"), (2, "heuristic"))


def one_run(players: int, bots: str, games: int, seed: str) -> dict[str, float]:
    """Games per CPU-second of one line-up with the ``pnp`` this interpreter imports."""
    use_other_checkout()
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import game_seed, play, record_game

    setup = GAME.make_setup(seed, players, (bots,) * players, {})
    record_game(GAME, setup, game_seed(seed, games))        # warm: imports and odds caches
    count = 0

    def note(*_: Any) -> None:
        nonlocal count
        count += 1

    cpu = time.process_time()
    for i in range(games):
        play(GAME, setup, game_seed(seed, i), on_action=note)
    cpu = time.process_time() - cpu
    return {"cpu": cpu, "rate": games / cpu, "actions": count / games,
            "load": os.getloadavg()[0]}


def odds_times() -> None:
    from pnp.games.wreck_and_ruin import dice
    from pnp.games.wreck_and_ruin.odds import ram_document, shoot_document

    for name, fn in (("odds shoot --dice 3 --armour 4 --rear",
                      lambda: shoot_document(3, 4, rear=True)),
                     ("odds ram --attacker wrecker --target big-rig",
                      lambda: ram_document("wrecker", "big-rig"))):
        best = float("inf")
        for _ in range(5):          # the best of 5 CPU times: the machine is shared
            dice.pool.cache_clear()
            t = time.process_time()
            fn()
            best = min(best, time.process_time() - t)
        print(f"{name:<46} {best * 1000:7.1f} ms cpu (best of 5)")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        players, bots, games, seed = sys.argv[2:6]
        print(json.dumps(one_run(int(players), bots, int(games), seed)))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--against", default=None,
                        help="a checkout of another version to time in the same run")
    args = parser.parse_args()
    n, seed = args.games, args.seed
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {n} games, "
          f"{args.rounds} run(s)")
    best: dict[str, float] = {}
    for players, bots in LINE_UPS:
        label = f"{players} players, {bots}"
        rates: dict[str, list[float]] = {"this": [], "against": []}
        for _ in range(args.rounds):
            for which, path in (("this", None), ("against", args.against)):
                if which == "against" and not path:
                    continue
                r = in_checkout(HERE, path, [str(players), bots, str(n), seed])
                rates[which].append(r["rate"])
                print(f"{label:<22} {which:<8} {r['cpu']:7.2f} s cpu {r['rate']:8.1f} "
                      f"games/cpu-s {r['actions']:6.1f} actions/game  load {r['load']:.1f}")
        mine = rates["this"]
        best[label] = max(mine)
        if rates["against"]:
            theirs = rates["against"]
            ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
            print(f"{label}: {min(mine):.1f}-{max(mine):.1f} games/cpu-s; against "
                  f"{args.against}: {min(theirs):.1f}-{max(theirs):.1f}, ratio "
                  f"{min(ratios):.2f}-{max(ratios):.2f}x")
    odds_times()
    rate = best["4 players, heuristic"]
    print(f"target {TARGET} heuristic 4-player games per cpu-second: "
          f"{'met' if rate >= TARGET else 'MISSED'} ({rate:,.1f})")


if __name__ == "__main__":
    main()
