"""Waste Knights rules the board touches: routes, Fuel and Movement Points, checks, hex effects.

Pure: no IO, no drawing. Hexes are axial coordinates ``(q, r)``. Section names in docstrings are
the rulebook's (``../shared/rules/waste-knights.txt``); where the rulebook is silent the choice
is written in docs/assumptions.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from pnp.errors import PnpError
from pnp.games.waste_knights.checks import (  # noqa: F401 - the rules' names for checks
    BULLS_EYE,
    DIE_SIDES,
    check_passed,
    check_passed_draw,
    check_pool,
    check_probability,
    check_successes,
    escape_check_pool,
    roll_check,
    wound_dice,
)
from pnp.games.waste_knights.hexes import DIRECTIONS, Coord, distance

# Managing Resources: "The Fuel dial is limited to 0-4 Fuel" (same cap for Ammo, Radiation,
# Health); Game Setup: Fuel dials start at "4", Radiation at "0", Ammo and Health markers at 4.
RESOURCE_MIN = 0
RESOURCE_MAX = 4
FUEL_MAX = RESOURCE_MAX
START_FUEL = 4
START_HEALTH = 4
START_RADIATION = 0
START_AMMO = 4
#: Unconscious Knights: "Radiation dial indicates 4 Radiation and/or his Health counter 0 Health".
KO_RADIATION = 4
KO_HEALTH = 0
#: Game Setup: "4 Player Boards in 4 colors"; 2 and 3 Players variants; no solo rules.
MIN_KNIGHTS = 2
MAX_KNIGHTS = 4
#: Luck Cards: "starts the game with 3 luck cards"; "cannot exceed 5 luck cards".
START_LUCK = 3
LUCK_HAND_MAX = 5
#: Waster Step a): "If there are 3 general markers on any task card, such task becomes outdated".
TASK_OUTDATED_MARKS = 3
#: Escape the Enemy, failed: "loses 1 Health"; red gear or Reputation reward: "additionally 1".
ESCAPE_FAILED_HEALTH = 1
ESCAPE_FAILED_REWARD_HEALTH = 1
#: Radiation: the dial's window shows "No Healing" from this level ("A knight cannot heal Health
#: until he lowers (heals) his Radiation level"; the level is not printed: docs/assumptions.md).
NO_HEALING = 3
#: Knight Sheet: "3 pocket panels holding up to 3 gear cards"; "The backpack can hold a limited
#: number of gear cards (usually 3)"; a vehicle holds its Capacity (vehicles.yaml).
POCKETS, BACKPACK = 3, 3
_STEPS = frozenset(DIRECTIONS)  # the offsets to the six adjacent hexes


class Difficulty(IntEnum):
    """Making Checks: Easy (5) green, Challenging (7) yellow, Hard (9) red."""

    EASY = 5
    CHALLENGING = 7
    HARD = 9


class Skill(str, Enum):
    """The checked skills named in the rulebook (six on each knight sheet)."""

    BLADES = "blades"
    GUNS = "guns"
    MEDICINE = "medicine"
    REPAIR = "repair"
    SURVIVAL = "survival"
    TALK = "talk"


class CityOption(str, Enum):
    """Waster Step b): a knight on a city hex "can choose one option"."""

    HEAL_RADIATION = "heal_radiation"
    HEAL_HEALTH = "heal_health"
    AMMO = "ammo"
    FUEL = "fuel"


class LuckIcon(str, Enum):
    """Quick Resupply: the resource icon of a luck card (Fuel, Health, Radiation, Ammo)."""

    FUEL = "fuel"
    HEALTH = "health"
    RADIATION = "radiation"
    AMMO = "ammo"


#: The luck icons in a fixed order (a hand of luck cards is a count per icon in this order).
LUCK_ICONS: tuple[LuckIcon, ...] = tuple(LuckIcon)
_ICON_OPTION = {LuckIcon.FUEL: CityOption.FUEL, LuckIcon.HEALTH: CityOption.HEAL_HEALTH,
                LuckIcon.RADIATION: CityOption.HEAL_RADIATION, LuckIcon.AMMO: CityOption.AMMO}


class KnockOut(str, Enum):
    """Unconscious Knights: the dial or counter showing "K.O."."""

    RADIATION = "radiation"
    HEALTH = "health"


class ExplorationAction(str, Enum):
    """The exploration actions of Reference Sheet: Hexes that the tour models."""

    RESUPPLY_HEAL = "resupply_heal"
    RESUPPLY_SUPPLIES = "resupply_supplies"
    RESUPPLY_BOTH = "resupply_both"      # "+": one action gives both resupplies
    FUEL = "fuel"                        # Special Action: +N Fuel
    HEAL_RADIATION = "heal_radiation"    # Special Action: heal N Radiation
    HEAL_HEALTH = "heal_health"          # Special Action: heal N Health
    GREEN_GEAR = "green_gear"            # Special Action: +N green gear cards
    TRADE = "trade"                      # Trade Action with the Stalls (city hexes)
    # The special actions the reference sheet defines hex by hex (``specials.py``).
    GANGRAEN_ROLL = "gangraen_roll"      # Gangraen: discard 1 green, roll 1 die
    LUCK_CARDS = "luck_cards"            # Queen's Valley: draw 2 luck cards
    RED_FOR_REPUTATION = "red_for_reputation"  # Alice Offsprings: discard 1 red, +1 Reputation
    RED_TOMB = "red_tomb"                # Red Tomb: target any hex, 2 Radiation and 2 Health
    WARATA_RED = "warata_red"            # Warata Industries: lose 2 Reputation, +1 red
    WARATA_YELLOW = "warata_yellow"      # ... or +2 yellow gear cards
    YELLOW_GEAR = "yellow_gear"          # Cerbero Tower: +1 yellow gear card (or +2 green)
    REDOUBT = "redoubt"                  # Kosciusko's Redoubt: a card under the Waster marker
    SANDPIERCER = "sandpiercer"          # Sandpiercer: discard 1 green, place the marker


# --- geometry and route planning -------------------------------------------------------------

def is_adjacent(a: Coord, b: Coord) -> bool:
    """True when two hexes share an edge."""
    return (b[0] - a[0], b[1] - a[1]) in _STEPS


def route_problem(start: Coord, route: Sequence[Coord],
                  on_board: Callable[[Coord], bool] | None = None) -> str | None:
    """Why a planned route breaks Plan Route's rules, or None when it is legal.

    "The route cannot go through the same hex more than once nor through the hex where the
    movement starts"; "Hexes of the route must form an unbroken chain of adjacent hexes";
    "The planned route can be of any length" (an empty route is not moving at all).
    """
    first = prev = (start[0], start[1])
    seen = {first}
    for i, hex_ in enumerate(route, 1):
        step = (hex_[0], hex_[1])
        if on_board is not None and not on_board(step):
            return f"route hex {i} {step} is not on the board"
        if step == first:
            return f"route hex {i} {step} is the hex where the movement starts"
        if step in seen:
            return f"route hex {i} {step} is entered twice"
        if not is_adjacent(prev, step):
            return f"route hex {i} {step} is not adjacent to {prev} (no jumping)"
        seen.add(step)
        prev = step
    return None


def foot_route_problem(start: Coord, route: Sequence[Coord],
                       on_board: Callable[[Coord], bool] | None = None) -> str | None:
    """Why a move on foot is illegal, or None: Moving on Foot, "The Active Knight always moves
    1 hex to an adjacent hex" (and spends no Fuel, so no Movement Points limit it)."""
    if len(route) != 1:
        return f"a knight on foot moves exactly 1 hex, not {len(route)}"
    return route_problem(start, route, on_board)


