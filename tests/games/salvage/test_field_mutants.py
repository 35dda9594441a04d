"""Salvage's field generator (``field.py``): the promises its docs make, and its geometry by hand.

Written against the survivors of the mutation run of ``field.py`` that docs/testing.md lists.
Checked: the sizes and their errors, the board's size by node count, the spacing and clearance
the generator keeps (stricter than what a loaded field.json must meet), the bases at the board's
ends and 4 moves or more apart, each home base with two edges, no edge from a base to the
centre, the wreck sites as far from the bases as the field allows, the attempts and their seeds,
and the helpers (distances, halves, the route report, the triangulation, crossings) on small
fields worked out by hand. Which field a seed gives is the generator's free choice, not checked.
"""

from __future__ import annotations

import math
import random

import pytest

from pnp.errors import PnpError
from pnp.games.salvage import field as F
from pnp.games.salvage.field import (
    Node,
    board_for,
    board_size,
    check_size,
    edge_key,
    generate_field,
    halves,
    route_report,
    seg_dist,
    segments_cross,
)
from pnp.seed import child_seed, seed_code

from .helpers import corridor

FIELDS = [(seed, nodes) for nodes in (9, 21, 41) for seed in range(6)]


def test_the_numbers():
    assert (F.DEFAULT_NODES, F.DEFAULT_DENSITY, F.NODES_RANGE) == (21, 0.4, (9, 61))
    assert (F.BOARD, F.MARGIN) == ((380.0, 260.0), (22.0, 32.0))
    assert (F.MIN_GAP, F.GEN_GAP, F.CLEARANCE, F.GEN_CLEARANCE) == (30.0, 40.0, 8.0, 16.0)
    assert (F.MAX_ANGLE, F.TOLERANCE) == (130.0, 0.06)


@pytest.mark.parametrize("nodes", [9, 11, 59, 61])
def test_odd_sizes_from_9_to_61(nodes):
    check_size(nodes, 0.0)
    check_size(nodes, 1.0)


@pytest.mark.parametrize("nodes", [7, 8, 10, 60, 62, 63, True, 21.0])
def test_other_sizes_are_refused(nodes):
    with pytest.raises(PnpError, match=r"must be an odd number from 9 to 61 \(the centre node "
                                       rf"plus pairs\), got {nodes}") as e:
        check_size(nodes, 0.4)
    assert e.value.field == "nodes"


@pytest.mark.parametrize("density", [-0.01, 1.01])
def test_density_from_0_to_1(density):
    with pytest.raises(PnpError, match=r"must be from 0 \(a tree\) to 1 \(every edge that keeps "
                                       rf"the field planar\), got {density:g}") as e:
        check_size(21, density)
    assert e.value.field == "density"


def test_the_board_grows_with_the_node_count_past_21():
    assert board_for(9) == board_for(21) == (380.0, 260.0)
    # 61 nodes: sqrt(61 / 21) = 1.7044 times each side, rounded to whole mm halves
    assert board_for(61) == (648.0, 444.0)
    assert board_for(23) == (2.0 * round(190 * math.sqrt(23 / 21)),
                             2.0 * round(130 * math.sqrt(23 / 21))) == (398.0, 272.0)


