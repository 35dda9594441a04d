"""pnp.sim.stats pinned to its definitions: what mutation testing found a one-line change could
alter without a test noticing (the t table's last row, percentile interpolation at the top,
bands that are a single value, the check's text, the one estimate format)."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.sim.stats import (
    Check,
    Estimate,
    check_band,
    fmt_estimate,
    mean_ci,
    percentiles,
    proportion_ci,
    t975,
)


def test_the_t_table_holds_up_to_30_degrees_of_freedom():
    # Student t 0.975 quantiles: 2.042272456 at 30 df (a table value, not the expansion's).
    assert t975(30) == 2.042272456
    assert t975(31) == pytest.approx(2.039513446, abs=1e-6)  # the expansion from 31 df on
    with pytest.raises(ValueError, match="degrees of freedom must be >= 1"):
        t975(0)


def test_percentiles_interpolate_up_to_the_last_value():
    # Linear interpolation between ranks: the 75th percentile of 1, 2, 3 lies at rank 1.5.
    assert percentiles([3, 1, 2], (0, 75, 100)) == {0: 1.0, 75: 2.5, 100: 3.0}
    with pytest.raises(PnpError, match="percentiles of no values"):
        percentiles([])
    with pytest.raises(PnpError, match="percentile must be between 0 and 100, got 101"):
        percentiles([1], (101,))


def test_errors_name_what_is_wrong():
    with pytest.raises(PnpError, match="a proportion needs at least one trial, got n=0"):
        proportion_ci(0, 0)
    with pytest.raises(PnpError, match="successes must be between 0 and 3, got 4"):
        proportion_ci(4, 3)
    with pytest.raises(PnpError, match="needs at least 2 values, got 1"):
        mean_ci([1.0])
    with pytest.raises(PnpError, match="values must be finite numbers"):
        mean_ci([1.0, float("nan")])
    with pytest.raises(PnpError, match="band low 2 is above band high 1"):
        check_band("x", 1.0, 2, 1)


def test_a_band_of_one_value_and_a_value_on_its_edge_pass():
    # A band [1, 1] (every machine card within the deck's band: 1.0 of 1.0) is a valid band.
    c = check_band("all", 1.0, 1.0, 1.0, note="n")
    assert c == Check("all", 1.0, 1.0, 1.0, 1.0, 1.0, "PASS", "n")
    assert check_band("edge", 0.2, 0.2, None).passed and check_band("edge", 0.2, None, 0.2).passed
    est = Estimate(0.5, 0.2, 0.8, 10)
    assert check_band("whole", est, 0.2, 0.8).passed


def test_the_check_reads_its_status_with_its_band():
    assert str(check_band("seat 1", Estimate(0.25, 0.2, 0.3, 100), 0.2, 0.3, note="fair")) == (
        "PASS seat 1: 0.25 [0.2, 0.3] band [0.2, 0.3] - fair")
    assert str(check_band("hour", 0.7, None, 0.5)) == "FAIL hour: 0.7 [0.7, 0.7] band [-inf, 0.5]"
    assert str(check_band("low", 0.1, 0.2, None)) == "FAIL low: 0.1 [0.1, 0.1] band [0.2, +inf]"
    assert str(check_band("mid", Estimate(0.5, 0.4, 0.6, 100), None, 0.55)) == (
        "UNDECIDED mid: 0.5 [0.4, 0.6] band [-inf, 0.55] - needs about 420 games (has 100)")


def test_the_one_estimate_format():
    est = proportion_ci(1, 4)
    assert fmt_estimate(est) == f"0.250 [{est.low:.3f}, {est.high:.3f}]"
    assert fmt_estimate(est.to_dict(), 2) == f"0.25 [{est.low:.2f}, {est.high:.2f}]"
    assert fmt_estimate({"value": 0.5, "low": 0.25, "high": 0.75}) == "0.500 [0.250, 0.750]"
