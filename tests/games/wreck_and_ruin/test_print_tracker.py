"""The round tracker and the bullet token are in the session pack, as the rulebook has them.

Rulebook, Game Contents: "3. Round tracker and bullet tracker token to keep track of how many turns
you have left". The Round Tracker: "The round tracker is used to show which round you are on, with
the bullet marker being placed in the centre and pointing to the current round. It starts at 1 -
the setup round. ... its shape doubles up as a map for placing new salvage tokens - rolling a 1
when placing a new token would mean it would be placed in the topmost tile, a 4 on the bottom tile
and so on." Setting Up the Game: "A typical 2 player game lasts 6 rounds, a 3 player 5 rounds,
and a 4 player 4 rounds, shown on the round tracker."
"""

from __future__ import annotations

import math

import pytest

from pnp.games.wreck_and_ruin.simulate import make_setup
from pnp.layout.draw import Group, TextBox

from .helpers import pack_cards


@pytest.fixture(scope="module")
def setup():
    return make_setup("print-tracker", 3, ("heuristic",) * 3, {})


@pytest.fixture(scope="module")
def components(setup):
    return {c.name: c for f in pack_cards(setup, "print-tracker").values()
            for c in f.components}


def _boxes(items, dx=0.0, dy=0.0):
    for item in items:
        if isinstance(item, TextBox):
            yield item, item.x + dx + item.w / 2, item.y + dy + item.h / 2
        elif isinstance(item, Group):
            yield from _boxes(item.items, dx + item.dx, dy + item.dy)


def test_the_pack_has_one_round_tracker_and_one_bullet(components):
    for name in ("round-tracker", "bullet"):
        assert name in components, f"no {name} in the session pack"
        comp = components[name]
        assert comp.count == 1 and comp.back is not None
        assert comp.front.outline, f"the {name} is cut on its own outline"


def test_the_tracker_numbers_the_six_tiles_clockwise_from_the_top(components):
    front = components["round-tracker"].front
    cx, cy = front.width / 2, front.height / 2
    where = {b.text: (x, y) for b, x, y in _boxes(front.items) if b.text in "123456"}
    assert sorted(where) == list("123456")
    # "rolling a 1 ... the topmost tile, a 4 on the bottom tile"
    assert where["1"][1] == min(y for _, y in where.values())
    assert where["4"][1] == max(y for _, y in where.values())
    assert where["1"][0] == pytest.approx(cx, abs=0.5)
    assert where["4"][0] == pytest.approx(cx, abs=0.5)
    # clockwise on the page (y grows downwards): the angle from the top grows 1 to 6
    bearings = [math.degrees(math.atan2(where[str(k)][0] - cx, cy - where[str(k)][1])) % 360
                for k in range(1, 7)]
    assert bearings == sorted(bearings)
    # each in its own hex, a sixth of a turn apart (the number sits a little above the middle)
    assert all(abs(b - 60 * k) < 10 for k, b in enumerate(bearings)), bearings


def test_the_tracker_shows_the_setup_round_and_each_player_counts_last_round(setup,
                                                                            components):
    front = components["round-tracker"].front
    text_near: dict[str, list[str]] = {}
    numbers = {b.text: (x, y) for b, x, y in _boxes(front.items) if b.text in "123456"}
    for b, x, y in _boxes(front.items):
        if b.text in numbers:
            continue
        k = min(numbers, key=lambda n: math.hypot(numbers[n][0] - x, numbers[n][1] - y))
        text_near.setdefault(k, []).append(b.text.lower())
    assert any("setup" in t for t in text_near["1"])
    config = setup.config
    for players in (2, 3, 4):
        last = str(config.per_players(config.rounds, players))
        assert any(f"{players} players" in t and "last" in t for t in text_near[last]), (
            players, text_near)


def test_the_bullet_turns_inside_the_trackers_centre(components):
    tracker, bullet = components["round-tracker"].front, components["bullet"].front
    # the centre hex's inscribed circle (the outline's nearest corners are the centre hex's)
    flower = tracker.outline
    cx, cy = tracker.width / 2, tracker.height / 2
    inner = min(math.hypot(x - cx, y - cy) for x, y in flower) * math.sqrt(3) / 2
    bx, by = bullet.width / 2, bullet.height / 2
    reach = max(math.hypot(x - bx, y - by) for x, y in bullet.outline)
    assert reach <= inner, "the bullet pointing at any round stays on the centre hex"
    # it points: longer than wide
    assert bullet.height > 2 * bullet.width
