"""Board metrics: least Movement Points, Fuel and threat from Gangraen (Move Step), bands."""

import heapq
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import generate_board, session_board
from pnp.games.waste_knights.hexes import VEHICLES, Kind, neighbours
from pnp.games.waste_knights.metrics import (
    Bands,
    all_pairs,
    analyse,
    board_metrics,
    candidate_seed,
    find_balanced,
    rounds_to_reach,
    shortfall,
)
from pnp.games.waste_knights.rules import fuel_needed

CAT = default_catalogue()
SPEEDS = vehicle_speeds()


def test_speed_record_example_16_mp_for_3_fuel():
    # Making Checks / Common Tasks, Speed Record: Strider speed 4, Mel +1 per Fuel, Road Map +1
    # to the sum: 16 Movement Points "so the knight can cover his route for 3 Fuel".
    assert fuel_needed(16, 4, per_fuel_bonus=1, flat_bonus=1) == 3
    assert fuel_needed(16, 4) == 4


def test_mel_gearson_heavy_duty_route_for_1_fuel():
    # Illustrated Movement Example: Heavy-duty gives 2 MP per Fuel, Mel's ability makes it 3:
    # "The knight must spend only 1 Fuel for the whole route."
    assert fuel_needed(3, 2, per_fuel_bonus=1) == 1
    assert fuel_needed(3, 2) == 2


def test_at_least_one_fuel():
    # "the Active Knight must spend at least 1 Fuel no matter the route difficulty"
    assert fuel_needed(0, 4) == 1 and fuel_needed(1, 4) == 1 and fuel_needed(5, 4) == 2


def _dijkstra(board, start):
    """Reference: Dijkstra over (Movement Points, threat), entering a hex costs its difficulty."""
    best = {start: (0, 0)}
    heap = [(0, 0, start)]
    while heap:
        mp, th, c = heapq.heappop(heap)
        if best.get(c, (1e9, 0)) < (mp, th):
            continue
        for n in neighbours(c):
            h = board.at(n)
            cand = (mp + h.route_difficulty, th + h.threat)
            if cand < best.get(n, (1e9, 1e9)):
                best[n] = cand
                heapq.heappush(heap, (*cand, n))
    return best


def _brute_force(board, start, goal, limit):
    """Reference: every simple route (no hex twice, not through the start) up to ``limit``."""
    best = None
    stack = [(start, (start,), 0, 0)]
    while stack:
        c, seen, mp, th = stack.pop()
        if c == goal and c != start:
            best = min(best, (mp, th)) if best else (mp, th)
            continue
        for n in neighbours(c):
            h = board.at(n)
            if n not in seen and mp + h.route_difficulty <= limit:
                stack.append((n, seen + (n,), mp + h.route_difficulty, th + h.threat))
    return best


def test_least_routes_match_brute_force_on_simple_paths():
    board = session_board(21, CAT)
    mp, threat = all_pairs(board)
    start = board.index((0, 0))
    for h in board.destinations()[:6]:
        j = board.index(h.coord)
        assert _brute_force(board, (0, 0), h.coord, int(mp[start, j])) == \
            (int(mp[start, j]), int(threat[start, j]))


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**40 - 1), st.sampled_from(["session", "new-tiles"]))
def test_metrics_reach_every_destination_and_match_dijkstra(seed, mode):
    board, _ = generate_board(seed, mode, CAT)
    metrics = board_metrics(board, SPEEDS)
    ref = _dijkstra(board, (0, 0))
    names = {h.name for h in board.destinations()}
    assert set(metrics) == set(VEHICLES)
    speeds = {"strider": 4, "off-road": 3, "heavy-duty": 2}
    for vehicle, per in metrics.items():
        assert set(per) == names  # every city and special hex reachable
        for h in board.destinations():
            d = per[h.name]
            assert (d["movement_points"], d["threat"]) == ref[h.coord]
            assert d["fuel"] == max(1, -(-d["movement_points"] // speeds[vehicle]))


def test_start_hex_ignored_and_neighbour_cost():
    board = session_board(4, CAT)
    metrics = board_metrics(board, SPEEDS)
    for h in board.destinations():
        if h.coord in neighbours((0, 0)):
            # Entering an adjacent special hex costs exactly its own route difficulty.
            assert metrics["strider"][h.name]["movement_points"] == h.route_difficulty


def test_rounds_to_reach():
    board = session_board(8, CAT)
    mp, _ = all_pairs(board)
    r = rounds_to_reach(board, 2, mp)
    assert r[board.index((0, 0))] == 0
    assert all(r[board.index(c)] == 1 for c in neighbours((0, 0)))
    # With no Fuel only walking is left: one hex per round.
    r0 = rounds_to_reach(board, 2, mp, fuel=0)
    assert r0[board.index((3, 0))] == 3


def test_analysis_checks_and_bands():
    board = session_board(1, CAT)
    a = analyse(board, SPEEDS)
    assert a.city_spread_mp == max(a.city_mp.values()) - min(a.city_mp.values())
    assert len(a.city_pairs_mp) == 6
    assert {c.name for c in a.checks} >= {"city spread (Movement Points)"}
    assert a.passed == all(c.passed for c in a.checks)
    loose = Bands(max_city_spread_mp=99, max_fuel={v: 4 for v in VEHICLES},
                  max_route_threat=99, max_rounds=9)
    assert analyse(board, SPEEDS, bands=loose).passed


def test_reject_unbalanced_redraws_with_child_seeds():
    search = find_balanced("table 3", lambda s: session_board(s, CAT), SPEEDS)
    assert search.passed and search.analysis.passed
    assert search.seed == candidate_seed("table 3", search.tries - 1)
    for attempt in range(search.tries - 1):  # every earlier candidate failed
        assert not analyse(session_board(candidate_seed("table 3", attempt), CAT), SPEEDS).passed
    # The reported seed regenerates the same board without the search.
    assert session_board(search.seed, CAT) == search.board


def test_search_gives_up_after_max_tries():
    strict = Bands(max_city_spread_mp=0)
    search = find_balanced(5, lambda s: session_board(s, CAT), SPEEDS, bands=strict, max_tries=3)
    assert not search.passed and search.tries == 3


def test_search_out_of_tries_keeps_the_best_candidate():
    """Out of tries, the board closest to the bands is kept (fewest failed checks, then least
    excess), with the seed that regenerates it."""
    bands = Bands(max_city_spread_mp=0)
    search = find_balanced(5, lambda s: session_board(s, CAT), SPEEDS, bands=bands, max_tries=6)
    tried = [analyse(session_board(candidate_seed(5, k), CAT), SPEEDS, bands=bands)
             for k in range(6)]
    assert not any(a.passed for a in tried)
    assert shortfall(search.analysis) == min(shortfall(a) for a in tried)
    assert session_board(search.seed, CAT) == search.board


def test_only_cities_and_specials_are_destinations():
    board = session_board(2, CAT)
    kinds = {h.kind for h in board.destinations()}
    assert kinds <= {Kind.CITY, Kind.SPECIAL}
    assert len(board.destinations()) == 4 + 9
    assert not any(a == b for a, b in itertools.combinations(
        [h.name for h in board.destinations()], 2))
