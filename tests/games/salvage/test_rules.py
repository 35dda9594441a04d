"""The player aid's numbers and tables, and the exact chances of fights and clashes.

Each test cites the line of the aid (pnp/../shared/rules/salvage.txt, "Player aid") it checks.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.salvage.data import load_config
from pnp.games.salvage.rules import (
    MATERIALS,
    NODE_DIE,
    SIDES,
    Config,
    Rank,
    dice_text,
    p_clash,
    p_mob_hit,
    pool_without,
    scrap_score,
    sub_pools,
    sum_counts,
)

AID = Config()


def test_bundled_rules_yaml_is_the_default_config():
    assert load_config() == AID


def test_move_costs_1_fuel_or_2_leaving_a_mob_or_the_other_mecha():
    # "Moving costs 1 fuel. It costs 2 if the node you leave holds a mob or the other mecha."
    assert AID.move_cost == 1
    assert AID.leave_cost == 2


def test_strength_adds_2():
    # "Roll them, add them up, then add 2 for your mecha's strength."
    assert AID.strength == 2


def test_weak_medium_strong_mobs_take_1_2_3_hits():
    # "A weak mob takes 1 hit, a medium one 2, a strong one 3"
    assert [AID.hits(r) for r in (Rank.C, Rank.B, Rank.A)] == [1, 2, 3]


def test_coin_flips_twice_against_a_mob():
    # "With no dice you flip the coin twice instead of rolling, and two circles is a hit."
    assert AID.coin_flips == 2


def test_six_mod_slots_two_drawn():
    # "you draw 2 mods and install 1 of them for free. A mecha holds six mods"
    assert (AID.mods_drawn, AID.mod_slots) == (2, 6)


def test_countdown_24_rounds_three_raids_three_cells():
    # "If nobody has done either by the end of round 24"; "raiding the enemy camp three times";
    # "carrying all three fusion cells"
    assert (AID.rounds, AID.raids_to_win, AID.cells_to_win) == (24, 3, 3)


def test_node_die_faces_as_printed():
    # "1 Nothing / 2 1 scrap, lying free / 3 The smallest die in the supply, lying free /
    #  4 A weak mob (C) guarding 1 scrap / 5 A medium mob (B) guarding 1 scrap and the biggest
    #  die in the supply / 6 A strong mob (A) guarding 2 scrap and the biggest die in the supply"
    table = [(r.face, r.mob, r.scrap, r.die) for r in NODE_DIE]
    assert table == [(1, None, 0, None), (2, None, 1, None), (3, None, 0, "smallest"),
                     (4, Rank.C, 1, None), (5, Rank.B, 1, "biggest"), (6, Rank.A, 2, "biggest")]
    assert [r.text for r in NODE_DIE] == [
        "Nothing", "1 scrap, lying free", "The smallest die in the supply, lying free",
        "A weak mob (C) guarding 1 scrap",
        "A medium mob (B) guarding 1 scrap and the biggest die in the supply",
        "A strong mob (A) guarding 2 scrap and the biggest die in the supply"]


def test_score_table_scrap_by_material():
    # "Each banked scrap: Cardboard 1, chipboard 2, wood 3, acrylic 4, metal 5, resin 6"
    assert list(MATERIALS) == ["cardboard", "chipboard", "wood", "acrylic", "metal", "resin"]
    assert [scrap_score(m) for m in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_score_table_dice_and_cells():
    # "Each banked die: D4, D6 and D8 score 1. D10 and D12 score 2. D20 scores 4."
    # "Each fusion cell 5"
    assert [AID.die_score(s) for s in SIDES] == [1, 1, 1, 2, 2, 4]
    assert AID.cell_score == 5


def test_dice_text_and_pools():
    assert dice_text((6, 8)) == "D6 + D8" and dice_text(()) == "no dice"
    assert sub_pools((6, 6, 8), 2) == [(), (6,), (8,), (6, 6), (6, 8)]
    assert pool_without((6, 6, 8), (6, 8)) == (6,)
    assert pool_without((6,), (8,)) is None


# --- exact probabilities against brute force ---------------------------------------------------

def brute_hit(dice, number, bonus=0):
    rolls = list(itertools.product(*(range(1, s + 1) for s in dice)))
    return Fraction(sum(sum(r) + 2 + bonus >= number for r in rolls), len(rolls))


def totals(dice):
    """Every outcome's sum, by enumerating the outcomes (not by convolution)."""
    return Counter(sum(r) for r in itertools.product(*(range(1, s + 1) for s in dice)))


