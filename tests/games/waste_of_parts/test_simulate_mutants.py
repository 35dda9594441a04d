"""The Waste of Parts' run summary (``simulate.py``): the setup, a game's record, the summary's
figures and lines, worked out by hand.

Written against the survivors of the mutation run of ``simulate.py`` that docs/testing.md
lists: the summary's rates, means and curve were checked only by shape. Here records are made
by hand and each figure is the count or mean they give.
"""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from pnp.errors import PnpError
from pnp.games.waste_of_parts import GAME
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.boss import harrow_decks
from pnp.games.waste_of_parts.cards import enemy_deck, event_deck, salvage_deck
from pnp.games.waste_of_parts.crew import crew_deck
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.scourge import scourge_decks
from pnp.games.waste_of_parts.simulate import (
    CURVE_ROUNDS,
    MILESTONES,
    RULES,
    WIN_BAND,
    Record,
    boss_decks,
    decks,
    make_setup,
    record,
    summarize,
    summary_lines,
)
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import mean_ci, proportion_ci

CFG = load_config(None)


def test_the_declared_numbers():
    assert WIN_BAND == (0.40, 0.60)       # the issue: "e.g. 40-60%"
    assert MILESTONES == (10, 20, 35)     # Distance 10, 20 and 35 (Sanctuary)
    assert CURVE_ROUNDS == 30
    assert (RULES.name, RULES.min_players, RULES.max_players) == ("waste-of-parts", 3, 5)
    assert RULES.parse_action("end turn") == A.parse_action("end turn")


def test_a_new_game_gets_every_part_of_the_setup():
    base = make_setup("n", 3, ("heuristic",) * 3, {"events": True, "boss": "harrow"})
    crew = tuple(base.dashboards[k] for k in (4, 0, 2))
    plate = next(c for c in base.salvage if c.kind == "armor")
    setup = dataclasses.replace(base, start_cards=(plate,), crew_cards=crew)
    state = RULES.new_state(setup, random.Random(5))
    assert state.dashboards == crew and state.boss_cards is setup.boss_cards
    assert sorted(e.ident for e in state.event_deck) == list(range(1, 11))
    assert plate in state.crew[0].items  # "equipment to the crew member carrying least"
    drawn = RULES.new_state(base, random.Random(5))
    assert len(drawn.dashboards) == 3 and set(drawn.dashboards) <= set(base.dashboards)
    assert all(not c.items for c in drawn.crew)


def test_the_decks_come_from_the_seeds_child_streams():
    enemies, salvage = decks(CFG, "s")
    assert enemies == enemy_deck(CFG, random.Random(child_seed("s", "enemy-deck")))
    assert salvage == salvage_deck(CFG, random.Random(child_seed("s", "salvage-deck")))
    assert boss_decks(CFG, "s", "harrow") == harrow_decks(
        CFG, random.Random(child_seed("s", "harrow-deck")))
    assert boss_decks(CFG, "s", "scourge") == scourge_decks(
        CFG, random.Random(child_seed("s", "scourge-deck")))


def test_make_setup_from_the_options():
    s = make_setup("m", 3, ("heuristic",) * 3, {})
    assert (s.players, s.bots, s.config, s.boss, s.boss_cards) == (3, ("heuristic",) * 3, CFG,
                                                                   None, None)
    assert (s.enemies, s.salvage) == decks(CFG, "m") and s.events == ()
    assert s.dashboards == crew_deck(random.Random(child_seed("m", "crew-deck")))
    s = make_setup("m", 5, ["random"] * 5, {"events": True, "boss": "scourge"})
    assert s.players == 5 and s.bots == ("random",) * 5 and s.events == event_deck()
    assert s.boss == "scourge" and s.boss_cards == boss_decks(CFG, "m", "scourge")
    assert make_setup("m", 4, ("heuristic",) * 4, {"boss": "harrow"}).boss_cards == \
        boss_decks(CFG, "m", "harrow")


