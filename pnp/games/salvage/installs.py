"""The session report's mods: does the seat that installs a mod win as its printed score says?

Pure core. A game is mostly won on score, and a mod's printed score counts at the end, so the
seat that installs a higher-scored mod should win more often. ``installer_checks`` fits that
expectation from the other mods of the same run (weighted least squares of the installer's win
rate on the printed score, each mod weighted by its installs, the mod itself left out so an
outlier cannot pull its own line) and judges each mod's Wilson interval against the expectation
+- ``OUTLIER_BAND``: FAIL when the whole interval lies outside (a mod worth far more or less
than its score, e.g. an installer winning 0.786 [0.723, 0.837] where its score leads one to
expect 0.55), PASS when inside, UNDECIDED otherwise. ``combine`` folds them into the one check
the report and the verdict read.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pnp.sim.stats import Check, Estimate, check_band, combine

__all__ = ["OUTLIER_BAND", "expected_rate", "installer_checks"]

#: How far (in win rate) an installer may win from what the mod's printed score leads one to
#: expect before the mod is an outlier.
OUTLIER_BAND = 0.15


def expected_rate(points: Sequence[tuple[float, float, int]], score: float) -> float:
    """The win rate at ``score`` on the weighted least-squares line through ``points`` (score,
    installer win rate, installs); their weighted mean when the scores do not spread."""
    total = sum(n for _, _, n in points)
    if total <= 0:
        raise ValueError("an expected win rate needs installs of other mods")
    ms = math.fsum(n * s for s, _, n in points) / total
    mr = math.fsum(n * r for _, r, n in points) / total
    sxx = math.fsum(n * (s - ms) ** 2 for s, _, n in points)
    slope = math.fsum(n * (s - ms) * (r - mr) for s, r, n in points) / sxx if sxx > 0 else 0.0
    return min(1.0, max(0.0, mr + slope * (score - ms)))


def installer_checks(rates: Mapping[str, Estimate], scores: Mapping[str, int], *,
                     band: float = OUTLIER_BAND) -> tuple[dict[str, Check], Check | None]:
    """Each installed mod's check (by name) and the one check standing for them all (None when
    fewer than two mods were installed: no expectation to hold one against)."""
    points = {name: (float(scores[name]), est.value, est.n) for name, est in rates.items()
              if est.n > 0}
    if len(points) < 2:
        return {}, None
    out: dict[str, Check] = {}
    for name, (score, _, _) in points.items():
        expected = expected_rate([p for other, p in points.items() if other != name], score)
        out[name] = check_band(f"mod {name}: installer win rate vs printed score", rates[name],
                               max(0.0, expected - band), min(1.0, expected + band),
                               note=f"printed {scores[name]}; expected {expected:.3f} from the "
                                    "other mods' installers")
    return out, combine("mods: installer win rate vs printed score", list(out.values()),
                        note=f"band +-{band:g} around the other mods' line")
