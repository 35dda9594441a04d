"""Junkyard Wars' actions (``actions.py``) pinned further, written against the survivors of a
mutation run of the module (docs/testing.md, Junkyard Wars): the replay's record of each action
played, the refusals' words, a square's name off the board, the trades listed, the travel
table, an action's equality."""

from __future__ import annotations

import re

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars import actions as A
from pnp.games.junkyard_wars.generate import NODES
from pnp.games.junkyard_wars.rules import letter_code

from .test_hour import two_piles
from .test_trades import swap_position
from .test_trades_mutants import position
from .toy import next_turn_of


def test_a_square_beyond_the_board_is_named_by_its_number():
    assert A.square_name(len(NODES) - 1) != f"#{len(NODES) - 1}"
    assert A.square_name(len(NODES)) == f"#{len(NODES)}"
    assert A.parse_square(A.square_name(len(NODES))) == len(NODES)


def test_a_trade_of_a_tile_not_in_the_game_is_refused_by_name():
    game = swap_position()
    n = len(game.tile_letter)
    for t, letter in ((n, letter_code("O")), (2, letter_code("Q")), (-1, letter_code("O"))):
        with pytest.raises(IllegalAction, match=re.escape(f"no tile {t} (")):
            game.apply(A.Trade(t, letter, 1, 5, letter_code("T")))
    with pytest.raises(IllegalAction, match=r"^no tile 7 \(T\) in this game$"):
        game.apply(A.Trade(2, letter_code("O"), 1, 7, letter_code("T")))


def test_the_actions_played_are_recorded_in_the_trace():
    """A bot plans its turn on a copy and replays the actions the copy recorded."""
    game = swap_position()
    game.trace = []
    trade = A.Trade(2, letter_code("O"), 1, 5, letter_code("T"))
    game.apply(trade)
    assert game.trace == [trade]
    game = two_piles(links=(True, False), rolls=(93, 5))   # the test fails
    next_turn_of(game, 0)
    game.trace = []
    game.apply(A.TEST)
    next_turn_of(game, 0)
    game.apply(A.Debug(0, 6))
    assert game.trace[0] == A.TEST and game.trace[-1] == A.Debug(0, 6)


def test_only_trades_another_team_agrees_to_are_listed():
    """Trades and Negotiations: with another team, which gets an object its machine needs."""
    game = position("CAZDGT")
    next_turn_of(game, 0)
    assert A.trade_actions(game) == []
    game = swap_position()
    assert A.trade_actions(game) == [A.Trade(2, letter_code("O"), 1, 5, letter_code("T"))]


def test_the_travel_table_is_built_once_per_board_size():
    table = A.travel_table(7)
    assert table is A.travel_table(7)
    assert table == tuple(tuple(A.Travel(k, sq) for sq in range(7)) for k in range(4))


def test_an_action_equals_itself_and_only_its_own_kind():
    assert not (A.END_TURN != A.EndTurn()) and A.Move(0, 5) == A.Move(0, 5)
    assert A.Move(0, 5) != A.Travel(0, 5) and not (A.Move(0, 5) != A.Move(0, 5))
    assert hash(A.Move(0, 5)) == hash(A.Move(0, 5))


def test_words_that_are_no_action_are_refused_by_name():
    with pytest.raises(ValueError, match=r"^not a Junkyard Wars action: 'fly away'$"):
        A.parse_action("fly away")
