"""The simulator's observed rates match the exact chances (rules.p_mob_hit, p_clash) within
their 95% confidence intervals: 2,000 fight rounds and 2,000 clashes through ``apply``."""

from __future__ import annotations

import random

import pytest

from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import Config, p_clash, p_mob_hit
from pnp.sim.stats import proportion_ci

from .helpers import act, corridor, new_state

TRIALS = 2000


def observed(base, action, won, seed):
    """Play ``action`` on ``TRIALS`` determinized clones of ``base``; how often ``won``."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(TRIALS):
        twin = base.clone()
        twin.determinize(rng)
        twin.apply(action)
        hits += won(twin)
    return proportion_ci(hits, TRIALS)


@pytest.mark.parametrize("face,dice,number", [(6, (6, 8), 10), (5, (4, 20), 8), (4, (6,), 6),
                                              (6, (), 10)])
def test_fight_round_rate_matches_p_mob_hit(face, dice, number):
    # "A round whose total equals the mob's number or beats it is one hit"; no dice: the coin.
    s, _ = new_state({1: face}, config=Config(start_dice=dice or (6,)))
    act(s, A.Move(0, 1))
    est = observed(s, A.FightRound(0, dice), lambda t: t.wounds[1] == 1 or t.mob[1] == 0,
                   seed=number)
    exact = float(p_mob_hit(dice, number))
    assert est.low <= exact <= est.high, (est, exact)


@pytest.mark.parametrize("att,dfn", [((6,), (6,)), ((4, 8), (10,)), ((), ()), ((20,), (4, 6))])
def test_clash_rate_matches_p_clash(att, dfn):
    # "you both roll, and a tie goes to the defender"; no dice: one coin flip.
    s, _ = new_state(field=corridor(extra_edges=[(0, 8)]),
                     config=Config(start_dice=tuple(sorted(set(att) | set(dfn))) or (6,)))
    act(s, A.Pass(0))
    act(s, A.Move(1, 0))
    act(s, A.ClashDice(1, True, att))
    # determinize would redraw the attacker's hidden dice: reseed the rolls only
    rng = random.Random(7)
    wins = 0
    for _ in range(TRIALS):
        twin = s.clone()
        twin.rng.seed(rng.getrandbits(64))
        twin.apply(A.ClashDice(0, False, dfn))
        wins += twin.mechas[1].pos == 0  # the attacker stays; a beaten one goes home
    est = proportion_ci(wins, TRIALS)
    exact = float(p_clash(att, dfn))
    assert est.low <= exact <= est.high, (est, exact)
