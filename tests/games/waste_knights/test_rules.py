"""Waste Knights rules the board touches; rulebook examples cite their section."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.hexes import DIRECTIONS

# --- Making Checks ---------------------------------------------------------------------------

def test_naomi_vatt_pool_of_one_die():
    """Making Checks, example: Survival 2 + Prepper's Kit 1 - 2 dice for 1 Health = 1 die."""
    suffered = R.wound_dice(1)
    assert suffered == 2
    assert R.check_pool(2, gained=1, suffered=suffered) == 1
    # "Naomi rolls 1 die and gets an '8'" against the Challenging (7) exploration check.
    assert R.check_passed([8], R.Difficulty.CHALLENGING)
    assert R.HEX_RULES[9].name == "Old Refinery"
    assert R.HEX_RULES[9].check_skill is R.Skill.SURVIVAL
    assert R.HEX_RULES[9].check_difficulty == 7


def test_difficulty_levels():
    """Making Checks: Easy (5), Challenging (7), Hard (9)."""
    assert [int(d) for d in R.Difficulty] == [5, 7, 9]


@pytest.mark.parametrize("difficulty", [5, 7, 9])
def test_threshold_is_equal_or_higher(difficulty):
    """Making Checks: "results equal to or higher than the difficulty level" are successes."""
    assert R.check_passed([difficulty], difficulty)
    assert not R.check_passed([difficulty - 1], difficulty)
    assert R.check_successes([difficulty, difficulty - 1, 10], difficulty) == 2


def test_ten_always_succeeds():
    """Making Checks: "rolling a '10' means passing any check no matter its difficulty level"."""
    for difficulty in (5, 7, 9, 11, 15):
        assert R.check_passed([1, 10], difficulty)
        assert R.check_probability(1, difficulty) >= 0.1 - 1e-12
    assert not R.check_passed([9, 9], 11)


def test_never_fewer_than_one_die():
    """Making Checks: "A check dice pool cannot be less than 1 die"."""
    assert R.check_pool(1, suffered=5) == 1
    assert R.check_pool(0) == 1
    assert R.check_probability(0, 7) == R.check_probability(1, 7)
    ok, rolls = R.roll_check(random.Random(1), 0, 7)
    assert len(rolls) == 1


def test_no_upper_limit_to_the_pool():
    """Making Checks: "There is no upper limit to a check dice pool"."""
    assert R.check_pool(6, gained=3) == 9


def test_wound_markers_cost_one_die_each():
    """Managing Resources, Health: "-1 die icon: A knight rolls 1 less die in all skill checks
    for each of such icons"; healthy knights roll their full skill."""
    assert [R.wound_dice(h) for h in (4, 3, 2, 1)] == [0, 0, 1, 2]
    assert R.check_pool(3, suffered=R.wound_dice(2)) == 2


def test_check_probability_matches_dice():
    """Making Checks: passed with at least 1 success among the pool's d10s."""
    assert R.check_probability(1, 7) == pytest.approx(0.4)
    assert R.check_probability(2, 7) == pytest.approx(1 - 0.6 ** 2)
    assert R.check_probability(3, 9) == pytest.approx(1 - 0.8 ** 3)
    rng = random.Random(7)
    n = 20000
    hits = sum(R.roll_check(rng, 2, 9)[0] for _ in range(n))
    assert abs(hits / n - R.check_probability(2, 9)) < 0.02


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=1, max_size=8), st.sampled_from([5, 7, 9]))
def test_any_ten_passes_and_no_ten_needs_threshold(rolls, difficulty):
    expected = any(r >= difficulty for r in rolls)
    assert R.check_passed(rolls, difficulty) == expected
    if 10 in rolls:
        assert R.check_passed(rolls, difficulty)


# --- Fuel and Movement Points ----------------------------------------------------------------

