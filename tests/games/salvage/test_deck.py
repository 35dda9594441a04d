"""The mods deck balanced by simulation: paired measurement, scale, verdicts, the command."""

from __future__ import annotations

import csv
import json

import pytest

from pnp.games.salvage import deck
from pnp.games.salvage.mods import Mod
from pnp.games.salvage.simulate import make_setup
from pnp.games.salvage.state import SalvageState
from pnp.sim.stats import Estimate

BOTS = ("heuristic", "heuristic")
#: A mod no equal opponent can match: it must measure clearly positive.
MEGA = Mod("Mega Rig", "Weapon", 3, (("fight_bonus", 6), ("clash_bonus", 6), ("start_die", 1),
                                     ("max_fuel", 3), ("max_hp", 3)))
#: "Nothing happens. It came free with the chassis."
AUTOPILOT = Mod("Naïve Autopilot", "Tool", 0, ())


@pytest.fixture(scope="module")
def setup():
    return make_setup("t", 2, BOTS, {})


def test_start_mods_installed_before_the_first_turn(setup) -> None:
    import dataclasses
    import random

    s = dataclasses.replace(setup, start_mods=((MEGA,), ()))
    state = SalvageState(s, random.Random(1))
    me, other = state.mechas
    assert me.mods == (MEGA,) and other.mods == ()
    assert me.max_fuel(s.config) == s.config.max_fuel + 3 == me.fuel
    assert me.hp == s.config.max_hp + 3 and other.hp == s.config.max_hp


def test_a_strong_mod_measures_positive(setup) -> None:
    (v,) = deck.measure_mods(setup, 100, "t", mods=[MEGA])
    assert v.value.n == 100 and v.value.low > 0


def test_a_mod_without_effect_measures_zero(setup) -> None:
    (v,) = deck.measure_mods(setup, 40, "t", mods=[AUTOPILOT])
    assert v.value.low <= 0 <= v.value.high


def test_measuring_is_deterministic(setup) -> None:
    a = deck.measure_mods(setup, 20, "d", mods=[MEGA, AUTOPILOT])
    b = deck.measure_mods(setup, 20, "d", mods=[MEGA, AUTOPILOT])
    assert a == b


def _value(mod: Mod, v: float, half: float = 0.02) -> deck.ModValue:
    return deck.ModValue(mod, Estimate(v, v - half, v + half, 100))


def test_scale_fit_and_verdicts() -> None:
    a, b = Mod("A", "Tool", 1, ()), Mod("B", "Tool", 2, ())
    assert deck.fit_scale([_value(a, 0.1), _value(b, 0.2)]) == pytest.approx(0.1)
    assert deck.fit_scale([_value(a, -0.1)]) == deck.DEFAULT_SCALE  # no positive fit
    # k = 0.15: C (score 1) measures 0.5, far above its band: over, must-pick; A (0) under.
    c = Mod("C", "Tool", 1, ())
    values = [_value(a, 0.0), _value(b, 0.2), _value(c, 0.5)]
    k = deck.fit_scale(values)
    assert k == pytest.approx(0.15)
    tuned = {v.name: v.mod for v in values}
    reps = {r.mod.name: r for r in deck._reports(values, k, 0.05, tuned)}
    assert reps["C"].verdict == "over" and reps["C"].must_pick
    assert reps["A"].verdict == "under" and not reps["A"].must_pick


def test_balance_deck_reports_every_mod(setup) -> None:
    import dataclasses

    small = dataclasses.replace(setup, mods=(MEGA, AUTOPILOT))
    bal = deck.balance_deck(small, 30, "b", band=0.05, max_rounds=2)
    names = [r.mod.name for r in bal.reports]
    assert names == ["Mega Rig", "Naïve Autopilot"] and 1 <= bal.rounds <= 2
    for r in bal.reports:
        assert r.verdict in ("ok", "over", "under") and r.mod.score >= 0
    assert len(deck.mod_checks(bal)) == 2


def test_mods_command_writes_the_deck(run_pnp, tmp_path) -> None:
    out = tmp_path / "mods"
    code, stdout, _ = run_pnp("salvage", "mods", "--seed", "t", "--out", str(out),
                              "--games", "10")
    assert code == 0, stdout
    doc = json.loads((out / "mods.json").read_text(encoding="utf-8"))
    first = doc["mods"][0]
    assert {"name", "type", "effects", "copies", "printed_score", "measured_value",
            "verdict"} <= set(first)
    assert set(first["measured_value"]) == {"value", "low", "high", "n"}
    rows = list(csv.DictReader((out / "mods.csv").open(encoding="utf-8")))
    assert tuple(rows[0]) == deck.CSV_COLUMNS
    assert len(rows) == len(doc["mods"])
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert {f["path"] for f in manifest["files"]} == {"mods.json", "mods.csv"}
    assert len(manifest["checks"]) == len(doc["mods"]) + 1  # and the rank correlation
