"""Board metrics worked out another way: rounds to reach each hex, the checks and their bands.

Written against the survivors of the mutation run of ``metrics.py`` (docs/testing.md, Waste
Knights). ``rounds_to_reach`` is compared with a plain search over (hex, Fuel left) that follows
the Move Step: by vehicle, a move along the cheapest route costs max(1, ceil(Movement Points /
speed)) Fuel ("the Active Knight must spend at least 1 Fuel"); on foot, one adjacent hex and no
Fuel.
"""

from __future__ import annotations

import math

import pytest

from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import VEHICLES, neighbours
from pnp.games.waste_knights.metrics import (
    Analysis,
    Bands,
    all_pairs,
    analyse,
    board_metrics,
    candidate_seed,
    city_distances,
    city_spread,
    find_balanced,
    outer_cities,
    rounds_to_reach,
    seed_label,
    shortfall,
)
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import check_band

CAT = default_catalogue()
SPEEDS = vehicle_speeds()


def reference_rounds(board, speed, mp, max_rounds, fuel):
    """Least rounds to stand on each hex, by a search over (hex, Fuel left)."""
    n = len(board.hexes)
    start = board.index((0, 0))
    frontier = {(start, fuel)}
    seen = set(frontier)
    rounds = [max_rounds + 1] * n
    rounds[start] = 0
    for k in range(1, max_rounds + 1):
        nxt = set()
        for i, f in frontier:
            for j in range(n):
                if j != i:
                    cost = max(1, math.ceil(mp[i, j] / speed))
                    if cost <= f:
                        nxt.add((j, f - cost))
            for c in neighbours(board.hexes[i].coord):
                nxt.add((board.index(c), f))
        frontier = nxt - seen
        seen |= nxt
        for j, _ in nxt:
            rounds[j] = min(rounds[j], k)
    return rounds


@pytest.mark.parametrize("seed, speed, fuel, max_rounds", [
    (8, 2, 4, 2), (8, 2, 1, 3), (3, 4, 2, 2), (3, 3, 0, 2), (11, 2, 3, 1)])
def test_rounds_to_reach_follow_the_move_step(seed, speed, fuel, max_rounds):
    board = session_board(seed, CAT)
    mp, _ = all_pairs(board)
    got = rounds_to_reach(board, speed, mp, max_rounds=max_rounds, fuel=fuel)
    assert list(got) == reference_rounds(board, speed, mp, max_rounds, fuel)
    assert got[board.index((0, 0))] == 0


def test_a_hex_reached_on_the_last_fuel_counts():
    # A move may spend the dial's last Fuel: with 1 Fuel and speed 2 a knight stands, after
    # one round, on every hex its 1 Fuel reaches (2 Movement Points or fewer).
    board = session_board(8, CAT)
    mp, _ = all_pairs(board)
    start = board.index((0, 0))
    got = rounds_to_reach(board, 2, mp, fuel=1)
    far = [j for j in range(len(board.hexes)) if j != start and mp[start, j] <= 2]
    assert far and all(got[j] == 1 for j in far)


def test_a_route_from_a_hex_to_itself_costs_nothing():
    mp, threat = all_pairs(session_board(8, CAT))
    assert not mp.diagonal().any() and not threat.diagonal().any()


def test_the_checks_their_bands_and_the_analysis_parts():
    board = session_board(1, CAT)
    bands = Bands(max_rounds=0)
    a = analyse(board, SPEEDS, bands)
    assert [(c.name, c.band_low, c.band_high) for c in a.checks] == [
        ("city spread (Movement Points)", 0, 3),
        ("most Fuel to a destination, strider", 1, 2),
        ("most Fuel to a destination, off-road", 1, 3),
        ("most Fuel to a destination, heavy-duty", 1, 4),
        ("most Threat icons on a cheapest route", 0, 2),
        ("rounds to reach every hex (slowest vehicle)", 0, 0),
    ]
    metrics = board_metrics(board, SPEEDS)
    assert a.metrics == metrics
    assert a.max_fuel == {v: max(d["fuel"] for d in metrics[v].values()) for v in VEHICLES}
    assert a.max_threat == max(d["threat"] for d in metrics["strider"].values())
    mp, _ = all_pairs(board)
    for v in VEHICLES:
        r = rounds_to_reach(board, SPEEDS[v], mp, max_rounds=2)
        assert a.rounds[v] == {h.tile: int(r[i]) for i, h in enumerate(board.hexes)}
        assert a.beyond[v] == [h.tile for i, h in enumerate(board.hexes) if r[i] > 0]
    assert a.checks[-1].value == max(max(r.values()) for r in a.rounds.values()) > 0


def test_city_distances_are_from_gangraen_by_name():
    board = session_board(1, CAT)
    metrics = board_metrics(board, SPEEDS)
    got = city_distances(board)
    assert set(got) == {h.name for h in outer_cities(board)}
    assert got == {name: metrics["strider"][name]["movement_points"] for name in got}
    assert city_spread(board) == max(got.values()) - min(got.values())


def test_candidate_seeds_are_the_seed_then_its_balance_children():
    assert candidate_seed("table 3", 0) == "table 3"
    assert [candidate_seed("table 3", k) for k in (1, 2)] == [
        child_seed("table 3", "balance", 1), child_seed("table 3", "balance", 2)]
    assert seed_label(5) == f"5 ({seed_code(5)})"


def test_out_of_tries_the_first_of_equally_short_candidates_is_kept():
    board = session_board(5, CAT)
    search = find_balanced(5, lambda s: board, SPEEDS, bands=Bands(max_city_spread_mp=0),
                           max_tries=3)
    assert not search.passed and search.seed == 5 and search.tries == 3


def test_shortfall_counts_failed_checks_and_their_excess():
    checks = [check_band("over", 5, 0, 3), check_band("under", 0, 1, 2),
              check_band("over a zero band", 2, 0, 0), check_band("fine", 1, 0, 3)]
    a = Analysis(metrics={}, city_mp={}, city_pairs_mp={}, max_fuel={}, max_threat=0,
                 rounds={}, beyond={}, checks=checks)
    assert shortfall(a) == (3, 2 + 1 + 2)


def test_bands_as_written_in_the_report():
    assert Bands().to_dict() == {"max_city_spread_mp": 3,
                                 "max_fuel": {"strider": 2, "off-road": 3, "heavy-duty": 4},
                                 "max_route_threat": 2, "max_rounds": 2}
