"""A session map: which tiles, which sides, where, turned how, with the tracker numbering.

Pure core. "Place setup tiles equal to the number of players, then place any other tiles down
... forming a large hex": seven tiles, one central and six around it, numbered 1-6 clockwise from
the top as the round tracker shows ("rolling a 1 ... the topmost tile, a 4 on the bottom tile").
Setup tiles sit in the ring with their setup area turned outwards. A map is fair by
measurement: for each seat, the movement a buggy needs from its setup area to the central tile
and to the central tile's token places (in AP: movement points / MOVE) may differ from the
other seats' by at most ``Config.margin_ap``; the generator draws layouts until one is.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass, field
from typing import Any

from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord, distance, rotate, step
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.tiles import (
    BORDER,
    OPEN,
    SETUP_TILES,
    TERRAIN,
    TILE_RADIUS,
    Tile,
    TileSide,
    generate_tiles,
)
from pnp.hexes import to_pixel
from pnp.seed import child_seed

__all__ = ["SEATS", "Board", "Placement", "fairness", "generate_board", "make_board"]

#: Tracker positions of the setup tiles per player count (1 top, clockwise): opposite for 2,
#: every other for 3, two facing pairs for 4.
SEATS = {2: (1, 4), 3: (1, 3, 5), 4: (1, 2, 4, 5)}
#: Layouts drawn at most, looking for a fair one.
ATTEMPTS = 60
#: Centre of the tile in each direction around the central tile (radius-3 tiles tile the
#: plane with neighbouring centres 7 hexes apart).
_OFFSET = (2 * TILE_RADIUS + 1, -TILE_RADIUS)


def _ring_centres() -> tuple[Coord, ...]:
    """The six ring tile centres ordered as the tracker: 1 topmost, then clockwise."""
    centres = [rotate(_OFFSET, k) for k in range(6)]

    def angle(c: Coord) -> float:
        x, y = to_pixel(c)
        return (math.degrees(math.atan2(y, x)) + 90 + 1e-9) % 360

    return tuple(sorted(centres, key=angle))


RING = _ring_centres()


@dataclass(frozen=True)
class Placement:
    """One tile on the map: tracker ``position`` (0 the centre), tile number, side, turn."""

    position: int
    tile: int
    side: str
    rotation: int
    centre: Coord
    seat: int | None = None        # the seat whose setup area this tile holds


@dataclass(frozen=True, eq=False)
class Board:
    """A session map: the placements and, per map hex, its terrain and tile position."""

    players: int
    placements: tuple[Placement, ...]
    terrain: dict[Coord, int]
    position: dict[Coord, int]
    setup: tuple[tuple[Coord, ...], ...]
    sides: tuple[TileSide, ...] = ()
    #: Per tracker position (0-6): the hexes a salvage token may take (open, not on the outer
    #: edge of the map; on the central tile not on the tile's edge).
    token_hexes: tuple[tuple[Coord, ...], ...] = ()
    centre: Coord = (0, 0)
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def on_edge(self, c: Coord) -> bool:
        """True for a hex at the outer edge of the playing area."""
        return any((c[0] + dq, c[1] + dr) not in self.terrain for dq, dr in DIRECTIONS)


def _place(side: TileSide, rotation: int, centre: Coord) -> tuple[dict[Coord, int], list[Coord]]:
    terrain = {}
    for h, t in side.terrain().items():
        q, r = rotate(h, rotation)
        terrain[(q + centre[0], r + centre[1])] = t
    setup = [(rotate(h, rotation)[0] + centre[0], rotate(h, rotation)[1] + centre[1])
             for h in side.setup]
    return terrain, sorted(setup)


def _outward(centre: Coord) -> int:
    """The rotation that turns a tile's east face (its setup area) out of the map."""
    x, y = to_pixel(centre)
    return max(range(6), key=lambda k: x * to_pixel(DIRECTIONS[k])[0]
               + y * to_pixel(DIRECTIONS[k])[1])


def make_board(players: int, tiles: tuple[Tile, ...], layout: list[tuple[int, str, int]],
               name: str = "") -> Board:
    """The board of ``layout``: (tile number, side, rotation) for the centre then positions 1-6.

    The seats' setup tiles must be at ``SEATS[players]`` with side A of a setup tile.
    """
    by_number = {t.number: t for t in tiles}
    terrain: dict[Coord, int] = {}
    position: dict[Coord, int] = {}
    placements, sides = [], []
    setup: list[tuple[Coord, ...]] = [() for _ in range(players)]
    seats = SEATS[players]
    for pos, (number, side_name, rot) in enumerate(layout):
        centre = (0, 0) if pos == 0 else RING[pos - 1]
        side = by_number[number].side(side_name)
        seat = seats.index(pos) if pos in seats else None
        t, area = _place(side, rot, centre)
        terrain.update(t)
        position.update(dict.fromkeys(t, pos))
        if seat is not None:
            setup[seat] = tuple(area)
        placements.append(Placement(pos, number, side_name, rot, centre, seat))
        sides.append(side)
    board = Board(players, tuple(placements), terrain, position, tuple(setup), tuple(sides),
                  name=name)
    hexes: list[tuple[Coord, ...]] = []
    for pos in range(7):
        centre = placements[pos].centre
        radius = TILE_RADIUS - 1 if pos == 0 else TILE_RADIUS
        hexes.append(tuple(sorted(
            c for c, p in position.items() if p == pos and terrain[c] == OPEN
            and distance(c, centre) <= radius and not board.on_edge(c))))
    object.__setattr__(board, "token_hexes", tuple(hexes))
    return board


