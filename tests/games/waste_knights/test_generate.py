"""Board generation: Game Setup 1 (session) and the new tile set mode."""

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import design_tiles, generate_board, session_board
from pnp.games.waste_knights.hexes import Kind, board_to_dict, distance, tier_of

CAT = default_catalogue()
CITY_AT = {"C1": (0, 0), "C2": (1, -2), "C3": (-1, 2), "C4": (3, 0), "C5": (-3, 0)}
CITY_NAMES = {"C1": "Gangraen", "C2": "Pumps", "C3": "Queen's Valley", "C4": "New Sydney",
              "C5": "Alice Offsprings"}


def _check_counts(board):
    assert len(board.hexes) == 37
    assert len({h.coord for h in board.hexes}) == 37
    tiers = [h.tier for h in board.hexes]
    assert (tiers.count(1), tiers.count(2), tiers.count(3)) == (7, 12, 18)
    for h in board.hexes:
        assert h.tier == tier_of(h.coord)
    for tile, coord in CITY_AT.items():
        h = board.by_tile(tile)
        assert h.coord == coord and h.kind is Kind.CITY and h.name == CITY_NAMES[tile]
    specials = [board.by_tile(f"S{i}") for i in range(1, 11)]
    assert [h.tier for h in specials] == [1, 1, 2, 2, 3, 3, 3, 3, 3, 3]
    labels = sorted(h.tile for h in board.hexes)
    assert len(set(labels)) == 37
    assert sum(1 for h in board.hexes if h.tile.startswith("N")) == 22


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40 - 1))
def test_every_session_board_has_its_counts(seed):
    board = session_board(seed, CAT)
    _check_counts(board)
    # The 9 special tiles of the reference sheet are all in play; S10 takes a normal tile.
    numbers = sorted(h.number for h in board.hexes if h.kind is Kind.SPECIAL)
    assert numbers == list(range(6, 15))
    assert sum(1 for h in board.hexes if h.kind is Kind.NORMAL) == 23


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**40 - 1))
def test_every_new_tile_board_has_its_counts(seed):
    board, tiles = generate_board(seed, "new-tiles", CAT)
    _check_counts(board)
    assert all(board.by_tile(f"S{i}").kind is Kind.SPECIAL for i in range(1, 11))
    normals = [h for h in board.hexes if h.kind is Kind.NORMAL]
    assert len(normals) == 22
    # Declared targets: mean route difficulty 2.0, exact icon totals.
    assert sum(h.route_difficulty for h in normals) == 44
    assert sum(h.threat for h in normals) == 7
    assert sum(h.radiation for h in normals) == 2
    assert sum(h.contamination for h in normals) == 4


def test_tier_one_is_central_tile_plus_two_specials():
    board = session_board("tier one", CAT)
    ring1 = [h for h in board.hexes if distance(h.coord, (0, 0)) == 1]
    assert sorted(h.tile for h in ring1) == ["N1", "N2", "N3", "N4", "S1", "S2"]
    cat = default_catalogue()
    assert [board.by_tile(f"N{i}").terrain for i in range(1, 5)] == \
        [t.terrain for t in cat.central_normals]


def test_deterministic_and_seed_dependent():
    assert board_to_dict(session_board("abc", CAT)) == board_to_dict(session_board("abc", CAT))
    assert session_board("abc", CAT) != session_board("abd", CAT)
    assert design_tiles(5, CAT) == design_tiles(5, CAT)


def test_session_uses_the_whole_box():
    board = session_board(99, CAT)
    cat = default_catalogue()
    assert len(cat.normals) == 19 and len(cat.specials) == 9
    normals = sorted((h.terrain.value, h.route_difficulty, h.threat, h.radiation, h.contamination)
                     for h in board.hexes if h.kind is Kind.NORMAL and h.tile not in
                     ("N1", "N2", "N3", "N4"))
    want = sorted((t.terrain.value, t.route_difficulty, t.threat, t.radiation, t.contamination)
                  for t in cat.normals)
    assert normals == want
