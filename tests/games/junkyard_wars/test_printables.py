"""Junkyard Wars printables: layouts drive the cards, rule numbers come from the rules, tiles print
at true size with aligned duplex backs, text stays legible and inside the safe zone."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.games.junkyard_wars import rules
from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.generate import session_board, session_tiles
from pnp.games.junkyard_wars.maze import EXITS, SIZE
from pnp.games.junkyard_wars.printables import (
    JUNK_GREY,
    MachineCardView,
    face_drawing,
    junk_components,
    machine_components,
    tile_components,
    wall_segments,
)
from pnp.games.junkyard_wars.sheets import rules_summary, setup_sheet, tracking_sheet
from pnp.layout.draw import Drawing, Group, Item, Rect, TextBox
from pnp.layout.draw import Path as PathItem
from pnp.layout.impose import nup
from pnp.layout.pdf import write_pdf
from pnp.layout.templates import describe
from pnp.layout.text import fit_text
from pnp.resources import template

GOLDEN = Path(__file__).parents[2] / "golden" / "junkyard_wars" / "cards.json"
A4 = (210.0, 297.0)
DPI = 100
MM = 25.4 / DPI
CODE = "TEST-CODE-X"
SAFE = 3.0
CARDS = [MachineCardView("CRANE", "9.4 turns", "easy", 1),
         MachineCardView("CONVEYORBELT", "19.9 turns (median 17.0)", "", 2),
         MachineCardView("ZAP", "7.1 turns", "hard", 3)]


def pdf_bytes(pages) -> bytes:
    buf = io.BytesIO()
    write_pdf(pages, buf)
    return buf.getvalue()


def placed(items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0
           ) -> Iterator[tuple[Item, float, float]]:
    """Every primitive with the offset of the groups around it (the layouts do not rotate)."""
    for item in items:
        if isinstance(item, Group):
            yield from placed(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy


def texts(d: Drawing) -> list[str]:
    return [i.text for i, _, _ in placed(d.items) if isinstance(i, TextBox)]


def maze_group(d: Drawing) -> Group:
    return next(i for i in d.items if isinstance(i, Group) and i.items)


def exit_floor_colour() -> str:
    face = session_tiles(1)[0].faces[0]
    return next(i.fill for i in maze_group(face_drawing(face)).items if isinstance(i, Rect))


def trim_boxes(data: bytes, colour: str) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the trim boxes (mm) of the tiles, measured from the printed exit squares.

    The four exit squares of a face touch its trim: the north one's top edge, the south one's
    bottom edge, the west one's left edge and the east one's right edge are the cut lines.
    """
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    out = []
    for page in pdfium.PdfDocument(data):
        img = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
        mask = np.abs(img - rgb).sum(axis=2) <= 6
        rows = np.where(mask.any(axis=1))[0]
        runs = np.split(rows, np.where(np.diff(rows) > 1)[0] + 1) if len(rows) else []
        boxes = []
        for k in range(0, len(runs) - 2, 3):  # north exit, west+east exits, south exit
            north, middle, south = runs[k], runs[k + 1], runs[k + 2]
            cols = np.where(mask[middle[0]:middle[-1] + 1].any(axis=0))[0]
            boxes.append((cols[0] * MM, north[0] * MM, (cols[-1] + 1) * MM, (south[-1] + 1) * MM))
        out.append(boxes)
    return out


# ---------------------------------------------------------------- maze tiles

def test_wall_segments_merge_runs():
    closed = ((True, True, True, True),) * 3
    segs = wall_segments((closed,))  # one row of three closed cells
    assert (0, 0, 3, 0) in segs and (0, 1, 3, 1) in segs
    assert {(x, 0, x, 1) for x in range(4)} <= set(segs)


def test_face_drawing_true_size_and_open_exits():
    face = session_tiles(1)[0].faces[0]
    d = face_drawing(face, square_mm=20, bleed=3, code=CODE)
    assert (d.width, d.height, d.bleed) == (100, 100, 3)
    walls = [i for i in maze_group(d).items if isinstance(i, Rect) and i.fill == "#222222"]
    assert walls
    # No wall bar crosses the middle of an exit on the rim.
    for side in EXITS:
        mx, my = {"n": (50, 0), "s": (50, 100), "e": (100, 50), "w": (0, 50)}[side]
        assert not any(w.x <= mx <= w.x + w.w and w.y <= my <= w.y + w.h for w in walls), side
    assert "1A" in texts(d) and any(CODE in t for t in texts(d))


