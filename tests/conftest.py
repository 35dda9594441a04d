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


@pytest.fixture
def imported_by() -> Callable[..., set[str]]:
    """``imported_by("pnp.sim.runner", ...)``: top-level packages loaded by importing those
    modules in a fresh interpreter (for "the core imports no drawing/IO library" tests)."""

    def names(*modules: str) -> set[str]:
        import subprocess

        code = (f"import sys, {', '.join(modules)}; "
                "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        return set(out.stdout.split())

    return names
