"""Statistics for simulation results: 95% confidence intervals and checks against bands.

The one statistics module every game uses (pure Python, no scipy):

- rates: the Wilson score interval (``proportion_ci``; ``rate_ci`` for results that may be a
  share of a win), never of zero width and never outside [0, 1];
- counts per game: the exact (Garwood) Poisson interval (``count_ci``): 0 events in 40 games
  still has an upper bound of 0.092 a game;
- differences of rates, paired (the same game seed played with and without a card) or not:
  Newcombe's square-and-add interval from the two Wilson intervals (``paired_difference_ci``,
  ``difference_ci``), always inside [-1, 1];
- rates averaged over groups (seats) or measured over several boards: ``mean_rate_ci`` (the
  MOVER square-and-add of Wilson intervals) and ``clustered_rate_ci`` (games that share a
  board are one cluster: the interval takes in the spread between boards);
- means of unbounded quantities: Student's t (``mean_ci``).

A check (``check_band``) is PASS when the whole interval lies inside the declared band, FAIL
when it lies wholly outside, and UNDECIDED otherwise, with the games that would decide it at the
measured spread: never a PASS by default. ``verdict`` folds checks into the one verdict a
command prints, exits with and reports.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from pnp.errors import PnpError
from pnp.sim.check_names import human

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: One-sided 80% normal quantile: with Z95, the effect a sample detects with 80% power.
Z80 = 0.8416212335729143

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
    return _wilson(k / n, n)


def _wilson(p: float, n: int) -> Estimate:
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n))
    # Clamp rounding noise so the interval always holds p and stays in [0, 1].
    low = 0.0 if p <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if p >= 1 else max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


def _results(values: Iterable[float], what: str = "results") -> list[float]:
    xs = [float(v) for v in values]
    if not xs:
        raise PnpError(f"a rate needs at least one game, got no {what}")
    if not all(0.0 <= x <= 1.0 for x in xs):
        raise PnpError(f"{what} must lie between 0 and 1 (a win 1, a loss 0, a tie its share)")
    return xs


def rate_ci(results: Iterable[float]) -> Estimate:
    """The mean of per-game results in [0, 1] (a win 1, a shared win its share) with the
    Wilson interval of that rate over the games."""
    xs = _results(results)
    return _wilson(math.fsum(xs) / len(xs), len(xs))


def _poisson_cdf(k: int, mu: float) -> float:
    """P(X <= k) for X ~ Poisson(mu): the terms within 12 sd of the mode hold all the mass."""
    if mu <= 0:
        return 1.0
    lo = max(0, int(mu - 12 * math.sqrt(mu) - 12))
    if k < lo:
        return 0.0
    logmu = math.log(mu)
    return min(1.0, math.fsum(math.exp(-mu + i * logmu - math.lgamma(i + 1))
                              for i in range(lo, k + 1)))


def _solve(f: Any, target: float, lo: float, hi: float) -> float:
    """The mu in [lo, hi] where the decreasing ``f(mu)`` crosses ``target`` (bisection)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def count_ci(count: int, games: int) -> Estimate:
    """``count`` events over ``games`` games: the rate per game with its exact (Garwood) 95%
    Poisson interval, so that 0 events still has an upper bound (3.69 / games)."""
    k, n = int(count), int(games)
    if n <= 0:
        raise PnpError(f"a count per game needs at least one game, got {n}")
    if k < 0:
        raise PnpError(f"a count must be 0 or more, got {k}")
    top = k + 20 * math.sqrt(k + 1) + 20
    # low: P(X >= k) = 0.025, i.e. P(X <= k - 1) = 0.975; high: P(X <= k) = 0.025
    low = 0.0 if k == 0 else _solve(lambda mu: _poisson_cdf(k - 1, mu), 0.975, 0.0, top)
    high = _solve(lambda mu: _poisson_cdf(k, mu), 0.025, 0.0, top)
    return Estimate(k / n, min(low / n, k / n), max(high / n, k / n), n)


def counts_ci(counts: Iterable[int]) -> Estimate:
    """The mean of whole counts per game (wrecks, collapses) with the hull of Student's t
    interval (games vary more than Poisson) and the exact Poisson one (which holds at 0)."""
    xs = [int(c) for c in counts]
    if not xs or min(xs) < 0:
        raise PnpError("counts per game need at least one game and no negative count")
    exact = count_ci(sum(xs), len(xs))
    if len(xs) < 2:
        return exact
    t = mean_ci(xs)
    return Estimate(exact.value, max(0.0, min(exact.low, t.low)), max(exact.high, t.high),
                    len(xs))


