"""Tour bots: the decisions of knights, separate from the rules they play by.

Pure core. A bot answers the decision in hand (``state.decision``: the city option, a route, an
exploration action, a luck card for Quick Resupply) with an action the state then checks.
``HeuristicKnight`` and ``RandomKnight`` share that interface; docs/assumptions.md describes
both. Bots are built per seat by ``heuristic(setup, seat)`` and ``random_knight(setup, seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.games.api import Bot
from pnp.games.waste_knights import explore as X
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import specials as SP
from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights.actions import Action, CityChoice, Explore, Face, QuickResupply
from pnp.games.waste_knights.cards import Card
from pnp.games.waste_knights.state import CITY, EXPLORE, FACE, MOVE, TourState
from pnp.games.waste_knights.tour import CITY_HEX, SPECIAL_HEX, Seat, Tables

__all__ = ["BOTS", "HeuristicKnight", "RandomKnight", "heuristic", "random_knight"]

#: Score lost by a destination that would leave the heuristic knight with no Fuel.
RESERVE_PENALTY = 2.0

_FUEL, _HEALTH, _RADIATION = (R.LUCK_ICONS.index(i) for i in
                              (R.LuckIcon.FUEL, R.LuckIcon.HEALTH, R.LuckIcon.RADIATION))
_CITY_OPTIONS = tuple(R.CityOption)
_A = R.ExplorationAction


class KnightBot:
    """Answers the decision in hand through four hooks a knight's policy fills in."""

    def choose(self, state: TourState, rng: random.Random) -> Action:
        """The bot's answer to the decision in hand (any randomness drawn from ``rng``)."""
        s = state.current_player
        seat = state.seats[s]
        d = state.decision
        if d is MOVE:
            return self.move(state, seat, rng)
        if d is CITY:
            return CityChoice(s, self.city(seat, rng))
        if d is FACE:
            card = state.deck.cards[state.pending]
            if state.task_trait and card.enemy and state.task_trait in card.traits:
                return Face(s, self.face_task(card, seat, rng))
            return Face(s, self.face(card, seat, rng))
        if d is EXPLORE:
            return self.explore_choice(state, s, seat, rng)
        return QuickResupply(s, self.resupply(seat, rng))

    def explore_choice(self, state: TourState, s: int, seat: Seat,
                       rng: random.Random) -> Explore:
        """Exploration Step b): the action (and the hex a targeted one aims at)."""
        rule = state.tables.rules[seat.pos]
        assert rule is not None
        return Explore(s, self.explore(rule, seat, rng, X.can_trade(state, seat),
                                       X.has_deal(state, seat)))

    def move(self, state: TourState, seat: Seat, rng: random.Random) -> Action:
        """Move Step: stay, walk or drive."""
        raise NotImplementedError

    def city(self, seat: Seat, rng: random.Random) -> R.CityOption:
        """Waster Step b) in a city: which option."""
        raise NotImplementedError

    def face(self, card: Card, seat: Seat, rng: random.Random) -> bool:
        """Resolving Wasteland Cards: face (True) or escape (False)."""
        raise NotImplementedError

    def explore(self, rule: R.HexRules, seat: Seat, rng: random.Random, trade: bool = False,
                deal: bool = False) -> R.ExplorationAction | None:
        """Hex Activities: which exploration action, if any."""
        raise NotImplementedError

    def face_task(self, card: Card, seat: Seat, rng: random.Random) -> bool:
        """An enemy the common task asks to defeat: face (True) or escape (False)."""
        return self.face(card, seat, rng)

    def resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        """Quick Resupply: which luck card, if any."""
        raise NotImplementedError


