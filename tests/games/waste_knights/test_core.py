"""The Waste Knights core (hexes, generate, metrics, rules, tour, tour_stats, state, actions,
bots, simulate) reads no file: data comes in as arguments. (That no game's core loads a drawing,
CLI, plotting or data-file library is checked by tests/games/test_conformance.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pnp.games.waste_knights as package

CORE = ("hexes", "generate", "metrics", "rules", "tour", "tour_stats", "state", "actions", "bots",
        "simulate")
FORBIDDEN = {"reportlab", "svgwrite", "PIL", "jinja2", "typer", "rich", "matplotlib", "yaml",
             "pypdf", "pypdfium2"}
FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "cardset",
              "template", "hexes_data", "vehicles_data", "vehicle_speeds", "default_catalogue"}


def test_core_reads_no_files():
    """No core module calls a file or data-loader function or imports the loader."""
    folder = Path(package.__file__).parent
    for name in CORE:
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                assert called not in FILE_CALLS, (name, called, node.lineno)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) \
                    else [node.module or ""]
                for mod in mods:
                    assert mod.split(".")[0] not in FORBIDDEN | {"pathlib", "os", "io"}, \
                        (name, mod)
                    assert mod not in ("pnp.resources", "pnp.output",
                                       "pnp.games.waste_knights.data"), (name, mod)


def test_core_modules_stay_small():
    folder = Path(package.__file__).parent
    for path in folder.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 500, path.name
