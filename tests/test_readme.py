"""The README's two commands: each makes its own virtual environment (so a system Python that
refuses `pip install`, PEP 668, runs them as written), and CI runs the test command verbatim."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_the_two_commands_make_and_use_a_virtual_environment_first():
    install, tests = _commands()
    for command in (install, tests):
        assert command.startswith(VENV)
        assert "--user" not in command and "--break-system-packages" not in command
    assert re.search(r"pip install \. && pnp render examples/\S+\.csv", install)
    assert (ROOT / install.split("pnp render ", 1)[1].split()[0]).is_file()
    assert tests.endswith('pip install ".[test]" && python -m pytest -q')


def test_ci_runs_the_readme_test_command_as_written():
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()
