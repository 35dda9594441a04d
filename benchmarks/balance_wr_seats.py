"""Wreck and Ruin seat balance over many maps: each seat's win share per player count, pooled
over ``--maps`` session maps (``map0``, ``map1``, ... as seeds) of ``--games`` heuristic games
each, with 95% intervals, and the spread of seat 1's share between maps.

Not a timing script: a measurement kept beside them so the numbers in docs/wreck-and-ruin.md
can be reproduced. Run: python benchmarks/balance_wr_seats.py [--maps 16] [--games 50]
[--jobs 2] [--rules FILE]. One map per run of ``simulate`` mixes the map's own pull with the
seats'; pooling many maps leaves the turn order's.
"""

from __future__ import annotations

import argparse
import dataclasses

from pnp.games.wreck_and_ruin import GAME
from pnp.sim.play import run_games
from pnp.sim.stats import proportion_ci


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--maps", type=int, default=16)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--rules", default=None, help="a rules.yaml to try (e.g. other AP)")
    parser.add_argument("--first-turn-bonus", default=None,
                        help="player 1's first-turn AP change for 2,3,4 players, e.g. -1,1,1 "
                             "(an experiment: the rulebook's is 0,1,1)")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        wins = [0.0] * players
        n = tie = 0
        firsts = []
        for m in range(args.maps):
            setup = GAME.make_setup(f"map{m}", players, ("heuristic",) * players,
                                    {"rules": args.rules})
            if args.first_turn_bonus:
                bonus = tuple(int(x) for x in args.first_turn_bonus.split(","))
                setup = dataclasses.replace(setup, config=dataclasses.replace(
                    setup.config, first_turn_bonus=bonus))
            recs = run_games(GAME, setup, args.games, f"map{m}", jobs=args.jobs)
            first = 0.0
            for r in recs:
                for s in r.winners:
                    wins[s] += 1 / len(r.winners)
                first += 1 / len(r.winners) if 0 in r.winners else 0.0
                tie += r.tie_break
            n += len(recs)
            firsts.append(first / len(recs))
        print(f"{players} players: {args.maps} maps x {args.games} games")
        for s in range(players):
            e = proportion_ci(round(wins[s]), n)
            print(f"  seat {s + 1} wins {e.value:.3f} [{e.low:.3f}, {e.high:.3f}]")
        print(f"  tie-break decides {tie / n:.3f}; seat 1's share per map "
              f"{min(firsts):.2f}-{max(firsts):.2f}")


if __name__ == "__main__":
    main()
