"""Wreck and Ruin's hex geometry (``hexes.py``), pinned to the rulebook's words: "Vehicle
Facing", "Attacking a Target Within Range" (the front arc, the rear line, the shortest route),
"Ramming an Adjacent Vehicle". Each test was written against a mutant of the module no earlier
test noticed. Facings are 0-5 clockwise from east (0 east, 1 south-east, 2 south-west, 3 west,
4 north-west, 5 north-east).
"""

from __future__ import annotations

import pytest

from pnp.games.wreck_and_ruin.hexes import (
    DIRECTIONS,
    behind,
    direction_to,
    distance,
    front_arc,
    in_front,
    line_clear,
    ring,
    spiral,
    step,
)

HERE = (3, -2)          # away from the origin, q and r different, so no coordinate stands in


def test_ring_and_spiral_around_any_centre():
    assert ring(0, HERE) == [HERE]
    for radius in (1, 2, 3):
        r = ring(radius, HERE)
        assert len(r) == len(set(r)) == 6 * radius
        assert all(distance(h, HERE) == radius for h in r)
    s = spiral(2, HERE)
    assert len(s) == len(set(s)) == 19 and s[0] == HERE
    assert set(s) == {h for k in range(3) for h in ring(k, HERE)}
    assert spiral(1)[0] == (0, 0)


@pytest.mark.parametrize("facing", range(6))
def test_the_front_arc_is_the_hex_ahead_and_the_two_beside_it(facing):
    # "The front arc of a vehicle is the hex directly in front of it and the hexes on either
    # side of that which are still adjacent to the vehicle"
    left, ahead, right = front_arc(HERE, facing)
    assert ahead == step(HERE, facing)
    assert left == step(HERE, facing - 1) and right == step(HERE, facing + 1)
    # a facing is read modulo 6 (turning past west comes back round)
    assert front_arc(HERE, facing + 6) == front_arc(HERE, facing - 6) == (left, ahead, right)


@pytest.mark.parametrize("facing", range(6))
def test_in_front_is_the_180_degree_arc(facing):
    # "making up a 180 degree arc for targeting enemies": the three hexes ahead are in it, the
    # two abeam and the one behind are not; a hex two ahead is
    ahead = set(front_arc(HERE, facing))
    for d in range(6):
        h = step(HERE, d)
        assert in_front(HERE, facing, h) is (h in ahead), (facing, d)
        assert in_front(HERE, facing + 6, h) is in_front(HERE, facing - 6, h) is (h in ahead)
    assert in_front(HERE, facing, step(HERE, facing, 2))
    assert not in_front(HERE, facing, HERE)


@pytest.mark.parametrize("facing", range(6))
def test_behind_is_the_straight_line_out_of_the_back_face(facing):
    # "Deduct 1 from the target's armour if you are shooting from a hex directly in the line
    # behind a target, attacking its rear"; a ram "directly from the rear hex"
    back = (facing + 3) % 6
    for k in (1, 2, 3):
        assert behind(HERE, facing, step(HERE, back, k)), (facing, k)
    # the hexes beside the line, ahead of the target, and the target's own hex are not
    assert not behind(HERE, facing, HERE)
    for d in range(6):
        if d != back:
            assert not behind(HERE, facing, step(HERE, d)), (facing, d)
            assert not behind(HERE, facing, step(step(HERE, back), d))
    off = step(step(HERE, back, 2), (back + 1) % 6)       # behind-and-beside
    assert not behind(HERE, facing, off)


def test_behind_on_either_coordinate_alone_is_not_behind():
    # facing east (0): the line behind runs west, (q - k, r); a hex with the right q but another
    # r, or the right r but another q, is off the line
    assert behind((3, -2), 0, (1, -2))
    assert not behind((3, -2), 0, (1, -1))          # q on the line, r not
    assert not behind((3, -2), 0, (0, -1))
    assert not behind((3, -2), 0, (2, -1))          # abeam, south-west
    assert behind((-2, 5), 4, (-2, 7))              # facing north-west: behind is south-east


@pytest.mark.parametrize("d", range(6))
def test_direction_to_an_adjacent_hex(d):
    assert direction_to(HERE, step(HERE, d)) == d
    assert direction_to(step(HERE, d), HERE) == (d + 3) % 6
    assert direction_to(HERE, step(HERE, d, 2)) is None


def test_direction_to_a_hex_not_adjacent_is_none():
    assert direction_to(HERE, HERE) is None
    assert direction_to(HERE, (0, 0)) is None
    assert direction_to((0, 0), (1, 0)) == 0 and DIRECTIONS[0] == (1, 0)


def test_the_shortest_route_two_hexes_long():
    # "You cannot target any vehicle ... if it is blocked by any obstacle or another vehicle";
    # "if the shortest route is blocked the attack cannot be made. If there are multiple paths
    # to the target of the same length, as long as one is not blocked an attack can be made."
    a, b = HERE, step(HERE, 0, 2)           # straight ahead: one hex between, one route
    middle = step(HERE, 0)
    assert not line_clear(a, b, lambda h: h == middle)
    assert line_clear(a, b, lambda h: h != middle)      # the ends themselves never block
    c = step(step(HERE, 0), 1)              # two routes of length 2: east then south-east ...
    other = step(HERE, 1)                   # ... or south-east then east
    assert line_clear(a, c, lambda h: h == middle)
    assert line_clear(a, c, lambda h: h == other)
    assert not line_clear(a, c, lambda h: h in (middle, other))
    # adjacent and the same hex: nothing between
    assert line_clear(a, middle, lambda h: True) and line_clear(a, a, lambda h: True)