@pytest.mark.parametrize("seed,nodes", FIELDS)
def test_what_the_generator_keeps(seed, nodes):
    f = generate_field(seed, nodes=nodes)
    n, pos = len(f.nodes), [(p.x, p.y) for p in f.nodes]
    width, height = board_for(nodes)
    assert board_size(f) == (width, height) and f.seed_code == seed_code(seed)
    # its own spacing and clearance, stricter than a field.json's MIN_GAP and CLEARANCE
    assert min(math.dist(p, q) for i, p in enumerate(pos) for q in pos[i + 1:]) >= F.GEN_GAP
    for a, b in f.edges:
        for k in range(n):
            if k not in (a, b):
                assert F.seg_dist(pos[k], pos[a], pos[b]) >= F.GEN_CLEARANCE
                assert F._angle(pos[k], pos[a], pos[b]) <= F.MAX_ANGLE
    mx, my = F.MARGIN
    assert all(mx <= x <= width - mx and my <= y <= height - my for x, y in pos)
    b0, b1 = f.bases
    # the bases at the ends, in the middle third of the height, the camp 4 moves or more away
    assert pos[b0][0] == mx and pos[b1][0] == width - mx
    assert abs(pos[b0][1] - height / 2) <= height / 6 + 0.05
    d = f.distances()
    assert d[b0][b1] >= 4
    centre = f.wrecks[1]
    assert centre == n // 2 and min(d[b0][centre], d[b1][centre]) >= 2
    assert edge_key(b0, centre) not in f.edges and edge_key(b1, centre) not in f.edges
    # "A home base reached by one edge is a dead end a mecha can be shut in: give it two."
    assert sum(b0 in e for e in f.edges) >= 2 and sum(b1 in e for e in f.edges) >= 2
    # the paired wreck sites 3 moves or more from both bases where the field allows
    pairs = [i for i in range(n) if i < f.mirror[i] and i not in f.bases]
    best = max(min(d[b0][i], d[b1][i]) for i in pairs)
    w = f.wrecks[0]
    assert w in pairs and min(d[b0][w], d[b1][w]) >= min(best, 3)
    assert f.wrecks[2] == f.mirror[w]


def test_density_adds_edges_to_the_same_points():
    edges = [set(generate_field(7, density=x).edges) for x in (0.0, 0.5, 1.0)]
    assert edges[0] < edges[1] < edges[2]
    pts = {tuple((p.x, p.y) for p in generate_field(7, density=x).nodes) for x in (0.0, 1.0)}
    assert len(pts) == 1


def test_the_attempts_and_their_seeds(monkeypatch):
    tried = []
    real = F._attempt

    def attempt(rng, n, density, width, height):
        tried.append(rng.random())
        if len(tried) < 3:
            return None
        return real(random.Random(child_seed("a", "field", "layout", 21, 0)), n, density,
                    width, height)

    monkeypatch.setattr(F, "_attempt", attempt)
    f = generate_field("a")
    assert tried == [random.Random(child_seed("a", "field", "layout", 21, k)).random()
                     for k in range(3)]
    roll = random.Random(child_seed("a", "field", "rolls"))
    assert f.rolls == tuple(roll.randint(1, 6) if p.kind == "field" else None for p in f.nodes)


def test_no_field_in_200_attempts_is_an_error(monkeypatch):
    tried = []
    monkeypatch.setattr(F, "_attempt", lambda *a: tried.append(1))
    with pytest.raises(PnpError, match="no field of 13 nodes found in 200 attempts") as e:
        generate_field(1, nodes=13)
    assert e.value.field == "nodes" and len(tried) == 200


def test_neighbours_distances_halves_and_routes_on_the_corridor():
    f = corridor(extra_edges=[(0, 2)])
    assert f.neighbours()[0] == (1, 2) and f.neighbours()[2] == (0, 1, 3)
    assert f.distances()[0] == (0, 1, 1, 2, 3, 4, 5, 6, 7)
    assert f.distances()[8] == (7, 7, 6, 5, 4, 3, 2, 1, 0)
    assert halves(f) == (0, 0, 0, 0, 0, 1, 1, 1, 1)  # node 4: 3 moves from base 0, 4 from 8
    assert halves(corridor()) == (0, 0, 0, 0, -1, 1, 1, 1, 1)  # the centre: a tie
    assert board_size(f) == (380.0, 200.0)  # twice the centre node (190, 100)
    report = route_report(f)
    assert report == {"seats": [
        {"seat": 1, "base": 0, "enemy_camp": 8, "moves_to_enemy_camp": 7,
         "wreck_sites": [{"node": 2, "moves": 1}, {"node": 4, "moves": 3},
                         {"node": 6, "moves": 5}], "moves_to_wreck_sites": [1, 3, 5]},
        {"seat": 2, "base": 8, "enemy_camp": 0, "moves_to_enemy_camp": 7,
         "wreck_sites": [{"node": 2, "moves": 6}, {"node": 4, "moves": 4},
                         {"node": 6, "moves": 2}], "moves_to_wreck_sites": [2, 4, 6]}],
        "equal": False}
    assert route_report(corridor())["equal"] is True


