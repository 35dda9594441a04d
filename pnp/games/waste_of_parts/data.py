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
from pnp.games.datafile import NUMBER_MAX, read_yaml
from pnp.games.waste_of_parts.rules import WASTES, Config, Room, build_map
from pnp.limits import limit, short
from pnp.resources import cardset

__all__ = ["RULES_FILE", "config_from_dict", "load_config"]

RULES_FILE = "waste_of_parts/rules.yaml"
_DICE = "dice"  # a number of dice: bounded by the raisable limit
#: The schema of rules.yaml's whole numbers: (lowest, highest), the highest a number or the name
#: of a limit ``--limit`` raises (docs/limits.md lists them).
_INTS: dict[str, tuple[int, int | str]] = {
    "distance_start": (0, 999), "hull_start": (1, 999), "hull_max": (1, 999),
    "distance_goal": (1, 999), "engine_speed": (1, 99), "gun_attack": (1, _DICE),
    "crane_salvage": (1, 99), "crane_uses_without_advancing": (1, 99), "standees": (1, 999),
    "reinforce_cost": (1, 99), "recycle_cost": (1, 99), "revive_actions": (1, 99),
    "equipment_slots": (1, 99), "damage_per_hit": (1, 99), "max_rounds": (1, "rounds"),
    "wastes_spawns": (1, 99)}
_CREW: dict[str, tuple[int, int | str]] = {"health": (1, 99), "attack": (1, _DICE),
                                          "actions": (1, 99)}
_KINDS = ("deck", "multi", "crane", "cockpit", "gun", "engine", "wastes")
_SALVAGE_KINDS = ("scrap_metal", "scrap", "weapons", "armor", "gear", "upgrades")
_LEVEL_KEYS = ("cards", "wind", "health", "attack")
#: The end of the round as the simulator plays it (the rulebook's order); the file must say so.
END_OF_ROUND = ("refresh", "room_effects", "determine_enemy_actions", "resolve_enemy_actions",
                "fire_damage", "advance", "salvaging", "use_scrap", "spawn", "new_first_player")
_OTHER = {"noise_by_crew", "escalation", "hit_faces", "crew", "rooms", "rows", "ladders",
          "wastes_adjacent", "enemy_deck", "salvage_deck", "end_of_round", "wind_set_aside"}


