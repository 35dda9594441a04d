"""Salvage's computer opponents below the search player: a random legal one and a heuristic one.

Pure core. Both answer the decision in hand (``state.phase``) for ``state.current_player`` and
read only what that player may see (never the attacker's hidden clash dice). ``RandomBot`` draws
uniformly among the legal actions: every turn ends by the rules (a fight round either wounds the
mob or costs HP, both bounded), so uniform play always ends. ``HeuristicBot`` plans runs:
docs/assumptions.md ("## Salvage", bots) describes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.games.api import Bot
from pnp.games.salvage import actions as A
from pnp.games.salvage import mods as M
from pnp.games.salvage.mods import Mecha
from pnp.games.salvage.rules import clash_wins, p_mob_hit, sub_pools
from pnp.games.salvage.state import (
    AFTER,
    CLASH_ATTACK,
    CLASH_DEFEND,
    FIGHT,
    INSTALL,
    TURN,
    WRECK,
    SalvageState,
)

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "heuristic_bot", "random_bot", "search_candidates"]

#: Fight a mob only when a round hits at least this often with the best dice.
FIGHT_ODDS = 0.4
#: Attack the other mecha only when the clash is won at least this often.
CLASH_ODDS = 0.6
#: Leave (close the run) when the other mecha next door would win a clash this often.
THREAT_ODDS = 0.4
#: Values of the heuristic's targets (a cell is 5 points and a third of the cells win).
CELL_VALUE, RAID_VALUE, STEAL_VALUE, CLOSE_VALUE = 12.0, 9.0, 10.0, 3.0
#: Entries a memo holds (routes per field, odds per dice) before it starts afresh.
MEMO_SIZE = 200_000


class RandomBot:
    """A random legal player: uniform over ``legal_actions()``."""

    def choose(self, state: SalvageState, rng: random.Random) -> Any:
        """Any legal action, each as likely."""
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]


_POOL_CACHE: dict[tuple[Any, ...], tuple[tuple[int, ...], float]] = {}


def best_pool(dice: tuple[int, ...], power: int, number: int, bonus: int, strength: int,
              coin_flips: int) -> tuple[tuple[int, ...], float]:
    """The dice to load against a mob of ``number`` and their chance of a hit.

    The best chance wins; among equal chances the fewest dice (a miss returns them to the
    supply), then the smallest.
    """
    key = (dice, power, number, bonus, strength, coin_flips)
    hit = _POOL_CACHE.get(key)
    if hit is None:
        if len(_POOL_CACHE) > MEMO_SIZE:
            _POOL_CACHE.clear()
        best: tuple[tuple[int, ...], float] = ((), -1.0)
        for pool in sub_pools(dice, power):
            p = float(p_mob_hit(pool, number, bonus, strength, coin_flips))
            if p > best[1] + 1e-12:
                best = (pool, p)
        hit = _POOL_CACHE[key] = best
    return hit


_CLASH_CACHE: dict[tuple[Any, ...], float] = {}


def clash_odds(me: Mecha, other: Mecha) -> float:
    """P(``me`` wins a clash it starts, both throwing all their dice; ``rules.p_clash``)."""
    ties = bool(me.fx[M.CLASH_TIES]) and not other.fx[M.CLASH_TIES]
    key = (me.dice, other.dice, me.fx[M.CLASH_BONUS], other.fx[M.CLASH_BONUS], ties)
    p = _CLASH_CACHE.get(key)
    if p is None:
        if len(_CLASH_CACHE) > MEMO_SIZE:
            _CLASH_CACHE.clear()
        if not me.dice and not other.dice:
            p = 0.5  # "one coin flip decides"
        else:
            wins, outcomes = clash_wins(*key)
            p = wins / outcomes
        _CLASH_CACHE[key] = p
    return p


class HeuristicBot:
    """Plans runs: a cell, a raid or a clash it can win within its fuel, else loot, else home."""

    def choose(self, state: SalvageState, rng: random.Random) -> Any:
        """The heuristic's answer to the decision in hand."""
        p, ph = state.current_player, state.phase
        me = state.mechas[p]
        if ph == TURN:
            return self.turn(state, me)
        if ph == FIGHT:  # passing through a mob it cannot beat: the coin, to keep its dice
            fight = self.worth_fighting(state, me, me.pos)
            return A.FightRound(p, self.pool(state, me)[0] if fight else ())
        if ph == AFTER:  # staying costs nothing; the next turn fights on or moves on
            return A.FightOn(p) if me.hp >= 2 else A.PullBack(p)
        if ph == WRECK:
            return A.CloseRun(p) if self.should_close(state, me) else A.PressOn(p)
        if ph in (CLASH_ATTACK, CLASH_DEFEND):  # unthrown dice are dropped by a loser anyway
            return A.ClashDice(p, ph == CLASH_ATTACK, me.dice)
        assert ph == INSTALL
        return self.install(state, me)

    # --- fights ------------------------------------------------------------------------------

    @staticmethod
    def pool(state: SalvageState, me: Mecha, node: int = -1) -> tuple[tuple[int, ...], float]:
        """The best dice against the mob on ``node`` (default: where it stands)."""
        cfg = state.cfg
        rank = state.mob[me.pos if node < 0 else node]
        return best_pool(me.dice, me.power(cfg), cfg.mob_number(rank), me.fx[M.FIGHT_BONUS],
                         cfg.strength, cfg.coin_flips)

    def worth_fighting(self, state: SalvageState, me: Mecha, node: int) -> bool:
        """A mob whose rounds hit often enough and whose expected misses the HP can take."""
        p = self.rank_odds(state, me)[state.mob[node]]
        if p < FIGHT_ODDS:
            return False
        left = state.cfg.hits(state.mob[node]) - state.wounds[node]
        misses = left * (1 - p) / p
        return me.hp - misses >= 1.5

    # --- closing, installing -----------------------------------------------------------------

    def should_close(self, state: SalvageState, me: Mecha) -> bool:
        """Close unless another cell lies within the fuel left (closing there), HP is good and
        the other mecha cannot come and take a cell off it next turn."""
        if me.hp < 2 or self.threatened(state, me):
            return True
        d = state.t.dist[me.pos]
        return not any(state.cell_at[k] and 0 < d[w] <= me.fuel
                       for k, w in enumerate(state.t.wrecks))

    @staticmethod
    def threatened(state: SalvageState, me: Mecha) -> bool:
        """It carries cells (without a Cell Cradle) and the other mecha, one move away, would
        win a clash it started at least ``THREAT_ODDS`` of the time."""
        other = state.mechas[me.seat ^ 1]
        if not me.cells or me.fx[M.CELL_CRADLE] or other.fuel <= 0 \
                or state.t.dist[other.pos][me.pos] != 1:
            return False
        return clash_odds(other, me) >= THREAT_ODDS

    @staticmethod
    def install(state: SalvageState, me: Mecha) -> A.Install:
        """The drawn mod with the highest printed score, over the lowest-scored one if full."""
        mod = max(state.drawn, key=lambda m: m.score)
        if len(me.mods) < state.cfg.mod_slots:
            return A.Install(me.seat, mod.name)
        slot = min(range(len(me.mods)), key=lambda k: me.mods[k].score)
        return A.Install(me.seat, mod.name, slot + 1)

    # --- the turn ----------------------------------------------------------------------------

    def turn(self, state: SalvageState, me: Mecha) -> Any:
        """Raid, close, pick up, fight on, or the next step of the run's plan."""
        t, p = state.t, me.seat
        pos = me.pos
        if pos == t.bases[p ^ 1]:
            return A.Raid(p)
        if t.wreck_of[pos] >= 0:
            if state.cell_at[t.wreck_of[pos]]:
                return A.PickUp(p)
            if self.should_close(state, me):
                return A.CloseRun(p)
        if state.free_scrap[pos] or state.free_dice[pos]:
            return A.PickUp(p)
        if state.mob[pos] and self.worth_fighting(state, me, pos):
            return A.FightRound(p, self.pool(state, me)[0])
        step = self.plan(state, me)
        if step < 0:
            return A.Pass(p)
        return A.Move(p, step)

    def plan(self, state: SalvageState, me: Mecha) -> int:
        """The first step towards the best target within the fuel (-1: stay)."""
        t, cfg, p, pos = state.t, state.cfg, me.seat, me.pos
        other = state.mechas[p ^ 1]
        hops, extra, first = self.routes(state, pos)
        fuel = me.fuel - (state.move_cost(p) - cfg.move_cost)  # the first step may cost 2 or 0
        wd, hp = t.wreck_dist, me.hp
        best, best_score = -1, 0.0
        # A neighbour's loot, lying free or guarded by a mob worth fighting, with fuel left
        # to reach a wreck site afterwards (loot further away is picked up on the way).
        free_scrap, free_dice, mob = state.free_scrap, state.free_dice, state.mob
        odds: tuple[float, ...] = ()
        for node in t.nbrs[pos]:
            if extra[node] + wd[node] >= fuel:
                continue
            r = mob[node]
            if r:
                if not odds:
                    odds = self.rank_odds(state, me)
                q = odds[r]
                left = cfg.mob_hits[r - 1] - state.wounds[node]
                if q < FIGHT_ODDS or hp - left * (1 - q) / q < 1.5:
                    continue
                score = (sum(state.guard_scrap[node]) + 3 * (state.guard_die[node] > 0)) \
                    / (1 + left / q)
            elif free_scrap[node] or free_dice[node]:
                score = sum(free_scrap[node]) + 3 * len(free_dice[node])
            else:
                continue
            if score > best_score:
                best, best_score = node, score
        # Wreck sites: a cell, or home through one (bank the haul, a mod, a die: urgent when
        # the tank or the countdown runs low, as unbanked scrap and dice score nothing at the
        # end); a raid; a clash worth starting. Fuel must remain to reach a wreck site after.
        cells = len(me.cells)
        cell_value = CELL_VALUE * (100 if cells + 1 >= cfg.cells_to_win else 1)
        turns_left = (2 * cfg.rounds - state.turns + 1) // 2
        home = CLOSE_VALUE + sum(me.scrap) + 2 * len(me.dice) \
            + (20 if me.fuel <= wd[pos] + 1 or turns_left <= wd[pos] + 2 else 0)
        cell_at, from_base = state.cell_at, t.dist[me.base]
        for k, w in enumerate(t.wrecks):
            d = hops[w]
            if d > 0 and d + extra[w] <= fuel:
                value = cell_value if cell_at[k] and cell_value > home else home
                # Between equal wreck sites the one further from home (the contested one
                # first), never the node numbering: both seats play by the same rule.
                value += 0.01 * from_base[w]
                if value > best_score * d:
                    best, best_score = w, value / d
        camp = t.bases[p ^ 1]  # a raid also closes the run: it is worth going home as well
        d = hops[camp]
        if hp >= 2 and d + extra[camp] + 1 <= fuel:
            value = home + RAID_VALUE * (100 if me.raids + 1 >= cfg.raids_to_win else 1)
            if value > best_score * d:
                best, best_score = camp, value / d
        node = other.pos
        d = hops[node]
        if other.cells and 0 < d and d + extra[node] + wd[node] <= fuel \
                and not other.fx[M.CELL_CRADLE]:
            win = clash_odds(me, other)
            value = STEAL_VALUE * win * cell_value / CELL_VALUE
            if win >= CLASH_ODDS and value > best_score * d:
                best, best_score = node, value / d
        if best < 0:  # nothing within the fuel: the nearest wreck site
            best = min((hops[w], w) for w in t.wrecks)[1]
            if hops[best] <= 0:
                return -1
        return self.step(state, me, best, first[best])

    @staticmethod
    def rank_odds(state: SalvageState, me: Mecha) -> tuple[float, float, float, float]:
        """The best chance of a hit against a mob of each rank (index 1-3)."""
        cfg = state.cfg
        power, bonus = me.power(cfg), me.fx[M.FIGHT_BONUS]
        key = (me.dice, power, bonus)  # the memo is the setup's: one config
        memo = state.t.memo
        odds = memo.get(key)
        if odds is None:
            c, b, a = (best_pool(me.dice, power, number, bonus, cfg.strength,
                                 cfg.coin_flips)[1] for number in cfg.mob_numbers)
            odds = memo[key] = (0.0, c, b, a)
        return odds  # type: ignore[no-any-return]

    @staticmethod
    def routes(state: SalvageState, pos: int) -> tuple[tuple[int, ...], list[int], list[int]]:
        """Per node: the fewest moves from ``pos``, the fewest mobs passed on such a route
        (each costs 1 fuel more: a move out of a mob's node costs 2) and its first step.
        Remembered per field, position and the nodes holding mobs."""
        t, mob = state.t, state.mob
        key = (pos, state.mob_mask)  # routes depend on where mobs are, not on their ranks
        memo = t.memo
        hit = memo.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
        if len(memo) > MEMO_SIZE:
            memo.clear()
        hops = t.dist[pos]
        extra, first = [0] * t.n, [-1] * t.n
        preds = t.preds[pos]
        for b in t.order[pos]:  # nearest first: each node's predecessors are done
            if hops[b] == 1:
                first[b] = b
                continue
            best = 1 << 30
            for a in preds[b]:
                e = extra[a] + (1 if mob[a] else 0)
                if e < best:
                    best, first[b] = e, first[a]
            extra[b] = best
        memo[key] = hops, extra, first
        return hops, extra, first

    @staticmethod
    def step(state: SalvageState, me: Mecha, target: int, first: int) -> int:
        """The first step towards ``target``, around the other mecha unless it is the target."""
        other = state.mechas[me.seat ^ 1].pos
        if first != other or target == other:
            return first
        dist, mob = state.t.dist, state.mob
        d = dist[me.pos][target]
        around = [nb for nb in state.t.nbrs[me.pos]
                  if nb != other and dist[nb][target] == d - 1]
        around.sort(key=lambda nb: mob[nb] > 0)
        return around[0] if around else -1


def search_candidates(state: SalvageState, default: Any) -> list[Any]:
    """The moves a search player weighs: every legal action but the dice pools no player would
    load (a fight round with the heuristic's pool or none; a clash with all dice or none)."""
    me = state.mechas[state.current_player]
    pools = {(), me.dice}
    if state.phase in (TURN, FIGHT) and state.mob[me.pos]:
        pools = {(), HeuristicBot.pool(state, me)[0]}
    return [a for a in state.legal_actions()
            if not isinstance(a, A.FightRound | A.ClashDice) or a.dice in pools or a == default]


def random_bot(setup: Any, seat: int) -> RandomBot:
    """The random legal player of a seat."""
    return RandomBot()


def heuristic_bot(setup: Any, seat: int) -> HeuristicBot:
    """The heuristic player of a seat."""
    return HeuristicBot()


BOTS: dict[str, Callable[[Any, int], Bot]] = {"random": random_bot, "heuristic": heuristic_bot}