def move_points(board: Board, sources: tuple[Coord, ...]) -> dict[Coord, int]:
    """Least movement points (forward 1 hex or turn 1 face: 1 each) from any of ``sources``
    (any facing) to each open hex of an empty board."""
    best: dict[tuple[Coord, int], int] = {}
    heap = [(0, s, f) for s in sources for f in range(6)]
    heapq.heapify(heap)
    out: dict[Coord, int] = {}
    while heap:
        cost, c, f = heapq.heappop(heap)
        if best.get((c, f), 1 << 30) <= cost and (c, f) in best:
            continue
        best[(c, f)] = cost
        out.setdefault(c, cost)
        for nc, nf in ((step(c, f), f), (c, (f + 1) % 6), (c, (f - 1) % 6)):
            if board.terrain.get(nc) == OPEN and (nc, nf) not in best:
                heapq.heappush(heap, (cost + 1, nc, nf))
    return out


def fairness(board: Board, config: Config = Config()) -> dict[str, Any]:
    """Per seat: buggy AP from its setup area to the central tile and to its token places.

    AP = movement points / the buggy's MOVE (the reference vehicle). ``spread`` is the largest
    difference between seats; ``fair`` says whether both are within ``config.margin_ap``.
    """
    move = config.type_of["buggy"].move
    places = board.token_hexes[0]
    centre_hexes = [c for c, p in board.position.items() if p == 0]
    seats = []
    for area in board.setup:
        mp = move_points(board, area)
        to_centre = min(mp.get(c, 999) for c in centre_hexes)
        to_tokens = sum(mp.get(c, 999) for c in places) / max(1, len(places))
        seats.append({"to_centre_ap": round(to_centre / move, 4),
                      "to_tokens_ap": round(to_tokens / move, 4)})
    spread = {k: round(max(s[k] for s in seats) - min(s[k] for s in seats), 4)
              for k in ("to_centre_ap", "to_tokens_ap")}
    return {"seats": seats, "spread": spread, "margin_ap": config.margin_ap,
            "fair": all(v <= config.margin_ap for v in spread.values())}


def _layout(rng: random.Random, players: int, tiles: tuple[Tile, ...]
            ) -> list[tuple[int, str, int]]:
    seats = SEATS[players]
    setup_tiles = rng.sample([t.number for t in tiles[:SETUP_TILES]], players)
    others = [t.number for t in tiles if t.number not in setup_tiles]
    rng.shuffle(others)
    layout = [(others.pop(), rng.choice("AB") if others[-1] > SETUP_TILES else "B",
               rng.randrange(6))]
    for pos in range(1, 7):
        if pos in seats:
            layout.append((setup_tiles[seats.index(pos)], "A", _outward(RING[pos - 1])))
        else:
            n = others.pop()
            layout.append((n, "B" if n <= SETUP_TILES else rng.choice("AB"), rng.randrange(6)))
    return layout


def generate_board(seed: int | str, players: int, config: Config = Config(),
                   tiles: tuple[Tile, ...] | None = None) -> Board:
    """The session map of ``seed`` for ``players``: the first fair layout of up to
    ``ATTEMPTS`` (else the fairest), with its fairness in ``extra``."""
    if tiles is None:
        tiles = generate_tiles(random.Random(child_seed(seed, "wreck-and-ruin", "tiles")))
    rng = random.Random(child_seed(seed, "wreck-and-ruin", "map", players))
    best: tuple[float, Board, dict[str, Any]] | None = None
    attempts = 0
    for _ in range(ATTEMPTS):
        attempts += 1
        board = make_board(players, tiles, _layout(rng, players, tiles))
        fair = fairness(board, config)
        score = max(fair["spread"].values())
        if best is None or score < best[0]:
            best = (score, board, fair)
        if fair["fair"]:
            break
    assert best is not None
    _, board, fair = best
    board.extra.update({"fairness": fair, "attempts": attempts})
    return board


def board_document(board: Board) -> dict[str, Any]:
    """map.json: tiles, hexes (terrain, border colour, tile, setup area, token place)."""
    setup_of = {c: s for s, area in enumerate(board.setup) for c in area}
    token_ok = {c for hexes in board.token_hexes for c in hexes}
    hexes = [{"q": c[0], "r": c[1], "tile_position": board.position[c],
              "terrain": TERRAIN[t], "border": BORDER[t],
              "setup_seat": None if c not in setup_of else setup_of[c] + 1,
              "token_place": c in token_ok, "map_edge": board.on_edge(c)}
             for c, t in sorted(board.terrain.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
    return {
        "format": "pnp.wreck-and-ruin.map/1", "players": board.players,
        "coordinates": "axial (q, r), pointy-top hexes, r grows downwards; facing 0 east, "
                       "clockwise",
        "tiles": [{"position": p.position, "tracker": p.position or None, "tile": p.tile,
                   "side": p.side, "rotation": p.rotation, "centre": list(p.centre),
                   "setup_seat": None if p.seat is None else p.seat + 1}
                  for p in board.placements],
        "hexes": hexes,
        "fairness": board.extra.get("fairness"),
    }

