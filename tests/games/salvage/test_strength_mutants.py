"""Salvage's strength table (``strength.py``): every pair, each seat taken in turn on the same
game seeds, and the issue's bars as checks.

Written against the survivors of the mutation run of ``strength.py`` that docs/testing.md lists.
The games are scripted (``run_games`` replaced by a stand-in that returns the winners given in
advance), so the counts, the seeds and the rates are worked out by hand.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.games.salvage.state import DRAW
from pnp.games.salvage.strength import (
    HEURISTIC_BAR,
    PLAYERS,
    pair_rate,
    strength_checks,
    strength_lines,
    strength_matrix,
)
from pnp.seed import child_seed
from pnp.sim.stats import Estimate, proportion_ci

from .helpers import setup_of

#: The winners (seats) of the games each seating plays, in order.
SCRIPT = {("random", "heuristic"): [1, 1, DRAW], ("heuristic", "random"): [0, DRAW, 1],
          ("random", "search"): [1, 1, 1], ("search", "random"): [0, 0, 0],
          ("heuristic", "search"): [0, 1, 1], ("search", "heuristic"): [0, 0, 1]}


@pytest.fixture
def scripted(monkeypatch):
    """``run_games`` replaced: the calls it gets, the scripted winners it returns."""
    calls = []

    def run_games(game, setup, games, seed, jobs=1):
        calls.append((setup, games, seed, jobs))
        winners = SCRIPT.get(setup.bots, [DRAW] * games)
        return [SimpleNamespace(winner=w) for w in winners[:games]]

    import pnp.sim.play

    monkeypatch.setattr(pnp.sim.play, "run_games", run_games)
    return calls


def test_the_players_weakest_first_and_the_bars():
    assert PLAYERS == ("random", "heuristic", "search-quick", "search", "search-deep")
    assert HEURISTIC_BAR == 0.95  # "the heuristic beats the random player in at least 95%"


def test_every_pair_plays_both_seatings_on_the_same_seeds(scripted):
    base = setup_of()
    doc = strength_matrix(base, 5, "run", players=("random", "heuristic", "search"), jobs=2)
    assert doc["players"] == ["random", "heuristic", "search"] and doc["games_per_pair"] == 6
    orders = [("random", "heuristic"), ("heuristic", "random"), ("random", "search"),
              ("search", "random"), ("heuristic", "search"), ("search", "heuristic")]
    assert [c[0].bots for c in scripted] == orders
    assert all(c[1] == 3 and c[3] == 2 for c in scripted)  # 5 games rounded up to 6: 3 a seating
    assert [c[2] for c in scripted] == [child_seed("run", "strength", a, b)
                                        for a, b in orders[::2] for _ in (0, 1)]
    assert all(c[0].field is base.field and c[0].config == base.config for c in scripted)
    (rh, rs, hs) = doc["pairs"]
    assert rh == {"players": ["random", "heuristic"], "games": 6, "draws": 2,
                  "win_rate": {"random": proportion_ci(1, 6).to_dict(),
                               "heuristic": proportion_ci(3, 6).to_dict()}}
    assert rs == {"players": ["random", "search"], "games": 6, "draws": 0,
                  "win_rate": {"random": proportion_ci(0, 6).to_dict(),
                               "search": proportion_ci(6, 6).to_dict()}}
    assert hs == {"players": ["heuristic", "search"], "games": 6, "draws": 0,
                  "win_rate": {"heuristic": proportion_ci(2, 6).to_dict(),
                               "search": proportion_ci(4, 6).to_dict()}}


@pytest.mark.parametrize("games,half", [(0, 1), (1, 1), (2, 1), (4, 2), (7, 4)])
def test_games_are_rounded_up_to_even(scripted, games, half):
    doc = strength_matrix(setup_of(), games, 1, players=("random", "heuristic"))
    assert [c[1] for c in scripted] == [half, half] and doc["games_per_pair"] == 2 * half
    assert doc["pairs"][0]["games"] == 2 * half


def test_the_default_players_and_one_job(scripted):
    doc = strength_matrix(setup_of(), 2, 1)
    assert doc["players"] == list(PLAYERS) and len(doc["pairs"]) == 10
    assert len(scripted) == 20 and {c[3] for c in scripted} == {1}


def rate(value, low=None, high=None, n=100):
    return Estimate(value, value if low is None else low, value if high is None else high,
                    n).to_dict()


def doc_of(*pairs, players=("random", "heuristic", "search")):
    return {"players": list(players), "games_per_pair": 4,
            "pairs": [{"players": [a, b], "win_rate": {a: ra, b: rb}} for a, b, ra, rb in pairs]}


def test_pair_rate_is_the_winners_side_of_the_pair():
    doc = doc_of(("random", "heuristic", rate(0.1), rate(0.8)),
                 ("heuristic", "search", rate(0.3), rate(0.7)))
    assert pair_rate(doc, "heuristic", "random") == rate(0.8)
    assert pair_rate(doc, "random", "heuristic") == rate(0.1)
    assert pair_rate(doc, "search", "heuristic") == rate(0.7)
    assert pair_rate(doc, "search", "random") is None


def test_the_heuristic_bar_is_at_least_95_percent_with_the_whole_interval():
    for low, status in ((0.95, "PASS"), (0.949, "UNDECIDED")):
        doc = doc_of(("random", "heuristic", rate(0.02), rate(0.98, low, 1.0)))
        (check,) = strength_checks(doc)
        assert check.name == "heuristic beats random" and check.status == status
        assert (check.band_low, check.band_high, check.value) == (0.95, None, 0.98)
    doc = doc_of(("random", "heuristic", rate(0.1), rate(0.9, 0.8, 0.94)))
    assert strength_checks(doc)[0].status == "FAIL"


def test_each_search_strength_must_beat_the_heuristic_with_its_whole_interval():
    doc = doc_of(("random", "heuristic", rate(0.0), rate(1.0)),
                 ("heuristic", "search-quick", rate(0.3), rate(0.7, 0.5, 0.8)),
                 ("heuristic", "search", rate(0.3), rate(0.7, 0.49, 0.8)),
                 ("random", "search-deep", rate(0.0), rate(1.0)),
                 players=("random", "heuristic", "search-quick", "search", "search-deep"))
    checks = strength_checks(doc)
    assert [c.name for c in checks] == ["heuristic beats random", "search-quick beats heuristic",
                                        "search beats heuristic"]
    assert [c.passed for c in checks] == [True, True, False]
    assert (checks[2].band_low, checks[2].band_high, checks[2].low) == (0.5, None, 0.49)


def test_no_check_for_pairs_that_never_met_or_players_that_are_not_searches():
    doc = doc_of(("heuristic", "search", rate(0.3), rate(0.7, 0.6, 0.8)),
                 ("random", "search", rate(0.3), rate(0.7)),
                 players=("random", "heuristic", "search"))
    assert [c.name for c in strength_checks(doc)] == ["search beats heuristic"]
    assert strength_checks(doc_of(players=("random", "heuristic"))) == []


def test_the_table_is_row_against_column():
    doc = doc_of(("random", "heuristic", rate(0.25, 0.05, 0.7), rate(0.5, 0.15, 0.85)),
                 players=("random", "heuristic"))
    assert strength_lines(doc) == [
        "win rate of the row player against the column player, 4 games a pair (seats swapped),"
        " 95% CI:",
        " " * 11 + " " * 16 + "random" + " " * 13 + "heuristic",
        "random     " + " " * 21 + "-" + " " * 5 + "0.25 [0.05, 0.70]",
        "heuristic  " + " " * 5 + "0.50 [0.15, 0.85]" + " " * 21 + "-"]


def test_the_table_dashes_a_pair_that_never_met():
    doc = doc_of(players=("random", "heuristic"))
    assert strength_lines(doc)[2:] == ["random     " + " " * 21 + "-" + " " * 21 + "-",
                                       "heuristic  " + " " * 21 + "-" + " " * 21 + "-"]

