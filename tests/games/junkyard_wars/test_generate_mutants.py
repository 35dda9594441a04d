"""The session board generator (generate.py), pinned to the rulebook's setup and the docs.

Rules, SETUP: "choosing nine of the maze tiles and arranging them in a 3x3 square. This creates
a 15x15 grid ... The square at the center of the maze becomes the construction zone"; "place them
on the gray squares ... [imagine a 15x15 gray and white checkerboard with the center 5x5 region
empty]"; COMPONENTS: "100 junk marker tiles". docs/junkyard-wars.md: "the twelve exits left on
the rim are the twelve gaps in the outer wall"; "--maze-seed lets a group print one tile set and
play many sessions on it: the session seed then only picks the nine tiles, their sides, turns and
places, the junk and the deck".
"""

from __future__ import annotations

import random

import pytest

from pnp.games.junkyard_wars import generate as gen
from pnp.games.junkyard_wars.generate import (
    BOARD,
    CENTRE,
    CONSTRUCTION_ZONE,
    JUNK_SQUARES,
    NODE_INDEX,
    NODES,
    ROTATIONS,
    TRACK,
    Gap,
    Placement,
    assemble,
    board_problems,
    board_to_json,
    build_adjacency,
    draw_placement,
    junk_layout,
    make_board,
    maze_json,
    rim_gaps,
    session_board,
    session_tiles,
)
from pnp.games.junkyard_wars.graph import bfs
from pnp.games.junkyard_wars.maze import SIDES, generate_tiles, rotate_cells, tiles_to_json
from pnp.seed import py_rng, seed_code

TILES = session_tiles("gen-mutants")
BOARD_ = session_board("gen-mutants")


def test_the_constants_of_the_setup():
    assert BOARD == 15 and CONSTRUCTION_ZONE == (7, 7) and CENTRE == range(5, 10)
    assert ROTATIONS == (0, 90, 180, 270)
    # The 15x15 checkerboard's corner colour without the centre 5x5, row-major.
    assert JUNK_SQUARES == tuple((r, c) for r in range(15) for c in range(15)
                                 if (r + c) % 2 == 0 and not (5 <= r <= 9 and 5 <= c <= 9))
    assert len(JUNK_SQUARES) == 100 and (4, 4) in JUNK_SQUARES and (5, 5) not in JUNK_SQUARES
    assert (10, 10) in JUNK_SQUARES and (9, 9) not in JUNK_SQUARES and (0, 0) in JUNK_SQUARES


def test_the_outside_track_clockwise_from_the_top_left():
    top = [(-1, c) for c in range(-1, 16)]
    right = [(r, 15) for r in range(0, 16)]
    bottom = [(15, c) for c in range(14, -2, -1)]
    left = [(r, -1) for r in range(14, -1, -1)]
    assert TRACK == tuple(top + right + bottom + left)
    assert len(TRACK) == 64
    assert NODES == tuple((r, c) for r in range(15) for c in range(15)) + TRACK
    assert NODE_INDEX[(0, 0)] == 0 and NODE_INDEX[(14, 14)] == 224
    assert NODE_INDEX[(-1, -1)] == 225 and NODE_INDEX[(0, -1)] == 288


def test_placement_and_gap():
    p = Placement(3, "B", 270, 2, 1)
    assert p.to_dict() == {"tile": 3, "side": "B", "rotation": 270, "row": 2, "col": 1}
    assert Gap(0, 7, "n").outside == (-1, 7) and Gap(7, 14, "e").outside == (7, 15)
    assert Gap(14, 2, "s").outside == (15, 2) and Gap(12, 0, "w").outside == (12, -1)