def test_mel_gearson_heavy_duty_route_for_one_fuel():
    """Illustrated Movement Example: Heavy-duty 2 MP per Fuel, Mel's ability makes it 3; the
    whole route costs 1 Fuel."""
    assert R.movement_points(1, 2, per_fuel_bonus=1) == 3
    for route_mp in (1, 2, 3):
        assert R.fuel_needed(route_mp, 2, per_fuel_bonus=1) == 1
    assert R.fuel_needed(4, 2, per_fuel_bonus=1) == 2
    assert R.fuel_needed(3, 2) == 2  # without Mel's ability


def test_speed_record_sixteen_mp_for_three_fuel():
    """Common Tasks, Speed Record example: Strider speed 4, Mel +1 MP per Fuel, Road Map +1:
    16 Movement Points for 3 Fuel."""
    assert R.movement_points(3, 4, per_fuel_bonus=1, flat_bonus=1) == 16
    assert R.fuel_needed(16, 4, per_fuel_bonus=1, flat_bonus=1) == 3
    assert R.fuel_needed(17, 4, per_fuel_bonus=1, flat_bonus=1) == 4
    # "plans his route to Gangraen [1] through 8 adjacent hexes": round ring 1, then the centre.
    ring1 = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
    route = [(2, -2)] + ring1 + [(0, 0)]
    start = (2, -3)
    assert R.route_problem(start, route) is None and len(set(route)) == 8
    mp = R.route_cost(route, lambda c: 2)  # about 2 Movement Points a hex
    assert mp == 16
    assert R.fuel_needed(mp, 4, per_fuel_bonus=1, flat_bonus=1) == 3
    assert R.hexes_covered([2] * 8, R.movement_points(3, 4, per_fuel_bonus=1, flat_bonus=1)) == 8
    # The task: "expend at least 15 Movement Points and move through at least 6 different hexes".
    assert mp >= 15 and len(set(route)) >= 6


def test_at_least_one_fuel_per_vehicle_move():
    """Resolve Movement: "must spend at least 1 Fuel no matter the route difficulty"."""
    assert R.fuel_needed(0, 4) == 1
    assert R.fuel_needed(1, 4, per_fuel_bonus=3, flat_bonus=5) == 1
    assert R.vehicle_move_fuel(2, 0, 4) is None
    assert R.vehicle_move_fuel(2, 1, 4) == 1


def test_fuel_dial_is_zero_to_four():
    """Managing Resources, Fuel: "The Fuel dial is limited to 0-4 Fuel. Any changes above 4
    and below 0 should be ignored"."""
    assert R.FUEL_MAX == 4 and R.START_FUEL == 4
    assert R.clamp(7) == 4 and R.clamp(-2) == 0


def test_cannot_enter_a_hex_without_enough_mp():
    """Resolve Movement: "cannot continue his move if he does not have enough Movement Points
    to enter the next hex of his route"."""
    assert R.hexes_covered([2, 2, 3], 5) == 2
    assert R.hexes_covered([2, 2, 3], 7) == 3
    assert R.hexes_covered([3], 2) == 0


def test_bad_speed_is_an_error():
    """Plan Route: a vehicle provides Movement Points "for each Fuel level spent" (speed >= 1)."""
    with pytest.raises(PnpError):
        R.fuel_needed(3, 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(1, 6), st.integers(0, 2), st.integers(0, 3))
def test_fuel_needed_is_least_sufficient(mp, speed, per, flat):
    f = R.fuel_needed(mp, speed, per_fuel_bonus=per, flat_bonus=flat)
    assert f >= 1
    assert R.movement_points(f, speed, per_fuel_bonus=per, flat_bonus=flat) >= mp
    if f > 1:
        assert R.movement_points(f - 1, speed, per_fuel_bonus=per, flat_bonus=flat) < mp


# --- route planning --------------------------------------------------------------------------

def test_route_must_be_an_unbroken_chain():
    """Plan Route: "Hexes of the route must form an unbroken chain of adjacent hexes"."""
    assert R.route_problem((0, 0), [(1, 0), (2, 0), (2, 1)]) is None
    assert "adjacent" in R.route_problem((0, 0), [(1, 0), (3, 0)])
    assert "adjacent" in R.route_problem((0, 0), [(2, 0)])


