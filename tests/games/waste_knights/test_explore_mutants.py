"""The Exploration Step and the Rest Step's resupplies, clause by clause (explore.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: the exploration check (its
failure ends the step), a hex explored for the first time counted once (specials and cities
apart), "Accomplish 1 task", the vehicle repaired by the wrench resupply and Rusty's Garden only,
no Fuel without a vehicle, the Trade Action's cards, Quick Resupply's luck card, every refusal's
words and every log line.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_knights import explore as X
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights.narrate import changes, hex_name
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_specials import explore_at
from .tour_helpers import FixedRandom

A = R.ExplorationAction
F = {name: i for i, name in enumerate(FIELDS)}
K = R.Knight(fuel=2, health=3, radiation=1, ammo=2)


def fresh(state, s: int = 0):
    """Knight ``s`` back before his Exploration Step on his hex: not visited, no marker."""
    seat = state.seats[s]
    seat.visited &= ~(1 << seat.pos)
    seat.marker = False
    state.log = []
    return seat


def test_the_exploration_check_is_said_and_a_failure_ends_the_step():
    """Exploration Check: "No matter the check result" the player marker is placed; a failed
    check ends the Exploration Step (no first visit, no task, no action)."""
    state = explore_at(7)  # Red Tomb: REPAIR (7)
    seat = fresh(state)
    state.setup = replace(state.setup, model=replace(state.setup.model, explore_skill=1))
    place = hex_name(state.tables, seat.pos)
    state.rng = FixedRandom(0.99)
    assert X.exploration(state, 0) is False
    assert state.log == [f"knight 1 makes the exploration check of {place}: Repair (7), 1 die: "
                         "failed; player marker placed"]
    assert seat.marker and not seat.visited >> seat.pos & 1
    seat.marker, state.log = False, []
    state.setup = replace(state.setup, model=replace(state.setup.model, explore_skill=3))
    state.rng = FixedRandom(0.0)
    assert X.exploration(state, 0) is True
    pool = R.escape_check_pool(3, seat.knight.health)
    assert state.log[0] == (f"knight 1 makes the exploration check of {place}: Repair (7), "
                            f"{pool} dice: passed; player marker placed")
    assert state.log[1] == f"knight 1 explores {place} for the first time"


def test_a_hex_is_counted_once_specials_and_cities_apart():
    """The records: a special hex or a city explored for the first time, counted once."""
    state = explore_at(12)  # Rusty's Garden: no check
    seat = fresh(state)
    seat.stats[F["specials"]], seat.stats[F["cities"]] = 1, 1
    seat.visited |= 1 << state.tables.start  # Gangraen explored before
    before = seat.visited
    X.exploration(state, 0)
    X.exploration(state, 0)
    assert seat.visited == before | 1 << seat.pos
    assert (seat.stats[F["specials"]], seat.stats[F["cities"]]) == (2, 1)
    city = explore_at(2)  # Pumps
    seat = fresh(city)
    seat.stats[F["specials"]], seat.stats[F["cities"]] = 1, 1
    X.exploration(city, 0)
    assert (seat.stats[F["specials"]], seat.stats[F["cities"]]) == (1, 2)


def test_the_common_task_and_accomplish_one_task():
    """Exploration Step: "Accomplish 1 task": the common task explored here is accomplished
    (+2 Reputation, a blue card cashed for +1 Reputation and a red card), counted once more; the
    new common task is another hex; a private task finishing here waits for another step."""
    state = explore_at(12)
    seat = fresh(state)
    p = seat.pos
    other = state.tables.start
    state.tables = replace(state.tables, specials=(p, other))  # two hexes a task can name
    state.task_hex, state.rng = p, FixedRandom(0.0)
    seat.stats[F["tasks"]], seat.red, seat.rep = 1, 2, 0
    state.tasks = [T.Task(5, p, "talk", holder=0)]
    X.exploration(state, 0)
    assert (seat.stats[F["tasks"]], seat.red, seat.rep) == (2, 3, 3)
    assert state.task_hex == other and state.tasks[0].holder == 0
    assert any(line.startswith("knight 1 accomplishes the common task (+2 Reputation")
               for line in state.log)


@pytest.mark.parametrize("number, action, vdamage, after", [
    (1, A.RESUPPLY_SUPPLIES, 1, 0),   # "Additionally, his vehicle is repaired"
    (1, A.RESUPPLY_HEAL, 1, 1),       # healing repairs nothing
    (12, A.FUEL, 1, 0),               # Rusty's Garden: "+3 Fuel and repair your vehicle"
    (9, A.FUEL, 1, 1),                # Old Refinery: Fuel only
    (1, A.RESUPPLY_SUPPLIES, 2, 2),   # a wreck is back in the pool: nothing to repair
])
def test_which_actions_repair_the_vehicle(number, action, vdamage, after):
    state = explore_at(number)
    seat = state.seats[0]
    seat.vdamage, seat.green = vdamage, 2
    X.exploration_action(state, 0, seat, action)
    assert seat.vdamage == after


def test_no_vehicle_no_fuel_after_a_resupply_and_the_log():
    """Vehicles: a knight without a vehicle keeps no Fuel; the resupply's other dials hold."""
    state = explore_at(1)
    seat = state.seats[0]
    seat.vdamage, seat.knight, seat.green = 2, R.Knight(0, 3, 1, 2), 2
    state.log = []
    X.exploration_action(state, 0, seat, A.RESUPPLY_SUPPLIES)
    assert seat.knight == R.Knight(0, 3, 1, 4) and seat.green == 1
    assert state.log == [f"knight 1: {changes(R.Knight(0, 3, 1, 2), seat.knight, 2, 1)}"]
    garden = explore_at(12)  # Rusty's Garden: "+3 Fuel", none kept without a vehicle
    seat = garden.seats[0]
    seat.vdamage, seat.knight = 2, R.Knight(0, 3, 1, 2)
    X.exploration_action(garden, 0, seat, A.FUEL)
    assert seat.knight == R.Knight(0, 3, 1, 2)


