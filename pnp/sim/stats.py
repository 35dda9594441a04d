"""Statistics for simulation results: 95% confidence intervals and checks against bands.

Pure Python (no scipy): the Wilson score interval for proportions, Student's t interval for
means, and a check that a measured value lies inside the band the designer declared.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pnp.errors import PnpError

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054

# Student t 0.975 quantiles for 1..30 degrees of freedom; beyond, a Cornish-Fisher expansion
# around Z95 is accurate to better than 1e-6.
_T975 = (12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836, 2.446911851,
         2.364624252, 2.306004135, 2.262157163, 2.228138852, 2.200985160, 2.178812830,
         2.160368656, 2.144786688, 2.131449546, 2.119905299, 2.109815578, 2.100922040,
         2.093024054, 2.085963447, 2.079613845, 2.073873068, 2.068657610, 2.063898562,
         2.059538553, 2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456)


@dataclass(frozen=True)
class Estimate:
    """A measured value with its 95% confidence interval [low, high] over ``n`` observations."""

    value: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict:
        """Plain dict for JSON (value, low, high, n)."""
        return asdict(self)

    def __str__(self) -> str:
        return f"{self.value:.4g} [{self.low:.4g}, {self.high:.4g}] (n={self.n})"


def fmt_estimate(est: Estimate | Mapping[str, Any], digits: int = 3) -> str:
    """``value [low, high]`` of an Estimate or its dict, ``digits`` decimals: the one format."""
    e = est.to_dict() if isinstance(est, Estimate) else est
    return f"{e['value']:.{digits}f} [{e['low']:.{digits}f}, {e['high']:.{digits}f}]"


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be >= 1")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4))


def proportion_ci(k: int, n: int) -> Estimate:
    """``k`` successes out of ``n``: the proportion with its Wilson 95% score interval."""
    k, n = int(k), int(n)
    if n <= 0:
        raise PnpError(f"a proportion needs at least one trial, got n={n}")
    if not 0 <= k <= n:
        raise PnpError(f"successes must be between 0 and {n}, got {k}")
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # Clamp rounding noise so the interval always holds p and stays in [0, 1].
    low = 0.0 if k == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if k == n else max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


def mean_ci(values: Iterable[float]) -> Estimate:
    """The mean of ``values`` with its 95% Student-t interval (at least two values)."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n < 2:
        raise PnpError(f"a mean with a confidence interval needs at least 2 values, got {n}")
    if not all(math.isfinite(x) for x in xs):
        raise PnpError("values must be finite numbers")
    mean = math.fsum(xs) / n
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def percentiles(values: Iterable[float], qs: Sequence[float] = (5, 25, 50, 75, 95)) -> dict:
    """``{q: value}`` for each percentile ``q`` (0-100), linear interpolation between ranks."""
    xs = sorted(float(v) for v in values)
    if not xs:
        raise PnpError("percentiles of no values")
    out = {}
    for q in qs:
        if not 0 <= q <= 100:
            raise PnpError(f"percentile must be between 0 and 100, got {q}")
        pos = (len(xs) - 1) * q / 100
        lo = math.floor(pos)
        hi = min(lo + 1, len(xs) - 1)
        out[q] = xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
    return out


@dataclass(frozen=True)
class Check:
    """A measured value (with CI) against the band the design declares; ``passed`` or not."""

    name: str
    value: float
    low: float
    high: float
    band_low: float | None
    band_high: float | None
    passed: bool
    note: str = ""

    def to_dict(self) -> dict:
        """Plain dict for JSON and the manifest."""
        return asdict(self)

    def __str__(self) -> str:
        lo = "-inf" if self.band_low is None else f"{self.band_low:.4g}"
        hi = "+inf" if self.band_high is None else f"{self.band_high:.4g}"
        verdict = "PASS" if self.passed else "FAIL"
        return (f"{verdict} {self.name}: {self.value:.4g} [{self.low:.4g}, {self.high:.4g}]"
                f" band [{lo}, {hi}]" + (f" - {self.note}" if self.note else ""))


def check_band(name: str, estimate: Estimate | float, band_low: float | None,
               band_high: float | None, *, whole_interval: bool = False,
               note: str = "") -> Check:
    """Check that the estimate lies inside [band_low, band_high] (None: unbounded side).

    By default the point estimate must lie in the band; with ``whole_interval`` the whole 95%
    interval must.
    """
    if isinstance(estimate, Estimate):
        value, low, high = estimate.value, estimate.low, estimate.high
    else:
        value = low = high = float(estimate)
    if band_low is not None and band_high is not None and band_low > band_high:
        raise PnpError(f"check {name!r}: band low {band_low} is above band high {band_high}")
    lo_test, hi_test = (low, high) if whole_interval else (value, value)
    passed = ((band_low is None or lo_test >= band_low)
              and (band_high is None or hi_test <= band_high))
    return Check(name, value, low, high, band_low, band_high, passed, note)
