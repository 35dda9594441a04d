"""Junkyard Wars: rules that mutation testing of ``rules.py`` found unpinned.

Each test quotes the rulebook (junkyard-wars.txt, section "Actions" unless it says otherwise).
"""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.actions import END_TURN, ChooseMachine, Move
from pnp.games.junkyard_wars.rules import BLANK, letter_code, machine_works
from pnp.games.junkyard_wars.spec import JunkyardWarsState

from .toy import (
    DECK,
    TABLES,
    ZONE,
    fetch_to_pile,
    link_all,
    make_game,
    next_turn_of,
    start_turn_two,
)


def test_a_carrier_of_two_objects_who_shares_one_pays_2_plus_1():
    # Actions: "penalized 2 actions per object carried" and "If two or more workers work together
    # to carry an object, the penalty drops to 1 action (though the penalty is imposed on everyone
    # carrying it)": worker 2 carries tiles 1 and 2; worker 1 helps with tile 1 only, so worker 2
    # pays 2 (tile 2 alone) + 1 (tile 1 shared) and worker 1 pays 1.
    game = make_game("CAB", at={0: ZONE, 1: ZONE, 2: ZONE})
    start_turn_two(game)
    game.search(1)
    game.pick_up(1, 1)
    game.pick_up(1, 2)
    assert game.remaining(1) == 6 - 1 - 2 - 2
    game.share(0, 1)
    assert game.remaining(1) == 6 - 1 - 2 - 1 and game.remaining(0) == 6 - 1
    game.release(0, 1)  # and letting go restores the full penalty
    assert game.remaining(1) == 6 - 1 - 2 - 2 and game.remaining(0) == 6


def test_another_teams_worker_in_the_zone_does_not_let_a_player_test():
    # Testing Machines: "At least one of HIS workers must be in the construction zone to throw
    # the switch": player 2's machine is complete, his four workers step out of the zone while
    # player 1's workers stay in it.
    game = make_game("VANVAN", at={t: ZONE for t in range(6)}, word="VAN")
    start_turn_two(game)
    game.apply(END_TURN)  # player 1 does nothing
    game.apply(ChooseMachine(0, "VAN"))
    fetch_to_pile(game, 3, [0, 1, 2])
    link_all(game, 1)
    next_turn_of(game, 1)
    assert game.can_test(1)
    for k in range(4):
        game.apply(Move(k, 7))
    assert all(game.w_sq[w] == ZONE for w in range(4))  # player 1's workers
    assert not game.can_test(1)
    game.apply(Move(2, ZONE))  # one of his own back in the zone
    assert game.can_test(1)


def refusal(action, *args) -> str:
    """The exact words an illegal action is refused with."""
    with pytest.raises(IllegalAction) as caught:
        action(*args)
    return str(caught.value)


def test_every_refusal_says_why_in_full():
    # A refused action names the rule it breaks (the replay and the play command print it); the
    # words are pinned whole, not just searched for.
    game = make_game("CAT?", at={0: ZONE, 1: ZONE, 2: 7, 3: ZONE})
    start_turn_two(game)  # player 1 to move; all eight workers stand in the zone (square 2)
    turn = "a worker may only take action during his owner's turn"
    assert refusal(game.move, 4, 7) == turn
    assert refusal(game.travel, 4, 7) == turn
    assert refusal(game.search, 4) == turn
    assert refusal(game.choose_machine, 0, 2) == (
        "a player holds two machine cards: choose card 0 or 1")
    game.choose_machine(0, 1)
    assert refusal(game.choose_machine, 0, 0) == "the machine has already been chosen"
    assert refusal(game.move, 0, 0) == "not an adjacent square (or a wall is in the way)"
    assert refusal(game.move_together, 0, 0) == "not an adjacent square (or a wall is in the way)"
    assert refusal(game.travel, 0, 99) == "no such square"
    assert refusal(game.travel, 0, ZONE) == "travel needs another square the worker can reach"
    assert refusal(game.pick_up, 0, 2) == "the tile is not lying on the worker's square"
    assert refusal(game.pick_up, 0, 0) == "search the square before picking up a face-down tile"
    assert refusal(game.drop, 0, 0) == "the worker does not carry that tile"
    assert refusal(game.share, 1, 9) == "no such tile"
    assert refusal(game.release, 1, 0) == "the worker does not help carry that tile"
    assert refusal(game.assemble, 0, 1) == (
        "1 MA: more than the worker's actions left or the links still need (objects in the pile "
        "only)")
    assert refusal(game.debug, 0, 1) == "debugging needs a failed machine and a worker in the zone"
    assert refusal(game.test, 0) == "cannot test now"
    game.search(0)
    assert refusal(game.pick_up, 0, 3) == "a blank picked up by a new player needs a role (A..Z)"
    game.pick_up(0, 3, 2)  # the blank as a C
    game.drop(0, 3)  # into player 1's pile
    game.pick_up(0, 0)
    coworker = "only a coworker of the worker carrying it can help carry it"
    assert refusal(game.share, 0, 0) == coworker  # the carrier himself
    assert refusal(game.share, 1, 1) == coworker  # tile 1 lies on the ground: nobody carries it
    game.move(1, 7)
    assert refusal(game.share, 1, 0) == "the helper must join the carrier in his square"
    game.move(1, ZONE)
    game.share(1, 0)
    assert refusal(game.share, 2, 0) == "the object is already carried by two workers"
    assert refusal(game.move, 0, 7) == "workers carrying an object together move together"
    assert refusal(game.travel, 1, 7) == "workers carrying an object together move together"
    game.move(2, 7)
    assert refusal(game.assemble, 2, 1) == "assembly only in the construction zone"
    for _ in range(6):
        game.move(3, 7 if game.w_sq[3] == ZONE else ZONE)
    assert refusal(game.move, 3, 7) == "no actions left"
    assert refusal(game.travel, 3, 0) == "no actions left"
    assert refusal(game.search, 3) == "no actions left"
    game.move_together(0, 7)
    game.move_together(0, ZONE)  # worker 2 (holder, 2 + ... ) and worker 1 walk on together
    while game.remaining(1) > 0 and game.remaining(0) > 0:
        game.move_together(0, 7 if game.w_sq[0] == ZONE else ZONE)
    assert refusal(game.move_together, 0, 7 if game.w_sq[0] == ZONE else ZONE) == (
        "every worker carrying the object needs an action left")


