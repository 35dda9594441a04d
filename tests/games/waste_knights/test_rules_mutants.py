"""Waste Knights' rules module, clause by clause (rules.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: No Healing at its first
Radiation level, the special hexes' healing, every dial a rule leaves alone (non-default values,
so a dial dropped to its default shows), Movement Points with bonuses and no Fuel, routes on and
off the board, and every refusal's whole line.
"""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R

K = R.Knight(fuel=2, health=3, radiation=1, ammo=2)  # no dial at its default


def test_no_healing_from_radiation_3():
    """Radiation: "No Healing: A knight cannot heal Health until he lowers (heals) his Radiation
    level" (from 3 Radiation, docs/assumptions.md): city option, Cerbero Pharmaceuticals."""
    at3, at2 = R.Knight(2, 2, 3, 2), R.Knight(2, 2, 2, 2)
    assert not R.can_heal_health(at3) and R.can_heal_health(at2)
    assert R.apply_city_option(at3, R.CityOption.HEAL_HEALTH) == at3
    assert R.apply_city_option(at2, R.CityOption.HEAL_HEALTH) == R.Knight(2, 3, 2, 2)
    pharma = R.HEX_RULES[8]
    assert R.perform_exploration_action(at3, 0, pharma, R.ExplorationAction.HEAL_HEALTH) \
        == (at3, 0)
    healed = R.perform_exploration_action(R.Knight(2, 1, 2, 2), 0, pharma,
                                          R.ExplorationAction.HEAL_HEALTH)
    assert healed == (R.Knight(2, 4, 2, 2), 0)


def test_cerbero_biolabs_heals_three_radiation():
    """Cerbero Biolabs [6]: "S: heal 3 Radiation" (Fuel, Health and Ammo stay)."""
    biolabs = R.HEX_RULES[6]
    assert R.perform_exploration_action(R.Knight(2, 3, 3, 2), 1, biolabs,
                                        R.ExplorationAction.HEAL_RADIATION) \
        == (R.Knight(2, 3, 0, 2), 1)
    assert R.perform_exploration_action(K, 1, biolabs, R.ExplorationAction.HEAL_RADIATION) \
        == (R.Knight(2, 3, 0, 2), 1)


def test_rules_leave_the_other_dials_alone():
    """Each rule changes only its own dial: a failed escape Health, a vehicle move Fuel, the
    game board's icons Radiation and Health, the wrench resupply Ammo and Fuel."""
    assert R.escape_failed(K, False) == R.Knight(2, 2, 1, 2)
    assert R.escape_failed(K, True) == R.Knight(2, 1, 1, 2)
    assert R.resolve_vehicle_move(K, 4, 4) == (R.Knight(1, 3, 1, 2), 1)
    assert R.game_board_effects(K, 1, 1) == R.Knight(2, 2, 2, 2)
    assert R.resupply_supplies(R.Knight(0, 3, 1, 0)) == R.Knight(4, 3, 1, 4)
    assert R.perform_exploration_action(K, 0, R.HEX_RULES[9], R.ExplorationAction.FUEL) \
        == (R.Knight(4, 3, 1, 2), 0)


def test_game_board_effects_take_a_city_option_or_a_chooser():
    """Waster Step b): "a knight on a city hex can choose one option" after the icons."""
    assert R.game_board_effects(K, 0, 0, R.CityOption.FUEL) == R.Knight(3, 3, 1, 2)
    assert R.game_board_effects(K, 0, 0, lambda k: R.CityOption.AMMO) == R.Knight(2, 3, 1, 3)


def test_movement_points_with_bonuses_and_without_fuel():
    """Plan Route: "The vehicle speed determines how many Movement Points a given vehicle provides
    for each Fuel level spent"; Speed Record: "Road Map increases the sum of Movement Points by 1"
    - only when Fuel is spent (no Fuel, no vehicle move)."""
    assert R.movement_points(0, 4, flat_bonus=1) == 0
    assert R.movement_points(1, 4, flat_bonus=1) == 5
    assert R.movement_points(2, 0) == 0  # a speed of 0 is not negative
    assert R.movement_points(3, 4, per_fuel_bonus=1, flat_bonus=1) == 16  # the example's 16 MP
    with pytest.raises(PnpError) as err:
        R.movement_points(-1, 4)
    assert str(err.value) == "field 'fuel': Fuel spent and vehicle speed cannot be negative"
    with pytest.raises(PnpError):
        R.movement_points(1, -1)


def test_fuel_for_a_move_counts_the_bonuses():
    """Speed Record: Mel's "+1 Movement Point for each 1 Fuel spent" and Road Map's +1: 16 MP
    at speed 4 for 3 Fuel; without the bonuses it would take 4. A route of unknown length is
    not taken for a one-hex move."""
    assert R.vehicle_move_fuel(16, 3, 4, per_fuel_bonus=1, flat_bonus=1) == 3
    assert R.vehicle_move_fuel(10, 2, 4, per_fuel_bonus=1) == 2
    assert R.vehicle_move_fuel(9, 2, 4, flat_bonus=1) == 2
    assert R.vehicle_move_fuel(9, 1, 4) is None
    assert R.vehicle_move_fuel(9, 1, 4, hexes=1) == 1  # "at least 1 Fuel ... any adjacent hex"


@pytest.mark.parametrize("call, line", [
    (lambda: R.fuel_needed(4, 0), "field 'speed': a vehicle needs a positive speed, got 0"),
    (lambda: R.resolve_vehicle_move(R.Knight(fuel=1), 9, 4),
     "field 'fuel': a route of 9 Movement Points needs more than 1 Fuel at speed 4"),
    (lambda: R.validate_route((0, 0), [(1, 0), (3, 0)]),
     "field 'route': route hex 2 (3, 0) is not adjacent to (1, 0) (no jumping)"),
    (lambda: R.perform_exploration_action(K, 0, R.HEX_RULES[1], R.ExplorationAction.FUEL),
     "field 'action': Gangraen offers no fuel action to a knight with 0 green gear cards"),
])
def test_every_refusal_names_its_field_and_says_why(call, line):
    with pytest.raises(PnpError) as err:
        call()
    assert str(err.value) == line


def test_routes_on_the_board_and_off_it():
    """Plan Route: the route's hexes are board hexes; the first hex of a route is hex 1."""
    board = {(0, 0), (1, 0), (2, 0)}.__contains__
    assert R.route_problem((0, 0), [(1, 0), (2, 0)], board) is None
    assert R.route_problem((0, 0), [(1, 0), (2, -1)], board) \
        == "route hex 2 (2, -1) is not on the board"
    assert R.route_problem((0, 0), [(0, 1)], board) == "route hex 1 (0, 1) is not on the board"
    assert R.foot_route_problem((0, 0), [(0, 1)], board) \
        == "route hex 1 (0, 1) is not on the board"
    with pytest.raises(PnpError, match="not on the board"):
        R.validate_route((0, 0), [(0, 1)], board)
