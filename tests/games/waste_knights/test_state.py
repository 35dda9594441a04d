"""The tour as a game state: decisions, legal actions, the rules' checks, the round's order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.api import IllegalAction
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import (
    CityChoice,
    Drive,
    Explore,
    Face,
    QuickResupply,
    Stay,
    Walk,
    parse_action,
)
from pnp.games.waste_knights.bots import BOTS
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.simulate import RULES
from pnp.games.waste_knights.state import CITY, EXPLORE, FACE, MOVE, OVER, RESUPPLY, TourState
from pnp.games.waste_knights.tour import TourModel

from .tour_helpers import (
    FixedRandom,
    flat_board,
    hex_of,
    new_tour,
    passive,
    play_round,
    quiet_deck,
    with_special,
)

BOARD = session_board(3, default_catalogue())


def random_game(seed: int, players: int = 3, bots: str = "random", **kw):
    """A tour played to its end by ``bots``; yields (state before, action) at every decision."""
    state = new_tour(BOARD, players, rng=random.Random(seed), bots=bots, **kw)
    rng = random.Random(seed + 1)
    bot = BOTS[bots](state.setup, 0)
    while not state.is_over():
        action = bot.choose(state, rng)
        yield state, action
        state.apply(action)


# --- actions ----------------------------------------------------------------------------------

def test_action_texts_read_as_play():
    assert str(Drive(1, ("C1", "N3", "S4"), 2)) == "knight 2 drives C1 -> N3 -> S4 (2 Fuel)"
    assert str(Walk(0, "N3", "S4")) == "knight 1 walks N3 -> S4 (on foot)"
    assert str(Stay(3, "C2")) == "knight 4 stays on C2"
    assert str(CityChoice(0, R.CityOption.FUEL)) == "knight 1 takes the city option: gain +1 Fuel"
    assert str(Explore(0, R.ExplorationAction.FUEL)) == "knight 1 explores: gain Fuel"
    assert str(Explore(2, None)) == "knight 3 explores: no exploration action"
    assert str(QuickResupply(0, R.LuckIcon.AMMO)) == \
        "knight 1 discards an Ammo luck card (Quick Resupply)"
    assert str(QuickResupply(0, None)) == "knight 1 keeps his luck cards (Quick Resupply)"


def test_every_action_kind_round_trips_through_its_text():
    actions = [Drive(1, ("C1", "N3", "S4"), 2), Walk(0, "N3", "S4"), Stay(3, "C2")]
    actions += [CityChoice(1, o) for o in R.CityOption]
    actions += [Explore(0, a) for a in R.ExplorationAction] + [Explore(0, None)]
    actions += [QuickResupply(2, i) for i in R.LuckIcon] + [QuickResupply(2, None)]
    for a in actions:
        assert parse_action(str(a)) == a and RULES.parse_action(str(a)) == a
        assert hash(parse_action(str(a))) == hash(a)
    for bad in ("", "knight 0 stays on C1", "knight 1 drives C1 (1 Fuel)", "knight 1 flies",
                "knight 1 explores: Trade", "knight 2 discards a Gold luck card (Quick Resupply)"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_actions_are_values_of_their_kind():
    assert Stay(0, "C1") == Stay(0, "C1") and Stay(0, "C1") != Walk(0, "C1", "C1")
    with pytest.raises(AttributeError):
        Stay(0, "C1").seat = 1  # type: ignore[misc]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["random", "heuristic"]))
def test_bot_actions_are_legal_and_every_legal_action_reads_back(seed, bots):
    """Both bots only choose listed actions; every listed action's text parses back to it."""
    for state, action in random_game(seed, bots=bots):
        legal = state.legal_actions()
        assert action in legal
        assert len(set(legal)) == len(legal)
        for a in legal:
            assert parse_action(str(a)) == a
            assert a.seat == state.current_player


# --- the decisions and their legal actions --------------------------------------------------

