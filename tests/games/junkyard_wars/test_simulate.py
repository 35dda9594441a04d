"""Simulator: heuristic beats random, every game ends, results are deterministic and reported."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.balance import player_count_sections, report_sections
from pnp.games.junkyard_wars.simulate import (
    batch_task, by_player_count, make_context, play_game, playthrough, simulate, summarize,
    tables_for,
)
from pnp.games.junkyard_wars.words import load_words
from pnp.report import write_report
from pnp.seed import child_seed
from pnp.sim.runner import Batch, run

BAG = load_bag().counts()
WORDS = load_words()
GOLDEN = Path(__file__).parents[2] / "golden" / "junkyard_wars" / "playthrough_2p.json"


def heuristic_vs_random_wins(games: int, seed: str) -> tuple[int, int]:
    ctx_a, _ = make_context(seed, 2, WORDS, BAG, bots=("heuristic", "random"))
    ctx_b, _ = make_context(seed, 2, WORDS, BAG, bots=("random", "heuristic"))
    tb = tables_for(ctx_a.board)
    wins = 0
    for i in range(games):
        ctx, seat = (ctx_a, 0) if i % 2 == 0 else (ctx_b, 1)
        result = play_game(ctx, tb, child_seed(seed, "hvr", i), True)
        wins += result[0] == seat
    return wins, games


def test_heuristic_beats_random_fast():
    wins, n = heuristic_vs_random_wins(30, "hvr")
    assert wins / n > 0.9


@pytest.mark.slow
def test_heuristic_beats_random_slow():
    wins, n = heuristic_vs_random_wins(600, "hvr-slow")
    assert wins / n > 0.95


@pytest.mark.parametrize("players", [2, 3, 6])
def test_games_end_by_a_working_machine_or_the_hour(players):
    ctx, _ = make_context("end", players, WORDS, BAG, minutes_per_turn=1.5)
    tb = tables_for(ctx.board)
    for i in range(20):
        winner, rounds, turns, by_time, tests, cards, completed = play_game(ctx, tb, i, True)
        assert 0 <= winner < players and turns * 1.5 <= 60
        assert all(c >= 0 for c in cards)
        if not by_time:
            assert tests >= 1 and completed >> winner & 1


def test_batches_are_deterministic_and_independent_of_the_executor():
    ctx, deck = make_context("det", 4, WORDS, BAG)
    task = functools.partial(batch_task, ctx)
    assert task(Batch(0, 99, 0, 6)) == task(Batch(0, 99, 0, 6))
    one = run(task, 12, "det", batch_size=3, jobs=1)
    two = run(task, 12, "det", batch_size=3, jobs=2)
    assert one == two


def test_parallel_work_is_small_to_ship_and_tables_are_built_once_per_process():
    import pickle

    ctx, _ = make_context("ship", 4, WORDS, BAG)
    # A batch's task and results cross the process boundary: a few kB, ~50 bytes a game.
    assert len(pickle.dumps(functools.partial(batch_task, ctx))) < 8000
    result = batch_task(ctx, Batch(0, 7, 0, 20))
    assert len(pickle.dumps(result)) < 100 * 20
    # The board arrives unpickled with every batch; its distance tables are looked up, not rebuilt.
    assert tables_for(pickle.loads(pickle.dumps(ctx.board))) is tables_for(ctx.board)


def test_summary_and_report_sections(tmp_path):
    result = simulate("sum", 4, 40, WORDS, BAG, batch_size=20)
    assert result["games"] == 40 and result["players"] == 4
    seats = result["win_rate_by_seat"]
    assert sum(s["value"] for s in seats) == pytest.approx(1.0)
    assert all(s["low"] <= s["value"] <= s["high"] for s in seats)
    st = result["stagger_effect"]
    assert st["seat1_win_rate_with"]["n"] == 40 and "seat1_win_rate_without" in st
    assert len(result["cards"]) == 40 and sum(c["chosen"] for c in result["cards"]) == 160
    assert set(result["minutes"]["percentiles"]) == {"p5", "p25", "p50", "p75", "p95"}
    names = [c["name"] for c in result["checks"]]
    assert names[:4] == [f"seat {k} win rate" for k in range(1, 5)]
    assert "share of games ended by the one-hour limit" in names
    assert all(set(c) >= {"value", "low", "high", "band_low", "band_high", "passed"}
               for c in result["checks"])
    sections = report_sections(result)
    assert any(s["heading"] == "Checks" for s in sections)
    assert [s["heading"] for s in sections][:2] == ["Simulated games (4 players)", "Game length"]
    path = tmp_path / "report.html"
    write_report(path, "Junkyard Wars balance", sections)
    assert "First-turn stagger" in path.read_text(encoding="utf-8")
    cards_text = next(s["text"] for s in sections if s["heading"] == "Machine cards")
    hard = [c["word"] for c in result["cards"] if c["verdict"] == "too hard"]
    assert cards_text.startswith(f"Too hard: {', '.join(hard) if hard else 'none'}.")


def test_game_length_and_stagger_for_every_player_count():
    # The report answers "how long does a 2-player and a 6-player game take?" and whether the
    # stagger removes the first player's advantage at each player count.
    ctx, deck = make_context("len", 2, WORDS, BAG, deck_size=12)
    rows = by_player_count("len", WORDS, BAG, 6, deck=deck, minutes_per_turn=2.0)
    assert [r["players"] for r in rows] == [2, 3, 4, 5, 6]
    for r in rows:
        assert r["games"] == 6 and r["minutes"]["percentiles"]["p95"] <= 60
        assert r["minutes"]["mean"]["value"] == pytest.approx(2.0 * r["rounds"]["mean"]["value"]
                                                              * r["players"], abs=2 * r["players"])
        assert r["fair_share"] == round(1 / r["players"], 6)
        assert r["seat1_win_rate_with"]["n"] == r["seat1_win_rate_without"]["n"] == 6
    assert rows == by_player_count("len", WORDS, BAG, 6, deck=deck, minutes_per_turn=2.0, jobs=2)
    length, stagger = player_count_sections(rows)
    assert "2 players" in length["text"] and "6 players" in length["text"]
    assert len(length["table"]) == len(stagger["table"]) == 5
    assert all(row["verdict"] for row in stagger["table"])
    _, six_cards = make_context("len", 2, WORDS, BAG, deck_size=6)
    assert [r["players"] for r in by_player_count("len", WORDS, BAG, 2, deck=six_cards)] == [2, 3]


def test_random_bots_play_legal_games_to_the_time_limit():
    ctx, deck = make_context("rnd", 3, WORDS, BAG, bots=("random",) * 3, compare_stagger=False)
    flat = batch_task(ctx, Batch(0, 5, 0, 3))
    doc = summarize(flat, ctx, deck, "rnd")
    assert doc["time_limit_share"]["value"] == 1.0 and "stagger_effect" not in doc


@pytest.mark.slow
def test_dask_cluster_gives_the_same_result():
    distributed = pytest.importorskip("distributed")
    ctx, _ = make_context("dask", 4, WORDS, BAG)
    task = functools.partial(batch_task, ctx)
    local = run(task, 40, "dask", batch_size=10, jobs=1)
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        remote = run(task, 40, "dask", batch_size=10, scheduler=cluster.scheduler_address)
    assert local == remote


def test_golden_playthrough():
    # A seeded 2-player game, turn by turn. Regenerating it is a deliberate change:
    # run regen() from this module to rewrite it.
    ctx, _ = make_context("golden", 2, WORDS, BAG)
    assert playthrough(ctx, 2026) == json.loads(GOLDEN.read_text(encoding="utf-8"))


def regen() -> None:
    """Rewrite the golden playthrough (a reviewed change only)."""
    ctx, _ = make_context("golden", 2, WORDS, BAG)
    GOLDEN.write_text(json.dumps(playthrough(ctx, 2026), sort_keys=True, indent=1) + "\n",
                      encoding="utf-8")
