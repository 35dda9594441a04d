"""Junkyard Wars: the rulebook's words that mutation testing found untested (``rules.py``).

Each test quotes its section of junkyard-wars.txt. They pin what a one-line change to the rules
would break: the percentile dice's range, debugging MA summed over the team's workers, the
coworker who helps carry, and the words the replay prints.
"""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.actions import END_TURN, TEST, Assemble, Debug
from pnp.games.junkyard_wars.rules import machine_works, word_need

from .toy import ZONE, link_all, make_game, next_turn_of, ready_pile, start_turn_two, walk


class Dice(random.Random):
    """Scripted percentile rolls that also keep the range each die was rolled over."""

    def __init__(self, *values: int):
        super().__init__(1)
        self.values = list(values)
        self.ranges: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.ranges.append((a, b))
        return self.values.pop(0)


def built(word: str = "VAN", rolls: tuple[int, ...] = ()):
    game = ready_pile(word)
    link_all(game)
    next_turn_of(game, 0)
    game.rng = Dice(*rolls)
    return game


# --- Testing Machines: the percentile dice ------------------------------------------------------

def test_the_test_and_the_debugging_roll_are_percentile_dice_1_to_100():
    # Testing Machines: "rolls the percentile dice ... (with 00, as 100, meaning failure)";
    # Failed Tests: "At the end of each turn, the player rolls the percentile dice."
    game = built(rolls=(93, 50))
    game.apply(TEST)  # fails: 93 > 80
    next_turn_of(game, 0)
    game.apply(Debug(0, 6))
    game.apply(END_TURN)
    assert game.rng.ranges == [(1, 100), (1, 100)]


def test_a_percentile_roll_is_1_to_100():
    assert machine_works(1) and machine_works(80) and not machine_works(81)
    assert not machine_works(100)  # 00 counts as 100: failure
    for bad in (0, 101):
        with pytest.raises(ValueError, match="a percentile roll is 1..100"):
            machine_works(bad)


def test_the_replay_words_of_a_working_test_and_of_assembly():
    # Successful Tests: "The first player to successfully test his machine wins the game."
    game = built(rolls=(12,))
    game.log = []
    game.apply(TEST)
    assert game.log == ["P1 reveals VAN and rolls d100: 12 <= 80, the machine works",
                        f"game over: P1's machine works, P1 wins (round {game.round}, "
                        f"{game.minutes:g} minutes)"]
    # Assembling the Machine: "24 MA in order to link them together"; n objects, n - 1 links.
    game = ready_pile("CRANE")
    game.log = []
    game.apply(Assemble(0, 5))
    assert game.log == ["P1's machine: 0 of 4 links, 5 of 24 MA into the next"]


def test_a_test_needs_a_finished_machine_at_the_players_turn():
    game = ready_pile("VAN")
    with pytest.raises(IllegalAction, match="cannot test now"):
        game.apply(TEST)  # two links still to make


# --- Failed Tests: Debugging a Broken Machine ---------------------------------------------------

def test_debugging_ma_of_every_worker_add_up_and_use_their_actions():
    # "If the number rolled is less than or equal to the number of MA the workers' spent
    # debugging the machine during the past turn ... A team which spends all 24 MA".
    game = built(rolls=(93, 24))
    game.apply(TEST)
    next_turn_of(game, 0)
    for k in range(4):
        game.apply(Debug(k, 6))
        assert game.w_used[k] == 6 and game.remaining(k) == 0
    assert game.debug_ma[0] == 24
    game.apply(END_TURN)
    assert not game.broken[0]  # 24 <= 24: found and fixed


def test_debugging_takes_at_least_one_ma_and_one_by_default():
    game = built(rolls=(93,))
    game.apply(TEST)
    next_turn_of(game, 0)
    assert game.debug(0) == 1 and game.debug_ma[0] == 1 and game.w_used[0] == 1
    assert game.debug(1, 1) == 1 and game.debug_ma[0] == 2
    for bad in (0, 6):  # none, or more than the 5 actions worker 1 has left
        with pytest.raises(IllegalAction, match="MA: more than the worker's actions left"):
            game.debug(0, bad)
    assert game.debug(0, 2) == 2 and game.w_used[0] == 3 and game.debug_ma[0] == 4
    walk(game, 2, 1)
    with pytest.raises(IllegalAction, match="debugging needs a failed machine and a worker "
                                            "in the zone"):
        game.debug(2, 1)


def test_assembly_takes_at_least_one_ma_and_only_in_the_zone():
    # Assembling the Machine: "A worker may spend an action putting one man-action (MA)".
    game = ready_pile("VAN")
    with pytest.raises(IllegalAction, match="more than the worker's actions left or the links "
                                            "still need"):
        game.assemble(0, 0)
    walk(game, 1, 1)
    with pytest.raises(IllegalAction, match="assembly only in the construction zone"):
        game.assemble(1, 1)


