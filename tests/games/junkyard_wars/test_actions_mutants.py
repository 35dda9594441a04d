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
from pnp.games.junkyard_wars.rules import letter_code, letter_name

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
    A._TRAVEL.pop(7, None)          # built afresh here, not taken from an earlier test's cache
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


def _kinds(actions, kind):
    return [a for a in actions if type(a) is kind]


def test_a_workers_menu_and_his_every_legal_action():
    """MANAGING THE WORKFORCE: "work on assembling or debugging the machine, search the current
    square for junk, or move to an adjacent square"; "A worker may only work on assembling the
    machine (or debugging it) if he is in the construction zone"; an unencumbered worker "may
    take up to 6 actions". The bot's menu: moves, one MA; the full list: travel to every other
    square and each MA amount up to his actions left."""
    from .toy import TABLES, ZONE, ready_pile, spend

    game = ready_pile("VAN")
    tb = game.tb
    menu = A.worker_actions(game, 0)
    assert [a.square for a in _kinds(menu, A.Move)] == list(tb.neighbours[ZONE])
    assert _kinds(menu, A.Travel) == [] and A.TEST not in menu
    assert [a.ma for a in _kinds(menu, A.Assemble)] == [1]
    full = A.worker_actions(game, 0, full=True)
    assert [a.square for a in _kinds(full, A.Travel)] == [v for v in range(TABLES.n) if v != ZONE]
    link = min(game.remaining(0), game.linkable_ma(0))
    assert link == 6
    assert _kinds(full, A.Assemble) == [A.Assemble(0, m) for m in range(1, link + 1)]
    assert _kinds(full, A.Move) == _kinds(menu, A.Move) and A.Search(0) in full
    spend(game, 0, 5)                                # one action left: still a move
    assert game.remaining(0) == 1
    here = game.w_sq[0]
    assert [a.square for a in _kinds(A.worker_actions(game, 0), A.Move)] == list(
        tb.neighbours[here])
    assert A.worker_actions(game, 4) == []           # not his owner's turn


def test_a_broken_machine_lists_debugging_next_to_the_moves():
    """Failed Tests: "the workers' next task is to study the machine"; a tested player's turn
    is over: "Any attempt to test a machine ends a player's turn"."""
    game = two_piles(links=(True, False), rolls=(93, 5))   # the test fails
    next_turn_of(game, 0)
    game.apply(A.TEST)
    assert A.worker_actions(game, 0) == []                 # the test ended the turn
    next_turn_of(game, 0)
    menu = A.worker_actions(game, 0)
    assert _kinds(menu, A.Move) and _kinds(menu, A.Debug) == [A.Debug(0, 1)]
    full = A.worker_actions(game, 0, full=True)
    assert _kinds(full, A.Debug) == [A.Debug(0, m) for m in range(1, 7)]


def test_a_blank_seen_can_be_picked_up_as_any_object():
    """BLANK JUNK TILES: "These can represent ANY object known to be in the junkyard": the full
    list offers each of the 26 roles, the bot's menu one pick left to the bot."""
    from pnp.games.junkyard_wars.rules import BLANK, NO_LETTER

    from .toy import ZONE, make_game, start_turn_two

    game = make_game("CAT?", at={3: ZONE})
    start_turn_two(game)
    game.apply(A.Search(0))
    menu = [a for a in A.worker_actions(game, 0) if type(a) is A.PickUp and a.tile == 3]
    assert menu == [A.PickUp(0, 3, BLANK, NO_LETTER)]
    full = [a for a in A.worker_actions(game, 0, full=True)
            if type(a) is A.PickUp and a.tile == 3]
    assert full == [A.PickUp(0, 3, BLANK, r) for r in range(26)]


def test_the_refusals_of_a_card_not_held_and_a_tile_not_in_the_game():
    from .toy import ZONE, make_game, start_turn_two

    game = make_game("CAT?", at={0: ZONE})
    start_turn_two(game)
    with pytest.raises(IllegalAction, match=r"^P1 holds no card 2 NOPE$"):
        game.apply(A.ChooseMachine(1, "NOPE"))
    game.apply(A.Search(0))
    for t, letter in ((4, letter_code("C")), (0, letter_code("Q")), (-1, letter_code("C"))):
        with pytest.raises(IllegalAction, match=rf"^no tile {t} \({letter_name(letter)}\) in "
                                                r"this game$"):
            game.apply(A.PickUp(0, t, letter))


def test_carrying_together_and_testing_in_the_menu():
    """"Worker B can help Worker A carry a heavy object after joining Worker A in his square":
    a mate in the square may share the load, and the two move together while each has an
    action left (one is enough); "he throws the switch": the test is on the menu of a
    finished machine."""
    from .toy import ZONE, make_game, start_turn_two

    game = make_game("CAT?", at={0: ZONE})
    start_turn_two(game)
    game.apply(A.Search(0))
    game.apply(A.PickUp(0, 0, letter_code("C")))
    assert A.Share(1, 0, letter_code("C")) in A.worker_actions(game, 1)
    game.apply(A.Share(1, 0, letter_code("C")))
    while game.remaining(0) > 1:
        game.apply(A.Search(0))
    while game.remaining(1) > 1:
        game.apply(A.Search(1))
    together = [a for a in A.worker_actions(game, 0) if type(a) is A.MoveTogether]
    assert [a.square for a in together] == list(game.tb.neighbours[ZONE])
    game = two_piles()
    next_turn_of(game, 0)
    assert A.TEST in A.worker_actions(game, 0) and A.TEST in A.legal_actions(game)
    assert A.TEST not in A.worker_actions(game, 0, full=True)


def test_only_a_blank_takes_a_role():
    """BLANK JUNK TILES: a blank "can represent ANY object"; any other tile is what it is."""
    from pnp.games.junkyard_wars.rules import BLANK, NO_LETTER

    from .toy import ZONE, make_game, start_turn_two

    game = make_game("CAT?", at={0: ZONE, 3: ZONE})
    start_turn_two(game)
    game.apply(A.Search(0))
    words = r"^a blank \(and only a blank\) is picked up as a letter$"
    with pytest.raises(IllegalAction, match=words):
        game.apply(A.PickUp(0, 0, letter_code("C"), letter_code("A")))
    with pytest.raises(IllegalAction, match=words):
        game.apply(A.PickUp(0, 3, BLANK, NO_LETTER))


def test_dropping_or_sharing_a_tile_not_in_the_game_is_refused_by_name():
    from .toy import ZONE, make_game, start_turn_two

    game = make_game("CAT?", at={0: ZONE})
    start_turn_two(game)
    for act in (A.Drop, A.Share):
        for t, letter in ((4, letter_code("C")), (0, letter_code("Q")), (-1, letter_code("C"))):
            with pytest.raises(IllegalAction, match=rf"^no tile {t} \({letter_name(letter)}\) "
                                                    r"in this game$"):
                game.apply(act(0, t, letter))
