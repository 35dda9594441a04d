"""Session board: placement, assembled walls, gaps, construction zone, junk squares, track."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.junkyard_wars.generate import (
    BOARD,
    CONSTRUCTION_ZONE,
    JUNK_SQUARES,
    NODES,
    TRACK,
    Placement,
    board_problems,
    board_to_json,
    junk_layout,
    make_board,
    maze_json,
    session_board,
    session_tiles,
)
from pnp.games.junkyard_wars.graph import bfs
from pnp.games.junkyard_wars.maze import SIDES

SEEDS = st.one_of(st.integers(min_value=0, max_value=2**40 - 1), st.text(max_size=12))


def test_junk_squares_are_the_corner_colour_outside_the_centre():
    # Rules, Setup: "a 15x15 gray and white checkerboard with the center 5x5 region empty".
    assert len(JUNK_SQUARES) == 100
    assert len({sq for sq in JUNK_SQUARES}) == 100
    assert all((r + c) % 2 == 0 for r, c in JUNK_SQUARES)
    assert all(not (5 <= r <= 9 and 5 <= c <= 9) for r, c in JUNK_SQUARES)
    corner_colour = [(r, c) for r in range(15) for c in range(15) if (r + c) % 2 == 0]
    assert len(corner_colour) == 113


def test_construction_zone_is_the_centre_square():
    # Rules, Setup: "The square at the center of the maze becomes the construction zone".
    assert CONSTRUCTION_ZONE == (7, 7)
    assert CONSTRUCTION_ZONE not in JUNK_SQUARES


def test_outside_track_is_a_ring_of_64_squares():
    assert len(TRACK) == 64 and len(set(TRACK)) == 64
    assert all(r in (-1, 15) or c in (-1, 15) for r, c in TRACK)
    assert len(NODES) == 225 + 64


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_any_session_board_is_valid(seed):
    board = session_board(seed)
    assert board_problems(board) == []
    assert len(board.placement) == 9
    assert sorted((p.row, p.col) for p in board.placement) == [(r, c) for r in range(3)
                                                                 for c in range(3)]
    ids = {p.tile for p in board.placement}
    assert len(ids) == 9 and board.unused_tile not in ids and 1 <= board.unused_tile <= 10
    assert len(board.gaps) == 12 and len(board.junk_squares) == 100


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=1000),
       st.permutations(list(range(1, 11))),
       st.lists(st.sampled_from("AB"), min_size=9, max_size=9),
       st.lists(st.sampled_from([0, 90, 180, 270]), min_size=9, max_size=9))
def test_any_nine_tiles_any_side_rotation_position_line_up(seed, order, sides, rots):
    tiles = session_tiles(seed)
    placement = [Placement(order[k], sides[k], rots[k], k // 3, k % 3) for k in range(9)]
    board = make_board(tiles, placement)
    assert board_problems(board) == []
    # Every square (board and track) is reachable, also from outside through the gaps.
    dist = bfs(board.adjacency, board.index(-1, -1))
    assert min(dist) >= 0


def test_walls_consistent_and_gaps_are_open_rim_cells():
    board = session_board("walls")
    w = board.walls
    for r in range(BOARD):
        assert w[r][0][3] == (r not in (2, 7, 12)) and w[r][14][1] == (r not in (2, 7, 12))
        for c in range(BOARD):
            for k, side in enumerate(SIDES):
                dr, dc = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}[side]
                rr, cc = r + dr, c + dc
                if 0 <= rr < BOARD and 0 <= cc < BOARD:
                    assert w[r][c][k] == w[rr][cc][(k + 2) % 4]
    rim_open = {(g.row, g.col, g.side) for g in board.gaps}
    for m in (2, 7, 12):
        assert (0, m, "n") in rim_open and (14, m, "s") in rim_open
        assert (m, 0, "w") in rim_open and (m, 14, "e") in rim_open


def test_neighbours_include_the_track_through_gaps_only():
    board = session_board(5)
    assert (-1, 7) in board.neighbours(0, 7)
    assert (0, 7) in board.neighbours(-1, 7)
    assert (-1, 6) not in board.neighbours(0, 6)
    assert set(board.neighbours(-1, -1)) == {(-1, 0), (0, -1)}
    # Around the corner: (-1, 14) -> (-1, 15) -> (0, 15), one move per square.
    d = board.distances(-1, 14)
    assert d[board.index(0, 15)] == 2


def test_seed_streams_are_independent():
    a, b = session_board("x"), session_board("x")
    assert a == b
    # The tiles come from the maze seed; the layout from the session seed.
    c = session_board("y", maze_seed="x")
    assert session_tiles("x") == session_tiles("x")
    assert {p.tile for p in c.placement} | {c.unused_tile} == set(range(1, 11))


def test_junk_layout_covers_every_junk_square():
    bag = [chr(ord("A") + k % 26) for k in range(100)]
    layout = junk_layout("s", bag)
    assert [sq for sq, _ in layout] == list(JUNK_SQUARES)
    assert sorted(letter for _, letter in layout) == sorted(bag)
    assert layout == junk_layout("s", bag) and layout != junk_layout("t", bag)


def test_maze_json_shape():
    tiles = session_tiles(9)
    board = session_board(9)
    doc = maze_json(tiles, board)
    assert len(doc["tiles"]) == 10
    b = board_to_json(board)
    assert b["construction_zone"] == [7, 7] and len(b["junk_squares"]) == 100
    assert set(b["placement"][0]) == {"tile", "side", "rotation", "row", "col"}
    assert doc["board"] == b
