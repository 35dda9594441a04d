"""Salvage's token counts (``tokens.py``) worked out by hand.

Written against the survivors of the mutation run of ``tokens.py`` that docs/testing.md lists:
the quantile's exact sums at the edges, the node die's share of each rank, at least one token of
a rank, and the scrap counts over a rules file with other materials.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnp.games.salvage.rules import NODE_DIE, Config, NodeRoll, Rank
from pnp.games.salvage.tokens import (
    COVER,
    SCRAP_FALLBACK,
    binomial_quantile,
    mob_tokens,
    scrap_tokens,
)


def test_the_cover_and_the_fallback():
    assert COVER == Fraction(999, 1000) and SCRAP_FALLBACK == 8


def test_the_quantile_by_hand():
    # Binomial(2, 1/2): P(0) = 1/4, P(<=1) = 3/4, P(<=2) = 1.
    half = Fraction(1, 2)
    assert binomial_quantile(2, half, Fraction(1, 4)) == 0  # exactly reached counts
    assert binomial_quantile(2, half, Fraction(1, 2)) == 1
    assert binomial_quantile(2, half, Fraction(3, 4)) == 1
    assert binomial_quantile(2, half, Fraction(4, 5)) == 2
    assert binomial_quantile(2, half) == 2
    assert binomial_quantile(3, Fraction(0)) == 0
    assert binomial_quantile(3, Fraction(1)) == 3
    # Binomial(3, 1/6): P(0) = 125/216, P(<=1) = 200/216, P(<=2) = 215/216.
    sixth = Fraction(1, 6)
    assert binomial_quantile(3, sixth, Fraction(125, 216)) == 0
    assert binomial_quantile(3, sixth, Fraction(126, 216)) == 1
    assert binomial_quantile(3, sixth, Fraction(200, 216)) == 1
    assert binomial_quantile(3, sixth, Fraction(201, 216)) == 2
    assert binomial_quantile(3, sixth, Fraction(215, 216)) == 2
    assert binomial_quantile(3, sixth, Fraction(216, 216)) == 3
    # a cover no count reaches: every node
    assert binomial_quantile(3, sixth, Fraction(2)) == 3
    assert binomial_quantile(3, Fraction(1), Fraction(2)) == 3  # no term past k = n
    assert binomial_quantile(0, sixth) == 0


def test_mob_tokens_use_each_ranks_share_of_the_node_die():
    # A die of 4 faces: two weak-mob faces, one medium, no strong: at least 1 token of each.
    die = (NodeRoll(1, text="Nothing"), NodeRoll(2, mob=Rank.C), NodeRoll(3, mob=Rank.C),
           NodeRoll(4, mob=Rank.B))
    counts = mob_tokens(Config(node_die=die), 3)
    assert counts == {1: binomial_quantile(3, Fraction(1, 2)),
                      2: binomial_quantile(3, Fraction(1, 4)), 3: 1}
    assert counts == {1: 3, 2: 3, 3: 1}
    assert list(counts) == [1, 2, 3]
    # The aid's die over 1 field node: a mob of each rank may stand on it.
    assert mob_tokens(Config(node_die=NODE_DIE), 1) == {1: 1, 2: 1, 3: 1}
    assert mob_tokens(Config(), 0) == {1: 1, 2: 1, 3: 1}


def test_scrap_tokens_per_material_of_the_rules():
    cfg = Config(scrap_weights=(1, 2, 1))
    assert scrap_tokens(cfg) == {1: 8, 2: 8, 3: 8}
    assert scrap_tokens(cfg, [(1, 0, 4), (3, 0, 2)]) == {1: 3, 2: 0, 3: 4}
    assert scrap_tokens(cfg, iter([(0, 0, 0)])) == {1: 0, 2: 0, 3: 0}  # seen: no fallback


def test_a_games_counts_must_name_every_material():
    # counts of another rules file's materials are an error, not cut short or padded
    for counts in ((1, 2), (1, 2, 3, 4)):
        with pytest.raises(ValueError):
            scrap_tokens(Config(scrap_weights=(1, 2, 1)), [(0, 0, 0), counts])
