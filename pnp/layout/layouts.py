"""Reading layout YAML files: line numbers for messages, ``extends`` merged, paths resolved.

A child layout's ``size``, ``back``, ``vars``, ``icons`` and ``fonts`` override its parent's (a
font family by name); its ``items``
replace the parent's item of the same ``id`` attribute by attribute (``remove: true`` drops it)
and are appended otherwise. Relative paths (``extends``, ``back``, icon files) are read relative
to the file that names them, then as bundled templates (``default/card.yaml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import PnpError
from pnp.layout.colours import is_colour
from pnp.safe_io import BoundedLoader, check_readable, load_yaml, read_text_input

# Names every layout can use; card columns with these names are reached as card.<name>.
BUILTINS = ("width", "height", "bleed", "deck", "index", "name", "count", "back", "card",
            "fields", "has")
LAYOUT_KEYS = {"extends", "size", "back", "vars", "icons", "fonts", "items", "description"}


class _Loader(BoundedLoader):
    """Safe YAML that remembers the line of every mapping (for error messages)."""


def _mapping(loader: _Loader, node: yaml.MappingNode) -> dict[str, Any]:
    data = loader.construct_mapping(node, deep=True)
    data["__line__"] = node.start_mark.line + 1
    return data


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def _read_yaml(path: Path) -> dict[str, Any]:
    data, _ = load_yaml(read_text_input(path, "layout"), str(path), _Loader)
    odd = [k for k in data if not re.fullmatch(r"[A-Za-z_][\w-]{0,40}", str(k))] \
        if isinstance(data, dict) else []
    if not isinstance(data, dict) or (odd and not set(data) & LAYOUT_KEYS):
        # Not a layout at all (another YAML file, or a text file that parses as a mapping):
        # said once, without echoing the file's content back as a "field".
        raise PnpError("not a pnp layout: a layout is a YAML mapping with items (and size, "
                       "vars, extends, ...)", file=str(path))
    return data


def _resolve(ref: str, base: Path) -> Path:
    """A layout reference: relative to the referring file, else a bundled template."""
    p = Path(ref)
    if p.is_absolute():
        return p
    local = base / p
    if local.exists():
        return local.resolve()
    from pnp.resources import template  # bundled layouts: "default/card.yaml"

    bundled = template(ref)
    return bundled if bundled.exists() else local


@dataclass(frozen=True)
class Layout:
    """A loaded layout with ``extends`` merged: plain data plus where each part came from."""

    path: str
    size: str | None
    back: str | None  # resolved path of the back layout, or None for no back
    vars: tuple[tuple[str, Any, str, int], ...]  # (name, value, file, line)
    icons: tuple[tuple[str, str], ...]  # name -> resolved image path or colour
    items: tuple[dict[str, Any], ...]  # each with __file__ and __line__
    # family name -> (its file or a mapping of style: file, the declaring file, its line); the
    # files are found when a deck is known (beside the layout, then beside the card list)
    fonts: tuple[tuple[str, Any, str, int | None], ...] = ()


def load_layout(path: str | Path) -> Layout:
    """Read a layout YAML file, following ``extends`` (child values win, items merge by id)."""
    return _load(Path(path).resolve() if Path(path).exists() else Path(path), ())


def _load(path: Path, chain: tuple[str, ...]) -> Layout:
    if str(path) in chain:
        raise PnpError("layout extends itself (" + " -> ".join([*chain, str(path)]) + ")",
                       file=str(path), field="extends")
    data = _read_yaml(path)
    unknown = sorted(set(data) - LAYOUT_KEYS - {"__line__"})
    if unknown:
        raise PnpError(f"unknown layout key (expected one of {', '.join(sorted(LAYOUT_KEYS))})",
                       file=str(path), field=unknown[0])
    base = Layout(str(path), None, None, (), (), ())
    here = path.parent
    if data.get("extends"):
        parent = _resolve(str(data["extends"]), here)
        check_readable(parent, [here], what="the layout", file=str(path),
                       line=data.get("__line__"), field="extends")
        base = _load(parent, (*chain, str(path)))
    size = str(data["size"]) if data.get("size") is not None else base.size
    back = base.back
    if "back" in data:
        ref = data["back"]
        back = None if ref in (None, False, "none") else str(_resolve(str(ref), here))
        if back is not None:
            check_readable(back, [here], what="the back layout", file=str(path), field="back")
    vars_ = {v[0]: v for v in base.vars}
    for name, value in _mapping_items(data.get("vars"), path, "vars"):
        if name in BUILTINS:
            raise PnpError(f"'{name}' is a built-in name; choose another variable name",
                           file=str(path), field=name)
        vars_[name] = (name, value, str(path), data["vars"]["__line__"])
    icons = dict(base.icons)
    for name, value in _mapping_items(data.get("icons"), path, "icons"):
        value = str(value)
        if not is_colour(value):
            value = str(here / value)
            check_readable(value, [here], what="the icon", file=str(path), field=name)
        icons[name] = value
    fonts = {f[0]: f for f in base.fonts}
    for name, value in _mapping_items(data.get("fonts"), path, "fonts"):
        line = value.get("__line__") if isinstance(value, dict) else None
        fonts[name] = (name, value, str(path), line or data["fonts"]["__line__"])
    items = _merge_items(list(base.items), data.get("items") or [], path)
    return Layout(str(path), size, back, tuple(vars_.values()), tuple(sorted(icons.items())),
                  tuple(items), tuple(sorted(fonts.values())))


def _mapping_items(data: Any, path: Path, key: str) -> list[tuple[str, Any]]:
    if data is None:
        return []
    if not isinstance(data, dict):
        raise PnpError(f"'{key}' must be a mapping of name: value", file=str(path), field=key)
    return [(str(k), v) for k, v in data.items() if k != "__line__"]


def _tag(item: dict[str, Any], path: Path) -> dict[str, Any]:
    """Record the declaring file on an item and its nested group items."""
    out = dict(item, __file__=str(path))
    group = out.get("group")
    if isinstance(group, dict) and isinstance(group.get("items"), list):
        out["group"] = dict(group, items=[_tag(i, path) if isinstance(i, dict) else i
                                          for i in group["items"]])
    return out


def _merge_items(items: list[dict[str, Any]], new: Any, path: Path) -> list[dict[str, Any]]:
    if not isinstance(new, list):
        raise PnpError("'items' must be a list", file=str(path), field="items")
    index = {i.get("id"): n for n, i in enumerate(items) if i.get("id") is not None}
    out: list[dict[str, Any] | None] = list(items)
    for raw in new:
        if not isinstance(raw, dict):
            raise PnpError("each item must be a mapping such as {rect: {...}}", file=str(path),
                           field="items")
        item = _tag(raw, path)
        n = index.get(item.get("id"))
        if n is None:
            out.append(item)
            continue
        if item.get("remove"):
            out[n] = None
            continue
        merged = dict(out[n])  # type: ignore[arg-type]
        for key, value in item.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            else:
                merged[key] = value
        out[n] = merged
    return [i for i in out if i is not None]
