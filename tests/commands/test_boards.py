"""Seat fairness over boards (issue 24): Salvage's and Wreck and Ruin's --boards K play the
sessions of K seeds, and the seat rates pool them with intervals clustered by board."""

from __future__ import annotations

import json

import pytest

from pnp.sim.boards import board_seed
from pnp.sim.stats import Estimate, check_band, clustered_rate_ci

SMALL = {"salvage": 12, "wreck-and-ruin": 3}
WORD = {"salvage": "fields", "wreck-and-ruin": "maps"}


def _run(run_pnp, game: str, *args: str) -> tuple[int, str, str]:
    return run_pnp(game, "simulate", "--games", str(SMALL[game]), "--jobs", "1", *args)


@pytest.mark.parametrize("game", ["salvage", "wreck-and-ruin"])
def test_boards_pool_the_sessions_of_child_seeds_with_a_clustered_interval(run_pnp, game):
    code, out, _ = _run(run_pnp, game, "--seed", "b24", "--boards", "3", "--json")
    assert code == 0
    doc = json.loads(out)
    block = doc["boards"]
    assert block["count"] == 3 and [b["board"] for b in block["per_board"]] == [1, 2, 3]
    # board 1 is the run's own; board 3 is the run of its child seed, game for game
    assert block["per_board"][0]["win_rate_by_seat"] == doc["win_rate_by_seat"]
    third = json.loads(_run(run_pnp, game, "--seed", str(board_seed("b24", 3)), "--json")[1])
    assert block["per_board"][2]["win_rate_by_seat"] == third["win_rate_by_seat"]
    assert block["per_board"][2]["seed_code"] == third["seed_code"]
    own = {c["name"]: c for c in doc["checks"]}
    for s in block["seats"]:
        p = s["seat"] - 1
        rates = [b["win_rate_by_seat"][p]["value"] for b in block["per_board"]]
        est = clustered_rate_ci([[r] * SMALL[game] for r in rates])
        assert s["rate"] == est.to_dict()
        assert (s["lowest"], s["highest"]) == (min(rates), max(rates))
        assert 0.0 <= est.low < est.high <= 1.0
        mine = next((c for n, c in own.items() if n.startswith(f"seat {p + 1} win rate")
                     and "boards" not in n), None)
        if mine is not None:  # judged against the band of the game's own seat check
            over = own[f"seat {p + 1} win rate over 3 {WORD[game]}"]
            assert over["status"] == check_band("x", Estimate(**s["rate"]), mine["band_low"],
                                                mine["band_high"]).status


def test_boards_out_of_range_is_one_line(run_pnp):
    for bad in ("0", "65"):
        code, _, err = _run(run_pnp, "salvage", "--boards", bad)
        assert code == 2 and "boards" in err and "Traceback" not in err


def test_one_board_is_the_plain_run(run_pnp):
    plain = json.loads(_run(run_pnp, "salvage", "--seed", "b24", "--json")[1])
    one = json.loads(_run(run_pnp, "salvage", "--seed", "b24", "--json", "--boards", "1")[1])
    assert plain == one and "boards" not in one


def test_session_reports_seat_fairness_over_fields_in_its_verdict(run_pnp, tmp_path):
    out = tmp_path / "s"
    code, stdout, _ = run_pnp("salvage", "session", "--seed", "b24", "--games", "10",
                              "--jobs", "1", "--boards", "2", "--out", str(out))
    assert code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    names = [c["name"] for c in manifest["checks"]]
    assert "seat 1 win rate over 2 fields" in names
    assert manifest["boards"]["count"] == 2
    assert "seat 1 win rate over 2 fields" in manifest["verdict"]["undecided"] + \
        manifest["verdict"]["failed"] or manifest["verdict"]["status"] == "PASS"
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Seat fairness over 2 fields" in html
    assert "<h2>Bot strength</h2>" in html and "--stronger-games N" in html
