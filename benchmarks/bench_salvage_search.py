"""Salvage search players: the cost of a move at each strength, and of a whole game.

Run: python benchmarks/bench_salvage_search.py [--positions 40] [--seed bench] [--games 2]
Collects positions from seeded heuristic-vs-heuristic games on the seed's field (every position
where a search player has more than one candidate), times ``choose`` of search-quick, search and
search-deep on each (CPU time, one core), and plays ``--games`` whole games of each strength
against the heuristic player. Prints ms per move (mean and 95th percentile) and seconds per game.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from pnp.games.salvage import GAME, SEARCH
from pnp.games.salvage.bots import HeuristicBot, search_candidates
from pnp.sim.play import game_seed, new_game, play


def positions(setup: object, count: int, seed: str) -> list[object]:
    """``count`` positions with a choice to make, spread over seeded heuristic games."""
    found, bot, k = [], HeuristicBot(), 0
    while len(found) < count:
        state, _, rng = new_game(GAME, setup, game_seed(seed, k))
        step = 0
        while not state.is_over() and len(found) < count:
            if step % 7 == 3 and len(search_candidates(state, bot.choose(state, rng))) > 1:
                found.append(state.clone())
            state.apply(bot.choose(state, rng))
            step += 1
        k += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    setup = GAME.make_setup(args.seed, 2, ("heuristic", "heuristic"), {})
    states = positions(setup, args.positions, args.seed)
    for name, factory in SEARCH.items():
        bot = factory(setup, 0)
        times = []
        for k, state in enumerate(states):
            cpu = time.process_time()
            bot.choose(state, random.Random(k))
            times.append(time.process_time() - cpu)
        times.sort()
        mean = sum(times) / len(times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        game_setup = GAME.make_setup(args.seed, 2, (name, "heuristic"), {})
        cpu = time.process_time()
        for i in range(args.games):
            play(GAME, game_setup, game_seed(args.seed, 1000 + i))
        per_game = (time.process_time() - cpu) / max(1, args.games)
        print(f"{name:<13} {bot.samples:>3} playouts a candidate: {mean * 1e3:7.1f} ms a move "
              f"(95th percentile {p95 * 1e3:6.1f} ms), {per_game:5.1f} s a game against the "
              f"heuristic")


if __name__ == "__main__":
    main()
