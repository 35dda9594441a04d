"""Tasks and Enemy Cards: a common task to defeat an enemy of a trait (the Robo-killer shape)."""

from __future__ import annotations

from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.actions import Face
from pnp.games.waste_knights.bots import HeuristicKnight
from pnp.games.waste_knights.cards import Card, Panel
from pnp.games.waste_knights.state import FACE
from pnp.games.waste_knights.tour_stats import FIELDS

from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck

ROBOT = Card("Scrap Drone", "enemy", "repair", 7, traits=("machine",),
             rewards=(("reputation", 1),),
             panel=Panel(aggression=1, icons=("melee",), health=1))
BEAST = Card("Dingo Pack", "enemy", "survival", 9, traits=("beast",),
             rewards=(("reputation", 1), ("red", 1)),
             panel=Panel(aggression=5, icons=("melee", "short"), health=3, armor=1))


def test_the_waster_must_play_the_tasks_enemy_if_revealed():
    """Tasks and Enemy Cards: "Wasters / Your Waster must play [icon] enemy cards, if able" ...
    "If more than one revealed wasteland card enables the Waster to meet the task's conditions,
    he can choose which card to play" (the mean Waster: the hardest of them)."""
    deck = quiet_deck(ROBOT, BEAST)
    assert W.waster_choice(deck, [0, 1], False) == 1  # no task: the hardest card
    assert W.waster_choice(deck, [0, 1], False, "machine") == 0
    assert W.waster_choice(deck, [1], False, "machine") == 1  # none revealed: any card


def test_common_task_deck_mixes_explore_and_enemy_tasks():
    """The common task deck is not printed: 1 task in 4 asks for an enemy of a trait the
    deck's enemies show (docs/assumptions.md)."""
    state = new_tour(flat_board(2), 2, deck=quiet_deck(ROBOT, BEAST))
    state.rng = FixedRandom(0.9)
    assert T.draw_common(state) == (-1, "machine")  # traits sorted: beast, machine
    state.rng = FixedRandom(0.5)
    hexes, trait = T.draw_common(state)
    assert hexes >= 0 and trait == ""
    state.rng = FixedRandom(0.9)
    assert state.draw_task() == -1 and state.task_trait == "machine"
    assert T.common_text(state).startswith("defeat a machine enemy")


def test_defeating_the_tasks_enemy_accomplishes_the_task():
    """Combat End Phase: "if by defeating a given enemy he accomplishes a task, he gains all
    rewards shown in the rewards space of such task ... The Waster immediately introduces a new
    task card"; the heuristic knight faces the task's enemy when fit to fight."""
    state = new_tour(flat_board(2), 2, deck=quiet_deck(ROBOT), rng=FixedRandom(0.99))  # 10s
    state.task_hex, state.task_trait = -1, "machine"
    state.apply(state.walk(state.tables.nbrs[state.tables.start][0]))
    assert state.decision is FACE
    action = HeuristicKnight().choose(state, FixedRandom(0.0))
    assert action == Face(0, True)
    seat = state.seats[0]
    rep, red = seat.rep, seat.red
    state.apply(action)
    assert seat.stats[FIELDS.index("tasks")] == 1
    assert seat.rep == rep + 1 + T.TASK_REPUTATION + 1 and seat.red == red + 1
    assert state.task_marks == 0
