"""Junkyard Wars packs as data (`maze_pack`, `session_pack`) written by the shared pack writer:
files, checks, manifest, sizes measured on the written PDFs, determinism, bad input."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.pack import maze_pack, session_pack
from pnp.output import Output
from pnp.pack import Cards, PrintOptions
from pnp.pack_writer import write_pack
from pnp.seed import seed_code
from pnp.sim.stats import Check

A4 = PrintOptions()
LETTER = PrintOptions(page=(215.9, 279.4))
OPTIONS = {"square_mm": 20.0, "deck_size": 40}
CHECK_KEYS = {*Check.__dataclass_fields__, "passed"}  # the one check shape (Check.to_dict)
DPI = 200


def write(pack, out: Path, opts: PrintOptions = A4) -> dict:
    with Output(out, seed=pack.seed, command=["pnp", "test"]) as o:
        return write_pack(o, pack, opts)


def session(seed: str = "table-7", players: int = 3, games: int = 20, opts=A4, **options):
    setup = GAME.make_setup(seed, players, ("heuristic",) * players, {**OPTIONS, **options})
    return session_pack(setup, seed, {**OPTIONS, **options}, games, 1, opts)


def page_mm(page) -> tuple[float, float]:
    return (round(float(page.mediabox.width) * 25.4 / 72, 1),
            round(float(page.mediabox.height) * 25.4 / 72, 1))


def cut_lines(pdf: Path, page: int = 0) -> tuple[list[float], list[float]]:
    """x and y (mm) of the crop marks printed outside the cards: the cut lines of the page."""
    img = np.asarray(pdfium.PdfDocument(str(pdf))[page].render(scale=DPI / 72).to_pil()
                     .convert("L")) < 96
    mm = 25.4 / DPI
    rows, cols = np.where(img.any(axis=1))[0], np.where(img.any(axis=0))[0]

    def centres(mask: np.ndarray) -> list[float]:
        idx = np.where(mask)[0]
        runs = np.split(idx, np.where(np.diff(idx) > 1)[0] + 1) if len(idx) else []
        return [float(r.mean() + 0.5) * mm for r in runs if len(r)]

    # Marks above the first row of cards: a thin band just below the top edge of the ink.
    top = rows[0]
    left = cols[0]
    return (centres(img[top:top + 4].any(axis=0)), centres(img[:, left:left + 4].any(axis=1)))


@pytest.fixture(scope="module")
def maze_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jw") / "maze"
    write(maze_pack("table-7", A4, 20.0), out)
    return out


@pytest.fixture(scope="module")
def session_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jw") / "session"
    write(session(), out)
    return out


def test_maze_pack_writes_tiles_and_maze_json(maze_dir):
    manifest = json.loads((maze_dir / "manifest.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    assert {p for p in files if not p.startswith("tts/")} == {"tiles.pdf", "maze.json"}
    # the tiles also as a Tabletop Simulator deck: sheet, backs and the saved object
    assert {"tts/tiles.json", "tts/tiles-sheet.jpg", "tts/tiles-backs.jpg"} <= set(files)
    for rel, f in files.items():
        assert hashlib.sha256((maze_dir / rel).read_bytes()).hexdigest() == f["sha256"]
    assert manifest["seed_code"] == seed_code("table-7")
    assert [set(c) for c in manifest["checks"]] == [CHECK_KEYS] * 2
    assert all(c["passed"] and c["value"] == 0 for c in manifest["checks"])
    assert len(manifest["faces"]) == 20
    reader = PdfReader(str(maze_dir / "tiles.pdf"))
    assert len(reader.pages) == 10 and {page_mm(p) for p in reader.pages} == {(210.0, 297.0)}
    first = reader.pages[0].extract_text()
    assert seed_code("table-7") in first and "Junkyard Wars" in first and "pnp " in first

    text = (maze_dir / "maze.json").read_text()
    doc = json.loads(text)
    assert text == json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    assert [t["id"] for t in doc["tiles"]] == list(range(1, 11))
    face = doc["tiles"][0]["faces"][1]
    assert face["side"] == "B" and len(face["cells"]) == 5
    board = doc["board"]
    assert len(board["placement"]) == 9 and board["construction_zone"] == [7, 7]
    assert len(board["junk_squares"]) == 100


def test_maze_pack_is_deterministic(maze_dir, tmp_path):
    write(maze_pack("table-7", A4, 20.0), tmp_path / "again")
    for rel in ("tiles.pdf", "maze.json", "manifest.json"):
        assert (tmp_path / "again" / rel).read_bytes() == (maze_dir / rel).read_bytes()


@pytest.mark.parametrize("square", [7.9, 38.5])
def test_square_size_out_of_range(square):
    with pytest.raises(PnpError) as exc:
        maze_pack("x", A4, square)
    assert exc.value.field == "square-mm"


def test_session_pack(session_dir):
    manifest = json.loads((session_dir / "manifest.json").read_text())
    paths = {f["path"] for f in manifest["files"]}
    assert {p for p in paths if not p.startswith("tts/")} == {
        "tiles.pdf", "setup.pdf", "junk.pdf", "track.pdf", "tracking.pdf", "rules.pdf",
        "machines.pdf", "report.html", "maze.json"}
    # each deck of cards or square pieces also as a Tabletop Simulator deck
    assert {f"tts/{deck}.json" for deck in ("tiles", "junk", "track", "machines")} <= paths
    assert len(PdfReader(str(session_dir / "tracking.pdf")).pages) == 3
    code = seed_code("table-7")
    for rel in ("setup.pdf", "tracking.pdf", "rules.pdf", "junk.pdf", "machines.pdf"):
        for page in PdfReader(str(session_dir / rel)).pages[::2]:
            assert code in page.extract_text() and "pnp " in page.extract_text(), rel
            assert page_mm(page) == (210.0, 297.0)
    doc = json.loads((session_dir / "maze.json").read_text())
    junk = doc["board"]["junk"]
    assert len(junk) == 100
    assert sorted([j["row"], j["col"]] for j in junk) == sorted(doc["board"]["junk_squares"])
    assert sum(1 for j in junk if j["letter"] == "?") == 2
    assert doc["players"] == 3
    # The machine deck: poker cards with each card's figure; the report has the maze section.
    deck = manifest["deck"]["cards"]
    assert len(deck) == 40
    reader = PdfReader(str(session_dir / "machines.pdf"))
    assert len(reader.pages) == 2 * 5  # 9 poker cards an A4 page, each front page with its back
    first = reader.pages[0].extract_text()
    assert deck[0]["word"] in first and f"{deck[0]['figure']:.1f} turns" in first
    assert "Links needed" in first
    html = (session_dir / "report.html").read_text()
    assert "Maze tiles" in html and "First-turn stagger" in html and "Machine cards" in html
    assert "Game length by player count" in html and "Too hard:" in html
    assert "First-turn stagger by player count" in html
    assert manifest["simulation"]["games"] == 20
    lengths = manifest["simulation"]["by_player_count"]
    assert [r["players"] for r in lengths] == [2, 3, 4, 5, 6] and lengths[0]["games"] == 50
    # One check shape: the maze's checks and the simulation's.
    names = [c["name"] for c in manifest["checks"]]
    assert all(set(c) == CHECK_KEYS for c in manifest["checks"])
    assert names[0].startswith("tiles:") and names[1].startswith("board:")
    assert "seat 1 win rate" in names


def test_outside_track_is_printed_as_numbered_strips(session_dir):
    """The 64-square outside track (Moving: 'travel around the outer wall') as 8 strips of 8
    squares, numbered clockwise, the squares facing a gap marked, at the board's square size."""
    reader = PdfReader(str(session_dir / "track.pdf"))
    text = " ".join(line for page in reader.pages for line in page.extract_text().splitlines()
                    if "pnp" not in line)  # not the footer's page number
    numbers = sorted(int(t) for t in text.split() if t.isdigit() and int(t) <= 64)
    assert numbers == list(range(1, 65))
    doc = json.loads((session_dir / "maze.json").read_text())
    assert text.split().count("gap") == len(doc["board"]["gaps"])
    xs, _ = cut_lines(session_dir / "track.pdf")
    assert np.diff(xs) == pytest.approx([160.0], abs=0.3)  # 8 squares of 20 mm
    img = np.asarray(pdfium.PdfDocument(str(session_dir / "track.pdf"))[0]
                     .render(scale=DPI / 72).to_pil().convert("L")) < 96
    right = np.where(img.any(axis=0))[0][-1]  # the crop marks right of the strips
    rows = np.where(img[:, right - 3:right + 1].any(axis=1))[0]
    runs = np.split(rows, np.where(np.diff(rows) > 1)[0] + 1)
    ys = [float(r.mean() + 0.5) * 25.4 / DPI for r in runs]
    assert np.diff(ys) == pytest.approx([20.0] * 8, abs=0.3)


