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

__all__ = ["BadValue", "located_error", "read_yaml", "whole"]


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


def whole(v: Any, path: tuple[Any, ...], low: int = 1) -> int:
    """``v`` if it is a whole number >= ``low`` (not a bool), else ``BadValue``."""
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise BadValue(path, f"must be a whole number >= {low}, got {v!r}")
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
