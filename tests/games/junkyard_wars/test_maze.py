"""Maze tiles: geometry, exits at the middle cells, connectivity, distinct faces, metrics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.junkyard_wars.maze import (
    EXITS,
    SIDES,
    SIZE,
    Algorithm,
    canonical,
    face_metrics,
    face_problems,
    generate_tiles,
    mirror_cells,
    rotate_cells,
    tile_set_problems,
    tiles_to_json,
)
from pnp.seed import py_rng

SEEDS = st.one_of(st.integers(min_value=0, max_value=2**40 - 1), st.text(max_size=12))


def tiles_of(seed):
    return generate_tiles(py_rng(seed, "maze"))


def test_exits_are_the_middle_cell_of_each_side():
    assert EXITS == {"n": (0, 2), "e": (2, 4), "s": (4, 2), "w": (2, 0)}


def test_exit_places_are_rotation_invariant():
    # The set of exit positions maps to itself under a quarter turn: any rotation lines up.
    cells = tiles_of(1)[0].faces[0].cells
    for k in range(4):
        turned = rotate_cells(cells, k)
        for side, (r, c) in EXITS.items():
            assert not turned[r][c][SIDES.index(side)]


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_every_face_valid_connected_and_distinct(seed):
    tiles = tiles_of(seed)
    assert [t.id for t in tiles] == list(range(1, 11))
    assert [f.side for t in tiles for f in t.faces] == ["A", "B"] * 10
    assert tile_set_problems(tiles) == []
    keys = {canonical(f.cells) for t in tiles for f in t.faces}
    assert len(keys) == 20


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_exactly_four_exits_on_each_face(seed):
    for tile in tiles_of(seed):
        for face in tile.faces:
            border_openings = []
            for r in range(SIZE):
                for c in range(SIZE):
                    for k, side in enumerate(SIDES):
                        on_border = {"n": r == 0, "e": c == SIZE - 1, "s": r == SIZE - 1,
                                     "w": c == 0}[side]
                        if on_border and not face.cells[r][c][k]:
                            border_openings.append((side, r, c))
            assert sorted(border_openings) == sorted((s, *EXITS[s]) for s in SIDES)


def test_rotation_and_mirror():
    cells = tiles_of(7)[3].faces[1].cells
    assert rotate_cells(cells, 4) == cells
    assert mirror_cells(mirror_cells(cells)) == cells
    # A cell's north wall becomes the east wall of the cell it turns onto: (0, c) -> (c, 4).
    turned = rotate_cells(cells, 1)
    for c in range(SIZE):
        assert turned[c][SIZE - 1][1] == cells[0][c][0]
    assert canonical(turned) == canonical(cells) == canonical(mirror_cells(cells))
    assert face_problems(turned) == [] and face_problems(mirror_cells(cells)) == []


def test_problems_found():
    cells = [list(row) for row in tiles_of(2)[0].faces[0].cells]
    n, e, s, w = cells[0][0]
    cells[0][0] = (n, not e, s, w)  # one-sided wall
    assert any("disagrees" in p for p in face_problems(tuple(map(tuple, cells))))
    closed = tuple(tuple((True,) * 4 for _ in range(SIZE)) for _ in range(SIZE))
    assert face_problems(closed)  # exits closed
    tiles = tiles_of(3)
    twin = tiles[:9] + (tiles[9].__class__(10, (tiles[0].faces[0], tiles[9].faces[1])),)
    assert any("repeats" in p for p in tile_set_problems(twin))


def test_metrics_of_a_known_face():
    # A comb: open corridor along row 2 and column 2, every other cell a spur -> known numbers.
    open_edges = set()
    for c in range(SIZE - 1):
        open_edges.add((2 * SIZE + c, 2 * SIZE + c + 1))
    for r in range(SIZE - 1):
        open_edges.add((r * SIZE + 2, (r + 1) * SIZE + 2))
    for r in (0, 1, 3, 4):
        for c in (0, 1):
            open_edges.add((r * SIZE + c, r * SIZE + c + 1))
        for c in (2, 3):
            open_edges.add((r * SIZE + c, r * SIZE + c + 1))
    from pnp.games.junkyard_wars.maze import _cells_from_open

    cells = _cells_from_open(open_edges)
    assert face_problems(cells) == []
    m = face_metrics(cells)
    assert m.loops == 0
    assert dict(m.exit_paths) == {"n-e": 4, "n-s": 4, "n-w": 4, "e-s": 4, "e-w": 4, "s-w": 4}
    assert m.difficulty == 1.0 and m.tier == "easy"
    assert m.dead_ends == 8  # the 8 corner-most cells at the ends of the spurs


def test_mix_of_algorithms_and_dead_end_baselines():
    by = {a: [] for a in Algorithm}
    for seed in range(30):
        for tile in tiles_of(seed):
            for face in tile.faces:
                by[face.algorithm].append(face_metrics(face.cells))
    assert [len(by[a]) for a in Algorithm] == [210, 210, 180]
    share = {a: sum(m.dead_end_share for m in ms) / len(ms) for a, ms in by.items()}
    # Known baselines (big grids): Wilson ~29%, backtracker ~16%; a 5x5 face runs a bit lower.
    assert 0.22 < share[Algorithm.WILSON] < 0.31
    assert 0.11 < share[Algorithm.BACKTRACKER] < 0.19
    assert share[Algorithm.LOOPS] < share[Algorithm.BACKTRACKER]
    assert all(m.loops == 0 for a in (Algorithm.WILSON, Algorithm.BACKTRACKER) for m in by[a])
    assert all(2 <= m.loops <= 4 for m in by[Algorithm.LOOPS])
    tiers = {m.tier for ms in by.values() for m in ms}
    assert tiers == {"easy", "medium", "hard"}


def test_same_seed_same_tiles_and_json_shape():
    assert tiles_of("abc") == tiles_of("abc")
    assert tiles_of("abc") != tiles_of("abd")
    doc = tiles_to_json(tiles_of("abc"))
    assert len(doc) == 10 and doc[0]["id"] == 1
    face = doc[0]["faces"][0]
    assert face["side"] == "A" and len(face["cells"]) == 5 and len(face["cells"][0]) == 5
    assert set(face["cells"][0][0]) == {"n", "e", "s", "w"}
    assert face["cells"][0][2]["n"] is False and face["cells"][0][0]["n"] is True
    assert len(face["metrics"]["exit_paths"]) == 6