@pytest.mark.parametrize("square", [20.0, 30.0])
def test_tiles_pdf_true_size_and_duplex_aligned(square):
    tiles = session_tiles("print")
    data = pdf_bytes(nup(tile_components(tiles, square_mm=square), A4, duplex="long"))
    reader = PdfReader(io.BytesIO(data))
    # 2 tiles of 20 mm squares per A4 page (1 of 30 mm), each front page followed by its back.
    assert len(reader.pages) == (10 if square == 20.0 else 20)
    text = "".join(p.extract_text() for p in reader.pages)
    for t in range(1, 11):
        assert f"{t}A" in text and f"{t}B" in text
    boxes = trim_boxes(data, exit_floor_colour())
    per_page = 2 if square == 20.0 else 1
    assert [len(b) for b in boxes] == [per_page] * len(boxes)
    for front, back in zip(boxes[0::2], boxes[1::2], strict=True):
        for (x0, y0, x1, y1), (bx0, by0, bx1, by1) in zip(front, back, strict=True):
            assert (x1 - x0, y1 - y0) == pytest.approx((SIZE * square,) * 2, abs=0.5)
            # Long-edge flip mirrors columns: the back lands at 210 - x, same rows.
            assert (bx0, bx1) == pytest.approx((210 - x1, 210 - x0), abs=0.5)
            assert (by0, by1) == pytest.approx((y0, y1), abs=0.5)


# ---------------------------------------------------------------- junk tiles and machine cards

def test_junk_tiles_one_per_bag_tile():
    bag = load_bag()
    comps = junk_components(bag.letters, size_mm=18)
    assert sum(c.count for c in comps) == 100
    assert {c.name: c.count for c in comps}["junk-blank"] == 2
    data = pdf_bytes(nup(comps, A4, bleed=1.5))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2  # 100 fronts fit one A4 page, then the backs
    front, back = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    assert "JUNK" not in front and "Q" in front and "10" in front and "any" in front
    assert back.count("JUNK") == 100


def test_machine_card_shows_word_letters_links_and_figure():
    d = machine_components(CARDS[:1], code=CODE)[0].front
    assert (d.width, d.height) == (63.5, 88.9)
    shown = texts(d)
    assert "CRANE" in shown and "Objects needed: 5" in shown
    assert [t for t in shown if len(t) == 1] == list("CRANE")  # one junk tile per letter
    assert "Difficulty: 9.4 turns" in shown and "EASY" in shown and f"{CODE}  #1" in shown
    assert CARDS[0].links == 4


def test_rule_numbers_on_the_cards_are_the_rules():
    """Read back from what is drawn and printed, never from the values passed in."""
    comps = machine_components(CARDS, code=CODE)
    for view, comp in zip(CARDS, comps, strict=True):
        shown = " ".join(texts(comp.front))
        m = re.search(r"Links needed: (\d+) x (\d+) MA = (\d+) MA", shown)
        assert m, shown
        links, ma, total = map(int, m.groups())
        assert (links, ma, total) == (len(view.word) - 1, rules.LINK_MA,
                                      (len(view.word) - 1) * rules.LINK_MA)
        assert int(re.search(r"throw the switch: (\d+)% it works", shown)[1]) == rules.TEST_WORKS
    printed = PdfReader(io.BytesIO(pdf_bytes(nup(comps, A4)))).pages[0].extract_text()
    printed = " ".join(printed.split())
    assert {int(x) for x in re.findall(r"x (\d+) MA =", printed)} == {rules.LINK_MA}
    assert {int(x) for x in re.findall(r"switch: (\d+)%", printed)} == {rules.TEST_WORKS}