def test_cards_measured_on_the_written_pdfs(session_dir):
    """Card and tile sizes from the crop marks of the printed pages, not from the code."""
    xs, ys = cut_lines(session_dir / "machines.pdf")
    assert np.diff(xs) == pytest.approx([63.5] * 3, abs=0.3)  # poker cards, 3 x 3
    assert np.diff(ys) == pytest.approx([88.9] * 3, abs=0.3)
    xs, ys = cut_lines(session_dir / "junk.pdf")
    assert len(xs) == 11 and np.diff(xs) == pytest.approx([18.0] * 10, abs=0.3)  # square - 2
    assert len(ys) == 11 and np.diff(ys) == pytest.approx([18.0] * 10, abs=0.3)
    xs, ys = cut_lines(session_dir / "tiles.pdf")  # 2 tiles of 5 x 20 mm, 2 x 3 mm bleed apart
    assert np.diff(xs) == pytest.approx([100.0], abs=0.3)
    assert np.diff(ys) == pytest.approx([100.0, 6.0, 100.0], abs=0.3)


def test_letter_paper(tmp_path):
    write(maze_pack("letter", LETTER, 20.0), tmp_path / "m", LETTER)
    for page in PdfReader(str(tmp_path / "m" / "tiles.pdf")).pages:
        assert page_mm(page) == (215.9, 279.4)


