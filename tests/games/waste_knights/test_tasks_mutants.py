"""Common and private tasks, clause by clause (tasks.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: what accomplishing a private
task gives (added to what the knight has), one task accomplished and one accepted per Exploration
Step, whose tasks a knight may accept in the 2-, 3- and 4-player games, the 2-Player Game's "They
will not receive any other private tasks", the common task's draw and its words.
"""

from __future__ import annotations

import random

from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.narrate import hex_name
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_enemy_task import ROBOT
from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck, with_special

BOARD = session_board(3, default_catalogue())
PRIVATE = FIELDS.index("private_tasks")


def on_board(players: int, draw: float = 0.0):
    """Knight 1 on Gangraen of the session board; every check passes at draw 0."""
    state = new_tour(BOARD, players, deck=quiet_deck(), rng=FixedRandom(draw))
    state.task_hex = -1
    return state


def test_accomplishing_adds_reputation_a_red_card_and_counts_once():
    """Private Tasks: the task's reward (2 Reputation, as the common task's) and its blue card
    removed for +1 Reputation and a red gear card, added to what the knight has."""
    state = on_board(3)
    seat, p = state.seats[0], state.seats[0].pos
    seat.rep, seat.red, seat.stats[PRIVATE] = 3, 1, 1
    state.tasks = [T.Task(5, p, "talk", holder=0)]
    log: list[str] = []
    state.log = log
    T.explore(state, 0, accomplished=False)
    assert (seat.rep, seat.red, seat.stats[PRIVATE]) == (6, 2, 2)
    assert "knight 1 accomplishes a private task (+3 Reputation, a red gear card)" in log
    new = state.tasks[0]
    assert new.holder == -1 and new.owner == -1 and new.first >= 0  # a new task on the frame


def test_a_task_held_elsewhere_is_not_accomplished_here():
    """"A knight accomplishes a private task when he fulfills the second requirement"."""
    state = on_board(3)
    p = state.seats[0].pos
    state.tasks = [T.Task(p, 5, "talk", holder=0)]
    T.explore(state, 0, accomplished=False)
    assert state.tasks[0].holder == 0 and state.seats[0].stats[PRIVATE] == 0


def test_two_player_game_one_task_accomplished_per_step_and_none_dealt_after():
    """2-Player Game: "Players can have 2 private tasks"; "During one Exploration Step, a given
    knight can accomplish up to 1 private task"; "They will not receive any other private tasks
    until the end of the game": the accomplished task leaves no task behind."""
    state = on_board(2)
    p = state.seats[0].pos
    state.tasks = [T.Task(5, p, "talk", holder=0, owner=0), T.Task(6, p, "talk", holder=0,
                                                                     owner=0)]
    T.explore(state, 0, accomplished=False)
    assert state.seats[0].stats[PRIVATE] == 1
    done, kept = state.tasks
    assert (done.first, done.second, done.holder) == (-1, -1, -1) and done.owner not in (0, 1)
    assert kept.holder == 0 and kept.first == 6
    assert T.wanted(state, 0) == (p,) and T.wanted(state, 1) == ()


def test_two_player_game_accepts_only_ones_own_tasks():
    """2-Player Game: "When exploring the hex mentioned in the first requirement of any of his
    private tasks, a player reveals this task card and attempts to fulfill this requirement"."""
    state = on_board(2)
    p = state.seats[0].pos
    log: list[str] = []
    state.log = log
    state.tasks = [T.Task(p, 5, "repair", owner=1), T.Task(p, 6, "repair", owner=0)]
    T.explore(state, 0, accomplished=False)
    assert [k.holder for k in state.tasks] == [-1, 0]
    assert "knight 1 accepts a private task (repair check passed)" in log


def test_two_player_game_a_held_task_is_not_accepted_again():
    """"can attempt to accept up to 1 private task": a task he already holds is not the one
    attempted; his other task of that hex is."""
    state = on_board(2)
    p = state.seats[0].pos
    state.tasks = [T.Task(p, 5, "talk", holder=0, owner=0), T.Task(p, 6, "talk", owner=0)]
    T.explore(state, 0, accomplished=False)
    assert [k.holder for k in state.tasks] == [0, 0]


def test_wanted_by_player_count():
    """Where a knight can take a private task further: his own tasks (2 players), a frame task
    only while he holds none (3 and 4 players), never another knight's task."""
    three = on_board(3)
    three.tasks = [T.Task(7, 8, "talk")]
    assert T.wanted(three, 0) == (7,)
    three.tasks = [T.Task(7, 8, "talk", holder=0)]
    assert T.wanted(three, 1) == () and T.wanted(three, 0) == (8,)
    two = on_board(2)
    two.tasks = [T.Task(7, 8, "talk", owner=0), T.Task(9, 8, "talk", owner=1)]
    assert T.wanted(two, 0) == (7,) and T.wanted(two, 1) == (9,)


def test_new_task_draws_its_hexes_and_skill():
    """A private task between two different sites, with a random skill (draw 0.9: the last)."""
    assert T.new_task((10, 11, 12), FixedRandom(0.9)) == T.Task(12, 11, "talk")
    assert T.new_task((10, 11, 12), FixedRandom(0.0), owner=1) == T.Task(10, 11, "medicine",
                                                                           owner=1)


def test_task_copy_is_equal_and_independent():
    task = T.Task(1, 2, "talk", marks=1, holder=0, owner=1)
    c = task.copy()
    c.marks += 1
    assert c == T.Task(1, 2, "talk", marks=2, holder=0, owner=1) and task.marks == 1


def test_a_new_common_task_is_not_the_one_just_accomplished():
    """Introducing New Tasks: the accomplished task is removed from the game; the new one names
    another special hex (draw 0: the first of the others; draw 0.9: the last)."""
    state = on_board(3)
    specials = state.tables.specials
    assert len(specials) >= 3
    state.rng = FixedRandom(0.0)
    assert T.draw_common(state, done=specials[0]) == (specials[1], "")
    state.rng = FixedRandom(0.9)
    assert T.draw_common(state, done=specials[0]) == (specials[-1], "")
    one = new_tour(with_special(flat_board(1), (1, 0), 14), 3, deck=quiet_deck(),
                   rng=FixedRandom(0.0))
    only = one.tables.specials
    assert len(only) == 1 and T.draw_common(one, done=only[0]) == (only[0], "")


def test_the_common_task_in_words():
    state = new_tour(BOARD, 3, deck=quiet_deck(ROBOT), rng=random.Random(1))
    state.task_trait = "machine"
    assert T.common_text(state) == ("defeat a machine enemy (the Waster must play such enemy "
                                    "cards, if able)")
    state.task_trait = "animal"
    assert T.common_text(state).startswith("defeat an animal enemy")
    state.task_trait, state.task_hex = "", state.tables.start
    assert T.common_text(state) == f"explore {hex_name(state.tables, state.tables.start)}"
    assert T.common_text(state) == "explore C1 Gangraen [1]"
