"""`pnp junkyard-wars simulate` and `deck`: JSON, identical for --jobs 1 and 2, bad input exits 2."""

from __future__ import annotations

import json
import sys

import pytest


def test_simulate_json_same_for_jobs_1_and_2(run_pnp):
    args = ["junkyard-wars", "simulate", "--players", "4", "--games", "300", "--seed", "S",
            "--json"]
    code, out1, err = run_pnp(*args, "--jobs", "1")
    assert code == 0, err
    code, out2, err = run_pnp(*args, "--jobs", "2")
    assert code == 0, err
    assert out1 == out2
    data = json.loads(out1)
    assert data["games"] == 300 and data["players"] == 4 and len(data["win_rate_by_seat"]) == 4
    for key in ("rounds", "minutes", "time_limit_share", "tests_per_win", "stagger_effect",
                "cards", "deck"):
        assert key in data


def test_simulate_options(run_pnp):
    code, out, err = run_pnp("junkyard-wars", "simulate", "--players", "2",
                             "--games", "20", "--seed", "o", "--json", "--no-stagger",
                             "--minutes-per-turn", "2", "--no-compare-stagger")
    assert code == 0, err
    data = json.loads(out)
    assert data["stagger"] is False and data["minutes_per_turn"] == 2.0
    assert "stagger_effect" not in data and data["minutes"]["percentiles"]["p95"] <= 60


def test_deck_command(run_pnp):
    code, out, err = run_pnp("junkyard-wars", "deck", "--seed", "d",
                             "--deck-size", "12", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["cards"]) == 12 and data["passed"]
    assert all({"word", "figure", "searches"} <= set(c) for c in data["cards"])


@pytest.mark.parametrize("args,field", [
    (["--players", "1"], "players"), (["--players", "7"], "players"), (["--games", "0"], "games"),
    (["--bots", "heuristic,genius,random,random"], "bots"),
])
def test_bad_input_exits_2(run_pnp, args, field):
    code, out, err = run_pnp("junkyard-wars", "simulate", "--games", "5",
                             *args)
    assert code == 2 and out == ""
    assert err.startswith("pnp: error:") and f"field '{field}'" in err
    assert len(err.strip().splitlines()) == 1


def test_word_list_without_usable_words_exits_2(run_pnp, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("ZZZZZZ\nAB\n")
    code, out, err = run_pnp("junkyard-wars", "simulate", "--games", "5",
                             "--words", str(words))
    assert code == 2 and "no usable machine words" in err
    code, out, err = run_pnp("junkyard-wars", "simulate", "--games", "5",
                             "--words", str(tmp_path / "missing.txt"))
    assert code == 2 and "no such word list" in err


def test_bad_scheduler_address_exits_2(run_pnp):
    code, out, err = run_pnp("junkyard-wars", "simulate", "--games", "5",
                             "--scheduler", "not-an-address")
    assert code == 2 and "scheduler" in err and out == ""


def test_deck_bad_band_exits_2(run_pnp):
    code, out, err = run_pnp("junkyard-wars", "deck", "--band", "1.5")
    assert code == 2 and "field 'band'" in err


def test_output_independent_of_python_hash_seed():
    import os
    import subprocess

    args = [sys.executable, "-m", "pnp.cli", "junkyard-wars", "simulate", "--players", "3",
            "--games", "30", "--seed", "hash", "--json"]
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert outs[0] == outs[1] and json.loads(outs[0])["games"] == 30
