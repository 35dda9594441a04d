"""Fixtures shared by the test folders."""

from __future__ import annotations

import sys
from typing import Callable

import pytest

from pnp import cli


@pytest.fixture
def run_pnp(monkeypatch, capsys) -> Callable[..., tuple[int, str, str]]:
    """Run the ``pnp`` command in-process: ``run_pnp("render", ...) -> (exit code, stdout, stderr)``."""

    def run(*args: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["pnp", *args])
        code = 0
        try:
            cli.main()
        except SystemExit as exc:
            code = exc.code or 0
        out, err = capsys.readouterr()
        return code, out, err

    return run