def test_game_starts_at_the_first_players_move_and_ends_after_the_last_round():
    state = new_tour(BOARD, 3, rounds=2)
    assert state.decision is MOVE and state.current_player == 0 and not state.is_over()
    assert state.returns() == (0.0, 0.0, 0.0)
    play_round(state)
    play_round(state)
    assert state.is_over() and state.decision is OVER and state.legal_actions() == ()
    assert state.returns() == (pytest.approx(1 / 3),) * 3  # nobody explored: a three-way tie
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Stay(0, "C1"))


def test_move_step_offers_stay_walks_and_one_cheapest_route_per_reachable_hex():
    state = new_tour(BOARD, 2)
    t, seat = state.tables, state.seats[0]
    legal = state.legal_actions()
    assert legal[0] == Stay(0, "C1")
    walks = [a for a in legal if isinstance(a, Walk)]
    drives = [a for a in legal if isinstance(a, Drive)]
    assert {a.to for a in walks} == {t.tile[j] for j in t.nbrs[t.start]}
    budget = R.movement_points(seat.knight.fuel, seat.speed)
    reach = {j for j in range(t.n) if j != t.start and t.mp[t.start][j] <= budget}
    assert {a.route[-1] for a in drives} == {t.tile[j] for j in reach}
    for a in drives:
        route = [t.coords[t.index[x]] for x in a.route]
        assert R.route_problem(route[0], route[1:]) is None
        mp = sum(t.diff[t.index[x]] for x in a.route[1:])
        assert mp == t.mp[t.start][t.index[a.route[-1]]]
        assert a.fuel == R.fuel_needed(mp, seat.speed) <= seat.knight.fuel


def test_with_no_fuel_only_staying_and_walking_are_offered():
    """Moving on Foot needs no Fuel; a vehicle move needs at least 1 (heavy-duty: speed 2, so
    4 hexes of difficulty 2 empty the tank)."""
    state = new_tour(flat_board(2), 2, vehicle="heavy-duty")
    t = state.tables
    route = ("C1",) + tuple(t.tile[j] for j in _simple_path(t, 4))
    state.apply(Drive(0, route, 4))
    assert state.seats[0].knight.fuel == 0
    play_round(state)  # knight 2 (now First Player) and knight 1 stay
    state.apply(state.stay())
    assert state.current_player == 0 and state.decision is MOVE
    kinds = {type(a) for a in state.legal_actions()}
    assert kinds == {Stay, Walk}
    with pytest.raises(IllegalAction, match="Fuel"):
        state.apply(Drive(0, (route[-1], route[-2]), 1))


def _simple_path(t, length):
    """A chain of ``length`` adjacent hexes from Gangraen outwards (no hex twice)."""
    path, here = [], t.start
    for _ in range(length):
        here = next(j for j in t.nbrs[here] if j not in path and j != t.start
                    and t.mp[t.start][j] >= t.mp[t.start][here])
        path.append(here)
    return path


def test_with_one_fuel_any_adjacent_hex_is_a_vehicle_move():
    """Move Step: "When the Active Player starts his move with at least 1 Fuel, he can move to
    any hex adjacent to the hex where he started moving": with 1 Fuel at speed 2 (2 Movement
    Points) a difficulty-3 hex is entered all the same, for the 1 Fuel he has; a hex beyond it
    is not (the route cannot continue without Movement Points)."""
    state = new_tour(flat_board(3), 2, vehicle="heavy-duty")
    t = state.tables
    first = t.nbrs[t.start][0]
    nxt = next(j for j in t.nbrs[first] if j != t.start and t.mp[t.start][j] == 6)
    state.apply(Drive(0, ("C1", t.tile[first], t.tile[nxt]), 3))  # 6 MP: 3 Fuel
    play_round(state)
    state.apply(state.stay())
    assert state.current_player == 0 and state.seats[0].knight.fuel == 1
    drives = {a.route[-1]: a for a in state.legal_actions() if isinstance(a, Drive)}
    assert set(drives) == {t.tile[j] for j in t.nbrs[nxt]}
    assert all(a.fuel == 1 and len(a.route) == 2 for a in drives.values())
    far = next(j for j in t.nbrs[first] if j not in t.nbrs[nxt] and j != nxt)
    with pytest.raises(IllegalAction, match="Movement Points"):
        state.apply(Drive(0, (t.tile[nxt], t.tile[first], t.tile[far]), 1))
    state.apply(Drive(0, (t.tile[nxt], t.tile[first]), 1))
    assert state.seats[0].pos == first and state.seats[0].knight.fuel == 0


