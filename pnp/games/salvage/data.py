"""Salvage's data files: ``cardsets/salvage/rules.yaml`` (the numbers) and ``mods.yaml`` (the deck).

The shell: reads YAML (``yaml.safe_load`` semantics) into ``rules.Config`` and ``mods.Mod``
values. Bad data is one ``PnpError`` naming the file, the line and the field (an unknown mod
effect included); nothing is half-loaded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pnp.games.datafile import BadValue, listed, load_data, mapping, only, whole
from pnp.games.salvage.mods import EFFECTS, FLAGS, Mod, deck_of
from pnp.games.salvage.rules import MATERIALS, SIDES, Config, NodeRoll, Rank
from pnp.limits import limit, short
from pnp.resources import read_text

__all__ = ["config_from_dict", "load_config", "load_deck", "load_field", "load_mods",
           "mods_from_dict"]

RULES_FILE = "salvage/rules.yaml"
MODS_FILE = "salvage/mods.yaml"
#: The schema of rules.yaml's whole numbers: (lowest, highest), the highest a number or the name
#: of a limit ``--limit`` raises (docs/limits.md lists them).
_INTS: dict[str, tuple[int, int | str]] = {
    "max_fuel": (1, 99), "max_hp": (1, 99), "power": (0, 99), "strength": (0, 99),
    "move_cost": (0, 99), "leave_cost": (0, 99),
    "coin_flips": (0, 30),   # each flip halves the chance, kept as an exact fraction
    "cell_score": (0, 999), "mod_slots": (1, 99), "mods_drawn": (1, 99),
    "rounds": (1, "rounds"), "raids_to_win": (1, 99),
    "cells_to_win": (1, 3),  # "carrying all three fusion cells": a field has three
}
#: Dice of one kind in the supply: a mecha choosing which of its dice to roll weighs every
#: choice (the product of the counts + 1), so the supply stays near the aid's 4 of each.
SUPPLY_MAX = 8


def _die(v: Any, path: tuple[Any, ...]) -> int:
    text = str(v).strip().upper()
    sides = int(text[1:]) if text.startswith("D") and text[1:].isdigit() else None
    if sides not in SIDES:
        raise BadValue(path, f"not a die of the supply ({', '.join(f'D{s}' for s in SIDES)}): "
                         f"{v!r}")
    return sides


def _dice_table(v: Any, path: tuple[Any, ...], high: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(v, Mapping):
        raise BadValue(path, "must map dice (D4 ... D20) to numbers")
    table = tuple(sorted((_die(k, path + (str(k),)), whole(n, path + (str(k),), 0, high))
                         for k, n in v.items()))
    if len({s for s, _ in table}) < len(table):
        raise BadValue(path, "a die is listed twice")
    return table


def _node_die(v: Any, path: tuple[Any, ...]) -> tuple[NodeRoll, ...]:
    if not isinstance(v, Mapping) or set(v) != {1, 2, 3, 4, 5, 6}:
        raise BadValue(path, "must give the faces 1 to 6")
    faces = []
    for face in range(1, 7):
        row, here = v[face], path + (str(face),)
        if not isinstance(row, Mapping):
            raise BadValue(here, "must be a mapping (mob, scrap, die, text)")
        unknown = set(row) - {"mob", "scrap", "die", "text"}
        if unknown:
            raise BadValue(here + (sorted(unknown)[0],), "unknown key (mob, scrap, die, text)")
        mob = row.get("mob")
        if mob is not None and mob not in Rank.__members__:
            raise BadValue(here + ("mob",), f"must be C, B or A, got {mob!r}")
        die = row.get("die")
        if die not in (None, "smallest", "biggest"):
            raise BadValue(here + ("die",), f"must be smallest or biggest, got {die!r}")
        faces.append(NodeRoll(face, None if mob is None else Rank[mob],
                              whole(row.get("scrap", 0), here + ("scrap",), 0, 99), die,
                              str(row.get("text", ""))))
    return tuple(faces)


def config_from_dict(data: Any, base: Config = Config()) -> Config:
    """A rules.yaml document -> Config (``BadValue`` with the path of a bad value)."""
    if data is None:
        return base
    if not isinstance(data, Mapping):
        raise BadValue((), "must be a mapping of rule names to numbers")
    out: dict[str, Any] = {}
    for key, v in data.items():
        path = (key,)
        if key in _INTS:
            out[key] = whole(v, path, *_INTS[key])
        elif key in ("bank_cells", "clash_collapse"):
            if not isinstance(v, bool):
                raise BadValue(path, f"must be true or false, got {v!r}")
            out[key] = v
        elif key == "start_dice":
            listed(v, path, "dice (e.g. [D6])", len(SIDES) * SUPPLY_MAX)
            out[key] = tuple(_die(d, path + (i,)) for i, d in enumerate(v))
        elif key == "mobs":
            if not isinstance(v, Mapping) or sorted(v) != ["A", "B", "C"]:
                raise BadValue(path, "must give the mobs C, B and A")
            ranks = ("C", "B", "A")
            for r in ranks:
                only(mapping(v[r], path + (r,), "number and hits"), ("number", "hits"),
                     path + (r,))
            out["mob_numbers"] = tuple(whole(v[r].get("number"), path + (r, "number"))
                                       for r in ranks)
            out["mob_hits"] = tuple(whole(v[r].get("hits"), path + (r, "hits"), 1, 99)
                                    for r in ranks)
        elif key in ("supply", "die_scores"):
            out[key] = _dice_table(v, path, SUPPLY_MAX if key == "supply" else 999)
        elif key == "node_die":
            out[key] = _node_die(v, path)
        elif key == "scrap_weights":
            if not isinstance(v, Mapping) or sorted(v) != sorted(MATERIALS):
                raise BadValue(path, f"must give a weight to each material "
                                     f"({', '.join(MATERIALS)})")
            out[key] = tuple(whole(v[m], path + (m,), 0) for m in MATERIALS)
            if not any(out[key]):
                raise BadValue(path, "at least one material needs a weight above 0")
        else:
            raise BadValue(path, "unknown rule")
    cfg = dataclasses.replace(base, **out)
    scored = {s for s, _ in cfg.die_scores}
    missing = [s for s, n in cfg.supply if n and s not in scored]
    if missing:
        raise BadValue(("die_scores",), f"no score for D{missing[0]}, which the supply holds")
    if cfg.mods_drawn < 1 or cfg.mod_slots < 1:
        raise BadValue(("mods_drawn",), "a run's close draws at least 1 mod into 1 slot")
    held = dict(cfg.supply)
    for sides in set(cfg.start_dice):  # each mecha takes its start dice from the supply
        if 2 * cfg.start_dice.count(sides) > held.get(sides, 0):
            raise BadValue(("start_dice",), f"two mechas start with {cfg.start_dice.count(sides)}"
                                            f" D{sides} each; the supply holds "
                                            f"{held.get(sides, 0)}")
    return cfg


def mods_from_dict(data: Any) -> tuple[Mod, ...]:
    """A mods.yaml document -> the mods (each once; ``deck_of`` repeats them by count)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("mods"), list):
        raise BadValue(("mods",), "must be a list of mods under 'mods:'")
    only(data, ("mods",))
    mods, names = [], set()
    for i, row in enumerate(data["mods"]):
        here = ("mods", i)
        if not isinstance(row, Mapping):
            raise BadValue(here, "each mod is a mapping (name, type, score, effects, text, count)")
        unknown = set(row) - {"name", "type", "score", "effects", "text", "count"}
        if unknown:
            raise BadValue(here + (sorted(unknown)[0],), "unknown key")
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise BadValue(here + ("name",), "each mod needs a name")
        if name in names:
            raise BadValue(here + ("name",), f"two mods are named {name!r}")
        names.add(name)
        effects = row.get("effects") or {}
        if not isinstance(effects, Mapping):
            raise BadValue(here + ("effects",), "must map effects to amounts")
        fx = []
        for effect, amount in effects.items():
            path = here + ("effects", effect)
            if effect not in EFFECTS:
                raise BadValue(path, f"unknown effect {effect!r} ({', '.join(EFFECTS)})")
            value = 1 if amount is True else whole(amount, path, 1, 99)
            if effect in FLAGS and value != 1:
                raise BadValue(path, f"{effect} is on or off: its amount is 1 (or true)")
            fx.append((str(effect), value))
        for key in ("type", "text"):
            if not isinstance(row.get(key, ""), str):
                raise BadValue(here + (key,), f"must be text, got {short(row[key])}")
        mods.append(Mod(name.strip(), str(row.get("type", "")),
                        whole(row.get("score"), here + ("score",), 0), tuple(fx),
                        str(row.get("text", "")),
                        whole(row.get("count", 1), here + ("count",), 1, "copies")))
    if not mods:
        raise BadValue(("mods",), "the deck needs at least one mod")
    total = sum(m.count for m in mods)
    if total > limit("deck_copies"):
        raise BadValue(("mods",), f"the deck holds {total} cards, over the limit of "
                                  f"{int(limit('deck_copies'))} (raise it with pnp --limit "
                                  f"deck_copies=N)")
    return tuple(mods)




