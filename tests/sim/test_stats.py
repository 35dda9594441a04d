"""Confidence intervals, percentiles and band checks."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.sim.stats import Check, Estimate, check_band, mean_ci, percentiles, proportion_ci, t975


@pytest.mark.parametrize("k, n, low, high", [
    (8, 10, 0.4902, 0.9433),   # the textbook Wilson example
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 1000, 0.000177, 0.005634),
])
def test_wilson_interval_known_values(k, n, low, high):
    est = proportion_ci(k, n)
    assert est.value == k / n and est.n == n
    assert est.low == pytest.approx(low, abs=6e-5)
    assert est.high == pytest.approx(high, abs=6e-5)


def test_wilson_rounded_as_printed():
    est = proportion_ci(8, 10)
    assert (round(est.low, 3), round(est.high, 3)) == (0.490, 0.943)


@pytest.mark.parametrize("k, n", [(0, 0), (1, 0), (-1, 5), (6, 5)])
def test_proportion_bad_counts(k, n):
    with pytest.raises(PnpError):
        proportion_ci(k, n)


def test_mean_ci_by_hand():
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    # mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7; t(7) = 2.364624
    half = 2.364624252 * math.sqrt(32 / 7 / 8)
    est = mean_ci(values)
    assert est.value == 5 and est.n == 8
    assert est.low == pytest.approx(5 - half, abs=1e-9)
    assert est.high == pytest.approx(5 + half, abs=1e-9)
    assert (round(est.low, 4), round(est.high, 4)) == (3.2125, 6.7875)


def test_mean_ci_large_n_approaches_normal():
    values = [0, 1] * 5000  # mean 0.5, sd ~0.5
    est = mean_ci(values)
    sd = math.sqrt(sum((v - 0.5) ** 2 for v in values) / (len(values) - 1))
    assert est.high - est.value == pytest.approx(1.96 * sd / 100, rel=1e-3)


def test_mean_ci_accepts_numpy_arrays():
    assert mean_ci(np.array([1.0, 2.0, 3.0])) == mean_ci([1, 2, 3])


@pytest.mark.parametrize("values", [[], [3.0], [1.0, float("nan")], [1.0, float("inf")]])
def test_mean_ci_bad_values(values):
    with pytest.raises(PnpError):
        mean_ci(values)


# scipy.stats.t.ppf(0.975, df), rounded to 9 decimals.
T975 = {1: 12.706204736, 2: 4.30265273, 5: 2.570581836, 10: 2.228138852, 29: 2.045229642,
        30: 2.042272456, 31: 2.039513446, 45: 2.014103389, 100: 1.983971519, 1000: 1.962339081,
        10**6: 1.959966357}


@pytest.mark.parametrize("df", sorted(T975))
def test_t_quantiles_match_scipy(df):
    assert t975(df) == pytest.approx(T975[df], abs=1e-6)


def test_percentiles_match_numpy_linear():
    rng = np.random.default_rng(3)
    values = rng.normal(size=101).tolist()
    got = percentiles(values)
    assert list(got) == [5, 25, 50, 75, 95]
    for q, v in got.items():
        assert v == pytest.approx(np.percentile(values, q), abs=1e-12)
    assert percentiles([4, 1, 3, 2], qs=(0, 50, 100)) == {0: 1.0, 50: 2.5, 100: 4.0}


@pytest.mark.parametrize("values, qs", [([], (50,)), ([1, 2], (101,)), ([1, 2], (-1,))])
def test_percentiles_bad_input(values, qs):
    with pytest.raises(PnpError):
        percentiles(values, qs)


def test_check_band_pass_fail_and_undecided():
    est = proportion_ci(52, 100)  # [0.423, 0.615]
    # The whole interval must lie inside the band to pass, wholly outside to fail.
    assert check_band("first player wins", est, 0.40, 0.65).status == "PASS"
    c = check_band("first player wins", est, 0.45, 0.55)
    assert c.status == "UNDECIDED" and not c.passed and (c.low, c.high) == (est.low, est.high)
    assert c.n_needed is not None and c.n_needed > 100
    assert check_band("first player wins", est, 0.62, 0.70).status == "FAIL"
    assert check_band("first player wins", est, None, 0.40).status == "FAIL"


def test_check_band_open_sides_and_plain_numbers():
    assert check_band("heuristic beats random", proportion_ci(80, 100), 0.6, None).passed
    assert check_band("game length", 41.0, None, 40).status == "FAIL"
    assert check_band("game length", 40.0, None, 40).passed  # the band includes its ends
    with pytest.raises(PnpError):
        check_band("x", 0.5, 0.6, 0.4)


def test_check_and_estimate_serialise():
    check = check_band("win rate", proportion_ci(8, 10), 0.45, None, note="seed 12 failed")
    data = json.loads(json.dumps(check.to_dict(), sort_keys=True))
    assert data["passed"] is True and data["status"] == "PASS" and data["band_high"] is None
    assert data["note"] == "seed 12 failed" and data["n"] == 10
    assert Check.from_dict(data) == check
    assert Estimate(**proportion_ci(3, 4).to_dict()) == proportion_ci(3, 4)
    assert "PASS" in str(check) and "+inf" in str(check)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**7).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_estimate_inside_unit_interval(kn):
    k, n = kn
    est = proportion_ci(k, n)
    assert 0.0 <= est.low <= est.value <= est.high <= 1.0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=50))
def test_mean_interval_contains_mean(values):
    est = mean_ci(values)
    assert est.low <= est.value <= est.high
    assert min(values) - 1e-6 <= est.value <= max(values) + 1e-6
