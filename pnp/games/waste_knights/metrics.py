"""Board metrics: least Movement Points and Fuel from Gangraen, threat on the way, balance bands.

Route rules (Move Step, a) Plan Route): a route is an unbroken chain of adjacent hexes, no hex
twice, the start hex ignored; "The number of Movement Points expended to enter a given hex is
shown on hexes as the Route Difficulty". Entering costs are positive, so least-cost routes are
simple paths that never re-enter the start: a shortest-path search over "enter hex j costs its
route difficulty" gives exactly the legal cheapest route. Ties on Movement Points are broken by
the fewest Threat icons (each one draws 1 extra wasteland card).

Fuel: "The vehicle speed determines how many Movement Points a given vehicle provides for each
Fuel level spent", and "the Active Knight must spend at least 1 Fuel": Fuel = max(1,
ceil(Movement Points / speed)). A move spends at most the Fuel dial's 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from pnp.games.waste_knights.hexes import VEHICLES, Board, Kind, adjacency
from pnp.games.waste_knights.rules import FUEL_MAX, fuel_needed
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import Check, check_band

_SCALE = 1000  # lexicographic cost: Movement Points * _SCALE + Threat icons


def all_pairs(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """Least Movement Points (and the threat icons on that route) between every pair of hexes,
    indexed like ``board.hexes``; the start hex costs nothing, every entered hex its route
    difficulty."""
    n = len(board.hexes)
    enter = np.array([h.route_difficulty * _SCALE + h.threat for h in board.hexes], dtype=float)
    d = np.full((n, n), np.inf)
    rows, cols = adjacency(board.coords)
    d[rows, cols] = enter[list(cols)]
    np.fill_diagonal(d, 0.0)
    for k in range(n):  # Floyd-Warshall, vectorised by rows
        np.minimum(d, d[:, k:k + 1] + d[k:k + 1, :], out=d)
    mp = (d // _SCALE).astype(np.int64)
    threat = (d - mp * _SCALE).astype(np.int64)
    return mp, threat


def board_metrics(board: Board, speeds: Mapping[str, int],
                  tables: tuple[np.ndarray, np.ndarray] | None = None) -> dict[str, Any]:
    """``{vehicle: {destination name: {movement_points, fuel, threat}}}`` from Gangraen to every
    city and special hex, for vehicle ``speeds`` (Movement Points per Fuel)."""
    mp, threat = tables if tables is not None else all_pairs(board)
    start = board.index((0, 0))
    out: dict[str, Any] = {}
    for vehicle in VEHICLES:
        per: dict[str, Any] = {}
        for h in board.destinations():
            j = board.index(h.coord)
            m = int(mp[start, j])
            per[h.name or h.tile] = {"movement_points": m, "fuel": fuel_needed(m, speeds[vehicle]),
                                     "threat": int(threat[start, j])}
        out[vehicle] = per
    return out


@lru_cache(maxsize=8)
def _adjacency_matrix(coords: tuple) -> np.ndarray:
    """Boolean adjacency of the hexes in the order ``coords`` (read-only, shared)."""
    adj = np.zeros((len(coords), len(coords)), dtype=bool)
    adj[adjacency(coords)] = True
    adj.flags.writeable = False
    return adj


def rounds_to_reach(board: Board, speed: int, mp: np.ndarray, *, max_rounds: int = 6,
                    fuel: int = FUEL_MAX) -> np.ndarray:
    """Least number of moves (rounds) for a knight leaving Gangraen with ``fuel`` and no
    resupply to stand on each hex: by vehicle (Fuel from the route's Movement Points) or on
    foot (1 adjacent hex, no Fuel). ``max_rounds + 1`` where not reached."""
    n = len(board.hexes)
    need = np.maximum(1, np.ceil(mp / speed)).astype(np.int64)
    np.fill_diagonal(need, 10**6)
    adj = _adjacency_matrix(board.coords)
    best = np.full(n, -1, dtype=np.int64)  # most Fuel left on reaching each hex
    best[board.index((0, 0))] = fuel
    rounds = np.full(n, max_rounds + 1, dtype=np.int64)
    rounds[best >= 0] = 0
    for k in range(1, max_rounds + 1):
        left = best[:, None] - need
        left[(best[:, None] < 0) | (left < 0)] = -1
        foot = np.where(adj & (best[:, None] >= 0), best[:, None], -1)
        best = np.maximum(best, np.maximum(left.max(axis=0), foot.max(axis=0)))
        rounds[(best >= 0) & (rounds > k)] = k
    return rounds


@dataclass(frozen=True)
class Bands:
    """Declared balance bands a session board must meet (the report shows each check)."""

    max_city_spread_mp: int = 3  # farthest minus nearest outer city, Movement Points
    max_fuel: Mapping[str, int] = field(default_factory=lambda: {
        "strider": 2, "off-road": 3, "heavy-duty": 4})  # every destination in one full-tank move
    max_route_threat: int = 2  # Threat icons on the cheapest route to any destination
    max_rounds: int = 2  # every hex reachable within this many rounds, any vehicle

    def to_dict(self) -> dict[str, Any]:
        return {"max_city_spread_mp": self.max_city_spread_mp, "max_fuel": dict(self.max_fuel),
                "max_route_threat": self.max_route_threat, "max_rounds": self.max_rounds}


@dataclass(frozen=True)
class Analysis:
    """Everything the balance check and report need about one board."""

    metrics: dict[str, Any]
    city_mp: dict[str, int]  # outer cities: least Movement Points from Gangraen
    city_pairs_mp: dict[str, int]  # "A - B": least Movement Points between outer cities
    max_fuel: dict[str, int]
    max_threat: int
    rounds: dict[str, dict[str, int]]  # vehicle -> tile -> rounds to reach
    beyond: dict[str, list[str]]  # vehicle -> hexes (tile labels) beyond the round band
    checks: list[Check]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def city_spread_mp(self) -> int:
        """Farthest minus nearest outer city from Gangraen, in Movement Points."""
        return _spread(self.city_mp)


def analyse(board: Board, speeds: Mapping[str, int], bands: Bands | None = None) -> Analysis:
    """Metrics, spread, reachability and the pass/fail checks of one board."""
    bands = bands or Bands()
    mp, threat = all_pairs(board)
    metrics = board_metrics(board, speeds, (mp, threat))
    city_mp = city_distances(board, mp)
    pairs = {f"{a.name} - {b.name}": int(mp[board.index(a.coord), board.index(b.coord)])
             for a, b in combinations(outer_cities(board), 2)}
    max_fuel = {v: max(d["fuel"] for d in metrics[v].values()) for v in VEHICLES}
    max_threat = max(d["threat"] for d in metrics["strider"].values())
    rounds: dict[str, dict[str, int]] = {}
    beyond: dict[str, list[str]] = {}
    for v in VEHICLES:
        r = rounds_to_reach(board, speeds[v], mp, max_rounds=bands.max_rounds + 2)
        rounds[v] = {h.tile: int(r[i]) for i, h in enumerate(board.hexes)}
        beyond[v] = [h.tile for i, h in enumerate(board.hexes) if r[i] > bands.max_rounds]
    checks = [_check("city spread (Movement Points)", _spread(city_mp), 0,
                     bands.max_city_spread_mp)]
    for v in VEHICLES:
        checks.append(_check(f"most Fuel to a destination, {v}", max_fuel[v], 1,
                             bands.max_fuel[v]))
    checks.append(_check("most Threat icons on a cheapest route", max_threat, 0,
                         bands.max_route_threat))
    worst = max(max(r.values()) for r in rounds.values())
    checks.append(_check("rounds to reach every hex (slowest vehicle)", worst, 0,
                         bands.max_rounds))
    return Analysis(metrics=metrics, city_mp=city_mp, city_pairs_mp=pairs,
                    max_fuel=max_fuel, max_threat=max_threat, rounds=rounds, beyond=beyond,
                    checks=checks)


def outer_cities(board: Board) -> list:
    """The city hexes other than Gangraen, in board order."""
    return [h for h in board.hexes if h.kind is Kind.CITY and h.coord != (0, 0)]


def city_distances(board: Board, mp: np.ndarray | None = None) -> dict[str, int]:
    """Least Movement Points from Gangraen to each outer city (``mp`` from ``all_pairs``)."""
    mp = all_pairs(board)[0] if mp is None else mp
    start = board.index((0, 0))
    return {h.name or h.tile: int(mp[start, board.index(h.coord)]) for h in outer_cities(board)}


def city_spread(board: Board) -> int:
    """Farthest minus nearest outer city from Gangraen, in Movement Points."""
    return _spread(city_distances(board))


def _spread(city_mp: Mapping[str, int]) -> int:
    return max(city_mp.values()) - min(city_mp.values())


def _check(name: str, value: int, low: int, high: int) -> Check:
    return check_band(name, value, low, high)


@dataclass(frozen=True)
class Search:
    """Result of ``--reject-unbalanced``: the board that passed and how it was found."""

    board: Board
    analysis: Analysis
    seed: int | str  # the seed (or child seed) of the board that passed
    tries: int

    @property
    def passed(self) -> bool:
        return self.analysis.passed


def candidate_seed(seed: int | str, attempt: int) -> int | str:
    """The seed of the ``attempt``-th candidate: the seed itself, then child seeds."""
    return seed if attempt == 0 else child_seed(seed, "balance", attempt)


def find_balanced(seed: int | str, make_board, speeds: Mapping[str, int], *,
                  bands: Bands | None = None, max_tries: int = 1000) -> Search:
    """Redraw with the next child seed until a board passes the bands; after ``max_tries``
    the best candidate (fewest failed checks, then least excess over the bands, then first)."""
    best = None
    for attempt in range(max_tries):
        s = candidate_seed(seed, attempt)
        board = make_board(s)
        result = analyse(board, speeds, bands)
        if result.passed:
            return Search(board, result, s, attempt + 1)
        score = shortfall(result)
        if best is None or score < best[0]:
            best = (score, board, result, s)
    _, board, result, s = best  # type: ignore[misc]
    return Search(board, result, s, max_tries)


def shortfall(analysis: Analysis) -> tuple[int, float]:
    """How far a board is from passing: (failed checks, total excess over their bands)."""
    failed = [c for c in analysis.checks if not c.passed]
    # every board band is closed on both sides (see analyse)
    excess = sum(max((c.band_low or 0) - c.value, c.value - (c.band_high or 0)) for c in failed)
    return len(failed), excess


def seed_label(seed: int | str) -> str:
    """Seed and its printed code, for reports."""
    return f"{seed} ({seed_code(seed)})"
