"""The special actions of Reference Sheet: Hexes, number by number (specials.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: each test quotes the
reference sheet's words and pins the whole outcome (every dial, every counter, the log line),
not only the one number the action is about.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import specials as SP
from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights.actions import Explore
from pnp.games.waste_knights.cards import Card
from pnp.games.waste_knights.hexes import Board
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_specials import explore_at
from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck, with_special

X = R.ExplorationAction
KO = FIELDS.index("ko_wasteland")


def logged(state) -> list[str]:
    log: list[str] = []
    state.log = log
    return log


# --- the cost: "If he cannot pay this cost, he cannot perform a given exploration action" ----

@pytest.mark.parametrize("number, action", [(1, X.GANGRAEN_ROLL), (14, X.SANDPIERCER)])
def test_one_green_card_pays_gangraen_and_sandpiercer(number, action):
    """Gangraen [1] / Sandpiercer [14]: "discard 1 green gear card": 1 card is enough."""
    state = explore_at(number)
    state.seats[0].green = 1
    assert action in SP.available(state, state.seats[0])
    state.seats[0].green = 0
    assert action not in SP.available(state, state.seats[0])


def test_warata_industries_takes_exactly_two_reputation():
    """Warata Industries [10]: "lose 2 Reputation, if able": a knight with 2 is able."""
    state = explore_at(10)
    seat = state.seats[0]
    seat.rep, seat.red, seat.yellow = 2, 2, 1
    assert {X.WARATA_RED, X.WARATA_YELLOW} <= set(SP.available(state, seat))
    assert SP.perform(state, 0, seat, X.WARATA_RED, -1) == "loses 2 Reputation: +1 red gear card"
    assert (seat.rep, seat.red, seat.yellow) == (0, 3, 1)
    seat.rep = 2
    assert SP.perform(state, 0, seat, X.WARATA_YELLOW, -1) \
        == "loses 2 Reputation: +2 yellow gear cards"
    assert (seat.rep, seat.red, seat.yellow) == (0, 3, 3)


# --- what each action does, every dial and counter -----------------------------------------

@pytest.mark.parametrize("draw, text, after, yellow, red", [
    (0.0, "rolls 1: loses 1 Health", R.Knight(3, 3, 1, 2), 2, 1),
    (0.4, "rolls 5: +1 yellow gear card", R.Knight(3, 4, 1, 2), 3, 1),
    (0.9, "rolls 10: +1 red gear card", R.Knight(3, 4, 1, 2), 2, 2)])
def test_gangraen_roll_changes_only_what_the_sheet_says(draw, text, after, yellow, red):
    """Gangraen [1]: "1-4: lose 1 Health. 5-9: gain +1 yellow gear card. 10: gain +1 red gear
    card": Fuel, Radiation and Ammo stay; a knight at 4 Health is not knocked out by the 1."""
    state = explore_at(1)
    seat = state.seats[0]
    seat.knight, seat.yellow, seat.red, seat.green = R.Knight(3, 4, 1, 2), 2, 1, 2
    state.rng = FixedRandom(draw)
    log = logged(state)
    state.apply(Explore(0, X.GANGRAEN_ROLL))
    assert (seat.knight, seat.yellow, seat.red, seat.green) == (after, yellow, red, 1)
    assert not seat.ko and seat.stats[KO] == 0
    assert f"knight 1 {text}" in log


def test_queens_valley_draws_two_cards_of_the_drawn_icons():
    """Queen's Valley [3]: "S: draw 2 luck cards": 2 cards, 1 each, of the icon drawn."""
    state = explore_at(3)
    seat = state.seats[0]
    seat.luck = [0, 0, 0, 0]
    state.rng = FixedRandom(0.9)  # the last icon
    assert SP.perform(state, 0, seat, X.LUCK_CARDS, -1) == "draws 2 luck cards (2 in hand)"
    assert seat.luck == [0, 0, 0, 2]


def test_alice_offsprings_adds_one_reputation_to_what_he_has():
    """Alice Offsprings [5]: "S: discard 1 red gear card, gain +1 Reputation"."""
    state = explore_at(5)
    seat = state.seats[0]
    seat.red, seat.rep = 2, 3
    assert SP.perform(state, 0, seat, X.RED_FOR_REPUTATION, -1) \
        == "discards 1 red gear card: +1 Reputation"
    assert (seat.red, seat.rep) == (1, 4)


def test_cerbero_tower_adds_one_yellow_card_to_what_he_has():
    """Cerbero Tower [11]: "S: +1 yellow gear card"."""
    state = explore_at(11)
    seat = state.seats[0]
    seat.yellow = 2
    assert SP.perform(state, 0, seat, X.YELLOW_GEAR, -1) == "+1 yellow gear card"
    assert seat.yellow == 3


