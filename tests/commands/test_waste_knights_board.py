"""`pnp waste-knights board` and `session`: files, sizes measured from the files, determinism,
bad input as one line and exit code 2."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.games.waste_knights import GAME
from pnp.games.waste_knights.hexes import board_from_dict
from pnp.games.waste_knights.session import board_pack, session_pack
from pnp.output import Output
from pnp.pack import PrintOptions
from pnp.pack_writer import write_pack
from pnp.seed import seed_code
from pnp.sim.stats import Check

MM = 72 / 25.4


def _hashes(folder):
    manifest = json.loads((folder / "manifest.json").read_text())
    return {f["path"]: f["sha256"] for f in manifest["files"]}


def test_board_writes_board_json_and_manifest(run_pnp, tmp_path):
    out = tmp_path / "b"
    code, stdout, err = run_pnp("waste-knights", "board", "--seed", "S1",
                                "--out", str(out))
    assert code == 0, err
    data = json.loads((out / "board.json").read_text())
    board = board_from_dict(data)
    assert len(data["hexes"]) == 37
    assert set(data["metrics"]) == {"strider", "off-road", "heavy-duty"}
    names = {h.name for h in board.destinations()}
    for per in data["metrics"].values():
        assert set(per) == names
        for m in per.values():
            assert set(m) == {"movement_points", "fuel", "threat"} and m["fuel"] >= 1
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["seed_code"] == seed_code("S1")
    assert [f["path"] for f in manifest["files"]] == ["board.json"]
    assert manifest["balance"]["tries"] == 1 and len(manifest["checks"]) == 6
    assert seed_code("S1") in stdout


def test_board_is_deterministic(run_pnp, tmp_path):
    for name in ("a", "b"):
        code, _, err = run_pnp("waste-knights", "board", "--seed", "same",
                               "--out", str(tmp_path / name), "--mode", "new-tiles")
        assert code == 0, err
    assert (tmp_path / "a" / "board.json").read_bytes() == \
        (tmp_path / "b" / "board.json").read_bytes()


def test_reject_unbalanced_reports_tries(run_pnp, tmp_path):
    # Seed 1's board fails the city spread band; the search redraws with child seeds.
    code, stdout, err = run_pnp("waste-knights", "board", "--seed", "1",
                                "--out", str(tmp_path / "r"), "--reject-unbalanced")
    assert code == 0, err
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    bal = manifest["balance"]
    assert bal["passed"] and bal["tries"] > 1 and bal["reject_unbalanced"]
    assert all(c["passed"] for c in manifest["checks"])
    data = json.loads((tmp_path / "r" / "board.json").read_text())
    assert data["seed_code"] == bal["board_seed_code"] != seed_code("1")
    assert f"{bal['tries']} tries" in stdout
    # The reported seed code regenerates the same board without the search.
    code, _, err = run_pnp("waste-knights", "board", "--seed",
                           bal["board_seed_code"], "--out", str(tmp_path / "again"))
    assert code == 0, err
    again = json.loads((tmp_path / "again" / "board.json").read_text())
    assert again["hexes"] == data["hexes"]


@pytest.mark.parametrize("args, message", [
    (["--mode", "castle"], "unknown mode 'castle'"),
    (["--max-tries", "0"], "field 'max-tries'"),
])
def test_board_bad_input_one_line_exit_2(run_pnp, tmp_path, args, message):
    out = tmp_path / "bad"
    code, _, err = run_pnp("waste-knights", "board", "--seed", "1",
                           "--out", str(out), *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("pnp: error: ") and message in err
    assert not out.exists()


@pytest.mark.parametrize("args, field", [
    (["--page", "b9"], "page"), (["--hex-size", "5mm"], "hex-size"),
    (["--duplex", "sideways"], "duplex"),
])
def test_session_bad_input(run_pnp, tmp_path, args, field):
    out = tmp_path / "bad"
    code, _, err = run_pnp("waste-knights", "session", "--seed", "1",
                           "--out", str(out), "--games", "0", *args)
    assert code == 2, err
    assert err.count("\n") == 1 and f"field '{field}'" in err
    assert not out.exists()


# --- the packs, called directly (the files they make, measured from the written files) ------

SESSION_OPTIONS = {"mode": "session", "reject_unbalanced": False, "max_tries": 1000,
                   "hex_size": "60mm", "rounds": 10, "vehicle": "strider"}
LETTER = PrintOptions(page=(215.9, 279.4))


def _write(pack, out, opts=LETTER):
    with Output(str(out), seed="table") as o:
        return write_pack(o, pack, opts)


def _session(seed="table", games=20, **options):
    opts = {**SESSION_OPTIONS, **options}
    setup = GAME.make_setup(seed, 4, ("heuristic",), opts)
    return session_pack(setup, seed, opts, games, 1, LETTER)


@pytest.fixture(scope="module")
def session_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("wk") / "session"
    _write(_session(), out)
    return out


def test_session_files(session_dir):
    files = set(_hashes(session_dir))
    assert {f for f in files if not f.startswith("tts/")} == {
        "board.svg", "board.pdf", "board-tiled.pdf", "hex-tiles.pdf", "reference.pdf",
        "setup.pdf", "report.html", "board.json", "wasteland-cards.pdf"}
    # the wasteland deck also for Tabletop Simulator (hex tiles are not cards: none)
    assert {f for f in files if f.startswith("tts/")} == {
        "tts/wasteland-cards.json", "tts/wasteland-cards-sheet.jpg",
        "tts/wasteland-cards-back.jpg"}
    manifest = json.loads((session_dir / "manifest.json").read_text())
    assert manifest["balance"]["board_seed_code"] == seed_code("table")
    # the board's 6 checks, then the tours' 5 bands at 2, 3 and 4 knights (the report's)
    names = [c["name"] for c in manifest["checks"]]
    assert len(names) == 6 + 5 * 3 and len(set(names)) == len(names)
    assert [n.rsplit(" (", 1)[-1] for n in names[6:]] == [f"{k} knights)" for k in (2, 3, 4)
                                                          for _ in range(5)]
    for c in manifest["checks"]:  # the one check shape
        assert set(c) == set(Check.__dataclass_fields__) | {"passed"}


def test_session_board_true_scale(session_dir):
    page = PdfReader(session_dir / "board.pdf").pages[0]
    w, h = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    assert w == pytest.approx(436.0, abs=0.1)  # 7 x 60 mm across flats + 8 mm each side
    assert h == pytest.approx(11 * 60 / 3 ** 0.5 + 2 * 8 + 12, abs=0.1)  # 11 radii + title band
    root = ET.parse(session_dir / "board.svg").getroot()
    assert root.get("width") == f"{w:g}mm" or float(root.get("width").rstrip("m")) == \
        pytest.approx(w, abs=0.01)


def test_session_hex_size_sets_the_tiles(tmp_path):
    pack = _session(games=0, hex_size="45mm")
    _write(pack, tmp_path)
    page = PdfReader(tmp_path / "board.pdf").pages[0]
    assert float(page.mediabox.width) / MM == pytest.approx(7 * 45 + 16, abs=0.1)
    tiles = next(f for f in pack.files if f.path == "hex-tiles.pdf")
    assert {round(c.front.width, 6) for c in tiles.components} == {45.0, 90.0}


def test_session_pages_are_letter_with_footer(session_dir):
    code = seed_code("table")
    for name in ("board-tiled.pdf", "hex-tiles.pdf", "reference.pdf", "setup.pdf"):
        reader = PdfReader(session_dir / name)
        for i, page in enumerate(reader.pages):
            w, h = sorted((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM))
            assert (w, h) == (pytest.approx(215.9, abs=0.1), pytest.approx(279.4, abs=0.1))
            if name != "hex-tiles.pdf" or i % 2 == 0:  # back pages carry no footer
                text = page.extract_text().replace("\n", " ")
                assert f"Waste Knights · seed {code}" in text, (name, i)
    assert len(PdfReader(session_dir / "hex-tiles.pdf").pages) % 2 == 0
    assert len(PdfReader(session_dir / "setup.pdf").pages) == 1
    assert len(PdfReader(session_dir / "reference.pdf").pages) == 1


def test_session_report_has_board_and_tour_sections(session_dir):
    html = (session_dir / "report.html").read_text()
    for heading in ("Balance checks", "Cheapest routes from Gangraen", "Spread between cities",
                    "Hexes out of reach", "Game simulator"):
        assert f"<h2>{heading}</h2>" in html
    assert html.count("data:image/png;base64,") >= 3


def test_session_pack_is_byte_identical_on_a_rerun(session_dir, tmp_path):
    from pnp.games.waste_knights import session

    session._make_board.cache_clear()  # redraw the board too, not only the files
    _write(_session(), tmp_path / "again")
    assert _hashes(tmp_path / "again") == _hashes(session_dir)


def test_session_without_games_has_no_tour(tmp_path):
    pack = _session(games=0)
    report = next(f for f in pack.files if f.path == "report.html")
    assert "Game simulator" not in [s["heading"] for s in report.sections]


@pytest.mark.parametrize("options, field", [
    ({"hex_size": "5mm"}, "hex-size"), ({"hex_size": "151mm"}, "hex-size"),
    ({"hex_size": "wide"}, "hex-size"), ({"mode": "castle"}, "mode"),
    ({"max_tries": 0}, "max-tries"),
])
def test_session_pack_bad_options(options, field):
    opts = {**SESSION_OPTIONS, **options}
    with pytest.raises(PnpError) as err:
        session_pack(None, "1", opts, 0, 1, LETTER)
    assert err.value.field == field


def test_board_pack_is_board_json_checks_and_balance(tmp_path):
    pack = board_pack("S1", {"mode": "session"})
    manifest = _write(pack, tmp_path)
    assert [f["path"] for f in manifest["files"]] == ["board.json"]
    assert manifest["balance"]["tries"] == 1 and len(manifest["checks"]) == 6
    assert pack.exit_code == 0 and not pack.warnings
    data = json.loads((tmp_path / "board.json").read_text())
    assert board_from_dict(data).seed_code == seed_code("S1")


def test_board_pack_out_of_tries_warns_and_exits_3():
    # Seed 3's session board fails the city spread band; one try is not enough.
    pack = board_pack("3", {"mode": "session", "reject_unbalanced": True, "max_tries": 1})
    assert pack.exit_code == 3
    assert pack.warnings == [f"no board passed in 1 tries; wrote the best one (seed "
                             f"{seed_code('3')}, 1 check failed)"]
    assert pack.manifest["balance"]["passed"] is False
    assert [c["passed"] for c in pack.checks].count(False) == 1


def test_board_pack_search_finds_a_balanced_board():
    pack = board_pack("1", {"mode": "session", "reject_unbalanced": True})
    bal = pack.manifest["balance"]
    assert bal["passed"] and bal["tries"] > 1 and pack.exit_code == 0
    assert all(c["passed"] for c in pack.checks)
    again = board_pack(bal["board_seed_code"], {"mode": "session"})
    assert again.files[0].data["hexes"] == pack.files[0].data["hexes"]


# --- the command line --------------------------------------------------------------------------

def test_reject_unbalanced_out_of_tries_writes_the_best_board_and_exits_3(run_pnp, tmp_path):
    # Seed 3's session board fails the city spread band; one try is not enough.
    code, stdout, err = run_pnp("waste-knights", "board", "--seed", "3",
                                "--out", str(tmp_path / "w"), "--reject-unbalanced",
                                "--max-tries", "1")
    assert code == 3
    assert "FAIL city spread" in stdout
    assert err.startswith("pnp: warning: no board passed in 1 tries; wrote the best one")
    assert seed_code("3") in err
    manifest = json.loads((tmp_path / "w" / "manifest.json").read_text())
    assert manifest["balance"]["passed"] is False and manifest["balance"]["tries"] == 1
    assert (tmp_path / "w" / "board.json").exists()


def test_failing_checks_without_the_search_exit_0(run_pnp, tmp_path):
    code, stdout, _ = run_pnp("waste-knights", "board", "--seed", "3",
                              "--out", str(tmp_path / "w"))
    assert code == 0 and "FAIL city spread" in stdout


@pytest.mark.parametrize("command", ["board", "session", "simulate"])
def test_help_has_examples(run_pnp, command):
    code, out, _ = run_pnp("waste-knights", command, "--help")
    assert code == 0
    assert "Examples:" in out and f"pnp waste-knights {command} --" in out


def test_session_out_of_tries_also_exits_3_with_every_file(run_pnp, tmp_path):
    out = tmp_path / "s"
    code, _, err = run_pnp("waste-knights", "session", "--seed", "3", "--out", str(out),
                           "--games", "0", "--reject-unbalanced", "--max-tries", "1")
    assert code == 3 and "no board passed in 1 tries" in err
    assert {"board.json", "setup.pdf", "hex-tiles.pdf"} <= set(_hashes(out))


def test_session_prints_the_wasteland_deck_the_simulator_plays(session_dir):
    from pnp.games.waste_knights.data import wasteland_deck
    from pnp.preflight import preflight

    deck = wasteland_deck()
    pdf = PdfReader(session_dir / "wasteland-cards.pdf")
    text = " ".join(p.extract_text() for p in pdf.pages).replace("\n", " ")
    for card in deck.cards:  # every card, named and generated, with its escape check
        assert card.title in text
    # The rulebook's Car Wreck example: "stops ... loses 1 Ammo ... skip the Exploration Step
    # ... rewards shown on the card: 1 Reputation and 3 Fuel" (Events); InHR's -2 dice.
    assert "Escape: Repair 5" in text and "Skip the Exploration Step this round." in text
    assert "Rewards: 3 Fuel, 1 Reputation" in text
    assert "Knights' checks in this combat -2 dice." in text
    fronts = [p for p in pdf.pages if "wasteland #" in p.extract_text()]
    assert len(pdf.pages) == 2 * len(fronts)  # a back page behind every front page
    assert text.count("wasteland #") == len(deck.cards)
    assert preflight(session_dir / "wasteland-cards.pdf").problems == []
