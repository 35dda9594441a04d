"""The Scourge (the rulebook's "Bosses" and "The Scourge")."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.boss import AI_EFFECTS, harrow_decks
from pnp.games.waste_of_parts.endround import after_scrap, end_of_round
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES
from pnp.games.waste_of_parts.scourge import (
    SCOURGE_HEALTH,
    SCOURGE_STEPS,
    SearchCard,
    scourge_decks,
    scourge_document,
    search_deck,
)
from pnp.games.waste_of_parts.simulate import make_setup
from pnp.games.waste_of_parts.state import SCRAP, TURN, WasteState
from pnp.games.waste_of_parts.turns import turn_action_legal, turn_actions
from tests.games.waste_of_parts.helpers import CFG, enemy, game


def scourge_game(crew: int = 4, seed: int = 1) -> WasteState:
    return game(crew, seed, boss_cards=scourge_decks(CFG, random.Random(7)))


def set_up(s: WasteState) -> None:
    """The preparation round's end: "Set up the Boss as instructed below"."""
    s.boss_stage, s.phase, s.arrived_round = "prep", SCRAP, 0
    after_scrap(s)


def the_scourge(s: WasteState):
    return next(e for e in s.enemies if e.card.ability == "boss")


def test_generated_scourge_decks():
    """"Shuffle the 6 Scourge Boss AI cards"; the Search Deck's Hacking Beacon, 2 Harpoon Bombs
    and the Just the Wind cards (2 + crew + 2, at most 9 with 5 crew), texts from the effects
    the simulator plays."""
    ai, search = scourge_decks(CFG, random.Random(3))
    assert len(ai) == 6 and {c.boss for c in ai} == {"scourge"}
    assert [c.ident for c in ai] == list(range(8, 14))   # after the Harrow's 7: 13 AI cards
    assert all(c.effect in AI_EFFECTS and c.text for c in ai)
    names = [c.name for c in search]
    assert names.count("Hacking Beacon") == 1 and names.count("Harpoon Bomb") == 2
    assert names.count("Just the Wind") == 2 + 5 + 2
    assert scourge_decks(CFG, random.Random(3)) == (ai, search)
    assert {c.boss for c in harrow_decks(CFG, random.Random(3))[0]} == {"harrow"}


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_search_deck_is_built_as_setup_3_says(crew):
    """Setup 3: "Shuffle the Hacking Beacon, 2 Harpoon Bomb, and 2 Just the Wind cards together.
    Place additional Just the Wind cards on top of the deck equal to the number of Crew Members
    +2."""
    _, cards = scourge_decks(CFG, random.Random(3))
    for seed in range(20):
        deck = search_deck(cards, crew, random.Random(seed))
        assert len(deck) == 5 + crew + 2
        top = deck[-(crew + 2):]                  # cards are drawn from the list's end
        assert all(c.effect == "wind" for c in top)
        bottom = sorted(c.effect for c in deck[:5])
        assert bottom == ["beacon", "bomb", "bomb", "wind", "wind"]


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_setup_the_scourge_card_rooms_inoperable_and_an_ai_card(crew):
    """Setup 1-5: the Scourge card (Health 8X, in The Wastes), its AI deck, every room
    Inoperable "except the Aft Deck (1) and Fore Deck (4)", one AI card drawn and resolved;
    Events are off ("Event Cards are not active during a Boss Battle")."""
    s = scourge_game(crew)
    s.condition[7] = ON_FIRE
    set_up(s)
    assert s.boss_stage == "battle" and s.event is None and s.phase == TURN
    scourge = the_scourge(s)
    assert scourge.room == WASTES and scourge.card.health == SCOURGE_HEALTH * crew
    assert [s.condition[r] for r in (1, 4)] == [FUNCTIONAL, FUNCTIONAL]
    assert all(s.condition[r] in (INOPERABLE, ON_FIRE) for r in range(1, WASTES)
               if r not in (1, 4))
    assert s.condition[7] == INOPERABLE or s.boss_ai_discard[0].room == 7   # "Set ... to"
    assert len(s.boss_ai) == 5 and len(s.boss_ai_discard) == 1             # 5. drawn
    assert len(s.scourge.search_deck) == 5 + crew + 2


