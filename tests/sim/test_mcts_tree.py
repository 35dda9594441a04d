"""The MCTS bot's tree worked out by hand on one-move toy games: a new move's statistics, the
availability counts (ISMCTS), the keys by mover and action type, the root's own moves, UCB and
robust-child ties, the rollout bot, the heuristic hook's seat and the defaults (pnp/sim/mcts.py)."""

from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

import pytest

from pnp.sim.mcts import UNKNOWN_VALUE, MCTSBot, _key, _Node, make_mcts


class P(NamedTuple):
    n: int


class Q(NamedTuple):
    n: int


class OneMove:
    """Player 0 picks a move and the game is over: ``payoff[str(move)]`` to player 0, the rest
    to player 1. ``extra``: moves a determinization adds (the root must not take them)."""

    def __init__(self, payoff: dict[str, float], moves: list[Any], extra: list[Any] = (),
                 mover: int = 0) -> None:
        self.payoff, self.moves, self.extra = payoff, moves, list(extra)
        self.current_player = mover
        self.done: Any = None

    def clone(self) -> OneMove:
        return OneMove(self.payoff, self.moves, self.extra, self.current_player)

    def determinize(self, rng: random.Random) -> None:
        self.moves = self.moves + self.extra   # what the root player cannot know
        self.current_player = 1 - self.current_player if self.extra else self.current_player

    def legal_actions(self) -> list[Any]:
        return list(self.moves)

    def apply(self, action: Any) -> None:
        self.done = action

    def is_over(self) -> bool:
        return self.done is not None

    def returns(self) -> tuple[float, float]:
        v = self.payoff[str(self.done)]
        return (v, 1.0 - v)


def grow(state: OneMove, iterations: int, seed: int = 0) -> dict[Any, _Node]:
    """The root's children after ``iterations`` iterations, by move."""
    bot, root, rng = MCTSBot(iterations), _Node(), random.Random(seed)
    legal = state.legal_actions()
    for _ in range(iterations):
        bot._iterate(state, root, state.current_player, legal, rng)
    return {a: root.children[_key(state.current_player, a)] for a in legal
            if _key(state.current_player, a) in root.children}


def stats(node: _Node) -> tuple[int, float, int]:
    return node.visits, node.value, node.available


def test_a_new_move_and_the_availability_counts():
    state = OneMove({"P(n=0)": 1.0, "P(n=1)": 0.0}, [P(0), P(1)])
    first = next(iter(grow(state, 1)))                # the move the first iteration tried
    assert stats(grow(state, 1)[first]) == (1, state.payoff[str(first)], 1)
    second = P(1 - first.n)
    # iteration 2 tries the other move; the first, already in the tree, was available again
    two = grow(state, 2)
    assert stats(two[first]) == (1, state.payoff[str(first)], 2)
    assert stats(two[second]) == (1, state.payoff[str(second)], 1)
    # iteration 3: both were available once more, UCB takes P(0) (worth 1 against 0)
    three = grow(state, 3)
    assert stats(three[P(0)])[:2] == (2, 2.0) and stats(three[P(1)])[:2] == (1, 0.0)
    assert stats(three[first])[2] == 3 and stats(three[second])[2] == 2


def test_moves_of_two_types_with_equal_fields_are_two_children():
    state, bot, root = OneMove({"P(n=0)": 0.0, "Q(n=0)": 1.0}, [P(0), Q(0)]), MCTSBot(2), _Node()
    for _ in range(2):
        bot._iterate(state, root, 0, state.moves, random.Random(0))
    assert set(root.children) == {(0, P, P(0)), (0, Q, Q(0))}    # both tried, apart
    assert _key(0, P(0)) != _key(0, Q(0)) and _key(0, P(0)) == (0, P, P(0))


def test_the_root_keeps_its_own_player_and_moves():
    # a determinization that adds a move and hands the turn over must not change the root
    state = OneMove({"P(n=0)": 1.0, "P(n=1)": 0.0, "P(n=2)": 1.0}, [P(0), P(1)], extra=[P(2)])
    bot, root = MCTSBot(10), _Node()
    for _ in range(10):
        bot._iterate(state, root, 0, state.legal_actions(), random.Random(1))
    assert set(root.children) == {_key(0, P(0)), _key(0, P(1))}


