"""The round in rulebook order, clause by clause (state.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: every knight's turn in each
step (none skipped), Fuel starvation and the other records counted once more, tokens added to a
hex's icons, the luck card drawn at the limit, the city option, a knight knocked out in a duel,
the Waster's card against a driving knight, a wrecked vehicle, gear over its places, the end of
the game's line, and the decisions refused in the wrong step.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_knights import knights as K
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import stalls as S
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.actions import CityChoice, Drive, Explore, QuickResupply, Stay
from pnp.games.waste_knights.cards import Card
from pnp.games.waste_knights.data import vehicle_capacities
from pnp.games.waste_knights.simulate import tour_setup
from pnp.games.waste_knights.state import CITY, EXPLORE, MOVE, RESUPPLY, TourState
from pnp.games.waste_knights.tour_stats import FIELDS

from .tour_helpers import SPEEDS, FixedRandom, flat_board, new_tour, passive, quiet_deck

F = {name: i for i, name in enumerate(FIELDS)}
MILD = Card("Quiet Road", "event", "survival", 5)
HARD_NOT_ON_FOOT = Card("Road Block", "event", "survival", 9, effects=(("lose_health", 1),),
                        on_foot=False)


def until(state, test):
    while not test(state):
        state.apply(passive(state))


def test_game_setup_knights_start_in_gangraen_with_luck_of_the_drawn_icons():
    """Game Setup: each knight's marker on Gangraen [1] (explored: his start), "3 luck cards"
    of the drawn icons (draw 0.9: the last icon)."""
    state = new_tour(flat_board(2), 3, rng=FixedRandom(0.9))
    assert all(s.visited == 1 << state.tables.start for s in state.seats)
    assert all(s.luck == [0, 0, 0, 3] for s in state.seats)
    assert len(state.records()) == 3 * len(FIELDS)


def test_fuel_starvation_counted_once_a_round_and_each_knight_moves():
    """Move Step: a knight at 0 Fuel cannot drive (Fuel starvation, counted once more per
    round); a K.O.'d knight "performs no activities or actions" and the next one moves."""
    state = new_tour(flat_board(2), 3)
    until(state, lambda s: s.round == 1 and s.decision is MOVE)
    a, b, c = state.seats  # round 2: knight 2 is the First Player
    b.ko, c.knight, a.knight = True, R.Knight(fuel=0), R.Knight(fuel=1)
    c.stats[F["starved_rounds"]] = a.stats[F["starved_rounds"]] = 1
    state._k, state._step = 0, 1  # the Move Step from its first knight again
    state._advance()
    order = []
    while state.decision is MOVE:
        order.append(state.current_player)
        state.apply(state.stay())
    assert order == [2, 0]
    assert (c.stats[F["starved_rounds"]], a.stats[F["starved_rounds"]]) == (2, 1)


def test_every_knight_explores_and_rests_in_turn():
    """Exploration Step and Rest Step: each knight in turn; one with nothing to do is passed
    and the next one is asked; Quick Resupply only for a conscious knight holding luck cards."""
    state = new_tour(flat_board(2), 3)
    until(state, lambda s: s.decision is EXPLORE)
    asked = []
    while state.decision is EXPLORE:
        asked.append(state.current_player)
        state.apply(Explore(state.current_player, None))
    assert asked == [0, 1, 2]  # all on Gangraen
    state = new_tour(flat_board(2), 3)
    state.seats[0].pos = state.tables.nbrs[state.tables.start][0]
    until(state, lambda s: s.decision is EXPLORE)
    assert state.current_player == 1  # knight 1 on a normal hex: nothing to explore
    state.apply(Explore(1, None))
    assert state.decision is EXPLORE and state.current_player == 2
    a, b, c = state.seats
    a.luck, b.luck, c.luck = [0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]
    until(state, lambda s: s.decision is not EXPLORE)
    assert state.decision is RESUPPLY and state.current_player == 1


def test_preparations_every_knight_with_tokens_added_to_the_icons():
    """Waster Step b): Radiation "from a hex and any ... tokens" on it; Knights Step c): each
    knight draws a luck card; a knight the icons knock out draws none and is counted."""
    state = new_tour(flat_board(2, radiation=1, contamination=1), 2, rng=FixedRandom(0.0))
    n1 = state.tables.nbrs[state.tables.start][0]
    for seat in state.seats:
        seat.pos, seat.luck = n1, [0, 0, 0, 0]
    until(state, lambda s: s.round == 1)
    a, b = state.seats
    state.radiation[n1], state.contamination[n1] = 1, 1
    a.knight, b.knight = R.Knight(4, 4, 0, 4), R.Knight(4, 2, 3, 4)
    b.stats[F["ko_radiation"]] = 1
    a.luck, b.luck = [0, 0, 0, 0], [0, 0, 0, 0]
    state.round, state._step, state._k = 1, 0, 0
    state.log = []
    state._advance()
    assert a.knight == R.Knight(4, 2, 2, 4)  # 1 + 1 Radiation, 1 + 1 Health
    assert sum(a.luck) == 1 and b.luck == [0, 0, 0, 0] and b.ko
    assert b.stats[F["ko_radiation"]] == 2
    assert any(line.startswith("knight 2 is knocked out by radiation") for line in state.log)
    assert any(line.startswith("knight 1 on ") for line in state.log)


