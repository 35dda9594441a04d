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

import yaml

from pnp.errors import PnpError
from pnp.games.salvage.mods import EFFECTS, FLAGS, Mod, deck_of
from pnp.games.salvage.rules import MATERIALS, SIDES, Config, NodeRoll, Rank
from pnp.resources import cardset, read_text

__all__ = ["config_from_dict", "load_config", "load_deck", "load_field", "load_mods",
           "mods_from_dict", "read_yaml"]

RULES_FILE = "salvage/rules.yaml"
MODS_FILE = "salvage/mods.yaml"
_INTS = ("max_fuel", "max_hp", "power", "strength", "move_cost", "leave_cost", "coin_flips",
         "cell_score", "mod_slots", "mods_drawn", "rounds", "raids_to_win", "cells_to_win")
_ZERO_OK = {"power", "strength", "move_cost", "leave_cost", "coin_flips", "cell_score"}


class _Bad(Exception):
    """A bad value at ``path`` (keys and indices from the document's root)."""

    def __init__(self, path: tuple[Any, ...], message: str) -> None:
        super().__init__(message)
        self.path, self.message = path, message


def _lines(node: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out[path + (str(key.value),)] = key.start_mark.line + 1
            _lines(value, path + (str(key.value),), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            _lines(value, path + (i,), out)


def read_yaml(path: str | Path) -> tuple[Any, dict[tuple[Any, ...], int]]:
    """A YAML file's data and the line of every key and item (PnpError on a syntax error)."""
    text = read_text(path)
    try:
        data = yaml.safe_load(text)
        lines: dict[tuple[Any, ...], int] = {}
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None:
            _lines(node, (), lines)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PnpError(f"malformed YAML: {getattr(exc, 'problem', exc)}", file=str(path),
                       line=mark.line + 1 if mark else None) from None
    return data, lines


def _error(bad: _Bad, where: str, lines: Mapping[tuple[Any, ...], int]) -> PnpError:
    path, line = bad.path, None
    for k in range(len(path), -1, -1):  # the nearest line the document has for the path
        line = lines.get(path[:k])
        if line is not None:
            break
    name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return PnpError(bad.message, file=where, line=line, field=name or None)


def _int(v: Any, path: tuple[Any, ...], low: int = 1) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise _Bad(path, f"must be a whole number >= {low}, got {v!r}")
    return v


def _die(v: Any, path: tuple[Any, ...]) -> int:
    text = str(v).strip().upper()
    sides = int(text[1:]) if text.startswith("D") and text[1:].isdigit() else None
    if sides not in SIDES:
        raise _Bad(path, f"not a die of the supply ({', '.join(f'D{s}' for s in SIDES)}): "
                         f"{v!r}")
    return sides


def _dice_table(v: Any, path: tuple[Any, ...], low: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(v, Mapping):
        raise _Bad(path, "must map dice (D4 ... D20) to numbers")
    return tuple(sorted((_die(k, path + (str(k),)), _int(n, path + (str(k),), low))
                        for k, n in v.items()))


def _node_die(v: Any, path: tuple[Any, ...]) -> tuple[NodeRoll, ...]:
    if not isinstance(v, Mapping) or sorted(v) != [1, 2, 3, 4, 5, 6]:
        raise _Bad(path, "must give the faces 1 to 6")
    faces = []
    for face in range(1, 7):
        row, here = v[face], path + (str(face),)
        if not isinstance(row, Mapping):
            raise _Bad(here, "must be a mapping (mob, scrap, die, text)")
        unknown = set(row) - {"mob", "scrap", "die", "text"}
        if unknown:
            raise _Bad(here + (sorted(unknown)[0],), "unknown key (mob, scrap, die, text)")
        mob = row.get("mob")
        if mob is not None and mob not in Rank.__members__:
            raise _Bad(here + ("mob",), f"must be C, B or A, got {mob!r}")
        die = row.get("die")
        if die not in (None, "smallest", "biggest"):
            raise _Bad(here + ("die",), f"must be smallest or biggest, got {die!r}")
        faces.append(NodeRoll(face, None if mob is None else Rank[mob],
                              _int(row.get("scrap", 0), here + ("scrap",), 0), die,
                              str(row.get("text", ""))))
    return tuple(faces)


def config_from_dict(data: Any, base: Config = Config()) -> Config:
    """A rules.yaml document -> Config (``_Bad`` with the path of a bad value)."""
    if data is None:
        return base
    if not isinstance(data, Mapping):
        raise _Bad((), "must be a mapping of rule names to numbers")
    out: dict[str, Any] = {}
    for key, v in data.items():
        path = (key,)
        if key in _INTS:
            out[key] = _int(v, path, 0 if key in _ZERO_OK else 1)
        elif key == "bank_cells":
            if not isinstance(v, bool):
                raise _Bad(path, f"must be true or false, got {v!r}")
            out[key] = v
        elif key == "start_dice":
            if not isinstance(v, list):
                raise _Bad(path, "must be a list of dice (e.g. [D6])")
            out[key] = tuple(_die(d, path + (i,)) for i, d in enumerate(v))
        elif key == "mobs":
            if not isinstance(v, Mapping) or sorted(v) != ["A", "B", "C"]:
                raise _Bad(path, "must give the mobs C, B and A")
            ranks = ("C", "B", "A")
            out["mob_numbers"] = tuple(_int((v[r] or {}).get("number"), path + (r, "number"))
                                       for r in ranks)
            out["mob_hits"] = tuple(_int((v[r] or {}).get("hits"), path + (r, "hits"))
                                    for r in ranks)
        elif key in ("supply", "die_scores"):
            out[key] = _dice_table(v, path, 0)
        elif key == "node_die":
            out[key] = _node_die(v, path)
        elif key == "scrap_weights":
            if not isinstance(v, Mapping) or sorted(v) != sorted(MATERIALS):
                raise _Bad(path, f"must give a weight to each material ({', '.join(MATERIALS)})")
            out[key] = tuple(_int(v[m], path + (m,), 0) for m in MATERIALS)
            if not any(out[key]):
                raise _Bad(path, "at least one material needs a weight above 0")
        else:
            raise _Bad(path, "unknown rule")
    cfg = dataclasses.replace(base, **out)
    scored = {s for s, _ in cfg.die_scores}
    missing = [s for s, n in cfg.supply if n and s not in scored]
    if missing:
        raise _Bad(("die_scores",), f"no score for D{missing[0]}, which the supply holds")
    if cfg.mods_drawn < 1 or cfg.mod_slots < 1:
        raise _Bad(("mods_drawn",), "a run's close draws at least 1 mod into 1 slot")
    return cfg


def mods_from_dict(data: Any) -> tuple[Mod, ...]:
    """A mods.yaml document -> the mods (each once; ``deck_of`` repeats them by count)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("mods"), list):
        raise _Bad(("mods",), "must be a list of mods under 'mods:'")
    mods, names = [], set()
    for i, row in enumerate(data["mods"]):
        here = ("mods", i)
        if not isinstance(row, Mapping):
            raise _Bad(here, "each mod is a mapping (name, type, score, effects, text, count)")
        unknown = set(row) - {"name", "type", "score", "effects", "text", "count"}
        if unknown:
            raise _Bad(here + (sorted(unknown)[0],), "unknown key")
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _Bad(here + ("name",), "each mod needs a name")
        if name in names:
            raise _Bad(here + ("name",), f"two mods are named {name!r}")
        names.add(name)
        effects = row.get("effects") or {}
        if not isinstance(effects, Mapping):
            raise _Bad(here + ("effects",), "must map effects to amounts")
        fx = []
        for effect, amount in effects.items():
            path = here + ("effects", effect)
            if effect not in EFFECTS:
                raise _Bad(path, f"unknown effect {effect!r} ({', '.join(EFFECTS)})")
            value = 1 if amount is True else _int(amount, path)
            if effect in FLAGS and value != 1:
                raise _Bad(path, f"{effect} is on or off: its amount is 1 (or true)")
            fx.append((str(effect), value))
        mods.append(Mod(name.strip(), str(row.get("type", "")),
                        _int(row.get("score"), here + ("score",), 0), tuple(fx),
                        str(row.get("text", "")), _int(row.get("count", 1), here + ("count",))))
    if not mods:
        raise _Bad(("mods",), "the deck needs at least one mod")
    return tuple(mods)


def _load(path: str | Path | None, bundled: str, parse: Any) -> Any:
    where = str(path) if path else str(cardset(bundled))
    data, lines = read_yaml(where)
    try:
        return parse(data)
    except _Bad as bad:
        raise _error(bad, where, lines) from None


@cache
def _bundled_config() -> Config:
    return _load(None, RULES_FILE, config_from_dict)  # type: ignore[no-any-return]


@cache
def _bundled_mods() -> tuple[Mod, ...]:
    return _load(None, MODS_FILE, mods_from_dict)  # type: ignore[no-any-return]


def load_config(path: str | Path | None = None) -> Config:
    """The rules numbers of ``path`` (default: the bundled ``cardsets/salvage/rules.yaml``)."""
    return _bundled_config() if not path else _load(path, RULES_FILE, config_from_dict)


def load_mods(path: str | Path | None = None) -> tuple[Mod, ...]:
    """The mods of ``path`` (default: the bundled ``cardsets/salvage/mods.yaml``)."""
    return _bundled_mods() if not path else _load(path, MODS_FILE, mods_from_dict)


def load_deck(path: str | Path | None = None) -> tuple[Mod, ...]:
    """The mods deck of ``path``: each mod as many times as its count."""
    return deck_of(load_mods(path))


def load_field(path: str) -> Any:
    """A field.json (``field.Field``), PnpError naming the file on bad input."""
    from pnp.games.salvage.field_file import field_from_json

    text = read_text(path)
    return field_from_json(text, where=path)
