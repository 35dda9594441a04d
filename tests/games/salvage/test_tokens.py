"""Token counts: mobs from the node die's exact odds over the field, scrap from simulated play."""

from __future__ import annotations

import math
from fractions import Fraction

from pnp.games.salvage import GAME
from pnp.games.salvage.rules import Config, Rank
from pnp.games.salvage.tokens import (
    COVER,
    SCRAP_FALLBACK,
    binomial_quantile,
    mob_tokens,
    scrap_tokens,
)
from pnp.sim.play import game_seed, play


def cdf(n: int, p: Fraction, k: int) -> Fraction:
    return sum((math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1)),
               Fraction(0))


def test_the_quantile_is_the_least_count_that_covers():
    for n in (1, 5, 16, 56):
        for p in (Fraction(1, 6), Fraction(1, 2)):
            k = binomial_quantile(n, p)
            assert cdf(n, p, k) >= COVER and (k == 0 or cdf(n, p, k - 1) < COVER)


def test_mob_tokens_follow_the_node_die():
    # The aid's node die: one face for each rank (4: C, 5: B, 6: A), so 1/6 each.
    counts = mob_tokens(Config(), 16)
    assert counts == {int(r): binomial_quantile(16, Fraction(1, 6)) for r in Rank}
    assert counts[Rank.C] == 8  # 16 field nodes: P(9 or more weak mobs) < 1/1000
    assert mob_tokens(Config(), 56)[Rank.A] > counts[Rank.A]


def test_scrap_tokens_are_the_most_any_game_had_out():
    cfg = Config()
    assert scrap_tokens(cfg) == {m: SCRAP_FALLBACK for m in range(1, 7)}
    setup = GAME.make_setup("tokens", 2, ("heuristic", "heuristic"), {})
    games = [play(GAME, setup, game_seed("tokens", i)) for i in range(5)]
    ends = [g.scrap_in_play() for g in games]
    most = scrap_tokens(cfg, ends)
    assert all(most[m] == max(e[m - 1] for e in ends) for m in most)
    assert sum(most.values()) > 0


def test_scrap_never_leaves_play():
    # What the scrap count rests on: a game's scrap out of the box only grows.
    setup = GAME.make_setup("tokens", 2, ("heuristic", "random"), {})
    seen: list[tuple[int, ...]] = []
    play(GAME, setup, game_seed("grows", 0), on_action=lambda p, a, s: seen.append(
        s.scrap_in_play()))
    assert all(b[m] >= a[m] for a, b in zip(seen, seen[1:], strict=False) for m in range(6))
    assert seen[-1] != seen[0]
