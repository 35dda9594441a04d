"""The board's geometry and board.json, exactly: tiers, rings, neighbours, adjacency, labels and
every refusal's whole line (Game Setup 1: "The game board is formed of three Tiers")."""

import copy

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import (
    Board,
    Hex,
    Kind,
    Terrain,
    adjacency,
    board_coords,
    board_from_dict,
    board_to_dict,
    check_vehicle,
    hex_from_dict,
    neighbours,
    ring,
    ring_of,
    tier_of,
    validate_hexes,
)

CAT = default_catalogue()
BOARD = session_board(3, CAT)


def _hex(**kw):
    base = {"q": 1, "r": 0, "tier": 1, "kind": "normal", "tile": "N1", "route_difficulty": 2}
    base.update(kw)
    return base


def _refused(d, where="b.json"):
    with pytest.raises(PnpError) as err:
        hex_from_dict(d, where)
    return str(err.value)


def test_tiers_centre_and_rings():
    # "Tier 1: central tile C1 with S1, S2; Tier 2: ...; Tier 3: ..." (Game Setup 1):
    # the centre and ring 1 are Tier 1, ring 2 Tier 2, ring 3 Tier 3.
    assert ring_of((0, 0)) == 0 and tier_of((0, 0)) == 1
    assert (tier_of((1, -1)), tier_of((0, 2)), tier_of((-3, 1))) == (1, 2, 3)
    assert ring_of((-3, 1)) == 3


def test_neighbours_clockwise_from_east_and_the_radius():
    assert neighbours((0, 0)) == ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    assert neighbours((3, 0)) == ((2, 1), (2, 0), (3, -1))
    assert neighbours((3, 0), radius=4) == ((4, 0), (3, 1), (2, 1), (2, 0), (3, -1), (4, -1))
    assert neighbours((1, 0), radius=1) == ((0, 1), (0, 0), (1, -1))  # ring 1 edge kept


def test_rings_exactly():
    assert ring(0) == ((0, 0),)
    assert ring(1) == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    assert ring(2) == ((1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2),
                       (-2, 1), (-2, 0), (-1, -1), (0, -2))
    assert ring(3)[:4] == ((2, -3), (3, -3), (3, -2), (3, -1))
    assert len(ring(3)) == 18


def test_board_coords_ring_by_ring():
    assert board_coords(1) == ((0, 0),) + ring(1)
    assert board_coords(0) == ((0, 0),)
    assert board_coords() == ((0, 0),) + ring(1) + ring(2) + ring(3)


def test_adjacency_pairs():
    rows, cols = adjacency(board_coords())
    assert len(rows) == len(cols) == 180  # 90 shared edges on a radius-3 board, both ways
    pairs = set(zip(rows, cols, strict=True))
    assert all((j, i) in pairs for i, j in pairs)
    assert rows[:7] == (0, 0, 0, 0, 0, 0, 1) and cols[:7] == (2, 3, 4, 5, 6, 1, 9)
    # only hexes of the given order: the centre and two of its neighbours
    sub = ((0, 0), (1, 0), (5, 5))
    assert adjacency(sub) == ((0, 1), (1, 0))


def test_labels_and_coord():
    h = Hex(q=1, r=0, tier=1, kind=Kind.NORMAL, tile="N1", route_difficulty=2,
            terrain=Terrain.SWAMP)
    assert h.coord == (1, 0) and h.label == "Swamp"
    assert Hex(q=0, r=0, tier=1, kind=Kind.CITY, tile="C1", route_difficulty=1, name="Gangraen",
               number=1).label == "Gangraen [1]"
    assert Hex(q=0, r=0, tier=1, kind=Kind.CITY, tile="C1", route_difficulty=1,
               name="Gangraen").label == "Gangraen"
    assert Hex(q=0, r=0, tier=1, kind=Kind.NORMAL, tile="N7", route_difficulty=1).label == "N7"
    assert h.to_dict() == {"q": 1, "r": 0, "tier": 1, "kind": "normal", "tile": "N1",
                           "route_difficulty": 2, "threat": 0, "radiation": 0,
                           "contamination": 0, "number": None, "name": None,
                           "terrain": "swamp"}


