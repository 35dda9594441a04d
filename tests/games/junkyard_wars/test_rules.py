"""Rules of Junkyard Wars (introductory version), workers: actions, moving, carrying, searching.

Each test cites its section of junkyard-wars.txt: Managing the Workforce, Determining the Number
of Actions (First Turn Only / All Other Turns), Moving and Carrying Objects, Searching the Area,
Blank Junk Tiles. The machine (assembling, testing, debugging, the hour) is in
test_rules_machine.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.actions import Move, MoveTogether, Search, Travel, worker_actions
from pnp.games.junkyard_wars.bots import RandomBot
from pnp.games.junkyard_wars.generate import session_board
from pnp.games.junkyard_wars.graph import Tables, board_from_session
from pnp.games.junkyard_wars.rules import (
    BLANK,
    CARRIED,
    IN_PILE,
    action_limit,
    first_turn_actions,
    letter_code,
)

from .toy import TABLES, ZONE, make_game, spend, start_turn_two

# --- Determining the Number of Actions: First Turn Only ------------------------------------

@pytest.mark.parametrize("players,expected", [
    (2, [0, 3]), (3, [0, 2, 4]), (4, [0, 1, 2, 3]), (5, [0, 1, 2, 3, 4]),
    (6, [0, 1, 2, 3, 4, 5])])
def test_first_turn_stagger_table(players, expected):
    # "three times (2 players), twice (3 players), or once (4+ players) the number of players
    # who have played before"; "the first player's workers take no action on the first turn".
    assert [first_turn_actions(players, s) for s in range(players)] == expected
    game = make_game(players=players)
    for seat in range(players):
        assert game.current == seat and game.round == 1
        assert all(game.remaining(seat * 4 + k) == expected[seat] for k in range(4))
        game.end_turn()
    assert game.round == 2 and game.remaining(0) == 6


def test_no_stagger_option_gives_six_actions_on_turn_one():
    game = make_game(stagger=False)
    assert game.remaining(0) == 6


# --- Determining the Number of Actions: All Other Turns ------------------------------------

def test_an_unencumbered_worker_takes_up_to_six_actions():
    # All Other Turns: "An unencumbered worker may take up to 6 actions."
    game = make_game()
    start_turn_two(game)
    for k in range(6):
        game.move(0, 7 if k % 2 == 0 else TABLES.zone)
    costly = (Move, MoveTogether, Search, Travel)
    assert game.remaining(0) == 0
    assert not [a for a in worker_actions(game, 0, full=True) if isinstance(a, costly)]
    with pytest.raises(IllegalAction):
        game.move(0, 7)
    assert game.remaining(1) == 6  # each worker has his own 6


def test_two_objects_carried_cost_four_actions():
    # All Other Turns: "A worker carrying one or more objects is penalized 2 actions per object
    # carried".
    game = make_game(at={0: 7, 1: 7})
    start_turn_two(game)
    game.travel(0, 7)
    assert game.search(0) == [0, 1]
    game.pick_up(0, 0)
    game.pick_up(0, 1)
    assert game.remaining(0) == 6 - 2 - 2 * 2


def test_action_counts_with_loads():
    # "up to 6 actions", "penalized 2 actions per object carried", shared carry: 1 each.
    assert [action_limit(6, k) for k in range(4)] == [6, 4, 2, 0]
    assert action_limit(6, 0, 1) == 5 and action_limit(6, 1, 1) == 3
    assert action_limit(3, 2) == 0  # never negative


def test_pickup_changes_the_limit_mid_turn():
    # "If the pickup or drop changes his load, his action limit for the current turn ... must
    # reflect his new load."
    game = make_game(at={0: 7})  # C next to the zone
    start_turn_two(game)
    assert game.travel(0, 7) and game.remaining(0) == 5
    game.search(0)
    game.pick_up(0, 0)
    assert game.remaining(0) == 2  # 6 - 2 used - 2 for the load
    assert game.travel(0, TABLES.zone) and game.remaining(0) == 1
    game.drop(0, 0)
    assert game.remaining(0) == 3


# --- Moving and Carrying Objects -------------------------------------------------------------

def test_moves_only_to_adjacent_squares_not_through_walls():
    # Moving and Carrying Objects: "a worker may spend an action moving into an adjacent square
    # (either horizontally or vertically). They may not move through walls."
    game = make_game()
    start_turn_two(game)
    with pytest.raises(IllegalAction):
        game.move(0, 12)  # two squares away
    game.move(0, 1)
    with pytest.raises(IllegalAction):
        game.move(0, 0)  # the wall between (0,1) and (0,0)
    assert TABLES.dist[0][1] == 3  # round through row 1


def test_travel_stops_when_actions_run_out():
    # Moving and Carrying Objects: one action per move; a worker stops where his actions end.
    game = make_game()
    start_turn_two(game)
    spend(game, 0, 4)
    assert game.w_sq[0] == ZONE and game.w_used[0] == 4
    assert not game.travel(0, 14)  # 4 moves away, 2 actions left
    assert TABLES.dist[14][game.w_sq[0]] == 2 and game.remaining(0) == 0


def test_outside_track_and_rim_gaps_connect_the_real_board():
    # "twelve gaps in the outer wall ... travel around the outer wall" (one move per square).
    session = session_board("rules-test")
    board = board_from_session(session)
    tb = Tables(board)
    track = [session.index(r, c) for r, c in session.track]
    assert len(track) == 64 and len(board.junk_squares) == 100
    for a, b in zip(track, track[1:] + track[:1], strict=True):
        assert tb.dist[a][b] == 1
    entries = [t for t in track if any(v < 225 for v in board.neighbours[t])]
    assert len(entries) == 12


# --- Searching the Area / ownership ----------------------------------------------------------

def test_pick_up_and_drop_are_free_even_with_no_actions_left():
    # Moving and Carrying Objects: "A worker may pick up and drop objects during a move for
    # free."
    game = make_game(at={0: 7})
    start_turn_two(game)
    game.travel(0, 7)
    game.search(0)
    spend(game, 0, 4)  # every action spent
    assert game.w_used[0] == 6 and game.w_sq[0] == 7
    game.pick_up(0, 0)
    assert game.w_used[0] == 6 and game.tile_at[0] == CARRIED
    game.drop(0, 0)
    assert game.w_used[0] == 6 and game.tile_at[0] == 7 and game.remaining(0) == 0


def test_search_costs_one_action_and_shows_every_tile_on_the_square():
    # Searching the Area: "A worker may spend an action searching his current square for junk.
    # He does so by looking all tile(s) lying on that space." Carried objects "may only be looked
    # at by that worker's owner".
    game = make_game(at={0: 7, 2: 7})
    start_turn_two(game)
    game.travel(0, 7)
    used = game.w_used[0]
    assert sorted(game.search(0)) == [0, 2] and game.w_used[0] == used + 1
    assert game.known[0][0] and game.known[0][2] and not game.known[1][0]
    spend(game, 0, 4)
    assert game.remaining(0) == 0
    with pytest.raises(IllegalAction):
        game.search(0)


def test_face_down_tiles_must_be_searched_before_pick_up():
    # Searching the Area: junk lies face down until a worker searches its square.
    game = make_game(at={0: 7})
    start_turn_two(game)
    game.travel(0, 7)
    with pytest.raises(IllegalAction):
        game.pick_up(0, 0)
    assert game.search(0) == [0] and game.known[0][0] and not game.known[1][0]
    game.pick_up(0, 0)
    assert game.tile_at[0] == CARRIED


def test_ownership_only_once_offloaded_in_the_zone():
    # "A worker must offload an item in his team's construction zone if he wants it to remain
    # the property of his team." "Dropped items may be picked up by anybody".
    game = make_game(at={0: 7})
    start_turn_two(game)
    game.travel(0, 7)
    game.search(0)
    game.pick_up(0, 0)
    game.drop(0, 0)  # dropped outside the zone: lies there, nobody owns it
    assert game.tile_at[0] == 7 and game.tile_owner[0] == -1
    game.end_turn()
    game.travel(4, 7)
    game.search(4)
    game.pick_up(4, 0)  # the opponent takes it
    game.travel(4, TABLES.zone)
    game.drop(4, 0)
    assert game.tile_at[0] == IN_PILE and game.tile_owner[0] == 1
    assert game.pile[1][letter_code("C")] == 1


def test_blank_role_fixed_once_assigned_until_another_player_picks_it_up():
    # Blank Junk Tiles: "Once a blank has been assigned a function by a given player, its
    # function may not be changed (though if it is dropped and picked up for the first time by
    # another player's worker, the other person may redefine its role)."
    blank = 3
    game = make_game(at={blank: 7})
    start_turn_two(game)
    assert game.tile_letter[blank] == BLANK
    game.travel(0, 7)
    game.search(0)
    with pytest.raises(IllegalAction):
        game.pick_up(0, blank)  # needs a role
    game.pick_up(0, blank, letter_code("R"))
    game.drop(0, blank)
    with pytest.raises(IllegalAction):
        game.pick_up(0, blank, letter_code("X"))  # same player: the role is fixed
    game.pick_up(0, blank)
    assert game.blank_as[blank] == letter_code("R")
    game.drop(0, blank)
    game.end_turn()
    game.travel(4, 7)
    game.search(4)
    game.pick_up(4, blank, letter_code("X"))  # another player redefines it
    assert game.blank_as[blank] == letter_code("X") and game.blank_by[blank] == 1


# --- legal actions (granularity of the random bot) ----------------------------------------------

def test_legal_actions_of_a_worker():
    # Managing the Workforce: "A worker may only take action during his owner's turn."
    game = make_game()
    assert worker_actions(game, 0) == []  # the first player's workers do nothing on turn 1
    start_turn_two(game)
    acts = worker_actions(game, 0)
    moves = [a.square for a in acts if isinstance(a, Move)]
    assert sorted(moves) == sorted(TABLES.neighbours[TABLES.zone])
    assert worker_actions(game, 4) == []  # not his owner's turn
    with pytest.raises(IllegalAction):
        game.travel(4, 7)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6))
def test_random_legal_play_keeps_the_invariants(seed, players):
    # Every action of the random bot is among the state's legal actions, and after each one the
    # action limits of the rules hold and no tile is lost.
    rng = random.Random(seed)
    game = make_game("CATROB?", players=players, seed=seed)
    bots = [RandomBot() for _ in range(players)]
    for _ in range(60 * players):
        if game.is_over() or game.player_turns >= 3 * players:
            break
        action = bots[game.current].choose(game, rng)
        assert action in game.legal_actions()
        game.apply(action)
        for w in range(players * 4):
            alone = sum(1 for t in game.w_load[w] if game.tile_partner[t] < 0)
            shared = len(game.w_load[w]) - alone + len(game.w_help[w])
            assert game.w_pen[w] == 2 * alone + shared  # the action limits of the rules
            limit = action_limit(game.base, alone, shared)
            if w // 4 == game.current:
                assert game.remaining(w) == max(0, limit - game.w_used[w])
            for t in game.w_help[w]:
                assert game.w_sq[game.tile_holder[t]] == game.w_sq[w]  # carried together
    lying = sum(len(x) for x in game.sq_tiles)
    carried = sum(len(x) for x in game.w_load)
    piled = sum(1 for t in game.tile_at if t == IN_PILE)
    assert lying + carried + piled == 7


# --- carrying together ---------------------------------------------------------------------------

def test_two_workers_carrying_one_object_lose_one_action_each():
    # "If two or more workers work together to carry an object, the penalty drops to 1 action
    # (though the penalty is imposed on everyone carrying it)."
    game = make_game(at={0: 7})
    start_turn_two(game)
    game.travel(0, 7)
    game.travel(1, 7)
    game.search(0)
    game.pick_up(0, 0)
    assert game.remaining(0) == 6 - 2 - 2 and game.remaining(1) == 5  # moved + searched
    with pytest.raises(IllegalAction):
        game.share(4, 0)  # not a coworker (and not his turn)
    game.share(1, 0)
    assert game.remaining(0) == 6 - 2 - 1 and game.remaining(1) == 5 - 1
    with pytest.raises(IllegalAction):
        game.move(0, 2)  # they move together
    for w in (0, 1):
        with pytest.raises(IllegalAction):
            game.travel(w, TABLES.zone)
    assert MoveTogether(1, 2) in worker_actions(game, 1)
    game.move_together(1, 2)
    assert game.w_sq[0] == game.w_sq[1] == 2
    assert game.remaining(0) == 2 and game.remaining(1) == 3
    game.drop(0, 0)  # offloaded in the zone: the helper lets go too
    assert game.tile_owner[0] == 0 and game.remaining(0) == 3 and game.remaining(1) == 4
    assert game.w_help[1] == []


def test_helper_can_let_go():
    # All Other Turns: once the helper lets go, the carrier bears the full 2-action penalty.
    game = make_game(at={0: ZONE})
    start_turn_two(game)
    game.search(0)
    game.pick_up(0, 0)
    game.share(1, 0)
    game.release(1, 0)
    assert game.remaining(0) == 3 and game.remaining(1) == 6  # searched, carries alone
    game.move(0, 7)
    game.move(1, 1)
