"""The Waste of Parts' numbers, map and dice maths pinned to the rulebook's words
(../shared/rules/waste-of-parts.txt).

Written against the survivors of a mutation run of ``rules.py`` (docs/testing.md, "The Waste of
Parts"): every rulebook number of ``Config`` is checked both as the default and as the bundled
rules.yaml reads it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.rules import (
    WASTES,
    Config,
    attacks_to_kill,
    default_map,
    half_up,
    hit_distribution,
    odds_document,
    p_at_least,
    p_hit,
    p_jam,
)


@pytest.mark.parametrize("cfg", [Config(), load_config()], ids=["default", "rules.yaml"])
def test_every_rulebook_number(cfg):
    """Setup: "3 Crew Members: Start at 4 Noise / 4 ...: 5 / 5 ...: 7", "Distance (middle):
    Start at 0", "Hull (right): Start at 20"; "Reach 35 on the Distance dial"; "At Distance 10:
    ... level 2 ... At Distance 20: ... level 3"; "each Engine has a Speed Stat of 1"; "the
    gun's Attack Stat (3 by default)"; "the room's Salvage Stat (2 by default)"; "used twice
    without the Mech advancing"; "74 Enemy Standees"; "Reinforce: Discard 2 cards"; "Recycle:
    Discard 3 cards"; "Revive (requires 2 actions)"; "up to two Equipment cards"; "Results of
    1-2 are misses. Results of 3-6 are hits."; "188 Enemy Cards"; "151 Salvage Cards" with "the
    two Scrap Metal Salvage Cards" face-up in the Scrap Pile."""
    assert dict(cfg.noise_by_crew) == {3: 4, 4: 5, 5: 7}
    assert [cfg.noise(n) for n in (3, 4, 5)] == [4, 5, 7]
    assert (cfg.distance_start, cfg.hull_start, cfg.distance_goal) == (0, 20, 35)
    assert dict(cfg.escalation) == {10: 2, 20: 3}
    assert (cfg.engine_speed, cfg.gun_attack, cfg.crane_salvage) == (1, 3, 2)
    assert (cfg.crane_uses_without_advancing, cfg.standees) == (2, 74)
    assert (cfg.reinforce_cost, cfg.recycle_cost, cfg.revive_actions) == (2, 3, 2)
    assert cfg.equipment_slots == 2 and tuple(cfg.hit_faces) == (3, 4, 5, 6)
    assert [level for level, *_ in cfg.enemy_deck] == [1, 2, 3]
    assert sum(cards for _, cards, *_ in cfg.enemy_deck) == 188
    assert sum(n for kind, n in cfg.salvage_deck if kind != "cards") == 151
    assert dict(cfg.salvage_deck)["scrap_metal"] == 2


@pytest.mark.parametrize("cfg", [Config(), load_config()], ids=["default", "rules.yaml"])
def test_the_choices_where_the_rulebook_is_silent(cfg):
    """docs/assumptions.md: the Hull stops at its start (20), 1 hit = 1 damage, a game still
    running after 200 rounds is lost, the plain crew member's 6 Health, 2 Attack, 4 Actions."""
    assert (cfg.hull_max, cfg.damage_per_hit, cfg.max_rounds) == (20, 1, 200)
    assert (cfg.crew_health, cfg.crew_attack, cfg.crew_actions) == (6, 2, 4)


def test_the_mech_has_12_rooms_and_the_wastes():
    """The Mech: "12 numbered rooms, with a 13th location representing the wasteland"; Aft Deck
    (1) & Fore Deck (4), Multi-Function Rooms (2, 3, 6, 7), Salvaging Crane (5), Cockpit (8),
    Aft Gun (9) & Fore Gun (12), Engine Rooms (10, 11), The Wastes (13); "The Wastes are
    considered adjacent to the Fore and Aft Decks"; Adjacency: "next to each other on the same
    level or connected by a ladder" (the ladders: docs/assumptions.md)."""
    mech = default_map()
    assert [r.number for r in mech.rooms] == list(range(1, 14)) and WASTES == 13
    assert {k: mech.of_kind(k) for k in ("deck", "multi", "crane", "cockpit", "gun", "engine",
                                        "wastes")} == {
        "deck": (1, 4), "multi": (2, 3, 6, 7), "crane": (5,), "cockpit": (8,), "gun": (9, 12),
        "engine": (10, 11), "wastes": (13,)}
    assert mech.of_kind("bridge") == ()
    assert mech.room(8).name == "Cockpit" and mech.room(13).name == "The Wastes"
    assert [r.level for r in mech.rooms] == [1] * 4 + [2] * 4 + [3] * 4 + [0]
    assert mech.kind_of == ("", "deck", "multi", "multi", "deck", "crane", "multi", "multi",
                            "cockpit", "gun", "engine", "engine", "gun", "wastes")
    assert mech.adjacent[1:] == ((2, 5), (1, 3), (2, 4), (3, 8), (1, 6), (5, 7, 10),
                                 (6, 8, 11), (4, 7), (10,), (6, 9, 11), (7, 10, 12), (11,), ())
    assert mech.wastes_adjacent == (1, 4)
    assert WASTES not in mech.dist and mech.dist[9] == {
        9: 0, 10: 1, 6: 2, 11: 2, 5: 3, 7: 3, 12: 3, 1: 4, 8: 4, 2: 5, 4: 5, 3: 6}
    assert mech.toward[7][10] == 6 and mech.toward[10][8] == 6    # lowest of the nearest
    assert (mech.toward[11][9], mech.toward[6][11], mech.toward[8][5]) == (10, 7, 7)


