"""Tour bots: one interface, decisions only, every answer legal under the rules."""

from __future__ import annotations

import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.waste_knights import bots as B
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.tour import NORMAL_HEX, Policy, Seat, build_tables

BOARD = session_board(3, default_catalogue())
TABLES = build_tables(BOARD)
COORDS = [h.coord for h in BOARD.hexes]
ON_BOARD = set(COORDS).__contains__
KNIGHTS = [B.HeuristicKnight(), B.RandomKnight()]


def seat(pos=None, fuel=4, health=4, radiation=0, green=3, luck=(1, 1, 1, 0), speed=4,
         marker=False, visited=None):
    pos = TABLES.start if pos is None else pos
    return Seat(speed=speed, pos=pos, knight=R.Knight(fuel, health, radiation), green=green,
                luck=list(luck), stats=[0] * 12, marker=marker,
                visited=1 << TABLES.start if visited is None else visited)


def test_both_knights_have_the_same_interface():
    """Rules are separate from bots: a bot answers the four questions of KnightBot and no more."""
    wanted = {"city_option", "plan_move", "exploration_action", "quick_resupply"}
    for bot in KNIGHTS:
        public = {n for n, _ in inspect.getmembers(type(bot), inspect.isfunction)
                  if not n.startswith("_")}
        assert public == wanted
    assert set(B.BOTS) == set(Policy)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 36), st.integers(0, 4), st.integers(1, 4), st.integers(0, 3),
       st.integers(0, 4), st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, 2**37 - 1),
       st.integers(0, 36), st.integers(0, 10**6))
def test_every_planned_route_is_legal(pos, fuel, health, rad, green, speed, marker, visited,
                                      task, rng_seed):
    """Plan Route and Moving on Foot: an unbroken chain, no hex twice, never the start hex; a
    vehicle route the Fuel pays for; on foot exactly 1 adjacent hex."""
    s = seat(pos, fuel, health, rad, green, speed=speed, marker=marker, visited=visited)
    rng = random.Random(rng_seed)
    for bot in KNIGHTS:
        plan = bot.plan_move(s, TABLES, task, rng)
        if plan is None:
            continue
        route = [COORDS[j] for j in plan.route]
        if plan.on_foot:
            assert R.foot_route_problem(COORDS[pos], route, ON_BOARD) is None
        else:
            assert R.route_problem(COORDS[pos], route, ON_BOARD) is None and route
            mp = sum(TABLES.diff[j] for j in plan.route)
            assert R.vehicle_move_fuel(mp, fuel, speed) is not None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(R.HEX_RULES)), st.integers(0, 4), st.integers(1, 4),
       st.integers(0, 3), st.integers(0, 4), st.integers(0, 10**6))
def test_exploration_action_is_one_the_hex_offers(number, fuel, health, rad, green, rng_seed):
    """Performing Exploration Action: at most 1, among those the knight can pay for."""
    rule = R.HEX_RULES[number]
    s = seat(fuel=fuel, health=health, radiation=rad, green=green)
    for bot in KNIGHTS:
        action = bot.exploration_action(rule, s, random.Random(rng_seed))
        assert action is None or action in R.exploration_actions(rule, green)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=4, max_size=4), st.integers(0, 4), st.integers(1, 4),
       st.integers(0, 3), st.integers(0, 10**6))
def test_quick_resupply_discards_a_card_in_hand(hand, fuel, health, rad, rng_seed):
    """Quick Resupply: "discard up to 1 luck card from his hand"."""
    s = seat(fuel=fuel, health=health, radiation=rad, luck=hand)
    for bot in KNIGHTS:
        icon = bot.quick_resupply(s, random.Random(rng_seed))
        assert icon is None or hand[R.LUCK_ICONS.index(icon)] > 0


def test_heuristic_city_option_goes_to_what_is_lowest():
    h = B.HeuristicKnight()
    rng = random.Random(0)
    assert h.city_option(R.Knight(fuel=1, radiation=3), rng) is R.CityOption.FUEL
    assert h.city_option(R.Knight(fuel=3, radiation=2), rng) is R.CityOption.HEAL_RADIATION
    assert h.city_option(R.Knight(fuel=4, health=2), rng) is R.CityOption.HEAL_HEALTH
    assert h.city_option(R.Knight(fuel=3), rng) is R.CityOption.FUEL
    r = B.RandomKnight()
    assert {r.city_option(R.Knight(), rng) for _ in range(200)} == set(R.CityOption)


def test_heuristic_stays_to_retry_a_failed_exploration_check():
    """Exploration Check: the player marker lets the knight explore next round if he stays."""
    refinery = next(i for i, r in enumerate(TABLES.rules) if r is not None and r.number == 9)
    s = seat(refinery, marker=True)
    assert B.HeuristicKnight().plan_move(s, TABLES, refinery, random.Random(1)) is None
    s.visited |= 1 << refinery  # explored: it moves on
    assert B.HeuristicKnight().plan_move(s, TABLES, refinery, random.Random(1)) is not None


def test_heuristic_walks_with_an_empty_tank():
    """Moving on Foot: no Fuel needed, 1 adjacent hex (from a normal hex, not a city where a
    knight low on Fuel waits for the free option)."""
    normal = TABLES.kind.index(NORMAL_HEX)
    plan = B.HeuristicKnight().plan_move(seat(normal, fuel=0), TABLES, TABLES.specials[0],
                                         random.Random(1))
    assert plan is not None and plan.on_foot and len(plan.route) == 1


def test_mean_waster_plays_the_hardest_card():
    """Resolve Movement: the Waster sees every revealed card and plays 1; more cards drawn for
    Threat icons mean a harder card played."""
    rng = random.Random(2)
    assert {B.waster_card(5, (1.0, 0.0, 0.0), rng) for _ in range(50)} == {R.Difficulty.EASY}

    def hard_share(drawn):
        return sum(B.waster_card(drawn, (1.0, 1.0, 1.0), rng) == R.Difficulty.HARD
                   for _ in range(4000)) / 4000

    one, three = hard_share(1), hard_share(3)
    assert one == pytest.approx(1 / 3, abs=0.03)
    assert three == pytest.approx(1 - (2 / 3) ** 3, abs=0.03)
