"""Mods measured over many fields, the rank correlation of printed score and value, and the
session report's outlier flag (issue 25: "Mods whose printed score is not their worth").

The rulebook: "Each mod: The score printed on it" counts at the end, so a mod's printed score
should rank the mods as their worth in play does (docs/salvage.md: Spearman at least 0.9 on
seeds the tuning never saw).
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from pnp.games.salvage import deck
from pnp.games.salvage.installs import OUTLIER_BAND, expected_rate, installer_checks
from pnp.games.salvage.mods import Mod, deck_of
from pnp.games.salvage.simulate import Record, make_setup, summarize
from pnp.sim.stats import Estimate, proportion_ci

from .helpers import setup_of

A = Mod("A", "Tool", 1, (("power", 1),))
B = Mod("B", "Weapon", 2, (("fight_bonus", 1),))


# --- the rank correlation -------------------------------------------------------------------

def test_rank_correlation_by_hand():
    assert deck.rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert deck.rank_correlation([1, 2, 3, 4], [0.4, 0.3, 0.2, 0.1]) == pytest.approx(-1.0)
    # ranks 1 2 3 against 1 3 2: 1 - 6 x (0 + 1 + 1) / (3 x 8) = 0.5
    assert deck.rank_correlation([1, 2, 3], [0.1, 0.3, 0.2]) == pytest.approx(0.5)
    # ties share their mean rank: scores 0 0 1 2 rank 1.5 1.5 3 4; values 1 2 3 4:
    # Pearson of (1.5, 1.5, 3, 4) and (1, 2, 3, 4) = 4.5 / sqrt(4.5 x 5)
    assert deck.rank_correlation([0, 0, 1, 2], [0.0, 0.1, 0.2, 0.3]) == \
        pytest.approx(4.5 / (4.5 * 5) ** 0.5)
    assert deck.rank_correlation([1, 1, 1], [0.1, 0.2, 0.3]) == 0.0  # no spread: no ranking
    with pytest.raises(ValueError):
        deck.rank_correlation([1, 2], [1.0])


def _value(mod, diffs):
    return deck.ModValue(mod, Estimate(sum(diffs) / len(diffs), -1, 1, len(diffs)), diffs)


def test_the_rank_check_passes_a_deck_ranked_by_its_values_and_fails_the_reverse():
    mods = [dataclasses.replace(A, name=f"M{s}", score=s) for s in range(5)]
    # mod s: every paired game s/10 better, +-0.05 by game: a clear ranking in every resample
    good = [_value(m, tuple(m.score / 10 + (0.05 if i % 2 else -0.05) for i in range(40)))
            for m in mods]
    check = deck.score_rank_check(good, "r")
    assert check.value == pytest.approx(1.0) and check.status == "PASS"
    assert (check.band_low, check.band_high) == deck.RANK_BAND == (0.9, 1.0)
    assert check.n == 40
    reverse = [dataclasses.replace(v, mod=dataclasses.replace(v.mod, score=4 - v.mod.score))
               for v in good]
    bad = deck.score_rank_check(reverse, "r")
    assert bad.value == pytest.approx(-1.0) and bad.status == "FAIL"
    assert deck.score_rank_check(good, "r") == check  # the resamples come from the seed


def test_the_rank_check_is_undecided_on_noise():
    mods = [dataclasses.replace(A, name=f"M{s}", score=s) for s in range(5)]
    noisy = [_value(m, tuple(((i * (m.score + 3)) % 7 - 3) / 3 for i in range(12)))
             for m in mods]
    assert deck.score_rank_check(noisy, "n").status in ("UNDECIDED", "FAIL")
    with pytest.raises(ValueError):
        deck.score_rank_check([deck.ModValue(A, Estimate(0, 0, 0, 0))], "n")


# --- --fields planning ------------------------------------------------------------------------

def test_the_field_plan_gives_each_pair_of_seats_its_own_field():
    assert deck.field_plan(6, 3) == [0, 0, 1, 1, 2, 2]
    assert deck.field_plan(7, 4) == [0, 0, 1, 1, 2, 2, 3]
    assert deck.field_plan(8, 2) == [0, 0, 1, 1, 0, 0, 1, 1]  # each field: both seats
    assert deck.field_plan(5, 1) == [0] * 5
    for games, fields in ((6, 4), (6, 0), (2, 2)):
        with pytest.raises(ValueError):
            deck.field_plan(games, fields)


def test_mod_fields_come_from_the_seed_and_differ():
    first = deck.mod_fields("f", 3, nodes=15)
    assert first == deck.mod_fields("f", 3, nodes=15)  # deterministic per seed
    assert first[:2] == deck.mod_fields("f", 2, nodes=15)  # more fields keep the first ones
    assert len({f.seed_code for f in first}) == 3 and all(len(f.nodes) == 15 for f in first)
    assert deck.mod_fields("g", 1, nodes=15)[0] != first[0]
    own = make_setup("f", 2, ("heuristic", "heuristic"), {"nodes": 15}).field
    assert own not in first  # never the session's own field


def test_each_paired_game_is_played_on_its_own_field(monkeypatch):
    played = []

    def fake_play(spec, setup, seed):
        played.append((setup.field, setup.start_mods, seed))
        return SimpleNamespace(returns=lambda: (0.5, 0.5))

    monkeypatch.setattr(deck, "play", fake_play)
    fields = ("F0", "F1", "F2")
    deck.measure_mods(setup_of(mods=deck_of([A, B])), 6, "p", fields=fields)
    # game i on field i // 2: without, with A, with B, all on the game's field
    assert [f for f, _, _ in played] == [f for f in fields for _ in range(6)]
    seats = [0 if m[0] else 1 for _, m, _ in played if m != ((), ())]
    assert seats == [0, 0, 1, 1] * 3
    played.clear()
    deck.measure_mods(setup_of(mods=deck_of([A])), 4, "p")  # no fields: the setup's own
    assert {f for f, _, _ in played} == {setup_of().field}


def test_the_mods_command_plays_many_fields(run_pnp, tmp_path):
    import json

    out = tmp_path / "m"
    code, stdout, _ = run_pnp("salvage", "mods", "--seed", "t", "--out", str(out), "--games",
                              "8", "--fields", "3", "--nodes", "15", "--jobs", "1",
                              "--max-rounds", "1")
    assert code in (0, 1), stdout
    doc = json.loads((out / "mods.json").read_text(encoding="utf-8"))
    assert doc["fields"] == 3 and doc["games_per_mod"] == 8
    rank = doc["rank_correlation"]
    assert rank["name"] == "mods: rank correlation of printed score and value"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["checks"][0]["name"] == rank["name"]
    code, _, err = run_pnp("salvage", "mods", "--seed", "t", "--out", str(tmp_path / "x"),
                           "--games", "8", "--fields", "5")
    assert code == 2 and "fields" in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


# --- the session report's outlier flag --------------------------------------------------------

def test_expected_rate_is_the_weighted_line():
    # (0, 0.4) x 10 and (2, 0.6) x 10: the line 0.4 + 0.1 x score
    assert expected_rate([(0, 0.4, 10), (2, 0.6, 10)], 5) == pytest.approx(0.9)
    assert expected_rate([(1, 0.3, 1), (1, 0.5, 3)], 4) == pytest.approx(0.45)  # no spread
    assert expected_rate([(0, 0.4, 1), (1, 0.9, 1)], 5) == 1.0  # a rate stays within 0..1
    with pytest.raises(ValueError):
        expected_rate([], 1)


def test_die_socket_winning_0_786_is_flagged():
    # issue 25: "Die Socket's installer wins 0.786 [0.723, 0.837] yet no mod is flagged"
    rates = {"Die Socket": proportion_ci(154, 196)}
    assert (round(rates["Die Socket"].low, 3), round(rates["Die Socket"].high, 3)) == \
        (0.723, 0.837)
    scores = {"Die Socket": 5}
    for k, (score, wins) in enumerate([(0, 88), (1, 94), (2, 100), (3, 104), (5, 110)]):
        rates[f"M{k}"] = proportion_ci(wins, 200)
        scores[f"M{k}"] = score
    per_mod, check = installer_checks(rates, scores)
    assert [name for name, c in per_mod.items() if c.status == "FAIL"] == ["Die Socket"]
    assert per_mod["Die Socket"].band_high < 0.723
    assert check is not None and check.status == "FAIL" and "Die Socket" in check.note
    # the others sit on their line: none fails (the outlier in their fit widens nothing, but
    # pulls the line at score 5 up: M4 is undecided rather than passed)
    assert [per_mod[f"M{k}"].status for k in range(5)] == ["PASS"] * 4 + ["UNDECIDED"]
    assert per_mod["M0"].band_high - per_mod["M0"].band_low == pytest.approx(2 * OUTLIER_BAND)
    assert installer_checks({"A": rates["M0"]}, {"A": 0}) == ({}, None)  # nothing to hold to


def test_the_summary_flags_an_outlier_from_records():
    mods = (dataclasses.replace(A, name="Strong", score=1), dataclasses.replace(B, name="Plain"))
    setup = setup_of(mods=deck_of(mods))

    def rec(winner, m0, m1):
        return Record(winner, "score", 24, (0, 0), 0, (m0, m1), 0, (1, 0), (0,) * 6)

    # Strong's installer wins 60 of 60; Plain's (printed higher) 30 of 60, A third mod none
    records = ([rec(0, ("Strong",), ("Plain",))] * 30 + [rec(1, ("Strong",), ("Plain",))] * 0
               + [rec(0, ("Strong",), ())] * 30 + [rec(1, (), ("Plain",))] * 30)
    doc = summarize(records, setup, "o")
    assert doc["mods"]["Strong"]["status"] == "FAIL"
    (outlier,) = [c for c in doc["checks"]
                  if c["name"] == "mods: installer win rate vs printed score"]
    assert outlier["status"] == "FAIL"


@pytest.mark.slow
def test_printed_scores_rank_the_mods_on_an_unseen_seed():
    """docs/salvage.md: tuned on the seeds train-1 .. train-3, confirmed on seeds the tuning
    never saw (confirm-1, confirm-2 and this one): Spearman's rho of printed score and value,
    2,000 paired games a mod over 1,000 fields, at least 0.9 (about 90 s of one core)."""
    setup = make_setup("confirm-3", 2, ("heuristic", "heuristic"), {})
    values = deck.measure_mods(setup, 2000, "confirm-3", jobs=1,
                               fields=deck.mod_fields("confirm-3", 1000))
    rho = deck.rank_correlation([v.mod.score for v in values], [v.value.value for v in values])
    assert rho >= 0.9, [(v.name, v.mod.score, round(v.value.value, 3)) for v in values]