def validate_route(start: Coord, route: Sequence[Coord],
                   on_board: Callable[[Coord], bool] | None = None) -> None:
    """Raise PnpError when the planned route is illegal (see ``route_problem``)."""
    problem = route_problem(start, route, on_board)
    if problem is not None:
        raise PnpError(problem, field="route")


def route_cost(route: Iterable[Coord], route_difficulty: Callable[[Coord], int]) -> int:
    """Movement Points to cover a route: each entered hex costs its Route Difficulty.

    "The hex where the movement starts is ignored – the route is counted from the first hex
    marked with a route token."
    """
    return sum(route_difficulty((c[0], c[1])) for c in route)


# --- Fuel and Movement Points ----------------------------------------------------------------

def movement_points(fuel_spent: int, speed: int, *, per_fuel_bonus: int = 0,
                    flat_bonus: int = 0) -> int:
    """Movement Points from Fuel: vehicle Speed (plus per-Fuel bonuses) per Fuel, plus flat bonuses.

    Plan Route: "The vehicle speed determines how many Movement Points a given vehicle provides
    for each Fuel level spent." Bonuses model effects like Mel Gearson's ability (+1 per Fuel)
    and Road Map (+1 to the sum) from the Speed Record example.
    """
    if fuel_spent < 0 or speed < 0:
        raise PnpError("Fuel spent and vehicle speed cannot be negative", field="fuel")
    return fuel_spent * (speed + per_fuel_bonus) + (flat_bonus if fuel_spent > 0 else 0)


