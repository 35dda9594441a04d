"""Actions read like the player aid and parse back from their text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import SIDES


def test_texts_read_as_play():
    assert str(A.Move(0, 7)) == "mecha 1 moves to node 7"
    assert str(A.FightRound(1, (6, 8))) == "mecha 2 fights a round with D6 + D8"
    assert str(A.FightRound(0, ())) == "mecha 1 fights a round with no dice (the coin)"
    assert str(A.FightOn(0)) == "mecha 1 fights on"
    assert str(A.PullBack(0)) == "mecha 1 pulls back"
    assert str(A.CloseRun(0)) == "mecha 1 closes its run"
    assert str(A.PressOn(0)) == "mecha 1 presses on"
    assert str(A.Raid(1)) == "mecha 2 raids the enemy camp"
    assert str(A.PickUp(0)) == "mecha 1 picks up the loot lying free"
    assert str(A.Pass(0)) == "mecha 1 passes"
    assert str(A.ClashDice(0, True, (4, 20))) == "mecha 1 throws D4 + D20 into the clash (attacker)"
    assert str(A.ClashDice(1, False, ())) == "mecha 2 throws no dice into the clash (defender)"
    assert str(A.Install(0, "Cell Cradle")) == "mecha 1 installs Cell Cradle"
    assert str(A.Install(0, "Cell Cradle", 3)) == \
        "mecha 1 installs Cell Cradle, replacing the mod in slot 3"


DICE = st.lists(st.sampled_from(SIDES), max_size=4).map(lambda d: tuple(sorted(d)))
SEAT = st.integers(0, 1)
NAME = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1).map(str.strip) \
    .filter(lambda n: n and ", replacing the mod in slot" not in n)
ACTIONS = st.one_of(
    st.builds(A.Move, SEAT, st.integers(0, 60)),
    st.builds(A.FightRound, SEAT, DICE),
    st.builds(A.ClashDice, SEAT, st.booleans(), DICE),
    st.builds(A.Install, SEAT, NAME, st.one_of(st.none(), st.integers(1, 6))),
    *(st.builds(k, SEAT) for k in (A.FightOn, A.PullBack, A.CloseRun, A.PressOn, A.Raid,
                                   A.PickUp, A.Pass)))


@given(ACTIONS)
def test_every_action_parses_back(action):
    assert A.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "mecha 0 passes", "mecha 1 flies", "knight 1 passes",
                                  "mecha 1 moves to node x", "mecha 1 fights a round with D"])
def test_unknown_text_is_a_value_error(text):
    with pytest.raises(ValueError):
        A.parse_action(text)


def test_actions_are_small_hashable_values():
    assert len({A.Move(0, 1), A.Move(0, 1), A.Pass(0)}) == 2
    with pytest.raises(AttributeError):
        A.Move(0, 1).node = 2  # type: ignore[misc]
