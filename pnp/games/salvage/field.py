"""Salvage's field: nodes and edges symmetric under a half-turn, its generator, checks and JSON.

A field is a planar node graph drawn on a board (positions in mm, origin top-left). The half-turn
about the centre node maps it onto itself node for node and edge for edge, so neither seat is
favoured by construction: seat 1's home base maps onto seat 2's, the centre wreck site onto
itself and the other two wreck sites onto each other. The node die is rolled once per field node
(random per node: the symmetry is the graph's, not the rolls').
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pnp.errors import PnpError
from pnp.seed import child_seed, seed_code

Pt = tuple[float, float]
KINDS = ("base", "wreck", "field")
DEFAULT_NODES = 21
DEFAULT_DENSITY = 0.4
NODES_RANGE = (9, 61)          # odd counts only: the centre node plus pairs
BOARD = (380.0, 260.0)         # mm up to 21 nodes: two A4 or Letter pages side by side
MARGIN = (22.0, 32.0)          # node centres this far from the board edge (title and legend)
MIN_GAP = 30.0                 # mm between node centres, so tokens fit (checked on load)
GEN_GAP = 40.0                 # what the generator keeps
CLEARANCE = 8.0                # mm an edge keeps from any node but its ends (checked on load)
GEN_CLEARANCE = 16.0           # what the generator keeps
MAX_ANGLE = 130.0              # degrees: the widest angle a node may see an edge under
_CANDIDATES = 24               # best-candidate sampling: even spacing without a grid
_ATTEMPTS = 200
_TOL = 0.06                    # mm: positions are rounded to 0.1 mm


@dataclass(frozen=True)
class Node:
    """One node of the field: id, position (mm), half (0, 1, -1 for the centre) and kind."""

    id: int
    x: float          # mm on the board, origin top-left
    y: float
    half: int         # 0: seat 1's half, 1: seat 2's half, -1: the centre (fixed by the half-turn)
    kind: str         # "base", "wreck" or "field"


@dataclass(frozen=True)
class Field:
    """The session field: nodes, edges, the two home bases, three wreck sites and the rolls."""

    nodes: tuple[Node, ...]
    edges: tuple[tuple[int, int], ...]   # a < b, sorted
    bases: tuple[int, int]               # seat 1's home base, seat 2's (each the other's camp)
    wrecks: tuple[int, int, int]         # middle: the centre node; the others map onto each other
    mirror: tuple[int, ...]              # mirror[i]: the node the half-turn maps i onto
    rolls: tuple[int | None, ...]        # node die face per field node at the start; else None
    seed_code: str = ""

    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """The nodes one move away from each node, in id order."""
        return self._neighbours

    def distances(self) -> tuple[tuple[int, ...], ...]:
        """Moves (hops) between every two nodes; -1 where no route exists."""
        return self._distances

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        adj: list[list[int]] = [[] for _ in self.nodes]
        for a, b in self.edges:
            adj[a].append(b)
            adj[b].append(a)
        return tuple(tuple(sorted(n)) for n in adj)

    @cached_property
    def _distances(self) -> tuple[tuple[int, ...], ...]:
        return tuple(_bfs(self._neighbours, i) for i in range(len(self.nodes)))


def _bfs(adj: Sequence[Sequence[int]], start: int) -> tuple[int, ...]:
    dist = [-1] * len(adj)
    dist[start] = 0
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in adj[a]:
            if dist[b] < 0:
                dist[b] = dist[a] + 1
                todo.append(b)
    return tuple(dist)


def board_size(field: Field) -> Pt:
    """Board width and height (mm): twice the centre node's position."""
    c = field.nodes[field.wrecks[1]]
    return round(2 * c.x, 1), round(2 * c.y, 1)


def halves(field: Field) -> tuple[int, ...]:
    """Each node's half: the seat whose home base is fewer moves away (0 or 1), -1 on a tie."""
    d = field.distances()
    b0, b1 = field.bases
    return tuple(0 if d[b0][i] < d[b1][i] else 1 if d[b1][i] < d[b0][i] else -1
                 for i in range(len(field.nodes)))


