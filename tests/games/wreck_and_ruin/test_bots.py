"""The heuristic player beats the random one clearly (95% CI), and the simulator's shots match
the exact odds."""

from __future__ import annotations

import random

import pytest

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.dice import shoot_pool
from pnp.sim.play import new_game, play, run_games
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


def test_legal_actions_are_the_groups_instances():
    # legal_actions lists each group's instances in turn; every action knows its group
    from pnp.games.wreck_and_ruin.legal import group_actions, group_of, groups, legal_actions

    setup = GAME.make_setup("groups", 4, ("random",) * 4, {})
    state, bots, rng = new_game(GAME, setup, 3)
    for _ in range(120):
        if state.is_over():
            assert groups(state) == legal_actions(state) == []
            break
        legal = legal_actions(state)
        gs = groups(state)
        assert legal == [a for g in gs for a in group_actions(state, *g)]
        assert gs[-1] in (("end", -1), ("drive", state.pending_vid))
        assert all(group_of(a) in gs for a in legal)
        for a in legal[:: max(1, len(legal) // 7)]:
            assert legal_actions(state, focus=a) == group_actions(state, *group_of(a))
        state.apply(bots[state.current_player].choose(state, rng))


def test_random_player_draws_a_group_then_an_instance():
    # (RandomBot) each group with an instance equally likely, then each of its instances
    from pnp.games.wreck_and_ruin.bots import RandomBot
    from pnp.games.wreck_and_ruin.legal import group_actions, group_of, groups

    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, RIG, (2, 0), 0)
    live = [g for g in groups(s) if group_actions(s, *g)]
    assert ("shoot", b.vid) in live and ("move", b.vid) in live
    rng = random.Random(5)
    n = 3000
    picks = [RandomBot().choose(s, rng) for _ in range(n)]
    assert all(a in s.legal_actions() for a in picks[:200])
    p = 1 / len(live)
    for g in live:
        # each count within 4 standard deviations of n/G (ten groups at once: not 95% each)
        k = sum(1 for a in picks if group_of(a) == g)
        assert abs(k - n * p) <= 4 * (n * p * (1 - p)) ** 0.5, (g, k, n * p)
    ends = group_actions(s, "move", b.vid)
    moves = [a for a in picks if group_of(a) == ("move", b.vid)]
    assert len(set(moves)) > len(ends) // 2       # spread over the ends, not one of them


def test_random_players_take_only_legal_actions():
    setup = GAME.make_setup("legal", 4, ("random",) * 4, {})
    for i in range(3):
        assert play(GAME, setup, i, check=True).is_over()
