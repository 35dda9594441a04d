"""Tour model: who tours (vehicles, policies, abstract card model), board tables, knight state.

Pure core. The tables (cheapest routes in Movement Points, then Threat, between all hexes) are
built once per board and batch so the game loop only looks things up.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.hexes import Board, Kind, neighbours

DEFAULT_ROUNDS = 10


class Policy(str, Enum):
    """How a knight chooses routes and actions."""

    HEURISTIC = "heuristic"
    RANDOM = "random"


@dataclass(frozen=True)
class TourModel:
    """The abstract parts of the tour (see docs/assumptions.md); the rules are in ``rules``."""

    escape_skill: int = 2           # dice in the escape panel's skill
    explore_skill: int = 2          # dice in an exploration check's skill
    card_difficulty_weights: tuple[float, float, float] = (1.0, 1.0, 1.0)  # Easy/Challenging/Hard
    start_green: int = 3            # Extra Bullets, Medi-shot, Rad-out
    task_points: int = 2            # Reputation of a common task (Speed Record: 2)


@dataclass(frozen=True)
class TourConfig:
    """Who tours: one vehicle (name, speed) and one policy per seat, for ``rounds`` rounds."""

    vehicles: tuple[str, ...]
    speeds: tuple[int, ...]
    policies: tuple[Policy, ...]
    rounds: int = DEFAULT_ROUNDS
    model: TourModel = TourModel()

    @property
    def knights(self) -> int:
        return len(self.vehicles)


def make_config(knights: int, speeds: dict[str, int], vehicles: Sequence[str] = ("strider",),
                policy: Policy | str = Policy.HEURISTIC, rounds: int = DEFAULT_ROUNDS,
                model: TourModel | None = None) -> TourConfig:
    """Validated config: 2-4 knights, known vehicles (one for all or one per seat), rounds >= 1."""
    if isinstance(knights, bool) or not isinstance(knights, int) \
            or not R.MIN_KNIGHTS <= knights <= R.MAX_KNIGHTS:
        raise PnpError(f"Waste Knights is played by {R.MIN_KNIGHTS} to {R.MAX_KNIGHTS} knights, "
                       f"got {knights}", field="knights")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise PnpError(f"rounds must be a positive integer, got {rounds!r}", field="rounds")
    names = list(vehicles) or ["strider"]
    if len(names) == 1:
        names *= knights
    if len(names) != knights:
        raise PnpError(f"give one vehicle or one per knight ({knights}), got {len(names)}",
                       field="vehicle")
    for v in names:
        if v not in speeds:
            raise PnpError(f"unknown vehicle {v!r} ({', '.join(sorted(speeds))})",
                           field="vehicle")
    try:
        pol = Policy(policy)
    except ValueError:
        raise PnpError(f"unknown policy {policy!r} (heuristic, random)", field="policy") from None
    return TourConfig(tuple(names), tuple(int(speeds[v]) for v in names), (pol,) * knights,
                      rounds, model or TourModel())


# --- per-board tables, built once per batch --------------------------------------------------

NORMAL_HEX, SPECIAL_HEX, CITY_HEX = 0, 1, 2


@dataclass(frozen=True)
class Tables:
    """Board arrays by hex index and all-pairs cheapest routes (Movement Points, then Threat)."""

    n: int
    kind: tuple[int, ...]
    diff: tuple[int, ...]
    threat: tuple[int, ...]
    hazard: tuple[int, ...]          # radiation + contamination icons
    radiation: tuple[int, ...]
    contamination: tuple[int, ...]
    rules: tuple[R.HexRules | None, ...]
    nbrs: tuple[tuple[int, ...], ...]
    mp: tuple[tuple[int, ...], ...]          # mp[i][j]: least Movement Points i -> j
    thr: tuple[tuple[int, ...], ...]         # Threat icons on that route
    path: tuple[tuple[tuple[int, ...], ...], ...]  # hexes entered, start excluded
    nearest_city: tuple[int, ...]
    sites: tuple[int, ...]                   # cities and special hexes
    specials: tuple[int, ...]
    cities: tuple[int, ...]
    start: int


def _hex_rules(h) -> R.HexRules | None:
    if h.kind is Kind.NORMAL:
        return None
    if h.number in R.HEX_RULES:
        return R.HEX_RULES[h.number]
    # A designed special hex without a reference entry: "S: gain +1 green gear card".
    return R.HexRules(h.number or 0, h.name or h.tile, city=h.kind is Kind.CITY)


def build_tables(board: Board) -> Tables:
    """Precompute everything the tour looks up per step (once per board and batch)."""
    hexes = board.hexes
    n = len(hexes)
    idx = {h.coord: i for i, h in enumerate(hexes)}
    kind = tuple(CITY_HEX if h.kind is Kind.CITY else SPECIAL_HEX if h.kind is Kind.SPECIAL
                 else NORMAL_HEX for h in hexes)
    diff = tuple(h.route_difficulty for h in hexes)
    threat = tuple(h.threat for h in hexes)
    nbrs = tuple(tuple(idx[c] for c in neighbours(h.coord) if c in idx) for h in hexes)
    mp_rows, thr_rows, path_rows = [], [], []
    for s in range(n):
        # Dijkstra on (Movement Points, Threat, hops): the cheapest, then least threatening route.
        best = {s: (0, 0, 0)}
        prev = {s: -1}
        heap = [(0, 0, 0, s)]
        while heap:
            m, t, k, u = heapq.heappop(heap)
            if best[u] != (m, t, k):
                continue
            for v in nbrs[u]:
                key = (m + diff[v], t + threat[v], k + 1)
                if v not in best or key < best[v]:
                    best[v], prev[v] = key, u
                    heapq.heappush(heap, (*key, v))
        paths = []
        for j in range(n):
            p, u = [], j
            while u != s:
                p.append(u)
                u = prev[u]
            paths.append(tuple(reversed(p)))
        mp_rows.append(tuple(best[j][0] for j in range(n)))
        thr_rows.append(tuple(best[j][1] for j in range(n)))
        path_rows.append(tuple(paths))
    cities = tuple(i for i in range(n) if kind[i] == CITY_HEX)
    if not cities:
        raise PnpError("a board needs at least one city hex", field="kind")
    city_coords = [hexes[c].coord for c in cities]
    nearest = tuple(cities[city_coords.index(R.nearest_city(h.coord, city_coords))]
                    for h in hexes)
    return Tables(
        n=n, kind=kind, diff=diff, threat=threat,
        hazard=tuple(h.radiation + h.contamination for h in hexes),
        radiation=tuple(h.radiation for h in hexes),
        contamination=tuple(h.contamination for h in hexes),
        rules=tuple(_hex_rules(h) for h in hexes), nbrs=nbrs, mp=tuple(mp_rows),
        thr=tuple(thr_rows), path=tuple(path_rows), nearest_city=nearest,
        sites=tuple(i for i in range(n) if kind[i] != NORMAL_HEX),
        specials=tuple(i for i in range(n) if kind[i] == SPECIAL_HEX), cities=cities,
        start=idx.get((0, 0), cities[0]))


@dataclass(slots=True)
class Seat:
    """One knight's state during a game: dials, place, cards and his record (FIELDS order)."""

    speed: int
    pos: int
    knight: R.Knight
    green: int
    luck: list[int]                  # luck cards in hand, a count per ``R.LUCK_ICONS`` icon
    stats: list[int]
    ko: bool = False
    marker: bool = False             # his player marker on the hex (exploration check made)
    visited: int = 0                 # bit i: hex i explored
