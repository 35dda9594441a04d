"""The decisions' text, clause by clause (actions.py): the words of every action and every
refusal of a text that is not one (written against the mutants ``benchmarks/mutation.py`` left
alive)."""

from __future__ import annotations

import pytest

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import QuickResupply, parse_action


def test_quick_resupply_names_its_card_with_a_or_an():
    """Rest Step c): "discard up to 1 luck card" - a Fuel card, an Ammo card."""
    assert str(QuickResupply(0, R.LuckIcon.FUEL)) \
        == "knight 1 discards a Fuel luck card (Quick Resupply)"
    assert str(QuickResupply(1, R.LuckIcon.AMMO)) \
        == "knight 2 discards an Ammo luck card (Quick Resupply)"
    for icon in R.LuckIcon:
        assert parse_action(str(QuickResupply(2, icon))) == QuickResupply(2, icon)


@pytest.mark.parametrize("text, message", [
    ("nonsense", "not a Waste Knights action: 'nonsense'"),
    ("knight 1 dances", "not a Waste Knights action: 'knight 1 dances'"),
    ("knight 1 takes the city option: fly", "unknown city option 'fly'"),
    ("knight 1 explores: fly", "unknown exploration action 'fly'"),
    ("knight 1 discards a Banana luck card (Quick Resupply)", "unknown luck icon 'Banana'"),
])
def test_a_text_that_is_no_action_is_refused_saying_why(text, message):
    with pytest.raises(ValueError) as err:
        parse_action(text)
    assert str(err.value) == message
