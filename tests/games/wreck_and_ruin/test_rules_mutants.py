"""Rulebook words the first tests did not pin (each found by a surviving mutant of the dice and
combat modules); section names in the comments, the rulebook's words quoted."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction as F

import pytest

from pnp.games.wreck_and_ruin import dice
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.rules import Config

from .helpers import BUGGY, RIG, WRECKER, Dice, new_state, put


@pytest.fixture(autouse=True)
def _fresh_pools():
    """``dice.pool`` is cached: computed afresh here, so these tests check the arithmetic
    itself, not odds an earlier test left in the cache."""
    dice.pool.cache_clear()

# --- Attacking a Target Within Range: the dice -----------------------------------------------


def test_each_roll_equal_or_greater_than_the_armour_is_a_success():
    # "Each roll equal or greater than the target's armour is a success" (Ramming), the same
    # for shooting; "A roll of 1 is ALWAYS a miss!" even with a large bonus; a 6 always hits.
    assert dice.successes([4], 4) == 1
    assert dice.successes([3], 4) == 0
    assert dice.successes([3], 4, modifier=1) == 1
    assert dice.successes([1], 2, modifier=5) == 0
    assert dice.successes([6], 9, modifier=-3) == 1
    assert dice.successes((2, 3, 4, 5, 6), 4) == 3
    assert dice.die_faces(4, modifier=-1) == (F(4, 6), F(1, 6), F(1, 6))   # 5 hits, 6 explodes


def test_a_pool_of_no_dice_scores_nothing_and_a_negative_pool_is_an_error():
    p = dice.pool(0, 4)
    assert p.probs == (F(1),) and p.tail == 0 and p.expected == 0
    assert p.at_least(0) == 1 and p.at_least(1) == 0
    with pytest.raises(ValueError, match="dice must be 0 or more"):
        dice.pool(-1, 4)


def test_at_least_counts_the_free_rolls_in():
    # One die needing 4: "Any rolls of 6 count as a success plus are rolled again for free".
    p = dice.pool(1, 4)
    assert p.at_least(-1) == 1 and p.at_least(0) == 1
    assert p.at_least(1) == F(1, 2)
    # two or more: a 6 (1/6) then a success (1/2) on the free roll
    assert p.at_least(2) == F(1, 6) * F(1, 2)
    assert p.distribution()["0"] == 0.5 and p.distribution()["1"] == float(p.probs[1])
    assert list(p.distribution()) == [str(k) for k in range(len(p.probs))]


def test_two_dice_exactly():
    # Two dice needing 5: each die P(0) = 4/6, P(k >= 1) = 1/6**(k-1) * (1/6 + 4/36) ...
    # checked by brute force over three rolls (a 6 rolls again).
    def one(k: int) -> F:            # one die (with its free rolls) scores k
        return F(1, 6) ** k * F(4, 6) + (F(1, 6) ** (k - 1) * F(1, 6) if k else 0)
    p = dice.pool(2, 5)
    for k in range(6):
        assert p.probs[k] == sum(one(i) * one(k - i) for i in range(k + 1))
    assert p.expected == 2 * F(2, 6) / F(5, 6)


def test_rear_and_potshot_numbers_come_from_the_rules_options():
    # "Deduct 1 from the target's armour ... behind a target"; POTSHOT "-1 penalty to all
    # rolls to hit": the numbers are options (rear_bonus, potshot_penalty).
    assert dice.shoot_pool(2, 5, rear=True, rear_bonus=2) == dice.pool(2, 3)
    assert dice.shoot_pool(2, 5, potshot=True, potshot_penalty=2) == dice.pool(2, 5, -2)
    assert dice.shoot_pool(2, 5) == dice.pool(2, 5, 0)
    assert dice.shoot_pool(2, 5, potshot=True) == dice.pool(2, 5, -1)


def test_rolled_faces_are_the_dice_then_their_free_rolls():
    # "A roll of a 6 ALWAYS counts as a success AND generates a free roll": the faces logged
    # are one per die plus one per 6, and the hits are their successes.
    rng = random.Random(7)
    for _ in range(300):
        faces: list[int] = []
        hits = dice.roll_pool(rng, 3, 4, -1, faces)
        assert len(faces) == 3 + faces.count(6)
        assert hits == dice.successes(faces, 4, -1)
    for _ in range(300):     # needing 2 (a +1 cannot rescue a 1): only the 1s miss
        for modifier in (0, 1):
            faces = []
            hits = dice.roll_pool(rng, 2, 2, modifier, faces)
            assert hits == len(faces) - faces.count(1)
    for _ in range(300):     # no modifier unless one is given: a 3 misses a 4
        faces = []
        assert dice.roll_pool(rng, 3, 4, faces=faces) == dice.successes(faces, 4)
    assert dice.roll_pool(rng, 0, 4) == 0


# --- Ramming an Adjacent Vehicle ---------------------------------------------------------------


def _brute_ram(att: dice.Pool, dfn: dice.Pool, a_size: int, t_size: int) -> dict[str, F]:
    """The ram's odds summed score by score from the two pools and ram_result."""
    out = {"higher": F(0), "tie": F(0), "lower": F(0), "push": F(0), "to_t": F(0),
           "to_a": F(0)}
    for a, pa in enumerate(att.probs):
        for d, pd in enumerate(dfn.probs):
            p = pa * pd
            sa, sd = a + a_size, d + t_size
            to_t, to_a, push = dice.ram_result(sa, sd, a_size, t_size)
            out["higher" if sa > sd else "tie" if sa == sd else "lower"] += p
            out["push"] += p if push else 0
            out["to_t"] += p * to_t
            out["to_a"] += p * to_a
    return out


