"""Tour bots: one interface (choose), decisions only, every answer legal under the rules."""

from __future__ import annotations

import inspect
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.waste_knights import bots as B
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import (
    CityChoice,
    Drive,
    Explore,
    Face,
    QuickResupply,
    Stay,
    Walk,
)
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.state import CITY, EXPLORE, RESUPPLY
from pnp.games.waste_knights.tour import TourModel

from .tour_helpers import (
    FixedRandom,
    flat_board,
    hex_of,
    new_tour,
    passive,
    play_round,
    quiet_deck,
    with_special,
)

BOARD = session_board(3, default_catalogue())


def test_bots_answer_through_choose_only():
    """Rules are separate from bots: a bot's one entry point is ``choose(state, rng)``."""
    assert set(B.BOTS) == {"heuristic", "random"}
    for name, factory in B.BOTS.items():
        bot = factory(None, 0)
        sig = inspect.signature(bot.choose)
        assert list(sig.parameters) == ["state", "rng"], name


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["strider", "heavy-duty"]),
       st.integers(0, 10**6))
def test_both_bots_answer_every_decision_legally(board_seed, players, vehicle, seed):
    """Whatever the position reached: each bot's answer is among the legal actions and the
    rules accept it (Plan Route, Moving on Foot, Exploration Action, Quick Resupply)."""
    board = session_board(board_seed, default_catalogue())
    state = new_tour(board, players, vehicle=vehicle, rng=random.Random(seed), bots="random")
    rng = random.Random(seed)
    bots = [B.BOTS[name](state.setup, 0) for name in ("heuristic", "random")]
    while not state.is_over():
        legal = state.legal_actions()
        answers = [bot.choose(state, rng) for bot in bots]
        for a in answers:
            assert a in legal
            state.clone().apply(a)
        state.apply(answers[rng.random() < 0.5])


def test_heuristic_city_option_goes_to_what_is_lowest():
    h = B.HeuristicKnight
    assert h.city_option(R.Knight(fuel=1, radiation=3)) is R.CityOption.FUEL
    assert h.city_option(R.Knight(fuel=3, radiation=2)) is R.CityOption.HEAL_RADIATION
    assert h.city_option(R.Knight(fuel=4, health=2)) is R.CityOption.HEAL_HEALTH
    assert h.city_option(R.Knight(fuel=3)) is R.CityOption.FUEL
    state = new_tour(BOARD, 2)
    while state.decision is not CITY:  # round 2's Waster Step, both knights in Gangraen
        state.apply(passive(state))
    r, rng = B.RandomKnight(), random.Random(0)
    choices = [r.choose(state, rng) for _ in range(200)]
    assert {c.option for c in choices if isinstance(c, CityChoice)} == set(R.CityOption)


def test_heuristic_stays_to_retry_a_failed_exploration_check():
    """Exploration Check: the player marker lets the knight explore next round if he stays."""
    b = with_special(flat_board(1), (1, 0), 9)  # Old Refinery, a Challenging Survival check
    model = TourModel(explore_skill=1)
    state = new_tour(b, 2, model=model, rng=FixedRandom(0.5))  # the check fails at 1 die
    state.apply(Drive(0, ("C1", "S1"), 1))
    play_round(state)
    state.apply(state.stay())  # knight 2
    assert state.current_player == 0 and state.seats[0].marker
    assert B.HeuristicKnight().choose(state, random.Random(1)) == Stay(0, "S1")


def test_heuristic_walks_with_an_empty_tank():
    """Moving on Foot: no Fuel needed, 1 adjacent hex (from a normal hex, not a city where a
    knight low on Fuel waits for the free option)."""
    state = new_tour(flat_board(2), 2, vehicle="heavy-duty")
    t = state.tables
    a = t.nbrs[t.start][0]
    b = next(j for j in t.nbrs[a] if t.mp[t.start][j] == 4)
    c = next(j for j in t.nbrs[b] if t.mp[t.start][j] == 6)
    d = next(j for j in t.nbrs[c] if j not in (a, b) and t.mp[t.start][j] >= 6)
    state.apply(Drive(0, tuple(t.tile[j] for j in (t.start, a, b, c, d)), 4))
    play_round(state)
    state.apply(state.stay())
    assert state.current_player == 0 and state.seats[0].knight.fuel == 0
    action = B.HeuristicKnight().choose(state, random.Random(1))
    assert isinstance(action, Walk) and action.start == t.tile[d]


def test_heuristic_explores_for_fuel_when_low_and_keeps_luck_cards_otherwise():
    """Heuristic: refuel at Rusty's Garden when low; no luck card while nothing is low."""
    b = with_special(flat_board(2), (1, 0), 12)
    state = new_tour(b, 2, vehicle="heavy-duty", deck=quiet_deck())
    state.apply(Drive(0, ("C1", "S1"), 1))
    state.apply(Face(0, False))
    state.apply(state.stay())
    assert state.decision is EXPLORE and state.current_player == 0
    assert B.HeuristicKnight().choose(state, random.Random(0)) == \
        Explore(0, R.ExplorationAction.GREEN_GEAR)  # 3 Fuel is not low
    state.apply(Explore(0, None))
    while state.decision is not RESUPPLY:
        state.apply(state.legal_actions()[0])
    assert B.HeuristicKnight().choose(state, random.Random(0)) == QuickResupply(0, None)
    assert hex_of(state, "S1") == state.seats[0].pos


def test_random_knight_drives_only_routes_its_fuel_pays_for():
    state = new_tour(BOARD, 2, vehicle="heavy-duty", bots="random")
    rng = random.Random(4)
    drives = [a for a in (B.RandomKnight().choose(state, rng) for _ in range(300))
              if isinstance(a, Drive)]
    assert drives and all(a.fuel <= 4 for a in drives)
    assert set(drives) <= set(state.legal_actions())
