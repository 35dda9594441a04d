"""Salvage's mods deck balanced by simulation (``deck.py``), worked out by hand.

Written against the survivors of the mutation run of ``deck.py`` that docs/testing.md lists. The
games are a stand-in (``play`` replaced by a function of the seat's start mods and the game
seed), so each paired difference, value, scale, verdict and retuned score is known in advance;
docs/salvage.md promises "scores retuned within 0-5", one seat starting with the mod, paired
games on the same seeds.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from pnp.games.salvage import deck
from pnp.games.salvage.mods import Mod, deck_of
from pnp.sim.play import game_seed
from pnp.sim.stats import Check, Estimate, paired_difference_ci

from .helpers import setup_of

A = Mod("A", "Tool", 1, (("power", 1),), "one more die", 2)
B = Mod("B", "Weapon", 2, (("fight_bonus", 1),), "+1", 1)
C = Mod("C", "Tool", 3, (), "", 3)


def test_the_numbers():
    assert deck.DEFAULT_SCALE == 0.02 and deck.DEFAULT_BAND == 0.03 and deck.MAX_SCORE == 5
    assert deck.CSV_COLUMNS == ("name", "type", "score", "text", "count", "back")


def test_unique_mods_keep_the_first_card_of_each_name_in_deck_order():
    other_a = dataclasses.replace(A, score=4)
    assert deck.unique_mods([B, A, other_a, B, C]) == (B, A, C)
    assert deck.unique_mods([]) == ()


@pytest.fixture
def games(monkeypatch):
    """``play`` replaced: a seat's return is 1 when it starts with a mod whose name the
    game's table lists for it, else the table's base value; every game recorded."""
    played = []

    def fake_play(spec, setup, seed):
        played.append((setup.start_mods, seed))
        i = [game_seed("m", k) for k in range(40)].index(seed)
        names = [m.name for mods in setup.start_mods for m in mods]
        scores = [m.score for mods in setup.start_mods for m in mods]
        seat = 0 if setup.start_mods[0] else 1
        base = (0.5, 0.5) if i % 3 else (1.0, 0.0)
        value = {"A": 1.0, "B": 0.0, "C": base[seat]}
        out = list(base)
        if names:
            assert scores == [0]  # "the measured copy prints 0"
            out[seat] = value[names[0]]
        return SimpleNamespace(returns=lambda: tuple(out))

    monkeypatch.setattr(deck, "play", fake_play)
    return played


def test_each_mod_on_seat_i_mod_2_against_the_same_games_without(games):
    start = ((B,), (A,))  # the run's own start mods are set aside
    setup = dataclasses.replace(setup_of(mods=deck_of([A, B, C])), start_mods=start)
    values = deck.measure_mods(setup, 4, "m")
    assert [v.mod for v in values] == [A, B, C] and [v.name for v in values] == ["A", "B", "C"]
    # game by game: without, then with A, B, C, all from the game's seed
    assert [seed for _, seed in games] == [game_seed("m", i) for i in range(4) for _ in "-ABC"]
    assert all(mods == ((), ()) for mods, _ in games[0::4])
    withs = [g for k, g in enumerate(games) if k % 4]
    seats = [0 if mods[0] else 1 for mods, _ in withs]
    assert seats == [0] * 3 + [1] * 3 + [0] * 3 + [1] * 3
    assert [mods[s][0].name for (mods, _), s in zip(withs, seats, strict=True)] == \
        ["A", "B", "C"] * 4
    # base returns for seat i % 2: games 0..3 give 1.0, 0.5, 0.5, 0.0; Newcombe's interval
    base = [1.0, 0.5, 0.5, 0.0]
    assert values[0].value == paired_difference_ci([1.0] * 4, base)
    assert values[1].value == paired_difference_ci([0.0] * 4, base)
    assert values[2].value == paired_difference_ci(base, base)
    assert values[0].diffs == (0.0, 0.5, 0.5, 1.0)
    assert values[1].diffs == (-1.0, -0.5, -0.5, 0.0) and values[2].diffs == (0.0,) * 4


def test_measure_chosen_mods_only_and_at_least_two_games(games):
    setup = setup_of(mods=deck_of([A, B]))
    (v,) = deck.measure_mods(setup, 2, "m", mods=[B])
    assert v.mod is B and v.value.n == 2
    with pytest.raises(ValueError) as e:
        deck.measure_mods(setup, 1, "m")
    assert str(e.value) == "a mod's value needs at least 2 paired games"


def test_many_games_run_in_batches_of_their_own_units(games, monkeypatch):
    # 40 games x 3 variants (without, A, B): batches of 50 games' units, in order
    jobs = []
    real = deck.run

    def run(task, n, seed, **kw):
        jobs.append(kw.get("jobs", "run's own default"))
        return real(task, n, seed, **{**kw, "jobs": 1})  # the stand-in plays in this process

    monkeypatch.setattr(deck, "run", run)
    played = games
    values = deck.measure_mods(setup_of(mods=(A, B)), 40, "m")
    assert jobs == [1]  # one process unless asked
    assert len(played) == 120
    assert [seed for _, seed in played] == [game_seed("m", i) for i in range(40) for _ in "-AB"]
    assert [mods for mods, _ in played[0::3]] == [((), ())] * 40
    assert [v.value.n for v in values] == [40, 40]
    assert deck.measure_mods(setup_of(mods=(A, B)), 40, "m", jobs=3) == values
    assert jobs == [1, 3]


def value(mod, v, half=0.02):
    return deck.ModValue(mod, Estimate(v, v - half, v + half, 100))


def test_the_scale_is_least_squares_through_the_origin():
    # k = (1 x 0.03 + 2 x 0.05) / (1 + 4) = 0.026
    assert deck.fit_scale([value(A, 0.03), value(B, 0.05)]) == pytest.approx(0.026)
    zero = dataclasses.replace(A, score=0)
    assert deck.fit_scale([value(zero, 0.3)]) == deck.DEFAULT_SCALE  # no printed points
    assert deck.fit_scale([value(A, 0.0)]) == deck.DEFAULT_SCALE      # k = 0 is not positive
    assert deck.fit_scale([]) == deck.DEFAULT_SCALE
    assert deck.fit_scale([value(A, 0.001)]) == 0.001


def test_verdicts_need_the_whole_interval_outside_the_band():
    def verdict(low, high):
        return deck._verdict(Estimate((low + high) / 2, low, high, 10), 0.25, 0.125)
    assert verdict(0.375, 0.5) == "ok" and verdict(0.376, 0.5) == "over"
    assert verdict(0.0, 0.125) == "ok" and verdict(0.0, 0.124) == "under"


def test_a_must_pick_mod_beats_every_other_mods_band():
    vals = [value(A, 0.10), value(B, 0.16), value(C, 0.30)]
    tuned = {v.name: v.mod for v in vals}
    reps = deck._reports(vals, 0.05, 0.02, tuned)
    # expected 0.05, 0.10, 0.15 with bands of 0.02: C's low 0.28 > 0.17, B's low 0.14 is not
    assert [r.must_pick for r in reps] == [False, False, True]
    assert [r.verdict for r in reps] == ["over", "over", "over"]
    assert [r.expected for r in reps] == [pytest.approx(x) for x in (0.05, 0.10, 0.15)]
    assert all(r.band == 0.02 for r in reps) and [r.score_before for r in reps] == [1, 2, 3]
    (alone,) = deck._reports(vals[2:], 0.05, 0.02, tuned)
    assert not alone.must_pick  # no other mod to beat
    # scale 0.25, band 0.125: A's band ends at 0.375; B's low must be above it, not at it
    at = deck._reports([value(A, 0.25), value(B, 0.5, 0.125)], 0.25, 0.125, tuned)
    above = deck._reports([value(A, 0.25), value(B, 0.5, 0.0625)], 0.25, 0.125, tuned)
    assert not at[1].must_pick and above[1].must_pick


def test_the_report_entry():
    r = deck.ModReport(dataclasses.replace(A, score=3), 1, Estimate(0.1, 0.05, 0.15, 20), 0.02,
                       0.03, "over", True)
    assert r.to_dict() == {"name": "A", "type": "Tool", "text": "one more die", "copies": 2,
                           "effects": {"power": 1}, "printed_score": {"before": 1, "after": 3},
                           "measured_value": {"value": 0.1, "low": 0.05, "high": 0.15, "n": 20},
                           "expected_value": 0.02, "band": [pytest.approx(-0.01), 0.05],
                           "verdict": "over",
                           "must_pick": True}


def test_the_tuned_deck_repeats_each_mod_by_its_count():
    bal = deck.DeckBalance((A, B, C), (), 0.02, 1)
    assert bal.deck == (A, A, B, C, C, C)


@pytest.fixture
def measured(monkeypatch):
    """``measure_mods`` replaced: round r's values from ``plan[r]`` (name -> (value, half));
    the mods each round measured are recorded."""
    rounds = []

    def fake(setup, games, seed, *, jobs=1, mods=None, fields=()):
        rounds.append((setup.mods, tuple(mods), games, seed, jobs))
        plan = measured.plan[len(rounds) - 1]
        return [deck.ModValue(m, Estimate(plan[m.name][0], plan[m.name][0] - plan[m.name][1],
                                          plan[m.name][0] + plan[m.name][1], games))
                for m in mods]

    monkeypatch.setattr(deck, "measure_mods", fake)
    measured.rounds = rounds
    return measured


def test_balance_retunes_the_scores_off_their_band(measured):
    # round 1: k = (1 x 0.1 + 2 x 0.2 + 3 x 0.6) / 14 = 0.164; C (3 points, worth 0.6) is
    # over its band and goes to round(0.6 / k) = 4; A and B overlap theirs
    # round 2: k = 2.9 / 21 = 0.138: C at 4 is still over, but round(0.6 / k) = 4 again: stop
    measured.plan = [{"A": (0.1, 0.1), "B": (0.2, 0.1), "C": (0.6, 0.01)}] * 5
    setup = setup_of(mods=deck_of([A, B, C]))
    bal = deck.balance_deck(setup, 30, "s", jobs=2, max_rounds=5)
    assert bal.rounds == 2 and [m.score for m in bal.mods] == [1, 2, 4]
    assert bal.scale == pytest.approx(2.9 / 21)
    assert [r[1] for r in measured.rounds] == [(A, B, C), (A, B, dataclasses.replace(C, score=4))]
    assert measured.rounds[1][0] == deck_of(bal.mods)
    assert all(r[2:] == (30, "s", 2) for r in measured.rounds)
    assert [r.score_before for r in bal.reports] == [1, 2, 3]  # the first printed score
    assert [r.mod.score for r in bal.reports] == [1, 2, 4]
    assert [r.verdict for r in bal.reports] == ["ok", "ok", "over"]
    assert [r.expected for r in bal.reports] == [pytest.approx(x * 2.9 / 21) for x in (1, 2, 4)]


def test_scores_stay_within_0_to_the_top_score(measured):
    measured.plan = [{"A": (0.9, 0.01), "B": (-0.5, 0.01), "C": (0.0, 0.01)}] * 2
    bal = deck.balance_deck(setup_of(mods=(A, B, C)), 10, 1, max_rounds=1)
    assert bal.rounds == 1 and len(measured.rounds) == 1
    assert [m.score for m in bal.mods] == [5, 0, 0]  # 0.9 / k far above 5; -0.5 below 0
    bal = deck.balance_deck(setup_of(mods=(A, B, C)), 10, 1, max_rounds=1, max_score=3)
    assert bal.mods[0].score == 3
    assert [r.verdict for r in bal.reports] == ["over", "under", "under"]


def test_two_rounds_and_one_process_by_default(measured):
    # each round moves A's score: 1 -> 5 (0.9 / 0.18), then the fit changes, and so on
    measured.plan = [{"A": (0.9, 0.01), "B": (0.04, 0.01), "C": (0.2, 0.01)}] * 5
    bal = deck.balance_deck(setup_of(mods=(A, B, C)), 10, 1)
    assert bal.rounds == 2 and len(measured.rounds) == 2
    assert {r[4] for r in measured.rounds} == {1}


def test_at_least_one_round_and_a_stop_when_nothing_changes(measured):
    measured.plan = [{"A": (0.9, 0.01), "B": (0.04, 0.01)}] * 5
    bal = deck.balance_deck(setup_of(mods=(A, B)), 10, 1, max_rounds=0)
    assert bal.rounds == 1
    measured.rounds.clear()
    bal = deck.balance_deck(setup_of(mods=(A, B)), 10, 1, max_rounds=5)
    # round 1 (k = 0.98 / 5): A over, to 5; B under, to 0; round 2 (k = 4.5 / 25) flags none
    assert bal.rounds == 2 and [m.score for m in bal.mods] == [5, 0]
    assert len(measured.rounds) == 2
    assert [r.verdict for r in bal.reports] == ["ok", "ok"]
    assert [r.score_before for r in bal.reports] == [1, 2]


def test_every_mod_a_check_and_the_must_pick_fails():
    reps = (deck.ModReport(A, 1, Estimate(0.02, 0.01, 0.03, 9), 0.02, 0.03, "ok", False),
            deck.ModReport(dataclasses.replace(B, score=4), 2, Estimate(0.3, 0.2, 0.4, 9),
                           0.04, 0.03, "ok", True),
            deck.ModReport(C, 3, Estimate(0.0, -0.1, 0.1, 9), 0.06, 0.03, "under", False))
    checks = deck.mod_checks(deck.DeckBalance((A, B, C), reps, 0.02, 1))
    assert checks[0] == Check("mod A: value vs printed score", 0.02, 0.01, 0.03,
                              pytest.approx(-0.01), 0.05, "PASS", "printed 1 -> 1", 9,
                              detectable=pytest.approx(0.01 * (1.96 + 0.8416) / 1.96, abs=1e-4))
    assert checks[1].note == "printed 2 -> 4; must-pick" and checks[1].status == "FAIL"
    # C: 0.0 [-0.1, 0.1] against 0.03..0.09 (the interval straddles the band's low edge)
    assert checks[2].status == "UNDECIDED" and checks[2].note == "printed 3 -> 3"


def test_the_cards_csv():
    text = deck.mods_csv([A, dataclasses.replace(B, text='a "quoted", text')])
    assert text == ('name,type,score,text,count,back\nA,Tool,1,one more die,2,\n'
                    'B,Weapon,2,"a ""quoted"", text",1,\n')


def test_the_mods_document_and_the_table():
    reps = (deck.ModReport(A, 1, Estimate(0.02, 0.01, 0.03, 9), 0.02, 0.03, "ok", False),
            deck.ModReport(dataclasses.replace(B, score=4), 2, Estimate(0.3, 0.2, 0.4, 9),
                           0.04, 0.03, "over", True))
    bal = deck.DeckBalance((A, B), reps, 0.0234, 2)
    rank = Check("mods: rank correlation of printed score and value", 0.95, 0.91, 0.99,
                 0.9, 1.0, "PASS", n=50)
    doc = deck.mods_document(bal, games=50, seed="t", bots=("heuristic", "heuristic"),
                             band=0.03, fields=25, rank=rank)
    from pnp.seed import seed_code
    assert doc == {"game": "salvage", "seed": "t", "seed_code": seed_code("t"),
                   "games_per_mod": 50, "fields": 25, "bots": ["heuristic", "heuristic"],
                   "band": 0.03,
                   "scale": {"k": 0.0234, "fit": "least squares through the origin: expected "
                             "win-rate change = k x printed score"},
                   "rounds": 2, "rank_correlation": rank.to_dict(),
                   "mods": [r.to_dict() for r in reps]}
    assert deck.balance_lines(bal) == [
        "scale k = 0.0234 win rate per point, 2 round(s)",
        "  A                          1 -> 1  +0.020 [+0.010, +0.030]  ok",
        "  B                          2 -> 4  +0.300 [+0.200, +0.400]  over  MUST-PICK"]
