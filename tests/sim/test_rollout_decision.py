"""The rollout bot's decision worked out by hand: scripted playouts (each candidate's value in
each sampled future given in advance) pin the paired gains, their mean and spread, the z test
at its edge, which candidates are weighed, the shared futures, the playout value hook and the
defaults (pnp/sim/rollout.py)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from pnp.sim.rollout import RolloutBot, make_rollout


class P(NamedTuple):
    n: int


class Q(NamedTuple):
    n: int


class Script:
    """The playouts' values: ``values[str(action)]`` in the order the bot plays that action
    out, and each playout's first draw from its future (``futures``); keyed by the text, as
    ``P(n=0)`` and ``Q(n=0)`` are equal tuples."""

    def __init__(self, values: list[tuple[Any, list[float]]], hook: bool = False) -> None:
        self.values = {str(a): v for a, v in values}
        self.hook = hook
        self.played: dict[Any, int] = {}
        self.futures: dict[Any, list[float]] = {}
        self.players: list[int] = []


class Toy:
    """One decision for player 1 (of 0 and 1), then the game is over."""

    def __init__(self, script: Script, moves: list[Any]) -> None:
        self.script, self.moves = script, moves
        self.current_player = 1
        self.done: Any = None
        self.future = 0.0

    def legal_actions(self) -> list[Any]:
        return list(self.moves)

    def clone(self) -> Toy:
        return Toy(self.script, self.moves)

    def determinize(self, rng: random.Random) -> None:
        self.future = rng.random()

    def apply(self, action: Any) -> None:
        self.done = action

    def is_over(self) -> bool:
        return self.done is not None

    def _value(self) -> float:
        s, key = self.script, str(self.done)
        k = s.played.get(key, 0)
        s.played[key] = k + 1
        s.futures.setdefault(key, []).append(self.future)
        return s.values[key][k]       # an IndexError: a playout more than the script

    def returns(self) -> tuple[float, float]:
        assert not self.script.hook, "the playout value hook is there: returns() is not read"
        return (-1.0, self._value())

    def __getattr__(self, name: str) -> Any:
        if name == "playout_value" and self.__dict__["script"].hook:
            def playout_value(player: int) -> float:
                self.script.players.append(player)
                return self._value()
            return playout_value
        raise AttributeError(name)


class Policy:
    """Always ``P(0)``, drawing nothing from the bot's random numbers."""

    def choose(self, state: Any, rng: Any) -> P:
        return P(0)


def decide(values: dict[Any, list[float]] | list[tuple[Any, list[float]]], z: float,
           **kw: Any) -> tuple[Any, Script]:
    """The bot's choice among the actions of ``values`` (the policy's ``P(0)`` first)."""
    pairs = list(values.items()) if isinstance(values, dict) else values
    script = Script(pairs, hook=kw.pop("hook", False))
    state = Toy(script, [a for a, _ in pairs])
    samples = len(pairs[0][1])
    return RolloutBot(Policy(), samples, z, **kw).choose(state, random.Random(3)), script


def test_a_sure_gain_is_taken_and_a_sure_loss_is_not():
    assert decide({P(0): [0.0] * 4, P(1): [1.0] * 4}, z=2.0)[0] == P(1)
    assert decide({P(0): [1.0] * 4, P(1): [0.0] * 4}, z=2.0)[0] == P(0)


def test_the_z_test_at_its_edge():
    # gains 3, 0, 0: mean 1, spread sqrt(((3-1)^2 + 1 + 1) / (3 - 1)) = sqrt(3), standard
    # error sqrt(3) / sqrt(3) = 1: z = 1 puts the mean exactly on the line (not taken), just
    # under 1 above it (taken)
    values = {P(0): [0.0, 0.0, 0.0], P(1): [3.0, 0.0, 0.0]}
    assert decide(values, z=1.0)[0] == P(0)
    assert decide(values, z=0.99)[0] == P(1)
    assert decide(values, z=1.74)[0] == P(0)     # sqrt(3) standard errors would be 1.73


def test_gains_are_paired_with_the_same_future():
    # each candidate's playout k starts from the same sampled future as the policy's playout k
    _, script = decide({P(0): [0.0] * 3, P(1): [0.0] * 3, P(2): [0.0] * 3}, z=2.0)
    f = script.futures
    assert f["P(n=0)"] == f["P(n=1)"] == f["P(n=2)"] and len(set(f["P(n=0)"])) == 3


def test_it_draws_one_64_bit_seed_a_sample_and_nothing_else():
    rng, again = random.Random(9), random.Random(9)
    state = Toy(Script([(P(0), [0.0] * 5), (P(1), [0.0] * 5)]), [P(0), P(1)])
    RolloutBot(Policy(), 5, 2.0).choose(state, rng)
    for _ in range(5):
        again.getrandbits(64)
    assert rng.getstate() == again.getstate()


def test_equal_gains_keep_the_first_candidate():
    assert decide({P(0): [0.0] * 2, P(1): [1.0] * 2, P(2): [1.0] * 2}, z=2.0)[0] == P(1)


def test_every_other_candidate_and_only_them_is_played_out():
    # the policy's move is not weighed against itself (its script has one value a sample), an
    # action of another type with equal fields is another move (NamedTuples compare equal)
    best, script = decide([(P(0), [0.0] * 2), (P(1), [0.0] * 2), (Q(0), [5.0] * 2)], z=2.0)
    assert best == Q(0) and type(best) is Q
    assert script.played == {"P(n=0)": 2, "P(n=1)": 2, "Q(n=0)": 2}


def test_no_other_move_spends_nothing():
    rng = random.Random(1)
    before = rng.getstate()
    script = Script([(P(0), [])])
    assert RolloutBot(Policy(), 2, 2.0).choose(Toy(script, [P(0)]), rng) == P(0)
    assert rng.getstate() == before and script.played == {}


def test_candidates_come_from_the_given_function():
    seen = []

    def candidates(state: Any, default: Any) -> list[Any]:
        seen.append((state, default))
        return [P(0), P(2)]

    state = Toy(Script([(P(0), [0.0] * 2), (P(1), [9.0] * 2), (P(2), [1.0] * 2)]),
                [P(0), P(1)])
    assert RolloutBot(Policy(), 2, 2.0, candidates).choose(state, random.Random(0)) == P(2)
    assert seen == [(state, P(0))]


def test_the_playout_value_hook_of_the_player_to_move():
    best, script = decide({P(0): [0.0] * 2, P(1): [1.0] * 2}, z=2.0, hook=True)
    assert best == P(1) and script.players == [1] * 4


def test_samples_and_defaults():
    with pytest.raises(ValueError, match=r"^samples must be at least 2 \(a spread needs two\), "
                                         r"got 1$"):
        RolloutBot(Policy(), 1)
    assert RolloutBot(Policy(), 2).samples == 2
    bot = RolloutBot(Policy())
    assert (bot.samples, bot.z, bot.candidates) == (16, 2.0, None)


def test_make_rollout_builds_the_seats_bot():
    calls = []

    def policy(setup: Any, seat: int) -> Policy:
        calls.append((setup, seat))
        return Policy()

    def candidates(state: Any, default: Any) -> list[Any]:
        return [default]

    bot = make_rollout(policy, 5, candidates=candidates)("setup", 1)
    assert calls == [("setup", 1)]
    assert (bot.samples, bot.z, bot.candidates) == (5, 2.0, candidates)
    assert make_rollout(policy, 3, 0.5)("s", 0).z == 0.5
