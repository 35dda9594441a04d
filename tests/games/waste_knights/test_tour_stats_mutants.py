"""The simulator's figures (tour_stats.py), worked out by hand on made-up game records.

Winning the Game: the knight with the most Reputation wins, ties broken by the value of his gear
cards (The Stalls and Trading Gear: "3 green = 1 yellow; 2 yellow = 1 red"). Seat 1 is the First
Player of round 1. The declared bands are docs/waste-knights.md's "Bands (re-derived on the
whole game)" table.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights.tour_stats import (
    FIELDS,
    OBJECTIVE,
    OBJECTIVE_TEXT,
    TOUR_BANDS,
    compare,
    report_sections,
    summarize,
    tour_checks,
)
from pnp.sim.stats import (
    counts_ci,
    fmt_estimate,
    mean_ci,
    paired_difference_ci,
    proportion_ci,
    rate_ci,
)

W = len(FIELDS)


def record(**values):
    r = [0] * W
    for k, v in values.items():
        r[FIELDS.index(k)] = v
    return r


def game(*seats):
    return [x for s in seats for x in record(**s)]


SETUP = SimpleNamespace(players=2, vehicles=("Heavy-duty", "Pickup"),
                        bots=("heuristic", "heuristic"), rounds=10)
# Three games of two knights.
GAMES = [
    game({"reputation": 5, "gear_value": 1, "specials": 4, "starved_rounds": 1, "combats": 1},
         {"reputation": 3, "gear_value": 9, "specials": 6, "ko_radiation": 1}),
    game({"reputation": 4, "gear_value": 3, "specials": 5, "ko_wasteland": 1},
         {"reputation": 4, "gear_value": 6, "specials": 5, "ko_contamination": 1}),
    game({"reputation": 2, "gear_value": 0, "specials": 6, "wrecked": 1, "cards_faced": 3},
         {"reputation": 2, "gear_value": 0, "specials": 3, "ko_radiation": 1,
          "ko_wasteland": 1}),
]


def test_the_record_fields_and_the_declared_bands():
    assert FIELDS == ("specials", "cities", "tasks", "reputation", "cards_faced", "cards_drawn",
                      "starved_rounds", "ko_radiation", "ko_contamination", "ko_wasteland",
                      "fuel_spent", "hexes_entered", "gear_value", "faced", "escaped",
                      "combats", "combats_won", "wrecked", "duels", "duels_won", "revives",
                      "private_tasks", "trades")
    assert TOUR_BANDS == {"fuel_starved": (None, 0.35), "ko_hazard": (None, 0.25),
                          "ko_wasteland": (None, 0.65), "specials": (4.5, None),
                          "seat_wins_spread": (None, 0.25)}
    assert OBJECTIVE == "reputation" and OBJECTIVE_TEXT == "Reputation per knight per game"


def test_summarize_by_hand():
    s = summarize(GAMES, SETUP)
    assert s["knights"] == 2 and s["games"] == 3 and s["rounds"] == 10
    assert s["vehicles"] == ["Heavy-duty", "Pickup"] and s["policy"] == "heuristic"
    assert s["objective"] == "Reputation per knight per game"
    pk = s["per_knight"]
    assert pk["reputation"] == counts_ci([5, 3, 4, 4, 2, 2]).to_dict()
    assert pk["specials"] == counts_ci([4, 6, 5, 5, 6, 3]).to_dict()
    assert pk["gear_value"] == counts_ci([1, 9, 3, 6, 0, 0]).to_dict()
    assert pk["cards_faced"] == counts_ci([0, 0, 0, 0, 3, 0]).to_dict()
    assert pk["combats"] == counts_ci([1, 0, 0, 0, 0, 0]).to_dict()
    assert set(pk) == {"reputation", "gear_value", "specials", "cities", "tasks",
                       "private_tasks", "cards_faced", "cards_drawn", "faced", "escaped",
                       "combats", "combats_won", "duels", "duels_won", "revives", "trades",
                       "starved_rounds", "fuel_spent", "hexes_entered"}
    rt = s["rates"]
    assert rt == {"fuel_starved": proportion_ci(1, 6).to_dict(),
                  "ko_radiation": proportion_ci(2, 6).to_dict(),
                  "ko_contamination": proportion_ci(1, 6).to_dict(),
                  "ko_hazard": proportion_ci(3, 6).to_dict(),
                  "ko_wasteland": proportion_ci(2, 6).to_dict(),
                  "wrecked": proportion_ci(1, 6).to_dict(),
                  "ko_any": proportion_ci(4, 6).to_dict()}
    # Game 1: seat 1 (5 Reputation); game 2: 4 each, seat 2's gear (6 > 3); game 3: a tie on
    # both, split.
    seats = s["seats"]
    assert seats[0] == {"seat": 1, "vehicle": "Heavy-duty", "policy": "heuristic",
                        "reputation": mean_ci([5, 4, 2]).to_dict(),
                        "specials": mean_ci([4, 5, 6]).to_dict(),
                        "wins": rate_ci([1.0, 0.0, 0.5]).to_dict()}
    assert seats[1] == {"seat": 2, "vehicle": "Pickup", "policy": "heuristic",
                        "reputation": mean_ci([3, 4, 2]).to_dict(),
                        "specials": mean_ci([6, 5, 3]).to_dict(),
                        "wins": rate_ci([0.0, 1.0, 0.5]).to_dict()}
    assert s["fairness"] == {"reputation_spread": pytest.approx(11 / 3 - 3),
                             "wins_spread": pytest.approx(0.0), "best_seat": 1, "worst_seat": 1,
                             "wins_spread_ci": paired_difference_ci([1.0, 0.0, 0.5],
                                                                    [1.0, 0.0, 0.5]).to_dict()}
    assert [c["name"] for c in s["checks"]] == list(TOUR_BANDS)


def test_wins_split_three_ways_and_the_policy_of_mixed_bots():
    setup = SimpleNamespace(players=3, vehicles=("a", "b", "c"),
                            bots=("heuristic", "random", "heuristic"), rounds=8)
    g = game({"reputation": 1}, {"reputation": 1}, {"reputation": 1})
    h = game({"reputation": 0, "gear_value": 5}, {"reputation": 2}, {"reputation": 1})
    s = summarize([g, h], setup)
    assert s["policy"] == "heuristic,random,heuristic"
    assert [x["wins"]["value"] for x in s["seats"]] == [pytest.approx(1 / 6),
                                                        pytest.approx(2 / 3),
                                                        pytest.approx(1 / 6)]
    assert s["fairness"]["wins_spread"] == pytest.approx(2 / 3 - 1 / 6)
    assert s["fairness"]["reputation_spread"] == pytest.approx(1.5 - 0.5)
    assert [x["policy"] for x in s["seats"]] == ["heuristic", "random", "heuristic"]


def test_at_least_two_games():
    with pytest.raises(PnpError) as err:
        summarize(GAMES[:1], SETUP)
    assert err.value.message == "the tour needs at least 2 games for confidence intervals"
    assert err.value.field == "games"
    assert summarize(GAMES[:2], SETUP)["games"] == 2


def test_tour_checks_band_by_band():
    s = summarize(GAMES, SETUP)
    checks = {c.name: c for c in tour_checks(s["per_knight"], s["rates"], s["fairness"])}
    assert checks["fuel_starved"].value == pytest.approx(1 / 6)
    # 6 knight-games cannot decide a rate: each check says so, with what it needs
    assert checks["fuel_starved"].band_high == 0.35
    assert checks["fuel_starved"].status == "UNDECIDED" and checks["fuel_starved"].n == 6
    assert checks["fuel_starved"].unit == "knight-games" and checks["fuel_starved"].n_needed > 6
    assert checks["ko_hazard"].value == pytest.approx(0.5)
    assert checks["ko_hazard"].status == "UNDECIDED"
    assert checks["ko_wasteland"].value == pytest.approx(1 / 3)
    assert checks["specials"].value == pytest.approx(29 / 6)
    assert checks["specials"].band_low == 4.5 and checks["specials"].band_high is None
    spread = checks["seat_wins_spread"]
    # the best seat minus the worst over the same 3 games: 0, but not known to be 0
    assert spread.value == pytest.approx(0.0) and spread.low < 0 < spread.high
    assert spread.note == "seat 1's share of wins - seat 1's" and spread.status == "UNDECIDED"
    custom = tour_checks(s["per_knight"], s["rates"], {"wins_spread": 0.3},
                         bands={"seat_wins_spread": (None, 0.25), "ko_any": (0.7, None)})
    assert [(c.name, c.status) for c in custom] == [("seat_wins_spread", "FAIL"),
                                                    ("ko_any", "UNDECIDED")]
    assert custom[1].low == s["rates"]["ko_any"]["low"]
    low = tour_checks(s["per_knight"], s["rates"], {"wins_spread": 0.3},
                      bands={"seat_wins_spread": (0.5, None)})
    assert low[0].band_low == 0.5 and not low[0].passed


def E(value, low, high):
    return {"value": value, "low": low, "high": high, "n": 10, "sd": 1.0}


def test_compare_clearly_better_is_strict():
    def tour(v, lo, hi):
        return {"per_knight": {"reputation": E(v, lo, hi), "specials": E(1, 0, 2)}}
    c = compare(tour(3.0, 2.5, 3.5), tour(1.5, 1.0, 2.0))
    assert c == {"objective": "Reputation per knight per game", "heuristic": E(3.0, 2.5, 3.5),
                 "random": E(1.5, 1.0, 2.0), "clearly_better": True, "ratio": 2.0}
    assert not compare(tour(3.0, 2.0, 3.5), tour(1.5, 1.0, 2.0))["clearly_better"]
    assert compare(tour(3.0, 2.5, 3.5), tour(0.0, 0.0, 0.0))["ratio"] is None
    assert compare(tour(3.0, 2.5, 3.5), tour(1.5, 1.0, 2.0), "specials")["ratio"] == 1.0


def test_report_sections_word_for_word():
    s = summarize(GAMES, SETUP)
    secs = report_sections(s)
    assert [x["heading"] for x in secs] == ["Game simulator", "Seat fairness, 2 knights"]
    pk, rt = s["per_knight"], s["rates"]
    assert secs[0] == {
        "heading": "Game simulator",
        "text": ("Heuristic knights play 10 rounds (vehicles: Heavy-duty, Pickup) against the "
                 "mean Waster: the wasteland deck escaped or faced, combat, rewards, the common "
                 "task; the winner has the most Reputation (ties: gear value). Values per knight "
                 "per game with 95% intervals; rates are shares of knight-games. Fuel "
                 "starvation: a Move Step begun with 0 Fuel."),
        "table": [{"knights": 2, "games": 3, "rounds": 10,
                   "special hexes explored": fmt_estimate(pk["specials"]),
                   "Reputation": fmt_estimate(pk["reputation"]),
                   "combats won": fmt_estimate(pk["combats_won"]),
                   "wasteland cards faced": fmt_estimate(pk["cards_faced"]),
                   "wasteland cards drawn": fmt_estimate(pk["cards_drawn"]),
                   "Fuel starvation": fmt_estimate(rt["fuel_starved"]),
                   "K.O. radiation/contamination": fmt_estimate(rt["ko_hazard"]),
                   "K.O. wasteland cards": fmt_estimate(rt["ko_wasteland"])}]}
    seats = s["seats"]
    assert secs[1] == {
        "heading": "Seat fairness, 2 knights",
        "text": ("Seat 1 is the First Player of round 1; the First Player marker passes left "
                 "each round. Wins: share of games with the most Reputation, ties broken by "
                 "gear value (ties split)."),
        "table": [{"seat": x["seat"], "vehicle": x["vehicle"],
                   "Reputation": fmt_estimate(x["reputation"]),
                   "special hexes": fmt_estimate(x["specials"]),
                   "wins": fmt_estimate(x["wins"])} for x in seats],
        "chart": {"kind": "errorbar", "x": ["seat 1", "seat 2"],
                  "y": [x["wins"]["value"] for x in seats],
                  "low": [x["wins"]["low"] for x in seats],
                  "high": [x["wins"]["high"] for x in seats],
                  "ylabel": "share of wins", "title": "2 knights", "fair": 0.5},
        "checks": [{**c, "name": f"{c['name']} (2 knights)"} for c in s["checks"]]}


def test_report_sections_of_several_tours_and_the_comparison():
    two = summarize(GAMES, SETUP)
    three = summarize([game({}, {}, {"reputation": 1}), game({}, {"reputation": 1}, {})],
                      SimpleNamespace(players=3, vehicles=("x", "x", "y"), bots=("random",) * 3,
                                      rounds=9))
    cmp_ = compare(two, three)
    secs = report_sections({"tours": {"3": three, "2": two}, "heuristic_vs_random": cmp_})
    assert [x["heading"] for x in secs] == ["Game simulator", "Seat fairness, 2 knights",
                                            "Seat fairness, 3 knights",
                                            "Heuristic vs random knights"]
    assert [r["knights"] for r in secs[0]["table"]] == [2, 3]
    assert secs[0]["text"].startswith("Heuristic knights play 9 rounds (vehicles: x, y) ")
    h, r = cmp_["heuristic"], cmp_["random"]
    assert secs[3] == {
        "heading": "Heuristic vs random knights",
        "text": ("Objective: Reputation per knight per game. The heuristic knight must beat the "
                 "random legal knight clearly (its 95% interval above the random one's) for the "
                 "tour statistics to be trusted."),
        "table": [{"knight": "heuristic", "value": fmt_estimate(h)},
                  {"knight": "random", "value": fmt_estimate(r)}],
        "chart": {"kind": "bar", "x": ["heuristic", "random"], "y": [h["value"], r["value"]],
                  "low": [h["low"], r["low"]], "high": [h["high"], r["high"]],
                  "ylabel": "Reputation per knight per game"}}
    # The simulate command's JSON: one tour under "tour", the comparison beside it.
    cmd = report_sections({"tour": two, "heuristic_vs_random": None})
    assert [x["heading"] for x in cmd] == ["Game simulator", "Seat fairness, 2 knights"]
    both = report_sections({"tour": two, "heuristic_vs_random": cmp_})
    assert both[-1]["heading"] == "Heuristic vs random knights"
    assert report_sections({"tour": two, "tours": {"3": three}})[1]["heading"] == \
        "Seat fairness, 3 knights"