# --- the rules referee every action ---------------------------------------------------------

@pytest.mark.parametrize("action, message", [
    (Drive(1, ("C1", "N1"), 1), "knight 1's decision"),
    (QuickResupply(0, None), "deciding move"),
    (Drive(0, ("N1", "N2"), 1), "is on C1"),
    (Drive(0, ("C1",), 1), "enters no hex"),
    (Drive(0, ("C1", "N1", "C1"), 1), "where the movement starts"),
    (Drive(0, ("C1", "N1", "N2", "N1"), 2), "twice"),
    (Drive(0, ("C1", "N30"), 1), "not adjacent"),
    (Drive(0, ("C1", "Z9"), 1), "no hex Z9"),
    (Drive(0, ("C1", "N1"), 2), "costs 1 Fuel"),
    (Walk(0, "C1", "N30"), "not adjacent"),
    (Stay(0, "N1"), "is on C1"),
    ("knight 1 stays on C1", "knight 1's decision"),
])
def test_illegal_plans_are_refused(action, message):
    """Plan Route: an unbroken chain, no hex twice, never through the start hex, paid in Fuel."""
    state = new_tour(flat_board(2), 2)
    assert [h for h in ("N1", "N2") if hex_of(state, h) in state.tables.nbrs[state.tables.start]]
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.current_player == 0 and state.decision is MOVE  # nothing happened


def test_a_legal_route_other_than_the_cheapest_is_accepted():
    """apply() takes any route the rules allow, not only the listed cheapest ones."""
    state = new_tour(flat_board(1), 2)
    t = state.tables
    a, b = t.nbrs[t.start][:2]
    assert b in t.nbrs[a]
    state.apply(Drive(0, ("C1", t.tile[a], t.tile[b]), 1))  # 2 MP where 1 would do
    assert state.seats[0].pos == b and state.seats[0].knight.fuel == 3


def test_exploration_and_resupply_choices_are_checked():
    """Performing Exploration Action: only what the hex offers; Quick Resupply: a card in hand."""
    b = with_special(flat_board(1), (1, 0), 12)  # Rusty's Garden: +3 Fuel, +1 green gear card
    state = new_tour(b, 2, deck=quiet_deck())
    state.apply(Drive(0, ("C1", "S1"), 1))
    assert state.decision is FACE and state.current_player == 0
    assert set(state.legal_actions()) == {Face(0, False), Face(0, True)}
    with pytest.raises(IllegalAction, match="deciding face"):
        state.apply(state.stay())
    state.apply(Face(0, False))
    state.apply(state.stay())
    assert state.decision is EXPLORE and state.current_player == 0
    assert set(state.legal_actions()) == {Explore(0, None), Explore(0, R.ExplorationAction.FUEL),
                                          Explore(0, R.ExplorationAction.GREEN_GEAR)}
    with pytest.raises(IllegalAction, match="offers"):
        state.apply(Explore(0, R.ExplorationAction.HEAL_HEALTH))
    state.apply(Explore(0, R.ExplorationAction.FUEL))
    assert state.seats[0].knight.fuel == R.FUEL_MAX  # 3 + 3, capped at 4
    state.apply(passive(state))  # knight 2 in Gangraen
    assert state.decision is RESUPPLY and state.current_player == 0
    hand = state.seats[0].luck
    missing = next(icon for i, icon in enumerate(R.LUCK_ICONS) if not hand[i])
    with pytest.raises(IllegalAction, match="holds no"):
        state.apply(QuickResupply(0, missing))


