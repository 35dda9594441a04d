"""Duels and Interacting Knights: reviving, stealing and duels on the Active Knight's route."""

from __future__ import annotations

import random

from pnp.games.waste_knights import knights as K
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.actions import Drive, Face
from pnp.games.waste_knights.tour import Seat

from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck


def seat(**kw):
    base = dict(speed=4, pos=0, knight=R.Knight(), green=3, luck=[0] * 4, stats=[0] * 21)
    return Seat(**{**base, **kw})


def test_revive_heals_two_on_the_ko_dial_and_gives_one_reputation():
    """Reviving Knights: "This knight immediately heals 2 Radiation and/or 2 Health, depending on
    which counter or dial shows K.O.. The Active Knight gains +1 Reputation"."""
    me, down = seat(), seat(knight=R.Knight(health=0, radiation=4), ko=True)
    K.revive(me, down)
    assert down.knight.health == 2 and down.knight.radiation == 2 and not down.ko
    assert me.rep == 1


def test_steal_options():
    """Stealing from Knights: "He takes 1 gear card (except a vehicle card or a blue gear card)",
    "+2 Fuel", "+2 Ammo" (taken from the other knight; dials stay 0-4)."""
    me, other = seat(knight=R.Knight(fuel=1, ammo=3)), seat(knight=R.Knight(fuel=1), red=1)
    K.steal(me, other, "fuel")
    assert (me.knight.fuel, other.knight.fuel) == (2, 0)
    K.steal(me, other, "ammo")
    assert (me.knight.ammo, other.knight.ammo) == (4, 2)
    K.steal(me, other, "gear")
    assert (me.red, other.red, other.green) == (1, 0, 3)
    assert K.steal_choice(seat(knight=R.Knight(fuel=1)), seat(), True, 0.0) == "fuel"
    assert K.steal_choice(seat(), seat(red=1), True, 0.0) == "gear"


def test_active_heuristic_knight_revives_an_unconscious_knight_on_his_route():
    """"The Active Knight may move through an unconscious knight's hex and pass a search check
    as normal ... to revive this knight"; the heuristic knight revives (+1 Reputation)."""
    b = flat_board(2, contamination=4)  # knight 2 walks out and is knocked out next round
    state = new_tour(b, 2, deck=quiet_deck(), rng=FixedRandom(0.0))  # every check passes
    t = state.tables
    n1 = t.nbrs[t.start][0]
    state.apply(state.stay())  # knight 1
    state.apply(state.walk(n1))  # knight 2
    state.apply(Face(1, False))
    while not state.seats[1].ko:
        state.apply(state.stay() if state.decision.name == "MOVE" else
                    next(iter(state.legal_actions())))
    assert state.current_player == 0 and state.seats[1].pos == n1
    rep = state.seats[0].rep
    state.apply(Drive(0, ("C1", t.tile[n1]), 1))
    assert state.seats[0].rep == rep + 1 and not state.seats[1].ko
    assert state.seats[1].knight.health == 2


def test_duels_give_the_winner_reputation_and_a_theft():
    """Duels: "The winner of a duel gains no rewards. Instead, he gains +1 Reputation and can
    steal from the defeated knight"; dueling knights "always use dominance rules"."""
    wins = 0
    for i in range(30):
        state = new_tour(flat_board(2), 2, bots="random", deck=quiet_deck(),
                         rng=random.Random(i))
        a, b = state.seats
        w = K.duel(state, 0, a, 1, b)
        assert a.stats[18] == b.stats[18] == 1  # one duel each
        if w:
            win = a if w > 0 else b
            wins += 1
            assert win.rep == 1 and win.stats[19] == 1
        else:
            assert a.rep == b.rep == 0
    assert wins


def test_who_is_the_waster():
    """Move Step: with 4 knights the Waster sits "directly opposite the new Active Knight";
    3-Player Game: "the player sitting to the right of the Active Knight"; 2-Player Game: "the
    player who is not the Active Knight" (seats clockwise: a knight's left is the next seat)."""
    assert [W.waster_seat(a, 4) for a in range(4)] == [2, 3, 0, 1]
    assert [W.waster_seat(a, 3) for a in range(3)] == [2, 0, 1]
    assert [W.waster_seat(a, 2) for a in range(2)] == [1, 0]


def test_stealing_a_private_task_removes_one_marker():
    """Stealing from Knights: "He takes a private task card from the unconscious knight's player
    area and removes 1 general marker from this card (if able)"; the task is his to accomplish
    from then on, and the heuristic thief takes it."""
    state = new_tour(flat_board(2), 3, deck=quiet_deck())
    task = state.tasks[0]
    task.holder, task.marks = 1, 2
    me, other = state.seats[0], state.seats[1]
    stolen = K.stealable_task(state, 0, 1)
    assert stolen is task
    choice = K.steal_choice(me, other, True, 0.0, task=stolen is not None)
    assert choice == "task"
    K.steal(me, other, choice, stolen, 0)
    assert (task.holder, task.marks) == (0, 1)
    K.steal(other, me, "task", task, 1)
    K.steal(me, other, "task", task, 0)
    assert task.marks == 0  # "(if able)": no marker left to remove


def test_a_private_task_cannot_be_stolen_by_a_holder_or_in_a_two_player_game():
    """Private Tasks: "A knight can have up to 1 private task"; 2-Player Game: "Players can have
    2 private tasks and they cannot steal them from each other"."""
    state = new_tour(flat_board(2), 3, deck=quiet_deck())
    state.tasks[0].holder = 1
    assert K.stealable_task(state, 0, 1) is not None
    state.tasks.append(state.tasks[0].copy())
    state.tasks[-1].holder = 0  # knight 1 holds one already
    assert K.stealable_task(state, 0, 1) is None
    two = new_tour(flat_board(2), 2, deck=quiet_deck())
    two.tasks[0].holder = 1
    assert K.stealable_task(two, 0, 1) is None
