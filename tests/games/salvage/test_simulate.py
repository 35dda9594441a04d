"""A run's setup from options, records, the summary with its CIs and checks, 1 and 2 jobs."""

from __future__ import annotations

import json
import pickle

import pytest

from pnp.errors import PnpError
from pnp.games.salvage import GAME
from pnp.games.salvage.field import generate_field
from pnp.games.salvage.field_file import field_to_dict
from pnp.games.salvage.simulate import Record, Setup, make_setup
from pnp.sim.play import game_seed, play, run_games, simulate

BOTS = ("heuristic", "heuristic")


@pytest.fixture
def registered(monkeypatch):
    """Salvage in the registry (``run_games`` finds a game's module there) until it is."""
    from pnp.games import registry

    monkeypatch.setitem(registry.GAMES, "salvage", "pnp.games.salvage")


def test_setup_from_options_and_pickle():
    s = make_setup("opt", 2, BOTS, {"nodes": 15, "density": 0.6, "rounds": 10})
    assert len(s.field.nodes) == 15 and s.config.rounds == 10 and len(s.mods) >= 20
    assert s.field == generate_field("opt", nodes=15, density=0.6)  # the seed's session field
    again = pickle.loads(pickle.dumps(s))
    assert again == s and again.tables == s.tables
    assert isinstance(again, Setup) and again.players == 2


def test_setup_reads_field_mods_and_rules_files(tmp_path):
    field = generate_field("file", nodes=13)
    (tmp_path / "field.json").write_text(json.dumps(field_to_dict(field)), encoding="utf-8")
    (tmp_path / "mods.yaml").write_text("mods:\n  - {name: A, score: 1, count: 3}\n",
                                        encoding="utf-8")
    (tmp_path / "rules.yaml").write_text("max_fuel: 9\n", encoding="utf-8")
    s = make_setup("x", 2, BOTS, {"field": str(tmp_path / "field.json"),
                                  "mods": str(tmp_path / "mods.yaml"),
                                  "rules": str(tmp_path / "rules.yaml")})
    assert s.field == field and [m.name for m in s.mods] == ["A"] * 3
    assert s.config.max_fuel == 9


@pytest.mark.parametrize("players,options,field", [(3, {}, "players"),
                                                   (2, {"rounds": 0}, "rounds"),
                                                   (2, {"nodes": 10}, "nodes")])
def test_bad_setup_options(players, options, field):
    with pytest.raises(PnpError) as exc:
        make_setup("x", players, BOTS[:1] * players, options)
    assert exc.value.field == field


def test_record_of_a_game():
    s = make_setup("rec", 2, BOTS, {})
    state = play(GAME, s, game_seed("rec", 0))
    r = GAME.record(state)
    assert isinstance(r, Record) and r.winner in (0, 1, 2) and 1 <= r.rounds <= 24
    assert r.win_type in ("cells", "raids", "score", "draw") and r.first == 0
    assert pickle.loads(pickle.dumps(r)) == r


def test_summary_has_estimates_checks_and_lines(registered):
    s = make_setup("sum", 2, BOTS, {})
    doc = simulate(GAME, s, 60, "sum")
    assert doc["games"] == 60 and len(doc["win_rate_by_seat"]) == 2
    assert set(doc["win_types"]) == {"cells", "raids", "score", "draw"}
    assert sum(e["value"] for e in doc["win_types"].values()) == pytest.approx(1)
    assert {"mean", "percentiles"} <= set(doc["rounds"])
    assert doc["checks"][0]["name"].startswith("seat 1 win rate")
    assert any(m["installed"] for m in doc["mods"].values())
    lines = GAME.summary_lines(doc)
    assert any("seat 1 wins" in line for line in lines)
    assert any(line.startswith(("PASS", "FAIL")) for line in lines)
    json.dumps(doc)


def test_one_and_two_jobs_give_the_same_records(registered):
    s = make_setup("jobs", 2, ("heuristic", "random"), {})
    one = run_games(GAME, s, 12, "jobs", jobs=1, batch_size=5)
    two = run_games(GAME, s, 12, "jobs", jobs=2, batch_size=5)
    assert one == two