def test_city_option_is_a_decision_of_a_knight_in_a_city():
    """Waster Step b): a knight on a city hex chooses one option (not in round 1)."""
    state = new_tour(BOARD, 2)
    play_round(state, lambda s: None)  # everybody stays in Gangraen
    # Round 2 started with both knights' city option, before the Move Step.
    state2 = new_tour(BOARD, 2)
    decisions = []
    while state2.round < 1 or state2.decision is not MOVE:
        decisions.append((state2.round, state2.decision, state2.current_player))
        state2.apply(passive(state2))
    assert (1, CITY, 0) in decisions and (1, CITY, 1) in decisions
    assert set(state2.legal_actions()) >= {state2.stay()}


# --- the round's order (mutation-sensitive) ---------------------------------------------------

def test_preparations_phase_is_skipped_in_the_first_round():
    """Preparations Phase: "Skip this phase during the first round of the game": no luck card
    drawn and no task marked before round 1's Move Step; both happen before round 2's."""
    state = new_tour(flat_board(2), 3)
    assert [sum(s.luck) for s in state.seats] == [R.START_LUCK] * 3
    assert state.task_marks == 0 and state.round == 0
    play_round(state)
    assert [sum(s.luck) for s in state.seats] == [R.START_LUCK + 1] * 3
    assert state.task_marks == 1 and state.round == 1


def test_first_player_marker_passes_left_each_round():
    """Round Order starts at the First Player; Waster Step f) passes his marker to the left."""
    state = new_tour(flat_board(2), 3, rounds=4)
    orders: list[list[int]] = []

    def note(s):
        if s.decision is MOVE:
            orders[-1].append(s.current_player)

    while not state.is_over():
        orders.append([])
        play_round(state, note)
    assert orders == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]


def test_exploration_player_marker_spares_a_second_check_while_the_knight_stays():
    """Exploration Check: "No matter the check result, the Active Knight places his player
    marker on this hex. As long as he stays on this hex ... he will be able to explore this hex
    without the need to make its exploration check. When the knight leaves this hex, he removes
    his player marker." With 1 die every Challenging check fails at a draw of 0.5, and escape
    checks against Easy cards pass."""
    b = with_special(flat_board(1), (1, 0), 9)  # Old Refinery: Survival (7)
    model = TourModel(explore_skill=1)
    state = new_tour(b, 2, model=model, rng=FixedRandom(0.5))
    state.log = []
    refinery = hex_of(state, "S1")
    away = next(j for j in state.tables.nbrs[refinery] if j != state.tables.start)
    checks = []

    def round_with(move):
        state.log = []
        play_round(state, lambda s: move(s) if s.decision is MOVE and s.current_player == 0
                   else None)
        checks.append(sum("exploration check" in line for line in state.log))

    round_with(lambda s: Drive(0, ("C1", "S1"), 1))  # round 1: the check fails
    assert checks == [1] and state.seats[0].stats[0] == 0
    round_with(lambda s: s.stay())  # round 2: stays, explores without a check
    assert checks == [1, 0] and state.seats[0].stats[0] == 1
    round_with(lambda s: s.walk(away))  # round 3: leaves, the marker goes
    round_with(lambda s: s.walk(refinery))  # round 4: back, a new check
    assert checks == [1, 0, 0, 1]


# --- the state protocol -----------------------------------------------------------------------

