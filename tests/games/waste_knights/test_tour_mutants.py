"""The tour's tables and a knight's seat, exactly: cheapest routes ("The number of Movement
Points expended to enter a given hex is shown on hexes as the Route Difficulty", Plan Route),
fewest hexes among equal routes, the icons per hex, the nearest city (Regaining Consciousness),
the reference sheet's hexes and the seat's copy."""

from dataclasses import replace

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.hexes import Board, Hex, Kind
from pnp.games.waste_knights.tour import (
    CITY_HEX,
    DEFAULT_ROUNDS,
    NORMAL_HEX,
    SPECIAL_HEX,
    Seat,
    TourModel,
    _hex_rules,
    _routes,
    build_tables,
    tables_for,
)

from .tour_helpers import flat_board


def _board(**by_coord):
    """A flat board (route difficulty 2) with the hexes at the given coordinates changed."""
    b = flat_board(2)
    return Board(tuple(replace(h, **by_coord[str(h.coord)]) if str(h.coord) in by_coord else h
                       for h in b.hexes))


def test_the_mission_and_the_model_defaults():
    assert DEFAULT_ROUNDS == 10
    assert (TourModel().explore_skill, TourModel().start_green) == (2, 3)
    assert (NORMAL_HEX, SPECIAL_HEX, CITY_HEX) == (0, 1, 2)


def test_routes_fewest_hexes_among_equal_costs():
    # 0 - 1 - 2 and 0 - 3 - 4 - 2: both cost 3 to enter 2; the route with fewer hexes wins,
    # whichever neighbour is listed first.
    enter = [0, 2, 1, 1, 1]
    cost = [[0, 2, 3, 1, 2]]
    for n2 in ((1, 4), (4, 1)):
        nbrs = ((1, 3), (0, 2), n2, (0, 4), (3, 2))
        assert _routes(nbrs, cost, enter, 0) == ((), (1,), (1, 2), (3,), (3, 4))


def test_routes_keep_a_first_predecessor_numbered_0():
    # from hex 3: 3 - 0 - 1 and 3 - 2 - 4 - 1 both cost 3; hex 0 (a predecessor, not the start)
    # keeps the route with fewer hexes against the later neighbour 4.
    nbrs = ((3, 1), (0, 4), (3, 4), (0, 2), (2, 1))
    cost = [[], [], [], [2, 3, 1, 0, 2]]
    assert _routes(nbrs, cost, [2, 1, 1, 0, 1], 3) == ((0,), (0, 1), (2,), (), (2, 4))


def test_unreachable_hex_refused():
    with pytest.raises(PnpError) as err:
        _routes(((1,), (0,), ()), [[0, 1, 99]], [0, 1, 1], 0)
    assert str(err.value) == "field 'hexes': hex 2 cannot be reached from hex 0"


def test_tables_per_hex():
    b = _board(**{"(1, 0)": dict(threat=1, radiation=1, contamination=2, route_difficulty=3),
                  "(0, 1)": dict(kind=Kind.SPECIAL, number=8, name="Cerbero Pharmaceuticals",
                                 tile="S1", terrain=None),
                  "(-3, 3)": dict(kind=Kind.CITY, number=4, name="New Sydney", tile="C4",
                                  terrain=None)})
    t = build_tables(b)
    i, j, c = b.index((1, 0)), b.index((0, 1)), b.index((-3, 3))
    assert t.n == 37 and t.start == 0 and t.coords == b.coords
    assert (t.kind[0], t.kind[i], t.kind[j], t.kind[c]) == (CITY_HEX, NORMAL_HEX, SPECIAL_HEX,
                                                              CITY_HEX)
    assert (t.diff[i], t.threat[i], t.radiation[i], t.contamination[i], t.hazard[i]) == (
        3, 1, 1, 2, 3)
    assert (t.diff[j], t.threat[j], t.hazard[j]) == (2, 0, 0)
    assert t.cities == (0, c) and t.specials == (j,) and t.sites == tuple(sorted((0, j, c)))
    assert t.rules[i] is None and t.rules[j] is R.HEX_RULES[8] and t.rules[0] is R.HEX_RULES[1]
    assert t.nbrs[0] == tuple(b.index(x) for x in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1),
                                                   (1, -1)))
    # the nearest city in hexes: Gangraen for the centre's ring, New Sydney at its corner
    assert t.nearest_city[i] == 0 and t.nearest_city[c] == c
    assert t.nearest_city[b.index((-2, 3))] == c and t.nearest_city[b.index((-2, 2))] == c
    assert t.nearest_city[b.index((-1, 2))] == 0   # 2 from each: the first city listed
    assert t.label[0] == "Gangraen [1]" and t.label[i] == "Desert"
    assert t.tile[j] == "S1" and t.index["S1"] == j and t.index["C1"] == 0
    # Route Difficulty 3 at (1, 0): its Threat and Movement Points count only when entered
    assert t.mp[0][i] == 3 and t.thr[0][i] == 1 and t.mp[i][0] == 1 and t.thr[i][0] == 0
    assert t.path[0][i] == (i,) and t.tile_route[0][i] == ("C1", t.tile[i])
    assert t.path[0][0] == () and t.tile_route[0][0] == ("C1",)
    far = b.index((3, 0))
    assert t.mp[0][far] == 7 and len(t.path[0][far]) == 3  # 3 + 2 + 2
    assert t.tile_route[0][far] == ("C1",) + tuple(t.tile[x] for x in t.path[0][far])


