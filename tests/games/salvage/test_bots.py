"""The bots' decisions: legal, from what their seat may see, and the heuristic's rules of thumb."""

from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.salvage import actions as A
from pnp.games.salvage.bots import HeuristicBot, RandomBot, best_pool
from pnp.games.salvage.rules import Config, p_mob_hit, sub_pools
from pnp.games.salvage.state import CLASH_DEFEND

from .helpers import act, corridor, mod, new_state, walk

BOT = HeuristicBot()
RNG = random.Random(0)


def test_best_pool_is_the_best_chance_fewest_dice():
    pool, p = best_pool((4, 6, 20), 2, 10, 0, 2, 2)
    assert p == max(float(p_mob_hit(d, 10)) for d in sub_pools((4, 6, 20), 2))
    assert pool == (6, 20)
    assert best_pool((4,), 2, 6, 0, 2, 2) == ((), 0.25)  # the coin beats a D4 against 6


def test_heuristic_installs_the_highest_printed_score():
    deck = (mod("Low", 1), mod("High", 4))
    s, _ = new_state(mods=deck)
    walk(s, 0, [1, 2])
    act(s, A.CloseRun(0), 0.0, 0.0)
    assert BOT.choose(s, RNG) == A.Install(0, "High")


def test_heuristic_defends_with_all_its_dice_and_cannot_see_the_attackers():
    s, _ = new_state(field=corridor(extra_edges=[(0, 8)]), config=Config(start_dice=(4, 8)))
    act(s, A.Pass(0))
    act(s, A.Move(1, 0))
    act(s, A.ClashDice(1, True, (4,)))
    assert s.phase == CLASH_DEFEND
    assert BOT.choose(s, RNG) == A.ClashDice(0, False, (4, 8))


def test_heuristic_passes_a_mob_it_cannot_beat_with_the_coin():
    s, _ = new_state({1: 6})  # a strong mob on the only way out
    act(s, A.Move(0, 1))
    assert BOT.choose(s, RNG) == A.FightRound(0, ())
    act(s, A.FightRound(0, ()), 0.75, 0.75)
    assert BOT.choose(s, RNG) == A.FightOn(0)


def test_heuristic_takes_the_cell_and_closes_with_the_other_mecha_next_door():
    s, _ = new_state(field=corridor(extra_edges=[(1, 7)]))
    walk(s, 0, [1])
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 2))
    assert BOT.threatened(s, s.mechas[0]) is False  # mecha 2 is two moves away
    assert BOT.choose(s, RNG) in (A.CloseRun(0), A.PressOn(0))
    s, _ = new_state(field=corridor(extra_edges=[(2, 7)]))
    walk(s, 0, [1])
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 2))
    assert BOT.threatened(s, s.mechas[0]) and BOT.choose(s, RNG) == A.CloseRun(0)


def test_heuristic_heads_for_a_cell_within_its_fuel():
    s, _ = new_state()
    assert BOT.choose(s, RNG) == A.Move(0, 1)


def test_random_bot_draws_among_the_legal_actions():
    s, _ = new_state({1: 4})
    seen = {RandomBot().choose(s, random.Random(k)) for k in range(50)}
    assert seen == set(s.legal_actions())


def brute_routes(field, mob, pos):
    """Fewest moves, then fewest mobs passed (not counting the ends), by a plain search."""
    nbrs = field.neighbours()
    best = {pos: (0, 0)}
    todo = deque([pos])
    while todo:
        a = todo.popleft()
        d, m = best[a]
        for b in nbrs[a]:
            cand = (d + 1, m + (1 if mob[a] and a != pos else 0))
            if b not in best or cand < best[b]:
                best[b] = cand
                todo.append(b)
    return best


@settings(max_examples=40, deadline=None)
@given(rolls=st.lists(st.integers(1, 6), min_size=9, max_size=9), pos=st.integers(0, 8),
       extra=st.sets(st.sampled_from([(0, 3), (1, 5), (2, 7), (3, 8), (1, 6), (0, 8)])))
def test_routes_are_the_fewest_moves_then_the_fewest_mobs(rolls, pos, extra):
    field = corridor(dict(enumerate(rolls)), extra_edges=sorted(extra))
    s, _ = new_state(field=field)
    hops, mobs_passed, first = BOT.routes(s, pos)
    want = brute_routes(field, s.mob, pos)
    for node, (d, m) in want.items():
        if node != pos:
            assert (hops[node], mobs_passed[node]) == (d, m)
            assert first[node] in field.neighbours()[pos]
            assert hops[node] == 1 + s.t.dist[first[node]][node]


def test_playout_value_is_the_return_with_the_margin_as_tie_break():
    s, _ = new_state()
    assert s.playout_value(0) == s.playout_value(1) == 0.0  # no return, no margin yet
    rng = random.Random(3)
    while not s.is_over():
        s.apply(BOT.choose(s, rng))
    for seat in (0, 1):
        lead = s.score(seat) - s.score(seat ^ 1)
        value = s.playout_value(seat)
        assert abs(value - s.returns()[seat]) <= 0.1
        assert (value > s.returns()[seat]) == (lead > 0)
