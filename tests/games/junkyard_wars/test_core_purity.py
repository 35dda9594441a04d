"""The Junkyard Wars core (maze, generate, graph, rules, bots, deck, simulate, balance) is pure:
it loads no drawing, template, CLI or YAML library and reads no file; data comes in as arguments.
"""

from __future__ import annotations

import builtins
import io
import pathlib

import pytest

from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.words import load_words

CORE = [f"pnp.games.junkyard_wars.{m}" for m in
        ("maze", "generate", "graph", "rules", "bots", "deck", "simulate", "balance")]
NOT_IN_CORE = {"reportlab", "svgwrite", "PIL", "jinja2", "typer", "rich", "matplotlib", "yaml",
               "pypdfium2"}


def test_core_imports_no_drawing_or_io_library(imported_by):
    assert imported_by(*CORE) & NOT_IN_CORE == set()


def test_core_reads_no_files(monkeypatch):
    from pnp.games.junkyard_wars.balance import report_sections
    from pnp.games.junkyard_wars.generate import session_board, session_tiles
    from pnp.games.junkyard_wars.simulate import simulate

    bag, words = load_bag().counts(), load_words()  # the loaders: outside the core

    def no_files(*args, **kwargs):
        raise AssertionError(f"the core opened a file: {args[:1]}")

    for target, name in ((builtins, "open"), (io, "open"), (pathlib.Path, "open"),
                         (pathlib.Path, "read_text"), (pathlib.Path, "read_bytes")):
        monkeypatch.setattr(target, name, no_files)
    with pytest.raises(AssertionError):
        open(__file__)  # the guard works
    tiles = session_tiles("pure")
    session_board("pure", tiles=tiles)
    result = simulate("pure", 3, 4, words, bag, deck_size=10)
    assert report_sections(result)
