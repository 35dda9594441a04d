"""`odds shoot` says exactly what it said before the pool distributions were cached (its speed at
the 30-dice cap is measured by benchmarks/bench_wr_sim.py: no timed assertion here).

The rulebook's dice (Attacking a Target Within Range): "A roll of a 6 ALWAYS counts as a success
AND generates a free roll, regardless of any modifiers in play ... A roll of 1 is ALWAYS a miss!"
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnp.games.wreck_and_ruin import dice
from pnp.games.wreck_and_ruin.dice import TAIL, die_faces, pool
from pnp.games.wreck_and_ruin.odds import MAX_DICE, shoot_document


def _reference_pool(n: int, target: int, modifier: int = 0):
    """The distribution as pnp computed it before the cache: every die over 6**size, convolved
    one die at a time (exact; slow at 30 dice)."""
    miss, hit, _ = die_faces(target, modifier)
    hits, misses = int(hit * 6), int(miss * 6)
    size = 2 * n + 8
    while True:
        one = [misses * 6 ** (size - 1)] + [hits * 6 ** (size - k) + misses * 6 ** (size - k - 1)
                                            for k in range(1, size)]
        acc = one
        for _ in range(n - 1):
            out = [0] * size
            for i, pa in enumerate(acc):
                if pa:
                    for j in range(size - i):
                        out[i + j] += pa * one[j]
            acc = out
        den = 6 ** (size * n)
        total = 0
        for k, x in enumerate(acc):
            total += x
            if (den - total) * TAIL.denominator < den:
                return (tuple(Fraction(v, den) for v in acc[:k + 1]), Fraction(den - total, den))
        size *= 2


@pytest.mark.parametrize("n", [1, 2, 3, 5, 12, MAX_DICE])
def test_pools_are_exactly_what_they_were(n):
    for target in range(0, 7):
        for modifier in (0, -1):
            probs, tail = _reference_pool(n, target, modifier)
            p = pool(n, target, modifier)
            assert p.probs == probs and p.tail == tail, (n, target, modifier)
            assert p.expected == n * (sum(die_faces(target, modifier)[1:])) / (1 - Fraction(1, 6))
            for k in range(len(probs) + 2):
                assert p.at_least(k) == (1 - sum(probs[:k], Fraction(0)) if k > 0 else 1)


def test_a_cached_pool_is_the_same_as_a_fresh_one():
    fresh = [shoot_document(d, a, r) for d in (30, 29, 3) for a in (2, 4) for r in (False, True)]
    again = [shoot_document(d, a, r) for d in (30, 29, 3) for a in (2, 4) for r in (False, True)]
    assert fresh == again
    dice.clear_caches()
    assert [shoot_document(d, a, r) for d in (30, 29, 3) for a in (2, 4)
            for r in (False, True)] == fresh
