"""Junkyard Wars simulator speed: 4-player games per second on one core, and --jobs 2 vs --jobs 1.

Part 1 plays complete 4-player games of heuristic bots in this process (no stagger replay) through
the game interface's fast path (``simulate.play_record``) and reports games/s (best of the
repeats). With ``--baseline REV`` it also plays the same games with the simulator of git revision
REV (its rules.py, bots.py and simulate.py, loaded from git into a temporary package; e.g.
e2f91b4, the last one before the game interface), block by block in alternating order, checks
that both give the same results and prints the ratio of their CPU times: the before/after of a
change in one run, on one loaded machine.

Part 2 runs the `simulate` command's work (``pnp.sim.play.simulate``: every game replayed with the
stagger flipped, as the command does by default) with jobs=1 and jobs=2, alternating, ``repeats``
times each; it checks that every result is identical and reports the speed-up of the best runs.
Alternating and taking the best of each keeps a burst of other work on the shared machine from
landing on one side only; the load average and the share of the cores each run got are printed
so a loaded machine shows.

    python benchmarks/bench_jw_sim.py [games] [repeats] [--baseline REV]
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.simulate import play_record
from pnp.seed import child_seed
from pnp.sim.play import game_seed, simulate

REPO = Path(__file__).resolve().parents[1]
BLOCK = 100  # games per timed block of part 1


def cpu_seconds() -> float:
    """User + system CPU of this process and its finished workers."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def baseline(rev: str):
    """``play(seed) -> result tuple`` of the simulator of git revision ``rev``: the same games."""
    pkg = Path(tempfile.mkdtemp()) / "jw_baseline"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name in ("rules", "bots", "simulate"):
        text = subprocess.run(["git", "-C", str(REPO), "show",
                               f"{rev}:pnp/games/junkyard_wars/{name}.py"],
                              capture_output=True, text=True, check=True).stdout
        for other in ("rules", "bots", "simulate"):
            text = text.replace(f"pnp.games.junkyard_wars.{other}", f"jw_baseline.{other}")
        (pkg / f"{name}.py").write_text(text)
    sys.path.insert(0, str(pkg.parent))
    old = importlib.import_module("jw_baseline.simulate")
    from pnp.games.junkyard_wars.bag import load_bag
    from pnp.games.junkyard_wars.words import load_words

    ctx, _ = old.make_context("bench", 4, load_words(), load_bag().counts(),
                              compare_stagger=False)
    tb = old.tables_for(ctx.board)
    # The interface's game seed gives the rules their own stream: the old Game gets that stream.
    return lambda seed: old.play_game(ctx, tb, child_seed(seed, "rules"), True)


def part1(repeats: int, rev: str | None) -> None:
    setup = GAME.make_setup("bench", 4, ("heuristic",) * 4, {"compare_stagger": False})
    new: dict[str, list[float]] = {"wall": [], "cpu": []}
    old: dict[str, list[float]] = {"wall": [], "cpu": []}
    play_old = baseline(rev) if rev else None
    warm = [game_seed("warm-up", i) for i in range(20)]
    for s in warm:
        play_record(setup, s)
        if play_old:
            play_old(s)
    blocks = 10 * repeats  # 1,000 games a repeat, as before the game interface
    for b in range(blocks):
        seeds = [game_seed("bench", b * BLOCK + i) for i in range(BLOCK)]
        sides = [("new", new, lambda s: play_record(setup, s)[0])]
        if play_old:
            sides.append(("old", old, play_old))
            sides = sides[::-1] if b % 2 else sides
        results = {}
        for name, times, play in sides:
            w0, c0 = time.perf_counter(), time.process_time()
            results[name] = [play(s) for s in seeds]
            times["wall"].append(time.perf_counter() - w0)
            times["cpu"].append(time.process_time() - c0)
        if play_old and results["old"] != results["new"]:
            raise SystemExit("the baseline and this version play different games")

    def rates(times: dict[str, list[float]]) -> list[float]:
        per = len(times["wall"]) // repeats
        return [per * BLOCK / sum(times["wall"][k * per:(k + 1) * per]) for k in range(repeats)]

    r = rates(new)
    print(f"one core: {max(r):.0f} complete 4-player games/s (best of {repeats} x "
          f"{10 * BLOCK} games; all: {', '.join(f'{x:.0f}' for x in r)}; target >= 200)")
    if play_old:
        ro = rates(old)
        ratio = sum(old["cpu"]) / sum(new["cpu"])
        print(f"baseline {rev}: {max(ro):.0f} games/s (all: {', '.join(f'{x:.0f}' for x in ro)});"
              f" the same {blocks * BLOCK} games in alternating blocks: this version / baseline "
              f"= {ratio:.2f} by CPU time (> 1: faster), identical results")


def part2(games: int, repeats: int) -> None:
    setup = GAME.make_setup("bench", 4, ("heuristic",) * 4, {})
    best = {1: float("inf"), 2: float("inf")}
    docs: dict[int, list[str]] = {1: [], 2: []}
    for k in range(repeats):
        for jobs in (1, 2):
            load = os.getloadavg()[0]
            c0, t0 = cpu_seconds(), time.perf_counter()
            doc = simulate(GAME, setup, games, "bench", jobs=jobs)
            wall = time.perf_counter() - t0
            cpu = cpu_seconds() - c0
            docs[jobs].append(json.dumps(doc, sort_keys=True))
            best[jobs] = min(best[jobs], wall)
            print(f"run {k + 1} jobs={jobs}: {games} games (+ {games} stagger replays) in "
                  f"{wall:.2f} s = {2 * games / wall:.0f} games/s; {cpu:.2f} CPU-s, "
                  f"{cpu / wall:.2f} of {jobs} core(s) busy; load average before {load:.2f}")
    outputs = set(docs[1]) | set(docs[2])
    print(f"jobs=2 speed-up, best of {repeats} each: {best[1]:.2f} s / {best[2]:.2f} s = "
          f"{best[1] / best[2]:.2f}x (target >= 1.6x); identical results: {len(outputs) == 1}")
    print("(other work on the machine lowers the jobs=2 ratio: the 'cores busy' column shows "
          "how much of the cores each run got)")


def main() -> None:
    args = sys.argv[1:]
    rev = None
    if "--baseline" in args:
        k = args.index("--baseline")
        rev = args[k + 1]
        del args[k:k + 2]
    games = int(args[0]) if args else 5000
    repeats = int(args[1]) if len(args) > 1 else 3
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    part1(repeats, rev)
    part2(games, repeats)


if __name__ == "__main__":
    main()
