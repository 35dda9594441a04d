"""The Waste of Parts rules simulator speed: complete 4-crew games per CPU-second, one core.

Run: python benchmarks/bench_wop_sim.py [--games 500] [--seed bench] [--rounds 3]
     [--against DIR]
Plays heuristic and random crews in-process (jobs=1), game by game as ``pnp waste-of-parts
simulate`` does (``play.record_game``), and prints CPU and wall seconds, games per CPU-second
and actions per game; each of ``--rounds`` runs, then the range. With ``--against DIR`` (a
checkout of another version, e.g. ``git archive <commit> pnp cardsets | tar -x -C DIR``) the
same games are timed there too, runs interleaved so both see the same machine load, and the
ratio of the two is printed. The issue's target is 200 heuristic games a CPU-second. The
machine is shared: the load average is printed with every run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from checkout import in_checkout, use_other_checkout  # noqa: E402


def one_run(games: int, seed: str, crew: int, bots: str) -> dict[str, float]:
    """Games per CPU-second of ``games`` games with the ``pnp`` this interpreter imports."""
    use_other_checkout()
    from pnp.games.waste_of_parts import GAME
    from pnp.sim.play import game_seed, play, record_game

    setup = GAME.make_setup(seed, crew, (bots,) * crew, {})
    record_game(GAME, setup, game_seed(seed, games))  # warm: imports and caches
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        record_game(GAME, setup, game_seed(seed, i))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    actions = 0

    def count(player: int, action: object, state: object) -> None:
        nonlocal actions
        actions += 1

    for i in range(min(games, 50)):  # actions per game, untimed
        play(GAME, setup, game_seed(seed, i), on_action=count)
    return {"cpu": cpu, "wall": wall, "rate": games / cpu, "actions": actions / min(games, 50),
            "load": os.getloadavg()[0]}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        games, seed, crew, bots = sys.argv[2:6]
        print(json.dumps(one_run(int(games), seed, int(crew), bots)))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--crew", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", default=None,
                        help="a checkout of another version to time in the same run")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; {args.games} games of {args.crew} crew, seed "
          f"{args.seed!r}, {args.rounds} runs")
    for bots in ("heuristic", "random"):
        rates: dict[str, list[float]] = {"this": [], "against": []}
        for _ in range(args.rounds):
            for which, path in (("this", None), ("against", args.against)):
                if which == "against" and not args.against:
                    continue
                r = in_checkout(HERE, path, [str(args.games), args.seed, str(args.crew), bots])
                rates[which].append(r["rate"])
                print(f"{bots:<10} {which:<8} {r['cpu']:7.2f} s cpu {r['wall']:7.2f} s wall "
                      f"{r['rate']:7.1f} games/cpu-s {r['actions']:6.0f} actions/game  "
                      f"load {r['load']:.1f}")
        mine = rates["this"]
        line = f"{bots}: {min(mine):.0f}-{max(mine):.0f} games/cpu-s"
        if rates["against"]:
            theirs = rates["against"]
            ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
            line += (f"; against {args.against}: {min(theirs):.0f}-{max(theirs):.0f}, ratio "
                     f"{min(ratios):.2f}-{max(ratios):.2f}x")
        print(line)


if __name__ == "__main__":
    main()