class _Bad(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


def _int(v: Any, field: str, low: int = 1, high: int | str | None = None) -> int:
    """``v`` if a whole number from ``low`` to ``high`` (default ``NUMBER_MAX``; a limit's name
    is raisable with ``--limit``), else ``_Bad``."""
    cap = NUMBER_MAX if high is None else int(limit(high)) if isinstance(high, str) else high
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= cap:
        over = isinstance(v, int) and v > cap
        # a small range (a die's faces, a level) is named whole; a count by its least value
        span = f"in {low}-{cap}" if over or (isinstance(high, int) and high < 99) \
            else f">= {low}"
        hint = f" (limit {high}: raise it with pnp --limit {high}=N)" \
            if isinstance(high, str) and isinstance(v, int) and v > cap else ""
        raise _Bad(field, f"must be a whole number {span}, got {short(v)}{hint}")
    return v


def _map(v: Any, field: str, what: str) -> Mapping[Any, Any]:
    if not isinstance(v, Mapping):
        raise _Bad(field, f"must be a mapping of {what}")
    return v


def _list(v: Any, field: str, what: str) -> list[Any]:
    if not isinstance(v, list) or len(v) > NUMBER_MAX:
        raise _Bad(field, f"must be a list of {what}")
    return v


def _pair(v: Any, field: str, high: int) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(field, f"must be [low, high], got {short(v)}")
    lo, hi = _int(v[0], field, 1, high), _int(v[1], field, 1, high)
    if lo > hi:
        raise _Bad(field, f"low {lo} is above high {hi}")
    return lo, hi


def config_from_dict(data: Any) -> Config:
    """A rules.yaml document -> Config (``_Bad`` naming the field of a bad value)."""
    if not isinstance(data, Mapping):
        raise _Bad("", "must be a mapping of rule names to values")
    unknown = set(data) - set(_INTS) - _OTHER
    if unknown:
        raise _Bad(str(sorted(map(str, unknown))[0]), "unknown key")
    kw: dict[str, Any] = {k: _int(data[k], k, *_INTS[k]) for k in _INTS if k in data}
    if "noise_by_crew" in data:
        noise = _map(data["noise_by_crew"], "noise_by_crew", "crew sizes 3, 4 and 5 to Noise")
        given = {_int(k, "noise_by_crew", 3, 5): _int(v, f"noise_by_crew.{k}", 1, 99)
                 for k, v in noise.items()}
        # a crew size left out keeps its default, as any rule left out does
        kw["noise_by_crew"] = tuple(sorted({**dict(Config().noise_by_crew), **given}.items()))
    if "wind_set_aside" in data:
        aside = _map(data["wind_set_aside"], "wind_set_aside",
                     "crew sizes 3, 4 and 5 to Just the Wind cards set aside a level")
        given = {_int(k, "wind_set_aside", 3, 5): _int(v, f"wind_set_aside.{k}", 0, 99)
                 for k, v in aside.items()}
        kw["wind_set_aside"] = tuple(sorted({**dict(Config().wind_set_aside),
                                             **given}.items()))
    if "escalation" in data:
        esc = _map(data["escalation"], "escalation", "Distances to Enemy levels 2-3")
        kw["escalation"] = tuple(sorted((_int(k, "escalation"),
                                         _int(v, f"escalation.{k}", 2, 3))
                                        for k, v in esc.items()))
    if "hit_faces" in data:
        faces = _list(data["hit_faces"], "hit_faces", "die faces 1-6")
        kw["hit_faces"] = tuple(_int(f, "hit_faces", 1, 6) for f in faces)
        if not kw["hit_faces"] or len(set(kw["hit_faces"])) < len(kw["hit_faces"]):
            raise _Bad("hit_faces", "must list one or more different faces 1-6")
    crew = _map(data.get("crew", {}), "crew", "health, attack and actions")
    for key in crew:
        if key not in _CREW:
            raise _Bad(f"crew.{key}", "unknown key (health, attack, actions)")
        kw[f"crew_{key}"] = _int(crew[key], f"crew.{key}", *_CREW[key])
    if "rooms" in data:
        kw["mech"] = _mech(data)
    if "enemy_deck" in data:
        deck = _map(data["enemy_deck"], "enemy_deck", "the levels 1, 2 and 3 to their cards")
        levels = {_int(lv, "enemy_deck", 1, 3): _level(lv, row) for lv, row in deck.items()}
        # a level left out keeps its default deck: every level the Mech escalates to has one
        kw["enemy_deck"] = tuple(sorted({**{row[0]: row for row in Config().enemy_deck},
                                         **levels}.values()))
    if "salvage_deck" in data:
        kinds = _map(data["salvage_deck"], "salvage_deck", "Salvage kinds to counts")
        for k in kinds:
            if k not in _SALVAGE_KINDS and k != "cards":
                raise _Bad(f"salvage_deck.{k}", f"unknown Salvage kind "
                                                f"({', '.join(_SALVAGE_KINDS)}, and cards)")
        kw["salvage_deck"] = tuple((str(k), _int(v, f"salvage_deck.{k}", 0, "copies"))
                                   for k, v in kinds.items())
        _total(kinds)
    if "end_of_round" in data:
        steps = _list(data["end_of_round"], "end_of_round", "steps")
        for step in steps:
            if step not in END_OF_ROUND:
                raise _Bad("end_of_round", f"unknown step {short(step)} "
                                           f"({', '.join(END_OF_ROUND)})")
        if tuple(steps) != END_OF_ROUND:
            raise _Bad("end_of_round", f"the simulator plays the rulebook's order: "
                                       f"{', '.join(END_OF_ROUND)}")
    return _playable(Config(**kw))


def _total(kinds: Mapping[Any, Any]) -> None:
    """The ``cards`` total, when given, is the sum of the kinds (copies bounded in all)."""
    total = sum(v for k, v in kinds.items() if k != "cards")
    if "cards" in kinds and kinds["cards"] != total:
        raise _Bad("salvage_deck.cards", f"the kinds add up to {total}, not {kinds['cards']}")
    if total > limit("deck_copies"):
        raise _Bad("salvage_deck", f"{total} cards, over the limit of "
                                   f"{int(limit('deck_copies'))} (raise it with pnp --limit "
                                   f"deck_copies=N)")


def _playable(cfg: Config) -> Config:
    """``cfg`` if its Enemy deck can be made: each level's Health and Attack ranges hold an
    Enemy of every ability dealt within the level's threat band."""
    import random

    from pnp.games.waste_of_parts.cards import enemy_deck

    try:
        enemy_deck(cfg, random.Random(0))
    except ValueError as exc:  # "no level-1 noisy Enemy fits the threat band 1.0-2.0"
        level = str(exc).split("level-")[1][0] if "level-" in str(exc) else ""
        raise _Bad(f"enemy_deck.{level}" if level else "enemy_deck",
                   f"{exc}: widen the level's health or attack") from None
    return cfg


def _level(lv: int, row: Any) -> tuple[int, int, int, tuple[int, int], tuple[int, int]]:
    field = f"enemy_deck.{lv}"
    row = _map(row, field, "cards, wind, health and attack")
    for key in row:
        if key not in _LEVEL_KEYS:
            raise _Bad(f"{field}.{key}", f"unknown key ({', '.join(_LEVEL_KEYS)})")
    cards = _int(row.get("cards"), f"{field}.cards", 1, "copies")
    wind = _int(row.get("wind", 0), f"{field}.wind", 0, "copies")
    if wind > cards:
        raise _Bad(f"{field}.wind", f"more Just the Wind ({wind}) than cards ({cards})")
    # an Enemy's Health and Attack: the exact odds of killing it grow with both
    return lv, cards, wind, _pair(row.get("health"), f"{field}.health", 30), \
        _pair(row.get("attack"), f"{field}.attack", 30)


def _mech(data: Mapping[str, Any]) -> Any:
    rooms = []
    given = _map(data["rooms"], "rooms", "room numbers 1-13 to rooms")
    for number in given:
        if number not in range(1, WASTES + 1):
            raise _Bad("rooms", f"unknown room {short(number)}: the Mech has rooms 1-12 and "
                                "The Wastes (13)")
    for number in range(1, WASTES + 1):
        row = given.get(number)
        if not isinstance(row, Mapping):
            raise _Bad(f"rooms.{number}", "missing: the Mech has rooms 1-12 and The Wastes (13)")
        for key in row:
            if key not in ("name", "level", "kind"):
                raise _Bad(f"rooms.{number}.{key}", "unknown key (name, level, kind)")
        if row.get("kind") not in _KINDS:
            raise _Bad(f"rooms.{number}.kind", f"must be one of {', '.join(_KINDS)}")
        rooms.append(Room(number, str(row.get("name", "")), _int(row.get("level", 0),
                                                                 f"rooms.{number}.level", 0),
                          row["kind"]))
    for key in ("rows", "ladders"):
        for pair in _list(data.get(key, []), key, "lists of rooms"):
            for r in _list(pair, key, "rooms"):
                _int(r, key, 1, WASTES - 1)
            if key == "ladders" and len(pair) != 2:
                raise _Bad(key, f"a ladder joins two rooms, got {short(pair)}")
    mech = build_map(tuple(rooms), data.get("rows", []), data.get("ladders", []),
                     tuple(_int(r, "wastes_adjacent", 1, 12)
                           for r in _list(data.get("wastes_adjacent", []), "wastes_adjacent",
                                          "rooms")))
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
        line = lines.get(tuple(bad.field.split("."))) or lines.get((top,))
        raise PnpError(bad.message, file=where, line=line, field=bad.field or None) from None
    except (AttributeError, TypeError) as exc:
        raise PnpError(f"malformed rules: {exc}", file=where) from None