def test_no_repair_while_the_beacon_is_hidden_and_search_once_per_room():
    """"While it remains hidden, rooms cannot be Repaired"; "Search: Place a red cube in your
    room, then draw a card from the Search Deck. You can only search a room that has not been
    searched.\""""
    s = scourge_game()
    set_up(s)
    s.enemies = [e for e in s.enemies if e.card.ability == "boss"]
    c = s.crew[s.seat]
    c.room = 2
    s.condition[2] = INOPERABLE
    s.touch()
    assert A.Repair() not in turn_actions(s) and not turn_action_legal(s, A.Repair())
    assert A.Extinguish() not in turn_actions(s)
    assert A.Search() in turn_actions(s) and turn_action_legal(s, A.Search())
    s.scourge.search_deck.append(SearchCard(99, "Just the Wind", "wind"))
    s.apply(A.Search())
    assert 2 in s.scourge.searched and not s.scourge.beacon_found
    assert A.Search() not in turn_actions(s) and not turn_action_legal(s, A.Search())
    with pytest.raises(IllegalAction):
        s.apply(A.Search())
    with pytest.raises(IllegalAction):
        s.apply(A.Repair())
    # The Beacon found: Repair again, and the Scourge is stunned at its step 5.
    c.room = 3
    s.scourge.search_deck.append(SearchCard(1, "Hacking Beacon", "beacon", 1))
    s.apply(A.Search())
    assert s.scourge.beacon_found and s.scourge.stunned == 1
    c.room = 2
    s.touch()
    assert A.Repair() in turn_actions(s)
    s.apply(A.Repair())
    assert s.condition[2] == FUNCTIONAL


def test_a_harpoon_bomb_worsens_the_room_and_hurts_the_crew_there():
    """The Search Deck's Harpoon Bomb (its text: the room worsens 1 step, 1 damage to each
    Crew Member in it)."""
    s = scourge_game()
    set_up(s)
    c = s.crew[s.seat]
    c.room, s.condition[6] = 6, INOPERABLE
    mate = s.crew[(s.seat + 1) % 4]
    mate.room, mate.damage, c.damage = 6, 0, 0
    s.scourge.search_deck.append(SearchCard(2, "Harpoon Bomb", "bomb", 1))
    s.touch()
    s.apply(A.Search())
    assert s.condition[6] == ON_FIRE and c.damage == 1 and mate.damage == 1


def test_end_of_round_steps_in_order_the_stunned_scourge_does_not_act_and_nothing_spawns():
    """The Scourge: "Resume rounds with the following end of round steps" 1-9 (no spawning);
    step 5 "Draw & resolve one AI Card, unless The Scourge is stunned by the Hacking Beacon"."""
    s = scourge_game()
    set_up(s)
    s.crane_uses = CFG.crane_uses_without_advancing      # no salvage to place
    s.enemies = [e for e in s.enemies if e.card.ability == "boss"]
    s.scourge.stunned = 1
    drawn = len(s.boss_ai)
    s.boss_stage = "battle"
    round_ = s.round
    end_of_round(s)
    if s.phase == SCRAP:
        s.apply(A.ScrapDone())
    assert s.boss_steps == list(range(1, 10)) and len(SCOURGE_STEPS) == 9
    assert len(s.boss_ai) == drawn and s.scourge.stunned == 0          # stunned: no card
    assert s.round == round_ + 1
    assert len(s.enemies) == 1                                          # nothing spawned
    end_of_round(s)                                                     # not stunned: a card
    assert len(s.boss_ai) == drawn - 1 or (drawn == 0 and len(s.boss_ai) == 5)


def test_an_empty_ai_deck_is_the_discards_reshuffled():
    """Step 5: "(If the deck is empty, shuffle the discard pile to form a new deck.)"."""
    s = scourge_game()
    set_up(s)
    s.enemies = [e for e in s.enemies if e.card.ability == "boss"]
    s.crane_uses = CFG.crane_uses_without_advancing
    s.boss_ai_discard += s.boss_ai
    s.boss_ai = []
    s.hull = 99
    end_of_round(s)
    assert len(s.boss_ai) == 5 and len(s.boss_ai_discard) == 1


def test_the_captain_emerges_on_the_fore_deck_and_wins_when_destroyed():
    """"The Captain Emerges: When The Scourge is destroyed, place a Wastelander Enemy Card on
    the Fore Deck (4). The game is won when the Wastelander is destroyed.\""""
    s = scourge_game()
    set_up(s)
    s.kill(the_scourge(s))
    assert not s.is_over()
    captain = s.enemy(s.scourge.captain)
    assert captain is not None and captain.card.name == "Wastelander" and captain.room == 4
    assert captain.card.level == 3
    other = enemy(s, 2, health=1, attack=0)
    s.kill(other)
    assert not s.is_over()
    s.kill(captain)
    assert s.is_over() and s.returns() == (1.0,) * 4 and s.cause == "with style"