def brute_clash(att, dfn, ab=0, db=0, ties=False):
    a, d = totals(att), totals(dfn)
    wins = sum(n * m for x, n in a.items() for y, m in d.items()
               if x + 2 + ab > y + 2 + db or (ties and x + ab == y + db))
    return Fraction(wins, sum(a.values()) * sum(d.values()))


POOLS = st.lists(st.sampled_from(SIDES), max_size=3).map(lambda x: tuple(sorted(x)))


@settings(max_examples=60, deadline=None)
@given(dice=POOLS.filter(bool), number=st.integers(0, 40), bonus=st.integers(0, 3))
def test_p_mob_hit_matches_enumeration(dice, number, bonus):
    # "A round whose total equals the mob's number or beats it is one hit."
    assert p_mob_hit(dice, number, bonus) == brute_hit(dice, number, bonus)


@settings(max_examples=60, deadline=None)
@given(att=POOLS, dfn=POOLS, ab=st.integers(0, 2), db=st.integers(0, 2), ties=st.booleans())
def test_p_clash_matches_enumeration(att, dfn, ab, db, ties):
    # "you both roll, and a tie goes to the defender"
    want = Fraction(1, 2) if not att and not dfn else brute_clash(att, dfn, ab, db, ties)
    assert p_clash(att, dfn, ab, db, ties) == want


def test_p_mob_hit_examples():
    # D6 + 2 against a weak mob (6): 4, 5 or 6 -> 1/2; D6 + D8 + 2 against a strong mob (10).
    assert p_mob_hit((6,), 6) == Fraction(1, 2)
    assert p_mob_hit((6, 8), 10) == Fraction(sum(a + b >= 8 for a in range(1, 7)
                                                 for b in range(1, 9)), 48)
    assert p_mob_hit((4,), 3) == 1 and p_mob_hit((4,), 7) == 0


def test_no_dice_against_a_mob_is_two_coin_flips():
    # "If you have no dice ... against a mob it is the coin: flip twice, two circles is a hit."
    assert p_mob_hit((), 6) == Fraction(1, 4) == p_mob_hit((), 10)


def test_clash_no_dice_either_side_is_one_coin_flip():
    # "If neither of you throws a die, one coin flip decides: a circle, and the attacker wins."
    assert p_clash((), ()) == Fraction(1, 2)


def test_clash_tie_goes_to_the_defender():
    # D4 against D4: ties (1/4) go to the defender, the attacker wins 6 of 16.
    assert p_clash((4,), (4,)) == Fraction(6, 16)
    assert p_clash((4,), (4,), ties_to_attacker=True) == Fraction(10, 16)
    # One side without dice has total 2 ("If you have no dice, your total is 2").
    assert p_clash((), (4,)) == 0 and p_clash((4,), ()) == 1


def test_sum_counts_is_the_distribution():
    counts = sum_counts((4, 6))
    assert sum(counts) == 24 and counts[2] == 1 and counts[10] == 1 and counts[5] == 4


@pytest.mark.parametrize("rank,number", [(Rank.C, 6), (Rank.B, 8), (Rank.A, 10)])
def test_mob_numbers_choice(rank, number):
    # Choice (docs/assumptions.md): weak C 6, medium B 8, strong A 10.
    assert AID.mob_number(rank) == number
