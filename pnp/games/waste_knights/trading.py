"""Trading Knights: trades between knights and trading vehicles with the Stalls.

Pure core, on a ``TourState``. Knights trade in the Rest Step when on one hex ("Trade Between
Knights"), after the Active Knight revives one, and when both play Defend in a duel's first
clash; "they can trade gear cards, Fuel and Ammo" and "do not need to pay attention to values
of their gear cards". A trade is a ``Deal`` one knight offers and the other accepts or not:
the heuristic knight offers a green gear card for 2 Fuel (or Ammo) he lacks and accepts what
leaves him supplied, for gear value, from a knight not ahead of him in Reputation; the random
knight offers and accepts by coin. Trading Vehicles: a knight without a vehicle takes one from
the Vehicle Pool in the Trade Action for its "face" value (yellow).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.tour import Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState

_TRADES = {name: i for i, name in enumerate(FIELDS)}["trades"]
#: What a trade moves, in this order: green, yellow, red gear cards, Fuel, Ammo.
GOODS = ("green", "yellow", "red", "fuel", "ammo")
#: The heuristic knight's offer: 1 green card for this much of the resource he lacks.
ASK = 2
#: Trading Vehicles: "fully functional ones have the "face" value (usually yellow)".
VEHICLE_VALUE = 3
_WRECKED = 2


@dataclass(frozen=True)
class Deal:
    """What the offering knight gives and what he takes, per ``GOODS``."""

    give: tuple[int, int, int, int, int]
    take: tuple[int, int, int, int, int]


def _has(seat: Seat, goods: tuple[int, ...]) -> bool:
    k = seat.knight
    own = (seat.green, seat.yellow, seat.red, k.fuel, k.ammo)
    return all(n <= h for n, h in zip(goods, own, strict=True))


def _move(seat: Seat, out: tuple[int, ...], into: tuple[int, ...]) -> None:
    seat.green += into[0] - out[0]
    seat.yellow += into[1] - out[1]
    seat.red += into[2] - out[2]
    k = seat.knight
    fuel = R.clamp(k.fuel - out[3] + into[3]) if seat.vdamage < _WRECKED else 0
    seat.knight = R.Knight(fuel, k.health, k.radiation, R.clamp(k.ammo - out[4] + into[4]))


def make(a: Seat, b: Seat, deal: Deal) -> bool:
    """Exchange the goods if both own them ("updating the proper counters and dials": 0-4, and
    no Fuel for a knight without a vehicle); False when one cannot give his part."""
    if not (_has(a, deal.give) and _has(b, deal.take)):
        return False
    _move(a, deal.give, deal.take)
    _move(b, deal.take, deal.give)
    return True


def offer(a: Seat, b: Seat) -> Deal | None:
    """The heuristic knight's offer to ``b``: 1 green card for 2 Fuel when his tank is nearly
    dry (and he has a vehicle), else for 2 Ammo when he is out of it; None: no need or no card."""
    k, o = a.knight, b.knight
    if not a.green:
        return None
    if k.fuel <= 1 and a.vdamage < _WRECKED and o.fuel >= ASK:
        return Deal((1, 0, 0, 0, 0), (0, 0, 0, ASK, 0))
    if k.ammo <= 1 and o.ammo >= ASK:
        return Deal((1, 0, 0, 0, 0), (0, 0, 0, 0, ASK))
    return None


def accepts(b: Seat, a: Seat, deal: Deal) -> bool:
    """The heuristic knight takes a deal that leaves him at least 2 Fuel and 2 Ammo, gains him
    gear value, and helps no knight ahead of him in Reputation."""
    from pnp.games.waste_knights.cards import GEAR_VALUE

    k = b.knight
    if k.fuel - deal.take[3] < 2 or k.ammo - deal.take[4] < 2 or a.rep > b.rep:
        return False
    worth = [GEAR_VALUE["green"], GEAR_VALUE["yellow"], GEAR_VALUE["red"]]
    return sum(w * (g - t) for w, g, t in zip(worth, deal.give, deal.take[:3],
                                                strict=False)) > 0


def trade(state: TourState, s: int, o: int) -> int:
    """Knights ``s`` and ``o`` may trade: each offers once, the other answers; returns the
    number of deals made."""
    bots, rng = state.setup.bots, state.rng
    made = 0
    for a, b in ((s, o), (o, s)):
        me, other = state.seats[a], state.seats[b]
        deal = offer(me, other)
        if deal is None or (bots[a] == "random" and rng.random() < 0.5):
            continue
        yes = rng.random() < 0.5 if bots[b] == "random" else accepts(other, me, deal)
        if yes and make(me, other, deal):
            made += 1
            me.stats[_TRADES] += 1
            other.stats[_TRADES] += 1
            if state.log is not None:
                state.log.append(f"knight {a + 1} trades {_text(deal.give)} to knight {b + 1} "
                                 f"for {_text(deal.take)}")
    return made


def _text(goods: tuple[int, ...]) -> str:
    names = ("green gear card", "yellow gear card", "red gear card", "Fuel", "Ammo")
    return ", ".join(f"{n} {name}" for n, name in zip(goods, names, strict=True) if n)


def rest_trades(state: TourState) -> None:
    """Rest Step a) Trade Between Knights: "Knights on the same hex can trade with each other"
    (conscious ones: an unconscious knight "cannot affect the game in any way")."""
    seats = state.seats
    for s in range(len(seats)):
        for o in range(s + 1, len(seats)):
            if seats[s].pos == seats[o].pos and not seats[s].ko and not seats[o].ko:
                trade(state, s, o)


# --- Trading Vehicles ---------------------------------------------------------------------

def vehicle_price(seat: Seat) -> tuple[int, int, int] | None:
    """The cards (green, yellow, red) a knight without a vehicle pays for one from the Vehicle
    Pool: 1 yellow, else 3 green, else 1 red with no change ("The knight receives no change");
    None when he has a vehicle or cannot pay."""
    if seat.vdamage < _WRECKED:
        return None
    if seat.yellow:
        return 0, 1, 0
    if seat.green >= VEHICLE_VALUE:
        return VEHICLE_VALUE, 0, 0
    if seat.red:
        return 0, 0, 1
    return None


def buy_vehicle(seat: Seat) -> bool:
    """Trading Vehicles: take a functional vehicle of his kind from the pool (undamaged, Fuel
    stays 0 until he gains some); False when he cannot."""
    price = vehicle_price(seat)
    if price is None:
        return False
    seat.green -= price[0]
    seat.yellow -= price[1]
    seat.red -= price[2]
    seat.vdamage = 0
    return True
