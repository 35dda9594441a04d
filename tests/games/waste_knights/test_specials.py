"""The special actions of Reference Sheet: Hexes (specials.py): Gangraen, Queen's Valley, Alice
Offsprings, Red Tomb, Warata Industries, Cerbero Tower, Kosciusko's Redoubt, Sandpiercer."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import specials as SP
from pnp.games.waste_knights.actions import Drive, Explore, parse_action
from pnp.games.waste_knights.bots import HeuristicKnight
from pnp.games.waste_knights.cards import Card
from pnp.games.waste_knights.state import EXPLORE, MOVE

from .test_trade import with_city
from .tour_helpers import FixedRandom, flat_board, new_tour, passive, quiet_deck, with_special

X = R.ExplorationAction
_HEUR = HeuristicKnight()


def explore_at(number: int, players: int = 2, deck=None):
    """Knight 1 at the Exploration Step on hex ``number`` (laid east of Gangraen), every check
    passed; Gangraen itself when ``number`` is 1."""
    b = flat_board(1)
    if number in (2, 3, 4, 5):
        b = with_city(b, (1, 0), number)
    elif number != 1:
        b = with_special(b, (1, 0), number)
    state = new_tour(b, players, deck=deck or quiet_deck(), rng=FixedRandom(0.0))
    if number == 1:
        state.apply(state.stay())
    else:
        state.apply(Drive(0, ("C1", state.tables.tile[state.tables.index.get("C2", 0)]
                              if number in (2, 3, 4, 5) else "S1"), 1))
    while not (state.decision is EXPLORE and state.current_player == 0):
        state.apply(passive(state))
    return state


@pytest.mark.parametrize("draw, health, yellow, red", [(0.0, 3, 0, 0), (0.35, 3, 0, 0),
                                                       (0.4, 4, 1, 0), (0.85, 4, 1, 0),
                                                       (0.9, 4, 0, 1)])
def test_gangraen_roll(draw, health, yellow, red):
    """Gangraen [1]: "S: discard 1 green gear card, roll 1 die. 1-4: lose 1 Health. 5-9: gain +1
    yellow gear card. 10: gain +1 red gear card." (a draw d rolls 1 + int(10 d))."""
    state = explore_at(1)
    seat = state.seats[0]
    before = (seat.yellow, seat.red, seat.green)
    state.rng = FixedRandom(draw)
    state.apply(Explore(0, X.GANGRAEN_ROLL))
    assert (seat.knight.health, seat.yellow - before[0], seat.red - before[1],
            seat.green) == (health, yellow, red, before[2] - 1)


def test_gangraen_roll_needs_a_green_card():
    """"If he cannot pay this cost, he cannot perform a given exploration action"."""
    state = explore_at(1)
    state.seats[0].green = 0
    assert Explore(0, X.GANGRAEN_ROLL) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(Explore(0, X.GANGRAEN_ROLL))


def test_queens_valley_draws_two_luck_cards_up_to_five():
    """Queen's Valley [3]: "S: draw 2 luck cards"; Luck Cards: "cannot exceed 5 luck cards"."""
    state = explore_at(3)
    seat = state.seats[0]
    n = sum(seat.luck)
    state.apply(Explore(0, X.LUCK_CARDS))
    assert sum(seat.luck) == min(R.LUCK_HAND_MAX, n + 2)
    seat.luck = [5, 0, 0, 0]
    SP.perform(state, 0, seat, X.LUCK_CARDS, -1)
    assert sum(seat.luck) == R.LUCK_HAND_MAX


def test_alice_offsprings_red_card_for_reputation_and_the_heuristic_takes_it():
    """Alice Offsprings [5]: "S: discard 1 red gear card, gain +1 Reputation"."""
    state = explore_at(5)
    seat = state.seats[0]
    seat.red = 0
    assert Explore(0, X.RED_FOR_REPUTATION) not in state.legal_actions()  # no red card
    seat.red, rep = 1, seat.rep
    action = _HEUR.choose(state, FixedRandom(0.5))
    assert action == Explore(0, X.RED_FOR_REPUTATION)
    state.apply(action)
    assert (seat.red, seat.rep) == (0, rep + 1)


def test_red_tomb_hurts_every_knight_on_the_target_hex():
    """Red Tomb [7]: "S: target any hex. All knights on that hex suffer 2 Radiation and lose 2
    Health"; the heuristic knight aims at the hex of the rival who leads in Reputation."""
    state = explore_at(7, players=3)
    me, lead, other = state.seats
    lead.rep, other.rep = 3, 1
    action = _HEUR.choose(state, FixedRandom(0.5))
    target = state.tables.tile[lead.pos]
    assert action == Explore(0, X.RED_TOMB, target)
    assert len([a for a in state.legal_actions() if a.action is X.RED_TOMB]) == state.tables.n
    before = [s.knight for s in state.seats]
    state.apply(action)
    for s in (lead, other):  # both stay in Gangraen
        i = state.seats.index(s)
        assert s.knight.radiation == before[i].radiation + 2
        assert s.knight.health == before[i].health - 2
    assert me.knight == before[0]