def test_rule_numbers_on_the_sheets_are_the_rules():
    page = rules_summary(A4, "f")
    text = " ".join(" ".join(texts(page)).split())
    m = re.search(r"Other turns: (\d+) actions, -(\d+) per object carried alone, -(\d+) per "
                  r"object carried together", text)
    assert m and tuple(map(int, m.groups())) == (rules.BASE_ACTIONS, rules.CARRY_PENALTY,
                                                 rules.SHARED_CARRY_PENALTY)
    assert int(re.search(r"n - 1 links of (\d+) MA", text)[1]) == rules.LINK_MA
    assert int(re.search(r"roll d100\. (\d+) or less works", text)[1]) == rules.TEST_WORKS
    assert int(re.search(r"(\d+) workers per player", text)[1]) == rules.WORKERS
    first = re.search(r"First turn only: (\d)x \(2 players\), (\d)x \(3 players\) or (\d)x", text)
    assert tuple(map(int, first.groups())) == tuple(rules.stagger_multiplier(n) for n in (2, 3, 4))
    sheet = tracking_sheet(A4, "f", player=1, players=2, max_links=3)
    track = " ".join(texts(sheet))
    assert int(re.search(r"Links: (\d+) MA each", track)[1]) == rules.LINK_MA
    assert int(re.search(r"d100 <= (\d+) works", track)[1]) == rules.TEST_WORKS
    boxes = [i for i, _, _ in placed(sheet.items) if isinstance(i, Rect) and i.stroke == "#666666"]
    assert len(boxes) == 3 * rules.LINK_MA + 40  # one box per MA of each link, + the turn tally


# ---------------------------------------------------------------- layouts are the design

@pytest.fixture
def layouts(tmp_path) -> Path:
    """An editable copy of the bundled Junkyard Wars layouts."""
    folder = tmp_path / "layouts"
    shutil.copytree(template("junkyard_wars"), folder)
    return folder


def test_changing_a_layout_file_changes_the_output(layouts):
    before = pdf_bytes(nup(machine_components(CARDS, layouts=layouts), A4))
    assert before == pdf_bytes(nup(machine_components(CARDS), A4))  # the copy is the bundle
    card = layouts / "machine.yaml"
    card.write_text(card.read_text().replace("Objects needed:", "Parts:")
                    .replace('paper: "#fbf8f1"', 'paper: "#ffe0e0"'))
    tile = layouts / "tile.yaml"
    tile.write_text(tile.read_text().replace('wall: "#222222"', 'wall: "#0000ff"'))
    junk = layouts / "junk-back.yaml"
    junk.write_text(junk.read_text().replace("text: JUNK,", "text: SCRAP,"))

    comps = machine_components(CARDS, layouts=layouts)
    assert "Parts: 5" in texts(comps[0].front)
    assert any(isinstance(i, Rect) and i.fill == "#ffe0e0" for i in comps[0].front.items)
    assert pdf_bytes(nup(comps, A4)) != before
    face = session_tiles(1)[0].faces[0]
    assert any(isinstance(i, Rect) and i.fill == "#0000ff"
               for i in maze_group(face_drawing(face, layouts=layouts)).items)
    back = junk_components(load_bag().letters, layouts=layouts)[0].back
    assert "SCRAP" in texts(back)


