"""`pnp waste-knights simulate`: JSON statistics, identical for any --jobs, bad input exits 2."""

from __future__ import annotations

import json

import pytest

from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import board_to_dict

CAT = default_catalogue()


@pytest.fixture()
def board_json(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board_to_dict(session_board("cli", CAT)), sort_keys=True))
    return path


def test_json_output(run_pnp, board_json):
    code, out, err = run_pnp("waste-knights", "simulate", "--board",
                             str(board_json), "--players", "3", "--games", "60", "--seed", "S",
                             "--rounds", "6", "--jobs", "1", "--json")
    assert code == 0, err
    tour = json.loads(out)
    assert tour["knights"] == 3 and tour["games"] == 60 and tour["rounds"] == 6
    assert len(tour["seats"]) == 3
    assert {"fuel_starved", "ko_radiation", "ko_contamination"} <= set(tour["rates"])
    est = tour["per_knight"]["cards_faced"]
    assert est["low"] <= est["value"] <= est["high"] and est["n"] == 180


def test_without_a_board_file_the_seed_gives_the_board(run_pnp):
    args = ("waste-knights", "simulate", "--games", "20", "--seed", "S", "--jobs", "1",
            "--json")
    code, out, err = run_pnp(*args)
    assert code == 0, err
    assert json.loads(out)["games"] == 20
    assert run_pnp(*args)[1] == out


def test_replay_is_game_n_of_the_run_for_any_jobs(run_pnp, board_json):
    base = ("waste-knights", "replay", "--board", str(board_json), "--seed", "7",
            "--game", "3")
    code, text, err = run_pnp(*base)
    assert code == 0, err
    assert "knight" in text and "returns:" in text
    code, doc, _ = run_pnp(*base, "--json")
    assert code == 0 and json.loads(doc)["index"] == 3


def test_same_result_for_one_and_two_jobs(run_pnp, board_json):
    args = ("waste-knights", "simulate", "--board", str(board_json), "--games", "300",
            "--seed", "7", "--json")
    c1, one, _ = run_pnp(*args, "--jobs", "1")
    c2, two, _ = run_pnp(*args, "--jobs", "2")
    assert c1 == c2 == 0
    assert one == two


def test_text_output(run_pnp, board_json):
    code, out, _ = run_pnp("waste-knights", "simulate", "--board",
                           str(board_json), "--games", "40", "--jobs", "1")
    assert code == 0
    assert "seat 4" in out and "fuel_starved" in out


@pytest.mark.parametrize("extra, message", [
    (("--players", "5"), "2-4 players"),
    (("--players", "1"), "2-4 players"),
    (("--vehicle", "hovercraft"), "unknown vehicle"),
    (("--vehicle", "strider,off-road"), "one per knight"),
    (("--bots", "clairvoyant"), "field 'bots'"),
    (("--bots", "heuristic,random"), "one per seat"),
])
def test_bad_options_exit_2(run_pnp, board_json, extra, message):
    code, out, err = run_pnp("waste-knights", "simulate", "--board",
                             str(board_json), "--games", "10", *extra)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1 and out == ""


def _bad_board(tmp_path, mutate) -> str:
    data = board_to_dict(session_board("bad", CAT))
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["hexes"].pop(), "37 hexes"),
    (lambda d: d["hexes"][5].update(q=d["hexes"][4]["q"], r=d["hexes"][4]["r"],
                                    tier=d["hexes"][4]["tier"]), "duplicate coordinate"),
    (lambda d: d.update(metrics={"hovercraft": {}}), "unknown vehicle"),
])
def test_bad_board_exit_2(run_pnp, tmp_path, mutate, message):
    path = _bad_board(tmp_path, mutate)
    code, out, err = run_pnp("waste-knights", "simulate", "--board", path,
                             "--games", "10")
    assert code == 2
    assert message in err and path in err
    assert err.count("\n") == 1 and out == ""


def test_malformed_and_missing_board(run_pnp, tmp_path):
    bad = tmp_path / "b.json"
    bad.write_text('{"hexes": [\n  1,,\n]}')
    code, _, err = run_pnp("waste-knights", "simulate", "--board", str(bad))
    assert code == 2 and "malformed JSON" in err and ":2:" in err
    code, _, err = run_pnp("waste-knights", "simulate", "--board",
                           str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err
