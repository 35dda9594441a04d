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


# --- the Boss AI cards' effects (both Bosses), with the dice scripted ------------------------

def _ai_game(faces=(6, 1, 3, 5)):
    s = boss_game()
    battle(s)
    s.log = []
    s.roll = lambda n: list(faces)[:n]          # the dice the AI card rolls
    return s


def test_slam_and_barrage_hit_the_hull():
    """AI effects: "The Hull loses {n}."; "Roll {n} dice at the Hull: each hit, the Hull loses
    1" (hits: "Results of 3-6")."""
    from pnp.games.waste_of_parts.boss import resolve_ai

    s = _ai_game()
    resolve_ai(s, AICard(60, "Tidal Slam", "slam", 2))
    assert s.hull == 18 and s.log[-1] == "the Hull loses 2 (Tidal Slam): 18"
    resolve_ai(s, AICard(61, "Undertow", "barrage", 3))     # 6, 1, 3: two hits, one miss
    assert s.hull == 16
    assert s.log[-1] == "the Hull loses 2 (Undertow rolls [6, 1, 3]): 16"
    resolve_ai(s, AICard(62, "Broadside", "barrage", 1, per_crew=True))   # 1X: 4 dice
    assert s.hull == 13


def test_crush_worsens_its_room_by_its_amount():
    """"Room {room} worsens {n} step{s}."."""
    from pnp.games.waste_of_parts.boss import resolve_ai
    from pnp.games.waste_of_parts.rules import INOPERABLE, ON_FIRE

    s = _ai_game()
    resolve_ai(s, AICard(63, "Wrecking Coil", "crush", 1, room=3))
    assert s.condition[3] == INOPERABLE and s.condition[2] == 0
    resolve_ai(s, AICard(64, "Crushing Coil", "crush", 2, room=2))
    assert s.condition[2] == ON_FIRE


def test_lash_rolls_at_each_standing_crew_member_in_its_room_less_armor():
    """"Roll {n} dice at each Crew Member in room {room}": hits are damage, armor takes off
    ("A Crew Member can only benefit from one armor card at a time"); "Enemies ignore Downed
    Crew"; with every Crew Member Downed the crew loses."""
    from pnp.games.waste_of_parts.boss import resolve_ai
    from pnp.games.waste_of_parts.cards import SalvageCard

    s = _ai_game()
    a, b, downed, away = s.crew
    for c in s.crew:
        c.room, c.damage = 2, 0
    a.damage = 1
    b.equip(SalvageCard(930, "Vest", "armor", armor=1))
    downed.damage = downed.health
    away.room = 7
    resolve_ai(s, AICard(65, "Whiplash", "lash", 3, room=2))   # faces 6, 1, 3: 2 hits
    assert (a.damage, b.damage, downed.damage, away.damage) == (3, 1, downed.health, 0)
    assert not s.is_over()
    b.equip(SalvageCard(931, "Plate", "armor", armor=2))      # armor 2 takes both hits off
    resolve_ai(s, AICard(65, "Whiplash", "lash", 3, room=2))
    assert b.damage == 1 and a.damage == 5
    for card in b.items:
        b.unequip(card)
    for c in s.crew:
        c.room, c.damage = 2, c.health - 1
    resolve_ai(s, AICard(65, "Whiplash", "lash", 3, room=2))
    assert s.result == 0 and s.cause == "every crew member is Downed"


def test_board_rummages_and_grasp_spawns_their_amount(monkeypatch):
    """"Drones board the Mech: Rummage for {n} Enemy card{s}."; "Draw and resolve {n} Tentacle
    card{s}." (X: per Crew Member)."""
    from pnp.games.waste_of_parts import endround
    from pnp.games.waste_of_parts.boss import resolve_ai

    s = _ai_game()
    calls: list[tuple[str, object]] = []
    monkeypatch.setattr(endround, "rummage_enemy", lambda st: calls.append(("rummage", st)))
    monkeypatch.setattr(endround, "spawn_one", lambda st: calls.append(("spawn", st)))
    resolve_ai(s, AICard(66, "Boarding Drones", "board", 1, per_crew=True))
    assert calls == [("rummage", s)] * 4
    calls.clear()
    resolve_ai(s, AICard(67, "Reaching Grasp", "grasp", 2))
    assert calls == [("spawn", s)] * 2


def test_the_harrow_draws_its_card_and_tells_it():
    """Step 4: "Draw and resolve an AI Card"."""
    from pnp.games.waste_of_parts.boss import act

    s = _ai_game()
    s.boss_ai = [AICard(60, "Tidal Slam", "slam", 2)]
    act(s)
    assert s.log[0] == "The Harrow: Tidal Slam (The Hull loses 2.)"
    assert s.boss_ai_discard[-1].name == "Tidal Slam"


def test_salvaged_cards_wait_for_the_first_players_decision(monkeypatch):
    """Steps 6-7, Fire Damage and Salvaging: "Salvage Cards ... the First Player makes the final
    call": the game waits for the decision."""
    from pnp.games.waste_of_parts import endround
    from pnp.games.waste_of_parts.boss import fire_and_salvage

    s = boss_game()
    battle(s)
    card = s.salvage_deck[0]
    monkeypatch.setattr(endround, "_salvaging", lambda st: st.pending.append(card))
    s.boss_steps = []
    fire_and_salvage(s, 6)
    assert s.boss_steps == [6, 7] and s.phase == SALVAGE and s.pending == [card]


def test_the_ai_cards_numbers_and_rooms():
    """"the 7 Harrow Boss AI cards" (numbered 1-7) and "the 6 Scourge Boss AI cards" (8-13);
    the cards that strike a room ("Room {room} worsens", "each Crew Member in room {room}")
    strike rooms of the Mech, every one of its 12 rooms (the Cockpit, the guns and the engines
    too: dealt in order, 7 cards took rooms 1-7 only), the others none."""
    from pnp.games.waste_of_parts.boss import ROOM_EFFECTS
    from pnp.games.waste_of_parts.scourge import scourge_decks

    rooms = set()
    for seed in range(40):
        harrow, _ = harrow_decks(CFG, random.Random(seed))
        scourge, _ = scourge_decks(CFG, random.Random(seed))
        assert [c.ident for c in harrow] == list(range(1, 8))
        assert [c.ident for c in scourge] == list(range(8, 14))
        for c in harrow + scourge:
            if c.effect in ROOM_EFFECTS:
                rooms.add(c.room)
            else:
                assert c.room == 0
    assert rooms == set(range(1, WASTES))
