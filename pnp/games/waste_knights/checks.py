"""Making Checks: d10 dice pools against Easy (5), Challenging (7) and Hard (9) difficulties.

Pure. Shared by the rules of exploration, escape, search and attack checks (``rules``, ``combat``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

#: Making Checks: a Bull's Eye "10" passes any check.
BULLS_EYE = 10
DIE_SIDES = 10


def wound_dice(health: int) -> int:
    """Dice suffered for wounds: the -1 die icons shown at a knight's Health level.

    Health: "One Health marker ... show[s] -1 die icon"; the bottom marker carries Health 2 and 1
    and Naomi Vatt with 1 Health "rolls 2 less dice": so Health 2 -> 1 die, Health 1 -> 2 dice.
    """
    return max(0, 3 - health) if health > 0 else 2


def check_pool(skill: int, gained: int = 0, suffered: int = 0) -> int:
    """Check Dice Pool = Skill + (dice gained) - (dice suffered), never less than 1 die."""
    return max(1, skill + gained - suffered)


def check_successes(rolls: Iterable[int], difficulty: int) -> int:
    """Dice equal to or higher than the difficulty; a Bull's Eye (10) always counts."""
    return sum(1 for r in rolls if r >= difficulty or r == BULLS_EYE)


def check_passed(rolls: Iterable[int], difficulty: int) -> bool:
    """A check is Passed with at least 1 success."""
    return check_successes(rolls, difficulty) >= 1


def roll_check(rng: random.Random, pool: int, difficulty: int) -> tuple[bool, tuple[int, ...]]:
    """Roll a check pool of d10s (1-10, "10" counted on "0") against a difficulty."""
    rolls = tuple(rng.randint(1, DIE_SIDES) for _ in range(max(1, pool)))
    return check_passed(rolls, difficulty), rolls


@cache  # a simulator asks for the same few pools millions of times
def check_probability(pool: int, difficulty: int) -> float:
    """Chance that a pool passes: 1 - P(every die fails); a 10 succeeds whatever the difficulty."""
    pool = max(1, pool)
    fail_faces = min(max(difficulty, 1), DIE_SIDES) - 1  # faces 1..difficulty-1 fail, 10 never
    return 1.0 - (fail_faces / DIE_SIDES) ** pool


def check_passed_draw(u: float, pool: int, difficulty: int) -> bool:
    """A check's result from one uniform ``u`` in [0, 1): as likely as rolling the pool."""
    return u < check_probability(pool if pool > 1 else 1, difficulty)


def escape_check_pool(skill: int, health: int) -> int:
    """Escape or exploration check pool: the skill less the wound dice, never under 1 die."""
    return check_pool(skill, suffered=wound_dice(health))