def test_route_no_hex_twice():
    """Plan Route: "The route cannot go through the same hex more than once"."""
    assert "twice" in R.route_problem((0, 0), [(1, 0), (1, -1), (1, 0)])


def test_route_never_back_through_the_start_hex():
    """Plan Route: "... nor through the hex where the movement starts"."""
    assert "starts" in R.route_problem((0, 0), [(1, 0), (0, 0)])


def test_start_hex_is_ignored_in_the_cost():
    """Plan Route: "The hex where the movement starts is ignored"."""
    difficulty = {(0, 0): 9, (1, 0): 2, (2, 0): 3}
    assert R.route_cost([(1, 0), (2, 0)], difficulty.__getitem__) == 5


def test_route_off_board_and_validate_raises():
    board = {(0, 0), (1, 0)}
    assert "not on the board" in R.route_problem((0, 0), [(1, 0), (2, 0)], board.__contains__)
    with pytest.raises(PnpError):
        R.validate_route((0, 0), [(1, 0), (1, 0)])
    R.validate_route((0, 0), [])  # not moving is legal


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=10))
def test_any_walk_without_repeats_is_legal(steps):
    pos, route, seen = (0, 0), [], {(0, 0)}
    for d in steps:
        nxt = (pos[0] + DIRECTIONS[d][0], pos[1] + DIRECTIONS[d][1])
        if nxt in seen:
            break
        route.append(nxt)
        seen.add(nxt)
        pos = nxt
    assert R.route_problem((0, 0), route) is None


# --- wasteland cards -------------------------------------------------------------------------

def test_threat_icons_draw_extra_cards():
    """Resolve Movement: top card plus 1 per Threat icon along the route."""
    assert R.wasteland_cards_drawn([0, 1, 0, 2]) == 4
    assert R.wasteland_cards_drawn([]) == 1


def test_on_foot_one_card_and_no_fuel():
    """Moving on Foot: 1 adjacent hex, no Fuel, Threat icons ignored, exactly 1 card."""
    assert R.wasteland_cards_drawn([3], on_foot=True) == 1
    assert R.movement_points(0, 4) == 0


def test_on_foot_always_one_adjacent_hex():
    """Moving on Foot: "The Active Knight always moves 1 hex to an adjacent hex" and "spends no
    Fuel": legal with an empty tank, never 2 hexes, never a jump."""
    assert R.foot_route_problem((0, 0), [(1, 0)]) is None
    assert "exactly 1 hex" in R.foot_route_problem((0, 0), [(1, 0), (2, 0)])
    assert "exactly 1 hex" in R.foot_route_problem((0, 0), [])
    assert "adjacent" in R.foot_route_problem((0, 0), [(2, 0)])
    assert R.vehicle_move_fuel(2, 0, 4) is None  # the same knight could not drive one hex


# --- Waster Step and resources ---------------------------------------------------------------

def test_radiation_and_contamination_on_the_hex_stood_on():
    """Waster Step b) Game Board Effects: 1 Radiation per Radiation icon, 1 Health per
    contamination icon of the hex "with their knight markers"."""
    k = R.game_board_effects(R.Knight(), radiation_icons=2, contamination_icons=1)
    assert (k.radiation, k.health) == (2, 3)


def test_radiation_four_knocks_out():
    """Unconscious Knights: 4 Radiation and/or 0 Health."""
    k = R.game_board_effects(R.Knight(radiation=3), 1, 0, R.CityOption.HEAL_RADIATION)
    assert R.is_unconscious(k.health, k.radiation)
    assert k.radiation == 4  # an unconscious knight takes no city option
    assert R.is_unconscious(0, 0) and not R.is_unconscious(1, 3)


def test_city_free_option():
    """Waster Step b) Game Board Effects, city icon: "heal 1 Radiation / heal 1 Health /
    gain +1 Ammo / gain +1 Fuel"."""
    base = R.Knight(fuel=1, health=2, radiation=2, ammo=1)
    assert R.apply_city_option(base, R.CityOption.FUEL).fuel == 2
    assert R.apply_city_option(base, R.CityOption.HEAL_HEALTH).health == 3
    assert R.apply_city_option(base, R.CityOption.HEAL_RADIATION).radiation == 1
    assert R.apply_city_option(base, R.CityOption.AMMO).ammo == 2
    assert R.apply_city_option(R.Knight(), R.CityOption.FUEL).fuel == 4


