"""Trading Knights (Rest Step a), after a revive, after two Defends) and Trading Vehicles."""

from __future__ import annotations

import random

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights import knights as K
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights.actions import Drive, Explore
from pnp.games.waste_knights.bots import HeuristicKnight
from pnp.games.waste_knights.data import wasteland_deck
from pnp.games.waste_knights.state import EXPLORE, RESUPPLY
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_knights import seat
from .test_trade import with_city
from .tour_helpers import FixedRandom, flat_board, new_tour, passive, quiet_deck

_T = R.ExplorationAction.TRADE


def test_a_deal_moves_cards_fuel_and_ammo_within_the_dials():
    """Trading Knights: "they can trade gear cards, Fuel and Ammo (level for level, updating the
    proper counters and dials)"; a knight without a vehicle keeps no Fuel (Vehicles)."""
    a, b = seat(knight=R.Knight(fuel=1, ammo=4), green=2), seat(knight=R.Knight(fuel=4, ammo=4))
    deal = TR.Deal((1, 0, 0, 0, 1), (0, 0, 0, 2, 0))
    assert TR.make(a, b, deal)
    assert (a.green, a.knight.fuel, a.knight.ammo) == (1, 3, 3)
    assert (b.green, b.knight.fuel, b.knight.ammo) == (4, 2, 4)  # Ammo stops at 4
    assert not TR.make(seat(green=0), b, deal)  # nothing to give: no deal
    walker = seat(knight=R.Knight(fuel=0), green=1, vdamage=2)
    assert TR.make(walker, seat(), TR.Deal((1, 0, 0, 0, 0), (0, 0, 0, 2, 0)))
    assert walker.knight.fuel == 0


def test_the_heuristic_offer_and_answer():
    """The heuristic knight offers a green card for 2 Fuel when his tank is nearly dry, and
    accepts what leaves him supplied, for value, from a knight not ahead of him."""
    dry, full = seat(knight=R.Knight(fuel=1), green=1), seat(knight=R.Knight(fuel=4))
    deal = TR.offer(dry, full)
    assert deal == TR.Deal((1, 0, 0, 0, 0), (0, 0, 0, 2, 0))
    assert TR.accepts(full, dry, deal)
    dry.rep = 1
    assert not TR.accepts(full, dry, deal)  # he would help the leader
    assert not TR.accepts(seat(knight=R.Knight(fuel=3)), seat(), deal)  # 1 Fuel left: no
    assert TR.offer(seat(), full) is None  # supplied: no need to trade


def test_rest_step_trade_between_knights_on_one_hex():
    """Rest Step a) Trade Between Knights: "Knights on the same hex can trade with each other.
    They can trade gear cards, Ammo and/or Fuel"."""
    state = new_tour(flat_board(2), 2, deck=quiet_deck())
    log: list[str] = []
    state.log = log
    state.seats[0].knight = R.Knight(fuel=1)
    while state.decision is not RESUPPLY and state.round == 0:
        state.apply(passive(state))  # both stay in Gangraen
    assert any("knight 1 trades 1 green gear card to knight 2 for 2 Fuel" in x for x in log)
    assert state.seats[0].knight.fuel == 3 and state.seats[0].stats[FIELDS.index("trades")] == 1


def test_revived_knights_may_trade(monkeypatch):
    """Reviving Knights: "The Active Knight gains +1 Reputation and the knights may trade
    without risking a duel"."""
    calls = []
    monkeypatch.setattr(TR, "trade", lambda state, s, o: calls.append((s, o)) or 0)
    state = new_tour(flat_board(2), 2, deck=quiet_deck(), rng=FixedRandom(0.0))
    other = state.seats[1]
    other.pos, other.ko = state.tables.nbrs[state.tables.start][0], True
    other.knight = R.Knight(health=0)
    K.meet(state, 0, state.seats[0], (other.pos,))
    assert calls == [(0, 1)] and not other.ko


def test_two_defends_end_a_duel_in_a_trade():
    """Duels: "If both knights play the Defend combat cards during the first clash, the duel
    immediately ends and they may trade"."""
    deck = wasteland_deck()

    def defend(*_):
        return C.DEFEND

    a, b = C.knight_side(deck, 4, 4), C.knight_side(deck, 4, 4)
    out = C.fight(deck, a, b, random.Random(1), knight_policy=defend, enemy_policy=defend,
                  duel=True)
    assert out.traded and out.winner == 0 and out.clashes == 1
    assert not C.fight(deck, a, b, random.Random(1), knight_policy=defend,
                       enemy_policy=defend).traded  # an enemy's Defend ends nothing


def test_a_knight_without_a_vehicle_trades_for_one_at_the_stalls():
    """Trading Vehicles: "Knights performing the Trade Action can trade ... vehicle cards";
    "fully functional ones have the face value (usually yellow)"; the heuristic knight without a
    vehicle takes one first. No vehicle, no Fuel: a resupply gives him none."""
    state = new_tour(with_city(flat_board(1), (1, 0), 3), 2, deck=quiet_deck())
    state.apply(Drive(0, ("C1", "C2"), 1))
    while not (state.decision is EXPLORE and state.current_player == 0):
        state.apply(passive(state))
    me = state.seats[0]
    me.vdamage, me.knight, me.green, me.yellow, me.red = 2, R.Knight(fuel=0), 3, 1, 0
    assert HeuristicKnight().choose(state, random.Random(0)) == Explore(0, _T)
    state.apply(Explore(0, _T))
    assert (me.vdamage, me.yellow, me.green) == (0, 0, 3)
    broke = seat(vdamage=2, green=2)
    assert TR.vehicle_price(broke) is None and not TR.buy_vehicle(broke)
    assert TR.vehicle_price(seat(vdamage=2, green=0, red=1)) == (0, 0, 1)  # "no change"
    assert TR.vehicle_price(seat(vdamage=1, yellow=1)) is None  # he has a vehicle
