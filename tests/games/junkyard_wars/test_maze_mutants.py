"""The maze tile generator (maze.py), pinned to the rulebook's components and the docs' promises.

Rules, COMPONENTS: "10 double-sided maze tiles, each with a 5x5 section of labyrinth and four
exits"; SETUP: "choosing nine of the maze tiles and arranging them in a 3x3 square".
docs/junkyard-wars.md: "no two of the 20 faces are alike under rotation or mirror. Each face's
dead-end share, exit-to-exit path lengths, loops and a difficulty figure are in maze.json".
"""

from __future__ import annotations

from itertools import combinations

import pytest

from pnp.games.junkyard_wars.maze import (
    DEFAULT_MIX,
    EXITS,
    LOOP_RANGE,
    SIDES,
    SIZE,
    TIERS,
    TILE_COUNT,
    Algorithm,
    Face,
    FaceMetrics,
    Tile,
    _cells_from_open,
    canonical,
    face_metrics,
    face_problems,
    face_to_json,
    generate_tiles,
    mirror_cells,
    rotate_cells,
    tile_set_problems,
    tiles_to_json,
)
from pnp.seed import py_rng

TILES = generate_tiles(py_rng("mutants", "maze"))
FACES = [f for t in TILES for f in t.faces]


def _serpentine() -> set[tuple[int, int]]:
    """Rows open left to right, joined alternately at the east and west ends: one long path."""
    edges = {(r * SIZE + c, r * SIZE + c + 1) for r in range(SIZE) for c in range(SIZE - 1)}
    for r in range(SIZE - 1):
        c = SIZE - 1 if r % 2 == 0 else 0
        edges.add((r * SIZE + c, (r + 1) * SIZE + c))
    return edges


def bits(cells) -> list[bool]:
    """Inner walls, east of each cell then south, row-major (the test's own order)."""
    return [cells[r][c][1] for r in range(SIZE) for c in range(SIZE - 1)] + \
        [cells[r][c][2] for r in range(SIZE - 1) for c in range(SIZE)]


def test_the_tile_set_shape_and_the_mix():
    assert TILE_COUNT == 10 and LOOP_RANGE == (2, 4)
    assert DEFAULT_MIX == ((Algorithm.WILSON, 7), (Algorithm.BACKTRACKER, 7),
                           (Algorithm.LOOPS, 6))
    assert [t.id for t in TILES] == list(range(1, 11))
    assert all(isinstance(t, Tile) and [f.side for f in t.faces] == ["A", "B"] for t in TILES)
    assert all(f.tile == t.id for t in TILES for f in t.faces)
    assert [t.face("A") for t in TILES] == [t.faces[0] for t in TILES]
    assert [t.face("B") for t in TILES] == [t.faces[1] for t in TILES]
    algos = [f.algorithm for f in FACES]
    assert [algos.count(a) for a in Algorithm] == [7, 7, 6]
    assert tile_set_problems(TILES) == []
    custom = generate_tiles(py_rng(1, "maze"), mix=((Algorithm.LOOPS, 20),))
    assert {f.algorithm for t in custom for f in t.faces} == {Algorithm.LOOPS}
    with pytest.raises(ValueError) as err:
        generate_tiles(py_rng(1, "maze"), mix=((Algorithm.WILSON, 19),))
    assert str(err.value) == "the face mix must cover 20 faces"


def test_perfect_faces_are_spanning_trees_and_loops_faces_add_two_to_four():
    for f in FACES:
        m = face_metrics(f.cells)
        inner_open = bits(f.cells).count(False)
        if f.algorithm is Algorithm.LOOPS:
            assert 24 + 2 <= inner_open <= 24 + 4 and m.loops == inner_open - 24
        else:
            assert inner_open == 24 and m.loops == 0  # 25 cells, 24 passages, all connected
        assert face_problems(f.cells) == []


def test_exits_are_open_and_every_other_border_side_walled():
    cells = _cells_from_open(set())  # no inner passage at all
    for r in range(SIZE):
        for c in range(SIZE):
            for k, side in enumerate(SIDES):
                on_border = {"n": r == 0, "e": c == SIZE - 1, "s": r == SIZE - 1,
                             "w": c == 0}[side]
                expected = not (on_border and (r, c) == EXITS[side])
                assert cells[r][c][k] is expected, (r, c, side)
    assert face_problems(cells) == ["24 cells cannot be reached from the exits"]  # from (0, 2)