# --- All Other Turns: carrying together ---------------------------------------------------------

def test_any_coworker_may_help_carry_and_they_move_as_one_group():
    # "If two or more workers work together to carry an object, the penalty drops to 1 action
    # (though the penalty is imposed on everyone carrying it)." Worker 2 carries, worker 1 helps.
    game = make_game(at={0: ZONE})
    start_turn_two(game)
    game.search(1)
    game.pick_up(1, 0)
    game.share(0, 0)
    assert game.carry_group(1) == [0, 1] and game.carry_group(0) == [0, 1]
    assert game.remaining(1) == 6 - 1 - 1 and game.remaining(0) == 6 - 1
    with pytest.raises(IllegalAction, match="not an adjacent square"):
        game.move_together(1, 14)
    game.move_together(1, 7)
    assert game.w_sq[0] == game.w_sq[1] == 7


def test_only_a_coworker_on_the_same_square_helps_carry():
    # "Worker B can help Worker A carry a heavy object after joining Worker A in his square";
    # a worker of another team cannot (objects carried belong to their carrier's team).
    game = make_game(at={0: ZONE})
    start_turn_two(game)
    next_turn_of(game, 1)
    game.search(4)
    game.pick_up(4, 0)  # P2's worker 1 keeps the tile
    next_turn_of(game, 0)
    with pytest.raises(IllegalAction, match="only a coworker of the worker carrying it"):
        game.share(0, 0)
    with pytest.raises(IllegalAction, match="no such tile"):
        game.share(0, 4)  # the toy game has 4 tiles: 0..3
    next_turn_of(game, 1)
    game.move(5, 7)
    with pytest.raises(IllegalAction, match="the helper must join the carrier in his square"):
        game.share(5, 0)
    game.move(5, ZONE)
    game.share(5, 0)
    for sq in (7, ZONE, 7):  # one action each for both: the helper (2 moves already) is spent
        game.move_together(5, sq)
    assert game.remaining(5) == 0 and game.remaining(4) == 2
    with pytest.raises(IllegalAction, match="every worker carrying the object needs an action"):
        game.move_together(4, ZONE)


def test_a_helper_may_carry_his_own_object_too_and_pays_for_both():
    # "penalized 2 actions per object carried" and, carried together, "the penalty drops to 1
    # action (though the penalty is imposed on everyone carrying it)": 2 + 1 for the helper.
    game = make_game("CA", at={0: ZONE, 1: ZONE})
    start_turn_two(game)
    game.search(0)
    game.pick_up(0, 0)
    game.pick_up(1, 1)
    game.share(0, 1)  # worker 1 (carrying tile 0 alone) helps worker 2 carry tile 1
    assert game.remaining(0) == 6 - 1 - 2 - 1 and game.remaining(1) == 6 - 1
    with pytest.raises(IllegalAction, match="the object is already carried by two workers"):
        game.share(2, 1)
    with pytest.raises(IllegalAction, match="workers carrying an object together move together"):
        game.move(1, 7)  # worker 2's object is shared with worker 1
    with pytest.raises(IllegalAction, match="workers carrying an object together move together"):
        game.travel(1, 7)
    with pytest.raises(IllegalAction, match="the worker does not help carry that tile"):
        game.release(2, 1)
    with pytest.raises(IllegalAction, match="the worker does not help carry that tile"):
        game.release(0, 2)
    game.move_together(1, 7)
    game.drop(1, 1)  # dropped by its carrier: the helper lets go
    assert game.tile_partner[1] == -1 and game.w_help[0] == [] and game.carry_group(0) == [0]
    assert game.remaining(0) == 6 - 2 - 2 and game.tile_holder[1] == -1
    with pytest.raises(IllegalAction, match="only a coworker of the worker carrying it"):
        game.share(0, 1)  # it lies on the ground: nobody carries it
    with pytest.raises(IllegalAction, match="the worker does not carry that tile"):
        game.drop(0, 1)


def test_a_machine_needs_its_letters_as_many_times_as_the_word_has_them():
    # Setup: "one of these machines"; a machine of n objects needs its n letters (issue 3).
    need = word_need("TEST")
    assert len(need) == 27 and need[19] == 2 and need[4] == 1 and need[18] == 1
    assert sum(need) == 4
    game = make_game("TTTES", at={t: ZONE for t in range(5)}, word="TEST")
    start_turn_two(game)
    game.choose_machine(0, 0)
    game.log = []
    game.search(0)
    for t in range(5):
        game.pick_up(0, t)
        game.drop(0, t)
    assert game.pile[0][19] == 3 and game.matched[0] == 4  # the third T is surplus
    assert game.log[-2:] == ["P1's pile: 3 of the 4 objects of the machine",
                             "P1's pile: 4 of the 4 objects of the machine"]