def test_ucb_ties_go_to_the_first_legal_move():
    state = OneMove({"P(n=0)": 0.5, "P(n=1)": 0.5}, [P(0), P(1)])
    root = _Node()
    for a in state.moves:                    # two moves seen once each, the same mean
        node = root.children[_key(0, a)] = _Node()
        node.visits, node.value = 1, 0.5
    MCTSBot(1)._iterate(state, root, 0, state.moves, random.Random(0))
    assert [stats(root.children[_key(0, a)]) for a in state.moves] == [(2, 1.0, 2), (1, 0.5, 2)]
    assert root.children[_key(0, P(0))].ucb(1.4) == pytest.approx(
        0.5 + 1.4 * math.sqrt(math.log(2) / 2))


class Scripted(MCTSBot):
    """A search whose root statistics are given: (visits, value) per move."""

    def __init__(self, table: dict[Any, tuple[int, float]]) -> None:
        super().__init__(1)
        self.table = table

    def _iterate(self, root_state: Any, root: _Node, root_player: int, root_legal: Any,
                 rng: random.Random) -> None:
        for a, (visits, value) in self.table.items():
            node = root.children[_key(root_player, a)] = _Node()
            node.visits, node.value = visits, value


def test_the_robust_child_then_the_better_mean_then_the_legal_order():
    state = OneMove({}, [P(0), P(1), P(2)])
    assert Scripted({P(0): (3, 3.0), P(1): (5, 0.0)}).choose(state, random.Random()) == P(1)
    assert Scripted({P(0): (4, 1.0), P(1): (4, 2.0)}).choose(state, random.Random()) == P(1)
    assert Scripted({P(0): (4, 2.0), P(1): (4, 2.0), P(2): (4, 2.0)}).choose(
        state, random.Random()) == P(0)


class Recorder:
    """A rollout policy: the first legal move, noting the random stream it was given."""

    def __init__(self) -> None:
        self.rngs: list[Any] = []

    def choose(self, state: Any, rng: Any) -> Any:
        self.rngs.append(rng)
        return state.legal_actions()[0]


class TwoMoves(OneMove):
    """Player 0 moves, then player 1, then the game is over; a cut-off asks the hook."""

    def __init__(self, seats: list[int] | None = None) -> None:
        super().__init__({}, [P(0), P(1)])
        self.seats = [] if seats is None else seats
        self.played: list[Any] = []

    def clone(self) -> TwoMoves:
        twin = TwoMoves(self.seats)
        twin.played = list(self.played)
        return twin

    def apply(self, action: Any) -> None:
        self.played.append(action)
        self.current_player = 1 - self.current_player

    def is_over(self) -> bool:
        return len(self.played) == 2

    def returns(self) -> tuple[float, float]:
        return (1.0, 0.0) if self.played[-1] == P(0) else (0.0, 1.0)

    def heuristic_value(self, seat: int) -> float:
        self.seats.append(seat)
        return 0.25


def test_the_rollout_bot_plays_the_rollouts_with_the_searchs_random_stream():
    policy, rng = Recorder(), random.Random(4)
    bot = MCTSBot(3, rollout=policy)
    assert bot.rollout is policy
    bot.choose(TwoMoves(), rng)
    assert policy.rngs and all(r is rng for r in policy.rngs)


def test_a_cut_off_asks_the_hook_for_each_movers_seat():
    seats: list[int] = []
    MCTSBot(4, max_rollout_actions=0).choose(TwoMoves(seats), random.Random(2))
    assert seats and set(seats) <= {0, 1} and 0 in seats
    assert UNKNOWN_VALUE == 0.5


def test_iterations_defaults_and_errors():
    assert MCTSBot(1).iterations == 1
    with pytest.raises(ValueError, match=r"^iterations must be at least 1, got 0$"):
        MCTSBot(0)
    bot = MCTSBot()
    assert (bot.iterations, bot.exploration, bot.rollout, bot.max_rollout_actions) == (
        200, 1.4, None, 10_000)
    with pytest.raises(ValueError, match=r"^choose\(\) on a game that is over$"):
        MCTSBot(1).choose(OneMove({}, []), random.Random())


def test_make_mcts_passes_everything_on():
    policy = Recorder()
    bot = make_mcts(7, 0.5, policy, 9)("setup", 0)
    assert (bot.iterations, bot.exploration, bot.rollout, bot.max_rollout_actions) == (
        7, 0.5, policy, 9)
    bot = make_mcts(7)("setup", 1)
    assert (bot.exploration, bot.rollout, bot.max_rollout_actions) == (1.4, None, 10_000)
