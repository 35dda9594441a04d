"""Start-up cost of quick commands: CPU seconds of the whole ``pnp`` process.

Run: python benchmarks/bench_startup.py [--base /tmp/base] [--repeat 5]

Each command runs ``--repeat`` times as a fresh process; its CPU time (user + system, from
``getrusage(RUSAGE_CHILDREN)``) is reported as min / median. ``--base`` names a checkout of older
code (``git worktree add /tmp/base <commit>``), run the same way with that checkout first on
``PYTHONPATH``: the ratio column is base median / current median. The floor rows are a
two-command typer app with one flag each: what the CLI framework costs before any pnp code.
The last rows time ``odds shoot``'s answer alone (files read, pools computed from cold caches)
and Junkyard Wars' machine deck, each in a fresh process after the imports.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile

COMMANDS = (
    "--help",
    "games",
    "junkyard-wars --help",
    "waste-knights --help",
    "salvage --help",
    "wreck-and-ruin --help",
    "waste-of-parts --help",
    "wreck-and-ruin odds shoot --dice 3 --armour 4",
    "wreck-and-ruin odds ram --attacker wrecker --target big-rig",
    "waste-of-parts odds --dice 3 --health 4",
)

# The framework alone: a root callback and one command, each with one flag (typer, as pnp).
FLOOR = """
import sys
import typer
app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
@app.callback()
def root(debug: bool = typer.Option(False, "--debug")) -> None: pass
@app.command()
def games(json: bool = typer.Option(False, "--json")) -> None: print("games")
@app.command()
def other(n: int = 3) -> None: pass
app(sys.argv[1:])
"""
PNP = "from pnp.cli import main; main()"

# The answer alone, in a fresh process once the modules are imported: the rules and vehicle
# files read, the pools computed (cold caches), the lines printed.
ANSWER = """
import contextlib, io, sys, time
from pnp.commands.wreck_and_ruin import shoot
start = time.process_time()
with contextlib.redirect_stdout(io.StringIO()):
    shoot(int(sys.argv[1]), int(sys.argv[2]), False, False, False)
print(time.process_time() - start)
"""

# Junkyard Wars' machine deck from the bundled words and bag, cold, once the modules are imported.
DECK = """
import time
from pnp.games.junkyard_wars.deck import build_deck
from pnp.games.junkyard_wars.simulate import bag_and_words
bag, words = bag_and_words(None, None)
start = time.process_time()
build_deck("demo", words, bag, size=40, players=4)
print(time.process_time() - start)
"""


def cpu(argv: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    """(min, median) CPU seconds of ``argv`` run ``repeat`` times."""
    times = []
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=tempfile.gettempdir())  # writes the bytecode
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        # run outside any checkout: ``python -c`` puts the working folder first on sys.path
        done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              cwd=tempfile.gettempdir())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times), statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", help="checkout of the code to compare with")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    # Bytecode cached as an installed package has it (outside the checkout), each command run
    # once first to write it: compiling pnp's sources is not what a user pays on each run.
    env = {**os.environ, "COLUMNS": "100",
           "PYTHONPYCACHEPREFIX": os.path.join(tempfile.gettempdir(), "pnp-bench-pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    base_env = {**env, "PYTHONPATH": args.base} if args.base else None
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; CPU s, min/median of "
          f"{args.repeat}")
    head = f"{'command':<50} {'now':>13}"
    print(head + (f" {'base':>13} {'ratio':>6}" if base_env else ""))
    for name, code in (("(floor: typer app) --help", "--help"),
                       ("(floor: typer app) games", "games"),
                       ("(floor: typer app) other --help", "other --help")):
        lo, med = cpu([sys.executable, "-c", FLOOR, *code.split()], env, args.repeat)
        print(f"{name:<50} {lo:6.3f}/{med:6.3f}")
    for command in COMMANDS:
        argv = [sys.executable, "-c", PNP, *command.split()]
        lo, med = cpu(argv, env, args.repeat)
        line = f"pnp {command:<46} {lo:6.3f}/{med:6.3f}"
        if base_env:
            blo, bmed = cpu(argv, base_env, args.repeat)
            line += f" {blo:6.3f}/{bmed:6.3f} {bmed / med:5.2f}x"
        print(line)
    rows = [(f"odds shoot --dice {d} --armour {a}: the answer", ANSWER, (str(d), str(a)))
            for d, a in ((30, 2), (30, 4), (30, 6))]
    rows.append(("junkyard-wars machine deck (40 cards), cold", DECK, ()))
    for name, code, argv in rows:
        line = f"{name:<50} {_timed(code, argv, env, args.repeat)}"
        if base_env:
            line += f" {_timed(code, argv, base_env, args.repeat)}"
        print(line)


def _timed(code: str, argv: tuple[str, ...], env: dict[str, str], repeat: int) -> str:
    """min/median of the CPU seconds ``code`` prints, each run in a fresh process."""
    def run() -> float:
        return float(subprocess.run([sys.executable, "-c", code, *argv], env=env, check=True,
                                    capture_output=True, text=True,
                                    cwd=tempfile.gettempdir()).stdout)

    run()  # writes the bytecode
    times = sorted(run() for _ in range(repeat))
    return f"{times[0]:6.3f}/{statistics.median(times):6.3f}"


if __name__ == "__main__":
    main()
