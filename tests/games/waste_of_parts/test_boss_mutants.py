"""The Harrow pinned to the rulebook's words ("Bosses", "The Harrow"), written against the
survivors of a mutation run of ``boss.py`` (docs/testing.md, "The Waste of Parts")."""

from __future__ import annotations

import random

from pnp.games.waste_of_parts.boss import AICard, harrow_decks, harrow_document
from pnp.games.waste_of_parts.cards import EnemyCard
from pnp.games.waste_of_parts.endround import after_scrap, end_of_round
from pnp.games.waste_of_parts.rules import WASTES
from pnp.games.waste_of_parts.state import SALVAGE, SCRAP
from tests.games.waste_of_parts.helpers import CFG, enemy
from tests.games.waste_of_parts.test_boss import battle, boss_game


def test_the_tentacles_have_level_2_health_and_attack_dealt_evenly():
    """The 20 Tentacle cards (the rulebook prints none): level 2's Health 2-5 and Attack 1-3
    (rules.yaml's Enemy deck), every value dealt."""
    level2 = next(lv for lv in CFG.enemy_deck if lv[0] == 2)
    _, tentacles = harrow_decks(CFG, random.Random(3))
    assert {t.health for t in tentacles} == set(range(level2[3][0], level2[3][1] + 1))
    assert {t.attack for t in tentacles} == set(range(level2[4][0], level2[4][1] + 1))


def test_the_harrow_cards_document_gives_each_ai_card_its_text():
    doc = harrow_document(CFG, "demo")
    ai, _ = harrow_decks(CFG, random.Random(0))
    assert all(set(c) >= {"name", "text"} for c in doc["ai_cards"])
    assert {c["text"] for c in doc["ai_cards"]} >= {"The Hull loses 2."}


def test_the_setup_makes_the_tentacles_the_only_enemy_deck_and_tells_it():
    """The Harrow setup 3: "Shuffle the 20 Tentacle cards to form a new Enemy Deck" (no level
    is shuffled in any more); "It begins the fight submerged"."""
    s = boss_game()
    s.log = []
    s.boss_stage, s.phase, s.arrived_round = "prep", SCRAP, 0
    after_scrap(s)
    assert s.levels == {1: [], 2: [], 3: []} and s.deck_level == 3
    assert s.log[0] == "The Harrow rises: Health 24, submerged"
    assert all(e.card.name == "Tentacle" for e in s.enemies) and s.boss_submerged


def test_the_harrow_surfaces_as_the_rulebook_places_it_and_is_numbered_next():
    """Step 5 "The Harrow Surfaces": in The Wastes (where "it is vulnerable"), Health 6X, no
    Attack of its own ("Bosses only act via their AI Card")."""
    s = boss_game()
    battle(s)
    s.crane_uses = CFG.crane_uses_without_advancing
    s.log = []
    ident = s.next_enemy
    end_of_round(s)                                     # no Tentacle left: it surfaces
    harrow = next(e for e in s.enemies if e.card.ability == "boss")
    assert harrow.ident == ident and harrow.room == WASTES and s.boss_submerged is False
    assert harrow.card == EnemyCard(999, "The Harrow", 3, 24, 0, WASTES, "boss")
    assert f"e{ident} The Harrow surfaces in The Wastes (Health 24)" in s.log
    spawned = sorted(e.ident for e in s.enemies if e is not harrow)
    assert spawned == list(range(ident + 1, s.next_enemy))   # step 9's Tentacles after it


def test_the_surfaced_harrow_acts_by_its_ai_card_the_tentacles_attack_and_the_round_goes_on():
    """Step 3 "Tentacles Attack: Following normal Enemy action priority"; 4 "The Harrow Acts:
    Draw and resolve an AI Card"; then 5-7."""
    s = boss_game()
    battle(s)
    s.crane_uses = CFG.crane_uses_without_advancing
    s.boss_submerged = False
    enemy(s, WASTES, health=24, attack=0, ability="boss")
    c = s.crew[0]
    c.room, c.damage = 2, 0
    for _ in range(3):
        enemy(s, 2, health=9, attack=1)                 # Tentacles with the crew member
    s.boss_ai = [AICard(50, "Test Slam", "slam", 1)]
    hull = s.hull
    end_of_round(s)
    assert c.damage >= 1 and s.hull == hull - 1
    assert s.boss_steps[:7] == [1, 2, 3, 4, 5, 6, 7]
    assert s.phase in (SALVAGE, SCRAP) or s.round == 2


def test_the_twenty_tentacles_in_full():
    """"Shuffle the 20 Tentacle cards": numbered 1000-1019, all Tentacles (level 3: an emptied
    deck is its own discards re-formed), Health and Attack dealt evenly over level 2's ranges,
    abilities over three plain cards and brute, swift, armored."""
    from collections import Counter

    _, tentacles = harrow_decks(CFG, random.Random(3))
    assert [t.ident for t in tentacles] == list(range(1000, 1020))
    assert {(t.name, t.level) for t in tentacles} == {("Tentacle", 3)}
    assert sorted(Counter(t.health for t in tentacles).values()) == [5, 5, 5, 5]
    assert sorted(Counter(t.attack for t in tentacles).values()) == [6, 7, 7]
    abilities = Counter(t.ability for t in tentacles)
    assert set(abilities) == {"", "brute", "swift", "armored"}
    assert 9 <= abilities[""] <= 12 and all(3 <= abilities[a] <= 4
                                            for a in ("brute", "swift", "armored"))
    assert all(isinstance(t.spawn, int) and 1 <= t.spawn <= WASTES for t in tentacles)


def test_a_working_hull_upgrade_restores_the_hull_in_the_battle():
    """Step 2 Room Effects: a hull upgrade "restores" Hull (not above the maximum), only in a
    Functional room ("Inoperable: The room's effects and abilities are nonfunctional")."""
    from pnp.games.waste_of_parts.boss import refresh_and_room_effects
    from pnp.games.waste_of_parts.cards import SalvageCard
    from pnp.games.waste_of_parts.rules import INOPERABLE

    s = boss_game()
    battle(s)
    s.upgrades[2] = SalvageCard(920, "Patch Bay", "upgrade", stat="hull", bonus=2, room="multi")
    s.upgrades[3] = SalvageCard(921, "Turbo", "upgrade", stat="attack", bonus=5, room="multi")
    s.upgrades[6] = SalvageCard(922, "Patch Bay", "upgrade", stat="hull", bonus=1, room="multi")
    s.condition[6] = INOPERABLE
    s.crew[0].stunned = True
    s.hull = 10
    refresh_and_room_effects(s)
    assert s.hull == 12 and s.crew[0].stunned is False and s.boss_steps == [1, 2]
    s.hull = CFG.hull_max - 1
    refresh_and_room_effects(s)
    assert s.hull == CFG.hull_max


def test_the_next_round_of_the_battle_and_the_last_round():
    """Step 10 New First Player: the marker passes clockwise and the new First Player plays
    first; the simulator's round limit (rules.yaml ``max_rounds``) ends the game after its
    last round, not before."""
    from pnp.games.waste_of_parts.boss import next_round

    s = boss_game()
    battle(s)
    enemy(s, 2)
    s.round, s.first = 5, 3
    next_round(s)
    assert s.first == 0 and s.round == 6 and s.current_player == 0 and s.aboard[-1] == 1
    s.round = CFG.max_rounds - 1
    next_round(s)
    assert not s.is_over() and s.round == CFG.max_rounds
    next_round(s)
    assert s.result == 0 and s.cause == "out of time"