def test_the_luck_card_at_the_limit_and_its_icon():
    """Draw Luck Cards: "Players can have up to 5 cards on their hands": the card drawn at the
    limit is discarded; below it, the drawn icon (draw 0.9: Ammo)."""
    state = new_tour(flat_board(2), 2, rng=FixedRandom(0.9))
    seat = state.seats[1]
    state.log = []
    seat.luck = [1, 1, 1, 2]
    state._draw_luck_card(1)
    assert seat.luck == [1, 1, 1, 2] and state.log[-1] == ("knight 2 draws a luck card: "
                                                          "discarded, 5 cards in hand")
    seat.luck = [0, 0, 0, 0]
    state._draw_luck_card(1)
    assert seat.luck == [0, 0, 0, 1] and state.log[-1] == "knight 2 draws a luck card: Ammo"
    state.rng = FixedRandom(0.0)
    state._draw_luck_card(1)
    assert seat.luck == [1, 0, 0, 1] and state.log[-1] == "knight 2 draws a luck card: Fuel"


def test_the_city_option_is_the_one_chosen():
    """Waster Step b): "heal 1 Radiation / heal 1 Health / gain +1 Ammo / gain +1 Fuel"."""
    state = new_tour(flat_board(2), 2)
    until(state, lambda s: s.decision is CITY)
    s = state.current_player
    seat = state.seats[s]
    seat.knight = R.Knight(2, 3, 2, 2)
    state.log = []
    state.apply(CityChoice(s, R.CityOption.HEAL_RADIATION))
    assert seat.knight == R.Knight(2, 3, 1, 2)
    assert state.log[0] == f"knight {s + 1}: Radiation 2 -> 1"
    until(state, lambda st: st.decision is CITY)
    with pytest.raises(IllegalAction) as err:
        state.apply(CityChoice(state.current_player, "banana"))  # type: ignore[arg-type]
    assert str(err.value) == "no city option 'banana'"


def test_decisions_refused_in_the_wrong_step_saying_which():
    state = new_tour(flat_board(2), 2)
    assert state.decision is MOVE and state.current_player == 0
    for action in (CityChoice(0, R.CityOption.FUEL), Explore(0, None), QuickResupply(0, None)):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert str(err.value) == f"{action}: knight 1 is deciding move"
    with pytest.raises(IllegalAction) as err:
        state.apply(Drive(0, ("C1",), 0))
    assert str(err.value) == "knight 1 drives C1 (0 Fuel): it enters no hex"
    with pytest.raises(IllegalAction) as err:
        state.apply(Stay(0, "N1"))
    assert str(err.value) == "knight 1 stays on N1: knight 1 is on C1"
    with pytest.raises(IllegalAction) as err:
        state.apply(Drive(0, ("N1", "N2"), 1))
    assert str(err.value) == "knight 1 drives N1 -> N2 (1 Fuel): knight 1 is on C1"


def test_a_wrecked_vehicle_drives_no_more():
    """Vehicles: a wrecked knight "must move on foot"."""
    state = new_tour(flat_board(2), 2)
    state.seats[0].vdamage = W.WRECKED
    to = state.tables.tile[state.tables.nbrs[state.tables.start][0]]
    action = Drive(0, ("C1", to), 1)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert str(err.value) == f"{action}: knight 1's vehicle is wrecked (on foot only)"


def test_a_drive_counts_its_records_and_the_waster_plays_against_a_vehicle():
    """Resolve Movement: the Waster reveals 1 card plus 1 per Threat icon and plays the hardest
    on a knight in a vehicle (a card that spares knights on foot too); the records add up."""
    state = new_tour(flat_board(2, threat=1), 2, deck=quiet_deck(MILD, HARD_NOT_ON_FOOT))
    state.wasteland.order = [0, 1]
    seat = state.seats[0]
    for f in ("fuel_spent", "hexes_entered", "cards_faced", "cards_drawn"):
        seat.stats[F[f]] = 1
    state.log = []
    state.apply(state.drive(state.tables.nbrs[state.tables.start][0]))
    assert state.pending == 1
    assert [seat.stats[F[f]] for f in ("fuel_spent", "hexes_entered", "cards_faced",
                                       "cards_drawn")] == [2, 2, 2, 3]
    assert any("draws 2 wasteland cards and plays Road Block" in line for line in state.log)


