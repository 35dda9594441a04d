"""Where Wreck and Ruin's simulator spends its time: a sampling profile of whole games.

Run: python benchmarks/sample_wr_sim.py [--games 200] [--players 4] [--bots heuristic]
Plays one warm game, then ``--games`` games with a CPU-time timer signal (``ITIMER_PROF``) that
reads the Python stack: each function's share of the samples that were in it (inclusive) and
at the top (itself). Unlike cProfile it adds no cost per call, so many small calls are not
inflated; the signal lands when the interpreter next checks (a call or a loop), so a share is
good to a few per cent.
"""

from __future__ import annotations

import argparse
import collections
import signal
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import game_seed, play

    setup = GAME.make_setup(args.seed, args.players, (args.bots,) * args.players, {})
    play(GAME, setup, game_seed(args.seed, args.games))      # warm: imports, odds caches
    inclusive: collections.Counter[str] = collections.Counter()
    itself: collections.Counter[str] = collections.Counter()
    total = 0

    def sample(_sig: int, frame: Any) -> None:
        nonlocal total
        total += 1
        seen = set()
        top = True
        while frame is not None:
            name = f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
            if top:
                itself[name] += 1
                top = False
            if name not in seen:
                inclusive[name] += 1
                seen.add(name)
            frame = frame.f_back

    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
    for i in range(args.games):
        play(GAME, setup, game_seed(args.seed, i))
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    print(f"{total} samples of {args.games} games")
    for title, counts in (("inclusive", inclusive), ("itself", itself)):
        print(f"-- {title}")
        for name, n in counts.most_common(args.top):
            print(f"{100 * n / max(1, total):5.1f}%  {name}")


if __name__ == "__main__":
    main()
