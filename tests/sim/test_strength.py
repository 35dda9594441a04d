"""Bot strength as part of the evidence (issue 24): a game's checks set beside the same checks
with its stronger player; a conclusion decided both ways is flagged as an artefact of the bots."""

from __future__ import annotations

import json

import pytest

from pnp.sim.stats import Estimate, check_band
from pnp.sim.strength import compare, notes, section

WIDE = Estimate(0.5, 0.3, 0.7, 20)


def _seat(value: float, width: float = 0.03):
    return check_band("seat 1 win rate", Estimate(value, value - width, value + width, 900),
                      0.45, 0.55)


def test_a_check_decided_both_ways_flips_and_undecided_ones_cannot():
    base = [_seat(0.5), check_band("draws", 0.02, 0, 0.1), check_band("x", WIDE, 0.4, 0.6),
            check_band("only here", 0.0, 0, 0)]
    strong = [_seat(0.7).to_dict(), check_band("draws", 0.5, 0, 0.1).to_dict(),
              check_band("x", Estimate(0.9, 0.85, 0.95, 900), 0.4, 0.6).to_dict()]
    block = compare(base, strong, "heuristic", "search", 30)
    assert [r["check"] for r in block["rows"]] == ["seat 1 win rate", "draws", "x"]
    # PASS -> FAIL flips; UNDECIDED -> FAIL does not (it was never decided)
    assert block["flipped"] == ["seat 1 win rate", "draws"]
    assert [r["flips"] for r in block["rows"]] == [True, True, False]
    assert notes(block)[0] == ("note: seat 1 win rate is decided one way with heuristic players "
                               "and the other with search: an artefact of the bots")
    table = section(block, "Salvage", "search")["table"]
    assert table[0]["flag"] == "artefact of the bots" and table[0]["search"] == "FAIL 0.7"
    assert table[0]["heuristic"] == "PASS 0.5" and table[2]["flag"] == ""


def test_the_same_conclusion_holds_and_games_without_a_stronger_player_say_so():
    block = compare([_seat(0.5)], [_seat(0.51)], "heuristic", "search", 10)
    assert block["flipped"] == [] and notes(block) == []
    s = section(block, "Salvage", "search")
    assert "no conclusion decided with both players flips" in s["text"]
    assert s["table"][0]["flag"] == "holds"
    assert "no stronger computer player" in section(None, "Waste Knights")["text"]
    assert "--stronger-games N" in section(None, "Salvage", "search-quick")["text"]


@pytest.mark.slow
def test_salvage_session_replays_its_checks_with_search_players(run_pnp, tmp_path):
    out = tmp_path / "s"
    code, stdout, _ = run_pnp("salvage", "session", "--seed", "st24", "--games", "12",
                              "--stronger-games", "2", "--jobs", "2", "--out", str(out))
    assert code == 0
    block = json.loads((out / "manifest.json").read_text())["strength"]
    assert block["stronger_bot"] == "search-quick" and block["games"] == 2
    assert "seat 1 win rate (first player)" in [r["check"] for r in block["rows"]]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<h2>Bot strength</h2>" in html and "search-quick" in html
