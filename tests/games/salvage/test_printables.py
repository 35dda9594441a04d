"""The Salvage field board (true size and tiled) and `pnp salvage field`: what is drawn where,
text sizes, the safe zone, the files and the manifest."""

from __future__ import annotations

import io
import json
import math

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.errors import PnpError
from pnp.games.salvage.field import board_size, generate_field, route_report
from pnp.games.salvage.field_file import field_from_json
from pnp.games.salvage.pack import field_pack
from pnp.games.salvage.printables import DIE, SEAT_COLOURS, die_face, field_drawing
from pnp.layout.draw import Circle, Drawing, Group, Path, Rect, TextBox
from pnp.layout.marks import rect_points
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import fit_text, font_extents
from pnp.output import Output
from pnp.pack import Pages, PrintOptions, footer
from pnp.pack_writer import write_pack
from pnp.seed import seed_code

MM = 72 / 25.4


@pytest.fixture(scope="module")
def field():
    return generate_field("print")


@pytest.fixture(scope="module")
def drawing(field):
    return field_drawing(field, footer=footer("Salvage", "print"))


def _leaves(items, dx=0.0, dy=0.0):
    for it in items:
        if isinstance(it, Group):
            assert not it.rotate and not it.mirror
            yield from _leaves(it.items, dx + it.dx, dy + it.dy)
        else:
            yield it, dx, dy


def _texts(d: Drawing) -> list[str]:
    return [it.text for it, _, _ in _leaves(d.items) if isinstance(it, TextBox)]


def _inked_boxes(d: Drawing):
    """(x0, y0, x1, y1) mm of every drawn thing: text lines as set, circles, rects, paths."""
    for it, dx, dy in _leaves(d.items):
        if isinstance(it, TextBox):
            fitted = fit_text(it)
            asc, desc = font_extents(it.font)
            em = fitted.size * MM_PER_POINT
            for line in fitted.lines:
                x0 = dx + it.x + line.spans[0].x
                base = dy + it.y + line.baseline
                yield it.text, (x0, base - asc * em, x0 + line.width, base + desc * em)
        elif isinstance(it, Circle):
            w = it.stroke_width / 2 if it.stroke else 0
            yield "circle", (it.cx - it.r - w, it.cy - it.r - w, it.cx + it.r + w,
                             it.cy + it.r + w)
        elif isinstance(it, Rect):
            yield "rect", (it.x, it.y, it.x + it.w, it.y + it.h)
        elif isinstance(it, Path):
            xs, ys = [p[0] for p in it.points], [p[1] for p in it.points]
            yield "path", (min(xs), min(ys), max(xs), max(ys))


def test_board_is_the_field_size(field, drawing):
    assert (drawing.width, drawing.height) == board_size(field) == (380.0, 260.0)
    assert drawing.outline == rect_points(0, 0, 380.0, 260.0)  # the poster's cut line


def test_nothing_within_3mm_of_the_board_edge(drawing):
    bad = [(what, box) for what, box in _inked_boxes(drawing)
           if box[0] < 3 or box[1] < 3 or box[2] > drawing.width - 3
           or box[3] > drawing.height - 3]
    assert bad == []


@pytest.mark.parametrize("nodes", [9, 21, 41, 61])
def test_no_text_under_6pt_but_the_seed_code_and_none_overflows(nodes):
    f = generate_field(nodes, nodes=nodes)
    d = field_drawing(f, footer=footer("Salvage", nodes))
    for it, _, _ in _leaves(d.items):
        if isinstance(it, TextBox):
            fitted = fit_text(it)
            assert not fitted.overflow, it.text
            small = seed_code(nodes) in it.text
            assert fitted.size >= (5 if small else 6), it.text
    assert not [w for w, b in _inked_boxes(d) if b[0] < 3 or b[1] < 3
                or b[2] > d.width - 3 or b[3] > d.height - 3]


def test_every_node_has_its_id_and_bases_and_wrecks_are_marked(field, drawing):
    texts = _texts(drawing)
    for node in field.nodes:
        assert str(node.id) in texts
    assert texts.count("SEAT 1\nbase") == 1 and texts.count("SEAT 2\nbase") == 1
    assert texts.count("wreck\nsite") == 3
    circles = [it for it, _, _ in _leaves(drawing.items) if isinstance(it, Circle)]
    for seat, b in enumerate(field.bases):
        node = field.nodes[b]
        fills = {c.fill for c in circles if (c.cx, c.cy) == (node.x, node.y)}
        assert SEAT_COLOURS[seat] in fills


def test_edges_are_lines_between_their_nodes(field, drawing):
    lines = {p.points for p, _, _ in _leaves(drawing.items) if isinstance(p, Path)}
    for a, b in field.edges:
        assert ((field.nodes[a].x, field.nodes[a].y), (field.nodes[b].x, field.nodes[b].y)) \
            in lines