def test_a_node_no_edge_reaches():
    nodes = tuple(Node(i, 10.0 * i, 0.0, 0, "field") for i in range(3))
    f = F.Field(nodes, ((0, 1),), (0, 1), (0, 1, 2), (2, 1, 0), (None,) * 3)
    assert f.distances() == ((0, 1, -1), (1, 0, -1), (-1, -1, 0))
    assert f.neighbours() == ((1,), (0,), ())
    assert halves(f) == (0, 1, -1)


def test_the_triangulation_of_a_square_and_its_centre():
    pts = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (5.0, 5.0)]
    assert F._delaunay(pts) == {(0, 1), (1, 2), (2, 3), (0, 3), (0, 4), (1, 4), (2, 4), (3, 4)}
    assert F._delaunay(pts[:3]) == {(0, 1), (1, 2), (0, 2)}
    # a thin triangle 0-1-2 whose circumcircle holds point 3: its long side 0-1 gives way to 2-3
    assert F._delaunay([(0.0, 0.0), (20.0, 0.0), (10.0, 1.0), (10.0, -30.0)]) == \
        {(0, 2), (1, 2), (0, 3), (1, 3), (2, 3)}


def test_the_fewest_moves_route_short_edges_first():
    # 0-1-3 and 0-2-3 are both two moves; 0-2 and 2-3 are the shorter edges
    orbit = {e: e for e in ((0, 1), (1, 3), (0, 2), (2, 3), (3, 4))}
    key = {(0, 1): 5.0, (1, 3): 5.0, (0, 2): 1.0, (2, 3): 1.0, (3, 4): 1.0}
    assert F._route(orbit, key, 0, 3) == [(2, 3), (0, 2)]
    key[(0, 1)] = 0.5
    assert F._route(orbit, key, 0, 3) == [(1, 3), (0, 1)]
    assert F._route(orbit, key, 0, 4) == [(3, 4), (1, 3), (0, 1)]
    assert F._route(orbit, key, 0, 9) == [] and F._route(orbit, key, 0, 0) == []


def test_geometry_helpers():
    assert seg_dist((5.0, 3.0), (0.0, 0.0), (10.0, 0.0)) == 3.0
    assert seg_dist((-4.0, 3.0), (0.0, 0.0), (10.0, 0.0)) == 5.0   # past the end: to the end
    assert seg_dist((14.0, 3.0), (0.0, 0.0), (10.0, 0.0)) == 5.0
    assert seg_dist((3.0, 4.0), (0.0, 0.0), (0.0, 0.0)) == 5.0     # a point, not a segment
    assert F._angle((0.0, 0.0), (1.0, 0.0), (0.0, 2.0)) == pytest.approx(90.0)
    assert F._angle((0.0, 0.0), (1.0, 0.0), (-1.0, 0.0)) == pytest.approx(180.0)
    assert F._angle((0.0, 0.0), (1.0, 0.0), (1.0, -1.0)) == pytest.approx(45.0)
    assert edge_key(5, 2) == (2, 5) and edge_key(2, 5) == (2, 5)
    o, a, b = (0.0, 0.0), (1.0, 0.0), (0.0, 1.0)
    assert F._cross(o, a, b) == 1.0 and F._cross(o, b, a) == -1.0


@pytest.mark.parametrize("c,d,crosses", [
    ((5.0, -5.0), (5.0, 5.0), True),      # a proper crossing
    ((5.0, 0.0), (5.0, 5.0), True),       # one end on the other segment: a T
    ((10.0, 0.0), (15.0, 5.0), False),    # a shared end
    ((5.0, 0.0), (15.0, 0.0), True),      # overlapping on one line
    ((12.0, 0.0), (15.0, 0.0), False),    # on one line, apart
    ((0.0, 1.0), (10.0, 1.0), False),     # parallel
    ((5.0, 1.0), (5.0, 5.0), False),      # would cross past its end
])
def test_segments_cross(c, d, crosses):
    a, b = (0.0, 0.0), (10.0, 0.0)
    assert segments_cross(a, b, c, d) is crosses
    assert segments_cross(c, d, a, b) is crosses
    assert segments_cross(b, a, d, c) is crosses
