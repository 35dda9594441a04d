"""MCTS cost per move on Pig (tests/games/pig_game.py) at 50, 200 and 1000 iterations.

Run: python benchmarks/bench_mcts.py [--positions 20] [--iterations 50 200 1000]
Times ``MCTSBot.choose`` (random rollouts) over the same positions of seeded games between two
HoldAt20 bots, at turn totals 0, 8 and 16, and prints ms per move and per iteration.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

from pnp.sim.mcts import MCTSBot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "games"))
import pig_game  # noqa: E402  (the example game lives with the tests)


def positions(count: int) -> list[pig_game.PigState]:
    """``count`` positions where a player must choose, from seeded HoldAt20 games."""
    found: list[pig_game.PigState] = []
    bot, seed = pig_game.HoldAt20(), 0
    while len(found) < count:
        state = pig_game.PigState(2, random.Random(seed))
        while not state.is_over() and len(found) < count:
            if state.turn_total in (0, 8, 16):  # the start, middle and end of a turn
                found.append(state.clone())
            state.apply(bot.choose(state, random.Random(0)))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, nargs="+", default=[50, 200, 1000])
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.positions} Pig positions; load average "
          f"{os.getloadavg()[0]:.2f}")
    states = positions(args.positions)
    for iterations in args.iterations:
        bot = MCTSBot(iterations)
        start = time.perf_counter()
        for k, state in enumerate(states):
            bot.choose(state, random.Random(k))
        per_move = (time.perf_counter() - start) / len(states)
        print(f"{iterations:>6} iterations: {per_move * 1e3:8.1f} ms per move, "
              f"{per_move / iterations * 1e6:6.1f} us per iteration")


if __name__ == "__main__":
    main()