def test_golden_cards():
    """The bundled layouts' drawings of a machine card and two junk tiles; a layout change
    regenerates it deliberately (PNP_REGEN_GOLDEN=1) and the diff is reviewed."""
    machine = machine_components(CARDS[:1], code=CODE)[0]
    junk = {c.name: c for c in junk_components(load_bag().letters)}
    data = {name: {"front": describe(c.front), "back": describe(c.back), "count": c.count}
            for name, c in (("machine", machine), ("junk Q", junk["junk-Q"]),
                            ("junk blank", junk["junk-blank"]))}
    text = json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    if os.environ.get("PNP_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_a_tile_layout_without_the_maze_is_an_error(layouts):
    tile = layouts / "tile.yaml"
    tile.write_text(tile.read_text().replace("group: {items: []}",
                                             "rect: {x: 0, y: 0, w: 1, h: 1}"))
    with pytest.raises(PnpError) as exc:
        face_drawing(session_tiles(1)[0].faces[0], layouts=layouts)
    assert exc.value.file == str(tile) and "maze" in exc.value.message


def test_a_bad_maze_colour_names_the_layout(layouts):
    tile = layouts / "tile.yaml"
    tile.write_text(tile.read_text().replace('wall: "#222222"', 'wall: "rusty"'))
    with pytest.raises(PnpError) as exc:
        face_drawing(session_tiles(1)[0].faces[0], layouts=layouts)
    assert exc.value.file == str(tile) and exc.value.field == "wall"


# ---------------------------------------------------------------- legible, inside the safe zone

def faces(kind: str) -> Iterator[tuple[str, Drawing, float]]:
    """Every face of a kind, with the margin its text keeps from the cut."""
    if kind == "tiles":
        for square in (8.0, 20.0, 38.0):
            for comp in tile_components(session_tiles("safe")[:2], square_mm=square, code=CODE):
                yield f"tile {square:g} mm", comp.front, SAFE
                yield f"tile {square:g} mm back", comp.back, SAFE
    elif kind == "junk":
        for size, safe in ((6.0, 1.0), (18.0, SAFE), (36.0, SAFE)):  # tiny tokens: 1/6 of a side
            for comp in junk_components(load_bag().letters, size_mm=size):
                yield f"{comp.name} {size:g} mm", comp.front, safe
                yield f"junk back {size:g} mm", comp.back, safe
    else:
        for comp in machine_components(CARDS, code=CODE):
            yield comp.name, comp.front, SAFE
            yield "machine back", comp.back, SAFE


@pytest.mark.parametrize("kind", ["tiles", "junk", "machines"])
def test_face_text_is_legible_and_inside_the_safe_zone(kind):
    for name, face, safe in faces(kind):
        for box, dx, dy in placed(face.items):
            if not isinstance(box, TextBox):
                continue
            fitted = fit_text(box)
            assert not fitted.overflow, (name, box.text)
            small_print = CODE in box.text  # a seed code may be 5 pt
            assert fitted.size >= (5.0 if small_print else 6.0), (name, box.text, fitted.size)
            x0, y0 = box.x + dx, box.y + dy
            assert x0 >= safe - 1e-6 and y0 >= safe - 1e-6, (name, box.text)
            assert x0 + box.w <= face.width - safe + 1e-6, (name, box.text)
            assert y0 + box.h <= face.height - safe + 1e-6, (name, box.text)


def test_exit_arrows_stay_inside_the_safe_zone():
    face = session_tiles(1)[0].faces[0]
    for square in (8.0, 20.0, 38.0):
        d = face_drawing(face, square_mm=square)
        arrows = [i for i in maze_group(d).items if isinstance(i, PathItem) and len(i.points) == 3]
        assert len(arrows) == 4
        for arrow in arrows:
            for x, y in arrow.points:
                assert SAFE - 1e-6 <= x <= d.width - SAFE + 1e-6, square
                assert SAFE - 1e-6 <= y <= d.height - SAFE + 1e-6, square


@pytest.mark.parametrize("page", [A4, (215.9, 279.4)])
def test_sheet_text_is_legible(page):
    board = session_board("sheet")
    for d in (setup_sheet(board, page, "f", players=6), tracking_sheet(page, "f", player=1,
                                                                       players=6),
              rules_summary(page, "f")):
        for box, _, _ in placed(d.items):
            if isinstance(box, TextBox) and box.text != "f":
                fitted = fit_text(box)
                assert fitted.size >= 6.0 and not fitted.overflow, (d.name, box.text)


# ---------------------------------------------------------------- sheets

def test_sheets_carry_the_footer_and_the_setup():
    board = session_board("sheet")
    foot = "ABCD-EFGH-J · pnp 0.1.0"
    pages = [setup_sheet(board, A4, foot, players=3), tracking_sheet(A4, foot, player=1, players=3),
             rules_summary(A4, foot)]
    reader = PdfReader(io.BytesIO(pdf_bytes(pages)))
    for page in reader.pages:
        assert "ABCD-EFGH-J" in page.extract_text() and "pnp 0.1.0" in page.extract_text()
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(w * 25.4 / 72), round(h * 25.4 / 72)) == (210, 297)
    setup = reader.pages[0].extract_text()
    assert board.seed_code in setup
    assert f"tile {board.unused_tile} stays in the box" in setup
    for p in board.placement:
        assert f"{p.tile}{p.side}" in setup
    assert "CZ" in setup
    track = reader.pages[1].extract_text()
    assert "Link 11" in track and "Debug roll" in track
    assert "Trading" in reader.pages[2].extract_text()


def test_setup_sheet_marks_every_junk_square_and_the_zone():
    board = session_board("marks")
    d = setup_sheet(board, A4, "x", players=4)
    rects = [i for i, _, _ in placed(d.items) if isinstance(i, Rect)]
    assert sum(1 for r in rects if r.fill == JUNK_GREY) == 100 + 1  # + the legend swatch
    assert sum(1 for r in rects if r.fill == "black") == 1 + 1


def test_letter_page_fits():
    board = session_board("letter")
    page = (215.9, 279.4)
    reader = PdfReader(io.BytesIO(pdf_bytes([setup_sheet(board, page, "f", players=2),
                                             tracking_sheet(page, "f", player=1, players=2),
                                             rules_summary(page, "f")])))
    assert "Trading" in reader.pages[2].extract_text()
    assert "Found?" in reader.pages[1].extract_text()
