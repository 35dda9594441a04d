"""The Trade Action with the Stalls in a game (Performing Exploration Action; The Stalls and
Trading Gear)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import Drive, Explore
from pnp.games.waste_knights.bots import BOTS
from pnp.games.waste_knights.hexes import Board, Kind
from pnp.games.waste_knights.state import EXPLORE
from tests.games.waste_knights.tour_helpers import flat_board, new_tour, passive, quiet_deck

_T = R.ExplorationAction.TRADE


def with_city(board: Board, coord: tuple[int, int], number: int, tile: str = "C2") -> Board:
    """``board`` with the reference sheet's city ``number`` laid at ``coord``."""
    rule = R.HEX_RULES[number]
    return Board(tuple(replace(h, kind=Kind.CITY, number=number, name=rule.name, tile=tile,
                               terrain=None, radiation=0, contamination=0, route_difficulty=1)
                       if h.coord == coord else h for h in board.hexes))


def explore_at(number: int):
    state = new_tour(with_city(flat_board(1), (1, 0), number), 2, deck=quiet_deck())
    state.apply(Drive(0, ("C1", "C2"), 1))
    while not (state.decision is EXPLORE and state.current_player == 0):
        state.apply(passive(state))  # escape, knight 2 stays
    return state


def test_trade_action_is_offered_in_city_hexes_only():
    """ "Trade Action with the Stalls: It is available only in city hexes." """
    state = explore_at(2)  # Pumps
    assert Explore(0, _T) in state.legal_actions()
    assert all(R.HEX_RULES[n].trade == R.HEX_RULES[n].city for n in R.HEX_RULES)


def test_pumps_favourable_space_a_yellow_card_for_a_green_one():
    """ "in Pumps yellow for green": the knight trades 1 green card for the special space's
    yellow card, and the Stalls are refilled."""
    state = explore_at(2)
    seat = state.seats[0]
    seat.green = 2
    yellow, stalls = seat.yellow, list(state.stalls)
    state.apply(Explore(0, _T))
    assert (seat.green, seat.yellow) == (1, yellow + 1)
    assert state.stalls == stalls  # refilled from the left, each space from its colour's deck


def test_no_deal_trades_nothing_and_the_trade_needs_a_city():
    state = explore_at(3)  # Queen's Valley: no special space
    seat = state.seats[0]
    seat.green, seat.yellow, seat.red = 5, 0, 0  # nothing to gain, green enough
    before = (seat.green, seat.yellow, seat.red)
    state.apply(Explore(0, _T))
    assert (seat.green, seat.yellow, seat.red) == before


def test_trade_refused_outside_a_city():
    state = explore_at(12)  # Rusty's Garden: its reference sheet offers no Trade Action
    assert Explore(0, _T) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no Stalls"):
        state.apply(Explore(0, _T))


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_trade_in_whole_games_and_keep_the_stalls_full(bot):
    traded = 0
    for seed in range(3):
        state = new_tour(with_city(with_city(flat_board(1), (1, 0), 2), (-1, 0), 4, "C3"), 3,
                         bots=bot, rng=random.Random(seed))
        rng = random.Random(seed)
        knights = [BOTS[bot](state.setup, s) for s in range(3)]
        while not state.is_over():
            action = knights[state.current_player].choose(state, rng)
            traded += isinstance(action, Explore) and action.action is _T
            state.apply(action)
            assert None not in state.stalls
    assert traded


def test_waster_updates_the_stalls_when_the_leader_is_in_a_city():
    """Waster Step e) Update Stalls: "may discard up to 2 freely chosen gear cards ... Then, he
    refills the Stalls" (the Waster bot: when the leading knight stands in a city)."""
    state = explore_at(2)
    log: list[str] = []
    state.log = log
    state.seats[1].rep = -1  # knight 1, in Pumps, leads
    while state.round == 0:
        state.apply(passive(state))
    assert any("updates the Stalls: discards spaces 5, " in line for line in log)
    assert None not in state.stalls
