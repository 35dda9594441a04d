"""The rollout search bot (pnp/sim/rollout.py) on Pig and Nim: it improves on its policy, never
foresees the dice, keeps the policy's move without significant evidence, is deterministic."""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from pathlib import Path

import pytest

from pnp.sim.play import game_seed, play
from pnp.sim.rollout import RolloutBot, make_rollout
from pnp.sim.stats import proportion_ci

GAMES_DIR = str(Path(__file__).resolve().parent.parent / "games")
if GAMES_DIR not in sys.path:
    sys.path.insert(0, GAMES_DIR)
pig_game = importlib.import_module("pig_game")
positions = importlib.import_module("pig_positions")
Roll, Hold = pig_game.Roll, pig_game.Hold
rolled_to, with_future = positions.rolled_to, positions.with_future


def win_rate(policy: str, opponent: str, samples: int, games: int, z: float = 2.0):
    """The rollout bot's win rate (its playouts by ``policy``) against ``opponent`` in Pig."""
    spec = dataclasses.replace(pig_game.GAME, bots={
        **pig_game.GAME.bots, "search": make_rollout(pig_game.GAME.bots[policy], samples, z)})
    wins = 0
    for i in range(games):
        seat = i % 2
        bots = tuple("search" if s == seat else opponent for s in range(2))
        state = play(spec, pig_game.Setup(2, bots), game_seed("rollout", i), check=True)
        wins += state.returns()[seat] == 1.0
    return proportion_ci(wins, games)


def test_improves_on_a_random_policy():
    # Its own playouts are random, yet weighing them turns it into a player that beats random
    # (z = 0: the best mean wins, however slight the evidence).
    rate = win_rate("random", "random", 8, 50, z=0.0)
    assert rate.low > 0.5, rate  # measured 0.78 [0.69, 0.85] over 100 games


@pytest.mark.slow
def test_improves_on_hold_at_20():
    rate = win_rate("heuristic", "heuristic", 32, 300)
    assert rate.value > 0.5, rate


def test_without_evidence_it_plays_the_policy():
    # z = infinity: no gain is ever significant, so every move is the policy's own.
    policy = pig_game.HoldAt20()
    bot = RolloutBot(policy, samples=4, z=float("inf"))
    for total in (0, 12, 19, 20, 25):
        state = rolled_to(total)
        assert str(bot.choose(state, random.Random(1))) == str(policy.choose(state, None))


def test_a_certain_gain_is_taken():
    # Holding a turn total of 30 wins at once ("first to 30"): every playout agrees.
    state = rolled_to(pig_game.TARGET)
    assert isinstance(RolloutBot(pig_game.RandomBot(), samples=4).choose(state, random.Random(0)),
                      Hold)


def test_does_not_foresee_the_dice():
    base = rolled_to(8)
    doomed, lucky = with_future(base, True), with_future(base, False)
    bot = RolloutBot(pig_game.RandomBot(), samples=16, z=0.0)
    for seed in range(5):
        choices = {str(bot.choose(s, random.Random(seed))) for s in (doomed, lucky)}
        assert len(choices) == 1, "the move depends on dice the game has not rolled yet"


def test_deterministic_and_leaves_the_state_alone():
    state = rolled_to(10)
    before = (list(state.scores), state.turn_total, state.current_player, state.rng.getstate())
    first, second = random.Random(7), random.Random(7)
    bot = RolloutBot(pig_game.RandomBot(), samples=6)
    assert str(bot.choose(state, first)) == str(bot.choose(state, second))
    assert first.getstate() == second.getstate()
    assert (list(state.scores), state.turn_total, state.current_player,
            state.rng.getstate()) == before


def test_samples_must_give_a_spread():
    with pytest.raises(ValueError, match="at least 2"):
        RolloutBot(pig_game.RandomBot(), samples=1)
