"""Salvage: the rulebook's words that mutation testing found untested (``rules.py``).

Quotes from salvage.txt (Clashes; Dice and the supply)."""

from __future__ import annotations

from pnp.games.salvage.rules import SIDES, Config, clash_wins, sub_pools


def test_a_tie_goes_to_the_defender_with_no_bonus_by_default():
    # "Against the other mecha: you both roll, and a tie goes to the defender." d4 against d4:
    # 16 outcomes, 6 with the attacker higher, 4 ties (the defender's).
    assert clash_wins((4,), (4,)) == (6, 16)
    assert clash_wins((4,), (4,), ties_to_attacker=True) == (10, 16)  # the Ties mod
    assert clash_wins((4,), (4,), 1, 0) == (10, 16)  # +1 to the attacker: ties now win
    assert clash_wins((4,), (4,), 0, 1) == (3, 16)


def test_choose_which_of_your_dice_to_roll_up_to_a_limit():
    # "Choose which of your dice to roll: as many as your Power against a mob": every choice of
    # at most that many dice, equal dice interchangeable.
    assert sub_pools((4, 6, 6), 1) == [(), (4,), (6,)]
    assert sub_pools((6, 4, 6), 2) == [(), (4,), (6,), (4, 6), (6, 6)]
    assert sub_pools((4, 6, 6)) == [(), (4,), (6,), (4, 6), (6, 6), (4, 6, 6)]


def test_a_supply_without_some_dice_holds_none_of_them():
    # The supply the dice go back to: a size left out of it has no dice, not one.
    config = Config(supply=((6, 3), (20, 1)))
    assert config.full_supply == tuple(3 if s == 6 else 1 if s == 20 else 0 for s in SIDES)
    assert config.supply_counts() == [0, 3, 0, 0, 0, 1]
