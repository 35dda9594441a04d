"""The intervals every game's checks rest on: coverage by simulation, bounds, zero and full
counts, and the PASS / FAIL / UNDECIDED rule with the games an undecided check needs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.sim.stats import (
    FAIL,
    PASS,
    UNDECIDED,
    Check,
    Estimate,
    check_band,
    check_range,
    check_true,
    clustered_rate_ci,
    combine,
    count_ci,
    difference_ci,
    mean_rate_ci,
    paired_difference_ci,
    proportion_ci,
    rate_ci,
    verdict,
)


def _covered(est: Estimate, truth: float) -> bool:
    return est.low <= truth <= est.high


# --- coverage by simulation: a 95% interval holds the truth about 95% of the time ---------

@pytest.mark.parametrize("p, n", [(0.5, 40), (0.1, 50), (0.02, 200), (0.9, 30)])
def test_wilson_covers_the_true_rate(p, n):
    rng = np.random.default_rng(1)
    hits = [_covered(proportion_ci(int(k), n), p) for k in rng.binomial(n, p, size=2000)]
    assert 0.92 <= np.mean(hits) <= 0.995


@pytest.mark.parametrize("mu, games", [(0.0, 40), (0.05, 40), (1.5, 20), (30.0, 5)])
def test_exact_poisson_covers_the_true_rate_at_least_95(mu, games):
    rng = np.random.default_rng(2)
    counts = rng.poisson(mu * games, size=2000)
    covered = {k: _covered(count_ci(int(k), games), mu) for k in set(counts.tolist())}
    hits = [covered[k] for k in counts.tolist()]
    assert np.mean(hits) >= 0.94  # exact: at least the nominal level, up to simulation noise


@pytest.mark.parametrize("p_with, p_without, agree", [(0.6, 0.4, 0.6), (0.5, 0.5, 0.9),
                                                      (0.1, 0.05, 0.95), (0.95, 0.6, 0.5)])
def test_newcombe_paired_covers_the_true_difference(p_with, p_without, agree):
    # Correlated pairs: with probability ``agree`` a game's result does not depend on the
    # change (both results from one draw), else the two are drawn apart.
    rng = np.random.default_rng(3)
    n, hits = 50, []
    for _ in range(1500):
        same = rng.random(n) < agree
        u = rng.random(n)
        a = np.where(same, u < p_with, rng.random(n) < p_with).astype(float)
        b = np.where(same, u < p_without, rng.random(n) < p_without).astype(float)
        hits.append(_covered(paired_difference_ci(a, b), p_with - p_without))
    assert 0.92 <= np.mean(hits) <= 0.999  # the N/2 in phi errs on the wide side


def test_newcombe_unpaired_covers_the_true_difference():
    rng = np.random.default_rng(4)
    hits = [_covered(difference_ci(rng.random(30) < 0.3, rng.random(200) < 0.5), -0.2)
            for _ in range(1500)]
    assert 0.92 <= np.mean(hits) <= 0.995


def test_mean_of_seat_rates_covers_the_truth():
    rng = np.random.default_rng(5)
    rates = (0.2, 0.5, 0.3)
    hits = [_covered(mean_rate_ci([rng.random(15) < p for p in rates]), np.mean(rates))
            for _ in range(1500)]
    assert 0.92 <= np.mean(hits) <= 0.995


def test_clustered_interval_covers_the_mean_over_boards_where_wilson_does_not():
    # Boards differ (seat 1 wins 0.3 on one board, 0.7 on another): the games of one board are
    # not independent draws of the generator's rate, and Wilson over all games is too narrow.
    rng = np.random.default_rng(6)
    clustered, pooled = [], []
    for _ in range(800):
        boards = [rng.random(100) < p for p in rng.uniform(0.3, 0.7, size=6)]
        clustered.append(_covered(clustered_rate_ci(boards), 0.5))
        pooled.append(_covered(rate_ci(np.concatenate(boards)), 0.5))
    assert np.mean(clustered) >= 0.92
    assert np.mean(pooled) < 0.8


# --- bounds, zero and full counts ------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=60))
@example([(1.0, 1.8567351551577737e-161), (0.75, 0.0)])  # a spread whose square underflows
def test_paired_difference_stays_inside_minus_one_one_and_is_never_a_point(pairs):
    a, b = zip(*pairs, strict=True)
    est = paired_difference_ci(a, b)
    assert -1.0 <= est.low <= est.value <= est.high <= 1.0
    assert est.high - est.low > 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=40),
       st.lists(st.floats(0, 1), min_size=1, max_size=40))
def test_difference_stays_inside_minus_one_one(a, b):
    est = difference_ci(a, b)
    assert -1.0 <= est.low <= est.value <= est.high <= 1.0 and est.high > est.low


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from([0.0, 0.5, 1.0]), max_size=20), min_size=1,
                max_size=5).filter(lambda gs: any(gs)))
def test_group_and_board_rates_stay_inside_zero_one(groups):
    for est in (mean_rate_ci(groups), clustered_rate_ci(groups)):
        assert 0.0 <= est.low <= est.value <= est.high <= 1.0 and est.high > est.low


@given(st.integers(0, 5000), st.integers(1, 500))
@settings(max_examples=40, deadline=None)
def test_poisson_interval_holds_the_rate_and_is_never_a_point(k, games):
    est = count_ci(k, games)
    assert 0.0 <= est.low <= est.value <= est.high and est.high > est.low
    assert est.low < est.value or k == 0


def test_zero_and_full_counts_are_never_certain():
    # Frenzy 0 wins of 11 games: the interval reaches 0.26, not 0.
    assert proportion_ci(0, 11).high == pytest.approx(0.2588, abs=1e-4)
    assert proportion_ci(11, 11).low == pytest.approx(0.7412, abs=1e-4)
    assert mean_rate_ci([[0.0] * 3, [0.0] * 4, [0.0] * 4]).high > 0.25
    # 0 collapses in 40 games: at most 3.689 / 40 a game (the exact Poisson bound).
    assert count_ci(0, 40).high == pytest.approx(3.6889 / 40, abs=1e-5)
    # every pair the same: the difference is 0 but not known to be exactly 0
    same = paired_difference_ci([1.0] * 50, [1.0] * 50)
    assert same.value == 0 and same.low < -0.05 and same.high > 0.05
    # half won, half lost, and the change altered no game: still not a certain 0
    even = paired_difference_ci([1.0, 0.0] * 25, [1.0, 0.0] * 25)
    assert even.low < -0.02 and even.high > 0.02


@pytest.mark.parametrize("k, low, high", [(0, 0.0, 3.6889), (1, 0.0253, 5.5716),
                                          (5, 1.6235, 11.6683), (10, 4.7954, 18.3904)])
def test_exact_poisson_known_values(k, low, high):
    # Garwood's interval: the chi-square quantiles / 2 (tables of the exact Poisson bounds).
    est = count_ci(k, 1)
    assert (est.low, est.high) == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_rates_refuse_results_outside_zero_one():
    with pytest.raises(PnpError, match="between 0 and 1"):
        rate_ci([0.5, 2.0])
    with pytest.raises(PnpError, match="one result per pair"):
        paired_difference_ci([1.0], [1.0, 0.0])
    with pytest.raises(PnpError, match="at least one game"):
        count_ci(0, 0)


# --- the check rule and the verdict ---------------------------------------------------------

def test_a_check_that_cannot_tell_is_undecided_with_the_games_it_needs():
    # Waste Knights' seat spread: 0.42 [0.351, 0.489] against a band of at most 0.45
    c = check_band("seat 1 wins", Estimate(0.42, 0.351, 0.489, 200), None, 0.45)
    assert c.status == UNDECIDED and not c.passed
    # the upper half-width 0.069 must shrink below the gap 0.03: (0.069 / 0.03)^2 x 200 x 1.05
    assert c.n_needed == 1111
    assert c.detectable == pytest.approx((1.96 + 0.8416) / 1.96 * 0.069, abs=1e-3)
    on_edge = check_band("x", Estimate(0.45, 0.4, 0.5, 100), None, 0.45)
    assert on_edge.status == UNDECIDED and on_edge.n_needed is None


def test_exact_checks_pass_or_fail():
    assert check_range("threat", 2.0, 3.0, 1.0, 4.0).status == PASS
    assert check_range("threat", 0.5, 3.0, 1.0, 4.0).status == FAIL
    assert check_true("rises", True).passed and check_true("rises", False).status == FAIL
    with pytest.raises(PnpError, match="status must be one of"):
        Check("x", 0, 0, 0, None, None, "MAYBE")


def test_combined_check_and_verdict():
    ok = check_band("a", proportion_ci(50, 100), 0.3, 0.7)
    open_ = check_band("b", proportion_ci(50, 100), 0.45, 0.55)
    bad = check_band("c", proportion_ci(90, 100), 0.3, 0.7)
    assert combine("all", [ok, open_]).status == UNDECIDED
    both = combine("all", [ok, open_, bad])
    assert both.status == FAIL and both.value == 1 and "c" in both.note
    v = verdict([ok, open_.to_dict(), bad])
    assert v.status == FAIL and [c.name for c in v.failed] == ["c"]
    assert v.line() == ("Verdict: FAIL - 1 of 3 checks pass; 1 fail (c); 1 undecided (b); "
                        f"about {open_.n_needed:,} games would decide them")
    assert verdict([ok]).status == PASS and verdict([ok, open_]).status == UNDECIDED
    assert verdict([ok]).line({"a": "seat 1 win rate"}) == (
        "Verdict: PASS - 1 of 1 checks pass")
