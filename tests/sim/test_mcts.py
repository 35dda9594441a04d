"""The MCTS bot (pnp/sim/mcts.py) on Pig and two toy games: strength, determinism, no foresight."""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from pnp.games.api import IllegalAction
from pnp.sim.mcts import MCTSBot, make_mcts
from pnp.sim.play import game_seed, play
from pnp.sim.stats import proportion_ci

# tests/games is on sys.path when pytest collects it; not when this file runs alone.
GAMES_DIR = str(Path(__file__).resolve().parent.parent / "games")
if GAMES_DIR not in sys.path:
    sys.path.insert(0, GAMES_DIR)
pig_game = importlib.import_module("pig_game")
positions = importlib.import_module("pig_positions")
Roll, Hold, PigState = pig_game.Roll, pig_game.Hold, pig_game.PigState
rolled_to, with_future = positions.rolled_to, positions.with_future


def win_rate(iterations: int, opponent: str, games: int, players: int = 2):
    """MCTS's win rate against ``opponent`` bots in Pig, its seat rotating game by game."""
    spec = dataclasses.replace(pig_game.GAME, bots={**pig_game.GAME.bots,
                                                    "mcts": make_mcts(iterations)})
    wins = 0
    for i in range(games):
        seat = i % players
        bots = tuple("mcts" if s == seat else opponent for s in range(players))
        # check=True: every action the search returns is confirmed legal.
        state = play(spec, pig_game.Setup(players, bots), game_seed("mcts", i), check=True)
        wins += state.returns()[seat] == 1.0
    return proportion_ci(wins, games)


def test_beats_the_random_bot():
    rate = win_rate(20, "random", 100)
    assert rate.low > 0.5, rate  # measured 0.82 [0.73, 0.88]


def test_beats_random_bots_with_three_players():
    # Each node scores its own mover's return: a search that mixed seats up would not win.
    rate = win_rate(20, "random", 60, players=3)
    assert rate.low > 1 / 3, rate


@pytest.mark.slow
def test_holds_its_own_against_hold_at_20():
    rate = win_rate(200, "heuristic", 200)
    assert rate.low > 0.5, rate  # measured 0.64 [0.57, 0.70]; 1000 iterations: 0.71


def test_does_not_foresee_the_dice(monkeypatch):
    base = rolled_to(8)
    doomed, lucky = with_future(base, True), with_future(base, False)
    bot = MCTSBot(200)
    for search_seed in range(5):
        choices = {str(bot.choose(s, random.Random(search_seed))) for s in (doomed, lucky)}
        assert len(choices) == 1, "the move depends on the dice the game has not rolled yet"
    # The test can tell: with determinize a no-op, every playout sees the true dice, and the
    # search holds just before a 1 and rolls otherwise.
    monkeypatch.setattr(PigState, "determinize", lambda self, rng: None)
    assert isinstance(bot.choose(doomed, random.Random(0)), Hold)
    assert isinstance(bot.choose(lucky, random.Random(0)), Roll)


def test_deterministic_for_a_fixed_rng():
    for total in (0, 6, 12, 18):
        state = rolled_to(total)
        first, second = random.Random(7), random.Random(7)
        # str: Pig's Roll() == Hold() (both the empty tuple), so == cannot tell them apart.
        assert str(MCTSBot(100).choose(state, first)) == str(MCTSBot(100).choose(state, second))
        assert first.getstate() == second.getstate()
    spec = dataclasses.replace(pig_game.GAME, bots={"mcts": make_mcts(30)})
    logs = []
    for _ in range(2):
        actions: list[str] = []
        play(spec, pig_game.Setup(2, ("mcts", "mcts")), game_seed("det", 0),
             on_action=lambda p, a, s, out=actions: out.append(f"{p} {a}"))
        logs.append(actions)
    assert logs[0] == logs[1]


def test_choose_leaves_the_state_alone():
    state = rolled_to(10)
    before = (list(state.scores), state.turn_total, state.current_player, state.rng.getstate())
    MCTSBot(50).choose(state, random.Random(1))
    assert (list(state.scores), state.turn_total, state.current_player,
            state.rng.getstate()) == before


class Take(NamedTuple):
    """Take ``n`` counters from the pile."""

    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class Nim:
    """Two players take 1-3 counters in turn; who takes the last one wins."""

    def __init__(self, pile: int, player: int = 0) -> None:
        self.pile, self.player = pile, player
        self.log: list[str] | None = None

    @property
    def current_player(self) -> int:
        return self.player

    def legal_actions(self) -> list[Take]:
        return [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def apply(self, action: Take) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(str(action))
        self.pile -= action.n
        self.player = 1 - self.player

    def is_over(self) -> bool:
        return self.pile == 0

    def returns(self) -> tuple[float, ...]:
        if not self.is_over():
            return (0.0, 0.0)
        return (0.0, 1.0) if self.player == 0 else (1.0, 0.0)  # the player who took last won

    def clone(self) -> Nim:
        return Nim(self.pile, self.player)


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_finds_the_winning_move_when_legal_moves_shrink(pile):
    # The winning move leaves a multiple of 4; near the end fewer than three moves are legal.
    assert MCTSBot(1000).choose(Nim(pile), random.Random(pile)) == Take(pile % 4)


def test_a_single_legal_move_is_returned_without_search():
    rng = random.Random(3)
    before = rng.getstate()
    assert MCTSBot(10**9).choose(Nim(1), rng) == Take(1)
    assert rng.getstate() == before


class Endless(Nim):
    """A walk that never ends: +1 or -1 a step."""

    def legal_actions(self) -> list[Take]:
        return [Take(-1), Take(1)]

    def apply(self, action: Take) -> None:
        self.pile += action.n

    def is_over(self) -> bool:
        return False

    def clone(self) -> Endless:
        return type(self)(self.pile, self.player)


class Walk(Endless):
    """The endless walk with the state's own estimate: high ground wins."""

    def heuristic_value(self, player: int) -> float:
        return 1.0 if self.pile > 0 else 0.0


def test_cut_off_rollouts_use_the_heuristic_value():
    assert MCTSBot(50, max_rollout_actions=0).choose(Walk(0), random.Random(0)) == Take(1)
    # Without the hook a cut-off is worth 0.5 whatever was played, and the search still ends.
    assert MCTSBot(50, max_rollout_actions=5).choose(Endless(0), random.Random(0)) in (
        Take(-1), Take(1))


def test_rollout_bot_and_factory():
    bot = make_mcts(40, rollout=pig_game.HoldAt20())(pig_game.Setup(2, ("mcts", "mcts")), 1)
    assert isinstance(bot, MCTSBot) and bot.iterations == 40
    assert str(bot.choose(rolled_to(5), random.Random(0))) in ("roll", "hold")
    with pytest.raises(ValueError):
        MCTSBot(0)