def test_resupply_actions():
    """Performing Exploration Action / Fully Healing: 0 Radiation, 4 Health; 4 Ammo, 4 Fuel."""
    k = R.Knight(fuel=0, health=1, radiation=3, ammo=0)
    assert R.resupply_heal(k) == R.Knight(fuel=0, health=4, radiation=0, ammo=0)
    assert R.resupply_supplies(k) == R.Knight(fuel=4, health=1, radiation=3, ammo=4)


def test_regain_consciousness():
    """Regaining Consciousness: heal 2 on the K.O. dial, then lose 1 Ammo and 1 Fuel."""
    assert R.regain_consciousness(R.Knight(fuel=2, health=0, radiation=1, ammo=0)) == \
        R.Knight(fuel=1, health=2, radiation=1, ammo=0)
    assert R.regain_consciousness(R.Knight(fuel=0, health=3, radiation=4, ammo=2)) == \
        R.Knight(fuel=0, health=3, radiation=2, ammo=1)


def test_reference_sheet_hexes():
    """Reference Sheet: Hexes: 5 cities, 9 special hexes, resupply costs and exploration checks."""
    assert sum(h.city for h in R.HEX_RULES.values()) == 5
    assert len(R.HEX_RULES) == 14
    assert R.HEX_RULES[2].both and not R.HEX_RULES[1].both
    assert R.HEX_RULES[3].resupply_cost == 2
    checks = {n for n, h in R.HEX_RULES.items() if h.check_skill is not None}
    assert checks == {7, 8, 9, 13}
    assert R.HEX_RULES[9].fuel_gain == 4 and R.HEX_RULES[12].fuel_gain == 3


def test_knight_limits():
    """Game Setup: 4 player boards; the 2 and 3 Players variants; no solo rules."""
    assert (R.MIN_KNIGHTS, R.MAX_KNIGHTS) == (2, 4)


# --- rule steps of a round (the tour calls these) --------------------------------------------

def test_knocked_out_by_names_the_dial():
    """Unconscious Knights: K.O. "when his Radiation dial indicates 4 Radiation and/or his Health
    counter indicates 0 Health"."""
    assert R.knocked_out_by(R.Knight()) is None
    assert R.knocked_out_by(R.Knight(radiation=4)) is R.KnockOut.RADIATION
    assert R.knocked_out_by(R.Knight(health=0)) is R.KnockOut.HEALTH
    assert R.knocked_out_by(R.Knight(health=0, radiation=4)) is R.KnockOut.RADIATION


def test_city_option_is_chosen_after_the_icons():
    """Waster Step b): the icons are resolved first, then "If a knight is on a hex with a city
    icon, he can choose one option"; an unconscious knight "performs no activities"."""
    seen = []

    def choose(k):
        seen.append(k)
        return R.CityOption.HEAL_HEALTH

    k = R.game_board_effects(R.Knight(health=3), 1, 1, choose)
    assert seen == [R.Knight(health=2, radiation=1)] and k.health == 3
    seen.clear()
    k = R.game_board_effects(R.Knight(health=1), 0, 1, choose)
    assert seen == [] and k.health == 0


def test_quick_resupply_one_card_one_resource():
    """Rest Step c) Quick Resupply: "If the knight discards a luck card with an Ammo or Fuel icon,
    he immediately gains +1 Ammo or +1 Fuel ... Radiation or Health icon, he heals 1"."""
    k = R.Knight(fuel=1, health=2, radiation=3, ammo=0)
    assert R.quick_resupply(k, R.LuckIcon.FUEL) == R.Knight(2, 2, 3, 0)
    assert R.quick_resupply(k, R.LuckIcon.HEALTH) == R.Knight(1, 3, 3, 0)
    assert R.quick_resupply(k, R.LuckIcon.RADIATION) == R.Knight(1, 2, 2, 0)
    assert R.quick_resupply(k, R.LuckIcon.AMMO) == R.Knight(1, 2, 3, 1)
    assert R.quick_resupply(R.Knight(), R.LuckIcon.FUEL).fuel == 4  # the dial stops at 4


