"""What the board-view tests share: a bot game played to a state, a drawing's leaves in place."""

from __future__ import annotations

import pytest

from pnp.layout.draw import Group
from pnp.sim.play import new_game


def play_until(spec, setup, pred, seed=12345, limit=4000):
    """The first state of bot game ``seed`` of ``setup`` for which ``pred`` holds."""
    state, bots, rng = new_game(spec, setup, seed)
    for _ in range(limit):
        if pred(state):
            return state
        if state.is_over():
            break
        state.apply(bots[state.current_player].choose(state, rng))
    pytest.fail("no such state in the game")


def flat(items, dx=0.0, dy=0.0):
    """Every leaf item of a drawing with the offset of its groups (they never rotate here)."""
    for item in items:
        if isinstance(item, Group):
            yield from flat(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy
