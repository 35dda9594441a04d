"""`pnp render` and `pnp calibrate` end to end: files measured from what is written."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from pnp import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "salvage-mods.csv"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def example_dir(tmp_path_factory) -> Path:
    """The bundled example copied (with its icons) so tests write next to it freely."""
    d = tmp_path_factory.mktemp("ex")
    shutil.copy(EXAMPLE, d / EXAMPLE.name)
    shutil.copytree(EXAMPLE.parent / "icons", d / "icons")
    return d


@pytest.fixture(scope="module")
def rendered(example_dir, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out") / "deck"
    mp = pytest.MonkeyPatch()
    mp.setattr(sys, "argv", ["pnp", "render", str(example_dir / EXAMPLE.name), "--out", str(out),
                             "--formats", "pdf,svg,png,tts", "--dpi", "100", "--print-shop",
                             "--seed", "playtest 7"])
    try:
        cli.main()
    finally:
        mp.undo()
    return out


def test_example_renders_every_file_in_the_manifest(rendered):
    manifest = json.loads((rendered / "manifest.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    for rel, entry in files.items():
        assert hashlib.sha256((rendered / rel).read_bytes()).hexdigest() == entry["sha256"]
    svgs = [p for p in files if p.startswith("svg/")]
    pngs = [p for p in files if p.startswith("png/")]
    # 19 different fronts (the mods deck `pnp salvage mods` wrote), 1 back (the deck's name):
    # one file per face
    assert len(svgs) == len(pngs) == 20
    assert "svg/002-long-range-tank.svg" in files and "svg/back-001-salvage-mods.svg" in files
    assert manifest["deck"]["copies"] == 24 and manifest["deck"]["fronts"] == 19
    assert manifest["seed_code"] and manifest["command"].startswith("pnp render")


def test_print_pdf_pages_and_sizes(rendered):
    reader = PdfReader(rendered / "salvage-mods.pdf")
    # 24 copies at 9 per A4 page: 3 front pages, each followed by its back page
    assert len(reader.pages) == 6
    for page in reader.pages:
        assert (round(float(page.mediabox.width) / MM, 1),
                round(float(page.mediabox.height) / MM, 1)) == (210.0, 297.0)
    text = reader.pages[0].extract_text()
    manifest = json.loads((rendered / "manifest.json").read_text())
    assert manifest["seed_code"] in text and "Salvage Mods" in text
    assert "Cells & scrap" in text  # '&' as typed


def test_print_shop_pdf_has_trim_and_bleed_boxes(rendered):
    reader = PdfReader(rendered / "salvage-mods-print-shop.pdf")
    assert len(reader.pages) == 48  # every copy, front and back
    page = reader.pages[0]
    trim, bleed = page.trimbox, page.bleedbox
    assert round(float(trim.width) / MM, 2) == 63.5 and round(float(trim.height) / MM, 2) == 88.9
    assert round(float(bleed.width) / MM, 2) == 69.5


def test_svg_and_png_sizes_are_physical(rendered):
    root = ET.parse(rendered / "svg" / "001-cell-cradle.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("69.5mm", "94.9mm")
    with PILImage.open(rendered / "png" / "001-cell-cradle.png") as im:
        assert im.size == (round(69.5 / 25.4 * 100), round(94.9 / 25.4 * 100))


def test_tabletop_simulator_deck(rendered):
    saved = json.loads((rendered / "tts" / "salvage-mods.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and len(deck["ContainedObjects"]) == 24
    assert [o["Nickname"] for o in deck["ContainedObjects"]].count("Long-Range Tank") == 2
    (custom,) = deck["CustomDeck"].values()
    assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7
    with PILImage.open(rendered / "tts" / custom["FaceURL"]) as sheet:
        assert sheet.mode == "RGB" and max(sheet.size) <= 4096
        assert sheet.size[0] % custom["NumWidth"] == 0


def test_same_input_same_bytes(rendered, example_dir, tmp_path, run_pnp):
    out = tmp_path / "again"
    code, _, _ = run_pnp("render", str(example_dir / EXAMPLE.name), "--out",
                     str(out), "--formats", "pdf,svg,png,tts", "--dpi", "100", "--print-shop",
                     "--seed", "playtest 7")
    assert code == 0
    a = {f["path"]: f["sha256"] for f in json.loads((rendered / "manifest.json").read_text())["files"]}
    b = {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert a == b


def test_default_out_folder_and_stale_files(tmp_path, monkeypatch, run_pnp):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("name,text\nA,one\nB,two\n")
    assert run_pnp("render", "d.csv", "--formats", "svg")[0] == 0
    assert (tmp_path / "output" / "d" / "svg" / "002-b.svg").exists()
    (tmp_path / "d.csv").write_text("name,text\nA,one\n")
    assert run_pnp("render", "d.csv", "--formats", "svg")[0] == 0
    assert not (tmp_path / "output" / "d" / "svg" / "002-b.svg").exists()
    assert (tmp_path / "output" / "d" / "svg" / "001-a.svg").exists()


def test_overflow_is_a_warning_naming_the_card(tmp_path, run_pnp):
    long = " ".join(["overlong"] * 600)
    (tmp_path / "d.csv").write_text(f"name,text\nShort,ok\nWordy,{long}\n")
    code, out, err = run_pnp("render", str(tmp_path / "d.csv"), "--out",
                         str(tmp_path / "o"), "--formats", "pdf")
    assert code == 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "card 'Wordy' (d.csv:3)" in lines[0] and "warning" in lines[0]
    assert "1 warning" in out


def test_characters_the_fonts_lack_are_a_warning_naming_the_card(tmp_path, run_pnp):
    (tmp_path / "d.csv").write_text("name,text\nPlain,Café «quoted»\nSnowman,Cold ☃ → run\n",
                                    encoding="utf-8")
    code, out, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(tmp_path / "o"),
                             "--formats", "pdf")
    assert code == 0
    (line,) = err.strip().splitlines()
    assert "warning: card 'Snowman' (d.csv:3)" in line and "☃" in line and "→" in line
    assert "Café" not in line and "1 warning" in out


# --- boards: components larger than the page ------------------------------------------------

BOARD = (400.0, 300.0)
STRIPE = 2.0  # mm: the test board is painted in stripes whose colour says where they are


def _stripe_colour(i: int) -> tuple[int, int, int]:
    return ((i % 16) * 16, (i // 16) * 16, 200)


def _stripe_layout(path: Path, bleed: float) -> None:
    """Vertical stripes on cards with axis x, horizontal ones on axis y, covering the bleed."""
    items = []
    for axis, length, across in (("x", BOARD[0], BOARD[1]), ("y", BOARD[1], BOARD[0])):
        for i in range(int((length + 2 * bleed) / STRIPE)):
            pos, colour = -bleed + i * STRIPE, "#%02x%02x%02x" % _stripe_colour(i)
            box = (f"x: {pos}, y: {-bleed}, w: {STRIPE}, h: {across + 2 * bleed}" if axis == "x"
                   else f"x: {-bleed}, y: {pos}, w: {across + 2 * bleed}, h: {STRIPE}")
            items.append(f"  - rect: {{{box}, fill: '{colour}'}}\n    when: \"{{{{ axis == '{axis}' }}}}\"")
    path.write_text("back: plain.yaml\nitems:\n" + "\n".join(items) + "\n")
    (path.parent / "plain.yaml").write_text(
        f"items:\n  - rect: {{x: {-bleed}, y: {-bleed}, w: {BOARD[0] + 2 * bleed}, "
        f"h: {BOARD[1] + 2 * bleed}, fill: '#777777'}}\n")


def _stripes_seen(png: bytes, n: int) -> tuple[int, int] | None:
    """First and last stripe index shown on a rendered page (seen on at least 3 pixels)."""
    import io

    colours = {_stripe_colour(i): i for i in range(n)}
    with PILImage.open(io.BytesIO(png)) as im:
        counts = im.convert("RGB").getcolors(maxcolors=1 << 20)
    seen = [colours[c] for k, c in counts if c in colours and k >= 3]
    return (min(seen), max(seen)) if seen else None


@pytest.fixture(scope="module")
def boards(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("boards")
    _stripe_layout(d / "stripes.yaml", 3.0)
    (d / "maps.csv").write_text("name,axis,back\nRiver Map,x,Map back\nDesert Map,y,\n")
    (d / "cards.csv").write_text("name,text\nScout,Looks around\n")
    mp = pytest.MonkeyPatch()
    mp.setattr(sys, "argv", ["pnp", "render", str(d / "maps.csv"), "--out", str(d / "out"),
                             "--layout", str(d / "stripes.yaml"), "--size", "400x300mm",
                             "--overlap", "12mm", "--formats", "pdf,svg,png", "--dpi", "10"])
    try:
        cli.main()
    finally:
        mp.undo()
    return d / "out"


def test_board_is_written_whole_at_true_size(boards):
    for rel in ("boards/001-river-map.pdf", "boards/002-desert-map.pdf",
                "boards/back-001-map-back.pdf"):
        (page,) = PdfReader(boards / rel).pages
        assert (round(float(page.mediabox.width) / MM, 2),
                round(float(page.mediabox.height) / MM, 2)) == (406.0, 306.0)
        assert (round(float(page.trimbox.width) / MM, 2),
                round(float(page.trimbox.height) / MM, 2)) == BOARD
    root = ET.parse(boards / "svg" / "001-river-map.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("406mm", "306mm")
    with PILImage.open(boards / "png" / "001-river-map.png") as im:
        assert im.size == (round(406 / 25.4 * 10), round(306 / 25.4 * 10))
    manifest = json.loads((boards / "manifest.json").read_text())
    assert manifest["deck"]["boards"] == 2 and manifest["deck"]["pages"] == 0
    assert not (boards / "maps.pdf").exists()  # no card fits the page: no n-up print PDF


@pytest.mark.parametrize("rel, axis, length", [
    ("boards/001-river-map-tiled.pdf", 0, BOARD[0]),
    ("boards/002-desert-map-tiled.pdf", 1, BOARD[1]),
])
def test_tiles_are_pages_that_cover_the_board_with_the_overlap(boards, rel, axis, length):
    from pnp.layout.raster import pdf_to_pngs

    reader = PdfReader(boards / rel)
    for page in reader.pages:  # A4, whichever way round the tiling chose
        assert sorted((round(float(page.mediabox.width) / MM, 1),
                       round(float(page.mediabox.height) / MM, 1))) == [210.0, 297.0]
    n = int((length + 6) / STRIPE)
    seen = [_stripes_seen(png, n) for png in pdf_to_pngs(boards / rel, dpi=50.8)]  # 0.5 mm/px
    # the front's tiles, then as many of the (plain grey) back's
    half = len(seen) // 2
    assert len(seen) == 2 * half and None not in seen[:half] and seen[half:] == [None] * half
    spans = sorted(set(seen[:half]))  # pages in one column (row) show the same x (y) range
    assert len(spans) >= 2
    assert spans[0][0] == 0 and spans[-1][1] == n - 1  # bleed edge to bleed edge
    for (lo_a, hi_a), (lo_b, hi_b) in zip(spans, spans[1:]):
        shared = (hi_a - lo_b + 1) * STRIPE  # stripes on both neighbouring pages
        assert 12 - STRIPE <= shared <= 12 + STRIPE, (spans, shared)


def test_a_board_that_fits_the_page_goes_n_up(boards, tmp_path, run_pnp):
    src = boards.parent
    code, out, err = run_pnp("render", str(src / "maps.csv"), "--out", str(tmp_path / "o"),
                             "--layout", str(src / "stripes.yaml"), "--size", "400x300mm",
                             "--page", "420x594mm", "--formats", "pdf")
    assert code == 0, err
    assert len(PdfReader(tmp_path / "o" / "maps.pdf").pages) == 4  # one a page, each with its back
    assert not (tmp_path / "o" / "boards").exists() and "tiled" not in out


@pytest.mark.parametrize("setup, args, expect", [
    ("name,cost\nA,1\nB,2,3\n", [], "d.csv:3: row has 3 fields"),
    ("name\nA\n", ["--size", "huge"], "field 'size': unknown card size 'huge'"),
    ("name\nA\n", ["--page", "b5"], "field 'page': unknown page size 'b5'"),
    ("name\nA\n", ["--formats", "pdf,gif"], "field 'formats'"),
    ("name\nA\n", ["--duplex", "sideways"], "duplex"),
    ("name\nA\n", ["--back-offset", "1"], "field 'back-offset'"),
    ("name\nA\n", ["--overlap", "80mm"], "field 'overlap'"),
    ("name,count\nA,0\n", [], "no cards to print"),
    ("name\n", [], "no cards to print"),
    ("name,art\nA,missing.png\n", ["--layout", "LAYOUT"], "image 'missing.png' not found"),
    ("name,art\nA,broken.png\n", ["--layout", "LAYOUT"], "cannot read image 'broken.png'"),
    ("name\nA\n", ["--layout", "BADYAML"], "bad.yaml:4: malformed YAML"),
    ("name\nA\n", ["--layout", "MISSING"], "field 'power': card 'A' (d.csv:2)"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path, run_pnp,
                                                          setup, args, expect):
    (tmp_path / "d.csv").write_text(setup)
    (tmp_path / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    (tmp_path / "art.yaml").write_text(
        "items:\n  - image: {x: 0, y: 0, w: 10, h: 10, path: '{{ art }}'}\n")
    (tmp_path / "bad.yaml").write_text("items:\n  - rect: {x: 1, y: 1}\n  - [\n")
    (tmp_path / "missing.yaml").write_text(
        "items:\n  - text: {x: 1, y: 1, w: 9, h: 9, text: '{{ power }}'}\n")
    names = {"LAYOUT": "art.yaml", "BADYAML": "bad.yaml", "MISSING": "missing.yaml"}
    args = [str(tmp_path / names[a]) if a in names else a for a in args]
    out = tmp_path / "out" / "deck"
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(out),
                       "--formats", "pdf,svg", *args)
    assert code == 2
    assert err.startswith("pnp: error: ") and err.count("\n") == 1, err
    assert expect in err
    assert not out.exists()
    assert not [p for p in (tmp_path / "out").glob("*")] if (tmp_path / "out").exists() else True


def test_calibrate_writes_the_sheet(tmp_path, run_pnp):
    code, out, _ = run_pnp("calibrate", "--page", "letter", "--out",
                       str(tmp_path / "cal"))
    assert code == 0 and "--back-offset" in out
    reader = PdfReader(tmp_path / "cal" / "calibration.pdf")
    assert len(reader.pages) == 2
    assert round(float(reader.pages[0].mediabox.width) / MM, 1) == 215.9
    assert json.loads((tmp_path / "cal" / "manifest.json").read_text())["files"][0]["kind"] == "pdf"


@pytest.mark.parametrize("command", ["render", "calibrate"])
def test_help_has_examples(run_pnp, command):
    code, out, _ = run_pnp(command, "--help")
    assert code == 0 and "Examples:" in out and f"pnp {command} " in out


@pytest.mark.parametrize("args, pages", [
    (["--duplex", "none"], 2),            # backs on their own page, not mirrored
    (["--duplex", "short", "--no-crop-marks", "--safe-zone-guide"], 2),
    (["--size", "mini", "--page", "letter", "--bleed", "0.125in"], 2),
])
def test_options_reach_the_pdf(tmp_path, run_pnp, args, pages):
    (tmp_path / "d.yaml").write_text("name: Enemies\ncards:\n  - {name: Rat, level: 1, qty: 3}\n"
                                     "  - {name: Boss, level: 3, back: Level 3}\n")
    code, out, err = run_pnp("render", str(tmp_path / "d.yaml"), "--out",
                         str(tmp_path / "o"), "--formats", "pdf,svg", *args)
    assert code == 0, err
    assert len(PdfReader(tmp_path / "o" / "d.pdf").pages) == pages
    svgs = sorted(p.name for p in (tmp_path / "o" / "svg").iterdir())
    assert svgs == ["001-rat.svg", "002-boss.svg", "back-001-enemies.svg",
                    "back-002-level-3.svg"]
    if "mini" in args:
        root = ET.parse(tmp_path / "o" / "svg" / "001-rat.svg").getroot()
        assert root.get("width") == f"{44 + 2 * 3.175:g}mm"


def test_a_folder_pnp_wrote_is_replaced_as_a_whole(tmp_path, run_pnp):
    # What a previous pnp command wrote here (its manifest lists it, unchanged) goes; a file
    # pnp did not write, or one changed since, stays.
    out = tmp_path / "o"
    out.mkdir()
    (out / "board.pdf").write_bytes(b"%PDF-")
    (out / "edited.pdf").write_bytes(b"%PDF- changed by hand")
    (out / "notes.txt").write_text("mine")
    listed = [{"path": "board.pdf", "sha256": hashlib.sha256(b"%PDF-").hexdigest()},
              {"path": "edited.pdf", "sha256": hashlib.sha256(b"%PDF-").hexdigest()}]
    (out / "manifest.json").write_text(json.dumps({"tool": "pnp", "command": "pnp waste-knights "
                                                   "session", "files": listed}))
    (tmp_path / "d.csv").write_text("name\nA\n")
    assert run_pnp("render", str(tmp_path / "d.csv"), "--out", str(out),
               "--formats", "svg")[0] == 0
    assert not (out / "board.pdf").exists()
    assert (out / "edited.pdf").exists() and (out / "notes.txt").exists()


@pytest.mark.parametrize("page, mm", [("a3", (297.0, 420.0)), ("a5", (148.0, 210.0)),
                                      ("legal", (215.9, 355.6)), ("tabloid", (279.4, 431.8))])
def test_named_page_sizes_print_at_their_size(tmp_path, run_pnp, page, mm):
    """A3 and A5 (ISO 216), Legal (8.5 x 14 in) and Tabloid (11 x 17 in) by name, read back
    from the written PDF's page boxes."""
    (tmp_path / "d.yaml").write_text("name: Deck\ncards:\n  - {name: Rat, qty: 2}\n")
    code, _, err = run_pnp("render", str(tmp_path / "d.yaml"), "--out", str(tmp_path / "o"),
                           "--formats", "pdf", "--page", page.upper())
    assert code == 0, err
    box = PdfReader(tmp_path / "o" / "d.pdf").pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == mm
