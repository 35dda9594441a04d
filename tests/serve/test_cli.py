"""The table's commands: `pnp serve`'s bad options, `replay --log`, `pnp GAME play`."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from pnp.serve.store import GameStore


def test_serve_refuses_bad_options_in_one_line(run_pnp, tmp_path):
    for args, field in ((["--port", "0"], "port"), (["--pause", "nan"], "pause"),
                        (["--pause", "11"], "pause"), (["--host", "no.such.host.invalid"],
                                                       "host")):
        code, out, err = run_pnp("serve", "--no-browser", "--games-dir", str(tmp_path / "g"),
                                 *args)
        assert code == 2 and f"field '{field}'" in err and len(err.strip().splitlines()) == 1


def test_replay_reads_a_table_games_log(run_pnp, tmp_path):
    from starlette.testclient import TestClient

    from pnp.serve.app import create_app

    with TestClient(create_app(tmp_path / "games", pause=0.0)) as client:
        r = client.post("/api/new", json={"game": "salvage", "seed": "cli",
                                          "seats": ["heuristic", "random"]})
        game = client.app.state.hub.games[r.json()["id"]]
        while not game.is_over():
            time.sleep(0.01)
    path = GameStore(tmp_path / "games").path(game.id)
    code, out, err = run_pnp("salvage", "replay", "--log", str(path), "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert [s["action"] for s in doc["actions"]] == game.doc["actions"]
    assert doc["returns"] == list(game.state.returns())
    code, out, _ = run_pnp("salvage", "replay", "--log", str(path))
    assert out.splitlines()[1].strip().startswith("1  P1  mecha 1")


def test_replay_refuses_a_log_that_is_not_one(run_pnp, tmp_path):
    bad = tmp_path / "bad.json"
    cases = ({"format": "other"}, {"format": "pnp-game-log", "game": "salvage"},
             {"format": "pnp-game-log", "game": "salvage", "seed": "s", "game_seed": 1,
              "options": {}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
              "actions": ["mecha 1 moves to node 999"]})
    for doc in cases:
        bad.write_text(json.dumps(doc))
        code, _, err = run_pnp("salvage", "replay", "--log", str(bad))
        assert code == 2 and str(bad) in err and len(err.strip().splitlines()) == 1


def test_play_in_the_terminal_saves_the_game_for_the_table(tmp_path):
    games = tmp_path / "games"
    run = subprocess.run([sys.executable, "-m", "pnp", "salvage", "play", "--seed", "tty",
                          "--seats", "you,heuristic", "--games-dir", str(games)],
                         input="1\n1\nq\n", capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Mecha 1" in run.stdout and "number (1-" in run.stdout
    saved = list(games.glob("*.json"))
    assert len(saved) == 1
    doc = json.loads(saved[0].read_text())
    assert doc["actions"][0].startswith("mecha 1") and len(doc["actions"]) >= 2
    assert GameStore(games).load(saved[0].stem) is not None  # pnp serve resumes it
