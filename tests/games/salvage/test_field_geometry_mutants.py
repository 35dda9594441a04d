"""Salvage's field generator: its plane geometry checked another way, at every scale.

Written against the test gaps the mutation run of ``field.py`` left (docs/testing.md, Salvage):
the distance to a segment in every direction, the crossing test at any scale (a crossing stays a
crossing when the drawing shrinks: no threshold in millimetres), the angle at a node, and the
fewest-moves route between two nodes.
"""

from __future__ import annotations

import math
import random

import pytest

from pnp.games.salvage.field import _angle, _route, seg_dist, segments_cross


def brute_seg_dist(p, a, b, steps=20_000):
    return min(math.dist(p, (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps))
               for k in range(steps + 1))


def test_the_distance_to_a_segment_in_every_direction():
    rng = random.Random(3)
    for _ in range(40):
        p, a, b = [(rng.uniform(-50, 50), rng.uniform(-50, 50)) for _ in range(3)]
        assert seg_dist(p, a, b) == pytest.approx(brute_seg_dist(p, a, b), abs=0.01)
    assert seg_dist((3.0, 4.0), (0.0, 0.0), (0.0, 0.0)) == 5.0  # a point segment
    assert seg_dist((2.0, 7.0), (0.0, 0.0), (0.0, 5.0)) == pytest.approx(math.hypot(2, 2))
    assert seg_dist((-1.0, -1.0), (0.0, 0.0), (3.0, 3.0)) == pytest.approx(math.sqrt(2))
    assert seg_dist((0.0, 4.0), (-2.0, 2.0), (2.0, 2.0)) == 2.0


#: (a, b, c, d, crossing?) at scale 1: the answer must not change with the drawing's size.
CASES = [
    ((0, 0), (4, 4), (0, 4), (4, 0), True),      # an X
    ((0, 0), (4, 0), (2, -1), (2, 3), True),     # a vertical through a horizontal
    ((0, 0), (4, 1), (2, -3), (1, 5), True),     # slanted both ways
    ((0, 0), (4, 0), (2, 0), (2, 3), True),      # a T: an end on the other's inside
    ((2, 3), (2, 0), (0, 0), (4, 0), True),      # the same T, the other way round
    ((0, 0), (4, 0), (4, 0), (6, 3), False),     # a shared end
    ((0, 0), (4, 0), (0, 1), (4, 1), False),     # parallel
    ((0, 0), (4, 0), (2, 0), (6, 0), True),      # collinear, overlapping
    ((0, 0), (2, 0), (3, 0), (6, 0), False),     # collinear, apart
    ((0, 0), (4, 0), (5, -1), (5, 1), False),    # would cross if the first were longer
    ((0, 0), (4, 4), (3, 0), (5, 1), False),     # apart, not parallel
    ((0, 3), (0, 0), (-1, 1), (1, 2), True),     # a vertical crossed
    ((0, 0), (2, 0), (1, -0.5), (1, 0.5), True),  # every cross product exactly +-1 at scale 1
]


@pytest.mark.parametrize("scale", [0.01, 0.3, 1.0, 40.0])
@pytest.mark.parametrize("a, b, c, d, crossing", CASES)
def test_a_crossing_is_a_crossing_at_any_scale(a, b, c, d, crossing, scale):
    def at(p):
        return (p[0] * scale, p[1] * scale)

    assert segments_cross(at(a), at(b), at(c), at(d)) is crossing
    assert segments_cross(at(c), at(d), at(a), at(b)) is crossing
    assert segments_cross(at(b), at(a), at(d), at(c)) is crossing


def test_the_angle_at_a_node():
    c = (1.0, 1.0)
    assert _angle(c, (2.0, 1.0), (1.0, 3.0)) == pytest.approx(90.0)
    assert _angle(c, (1.0, 3.0), (2.0, 1.0)) == pytest.approx(90.0)
    assert _angle(c, (3.0, 1.0), (-1.0, 1.0)) == pytest.approx(180.0)
    assert _angle(c, (2.0, 2.0), (2.0, 0.0)) == pytest.approx(90.0)
    assert _angle(c, (2.0, 1.0), (3.0, 1.0 + 2 * math.sqrt(3))) == pytest.approx(60.0)
    assert _angle(c, (0.0, 1.0), (0.0, 0.0)) == pytest.approx(45.0)


def test_the_fewest_moves_route_walks_edges_either_way():
    # 0 - 1 - 2 - 3 and a long shortcut 0 - 3; edges given as (orbit edge -> its key edge).
    edges = [(0, 1), (1, 2), (2, 3), (0, 3), (4, 5)]
    orbit = {e: e for e in edges}
    key = {(0, 1): 1.0, (1, 2): 1.0, (2, 3): 1.0, (0, 3): 9.0, (4, 5): 1.0}
    assert _route(orbit, key, 0, 3) == [(0, 3)]
    assert _route(orbit, key, 3, 0) == [(0, 3)]
    assert _route(orbit, key, 1, 3) in ([(2, 3), (1, 2)], [(0, 3), (0, 1)])
    assert _route(orbit, key, 3, 1) in ([(1, 2), (2, 3)], [(0, 1), (0, 3)])
    assert _route(orbit, key, 0, 5) == [] and _route(orbit, key, 6, 0) == []
    assert _route(orbit, key, 2, 2) == []