@pytest.mark.parametrize("a_arm,a_size,t_arm,t_size,rear", [
    (3, 2, 4, 4, False),     # a buggy rams a big rig: the rig may hurt it, no push
    (5, 3, 4, 4, True),      # the rulebook's example (a wrecker from behind a big rig)
    (4, 4, 2, 1, False),     # a big rig rams a scout
])
def test_ram_odds_are_the_scores_compared(a_arm, a_size, t_arm, t_size, rear):
    # "The target takes 1DP for each difference in the scores"; "ONLY if their vehicle size is
    # larger than the attacker can they damage the attacker"; "they lose 1 die if attacked
    # from the rear hex as their armour is lower!"
    o = dice.ram_odds(a_arm, a_size, t_arm, t_size, rear=rear)
    pen = 1 if rear else 0
    assert o.attacker_score == dice.pool(a_arm, t_arm - pen)
    assert o.target_score == dice.pool(t_arm - pen, a_arm)
    b = _brute_ram(o.attacker_score, o.target_score, a_size, t_size)
    assert (o.attacker_higher, o.tie, o.defender_higher, o.push) == (
        b["higher"], b["tie"], b["lower"], b["push"])
    assert o.expected_target_damage == b["to_t"]
    assert o.expected_attacker_damage == b["to_a"]
    assert sum(k * p for k, p in enumerate(o.target_damage)) == b["to_t"]
    assert sum(k * p for k, p in enumerate(o.attacker_damage)) == b["to_a"]
    assert o.tail == 1 - b["higher"] - b["tie"] - b["lower"]
    assert (o.attacker_size, o.target_size) == (a_size, t_size)
    assert o.target_damage[-1] > 0          # listed up to the largest difference, no further
    if t_size > a_size:
        assert o.push == 0 and o.attacker_damage[t_size - a_size] == o.defender_higher
        assert all(p == 0 for p in o.attacker_damage[1:t_size - a_size])
        assert len(o.attacker_damage) == t_size - a_size + 1
    else:
        assert o.push == o.attacker_higher and o.expected_attacker_damage == 0
        assert o.attacker_damage == (o.attacker_higher + o.tie + o.defender_higher,)


def test_equal_sizes_may_push_and_a_defender_with_no_armour_left_rolls_nothing():
    # "if the attacker's size is equal or higher than the target's they may push the target"
    assert dice.ram_result(7, 4, 3, 3) == (3, 0, True)
    # "they lose 1 die if attacked from the rear hex": armour 1 from behind is no die at all
    o = dice.ram_odds(3, 2, 1, 1, rear=True)
    assert o.target_score.dice == 0 and o.target_score.probs == (F(1),)


def test_a_ram_from_the_rear_uses_the_rear_bonus_option():
    o = dice.ram_odds(4, 2, 5, 3, rear=True, rear_bonus=2)
    assert o.attacker_score.target == 3 and o.target_score.dice == 3


