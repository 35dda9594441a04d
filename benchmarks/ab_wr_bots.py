"""Wreck and Ruin's heuristic player against another version of itself, in one process: the
same games alternately with this checkout's ``bots.py`` and another ``bots.py`` (loaded under
another name on this checkout's rules, so it must use the same rules API), CPU time summed.

Run: python benchmarks/ab_wr_bots.py OTHER_BOTS_PY [--warm 10] [--games 40] [--players 4]
Game by game in one interpreter, both versions see the same machine load (two processes on a
shared machine differ by 10-40% from run to run; here by a few per cent). ``--warm`` games are
played first by both (the map's tables fill as they are read). Prints each version's CPU time
and the speed-up of this one. Check that the games are the same with
``benchmarks/wr_fingerprint.py``.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("other", help="the other bots.py (e.g. from git archive COMMIT pnp)")
    parser.add_argument("--warm", type=int, default=10)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import game_seed, play

    spec = importlib.util.spec_from_file_location("other_bots", args.other)
    assert spec is not None and spec.loader is not None
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    specs = {"this": GAME, "other": dataclasses.replace(GAME, bots=other.BOTS)}
    setup = GAME.make_setup(args.seed, args.players, ("heuristic",) * args.players, {})
    for i in range(args.warm):
        for g in specs.values():
            play(g, setup, game_seed(args.seed, 100_000 + i))
    cpu = dict.fromkeys(specs, 0.0)
    for i in range(args.games):
        for name in ("this", "other") if i % 2 else ("other", "this"):
            t = time.process_time()
            play(specs[name], setup, game_seed(args.seed, i))
            cpu[name] += time.process_time() - t
    print(f"{args.games} games of {args.players} players: this {cpu['this']:.3f} s cpu, other "
          f"{cpu['other']:.3f} s; this is {cpu['other'] / cpu['this']:.3f}x as fast")


if __name__ == "__main__":
    main()
