"""The simulator's fast paths agree with the rules written plainly: moves on flat tables, shots
enemy by enemy, the heuristic player's memo."""

from __future__ import annotations

import random

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.bots import HeuristicBot
from pnp.games.wreck_and_ruin.hexes import behind, distance, in_front, line_clear
from pnp.games.wreck_and_ruin.legal import shoot_targets
from pnp.games.wreck_and_ruin.movement import grid_of, reach, reach_grid
from pnp.games.wreck_and_ruin.tiles import OBSTACLE
from pnp.sim.play import new_game


def test_reach_on_flat_tables_is_reach_on_coordinates():
    # Moving a Vehicle, Turning, Reversing, AGILE: the same ends at the same costs
    setup = GAME.make_setup("reach", 4, ("random",) * 4, {})
    g = grid_of(setup.board)
    rng = random.Random(1)
    for _ in range(400):
        blocked = [(not o) or rng.random() < 0.15 for o in g.open]
        start, facing = rng.randrange(len(g.coords)), rng.randrange(6)
        allowance = rng.randint(1, 9)
        flags = {"rig": rng.random() < 0.3, "agile": rng.random() < 0.3,
                 "reverse": rng.random() < 0.3}
        fast = reach_grid(g, start, facing, allowance, blocked, **flags)

        def free(c, blocked=blocked):
            return c in g.index and not blocked[g.index[c]]

        plain = reach(g.coords[start], facing, allowance, free, **flags)
        assert {(g.coords[h], f): c for (h, f), c in fast.items()} == plain


def _plain_targets(s, v):
    """Attacking a Target Within Range, word for word: range 3, the front arc (the rig's
    turret: all round), a shortest route clear of obstacles and vehicles; from behind."""
    reach_ = max(1, s.config.shoot_range - s.effect("sandstorm"))
    turret = v.kind.has("360 TURRET")
    found = {}
    for t in s.vehicles:
        if t.pos is None or not t.active or s.team[t.seat] == s.team[v.seat]:
            continue
        for sh in v.hexes():
            for th in t.hexes():
                if not 1 <= distance(sh, th) <= reach_:
                    continue
                if not turret and not in_front(sh, v.facing, th):
                    continue

                def blocked(h, t=t):
                    o = s.occupant.get(h)
                    return (s.board.terrain.get(h, OBSTACLE) == OBSTACLE
                            or (o is not None and o not in (v.vid, t.vid)))

                if line_clear(sh, th, blocked):
                    found[t.vid] = found.get(t.vid, False) or (
                        not v.kind.has("FLYING") and behind(t.pos, t.facing, sh))
                    break
    return sorted(found.items())


def test_shoot_targets_are_the_rules_targets():
    checked = 0
    for players in (2, 4):
        setup = GAME.make_setup("targets", players, ("random",) * players, {})
        for game in range(3):
            s, bots, rng = new_game(GAME, setup, game)
            while not s.is_over():
                for v in s.vehicles:
                    if v.pos is not None and v.active:
                        assert shoot_targets(s, v) == _plain_targets(s, v)
                        checked += 1
                s.apply(bots[s.current_player].choose(s, rng))
    assert checked > 1000


def test_heuristic_memo_gives_what_a_fresh_player_gives():
    # "the same state always gets the same answer, whatever the bot saw before"
    setup = GAME.make_setup("memo", 4, ("heuristic",) * 4, {})
    s, bots, rng = new_game(GAME, setup, 2)
    steps = 0
    while not s.is_over() and steps < 400:
        act = bots[s.current_player].choose(s, rng)
        if steps % 3 == 0:
            assert HeuristicBot().choose(s, rng) == act
            s.vouched = act
        s.apply(act)
        steps += 1
    assert steps > 50


def test_reach_with_a_huge_allowance():
    # a --rules file may give any MOVE: costs past a byte still work (the map runs out first)
    setup = GAME.make_setup("reach", 2, ("random",) * 2, {})
    g = grid_of(setup.board)
    blocked = [not o for o in g.open]
    start = next(i for i, o in enumerate(g.open) if o)
    assert reach_grid(g, start, 0, 300, blocked, agile=True) == \
        reach_grid(g, start, 0, 60, blocked, agile=True)