def test_red_tomb_knocks_out_a_knight_at_two_health():
    state = explore_at(7, players=2)
    lead = state.seats[1]
    lead.knight = replace(lead.knight, health=2)
    state.apply(Explore(0, X.RED_TOMB, state.tables.tile[lead.pos]))
    assert lead.ko and lead.knight.health == 0


def test_warata_industries_trades_two_reputation_if_able():
    """Warata Industries [10]: "S: lose 2 Reputation, if able: gain +1 red gear card / +2 yellow
    gear cards"; the heuristic knight never does (Reputation wins the game)."""
    state = explore_at(10)
    seat = state.seats[0]
    seat.rep = 1
    assert Explore(0, X.WARATA_RED) not in state.legal_actions()  # not 2 Reputation to lose
    seat.rep, seat.yellow, seat.red = 3, 0, 0
    assert _HEUR.choose(state, FixedRandom(0.5)).action not in (X.WARATA_RED, X.WARATA_YELLOW)
    state.apply(Explore(0, X.WARATA_YELLOW))
    assert (seat.rep, seat.yellow) == (1, 2)
    SP.perform(state, 0, seat, X.WARATA_RED, -1)
    assert (seat.rep, seat.red) == (-1, 1)


def test_cerbero_tower_yellow_or_two_green():
    """Cerbero Tower [11]: "S: +1 yellow gear card / +2 green gear cards"."""
    state = explore_at(11)
    seat = state.seats[0]
    assert {Explore(0, X.YELLOW_GEAR), Explore(0, X.GREEN_GEAR)} <= set(state.legal_actions())
    assert _HEUR.choose(state, FixedRandom(0.5)) == Explore(0, X.YELLOW_GEAR)
    yellow = seat.yellow
    state.apply(Explore(0, X.YELLOW_GEAR))
    assert seat.yellow == yellow + 1


def test_kosciuskos_redoubt_card_is_played_in_the_next_move_step():
    """Kosciusko's Redoubt [13]: "S: draw 3 wasteland cards, choose 1 and place it face-down
    under the Waster marker. Discard the other cards. In the next Move Step, instead of
    revealing wasteland cards from the deck, the Waster must play 1 card placed under the Waster
    marker." The heuristic knight leaves the hardest card when a rival moves first next round."""
    mild = Card("Quiet Road", "event", "survival", 5)
    hard = Card("Acid Burn", "event", "survival", 9, effects=(("lose_health", 1),))
    state = explore_at(13, deck=quiet_deck(mild, mild, hard))
    assert state.round == 0 and SP.next_first_player(state) == 1
    assert _HEUR.choose(state, FixedRandom(0.5)) == Explore(0, X.REDOUBT)
    state.apply(Explore(0, X.REDOUBT))
    assert len(state.redoubt) == 1 and state.deck.cards[state.redoubt[0][0]] is hard
    log: list[str] = []
    state.log = log
    while not (state.decision is MOVE and state.round == 1):
        state.apply(passive(state))
    mover = state.current_player
    state.apply(state.walk(state.tables.nbrs[state.seats[mover].pos][0]))
    assert any("plays Acid Burn" in line for line in log) and not state.redoubt


def test_sandpiercer_places_the_marker_and_explores_without_an_action():
    """Sandpiercer [14]: "S: discard 1 green gear card: place your knight marker on any hex.
    This is not considered moving. You can explore the new hex as normal, but you cannot perform
    any exploration action there." The heuristic knight jumps to the common task's hex."""
    state = explore_at(14)
    seat = state.seats[0]
    state.task_hex = task = state.tables.start  # the common task: explore Gangraen
    green, rep = seat.green, seat.rep
    action = _HEUR.choose(state, FixedRandom(0.5))
    assert action == Explore(0, X.SANDPIERCER, state.tables.tile[task])
    state.apply(action)
    assert seat.pos == task and seat.green == green - 1
    assert seat.rep > rep  # explored as normal: the common task accomplished there
    assert state.decision is not EXPLORE or state.current_player != 0  # no action follows


def test_targeted_actions_round_trip_through_their_text():
    for a in (Explore(0, X.RED_TOMB, "N12"), Explore(2, X.SANDPIERCER, "C1"),
              Explore(1, X.REDOUBT), Explore(3, X.WARATA_YELLOW)):
        assert parse_action(str(a)) == a
