"""Trading Knights and Trading Vehicles, clause by clause (trading.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: the whole deal (every counter
and dial of both knights), who offers and answers, the count of deals, the Vehicle Pool's price.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_knights import seat
from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck

TRADES = FIELDS.index("trades")
NEEDY = R.Knight(fuel=1, ammo=4)
FULL = R.Knight(fuel=4, ammo=4)
FUEL_DEAL = TR.Deal((1, 0, 0, 0, 0), (0, 0, 0, 2, 0))
AMMO_DEAL = TR.Deal((1, 0, 0, 0, 0), (0, 0, 0, 0, 2))


def test_a_deal_moves_yellow_and_red_cards_both_ways():
    """Trading Knights: "they can trade gear cards ... (level for level, updating the proper
    counters and dials)": a yellow card for a red one."""
    a, b = seat(yellow=2, red=2), seat(yellow=1, red=1)
    assert TR.make(a, b, TR.Deal((0, 1, 0, 0, 0), (0, 0, 1, 0, 0)))
    assert (a.yellow, a.red, b.yellow, b.red) == (1, 3, 2, 0)
    assert a.green == b.green == 3 and a.knight == b.knight == R.Knight()


def test_the_log_names_every_good():
    assert TR._text((1, 1, 1, 2, 2)) == ("1 green gear card, 1 yellow gear card, 1 red gear card, "
                                         "2 Fuel, 2 Ammo")


def test_the_heuristic_offer_thresholds_and_the_whole_deal():
    """The heuristic knight offers 1 green card for 2 Fuel at 1 Fuel or less (with a vehicle),
    else for 2 Ammo at 1 Ammo or less, to a knight who has 2 to give."""
    assert TR.offer(seat(knight=R.Knight(fuel=2, ammo=4)), seat(knight=FULL)) is None
    assert TR.offer(seat(knight=R.Knight(fuel=0, ammo=4), vdamage=2), seat(knight=FULL)) is None
    assert TR.offer(seat(knight=NEEDY), seat(knight=R.Knight(fuel=2))) == FUEL_DEAL
    assert TR.offer(seat(knight=R.Knight(fuel=4, ammo=1)), seat(knight=FULL)) == AMMO_DEAL
    assert TR.offer(seat(knight=R.Knight(fuel=4, ammo=2)), seat(knight=FULL)) is None
    assert TR.offer(seat(knight=R.Knight(fuel=4, ammo=1)), seat(knight=R.Knight(ammo=2))) \
        == AMMO_DEAL


def test_the_heuristic_answer_thresholds():
    """He accepts what leaves him 2 Fuel and 2 Ammo and gains him gear value (strictly)."""
    asker = seat(knight=R.Knight(fuel=4, ammo=1))
    assert not TR.accepts(seat(knight=R.Knight(fuel=4, ammo=3)), asker, AMMO_DEAL)
    assert TR.accepts(seat(knight=R.Knight(fuel=4, ammo=4)), asker, AMMO_DEAL)
    a_yellow_for_a_green = TR.Deal((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))
    assert not TR.accepts(seat(knight=FULL, yellow=1), asker, a_yellow_for_a_green)
    three_green_for_a_yellow = TR.Deal((3, 0, 0, 0, 0), (0, 1, 0, 0, 0))  # equal value
    assert not TR.accepts(seat(knight=FULL, yellow=1), asker, three_green_for_a_yellow)


def test_buying_a_vehicle_pays_the_price_and_says_so():
    """Trading Vehicles: "fully functional ones have the face value (usually yellow)"; 3 green
    cards are worth 1 yellow; "The knight receives no change"."""
    assert TR.vehicle_price(seat(vdamage=2, yellow=1, red=1)) == (0, 1, 0)
    greens = seat(vdamage=2, green=3, yellow=0, red=1)
    assert TR.vehicle_price(greens) == (3, 0, 0)
    assert TR.buy_vehicle(greens) is True
    assert (greens.green, greens.yellow, greens.red, greens.vdamage) == (0, 0, 1, 0)
    reds = seat(vdamage=2, green=1, yellow=0, red=2)
    assert TR.buy_vehicle(reds) is True
    assert (reds.green, reds.yellow, reds.red, reds.vdamage) == (1, 0, 1, 0)


