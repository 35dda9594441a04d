"""A Salvage field file: every rule a field must keep (checked on load and after generating) and
its JSON (``field.json``, docs/formats.md).

Pure core: the checks and the conversions to and from JSON text; reading the file is data.py's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pnp.errors import PnpError
from pnp.games.salvage.field import (
    CLEARANCE,
    KINDS,
    MIN_GAP,
    NODES_RANGE,
    TOLERANCE,
    Field,
    Node,
    Pt,
    board_size,
    edge_key,
    halves,
    route_report,
    seg_dist,
    segments_cross,
)

__all__ = ["contents", "field_from_dict", "field_from_json", "field_problems", "field_to_dict"]


def field_problems(field: Field) -> list[str]:
    """Every rule the field breaks, as ``"field: message"`` lines (empty: a good field)."""
    return [f"{where}: {msg}" for where, msg in _problems(field)]


def _problems(f: Field) -> list[tuple[str, str]]:
    n = len(f.nodes)
    lo, hi = NODES_RANGE
    if not lo <= n <= hi or n % 2 == 0:
        return [("nodes", f"a field has an odd number of nodes from {lo} to {hi}, got {n}")]
    for i, node in enumerate(f.nodes):
        if node.id != i:
            return [(f"nodes[{i}].id", f"is {node.id}, expected {i} (ids count from 0)")]
    out = _structure(f, n)
    if out:
        return out
    pos = [(node.x, node.y) for node in f.nodes]
    dist = f.distances()
    if any(d < 0 for d in dist[0]):
        lost = [i for i, d in enumerate(dist[0]) if d < 0]
        out.append(("edges", f"the field is disconnected: node {lost[0]} cannot be reached "
                             "from node 0"))
    cx, cy = pos[f.wrecks[1]]
    for i, j in enumerate(f.mirror):
        if (abs(pos[i][0] + pos[j][0] - 2 * cx) > TOLERANCE
                or abs(pos[i][1] + pos[j][1] - 2 * cy) > TOLERANCE):
            out.append((f"mirror[{i}]", f"node {j} is not node {i} turned half about the "
                                        f"centre node {f.wrecks[1]}"))
            break
    edges = set(f.edges)
    for k, (a, b) in enumerate(f.edges):
        if edge_key(f.mirror[a], f.mirror[b]) not in edges:
            out.append((f"edges[{k}]", f"{a}-{b} has no mirror edge "
                                       f"{'-'.join(map(str, edge_key(f.mirror[a], f.mirror[b])))}"))
            break
    out += _geometry(f, pos)
    if not out:
        out += _halves(f)
    return out


def _structure(f: Field, n: int) -> list[tuple[str, str]]:
    """Counts, ids in range, the mirror a fixed-point-free involution but for the centre."""
    def bad(i: object) -> bool:
        return isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n

    for k, e in enumerate(f.edges):
        a, b = e
        for x in e:
            if bad(x):
                return [(f"edges[{k}]", f"node {x} does not exist")]
        if a >= b:
            return [(f"edges[{k}]", f"write each edge as [a, b] with a < b, got [{a}, {b}]")]
    if list(f.edges) != sorted(set(f.edges)):
        return [("edges", "edges must be sorted and appear once each")]
    if len(f.mirror) != n or any(bad(j) for j in f.mirror):
        return [("mirror", f"needs one node id (0-{n - 1}) per node")]
    for i, j in enumerate(f.mirror):
        if f.mirror[j] != i:
            return [(f"mirror[{i}]", f"maps {i} onto {j} but {j} onto {f.mirror[j]}")]
    if len(f.bases) != 2 or any(bad(b) for b in f.bases):
        return [("bases", "needs two node ids")]
    if len(f.wrecks) != 3 or any(bad(w) for w in f.wrecks):
        return [("wrecks", "needs three node ids")]
    b0, b1 = f.bases
    w0, wc, w2 = f.wrecks
    fixed = [i for i in range(n) if f.mirror[i] == i]
    if fixed != [wc]:
        return [("wrecks", f"the middle wreck site must be the one node the half-turn keeps "
                           f"(the centre), fixed nodes: {fixed}")]
    if b0 == b1:
        return [("bases", "the two home bases must be two nodes")]
    if f.mirror[b0] != b1:
        side = (f"both home bases are on half {f.nodes[b0].half}: "
                if f.nodes[b0].half == f.nodes[b1].half else "")
        return [("bases", f"{side}seat 2's base must be seat 1's turned half about the "
                          f"centre (node {f.mirror[b0]}), not node {b1}")]
    if f.mirror[w0] != w2 or w0 == w2:
        return [("wrecks", f"the first and last wreck sites must map onto each other: "
                           f"{w0} maps onto {f.mirror[w0]}")]
    for i, node in enumerate(f.nodes):
        want = "base" if i in f.bases else "wreck" if i in f.wrecks else "field"
        if node.kind != want:
            return [(f"nodes[{i}].kind", f"is {node.kind!r}, expected {want!r} (bases "
                                         f"{list(f.bases)}, wreck sites {list(f.wrecks)})")]
    if len(f.rolls) != n:
        return [("rolls", f"needs one entry per node ({n}), got {len(f.rolls)}")]
    for i, (node, r) in enumerate(zip(f.nodes, f.rolls, strict=True)):
        if node.kind == "field" and (isinstance(r, bool) or r not in range(1, 7)):
            return [(f"nodes[{i}].roll", f"a field node needs a node die face 1-6, got {r}")]
        if node.kind != "field" and r is not None:
            return [(f"nodes[{i}].roll", f"only field nodes are rolled; a {node.kind} has null")]
    return []


def _geometry(f: Field, pos: Sequence[Pt]) -> list[tuple[str, str]]:
    """Nodes far enough apart, edges that neither cross nor run over a node."""
    out: list[tuple[str, str]] = []
    for i in range(len(pos)):
        for j in range(i + 1, len(pos)):
            if math.dist(pos[i], pos[j]) < MIN_GAP:
                return [(f"nodes[{j}]", f"is {math.dist(pos[i], pos[j]):.1f} mm from node {i}; "
                                        f"nodes need {MIN_GAP:g} mm so tokens fit")]
    for k, (a, b) in enumerate(f.edges):
        for i, p in enumerate(pos):
            if i not in (a, b) and seg_dist(p, pos[a], pos[b]) < CLEARANCE:
                return [(f"edges[{k}]", f"{a}-{b} runs over node {i}")]
    for k, (a, b) in enumerate(f.edges):
        for m in range(k + 1, len(f.edges)):
            c, d = f.edges[m]
            if segments_cross(pos[a], pos[b], pos[c], pos[d]):
                out.append((f"edges[{m}]", f"crossing edges: {c}-{d} crosses {a}-{b}"))
                return out
    return out


def _halves(f: Field) -> list[tuple[str, str]]:
    """Declared halves match the moves to each base; bases on their own halves, wrecks apart."""
    want = halves(f)
    b0, b1 = f.bases
    if f.nodes[b0].half == f.nodes[b1].half:
        return [("bases", f"both home bases are on half {f.nodes[b0].half}")]
    d = f.distances()
    for w in f.wrecks:
        for s, b in enumerate(f.bases):
            if d[b][w] < 2:
                return [("wrecks", f"wreck site {w} is next to seat {s + 1}'s home base {b}")]
    for i, node in enumerate(f.nodes):
        if node.half != want[i]:
            return [(f"nodes[{i}].half", f"is {node.half}, but node {i} is {d[b0][i]} moves "
                                         f"from base {b0} and {d[b1][i]} from base {b1} "
                                         f"(half {want[i]})")]
    return []


def contents(field: Field, i: int, node_die: Sequence[Any] | None = None) -> dict[str, Any]:
    """What node ``i`` holds at the start (its face in ``node_die``, default the aid's table)."""
    from pnp.games.salvage.rules import NODE_DIE

    table = NODE_DIE if node_die is None else node_die
    node, roll = field.nodes[i], field.rolls[i]
    if node.kind == "wreck":
        return {"mob": None, "scrap": 0, "die": None, "fusion_cells": 1,
                "text": "A fusion cell"}
    if node.kind == "base" or roll is None:
        seat = field.bases.index(i) + 1 if i in field.bases else 0
        return {"mob": None, "scrap": 0, "die": None, "fusion_cells": 0,
                "text": f"Seat {seat}'s home base" if seat else "Nothing"}
    face = table[roll - 1]
    return {"mob": None if face.mob is None else face.mob.name, "scrap": face.scrap,
            "die": face.die, "fusion_cells": 0, "text": face.text}


def field_to_dict(field: Field, node_die: Sequence[Any] | None = None) -> dict[str, Any]:
    """Field -> the ``field.json`` dict (see docs/formats.md); ``node_die`` as ``contents``."""
    width, height = board_size(field)
    return {
        "board": {"width": width, "height": height, "unit": "mm"},
        "nodes": [{"id": n.id, "x": n.x, "y": n.y, "half": n.half, "kind": n.kind,
                   "roll": r, "contents": contents(field, n.id, node_die),
                   "neighbours": list(nb)}
                  for n, r, nb in zip(field.nodes, field.rolls, field.neighbours(), strict=True)],
        "edges": [list(e) for e in field.edges],
        "bases": list(field.bases), "wrecks": list(field.wrecks), "mirror": list(field.mirror),
        "seed_code": field.seed_code, "routes": route_report(field)}


def field_from_dict(data: Any, where: str = "field.json") -> Field:
    """A ``field.json`` dict -> Field; PnpError naming the file and field on bad input."""
    def fail(field: str, msg: str) -> PnpError:
        return PnpError(msg, file=where or None, field=field)

    if not isinstance(data, Mapping):
        raise fail("nodes", "expected an object with nodes, edges, bases, wrecks and mirror")
    for key in ("nodes", "edges", "bases", "wrecks", "mirror"):
        if not isinstance(data.get(key), list):
            raise fail(key, "missing" if key not in data else "must be a list")
    nodes, rolls = [], []
    for i, d in enumerate(data["nodes"]):
        if not isinstance(d, Mapping):
            raise fail(f"nodes[{i}]", "each node must be an object")
        for key in ("id", "x", "y", "half", "kind"):
            if key not in d:
                raise fail(f"nodes[{i}].{key}", "missing")
        x, y = (_number(d[k], f"nodes[{i}].{k}", fail) for k in ("x", "y"))
        half = _int(d["half"], f"nodes[{i}].half", fail)
        if half not in (-1, 0, 1):
            raise fail(f"nodes[{i}].half", f"must be 0, 1 or -1 (the centre), got {half}")
        if d["kind"] not in KINDS:
            raise fail(f"nodes[{i}].kind", f"unknown kind {d['kind']!r} ({', '.join(KINDS)})")
        roll = d.get("roll")
        rolls.append(None if roll is None else _int(roll, f"nodes[{i}].roll", fail))
        nodes.append(Node(_int(d["id"], f"nodes[{i}].id", fail), x, y, half, d["kind"]))
    edges = []
    for k, e in enumerate(data["edges"]):
        if not isinstance(e, list) or len(e) != 2:
            raise fail(f"edges[{k}]", "each edge is a list of two node ids")
        edges.append((_int(e[0], f"edges[{k}]", fail), _int(e[1], f"edges[{k}]", fail)))
    ids = {key: tuple(_int(v, f"{key}[{j}]", fail) for j, v in enumerate(data[key]))
           for key in ("bases", "wrecks", "mirror")}
    if len(ids["bases"]) != 2:
        raise fail("bases", f"a field has two home bases, got {len(ids['bases'])}")
    if len(ids["wrecks"]) != 3:
        raise fail("wrecks", f"a field has three wreck sites, got {len(ids['wrecks'])}")
    field = Field(tuple(nodes), tuple(edges), (ids["bases"][0], ids["bases"][1]),
                  (ids["wrecks"][0], ids["wrecks"][1], ids["wrecks"][2]), ids["mirror"],
                  tuple(rolls), str(data.get("seed_code") or ""))
    problems = _problems(field)
    if problems:
        raise fail(*problems[0])
    return field


def field_from_json(text: str, where: str = "field.json") -> Field:
    """A field.json's text -> Field (PnpError naming the file, line or field on bad input)."""
    from pnp.safe_io import load_json  # nesting and integer sizes bounded

    data = load_json(text, where)
    return field_from_dict(data, where)


def _int(v: Any, field: str, fail: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise fail(field, f"must be a whole number, got {v!r}")
    return v


def _number(v: Any, field: str, fail: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise fail(field, f"must be a number (mm), got {v!r}")
    return float(v)