def test_make_setup_reads_the_rules_file(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("hull_start: 7\n", encoding="utf-8")
    assert make_setup("m", 4, ("heuristic",) * 4, {"rules": str(path)}).config.hull_start == 7


@pytest.mark.parametrize("players", [2, 6])
def test_make_setup_refuses_a_crew_of_other_sizes(players):
    with pytest.raises(PnpError, match=f"3-5 crew members, got {players}") as e:
        make_setup("m", players, ("heuristic",) * players, {})
    assert e.value.field == "players"


def test_make_setup_refuses_an_unknown_boss():
    with pytest.raises(PnpError, match=r"unknown boss 'kraken' \(choose from: harrow, "
                                       r"scourge\)") as e:
        make_setup("m", 4, ("heuristic",) * 4, {"boss": "kraken"})
    assert e.value.field == "boss"


def state(**kw):
    base = dict(result=0, cause="out of time", round=12, milestones={}, hull=3, kills=4,
                aboard=[], standard_won=False)
    return SimpleNamespace(**{**base, **kw})


def test_a_games_record():
    r = record(state(result=1, cause="sanctuary", round=17, milestones={10: 5, 35: 17},
                     hull=2, kills=9, aboard=list(range(40))))
    assert r == Record(True, "sanctuary", 17, (5, 0, 17), 2, 9, tuple(range(30)), True)
    assert record(state()) == Record(False, "out of time", 12, (0, 0, 0), 3, 4, (), False)
    # a Boss game: won the standard way, then lost to the Boss
    assert record(state(cause="the Hull is annihilated", standard_won=True)).standard
    assert not record(state(result=0, cause="sanctuary")).standard
    assert not record(state(result=1, cause="the Boss is destroyed")).standard


def setup(bots=("heuristic",) * 4, boss=None):
    return SimpleNamespace(bots=bots, players=len(bots), boss=boss)


def rec(won, cause, rounds, milestones=(0, 0, 0), kills=0, aboard=(), standard=None):
    return Record(won, cause, rounds, milestones, 0, kills, aboard,
                  won if standard is None else standard)


RECORDS = [rec(True, "sanctuary", 20, (5, 12, 20), 10, (1, 2, 3)),
           rec(False, "out of time", 30, (6, 0, 0), 4, (3, 4)),
           rec(False, "the Hull is annihilated", 10, (0, 0, 0), 2, (2,), standard=True),
           rec(True, "sanctuary", 16, (4, 10, 16), 8, (0, 0, 1, 5))]


def test_the_summary_counts_and_means():
    doc = summarize(RECORDS, setup(), "sum")
    assert doc["game"] == "waste-of-parts" and doc["games"] == 4 and doc["crew"] == 4
    assert doc["seed"] == "sum" and doc["seed_code"] == seed_code("sum")
    assert doc["bots"] == ["heuristic"] * 4 and doc["boss"] is None
    assert doc["win_rate"] == proportion_ci(2, 4).to_dict()
    assert doc["standard_win_rate"] == proportion_ci(3, 4).to_dict()
    assert doc["causes"] == {"out of time": proportion_ci(1, 4).to_dict(),
                             "sanctuary": proportion_ci(2, 4).to_dict(),
                             "the Hull is annihilated": proportion_ci(1, 4).to_dict()}
    assert list(doc["causes"]) == ["out of time", "sanctuary", "the Hull is annihilated"]
    assert doc["rounds"] == mean_ci([20.0, 30.0, 10.0, 16.0]).to_dict()
    # each Distance over the games that reached it; the share that reached it over all
    assert doc["rounds_to_distance"] == {"10": mean_ci([5.0, 6.0, 4.0]).to_dict(),
                                         "20": mean_ci([12.0, 10.0]).to_dict(),
                                         "35": mean_ci([20.0, 16.0]).to_dict()}
    assert doc["reached_distance"] == {"10": proportion_ci(3, 4).to_dict(),
                                       "20": proportion_ci(2, 4).to_dict(),
                                       "35": proportion_ci(2, 4).to_dict()}
    assert doc["kills"] == mean_ci([10.0, 4.0, 2.0, 8.0]).to_dict()
    # round k's mean over the games still running at its end
    assert doc["enemies_aboard_by_round"] == [1.5, 2.0, 2.0, 5.0]
    (check,) = doc["checks"]
    assert check["name"] == "heuristic crew win rate" and check["status"] == "UNDECIDED"
    assert (check["band_low"], check["band_high"]) == WIN_BAND


def test_the_curve_is_rounded_to_three_decimals_and_stops_at_30_rounds():
    recs = [rec(False, "x", 40, aboard=(1,) * 35), rec(False, "x", 40, aboard=(0,) * 35),
            rec(False, "x", 40, aboard=(0,) * 35)]
    curve = summarize(recs, setup(), 1)["enemies_aboard_by_round"]
    assert curve == [0.333] * 30


def test_one_game_and_milestones_never_reached():
    doc = summarize([rec(False, "out of time", 7, (3, 0, 0), 5)], setup(), 1)
    assert doc["rounds"] == {"value": 7.0, "low": 7.0, "high": 7.0, "n": 1}
    assert doc["kills"] == {"value": 5.0, "low": 5.0, "high": 5.0, "n": 1}
    assert doc["rounds_to_distance"]["10"] == {"value": 3.0, "low": 3.0, "high": 3.0, "n": 1}
    assert doc["rounds_to_distance"]["20"] == {"value": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    assert doc["enemies_aboard_by_round"] == []
    (check,) = doc["checks"]
    assert check["status"] == "UNDECIDED"  # 0 wins of 1: [0, 0.79] cannot tell


def test_the_band_is_checked_for_a_heuristic_crew_only():
    assert summarize(RECORDS, setup(("random",) * 4), 1)["checks"] == []
    assert summarize(RECORDS, setup(("heuristic", "random", "heuristic")), 1)["checks"] == []


def test_no_games_is_an_error():
    with pytest.raises(PnpError) as e:
        summarize([], setup(), 1)
    assert e.value.field == "games" and e.value.message == "no games to summarise"


def test_the_summary_lines():
    lines = summary_lines(summarize(RECORDS, setup(), "sum"))
    assert lines == [
        f"seed {seed_code('sum')}  4 crew, 4 games, bots: heuristic, heuristic, heuristic, "
        "heuristic (95% CI)",
        "  win rate            0.500 [0.150, 0.850]",
        "  out of time         0.250 [0.046, 0.699]",
        "  sanctuary           0.500 [0.150, 0.850]",
        "  the Hull is annihilated0.250 [0.046, 0.699]",
        "  rounds              19.00 [5.62, 32.38]",
        "  Distance 10  reached 0.750 [0.301, 0.954] in round 5.00 [2.52, 7.48]",
        "  Distance 20  reached 0.500 [0.150, 0.850] in round 11.00 [-1.71, 23.71]",
        "  Distance 35  reached 0.500 [0.150, 0.850] in round 18.00 [-7.41, 43.41]",
        "UNDECIDED heuristic crew win rate: 0.5 [0.15, 0.85] band [0.4, 0.6] - needs about 52 "
        "games (has 4)"]


def test_the_summary_lines_with_a_boss():
    lines = summary_lines(summarize(RECORDS, setup(boss="harrow"), "sum"))
    assert lines[1:3] == ["  win with style      0.500 [0.150, 0.850]  (the harrow)",
                          "  win without Boss    0.750 [0.301, 0.954]"]
    assert lines[3] == "  out of time         0.250 [0.046, 0.699]"


def test_the_game_spec_records_and_summarises_through_these():
    # named lazily (pnp.games.lazy): the spec's module imports no simulator
    assert GAME.record.target() is record and GAME.summarize.target() is summarize
    assert GAME.summary_lines.target() is summary_lines