def two_knights(bots: tuple[str, str], draw: float, *, needy: int = 0):
    """Two knights on Gangraen: ``needy`` at 1 Fuel with 2 green cards, the other full."""
    state = new_tour(flat_board(2), 2, deck=quiet_deck())
    state.setup = replace(state.setup, bots=bots)
    state.rng = FixedRandom(draw)
    for s, knight in enumerate(state.seats):
        knight.knight, knight.green = (NEEDY, 2) if s == needy else (FULL, 0)
        knight.stats[TRADES] = 2
    return state


def test_each_knight_offers_once_and_the_other_answers():
    """Trade Between Knights: the heuristic knight answers with his rule, the random knight by a
    coin (below 0.5: yes); the random knight offers only on a coin of 0.5 or more."""
    for bots, draw, needy, deals in (
            (("heuristic", "random"), 0.0, 0, 1),
            (("heuristic", "random"), 0.5, 0, 0),
            (("heuristic", "random"), 0.9, 0, 0),
            (("heuristic", "heuristic"), 0.9, 0, 1),
            (("heuristic", "heuristic"), 0.9, 1, 1),  # the second knight's offer is heard too
            (("random", "heuristic"), 0.5, 0, 1),
            (("random", "heuristic"), 0.0, 0, 0)):
        state = two_knights(bots, draw, needy=needy)
        assert TR.trade(state, 0, 1) == deals, (bots, draw, needy)
        a = state.seats[needy]
        assert a.knight.fuel == (3 if deals else 1)
        assert [k.stats[TRADES] for k in state.seats] == [2 + deals] * 2


def test_rest_step_trades_on_one_hex_among_conscious_knights_only():
    """Rest Step a): "Knights on the same hex can trade with each other"; an unconscious
    knight "cannot affect the game in any way"."""
    state = two_knights(("heuristic", "heuristic"), 0.5)
    state.seats[1].pos = state.tables.nbrs[state.seats[0].pos][0]
    TR.rest_trades(state)
    assert state.seats[0].knight == NEEDY
    state = two_knights(("heuristic", "heuristic"), 0.5)
    state.seats[1].ko = True
    TR.rest_trades(state)
    assert state.seats[0].knight == NEEDY
    state = two_knights(("heuristic", "heuristic"), 0.5)
    state.seats[0].knight = R.Knight(fuel=1, ammo=1)
    TR.rest_trades(state)  # one trade between two knights: one offer from the needy one
    assert state.seats[0].knight == R.Knight(fuel=3, ammo=1)
    assert state.seats[0].stats[TRADES] == 3


class Scripted(FixedRandom):
    """Draws the listed numbers in turn."""

    def __init__(self, *draws: float) -> None:
        super().__init__()
        self.draws = list(draws)

    def random(self) -> float:
        return self.draws.pop(0)


def test_two_random_knights_can_make_two_deals_in_one_trade():
    """Each knight offers once: a knight short of Fuel and one short of Ammo, both random and
    both saying yes, make two deals, each counted."""
    state = two_knights(("random", "random"), 0.0)
    a, b = state.seats
    a.knight, b.knight, b.green = R.Knight(fuel=1, ammo=4), R.Knight(fuel=4, ammo=1), 2
    state.rng = Scripted(0.9, 0.1, 0.9, 0.1)  # a offers, b says yes, b offers, a says yes
    assert TR.trade(state, 0, 1) == 2
    assert (a.knight, b.knight) == (R.Knight(fuel=3, ammo=2), R.Knight(fuel=2, ammo=3))
    assert a.stats[TRADES] == b.stats[TRADES] == 4