def test_a_machine_is_chosen_once_from_the_two_cards():
    # Setup: "deal two cards ... Each player's goal is to build one of these machines".
    for seed in range(60):  # a deal in which player 1 holds deck card 0
        game = make_game(seed=seed)
        if 0 in game.cards[0]:
            break
    start_turn_two(game)
    game.log = []
    with pytest.raises(IllegalAction, match="a player holds two machine cards"):
        game.choose_machine(0, 2)
    game.choose_machine(0, game.cards[0].index(0))
    assert game.machine[0] == 0
    with pytest.raises(IllegalAction, match="the machine has already been chosen"):
        game.choose_machine(0, 0)


def test_the_pile_grows_before_a_machine_is_chosen():
    game = make_game("C", at={0: ZONE})
    start_turn_two(game)
    game.log = []
    game.search(0)
    game.pick_up(0, 0)
    game.drop(0, 0)
    assert game.log[-1] == "P1's pile grows (no machine chosen yet)"


def test_moves_and_travel_keep_to_the_rules():
    # Moving: "a worker may spend an action moving into an adjacent square ... They may not move
    # through walls"; a worker carrying an object has 2 actions fewer; actions only in his turn.
    game = make_game("CAT?", at={0: ZONE})
    start_turn_two(game)
    with pytest.raises(IllegalAction, match="not an adjacent square"):
        game.move(0, 12)
    with pytest.raises(IllegalAction, match="no such square"):
        game.travel(0, 15)  # the toy yard has squares 0..14
    with pytest.raises(IllegalAction, match="travel needs another square"):
        game.travel(0, ZONE)
    assert game.travel(1, 12) is True and game.w_used[1] == 2  # 2 -> 7 -> 12: exactly reachable
    game.search(0)
    game.pick_up(0, 0)
    assert game.travel(0, 14) is False  # 5 moves away; 6 - 1 (search) - 2 (load) = 3 moves
    assert game.w_used[0] == 4 and game.remaining(0) == 0
    with pytest.raises(IllegalAction, match="no actions left"):
        game.move(0, 8)
    with pytest.raises(IllegalAction, match="no actions left"):
        game.travel(0, 14)
    with pytest.raises(IllegalAction, match="the tile is not lying on the worker's square"):
        game.pick_up(1, 3)  # tile 3 lies on square 9, worker 2 stands on 12
    with pytest.raises(IllegalAction, match="the tile is not lying on the worker's square"):
        game.pick_up(1, 4)


def test_no_worker_moves_after_a_test_has_ended_the_turn():
    # Testing Machines: "Any attempt to test a machine ends a player's turn."
    game = built(rolls=(93,))
    game.apply(TEST)
    assert game.turn_over and not game.over
    with pytest.raises(IllegalAction, match="a worker may only take action during his owner's"):
        game.travel(1, 7)


def test_one_ma_of_debugging_earns_a_roll_and_a_roll_of_1_finds_the_problem():
    # Failed Tests: "If the number rolled is less than or equal to the number of MA the workers'
    # spent debugging the machine during the past turn, the problem has been found".
    game = built(rolls=(93, 1))
    game.apply(TEST)
    next_turn_of(game, 0)
    game.apply(Debug(0, 1))
    game.log = []
    game.apply(END_TURN)
    assert not game.broken[0]
    assert game.log[0] == ("P1's debugging roll: d100 1 against 1 MA this turn: problem found "
                           "and fixed")


def test_a_blank_stands_for_a_letter_a_to_z():
    # Blank Junk Tiles: "These can represent ANY object": one of the 26 letters, not a blank.
    game = make_game("?", at={0: ZONE})
    start_turn_two(game)
    game.search(0)
    for bad in (26, -1):
        with pytest.raises(IllegalAction, match=r"needs a role \(A..Z\)"):
            game.pick_up(0, 0, bad)
    game.pick_up(0, 0, 25)
    assert game.blank_as[0] == 25


def test_only_the_player_to_move_tests_with_his_own_worker_in_the_zone():
    # Testing Machines: "At least one of his workers must be in the construction zone to throw
    # the switch"; a worker acts only during his owner's turn.
    game = built()
    assert game.can_test(0) and not game.can_test(1)
    next_turn_of(game, 1)
    assert not game.can_test(0)
    assert not game.complete(1)


def test_a_machine_is_complete_only_with_all_its_links():
    # Assembling the Machine: n objects need n - 1 links; VAN needs 2.
    game = ready_pile("VAN")
    for k in range(3):
        game.apply(Assemble(k, 6))
    game.apply(Assemble(3, 5))  # worker 4 searched the zone square: 5 actions left
    next_turn_of(game, 0)
    game.apply(Assemble(0, 1))
    assert game.links[0] == 1 and not game.complete(0) and not game.can_test(0)