def test_session_tiles_from_the_maze_seed(maze_dir):
    other = session("other", 2, games=0, maze_seed="table-7")
    tiles = next(f for f in other.files if isinstance(f, Cards) and f.path == "tiles.pdf")
    maze = next(f for f in maze_pack("table-7", A4, 20.0).files if isinstance(f, Cards))
    assert tiles.components == maze.components  # the same faces; the footer is the session's
    doc = next(f.data for f in other.files if f.path == "maze.json")
    assert doc["tiles"] == json.loads((maze_dir / "maze.json").read_text())["tiles"]
    assert doc["tiles_seed_code"] == seed_code("table-7")


def test_session_without_games_has_no_simulation():
    pack = session("quick", 2, games=0)
    assert pack.manifest["simulation"] == {"games": 0}
    report = next(f for f in pack.files if f.path == "report.html")
    assert [s["heading"] for s in report.sections] == ["The board (setup sheet)", "Maze tiles"]
    assert [c["name"][:6] for c in pack.checks] == ["tiles:", "board:"]


def test_session_pack_is_byte_identical(tmp_path):
    digests = []
    for k in range(2):
        out = tmp_path / f"run{k}"
        write(session("same", 2, games=10, deck_size=12), out)
        digests.append({str(p.relative_to(out)): p.read_bytes()
                        for p in sorted(out.rglob("*")) if p.is_file()})
    assert digests[0] == digests[1]
