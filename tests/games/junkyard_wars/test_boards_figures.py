"""simulate --boards K's figures worked out by hand on a few made-up records: each board's
seats, endings and minutes, and the spread between boards set next to the spread within one."""

from __future__ import annotations

import math

import pytest

from pnp.games.junkyard_wars.boards import across_boards, board_lines
from pnp.seed import seed_code


def rec(winner: int, turns: int, ending: int, board: int) -> tuple:
    """A record as ``simulate`` keeps it: [0] the winner, [2] player-turns, [7] the ending,
    the last field the board; the rest are not read here."""
    return (winner, None, turns, None, None, None, None, ending, board)


# board 0: seat 1 wins 3 of 4, ending 0 (3) or 1 (1), 10/20/30/40 turns
# board 1: seat 2 wins 2 of 2, ending 1 twice, 50/70 turns
RECS = [rec(0, 10, 0, 0), rec(0, 20, 0, 0), rec(1, 30, 1, 0), rec(0, 40, 0, 0),
        rec(1, 50, 1, 1), rec(1, 70, 1, 1)]


def sd(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def test_each_board_reports_its_own_games():
    doc = across_boards(RECS, ["a", "b", "c"], 2, 0.5, ("tests", "time"))
    assert doc["count"] == 3 and doc["games"] == [4, 2, 0]
    one, two, empty = doc["per_board"]
    assert (one["board"], one["seed"], one["seed_code"], one["games"]) == (1, "a",
                                                                          seed_code("a"), 4)
    assert two["board"] == 2 and two["seed"] == "b" and empty == {
        "board": 3, "seed": "c", "seed_code": seed_code("c"), "games": 0}
    assert [(x["seat"], x["value"]) for x in one["win_rate_by_seat"]] == [(1, 0.75), (2, 0.25)]
    assert [(x["seat"], x["value"]) for x in two["win_rate_by_seat"]] == [(1, 0.0), (2, 1.0)]
    assert [(x["ending"], x["value"]) for x in one["endings"]] == [("tests", 0.75),
                                                                  ("time", 0.25)]
    assert one["mean_minutes"] == 12.5 and two["mean_minutes"] == 30.0   # turns x 0.5
    assert across_boards(RECS[:1], ["a"], 2, 1.0, ("tests",))["per_board"][0][
        "mean_minutes"] == 10.0
    # minutes keep 3 decimals: 1/3 of a minute a turn
    assert across_boards([rec(0, 1, 0, 0)], ["a"], 1, 1 / 3, ("t",))["per_board"][0][
        "mean_minutes"] == 0.333


def test_the_spread_between_boards_against_the_spread_within_one():
    doc = across_boards(RECS, ["a", "b", "c"], 2, 0.5, ("tests", "time"))
    seat1, seat2, tests, time, minutes = doc["spread"]
    assert [r["measure"] for r in doc["spread"]] == [
        "seat 1 win rate", "seat 2 win rate", "games decided by: tests", "games decided by: time",
        "mean minutes"]
    # seat 1: 3 of 4 and 0 of 2; pooled 3/6; the binomial SD of 3 games (the mean per board)
    within = math.sqrt(0.5 * 0.5 / 3)
    between = sd([0.75, 0.0])
    assert seat1 == {"measure": "seat 1 win rate", "pooled": 0.5, "min": 0.0, "max": 0.75,
                     "between_sd": round(between, 6), "within_sd": round(within, 6),
                     "board_sd": round(math.sqrt(between ** 2 - within ** 2), 6)}
    assert (seat2["min"], seat2["max"]) == (0.25, 1.0)
    assert (tests["pooled"], tests["min"], tests["max"]) == (0.5, 0.0, 0.75)
    assert (time["pooled"], time["min"], time["max"]) == (0.5, 0.25, 1.0)
    # minutes: per board means 12.5 and 30; within = SD of all games / sqrt(games per board)
    flat = [5.0, 10.0, 15.0, 20.0, 25.0, 35.0]
    assert minutes["pooled"] == pytest.approx(sum(flat) / 6)
    assert (minutes["min"], minutes["max"]) == (12.5, 30.0)
    assert minutes["within_sd"] == round(sd(flat) / math.sqrt(3), 6)
    assert minutes["between_sd"] == round(sd([12.5, 30.0]), 6)


def test_figures_keep_six_decimals_and_no_board_sd_below_chance():
    # three boards, one game each, seat 1 winning on one: shares 1/3-ish that need rounding
    recs = [rec(0, 7, 0, 0), rec(1, 7, 0, 1), rec(1, 7, 0, 2)]
    doc = across_boards(recs, ["a", "b", "c"], 2, 1 / 3, ("tests",))
    seat1 = doc["spread"][0]
    assert seat1["pooled"] == 0.333333 and seat1["within_sd"] == round(math.sqrt(2 / 9), 6)
    assert seat1["between_sd"] == round(sd([1.0, 0.0, 0.0]), 6) == 0.57735
    minutes = doc["spread"][-1]
    # every game the same length: no spread at all, and none left to the boards
    assert minutes["min"] == minutes["max"] == 2.333333 and minutes["between_sd"] == 0.0
    assert minutes["board_sd"] == 0.0 and minutes["within_sd"] == 0.0


def test_one_board_with_games_has_no_spread():
    doc = across_boards(RECS[:4], ["a", "b"], 2, 1.0, ("tests", "time"))
    assert doc["spread"] == [] and doc["games"] == [4, 0]


def test_the_text_lines():
    doc = across_boards(RECS, ["a", "b", "c"], 2, 0.5, ("tests", "time"))
    lines = board_lines(doc)
    assert lines[0] == ("  across 3 boards (4, 2, 0 games): between boards / within one "
                        "(chance) / left to the boards, as SDs")
    r = doc["spread"][0]
    assert lines[1] == (f"    seat 1 win rate: 0.500 (boards 0.000-0.750); "
                        f"{r['between_sd']:.3f} / {r['within_sd']:.3f} / {r['board_sd']:.3f}")
    assert len(lines) == 1 + len(doc["spread"])