def test_board_lookups():
    assert BOARD.coords == board_coords()
    assert BOARD.index((1, 0)) == 2 and BOARD.at((1, 0)) is BOARD.hexes[2]
    assert BOARD.gangraen.tile == "C1"
    dest = BOARD.destinations()
    assert [h.tile for h in dest] == ["S1", "S2", "C2", "S3", "C3", "S4", "S5", "C4", "S6", "S7",
                                      "S8", "C5", "S9"]
    assert BOARD.by_tile("C3").name == "Queen's Valley"
    assert BOARD.by_tile("S1") is BOARD.hexes[[h.tile for h in BOARD.hexes].index("S1")]
    with pytest.raises(KeyError) as err:
        BOARD.by_tile("X9")
    assert err.value.args == ("X9",)


def test_hex_from_dict_fields_and_defaults():
    h = hex_from_dict(_hex(q=-1, r=-1, tier=2, terrain="jungle", number=999, name="N",
                           route_difficulty=9, threat=9, radiation=1, contamination=2))
    assert (h.q, h.r, h.tier, h.kind, h.tile, h.route_difficulty) == (-1, -1, 2, Kind.NORMAL,
                                                                     "N1", 9)
    assert (h.threat, h.radiation, h.contamination, h.number, h.name, h.terrain) == (
        9, 1, 2, 999, "N", Terrain.JUNGLE)
    h = hex_from_dict(_hex(route_difficulty=1, number=1))
    assert (h.threat, h.radiation, h.contamination, h.terrain, h.name) == (0, 0, 0, None, None)
    assert h.route_difficulty == 1 and h.number == 1
    assert hex_from_dict(_hex(q=3, r=-3, tier=3)).coord == (3, -3)
    assert hex_from_dict(_hex(q=-3, r=3, tier=3)).coord == (-3, 3)


def test_hex_from_dict_refusals_whole_lines():
    assert _refused([1]) == "b.json: field 'hexes': each hex must be an object"
    for key in ("q", "r", "tier", "kind", "tile", "route_difficulty"):
        d = _hex()
        del d[key]
        assert _refused(d) == f"b.json: field '{key}': missing"
    assert _refused(_hex(q=4)) == "b.json: field 'q': must be an integer -3..3, got 4"
    assert _refused(_hex(q=-4)) == "b.json: field 'q': must be an integer -3..3, got -4"
    assert _refused(_hex(r=True)) == "b.json: field 'r': must be an integer -3..3, got True"
    assert _refused(_hex(r=1.0)) == "b.json: field 'r': must be an integer -3..3, got 1.0"
    assert _refused(_hex(q=3, r=1)) == "b.json: field 'q': (3, 1) is off the 37-hex board"
    assert _refused(_hex(tier=0)) == "b.json: field 'tier': must be an integer 1..3, got 0"
    assert _refused(_hex(tier=4)) == "b.json: field 'tier': must be an integer 1..3, got 4"
    assert _refused(_hex(tier=2)) == "b.json: field 'tier': hex (1, 0) is in tier 1, not 2"
    assert _refused(_hex(kind="castle")) == (
        "b.json: field 'kind': unknown kind 'castle' (city, special, normal)")
    assert _refused(_hex(terrain="ice")) == (
        "b.json: field 'terrain': unknown terrain 'ice' "
        "(desert, swamp, jungle, mountains, highway)")
    assert _refused(_hex(number=0)) == "b.json: field 'number': must be an integer 1..999, got 0"
    assert _refused(_hex(number=1000)) == (
        "b.json: field 'number': must be an integer 1..999, got 1000")
    assert _refused(_hex(name=3)) == "b.json: field 'name': must be a string"
    for tile in ("", 5):
        assert _refused(_hex(tile=tile)) == (
            "b.json: field 'tile': must be a place label like C1, S4 or N12")
    assert _refused(_hex(route_difficulty=10)) == (
        "b.json: field 'route_difficulty': must be an integer 1..9, got 10")
    assert _refused(_hex(route_difficulty=0)) == (
        "b.json: field 'route_difficulty': must be an integer 1..9, got 0")
    for f in ("threat", "radiation", "contamination"):
        assert _refused(_hex(**{f: 10})) == f"b.json: field '{f}': must be an integer 0..9, got 10"
        assert _refused(_hex(**{f: -1})) == f"b.json: field '{f}': must be an integer 0..9, got -1"
    assert str(pytest.raises(PnpError, hex_from_dict, _hex(q=9)).value).startswith(
        "board.json: field 'q'")


