"""Wreck and Ruin simulator speed: complete 4-player games per CPU-second on one core (target:
200), and the odds commands' answer time (target: under 50 ms).

Run: python benchmarks/bench_wr_sim.py [--games 40] [--seed bench] [--rounds 3]
     [--against DIR]
Plays each line-up in this interpreter (one core, as ``pnp wreck-and-ruin simulate --jobs
1``), after one warm game (imports, numba's compiled kernels, the map's tables), and prints
CPU-seconds, games per CPU-second and actions per game, the min and median over the rounds;
then times the exact odds (``odds.shoot_document`` and ``odds.ram_document``, cold caches, the
best of 5 CPU times). With ``--against DIR`` (a checkout of another version, e.g. ``git
worktree add DIR COMMIT``) that version's ``pnp`` is loaded in the same interpreter under
another name and plays the same games, game by game alternately with this one (each first
every other game), so both see the same machine load (two processes side by side on a shared
machine differ by 10-40%); the ratio of the CPU times is printed per round. The load average is printed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

TARGET = 200
LINE_UPS = ((4, "heuristic"), (4, "random"), (2, "heuristic"))


def renamed_copy(checkout: str, name: str = "pnp_against") -> str:
    """A temporary folder holding ``checkout``'s ``pnp`` as package ``name`` (its imports
    rewritten) beside links to its ``cardsets`` and ``templates``; the folder."""
    tmp = tempfile.mkdtemp(prefix="bench_wr_")
    shutil.copytree(os.path.join(checkout, "pnp"), os.path.join(tmp, name),
                    ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("cardsets", "templates"):
        os.symlink(os.path.abspath(os.path.join(checkout, folder)), os.path.join(tmp, folder))
    for root, _, files in os.walk(os.path.join(tmp, name)):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(root, f)
                with open(path) as fh:
                    text = fh.read()
                with open(path, "w") as fh:
                    fh.write(re.sub(r"\bpnp(?=[. ])", name, text))
    return tmp


class Version:
    """One version of pnp's Wreck and Ruin, playing the games of a line-up."""

    def __init__(self, package: str, players: int, bots: str, seed: str) -> None:
        self.game = importlib.import_module(f"{package}.games.wreck_and_ruin").GAME
        self.sim = importlib.import_module(f"{package}.sim.play")
        self.setup = self.game.make_setup(seed, players, (bots,) * players, {})
        self.seed = seed
        self.cpu = 0.0
        self.actions = 0
        self.play(10_000)           # warm
        self.cpu = 0.0
        self.actions = 0

    def play(self, i: int) -> None:
        def note(*_: Any) -> None:
            self.actions += 1

        t = time.process_time()
        self.sim.play(self.game, self.setup, self.sim.game_seed(self.seed, i), on_action=note)
        self.cpu += time.process_time() - t


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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", default=None,
                        help="a checkout of another version to time in the same run")
    args = parser.parse_args()
    n, seed = args.games, args.seed
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {n} games, "
          f"{args.rounds} round(s)")
    if args.against:
        sys.path.insert(0, renamed_copy(args.against))
    best = 0.0
    for players, bots in LINE_UPS:
        label = f"{players} players, {bots}"
        rates: dict[str, list[float]] = {"this": [], "against": []}
        for _ in range(args.rounds):
            versions = {"this": Version("pnp", players, bots, seed)}
            if args.against:
                versions["against"] = Version("pnp_against", players, bots, seed)
            order = list(versions.values())
            for i in range(n):
                # each plays first every other game, so neither gains from the other's warm-up
                for v in order if i % 2 == 0 else order[::-1]:
                    v.play(i)
            line = f"{label:<22}"
            for which, v in versions.items():
                rates[which].append(n / v.cpu)
                line += f" {which} {v.cpu:6.2f} s cpu {n / v.cpu:7.1f} games/cpu-s"
            if args.against:
                line += f" ratio {versions['against'].cpu / versions['this'].cpu:.2f}x"
            print(f"{line}  {versions['this'].actions / n:.1f} actions/game  "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
        mine = rates["this"]
        summary = f"{label}: min {min(mine):.1f} median {statistics.median(mine):.1f}"
        if args.against:
            theirs = rates["against"]
            ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
            summary += (f"; {args.against}: min {min(theirs):.1f} median "
                        f"{statistics.median(theirs):.1f}; ratio {min(ratios):.2f}-"
                        f"{max(ratios):.2f}x (median {statistics.median(ratios):.2f}x)")
        print(summary)
        if (players, bots) == (4, "heuristic"):
            best = statistics.median(mine)
    odds_times()
    print(f"target {TARGET} heuristic 4-player games per cpu-second (median): "
          f"{'met' if best >= TARGET else 'MISSED'} ({best:,.1f})")


if __name__ == "__main__":
    main()
