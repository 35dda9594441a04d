"""The Waste of Parts' actions as the replay writes and reads them (``actions.py``).

Written against the survivors of a mutation run of ``actions.py`` (docs/testing.md, "The Waste
of Parts"): every action's words, exactly, and ``parse_action`` reading each back (seats are
printed from 1, "P1", and held from 0).
"""

from __future__ import annotations

import pytest

from pnp.games.waste_of_parts import actions as A

#: Each action and its replay line, word for word.
WORDS = [
    (A.Move(7), "move to room 7"),
    (A.Attack(3), "attack e3 unarmed"),
    (A.Attack(3, 1), "attack e3 with slot 1"),
    (A.Attack(12, 0), "attack e12 with slot 0"),
    (A.FireGun(9, 4), "fire gun 9 at e4"),
    (A.Reload(1), "reload slot 1"),
    (A.Repair(), "repair"),
    (A.Extinguish(), "extinguish"),
    (A.Search(), "search"),
    (A.Fuel(), "fuel"),
    (A.Drop(2), "drop slot 2"),
    (A.PickUp(31), "pick up c31"),
    (A.Give(1, 0), "give slot 1 to P1"),
    (A.Give(0, 3), "give slot 0 to P4"),
    (A.Trade(2, 17), "trade slot 2 for c17"),
    (A.TradeWith(1, 3, 0), "trade slot 1 with P4 slot 0"),
    (A.Mend(2), "mend P3"),
    (A.Revive(0), "revive P1"),
    (A.EndTurn(), "end turn"),
    (A.Equip(22, 1), "equip c22 on P2"),
    (A.EquipOver(22, 1, 0, False), "equip c22 on P2 scrapping slot 0"),
    (A.EquipOver(22, 2, 1, True), "equip c22 on P3 dropping slot 1"),
    (A.Install(5, 11), "install c5 in room 11"),
    (A.ScrapCard(8), "scrap c8"),
    (A.Reinforce(), "reinforce"),
    (A.Recycle(), "recycle"),
    (A.ScrapDone(), "keep the scrap"),
    (A.ChooseEvent(4), "choose event v4"),
]


@pytest.mark.parametrize(("action", "text"), WORDS, ids=[t for _, t in WORDS])
def test_each_action_is_written_and_read_back_word_for_word(action, text):
    assert str(action) == text
    back = A.parse_action(text)
    assert back == action and type(back) is type(action)


def test_an_attack_is_unarmed_by_default():
    """Attack: "Attack an Enemy in your room" with a weapon or unarmed; no slot is -1."""
    assert A.Attack(5).slot == -1
    assert str(A.Attack(5, -1)) == "attack e5 unarmed"


@pytest.mark.parametrize("text", ["", "move to room", "move to room x", "attack e3",
                                  "Repair", "mend P", " end turn", "scrap c8 ", "fly"])
def test_words_that_are_no_action_are_refused_by_name(text):
    with pytest.raises(ValueError) as err:
        A.parse_action(text)
    assert str(err.value) == f"not a Waste of Parts action: {text!r}"
