"""Junkyard Wars: the end of the hour as the rulebook words it (``hour.py``).

GAME PLAY: "When time expires, each team tests out their machine. The team whose machine works
the best wins." OBJECTIVE: "If the game has not ended after one hour, the player furthest along
in constructing a machine wins." Testing Machines: "there is an 80% chance that the machine will
work ... less than or equal to 80 (with 00, as 100, meaning failure)". Failed Tests: "the machine
has a problem which needs to be investigated".
"""

from __future__ import annotations

import random

import pytest

from pnp.games.junkyard_wars.actions import END_TURN, TEST, Assemble, ChooseMachine, Debug
from pnp.games.junkyard_wars.hour import (
    ENDINGS,
    FAILED,
    UNTESTED,
    WORKS,
    ending,
    furthest_along,
    progress,
)

from .toy import ZONE, fetch_to_pile, link_all, make_game, next_turn_of, start_turn_two


def two_piles(word: str = "VAN", links: tuple[bool, bool] = (True, True), **kw):
    """Both players' objects of ``word`` in their piles; a player's links all made if asked."""
    n = len(word)
    game = make_game(word * 2, 2, at={t: ZONE for t in range(2 * n)}, word=word, **kw)
    start_turn_two(game)
    game.apply(ChooseMachine(0, word))
    fetch_to_pile(game, 3, list(range(n)))
    next_turn_of(game, 1)
    game.apply(ChooseMachine(1, word))
    fetch_to_pile(game, 3, list(range(n, 2 * n)))
    for p in (0, 1):
        if links[p]:
            link_all(game, p)
    return game


def run_out_the_clock(game) -> None:
    game.log = []
    while not game.over:
        game.apply(END_TURN)


def test_a_machine_that_works_at_the_hour_wins_over_one_that_fails():
    # GAME PLAY: "each team tests out their machine. The team whose machine works the best wins."
    game = two_piles(rolls=(93, 40))  # seat order: P1 rolls 93 (fails), P2 rolls 40 (works)
    assert game.complete(0) and game.complete(1) and not game.over
    run_out_the_clock(game)
    assert game.over and game.by_time and game.winner == 1
    assert game.hour_test == [FAILED, WORKS] and game.tests == [1, 1]
    assert game.broken[0] and not game.broken[1]
    assert ENDINGS[ending(game)] == "hour test"
    assert game.log[-3:] == ["P1 tests VAN: d100 93 > 80, it fails",
                             "P2 tests VAN: d100 40 <= 80, it works",
                             "game over: P2's machine works at the hour, P2 wins"]


def test_80_works_and_81_fails_at_the_hour():
    # Testing Machines: "less than or equal to 80 ... the player's machine works".
    game = two_piles(rolls=(81, 80))
    run_out_the_clock(game)
    assert game.hour_test == [FAILED, WORKS] and game.winner == 1
    assert game.log[-3:-1] == ["P1 tests VAN: d100 81 > 80, it fails",
                               "P2 tests VAN: d100 80 <= 80, it works"]


