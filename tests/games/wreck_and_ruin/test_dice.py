"""The dice maths of the rulebook, exactly (section names in the comments), and the rolls the
simulator makes checked against the exact odds within 95% confidence intervals."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from pnp.games.wreck_and_ruin import dice
from pnp.games.wreck_and_ruin.rules import Config
from pnp.sim.stats import mean_ci, proportion_ci

C = Config()
T = {v.name: v for v in C.vehicles}


def test_die_faces_against_armour_4():
    # "Compare each score individually against the target's armour value": 4, 5 hit, 6 explodes
    assert dice.die_faces(4) == (F(3, 6), F(2, 6), F(1, 6))


def test_a_one_always_misses_and_a_six_always_hits():
    # "A roll of a 6 ALWAYS counts as a success ... A roll of 1 is ALWAYS a miss!"
    assert dice.die_faces(1) == (F(1, 6), F(4, 6), F(1, 6))
    assert dice.die_faces(0, modifier=3) == (F(1, 6), F(4, 6), F(1, 6))
    assert dice.die_faces(9) == (F(5, 6), F(0), F(1, 6))


def test_modifiers_never_create_sixes():
    # "Modifiers DO NOT produce free rolls ie rolling a 5 and having a +1 modifier does not
    # count as rolling a 6": one die needing 7 with +1 succeeds only on a real 6.
    p = dice.pool(1, 7, modifier=1)
    assert p.probs[0] == F(5, 6)
    assert p.probs[1] == F(1, 6) * F(5, 6)
    assert dice.successes([5], 7, modifier=1) == 0
    assert dice.successes([5], 6, modifier=1) == 1


def test_exploding_sixes_are_unlimited():
    # "There is no limit to the amount of free rolls": needing a 6, k hits is k sixes then not
    p = dice.pool(1, 6)
    for k in range(6):
        assert p.probs[k] == F(1, 6) ** k * F(5, 6)


def test_rear_is_minus_one_armour_and_potshot_minus_one_to_rolls():
    # "Deduct 1 from the target's armour if you are shooting from a hex directly in the line
    # behind a target"; POTSHOT: "a -1 penalty to all rolls to hit"
    assert dice.shoot_pool(2, 4, rear=True) == dice.pool(2, 3)
    assert dice.shoot_pool(1, 3, potshot=True).probs[0] == F(3, 6)   # 1, 2, 3 miss
    assert dice.shoot_pool(1, 3, rear=True, potshot=True).probs[0] == F(2, 6)  # 1, 2


@pytest.mark.parametrize("n,target,mod", [(1, 4, 0), (2, 4, 0), (3, 3, -1), (5, 2, 0),
                                          (12, 5, 0)])
def test_pool_is_a_distribution_truncated_below_1e_12(n, target, mod):
    p = dice.pool(n, target, mod)
    assert 0 <= p.tail < dice.TAIL
    assert sum(p.probs) + p.tail == 1
    listed_mean = sum(k * x for k, x in enumerate(p.probs))
    assert listed_mean <= p.expected < listed_mean + F(1, 10**9)
    miss, hit, six = dice.die_faces(target, mod)
    assert p.expected == n * (hit + six) / (1 - six)


def test_the_ram_example():
    # Ramming an Adjacent Vehicle, the example: a wrecker rams a big rig directly from behind.
    w, r = T["wrecker"], T["big-rig"]
    # "rolls 5 dice (wrecker armour stat) ... 1, 3, 3, 4, 6 ... reduce the big rig's armour
    # stat by 1 to 3 ... They roll again for rolling a 6 and roll a 5 ... (5 total)"
    attack = dice.successes([1, 3, 3, 4, 6, 5], r.armour - C.rear_bonus)
    assert attack == 5 and attack + w.size == 8
    # "their armour (normally 4) is reduced to 3 ... so roll 3 dice ... need 5s ... 2, 4, 5"
    defence = dice.successes([2, 4, 5], w.armour)
    assert defence == 1 and defence + r.size == 5
    # "the wrecker wins by a score of 8 to 5 ... it cannot push the big rig, but the rig still
    # takes 3DP"
    assert dice.ram_result(8, 5, w.size, r.size) == (3, 0, False)
    odds = dice.ram_odds(w.armour, w.size, r.armour, r.size, rear=True)
    assert odds.attacker_score.dice == 5 and odds.attacker_score.target == 3
    assert odds.target_score.dice == 3 and odds.target_score.target == 5
    assert odds.push == 0


def test_ram_results_tie_and_defender_higher():
    # "If the scores are tied then the attacker always wins. The defender takes 1DP"
    assert dice.ram_result(6, 6, 3, 4) == (1, 0, False)
    # "ONLY if their vehicle size is larger than the attacker can they damage the attacker.
    # The attacker takes 1DP for the difference in the size stats."
    assert dice.ram_result(4, 7, 2, 4) == (0, 2, False)
    assert dice.ram_result(4, 7, 3, 3) == (0, 0, False)
    # "if the attacker's size is equal or higher than the target's they may push"
    assert dice.ram_result(7, 4, 4, 3) == (3, 0, True)


def test_ram_odds_add_up():
    o = dice.ram_odds(4, 2, 3, 1)
    assert o.attacker_higher + o.tie + o.defender_higher + o.tail == 1
    assert o.tail < 2 * dice.TAIL
    assert o.push == o.attacker_higher    # a buggy may push a scout whenever it is higher
    assert sum(o.attacker_damage) + o.tail == 1


def test_trapped_escape_odds():
    # Vehicles Trapped in Hazards: "roll as many dice as their size stat and only need 1
    # success" of 4+
    assert dice.trapped_escape(1) == F(1, 2)
    assert dice.trapped_escape(4) == F(15, 16)


def test_random_vehicle_roll():
    # Random Events: "scouts are 1 and 2, buggies are 3, wreckers 4, big rigs 5. Roll a die ...
    # any 6 would be rolled again": each has 1/5; "adjust your numbers so there's always an
    # even chance" with fewer.
    assert dice.random_vehicle_odds() == {n: F(1, 5) for n in range(1, 6)}
    rng = random.Random(1)
    n = 6000
    counts = [0] * 5
    for _ in range(n):
        counts[dice.random_vehicle(rng, 5)] += 1
    for c in counts:
        est = proportion_ci(c, n)
        assert est.low <= 0.2 <= est.high
    assert {dice.random_vehicle(rng, 2) for _ in range(200)} == {0, 1}


@pytest.mark.parametrize("n,target,mod", [(1, 4, 0), (2, 3, 0), (3, 4, -1), (5, 5, 0)])
def test_rolled_pools_match_the_exact_odds(n, target, mod):
    rng = random.Random(f"pool-{n}-{target}-{mod}")
    trials = 10000
    counts: dict[int, int] = {}
    for _ in range(trials):
        k = dice.roll_pool(rng, n, target, mod)
        counts[k] = counts.get(k, 0) + 1
    exact = dice.pool(n, target, mod)
    # One rate per pool (P(at least 2): it needs the free rolls right) and the mean hits.
    est = proportion_ci(sum(c for k, c in counts.items() if k >= 2), trials)
    assert est.low <= float(exact.at_least(2)) <= est.high, (est, float(exact.at_least(2)))
    mean = mean_ci([k for k, c in counts.items() for _ in range(c)])
    assert mean.low <= float(exact.expected) <= mean.high, (mean, float(exact.expected))


def test_rule_numbers_are_the_bundled_yaml_and_bad_data_is_one_error(tmp_path):
    from pnp.errors import PnpError
    from pnp.games.wreck_and_ruin.data import load_config

    assert load_config() == Config()       # the YAML states the rulebook's numbers
    bad = tmp_path / "rules.yaml"
    bad.write_text("ap: [5, 4]\nrear_bonus: 1\n")
    with pytest.raises(PnpError) as err:
        load_config(bad)
    assert err.value.line == 1 and err.value.field == "ap"
    bad.write_text("shoot_rnge: 3\n")
    with pytest.raises(PnpError, match="unknown rule"):
        load_config(bad)


def test_d6_is_randint_1_6_draw_for_draw():
    # ``d6`` draws straight from a plain stream: the same faces as ``randint(1, 6)`` and the
    # stream left where randint leaves it (games replay the same under either)
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        assert [dice.d6(a) for _ in range(500)] == [b.randint(1, 6) for _ in range(500)]
        assert a.getstate() == b.getstate()


def test_d6_asks_a_stream_with_its_own_randint():
    class Loaded(random.Random):
        def randint(self, a, b):
            return 6

    assert [dice.d6(Loaded(1)) for _ in range(3)] == [6, 6, 6]


@pytest.mark.parametrize("n", [0, 1, 2, 7, 24, 56, 300])
def test_shuffle_is_random_shuffle_draw_for_draw(n):
    for seed in range(10):
        a, b = random.Random(seed), random.Random(seed)
        mine, theirs = list(range(n)), list(range(n))
        dice.shuffle(a, mine)
        b.shuffle(theirs)
        assert mine == theirs and a.getstate() == b.getstate()