def test_each_field_node_shows_its_start_roll(field, drawing):
    dice = [r for r, _, _ in _leaves(drawing.items) if isinstance(r, Rect) and r.w == DIE]
    assert len(dice) == sum(r is not None for r in field.rolls)
    pips = [c for c, _, _ in _leaves(drawing.items)
            if isinstance(c, Circle) and c.r == pytest.approx(DIE * 0.09)]
    assert len(pips) == sum(r for r in field.rolls if r is not None)
    for node, roll in zip(field.nodes, field.rolls, strict=True):
        if roll is None:
            continue
        die = min(dice, key=lambda r: math.dist((r.x + DIE / 2, r.y + DIE / 2),
                                                (node.x, node.y)))
        inside = [c for c in pips if die.x < c.cx < die.x + DIE and die.y < c.cy < die.y + DIE]
        assert len(inside) == roll


@pytest.mark.parametrize("face", range(1, 7))
def test_die_face_has_its_pips(face):
    items = die_face(10, 10, face)
    assert sum(isinstance(i, Circle) for i in items) == face


def test_title_routes_and_seed_code_on_the_board(field, drawing):
    buf = io.BytesIO()
    write_pdf([drawing], buf)
    page = PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    assert float(page.mediabox.width) == pytest.approx(380 * MM, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(260 * MM, abs=0.01)
    text = page.extract_text()
    assert "Salvage: session field" in text and seed_code("print") in text
    seat = route_report(field)["seats"][0]
    assert f"the enemy camp {seat['moves_to_enemy_camp']}" in text


# --- the field pack and command -----------------------------------------------------------------

def _write(pack, folder, opts=PrintOptions()):
    with Output(folder, seed=pack.seed) as out:
        return write_pack(out, pack, opts)


def test_field_pack_files_and_manifest(tmp_path):
    pack = field_pack("S", {"nodes": 31, "density": 0.6}, PrintOptions())
    assert [f.path for f in pack.files] == ["field.json", "field.pdf", "field-tiled.pdf"]
    manifest = _write(pack, tmp_path / "f")
    assert {f["path"] for f in manifest["files"]} == {"field.json", "field.pdf",
                                                      "field-tiled.pdf"}
    field = field_from_json((tmp_path / "f" / "field.json").read_text())
    assert field == generate_field("S", nodes=31, density=0.6)
    assert manifest["field"]["nodes"] == 31 and manifest["field"]["density"] == 0.6
    assert manifest["field"]["routes"] == route_report(field)
    assert manifest["seed_code"] == seed_code("S")
    (board,) = [f for f in pack.files if isinstance(f, Pages)]
    w, h = board_size(field)
    page = PdfReader(tmp_path / "f" / "field.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == \
        pytest.approx((w * MM, h * MM), abs=0.01)
    assert "31 nodes" in pack.notes[0]


@pytest.mark.parametrize("page, pages", [((210.0, 297.0), 2), ((215.9, 279.4), 2),
                                         ((148.0, 210.0), 6)])
def test_default_board_tiles_over_two_a4_or_letter_pages(tmp_path, page, pages):
    _write(field_pack("T", {}, PrintOptions(page=page)), tmp_path / "t", PrintOptions(page=page))
    tiled = PdfReader(tmp_path / "t" / "field-tiled.pdf").pages
    assert len(tiled) == pages
    assert sorted((float(tiled[0].mediabox.width), float(tiled[0].mediabox.height))) == \
        pytest.approx(sorted((page[0] * MM, page[1] * MM)), abs=0.01)


def test_field_pack_is_deterministic(tmp_path):
    hashes = []
    for name in ("a", "b"):
        manifest = _write(field_pack("same", {}, PrintOptions()), tmp_path / name)
        hashes.append({f["path"]: f["sha256"] for f in manifest["files"]})
    assert hashes[0] == hashes[1]


def _app():
    import typer

    from pnp.commands.game import game_app
    from pnp.games.salvage import GAME

    app = typer.Typer()
    app.add_typer(game_app(GAME), name="salvage")
    return app


def test_field_command_writes_the_pack(tmp_path):
    out = tmp_path / "cmd"
    result = CliRunner().invoke(_app(), ["salvage", "field", "--seed", "demo", "--out", str(out),
                                         "--nodes", "25", "--density", "0.5", "--page", "letter"])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "field.json").read_text())
    assert len(data["nodes"]) == 25 and data["seed_code"] == seed_code("demo")
    assert field_from_json((out / "field.json").read_text()) == \
        generate_field("demo", nodes=25, density=0.5)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["field"]["page"] == [215.9, 279.4]
    assert "field-tiled.pdf" in result.output and "25 nodes" in result.output


@pytest.mark.parametrize("args, where", [(["--nodes", "20"], "nodes"),
                                         (["--density", "2"], "density"),
                                         (["--page", "huge"], "page")])
def test_field_command_bad_options_write_nothing(tmp_path, args, where):
    out = tmp_path / "bad"
    result = CliRunner().invoke(_app(), ["salvage", "field", "--out", str(out), *args])
    assert isinstance(result.exception, PnpError) and result.exception.field == where
    assert not out.exists()