def route_report(field: Field) -> dict[str, Any]:
    """Moves from each home base to each wreck site and to the enemy camp, per seat."""
    d = field.distances()
    seats = []
    for seat, (base, camp) in enumerate((field.bases, field.bases[::-1])):
        wrecks = [{"node": w, "moves": d[base][w]} for w in field.wrecks]
        seats.append({"seat": seat + 1, "base": base, "enemy_camp": camp,
                      "moves_to_enemy_camp": d[base][camp], "wreck_sites": wrecks,
                      "moves_to_wreck_sites": sorted(w["moves"] for w in wrecks)})
    return {"seats": seats,
            "equal": seats[0]["moves_to_wreck_sites"] == seats[1]["moves_to_wreck_sites"]
            and seats[0]["moves_to_enemy_camp"] == seats[1]["moves_to_enemy_camp"]}


# --- the generator ------------------------------------------------------------------------------

def check_size(nodes: int, density: float) -> None:
    """PnpError unless ``nodes`` is odd in 9-61 and ``density`` in 0-1."""
    lo, hi = NODES_RANGE
    if isinstance(nodes, bool) or not isinstance(nodes, int) or not lo <= nodes <= hi \
            or nodes % 2 == 0:
        raise PnpError(f"must be an odd number from {lo} to {hi} (the centre node plus pairs), "
                       f"got {nodes}", field="nodes")
    if not 0.0 <= density <= 1.0:
        raise PnpError(f"must be from 0 (a tree) to 1 (every edge that keeps the field planar), "
                       f"got {density:g}", field="density")


def board_for(nodes: int) -> Pt:
    """Board size (mm) for ``nodes``: the default board, grown with the node count above 21."""
    s = math.sqrt(max(nodes, DEFAULT_NODES) / DEFAULT_NODES)
    return 2.0 * round(BOARD[0] / 2 * s), 2.0 * round(BOARD[1] / 2 * s)


def generate_field(seed: int | str, *, nodes: int = DEFAULT_NODES,
                   density: float = DEFAULT_DENSITY) -> Field:
    """A fresh symmetric, planar, connected field of ``nodes`` nodes for ``seed``."""
    check_size(nodes, density)
    width, height = board_for(nodes)
    for attempt in range(_ATTEMPTS):
        rng = random.Random(child_seed(seed, "field", "layout", nodes, attempt))
        field = _attempt(rng, nodes, density, width, height)
        if field is not None:
            roll = random.Random(child_seed(seed, "field", "rolls"))
            rolls = tuple(roll.randint(1, 6) if n.kind == "field" else None for n in field.nodes)
            return Field(field.nodes, field.edges, field.bases, field.wrecks, field.mirror,
                         rolls, seed_code(seed))
    raise PnpError(f"no field of {nodes} nodes found in {_ATTEMPTS} attempts", field="nodes")


def _attempt(rng: random.Random, n: int, density: float, width: float, height: float
             ) -> Field | None:
    pts = _points(rng, n, width, height)
    if pts is None:
        return None
    # Ids in (x, y) order: the half-turn reverses that order, so mirror[i] is n - 1 - i.
    order = sorted(range(n), key=lambda i: pts[i])
    pos = [pts[i] for i in order]
    where = {old: new for new, old in enumerate(order)}
    mirror = tuple(n - 1 - i for i in range(n))
    centre, bases = n // 2, (where[1], where[2])
    edges = _edges(rng, pos, mirror, density, bases, centre)
    if edges is None:
        return None
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    d = [_bfs(adj, b) for b in bases]
    # The paired wreck sites: 3 moves or more from both home bases where the field allows
    # (never next to one), and not next to the centre one, so the three sites spread out.
    pairs = [i for i in range(n) if i < mirror[i] and i not in bases]
    reach = {i: min(d[0][i], d[1][i]) for i in pairs}
    best = max(reach.values(), default=0)
    # A raid is a run too: the enemy camp at least 4 moves away (small fields can miss it).
    if best < 2 or min(d[0][centre], d[1][centre]) < 2 or d[0][bases[1]] < 4:
        return None
    far = [i for i in pairs if reach[i] >= min(best, 3)]
    # ... no farther from either base than the enemy camp, where the field allows.
    far = [i for i in far if max(d[0][i], d[1][i]) <= d[0][bases[1]]] or far
    from_centre = _bfs(adj, centre)
    w = rng.choice([i for i in far if from_centre[i] >= 2] or far)
    wrecks = (w, centre, mirror[w])
    kinds = ["base" if i in bases else "wreck" if i in wrecks else "field" for i in range(n)]
    half = [0 if d[0][i] < d[1][i] else 1 if d[1][i] < d[0][i] else -1 for i in range(n)]
    nodes = tuple(Node(i, x, y, half[i], kinds[i]) for i, (x, y) in enumerate(pos))
    return Field(nodes, tuple(sorted(edges)), bases, wrecks, mirror, (None,) * n)