def test_clone_copies_the_random_stream_and_is_independent():
    state = new_tour(BOARD, 4, rng=random.Random(7))
    for _ in range(3):
        play_round(state)
    twin = state.clone()
    assert twin.rng.getstate() == state.rng.getstate()
    ref = state.clone()
    while not twin.is_over():
        play_round(twin, lambda s: BOTS["heuristic"](s.setup, 0).choose(s, random.Random(0)))
    assert ref.records() == state.records() and ref.rng.getstate() == state.rng.getstate()
    while not state.is_over():
        play_round(state, lambda s: BOTS["heuristic"](s.setup, 0).choose(s, random.Random(0)))
    assert state.records() == twin.records()


def test_returns_share_the_win_between_tied_knights():
    """Winning the Game: the most Reputation, ties broken by gear value, a tie shared."""
    ties = 0
    for seed in range(40):
        for state, _ in random_game(seed, players=2, bots="heuristic", rounds=3):  # noqa: B007
            pass
        assert state.is_over()
        pts = [state.score(s) for s in range(2)]
        ret = state.returns()
        assert sum(ret) == pytest.approx(1)
        assert all((r > 0) == (p == max(pts)) for r, p in zip(ret, pts, strict=True))
        ties += pts[0] == pts[1]
        if pts[0] == pts[1]:
            assert ret == (0.5, 0.5)
    assert ties


def test_log_tells_what_the_waster_and_the_rules_did():
    """Cards drawn and played, checks, K.O.s, tasks and the end, in the replay's words."""
    b = flat_board(2, contamination=4)  # every hex but Gangraen knocks a knight out
    state = new_tour(b, 2, rounds=2)
    state.log = []
    assert state.log[0].startswith("Game Setup: 2 knights in C1 Gangraen [1]")
    t = state.tables
    state.apply(state.walk(t.nbrs[t.start][0]))
    play_round(state)
    while not state.is_over():
        state.apply(passive(state))
    text = "\n".join(state.log)
    for words in ("the Waster (knight 2) draws 1 wasteland card and plays", "escape check ",
                  "is knocked out by health", "regains consciousness in C1 Gangraen [1]",
                  "round 2 of 2: First Player knight 2", "end of the game after 2 rounds"):
        assert words in text
    assert state.seats[0].stats[8] == 1  # ko_contamination


def test_a_new_state_needs_no_log_and_makes_none():
    state = TourState(new_tour(BOARD, 2).setup, random.Random(3))
    assert state.log is None
    while not state.is_over():
        state.apply(passive(state))
    assert state.log is None


def test_common_task_is_outdated_after_three_markers():
    """Waster Step a): "If there are 3 general markers on any task card, such task becomes
    outdated" and a new one comes into play."""
    state = new_tour(BOARD, 2, rounds=6)
    state.log = []
    marks = []
    while not state.is_over():
        marks.append(state.task_marks)
        play_round(state)
    assert marks == [0, 1, 2, 0, 1, 2]
    assert sum("the common task is outdated" in line for line in state.log) == 1


def test_rest_step_wakes_knocked_out_knights_in_the_nearest_city():
    """Rest Step d) Regain Consciousness: nearest city, heal 2 on the K.O. dial, then lose
    1 Ammo and 1 Fuel. A knight 2 hexes out on a board where every hex contaminates 4 times is
    K.O.'d at round 2's Waster Step and wakes in Gangraen at the end of round 2."""
    state = new_tour(flat_board(2, contamination=4), 2)
    t = state.tables
    a = t.nbrs[t.start][0]
    b = next(j for j in t.nbrs[a] if t.mp[t.start][j] == 4)
    state.apply(Drive(0, ("C1", t.tile[a], t.tile[b]), 1))
    play_round(state)
    assert state.seats[0].ko and state.seats[0].stats[8] == 1  # ko_contamination
    assert state.current_player == 1  # an unconscious knight makes no move
    state.log = []
    state.apply(state.stay())
    while state.decision is not MOVE:
        state.apply(passive(state))
    assert "knight 1 regains consciousness in C1 Gangraen [1]: Fuel 2, Health 2, Radiation 0, " \
           "Ammo 3" in state.log
    assert not state.seats[0].ko and state.seats[0].pos == t.start
