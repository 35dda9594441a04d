"""A fingerprint of Wreck and Ruin games: every action, record and final dice state of a few
hundred games (2, 3 and 4 players, heuristic, random and mixed line-ups, some variants), so a
change made for speed can be shown to leave the games exactly as they were.

Run: python benchmarks/wr_fingerprint.py [--games 50] [--seed fingerprint] [--save FILE]
     [--compare FILE]
Prints one SHA-256 per line-up and one of them all; ``--save`` writes them as JSON and
``--compare`` checks them against a saved file (exit 1 on any difference).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

#: (players, bots per seat, options) of each line-up.
LINE_UPS: tuple[tuple[int, str, dict[str, Any]], ...] = (
    (4, "heuristic", {}),
    (4, "random", {}),
    (2, "heuristic", {}),
    (2, "random", {}),
    (3, "heuristic", {}),
    (4, "heuristic,random,heuristic,random", {}),
    (2, "random,heuristic", {}),
    (4, "heuristic", {"teams": True, "unpredictable": True}),
    (2, "heuristic", {"arcade": True, "card_shark": True, "all_out_war": True}),
    (3, "heuristic", {"knowledge_is_power": True, "last_man_standing": True}),
)


def fingerprint(players: int, bots: str, options: dict[str, Any], games: int, seed: str,
                check: bool = False) -> str:
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import game_seed, play

    setup = GAME.make_setup(seed, players, tuple(bots.split(",")) if "," in bots
                            else (bots,) * players, options)
    digest = hashlib.sha256()

    def note(player: int, action: Any, state: Any) -> None:
        digest.update(f"{player} {action}\n".encode())

    for i in range(games):
        state = play(GAME, setup, game_seed(seed, i), on_action=note, check=check)
        digest.update(repr(GAME.record(state)).encode())
        digest.update(repr(state.rng.getstate()).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="fingerprint")
    parser.add_argument("--save", default=None)
    parser.add_argument("--compare", default=None)
    parser.add_argument("--check", action="store_true",
                        help="also check every action against the legal-action list")
    args = parser.parse_args()
    out: dict[str, str] = {}
    for players, bots, options in LINE_UPS:
        label = f"{players} {bots} {json.dumps(options, sort_keys=True)}"
        out[label] = fingerprint(players, bots, options, args.games, args.seed, args.check)
        print(f"{out[label][:16]}  {label}", flush=True)
    whole = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
    print(f"{whole[:16]}  all ({args.games} games a line-up, seed {args.seed})")
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"games": args.games, "seed": args.seed, "lines": out}, f, indent=1)
    if args.compare:
        with open(args.compare) as f:
            saved = json.load(f)
        diff = [k for k in saved["lines"] if saved["lines"][k] != out.get(k)]
        print("identical" if not diff else "DIFFERENT: " + "; ".join(diff))
        if diff:
            sys.exit(1)


if __name__ == "__main__":
    main()
