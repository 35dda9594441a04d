"""The Junkyard Wars core reads no file: data comes in as arguments. (That it loads no drawing,
template, CLI or YAML library is checked for every game by tests/games/test_conformance.py.)
"""

from __future__ import annotations

import builtins
import io
import pathlib

import pytest

from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.words import load_words


def test_core_reads_no_files(monkeypatch):
    from pnp.games.junkyard_wars import GAME
    from pnp.games.junkyard_wars.balance import report_sections
    from pnp.games.junkyard_wars.generate import session_board, session_tiles
    from pnp.games.junkyard_wars.simulate import setup_from
    from pnp.sim.play import simulate

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
    result = simulate(GAME, setup_from("pure", 3, words, bag, deck_size=10), 4, "pure")
    assert report_sections(result)