def test_threat_breaks_a_tie_in_movement_points():
    # (2, -1) is reached through (1, 0) or (1, -1) for 4 Movement Points each; the route avoids
    # the Threat icon; a cheaper route is taken even through more Threat.
    b = _board(**{"(1, 0)": dict(threat=2), "(1, -1)": dict(threat=1),
                  "(0, 1)": dict(threat=3, route_difficulty=1)})
    t = build_tables(b)
    assert t.path[0][b.index((2, -1))] == (b.index((1, -1)), b.index((2, -1)))
    assert (t.mp[0][b.index((2, -1))], t.thr[0][b.index((2, -1))]) == (4, 1)
    assert t.path[0][b.index((1, 1))] == (b.index((0, 1)), b.index((1, 1)))
    assert (t.mp[0][b.index((1, 1))], t.thr[0][b.index((1, 1))]) == (3, 3)


def test_a_board_needs_a_city():
    b = _board(**{"(0, 0)": dict(kind=Kind.SPECIAL)})
    with pytest.raises(PnpError) as err:
        build_tables(b)
    assert str(err.value) == "field 'kind': a board needs at least one city hex"


def test_start_is_gangraen_else_the_first_city():
    b = flat_board(2)
    hexes = tuple(replace(h, kind=Kind.CITY, tile="C9", name="Far", number=5)
                  if h.coord == (3, 0) else h for h in b.hexes)
    off_centre = Board(tuple(h for h in hexes if h.coord != (0, 0)))
    t = build_tables(Board(hexes))
    assert t.start == 0
    k = [h.coord for h in hexes].index((3, 0))
    far_first = Board((hexes[k],) + hexes[:k] + hexes[k + 1:])
    assert far_first.hexes[0].coord == (3, 0)
    assert build_tables(far_first).start == far_first.index((0, 0)) == 1
    assert build_tables(off_centre).start == off_centre.index((3, 0))


def test_hex_rules_of_designed_hexes():
    h = Hex(q=1, r=0, tier=1, kind=Kind.NORMAL, tile="N1", route_difficulty=2, number=3)
    assert _hex_rules(h) is None
    sp = replace(h, kind=Kind.SPECIAL, number=None, name=None, tile="S9")
    assert _hex_rules(sp) == R.HexRules(0, "S9", city=False)
    city = replace(h, kind=Kind.CITY, number=21, name="Outpost")
    assert _hex_rules(city) == R.HexRules(21, "Outpost", city=True)
    assert _hex_rules(replace(city, number=4)) is R.HEX_RULES[4]


def test_tables_built_once_per_board():
    b = flat_board(3)
    assert tables_for(b) is tables_for(b)


def test_seat_copy_is_independent():
    s = Seat(3, 5, R.Knight(1, 2, 3, 0), 4, [1, 0, 2], [7, 8], True, True, 6, 9, 1, 2, 1, True,
             (5, 3), "off-road")
    c = s.copy()
    assert c == s
    for f in Seat.__slots__:
        assert getattr(c, f) == getattr(s, f)
    c.luck[0] += 1
    c.stats[1] += 1
    assert s.luck == [1, 0, 2] and s.stats == [7, 8]
    d = Seat(2, 0, R.Knight(), 3, [], [])
    assert (d.ko, d.marker, d.visited, d.rep, d.yellow, d.red, d.vdamage, d.skip, d.cap,
            d.vehicle) == (False, False, 0, 0, 0, 0, 0, False, (-1, -1), "")