def test_a_blanks_role_stays_while_its_player_keeps_it():
    # Blank Junk Tiles: the role a player gives a blank is fixed while that player keeps it.
    game = make_game("CAT?", at={3: ZONE})
    start_turn_two(game)
    game.search(0)
    game.pick_up(0, 3, 19)  # a T
    game.move(0, 7)
    game.drop(0, 3)  # outside the zone: it lies on square 7, still player 1's T
    assert refusal(game.pick_up, 0, 3, 0) == "a blank's role may not be changed once assigned"
    game.pick_up(0, 3)  # no role given: it stays a T
    assert game.blank_as[3] == 19


def test_a_percentile_roll_out_of_range_is_refused_in_full():
    for bad in (0, 101):
        with pytest.raises(ValueError) as caught:
            machine_works(bad)
        assert str(caught.value) == "a percentile roll is 1..100 (00 counts as 100)"


def test_a_search_of_an_empty_square_says_so():
    # Searching: "look at" what lies there; the replay says when nothing does.
    game = make_game("CAT?", at={0: ZONE, 1: ZONE, 2: 7, 3: ZONE})
    start_turn_two(game)
    game.move(0, 1)
    game.log = []
    assert game.search(0) == []
    game.move(0, ZONE)
    game.move(0, 7)
    game.search(0)
    assert game.log == ["sees nothing", "sees tile 2 (T)"]


def test_a_search_names_every_tile_lying_there():
    game = make_game("CAT?", at={0: ZONE, 1: ZONE, 2: 7, 3: 7})
    start_turn_two(game)
    game.log = []
    game.search(0)
    assert game.log == ["sees tile 0 (C), tile 1 (A)"]


def test_the_setup_refuses_what_the_rulebook_does_not_allow():
    # PLAYERS: 2-6; "each player is dealt two machine cards"; the hour ends by the tests or by
    # the share of steps done (docs/assumptions.md).
    for players in (1, 7):
        with pytest.raises(ValueError) as caught:
            make_game(players=players)
        assert str(caught.value) == "Junkyard Wars is for 2-6 players"
    with pytest.raises(ValueError) as caught:
        make_game(hour_end="bell")
    assert str(caught.value) == "the hour ends by test or share, not 'bell'"
    codes = [letter_code(c) for c in "CAT"]
    with pytest.raises(ValueError) as caught:
        JunkyardWarsState(TABLES, codes, DECK[:3], 2, random.Random(1))
    assert str(caught.value) == "the machine deck must hold two cards per player"
    JunkyardWarsState(TABLES, codes, DECK[:4], 2, random.Random(1))  # two each: enough


def test_a_new_game_runs_an_hour_at_one_minute_a_player_turn_with_no_trades_yet():
    # "DURATION: At most 1 hour"; the pace of 1 minute per player-turn is docs/assumptions.md's.
    codes = [letter_code(c) for c in "CAT"]
    game = JunkyardWarsState(TABLES, codes, DECK, 3, random.Random(1))
    assert game.minutes_per_turn == 1.0 and game.max_player_turns == 60
    assert game.traded == [0, 0, 0]


def test_each_player_is_dealt_two_cards_of_his_own():
    # SETUP: "Each player is dealt two machine cards": six players hold the twelve cards once each.
    codes = [letter_code(c) for c in "CAT"]
    for seed in range(5):
        game = JunkyardWarsState(TABLES, codes, DECK, 6, random.Random(seed))
        held = [card for pair in game.cards for card in pair]
        assert sorted(held) == list(range(12))


def test_a_layout_gives_one_square_of_the_board_per_tile():
    codes = [letter_code(c) for c in "CAT"]
    for layout in ([ZONE, ZONE], [ZONE, ZONE, 15], [ZONE, ZONE, -1]):
        with pytest.raises(ValueError) as caught:
            JunkyardWarsState(TABLES, codes, DECK, 2, random.Random(1), layout=layout)
        assert str(caught.value) == "a layout gives one square of the board per tile"
    game = JunkyardWarsState(TABLES, codes, DECK, 2, random.Random(1), layout=[ZONE, 14, 0])
    assert game.tile_at == [ZONE, 14, 0]


def test_nobody_carries_a_tile_lying_on_the_ground():
    # Actions: a worker "can help Worker A carry a heavy object" only when A carries it.
    game = make_game("CAT?", at={0: ZONE, 1: ZONE})
    start_turn_two(game)
    game.search(0)
    for helper in range(4):
        assert refusal(game.share, helper, 1) == (
            "only a coworker of the worker carrying it can help carry it")
    assert game.tile_holder == [-1, -1, -1, -1]


def test_a_blank_is_written_as_a_question_mark_or_an_underscore():
    assert letter_code("?") == letter_code("_") == BLANK
    assert letter_code("a") == letter_code("A") == 0 and letter_code("Z") == 25
