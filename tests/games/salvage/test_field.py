"""Salvage's field: symmetric under a half-turn, planar, connected, counted; field.json checks.

The issue: "a planar node graph drawn without crossings, with the two bases at opposite ends and
three wreck sites, symmetric under a half-turn about the centre (node for node, edge for edge,
each half mapped onto the other) ...; every node reachable; the distances from each base to
each wreck site and to the enemy camp reported."
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.games.salvage.field import (
    CLEARANCE,
    DEFAULT_NODES,
    MIN_GAP,
    NODES_RANGE,
    Field,
    board_size,
    generate_field,
    halves,
    route_report,
    segments_cross,
)
from pnp.games.salvage.field_file import (
    field_from_dict,
    field_from_json,
    field_problems,
    field_to_dict,
)
from pnp.games.salvage.rules import NODE_DIE
from pnp.seed import child_seed, seed_code

SIZES = st.integers((NODES_RANGE[0] - 1) // 2, (NODES_RANGE[1] - 1) // 2).map(lambda k: 2 * k + 1)
SEEDS = st.one_of(st.integers(0, 2**40 - 1), st.text(min_size=1, max_size=12))
PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _orient(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _proper_cross(a, b, c, d) -> bool:
    """Independent of the module's check: the open segments a-b and c-d cross."""
    return (_orient(a, b, c) * _orient(a, b, d) < 0) and (_orient(c, d, a) * _orient(c, d, b) < 0)


def _reached(field: Field) -> set[int]:
    adj = {i: set() for i in range(len(field.nodes))}
    for a, b in field.edges:
        adj[a].add(b)
        adj[b].add(a)
    seen, todo = {0}, deque([0])
    while todo:
        for b in adj[todo.popleft()] - seen:
            seen.add(b)
            todo.append(b)
    return seen


def _assert_good(field: Field, nodes: int) -> None:
    n = len(field.nodes)
    pos = [(p.x, p.y) for p in field.nodes]
    m = field.mirror
    centre = field.wrecks[1]
    cx, cy = pos[centre]
    # counts
    assert n == nodes and n % 2 == 1
    assert [p.id for p in field.nodes] == list(range(n))
    assert [p.kind for p in field.nodes].count("base") == 2
    assert [p.kind for p in field.nodes].count("wreck") == 3
    assert {field.nodes[b].kind for b in field.bases} == {"base"}
    assert {field.nodes[w].kind for w in field.wrecks} == {"wreck"}
    # symmetric node for node: the half-turn about the centre node
    assert sorted(m) == list(range(n)) and all(m[m[i]] == i for i in range(n))
    assert [i for i in range(n) if m[i] == i] == [centre]
    for i in range(n):
        assert pos[m[i]][0] == pytest.approx(2 * cx - pos[i][0], abs=1e-6)
        assert pos[m[i]][1] == pytest.approx(2 * cy - pos[i][1], abs=1e-6)
        assert field.nodes[m[i]].kind == field.nodes[i].kind
    assert (m[field.bases[0]], m[field.wrecks[0]]) == (field.bases[1], field.wrecks[2])
    # ... and edge for edge
    edges = set(field.edges)
    assert list(field.edges) == sorted(edges) and all(a < b for a, b in edges)
    assert {tuple(sorted((m[a], m[b]))) for a, b in edges} == edges
    # planar: no two edges cross, no edge runs over a node
    for k, (a, b) in enumerate(field.edges):
        for c, d in field.edges[k + 1:]:
            assert not _proper_cross(pos[a], pos[b], pos[c], pos[d]), (a, b, c, d)
        for i in range(n):
            if i not in (a, b):
                t = ((pos[i][0] - pos[a][0]) * (pos[b][0] - pos[a][0])
                     + (pos[i][1] - pos[a][1]) * (pos[b][1] - pos[a][1])) / \
                    math.dist(pos[a], pos[b]) ** 2
                t = min(1.0, max(0.0, t))
                near = (pos[a][0] + t * (pos[b][0] - pos[a][0]),
                        pos[a][1] + t * (pos[b][1] - pos[a][1]))
                assert math.dist(pos[i], near) >= CLEARANCE
    # connected; tokens fit; on the board
    assert _reached(field) == set(range(n))
    assert min(math.dist(p, q) for i, p in enumerate(pos) for q in pos[i + 1:]) >= MIN_GAP
    width, height = board_size(field)
    assert all(15 <= x <= width - 15 and 25 <= y <= height - 25 for x, y in pos)
    # bases at opposite ends, not next to a wreck site
    xs = sorted(x for x, _ in pos)
    assert pos[field.bases[0]][0] == xs[0] and pos[field.bases[1]][0] == xs[-1]
    d = field.distances()
    assert all(d[b][w] >= 2 for b in field.bases for w in field.wrecks)
    # halves by moves to each base; the centre on neither
    for i, node in enumerate(field.nodes):
        d0, d1 = d[field.bases[0]][i], d[field.bases[1]][i]
        assert node.half == (0 if d0 < d1 else 1 if d1 < d0 else -1)
        assert field.nodes[m[i]].half == (-1 if node.half == -1 else 1 - node.half)
    assert field.nodes[centre].half == -1
    # the node die rolled for every field node, only those
    assert all((r in range(1, 7)) if p.kind == "field" else r is None
               for p, r in zip(field.nodes, field.rolls, strict=True))
    assert field_problems(field) == []


