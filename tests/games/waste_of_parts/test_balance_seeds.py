"""The heuristic crew's win rate over several deck seeds, and what keeps the seeds alike.

The issue: "the heuristic crew's win rate per crew size (3, 4, 5) inside a declared band (e.g.
40-60%) and within 10 points of each other". Held over deck seeds a designer might use, not one
(docs/waste-of-parts.md, "Balance over deck seeds").
"""

from __future__ import annotations

from functools import cache

import pytest

from pnp.games.waste_of_parts import GAME
from pnp.games.waste_of_parts.cards import enemy_threat
from pnp.games.waste_of_parts.crew import TARGET, ability_value, line_value
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.rules import WASTES
from pnp.games.waste_of_parts.simulate import (
    WIN_BAND,
    dashboards,
    decks,
    make_setup,
    play_record,
)
from pnp.sim.play import game_seed
from pnp.sim.stats import proportion_ci

#: Deck seeds of the slow check: none of them the eight the Just the Wind counts were tuned on
#: (band, demo, a-f) but ``band``, the one that used to fail.
SEEDS = ("band", "v1", "v2", "v3", "v4", "v5")
GAMES = 200


@cache
def _wins(crew: int, seed: str) -> int:
    setup = make_setup(seed, crew, ("heuristic",) * crew, {})
    return sum(play_record(GAME, setup, game_seed(seed, i)).won for i in range(GAMES))


@pytest.mark.slow
@pytest.mark.parametrize("crew", [3, 4, 5])
def test_heuristic_win_rate_in_the_band_over_deck_seeds(crew):
    """The win rate over the seeds' games (1,200) lies in WIN_BAND, and no seed's 95% interval
    lies outside it (a seed's 200 games give about +-7 points)."""
    wins = [_wins(crew, seed) for seed in SEEDS]
    pooled = proportion_ci(sum(wins), GAMES * len(SEEDS))
    assert WIN_BAND[0] <= pooled.value <= WIN_BAND[1], pooled
    for seed, w in zip(SEEDS, wins, strict=True):
        est = proportion_ci(w, GAMES)
        assert est.high >= WIN_BAND[0] and est.low <= WIN_BAND[1], (seed, est)


@pytest.mark.slow
def test_crew_sizes_within_10_points_over_deck_seeds():
    rates = [sum(_wins(crew, seed) for seed in SEEDS) / (GAMES * len(SEEDS))
             for crew in (3, 4, 5)]
    assert max(rates) - min(rates) <= 0.10, rates


def _wastes_share(seed: str, level: int) -> float:
    cards = [c for c in decks(load_config(None), seed)[0] if c.level == level and not c.wind]
    return (sum(enemy_threat(c) for c in cards if c.spawn == WASTES)
            / sum(enemy_threat(c) for c in cards))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_wastes_hold_the_same_share_of_threat_in_every_seed(level):
    """The Wastes' cards are dealt one from each run of the level's Enemies in order of threat
    (cards._spawns_by_threat): their share of the level's threat stays near their share of
    the cards (6 of 18 Spawn Locations) whatever the seed; dealt blindly it ranged 0.26-0.36
    over the same 20 seeds."""
    shares = [_wastes_share(str(k), level) for k in range(20)]
    assert max(shares) - min(shares) <= 0.03, shares
    assert all(0.28 <= s <= 0.36 for s in shares), shares


def test_spawn_locations_are_dealt_evenly_whatever_the_threats():
    import random

    from pnp.games.waste_of_parts.cards import _spawns, _spawns_by_threat

    spawns = _spawns(6)
    for n in (30, 35, 37):
        threats = [float(k % 7) for k in range(n)]
        out = _spawns_by_threat(threats, spawns, random.Random(n))
        assert sorted(out) == sorted(spawns[k % len(spawns)] for k in range(n))
        # One Wastes card in each of the equal runs of the cards by threat.
        order = sorted(range(n), key=lambda k: (threats[k], k))
        w = out.count(WASTES)
        assert all(sum(out[k] == WASTES for k in order[i * n // w:(i + 1) * n // w]) == 1
                   for i in range(w))


def test_dashboard_decks_are_worth_the_same_in_every_seed():
    """Each dashboard's value (crew.VALUES added up) within 0.05 of the target, and a deck's
    mean within 0.015 of it, over 20 seeds: no seed's crew is much stronger (with each stat line
    allowed twice, the eleventh dashboard of some seeds took Attack 3, +0.059)."""
    for k in range(20):
        values = [line_value(d.health, d.attack, d.actions) + ability_value(d.abilities)
                  for d in dashboards(str(k))]
        assert all(abs(v - TARGET) <= 0.05 for v in values), (k, values)
        assert abs(sum(values) / len(values) - TARGET) <= 0.015, k
