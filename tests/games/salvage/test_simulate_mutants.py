"""Salvage's run summary (``simulate.py``): the setup from options, a game's record, the summary's
rates, means and bands, and its lines, worked out by hand.

Written against the survivors of the mutation run of ``simulate.py`` that docs/testing.md lists:
the earlier tests checked the summary by shape over simulated games. Here records are made by
hand and each figure is the count or mean they give.
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from pnp.errors import PnpError
from pnp.games.salvage import actions as A
from pnp.games.salvage import data
from pnp.games.salvage.field import generate_field
from pnp.games.salvage.field_file import field_to_dict
from pnp.games.salvage.mods import Mod
from pnp.games.salvage.rules import Config, tables_for
from pnp.games.salvage.simulate import (
    DRAW_BAND,
    RULES,
    SEAT_BAND,
    WIN_TYPES,
    Record,
    Setup,
    make_setup,
    record,
    summarize,
    summary_lines,
)
from pnp.games.salvage.state import SalvageState
from pnp.seed import seed_code
from pnp.sim.stats import count_ci, counts_ci, mean_ci, percentiles, proportion_ci

from .helpers import corridor

BOTS = ("heuristic", "heuristic")


def test_the_declared_bands_and_the_rules_object():
    assert SEAT_BAND == (0.45, 0.55) and DRAW_BAND == (0.0, 0.10)
    assert WIN_TYPES == ("cells", "raids", "score", "draw")
    assert (RULES.name, RULES.min_players, RULES.max_players) == ("salvage", 2, 2)
    assert RULES.parse_action("mecha 2 passes") == A.Pass(1)
    s = Setup(bots=BOTS, field=corridor())
    assert s.players == 2 and s.start_mods == ((), ()) and s.mods == () and s.config == Config()
    assert s.tables is tables_for(s.field)
    state = RULES.new_state(s, random.Random(3))
    assert isinstance(state, SalvageState) and state.setup is s


def test_the_seeds_field_by_default_and_its_name():
    s = make_setup("f", 2, BOTS, {})
    assert s.field == generate_field("f", nodes=21, density=0.4)
    assert s.field_name == f"field of seed {seed_code('f')}"
    assert s.mods == data.load_deck(None) and s.mods_name == "bundled mods.yaml"
    assert s.config == data.load_config(None) and s.bots == BOTS
    s = make_setup("f", 2, ["random", "heuristic"], {"nodes": 15, "density": 0.7, "rounds": 1})
    assert s.field == generate_field("f", nodes=15, density=0.7) and s.config.rounds == 1
    assert s.bots == ("random", "heuristic")


def test_the_mods_files_name(tmp_path):
    (tmp_path / "mods.yaml").write_text("mods:\n  - {name: A, score: 1, count: 2}\n",
                                        encoding="utf-8")
    s = make_setup("f", 2, BOTS, {"mods": str(tmp_path / "mods.yaml")})
    assert s.mods_name == str(tmp_path / "mods.yaml") and len(s.mods) == 2
    (tmp_path / "field.json").write_text(json.dumps(field_to_dict(generate_field("x", nodes=13))),
                                         encoding="utf-8")
    s = make_setup("f", 2, BOTS, {"field": str(tmp_path / "field.json")})
    assert s.field_name == str(tmp_path / "field.json") and len(s.field.nodes) == 13


@pytest.mark.parametrize("rounds", [0, -3, True, 2.5, "4"])
def test_rounds_must_be_a_positive_whole_number(rounds):
    with pytest.raises(PnpError, match=f"must be a positive whole number, got {rounds!r}") as e:
        make_setup("r", 2, BOTS, {"rounds": rounds})
    assert e.value.field == "rounds"


def test_salvage_is_a_duel():
    with pytest.raises(PnpError, match="Salvage is a duel: 2 players, got 3") as e:
        make_setup("r", 3, BOTS + BOTS[:1], {})
    assert e.value.field == "players"


def mecha(collapses, installed):
    return SimpleNamespace(collapses=collapses, installed=installed)


def test_a_games_record():
    state = SimpleNamespace(mechas=[mecha(2, ("Winch",)), mecha(0, ("Magnet", "Winch"))],
                            winner=1, win_type="raids", round=9, clashes=3,
                            score=lambda seat: (17, 4)[seat],
                            scrap_in_play=lambda: (1, 0, 2, 0, 0, 5))
    assert record(state) == Record(1, "raids", 9, (2, 0), 3, (("Winch",), ("Magnet", "Winch")),
                                   0, (17, 4), (1, 0, 2, 0, 0, 5))


def rec(winner, win_type, rounds, collapses=(0, 0), clashes=0, mods=((), ()),
        scrap=(0, 0, 0, 0, 0, 0)):
    return Record(winner, win_type, rounds, collapses, clashes, mods, 0, (0, 0), scrap)


WINCH, MAGNET, DRILL = (Mod(n, "Tool", 1, ()) for n in ("Winch", "Magnet", "Drill"))
SETUP = SimpleNamespace(bots=BOTS, mods=(WINCH, MAGNET, WINCH, DRILL), field_name="the corridor",
                        mods_name="bundled mods.yaml", field=SimpleNamespace(nodes=range(9)),
                        config=Config(rounds=20))
RECORDS = [rec(0, "cells", 10, (1, 0), 2, (("Winch",), ()), (1, 2, 0, 0, 0, 0)),
           rec(1, "raids", 14, (0, 2), 0, (("Winch", "Magnet"), ("Winch",)), (0, 3, 1, 0, 0, 0)),
           rec(0, "score", 20, (1, 1), 1, ((), ("Magnet",))),
           rec(2, "draw", 20, (0, 0), 3)]


def test_the_summary_counts_and_means():
    doc = summarize(RECORDS, SETUP, "sum")
    assert (doc["game"], doc["games"], doc["seed"], doc["seed_code"]) == \
        ("salvage", 4, "sum", seed_code("sum"))
    assert (doc["bots"], doc["field"], doc["mods_deck"], doc["nodes"], doc["rounds_max"]) == \
        (list(BOTS), "the corridor", "bundled mods.yaml", 9, 20)
    assert doc["win_rate_by_seat"] == [proportion_ci(2, 4).to_dict(),
                                       proportion_ci(1, 4).to_dict()]
    assert doc["first_player_win_rate"] == proportion_ci(2, 4).to_dict()
    assert doc["win_types"] == {t: proportion_ci(1, 4).to_dict() for t in WIN_TYPES}
    assert list(doc["win_types"]) == list(WIN_TYPES)
    assert doc["rounds"] == {"mean": mean_ci([10.0, 14.0, 20.0, 20.0]).to_dict(),
                             "percentiles": {str(q): v for q, v in
                                             percentiles([10, 14, 20, 20]).items()}}
    assert doc["rounds"]["percentiles"]["50"] == 17.0
    # counts per game: never below 0 (Student's t widened to the exact Poisson interval)
    assert doc["collapses_per_game"] == counts_ci([1, 2, 2, 0]).to_dict()
    assert doc["collapses_by_seat"] == [counts_ci([1, 0, 1, 0]).to_dict(),
                                        counts_ci([0, 2, 1, 0]).to_dict()]
    assert doc["clashes_per_game"] == counts_ci([2, 0, 1, 3]).to_dict()
    assert doc["collapses_per_game"]["low"] >= 0
    # each mod of the deck once, in deck order: the seats that installed it and how they did,
    # against what the other installed mods' line expects at its printed score (both print 1:
    # Winch's line is Magnet's 0 of 2, Magnet's is Winch's 2 of 3), +-0.15
    assert doc["mods"] == {
        "Winch": {"installed": 3, "per_game": 0.75, "win_rate": proportion_ci(2, 3).to_dict(),
                  "expected": [0.0, 0.15], "status": "FAIL"},
        "Magnet": {"installed": 2, "per_game": 0.5, "win_rate": proportion_ci(0, 2).to_dict(),
                   "expected": [pytest.approx(2 / 3 - 0.15), pytest.approx(2 / 3 + 0.15)],
                   "status": "UNDECIDED"},
        "Drill": {"installed": 0, "per_game": 0.0, "win_rate": None}}
    assert list(doc["mods"]) == ["Winch", "Magnet", "Drill"]
    assert doc["scrap_tokens"] == {"1": 1, "2": 3, "3": 1, "4": 0, "5": 0, "6": 0}
    seat, draws, outliers = doc["checks"]
    assert outliers["name"] == "mods: installer win rate vs printed score"
    assert outliers["status"] == "FAIL" and outliers["value"] == 1.0
    # 2 of 4 games: 0.5 [0.15, 0.85] cannot tell a fair first player from an unfair one
    assert seat["name"] == "seat 1 win rate (first player)" and seat["status"] == "UNDECIDED"
    assert (seat["value"], seat["band_low"], seat["band_high"]) == (0.5, 0.45, 0.55)
    assert draws["name"] == "draws" and (draws["band_low"], draws["band_high"]) == (0.0, 0.1)
    assert draws["value"] == 0.25 and draws["status"] == "UNDECIDED"


def test_the_first_player_is_the_records_first_seat():
    recs = [r._replace(first=1) for r in RECORDS]
    assert summarize(recs, SETUP, 1)["first_player_win_rate"] == proportion_ci(1, 4).to_dict()


def test_the_seat_band_only_between_equal_players():
    mixed = SimpleNamespace(**{**vars(SETUP), "bots": ("heuristic", "random")})
    draws, _ = summarize(RECORDS, mixed, 1)["checks"]
    assert draws["name"] == "draws"
    fair = [rec(0, "cells", 5), rec(1, "cells", 5)] * 1000
    seat, draws = summarize(fair, SETUP, 1)["checks"]
    assert seat["passed"] and draws["passed"] and draws["value"] == 0.0
    seat, _ = summarize(fair + [rec(0, "cells", 5)] * 400, SETUP, 1)["checks"]
    assert seat["value"] == 1400 / 2400 and seat["status"] == "FAIL"  # wholly above 0.55


def test_two_games_have_an_interval_and_draws_are_no_seats_win():
    doc = summarize([rec(2, "draw", 4, (1, 0), 2), rec(2, "draw", 6, (0, 0), 0)], SETUP, 1)
    assert doc["rounds"]["mean"] == mean_ci([4.0, 6.0]).to_dict()
    assert doc["collapses_by_seat"][0] == counts_ci([1, 0]).to_dict()
    assert doc["win_rate_by_seat"] == [proportion_ci(0, 2).to_dict()] * 2


def test_one_game():
    doc = summarize([rec(1, "raids", 6, (2, 1), 4)], SETUP, 1)
    assert doc["rounds"]["mean"] == {"value": 6.0, "low": 6.0, "high": 6.0, "n": 1}
    # one game's counts: the exact Poisson interval, not a point
    assert doc["collapses_per_game"] == count_ci(3, 1).to_dict()
    assert doc["clashes_per_game"] == count_ci(4, 1).to_dict()


def test_no_games_is_an_error():
    with pytest.raises(PnpError) as e:
        summarize([], SETUP, 1)
    assert e.value.field == "games" and e.value.message == "no games to summarise"


def test_the_summary_lines():
    lines = summary_lines(summarize(RECORDS, SETUP, "sum"))
    assert lines == [
        f"seed {seed_code('sum')}  the corridor (9 nodes)",
        "4 games, bots: heuristic vs heuristic (95% CI)",
        "  seat 1 wins          0.500 [0.150, 0.850]",
        "  seat 2 wins          0.250 [0.046, 0.699]",
        "win type:",
        "  cells             0.250 [0.046, 0.699]",
        "  raids             0.250 [0.046, 0.699]",
        "  score             0.250 [0.046, 0.699]",
        "  draw              0.250 [0.046, 0.699]",
        "rounds              16.00 [8.20, 23.80]  (5/50/95%: 10.6/17/20)",
        "collapses per game  1.25 [0.00, 2.92]",
        "clashes per game    1.50 [0.00, 3.55]",
        "mods (installs per game, win rate of the seat that installed it, the band its printed "
        "score expects):",
        "  Winch                            0.75  0.667 [0.208, 0.939]  [0.000, 0.150] FAIL",
        "  Magnet                           0.50  0.000 [0.000, 0.658]  [0.517, 0.817] UNDECIDED",
        "  Drill                            0.00  -",
        "UNDECIDED seat 1 win rate (first player): 0.5 [0.15, 0.85] band [0.45, 0.55] - needs "
        "about 206 games (has 4)",
        "UNDECIDED draws: 0.25 [0.0456, 0.699] band [0, 0.1] - needs about 8 games (has 4)",
        "FAIL mods: installer win rate vs printed score: 1 [1, 1] band [0, 0] - of 2: 1 fail "
        "(mod Winch: installer win rate vs printed score), 1 undecided; band +-0.15 around the "
        "other mods' line"]