def test_draw_placement_nine_distinct_tiles_each_place_once():
    for seed in range(20):
        rng = random.Random(seed)
        ps = draw_placement(rng, list(range(1, 11)))
        assert len(ps) == 9 and len({p.tile for p in ps}) == 9
        assert [(p.row, p.col) for p in ps] == [(k // 3, k % 3) for k in range(9)]
        assert all(p.side in ("A", "B") and p.rotation in ROTATIONS for p in ps)
    seen = {(p.side, p.rotation) for s in range(30)
            for p in draw_placement(random.Random(s), range(1, 11))}
    assert seen == {(s, r) for s in "AB" for r in ROTATIONS}  # any side, any turn
    rng = random.Random(5)
    chosen = random.Random(5).sample(list(range(1, 11)), 9)
    assert [p.tile for p in draw_placement(rng, range(1, 11))] == chosen


def test_assemble_turns_each_face_into_its_place():
    placement = [Placement(k + 1, "AB"[k % 2], ROTATIONS[k % 4], k // 3, k % 3) for k in range(9)]
    walls = assemble(TILES, placement)
    for p in placement:
        face = TILES[p.tile - 1].face(p.side)
        cells = rotate_cells(face.cells, p.rotation // 90)
        for r in range(5):
            for c in range(5):
                assert walls[p.row * 5 + r][p.col * 5 + c] == cells[r][c]
    with pytest.raises(ValueError) as err:
        assemble(TILES, placement[:8])
    assert str(err.value) == "a placement must cover the 3x3 layout"


def test_rim_gaps_are_the_twelve_exits_clockwise():
    gaps = rim_gaps(BOARD_.walls)
    assert [(g.row, g.col, g.side) for g in gaps] == [
        (0, 2, "n"), (0, 7, "n"), (0, 12, "n"), (2, 14, "e"), (7, 14, "e"), (12, 14, "e"),
        (14, 12, "s"), (14, 7, "s"), (14, 2, "s"), (12, 0, "w"), (7, 0, "w"), (2, 0, "w")]
    assert gaps == BOARD_.gaps


def test_adjacency_walls_gaps_and_the_track_ring():
    adj = build_adjacency(BOARD_.walls)
    assert adj == BOARD_.adjacency and len(adj) == 289
    w = BOARD_.walls
    for r in range(15):
        for c in range(15):
            i = NODE_INDEX[(r, c)]
            want = set()
            for k, side in enumerate(SIDES):
                dr, dc = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}[side]
                if not w[r][c][k]:
                    want.add(NODE_INDEX[(r + dr, c + dc)])
            assert set(adj[i]) == want and list(adj[i]) == sorted(want)
    for k, sq in enumerate(TRACK):
        i = NODE_INDEX[sq]
        ring = {NODE_INDEX[TRACK[k - 1]], NODE_INDEX[TRACK[(k + 1) % 64]]}
        through_gap = {NODE_INDEX[(g.row, g.col)] for g in BOARD_.gaps if g.outside == sq}
        assert set(adj[i]) == ring | through_gap
    assert BOARD_.neighbours(0, 7) == tuple(NODES[j] for j in adj[NODE_INDEX[(0, 7)]])
    assert (-1, 7) in BOARD_.neighbours(0, 7)
    d = BOARD_.distances(-1, -1)
    assert d == tuple(bfs(adj, 225)) and d[NODE_INDEX[(-1, 15)]] == 16
    assert BOARD_.index(-1, -1) == 225 and BOARD_.index(7, 7) == 112


def test_make_board_and_the_unused_tile():
    placement = [Placement(k + 2, "A", 0, k // 3, k % 3) for k in range(9)]
    board = make_board(TILES, placement, "CODE")
    assert board.unused_tile == 1 and board.seed_code == "CODE"
    assert board.placement == tuple(placement) and board.construction_zone == (7, 7)
    assert board.junk_squares == JUNK_SQUARES and board.track == TRACK and board.nodes == NODES
    assert make_board(TILES[:9], [Placement(k + 1, "A", 0, k // 3, k % 3)
                                  for k in range(9)]).unused_tile == 0
    assert make_board(TILES, placement).seed_code == ""


def test_seeds_tiles_from_the_maze_seed_layout_from_the_session_seed():
    assert session_tiles("gen-mutants") == generate_tiles(py_rng("gen-mutants", "maze"))
    assert BOARD_.seed_code == seed_code("gen-mutants")
    assert BOARD_.placement == draw_placement(py_rng("gen-mutants", "board"), range(1, 11))
    other = session_board("other", maze_seed="gen-mutants")
    assert other.seed_code == seed_code("other")
    assert other.placement == draw_placement(py_rng("other", "board"), range(1, 11))
    assert other.walls == make_board(TILES, other.placement).walls
    own = session_board("other")
    assert own.walls == make_board(session_tiles("other"), own.placement).walls
    given = session_board("other", tiles=TILES)
    assert given.walls == other.walls


def test_board_problems_word_for_word():
    assert board_problems(BOARD_) == []
    w = [list(row) for row in BOARD_.walls]
    n, e, s, wst = w[3][3]
    w[3][3] = (n, not e, not s, wst)
    bad = gen.SessionBoard(**{**BOARD_.__dict__, "walls": tuple(map(tuple, w))})
    assert board_problems(bad) == ["(3,3) east wall disagrees with (3,4)",
                                   "(3,3) south wall disagrees with (4,3)"]
    fewer = gen.SessionBoard(**{**BOARD_.__dict__, "gaps": BOARD_.gaps[:11],
                                "junk_squares": JUNK_SQUARES[:99]})
    assert board_problems(fewer) == ["11 rim gaps, expected the 12 tile exits on the rim",
                                     "99 junk squares, expected 100"]
    moved = gen.SessionBoard(**{**BOARD_.__dict__, "gaps": BOARD_.gaps[1:]
                                + (Gap(0, 1, "n"),)})
    assert board_problems(moved) == ["12 rim gaps, expected the 12 tile exits on the rim"]
    cut = [list(a) for a in BOARD_.adjacency]
    lone = NODE_INDEX[(-1, -1)]
    for j in cut[lone]:
        cut[j].remove(lone)
    cut[lone] = []
    alone = gen.SessionBoard(**{**BOARD_.__dict__, "adjacency": tuple(map(tuple, cut))})
    assert board_problems(alone) == ["1 squares cannot be reached from the construction zone"]
    # The last pair of columns and of rows are checked too.
    w = [list(row) for row in BOARD_.walls]
    n, e, s, wst = w[3][13]
    w[3][13] = (n, not e, s, wst)
    n, e, s, wst = w[13][3]
    w[13][3] = (n, e, not s, wst)
    edge = gen.SessionBoard(**{**BOARD_.__dict__, "walls": tuple(map(tuple, w))})
    assert board_problems(edge) == ["(3,13) east wall disagrees with (3,14)",
                                    "(13,3) south wall disagrees with (14,3)"]
    # The last row and column have no east or south neighbour to disagree with.
    w = [list(row) for row in BOARD_.walls]
    n, e, s, wst = w[14][14]
    w[14][14] = (n, not e, not s, wst)
    rim = gen.SessionBoard(**{**BOARD_.__dict__, "walls": tuple(map(tuple, w))})
    assert board_problems(rim) == []


def test_junk_layout_one_tile_a_junk_square():
    bag = [chr(65 + k % 26) for k in range(100)]
    layout = junk_layout("gen-mutants", bag)
    letters = list(bag)
    py_rng("gen-mutants", "junk").shuffle(letters)
    assert layout == tuple(zip(JUNK_SQUARES, letters, strict=True))
    with pytest.raises(ValueError) as err:
        junk_layout("s", bag[:99])
    assert str(err.value) == "the junk bag holds 99 tiles, expected 100"
    with pytest.raises(ValueError):
        junk_layout("s", bag + ["A"])


def test_maze_json_document():
    b = board_to_json(BOARD_)
    assert b == {
        "placement": [p.to_dict() for p in BOARD_.placement],
        "unused_tile": BOARD_.unused_tile, "construction_zone": [7, 7],
        "junk_squares": [list(sq) for sq in JUNK_SQUARES],
        "gaps": [{"row": g.row, "col": g.col, "side": g.side} for g in BOARD_.gaps],
        "outside_track": [list(sq) for sq in TRACK],
        "cells": [[{"n": w[0], "e": w[1], "s": w[2], "w": w[3]} for w in row]
                  for row in BOARD_.walls]}
    doc = maze_json(TILES, BOARD_)
    assert doc == {"format": "pnp.junkyard-wars.maze/1", "seed_code": BOARD_.seed_code,
                   "tiles": tiles_to_json(TILES), "board": b}
    junk = junk_layout("gen-mutants", ["A"] * 100)
    with_junk = maze_json(TILES, BOARD_, junk=junk)
    assert with_junk["board"]["junk"][0] == {"row": 0, "col": 0, "letter": "A"}
    assert len(with_junk["board"]["junk"]) == 100
    assert "junk" not in doc["board"]
