"""The salvage and event decks: unique cards, and each card does what its printed text says."""

from __future__ import annotations

import pytest

from pnp.games.wreck_and_ruin import combat, data
from pnp.games.wreck_and_ruin.actions import Act, parse_action
from pnp.games.wreck_and_ruin.cards import (
    CARD_PLAYS,
    EVENT_EFFECTS,
    SALVAGE_EFFECTS,
    rules_text,
)
from pnp.games.wreck_and_ruin.legal import move_options
from pnp.games.wreck_and_ruin.play import _event as start_turn_event

from .helpers import BUGGY, RIG, SALVAGE, SCOUT, SCOUT2, WRECKER, holding, new_state, put

EVENTS = data.load_cards(None, "event")


def test_the_decks_hold_56_unique_salvage_cards_and_24_unique_events():
    # Contents: "56 salvage cards", "24 event cards" (issue 10: unique cards)
    assert sum(c.count for c in SALVAGE) == 56 and len({c.name for c in SALVAGE}) == 56
    assert sum(c.count for c in EVENTS) == 24 and len({c.name for c in EVENTS}) == 24
    assert {c.effect for c in SALVAGE} == set(SALVAGE_EFFECTS)
    assert {c.effect for c in EVENTS} == set(EVENT_EFFECTS)


@pytest.mark.parametrize("card", SALVAGE + EVENTS, ids=lambda c: c.name)
def test_each_card_reads_as_a_card(card):
    text = rules_text(card)
    assert "N " not in text and text[0].isupper() and text.endswith(".")
    if card.amount != 1:
        assert str(card.amount) in text


def _play(s, mine):
    act = Act("card", 0, n=mine)
    assert act in s.legal_actions() and parse_action(str(act)) == act
    s.apply(act)
    assert mine not in s.hands[0] and mine in s.salvage_discards and s.card_used


def _of(effect):
    return [c for c in SALVAGE if c.effect == effect]


@pytest.mark.parametrize("card", _of("field_repair"), ids=lambda c: c.name)
def test_field_repair_removes_its_amount_of_dp(card):
    # "Remove N DP from one of your active vehicles."
    s, mine = holding(card)
    b = put(s, 0, BUGGY, (0, 0), damage=3)
    s.apply(Act("kit", 0, target=b.vid))
    assert b.damage == 3 - card.amount and s.hands[0] == []


def test_field_repair_uses_the_biggest_kit_in_hand():
    small, big = _of("field_repair")[0], _of("field_repair")[-1]
    s, _ = holding(small)
    s.hands[0].append(SALVAGE.index(big))
    b = put(s, 0, BUGGY, (0, 0), damage=3)
    s.apply(Act("kit", 0, target=b.vid))
    assert b.damage == 3 - big.amount and s.hands[0] == [SALVAGE.index(small)]


@pytest.mark.parametrize("card", _of("overhaul"), ids=lambda c: c.name)
def test_overhaul_repairs_each_active_vehicle(card):
    # "Remove N DP from each of your active vehicles."
    s, mine = holding(card)
    b = put(s, 0, BUGGY, (0, 0), damage=2)
    w = put(s, 0, WRECKER, (2, 0), damage=1)
    e = put(s, 1, BUGGY, (4, 0), damage=2)
    _play(s, mine)
    assert (b.damage, w.damage, e.damage) == (max(0, 2 - card.amount), 0, 2)


@pytest.mark.parametrize("card", _of("scavenge"), ids=lambda c: c.name)
def test_scavenge_draws_its_amount(card):
    # "Draw N salvage cards."
    s, mine = holding(card)
    _play(s, mine)
    assert len(s.hands[0]) == card.amount


@pytest.mark.parametrize("card", _of("war_cry"), ids=lambda c: c.name)
def test_war_cry_gains_ap(card):
    # "Gain N AP this turn."
    s, mine = holding(card)
    ap = s.ap
    _play(s, mine)
    assert s.ap == ap + card.amount


@pytest.mark.parametrize("card", _of("bloodlust"), ids=lambda c: c.name)
def test_bloodlust_adds_attack_dice_this_turn(card):
    # "This turn your attacks roll N more dice." Every die a 2 (a miss): count the dice.
    s, mine = holding(card, faces=[2] * 20)
    b = put(s, 0, BUGGY, (0, 0))
    t = put(s, 1, RIG, (2, 0))
    _play(s, mine)
    left = len(s.rng.faces)
    combat.shoot(s, b, t)
    assert left - len(s.rng.faces) == b.kind.attack + card.amount
    s.apply(Act("end", 0))
    assert s.bonus_dice == 0


@pytest.mark.parametrize("card", _of("nomads"), ids=lambda c: c.name)
def test_nomads_adds_movement_this_turn(card):
    # "This turn your move actions get N extra movement."
    s, mine = holding(card)
    v = put(s, 0, SCOUT, (0, 0))
    put(s, 0, SCOUT2, (-6, 6))
    before = max(move_options(s, v).values())
    _play(s, mine)
    assert max(move_options(s, v).values()) == before + card.amount


def test_scrap_and_fuel_are_not_played_as_cards():
    # scrap: "No other use." (only the discard to repair 1DP); fuel is its own move action
    for effect in ("scrap", "reserve_fuel"):
        s, mine = holding(_of(effect)[0])
        assert not any(a.kind == "card" for a in s.legal_actions())
    assert set(CARD_PLAYS) < set(SALVAGE_EFFECTS)


def test_one_salvage_card_a_turn():
    # "only one can be used per player per turn"
    a, b = _of("war_cry")[:2]
    s, mine = holding(a)
    s.hands[0].append(SALVAGE.index(b))
    _play(s, mine)
    assert not any(x.kind == "card" for x in s.legal_actions())


@pytest.mark.parametrize("card", [c for c in EVENTS if c.effect in ("supply_drop",
                                                                    "acid_rain")],
                         ids=lambda c: c.name)
def test_start_of_turn_events_use_their_amount(card):
    s = new_state(faces=[1] * 5)
    s.salvage = SALVAGE
    s.salvage_pile = list(range(len(SALVAGE)))
    for slot in range(5):
        put(s, 0, slot, (slot * 2, 0))
    s.event = card
    start_turn_event(s)
    if card.effect == "supply_drop":
        assert len(s.hands[0]) == card.amount
    else:
        assert sum(v.damage for v in s.vehicles[:5]) == card.amount


@pytest.mark.parametrize("card", EVENTS, ids=lambda c: c.name)
def test_round_events_are_in_force_with_their_amount(card):
    s = new_state()
    s.event = card
    assert s.effect(card.effect) == card.amount
