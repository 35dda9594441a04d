"""A fingerprint of a game's simulated games: every action, record and final rules-stream state
of a few hundred games (each player count, heuristic, random and mixed line-ups, some options),
so a change made for speed can be shown to leave the games exactly as they were.

Run: python benchmarks/fingerprint.py GAME [--games 50] [--seed fingerprint] [--save FILE]
     [--compare FILE] [--check]
GAME is a registered game (junkyard-wars, waste-knights, waste-of-parts, salvage,
wreck-and-ruin). Prints one SHA-256 per line-up and one of them all; ``--save`` writes them as
JSON and ``--compare`` checks them against a saved file (exit 1 on any difference). Games are
played through the game interface (``pnp.sim.play.play``); a game with a fast path of its own
(``GameSpec.play_record``, what ``simulate`` runs) also gets line-ups of those records.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

#: (players, bots per seat, options) of each line-up, by game. A line-up whose options hold
#: ``"play_record": True`` hashes the records of the game's own fast path instead.
LINE_UPS: dict[str, tuple[tuple[int, str, dict[str, Any]], ...]] = {
    "wreck-and-ruin": (
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
    ),
    "junkyard-wars": (
        (4, "heuristic", {}),
        (4, "random", {}),
        (2, "heuristic", {}),
        (3, "heuristic", {}),
        (5, "heuristic", {}),
        (6, "heuristic", {}),
        (4, "heuristic,random,trader,heuristic", {}),
        (3, "trader", {}),
        (4, "heuristic", {"stagger": False, "hour_end": "share"}),
        (3, "heuristic", {"construction_zone": "tile", "minutes_per_turn": 2.0}),
        (4, "heuristic", {"play_record": True}),
        (2, "heuristic,random", {"play_record": True, "compare_stagger": False}),
    ),
    "waste-knights": (
        (4, "heuristic", {}),
        (4, "random", {}),
        (2, "heuristic", {}),
        (3, "heuristic", {}),
        (4, "heuristic,random,heuristic,random", {}),
        (2, "random,heuristic", {}),
        (4, "heuristic", {"vehicle": "strider,off-road,heavy-duty,strider"}),
        (3, "heuristic", {"rounds": 6, "vehicle": "heavy-duty"}),
    ),
    "waste-of-parts": (
        (4, "heuristic", {}),
        (4, "random", {}),
        (3, "heuristic", {}),
        (5, "heuristic", {}),
        (4, "heuristic,random,heuristic,random", {}),
        (4, "heuristic", {"events": True}),
        (3, "heuristic", {"boss": "harrow"}),
        (5, "heuristic", {"boss": "scourge", "events": True}),
        (4, "heuristic", {"play_record": True}),
        (3, "random,heuristic,heuristic", {"play_record": True, "boss": "harrow"}),
    ),
    "salvage": (
        (2, "heuristic", {}),
        (2, "random", {}),
        (2, "heuristic,random", {}),
        (2, "random,heuristic", {}),
        (2, "heuristic", {"nodes": 31}),
        (2, "heuristic", {"nodes": 13, "density": 0.8}),
        (2, "heuristic", {"rounds": 12, "density": 0.0}),
    ),
}


def fingerprint(game: str, players: int, bots: str, options: dict[str, Any], games: int,
                seed: str, check: bool = False) -> str:
    """The SHA-256 of ``games`` games of one line-up (actions, records, the rules' stream)."""
    from pnp.games.registry import get
    from pnp.sim.play import game_seed, play

    spec = get(game)
    options = dict(options)
    fast = options.pop("play_record", False)
    setup = spec.make_setup(seed, players, tuple(bots.split(",")) if "," in bots
                            else (bots,) * players, options)
    digest = hashlib.sha256()

    def note(player: int, action: Any, state: Any) -> None:
        digest.update(f"{player} {action}\n".encode())

    for i in range(games):
        if fast:
            assert spec.play_record is not None, f"{game} has no fast path"
            digest.update(repr(spec.play_record(setup, game_seed(seed, i))).encode())
            continue
        state = play(spec, setup, game_seed(seed, i), on_action=note, check=check)
        digest.update(repr(spec.record(state)).encode())
        digest.update(repr(state.rng.getstate()).encode())
    return digest.hexdigest()


def run(game: str, games: int, seed: str, check: bool = False, save: str | None = None,
        compare: str | None = None) -> None:
    """Print (and save or compare) the fingerprints of every line-up of ``game``."""
    out: dict[str, str] = {}
    for players, bots, options in LINE_UPS[game]:
        label = f"{players} {bots} {json.dumps(options, sort_keys=True)}"
        out[label] = fingerprint(game, players, bots, options, games, seed, check)
        print(f"{out[label][:16]}  {label}", flush=True)
    whole = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
    print(f"{whole[:16]}  all ({games} games a line-up, seed {seed})")
    if save:
        with open(save, "w") as f:
            json.dump({"games": games, "seed": seed, "lines": out}, f, indent=1)
    if compare:
        with open(compare) as f:
            saved = json.load(f)
        diff = [k for k in saved["lines"] if saved["lines"][k] != out.get(k)]
        print("identical" if not diff else "DIFFERENT: " + "; ".join(diff))
        if diff:
            sys.exit(1)


def main(game: str | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    if game is None:
        parser.add_argument("game", choices=sorted(LINE_UPS))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", default="fingerprint")
    parser.add_argument("--save", default=None)
    parser.add_argument("--compare", default=None)
    parser.add_argument("--check", action="store_true",
                        help="also check every action against the legal-action list")
    args = parser.parse_args()
    run(game or args.game, args.games, args.seed, args.check, args.save, args.compare)


if __name__ == "__main__":
    main()
