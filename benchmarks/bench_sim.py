"""Any registered game's simulator speed: whole games per CPU-second on one core, and the most
a faster bot could give (the same games with every decision free).

Run: python benchmarks/bench_sim.py GAME [--players N] [--bots heuristic] [--games 300]
     [--rounds 3] [--options JSON] [--against DIR] [--ceiling]
Plays the games as ``pnp GAME simulate`` does (``play.record_game``, jobs=1) in a fresh
interpreter per run. With ``--against DIR`` (a checkout of another version, e.g. ``git archive
<commit> pnp cardsets | tar -x -C DIR``) each run is followed by the same games there, so both
see the same machine load, and the ratios are printed. ``--ceiling`` also replays each game's
recorded actions through ``State.apply`` alone, game by game after playing it again: the
rules' and set-up's share of a game, so the bot's share, and the most (Amdahl) a bot that cost
nothing would give (Junkyard Wars replays each game with the stagger flipped unless
``--options '{"compare_stagger": false}'``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(HERE))
from checkout import in_checkout, use_other_checkout  # noqa: E402


def one_run(game: str, players: int, bots: str, games: int, seed: str, options: str,
            ceiling: bool) -> dict[str, float]:
    """Games per CPU-second of ``games`` games with the ``pnp`` this interpreter imports."""
    use_other_checkout()
    from pnp.games.registry import get
    from pnp.sim.play import bot_names, game_seed, new_game, play, record_game

    spec = get(game)
    setup = spec.make_setup(seed, players, bot_names(spec, players, bots),
                            json.loads(options))
    record_game(spec, setup, game_seed(seed, games))  # warm: imports, caches, compiled code
    cpu = time.process_time()
    for i in range(games):
        record_game(spec, setup, game_seed(seed, i))
    cpu = time.process_time() - cpu
    out = {"cpu": cpu, "rate": games / cpu, "load": os.getloadavg()[0]}
    if ceiling:
        logs = []
        for i in range(games):
            logs.append([])
            play(spec, setup, game_seed(seed, i), on_action=lambda p, a, s: logs[-1].append(a))
        whole = rules = start = 0.0
        for i, actions in enumerate(logs):  # game by game: a change of machine load hits both
            t0 = time.process_time()
            record_game(spec, setup, game_seed(seed, i))
            t1 = time.process_time()
            state, _, _ = new_game(spec, setup, game_seed(seed, i))
            t2 = time.process_time()
            for action in actions:
                state.apply(action)
            rules += time.process_time() - t2
            start += t2 - t1
            whole += t1 - t0
        out.update(setup_share=start / whole, rules_share=rules / whole,
                   ceiling=whole / (start + rules))
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        game, players, bots, games, seed, options, ceiling = sys.argv[2:9]
        print(json.dumps(one_run(game, int(players), bots, int(games), seed, options,
                                 ceiling == "1")))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--options", default="{}", help="the game's options, as JSON")
    parser.add_argument("--against", default=None)
    parser.add_argument("--ceiling", action="store_true")
    args = parser.parse_args()
    from pnp.games.registry import get

    players = args.players or get(args.game).default_players
    print(f"{os.cpu_count()} cores; {args.game}, {args.games} games of {players} players "
          f"({args.bots}), options {args.options}, seed {args.seed!r}, {args.rounds} runs")
    rates: dict[str, list[float]] = {"this": [], "against": []}
    for _ in range(args.rounds):
        for which, path in (("this", None), ("against", args.against)):
            if which == "against" and not path:
                continue
            r = in_checkout(HERE, path, [args.game, str(players), args.bots, str(args.games),
                                         args.seed, args.options,
                                         "1" if args.ceiling else "0"])
            rates[which].append(r["rate"])
            line = f"{which:<8} {r['cpu']:7.2f} s cpu {r['rate']:8.1f} games/cpu-s"
            if "ceiling" in r:
                line += (f"  set-up {r['setup_share']:.0%}, rules {r['rules_share']:.0%}, bot "
                         f"and loop {1 - r['setup_share'] - r['rules_share']:.0%}: free "
                         f"decisions {r['ceiling']:.2f}x")
            print(f"{line}  load {r['load']:.1f}", flush=True)
    mine = rates["this"]
    line = (f"{args.game}: {min(mine):.0f} / {statistics.median(mine):.0f} games/cpu-s "
            f"(min / median)")
    if rates["against"]:
        theirs = rates["against"]
        ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
        line += (f"; against {args.against}: {min(theirs):.0f} / {statistics.median(theirs):.0f}"
                 f", ratio {min(ratios):.2f}-{max(ratios):.2f}x")
    print(line)


if __name__ == "__main__":
    main()