def test_face_metrics_of_a_serpentine():
    cells = _cells_from_open(_serpentine())
    assert face_problems(cells) == []
    m = face_metrics(cells)
    # Openings: (0,0) only east; (4,0) only east... the exits count as openings.
    openings = [sum(not w for w in cells[r][c]) for r in range(SIZE) for c in range(SIZE)]
    assert m.dead_ends == openings.count(1) == 2  # (0, 0) and (4, 4)
    assert m.dead_end_share == 2 / 25 and m.loops == 0 and isinstance(m.loops, int)
    # Along the path: cell (r, c) is step 5r + c on even rows, 5r + 4 - c on odd ones.
    step = {(r, c): 5 * r + (c if r % 2 == 0 else 4 - c) for r in range(5) for c in range(5)}
    pos = {s: step[EXITS[s]] for s in SIDES}
    paths = {f"{a}-{b}": abs(pos[a] - pos[b]) for a, b in combinations(SIDES, 2)}
    assert dict(m.exit_paths) == paths
    assert [k for k, _ in m.exit_paths] == ["n-e", "n-s", "n-w", "e-s", "e-w", "s-w"]
    assert m.difficulty == sum(paths.values()) / 6 / 4
    assert m.tier == "hard"
    d = m.to_dict()
    assert d == {"dead_ends": 2, "dead_end_share": 0.08, "exit_paths": paths, "loops": 0,
                 "difficulty": round(m.difficulty, 3), "tier": "hard"}


def test_tiers_cut_at_their_bounds():
    assert TIERS == ((1.6, "easy"), (1.9, "medium"), (float("inf"), "hard"))
    seen = set()
    for seed in range(6):
        for t in generate_tiles(py_rng(seed, "maze")):
            for f in t.faces:
                m = face_metrics(f.cells)
                want = "easy" if m.difficulty < 1.6 else "medium" if m.difficulty < 1.9 \
                    else "hard"
                assert m.tier == want
                seen.add(want)
                assert isinstance(m, FaceMetrics)
    assert seen == {"easy", "medium", "hard"}


def test_metrics_rounding_in_json():
    m = FaceMetrics(3, 3 / 25, (("n-e", 4),), 1, 1.123456, "easy")
    assert m.to_dict() == {"dead_ends": 3, "dead_end_share": 0.12, "exit_paths": {"n-e": 4},
                           "loops": 1, "difficulty": 1.123, "tier": "easy"}
    m = FaceMetrics(1, 1 / 3, (), 0, 2.0, "hard")
    assert m.to_dict()["dead_end_share"] == 0.3333


def test_rotation_and_mirror_exactly():
    cells = FACES[3].cells
    turned = rotate_cells(cells, 1)
    for r in range(SIZE):
        for c in range(SIZE):
            n, e, s, w = cells[r][c]
            assert turned[c][SIZE - 1 - r] == (w, n, e, s)  # clockwise: north becomes east
    assert rotate_cells(cells, 0) == cells and rotate_cells(cells, 4) == cells
    assert rotate_cells(cells, 5) == turned and rotate_cells(cells, -3) == turned
    assert rotate_cells(cells, 2) == rotate_cells(turned, 1)
    mirrored = mirror_cells(cells)
    for r in range(SIZE):
        for c in range(SIZE):
            n, e, s, w = cells[r][c]
            assert mirrored[r][SIZE - 1 - c] == (n, w, s, e)


def test_canonical_is_the_smallest_code_over_the_symmetries():
    for f in FACES:
        images = [rotate_cells(f.cells, k) for k in range(4)]
        codes = [int("".join("1" if b else "0" for b in _code_bits(c)), 2) for c in images]
        mirror_codes = [int("".join("1" if b else "0" for b in _code_bits(mirror_cells(c))), 2)
                        for c in images]
        assert canonical(f.cells, mirrors=False) == min(codes)
        assert canonical(f.cells) == min(codes + mirror_codes)
        assert canonical(f.cells) == canonical(mirror_cells(f.cells))
    # A face whose mirror image is no rotation of it: told apart only without mirrors.
    chiral = next(f.cells for f in FACES
                  if canonical(f.cells, mirrors=False)
                  != canonical(mirror_cells(f.cells), mirrors=False))
    assert canonical(chiral) == canonical(mirror_cells(chiral))


def _code_bits(cells) -> list[bool]:
    """The module's inner-edge order: edges (a, b) with a < b sorted, a wall on each."""
    out = []
    edges = sorted({(min(i, j), max(i, j)) for i in range(25) for j in _nb(i)})
    for a, b in edges:
        r, c = divmod(a, SIZE)
        out.append(cells[r][c][1] if b == a + 1 else cells[r][c][2])
    return out


def _nb(i: int) -> list[int]:
    r, c = divmod(i, SIZE)
    return [rr * SIZE + cc for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
            if 0 <= rr < SIZE and 0 <= cc < SIZE]


