"""The Exploration Step and the Rest Step of a round, on a ``TourState``.

Pure core (split from ``state`` to keep modules small): Exploration Check, Hex Activities
(a task, an exploration action, trading a wrecked vehicle), Quick Resupply, Regain Consciousness.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.errors import PnpError
from pnp.games.api import IllegalAction
from pnp.games.waste_knights import actions as A
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import specials as SP
from pnp.games.waste_knights import stalls as S
from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.narrate import changes, dials, hex_name
from pnp.games.waste_knights.tour import SPECIAL_HEX, Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState

_F = {name: i for i, name in enumerate(FIELDS)}
_SPECIALS, _CITIES, _TASKS = _F["specials"], _F["cities"], _F["tasks"]
#: Speed Record example: the first knight to fulfil a common task "gains the blue gear card
#: Muscle Car ... and 2 Reputation"; Blue Gear Cards: removed "when he gains it" for "+1
#: Reputation and draw 1 red gear card" (the knight always does: docs/assumptions.md).
TASK_REPUTATION, BLUE_REPUTATION = 2, 1
_A = R.ExplorationAction
#: Green gear cards a knight keeps for resupplies: the dearest resupply costs 2 (Queen's Valley).
NEED_GREEN = 2
_REPAIRS = (_A.RESUPPLY_SUPPLIES, _A.RESUPPLY_BOTH)


# --- Exploration Step ---------------------------------------------------------------------

def exploration(state: TourState, s: int) -> bool:
    """Exploration Check (if required) and the task; True when an action can follow."""
    seat, t = state.seats[s], state.tables
    p = seat.pos
    rule = t.rules[p]
    if seat.ko or rule is None or seat.skip:  # Car Wreck: "she will skip the Exploration Step"
        return False
    log = state.log
    if R.needs_exploration_check(rule, seat.marker):
        seat.marker = True  # "No matter the check result"
        pool = R.escape_check_pool(state.setup.model.explore_skill, seat.knight.health)
        passed = R.check_passed_draw(state.rng.random(), pool, rule.check_difficulty)
        if log is not None:
            name = rule.check_skill.value.capitalize() if rule.check_skill else ""
            log.append(f"knight {s + 1} makes the exploration check of {hex_name(t, p)}: "
                       f"{name} ({rule.check_difficulty}), {pool} "
                       f"{'die' if pool == 1 else 'dice'}: "
                       f"{'passed' if passed else 'failed'}; player marker placed")
        if not passed:
            return False
    if not seat.visited >> p & 1:
        seat.visited |= 1 << p
        seat.stats[_SPECIALS if t.kind[p] == SPECIAL_HEX else _CITIES] += 1
        if log is not None:
            log.append(f"knight {s + 1} explores {hex_name(t, p)} for the first time")
    common = p == state.task_hex
    if common:  # the common task goes to the first knight to explore its hex
        seat.stats[_TASKS] += 1
        seat.rep += TASK_REPUTATION + BLUE_REPUTATION
        seat.red += 1
        state.task_hex, state.task_marks = state.draw_task(done=p), 0
        if log is not None:
            log.append(f"knight {s + 1} accomplishes the common task (+{TASK_REPUTATION} "
                       f"Reputation, a blue gear card removed for +{BLUE_REPUTATION} Reputation "
                       f"and a red gear card); new common task: {T.common_text(state)}")
    T.explore(state, s, accomplished=common)  # "Accept 1 task", "Accomplish 1 task"
    return bool(exploration_actions(state, seat))


def can_trade(state: TourState, seat: Seat) -> bool:
    """Trade Action with the Stalls: "available only in city hexes" (with the Stalls laid out)."""
    rule = state.tables.rules[seat.pos]
    return rule is not None and rule.trade and bool(state.setup.stalls)


def exploration_actions(state: TourState, seat: Seat) -> tuple[R.ExplorationAction, ...]:
    """The hex's exploration actions the knight can pay for, the Trade Action among them."""
    rule = state.tables.rules[seat.pos]
    assert rule is not None
    acts = R.exploration_actions(rule, seat.green) + SP.available(state, seat)
    return acts + (_A.TRADE,) if can_trade(state, seat) else acts


def explore_choices(state: TourState, s: int, seat: Seat) -> tuple[A.Explore, ...]:
    """Every exploration action as the knight's decision, targeted ones once per hex."""
    tile = state.tables.tile
    out: list[A.Explore] = []
    for a in exploration_actions(state, seat):
        if a in SP.TARGETED:
            out += [A.Explore(s, a, tile[j]) for j in SP.targets(state, seat, a)]
        else:
            out.append(A.Explore(s, a))
    return tuple(out)


def trade_deal(state: TourState, seat: Seat) -> tuple[dict, tuple[int, ...]] | None:
    """The deal a knight makes with the Stalls here (``stalls.best_deal``), None for none."""
    if not can_trade(state, seat):
        return None
    rule = state.tables.rules[seat.pos]
    assert rule is not None
    have = {"green": seat.green, "yellow": seat.yellow, "red": seat.red}
    return S.best_deal(state.setup.stalls, state.stalls, rule.name, have, NEED_GREEN)


