"""The yard as a graph (graph.py), pinned exactly: the distances a worker moves, the way home.

Rules, MANAGING THE WORKFORCE: "move to an adjacent square"; SETUP: "The square at the center of
the maze becomes the construction zone" and "[picture of the board setup: imagine a 15x15 gray
and white checkerboard with the center 5x5 region empty]".
"""

from __future__ import annotations

import pytest

from pnp.games.junkyard_wars.generate import session_board
from pnp.games.junkyard_wars.graph import ZONES, Board, Tables, bfs, board_from_session, grid_board

# A path 0 - 1 - 2 and a lone square 3.
PATH = ((1,), (0, 2), (1,), ())


def test_bfs_counts_moves_and_marks_the_unreachable():
    assert bfs(PATH, 0) == [0, 1, 2, -1]
    assert bfs(PATH, 2) == [2, 1, 0, -1]
    assert bfs(PATH, 3) == [-1, -1, -1, 0]


def test_bfs_toward_is_the_next_step_home():
    toward = [9, 9, 9, 9]
    assert bfs(PATH, 2, toward) == [2, 1, 0, -1]
    assert toward == [1, 2, 2, 9]  # the start points at itself; the unreachable is untouched
    # A square with two ways home takes the one found first (breadth first, neighbours in order).
    ring = ((1, 3), (0, 2), (1, 3), (0, 2))
    t = [-5] * 4
    assert bfs(ring, 0, t) == [0, 1, 2, 1]
    assert t == [0, 0, 1, 0]


def test_grid_board_ids_neighbours_and_walls():
    b = grid_board(3, 2, zone=(1, 1), junk=[(0, 0), (0, 2)], walls=[((0, 0), (0, 1))])
    assert b.construction_zone == 4 and b.junk_squares == (0, 2) and b.zone_squares == ()
    # Neighbours north, east, south, west; the wall blocks both ways.
    assert b.neighbours == ((3,), (2, 4), (5, 1), (0, 4), (1, 5, 3), (2, 4))
    open_ = grid_board(3, 2, zone=(0, 0), junk=[])
    assert open_.neighbours == ((1, 3), (2, 4, 0), (5, 1), (0, 4), (1, 5, 3), (2, 4))
    assert open_.construction_zone == 0 and open_.junk_squares == ()


def test_board_from_session_square_and_tile():
    session = session_board("graph")
    centre = session.index(7, 7)
    sq = board_from_session(session)
    assert sq == board_from_session(session, "square")
    assert sq.construction_zone == centre and sq.zone_squares == ()
    assert sq.neighbours == tuple(tuple(a) for a in session.adjacency)
    assert isinstance(sq.neighbours[0], tuple)
    assert sq.junk_squares == tuple(session.index(r, c) for r, c in session.junk_squares)
    assert len(sq.junk_squares) == 100
    tile = board_from_session(session, "tile")
    assert tile.zone_squares == tuple(session.index(r, c) for r in range(5, 10)
                                      for c in range(5, 10))
    assert tile.construction_zone == centre and tile.junk_squares == sq.junk_squares
    with pytest.raises(ValueError) as err:
        board_from_session(session, "room")
    assert str(err.value) == "the construction zone is a square or a tile, not 'room'"
    assert ZONES == ("square", "tile")


def test_tables_distances_next_steps_and_nearest_junk():
    # 4x1 corridor 0-1-2-3, zone at 1, junk on 0 and 3.
    b = grid_board(4, 1, zone=(0, 1), junk=[(0, 3), (0, 0)])
    t = Tables(b)
    assert t.n == 4 and t.zone == 1 and t.junk == [3, 0]
    assert t.neighbours == [[1], [2, 0], [3, 1], [2]]
    assert isinstance(t.neighbours[0], list)
    assert t.dist == [[0, 1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]]
    assert t.toward[3] == [1, 2, 3, 3] and t.toward[0] == [0, 0, 1, 2]
    assert list(t.in_zone) == [0, 1, 0, 0]
    assert t.home == [1, 1, 1, 1]
    # By distance, ties by the lower id: from 1 and 2 both junk squares are 1 or 2 moves away.
    assert t.near_junk == [[0, 3], [0, 3], [3, 0], [3, 0]]
    even = Tables(grid_board(5, 1, zone=(0, 2), junk=[(0, 4), (0, 0)]))
    assert even.near_junk[2] == [0, 4]  # equally far: the lower id first


def test_tables_home_is_the_nearest_zone_square_lowest_id_on_ties():
    base = grid_board(5, 1, zone=(0, 2), junk=[])
    t = Tables(Board(base.neighbours, 2, (), (1, 3)))
    assert list(t.in_zone) == [0, 1, 1, 1, 0]
    assert t.home == [1, 1, 2, 3, 3]
    # Zone squares 0 and 4 around square 2 (two moves each): the lower id.
    t2 = Tables(Board(base.neighbours, 0, (), (4,)))
    assert t2.home == [0, 0, 0, 4, 4]


def test_every_square_must_reach_the_construction_zone():
    with pytest.raises(ValueError) as err:
        Tables(Board(PATH, 0, ()))
    assert str(err.value) == "every square must be reachable from the construction zone"
    Tables(Board(PATH[:3], 0, ()))  # all reachable: fine
