"""The heuristic player beats the random one clearly (95% CI), and the simulator's shots match
the exact odds."""

from __future__ import annotations

import random

import pytest

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.dice import shoot_pool
from pnp.sim.play import run_games
from pnp.sim.stats import proportion_ci

from .helpers import BUGGY, RIG, new_state, put


def _heuristic_wins(players: int, games: int, seat: int = 0):
    bots = tuple("heuristic" if s == seat else "random" for s in range(players))
    setup = GAME.make_setup("bots", players, bots, {})
    recs = run_games(GAME, setup, games, "bots", jobs=1)
    return proportion_ci(sum(1 for r in recs if r.winners == (seat,)), len(recs))


def test_heuristic_beats_random():
    est = _heuristic_wins(2, 10)
    assert est.low > 0.6, est       # clearly more than half


@pytest.mark.slow
@pytest.mark.parametrize("players,seat", [(2, 1), (4, 2)])
def test_heuristic_beats_random_clearly(players, seat):
    est = _heuristic_wins(players, 60, seat)
    assert est.low > 0.8, est


def test_shots_through_apply_match_the_exact_odds():
    # 3000 buggy shots at a big rig through the state: P(at least 1 hit) vs the exact pool
    base = new_state()
    b = put(base, 0, BUGGY, (0, 0), 0)
    rig = put(base, 1, RIG, (2, 0), 0)
    rng = random.Random(11)
    trials, hit = 3000, 0
    for _ in range(trials):
        s = base.clone()
        s.rng.seed(rng.getrandbits(64))
        s.apply(Act("shoot", 0, b.vid, rig.vid))
        hit += s.vehicles[rig.vid].damage > 0
    est = proportion_ci(hit, trials)
    exact = float(shoot_pool(2, 4, rear=True).at_least(1))   # the buggy is behind the rig
    assert est.low <= exact <= est.high, (est, exact)


def test_card_values_are_paired_measurements():
    import dataclasses

    from pnp.games.wreck_and_ruin.deck import card_checks, measure_cards

    setup = GAME.make_setup("cards", 2, ("heuristic", "heuristic"), {})
    kit = next(c for c in setup.salvage if c.effect == "field_repair")
    setup = dataclasses.replace(setup, salvage=(kit,))
    values = measure_cards(setup, 3, "cards", jobs=1)
    assert list(values) == [kit.name] and values[kit.name]["pairs"] == 6
    v = values[kit.name]["value"]
    assert v["low"] <= v["value"] <= v["high"]
    assert len(card_checks(values)) == 1
