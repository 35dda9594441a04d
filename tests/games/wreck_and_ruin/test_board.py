"""Tiles valid by construction and fair session maps (Setting Up the Game, The Round Tracker)."""

from __future__ import annotations

import random

import pytest

from pnp.errors import PnpError
from pnp.games.wreck_and_ruin.board import RING, SEATS, board_document, generate_board
from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, distance
from pnp.games.wreck_and_ruin.tiles import (
    OBSTACLE,
    OPEN,
    SETUP_TILES,
    TILES,
    TOKEN_PLACES,
    TileSide,
    check_side,
    generate_tiles,
    token_places,
)


@pytest.mark.parametrize("seed", range(6))
def test_every_generated_side_is_valid(seed):
    tiles = generate_tiles(random.Random(seed))
    assert len(tiles) == TILES        # "10 double-sided board tiles"
    for t in tiles:
        for side in (t.a, t.b):
            check_side(side)           # raises on a broken rule
            assert bool(side.setup) == (side is t.a and t.number <= SETUP_TILES)
            assert len(token_places(side.terrain())) >= TOKEN_PLACES


def test_a_tile_with_an_unreachable_setup_area_is_refused():
    # a wall of rocks cutting the setup area off the rest of the tile
    wall = tuple(((1, r), OBSTACLE) for r in range(-3, 3))
    side = TileSide("9A", wall, setup=((3, -3), (3, -2), (3, -1), (3, 0), (2, 0), (2, 1)))
    with pytest.raises(PnpError, match="setup area cannot be reached") as err:
        check_side(side, "tiles")
    assert err.value.field == "tiles.9A.setup"


def test_tiles_json_round_trip_and_a_bad_file(run_pnp, tmp_path):
    import json

    from pnp.games.wreck_and_ruin.tiles import tiles_from_dict, tiles_to_dict

    tiles = generate_tiles(random.Random(4))
    doc = tiles_to_dict(tiles)
    assert tiles_from_dict(json.loads(json.dumps(doc))) == tiles
    doc["tiles"][2]["A"]["rocks"] += [[1, r] for r in range(-3, 3)]
    bad = tmp_path / "tiles.json"
    bad.write_text(json.dumps(doc))
    code, out, err = run_pnp("wreck-and-ruin", "map", "--tiles", str(bad), "--out",
                             str(tmp_path / "out"))
    assert code == 2 and not (tmp_path / "out").exists()
    assert "tiles.json" in err and "tiles[2].3A.setup" in err and len(err.splitlines()) == 1


def test_ring_is_numbered_clockwise_from_the_top():
    # "rolling a 1 when placing a new token would mean ... the topmost tile, a 4 on the bottom"
    ys = [1.5 * c[1] for c in RING]
    assert ys[0] == min(ys) and ys[3] == max(ys)
    assert all(distance(c, (0, 0)) == 7 for c in RING)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_session_map(players):
    b = generate_board("map-test", players)
    assert len(b.terrain) == 7 * 37 and len(b.placements) == 7
    # "place setup tiles equal to the number of players"
    assert [p.position for p in b.placements if p.seat is not None] == list(SEATS[players])
    # open hexes connected over the whole map
    open_hexes = {c for c, t in b.terrain.items() if t == OPEN}
    start = next(iter(open_hexes))
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for dq, dr in DIRECTIONS:
            n = (c[0] + dq, c[1] + dr)
            if n in open_hexes and n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == open_hexes
    # setup areas face out of the map: farther from the centre than their tile's centre
    for seat, area in enumerate(b.setup):
        tile = next(p for p in b.placements if p.seat == seat)
        assert min(distance(h, (0, 0)) for h in area) >= distance(tile.centre, (0, 0))
    fair = b.extra["fairness"]
    assert fair["fair"] and max(fair["spread"].values()) <= fair["margin_ap"]
    # token places on the central tile: not on its edge, open
    assert all(distance(h, (0, 0)) <= 2 and b.terrain[h] == OPEN for h in b.token_hexes[0])


def test_map_is_deterministic_and_documented():
    a = board_document(generate_board("same", 3))
    assert a == board_document(generate_board("same", 3))
    assert a["format"] == "pnp.wreck-and-ruin.map/1"
    hexes = a["hexes"]
    assert len(hexes) == 259
    assert {h["terrain"] for h in hexes} <= {"open", "rocks", "water"}
    assert {h["border"] for h in hexes if h["terrain"] == "rocks"} == {"red"}
    assert sum(1 for h in hexes if h["setup_seat"] == 2) == 9
