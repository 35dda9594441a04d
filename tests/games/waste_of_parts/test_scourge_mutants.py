"""The Scourge pinned to the rulebook's words ("Bosses", "The Scourge"), written against the
survivors of a mutation run of ``scourge.py`` (docs/testing.md, "The Waste of Parts")."""

from __future__ import annotations

import random

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.boss import AICard
from pnp.games.waste_of_parts.cards import EnemyCard
from pnp.games.waste_of_parts.rules import ON_FIRE, WASTES
from pnp.games.waste_of_parts.scourge import (
    SearchCard,
    end_of_round,
    scourge_decks,
    scourge_document,
    unsearched,
    wastelander,
)
from pnp.games.waste_of_parts.state import SALVAGE, SCRAP, WasteState
from tests.games.waste_of_parts.helpers import CFG, enemy
from tests.games.waste_of_parts.test_scourge import scourge_game, set_up, the_scourge


def _only_the_scourge(s: WasteState) -> None:
    s.enemies = [e for e in s.enemies if e.card.ability == "boss"]
    s.crane_uses = CFG.crane_uses_without_advancing      # no salvage to place
    s.hull = 99


def test_the_scourge_acts_through_its_ai_card_and_the_round_goes_on():
    """"Note: Instead of standard Enemy Actions, Bosses only act via their AI Card"; step 5
    "The Scourge Acts: Draw & resolve one AI Card", then 6 Fire Damage and 7 Salvaging."""
    s = scourge_game()
    set_up(s)
    _only_the_scourge(s)
    s.boss_ai = [AICard(50, "Test Slam", "slam", 1, boss="scourge")]
    s.log = []
    round_ = s.round
    end_of_round(s)
    assert s.boss_steps[:7] == [1, 2, 3, 4, 5, 6, 7]
    assert s.phase in (SALVAGE, SCRAP) or s.round == round_ + 1
    assert s.hull == 98
    assert [line for line in s.log if "Scourge" in line] == [
        "The Scourge: Test Slam (The Hull loses 1.)"]


def test_only_the_other_enemies_take_standard_actions():
    """Steps 3 and 4, "Determine Enemy Actions" and "Resolve Enemy Actions", for the boarders;
    the Scourge "only act[s] via [its] AI Card"."""
    s = scourge_game()
    set_up(s)
    _only_the_scourge(s)
    s.scourge.stunned = 1
    c = s.crew[0]
    c.room, c.damage = 2, 0
    enemy(s, 2, attack=1)
    s.log = []
    end_of_round(s)
    assert c.damage == 1                                  # the boarder attacked
    assert s.hull == 99                                   # and the Scourge did nothing
    assert "the Scourge is stunned by the Hacking Beacon" in s.log
    assert not any(line.startswith(f"e{the_scourge(s).ident} ") for line in s.log)


def test_a_search_is_told_and_a_bomb_hurts_only_the_crew_in_the_room():
    """Search: "Place a red cube in your room, then draw a card from the Search Deck"; the
    Harpoon Bomb's text: "your room worsens {n} steps and each Crew Member in it suffers {n}
    damage" (a card of 2 here); a Downed searcher's turn ends."""
    s = scourge_game()
    set_up(s)
    c = s.crew[s.seat]
    c.room, c.damage = 6, c.health - 2
    s.condition[6] = 0
    mate = s.crew[(s.seat + 1) % 4]
    mate.room, mate.damage = 6, 1
    away = s.crew[(s.seat + 2) % 4]
    away.room, away.damage = 7, 0
    s.scourge.search_deck.append(SearchCard(2, "Harpoon Bomb", "bomb", 2))
    s.touch()
    s.log = []
    seat = s.seat
    s.apply(A.Search())
    assert s.log[0] == f"P{seat + 1} searches room 6: Harpoon Bomb"
    assert s.condition[6] == ON_FIRE
    assert mate.damage == 3 and away.damage == 0 and c.downed
    assert c.actions_left == 0 and s.seat != seat


def test_the_rooms_left_to_search():
    """"You can only search a room that has not been searched"; once the Beacon is found there
    is nothing left to look for."""
    s = scourge_game()
    assert unsearched(s) == []                            # no Scourge yet
    set_up(s)
    s.scourge.searched = {2, 5}
    assert unsearched(s) == [r for r in range(1, WASTES) if r not in (2, 5)]
    s.scourge.beacon_found = True
    assert unsearched(s) == []
    s.scourge.beacon_found, s.scourge.search_deck = False, []
    assert unsearched(s) == []