def test_red_tomb_changes_radiation_and_health_only_and_names_the_knights():
    """Red Tomb [7]: "All knights on that hex suffer 2 Radiation and lose 2 Health": Fuel and
    Ammo stay; the log names every knight hit, or nobody."""
    state = explore_at(7, players=3)
    me, a, b = state.seats
    a.knight = b.knight = R.Knight(3, 4, 0, 1)
    target = a.pos
    text = SP.perform(state, 0, me, X.RED_TOMB, target)
    assert text == (f"targets {state.tables.tile[target]}: knight 2, knight 3 suffers 2 "
                    "Radiation and loses 2 Health")
    assert a.knight == b.knight == R.Knight(3, 2, 2, 1)
    assert not a.ko and not b.ko  # 2 Health and 2 Radiation: conscious
    empty = next(j for j in range(state.tables.n) if all(s.pos != j for s in state.seats))
    assert SP.perform(state, 0, me, X.RED_TOMB, empty) == (
        f"targets {state.tables.tile[empty]}: nobody suffers 2 Radiation and loses 2 Health")


def test_red_tomb_knock_out_counts_once_more():
    """Conditions of Knights: K.O. at 0 Health; the record counts each K.O. by the wasteland
    once (a knight K.O.'d before keeps his count and gains one)."""
    state = explore_at(7, players=2)
    lead = state.seats[1]
    lead.knight, lead.stats[KO] = replace(lead.knight, health=2), 1
    SP.perform(state, 0, state.seats[0], X.RED_TOMB, lead.pos)
    assert lead.ko and lead.stats[KO] == 2
    SP.perform(state, 0, state.seats[0], X.RED_TOMB, lead.pos)  # already K.O.: not again
    assert lead.stats[KO] == 2


# --- Kosciusko's Redoubt -------------------------------------------------------------------

def redoubt_state(players: int = 2, bots: str = "heuristic"):
    mild = Card("Quiet Road", "event", "survival", 5)
    hard = Card("Acid Burn", "event", "survival", 9, effects=(("lose_health", 1),))
    state = explore_at(13, players=players, deck=quiet_deck(mild, hard, mild, mild))
    if bots == "random":
        state.setup = replace(state.setup, bots=("random",) * players)
    return state


def test_redoubt_discards_the_other_two_onto_the_discard_pile():
    """Kosciusko's Redoubt [13]: "draw 3 wasteland cards, choose 1 and place it face-down under
    the Waster marker. Discard the other cards." (onto what the pile already holds)."""
    state = redoubt_state()
    state.wasteland.order, state.wasteland.discard = [0, 1, 2], [3]
    text = SP.perform(state, 0, state.seats[0], X.REDOUBT, -1)
    assert text == ("places 1 of 3 wasteland cards under the Waster marker for the next Move "
                    "Step")
    assert state.redoubt == [(1, state.round)]  # the hard one: knight 2 moves first next
    assert sorted(state.wasteland.discard) == [0, 2, 3]
    state.wasteland.order, state.wasteland.discard = [], []
    assert SP.perform(state, 0, state.seats[0], X.REDOUBT, -1) == "draws no wasteland card"


def test_redoubt_card_the_heuristic_and_the_random_knight():
    """The heuristic knight leaves the hardest card when a rival moves first next round, the
    mildest (first of equals) when he does; the random knight any of them."""
    state = redoubt_state(players=3)
    assert state.round == 0 and SP.next_first_player(state) == 1  # "passes to the left"
    assert SP.redoubt_card(state, 0, [0, 2, 1], True) == 1
    assert SP.redoubt_card(state, 1, [3, 1, 2], True) == 2  # the mildest, not the first
    assert SP.redoubt_card(state, 0, [2, 0, 3], True) == 0  # equals: the first card
    state.rng = FixedRandom(0.9)
    assert SP.redoubt_card(state, 0, [1, 2, 3], False) == 3
    rnd = redoubt_state(bots="random")
    rnd.rng = FixedRandom(0.0)
    rnd.wasteland.order = [0, 1, 2]
    SP.perform(rnd, 0, rnd.seats[0], X.REDOUBT, -1)
    assert rnd.redoubt == [(2, rnd.round)]  # the random knight's first drawn card
    me = redoubt_state()
    me.wasteland.order, me.round = [0, 1, 2], 1  # knight 1 moves first in round 3
    SP.perform(me, 0, me.seats[0], X.REDOUBT, -1)
    assert me.redoubt == [(0, 1)]


def test_redoubt_play_the_last_rounds_card_and_discards_older_ones():
    """"In the next Move Step ... the Waster must play 1 card placed under the Waster marker";
    a card of an earlier round is discarded, one placed this round waits for the next."""
    state = redoubt_state()
    state.round = 3
    state.wasteland.discard = []
    state.redoubt = [(10, 1), (11, 2), (12, 2), (13, 3)]
    assert SP.redoubt_play(state) == 11
    assert state.redoubt == [(12, 2), (13, 3)] and state.wasteland.discard == [10]
    assert SP.redoubt_play(state) == 12
    assert state.redoubt == [(13, 3)] and state.wasteland.discard == [10]


