"""Private tasks (Exploration Step, Private Tasks; Game Variants: 2 and 3 players)."""

from __future__ import annotations

import random
from dataclasses import replace

from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights.actions import Drive, Face
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import Board
from pnp.games.waste_knights.state import MOVE
from pnp.games.waste_knights.tour_stats import FIELDS

from .tour_helpers import (
    FixedRandom,
    flat_board,
    new_tour,
    passive,
    play_round,
    quiet_deck,
    with_special,
)

BOARD = session_board(3, default_catalogue())


def test_private_tasks_per_player_count():
    """"1 card in a 3-player game and 2 cards in a 4-player game"; 2 players: "deals 4 private
    task cards to each player. Both players choose 2"."""
    assert len(new_tour(BOARD, 4).tasks) == 2 and len(new_tour(BOARD, 3).tasks) == 1
    two = new_tour(BOARD, 2).tasks
    assert len(two) == 4 and sorted(k.owner for k in two) == [0, 0, 1, 1]
    assert all(k.first != k.second for k in two)


def test_private_tasks_outdated_after_three_markers_except_with_two_players():
    """Waster Step a): a task with 3 general markers is outdated and replaced; 2-Player Game:
    "Private task cards never become outdated"."""
    state = new_tour(BOARD, 3, rng=random.Random(5))
    first = state.tasks[0]
    for _ in range(3):
        T.mark(state)
    assert state.tasks[0] is not first and state.tasks[0].marks == 0
    two = new_tour(BOARD, 2)
    for _ in range(5):
        T.mark(two)
    assert all(k.marks == 0 for k in two.tasks)


def test_burn_baby_burn_accept_then_accomplish():
    """Private Tasks example: Hugh explores Old Refinery, passes the Challenging (7) check of
    the first requirement and takes the task; exploring Rusty's Garden accomplishes it."""
    b = with_special(flat_board(1), (2, 0), 12)
    b = Board(tuple(replace(h, tile="S2") if h.coord == (2, 0) else h for h in b.hexes))
    b = with_special(b, (1, 0), 9)
    state = new_tour(b, 3, deck=quiet_deck(), rng=FixedRandom(0.0))  # every check passes
    refinery, garden = state.tables.index["S1"], state.tables.index["S2"]
    state.tasks = [T.Task(refinery, garden, "repair")]
    state.task_hex = -1  # no common task in the way (it would take the one accomplishment)
    state.apply(Drive(0, ("C1", "S1"), 1))
    state.apply(Face(0, False))
    play_round(state)
    assert state.tasks[0].holder == 0
    while not (state.decision is MOVE and state.current_player == 0):  # round 2, marks: 1
        state.apply(passive(state))
    rep = state.seats[0].rep
    label = state.tables.tile[garden]
    state.apply(Drive(0, ("S1", label), 1))
    state.apply(Face(0, False))
    play_round(state)
    assert state.seats[0].rep == rep + T.TASK_REPUTATION + 1
    assert state.seats[0].stats[FIELDS.index("private_tasks")] == 1 and state.tasks[0].holder == -1


def test_only_one_private_task_held_with_three_or_four_knights():
    """"A knight can have up to 1 private task in his player area"."""
    state = new_tour(BOARD, 4, deck=quiet_deck())
    state.tasks = [T.Task(state.tables.start, 1, "talk", holder=0),
                   T.Task(state.tables.start, 2, "talk")]
    assert T.wanted(state, 0) == (1,)
    assert set(T.wanted(state, 1)) == {state.tables.start}
