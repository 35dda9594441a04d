"""The Waste of Parts' card generator (``cards.py``): the decks' counts and the promises its
docstrings make, card by card.

Written against the survivors of the mutation run of ``cards.py`` that docs/testing.md lists.
The rulebook prints the decks' sizes ("188 Enemy Cards", "151 Salvage Cards", "10 Event Cards")
and no card; the generator promises each level's structure from rules.yaml, each Enemy's
threat in its level's band, abilities, Spawn Locations, weapon Attacks, gear stats and upgrade
rooms dealt evenly, the drawbacks "7 in 10 heavy weapons reload, half the light ones reach", and
the Noise cost of ``NOISE_COST``. Which card a seed puts where is its free choice, not checked.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from pnp.games.waste_of_parts import cards as C
from pnp.games.waste_of_parts.cards import (
    EnemyCard,
    SalvageCard,
    enemy_deck,
    enemy_threat,
    event_deck,
    salvage_deck,
)
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.rules import WASTES, Config, attacks_to_kill

CFG = load_config(None)


def even(counts, n_values):
    """Each value as evenly often as the count allows: counts differ by at most 1."""
    return len(counts) == n_values and max(counts.values()) - min(counts.values()) <= 1


def test_the_vocabulary_and_the_bands():
    assert C.THREAT_BANDS == {1: (0.5, 2.5), 2: (1.5, 4.5), 3: (3.5, 8.0)}
    assert C.CREW_DICE == 2
    assert set(C.ENEMY_ABILITIES) == {"", "wind", "noisy", "armored", "brute", "swift"}
    assert C.SALVAGE_KINDS == ("scrap", "weapon", "armor", "gear", "upgrade")
    assert C.GEAR_STATS == ("actions", "health", "attack")
    assert C.UPGRADE_STATS == {"gun": "attack", "engine": "speed", "crane": "salvage",
                               "multi": "hull", "cockpit": "salvage"}
    assert C.NOISE_COST == {("engine", 1): 1, ("engine", 2): 1}


def card(health, attack, ability=""):
    return EnemyCard(1, "E", 1, health, attack, 3, ability)


def test_an_enemys_threat_by_hand():
    # 2/3 of its Attack dice hit each round it lives; it lives the crew's expected attacks
    assert enemy_threat(card(2, 1)) == float(Fraction(2, 3) * attacks_to_kill(2, 2))
    assert enemy_threat(card(1, 3)) == 2.0 * 9 / 8         # 2 dice need 9/8 attacks for 1
    assert enemy_threat(card(1, 3), crew_dice=1) == 2.0 * 3 / 2
    # armored: +50% Health, rounded up (3 -> 5, 2 -> 3)
    assert enemy_threat(card(3, 1, "armored")) == enemy_threat(card(5, 1))
    assert enemy_threat(card(2, 1, "armored")) == enemy_threat(card(3, 1))
    for ability in ("swift", "brute", "noisy"):
        assert enemy_threat(card(2, 2, ability)) == 1.25 * enemy_threat(card(2, 2))
    assert enemy_threat(card(2, 2, "wind")) == 0.0
    assert EnemyCard(1, "J", 1, 1, 0, 13, "wind").wind and not card(1, 1).wind


def test_the_enemy_deck_level_by_level():
    for seed in range(4):
        deck = enemy_deck(CFG, random.Random(seed))
        assert [c.ident for c in deck] == list(range(1, 189))
        for level, count, wind, health, attack in CFG.enemy_deck:
            cards = [c for c in deck if c.level == level]
            assert len(cards) == count
            winds = [c for c in cards if c.wind]
            assert len(winds) == wind and cards[:wind] == winds  # first in the level
            assert all((c.name, c.health, c.attack, c.spawn) == ("Just the Wind", 1, 0, 13)
                       for c in winds)
            rest = cards[wind:]
            low, high = C.THREAT_BANDS[level]
            for c in rest:
                assert health[0] <= c.health <= health[1] and attack[0] <= c.attack <= attack[1]
                assert low <= enemy_threat(c) <= high
                assert c.name in C._ENEMY_NAMES[level]
            # abilities dealt evenly: "", "", "" and one of each of the four others per 7
            cycle = ("", "", "", "noisy", "armored", "brute", "swift")
            assert Counter(c.ability for c in rest) == Counter(
                cycle[k % 7] for k in range(len(rest)))
            # Spawn Locations: every room as evenly as the count allows, The Wastes 6 in 18
            spawns = Counter(c.spawn for c in rest)
            pool = Counter(C._spawns(CFG.wastes_spawns)[k % 18] for k in range(len(rest)))
            assert spawns == pool


def test_health_and_attack_go_round_the_combinations_that_fit():
    # level 1 of one plain card kind: Health 1-2, Attack 1: threats 0.75 and 1.125 both fit
    cfg = Config(enemy_deck=((1, 8, 0, (1, 2), (1, 1)),))
    deck = enemy_deck(cfg, random.Random(1))
    plain = Counter((c.health, c.attack) for c in deck if c.ability == "")
    assert set(plain) == {(1, 1), (2, 1)} and max(plain.values()) - min(plain.values()) <= 1


def test_no_enemy_in_the_band_is_an_error():
    cfg = Config(enemy_deck=((3, 5, 0, (1, 1), (1, 1)),))   # level 3 needs threat 3.5 or more
    with pytest.raises(ValueError, match="no level-3 plain Enemy fits the threat band 3.5-8.0"):
        enemy_deck(cfg, random.Random(0))
    cfg = Config(enemy_deck=((1, 1, 1, (9, 9), (9, 9)),))   # all Just the Wind: nothing to fit
    assert [c.wind for c in enemy_deck(cfg, random.Random(0))] == [True]


def test_even_deals_each_value_as_often_as_it_can():
    out = C._even(("a", "b", "c"), 7, random.Random(2))
    assert Counter(out) == {"a": 3, "b": 2, "c": 2}
    assert C._even(("a",), 0, random.Random(2)) == []
    orders = {tuple(C._even(tuple(range(5)), 5, random.Random(s))) for s in range(10)}
    assert len(orders) > 1  # shuffled


def test_the_spawn_pool():
    assert C._spawns(6) == tuple(range(1, 13)) + (13,) * 6
    assert C._spawns(0) == tuple(range(1, 13))


def test_the_wastes_are_dealt_one_from_each_run_of_threats():
    threats = [float(k) for k in range(6)]
    for seed in range(10):
        out = C._spawns_by_threat(threats, (1, 2, 13), random.Random(seed))
        assert sorted(out) == [1, 1, 2, 2, 13, 13]
        assert sum(out[k] == WASTES for k in (0, 1, 2)) == 1  # one from the weaker half
        assert sum(out[k] == WASTES for k in (3, 4, 5)) == 1
    # equal threats keep the cards' order
    out = C._spawns_by_threat([1.0] * 4, (13, 2), random.Random(0))
    assert sum(out[k] == WASTES for k in (0, 1)) == 1
    assert C._spawns_by_threat([2.0, 1.0], (5, 6), random.Random(0)) in ([5, 6], [6, 5])


def test_the_salvage_deck_kind_by_kind():
    counts = dict(CFG.salvage_deck)
    for seed in range(4):
        deck = salvage_deck(CFG, random.Random(seed))
        assert len(deck) == 151 and [c.ident for c in deck] == list(range(1, 152))
        assert [c.name for c in deck[:2]] == ["Scrap Metal"] * 2  # they start in the Scrap Pile
        kinds = Counter(c.kind for c in deck)
        assert kinds == {"scrap": 47, "weapon": counts["weapons"], "armor": counts["armor"],
                         "gear": counts["gear"], "upgrade": counts["upgrades"]}
        assert sum(c.name == "Scrap" for c in deck) == counts["scrap"]
        weapons = [c for c in deck if c.kind == "weapon"]
        assert even(Counter(c.attack for c in weapons), 4) and {c.attack for c in weapons} == \
            {2, 3, 4, 5}
        heavy = [c for c in weapons if c.attack >= 4]
        light = [c for c in weapons if c.attack <= 3]
        # "7 in 10 heavy weapons reload, half the light ones reach", dealt in tens and twos
        n = len(heavy)
        assert sum(c.reload for c in heavy) == 7 * (n // 10) + min(n % 10, 7)
        assert not any(c.reload for c in light) and not any(c.reach for c in heavy)
        assert sum(c.reach for c in light) == (len(light) + 1) // 2
        assert all(c.reach in (0, 1) and c.name in C._WEAPONS for c in weapons)
        armor = [c for c in deck if c.kind == "armor"]
        assert all(c.armor == 1 and c.name in C._ARMOR for c in armor)
        gear = [c for c in deck if c.kind == "gear"]
        assert all(c.bonus == 1 and c.name == C._GEAR[c.stat] for c in gear)
        assert even(Counter(c.stat for c in gear), 3)
        ups = [c for c in deck if c.kind == "upgrade"]
        assert even(Counter(c.room for c in ups), 5)
        pairs = Counter((c.room, c.bonus) for c in ups)
        assert all(abs(pairs[(r, 1)] - 2 * pairs[(r, 2)]) <= 2 for r in C.UPGRADE_STATS)
        for c in ups:
            assert c.stat == C.UPGRADE_STATS[c.room] and c.bonus in (1, 2)
            assert c.name == C.UPGRADE_NAMES[c.room] + (" II" if c.bonus == 2 else "")
            assert c.noise == C.NOISE_COST.get((c.room, c.bonus), 0)
        assert any(c.noise == 1 for c in ups) and all(c.equipment for c in weapons + armor + gear)
        assert not any(c.equipment for c in ups)


def test_a_deck_of_only_some_kinds():
    cfg = Config(salvage_deck=(("weapons", 3),))
    deck = salvage_deck(cfg, random.Random(0))
    assert [c.kind for c in deck] == ["weapon"] * 3 and [c.ident for c in deck] == [1, 2, 3]
    assert salvage_deck(Config(salvage_deck=()), random.Random(0)) == ()
    one = salvage_deck(Config(salvage_deck=(("scrap", 1), ("scrap_metal", 1))), random.Random(0))
    assert [c.name for c in one] == ["Scrap Metal", "Scrap"]


def test_the_ten_event_cards():
    deck = event_deck()
    assert len(deck) == 10 and [e.ident for e in deck] == list(range(1, 11))
    assert deck[0].name == "Dust Storm" and deck[0].text == "Noise +1 while this Event is active."
    assert deck[5].text == "Noise +2 while this Event is active."
    assert Counter(e.effect for e in deck) == {e: 2 for e in C.EVENT_EFFECTS}
    assert deck[1].text == "Noise -1 (not below 1) while this Event is active."
    assert deck[4].text == "Fire Damage: the Hull loses 1 more if any room is On Fire."
    assert SalvageCard(1, "x", "scrap").equipment is False


def test_seven_in_ten_heavy_weapons_reload_and_half_the_light_ones_reach():
    # cards.salvage_deck: "7 in 10 heavy weapons reload, half the light ones reach", dealt
    # evenly: 20 weapons are 5 of each Attack 2-5, so 10 heavy (4-5) and 10 light.
    for seed in range(3):
        deck = salvage_deck(Config(salvage_deck=(("weapons", 20),)), random.Random(seed))
        heavy = [c for c in deck if c.attack >= 4]
        light = [c for c in deck if c.attack < 4]
        assert len(heavy) == len(light) == 10
        assert sum(bool(c.reload) for c in heavy) == 7
        assert sum(bool(c.reach) for c in light) == 5
