"""Making Checks (``checks.py``) pinned to the rulebook's words where a mutant of the module
survived the earlier tests."""

from __future__ import annotations

import random

import pytest

from pnp.games.waste_knights import checks as K


def test_an_unconscious_knight_still_counts_two_wound_dice():
    # Health: the bottom marker shows "-1 die" icons for Health 2 and 1 ("Naomi Vatt ... has
    # only 1 Health, so she rolls 2 less dice"); at 0 Health (K.O., no checks until revived)
    # the module keeps the two (its choice); a healthy knight suffers none
    assert [K.wound_dice(h) for h in (0, 1, 2, 3, 4, 5)] == [2, 2, 1, 0, 0, 0]


def test_escape_and_exploration_pools_lose_the_wound_dice_but_keep_one():
    # "Check Dice Pool = Skill + (dice gained) - (dice suffered)"; "cannot be less than 1 die"
    assert K.escape_check_pool(3, 4) == 3
    assert K.escape_check_pool(3, 2) == 2
    assert K.escape_check_pool(3, 1) == 1
    assert K.escape_check_pool(1, 1) == 1
    assert K.check_pool(2, gained=2, suffered=1) == 3


def test_a_die_is_a_d10_from_1_to_10():
    # "a Bull's Eye (the "10" icon) counted on "0" dice results": faces 1-10
    rng = random.Random(5)
    faces = set()
    for _ in range(400):
        ok, rolls = K.roll_check(rng, 3, 9)
        assert len(rolls) == 3 and ok == any(r >= 9 for r in rolls)
        faces.update(rolls)
    assert faces == set(range(1, 11))
    assert K.BULLS_EYE == K.DIE_SIDES == 10


def test_the_chance_of_easy_hard_and_impossible_checks():
    # a difficulty at or below 1 always passes; above 10 only the Bull's Eye does
    assert K.check_probability(2, 5) == pytest.approx(1 - 0.4 ** 2)
    assert K.check_probability(1, 1) == 1.0 and K.check_probability(1, 0) == 1.0
    assert K.check_probability(2, 12) == pytest.approx(1 - 0.9 ** 2)
    assert K.check_probability(-3, 7) == pytest.approx(0.4)


def test_a_check_drawn_from_one_number_passes_as_often_as_the_dice():
    # one uniform draw below the pool's chance: the same odds as rolling the pool
    p = K.check_probability(2, 7)
    assert K.check_passed_draw(p - 1e-9, 2, 7) and not K.check_passed_draw(p, 2, 7)
    one = K.check_probability(1, 7)
    assert K.check_passed_draw(one - 1e-9, 0, 7) and not K.check_passed_draw(one, 0, 7)
    assert not K.check_passed_draw(one, -1, 7)