def test_a_knight_knocked_out_in_a_duel_lies_where_it_happened(monkeypatch):
    """Duels: a knight knocked out on his route stays on that hex and no card is played; with 2
    knights the route is checked for the other knight too (Game Variants)."""
    calls = []

    def meet(state, s, seat, route):
        calls.append(s)
        seat.ko = True
        return route[:1]

    monkeypatch.setattr(K, "meet", meet)
    state = new_tour(flat_board(1), 2)
    seat = state.seats[0]
    seat.stats[F["hexes_entered"]], seat.marker = 1, True
    start = state.tables.start
    a = state.tables.nbrs[start][0]
    b = next(j for j in state.tables.nbrs[a] if j != start and j not in state.tables.nbrs[start])
    route = state.tables.tile[start], state.tables.tile[a], state.tables.tile[b]
    state.apply(Drive(0, route, 1))
    assert calls == [0] and seat.pos == a and not seat.marker
    assert seat.stats[F["hexes_entered"]] == 2 and state.pending == -1


def test_gear_over_its_places_is_discarded_after_each_decision():
    """Knight Sheet and Vehicles: gear beyond the pockets, backpack and Capacity is discarded."""
    caps = vehicle_capacities()
    setup = tour_setup(flat_board(2), SPEEDS, 2, ["strider"], ["heuristic"], 10,
                       deck=quiet_deck(), capacities=caps)
    state = TourState(setup, FixedRandom(0.0))
    seat = state.seats[0]
    seat.green, seat.yellow, seat.red = 0, 0, 30
    state.apply(state.stay())
    assert seat.red == W.gear_room(seat) < 30
    other = state.seats[1]
    other.green, other.yellow, other.red = 0, 30, 0
    state.apply(state.stay())
    assert other.green + other.yellow + other.red == W.gear_room(other) < 30


def test_the_end_of_the_game_says_the_winner():
    """Winning the Game: the most Reputation, ties by gear value; shared if still tied."""
    state = new_tour(flat_board(2), 3, rounds=1)
    until(state, lambda s: s.round == 0 and s.decision is RESUPPLY or s.is_over())
    a, b, c = state.seats
    a.rep, b.rep, c.rep = 2, 2, 1
    a.green, b.green, c.green = 1, 1, 1
    a.yellow = b.yellow = c.yellow = a.red = b.red = c.red = 0
    a.luck = b.luck = c.luck = [0, 0, 0, 0]
    state.log = []
    until(state, lambda s: s.is_over())
    assert state.current_player == -1
    assert state.log[-1] == ("end of the game after 1 rounds; Reputation (gear value): knight 1 "
                             "2 (1), knight 2 2 (1), knight 3 1 (1); winner: knight 1 and knight 2")


def test_the_waster_updates_the_stalls_when_the_leader_is_in_a_city():
    """Waster Step e): the Waster bot discards up to 2 cards the leader could gain from, when
    the leader stands in a city with the Stalls, and refills them."""
    state = new_tour(flat_board(2), 2)
    until(state, lambda s: s.round == 1 and s.decision is MOVE)
    a, b = state.seats
    a.pos, a.rep, b.pos, b.rep = state.tables.nbrs[state.tables.start][0], 5, state.tables.start, 0
    state.stalls = [None if i < 2 else c for i, c in enumerate(state.stalls)]
    state.log = []
    state._update_stalls()
    assert state.log == []  # the leader (knight 1) is not in a city; knight 2 does not count
    a.pos = state.tables.start
    state.stalls = [None] * len(state.stalls)
    state._update_stalls()
    assert state.log == []  # nothing on the Stalls to discard
    state.stalls = [sp.gear for sp in state.setup.stalls]
    d1, d2 = S.waster_discards(state.setup.stalls, state.stalls, "Gangraen")
    state._update_stalls()
    assert state.log == [f"the Waster updates the Stalls: discards spaces {d1 + 1}, {d2 + 1} "
                         "and refills them"]
    assert all(c is not None for c in state.stalls)


def test_clone_copies_the_duel_record_and_the_log():
    state = new_tour(flat_board(2), 2)
    state.beaten = {0: {1}}
    state.log = ["a line"]
    lines = list(state.log)
    c = state.clone()
    assert c.beaten == {0: {1}} and c.log == lines
    c.beaten[0].add(2)
    c.log.append("another")
    assert state.beaten == {0: {1}} and state.log == lines


def test_draw_task_leaves_out_the_task_just_done():
    state = new_tour(flat_board(2), 2, rng=FixedRandom(0.0))
    a, b = state.tables.start, state.tables.nbrs[state.tables.start][0]
    state.tables = replace(state.tables, specials=(a, b))
    assert state.draw_task(done=a) == b and state.task_hex == b
