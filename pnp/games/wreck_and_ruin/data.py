"""Wreck and Ruin's data files: ``cardsets/wreck_and_ruin/rules.yaml`` and ``vehicles.yaml``.

The shell: reads YAML into ``rules.Config``. Bad data is one ``PnpError`` naming the file, the
line and the field; nothing is half-loaded. The YAML reading and error placing are Salvage's
(``pnp.games.salvage.data``), shared rather than copied.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pnp.games.datafile import (
    BadValue,
    fraction,
    listed,
    load_data,
    located_error,
    mapping,
    only,
    whole,
)
from pnp.games.wreck_and_ruin.cards import (
    EVENT_EFFECTS,
    FACTION_EFFECTS,
    SALVAGE_EFFECTS,
    CardDef,
)
from pnp.games.wreck_and_ruin.rules import KINDS, Config, VehicleType
from pnp.limits import limit, short
from pnp.safe_io import load_json

__all__ = ["cards_from_dict", "config_from_dicts", "load_cards", "load_config", "load_factions",
           "load_tiles"]

RULES_FILE = "wreck_and_ruin/rules.yaml"
VEHICLES_FILE = "wreck_and_ruin/vehicles.yaml"
_TRIPLES = ("ap", "first_turn_bonus", "rounds")
#: The schema of rules.yaml's whole numbers: (lowest, highest), the highest a number or the name
#: of a limit ``--limit`` raises (docs/limits.md lists them); the triples are per player count.
_INTS: dict[str, tuple[int, int | str]] = {
    "ap": (1, 20), "first_turn_bonus": (0, 20), "rounds": (1, "rounds"), "ap_limit": (1, 20),
    "tokens": (1, 7),   # a salvage token per tile of the map at most: each needs a free place
    "tokens_per_tile": (1, 7), "shoot_range": (1, 99), "rear_bonus": (0, 6),
    "potshot_penalty": (0, 6), "trapped_need": (1, 6), "hazard_move_penalty": (0, 99),
    "reverse_cost": (1, 99), "steamroll": (0, 99), "wreck_repair_dice": (1, "dice"),
    "buggy_repair_dice": (1, "dice"), "self_repair_dice": (0, "dice"), "mechanic": (0, 99),
    "explosion_dice": (1, "dice"), "start_salvage": (0, 99)}
#: A vehicle's stats: SIZE is rolled as dice (rams, getting free), ATTACK is its dice.
_STATS: dict[str, tuple[int, int | str]] = {
    "size": (1, "dice"), "move": (1, 99), "attack": (1, "dice"), "armour": (1, 99),
    "dp": (1, 99)}
_SKILLS = {"AGILE", "POTSHOT", "REPAIR", "STEAMROLL", "MECHANIC", "360 TURRET", "FLYING"}


def rules_from_dict(data: Any, base: Config = Config()) -> Config:
    """A rules.yaml document -> Config (``BadValue`` with the path of a bad value)."""
    if data is None:
        return base
    if not isinstance(data, Mapping):
        raise BadValue((), "must be a mapping of rule names to numbers")
    known = {f.name for f in dataclasses.fields(Config)} - {"vehicles", "roster", "type_of",
                                                             "specials", "absent"}
    out: dict[str, Any] = {}
    for key, v in data.items():
        path = (str(key),)
        if key not in known:
            raise BadValue(path, "unknown rule")
        if key in _TRIPLES:
            if not isinstance(v, list) or len(v) != 3:
                raise BadValue(path, "must list three numbers: for 2, 3 and 4 players")
            out[key] = tuple(whole(x, path + (i,), *_INTS[key]) for i, x in enumerate(v))
        elif key == "defender_explodes":
            if not isinstance(v, bool):
                raise BadValue(path, f"must be true or false, got {v!r}")
            out[key] = v
        elif key == "margin_ap":
            out[key] = fraction(v, path, 0, 99)
        else:
            out[key] = whole(v, path, *_INTS[key])
    return dataclasses.replace(base, **out)


def vehicles_from_dict(data: Any, base: Config) -> Config:
    """A vehicles.yaml document -> Config with its vehicle table and roster."""
    if not isinstance(data, Mapping) or not isinstance(data.get("vehicles"), Mapping):
        raise BadValue(("vehicles",), "must map each vehicle type to its stats under 'vehicles:'")
    only(data, ("vehicles", "roster"))
    rows = data["vehicles"]
    types = []
    # the special vehicles may be left out: only a faction card that brings one in needs it
    absent = tuple(n for n in base.specials if n not in rows)
    for name in KINDS:
        if name not in rows and name not in absent:
            raise BadValue(("vehicles",), f"the vehicle type {name!r} is missing")
    for name, row in rows.items():
        here = ("vehicles", str(name))
        if name not in KINDS:
            raise BadValue(here, f"unknown vehicle type ({', '.join(KINDS)})")
        if not isinstance(row, Mapping):
            raise BadValue(here, "must be a mapping (size, move, attack, armour, dp, skills)")
        unknown = set(row) - {"size", "move", "attack", "armour", "dp", "skills", "hexes"}
        if unknown:
            raise BadValue(here + (sorted(unknown)[0],), "unknown key")
        skills = row.get("skills") or []
        if not isinstance(skills, list):
            raise BadValue(here + ("skills",), "must be a list of skills")
        for i, s in enumerate(skills):
            if s not in _SKILLS:
                raise BadValue(here + ("skills", i),
                           f"unknown skill {s!r} ({', '.join(sorted(_SKILLS))})")
        hexes = whole(row.get("hexes", 1), here + ("hexes",))
        if hexes > 2:
            raise BadValue(here + ("hexes",), f"a vehicle takes 1 or 2 hexes, got {hexes}")
        size, move, attack, armour, dp = (whole(row.get(k), here + (k,), *_STATS[k]) for k in
                                          ("size", "move", "attack", "armour", "dp"))
        types.append(VehicleType(str(name), size, move, attack, armour, dp, tuple(skills),
                                 hexes))
    roster = data.get("roster", list(base.roster))
    if not isinstance(roster, list) or not roster:
        raise BadValue(("roster",), "must list the vehicles of a faction")
    for i, r in enumerate(roster):
        if r not in KINDS:
            raise BadValue(("roster", i), f"unknown vehicle type {r!r} ({', '.join(KINDS)})")
    if tuple(roster) != base.roster:
        # Actions and replays name vehicles by the rulebook's roster ("P2 scout-1").
        raise BadValue(("roster",), f"must be the rulebook's roster {list(base.roster)} (the "
                                "vehicles' stats can change, not the faction's make-up)")
    types += [base.type_of[n] for n in absent]
    return dataclasses.replace(base, vehicles=tuple(types), roster=tuple(roster), absent=absent)




def load_tiles(path: str | Path | None, seed: int | str) -> Any:
    """The box's tiles: a tiles.json (checked, PnpError naming file and field) or the seed's."""
    import random

    from pnp.games.wreck_and_ruin.tiles import generate_tiles, tiles_from_dict
    from pnp.resources import read_text
    from pnp.seed import child_seed

    if not path:
        return generate_tiles(random.Random(child_seed(seed, "wreck-and-ruin", "tiles")))
    data = load_json(read_text(path), str(path))  # nesting and integer digits bounded
    try:
        _tiles_shape(data)
    except BadValue as bad:
        raise located_error(bad, str(path), {}) from None
    return tiles_from_dict(data, str(path))


def _tiles_shape(data: Any) -> None:
    """A tiles.json's shape before its tiles are built: at most 99 tiles numbered 1-99, each
    hex a [q, r] pair of whole numbers inside its tile (``BadValue`` otherwise)."""
    from pnp.games.wreck_and_ruin.tiles import LOCAL, TILE_RADIUS

    if not isinstance(data, Mapping):
        raise BadValue(("tiles",), "must hold a list of tiles under 'tiles'")
    for i, row in enumerate(listed(data.get("tiles"), ("tiles",), "tiles", 99)):
        here: tuple[Any, ...] = ("tiles", i)
        mapping(row, here, "number, A and B")
        whole(row.get("number"), here + ("number",), 1, 99)
        for side in ("A", "B"):
            for key, hexes in mapping(row.get(side), here + (side,), "rocks, water and "
                                      "setup").items():
                for j, h in enumerate(listed(hexes, here + (side, key), "hexes", len(LOCAL))):
                    if not (isinstance(h, list) and len(h) == 2):
                        raise BadValue(here + (side, key, j), f"a hex is a [q, r] pair, got "
                                                              f"{short(h)}")
                    q, r = (whole(c, here + (side, key, j), -TILE_RADIUS, TILE_RADIUS)
                            for c in h)
                    if (q, r) not in LOCAL:
                        raise BadValue(here + (side, key, j), f"hex {q},{r} is outside the "
                                       f"tile (its hexes lie within {TILE_RADIUS} of 0,0)")


EVENTS_FILE = "wreck_and_ruin/events.yaml"
SALVAGE_FILE = "wreck_and_ruin/salvage.yaml"


def cards_from_dict(data: Any, kind: str, key: str = "") -> tuple[CardDef, ...]:
    """An events.yaml or salvage.yaml document -> its cards (``BadValue`` on a bad value)."""
    key = key or ("events" if kind == "event" else "salvage")
    vocab = {"event": EVENT_EFFECTS, "faction": FACTION_EFFECTS}.get(kind, SALVAGE_EFFECTS)
    if not isinstance(data, Mapping) or not isinstance(data.get(key), list):
        raise BadValue((key,), f"must be a list of cards under '{key}:'")
    only(data, (key,))
    out, names = [], set()
    for i, row in enumerate(data[key]):
        here = (key, i)
        if not isinstance(row, Mapping):
            raise BadValue(here, "each card is a mapping (name, effect, amount, count, text)")
        unknown = set(row) - {"name", "effect", "amount", "count", "text"}
        if unknown:
            raise BadValue(here + (sorted(unknown)[0],), "unknown key")
        name = row.get("name")
        if not isinstance(name, str) or not name.strip() or name in names:
            raise BadValue(here + ("name",), f"each card needs a name of its own, got {name!r}")
        names.add(name)
        effect = row.get("effect")
        if effect not in vocab:
            raise BadValue(here + ("effect",), f"unknown effect {effect!r} ({', '.join(vocab)})")
        if not isinstance(row.get("text", ""), str):
            raise BadValue(here + ("text",), f"must be text, got {short(row['text'])}")
        out.append(CardDef(name, kind, effect,
                           whole(row.get("amount", 1), here + ("amount",), 1, 99),
                           str(row.get("text", "")),
                           whole(row.get("count", 1), here + ("count",), 1, "copies")))
    total = sum(c.count for c in out)
    if total > limit("deck_copies"):
        raise BadValue((key,), f"the deck holds {total} cards, over the limit of "
                               f"{int(limit('deck_copies'))} (raise it with pnp --limit "
                               f"deck_copies=N)")
    return tuple(out)


@cache
def _bundled_cards(kind: str) -> tuple[CardDef, ...]:
    return load_data(None, EVENTS_FILE if kind == "event" else SALVAGE_FILE,  # type: ignore[no-any-return]
                 lambda d: cards_from_dict(d, kind))


def load_cards(path: str | Path | None, kind: str) -> tuple[CardDef, ...]:
    """The event (``kind`` "event") or salvage deck of ``path`` (default: the bundled one)."""
    if not path:
        return _bundled_cards(kind)
    return load_data(path, "", lambda d: cards_from_dict(d, kind))  # type: ignore[no-any-return]


FACTIONS_FILE = "wreck_and_ruin/factions.yaml"


def factions_from_dict(data: Any) -> tuple[tuple[str, tuple[CardDef, ...]], ...]:
    """A factions.yaml document -> (faction name, its cards) in seat order."""
    if not isinstance(data, Mapping) or not isinstance(data.get("factions"), Mapping):
        raise BadValue(("factions",), "must map each faction to its cards under 'factions:'")
    only(data, ("factions",))
    out = []
    for name, cards in data["factions"].items():
        here = ("factions", str(name))
        if not isinstance(cards, list) or not cards:
            raise BadValue(here, "must list the faction's cards")
        defs = cards_from_dict({"faction": cards}, "faction", key="faction")
        out.append((str(name), tuple(defs)))
    if len(out) < 4:
        raise BadValue(("factions",), f"needs the 4 factions, got {len(out)}")
    return tuple(out)


@cache
def _bundled_factions() -> tuple[tuple[str, tuple[CardDef, ...]], ...]:
    return load_data(None, FACTIONS_FILE, factions_from_dict)  # type: ignore[no-any-return]


def load_factions(path: str | Path | None = None
                  ) -> tuple[tuple[str, tuple[CardDef, ...]], ...]:
    """The factions and their cards of ``path`` (default: the bundled factions.yaml)."""
    return _bundled_factions() if not path else load_data(path, "", factions_from_dict)  # type: ignore[no-any-return]


def config_from_dicts(rules: Any, vehicles: Any) -> Config:
    """Config from the two documents (for tests): rules.yaml and vehicles.yaml data."""
    return vehicles_from_dict(vehicles, rules_from_dict(rules))


@cache
def _bundled() -> Config:
    return load_config(None, None, bundled=True)


def load_config(rules: str | Path | None = None, vehicles: str | Path | None = None, *,
                bundled: bool = False) -> Config:
    """The numbers of ``rules`` and ``vehicles`` YAML (default: the bundled files)."""
    if not bundled and rules is None and vehicles is None:
        return _bundled()
    base = load_data(rules, RULES_FILE, rules_from_dict)
    return load_data(vehicles, VEHICLES_FILE, lambda d: vehicles_from_dict(d, base))  # type: ignore[no-any-return]