def test_the_standard_win_then_preparation_then_the_scourge():
    """Bosses 1-3 with the Scourge: the standard win, a preparation round (Reinforce at 1 Scrap),
    then the setup."""
    s = scourge_game()
    s.arrived_round, s.distance = s.round - 1, 35
    s.phase = SCRAP
    after_scrap(s)
    assert s.boss_stage == "prep" and s.reinforce_cost() == 1 and s.scourge is None
    s.phase = SCRAP
    after_scrap(s)
    assert s.boss_stage == "battle" and s.scourge is not None


def test_clone_copies_the_search_state():
    s = scourge_game()
    set_up(s)
    twin = s.clone()
    twin.scourge.searched.add(5)
    twin.scourge.search_deck.pop()
    assert 5 not in s.scourge.searched and len(s.scourge.search_deck) == 11


def test_decks_json_holds_the_scourge_cards_simulate_plays():
    setup = make_setup("demo", 4, ("heuristic",) * 4, {"boss": "scourge"})
    doc = scourge_document(setup.config, "demo")
    assert setup.boss_cards is not None
    assert [c["name"] for c in doc["ai_cards"]] == [c.name for c in setup.boss_cards[0]]
    assert [c["room"] for c in doc["ai_cards"]] == [c.room for c in setup.boss_cards[0]]
    assert len(doc["search_cards"]) == 12


def test_heuristic_games_with_the_scourge_finish_with_legal_actions():
    """A few whole games, every action checked through ``apply`` (the replay's door)."""
    from pnp.games.waste_of_parts import GAME
    from pnp.sim.play import game_seed, play

    setup = make_setup("tests", 4, ("heuristic",) * 4, {"boss": "scourge"})
    met = 0
    for k in range(6):
        state = play(GAME, setup, game_seed("tests", k), check=True)
        assert state.is_over()
        met += state.scourge is not None
    assert met >= 1


def test_replay_of_a_scourge_game_says_search():
    # the first game of the run that reaches the Scourge (the crew may lose before it)
    from pnp.games.waste_of_parts import GAME
    from pnp.sim.play import game_seed, play

    setup = make_setup("demo", 4, ("heuristic",) * 4, {"boss": "scourge"})
    index = next(k for k in range(20)
                 if play(GAME, setup, game_seed("demo", k)).scourge is not None)
    run = subprocess.run([sys.executable, "-m", "pnp", "waste-of-parts", "replay", "--boss",
                          "scourge", "--seed", "demo", "--game", str(index)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Scourge" in run.stdout and " search" in run.stdout


def test_a_random_crew_plays_the_scourge_battle_with_legal_actions():
    """The random legal crew in the battle: every action through ``apply``, to its end."""
    from pnp.games.waste_of_parts.bots import RandomCrew

    for seed in range(3):
        s = scourge_game(seed=seed)
        set_up(s)
        s.hull = 40
        bot, rng = RandomCrew(), random.Random(seed)
        for _ in range(20000):
            if s.is_over():
                break
            s.apply(bot.choose(s, rng))
        assert s.is_over()


def test_searches_to_find_the_beacon_match_the_exact_odds():
    """Setup 3 fixes when the Beacon can turn up: never in the first crew + 2 searches, then
    exactly 1/5 for each of the next 5 (it is shuffled with 2 Bombs and 2 Just the Wind). The
    observed rates of 2,000 decks lie in their 95% intervals."""
    from fractions import Fraction

    from pnp.sim.stats import proportion_ci

    _, cards = scourge_decks(CFG, random.Random(3))
    crew, n = 4, 2000
    counts: dict[int, int] = {}
    rng = random.Random(11)
    for _ in range(n):
        deck = search_deck(cards, crew, rng)
        k = next(i for i, c in enumerate(reversed(deck), 1) if c.effect == "beacon")
        counts[k] = counts.get(k, 0) + 1
    exact = {k: Fraction(1, 5) for k in range(crew + 3, crew + 8)}
    assert set(counts) == set(exact)
    for k, p in exact.items():
        est = proportion_ci(counts[k], n)
        assert est.low <= float(p) <= est.high, (k, est)
