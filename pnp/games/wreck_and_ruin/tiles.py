"""The board tiles: 10 double-sided hex tiles generated from a seed, valid by construction.

Pure core. A tile is a hexagon of hexes (``TILE_RADIUS`` 3: 37 hexes) in local axial coordinates
around (0, 0). Scenery is rocks (obstacles, red borders: never entered, they block line of sight)
and water (hazards, orange borders: never entered voluntarily, seen across). Four tiles carry a
setup area on their A side ("place setup tiles equal to the number of players"); every other side
is plain. A side is built one scenery hex at a time, each kept only if the side stays valid:
- its open hexes are connected and its edge ring is open (so any two tiles placed side by side
  connect: the map's open hexes are connected whatever the layout);
- it keeps at least ``TOKEN_PLACES`` legal salvage-token places (open, not on the tile's edge,
  pairwise not adjacent: "cannot be on the edge of that tile, cannot be occupied by a hazard or
  obstacle, nor ... adjacent to another token"), so any side can be the central tile;
- a setup area is open and connected to the rest ("room for five vehicles including the rig").
``check_side`` states these rules for tiles read from a file (PnpError naming the field).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError
from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord, distance, spiral

__all__ = ["HAZARD", "OBSTACLE", "OPEN", "SETUP_TILES", "TERRAIN", "TILES", "TILE_RADIUS",
           "TOKEN_PLACES", "Tile", "TileSide", "check_side", "generate_tiles", "token_places"]

TILE_RADIUS = 3
TILES = 10          # "10 double-sided board tiles"
SETUP_TILES = 4     # one setup side for each of up to 4 players
TOKEN_PLACES = 4    # a central tile holds the 4 starting tokens
OPEN, HAZARD, OBSTACLE = 0, 1, 2
#: Terrain names as printed and in map.json (rocks are obstacles, water is a hazard).
TERRAIN = {OPEN: "open", HAZARD: "water", OBSTACLE: "rocks"}
BORDER = {OPEN: None, HAZARD: "orange", OBSTACLE: "red"}

LOCAL = tuple(spiral(TILE_RADIUS))
INNER = tuple(h for h in LOCAL if distance(h, (0, 0)) < TILE_RADIUS)
#: The setup area of a setup side, local coordinates: the two rows along its east face (9
#: hexes), turned to face out of the map when the tile is placed.
SETUP_AREA = tuple(h for h in LOCAL if h[0] >= TILE_RADIUS - 1)
#: Scenery per plain side (rocks, water), drawn from these ranges.
ROCKS = (3, 6)
WATER = (2, 4)


@dataclass(frozen=True)
class TileSide:
    """One printed side: its scenery (local hex -> OBSTACLE or HAZARD) and setup area."""

    name: str                                  # e.g. "3A"
    scenery: tuple[tuple[Coord, int], ...]
    setup: tuple[Coord, ...] = ()

    def terrain(self) -> dict[Coord, int]:
        """Local hex -> OPEN / HAZARD / OBSTACLE, every hex of the tile."""
        out = dict.fromkeys(LOCAL, OPEN)
        out.update(self.scenery)
        return out


@dataclass(frozen=True)
class Tile:
    """A double-sided tile: number 1-10, side A and side B."""

    number: int
    a: TileSide
    b: TileSide

    def side(self, name: str) -> TileSide:
        """Side "A" or "B"."""
        return self.a if name == "A" else self.b


def token_places(terrain: dict[Coord, int], allowed: tuple[Coord, ...] = INNER) -> list[Coord]:
    """A largest-first greedy set of pairwise non-adjacent open hexes among ``allowed``."""
    chosen: list[Coord] = []
    for h in allowed:
        if terrain.get(h) == OPEN and all(distance(h, c) > 1 for c in chosen):
            chosen.append(h)
    return chosen


def _connected(terrain: dict[Coord, int]) -> bool:
    open_hexes = [h for h, t in terrain.items() if t == OPEN]
    if not open_hexes:
        return False
    seen = {open_hexes[0]}
    stack = [open_hexes[0]]
    while stack:
        c = stack.pop()
        for dq, dr in DIRECTIONS:
            n = (c[0] + dq, c[1] + dr)
            if n not in seen and terrain.get(n) == OPEN:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(open_hexes)


def check_side(side: TileSide, where: str = "tile") -> None:
    """PnpError naming the side and rule if ``side`` breaks a tile rule (see module doc)."""
    terrain = side.terrain()
    field = f"{where}.{side.name}"
    for h, _t in side.scenery:
        if h not in terrain:
            raise PnpError(f"hex {h[0]},{h[1]} is not on a radius-{TILE_RADIUS} tile",
                           field=f"{field}.scenery")
    for h in side.setup:
        if terrain.get(h) != OPEN:
            raise PnpError(f"setup hex {h[0]},{h[1]} is not an open hex of the tile",
                           field=f"{field}.setup")
    if not _connected(terrain):
        cut = side.setup and not _connected({h: t for h, t in terrain.items()
                                             if h not in side.setup} | dict.fromkeys(
                                                 side.setup[:1], OPEN))
        raise PnpError("the setup area cannot be reached from the rest of the map" if cut
                       else "the open hexes are not connected: some cannot be reached",
                       field=f"{field}.setup" if cut else field)
    for h, _t in side.scenery:
        if distance(h, (0, 0)) == TILE_RADIUS:
            raise PnpError(f"hex {h[0]},{h[1]} is on the tile's edge, which stays open",
                           field=f"{field}.scenery")
    if side.setup and not any(distance(a, b) == 1 for a in side.setup for b in side.setup):
        raise PnpError("the setup area has no two adjacent hexes for the big rig",
                       field=f"{field}.setup")
    if side.setup and len(side.setup) < 6:
        raise PnpError(f"the setup area needs room for 5 vehicles (6 hexes with the rig), "
                       f"has {len(side.setup)}", field=f"{field}.setup")
    if len(token_places(terrain)) < TOKEN_PLACES:
        raise PnpError(f"fewer than {TOKEN_PLACES} legal salvage token places",
                       field=field)


def tiles_to_dict(tiles: tuple[Tile, ...]) -> dict[str, Any]:
    """tiles.json: per tile and side, the rocks, the water and the setup area (local q,r)."""
    def side(s: TileSide) -> dict[str, Any]:
        return {"rocks": [list(h) for h, t in s.scenery if t == OBSTACLE],
                "water": [list(h) for h, t in s.scenery if t == HAZARD],
                "setup": [list(h) for h in s.setup]}

    return {"format": "pnp.wreck-and-ruin.tiles/1", "radius": TILE_RADIUS,
            "tiles": [{"number": t.number, "A": side(t.a), "B": side(t.b)} for t in tiles]}


def tiles_from_dict(data: Any, where: str = "tiles") -> tuple[Tile, ...]:
    """tiles.json -> the tiles, every side checked (PnpError naming the field)."""
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise PnpError("must hold a list of tiles under 'tiles'", file=where, field="tiles")
    tiles = []
    for i, row in enumerate(data["tiles"]):
        here = f"tiles[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("number"), int):
            raise PnpError("each tile needs a number and sides A and B", file=where,
                           field=here)
        sides = []
        for name in ("A", "B"):
            raw = row.get(name)
            if not isinstance(raw, dict):
                raise PnpError(f"side {name} is missing", file=where, field=f"{here}.{name}")
            try:
                scenery = [((int(q), int(r)), OBSTACLE) for q, r in raw.get("rocks", [])]
                scenery += [((int(q), int(r)), HAZARD) for q, r in raw.get("water", [])]
                setup = tuple(sorted((int(q), int(r)) for q, r in raw.get("setup", [])))
            except (TypeError, ValueError):
                raise PnpError("hexes are [q, r] pairs of whole numbers", file=where,
                               field=f"{here}.{name}") from None
            side = TileSide(f"{row['number']}{name}", tuple(sorted(scenery)), setup)
            try:
                check_side(side, here)
            except PnpError as exc:
                raise PnpError(exc.message, file=where, field=exc.field) from None
            sides.append(side)
        tiles.append(Tile(row["number"], sides[0], sides[1]))
    if len(tiles) < 7 or sum(1 for t in tiles if t.a.setup) < 4:
        raise PnpError("a box needs at least 7 tiles, 4 of them with a setup area on side A",
                       file=where, field="tiles")
    return tuple(tiles)


def _side(rng: random.Random, name: str, setup: bool) -> TileSide:
    area = SETUP_AREA if setup else ()
    free = [h for h in INNER if h not in area]
    terrain = dict.fromkeys(LOCAL, OPEN)
    wanted = [OBSTACLE] * rng.randint(*ROCKS) + [HAZARD] * rng.randint(*WATER)
    placed: list[tuple[Coord, int]] = []
    for kind in wanted:
        # Clusters read as rock fields and pools: half the time next to the same scenery.
        near = [h for h in free if terrain[h] == OPEN and any(
            terrain.get((h[0] + dq, h[1] + dr)) == kind for dq, dr in DIRECTIONS)]
        pool = near if near and rng.random() < 0.5 else [h for h in free if terrain[h] == OPEN]
        rng.shuffle(pool)
        for h in pool:
            terrain[h] = kind
            if _connected(terrain) and len(token_places(terrain)) >= TOKEN_PLACES:
                placed.append((h, kind))
                break
            terrain[h] = OPEN
    return TileSide(name, tuple(sorted(placed)), tuple(sorted(area)))


def generate_tiles(rng: random.Random) -> tuple[Tile, ...]:
    """The 10 double-sided tiles; tiles 1-4 have a setup area on side A."""
    return tuple(Tile(n, _side(rng, f"{n}A", n <= SETUP_TILES), _side(rng, f"{n}B", False))
                 for n in range(1, TILES + 1))
