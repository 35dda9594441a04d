"""The per-map tables (``tables.py``): written against mutants of the module no earlier test
noticed. Lines of sight ("Attacking a Target Within Range") are pinned by
``test_fastpaths.py`` and ``test_legal_mutants.py``; here the tables' cache."""

from __future__ import annotations

from pnp.games.wreck_and_ruin import tables
from pnp.games.wreck_and_ruin.movement import grid_of
from pnp.games.wreck_and_ruin.tables import Tables, tables_of

from .helpers import blank_board


def test_a_maps_tables_are_built_once_and_only_for_that_map():
    # a map never changes during a game: its tables are kept by its id, and an entry left by
    # another map that had the same id is not reused
    board = blank_board()
    t = tables_of(board)
    assert tables_of(board) is t and t.terrain is board.terrain
    other = blank_board(radius=3)
    stale = Tables(other.terrain, grid_of(other))
    tables._TABLES[id(board)] = (other, stale)
    fresh = tables_of(board)
    assert fresh is not stale and fresh.terrain is board.terrain
    assert tables_of(board) is fresh