def _phi(a: Sequence[float], b: Sequence[float]) -> float:
    """The correlation of the pairs as Newcombe's method 10 takes it: for 0/1 results the phi
    coefficient (AD - BC) / sqrt(...), a positive AD - BC lowered by N/2, so that pairs that
    all agree still leave an interval; in covariance terms, cov - 1/(2N) when positive."""
    n = len(a)
    ma, mb = math.fsum(a) / n, math.fsum(b) / n
    cov = math.fsum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True)) / n
    vaa = math.fsum((x - ma) ** 2 for x in a) / n
    vbb = math.fsum((y - mb) ** 2 for y in b) / n
    # each root apart: a spread of 1e-160 squares to 0 as a product of the two
    spread = math.sqrt(vaa) * math.sqrt(vbb)
    if spread <= 0:  # no spread on one side (or too little for a float): no correlation
        return 0.0
    if cov > 0:
        cov = max(cov - 1 / (2 * n), 0.0)
    return max(-1.0, min(1.0, cov / spread))


def _square_and_add(e1: Estimate, e2: Estimate, phi: float, n: int) -> Estimate:
    """Newcombe's interval for e1 - e2 from their Wilson intervals (correlation ``phi``)."""
    d = e1.value - e2.value
    a, b = e1.value - e1.low, e2.high - e2.value
    c, e = e2.value - e2.low, e1.high - e1.value
    low = d - math.sqrt(max(0.0, a * a - 2 * phi * a * b + b * b))
    high = d + math.sqrt(max(0.0, c * c - 2 * phi * c * e + e * e))
    return Estimate(d, max(-1.0, min(d, low)), min(1.0, max(d, high)), n)


def paired_difference_ci(with_: Iterable[float], without: Iterable[float]) -> Estimate:
    """The mean paired difference of results in [0, 1] (game ``i`` played from one seed with
    and without a change), with Newcombe's interval (method 10: Wilson margins, their
    correlation): inside [-1, 1], and never of zero width."""
    a, b = _results(with_), _results(without)
    if len(a) != len(b):
        raise PnpError(f"paired results need one result per pair, got {len(a)} and {len(b)}")
    n = len(a)
    return _square_and_add(rate_ci(a), rate_ci(b), _phi(a, b), n)


def difference_ci(first: Iterable[float], second: Iterable[float]) -> Estimate:
    """The difference of two independent rates of results in [0, 1] with Newcombe's hybrid
    score interval (inside [-1, 1]); ``n`` is the first group's size."""
    a, b = rate_ci(first), rate_ci(second)
    return _square_and_add(a, b, 0.0, a.n)


def mean_rate_ci(groups: Sequence[Sequence[float]]) -> Estimate:
    """The mean over groups (e.g. seats) of each group's rate, each group weighted alike, with
    the MOVER square-and-add interval of the groups' Wilson intervals (inside [0, 1])."""
    rates = [rate_ci(g) for g in groups if len(g)]
    if not rates:
        raise PnpError("a rate needs at least one game, got none in any group")
    k = len(rates)
    value = math.fsum(r.value for r in rates) / k
    low = value - math.sqrt(math.fsum((r.value - r.low) ** 2 for r in rates)) / k
    high = value + math.sqrt(math.fsum((r.high - r.value) ** 2 for r in rates)) / k
    return Estimate(value, max(0.0, low), min(1.0, high), sum(r.n for r in rates))


def clustered_rate_ci(clusters: Sequence[Sequence[float]]) -> Estimate:
    """The rate over all games of several boards (one cluster of results per board), with an
    interval that takes in the spread between boards: the wider of the Wilson interval over
    all games and the cluster-robust (ratio estimator, t with boards - 1 df) interval, clipped
    to [0, 1]. One board: the Wilson interval."""
    groups = [_results(c) for c in clusters if len(c)]
    if not groups:
        raise PnpError("a rate needs at least one game, got none on any board")
    games = [x for g in groups for x in g]
    pooled = rate_ci(games)
    k = len(groups)
    if k < 2:
        return pooled
    p, total = pooled.value, len(games)
    resid = math.fsum((math.fsum(g) - p * len(g)) ** 2 for g in groups)
    half = t975(k - 1) * math.sqrt(k / (k - 1) * resid) / total
    return Estimate(p, max(0.0, min(pooled.low, p - half)), min(1.0, max(pooled.high, p + half)),
                    total)


def spread(values: Sequence[float]) -> float:
    """Largest minus smallest: the between-board (or between-seat) spread of rates."""
    return max(values) - min(values) if values else 0.0


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


