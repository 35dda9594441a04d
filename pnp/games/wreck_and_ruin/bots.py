"""Computer players for Wreck and Ruin: a random legal player and a heuristic one.

Pure core. The heuristic player scores every legal action with the exact odds (``dice``):
it drives for free salvage sites and sits on them, shoots and rams where the expected damage
favours it (sites' occupiers first), repairs and returns wrecked vehicles, searches with AP
left over, and ends the turn when nothing scores above zero.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.combat import rear_of
from pnp.games.wreck_and_ruin.dice import pool, ram_odds
from pnp.games.wreck_and_ruin.hexes import distance, in_front, step
from pnp.games.wreck_and_ruin.legal import legal_actions
from pnp.games.wreck_and_ruin.movement import hexes_of
from pnp.games.wreck_and_ruin.state import Vehicle, WreckState

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]


#: What facing an enemy in range adds to a move's score.
AIM_BONUS = 0.4


class RandomBot:
    """A uniformly random legal action."""

    def choose(self, state: WreckState, rng: random.Random) -> Act:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]


@cache
def _shot_value(attack: int, target: int, modifier: int, dp_left: int) -> tuple[float, float]:
    p = pool(attack, target, modifier)
    return float(p.expected), float(p.at_least(dp_left))


@cache
def _ram_value(a_arm: int, a_size: int, t_arm: int, t_size: int, rear: bool
               ) -> tuple[float, float]:
    o = ram_odds(a_arm, a_size, t_arm, t_size, rear=rear)
    return float(o.expected_target_damage), float(o.expected_attacker_damage)


class HeuristicBot:
    """Sites first, then the best expected damage; see the module doc."""

    def choose(self, state: WreckState, rng: random.Random) -> Act:
        # Its candidates: every legal action but reversing (never worth it to this player).
        legal = legal_actions(state, reverse=False)
        if len(legal) == 1:
            return legal[0]
        ctx = _Context(state)
        scores = [ctx.score(a) for a in legal]
        # A second look, with where each move ends up facing, only at the moves near the top.
        top = max(scores)
        for i, a in enumerate(legal):
            if a.kind in ("move", "reverse", "drive") and scores[i] >= top - AIM_BONUS:
                scores[i] += ctx.aim_bonus(a)
        best, best_score = legal[-1], 0.0
        for a, score in zip(legal, scores, strict=True):
            if score > best_score + 1e-9 or (abs(score - best_score) <= 1e-9 and score > 0
                                            and rng.random() < 0.3):
                best, best_score = a, score
        return best


class _Context:
    """What one decision looks at: the sites, who holds them, where the enemies are."""

    def __init__(self, s: WreckState) -> None:
        self.s = s
        seat = s.seat
        self.held = {h for h in s.tokens if (vid := s.occupant.get(h)) is not None
                     and s.vehicles[vid].seat == seat}
        self.goals = [h for h in s.tokens if h not in self.held]
        self.on_token = {s.occupant[h] for h in s.tokens if h in s.occupant}
        self.enemies = [v for v in s.vehicles if v.seat != seat and v.active
                        and v.pos is not None]
        self.goal_dist: dict[tuple[int, int], int] = {}
        self.now: dict[int, int] = {}
        self.near: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def _dist(self, hexes: tuple[tuple[int, int], ...]) -> int:
        if not self.goals:
            return 0
        cache = self.goal_dist
        best = 99
        for h in hexes:
            d = cache.get(h)
            if d is None:
                d = cache[h] = min(distance(h, g) for g in self.goals)
            best = min(best, d)
        return best

    def _facing_enemy(self, h: tuple[int, int], facing: int) -> bool:
        near = self.near.get(h)
        if near is None:
            near = self.near[h] = [e.pos for e in self.enemies
                                   if e.pos is not None and distance(h, e.pos) <= 3]
        return any(in_front(h, facing, p) for p in near)

    def score(self, a: Act) -> float:
        s, k = self.s, a.kind
        v = s.vehicles[a.vehicle] if a.vehicle >= 0 else None
        t = s.vehicles[a.target] if a.target >= 0 else None
        if k in ("move", "reverse", "drive"):
            assert v is not None and a.to is not None
            return self._move(v, a.to, a.facing, k)
        if k == "fuel":
            assert v is not None and a.to is not None
            score = self._move(v, a.to, a.facing, k)
            return score + 0.2 if score >= 3 else -1.0      # keep the tank for a real gain
        if k == "faction":
            return self._faction(a)
        if k == "kit":
            assert t is not None
            return 4.5 if t.damage >= t.kind.dp - 1 else 0.5
        if k in ("shoot", "potshot"):
            assert v is not None and t is not None
            rear = rear_of(s, v.hexes(), t)
            mod = -1 if k == "potshot" else 0
            exp, wreck = _shot_value(v.kind.attack, t.kind.armour - (1 if rear else 0), mod,
                                     t.kind.dp - t.damage)
            bonus = 3.0 if t.vid in self.on_token else 0.0
            return 1.0 + exp * 2 + wreck * 3 + bonus * min(1.0, exp)
        if k == "ram":
            assert v is not None and t is not None and t.pos is not None
            rear = step(v.hexes()[-1], v.facing, a.n) == step(t.pos, t.facing + 3)
            dealt, taken = _ram_value(v.kind.armour, v.kind.size, t.kind.armour,
                                      t.kind.size, bool(rear))
            bonus = 3.0 if t.vid in self.on_token else 0.0
            value = dealt - 1.5 * taken + bonus - 0.5 * a.n
            return value if value > 1.0 else -1.0
        if k == "repair":
            return 6.0
        if k == "fix":
            return 1.2 if s.ap >= 2 else 0.6
        if k == "return":
            return 2.5 - 0.01 * self._dist((a.to,)) if a.to else 2.5
        if k == "discard":
            assert t is not None
            return 4.0 if t.damage >= t.kind.dp - 1 else 0.4
        if k == "salvage":
            return 1.5
        if k == "search":
            return 0.3
        if k == "throttle":
            assert v is not None
            if v.pos is None or v.vid in self.on_token:
                return -1.0
            d = self._dist(v.hexes())
            return 0.8 if d > v.kind.move and v.kind.size <= 2 else -1.0
        return 0.0

    def _faction(self, a: Act) -> float:
        s = self.s
        card = s.faction_card[a.seat]
        assert card is not None
        e, n = card.effect, card.amount
        mine = s.vehicles[a.seat * s.per_seat:(a.seat + 1) * s.per_seat]
        if e == "war_cry":
            return 5.0                                   # more AP: best at once
        if e == "overhaul":
            healed = sum(min(n, v.damage) for v in mine if v.active and v.pos is not None)
            return 4.0 if healed >= 2 else -1.0
        if e in ("bloodlust", "nomads"):
            return 4.0 if s.ap >= 3 and s.round >= 2 else -1.0
        if e == "frenzy":
            v = s.vehicles[a.vehicle]
            return 2.0 if v.count >= 2 and s.ap >= 1 else -1.0
        if e == "airstrike":
            t = s.vehicles[a.target]
            exp, wreck = _shot_value(n, t.kind.armour, 0, t.kind.dp - t.damage)
            return 1.0 + exp * 2 + wreck * 3 + (3.0 if t.vid in self.on_token else 0.0)
        return 0.35 if s.ap <= 1 else -1.0               # scavenge: with the last AP

    def _move(self, v: Vehicle, to: tuple[int, int], facing: int, kind: str) -> float:
        if v.vid in self.on_token:
            return -8.0                  # sit on the site: leaving it gives it up
        hexes = hexes_of(to, facing, v.kind.hexes)
        if any(h in self.s.tokens for h in hexes):
            return 12.0 - 0.1 * v.kind.size
        now = self.now.get(v.vid)
        if now is None:
            now = self.now[v.vid] = self._dist(v.hexes())
        after = self._dist(hexes)
        gain = (now - after) * 0.6
        return gain - (0.3 if kind == "reverse" else 0.0)

    def aim_bonus(self, a: Act) -> float:
        """Ending a move with an enemy in the front arc, within range."""
        assert a.to is not None
        v = self.s.vehicles[a.vehicle]
        front = hexes_of(a.to, a.facing, v.kind.hexes)[-1]
        return AIM_BONUS if self._facing_enemy(front, a.facing) else 0.0


BOTS: dict[str, Any] = {
    "random": lambda setup, seat: RandomBot(),
    "heuristic": lambda setup, seat: HeuristicBot(),
}