def test_a_map_of_its_own_keeps_its_wastes_neighbours():
    """rules.yaml's ``wastes_adjacent`` (the rulebook: "the Fore and Aft Decks") is the map's."""
    from pnp.games.waste_of_parts.rules import build_map

    mech = default_map()
    other = build_map(mech.rooms, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], [[1, 5]], (2, 3))
    assert other.wastes_adjacent == (2, 3) and other.adjacent[4] == (3,)


def test_half_rounded_up_and_the_dice_odds():
    """Cockpit: "50% efficiency (rounded up)"; Combat: "Results of 1-2 are misses. Results of
    3-6 are hits."; Weapons: "If every die in an attack roll results in a 1, the weapon jams"."""
    assert [half_up(n) for n in range(6)] == [0, 1, 1, 2, 2, 3]
    assert p_hit() == Fraction(2, 3) and p_hit((6,)) == Fraction(1, 6)
    assert hit_distribution(3) == [Fraction(1, 27), Fraction(6, 27), Fraction(12, 27),
                                   Fraction(8, 27)]
    assert hit_distribution(1, (5, 6)) == [Fraction(2, 3), Fraction(1, 3)]
    assert p_jam(2) == Fraction(1, 36) and p_jam(0) == 0
    assert p_at_least(2, 1) == Fraction(8, 9) and p_at_least(2, 3) == 0
    assert p_at_least(1, 1, (6,)) == Fraction(1, 6)


def test_attacks_to_kill_carry_the_damage_over():
    """Enemy Cards, Health: "When an Enemy suffers this much damage, it is destroyed": damage
    adds up over attacks. One die against Health 2: 3 attacks on average; two dice: 27/16;
    three dice: 216/169."""
    assert attacks_to_kill(1, 1) == Fraction(3, 2)
    assert attacks_to_kill(1, 2) == 3
    assert attacks_to_kill(2, 2) == Fraction(27, 16)
    assert attacks_to_kill(3, 2) == Fraction(216, 169)
    assert attacks_to_kill(1, 1, (6,)) == 6
    with pytest.raises(ValueError, match="an attack rolls at least one die"):
        attacks_to_kill(0, 1)


def test_the_odds_document():
    """``pnp waste-of-parts odds``: exact fractions beside their values."""
    doc = odds_document(2, 2)
    assert doc["dice"] == 2 and doc["hit_faces"] == [3, 4, 5, 6] and doc["health"] == 2
    assert doc["p_hit_per_die"] == {"exact": "2/3", "value": 2 / 3}
    assert doc["hits"] == {"0": {"exact": "1/9", "value": 1 / 9},
                           "1": {"exact": "4/9", "value": 4 / 9},
                           "2": {"exact": "4/9", "value": 4 / 9}}
    assert doc["expected_hits"]["exact"] == "4/3" and doc["p_jam"]["exact"] == "1/36"
    assert doc["p_kill_in_one_attack"]["exact"] == "4/9"
    assert doc["expected_attacks_to_kill"]["exact"] == "27/16"
    assert "health" not in odds_document(1) and odds_document(1, hit_faces=(6,))["hits"][
        "1"]["exact"] == "1/6"
    six = odds_document(1, 1, hit_faces=(6,))
    assert six["p_kill_in_one_attack"]["exact"] == "1/6"
    assert six["expected_attacks_to_kill"]["exact"] == "6"


def test_the_defaults_are_the_bundled_rules_file():
    # Config's docstring: rules.yaml "is its data". The file also states the Salvage deck's
    # total (151), which the deck builder does not read (it counts kind by kind).
    default, bundled = Config(), load_config()
    for name in Config.__dataclass_fields__:
        if name != "salvage_deck":
            assert getattr(default, name) == getattr(bundled, name), name
    assert dict(bundled.salvage_deck) == {**dict(default.salvage_deck), "cards": 151}
