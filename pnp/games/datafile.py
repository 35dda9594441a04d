"""A game's YAML data files: read with the line of every key and item, and a bad value reported
as one error naming the file, the line and the field's path (``rules.yaml``, ``mods.yaml``...).

The shell of the games' data loaders: a loader raises ``BadValue(path, message)`` from its pure
parsing and turns it into a ``PnpError`` with ``located_error``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import PnpError
from pnp.resources import cardset, read_text

__all__ = ["NUMBER_MAX", "BadValue", "fraction", "listed", "located_error", "mapping", "only",
           "read_yaml", "whole"]


class BadValue(Exception):
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
    """A YAML file's data and the line of every key and item (PnpError on a syntax error, or
    past the limits of nesting, alias expansion and integer size)."""
    from pnp.safe_io import load_yaml

    data, node = load_yaml(read_text(path), str(path))
    lines: dict[tuple[Any, ...], int] = {}
    if node is not None:
        _lines(node, (), lines)
    return data, lines


def located_error(bad: BadValue, where: str, lines: Mapping[tuple[Any, ...], int]) -> PnpError:
    """``bad`` as a PnpError naming ``where``, the nearest line of its path and the path."""
    path, line = bad.path, None
    for k in range(len(path), -1, -1):  # the nearest line the document has for the path
        line = lines.get(path[:k])
        if line is not None:
            break
    name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return PnpError(bad.message, file=where, line=line, field=name or None)


#: The largest plain number a designer file may give (a cost, a score, a stat): a board game's
#: numbers are small, and a bigger one only makes a loop run longer. Counts that a designer may
#: need larger (rounds, dice, copies of a card) are bounded by a raisable limit instead.
NUMBER_MAX = 999


def whole(v: Any, path: tuple[Any, ...], low: int = 1, high: int | str = NUMBER_MAX) -> int:
    """``v`` if it is a whole number from ``low`` to ``high`` (not a bool), else ``BadValue``.

    ``high`` is a number, or the name of a limit (``pnp.limits``) that ``--limit`` raises."""
    from pnp.limits import limit, short

    cap = int(limit(high)) if isinstance(high, str) else high
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadValue(path, f"must be a whole number from {low} to {cap}, got {short(v)}")
    if not low <= v <= cap:
        hint = f" (limit {high}: raise it with pnp --limit {high}=N)" \
            if isinstance(high, str) and v > cap else ""
        raise BadValue(path, f"must be a whole number from {low} to {cap}, got {short(v)}{hint}")
    return v


def fraction(v: Any, path: tuple[Any, ...], low: float, high: float) -> float:
    """``v`` if it is a finite number from ``low`` to ``high`` (not a bool), else ``BadValue``."""
    from pnp.limits import short

    ok = not isinstance(v, bool) and isinstance(v, (int, float))
    if not ok or not low <= float(v) <= high:  # NaN fails the comparison; inf is past high
        raise BadValue(path, f"must be a number from {low:g} to {high:g}, got {short(v)}")
    return float(v)


def only(data: Mapping[Any, Any], keys: tuple[str, ...], path: tuple[Any, ...] = ()) -> None:
    """``BadValue`` naming the first key of ``data`` not among ``keys``."""
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise BadValue((*path, unknown[0]), f"unknown key ({', '.join(keys)})")


def mapping(v: Any, path: tuple[Any, ...], what: str) -> Mapping[Any, Any]:
    """``v`` if it is a mapping, else ``BadValue`` saying what it maps."""
    if not isinstance(v, Mapping):
        raise BadValue(path, f"must be a mapping of {what}")
    return v


def listed(v: Any, path: tuple[Any, ...], what: str, most: int | str = NUMBER_MAX) -> list[Any]:
    """``v`` if it is a list of at most ``most`` items (a number or a limit's name)."""
    from pnp.limits import limit

    cap = int(limit(most)) if isinstance(most, str) else most
    if not isinstance(v, list):
        raise BadValue(path, f"must be a list of {what}")
    if len(v) > cap:
        hint = f" (limit {most}: raise it with pnp --limit {most}=N)" if isinstance(most, str) \
            else ""
        raise BadValue(path, f"must list at most {cap} {what}, got {len(v)}{hint}")
    return v


def load_data(path: str | Path | None, bundled: str, parse: Any) -> Any:
    """``parse`` of the YAML at ``path`` (default: the bundled ``cardsets/<bundled>``); a BadValue
    becomes one error naming the file, its line and the field."""
    where = str(path) if path else str(cardset(bundled))
    data, lines = read_yaml(where)
    try:
        return parse(data)
    except BadValue as bad:
        raise located_error(bad, where, lines) from None
