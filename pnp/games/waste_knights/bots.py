"""Tour bots: the decisions of knights and the Waster, separate from the rules they play by.

Pure core. A knight bot answers four questions (city option, route, exploration action, luck
card for Quick Resupply); ``rules`` says what each answer does. ``HeuristicKnight`` and
``RandomKnight`` share that interface; docs/assumptions.md describes both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.tour import CITY_HEX, SPECIAL_HEX, Policy, Seat, Tables

#: Score lost by a destination that would leave the heuristic knight with no Fuel.
RESERVE_PENALTY = 2.0

_FUEL, _HEALTH, _RADIATION = (R.LUCK_ICONS.index(i) for i in
                              (R.LuckIcon.FUEL, R.LuckIcon.HEALTH, R.LuckIcon.RADIATION))
_CITY_OPTIONS = tuple(R.CityOption)
_A = R.ExplorationAction


@dataclass(frozen=True, slots=True)
class Plan:
    """Plan Route: the hexes entered (by index, the start hex excluded) and how."""

    route: tuple[int, ...]
    on_foot: bool = False


class KnightBot(Protocol):
    """What a knight decides during a round."""

    def city_option(self, knight: R.Knight, rng: random.Random) -> R.CityOption:
        """Waster Step b): the free option of a city hex."""

    def plan_move(self, seat: Seat, t: Tables, task_hex: int,
                  rng: random.Random) -> Plan | None:
        """Move Step a): a route, or None to stay ("Moving is not obligatory")."""

    def exploration_action(self, rule: R.HexRules, seat: Seat,
                           rng: random.Random) -> R.ExplorationAction | None:
        """Exploration Step b): one of ``rules.exploration_actions``, or None."""

    def quick_resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        """Rest Step c): the icon of the luck card to discard, or None."""


def waster_card(drawn: int, weights: tuple[float, float, float],
                rng: random.Random) -> R.Difficulty:
    """The mean Waster plays the hardest of ``drawn`` cards (Easy/Challenging/Hard by weight)."""
    total = sum(weights)
    easy = weights[0] / total
    not_hard = (weights[0] + weights[1]) / total
    # The hardest of n independent cards is Easy with chance easy**n, at most Challenging with
    # not_hard**n: one draw instead of n.
    u = rng.random()
    if u < easy ** drawn:
        return R.Difficulty.EASY
    return R.Difficulty.CHALLENGING if u < not_hard ** drawn else R.Difficulty.HARD


class HeuristicKnight:
    """Visits special hexes, cities and the task hex; resupplies when low (docs/assumptions.md)."""

    def city_option(self, knight: R.Knight, rng: random.Random) -> R.CityOption:
        """What is lowest: Fuel at 1 or less, then Radiation, then Health, then topping up."""
        O = R.CityOption
        if knight.fuel <= 1:
            return O.FUEL
        if knight.radiation >= 2:
            return O.HEAL_RADIATION
        if knight.health <= 2:
            return O.HEAL_HEALTH
        if knight.fuel < R.FUEL_MAX:
            return O.FUEL
        return O.HEAL_HEALTH if knight.health < R.RESOURCE_MAX else O.HEAL_RADIATION

    def plan_move(self, seat: Seat, t: Tables, task_hex: int,
                  rng: random.Random) -> Plan | None:
        """The best-scoring site by its cheapest route, cut to what the Fuel pays for."""
        p, k, sp = seat.pos, seat.knight, seat.speed
        f, h, ra = k.fuel, k.health, k.radiation
        low = f <= 1
        hurt = h <= 2 or ra >= 2
        if t.rules[p] is not None:
            if seat.marker and not seat.visited >> p & 1:
                return None  # failed its exploration check: its marker lets it try again
            if (low or hurt) and t.kind[p] == CITY_HEX:
                return None  # the city's free option and resupply next round
        best = _best_site(seat, t, task_hex, low, hurt)
        if best < 0:
            best = t.nearest_city[p]
        if best == p:
            return None
        full = t.path[p][best]
        if f == 0:
            return Plan(full[:1], on_foot=True)
        cut = R.hexes_covered([t.diff[j] for j in full], R.movement_points(f, sp))
        # Don't end a partial move on a hex that irradiates or contaminates.
        while 1 < cut < len(full) and t.hazard[full[cut - 1]]:
            cut -= 1
        if not cut:
            return None
        return Plan(full[:cut] if cut < len(full) else full)

    def exploration_action(self, rule: R.HexRules, seat: Seat,
                           rng: random.Random) -> R.ExplorationAction | None:
        """Heal when hurt, refuel when low, else gear, else top up."""
        k = seat.knight
        can_resupply = (rule.heal or rule.supplies) and seat.green >= rule.resupply_cost
        if k.radiation >= 2 or k.health <= 2:
            if can_resupply:
                return _A.RESUPPLY_BOTH if rule.both else _A.RESUPPLY_HEAL
            if rule.heal_radiation and k.radiation >= 2:
                return _A.HEAL_RADIATION
            if rule.heal_health and k.health <= 2:
                return _A.HEAL_HEALTH
        if k.fuel <= 2:
            if rule.fuel_gain:
                return _A.FUEL
            if can_resupply:
                return _A.RESUPPLY_BOTH if rule.both else _A.RESUPPLY_SUPPLIES
        if rule.green_gain:
            return _A.GREEN_GEAR
        if rule.heal_radiation and k.radiation:
            return _A.HEAL_RADIATION
        if rule.heal_health and k.health < R.RESOURCE_MAX:
            return _A.HEAL_HEALTH
        return None

    def quick_resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        """A luck card only for what is low: Fuel at 1, Health at 2, Radiation at 2."""
        k, hand = seat.knight, seat.luck
        if k.fuel <= 1 and hand[_FUEL]:
            return R.LuckIcon.FUEL
        if k.health <= 2 and hand[_HEALTH]:
            return R.LuckIcon.HEALTH
        if k.radiation >= 2 and hand[_RADIATION]:
            return R.LuckIcon.RADIATION
        return None


def _best_site(seat: Seat, t: Tables, task_hex: int, low: bool, hurt: bool) -> int:
    """The heuristic knight's best-scoring destination, or -1 when no site is worth a trip."""
    p, sp, g, vis = seat.pos, seat.speed, seat.green, seat.visited
    f, h, ra = seat.knight.fuel, seat.knight.health, seat.knight.radiation
    kind, rules, hazard = t.kind, t.rules, t.hazard
    mp_row, thr_row = t.mp[p], t.thr[p]
    best, best_score = -1, -1e9
    for j in t.sites:
        if j == p:
            continue
        kj = kind[j]
        val = 0.0
        if not vis >> j & 1:
            val += 3.0 if kj == SPECIAL_HEX else 1.0
        if j == task_hex:
            val += 4.0
        rj = rules[j]
        fuel_src = kj == CITY_HEX or rj.fuel_gain or (rj.supplies and g >= rj.resupply_cost)
        if low and fuel_src:
            val += 4.0
        if hurt and (kj == CITY_HEX or (ra >= 2 and rj.heal_radiation)
                     or (h <= 2 and rj.heal_health) or (rj.heal and g >= rj.resupply_cost)):
            val += 4.0
        if val == 0.0:
            continue
        dmp = mp_row[j]
        score = val - 1.5 * hazard[j] - 0.5 * thr_row[j] - dmp / (2.0 * sp)
        if not fuel_src and f * sp - dmp < sp:
            score -= RESERVE_PENALTY  # would arrive with an empty tank
        if score > best_score:
            best, best_score = j, score
    return best


