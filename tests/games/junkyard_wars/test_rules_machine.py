"""Rules of Junkyard Wars (introductory version), the machine: assembling, testing, debugging.

Each test cites its section of junkyard-wars.txt: SETUP, Assembling the Machine, Testing Machines
(Successful Tests, Failed Tests: Debugging a Broken Machine), OBJECTIVE and DURATION for the
one-hour limit.
"""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.actions import END_TURN, TEST, ChooseMachine, Debug
from pnp.games.junkyard_wars.rules import LINK_MA, debug_found, machine_works

from .toy import (
    ZONE,
    fetch_to_pile,
    link_all,
    make_game,
    next_turn_of,
    ready_pile,
    start_turn_two,
    walk,
)

# --- Assembling the Machine ------------------------------------------------------------------

def test_one_action_puts_one_ma_into_the_machine_only_in_the_zone():
    # Assembling the Machine: "A worker may spend an action putting one man-action (MA) of work
    # into building a machine." "A worker may only work on assembling the machine (or debugging
    # it) if he is in the construction zone."
    game = ready_pile("CAT")
    assert game.assemble(0) == 1 and game.w_used[0] == 1 and game.link_ma[0] == 1
    assert game.assemble(0, 3) == 3 and game.w_used[0] == 4 and game.link_ma[0] == 4
    with pytest.raises(IllegalAction):
        game.assemble(0, 3)  # 2 actions left
    game.move(1, 7)
    with pytest.raises(IllegalAction):
        game.assemble(1)
    assert game.link_ma[0] == 4 and game.w_used[1] == 1


def test_link_takes_24_ma_and_a_machine_of_n_objects_n_minus_1_links():
    # Assembling the Machine: "the team must spend 24 MA in order to link them together".
    game = ready_pile("CAT")
    assert game.linkable_ma(0) == 2 * LINK_MA == 48
    assert link_all(game) == 48
    assert game.complete(0) and game.assembly_ma[0] == 48 and game.links[0] == 2


def test_only_objects_in_the_pile_can_be_linked_and_only_in_the_zone():
    # Assembling the Machine: "If two objects need to be connected" (objects in the team's
    # construction-zone pile); only workers in the construction zone.
    game = make_game("CAT", at={0: ZONE, 1: ZONE}, word="CAT")
    start_turn_two(game)
    game.apply(ChooseMachine(0, "CAT"))
    assert game.linkable_ma(0) == 0  # nothing in the pile yet
    fetch_to_pile(game, 3, [0, 1])
    assert game.matched[0] == 2 and game.linkable_ma(0) == LINK_MA
    game.travel(1, 7)
    with pytest.raises(IllegalAction):
        game.assemble(1)


def test_machine_choice_is_final():
    # SETUP: "Each player's goal is to build one of these machines, though he need not decide
    # which immediately" (a choice, once made, is kept; see docs/assumptions.md).
    game = make_game()
    game.choose_machine(0, 1)
    with pytest.raises(IllegalAction):
        game.choose_machine(0, 0)


# --- Testing Machines --------------------------------------------------------------------------

def test_eighty_percent_test_with_00_as_100():
    # Testing Machines: "If the value rolled on the percentile dice is less than or equal to 80
    # (with 00, as 100, meaning failure), the player's machine works."
    assert machine_works(1) and machine_works(80)
    assert not machine_works(81) and not machine_works(100)  # "00, as 100, meaning failure"
    assert sum(machine_works(r) for r in range(1, 101)) == 80
    with pytest.raises(ValueError):
        machine_works(0)


def test_debugging_probability_24_ma_is_about_one_in_four():
    # "A team which spends all 24 MA investigating the problem has roughly a 1 in 4 chance"
    assert sum(debug_found(r, 24) for r in range(1, 101)) == 24
    assert sum(debug_found(r, 0) for r in range(1, 101)) == 0


def built(word: str = "VAN", **kw):
    """Player 1's machine complete (all objects, all links), at the start of one of his turns."""
    game = ready_pile(word, **kw)
    link_all(game)
    next_turn_of(game, 0)
    return game


def test_test_ends_the_turn_needs_a_worker_in_the_zone_and_first_success_wins():
    # Testing Machines; Successful Tests: "The first player to successfully test his machine
    # wins the game."
    outcomes = set()
    for seed in range(40):
        game = built(seed=seed)
        for k in range(4):
            walk(game, k, 7)
        assert not game.can_test(0)  # "At least one of his workers must be in the zone"
        walk(game, 2, ZONE)
        works = game.test(0)
        outcomes.add(works)
        assert game.turn_over and game.tests[0] == 1  # "Any attempt to test ... ends a turn"
        with pytest.raises(IllegalAction):
            game.move(2, 1)
        if works:
            assert game.over and game.winner == 0 and not game.by_time
            assert game.returns() == (1.0, 0.0)
        else:
            assert game.broken[0] and not game.can_test(0)
            assert game.legal_actions() == [END_TURN]  # the test ended the turn
    assert outcomes == {True, False}