def has_deal(state: TourState, seat: Seat) -> bool:
    """Whether the Trade Action here would make a deal: a vehicle from the pool for a knight
    without one, else ``trade_deal``."""
    if not can_trade(state, seat):
        return False
    return TR.vehicle_price(seat) is not None or trade_deal(state, seat) is not None


def _trade(state: TourState, s: int, seat: Seat) -> None:
    """Offer, Choice, Deal, Refill the Stalls (decks of gear are unlimited in the model).
    Trading Vehicles: a knight without a vehicle takes one from the Vehicle Pool."""
    if not can_trade(state, seat):
        raise IllegalAction(f"knight {s + 1}: no Stalls to trade with on this hex")
    if TR.buy_vehicle(seat):
        if state.log is not None:
            state.log.append(f"knight {s + 1} trades gear cards for a vehicle from the Vehicle "
                             "Pool")
        return
    deal = trade_deal(state, seat)
    if deal is None:
        if state.log is not None:
            state.log.append(f"knight {s + 1} trades nothing with the Stalls")
        return
    offer, chosen = deal
    rule = state.tables.rules[seat.pos]
    assert rule is not None
    spaces = state.setup.stalls
    after, gained = S.trade(spaces, state.stalls, rule.name, offer, chosen)
    state.stalls = S.refill(spaces, after, dict.fromkeys(S.COLOURS))[0]
    seat.green += gained["green"] - offer.get("green", 0)
    seat.yellow += gained["yellow"] - offer.get("yellow", 0)
    seat.red += gained["red"] - offer.get("red", 0)
    if state.log is not None:
        state.log.append(f"knight {s + 1} trades with the Stalls: "
                         f"{_cards(offer)} for {_cards(gained)}")


def _cards(counts: dict) -> str:
    return ", ".join(f"{n} {c}" for c, n in counts.items() if n) or "nothing"


def exploration_action(state: TourState, s: int, seat: Seat,
                       action: R.ExplorationAction | None, target: str = "") -> None:
    """Perform 1 exploration action (the rules refuse one the hex does not offer)."""
    if action is None:
        return
    if action is _A.TRADE:
        _trade(state, s, seat)
        return
    rule = state.tables.rules[seat.pos]
    assert rule is not None
    if action in rule.specials:
        j = state.tables.index.get(target, -2) if target else -1
        if (action, j) not in SP.choices(state, seat):
            raise IllegalAction(f"knight {s + 1} cannot perform {action.value}"
                                + (f" on {target}" if target else "") + " here")
        line = SP.perform(state, s, seat, action, j)
        if state.log is not None:
            state.log.append(f"knight {s + 1} {line}")
        return
    before, green = seat.knight, seat.green
    try:  # the rules refuse an action the hex does not offer or the knight cannot pay for
        seat.knight, seat.green = R.perform_exploration_action(before, green, rule, action)
    except PnpError as exc:
        raise IllegalAction(f"knight {s + 1}: {exc.message}") from None
    # The wrench resupply "Additionally, his vehicle is repaired"; Rusty's Garden: "+3 Fuel and
    # repair your vehicle" (a wrecked one is back in the pool: nothing to repair).
    if seat.vdamage == 1 and (action in _REPAIRS or (action is _A.FUEL and rule.number == 12)):
        seat.vdamage = 0
    if seat.vdamage >= W.WRECKED and seat.knight.fuel:  # no vehicle, no Fuel (Vehicles)
        k = seat.knight
        seat.knight = R.Knight(0, k.health, k.radiation, k.ammo)
    if state.log is not None:
        state.log.append(f"knight {s + 1}: {changes(before, seat.knight, green, seat.green)}")


# --- Rest Step ----------------------------------------------------------------------------

def quick_resupply(state: TourState, s: int, seat: Seat, icon: R.LuckIcon | None) -> None:
    """Rest Step c): discard up to 1 luck card for its resource icon."""
    if icon is None:
        return
    i = R.LUCK_ICONS.index(icon) if isinstance(icon, R.LuckIcon) else -1
    if i < 0 or not seat.luck[i]:
        raise IllegalAction(f"knight {s + 1} holds no {icon} luck card")
    seat.luck[i] -= 1
    before = seat.knight
    seat.knight = R.quick_resupply(seat.knight, icon)
    if state.log is not None:
        state.log.append(f"knight {s + 1}: {changes(before, seat.knight)}")


def regain_consciousness(state: TourState) -> None:
    """Rest Step d): the nearest city, heal 2 on the K.O. dial, lose 1 Ammo and 1 Fuel."""
    t = state.tables
    for s, seat in enumerate(state.seats):
        if seat.ko:
            seat.pos = t.nearest_city[seat.pos]
            seat.knight = R.regain_consciousness(seat.knight)
            seat.ko = seat.marker = False
            if state.log is not None:
                state.log.append(f"knight {s + 1} regains consciousness in "
                                 f"{hex_name(t, seat.pos)}: {dials(seat.knight)}")
