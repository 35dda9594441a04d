"""Pig positions for the search bots' tests, reached through the rules only."""

from __future__ import annotations

import random

from pig_game import PigState, Roll


def rolled_to(total: int) -> PigState:
    """A Pig game in which seat 1 has rolled, through the rules, to a turn total >= ``total``."""
    for seed in range(1000):
        state = PigState(2, random.Random(seed))
        while state.current_player == 0 and state.turn_total < total:
            state.apply(Roll())
        if state.current_player == 0:
            return state
    raise AssertionError("no seed rolls that far")


def next_roll_busts(state: PigState) -> bool:
    """Whether the state's own dice roll a 1 next (read on a clone)."""
    peek = state.clone()
    peek.apply(Roll())
    return peek.current_player != 0


def with_future(state: PigState, bust: bool) -> PigState:
    """``state`` with its random stream set (through ``determinize``) to bust next or not."""
    for k in range(1000):
        twin = state.clone()
        twin.determinize(random.Random(k))
        if next_roll_busts(twin) == bust:
            return twin
    raise AssertionError("no stream found")
