"""The Waste Knights board: axial hex coordinates, the 37-hex radius-3 board, tiers, hexes.

Pure core: no files, no drawing. The tile catalogue (``cardsets/waste_knights/hexes.yaml``) is
read by ``pnp.games.waste_knights.data`` and passed in here as plain dicts.

Coordinates are axial ``(q, r)`` for pointy-top hexes with Gangraen at ``(0, 0)``; ``r`` grows
southwards, ``q`` eastwards. Tier 1 is the centre and ring 1 (7 hexes), tier 2 ring 2 (12),
tier 3 ring 3 (18): "The game board is formed of three Tiers" (Game Setup 1).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from pnp.errors import PnpError
from pnp.hexes import DIRECTIONS, Coord, distance, to_pixel  # shared; re-exported here

RADIUS = 3
BOARD_HEXES = 37
TIER_SIZES = {1: 7, 2: 12, 3: 18}
VEHICLES = ("strider", "off-road", "heavy-duty")


class Kind(str, Enum):
    CITY = "city"
    SPECIAL = "special"
    NORMAL = "normal"


class Terrain(str, Enum):
    """Normal hexes: "deserts, swamps, jungles, mountains and highways" (Game Board Overview)."""

    DESERT = "desert"
    SWAMP = "swamp"
    JUNGLE = "jungle"
    MOUNTAINS = "mountains"
    HIGHWAY = "highway"


def ring_of(c: Coord) -> int:
    """Distance from the centre (0 for Gangraen)."""
    return distance(c, (0, 0))


def tier_of(c: Coord) -> int:
    """Tier 1 = centre + ring 1, tier 2 = ring 2, tier 3 = ring 3."""
    return max(1, ring_of(c))


@cache
def neighbours(c: Coord, radius: int = RADIUS) -> tuple[Coord, ...]:
    """The on-board neighbours of ``c``, clockwise from east."""
    out = []
    for dq, dr in DIRECTIONS:
        n = (c[0] + dq, c[1] + dr)
        if ring_of(n) <= radius:
            out.append(n)
    return tuple(out)


@cache
def ring(k: int) -> tuple[Coord, ...]:
    """The hexes at distance ``k``, clockwise from the first one at or past due north."""
    if k == 0:
        return ((0, 0),)
    cells = [(q, r) for q in range(-k, k + 1) for r in range(-k, k + 1) if ring_of((q, r)) == k]

    def bearing(c: Coord) -> float:
        x, y = to_pixel(c)
        return math.atan2(x, -y) % (2 * math.pi)  # 0 = north, clockwise

    return tuple(sorted(cells, key=lambda c: round(bearing(c), 9)))


@cache
def board_coords(radius: int = RADIUS) -> tuple[Coord, ...]:
    """All coordinates of the board, ring by ring, each ring clockwise from north."""
    return tuple(c for k in range(radius + 1) for c in ring(k))


@cache
def adjacency(coords: tuple[Coord, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(rows, cols) index pairs of adjacent hexes for hexes in the order ``coords``."""
    index = {c: i for i, c in enumerate(coords)}
    pairs = [(i, index[n]) for i, c in enumerate(coords) for n in neighbours(c) if n in index]
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


@dataclass(frozen=True)
class HexFace:
    """What a printed hex shows, wherever it lies: kind, Route Difficulty, icons, name, terrain."""

    kind: Kind
    route_difficulty: int
    threat: int = 0
    radiation: int = 0
    contamination: int = 0
    number: int | None = None
    name: str | None = None
    terrain: Terrain | None = None


@dataclass(frozen=True, kw_only=True)
class Hex(HexFace):
    """One hex of a board, with the fields of a ``board.json`` hex: a face laid at a place."""

    q: int
    r: int
    tier: int
    tile: str

    @property
    def coord(self) -> Coord:
        return (self.q, self.r)

    @property
    def label(self) -> str:
        """Name with its reference number (``Gangraen [1]``) or the terrain for normal hexes."""
        if self.name:
            return f"{self.name} [{self.number}]" if self.number is not None else self.name
        return self.terrain.value.capitalize() if self.terrain else self.tile

    def to_dict(self) -> dict[str, Any]:
        return {"q": self.q, "r": self.r, "tier": self.tier, "kind": self.kind.value,
                "tile": self.tile, "route_difficulty": self.route_difficulty,
                "threat": self.threat, "radiation": self.radiation,
                "contamination": self.contamination, "number": self.number, "name": self.name,
                "terrain": self.terrain.value if self.terrain else None}


@dataclass(frozen=True)
class Board:
    """A 37-hex board; ``hexes`` ring by ring, each ring clockwise from north."""

    hexes: tuple[Hex, ...]
    mode: str = "session"
    seed_code: str = ""
    _index: dict = field(default=None, compare=False, repr=False, hash=False)  # type: ignore

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {h.coord: i for i, h in enumerate(self.hexes)})

    @property
    def coords(self) -> tuple[Coord, ...]:
        return tuple(self._index)

    def index(self, c: Coord) -> int:
        """Position of coordinate ``c`` in ``hexes``."""
        return self._index[c]

    def at(self, c: Coord) -> Hex:
        return self.hexes[self._index[c]]

    @property
    def gangraen(self) -> Hex:
        return self.at((0, 0))

    def destinations(self) -> list[Hex]:
        """Cities and special hexes other than the start (Gangraen), in board order."""
        return [h for h in self.hexes if h.kind is not Kind.NORMAL and h.coord != (0, 0)]

    def by_tile(self, tile: str) -> Hex:
        for h in self.hexes:
            if h.tile == tile:
                return h
        raise KeyError(tile)


