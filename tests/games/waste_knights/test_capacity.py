"""Radiation's "No Healing" and where a knight keeps his gear cards (Knight Sheet, Vehicles)."""

from __future__ import annotations

import random

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.bots import HeuristicKnight
from pnp.games.waste_knights.data import vehicle_capacities
from pnp.games.waste_knights.tour import Seat

from .test_knights import seat
from .tour_helpers import SPEEDS, flat_board, quiet_deck

X = R.ExplorationAction


def test_no_healing_stops_health_healing_until_radiation_drops():
    """Radiation: "No Healing: A knight cannot heal Health until he lowers (heals) his Radiation
    level" (the icon from Radiation 3, docs/assumptions.md)."""
    hot = R.Knight(health=2, radiation=R.NO_HEALING)
    assert not R.can_heal_health(hot) and R.can_heal_health(R.Knight(radiation=2))
    assert R.apply_city_option(hot, R.CityOption.HEAL_HEALTH).health == 2
    # Luck Cards: "Effects of discarding luck cards for resources cannot be ignored or negated".
    assert R.quick_resupply(hot, R.LuckIcon.HEALTH).health == 3
    pharma = R.HEX_RULES[8]  # Cerbero Pharmaceuticals: "S: heal 3 Health"
    assert R.perform_exploration_action(hot, 0, pharma, X.HEAL_HEALTH)[0].health == 2
    cooled = R.apply_city_option(hot, R.CityOption.HEAL_RADIATION)
    assert R.apply_city_option(cooled, R.CityOption.HEAL_HEALTH).health == 3
    # The city resupply "fully heals Radiation and Health": Radiation first, then Health.
    assert R.resupply_heal(hot) == R.Knight(health=4, radiation=0)


def test_the_heuristic_knight_cools_down_before_healing_health():
    hot = seat(knight=R.Knight(health=2, radiation=3), luck=[0, 1, 1, 0])
    assert HeuristicKnight.quick_resupply(hot) is R.LuckIcon.RADIATION
    assert HeuristicKnight.exploration_action(R.HEX_RULES[8], hot) is not X.HEAL_HEALTH


def test_gear_room_pockets_backpack_and_the_vehicles_capacity():
    """Knight Sheet: "3 pocket panels holding up to 3 gear cards", a backpack of "usually 3";
    Vehicles: "If a vehicle suffers Vehicle Damage and its new Capacity is less than the number
    of gear cards currently stored in this vehicle, the Waster immediately chooses and discards
    all gear cards exceeding the vehicle's new Capacity" (the cheapest cards ride in the
    vehicle)."""
    caps = vehicle_capacities()
    assert set(caps) == set(SPEEDS) and all(d <= f for f, d in caps.values())
    s: Seat = seat(green=5, yellow=2, red=2, cap=(2, 1))  # 9 cards, room 3 + 3 + 2
    assert W.gear_room(s) == 8
    W.fit_gear(s)
    assert (s.green, s.yellow, s.red) == (4, 2, 2)
    W.damage_vehicle(s)  # room 7: the Waster discards 1 card from the vehicle
    W.fit_gear(s)
    assert (s.green, s.yellow, s.red) == (3, 2, 2)
    W.damage_vehicle(s)  # wrecked: the vehicle and what it stored are gone
    W.fit_gear(s)
    assert (s.green, s.yellow, s.red) == (2, 2, 2) and s.knight.fuel == 0
    free = seat(green=20)  # no capacities set up: no limits
    W.fit_gear(free)
    assert free.green == 20


def test_games_keep_gear_within_its_places():
    from pnp.games.waste_knights.bots import BOTS
    from pnp.games.waste_knights.data import stalls_spaces
    from pnp.games.waste_knights.simulate import tour_setup
    from pnp.games.waste_knights.state import TourState

    setup = tour_setup(flat_board(1), SPEEDS, 3, ["strider"], ["heuristic"], 10,
                       deck=quiet_deck(), stalls=stalls_spaces(), capacities=vehicle_capacities())
    state = TourState(setup, random.Random(3))
    bot, rng = BOTS["heuristic"](setup, 0), random.Random(3)
    while not state.is_over():
        state.apply(bot.choose(state, rng))
        assert all(s.green + s.yellow + s.red <= W.gear_room(s) for s in state.seats)


def test_capacity_data_is_checked(monkeypatch):
    from pnp.games.waste_knights import data

    monkeypatch.setattr(data, "vehicles_data",
                        lambda: {"vehicles": {"strider": {"speed": 4, "capacity": [1, 2]}}})
    with pytest.raises(PnpError, match="capacity") as err:
        data.vehicle_capacities()
    assert err.value.file == data.VEHICLES_SOURCE