def _points(rng: random.Random, n: int, width: float, height: float
            ) -> list[Pt] | None:
    """Centre, the two bases at the ends, then pairs by best-candidate sampling."""
    cx, cy = width / 2, height / 2
    mx, my = MARGIN

    def flip(p: Pt) -> Pt:
        return round(width - p[0], 1), round(height - p[1], 1)

    base = (mx, round(cy + rng.uniform(-height / 6, height / 6), 1))
    pts = [(cx, cy), base, flip(base)]
    while len(pts) < n:
        best, gap = None, 0.0
        for _ in range(_CANDIDATES):
            p = (round(rng.uniform(mx + 8, width - mx - 8), 1),
                 round(rng.uniform(my, height - my), 1))
            g = min(math.dist(p, q) for q in pts)
            if g > gap:
                best, gap = p, g
        if best is None or gap < GEN_GAP:
            return None
        pts += [best, flip(best)]
    return pts


def _edges(rng: random.Random, pos: Sequence[Pt], mirror: Sequence[int],
           density: float, bases: tuple[int, int], centre: int) -> list[tuple[int, int]] | None:
    """A symmetric connected backbone from the triangulation, plus ``density`` of the rest."""
    tri = _delaunay(pos)
    flip = {e: _edge(mirror[e[0]], mirror[e[1]]) for e in tri}
    # Keep edges whose mirror image is there too (ties in the triangulation break symmetry),
    # that pass well clear of other nodes, and that do not join a home base to the centre.
    # Thin triangles along the rim give long edges that all but run over a third node: drop
    # an edge when a node sees it under more than MAX_ANGLE (its two shorter sides remain).
    forbidden = {_edge(centre, b) for b in bases}
    ok = {e for e in tri if flip[e] in tri and e not in forbidden
          and all(_seg_dist(pos[k], pos[e[0]], pos[e[1]]) >= GEN_CLEARANCE
                  and _angle(pos[k], pos[e[0]], pos[e[1]]) <= MAX_ANGLE
                  for k in range(len(pos)) if k not in e)}
    orbit = {e: min(e, flip[e]) for e in ok if flip[e] in ok}
    key = {e: math.dist(pos[e[0]], pos[e[1]]) * rng.uniform(0.6, 1.4)
           for e in set(orbit.values())}
    # The spine first: a shortest route from seat 1's base to the centre and its half-turn,
    # so the bases, the centre and each other are as few moves apart as the field allows.
    spine = [orbit[e] for e in _route(orbit, key, bases[0], centre)]
    orbits = list(dict.fromkeys(spine)) + sorted(set(orbit.values()) - set(spine),
                                                 key=lambda e: key[e])
    parent = list(range(len(pos)))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    backbone, rest = [], []
    for e in orbits:
        pair = {e, flip[e]}
        if any(find(a) != find(b) for a, b in pair):
            for a, b in pair:
                parent[find(a)] = find(b)
            backbone.append(e)
        else:
            rest.append(e)
    if len({find(i) for i in range(len(pos))}) > 1:
        return None
    keep = backbone + rest[:round(density * len(rest))]
    # A home base reached by one edge is a dead end a mecha can be shut in: give it two.
    for e in rest[len(keep) - len(backbone):]:
        if sum(bases[0] in x for x in keep) + sum(bases[0] in flip[x] for x in keep) >= 2:
            break
        if bases[0] in e or bases[0] in flip[e]:
            keep.append(e)
    return sorted({x for e in keep for x in (e, flip[e])})


def _route(orbit: Mapping[tuple[int, int], tuple[int, int]],
           key: Mapping[tuple[int, int], float], start: int, goal: int) -> list[tuple[int, int]]:
    """Edges of a fewest-moves route, short edges first among equals; [] if there is none."""
    adj: dict[int, list[int]] = {}
    for a, b in sorted(orbit, key=lambda e: key[orbit[e]]):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    back, todo = {start: start}, deque([start])
    while todo:
        a = todo.popleft()
        for b in adj.get(a, ()):
            if b not in back:
                back[b] = a
                todo.append(b)
    route, at = [], goal
    while at in back and at != start:
        route.append(_edge(back[at], at))
        at = back[at]
    return route