def fuel_needed(mp: int, speed: int, *, per_fuel_bonus: int = 0, flat_bonus: int = 0) -> int:
    """Least Fuel for a vehicle move needing ``mp`` Movement Points; at least 1.

    "When moving using a vehicle, the Active Knight must spend at least 1 Fuel no matter the
    route difficulty, possessed abilities, or card effects."
    """
    per = speed + per_fuel_bonus
    if per <= 0:
        raise PnpError(f"a vehicle needs a positive speed, got {speed}", field="speed")
    rest = max(0, mp - flat_bonus)
    return max(1, -(-rest // per))


def vehicle_move_fuel(route_mp: int, fuel: int, speed: int, *, per_fuel_bonus: int = 0,
                      flat_bonus: int = 0, hexes: int = 0) -> int | None:
    """Fuel spent on a vehicle move over a route of ``route_mp``, or None if ``fuel`` is short.

    Move Step: "with at least 1 Fuel, he can move to any hex adjacent": a one-hex route is
    always a vehicle move then, for all his Fuel when it falls short (docs/assumptions.md)."""
    need = fuel_needed(route_mp, speed, per_fuel_bonus=per_fuel_bonus, flat_bonus=flat_bonus)
    if need <= fuel:
        return need
    return fuel if hexes == 1 and fuel >= 1 else None


def hexes_covered(route_difficulties: Sequence[int], mp: int) -> int:
    """How many hexes of a route a knight enters with ``mp`` Movement Points.

    "The Active Knight cannot continue his move if he does not have enough Movement Points to
    enter the next hex of his route."
    """
    n = 0
    for d in route_difficulties:
        if d > mp:
            break
        mp -= d
        n += 1
    return n


def clamp(value: int) -> int:
    """Resource dials and counters: "Any changes above 4 and below 0 should be ignored"."""
    return RESOURCE_MIN if value < RESOURCE_MIN else RESOURCE_MAX if value > RESOURCE_MAX else value


# --- wasteland cards -------------------------------------------------------------------------

def wasteland_cards_drawn(route_threats: Iterable[int], *, on_foot: bool = False) -> int:
    """Cards the Waster reveals over a whole route: 1 plus 1 per Threat icon; on foot, exactly 1.

    Resolve Movement: "the Waster draws and reveals the top card from the wasteland deck plus 1
    additional card for each Threat icon"; Moving on Foot: "ignores all Threat icons" and "The
    Waster always reveals and plays 1 wasteland card".
    """
    return 1 if on_foot else 1 + sum(route_threats)


# --- hex effects at the Waster Step -------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Knight:
    """A knight's resource dials (Managing Resources)."""

    fuel: int = START_FUEL
    health: int = START_HEALTH
    radiation: int = START_RADIATION
    ammo: int = START_AMMO


def is_unconscious(health: int, radiation: int) -> bool:
    """Conditions of Knights: K.O. at 4 Radiation and/or 0 Health."""
    return radiation >= KO_RADIATION or health <= KO_HEALTH


def knocked_out_by(knight: Knight) -> KnockOut | None:
    """Which dial shows "K.O." (Radiation first when both do), or None if conscious."""
    if knight.radiation >= KO_RADIATION:
        return KnockOut.RADIATION
    if knight.health <= KO_HEALTH:
        return KnockOut.HEALTH
    return None


def game_board_effects(knight: Knight, radiation_icons: int, contamination_icons: int,
                       city_option: CityOption | Callable[[Knight], CityOption] | None = None,
                       ) -> Knight:
    """Waster Step b), in order: 1 Radiation per Radiation icon, 1 Health per contamination icon,
    then (on a city hex) one free option. Route hexes never count, only the hex a knight is on.
    """
    # city_option may be a chooser: a knight picks knowing his dials after the icons, and one
    # the icons knocked out picks nothing.
    rad = clamp(knight.radiation + radiation_icons)
    health = clamp(knight.health - contamination_icons)
    k = Knight(knight.fuel, health, rad, knight.ammo)
    if city_option is not None and not is_unconscious(health, rad):
        option = city_option if isinstance(city_option, CityOption) else city_option(k)
        k = apply_city_option(k, option)
    return k


def can_heal_health(knight: Knight) -> bool:
    """Radiation: "No Healing: A knight cannot heal Health until he lowers (heals) his Radiation
    level" (from ``NO_HEALING`` Radiation)."""
    return knight.radiation < NO_HEALING


def apply_city_option(knight: Knight, option: CityOption) -> Knight:
    """"heal 1 Radiation / heal 1 Health / gain +1 Ammo / gain +1 Fuel" (No Healing holds)."""
    f, h, r, a = knight.fuel, knight.health, knight.radiation, knight.ammo
    if option is CityOption.HEAL_RADIATION:
        r = clamp(r - 1)
    elif option is CityOption.HEAL_HEALTH:
        if r < NO_HEALING:
            h = clamp(h + 1)
    elif option is CityOption.AMMO:
        a = clamp(a + 1)
    else:
        f = clamp(f + 1)
    return Knight(f, h, r, a)


def resupply_heal(knight: Knight) -> Knight:
    """City resupply icon: "fully heals Radiation and Health" (0 Radiation, 4 Health): Radiation
    first, so No Healing never stops it."""
    return Knight(knight.fuel, RESOURCE_MAX, RESOURCE_MIN, knight.ammo)


def resupply_supplies(knight: Knight) -> Knight:
    """Wrench resupply icon: "fully regains Ammo and Fuel" (4 Ammo, 4 Fuel) and repairs."""
    return Knight(RESOURCE_MAX, knight.health, knight.radiation, RESOURCE_MAX)


def quick_resupply(knight: Knight, icon: LuckIcon) -> Knight:
    """Rest Step c): a discarded luck card gives +1 Ammo / +1 Fuel or heals 1 Radiation / Health.
    No Healing does not stop it: "Effects of discarding luck cards for resources cannot be
    ignored or negated" (Luck Cards)."""
    if icon is LuckIcon.HEALTH:
        return Knight(knight.fuel, clamp(knight.health + 1), knight.radiation, knight.ammo)
    return apply_city_option(knight, _ICON_OPTION[icon])


def regain_consciousness(knight: Knight) -> Knight:
    """Rest Step d): heal 2 on the dial showing K.O., then lose 1 Ammo and 1 Fuel (if able).
    No Healing does not stop it: a knight it stopped would never wake (docs/assumptions.md)."""
    h, r = knight.health, knight.radiation
    if h <= KO_HEALTH:
        h = clamp(h + 2)
    if r >= KO_RADIATION:
        r = clamp(r - 2)
    return Knight(clamp(knight.fuel - 1), h, r, clamp(knight.ammo - 1))


def nearest_city(coord: Coord, cities: Sequence[Coord]) -> Coord:
    """Regaining Consciousness: "the nearest city hex" in hexes (ties: the first listed)."""
    # "if two city hexes are in the same distance, the Waster chooses"; min keeps the first.
    return min(cities, key=lambda c: distance(coord, c))


# --- Move Step: resolving a vehicle move and wasteland cards ---------------------------------

def resolve_vehicle_move(knight: Knight, route_mp: int, speed: int, hexes: int = 0
                         ) -> tuple[Knight, int]:
    """Resolve Movement by vehicle: the knight after paying the route's Fuel, and that Fuel."""
    # "cannot continue his move if he does not have enough Movement Points" (but see above)
    spent = vehicle_move_fuel(route_mp, knight.fuel, speed, hexes=hexes)
    if spent is None:
        raise PnpError(f"a route of {route_mp} Movement Points needs more than {knight.fuel} Fuel "
                       f"at speed {speed}", field="fuel")
    return Knight(knight.fuel - spent, knight.health, knight.radiation, knight.ammo), spent


def escape_failed(knight: Knight, rewarding: bool) -> Knight:
    """Escape the Enemy, failed: lose 1 Health, 1 more if the card shows red gear or Reputation."""
    lost = ESCAPE_FAILED_HEALTH + (ESCAPE_FAILED_REWARD_HEALTH if rewarding else 0)
    return Knight(knight.fuel, clamp(knight.health - lost), knight.radiation, knight.ammo)


# --- tasks and luck cards --------------------------------------------------------------------

def task_outdated(marks: int) -> bool:
    """Waster Step a): a task card with 3 general markers is outdated and replaced."""
    return marks >= TASK_OUTDATED_MARKS


def luck_hand_full(cards: int) -> bool:
    """Draw Luck Cards: "Players can have up to 5 cards on their hands"."""
    return cards >= LUCK_HAND_MAX


# --- exploration actions of the reference sheet ----------------------------------------------

@dataclass(frozen=True)
class HexRules:
    """What the reference sheet gives a numbered hex, in the terms the tour models."""

    number: int
    name: str
    city: bool = False
    trade: bool = False
    heal: bool = False          # Resupply (heal)
    supplies: bool = False      # Resupply (Ammo, Fuel, Repair)
    both: bool = False          # "+": one action gives both resupplies; "/": one or the other
    resupply_cost: int = 0      # green gear cards discarded
    check_skill: Skill | None = None
    check_difficulty: int = 0
    fuel_gain: int = 0          # Special Action: +N Fuel
    heal_radiation: int = 0     # Special Action: heal N Radiation
    heal_health: int = 0        # Special Action: heal N Health
    green_gain: int = 1         # Special Action: +N green gear cards (most special hexes)
    specials: tuple[ExplorationAction, ...] = ()  # the hex's own special actions (specials.py)


def needs_exploration_check(rule: HexRules, marker: bool) -> bool:
    """Exploration Check: on a hex with an exploration panel, unless his player marker is there."""
    return rule.check_skill is not None and not marker


def exploration_actions(rule: HexRules, green: int) -> tuple[ExplorationAction, ...]:
    """Exploration actions a knight with ``green`` green gear cards can perform on a hex."""
    # Resupplies cost the hex's green gear cards; "+" makes them one action, "/" two.
    out: list[ExplorationAction] = []
    if (rule.heal or rule.supplies) and green >= rule.resupply_cost:
        if rule.both:
            out.append(ExplorationAction.RESUPPLY_BOTH)
        else:
            out += [ExplorationAction.RESUPPLY_HEAL, ExplorationAction.RESUPPLY_SUPPLIES]
    if rule.fuel_gain:
        out.append(ExplorationAction.FUEL)
    if rule.heal_radiation:
        out.append(ExplorationAction.HEAL_RADIATION)
    if rule.heal_health:
        out.append(ExplorationAction.HEAL_HEALTH)
    if rule.green_gain:
        out.append(ExplorationAction.GREEN_GEAR)
    return tuple(out)


def perform_exploration_action(knight: Knight, green: int, rule: HexRules,
                               action: ExplorationAction) -> tuple[Knight, int]:
    """Performing Exploration Action: the knight and his green gear cards after the action."""
    if action not in exploration_actions(rule, green):
        raise PnpError(f"{rule.name} offers no {action.value} action to a knight with {green} "
                       "green gear cards", field="action")
    A = ExplorationAction
    if action in (A.RESUPPLY_HEAL, A.RESUPPLY_SUPPLIES, A.RESUPPLY_BOTH):
        green -= rule.resupply_cost
        if action is not A.RESUPPLY_SUPPLIES:
            knight = resupply_heal(knight)
        if action is not A.RESUPPLY_HEAL:
            knight = resupply_supplies(knight)
        return knight, green
    f, h, r, a = knight.fuel, knight.health, knight.radiation, knight.ammo
    if action is A.FUEL:
        f = clamp(f + rule.fuel_gain)
    elif action is A.HEAL_RADIATION:
        r = clamp(r - rule.heal_radiation)
    elif action is A.HEAL_HEALTH:
        if r < NO_HEALING:  # No Healing
            h = clamp(h + rule.heal_health)
    else:
        green += rule.green_gain
    return Knight(f, h, r, a), green


_C = Difficulty.CHALLENGING
_X = ExplorationAction
#: Reference Sheet: Hexes, by hex number.
HEX_RULES: dict[int, HexRules] = {h.number: h for h in (
    HexRules(1, "Gangraen", city=True, trade=True, heal=True, supplies=True, resupply_cost=1,
             green_gain=0, specials=(_X.GANGRAEN_ROLL,)),
    HexRules(2, "Pumps", city=True, trade=True, heal=True, supplies=True, both=True,
             resupply_cost=1, green_gain=0),
    HexRules(3, "Queen's Valley", city=True, trade=True, heal=True, supplies=True,
             resupply_cost=2, green_gain=0, specials=(_X.LUCK_CARDS,)),
    HexRules(4, "New Sydney", city=True, trade=True, heal=True, supplies=True, both=True,
             resupply_cost=1, green_gain=0),
    HexRules(5, "Alice Offsprings", city=True, trade=True, heal=True, supplies=True,
             resupply_cost=2, green_gain=0, specials=(_X.RED_FOR_REPUTATION,)),
    HexRules(6, "Cerbero Biolabs", heal_radiation=3),
    HexRules(7, "Red Tomb", check_skill=Skill.REPAIR, check_difficulty=_C,
             specials=(_X.RED_TOMB,)),
    HexRules(8, "Cerbero Pharmaceuticals", check_skill=Skill.MEDICINE, check_difficulty=_C,
             heal_health=3),
    HexRules(9, "Old Refinery", check_skill=Skill.SURVIVAL, check_difficulty=_C, fuel_gain=4),
    HexRules(10, "Warata Industries", specials=(_X.WARATA_RED, _X.WARATA_YELLOW)),
    HexRules(11, "Cerbero Tower", green_gain=2, specials=(_X.YELLOW_GEAR,)),
    HexRules(12, "Rusty's Garden", fuel_gain=3),
    HexRules(13, "Kosciusko's Redoubt", check_skill=Skill.TALK, check_difficulty=_C, heal=True,
             supplies=True, both=True, resupply_cost=1, specials=(_X.REDOUBT,)),
    HexRules(14, "Sandpiercer", specials=(_X.SANDPIERCER,)),
)}
