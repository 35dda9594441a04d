"""Where a move can take a vehicle (``movement.py``), pinned to the rulebook's words: each test
was written against a mutant of the module no earlier test noticed. Sections: "Moving a
Vehicle", "Turning (fig 2)", "Reversing" and AGILE (Special Skills).

Facings: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east (axial).
"""

from __future__ import annotations

from pnp.games.wreck_and_ruin import movement
from pnp.games.wreck_and_ruin.movement import Grid, grid_of, reach, reach_grid

from .helpers import blank_board


def road(length: int) -> Grid:
    """A straight road of ``length`` open hexes running east from (0, 0)."""
    coords = [(q, 0) for q in range(length)]
    return Grid(coords, dict.fromkeys(coords, True))


def test_a_move_is_any_number_of_hexes_up_to_the_move_value_whatever_its_size():
    # "Any vehicle can spend 1AP to move any number of hexes up to its 'move' value in a
    # straight line": on a long road the last hex reached is the allowance's, at that cost
    # (the cost tables switch from bytes to a list above 254 movement points)
    g = road(400)
    blocked = [False] * len(g.coords)
    for allowance in (60, 200, 254, 255, 256, 300):
        ends = reach_grid(g, 0, 0, allowance, blocked)
        assert ends[(allowance, 0)] == allowance
        assert (allowance + 1, 0) not in ends
        assert all(ends[(q, 0)] == q for q in range(1, allowance + 1))
    plain = reach((0, 0), 0, 300, lambda c: 0 <= c[0] < 400 and c[1] == 0)
    assert plain[((300, 0), 0)] == 300 and ((301, 0), 0) not in plain


def test_by_default_a_move_is_forward_turning_one_face_a_hex_and_one_hex_long():
    # The defaults are a one-hex vehicle going forward: a buggy's move, not a big rig's ("They
    # use the rear of the vehicle for moving"), not a scout's ("AGILE ... turn on the spot to
    # face any direction"), not a reverse ("Each hex reversed into costs 2 movement")
    board = blank_board()
    g = grid_of(board)
    start = g.index[(0, 0)]
    blocked = [False] * len(g.coords)
    blocked[g.index[(2, 0)]] = True           # a rock two hexes ahead
    ends = {(g.coords[h], f): c for (h, f), c in reach_grid(g, start, 0, 3, blocked).items()}
    assert ends[((1, 0), 0)] == 1             # a big rig's front would enter the rock
    assert ((0, 0), 2) not in ends            # "CANNOT turn more than one face in their hex"
    assert ((-1, 0), 0) not in ends           # backwards only by reversing
    assert ends == reach((0, 0), 0, 3, lambda c: c != (2, 0))
    assert reach((0, 0), 0, 3, lambda c: c != (2, 0))[((1, 0), 0)] == 1


def test_a_boards_tables_are_built_once_and_only_for_that_board():
    # ``grid_of`` keeps one table per board (by its id): asked twice, the same table; an entry
    # left by another board that had the same id is not reused
    board = blank_board()
    assert grid_of(board) is grid_of(board)
    stale = Grid([(0, 0)], {(0, 0): True})
    movement._GRIDS[id(board)] = (object(), stale)
    g = grid_of(board)
    assert g is not stale and len(g.coords) == len(board.terrain)
    assert grid_of(board) is g



def test_a_two_hex_agile_vehicle_reversing_reaches_what_the_plain_rules_reach():
    # A vehicles file may give a 2-hex vehicle AGILE ("turn on the spot to face any direction
    # at the cost of 1 movement"); reversing ("Each hex reversed into costs 2 movement,
    # turning still costs 1") it can reach a facing by a turn for less than by the reverse
    # found first: that dearer way is dropped and the search goes on (the flat tables as the
    # coordinates' plain search)
    board = blank_board()
    g = grid_of(board)
    blocked = [False] * len(g.coords)
    blocked[g.index[(-1, 1)]] = True
    fast = reach_grid(g, g.index[(0, 0)], 0, 8, blocked, rig=True, agile=True, reverse=True)
    plain = reach((0, 0), 0, 8, lambda c: c in g.index and c != (-1, 1), rig=True, agile=True,
                  reverse=True)
    assert len(plain) == 144
    assert {(g.coords[h], f): c for (h, f), c in fast.items()} == plain