class Dice(random.Random):
    """The seeded stream, keeping the range of every die rolled."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.ranges: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.ranges.append((a, b))
        return super().randint(a, b)


def test_the_hour_test_is_a_percentile_roll_1_to_100():
    # Testing Machines: "rolls the percentile dice ... (with 00, as 100, meaning failure)".
    game = two_piles()
    game.rng = Dice(3)
    run_out_the_clock(game)
    assert game.rng.ranges == [(1, 100), (1, 100)]
    assert game.tests == [1, 1] and ENDINGS[ending(game)] in ("hour test", "furthest along")


def test_a_machine_fixed_after_a_failed_test_is_tested_again_at_the_hour():
    # Failed Tests: "A player may retest his machine at any point once the workers have fixed
    # the problem": the hour's test is his second.
    game = two_piles(links=(True, False), rolls=(93, 5, 40))  # fails, debug roll 5 <= 24, works
    next_turn_of(game, 0)
    game.apply(TEST)
    next_turn_of(game, 0)
    for k in range(4):
        game.apply(Debug(k, 6))
    game.apply(END_TURN)
    assert not game.broken[0] and game.tests[0] == 1
    run_out_the_clock(game)
    assert game.tests[0] == 2 and game.hour_test == [WORKS, UNTESTED] and game.winner == 0


def test_a_win_in_play_is_the_test_ending():
    # Successful Tests: "The first player to successfully test his machine wins the game."
    game = two_piles(rolls=(40,))
    next_turn_of(game, 0)
    game.apply(TEST)
    assert game.over and not game.by_time and ENDINGS[ending(game)] == "test"
    assert game.hour_test == [UNTESTED, UNTESTED]


def test_00_counts_as_100_and_fails_at_the_hour():
    game = two_piles(rolls=(100, 1))
    run_out_the_clock(game)
    assert game.hour_test == [FAILED, WORKS] and game.winner == 1


def test_two_working_machines_share_the_win_by_a_roll_off():
    # Two machines that both work "work the best" alike: a roll-off, uniform between them.
    winners = set()
    for seed in range(12):
        game = two_piles(rolls=(10, 20), seed=seed)
        run_out_the_clock(game)
        assert game.hour_test == [WORKS, WORKS] and ENDINGS[ending(game)] == "hour test"
        assert game.log[-2] == (f"more than one machine works: P1, P2; the roll-off goes to "
                                f"P{game.winner + 1}")
        winners.add(game.winner)
    assert winners == {0, 1}


def test_an_unfinished_machine_is_not_tested_and_furthest_along_decides_when_none_works():
    # OBJECTIVE: "the player furthest along in constructing a machine wins" once no machine
    # works. P2 has its objects but no links; P1's complete machine fails its test at the hour.
    game = two_piles(links=(True, False), rolls=(93,))
    run_out_the_clock(game)
    assert game.hour_test == [FAILED, UNTESTED] and game.tests == [1, 0]
    # VAN: 5 steps (3 objects, 2 links). P1: 5 - 1 (the problem to investigate) = 4/5; P2: 3/5.
    assert progress(game, 0) == pytest.approx(4 / 5) and progress(game, 1) == pytest.approx(3 / 5)
    assert game.winner == 0 and ENDINGS[ending(game)] == "furthest along"
    assert game.log[-3:] == ["P1 tests VAN: d100 93 > 80, it fails",
                             "P2 has no machine to test (not finished)",
                             "game over: progress P1 80%, P2 60%; P1 is furthest along and wins"]


def test_a_failed_machine_not_yet_fixed_is_not_tested_again_at_the_hour():
    # Failed Tests: "A player may retest his machine at any point once the workers have fixed
    # the problem" - not before. P1 failed during play (93) and never debugs; P2 works (40).
    game = two_piles(rolls=(93, 40))
    next_turn_of(game, 0)
    game.apply(TEST)
    assert game.broken[0] and game.tests[0] == 1
    run_out_the_clock(game)
    assert game.hour_test == [UNTESTED, WORKS] and game.tests == [1, 1] and game.winner == 1
    assert "P1 has no machine to test (it failed and is not fixed)" in game.log


def test_a_failed_machine_counts_one_step_short_exactly():
    # Failed Tests: "the machine has a problem which needs to be investigated": a complete
    # machine that failed is one step short of done, level with a machine one link short.
    game = two_piles(links=(True, False), rolls=(93,))
    next_turn_of(game, 0)
    assert progress(game, 0) == 1.0  # complete, not yet tested
    game.apply(TEST)
    assert game.broken[0]
    assert progress(game, 0) == pytest.approx((2 * 3 - 2) / (2 * 3 - 1))
    next_turn_of(game, 1)
    for k in range(4):  # P2: one link of 24 MA (4 workers x 6 actions)
        game.apply(Assemble(k, 6))
    assert game.links[1] == 1
    assert progress(game, 1) == progress(game, 0)  # 3 objects + 1 link = 4 of 5 steps


def test_a_link_in_progress_counts_its_part_and_no_machine_counts_nothing():
    # "furthest along in constructing a machine": 3 objects and 6 of a link's 24 MA of VAN.
    game = two_piles(links=(False, False))
    assert progress(game, 1) == pytest.approx(3 / 5)
    next_turn_of(game, 0)
    game.apply(Assemble(0, 6))
    assert progress(game, 0) == pytest.approx((3 + 6 / 24) / 5)
    fresh = make_game("A", word="A")
    assert progress(fresh, 0) == 0.0  # no machine chosen yet


def test_a_one_object_machine_is_complete_with_its_object():
    # Assembling the Machine: links join two objects; one object needs none.
    game = make_game("A", at={0: ZONE}, word="A")
    start_turn_two(game)
    game.apply(ChooseMachine(0, "A"))
    fetch_to_pile(game, 3, [0])
    assert game.complete(0) and progress(game, 0) == 1.0


def test_a_tie_for_furthest_along_goes_to_a_roll_off():
    # Two machines equally far along: a d100 roll-off, uniform among them (either can win).
    winners = set()
    for seed in range(12):
        game = two_piles(links=(False, False), hour_end="share", seed=seed)
        run_out_the_clock(game)
        assert game.log[-2] == (f"tied for furthest along: P1, P2; the roll-off goes to "
                                f"P{game.winner + 1}")
        winners.add(game.winner)
    assert winners == {0, 1}


def test_share_reading_has_no_tests_at_the_hour():
    # --hour-end share: the older reading, the largest share of steps done wins, no tests.
    game = two_piles(links=(True, False), hour_end="share")
    run_out_the_clock(game)
    assert game.hour_test == [UNTESTED, UNTESTED] and game.tests == [0, 0]
    assert game.winner == 0 and not game.broken[0] and ENDINGS[ending(game)] == "furthest along"
    assert furthest_along(game) == 0


def test_an_unknown_hour_end_is_refused():
    with pytest.raises(ValueError):
        make_game(hour_end="vote")
