"""Run a benchmark's one-run mode in a fresh interpreter, importing ``pnp`` from another source
tree (``--against DIR``), for ratios between two versions measured in the same run."""

from __future__ import annotations

import json
import os
import subprocess
import sys

OTHER = "PNP_BENCH_OTHER"


def use_other_checkout() -> None:
    """In the child for another tree: drop this checkout's editable install from the import
    machinery, or it would answer for ``pnp`` (and its ``cardsets/``) instead of that tree."""
    if os.environ.get(OTHER):
        sys.meta_path[:] = [f for f in sys.meta_path
                            if not str(getattr(f, "__module__", "")).startswith("__editable__")]


def in_checkout(script: str, path: str | None, args: list[str]) -> dict[str, float]:
    """``script --one ARGS`` in a fresh interpreter importing ``pnp`` from ``path`` (None: this
    checkout); its last line of output, as JSON."""
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = os.path.abspath(path)
        env[OTHER] = "1"
    out = subprocess.run([sys.executable, script, "--one", *args], env=env,
                         capture_output=True, text=True, check=True,
                         cwd=os.path.abspath(path) if path else None)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result
