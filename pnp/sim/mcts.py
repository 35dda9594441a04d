"""A Monte Carlo tree search bot for any game of the State protocol: the computer opponent.

Information-set style: every iteration plays out its own clone of the position after
``api.determinize`` has redrawn what the player to move cannot know (future dice, the deck order,
the other side's secret choice), so the search plans against the odds and never foresees them.
The tree is "open loop" (Perez et al. 2015): a node stands for a sequence of moves, not a
position, because after a determinized roll the same moves can reach different positions; the
legal actions are read again on every visit and UCT ranks them with availability counts
(Cowling et al. 2012, ISMCTS). Nothing but ``clone``, ``apply``, ``legal_actions``,
``is_over``, ``returns`` and ``current_player`` is used; ``heuristic_value(player)`` is an
optional state method that scores a rollout cut short.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from pnp.games.api import Action, Bot, State, determinize

__all__ = ["MCTSBot", "make_mcts"]

#: The score of a rollout cut short on a state without ``heuristic_value``: a coin flip.
UNKNOWN_VALUE = 0.5


class _Node:
    """The statistics of one move after a sequence of moves: its mover's total return."""

    __slots__ = ("children", "visits", "available", "value")

    def __init__(self) -> None:
        # Keyed by mover and action (_key): in an open loop tree the same move sequence can
        # leave different players to move (a bust in Pig passes the dice); their values must not
        # mix.
        self.children: dict[tuple[int, type, Action], _Node] = {}
        self.visits = 0
        self.available = 1  # visits of the parent while this move was legal (ISMCTS)
        self.value = 0.0    # sum of returns()[mover] over the iterations through this move

    def ucb(self, exploration: float) -> float:
        """UCB1 over availability: mean return plus the exploration bonus."""
        return (self.value / self.visits
                + exploration * math.sqrt(math.log(self.available) / self.visits))


def _key(mover: int, action: Action) -> tuple[int, type, Action]:
    """The key of the child node for ``action`` chosen by ``mover``."""
    # The type too: NamedTuple actions of two kinds with equal fields compare equal as tuples
    # (Pig's ``Roll() == Hold() == ()``), and must still be two moves.
    return mover, type(action), action


class MCTSBot:
    """UCT search over determinized clones; strength = ``iterations`` per move."""

    def __init__(self, iterations: int = 200, exploration: float = 1.4,
                 rollout: Bot | None = None, max_rollout_actions: int = 10_000) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout_actions = max_rollout_actions

    def choose(self, state: Any, rng: random.Random) -> Action:
        """The most visited root move after ``iterations`` determinized playouts."""
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]  # nothing to decide: spend no time and no random numbers
        if not legal:
            raise ValueError("choose() on a game that is over")
        root = _Node()
        player = state.current_player
        for _ in range(self.iterations):
            self._iterate(state, root, player, legal, rng)
        # The robust child (most visits); ties go to the better mean, then to the legal order.
        best, best_key = legal[0], (-1, -math.inf)
        for action in legal:
            node = root.children.get(_key(player, action))
            if node is not None:
                key = (node.visits, node.value / node.visits)
                if key > best_key:
                    best, best_key = action, key
        return best

    def _iterate(self, root_state: State, root: _Node, root_player: int,
                 root_legal: Sequence[Action], rng: random.Random) -> None:
        """One iteration: determinize, select, expand one move, roll out, back up."""
        state = root_state.clone()
        determinize(state, rng)
        node, path = root, []
        while not state.is_over():
            # At the root only the moves the root player really has: a determinization must
            # not invent or drop one.
            at_root = node is root
            mover = root_player if at_root else state.current_player
            legal = root_legal if at_root else state.legal_actions()
            untried = [a for a in legal if _key(mover, a) not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                for other in legal:
                    if _key(mover, other) in node.children:
                        node.children[_key(mover, other)].available += 1
                child = node.children[_key(mover, action)] = _Node()
                state.apply(action)
                path.append((child, mover))
                break
            best_score, action, child = -math.inf, legal[0], node  # legal is never empty here
            for a in legal:
                candidate = node.children[_key(mover, a)]
                candidate.available += 1
                score = candidate.ucb(self.exploration)
                if score > best_score:
                    best_score, action, child = score, a, candidate
            state.apply(action)
            path.append((child, mover))
            node = child
        self._playout(state, rng)
        values: dict[int, float] = {}  # per seat: a cut-off's heuristic is asked once per seat
        for child, mover in path:
            if mover not in values:
                values[mover] = _value(state, mover)
            child.visits += 1
            child.value += values[mover]

    def _playout(self, state: State, rng: random.Random) -> None:
        """Play ``state`` on to the end, or until the cut-off."""
        for _ in range(self.max_rollout_actions):
            if state.is_over():
                return
            if self.rollout is not None:
                action = self.rollout.choose(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)


def _value(state: State, seat: int) -> float:
    """What a playout's end is worth to ``seat``: its return, else the state's own estimate."""
    if state.is_over():
        return state.returns()[seat]
    hook = getattr(state, "heuristic_value", None)
    return UNKNOWN_VALUE if hook is None else float(hook(seat))


def make_mcts(iterations: int, exploration: float = 1.4, rollout: Bot | None = None,
              max_rollout_actions: int = 10_000) -> Callable[[Any, int], MCTSBot]:
    """A ``GameSpec.bots`` factory ``(setup, seat) -> MCTSBot`` of the given strength."""

    def factory(setup: Any, seat: int) -> MCTSBot:
        """An MCTS bot for ``seat`` (the search needs nothing from the setup)."""
        return MCTSBot(iterations, exploration, rollout, max_rollout_actions)

    return factory
