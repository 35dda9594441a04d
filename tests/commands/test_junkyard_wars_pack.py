"""`pnp junkyard-wars maze` and `session`: files written, manifest, determinism, bad input.

The two packs the module shares are made by the installed ``pnp`` console script (the real
entry point, in its own process); the other tests run the command in-process (``run_pnp``).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.seed import seed_code


def pnp(*args: str) -> subprocess.CompletedProcess:
    """The installed console script (``python -m pnp.cli`` where it is not on the PATH)."""
    script = shutil.which("pnp")
    cmd = [script] if script else [sys.executable, "-m", "pnp.cli"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def maze_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jw") / "maze"
    r = pnp("junkyard-wars", "maze", "--seed", "table-7", "--out", str(out))
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture(scope="module")
def session_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jw") / "session"
    r = pnp("junkyard-wars", "session", "--players", "3", "--seed", "table-7", "--games", "40",
            "--out", str(out))
    assert r.returncode == 0, r.stderr
    return out


def test_maze_writes_tiles_and_maze_json(maze_dir):
    manifest = json.loads((maze_dir / "manifest.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    assert set(files) == {"tiles.pdf", "maze.json"}
    for rel, f in files.items():
        assert hashlib.sha256((maze_dir / rel).read_bytes()).hexdigest() == f["sha256"]
    assert manifest["seed_code"] == seed_code("table-7")
    assert all(c["passed"] for c in manifest["checks"])
    assert len(manifest["faces"]) == 20
    reader = PdfReader(str(maze_dir / "tiles.pdf"))
    assert len(reader.pages) == 10
    assert seed_code("table-7") in reader.pages[0].extract_text()

    text = (maze_dir / "maze.json").read_text()
    doc = json.loads(text)
    assert text == json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    assert [t["id"] for t in doc["tiles"]] == list(range(1, 11))
    face = doc["tiles"][0]["faces"][1]
    assert face["side"] == "B" and len(face["cells"]) == 5
    assert set(face["cells"][2][0]) == {"n", "e", "s", "w"}
    board = doc["board"]
    assert len(board["placement"]) == 9 and board["construction_zone"] == [7, 7]
    assert len(board["junk_squares"]) == 100


def test_maze_is_deterministic(maze_dir, tmp_path, run_pnp):
    again = tmp_path / "again"
    code, _, err = run_pnp("junkyard-wars", "maze", "--seed", "table-7", "--out", str(again))
    assert code == 0, err
    for rel in ("tiles.pdf", "maze.json"):
        assert (again / rel).read_bytes() == (maze_dir / rel).read_bytes()


def test_session_pack(session_dir):
    manifest = json.loads((session_dir / "manifest.json").read_text())
    paths = {f["path"] for f in manifest["files"]}
    assert paths == {"tiles.pdf", "setup.pdf", "junk.pdf", "tracking.pdf", "rules.pdf",
                     "machines.pdf", "report.html", "maze.json"}
    assert len(PdfReader(str(session_dir / "tracking.pdf")).pages) == 3
    code = seed_code("table-7")
    for rel in ("setup.pdf", "tracking.pdf", "rules.pdf"):
        for page in PdfReader(str(session_dir / rel)).pages:
            assert code in page.extract_text() and "pnp " in page.extract_text()
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
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)) == (210, 297)
    html = (session_dir / "report.html").read_text()
    assert "Maze tiles" in html and "First-turn stagger" in html and "Machine cards" in html
    assert "Game length by player count" in html and "Too hard:" in html
    assert "First-turn stagger by player count" in html
    assert manifest["simulation"]["games"] == 40
    lengths = manifest["simulation"]["by_player_count"]
    assert [r["players"] for r in lengths] == [2, 3, 4, 5, 6] and lengths[0]["games"] == 50


def test_session_tiles_from_the_maze_seed(tmp_path, maze_dir, run_pnp):
    out = tmp_path / "s2"
    code, _, err = run_pnp("junkyard-wars", "session", "--players", "2", "--seed", "other",
                           "--maze-seed", "table-7", "--games", "20", "--out", str(out))
    assert code == 0, err
    assert (out / "tiles.pdf").read_bytes() == (maze_dir / "tiles.pdf").read_bytes()
    tiles = json.loads((out / "maze.json").read_text())["tiles"]
    assert tiles == json.loads((maze_dir / "maze.json").read_text())["tiles"]


@pytest.mark.parametrize("args, field", [
    (["--players", "1"], "players"),
    (["--players", "7"], "players"),
    (["--games", "0"], "games"),
    (["--bag", "no-such-bag.yaml"], "bag"),
    (["--square-mm", "5"], "square-mm"),
    (["--page", "a9"], "page"),
])
def test_bad_input_one_line_exit_2(tmp_path, run_pnp, args, field):
    out = tmp_path / "bad"
    code, _, err = run_pnp("junkyard-wars", "session", "--seed", "x", "--out", str(out), *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("pnp: error:")
    assert f"field '{field}'" in err
    assert not out.exists()


def test_bag_not_summing_to_100(tmp_path, run_pnp):
    bag = tmp_path / "short.yaml"
    bag.write_text("name: short\nletters:\n  A: {count: 50, points: 1}\n  B: {count: 49, points: 3}\n")
    code, _, err = run_pnp("junkyard-wars", "session", "--seed", "x", "--bag", str(bag), "--out",
                           str(tmp_path / "bad"))
    assert code == 2
    assert str(bag) in err and "99" in err and "100" in err


def test_session_pack_is_byte_identical(tmp_path):
    from pnp.games.junkyard_wars.pack import PrintOptions, write_session_pack
    from pnp.output import Output

    digests = []
    for k in range(2):
        out = tmp_path / f"run{k}"
        with Output(out, seed="same", command=["pnp", "test"]) as o:
            info = write_session_pack(o, "same", 2, PrintOptions(), games=10, deck_size=12)
            o.commit(checks=info.pop("checks"), **info)
        digests.append((out / "manifest.json").read_bytes())
    assert digests[0] == digests[1]
