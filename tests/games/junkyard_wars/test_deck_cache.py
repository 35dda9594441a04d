"""The machine deck's figures are exactly what they were before the word-independent sums were
cached (its speed is measured by benchmarks/bench_startup.py --deck: no timed assertion here)."""

from __future__ import annotations

import math

import numpy as np

from pnp.games.junkyard_wars.deck import (
    bag_counts,
    build_deck,
    difficulty,
    expected_searches,
    usable_words,
)
from pnp.games.junkyard_wars.simulate import bag_and_words


def _reference(word: str, bag: dict) -> float:
    """expected_searches as written before the cache: every sum computed for every word."""
    counts = bag_counts(bag)
    total = sum(counts.values())
    blanks = counts.get("?", 0)
    letters = [(counts.get(ch, 0), word.count(ch)) for ch in sorted(set(word))]
    others = total - blanks - sum(c for c, _ in letters)
    cap = blanks + 1
    ways = np.zeros((1, cap + 1))
    ways[0, 0] = 1.0
    for c, k in letters:
        new = np.zeros((ways.shape[0] + c, cap + 1))
        for x in range(c + 1):
            short = max(0, k - x)
            comb = float(math.comb(c, x))
            for d in range(cap + 1):
                nd = min(d + short, cap)
                new[x:x + ways.shape[0], nd] += ways[:, d] * comb
        ways = new
    met = np.zeros(total + 1)
    for d in range(blanks + 1):
        f = np.array([sum(math.comb(blanks, b) * math.comb(others, k - b)
                          for b in range(d, min(blanks, k) + 1)) for k in range(total + 1)],
                     dtype=float)
        met += np.convolve(ways[:, d], f)[:total + 1]
    draws = np.array([float(math.comb(total, m)) for m in range(total + 1)])
    p_met = np.minimum(met / draws, 1.0)
    return float(np.sum(1.0 - p_met[:total]))


def test_every_bundled_word_has_the_same_figure():
    bag, words = bag_and_words(None, None)
    pool = usable_words(words, bag)
    assert len(pool) > 300
    for word in pool:
        assert expected_searches(word, bag) == _reference(word, bag), word


def test_bags_with_more_blanks_and_fewer_tiles_too():
    for bag in ({"A": 3, "B": 2, "C": 1, "?": 0}, {"E": 4, "T": 2, "S": 1, "?": 3},
                {"A": 9, "E": 12, "R": 6, "T": 6, "?": 5}):
        for word in ("TEA", "SEAT", "ABC", "TREAT", "ERA"):
            if all(ch in bag or bag.get("?") for ch in word):
                assert expected_searches(word, bag) == _reference(word, bag), (word, bag)


def test_cached_sums_are_read_only_and_decks_repeat():
    bag, words = bag_and_words(None, None)
    first = build_deck("seed", words, bag, size=40, players=4)
    assert build_deck("seed", words, bag, size=40, players=4) == first
    assert first.cards[0] == difficulty(first.cards[0].word, bag)
