"""Whole games through the game interface: invariants under random play, the bots' actions are
legal, replays read like play, and the heuristic player beats the random one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.salvage import GAME
from pnp.games.salvage.mods import MAX_FUEL, MAX_HP, REFUEL_BONUS
from pnp.sim.play import game_seed, new_game, play, replay, replay_lines
from pnp.sim.stats import proportion_ci

from .helpers import total_cells, total_dice


def setup(bots=("random", "random"), seed="salvage-tests", **options):
    return GAME.make_setup(seed, 2, bots, options)


RANDOM = setup()
HEURISTIC = setup(("heuristic", "heuristic"))


@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, 10_000), bots=st.sampled_from(
    [("random", "random"), ("heuristic", "random"), ("heuristic", "heuristic")]))
def test_play_keeps_the_invariants(index, bots):
    s = setup(bots) if bots != RANDOM.bots else RANDOM
    state, players, rng = new_game(GAME, s, game_seed("invariants", index))
    dice, cfg = total_dice(state), state.cfg
    assert dice == sum(n for _, n in cfg.supply)
    while not state.is_over():
        action = players[state.current_player].choose(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
        assert total_dice(state) == dice and total_cells(state) == 3
        for m in state.mechas:
            assert 0 <= m.fuel <= cfg.max_fuel + m.fx[MAX_FUEL] + m.fx[REFUEL_BONUS]
            assert 0 < m.hp <= cfg.max_hp + m.fx[MAX_HP]
            assert len(m.mods) <= cfg.mod_slots and m.raids < cfg.raids_to_win
        assert sum(state.returns()) == (1 if state.is_over() else 0)
    assert state.round <= cfg.rounds


def test_replays_read_like_play():
    for index in range(3):
        lines = replay_lines(replay(GAME, HEURISTIC, "replays", index))
        text = "\n".join(lines)
        assert "mecha 1 moves to node" in text and "fuel (" in text
        assert lines[-1].startswith("returns: ")
        assert "countdown ends" in text or "and wins" in text


def heuristic_vs_random(games: int) -> tuple[int, int]:
    wins = 0
    for seat in (0, 1):
        bots = ("heuristic", "random") if seat == 0 else ("random", "heuristic")
        s = setup(bots)
        for i in range(games // 2):
            wins += play(GAME, s, game_seed("h-vs-r", i)).winner == seat
    return wins, games


def test_heuristic_beats_random_in_95_percent_of_games():
    wins, n = heuristic_vs_random(160)
    assert proportion_ci(wins, n).low > 0.95, (wins, n)


@pytest.mark.slow
def test_heuristic_beats_random_in_95_percent_of_games_long():
    wins, n = heuristic_vs_random(2000)
    assert proportion_ci(wins, n).low > 0.95, (wins, n)
