"""Seed -> Waste Knights board: the official setup from the tile catalogue, or a new tile set.

Session board (Game Setup 1): the central board tile with Gangraen [1] at the centre, the city
hexes at their fixed places, the special and normal stacks shuffled separately (one child
stream ``"board"`` of the seed) and drawn in the rulebook's order: S1, S2; tier 2 specials, then
tier 2 normals clockwise; tier 3 specials, then tier 3 normals clockwise.

The catalogue comes in as an argument (``data.default_catalogue()`` loads the bundled one).

New tile set: the normal hexes (and any special hexes the catalogue lacks) are designed from
the seed (child stream ``"tiles"``) to the targets of the catalogue's ``design`` block, then laid
out as a session board.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from pnp.errors import PnpError
from pnp.games.waste_knights.hexes import (
    Board,
    Coord,
    Hex,
    HexFace,
    Kind,
    Terrain,
    board_coords,
    ring,
    ring_of,
    tier_of,
)
from pnp.seed import py_rng, seed_code

SOURCE = "cardsets/waste_knights/hexes.yaml"
CITY_PLACES = ("C1", "C2", "C3", "C4", "C5")
SPECIAL_PLACES = tuple(f"S{i}" for i in range(1, 11))
MODES = ("session", "new-tiles")


@dataclass(frozen=True)
class TileSpec(HexFace):
    """One printed hex of the catalogue (a city, a special hex or a normal hex) with what only
    the tile and the reference sheet show: icons, text, exploration check."""

    icons: tuple[str, ...] = ()
    text: str = ""
    exploration_check: tuple[str, int] | None = None

    def place(self, c: Coord, tile: str) -> Hex:
        """This tile laid at coordinate ``c`` of the place labelled ``tile``."""
        face = {name: getattr(self, name) for name in _FACE_FIELDS}
        return Hex(q=c[0], r=c[1], tier=tier_of(c), tile=tile, **face)


_FACE_FIELDS = tuple(f.name for f in fields(HexFace))  # once: place() runs 37 times a board


@dataclass(frozen=True)
class Catalogue:
    """The tiles of a box: 5 cities (Gangraen on the central tile with 4 normal hexes), the
    special tiles, the one-hex normal tiles, and the fixed places of the setup diagram."""

    places: tuple[tuple[str, Coord], ...]
    cities: tuple[TileSpec, ...]
    specials: tuple[TileSpec, ...]
    central_normals: tuple[TileSpec, ...]
    normals: tuple[TileSpec, ...]
    tenth_special: str = "normal"
    blank_special: TileSpec | None = None
    design: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def place_map(self) -> dict[str, Coord]:
        return dict(self.places)

    def reference(self) -> dict[int, TileSpec]:
        """Numbered hexes (cities and specials) by reference number."""
        out = {t.number: t for t in (*self.cities, *self.specials) if t.number is not None}
        if self.blank_special is not None and self.blank_special.number is not None:
            out.setdefault(self.blank_special.number, self.blank_special)
        return out


def _err(msg: str, fld: str) -> PnpError:
    return PnpError(msg, file=SOURCE, field=fld)


def _spec(d: Any, kind: Kind, fld: str) -> TileSpec:
    if not isinstance(d, Mapping):
        raise _err("each tile must be a mapping", fld)
    rd = d.get("route_difficulty")
    if not isinstance(rd, int) or not 1 <= rd <= 9:
        raise _err(f"route_difficulty must be 1..9, got {rd!r}", fld)
    icons = {}
    for key in ("threat", "radiation", "contamination"):
        v = d.get(key, 0)
        if not isinstance(v, int) or not 0 <= v <= 9:
            raise _err(f"{key} must be 0..9, got {v!r}", fld)
        icons[key] = v
    terrain = None
    if d.get("terrain") is not None:
        try:
            terrain = Terrain(d["terrain"])
        except ValueError:
            raise _err(f"unknown terrain {d['terrain']!r}", fld) from None
    if kind is Kind.NORMAL and terrain is None:
        raise _err("a normal hex needs a terrain", fld)
    check = d.get("exploration_check")
    if check is not None:
        check = (str(check["skill"]), int(check["difficulty"]))
    return TileSpec(kind=kind, route_difficulty=rd, number=d.get("number"), name=d.get("name"),
                    terrain=terrain, icons=tuple(d.get("icons", ())), text=str(d.get("text", "")),
                    exploration_check=check, **icons)


def catalogue_from_dict(data: Any) -> Catalogue:
    """The ``hexes.yaml`` dict -> Catalogue (PnpError naming the field on bad data)."""
    if not isinstance(data, Mapping):
        raise _err("expected a mapping", "places")
    places_raw = data.get("places") or {}
    places: dict[str, Coord] = {}
    for label in (*CITY_PLACES, *SPECIAL_PLACES):
        c = places_raw.get(label)
        if not (isinstance(c, (list, tuple)) and len(c) == 2):
            raise _err(f"place {label} needs [q, r]", "places")
        coord = (int(c[0]), int(c[1]))
        if ring_of(coord) > 3:
            raise _err(f"place {label} {coord} is off the board", "places")
        places[label] = coord
    if len(set(places.values())) != len(places):
        raise _err("two places share a coordinate", "places")
    want_tier = {"C1": 1, "S1": 1, "S2": 1, "C2": 2, "C3": 2, "S3": 2, "S4": 2}
    for label, c in places.items():
        tier = want_tier.get(label, 3)
        if (label == "C1" and c != (0, 0)) or (label != "C1" and tier_of(c) != tier) \
                or (label != "C1" and ring_of(c) == 0):
            raise _err(f"place {label} {c} must be in tier {tier}", "places")
    cities = tuple(_spec(d, Kind.CITY, "cities") for d in data.get("cities") or ())
    if [c.number for c in cities] != [1, 2, 3, 4, 5]:
        raise _err("the five cities are numbered 1-5 in order", "cities")
    specials = tuple(_spec(d, Kind.SPECIAL, "specials") for d in data.get("specials") or ())
    central = tuple(_spec(d, Kind.NORMAL, "central_normals")
                    for d in data.get("central_normals") or ())
    if len(central) != 4:
        raise _err(f"the central tile has 4 normal hexes, got {len(central)}", "central_normals")
    normals: list[TileSpec] = []
    for d in data.get("normals") or ():
        count = d.get("count", 1) if isinstance(d, Mapping) else 1
        if not isinstance(count, int) or count < 0:
            raise _err(f"count must be a whole number, got {count!r}", "normals")
        normals += [_spec(d, Kind.NORMAL, "normals")] * count
    tenth = data.get("tenth_special", "normal")
    if tenth not in ("normal", "blank"):
        raise _err(f"must be 'normal' or 'blank', got {tenth!r}", "tenth_special")
    blank = data.get("blank_special")
    blank_spec = _spec(blank, Kind.SPECIAL, "blank_special") if blank else None
    return Catalogue(places=tuple(places.items()), cities=cities, specials=specials,
                     central_normals=central, normals=tuple(normals), tenth_special=tenth,
                     blank_special=blank_spec, design=dict(data.get("design") or {}))


def normal_places(catalogue: Catalogue) -> list[tuple[str, Coord]]:
    """Normal places N1..: ring 1, then ring 2, then ring 3, each clockwise from north."""
    taken = set(catalogue.place_map.values())
    out: list[tuple[str, Coord]] = []
    for k in (1, 2, 3):
        for c in ring(k):
            if c not in taken:
                out.append((f"N{len(out) + 1}", c))
    return out


def lay_out(catalogue: Catalogue, rng: random.Random, mode: str = "session",
            code: str = "") -> Board:
    """Lay a board from the catalogue following Game Setup 1, stacks shuffled with ``rng``."""
    places = catalogue.place_map
    specials = list(catalogue.specials)
    normals = list(catalogue.normals)
    rng.shuffle(specials)
    rng.shuffle(normals)
    nplaces = normal_places(catalogue)
    hexes: list[Hex] = []

    def draw_special(label: str) -> None:
        c = places[label]
        if specials:
            hexes.append(specials.pop(0).place(c, label))
        elif catalogue.tenth_special == "blank" and catalogue.blank_special is not None:
            hexes.append(catalogue.blank_special.place(c, label))
        else:  # the special stack is empty: the place takes the top normal tile
            draw_normal(label, c)

    def draw_normal(label: str, c: Coord) -> None:
        if not normals:
            raise PnpError(f"the normal stack ran out at place {label}: add normal tiles",
                           file=SOURCE, field="normals")
        hexes.append(normals.pop(0).place(c, label))

    # B) Tier 1: the central board tile (Gangraen and its 4 printed normal hexes), then S1, S2.
    hexes.append(catalogue.cities[0].place((0, 0), "C1"))
    for spec, (label, c) in zip(catalogue.central_normals,
                                [p for p in nplaces if ring_of(p[1]) == 1], strict=False):
        hexes.append(spec.place(c, label))
    for label in ("S1", "S2"):
        draw_special(label)
    # C) Tier 2 and D) Tier 3: cities, specials, then normals clockwise.
    for tier, cities, slabels in ((2, (1, 2), ("S3", "S4")),
                                  (3, (3, 4), ("S5", "S6", "S7", "S8", "S9", "S10"))):
        for i in cities:
            hexes.append(catalogue.cities[i].place(places[f"C{i + 1}"], f"C{i + 1}"))
        for label in slabels:
            draw_special(label)
        for label, c in nplaces:
            if ring_of(c) == tier:
                draw_normal(label, c)
    if len(hexes) != 37:
        raise PnpError(f"the catalogue fills {len(hexes)} of 37 hexes", file=SOURCE,
                       field="central_normals")
    order = {c: i for i, c in enumerate(board_coords())}
    return Board(hexes=tuple(sorted(hexes, key=lambda h: order[h.coord])), mode=mode,
                 seed_code=code)


def session_board(seed: int | str, catalogue: Catalogue) -> Board:
    """The official session board for ``seed`` (child stream "board")."""
    return lay_out(catalogue, py_rng(seed, "board"), "session", seed_code(seed))


def design_tiles(seed: int | str, cat: Catalogue) -> Catalogue:
    """A new tile set: normal hexes and missing special hexes designed to the targets."""
    rng = py_rng(seed, "tiles")
    design = cat.design
    ranges = {Terrain(k): (int(v[0]), int(v[1]))
              for k, v in (design.get("route_difficulty") or {}).items()}
    weights = {Terrain(k): float(v) for k, v in (design.get("terrain_weights") or {}).items()}
    if not ranges or not weights or set(weights) - set(ranges):
        raise _err("design needs route_difficulty ranges and terrain_weights per terrain",
                   "design")
    n_one_hex = len(normal_places(cat)) - 4  # the four central normals are separate
    n_missing = max(0, len(SPECIAL_PLACES) - len(cat.specials))
    n = 4 + n_one_hex
    terrains = sorted(weights, key=lambda t: t.value)
    kinds = rng.choices(terrains, weights=[weights[t] for t in terrains], k=n)
    rd = [rng.randint(*ranges[t]) for t in kinds]
    target = round(float(design.get("mean_route_difficulty", 2.0)) * n)
    for _ in range(20 * n):  # nudge route difficulties (re-terraining if needed) to the mean
        gap = target - sum(rd)
        if gap == 0:
            break
        i = rng.randrange(n)
        lo, hi = ranges[kinds[i]]
        step = 1 if gap > 0 else -1
        if lo <= rd[i] + step <= hi:
            rd[i] += step
        else:
            fits = [t for t in terrains if ranges[t][0] <= rd[i] + step <= ranges[t][1]]
            if fits:
                kinds[i] = rng.choice(fits)
                rd[i] += step
    # Icons: exact totals, at most one of a kind per hex; threat favours open ground (deserts,
    # highways: "each desert hex with a Threat icon"), contamination wet ground.
    favour = {"threat": {Terrain.DESERT: 3, Terrain.HIGHWAY: 2},
              "radiation": {Terrain.DESERT: 2, Terrain.MOUNTAINS: 2},
              "contamination": {Terrain.SWAMP: 3, Terrain.JUNGLE: 2}}
    icons = {k: [0] * n for k in favour}
    for key, total in (design.get("icons") or {}).items():
        if key not in favour:
            raise _err(f"unknown icon {key!r} (threat, radiation, contamination)", "design")
        free = list(range(n))
        for _ in range(min(int(total), n)):
            w = [favour[key].get(kinds[i], 1) for i in free]
            pick = rng.choices(free, weights=w)[0]
            free.remove(pick)
            icons[key][pick] = 1
    specs = [TileSpec(kind=Kind.NORMAL, route_difficulty=rd[i], terrain=kinds[i],
                      threat=icons["threat"][i], radiation=icons["radiation"][i],
                      contamination=icons["contamination"][i]) for i in range(n)]
    names = list(design.get("special_names") or ["Waste Outpost"])
    designed_specials = []
    base = cat.blank_special or TileSpec(kind=Kind.SPECIAL, route_difficulty=2, icons=("special",),
                                         text="S: +1 green gear card.")
    top = max([t.number or 0 for t in (*cat.cities, *cat.specials)] + [14])
    for j in range(n_missing):
        designed_specials.append(replace(base, number=top + 1 + j, name=names[j % len(names)],
                                         route_difficulty=rng.choice((2, 2, 3)),
                                         threat=rng.choice((0, 0, 1))))
    return replace(cat, central_normals=tuple(specs[:4]), normals=tuple(specs[4:]),
                   specials=cat.specials + tuple(designed_specials))


def generate_board(seed: int | str, mode: str, cat: Catalogue) -> tuple[Board, Catalogue]:
    """Board and the tile set it was laid from, for ``mode`` session or new-tiles."""
    if mode == "session":
        return session_board(seed, cat), cat
    if mode == "new-tiles":
        tiles = design_tiles(seed, cat)
        return lay_out(tiles, py_rng(seed, "board"), "new-tiles", seed_code(seed)), tiles
    raise PnpError(f"unknown mode {mode!r} ({', '.join(MODES)})", field="mode")
