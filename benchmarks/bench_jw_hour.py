"""Junkyard Wars simulator speed against an earlier revision, in one run (CPU-time ratios).

The package ``pnp/games/junkyard_wars/`` of git revision REV (default ``b3d153c``: before the
end-of-hour tests, ``--construction-zone`` and ``--boards``) is loaded from git into a temporary
package beside this version; both play the same complete 4-player games of heuristic bots (no
stagger replay) in alternating blocks of 100, in one process:

- ``old``: the revision;
- ``share``: this version with ``--hour-end share`` (the old ending): its games must be the
  old games exactly (checked), so the ratio is the cost of the code alone;
- ``test``: this version as it runs by default (the rulebook's end-of-hour tests);
- ``tile``: this version with ``--construction-zone tile``.

It prints games/s of each side and each side's CPU time over the old one's (> 1: slower).

    python benchmarks/bench_jw_hour.py [blocks] [--baseline REV]
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.simulate import play_record
from pnp.sim.play import game_seed

REPO = Path(__file__).resolve().parents[1]
PKG = "pnp/games/junkyard_wars"
BLOCK = 100


def old_package(rev: str):
    """The Junkyard Wars package of ``rev`` as ``jw_old`` (its own imports rewritten)."""
    root = Path(tempfile.mkdtemp())
    pkg = root / "jw_old"
    pkg.mkdir()
    names = subprocess.run(["git", "-C", str(REPO), "ls-tree", "--name-only", f"{rev}:{PKG}"],
                           capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:{PKG}/{name}"],
                              capture_output=True, text=True, check=True).stdout
        text = text.replace("pnp.games.junkyard_wars", "jw_old")
        (pkg / name).write_text(text)
    sys.path.insert(0, str(root))
    return importlib.import_module("jw_old"), importlib.import_module("jw_old.simulate")


def main() -> None:
    args = sys.argv[1:]
    rev = "b3d153c"
    if "--baseline" in args:
        k = args.index("--baseline")
        rev = args[k + 1]
        del args[k:k + 2]
    blocks = int(args[0]) if args else 10
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    old_game, old_sim = old_package(rev)
    bots = ("heuristic",) * 4
    old_setup = old_game.GAME.make_setup("bench", 4, bots, {"compare_stagger": False})
    setups = {name: GAME.make_setup("bench", 4, bots, {"compare_stagger": False, **opts})
              for name, opts in (("share", {"hour_end": "share"}), ("test", {}),
                                 ("tile", {"construction_zone": "tile"}))}
    sides = {"old": lambda s: old_sim.play_record(old_setup, s)[0],
             **{name: (lambda s, st=st: play_record(st, s)[0]) for name, st in setups.items()}}
    cpu = {name: 0.0 for name in sides}
    for s in (game_seed("warm-up", i) for i in range(20)):
        for play in sides.values():
            play(s)
    order = list(sides)
    for b in range(blocks):
        seeds = [game_seed("bench", b * BLOCK + i) for i in range(BLOCK)]
        results = {}
        for name in (order if b % 2 == 0 else order[::-1]):
            c0 = time.process_time()
            results[name] = [sides[name](s) for s in seeds]
            cpu[name] += time.process_time() - c0
        if [r[:7] for r in results["share"]] != results["old"]:
            raise SystemExit("--hour-end share and the baseline play different games")
    games = blocks * BLOCK
    print(f"{games} complete 4-player games a side, alternating blocks of {BLOCK}; identical "
          "games for old and share: True")
    for name in sides:
        print(f"  {name:5s}: {games / cpu[name]:6.0f} games/s of CPU; CPU / old = "
              f"{cpu[name] / cpu['old']:.3f}")


if __name__ == "__main__":
    main()
