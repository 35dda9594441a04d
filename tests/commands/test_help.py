"""--help on every command: no type shown beside a flag (``--json <bool>`` reads as if
``--json true`` were expected), every group ends with an example of each of its commands, and
``--games`` / ``--players`` name the number used when they are not given."""

from __future__ import annotations

import re

import pytest
import typer

from pnp.games.registry import GAMES, get


def _paths() -> list[tuple[str, ...]]:
    """Every command and group under ``pnp``, as argv paths."""
    from pnp.cli import _register, app

    _register()
    root = typer.main.get_command(app)
    out: list[tuple[str, ...]] = [()]
    todo: list[tuple[tuple[str, ...], object]] = [((name,), root.get_command(None, name))
                                                  for name in root.list_commands(None)]
    while todo:
        path, cmd = todo.pop()
        out.append(path)
        subs = getattr(cmd, "commands", None)
        if subs is not None:
            cmd.list_commands(None)  # a game's group is built on first use
            todo += [((*path, n), c) for n, c in cmd.commands.items()]
    return sorted(out)


PATHS = _paths()


def test_every_game_command_is_walked():
    assert ("wreck-and-ruin", "odds", "shoot") in PATHS and ("salvage", "mods") in PATHS
    assert len(PATHS) > 40


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_no_type_beside_a_flag(run_pnp, path):
    code, out, _ = run_pnp(*path, "--help")
    assert code == 0 and "Usage:" in out
    assert "<bool>" not in out


@pytest.mark.parametrize("path", [p for p in PATHS if len(p) == 1 and p[0] in GAMES]
                         + [("wreck-and-ruin", "odds"), ()], ids=" ".join)
def test_a_group_ends_with_examples(run_pnp, path):
    code, out, _ = run_pnp(*path, "--help")
    commands = re.findall(r"^  ([a-z][a-z-]+)  ", out.split("Commands:")[1], re.MULTILINE)
    examples = out.split("Examples:")[1]
    if not path:  # the root: a few, with a game's
        assert "pnp games" in examples and "pnp wreck-and-ruin session" in examples
        return
    for command in commands:
        assert f"pnp {' '.join(path)} {command} " in examples, command


@pytest.mark.parametrize("name", list(GAMES))
def test_games_and_players_help_name_the_usual_number(run_pnp, name):
    spec = get(name)
    _, out, _ = run_pnp(name, "simulate", "--help")
    flat = " ".join(out.split())
    assert f"Games to simulate (default: {spec.default_games:,})." in flat
    assert f"Players (seats) in each game (default: {spec.default_players})." in flat
    if spec.session is not None:
        _, out, _ = run_pnp(name, "session", "--help")
        assert f"(default: {spec.session_games:,})" in " ".join(out.split())
