"""The Harrow (the rulebook's "Bosses" and "The Harrow")."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.boss import HARROW_STEPS, harrow_decks, surface_limit
from pnp.games.waste_of_parts.cards import event_deck
from pnp.games.waste_of_parts.endround import after_scrap, end_of_round
from pnp.games.waste_of_parts.state import SCRAP, TURN, WasteState
from tests.games.waste_of_parts.helpers import CFG, enemy, game


def boss_game(crew: int = 4, seed: int = 1) -> WasteState:
    return game(crew, seed, boss_cards=harrow_decks(CFG, random.Random(7)))


def battle(s: WasteState) -> None:
    """The battle, without The Harrow's setup draws: the AI and Tentacle decks in place."""
    assert s.boss_cards is not None
    s.boss_stage = "battle"
    s.boss_ai, s.enemy_deck = list(s.boss_cards[0]), list(s.boss_cards[1])


def win_standard(s: WasteState) -> None:
    """Sanctuary reached last round, no Enemy left: the round's end (Scrap step) now."""
    s.arrived_round, s.distance = s.round - 1, 35
    s.phase = SCRAP
    after_scrap(s)


def test_generated_harrow_decks():
    """The Harrow setup: "the 7 Harrow Boss AI cards", "the 20 Tentacle cards"."""
    ai, tentacles = harrow_decks(CFG, random.Random(3))
    assert len(ai) == 7 and len(tentacles) == 20
    assert all(t.name == "Tentacle" and not t.wind for t in tentacles)
    assert harrow_decks(CFG, random.Random(3)) == (ai, tentacles)


def test_standard_win_then_a_preparation_round_with_reinforce_at_1_scrap():
    """Bosses 1-2: "fully complete the remainder of the round. Complete another full round to
    prepare ... Crew Members may discard 1 Scrap instead of 2 to restore 1 Hull point"."""
    s = boss_game()
    assert s.reinforce_cost() == 2
    win_standard(s)
    assert not s.is_over() and s.standard_won and s.boss_stage == "prep" and s.phase == TURN
    assert s.reinforce_cost() == 1
    s.hull, s.phase = 15, SCRAP
    s.scrap_pile = [c for c in s.salvage_deck if c.kind == "scrap"][:1]
    s.apply(A.Reinforce())
    assert s.hull == 16 and not s.scrap_pile


def test_tentacles_spawned_equal_the_crew_and_events_are_off():
    """The Harrow setup 4: "Draw and resolve a number of Tentacle cards equal to the number of
    Crew Members"; "Event Cards are not active during a Boss Battle"."""
    for crew in (3, 4, 5):
        s = boss_game(crew)
        s.boss_stage, s.phase, s.arrived_round = "prep", SCRAP, 0
        s.event = event_deck()[0]
        after_scrap(s)
        assert s.boss_stage == "battle" and s.event is None
        assert [e.card.name for e in s.enemies] == ["Tentacle"] * crew
        assert s.reinforce_cost() == 2


@pytest.mark.parametrize(("crew", "limit"), [(3, 2), (4, 2), (5, 3)])
def test_the_harrow_surfaces_at_2_or_fewer_tentacles_3_with_5_crew(crew, limit):
    """The Harrow step 5: "If there are 2 or fewer Tentacles (3 or fewer if playing with 5
    Crew Members)"."""
    assert surface_limit(crew) == limit
    for n, surfaces in ((limit + 1, False), (limit, True)):
        s = boss_game(crew)
        battle(s)
        for _ in range(n):
            enemy(s, 1, health=9, attack=0)   # harmless Tentacles on the Aft Deck
        end_of_round(s)
        assert s.boss_submerged is not surfaces
        harrow = [e for e in s.enemies if e.card.ability == "boss"]
        assert len(harrow) == surfaces
        if surfaces:
            assert harrow[0].card.health == 6 * crew and harrow[0].room == 13


def test_end_of_round_steps_in_order_and_the_submerged_harrow_does_not_act():
    """The Harrow: "Resume rounds with the following end of round steps: 1 ... 10"; step 4
    "Draw and resolve an AI Card, unless The Harrow is submerged"."""
    s = boss_game()
    battle(s)
    s.crane_uses = CFG.crane_uses_without_advancing   # no salvage to place this round
    for _ in range(3):
        enemy(s, 1, health=9, attack=0)
    end_of_round(s)
    assert len(s.boss_ai) == 7                        # submerged: no AI card
    if s.phase == SCRAP:
        s.apply(A.ScrapDone())
    assert s.boss_steps == list(range(1, 11)) and len(HARROW_STEPS) == 10
    assert s.round == 2 and s.first == 1
    assert sum(e.card.name == "Tentacle" for e in s.enemies) == 4   # step 9: crew size
    assert len(s.enemies) == 3 + 4
    s2 = boss_game()
    battle(s2)
    s2.boss_submerged = False
    end_of_round(s2)
    assert len(s2.boss_ai) + len(s2.boss_ai_discard) == 7 and len(s2.boss_ai_discard) == 1


def test_destroying_the_harrow_wins_with_style():
    """The Harrow: "When The Harrow is destroyed, the players win the game with style!"."""
    s = boss_game()
    s.boss_stage = "battle"
    h = enemy(s, 13, health=24, attack=0, ability="boss")
    s.kill(h)
    assert s.is_over() and s.returns() == (1.0,) * 4 and s.cause == "with style"


def test_simulate_boss_nope_is_one_line_exit_2():
    run = subprocess.run([sys.executable, "-m", "pnp", "waste-of-parts", "simulate", "--boss",
                          "nope", "--games", "2"], capture_output=True, text=True)
    assert run.returncode == 2 and "boss" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_decks_json_holds_the_harrow_cards_simulate_plays():
    """The generator writes the Harrow's cards with the decks (decks.json, same child stream)."""
    from pnp.games.waste_of_parts.boss import harrow_document
    from pnp.games.waste_of_parts.simulate import make_setup

    setup = make_setup("demo", 4, ("heuristic",) * 4, {"boss": "harrow"})
    doc = harrow_document(setup.config, "demo")
    assert setup.boss_cards is not None
    assert [c["name"] for c in doc["ai_cards"]] == [c.name for c in setup.boss_cards[0]]
    assert [c["health"] for c in doc["tentacles"]] == [c.health for c in setup.boss_cards[1]]


def test_the_last_enemy_falling_mid_round_finishes_the_round_before_the_boss():
    """Bosses 1: "After the final Enemy is destroyed, fully complete the remainder of the
    round." (without a Boss the crew wins at once)."""
    s = boss_game()
    s.arrived_round, s.round = 1, 2
    c = s.crew[s.seat]
    e = enemy(s, c.room, health=1, attack=0)
    while s.enemy(e.ident) is not None:
        s.apply(A.Attack(e.ident))
    assert not s.is_over() and s.standard_won and s.boss_stage is None
