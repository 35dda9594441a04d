"""Every interval pnp writes, read back from what it writes (simulate --json, a session's
manifest), at two seeds for every game: a sampled interval holds its value and is never a point
(a finite sample never gives certainty), and a rate's interval lies inside [0, 1]."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pnp.games.registry import all_games

GAMES = [spec.name for spec in all_games()]
SEEDS = ("1", "bounds-2")
SMALL = {"junkyard-wars": 6, "waste-knights": 6, "salvage": 12, "waste-of-parts": 6,
         "wreck-and-ruin": 6}
EPS = 1e-9


def _intervals(doc: Any, path: str = "") -> Iterator[tuple[str, dict]]:
    """Every dict with a value and its low and high, and where it sits in the document."""
    if isinstance(doc, dict):
        if all(isinstance(doc.get(k), (int, float)) for k in ("value", "low", "high")):
            yield path, doc
        for key, value in doc.items():
            yield from _intervals(value, f"{path}.{key}")
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _intervals(value, f"{path}[{i}]")


def _check(doc: Any) -> int:
    seen = 0
    for where, iv in _intervals(doc):
        seen += 1
        low, value, high = iv["low"], iv["value"], iv["high"]
        label = f"{where} {iv.get('name', '')}: {low} {value} {high}"
        assert all(math.isfinite(x) for x in (low, value, high)), label
        assert low - EPS <= value <= high + EPS, label
        # sampled: never certain (a check standing for many, stats.combine, counts its
        # members that fail: a number, not an estimate)
        if iv.get("n") and not re.match(r"of \d+: \d+ fail", str(iv.get("note", ""))):
            assert high > low, label
        if "rate" in where or "rate" in str(iv.get("name", "")):
            assert -EPS <= low and high <= 1 + EPS, label
    return seen


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_simulate_json_intervals_hold_their_value_and_are_never_points(run_pnp, game, seed):
    code, out, err = run_pnp(game, "simulate", "--games", str(SMALL[game]), "--jobs", "1",
                             "--seed", seed, "--json")
    assert code in (0, 3), err
    doc = json.loads(out)
    assert _check(doc) >= len(doc["win_rate_by_seat"])


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_session_manifest_intervals_hold_their_value_and_are_never_points(run_pnp, tmp_path,
                                                                         game, seed):
    out = tmp_path / game
    code, _, err = run_pnp(game, "session", "--seed", seed, "--games", str(SMALL[game]),
                           "--jobs", "1", "--out", str(out))
    assert code == 0, err
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert _check(manifest) >= len(manifest["checks"])