def test_special_actions_their_target_and_refusals():
    """A special action without a target; an unknown target hex is refused; each refusal names
    the knight and the action."""
    state = explore_at(3)
    seat = state.seats[0]
    state.log = []
    X.exploration_action(state, 0, seat, A.LUCK_CARDS)
    assert state.log[0].startswith("knight 1 draws 2 luck cards")
    tomb = explore_at(7)
    with pytest.raises(IllegalAction) as err:
        X.exploration_action(tomb, 0, tomb.seats[0], A.RED_TOMB, "Z99")
    assert str(err.value) == "knight 1 cannot perform red_tomb on Z99 here"
    g = explore_at(1)
    g.seats[0].green = 0
    with pytest.raises(IllegalAction) as err:
        X.exploration_action(g, 0, g.seats[0], A.GANGRAEN_ROLL)
    assert str(err.value) == "knight 1 cannot perform gangraen_roll here"
    with pytest.raises(IllegalAction) as err:
        X.exploration_action(g, 0, g.seats[0], A.FUEL)
    assert str(err.value) == ("knight 1: Gangraen offers no fuel action to a knight with 0 green "
                              "gear cards")
    sand = explore_at(14)
    own = sand.tables.tile[sand.seats[0].pos]
    assert all(a.target != own for a in X.explore_choices(sand, 0, sand.seats[0]))


def test_the_trade_action_moves_the_cards_and_says_so():
    """Trade Action: Offer, Choice, Deal: in New Sydney 1 yellow card buys the red card on its
    special space; the knight's other cards stay."""
    state = explore_at(4)
    seat = state.seats[0]
    seat.green, seat.yellow, seat.red = 1, 2, 1
    assert X.has_deal(state, seat)
    state.log = []
    X.exploration_action(state, 0, seat, A.TRADE)
    assert (seat.green, seat.yellow, seat.red) == (1, 1, 2)
    assert state.log == ["knight 1 trades with the Stalls: 1 yellow for 1 red"]


def test_the_trade_action_without_a_deal_and_for_a_vehicle():
    state = explore_at(2)  # Pumps, a knight with nothing the Stalls want
    seat = state.seats[0]
    seat.green, seat.yellow, seat.red = 0, 0, 0
    assert not X.has_deal(state, seat)
    state.log = []
    X.exploration_action(state, 0, seat, A.TRADE)
    assert state.log == ["knight 1 trades nothing with the Stalls"]
    seat.vdamage, seat.yellow = 2, 1
    assert X.has_deal(state, seat)
    state.log = []
    X.exploration_action(state, 0, seat, A.TRADE)
    assert state.log == ["knight 1 trades gear cards for a vehicle from the Vehicle Pool"]
    seat.vdamage, seat.yellow, state.log = 2, 1, None
    X.exploration_action(state, 0, seat, A.TRADE)  # no log: no line
    assert seat.vdamage == 0
    tomb = explore_at(7)
    with pytest.raises(IllegalAction) as err:
        X._trade(tomb, 0, tomb.seats[0])
    assert str(err.value) == "knight 1: no Stalls to trade with on this hex"


def test_quick_resupply_spends_one_luck_card_and_says_so():
    """Rest Step c): "discard up to 1 luck card" for its resource icon."""
    state = explore_at(12)
    seat = state.seats[0]
    seat.luck, seat.knight = [0, 3, 0, 0], K
    state.log = []
    X.quick_resupply(state, 0, seat, R.LuckIcon.HEALTH)
    assert seat.luck == [0, 2, 0, 0] and seat.knight == R.Knight(2, 4, 1, 2)
    assert state.log == [f"knight 1: {changes(K, seat.knight)}"]
    with pytest.raises(IllegalAction) as err:
        X.quick_resupply(state, 0, seat, R.LuckIcon.AMMO)
    assert str(err.value) == f"knight 1 holds no {R.LuckIcon.AMMO} luck card"
    with pytest.raises(IllegalAction):
        X.quick_resupply(state, 0, seat, "banana")  # type: ignore[arg-type]