@cache
def _bundled_config() -> Config:
    return load_data(None, RULES_FILE, config_from_dict)  # type: ignore[no-any-return]


@cache
def _bundled_mods() -> tuple[Mod, ...]:
    return load_data(None, MODS_FILE, mods_from_dict)  # type: ignore[no-any-return]


def load_config(path: str | Path | None = None) -> Config:
    """The rules numbers of ``path`` (default: the bundled ``cardsets/salvage/rules.yaml``)."""
    return _bundled_config() if not path else load_data(path, RULES_FILE, config_from_dict)


def load_mods(path: str | Path | None = None) -> tuple[Mod, ...]:
    """The mods of ``path`` (default: the bundled ``cardsets/salvage/mods.yaml``)."""
    return _bundled_mods() if not path else load_data(path, MODS_FILE, mods_from_dict)


def load_deck(path: str | Path | None = None) -> tuple[Mod, ...]:
    """The mods deck of ``path``: each mod as many times as its count."""
    return deck_of(load_mods(path))


def load_field(path: str) -> Any:
    """A field.json (``field.Field``), PnpError naming the file on bad input."""
    from pnp.games.salvage.field import board_size
    from pnp.games.salvage.field_file import field_from_json
    from pnp.limits import check

    field = field_from_json(read_text(path), where=path)
    # the board prints at true size: a field scaled up would tile over countless pages
    mm = max(*(abs(v) for v in board_size(field)), *(abs(c) for n in field.nodes
                                                        for c in (n.x, n.y)))
    check("card_mm", mm, given=f"a board of {mm:g} mm", file=path, field="nodes",
          what="the field's board")
    return field