class HeuristicKnight(KnightBot):
    """Visits special hexes, cities and the task hex; resupplies when low (docs/assumptions.md)."""

    def move(self, state: TourState, seat: Seat, rng: random.Random) -> Action:
        """The best destination's cheapest route, or stay (see ``route``)."""
        return self.route(state, seat)

    def city(self, seat: Seat, rng: random.Random) -> R.CityOption:
        return self.city_option(seat.knight)

    def face(self, card: Card, seat: Seat, rng: random.Random) -> bool:
        return self.faces(card, seat)

    def face_task(self, card: Card, seat: Seat, rng: random.Random) -> bool:
        """The common task's enemy: faced when he is fit to fight (3+ Health, Radiation under
        3): the task pays 3 Reputation and a red card besides the card's rewards."""
        k = seat.knight
        return k.health >= 3 and k.radiation < 3

    @staticmethod
    def faces(card: Card, seat: Seat) -> bool:
        """Face what pays and does not knock him out: an event whose rewards outweigh its
        harm; an enemy with rewards when healthy and armed (Ammo, or melee at hand)."""
        k = seat.knight
        if not card.rewards:
            return False
        if card.panel is None:
            harm = card.effect("lose_health") + card.effect("radiation")
            if harm and (k.health - card.effect("lose_health") <= 1
                         or k.radiation + card.effect("radiation") >= 3):
                return False
            return sum(v for _, v in card.rewards) > harm + card.effect("lose_ammo") \
                + card.effect("lose_fuel") + card.effect("skip_exploration")
        p = card.panel
        return k.health >= 3 and k.radiation < 3 and (k.ammo >= 2 or "melee" not in p.icons) \
            and p.aggression + p.health + p.armor + card.ability("knight_dice", 0) * -1 <= 7 \
            and not card.ability("vehicle_damage")

    def explore(self, rule: R.HexRules, seat: Seat, rng: random.Random, trade: bool = False,
                deal: bool = False) -> R.ExplorationAction | None:
        return self.exploration_action(rule, seat, deal)

    def explore_choice(self, state: TourState, s: int, seat: Seat,
                       rng: random.Random) -> Explore:
        """The needs first, then the hex's special action when it pays (``specials``)."""
        rule = state.tables.rules[seat.pos]
        assert rule is not None
        special = SP.heuristic(state, s)
        act = self.exploration_action(rule, seat, X.has_deal(state, seat),
                                      special[0] if special else None)
        if special is not None and act is special[0] and special[1] >= 0:
            return Explore(s, act, state.tables.tile[special[1]])
        return Explore(s, act)

    def resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        return self.quick_resupply(seat)

    @staticmethod
    def city_option(knight: R.Knight) -> R.CityOption:
        """What is lowest: Fuel at 1 or less, then Radiation, then Health, then topping up."""
        opt = R.CityOption
        if knight.fuel <= 1:
            return opt.FUEL
        if knight.radiation >= 2:
            return opt.HEAL_RADIATION
        if knight.health <= 2:
            return opt.HEAL_HEALTH
        if knight.fuel < R.FUEL_MAX:
            return opt.FUEL
        return opt.HEAL_HEALTH if knight.health < R.RESOURCE_MAX else opt.HEAL_RADIATION

    @staticmethod
    def route(state: TourState, seat: Seat) -> Action:
        """The best-scoring site by its cheapest route, cut to what the Fuel pays for."""
        t = state.tables
        p, k, sp = seat.pos, seat.knight, seat.speed
        f, h, ra = k.fuel, k.health, k.radiation
        low = f <= 1
        hurt = h <= 2 or ra >= 2
        if t.rules[p] is not None:
            if seat.marker and not seat.visited >> p & 1:
                return state.stay()  # failed its exploration check: its marker lets it retry
            if (low or hurt) and t.kind[p] == CITY_HEX:
                return state.stay()  # the city's free option and resupply next round
        best = _best_site(seat, t, state.task_hex, low, hurt,
                          T.wanted(state, state.current_player))
        if best < 0:
            best = t.nearest_city[p]
        if best == p:
            return state.stay()
        full = t.path[p][best]
        if f == 0:
            return state.walk(full[0])
        cut = R.hexes_covered([t.diff[j] for j in full], R.movement_points(f, sp))
        # Don't end a partial move on a hex that irradiates or contaminates.
        while 1 < cut < len(full) and t.hazard[full[cut - 1]]:
            cut -= 1
        if not cut:
            return state.stay()
        return state.drive(full[cut - 1])  # its first hexes are the cheapest route there

    @staticmethod
    def exploration_action(rule: R.HexRules, seat: Seat, deal: bool = False,
                           special: R.ExplorationAction | None = None,
                           ) -> R.ExplorationAction | None:
        """Heal when hurt, refuel when low, else the hex's special action when it pays
        (``special``, from ``specials.heuristic``), else trade when the Stalls offer a deal
        (``stalls.best_deal``: value gained or green cards he needs), else gear, else top up."""
        k = seat.knight
        if deal and seat.vdamage >= 2 and rule.trade:
            return _A.TRADE  # no vehicle: a new one from the Vehicle Pool first
        can_resupply = (rule.heal or rule.supplies) and seat.green >= rule.resupply_cost
        if k.radiation >= 2 or k.health <= 2:
            if can_resupply:
                return _A.RESUPPLY_BOTH if rule.both else _A.RESUPPLY_HEAL
            if rule.heal_radiation and k.radiation >= 2:
                return _A.HEAL_RADIATION
            if rule.heal_health and k.health <= 2 and R.can_heal_health(k):  # No Healing
                return _A.HEAL_HEALTH
        if k.fuel <= 2:
            if rule.fuel_gain:
                return _A.FUEL
            if can_resupply:
                return _A.RESUPPLY_BOTH if rule.both else _A.RESUPPLY_SUPPLIES
        if special is not None:
            return special
        if deal:
            return _A.TRADE
        if rule.green_gain:
            return _A.GREEN_GEAR
        if rule.heal_radiation and k.radiation:
            return _A.HEAL_RADIATION
        if rule.heal_health and k.health < R.RESOURCE_MAX and R.can_heal_health(k):
            return _A.HEAL_HEALTH
        return None

    @staticmethod
    def quick_resupply(seat: Seat) -> R.LuckIcon | None:
        """A luck card only for what is low: Fuel at 1, Health at 2, Radiation at 2."""
        k, hand = seat.knight, seat.luck
        if k.fuel <= 1 and hand[_FUEL]:
            return R.LuckIcon.FUEL
        if k.radiation >= R.NO_HEALING and k.health <= 2 and hand[_RADIATION]:
            return R.LuckIcon.RADIATION  # No Healing: Radiation down first
        if k.health <= 2 and hand[_HEALTH]:
            return R.LuckIcon.HEALTH
        if k.radiation >= 2 and hand[_RADIATION]:
            return R.LuckIcon.RADIATION
        return None