@PROPS
@given(seed=SEEDS, nodes=SIZES, density=st.floats(0.0, 1.0))
def test_any_seed_size_and_density_gives_a_good_field(seed, nodes, density):
    field = generate_field(seed, nodes=nodes, density=density)
    _assert_good(field, nodes)
    assert field.seed_code == seed_code(seed)


@PROPS
@given(seed=SEEDS, nodes=SIZES)
def test_route_report_is_the_same_for_both_seats(seed, nodes):
    field = generate_field(seed, nodes=nodes)
    report = route_report(field)
    one, two = report["seats"]
    assert report["equal"]
    assert one["moves_to_enemy_camp"] == two["moves_to_enemy_camp"] >= 4
    assert one["moves_to_wreck_sites"] == two["moves_to_wreck_sites"]
    d = field.distances()
    b0, b1 = field.bases
    for w in field.wrecks:  # seat 1 to a wreck site = seat 2 to its half-turn
        assert d[b0][w] == d[b1][field.mirror[w]]
    assert [w["node"] for w in one["wreck_sites"]] == list(field.wrecks)
    assert (one["base"], one["enemy_camp"], two["base"], two["enemy_camp"]) == (b0, b1, b1, b0)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, nodes=SIZES)
def test_field_json_round_trip(seed, nodes):
    field = generate_field(seed, nodes=nodes)
    text = json.dumps(field_to_dict(field), sort_keys=True)
    assert field_from_json(text) == field
    assert field_from_dict(json.loads(text)).distances() == field.distances()


def test_same_seed_same_field_and_seeds_differ():
    assert generate_field("demo") == generate_field("demo")
    assert generate_field("demo").nodes != generate_field("demo2").nodes
    assert len(generate_field("demo").nodes) == DEFAULT_NODES


def test_rolls_come_from_their_own_stream():
    # "rolls the node die from child_seed(seed, "field", "rolls")": one face per field node in id
    # order, so a larger field keeps the first rolls of the same seed.
    field = generate_field(11)
    rng = random.Random(child_seed(11, "field", "rolls"))
    assert [r for r in field.rolls if r is not None] == \
        [rng.randint(1, 6) for p in field.nodes if p.kind == "field"]


def test_density_adds_edges_and_zero_is_a_backbone():
    sparse, dense = (generate_field(5, density=d) for d in (0.0, 1.0))
    # the same points; density only picks edges (the wreck sites follow the moves)
    assert [(p.x, p.y) for p in sparse.nodes] == [(p.x, p.y) for p in dense.nodes]
    assert set(sparse.edges) < set(dense.edges)
    n = len(sparse.nodes)
    # a symmetric backbone is a tree or a tree plus a few edges that close symmetric cycles
    assert n - 1 <= len(sparse.edges) < n + 4
    assert len(dense.edges) <= 3 * n - 6  # Euler: a planar graph


def test_halves_and_board_size_of_the_default_field():
    field = generate_field(1)
    assert board_size(field) == (380.0, 260.0)
    assert halves(field) == tuple(p.half for p in field.nodes)
    assert {p.half for p in field.nodes} <= {-1, 0, 1}


@pytest.mark.parametrize("nodes, density, where", [
    (20, 0.4, "nodes"), (7, 0.4, "nodes"), (63, 0.4, "nodes"), (21, 1.5, "density"),
    (21, -0.1, "density")])
def test_bad_size_or_density(nodes, density, where):
    with pytest.raises(PnpError) as err:
        generate_field(1, nodes=nodes, density=density)
    assert err.value.field == where


def test_contents_read_the_node_die():
    data = field_to_dict(generate_field(3))
    for node in data["nodes"]:
        c = node["contents"]
        if node["kind"] == "field":
            face = NODE_DIE[node["roll"] - 1]
            assert c["text"] == face.text and c["scrap"] == face.scrap and c["die"] == face.die
            assert c["mob"] == (None if face.mob is None else face.mob.name)
        else:
            assert node["roll"] is None
            assert c["fusion_cells"] == (1 if node["kind"] == "wreck" else 0)
    assert data["board"] == {"width": 380.0, "height": 260.0, "unit": "mm"}


# --- bad field.json: one PnpError naming the file and field -------------------------------------

def _data(seed: int = 4) -> dict:
    return field_to_dict(generate_field(seed))


def _error(data) -> PnpError:
    with pytest.raises(PnpError) as err:
        field_from_dict(copy.deepcopy(data), "field.json")
    assert err.value.file == "field.json"
    return err.value