def _angle(c: Pt, a: Pt, b: Pt) -> float:
    """The angle a-c-b in degrees."""
    u, v = (a[0] - c[0], a[1] - c[1]), (b[0] - c[0], b[1] - c[1])
    return math.degrees(abs(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])))


def _edge(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _delaunay(pts: Sequence[Pt]) -> set[tuple[int, int]]:
    """Edges of the Delaunay triangulation (Bowyer-Watson; a few dozen points)."""
    n = len(pts)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    r = 100 * max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    allp = list(pts) + [(mx - 2 * r, my - r), (mx + 2 * r, my - r), (mx, my + 2 * r)]

    def circle(t: tuple[int, int, int]) -> tuple[float, float, float]:
        (ax, ay), (bx, by), (qx, qy) = (allp[i] for i in t)
        d = 2 * (ax * (by - qy) + bx * (qy - ay) + qx * (ay - by))
        if abs(d) < 1e-12:
            return 0.0, 0.0, math.inf
        ux = ((ax * ax + ay * ay) * (by - qy) + (bx * bx + by * by) * (qy - ay)
              + (qx * qx + qy * qy) * (ay - by)) / d
        uy = ((ax * ax + ay * ay) * (qx - bx) + (bx * bx + by * by) * (ax - qx)
              + (qx * qx + qy * qy) * (bx - ax)) / d
        return ux, uy, (ux - ax) ** 2 + (uy - ay) ** 2

    tris = {(n, n + 1, n + 2): circle((n, n + 1, n + 2))}
    for i, (px, py) in enumerate(pts):
        bad = [t for t, (ux, uy, r2) in tris.items() if (px - ux) ** 2 + (py - uy) ** 2 < r2]
        count: dict[tuple[int, int], int] = {}
        for t in bad:
            del tris[t]
            for e in (_edge(t[0], t[1]), _edge(t[1], t[2]), _edge(t[0], t[2])):
                count[e] = count.get(e, 0) + 1
        for (a, b), k in count.items():
            if k == 1:
                tris[(a, b, i)] = circle((a, b, i))
    return {e for t in tris for e in (_edge(t[0], t[1]), _edge(t[1], t[2]), _edge(t[0], t[2]))
            if e[1] < n}


# --- geometry checks ----------------------------------------------------------------------------

def _seg_dist(p: Pt, a: Pt, b: Pt) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    L = vx * vx + vy * vy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / L))
    return math.dist(p, (a[0] + t * vx, a[1] + t * vy))


def _cross(o: Pt, a: Pt, b: Pt) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(a: Pt, b: Pt,
                   c: Pt, d: Pt) -> bool:
    """True when segments a-b and c-d share a point other than a common end."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0
            and (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True
    # Touching or collinear: a shared end is fine, any other contact is a crossing.
    ends = {a, b} & {c, d}
    for p, (s, t), v in ((a, (c, d), d1), (b, (c, d), d2), (c, (a, b), d3), (d, (a, b), d4)):
        if v == 0 and p not in ends and _seg_dist(p, s, t) < 1e-9:
            return True
    return False


# --- checks and JSON ----------------------------------------------------------------------------

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
        if abs(pos[i][0] + pos[j][0] - 2 * cx) > _TOL or abs(pos[i][1] + pos[j][1] - 2 * cy) > _TOL:
            out.append((f"mirror[{i}]", f"node {j} is not node {i} turned half about the "
                                        f"centre node {f.wrecks[1]}"))
            break
    edges = set(f.edges)
    for k, (a, b) in enumerate(f.edges):
        if _edge(f.mirror[a], f.mirror[b]) not in edges:
            out.append((f"edges[{k}]", f"{a}-{b} has no mirror edge "
                                       f"{'-'.join(map(str, _edge(f.mirror[a], f.mirror[b])))}"))
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
            if i not in (a, b) and _seg_dist(p, pos[a], pos[b]) < CLEARANCE:
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
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PnpError(f"malformed JSON: {exc.msg}", file=where, line=exc.lineno) from None
    return field_from_dict(data, where)


def _int(v: Any, field: str, fail: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise fail(field, f"must be a whole number, got {v!r}")
    return v


def _number(v: Any, field: str, fail: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise fail(field, f"must be a number (mm), got {v!r}")
    return float(v)

