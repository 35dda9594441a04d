"""A lasting salvage card effect: plating, +N ARMOUR until the start of its owner's next turn
(docs/assumptions.md, "Wreck and Ruin: plating")."""

from __future__ import annotations

import random

import pytest

from pnp.games.wreck_and_ruin import combat
from pnp.games.wreck_and_ruin.actions import Act, parse_action
from pnp.games.wreck_and_ruin.bots import HeuristicBot
from pnp.games.wreck_and_ruin.cards import rules_text

from .helpers import BUGGY, RIG, SALVAGE, SCOUT, WRECKER, holding, put

PLATING = [c for c in SALVAGE if c.effect == "plating"]


def test_the_deck_has_at_least_two_plating_cards_whose_text_says_what_they_do():
    assert len(PLATING) >= 2
    for card in PLATING:
        assert rules_text(card) == (f"One of your active vehicles has +{card.amount} ARMOUR "
                                    "until the start of your next turn (or until it is "
                                    "wrecked).")


@pytest.mark.parametrize("card", PLATING, ids=lambda c: c.name)
def test_plating_raises_a_shots_armour_target_then_ends_at_its_owners_next_turn(card):
    # Wrecker ARMOUR 5; plated 5 + amount: a 5 no longer hits ("roll equal or higher than
    # your armour"), a 6 still does (and rolls again: a 2, a miss).
    s, mine = holding(card, faces=[5, 5, 6, 2, 5, 5])
    w = put(s, 0, WRECKER, (0, 0))
    enemy = put(s, 1, BUGGY, (2, 0), facing=3)
    act = Act("card", 0, target=w.vid, n=mine)
    assert act in s.legal_actions() and parse_action(str(act)) == act
    assert str(act).endswith("on P1 wrecker")
    s.apply(act)
    assert w.armour() == w.kind.armour + card.amount and s.card_used
    combat.shoot(s, enemy, w)          # buggy: 2 dice, 5 and 5 against 6: no hit
    assert w.damage == 0
    combat.shoot(s, enemy, w)          # 6 (hit, roll again: 2) and 2
    assert w.damage == 1
    s.apply(Act("end", 0))             # the opponent's turn: still plated
    assert s.seat == 1 and w.plating == card.amount
    s.apply(Act("end", 1))             # "until the start of your next turn"
    assert s.seat == 0 and w.plating == 0 and w.armour() == w.kind.armour
    s.rng.faces = [5, 2]
    combat.shoot(s, enemy, w)          # unplated, a 5 hits again
    assert w.damage == 2


def test_plating_ends_when_the_vehicle_is_wrecked():
    s, mine = holding(PLATING[0], faces=[2] * 10)
    sc = put(s, 0, SCOUT, (0, 0), damage=0)
    s.apply(Act("card", 0, target=sc.vid, n=mine))
    assert sc.plating
    combat.damage(s, sc, sc.kind.dp, away_from=None)
    assert not sc.active and sc.plating == 0


def test_plating_is_taken_by_ram_odds_and_dice():
    # a ram rolls ARMOUR dice: the plated defender rolls one more die (choice, assumptions.md)
    s, mine = holding(PLATING[0], faces=[2] * 20)
    rig = put(s, 0, RIG, (0, 0), facing=0)
    w = put(s, 1, WRECKER, (2, 0), facing=3)
    s.apply(Act("card", 0, target=rig.vid, n=mine))
    left = len(s.rng.faces)
    combat.ram(s, w, rig, rear=False)
    assert left - len(s.rng.faces) == w.kind.armour + rig.kind.armour + 1


def _bot_state(card, enemy_at):
    s, mine = holding(card)
    w = put(s, 0, WRECKER, (0, 0), facing=0)
    s.tokens[(0, 0)] = True
    put(s, 1, BUGGY, enemy_at, facing=3)
    s.ap = 1
    s._legal = None
    return s, mine, w


def test_the_heuristic_plates_a_site_holder_with_an_enemy_in_reach():
    s, mine, w = _bot_state(PLATING[0], (5, -1))
    act = HeuristicBot().choose(s, random.Random(1))
    assert act == Act("card", 0, target=w.vid, n=mine)


def test_the_heuristic_keeps_plating_when_no_enemy_is_in_reach():
    s, mine, w = _bot_state(PLATING[0], (9, -9))
    act = HeuristicBot().choose(s, random.Random(1))
    assert act.kind != "card"