def _drop_node_links(d):
    """Cut one node pair (and so the field) off: every edge of a field node and its mirror."""
    i = next(n["id"] for n in d["nodes"] if n["kind"] == "field")
    cut = {i, d["mirror"][i]}
    d["edges"] = [e for e in d["edges"] if not cut & set(e)]


def _crossing(d):
    """Add a symmetric pair of edges that cross an edge but run over no node."""
    pos = [(n["x"], n["y"]) for n in d["nodes"]]
    m, edges = d["mirror"], {tuple(e) for e in d["edges"]}
    n = len(pos)
    for a in range(n):
        for b in range(a + 1, n):
            if (a, b) in edges or m[a] == b:
                continue
            clear = all(math.dist(pos[k], pos[a]) > 0 and _far(pos[k], pos[a], pos[b])
                        for k in range(n) if k not in (a, b))
            if clear and any(_proper_cross(pos[a], pos[b], pos[c], pos[e]) for c, e in edges):
                new = edges | {(a, b), tuple(sorted((m[a], m[b])))}
                d["edges"] = [list(e) for e in sorted(new)]
                return
    raise AssertionError("no crossing edge found")


def _far(p, a, b) -> bool:
    t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / math.dist(a, b) ** 2
    t = min(1.0, max(0.0, t))
    return math.dist(p, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))) >= CLEARANCE


def _same_half_bases(d):
    other = next(n["id"] for n in d["nodes"] if n["half"] == 0 and n["kind"] == "field")
    d["bases"][1] = other


def _move_pair_close(d):
    """Move a field node (and its mirror, keeping the symmetry) 10 mm from a neighbour."""
    i, j = d["edges"][0]
    mi = d["mirror"][i]
    ni, nj = d["nodes"][i], d["nodes"][j]
    dx, dy = nj["x"] - ni["x"], nj["y"] - ni["y"]
    k = 10 / math.hypot(dx, dy)
    ni["x"], ni["y"] = round(nj["x"] - dx * k, 1), round(nj["y"] - dy * k, 1)
    cx, cy = (d["nodes"][d["wrecks"][1]][key] for key in ("x", "y"))
    d["nodes"][mi]["x"], d["nodes"][mi]["y"] = round(2 * cx - ni["x"], 1), \
        round(2 * cy - ni["y"], 1)


def _set(path, value):
    def change(d):
        *head, last = path
        for key in head:
            d = d[key]
        d[last] = value
    return change


def _first_field(key):
    def change(d):
        i = next(n["id"] for n in d["nodes"] if n["kind"] == "field")
        d["nodes"][i][key] = {"half": 1 - d["nodes"][i]["half"] if d["nodes"][i]["half"] >= 0
                              else 0, "roll": 7, "kind": "mob"}[key]
    return change


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["edges"].__setitem__(3, [0, 40]), "edges[3]", "node 40 does not exist"),
    (lambda d: d["edges"].__setitem__(3, "0-1"), "edges[3]", "two node ids"),
    (_drop_node_links, "edges", "disconnected"),
    (lambda d: d["edges"].pop(0), "edges", "no mirror edge"),
    (_crossing, "edges", "crossing edges"),
    (_same_half_bases, "bases", "both home bases are on half 0"),
    (lambda d: d["wrecks"].pop(), "wrecks", "three wreck sites"),
    (lambda d: d["bases"].append(3), "bases", "two home bases"),
    (lambda d: d["nodes"].pop(), "nodes", "odd number of nodes"),
    (_move_pair_close, "nodes", "mm from node"),
    (_set(("nodes", 5, "x"), 17.0), "mirror", "turned half"),
    (_set(("nodes", 5, "x"), "17"), "nodes[5].x", "must be a number"),
    (lambda d: d["nodes"][2].pop("y"), "nodes[2].y", "missing"),
    (_first_field("half"), ".half", "moves from base"),
    (_first_field("roll"), ".roll", "node die face 1-6"),
    (_first_field("kind"), ".kind", "unknown kind"),
    (_set(("mirror", 0), 0), "mirror", "but 0 onto 0"),
    (lambda d: d.pop("mirror"), "mirror", "missing"),
])
def test_bad_field_json_is_one_error_naming_the_field(change, field, words):
    data = _data()
    change(data)
    err = _error(data)
    assert field in (err.field or "") and words in err.message, str(err)
    assert str(err).startswith(f"field.json: field '{err.field}': ")


def test_malformed_json_names_the_line():
    with pytest.raises(PnpError) as err:
        field_from_json('{"nodes": [\n  1,\n', "my-field.json")
    assert err.value.file == "my-field.json" and err.value.line is not None


def test_segments_cross_geometry():
    assert segments_cross((0, 0), (10, 10), (0, 10), (10, 0))
    assert not segments_cross((0, 0), (10, 0), (10, 0), (20, 5))  # a shared end
    assert segments_cross((0, 0), (10, 0), (5, 0), (20, 0))       # collinear overlap
    assert segments_cross((0, 0), (10, 0), (5, 0), (5, 5))        # touching mid-edge
    assert not segments_cross((0, 0), (10, 0), (0, 1), (10, 1))