def test_the_defender_option_without_free_rolls_is_a_binomial():
    # defender_explodes=False (an option; the rulebook's "Any rolls of 6 ... rolled again for
    # free" is the default): three dice needing 5 succeed on 5 or 6, 1/3 each, no free roll.
    o = dice.ram_odds(5, 3, 3, 2, defender_explodes=False)
    assert o.target_score.probs == (F(8, 27), F(12, 27), F(6, 27), F(1, 27))
    assert o.target_score.tail == 0 and o.target_score.expected == 1
    assert (o.target_score.dice, o.target_score.target, o.target_score.modifier) == (3, 5, 0)
    b = _brute_ram(o.attacker_score, o.target_score, 3, 2)
    assert o.attacker_higher == b["higher"] and o.tie == b["tie"]


# --- Vehicles Trapped in Hazards; Random Events ------------------------------------------------


def test_trapped_vehicles_roll_their_size_needing_one_4_plus():
    # "They get to roll as many dice as their size stat and only need 1 success" of "a 4+"
    assert dice.trapped_escape(2) == F(3, 4)
    assert dice.trapped_escape(3) == F(7, 8)
    assert dice.trapped_escape(1, need=5) == F(1, 3)


def test_a_random_vehicle_among_none_is_an_error_and_each_number_is_rolled():
    # "Roll a die and apply the effects to that vehicle, any 6 would be rolled again"
    with pytest.raises(ValueError, match="no vehicle to pick"):
        dice.random_vehicle(random.Random(1), 0)
    assert dice.random_vehicle(Dice([6, 6, 3]), 5) == 2      # the 6s are rolled again
    assert dice.random_vehicle(Dice([4]), 5) == 3
    assert dice.random_vehicle(random.Random(2), 1) == 0
    rng = random.Random(3)
    assert {dice.random_vehicle(rng, 6) for _ in range(300)} == set(range(6))
    assert dice.random_vehicle_odds((1, 2)) == {1: F(1, 2), 2: F(1, 2)}


# --- Ramming an Adjacent Vehicle, in the simulator (combat.ram) --------------------------------


def test_a_defender_rammed_from_the_rear_rolls_one_die_fewer():
    # The rulebook's example: "their armour (normally 4) is reduced to 3 ... so roll 3 dice":
    # the two faces after the defender's three are left unrolled.
    s = new_state(faces=[1, 3, 3, 4, 6, 5, 2, 4, 5, 6, 6])
    w = put(s, 0, WRECKER, (-1, 0), 0)
    rig = put(s, 1, RIG, (0, 0), 0)
    s.apply(Act("ram", 0, w.vid, rig.vid))
    assert rig.damage == 3 and s.rng.faces == [6, 6]


def test_the_defender_option_without_free_rolls_in_the_simulator():
    # defender_explodes=False: the defender's 6 is one success and no free roll; a 5 against
    # the wrecker's armour 5 is a success ("equal or beat").
    cfg = dataclasses.replace(Config(), defender_explodes=False)
    s = new_state(faces=[1, 3, 3, 4, 6, 5, 6, 5, 2, 6], config=cfg)
    w = put(s, 0, WRECKER, (-1, 0), 0)
    rig = put(s, 1, RIG, (0, 0), 0)
    s.apply(Act("ram", 0, w.vid, rig.vid))
    # 5 + 3 = 8 against 2 + 4 = 6: 2 DP, the last 6 unrolled
    assert rig.damage == 2 and s.rng.faces == [6]


def test_a_ram_that_wins_by_one_pushes_a_smaller_target_which_survives():
    # "if the attacker's size is equal or higher than the target's they may push the target
    # into one of the three hexes behind it (relative to the direction of the ram) without
    # changing its facing ... The target takes 1DP for each difference in the scores."
    s = new_state(faces=[1, 1, 1, 1, 4, 1, 1, 1])
    rig = put(s, 0, RIG, (0, 0), 0)          # front hex (1, 0)
    b = put(s, 1, BUGGY, (2, 0), 3)
    s.apply(Act("ram", 0, rig.vid, b.vid))
    # rig: no success + size 4 = 4; buggy: one 4 against armour 4 + size 2 = 3: 1 DP, pushed
    assert b.active and b.damage == 1
    assert b.pos == (3, 0) and b.facing == 3