def _int(v: Any, name: str, where: str, low: int = 0, high: int = 99) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise PnpError(f"must be an integer {low}..{high}, got {v!r}", file=where, field=name)
    return v


def hex_from_dict(d: Mapping[str, Any], where: str = "board.json") -> Hex:
    """One ``board.json`` hex object -> Hex (PnpError on a bad field)."""
    if not isinstance(d, Mapping):
        raise PnpError("each hex must be an object", file=where, field="hexes")
    for key in ("q", "r", "tier", "kind", "tile", "route_difficulty"):
        if key not in d:
            raise PnpError("missing", file=where, field=key)
    q = _int(d["q"], "q", where, -RADIUS, RADIUS)
    r = _int(d["r"], "r", where, -RADIUS, RADIUS)
    if ring_of((q, r)) > RADIUS:
        raise PnpError(f"({q}, {r}) is off the 37-hex board", file=where, field="q")
    tier = _int(d["tier"], "tier", where, 1, 3)
    if tier != tier_of((q, r)):
        raise PnpError(f"hex ({q}, {r}) is in tier {tier_of((q, r))}, not {tier}",
                       file=where, field="tier")
    try:
        kind = Kind(d["kind"])
    except ValueError:
        raise PnpError(f"unknown kind {d['kind']!r} (city, special, normal)",
                       file=where, field="kind") from None
    terrain = d.get("terrain")
    if terrain is not None:
        try:
            terrain = Terrain(terrain)
        except ValueError:
            raise PnpError(f"unknown terrain {terrain!r} ({', '.join(t.value for t in Terrain)})",
                           file=where, field="terrain") from None
    number = d.get("number")
    if number is not None:
        number = _int(number, "number", where, 1, 999)
    name = d.get("name")
    if name is not None and not isinstance(name, str):
        raise PnpError("must be a string", file=where, field="name")
    if not isinstance(d["tile"], str) or not d["tile"]:
        raise PnpError("must be a place label like C1, S4 or N12", file=where, field="tile")
    return Hex(q=q, r=r, tier=tier, kind=kind, tile=d["tile"],
               route_difficulty=_int(d["route_difficulty"], "route_difficulty", where, 1, 9),
               threat=_int(d.get("threat", 0), "threat", where, 0, 9),
               radiation=_int(d.get("radiation", 0), "radiation", where, 0, 9),
               contamination=_int(d.get("contamination", 0), "contamination", where, 0, 9),
               number=number, name=name, terrain=terrain)


def validate_hexes(hexes: Iterable[Hex], where: str = "board.json") -> tuple[Hex, ...]:
    """Check 37 hexes, unique coordinates, tier sizes and Gangraen at the centre; sort them."""
    hexes = tuple(hexes)
    if len(hexes) != BOARD_HEXES:
        raise PnpError(f"a board has {BOARD_HEXES} hexes, got {len(hexes)}",
                       file=where, field="hexes")
    seen: dict[Coord, Hex] = {}
    for h in hexes:
        if h.coord in seen:
            raise PnpError(f"duplicate coordinate q={h.q}, r={h.r}", file=where, field="hexes")
        seen[h.coord] = h
    dup = sorted(t for t, k in Counter(h.tile for h in hexes).items() if k > 1)
    if dup:
        raise PnpError(f"duplicate tile label {dup[0]}", file=where, field="tile")
    centre = seen[(0, 0)]  # 37 unique on-board coordinates cover the whole board
    if centre.kind is not Kind.CITY:
        raise PnpError("the centre hex must be the city Gangraen [1]", file=where, field="kind")
    order = {c: i for i, c in enumerate(board_coords())}
    return tuple(sorted(hexes, key=lambda h: order[h.coord]))


def board_to_dict(board: Board, metrics: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Board (+ metrics) -> the ``board.json`` dict."""
    out: dict[str, Any] = {"hexes": [h.to_dict() for h in board.hexes], "mode": board.mode,
                           "seed_code": board.seed_code}
    if metrics is not None:
        out["metrics"] = metrics
    return out


def board_from_dict(data: Any, where: str = "board.json") -> Board:
    """``board.json`` dict -> Board; PnpError for a bad hex count, duplicate coordinate,
    unknown field value or unknown vehicle in ``metrics``."""
    if not isinstance(data, Mapping) or not isinstance(data.get("hexes"), list):
        raise PnpError("expected an object with a 'hexes' list", file=where, field="hexes")
    hexes = validate_hexes((hex_from_dict(d, where) for d in data["hexes"]), where)
    metrics = data.get("metrics")
    if metrics is not None:
        if not isinstance(metrics, Mapping):
            raise PnpError("must be an object keyed by vehicle", file=where, field="metrics")
        for vehicle in metrics:
            check_vehicle(vehicle, where)
    return Board(hexes=hexes, mode=str(data.get("mode", "session")),
                 seed_code=str(data.get("seed_code", "")))


def check_vehicle(name: str, where: str | None = None) -> str:
    """Return ``name`` if it is a vehicle (strider, off-road, heavy-duty), else PnpError."""
    if name not in VEHICLES:
        raise PnpError(f"unknown vehicle {name!r} ({', '.join(VEHICLES)})", file=where,
                       field="vehicle")
    return name