def _data():
    return board_to_dict(BOARD)


def _board_refused(mutate, where="b.json"):
    data = copy.deepcopy(_data())
    mutate(data)
    with pytest.raises(PnpError) as err:
        board_from_dict(data, where)
    return str(err.value)


def test_validate_hexes_refusals_whole_lines():
    assert _board_refused(lambda d: d["hexes"].pop()) == (
        "b.json: field 'hexes': a board has 37 hexes, got 36")

    def dup(d):
        d["hexes"][5].update(q=d["hexes"][6]["q"], r=d["hexes"][6]["r"])
    assert _board_refused(dup) == "b.json: field 'hexes': duplicate coordinate q=0, r=-1"

    def dup_tiles(d):
        d["hexes"][8]["tile"] = d["hexes"][7]["tile"] = "N9"
        d["hexes"][9]["tile"] = d["hexes"][10]["tile"] = "C7"
    assert _board_refused(dup_tiles) == "b.json: field 'tile': duplicate tile label C7"
    assert _board_refused(lambda d: d["hexes"][0].update(kind="special")) == (
        "b.json: field 'kind': the centre hex must be the city Gangraen [1]")
    assert str(pytest.raises(PnpError, validate_hexes, BOARD.hexes[1:]).value) == (
        "board.json: field 'hexes': a board has 37 hexes, got 36")


def test_validate_hexes_sorts_ring_by_ring():
    assert validate_hexes(reversed(BOARD.hexes)) == BOARD.hexes


def test_board_dicts():
    data = _data()
    assert set(data) == {"hexes", "mode", "seed_code"}
    assert data["mode"] == BOARD.mode and data["seed_code"] == BOARD.seed_code
    assert board_to_dict(BOARD, {"strider": {}})["metrics"] == {"strider": {}}
    del data["mode"], data["seed_code"]
    b = board_from_dict(data)
    assert (b.mode, b.seed_code) == ("session", "")
    data.update(mode="fixed", seed_code="AB12")
    b = board_from_dict(data)
    assert (b.mode, b.seed_code) == ("fixed", "AB12")


def test_board_from_dict_refusals_whole_lines():
    for bad in ([], {"hexes": {}}):
        assert str(pytest.raises(PnpError, board_from_dict, bad, "b.json").value) == (
            "b.json: field 'hexes': expected an object with a 'hexes' list")
    # a bad hex is named in the file given
    assert _board_refused(lambda d: d["hexes"][4].update(threat=10)) == (
        "b.json: field 'threat': must be an integer 0..9, got 10")
    assert _board_refused(lambda d: d.update(metrics=[])) == (
        "b.json: field 'metrics': must be an object keyed by vehicle")
    assert _board_refused(lambda d: d.update(metrics={"strider": {}, "tank": {}})) == (
        "b.json: field 'vehicle': unknown vehicle 'tank' (strider, off-road, heavy-duty)")
    assert str(pytest.raises(PnpError, board_from_dict, []).value).startswith("board.json: ")


def test_check_vehicle():
    for v in ("strider", "off-road", "heavy-duty"):
        assert check_vehicle(v) == v
    assert str(pytest.raises(PnpError, check_vehicle, "bike").value) == (
        "field 'vehicle': unknown vehicle 'bike' (strider, off-road, heavy-duty)")


def test_board_equality_ignores_the_index():
    assert Board(hexes=BOARD.hexes) == Board(hexes=BOARD.hexes)