def test_the_captain_is_the_strongest_wastelander_and_numbered_next():
    """"The Captain Emerges: When The Scourge is destroyed, place a Wastelander Enemy Card on
    the Fore Deck (4)": pnp takes the strongest level-3 Wastelander of the Enemy cards (equal
    ones: the lowest number) out of its pile."""
    s = scourge_game()
    set_up(s)
    strong = EnemyCard(700, "Wastelander", 3, 9, 4, 4)
    twin = EnemyCard(701, "Wastelander", 3, 9, 4, 4)
    s.enemy_discard += [twin, strong, EnemyCard(702, "Wastelander", 2, 12, 5, 4)]
    s.log = []
    boss = the_scourge(s)
    ident = s.next_enemy
    s.kill(boss)
    captain = s.enemy(s.scourge.captain)
    assert captain is not None and captain.card is strong and strong not in s.enemy_discard
    assert twin in s.enemy_discard and captain.ident == ident and s.next_enemy == ident + 1
    assert s.log[-1] == f"e{ident} the Captain emerges: Wastelander (Health 9, Attack 4) on " \
        "the Fore Deck (4)"


def test_without_a_wastelander_card_the_captain_has_level_3s_best_stats():
    s = scourge_game()
    for pile in (s.enemy_deck, s.enemy_discard, s.levels[3]):
        pile[:] = [c for c in pile if c.name != "Wastelander"]
    card = wastelander(s)
    level3 = next(lv for lv in CFG.enemy_deck if lv[0] == 3)
    assert card == EnemyCard(997, "Wastelander", 3, level3[3][1], level3[4][1], 4)
    t = scourge_game()
    best = max((c for c in t.levels[3] if c.name == "Wastelander"),
               key=lambda c: (c.health, c.attack, -c.ident))
    assert wastelander(t) is best and best not in t.levels[3]


def test_the_scourge_cards_document_gives_each_card_its_text():
    doc = scourge_document(CFG, "demo")
    assert all(set(c) >= {"name", "text"} for c in doc["ai_cards"] + doc["search_cards"])
    ai, search = scourge_decks(CFG, random.Random(0))
    assert search[0].text == "The Hacking Beacon is found: rooms can be Repaired again, and " \
        "the Scourge is stunned: it skips its next 1 AI card."
    assert {c["text"] for c in doc["search_cards"]} == {c.text for c in search}


def test_the_search_cards_as_numbered_and_printed():
    """Setup 3: "the Hacking Beacon, 2 Harpoon Bomb, and 2 Just the Wind cards", and "additional
    Just the Wind cards ... equal to the number of Crew Members +2" (7 for 5 crew)."""
    _, search = scourge_decks(CFG, random.Random(0))
    assert search == (SearchCard(1, "Hacking Beacon", "beacon", 1),
                      SearchCard(2, "Harpoon Bomb", "bomb", 1),
                      SearchCard(3, "Harpoon Bomb", "bomb", 1),
                      *(SearchCard(k, "Just the Wind", "wind", 0) for k in range(4, 13)))


def test_the_setup_places_the_scourge_card_and_tells_it():
    """Setup 1: "Place The Scourge card on the Mech Gameboard" (in The Wastes, Health 8X, no
    Attack of its own: "Bosses only act via their AI Card"); 4: rooms Inoperable; 5: "Draw and
    resolve a Boss AI card"."""
    s = scourge_game()
    s.boss_cards = ((AICard(50, "Test Slam", "slam", 1, boss="scourge"),), s.boss_cards[1])
    s.log = []
    ident = s.next_enemy
    set_up(s)
    boss = the_scourge(s)
    assert boss.ident == ident and s.next_enemy == ident + 1 and boss.room == WASTES
    assert boss.card == EnemyCard(998, "The Scourge", 3, 8 * 4, 0, WASTES, "boss")
    card = s.boss_ai_discard[-1]
    assert s.log[:3] == [f"e{ident} The Scourge looms in The Wastes (Health 32)",
                         "every room but the decks is Inoperable; the Hacking Beacon is hidden",
                         f"The Scourge: {card.name} ({card.text})"]


def test_a_bomb_that_downs_the_last_crew_member_loses_the_game():
    """Health: Downed "and unable to act"; with every Crew Member Downed nobody can act: the
    crew loses, as the simulator plays it ("every crew member Downed")."""
    s = scourge_game()
    set_up(s)
    for c in s.crew:
        c.room, c.damage = 6, c.health - 1
    s.scourge.search_deck.append(SearchCard(2, "Harpoon Bomb", "bomb", 1))
    s.touch()
    s.apply(A.Search())
    assert s.result == 0 and s.cause == "every crew member is Downed"