def test_failed_machine_is_debugged_then_retested():
    # Failed Tests: "the workers' next task is to study the machine and figure out what went
    # wrong"; no linking while it is broken, testing again once it is fixed.
    game = built(rolls=(100,), seed=3)
    assert not game.test(0) and game.broken[0]
    assert game.linkable_ma(0) == 0
    next_turn_of(game, 0)
    walk(game, 1, 7)
    with pytest.raises(IllegalAction):
        game.debug(1)  # only in the construction zone
    walk(game, 1, ZONE)
    with pytest.raises(IllegalAction):
        game.apply(Debug(1, 5))  # 4 actions left after the two moves
    turns = 0
    while game.broken[0]:
        spent = sum(game.debug(w, game.remaining(w)) for w in range(4))
        assert spent == (22 if turns == 0 else 24)
        next_turn_of(game, 0)
        turns += 1
    assert game.can_test(0) and game.debug_total[0] == 24 * turns - 2


def test_debug_roll_is_against_the_ma_spent_in_the_past_turn_only():
    # Failed Tests: "At the end of each turn, the player rolls the percentile dice. If the number
    # rolled is less than or equal to the number of MA the workers' spent debugging the machine
    # during the past turn, the problem has been found and is immediately fixed."
    game = built(rolls=(100, 25, 6, 5))
    assert not game.test(0)  # rolls 00: fails
    next_turn_of(game, 0)
    assert sum(game.debug(w, 6) for w in range(4)) == 24
    game.end_turn()  # rolls 25 > 24: not found
    assert game.broken[0]
    game.end_turn()
    game.debug(0, 5)
    game.end_turn()  # rolls 6 > 5 (this turn's MA, not the 29 spent in all): not found
    assert game.broken[0]
    game.end_turn()
    game.end_turn()  # no MA spent: no roll, still broken
    assert game.broken[0] and game.rng.values == [5]
    game.end_turn()
    game.debug(0, 5)
    game.end_turn()  # rolls 5 <= 5: found and fixed
    assert not game.broken[0] and game.rng.values == []


def test_retest_after_a_fix_has_the_same_80_percent_and_may_fail_again():
    # Failed Tests: "A player may retest his machine at any point once the workers have fixed the
    # problem. He rolls the percentile dice again with the same probability of success (80%). If
    # the test fails again, his workers have to start rolling the percentile dice once more".
    game = built(rolls=(100, 1, 81, 6, 80))  # 00 fails; fixed; fails again; fixed; works
    assert not game.test(0) and game.broken[0]
    for retest_fails in (True, False):
        game.end_turn()  # the test ended the turn
        game.end_turn()
        assert not game.can_test(0)
        game.debug(0, 6)
        game.end_turn()
        assert not game.broken[0]
        game.end_turn()
        assert game.can_test(0)
        assert game.test(0) is not retest_fails
        assert game.broken[0] is retest_fails and game.over is not retest_fails
    assert game.winner == 0 and game.tests[0] == 3


def test_debug_roll_frequency_is_ma_over_100():
    rng = random.Random(5)
    found = sum(debug_found(rng.randint(1, 100), 24) for _ in range(20000))
    assert 0.225 < found / 20000 < 0.255


# --- The one-hour limit ------------------------------------------------------------------------

def test_time_limit_gives_the_win_to_the_team_furthest_along():
    # OBJECTIVE: "If the game has not ended after one hour, the player furthest along in
    # constructing a machine wins." DURATION: "At most 1 hour".
    game = make_game("CAT", at={0: ZONE, 1: ZONE}, word="CAT", minutes_per_turn=5.0)
    game.log = []
    game.apply(ChooseMachine(0, "CAT"))
    game.end_turn()  # 12 player-turns in the hour; the first player acts from round 2
    game.apply(ChooseMachine(1, "CAT"))
    fetch_to_pile(game, 0, [0, 1])  # the second player's first turn: 3 actions a worker
    for _ in range(11):
        assert not game.over
        game.end_turn()
    assert game.over and game.by_time and game.winner == 1 and game.minutes == 60
    assert game.returns() == (0.0, 1.0) and game.legal_actions() == []
    assert game.log[-4:] == ["time is up after 60 minutes",
                             "P1 has no machine to test (not finished)",
                             "P2 has no machine to test (not finished)",
                             "game over: progress P1 0%, P2 40%; P2 is furthest along and wins"]
    with pytest.raises(IllegalAction):
        game.apply(TEST)


def test_the_log_tells_the_rolls():
    # What a replay prints under the actions: the d100 of a test and of debugging.
    game = built(rolls=(93, 40, 12))
    game.log = []
    game.apply(TEST)
    assert game.log == ["P1 reveals VAN and rolls d100: 93 > 80, it fails and needs debugging"]
    next_turn_of(game, 0)
    game.apply(Debug(0, 6))
    game.log = []
    game.end_turn()
    assert game.log == ["P1's debugging roll: d100 40 against 6 MA this turn: not found"]