class RandomKnight:
    """A random legal knight: the baseline the heuristic knight must beat."""

    def city_option(self, knight: R.Knight, rng: random.Random) -> R.CityOption:
        """Any of the four options."""
        return _CITY_OPTIONS[int(rng.random() * len(_CITY_OPTIONS))]

    def plan_move(self, seat: Seat, t: Tables, task_hex: int,
                  rng: random.Random) -> Plan | None:
        """Stay, walk to a neighbour, or drive the cheapest route to a hex the Fuel reaches."""
        p, f = seat.pos, seat.knight.fuel
        c = rng.random()
        if c < 1 / 3:
            return None
        if c < 2 / 3 or f == 0:
            nb = t.nbrs[p]
            return Plan((nb[int(rng.random() * len(nb))],), on_foot=True)
        mp_row, budget = t.mp[p], R.movement_points(f, seat.speed)
        choices = [j for j in range(t.n) if j != p and mp_row[j] <= budget]
        if not choices:
            return None
        return Plan(t.path[p][choices[int(rng.random() * len(choices))]])

    def exploration_action(self, rule: R.HexRules, seat: Seat,
                           rng: random.Random) -> R.ExplorationAction | None:
        """Any action the knight can pay for."""
        acts = R.exploration_actions(rule, seat.green)
        return acts[int(rng.random() * len(acts))] if acts else None

    def quick_resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        """Half the time, a random card from the hand."""
        if rng.random() >= 0.5:
            return None
        hand = seat.luck
        total = sum(hand)
        if not total:
            return None
        x = int(rng.random() * total)
        i = 0
        while x >= hand[i]:
            x -= hand[i]
            i += 1
        return R.LUCK_ICONS[i]


BOTS: dict[Policy, KnightBot] = {Policy.HEURISTIC: HeuristicKnight(), Policy.RANDOM: RandomKnight()}