def _best_site(seat: Seat, t: Tables, task_hex: int, low: bool, hurt: bool,
               wanted: tuple[int, ...] = ()) -> int:
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
        if j in wanted:  # a private task to accept or accomplish there
            val += 4.0
        rj = rules[j]
        assert rj is not None
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


class RandomKnight(KnightBot):
    """A random legal knight: the baseline the heuristic knight must beat."""

    def city(self, seat: Seat, rng: random.Random) -> R.CityOption:
        """Any of the four options."""
        return _CITY_OPTIONS[int(rng.random() * len(_CITY_OPTIONS))]

    def face(self, card: Card, seat: Seat, rng: random.Random) -> bool:
        """Escape or face, alike."""
        return rng.random() < 0.5

    def explore(self, rule: R.HexRules, seat: Seat, rng: random.Random, trade: bool = False,
                deal: bool = False) -> R.ExplorationAction | None:
        """Any action the knight can pay for."""
        acts = R.exploration_actions(rule, seat.green) + ((_A.TRADE,) if trade else ())
        return acts[int(rng.random() * len(acts))] if acts else None

    def explore_choice(self, state: TourState, s: int, seat: Seat,
                       rng: random.Random) -> Explore:
        """Any action the knight can pay for, alike; a targeted one at any hex it may aim at."""
        acts = X.exploration_actions(state, seat)
        if not acts:
            return Explore(s, None)
        act = acts[int(rng.random() * len(acts))]
        if act in SP.TARGETED:
            js = SP.targets(state, seat, act)
            return Explore(s, act, state.tables.tile[js[int(rng.random() * len(js))]])
        return Explore(s, act)

    def resupply(self, seat: Seat, rng: random.Random) -> R.LuckIcon | None:
        return self.quick_resupply(seat, rng)

    def move(self, state: TourState, seat: Seat, rng: random.Random) -> Action:
        """Stay, walk to a neighbour, or drive the cheapest route to a hex the Fuel reaches."""
        t = state.tables
        p, f = seat.pos, seat.knight.fuel
        c = rng.random()
        if c < 1 / 3:
            return state.stay()
        if c < 2 / 3 or f == 0:
            nb = t.nbrs[p]
            return state.walk(nb[int(rng.random() * len(nb))])
        mp_row, budget = t.mp[p], R.movement_points(f, seat.speed)
        choices = [j for j in range(t.n) if j != p and mp_row[j] <= budget]
        if not choices:
            return state.stay()
        return state.drive(choices[int(rng.random() * len(choices))])

    @staticmethod
    def quick_resupply(seat: Seat, rng: random.Random) -> R.LuckIcon | None:
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


_HEURISTIC, _RANDOM = HeuristicKnight(), RandomKnight()


def heuristic(setup: Any, seat: int) -> HeuristicKnight:
    """The heuristic knight of ``seat`` (bots keep no state of their own: one serves all)."""
    return _HEURISTIC


def random_knight(setup: Any, seat: int) -> RandomKnight:
    """The random legal knight of ``seat``."""
    return _RANDOM


#: Bot name -> factory ``(setup, seat) -> bot``.
BOTS: dict[str, Callable[[Any, int], Bot]] = {"heuristic": heuristic, "random": random_knight}