def test_luck_cards_start_three_hand_of_five():
    """Luck Cards: "Each knight starts the game with 3 luck cards and draws 1 card per round. The
    number of luck cards on any player's hand cannot exceed 5 luck cards"."""
    assert R.START_LUCK == 3
    assert not R.luck_hand_full(4) and R.luck_hand_full(5)
    assert len(R.LUCK_ICONS) == 4


def test_mel_gearson_move_spends_one_fuel():
    """Illustrated Movement Example: "Mel spends 1 Fuel and starts moving" (Heavy-duty 2 + his
    ability 1 = 3 Movement Points per Fuel); the dial goes down by what the route costs."""
    k, spent = R.resolve_vehicle_move(R.Knight(fuel=4), 3, 2 + 1)
    assert (k.fuel, spent) == (3, 1)
    k, spent = R.resolve_vehicle_move(R.Knight(fuel=1), 0, 4)  # "at least 1 Fuel"
    assert (k.fuel, spent) == (0, 1)
    with pytest.raises(PnpError, match="Fuel"):
        R.resolve_vehicle_move(R.Knight(fuel=1), 5, 4)
    with pytest.raises(PnpError):
        R.resolve_vehicle_move(R.Knight(fuel=0), 1, 4)


def test_with_at_least_one_fuel_an_adjacent_hex_is_always_entered():
    """Move Step: "When the Active Player starts his move with at least 1 Fuel, he can move to
    any hex adjacent to the hex where he started moving": 1 Fuel at speed 2 enters a
    difficulty-3 hex (all his Fuel spent); 2 Fuel at speed 2 enter a difficulty-5 hex for 2;
    a two-hex route keeps needing its Movement Points, and 0 Fuel never drives."""
    assert R.vehicle_move_fuel(3, 1, 2, hexes=1) == 1
    assert R.vehicle_move_fuel(5, 2, 2, hexes=1) == 2
    assert R.vehicle_move_fuel(2, 3, 2, hexes=1) == 1  # covered: only what it costs
    assert R.vehicle_move_fuel(3, 1, 2, hexes=2) is None
    assert R.vehicle_move_fuel(3, 0, 2, hexes=1) is None
    k, spent = R.resolve_vehicle_move(R.Knight(fuel=1), 3, 2, hexes=1)
    assert (k.fuel, spent) == (0, 1)


def test_furball_failed_escape_loses_two_health():
    """Enemy Cards, example: Geoffrey fails the escape check against Furball and "immediately
    loses 2 Health (as the rewards space of this enemy shows Reputation)"."""
    assert R.escape_failed(R.Knight(), rewarding=True).health == 2
    assert R.escape_failed(R.Knight(), rewarding=False).health == 3
    k = R.escape_failed(R.Knight(health=1), rewarding=True)
    assert k.health == 0 and R.knocked_out_by(k) is R.KnockOut.HEALTH


def test_task_outdated_at_three_markers():
    """Waster Step a): "If there are 3 general markers on any task card, such task becomes
    outdated"."""
    assert [R.task_outdated(m) for m in (0, 1, 2, 3)] == [False, False, False, True]


def test_exploration_check_once_while_staying():
    """Exploration Check: "No matter the check result, the Active Knight places his player marker
    on this hex. As long as he stays on this hex ... without the need to make its exploration
    check"; Old Refinery [9] needs one (Naomi Vatt's example), Gangraen none."""
    assert R.needs_exploration_check(R.HEX_RULES[9], marker=False)
    assert not R.needs_exploration_check(R.HEX_RULES[9], marker=True)
    assert not R.needs_exploration_check(R.HEX_RULES[1], marker=False)


