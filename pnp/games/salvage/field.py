"""Salvage's field: nodes and edges symmetric under a half-turn, and its generator.

A field is a planar node graph drawn on a board (positions in mm, origin top-left). The half-turn
about the centre node maps it onto itself node for node and edge for edge, so neither seat is
favoured by construction: seat 1's home base maps onto seat 2's, the centre wreck site onto
itself and the other two wreck sites onto each other. The node die is rolled once per field node
(random per node: the symmetry is the graph's, not the rolls'). ``field_file`` checks a field
and reads and writes its JSON.
"""

from __future__ import annotations

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
TOLERANCE = 0.06                    # mm: positions are rounded to 0.1 mm


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
    flip = {e: edge_key(mirror[e[0]], mirror[e[1]]) for e in tri}
    # Keep edges whose mirror image is there too (ties in the triangulation break symmetry),
    # that pass well clear of other nodes, and that do not join a home base to the centre.
    # Thin triangles along the rim give long edges that all but run over a third node: drop
    # an edge when a node sees it under more than MAX_ANGLE (its two shorter sides remain).
    forbidden = {edge_key(centre, b) for b in bases}
    ok = {e for e in tri if flip[e] in tri and e not in forbidden
          and all(seg_dist(pos[k], pos[e[0]], pos[e[1]]) >= GEN_CLEARANCE
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
        route.append(edge_key(back[at], at))
        at = back[at]
    return route


def _angle(c: Pt, a: Pt, b: Pt) -> float:
    """The angle a-c-b in degrees."""
    u, v = (a[0] - c[0], a[1] - c[1]), (b[0] - c[0], b[1] - c[1])
    return math.degrees(abs(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])))


def edge_key(a: int, b: int) -> tuple[int, int]:
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
            for e in (edge_key(t[0], t[1]), edge_key(t[1], t[2]), edge_key(t[0], t[2])):
                count[e] = count.get(e, 0) + 1
        for (a, b), k in count.items():
            if k == 1:
                tris[(a, b, i)] = circle((a, b, i))
    return {e for t in tris
            for e in (edge_key(t[0], t[1]), edge_key(t[1], t[2]), edge_key(t[0], t[2]))
            if e[1] < n}


# --- geometry checks ----------------------------------------------------------------------------

def seg_dist(p: Pt, a: Pt, b: Pt) -> float:
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
        if v == 0 and p not in ends and seg_dist(p, s, t) < 1e-9:
            return True
    return False