def test_face_problems_word_for_word():
    assert face_problems(FACES[0].cells[:4]) == ["a face is 5 rows of 5 cells"]
    assert face_problems(tuple(row[:4] for row in FACES[0].cells)) == \
        ["a face is 5 rows of 5 cells"]
    cells = [list(row) for row in FACES[0].cells]
    n, e, s, w = cells[1][1]
    cells[1][1] = (n, not e, s, w)
    problems = face_problems(tuple(map(tuple, cells)))
    assert problems == ["cell (1,1) e wall disagrees with its neighbour",
                        "cell (1,2) w wall disagrees with its neighbour"]
    cells = [list(row) for row in FACES[0].cells]
    n, e, s, w = cells[0][2]
    cells[0][2] = (True, e, s, w)  # the north exit closed
    n, e, s, w = cells[0][0]
    cells[0][0] = (False, e, s, w)  # a hole in the border beside it
    assert face_problems(tuple(map(tuple, cells))) == [
        "cell (0,0) n: exits are only at the middle cells",
        "cell (0,2) n: exits are only at the middle cells"]


def test_tile_set_problems_word_for_word():
    assert tile_set_problems(TILES[:9]) == ["9 tiles, expected 10"]
    t0 = TILES[0]
    twin = TILES[:9] + (Tile(10, (t0.faces[0], TILES[9].faces[1])),)
    assert tile_set_problems(twin) == ["face 10A repeats face 1A (rotated or mirrored)"]
    turned = Face(10, "B", rotate_cells(t0.faces[1].cells, 1), Algorithm.WILSON)
    again = TILES[:9] + (Tile(10, (TILES[9].faces[0], turned)),)
    assert tile_set_problems(again) == ["face 10B repeats face 1B (rotated or mirrored)"]
    bad = [list(row) for row in t0.faces[0].cells]
    n, e, s, w = bad[0][2]
    bad[0][2] = (True, e, s, w)
    broken = (Tile(1, (Face(1, "A", tuple(map(tuple, bad)), Algorithm.WILSON), t0.faces[1])),)
    assert tile_set_problems(broken + TILES[1:]) == [
        "face 1A: cell (0,2) n: exits are only at the middle cells"]


def test_faces_differ_and_the_seed_decides():
    assert len({canonical(f.cells) for f in FACES}) == 20
    assert generate_tiles(py_rng("mutants", "maze")) == TILES
    assert generate_tiles(py_rng("other", "maze")) != TILES
    assert FACES[0].wall(0, 2, "n") is False and FACES[0].wall(0, 0, "n") is True
    assert FACES[0].wall(2, 4, "e") is False and FACES[0].wall(2, 0, "w") is False


def test_json_of_faces_and_tiles():
    f = FACES[0]
    d = face_to_json(f)
    assert d == {"side": "A", "cells": [[{"n": w[0], "e": w[1], "s": w[2], "w": w[3]}
                                         for w in row] for row in f.cells]}
    doc = tiles_to_json(TILES)
    assert [t["id"] for t in doc] == list(range(1, 11))
    face = doc[0]["faces"][1]
    assert face["algorithm"] == TILES[0].faces[1].algorithm.value
    assert face["metrics"] == face_metrics(TILES[0].faces[1].cells).to_dict()
    assert face["side"] == "B"
    bare = tiles_to_json(TILES, metrics=False)
    assert bare[0]["faces"][0] == face_to_json(TILES[0].faces[0])
    assert len(bare) == 10 and len(bare[0]["faces"]) == 2


def test_a_face_that_repeats_an_earlier_one_is_drawn_again(monkeypatch):
    # "no two of the 20 faces are alike under rotation or mirror": a carver that gives the
    # first maze twice (the second time turned) must not put it on two faces.
    import random

    from pnp.games.junkyard_wars import maze as M

    source = random.Random(3)
    mazes = [M._wilson(source) for _ in range(25)]
    first = _cells_from_open(mazes[0])
    turned = rotate_cells(first, 1)
    again = {(min(a, b), max(a, b)) for a, b in _open_edges(turned)}
    script = [mazes[0], again] + mazes[1:]
    monkeypatch.setitem(M._CARVE, Algorithm.WILSON, lambda rng: script.pop(0))
    tiles = generate_tiles(py_rng(1, "maze"), mix=((Algorithm.WILSON, 20),))
    assert tile_set_problems(tiles) == []
    assert len({canonical(f.cells) for t in tiles for f in t.faces}) == 20
    assert len(script) == 25 - 20  # 21 drawn: the repeat was drawn again


def _open_edges(cells):
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            i = r * SIZE + c
            if c < SIZE - 1 and not cells[r][c][1]:
                out.append((i, i + 1))
            if r < SIZE - 1 and not cells[r][c][2]:
                out.append((i, i + SIZE))
    return out