# --- Sandpiercer ---------------------------------------------------------------------------

def test_sandpiercer_aims_at_any_other_hex_and_the_new_hex_is_explored_with_its_check():
    """Sandpiercer [14]: "place your knight marker on any hex. This is not considered moving.
    You can explore the new hex as normal": the Red Tomb's exploration check (REPAIR (7)) is
    made there, his player marker placed anew."""
    b = with_special(flat_board(1), (2, 0), 7)
    b = Board(tuple(replace(h, tile="S2") if h.coord == (2, 0) else h for h in b.hexes))
    b = with_special(b, (1, 0), 14)
    state = new_tour(b, 2, deck=quiet_deck(), rng=FixedRandom(0.0))
    seat = state.seats[0]
    seat.pos, seat.marker, seat.green = state.tables.index["S1"], False, 1
    targets = [j for a, j in SP.choices(state, seat) if a is X.SANDPIERCER]
    assert seat.pos not in targets and len(targets) == state.tables.n - 1
    tomb = state.tables.index["S2"]
    log = logged(state)
    assert SP.perform(state, 0, seat, X.SANDPIERCER, tomb) \
        == "explores the new hex (no exploration action there)"
    i = log.index("knight 1 places his knight marker on S2")
    assert any("makes the exploration check" in line for line in log[i + 1:])
    assert seat.pos == tomb and seat.marker and seat.green == 0


# --- the heuristic knight's pick (its documented policy) ------------------------------------

def test_heuristic_gangraen_luck_cerbero_alice():
    """Gangraen's roll when healthy (3+) and stocked (2+ green); Queen's Valley's luck cards
    with 3 or fewer in hand; Cerbero Tower's yellow card with 2+ green; Alice's always."""
    g = explore_at(1)
    seat = g.seats[0]
    for health, green, want in ((3, 2, True), (2, 2, False), (3, 1, False), (4, 3, True)):
        seat.knight, seat.green = replace(seat.knight, health=health), green
        assert SP.heuristic(g, 0) == ((X.GANGRAEN_ROLL, -1) if want else None)
    q = explore_at(3)
    for luck, want in (([1, 1, 1, 0], True), ([1, 1, 1, 1], False)):
        q.seats[0].luck = luck
        assert SP.heuristic(q, 0) == ((X.LUCK_CARDS, -1) if want else None)
    c = explore_at(11)
    for green, want in ((2, True), (1, False)):
        c.seats[0].green = green
        assert SP.heuristic(c, 0) == ((X.YELLOW_GEAR, -1) if want else None)
    a = explore_at(5)
    a.seats[0].red = 1
    assert SP.heuristic(a, 0) == (X.RED_FOR_REPUTATION, -1)


def test_heuristic_sandpiercer_goes_to_a_task_hex_keeping_a_green_card():
    state = explore_at(14)
    seat = state.seats[0]
    other = state.tables.start
    state.tasks = [T.Task(other, other, "talk", holder=0)]  # his task's second hex
    for task_hex, green, want in ((-1, 2, other), (seat.pos, 2, other), (-1, 1, None)):
        state.task_hex, seat.green = task_hex, green
        assert SP.heuristic(state, 0) == (None if want is None else (X.SANDPIERCER, want))
    state.tasks, state.task_hex, seat.green = [], -1, 3
    assert SP.heuristic(state, 0) is None  # nowhere to go


def test_heuristic_red_tomb_aims_at_the_reputation_leader_elsewhere():
    """Red Tomb on the hex of the rival who leads in Reputation (first of equals), never his
    own hex, never a K.O.'d rival; none when every rival trails him."""
    state = explore_at(7, players=3)
    me, a, b = state.seats
    n = state.tables.nbrs[me.pos]
    here, q1, q2 = me.pos, n[0], n[1]
    me.rep = 0
    for (pa, ra, ka), (pb, rb), want in (
            ((here, 5, False), (q2, 0), q2),     # a rival on his own hex is not aimed at
            ((q1, 3, False), (q2, 2), q1),
            ((q1, 2, False), (q2, 3), q2),
            ((q1, 2, False), (q2, 2), q1),       # equals: the first
            ((q1, 5, True), (q2, 0), q2)):       # a K.O.'d rival is not aimed at
        a.pos, a.rep, a.ko, b.pos, b.rep = pa, ra, ka, pb, rb
        assert SP.heuristic(state, 0) == (X.RED_TOMB, want)
    me.rep = 9
    assert SP.heuristic(state, 0) is None


def test_heuristic_redoubt_when_a_rival_moves_first_and_not_in_the_last_round():
    state = explore_at(13, players=4)
    assert state.setup.rounds == 10
    state.seats[1].pos = state.seats[0].pos  # knight 2 on the Redoubt too
    for rnd, s, want in ((8, 0, True), (9, 0, False), (0, 1, False), (0, 0, True)):
        state.round = rnd
        assert SP.heuristic(state, s) == ((X.REDOUBT, -1) if want else None)
