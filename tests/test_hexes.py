"""The shared hex grid (pnp/hexes.py) both hex games import."""

from __future__ import annotations

import math

from pnp.games.waste_knights import hexes as wk
from pnp.games.wreck_and_ruin import hexes as wr
from pnp.hexes import DIRECTIONS, distance, rotate, step, to_pixel


def test_directions_are_the_six_unit_neighbours_clockwise_from_east() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(distance((0, 0), d) == 1 for d in DIRECTIONS)
    # clockwise on the page (y down): the pixel angle grows by 60 degrees each step
    angles = [math.degrees(math.atan2(*reversed(to_pixel(d)))) % 360 for d in DIRECTIONS]
    assert [round(a) for a in angles] == [0, 60, 120, 180, 240, 300]


def test_distance_step_and_rotate_agree() -> None:
    for f in range(6):
        assert step((2, -1), f, 3) == (2 + 3 * DIRECTIONS[f][0], -1 + 3 * DIRECTIONS[f][1])
        assert distance((2, -1), step((2, -1), f, 3)) == 3
        assert rotate(DIRECTIONS[f], 1) == DIRECTIONS[(f + 1) % 6]
    assert step((0, 0), 7) == step((0, 0), 1)
    assert distance((-3, 1), (2, -2)) == 5


def test_both_games_use_the_shared_names() -> None:
    for game in (wk, wr):
        assert game.DIRECTIONS is DIRECTIONS
        assert game.distance is distance
    assert wk.to_pixel is to_pixel
    assert wr.step is step and wr.rotate is rotate
