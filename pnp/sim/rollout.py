"""A Monte Carlo search bot that improves on a playing policy: the computer opponent.

At each decision every candidate move is played out to the end of the game ``samples`` times by
the policy (both sides), each playout on a clone whose hidden parts ``api.determinize`` has
redrawn (future dice, the deck order, the other side's secret choice), so the search plans
against the odds and never foresees them. All candidates share the same sampled futures (common
random numbers: playout ``k`` of every candidate starts from the same seed), so they are compared
pair by pair, and a move other than the policy's own is chosen only when its mean gain over the
policy's move is positive and ``z`` standard errors clear of zero. Rollout policy improvement
(Tesauro & Galperin 1996) with that significance test: against the policy itself it can only
gain, and noise alone rarely moves it off the policy's choice. Nothing but ``clone``, ``apply``,
``is_over``, ``returns`` and ``current_player`` is used; ``playout_value(player)`` is an optional
state method that adds a tie-break (e.g. the score margin) to a finished playout's return.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from pnp.games.api import Action, Bot, State, determinize

__all__ = ["RolloutBot", "make_rollout"]

#: Candidates of a position given the policy's move (the policy's move first).
Candidates = Callable[[Any, Action], Sequence[Action]]


class RolloutBot:
    """Playouts of every candidate by ``policy``; strength = ``samples`` playouts a candidate."""

    def __init__(self, policy: Bot, samples: int = 16, z: float = 2.0,
                 candidates: Candidates | None = None) -> None:
        if samples < 2:
            raise ValueError(f"samples must be at least 2 (a spread needs two), got {samples}")
        self.policy, self.samples, self.z = policy, samples, z
        self.candidates = candidates

    def choose(self, state: Any, rng: random.Random) -> Action:
        """The policy's move, unless another candidate gains significantly in the playouts."""
        default = self.policy.choose(state, rng)
        moves = (state.legal_actions() if self.candidates is None
                 else self.candidates(state, default))
        # By type too: NamedTuple actions of two kinds with equal fields compare equal.
        others = [a for a in moves if type(a) is not type(default) or a != default]
        if not others:
            return default  # nothing to decide: spend no time and no random numbers
        player = state.current_player
        seeds = [rng.getrandbits(64) for _ in range(self.samples)]
        base = [self._playout(state, default, seed, player) for seed in seeds]
        best, best_gain = default, 0.0
        for action in others:
            gains = [self._playout(state, action, seed, player) - b
                     for seed, b in zip(seeds, base, strict=True)]
            mean = sum(gains) / len(gains)
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
            if mean > best_gain and mean > self.z * spread / math.sqrt(len(gains)):
                best, best_gain = action, mean
        return best

    def _playout(self, state: State, action: Action, seed: int, player: int) -> float:
        """``action`` then the policy for everyone to the end, in the future of ``seed``."""
        twin = state.clone()
        rng = random.Random(seed)
        determinize(twin, rng)
        twin.apply(action)
        policy = self.policy
        while not twin.is_over():
            twin.apply(policy.choose(twin, rng))
        hook = getattr(twin, "playout_value", None)
        return twin.returns()[player] if hook is None else float(hook(player))


def make_rollout(policy: Callable[[Any, int], Bot], samples: int, z: float = 2.0,
                 candidates: Candidates | None = None) -> Callable[[Any, int], RolloutBot]:
    """A ``GameSpec.bots`` factory ``(setup, seat) -> RolloutBot`` of the given strength."""

    def factory(setup: Any, seat: int) -> RolloutBot:
        """A rollout search bot for ``seat``, its playouts by the seat's ``policy``."""
        return RolloutBot(policy(setup, seat), samples, z, candidates)

    return factory
