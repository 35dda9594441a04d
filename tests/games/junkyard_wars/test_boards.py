"""simulate --boards K: the same number of games spread over K session boards, and the spread
between boards set next to the spread within one (``boards.py``)."""

from __future__ import annotations

import math

import pytest

from pnp.errors import PnpError
from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.balance import report_sections
from pnp.games.junkyard_wars.boards import _share_row, across_boards, board_seed
from pnp.games.junkyard_wars.hour import ENDINGS
from pnp.games.junkyard_wars.simulate import summary_lines
from pnp.seed import child_seed
from pnp.sim import play


def setup(seed: str, players: int, **options):
    return GAME.make_setup(seed, players, ("heuristic",) * players, options)


def test_board_one_is_the_seeds_own_and_the_others_are_child_seeds():
    assert board_seed("s", 1) == "s"
    assert board_seed("s", 2) == child_seed("s", "board", 2) != board_seed("s", 3)
    one, three = setup("s", 2, boards=1), setup("s", 2, boards=3)
    assert one.board == three.board and one.boards == () and len(three.boards) == 2
    assert len({three.board, *three.boards}) == 3  # three different mazes
    assert three.board_seeds == ("s", child_seed("s", "board", 2), child_seed("s", "board", 3))
    for bad in (0, 17):
        with pytest.raises(PnpError):
            setup("s", 2, boards=bad)


def test_one_board_plays_the_same_games_as_before():
    # --boards 1 draws nothing for the board: the records of a plain run, board 0 each.
    s1 = setup("same", 3, compare_stagger=False)
    recs = play.run_games(GAME, s1, 6, "same")
    assert [m[-1] for m, _ in recs] == [0] * 6
    assert "boards" not in GAME.summarize(recs, s1, "same")


def test_games_spread_over_the_boards_and_the_report_shows_them():
    s = setup("spread", 2, boards=3, compare_stagger=True)
    recs = play.run_games(GAME, s, 36, "spread")
    assert {m[-1] for m, _ in recs} == {0, 1, 2}
    assert all(a is not None and a[-1] == m[-1] for m, a in recs)  # the replay: same board
    doc = GAME.summarize(recs, s, "spread")
    b = doc["boards"]
    assert b["count"] == 3 and sum(b["games"]) == 36
    assert [r["games"] for r in b["per_board"]] == b["games"]
    for row in b["per_board"]:
        assert sum(x["value"] for x in row["win_rate_by_seat"]) == pytest.approx(1.0)
        assert [e["ending"] for e in row["endings"]] == list(ENDINGS)
    measures = [r["measure"] for r in b["spread"]]
    assert measures[:2] == ["seat 1 win rate", "seat 2 win rate"] and "mean minutes" in measures
    assert any(line.startswith("  across 3 boards") for line in summary_lines(doc))
    assert any(x["heading"] == "Across 3 session boards" for x in report_sections(doc))


def test_the_spread_between_boards_and_within_one():
    # Two boards of 100 games: 30 and 50 wins. Pooled 0.4; per-board 0.3 and 0.5, SD between
    # = 0.1414; within one board (chance) = sqrt(0.4 * 0.6 / 100) = 0.04899; left to the boards
    # sqrt(0.02 - 0.0024) = 0.1327.
    row = _share_row("x", [30, 50], [100, 100])
    assert row["pooled"] == 0.4 and row["min"] == 0.3 and row["max"] == 0.5
    assert row["between_sd"] == pytest.approx(math.sqrt(0.02), abs=1e-6)
    assert row["within_sd"] == pytest.approx(math.sqrt(0.0024), abs=1e-6)
    assert row["board_sd"] == pytest.approx(math.sqrt(0.02 - 0.0024), abs=1e-6)
    # Boards that differ by less than chance: nothing left to the boards.
    assert _share_row("x", [40, 41], [100, 100])["board_sd"] == 0.0


def test_across_boards_counts_each_record_on_its_board():
    # Records (winner, rounds, turns, ..., ending at [7], ..., board last); 2 players, 2 boards.
    rec = [(0, 1, 10, False, 1, (0, 1), 1, 0, 0, 0, 0, 0),
           (1, 1, 20, True, 0, (0, 1), 0, 2, 0, 0, 0, 0),
           (1, 1, 30, True, 0, (0, 1), 0, 2, 0, 0, 0, 1)]
    doc = across_boards(rec, ["a", "b"], 2, 1.0, ENDINGS)
    assert doc["games"] == [2, 1]
    first, second = doc["per_board"]
    assert [x["value"] for x in first["win_rate_by_seat"]] == [0.5, 0.5]
    assert [x["value"] for x in second["win_rate_by_seat"]] == [0.0, 1.0]
    assert first["mean_minutes"] == 15.0 and second["mean_minutes"] == 30.0
    minutes = next(r for r in doc["spread"] if r["measure"] == "mean minutes")
    assert minutes["min"] == 15.0 and minutes["max"] == 30.0 and minutes["pooled"] == 20.0
