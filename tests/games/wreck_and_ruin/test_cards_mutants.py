"""The decks as the rulebook and the card files define them (``cards.py``): "Game Contents"
("16 faction cards - 4 for each faction", "24 event cards", "56 salvage cards"), a card's rules
text made from its effect and number in the rulebook's way of writing ("1DP", "2AP"), and a
deck holding each card as many times as its count. Each test was written against a mutant of
the module no earlier test noticed.
"""

from __future__ import annotations

from pnp.games.wreck_and_ruin import data
from pnp.games.wreck_and_ruin.cards import (
    CARD_ON_VEHICLE,
    CARD_PLAYS,
    EVENT_EFFECTS,
    FACTION_EFFECTS,
    FACTION_TARGET,
    SALVAGE_EFFECTS,
    SUMMONS,
    CardDef,
    deck_of,
    rules_text,
)


def test_the_box_s_card_counts():
    # Game Contents: "16 faction cards - 4 for each faction", "24 event cards", "56 salvage
    # cards"; The Factions: "there are 4 main factions"
    factions = data.load_factions()
    assert len(factions) == 4 and all(len(cards) == 4 for _, cards in factions)
    assert all(c.kind == "faction" and c.effect in FACTION_EFFECTS
               for _, cards in factions for c in cards)
    assert len(deck_of(data.load_cards(None, "event"))) == 24
    assert len(deck_of(data.load_cards(None, "salvage"))) == 56


def test_a_deck_holds_each_card_count_times_in_order():
    a = CardDef("A", "salvage", "scrap", count=2)
    b = CardDef("B", "salvage", "war_cry", 2)
    c = CardDef("C", "salvage", "scrap", count=3)
    assert deck_of((a, b, c)) == (a, a, b, c, c, c)
    assert deck_of(()) == ()
    assert deck_of((CardDef("Z", "event", "calm", count=0),)) == ()


def test_rules_text_by_kind():
    # the same effect word can mean another thing in another deck: the kind picks the words
    assert rules_text(CardDef("x", "event", "calm")) == EVENT_EFFECTS["calm"]
    assert rules_text(CardDef("x", "faction", "frenzy")) == FACTION_EFFECTS["frenzy"]
    assert rules_text(CardDef("x", "salvage", "scrap")) == SALVAGE_EFFECTS["scrap"]


def test_rules_text_writes_numbers_as_the_rulebook_does():
    # the rulebook writes "1DP", "2AP", "1 die"
    assert rules_text(CardDef("x", "salvage", "field_repair", 2)) == \
        "Remove 2DP from one of your active vehicles."
    assert rules_text(CardDef("x", "salvage", "war_cry", 1)) == "Gain 1AP this turn."
    assert rules_text(CardDef("x", "event", "acid_rain", 3)) == \
        "At the start of your turn, a random vehicle of yours takes 3DP."
    assert rules_text(CardDef("x", "salvage", "scavenge", 1)) == "Draw 1 salvage card."
    assert rules_text(CardDef("x", "salvage", "scavenge", 2)) == "Draw 2 salvage cards."
    assert rules_text(CardDef("x", "faction", "bloodlust", 1)) == \
        "This turn your attacks roll 1 more die."
    assert rules_text(CardDef("x", "faction", "bloodlust", 3)) == \
        "This turn your attacks roll 3 more dice."
    assert rules_text(CardDef("x", "event", "sandstorm", 2)) == "Attacks have 2 less range."
    assert rules_text(CardDef("x", "event", "supply_drop", 1)) == \
        "At the start of your turn, draw 1 salvage card."
    # a number is not glued to other words
    assert rules_text(CardDef("x", "event", "tailwind", 2)) == \
        "Every move action gets 2 extra movement."


def test_the_vocabularies_agree():
    # every salvage effect played as a card is a salvage effect; the faction cards that share
    # a salvage card's effect say the same words
    assert set(CARD_PLAYS) <= set(SALVAGE_EFFECTS) and CARD_ON_VEHICLE <= set(CARD_PLAYS)
    for effect in set(FACTION_EFFECTS) & set(SALVAGE_EFFECTS):
        assert FACTION_EFFECTS[effect] == SALVAGE_EFFECTS[effect]
    # "2 special vehicle tokens, linked to faction cards: the rhinax and drone"
    assert SUMMONS == {"drone": "drone", "rhinax": "rhinax"}
    assert set(SUMMONS) <= set(FACTION_EFFECTS) and set(FACTION_TARGET) <= set(FACTION_EFFECTS)
