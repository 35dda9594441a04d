"""Quick commands import only what they use: no game for ``pnp --help``, no simulator or numpy
for ``pnp games``, a game's ``--help`` or the ``odds`` commands (benchmarks/bench_startup.py
measures what that saves)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest

from pnp.games.lazy import Lazy
from pnp.games.registry import GAMES, SUMMARIES, get, summary

# Runs the command, then prints the modules it loaded as the last line of stderr.
_PROBE = """
import json, sys
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
GAME_PACKAGES = tuple(GAMES.values())


def loaded(*args: str) -> set[str]:
    """The modules ``pnp ARGS`` imports, run in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True,
                          timeout=120, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_imports_no_game_and_no_numpy():
    modules = loaded("--help")
    assert "numpy" not in modules
    assert not [m for m in modules if m.startswith(GAME_PACKAGES)]


@pytest.mark.parametrize("args", [
    ("games",),
    ("wreck-and-ruin", "--help"),
    ("waste-knights", "--help"),
    ("wreck-and-ruin", "odds", "shoot", "--dice", "3", "--armour", "4"),
    ("waste-of-parts", "odds", "--dice", "3", "--health", "4"),
])
def test_quick_commands_import_no_simulator_and_no_numpy(args):
    modules = loaded(*args)
    assert "numpy" not in modules
    players = [m for m in modules if m.endswith((".bots", ".simulate", ".state"))]
    assert players == []


def test_a_game_command_imports_that_game_only():
    modules = loaded("wreck-and-ruin", "odds", "shoot", "--dice", "2", "--armour", "4")
    others = [p for name, p in GAMES.items() if name != "wreck-and-ruin"]
    assert not [m for m in modules if m.startswith(tuple(others))]


@pytest.mark.parametrize("name", list(GAMES))
def test_help_line_written_out_is_the_specs(name):
    assert SUMMARIES[name] == summary(get(name))


@pytest.mark.parametrize("name", list(GAMES))
def test_the_spec_names_every_bot_of_the_game(name):
    import importlib

    bots = importlib.import_module(f"{GAMES[name]}.bots").BOTS
    assert set(bots) <= set(get(name).bots)
    for bot in bots:  # each lazy name reaches the bots module's own factory
        target = get(name).bots[bot]
        assert not isinstance(target, Lazy) or target.target() is bots[bot]


def test_lazy_pickles_by_name_and_reads_through():
    rules = Lazy("pnp.games.wreck_and_ruin.simulate", "RULES")
    again = pickle.loads(pickle.dumps(rules))
    assert repr(again) == repr(rules) and again.name == "wreck-and-ruin"
    assert Lazy("math", "hypot")(3, 4) == 5


def test_game_group_help_lists_its_commands(run_pnp):
    code, out, _ = run_pnp("wreck-and-ruin", "--help")
    assert code == 0 and SUMMARIES["wreck-and-ruin"] in out
    for command in ("simulate", "replay", "session", "odds", "map", "cards"):
        assert f"\n  {command} " in out
