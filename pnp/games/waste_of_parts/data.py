"""The Waste of Parts' data file: ``cardsets/waste_of_parts/rules.yaml`` (numbers and the map).

The shell: reads YAML into ``rules.Config``. Bad data (a malformed file, an unknown key, a
number out of range, a room the others cannot reach) is one ``PnpError`` naming the file, the
line and the field; nothing is half-loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.games.datafile import read_yaml  # the shared YAML reader with line numbers
from pnp.games.waste_of_parts.rules import WASTES, Config, Room, build_map
from pnp.resources import cardset

__all__ = ["RULES_FILE", "config_from_dict", "load_config"]

RULES_FILE = "waste_of_parts/rules.yaml"
_INTS = ("distance_start", "hull_start", "hull_max", "distance_goal", "engine_speed",
         "gun_attack", "crane_salvage", "crane_uses_without_advancing", "standees",
         "reinforce_cost", "recycle_cost", "revive_actions", "equipment_slots", "damage_per_hit",
         "max_rounds", "wastes_spawns")
_ZERO_OK = {"distance_start"}
_KINDS = ("deck", "multi", "crane", "cockpit", "gun", "engine", "wastes")
_OTHER = {"noise_by_crew", "escalation", "hit_faces", "crew", "rooms", "rows", "ladders",
          "wastes_adjacent", "enemy_deck", "salvage_deck", "end_of_round"}


class _Bad(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


def _int(v: Any, field: str, low: int = 1, high: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low or (high is not None
                                                                        and v > high):
        span = f">= {low}" if high is None else f"in {low}-{high}"
        raise _Bad(field, f"must be a whole number {span}, got {v!r}")
    return v


def _pair(v: Any, field: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(field, f"must be [low, high], got {v!r}")
    lo, hi = _int(v[0], field), _int(v[1], field)
    if lo > hi:
        raise _Bad(field, f"low {lo} is above high {hi}")
    return lo, hi


def config_from_dict(data: Any) -> Config:
    """A rules.yaml document -> Config (``_Bad`` naming the field of a bad value)."""
    if not isinstance(data, Mapping):
        raise _Bad("", "must be a mapping of rule names to values")
    unknown = set(data) - set(_INTS) - _OTHER
    if unknown:
        raise _Bad(sorted(unknown)[0], "unknown key")
    kw: dict[str, Any] = {k: _int(data[k], k, 0 if k in _ZERO_OK else 1)
                          for k in _INTS if k in data}
    if "noise_by_crew" in data:
        kw["noise_by_crew"] = tuple(sorted((_int(k, "noise_by_crew", 3, 5),
                                            _int(v, f"noise_by_crew.{k}"))
                                           for k, v in data["noise_by_crew"].items()))
    if "escalation" in data:
        kw["escalation"] = tuple(sorted((_int(k, "escalation"), _int(v, f"escalation.{k}", 2, 3))
                                        for k, v in data["escalation"].items()))
    if "hit_faces" in data:
        kw["hit_faces"] = tuple(_int(f, "hit_faces", 1, 6) for f in data["hit_faces"])
    crew = data.get("crew", {})
    for key in ("health", "attack", "actions"):
        if key in crew:
            kw[f"crew_{key}"] = _int(crew[key], f"crew.{key}")
    if "rooms" in data:
        kw["mech"] = _mech(data)
    if "enemy_deck" in data:
        kw["enemy_deck"] = tuple(_level(lv, row) for lv, row in sorted(data["enemy_deck"].items()))
    if "salvage_deck" in data:
        kw["salvage_deck"] = tuple((str(k), _int(v, f"salvage_deck.{k}", 0))
                                   for k, v in data["salvage_deck"].items())
    return Config(**kw)


def _level(lv: Any, row: Any) -> tuple[int, int, int, tuple[int, int], tuple[int, int]]:
    field = f"enemy_deck.{lv}"
    _int(lv, "enemy_deck", 1, 3)
    cards, wind = _int(row.get("cards"), f"{field}.cards"), _int(row.get("wind", 0),
                                                                 f"{field}.wind", 0)
    if wind > cards:
        raise _Bad(f"{field}.wind", f"more Just the Wind ({wind}) than cards ({cards})")
    return lv, cards, wind, _pair(row.get("health"), f"{field}.health"), \
        _pair(row.get("attack"), f"{field}.attack")


def _mech(data: Mapping[str, Any]) -> Any:
    rooms = []
    for number in range(1, WASTES + 1):
        row = data["rooms"].get(number)
        if not isinstance(row, Mapping):
            raise _Bad(f"rooms.{number}", "missing: the Mech has rooms 1-12 and The Wastes (13)")
        if row.get("kind") not in _KINDS:
            raise _Bad(f"rooms.{number}.kind", f"must be one of {', '.join(_KINDS)}")
        rooms.append(Room(number, str(row.get("name", "")), _int(row.get("level", 0),
                                                                 f"rooms.{number}.level", 0),
                          row["kind"]))
    for key in ("rows", "ladders"):
        for pair in data.get(key, []):
            for r in pair:
                _int(r, key, 1, WASTES - 1)
    mech = build_map(tuple(rooms), data.get("rows", []), data.get("ladders", []),
                     tuple(_int(r, "wastes_adjacent", 1, 12)
                           for r in data.get("wastes_adjacent", [])))
    reach = mech.distances(1)
    missing = [r for r in range(1, WASTES) if r not in reach]
    if missing:
        raise _Bad("ladders", f"room {missing[0]} cannot be reached from room 1")
    for kind in ("crane", "cockpit", "engine", "gun"):
        if not mech.of_kind(kind):
            raise _Bad("rooms", f"the Mech needs a room of kind {kind}")
    return mech


@cache
def load_config(path: str | None = None) -> Config:
    """The rules of ``path`` (default: the bundled rules.yaml)."""
    where = str(path) if path else str(cardset(RULES_FILE))
    data, lines = read_yaml(Path(where))
    try:
        return config_from_dict(data)
    except _Bad as bad:
        top = bad.field.split(".")[0]
        parts = tuple(bad.field.split("."))
        line = lines.get(parts) or lines.get((top,))
        raise PnpError(bad.message, file=where, line=line, field=bad.field or None) from None
    except (AttributeError, TypeError) as exc:
        raise PnpError(f"malformed rules: {exc}", file=where) from None