def ranks(xs: Sequence[float]) -> list[float]:
    """Ranks 1..n, tied values sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    at = 0
    while at < len(order):
        end = at
        while end + 1 < len(order) and xs[order[end + 1]] == xs[order[at]]:
            end += 1
        for j in range(at, end + 1):
            out[order[j]] = (at + end) / 2 + 1
        at = end + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rho: the Pearson correlation of the ranks (ties share their mean rank); None
    when either side has no spread."""
    if len(xs) != len(ys):
        raise ValueError(f"rank correlation needs pairs, got {len(xs)} and {len(ys)} values")
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mx, my = math.fsum(rx) / n if n else 0.0, math.fsum(ry) / n if n else 0.0
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx, syy = math.fsum((a - mx) ** 2 for a in rx), math.fsum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else None


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




PASS, FAIL, UNDECIDED = "PASS", "FAIL", "UNDECIDED"
STATUSES = (PASS, FAIL, UNDECIDED)
#: Games one check may ask for before it is called out of reach (``--until-decided``'s cap).
MAX_GAMES_NEEDED = 10**7


@dataclass(frozen=True)
class Check:
    """A measured value (with its 95% interval over ``n`` observations) against the band the
    design declares: ``status`` PASS (interval inside), FAIL (wholly outside) or UNDECIDED.

    ``n`` is 0 for an exact value (a count of problems, a distance on the board): no sampling,
    so the check is PASS or FAIL. An UNDECIDED check gives ``n_needed``, the observations at
    which an interval of the measured spread would clear the nearest band edge (None when the
    value sits on the edge), and every sampled check its ``detectable`` effect: how far from
    a band edge a true value must lie for a run of this size to decide it 4 times in 5.
    """

    name: str
    value: float
    low: float
    high: float
    band_low: float | None
    band_high: float | None
    status: str
    note: str = ""
    n: int = 0
    n_needed: int | None = None
    detectable: float | None = None
    unit: str = "games"

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise PnpError(f"check {self.name!r}: status must be one of {', '.join(STATUSES)}, "
                           f"got {self.status!r}")

    @property
    def passed(self) -> bool:
        """PASS, and only PASS: an undecided check has not passed."""
        return self.status == PASS

    def to_dict(self) -> dict:
        """Plain dict for JSON and the manifest (with ``passed`` for readers of a verdict)."""
        return {**asdict(self), "passed": self.passed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Check:
        """The check of a ``to_dict`` (keys it does not know ignored; a document written
        before checks had a status reads its ``passed`` as PASS or FAIL)."""
        known = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        known.setdefault("status", PASS if data.get("passed") else FAIL)
        return cls(**known)

    def __str__(self) -> str:
        lo = "-inf" if self.band_low is None else f"{self.band_low:.3g}"
        hi = "+inf" if self.band_high is None else f"{self.band_high:.3g}"
        text = (f"{self.status} {human(self.name)}: {self.value:.3g} [{self.low:.3g}, "
                f"{self.high:.3g}] band [{lo}, {hi}]")
        if self.status == UNDECIDED:
            text += f" - {needed_text(self)}"
        return text + (f" - {self.note}" if self.note else "")


def needed_text(check: Check) -> str:
    """What an undecided check needs, in words."""
    if check.n_needed is None:
        return "on the band's edge: more games may never decide it"
    return f"needs about {check.n_needed:,} {check.unit} (has {check.n:,})"


def _status(low: float, high: float, band_low: float | None, band_high: float | None) -> str:
    if (band_low is None or low >= band_low) and (band_high is None or high <= band_high):
        return PASS
    if (band_high is not None and low > band_high) or (band_low is not None and high < band_low):
        return FAIL
    return UNDECIDED


def _n_needed(est: Estimate, band_low: float | None, band_high: float | None) -> int | None:
    """Observations at which an interval of this spread (shrinking as 1/sqrt(n)) would no
    longer straddle a band edge; None when the value lies on an edge."""
    factor = 1.0
    straddled = [e for e, over in ((band_low, band_low is not None and est.low < band_low
                                    <= est.high),
                                   (band_high, band_high is not None and est.low <= band_high
                                    < est.high)) if over]
    for edge in straddled:
        assert edge is not None
        gap = abs(est.value - edge)
        if gap == 0:
            return None
        width = est.value - est.low if edge < est.value else est.high - est.value
        factor = max(factor, (width / gap) ** 2)
    return min(MAX_GAMES_NEEDED, math.ceil(est.n * factor * 1.05))


def check_band(name: str, estimate: Estimate | float, band_low: float | None,
               band_high: float | None, *, note: str = "", unit: str = "games") -> Check:
    """Judge ``estimate`` against [band_low, band_high] (None: an open side): PASS when its
    whole 95% interval lies inside, FAIL when wholly outside, UNDECIDED otherwise.

    A plain number is an exact value (no sampling): PASS inside the band, FAIL outside.
    """
    if band_low is not None and band_high is not None and band_low > band_high:
        raise PnpError(f"check {name!r}: band low {band_low} is above band high {band_high}")
    if not isinstance(estimate, Estimate):
        value = float(estimate)
        return Check(name, value, value, value, band_low, band_high,
                     _status(value, value, band_low, band_high), note)
    est = estimate
    status = _status(est.low, est.high, band_low, band_high)
    detectable = (Z95 + Z80) / Z95 * (est.high - est.low) / 2 if est.n else 0.0
    return Check(name, est.value, est.low, est.high, band_low, band_high, status, note, est.n,
                 _n_needed(est, band_low, band_high) if status == UNDECIDED else None,
                 detectable, unit)


def check_range(name: str, low: float, high: float, band_low: float | None,
                band_high: float | None, *, value: float | None = None,
                note: str = "") -> Check:
    """An exact range (the lowest and highest of a deck's cards, no sampling) against the band:
    PASS when all of it lies inside, else FAIL."""
    mid = (low + high) / 2 if value is None else value
    inside = _status(low, high, band_low, band_high) == PASS
    return Check(name, float(mid), float(low), float(high), band_low, band_high,
                 PASS if inside else FAIL, note)


def check_true(name: str, ok: bool, note: str = "") -> Check:
    """A yes/no fact of the content (threat rises with level): PASS or FAIL, value 1 or 0."""
    v = 1.0 if ok else 0.0
    return Check(name, v, v, v, 1.0, 1.0, PASS if ok else FAIL, note)


def combine(name: str, checks: Sequence[Check], note: str = "") -> Check:
    """One check standing for many (e.g. every salvage card in its band): its value is the
    number that fail; FAIL if any fails, else UNDECIDED if any is, else PASS."""
    failed = [c.name for c in checks if c.status == FAIL]
    undecided = [c for c in checks if c.status == UNDECIDED]
    status = FAIL if failed else UNDECIDED if undecided else PASS
    needed = [c.n_needed for c in undecided]
    text = (f"of {len(checks)}: {len(failed)} fail" + (f" ({', '.join(failed)})" if failed else "")
            + (f", {len(undecided)} undecided" if undecided else ""))
    v = float(len(failed))
    return Check(name, v, v, v, 0.0, 0.0, status, text + (f"; {note}" if note else ""),
                 max((c.n for c in checks), default=0),
                 None if not needed or None in needed else max(n for n in needed if n),
                 max((c.detectable or 0.0 for c in checks), default=None),
                 checks[0].unit if checks else "games")


@dataclass(frozen=True)
class Verdict:
    """The one verdict of a run: FAIL if any check fails, else UNDECIDED if any is, else PASS.
    The command's summary line, its exit status and the report all come from it."""

    status: str
    checks: tuple[Check, ...]

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if c.status == FAIL]

    @property
    def undecided(self) -> list[Check]:
        return [c for c in self.checks if c.status == UNDECIDED]

    def line(self, names: Mapping[str, str] | None = None) -> str:
        """``Verdict: FAIL - 1 of 6 checks fail (...); 2 undecided (...)``, each check by its
        human name (``names``, else the one table of ``pnp.sim.check_names``)."""
        def name(c: Check) -> str:
            return (names or {}).get(c.name) or human(c.name)

        n = len(self.checks)
        passed = n - len(self.failed) - len(self.undecided)
        parts = [f"{passed} of {n} checks pass"]
        if self.failed:
            parts.append(f"{len(self.failed)} fail ({', '.join(map(name, self.failed))})")
        if self.undecided:
            needs = [c.n_needed for c in self.undecided]
            most = max(self.undecided, key=lambda c: c.n_needed or 0)
            more = ("" if None in needs or not needs
                    else f"; about {most.n_needed:,} {most.unit} would decide them")
            parts.append(f"{len(self.undecided)} undecided "
                         f"({', '.join(map(name, self.undecided))}){more}")
        return f"Verdict: {self.status} - " + "; ".join(parts)

    def to_dict(self) -> dict:
        return {"status": self.status, "checks": len(self.checks),
                "failed": [c.name for c in self.failed],
                "undecided": [c.name for c in self.undecided]}


def verdict(checks: Iterable[Check | Mapping[str, Any]]) -> Verdict:
    """The verdict of ``checks`` (Check objects or their dicts)."""
    parsed = tuple(c if isinstance(c, Check) else Check.from_dict(c) for c in checks)
    statuses = {c.status for c in parsed}
    status = FAIL if FAIL in statuses else UNDECIDED if UNDECIDED in statuses else PASS
    return Verdict(status, parsed)
