"""Tour model: the abstract card model (and the mean Waster's card), the per-board tables and a
knight's place in a game.

Pure core. The tables (cheapest routes in Movement Points, then Threat, between all hexes) are
built once per board so the game only looks things up. Their costs are ``metrics.all_pairs``'s
(one route algorithm for the board metrics and the tour); the tables add the routes themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.hexes import Board, Coord, Hex, Kind, neighbours
from pnp.games.waste_knights.metrics import all_pairs

DEFAULT_ROUNDS = 10


@dataclass(frozen=True)
class TourModel:
    """The abstract parts of the tour (see docs/assumptions.md); the rules are in ``rules``."""

    explore_skill: int = 2          # dice in an exploration check's skill
    start_green: int = 3            # Extra Bullets, Medi-shot, Rad-out


# --- per-board tables ------------------------------------------------------------------------

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
    coords: tuple[Coord, ...]                # axial coordinates, for the rules' route checks
    tile: tuple[str, ...]                    # place labels printed on the hexes (C1, S4, N12)
    label: tuple[str, ...]                   # "Old Refinery [9]", "Swamp": for the replay log
    index: Mapping[str, int]                 # place label -> hex index
    tile_route: tuple[tuple[tuple[str, ...], ...], ...]  # path as place labels, start first


def _hex_rules(h: Hex) -> R.HexRules | None:
    if h.kind is Kind.NORMAL:
        return None
    if h.number in R.HEX_RULES:
        return R.HEX_RULES[h.number]
    # A designed special hex without a reference entry: "S: gain +1 green gear card".
    return R.HexRules(h.number or 0, h.name or h.tile, city=h.kind is Kind.CITY)


def _routes(nbrs: tuple[tuple[int, ...], ...], cost: list[list[int]], enter: list[int],
            s: int) -> tuple[tuple[int, ...], ...]:
    """Cheapest routes from ``s`` rebuilt from the all-pairs costs: fewest hexes among equals.

    Entering a hex costs at least 1 Movement Point, so every hex before ``j`` on a cheapest
    route costs strictly less than ``j``: taking hexes by rising cost, their predecessors'
    routes are already known.
    """
    row = cost[s]
    path: list[tuple[int, ...] | None] = [None] * len(row)
    path[s] = ()
    for j in sorted(range(len(row)), key=row.__getitem__):
        if j == s:
            continue
        best = -1
        for u in nbrs[j]:  # the predecessor on a cheapest route with the fewest hexes
            pu = path[u]
            if pu is not None and row[u] + enter[j] == row[j] \
                    and (best < 0 or len(pu) < len(path[best] or ())):
                best = u
        if best < 0:
            raise PnpError(f"hex {j} cannot be reached from hex {s}", field="hexes")
        path[j] = (path[best] or ()) + (j,)
    return tuple(p for p in path if p is not None)


def build_tables(board: Board) -> Tables:
    """Precompute everything the tour looks up per step (once per board)."""
    hexes = board.hexes
    n = len(hexes)
    idx = {h.coord: i for i, h in enumerate(hexes)}
    kind = tuple(CITY_HEX if h.kind is Kind.CITY else SPECIAL_HEX if h.kind is Kind.SPECIAL
                 else NORMAL_HEX for h in hexes)
    diff = tuple(h.route_difficulty for h in hexes)
    threat = tuple(h.threat for h in hexes)
    nbrs = tuple(tuple(idx[c] for c in neighbours(h.coord) if c in idx) for h in hexes)
    mp_arr, thr_arr = all_pairs(board)
    mp = tuple(tuple(int(x) for x in row) for row in mp_arr)
    thr = tuple(tuple(int(x) for x in row) for row in thr_arr)
    # Lexicographic cost (Movement Points, then Threat) as one integer, as all_pairs ranks it.
    scale = 1 + max(sum(threat), 1)
    cost = [[mp[i][j] * scale + thr[i][j] for j in range(n)] for i in range(n)]
    enter = [diff[j] * scale + threat[j] for j in range(n)]
    path = tuple(_routes(nbrs, cost, enter, s) for s in range(n))
    tile = tuple(h.tile for h in hexes)
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
        rules=tuple(_hex_rules(h) for h in hexes), nbrs=nbrs, mp=mp, thr=thr, path=path,
        nearest_city=nearest, sites=tuple(i for i in range(n) if kind[i] != NORMAL_HEX),
        specials=tuple(i for i in range(n) if kind[i] == SPECIAL_HEX), cities=cities,
        start=idx.get((0, 0), cities[0]), coords=tuple(h.coord for h in hexes),
        tile=tile, label=tuple(h.label for h in hexes),
        index={h.tile: i for i, h in enumerate(hexes)},
        tile_route=tuple(tuple((tile[i],) + tuple(tile[x] for x in r) for r in row)
                         for i, row in enumerate(path)))


@lru_cache(maxsize=8)
def tables_for(board: Board) -> Tables:
    """``build_tables(board)``, built once per board and process."""
    return build_tables(board)


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
    rep: int = 0                     # Reputation (the track starts left of its first space)
    yellow: int = 0                  # yellow and red gear cards (green: ``green``)
    red: int = 0
    vdamage: int = 0                 # Vehicle Damage: 1 damaged, 2 wrecked
    skip: bool = False               # skips this round's Exploration Step (Car Wreck)
    cap: tuple[int, int] = (-1, -1)  # vehicle Capacity undamaged, damaged (-1: no limits)
    vehicle: str = ""                # the vehicle card's kind (strider, off-road, heavy-duty)

    def copy(self) -> Seat:
        """An independent copy (lists copied)."""
        return Seat(self.speed, self.pos, self.knight, self.green, list(self.luck),
                    list(self.stats), self.ko, self.marker, self.visited, self.rep, self.yellow,
                    self.red, self.vdamage, self.skip, self.cap, self.vehicle)
