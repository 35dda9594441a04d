"""Hex coordinates, the 37-hex board and board.json validation (Game Setup 1)."""

import copy

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import (
    BOARD_HEXES,
    Kind,
    board_coords,
    board_from_dict,
    board_to_dict,
    distance,
    neighbours,
    ring,
    tier_of,
)

CAT = default_catalogue()


def test_board_has_37_hexes_in_three_tiers():
    coords = board_coords()
    assert len(coords) == BOARD_HEXES == len(set(coords))
    tiers = [tier_of(c) for c in coords]
    assert (tiers.count(1), tiers.count(2), tiers.count(3)) == (7, 12, 18)


def test_rings_clockwise_from_north():
    assert [len(ring(k)) for k in range(4)] == [1, 6, 12, 18]
    assert ring(2)[0] == (1, -2)  # due north of Gangraen on pointy-top hexes
    assert ring(1)[0] == (1, -1)


def test_neighbours_and_distance():
    assert len(neighbours((0, 0))) == 6
    assert len(neighbours((3, 0))) == 3  # a corner of the outer ring
    assert len(neighbours((2, 1))) == 4  # an edge of the outer ring
    for n in neighbours((1, -1)):
        assert distance(n, (1, -1)) == 1
    assert distance((3, 0), (-3, 0)) == 6
    assert distance((1, -2), (-1, 2)) == 4


def test_board_json_round_trip():
    board = session_board(7, CAT)
    data = board_to_dict(board)
    assert len(data["hexes"]) == 37
    fields = {"q", "r", "tier", "kind", "number", "name", "terrain", "route_difficulty",
              "threat", "radiation", "contamination", "tile"}
    assert all(fields <= set(h) for h in data["hexes"])
    assert board_from_dict(data) == board


def _bad(mutate):
    data = board_to_dict(session_board(3, CAT), {"strider": {}})
    mutate(data)
    with pytest.raises(PnpError) as err:
        board_from_dict(copy.deepcopy(data))
    return str(err.value)


def test_36_hexes_rejected():
    assert "37 hexes, got 36" in _bad(lambda d: d["hexes"].pop())


def test_duplicate_coordinate_rejected():
    def dup(d):
        d["hexes"][5]["q"], d["hexes"][5]["r"] = d["hexes"][6]["q"], d["hexes"][6]["r"]
        d["hexes"][5]["tier"] = d["hexes"][6]["tier"]
    assert "duplicate coordinate" in _bad(dup)


def test_unknown_vehicle_rejected():
    assert "unknown vehicle 'hovercraft'" in _bad(lambda d: d["metrics"].update(hovercraft={}))


def test_bad_fields_rejected():
    assert "field 'kind'" in _bad(lambda d: d["hexes"][3].update(kind="castle"))
    assert "field 'tier'" in _bad(lambda d: d["hexes"][0].update(tier=2))
    assert "field 'route_difficulty'" in _bad(lambda d: d["hexes"][1].update(route_difficulty=0))
    assert "off the 37-hex board" in _bad(lambda d: d["hexes"][30].update(q=3, r=3))


def test_gangraen_at_centre():
    board = session_board(11, CAT)
    assert board.gangraen.name == "Gangraen" and board.gangraen.kind is Kind.CITY
