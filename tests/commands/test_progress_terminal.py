"""Long commands show a progress bar on a terminal whatever --jobs, sessions too; --quiet and
--json turn it off; every game command takes --quiet. Run on a pseudo-terminal (pty).

The bar's one-second wait is set to 0 here (tests/test_progress.py checks the wait with a fake
clock), so a short run shows it: what is tested is that a bar reaches the terminal at all.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys

import pytest

_PROBE = """
import sys
import pnp.progress as progress
wait = progress.LateBar.__init__
progress.LateBar.__init__ = lambda self, *a, **k: wait(self, *a, **{**k, "delay": 0.0})
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


def on_terminal(*args: str) -> str:
    """What ``pnp ARGS`` writes to its terminal (stdout and stderr on one pty)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, its output on the pty
        os.execv(sys.executable, [sys.executable, "-c", _PROBE, *args])
    chunks = []
    while True:
        ready, _, _ = select.select([fd], [], [], 120)
        if not ready:
            os.kill(pid, 9)
            raise AssertionError(f"pnp {' '.join(args)} hangs")
        try:
            data = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    text = _ESCAPES.sub("", b"".join(chunks).decode(errors="replace"))
    assert os.waitstatus_to_exitcode(status) == 0, text[-2000:]
    return text


@pytest.mark.parametrize("jobs", ["1", "2", "0"])
def test_simulate_shows_a_bar_whatever_jobs(jobs):
    out = on_terminal("wreck-and-ruin", "simulate", "--players", "2", "--games", "6",
                      "--jobs", jobs)
    assert re.search(r"6 games .* \d+/\d+ batches", out)
    assert "seat 1" in out


def test_a_session_shows_the_bars_of_its_simulations(tmp_path):
    out = on_terminal("salvage", "session", "--games", "4", "--out", str(tmp_path / "s"))
    assert re.search(r"\d+ games .* \d+/\d+ batches", out)


@pytest.mark.parametrize("flag", ["--quiet", "-q", "--json"])
def test_quiet_and_json_show_no_bar(flag):
    out = on_terminal("wreck-and-ruin", "simulate", "--players", "2", "--games", "4", flag)
    assert "batches" not in out and "seat 1" in out


def test_no_bar_when_stderr_is_not_a_terminal():
    done = subprocess.run([sys.executable, "-c", _PROBE, "wreck-and-ruin", "simulate",
                           "--players", "2", "--games", "4"], capture_output=True, text=True,
                          timeout=300, check=True)
    assert "batches" not in done.stderr and "seat 1" in done.stdout


def test_every_game_command_takes_quiet(run_pnp):
    import typer

    from pnp.cli import _register, app

    _register()
    root = typer.main.get_command(app)
    from pnp.games.registry import GAMES

    missing = []
    for name in GAMES:
        group = root.get_command(None, name)  # type: ignore[arg-type]
        todo = [(name, group)]
        while todo:
            path, cmd = todo.pop()
            subs = getattr(cmd, "commands", None)
            if subs is not None:
                todo += [(f"{path} {n}", c) for n, c in cmd.commands.items()]
            elif "quiet" not in {p.name for p in cmd.params}:
                missing.append(path)
    assert missing == []