def test_hugh_jackal_old_refinery_gains_four_fuel():
    """Private Tasks, example: "After performing the special action of Old Refinery (Hugh gains
    +4 Fuel)"; the Fuel dial stops at 4."""
    rule = R.HEX_RULES[9]
    assert R.ExplorationAction.FUEL in R.exploration_actions(rule, 0)
    k, green = R.perform_exploration_action(R.Knight(fuel=1), 0, rule, R.ExplorationAction.FUEL)
    assert (k.fuel, green) == (4, 0)


def test_resupply_actions_cost_green_gear():
    """Reference Sheet: Hexes: Pumps "+" (one action, both resupplies, 1 green gear card),
    Gangraen "/" (one or the other), Queen's Valley 2 green gear cards."""
    A = R.ExplorationAction
    assert R.exploration_actions(R.HEX_RULES[2], 1) == (A.RESUPPLY_BOTH,)
    assert R.exploration_actions(R.HEX_RULES[1], 1) == (A.RESUPPLY_HEAL, A.RESUPPLY_SUPPLIES)
    assert R.exploration_actions(R.HEX_RULES[3], 1) == ()
    hurt = R.Knight(fuel=0, health=1, radiation=3, ammo=0)
    k, green = R.perform_exploration_action(hurt, 1, R.HEX_RULES[2], A.RESUPPLY_BOTH)
    assert (k, green) == (R.Knight(4, 4, 0, 4), 0)
    k, green = R.perform_exploration_action(hurt, 2, R.HEX_RULES[1], A.RESUPPLY_HEAL)
    assert (k, green) == (R.Knight(0, 4, 0, 0), 1)
    with pytest.raises(PnpError, match="no resupply_heal"):
        R.perform_exploration_action(hurt, 1, R.HEX_RULES[3], A.RESUPPLY_HEAL)
    k, green = R.perform_exploration_action(R.Knight(), 0, R.HEX_RULES[11], A.GREEN_GEAR)
    assert green == 2  # Cerbero Tower: +2 green gear cards


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(R.HEX_RULES)), st.integers(0, 4), st.integers(0, 4),
       st.integers(0, 4), st.integers(0, 4), st.integers(0, 5))
def test_every_exploration_action_keeps_the_dials(number, f, h, r, a, green):
    """Managing Resources: dials stay 0-4; a resupply is paid for, never on credit."""
    rule = R.HEX_RULES[number]
    for action in R.exploration_actions(rule, green):
        k, g = R.perform_exploration_action(R.Knight(f, h, r, a), green, rule, action)
        assert all(0 <= v <= 4 for v in (k.fuel, k.health, k.radiation, k.ammo))
        assert g >= 0 and (g < green) == (action.value.startswith("resupply")
                                          and rule.resupply_cost > 0)


def test_check_from_one_draw_matches_the_dice():
    """Making Checks: a check passed from one uniform draw is as likely as rolling the pool."""
    for pool, difficulty in ((1, 7), (2, 9), (0, 5), (3, 7)):
        p = R.check_probability(pool, difficulty)
        assert R.check_passed_draw(p - 1e-9, pool, difficulty)
        assert not R.check_passed_draw(p, pool, difficulty)
    assert R.escape_check_pool(2, health=1) == 1  # Naomi Vatt: never fewer than 1 die
    assert R.escape_check_pool(2, health=4) == 2


def test_nearest_city_ties_to_the_first():
    """Regaining Consciousness: "placed on the nearest city hex from his current hex (if two city
    hexes are in the same distance, the Waster chooses ...)"."""
    assert R.nearest_city((2, 0), [(0, 0), (3, 0)]) == (3, 0)
    assert R.nearest_city((1, 0), [(0, 0), (2, 0)]) == (0, 0)
    assert R.nearest_city((1, 0), [(2, 0), (0, 0)]) == (2, 0)


def test_adjacent_hexes_are_those_at_distance_one():
    """Plan Route: "an unbroken chain of adjacent hexes": adjacency is hex distance 1."""
    from pnp.games.waste_knights.hexes import board_coords, distance
    for a in board_coords():
        for b in board_coords():
            assert R.is_adjacent(a, b) == (distance(a, b) == 1)
