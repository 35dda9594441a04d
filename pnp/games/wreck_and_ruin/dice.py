"""Wreck and Ruin's dice, exactly: exploding pools for shooting, ramming and repairs.

Pure core, rational arithmetic (``fractions.Fraction``). The rulebook's dice ("Attacking a Target
Within Range"): each die that equals or beats the target number is a success; "A roll of a 6
ALWAYS counts as a success AND generates a free roll, regardless of any modifiers in play.
Modifiers DO NOT produce free rolls ... A roll of 1 is ALWAYS a miss!" A pool's count of
successes has no upper bound (free rolls chain), so a distribution is listed up to the first
count ``K`` where the mass left above it is below ``TAIL`` (1e-12); that remainder is reported
as ``tail`` (exact), never dropped silently. Every listed probability is exact.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from pnp.seed import shuffle

__all__ = ["SIX", "TAIL", "Pool", "RamOdds", "clear_caches", "d6", "die_faces", "pool", "ram_odds",
           "ram_result",
           "random_vehicle", "random_vehicle_odds", "roll_pool", "shoot_pool", "shuffle",
           "successes", "trapped_escape"]

#: "truncated only where the remaining mass is below 1e-12".
TAIL = Fraction(1, 10**12)
SIX = Fraction(1, 6)


def die_faces(target: int, modifier: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """One die against ``target``: (P(miss), P(success that is not a 6), P(6)).

    Faces 2-5 succeed when face + modifier >= target; a 1 always misses, a 6 always succeeds
    and explodes whatever the modifier ("Modifiers DO NOT produce free rolls").
    """
    hits = sum(1 for face in range(2, 6) if face + modifier >= target)
    return Fraction(5 - hits, 6), Fraction(hits, 6), SIX


@dataclass(frozen=True)
class Pool:
    """The number of successes of a dice pool: ``probs[k]`` = P(k) exactly for k <= K.

    ``tail`` = P(more than K) (below ``TAIL``), ``expected`` the exact mean (free rolls
    included, no truncation).
    """

    dice: int
    target: int
    modifier: int
    probs: tuple[Fraction, ...]
    tail: Fraction
    expected: Fraction

    def at_least(self, k: int) -> Fraction:
        """P(k or more successes), exactly (the tail counted in)."""
        if k <= 0:
            return Fraction(1)
        below = self._below
        return Fraction(1) - below[min(k, len(below) - 1)]

    @cached_property
    def counts(self) -> tuple[int, tuple[int, ...]]:
        """``probs`` as counts over their least common denominator: (denominator, counts)."""
        den = math.lcm(*(p.denominator for p in self.probs))
        return den, tuple(p.numerator * (den // p.denominator) for p in self.probs)

    @cached_property
    def _below(self) -> tuple[Fraction, ...]:
        """``_below[k]`` = P(fewer than k successes) for k = 0 .. len(probs), exactly."""
        out = [Fraction(0)]
        for p in self.probs:
            out.append(out[-1] + p)
        return tuple(out)

    def distribution(self) -> dict[str, float]:
        """``{"0": p0, "1": p1, ...}`` as floats, for JSON."""
        return {str(k): float(p) for k, p in enumerate(self.probs)}


def _scaled(dice: int, hits: int, misses: int) -> Iterator[int]:
    """P(k successes of ``dice`` dice) * 6**(k + dice) for k = 0, 1, 2, ...: integers.

    One die's k successes are k-1 sixes then a plain success, or k sixes then a miss:
    P(k) = hits/6**k + misses/6**(k+1), so P(k) * 6**(k+1) is ``misses`` for k = 0 and
    ``6 * hits + misses`` for every k >= 1: the generating function
    (misses + 6 * hits * x) / (1 - x). A pool's is its ``dice``-th power, whose coefficients
    are sums of binomials (no convolution, no truncation):
    sum over j of C(dice, j) misses**(dice-j) (6 hits)**j C(dice-1 + k-j, dice-1).
    """
    head = [math.comb(dice, j) * misses ** (dice - j) * (6 * hits) ** j
            for j in range(dice + 1)]
    k = 0
    while True:
        yield sum(head[j] * math.comb(dice - 1 + k - j, dice - 1)
                  for j in range(min(dice, k) + 1))
        k += 1


@lru_cache(maxsize=512)
def pool(dice: int, target: int, modifier: int = 0) -> Pool:
    """The exact distribution of successes of ``dice`` dice against ``target`` (cached).

    ``target`` is the number each die must equal or beat (armour, -1 from behind); a
    ``modifier`` is added to every roll (Potshot: -1). ``dice`` 0 gives no successes.
    """
    if dice < 0:
        raise ValueError(f"dice must be 0 or more, got {dice}")
    miss, hit, six = die_faces(target, modifier)
    expected = dice * (hit + six) / (1 - six)
    if dice == 0:
        return Pool(0, target, modifier, (Fraction(1),), Fraction(0), Fraction(0))
    probs: list[Fraction] = []
    total = 0       # P(0) + ... + P(k), over 6**(k + dice)
    for k, n in enumerate(_scaled(dice, int(hit * 6), int(miss * 6))):
        total = total * 6 + n
        den = 6 ** (k + dice)
        probs.append(Fraction(n, den))
        # The tail shrinks by about 1/6 per entry: cut where what is left is < TAIL.
        if (den - total) * TAIL.denominator < den:
            return Pool(dice, target, modifier, tuple(probs), Fraction(den - total, den),
                        expected)
    raise AssertionError("unreachable: the successes' counts go on for ever")


def clear_caches() -> None:
    """Forget every cached pool (for timing a cold answer)."""
    pool.cache_clear()


def shoot_pool(dice: int, armour: int, *, rear: bool = False, potshot: bool = False,
               rear_bonus: int = 1, potshot_penalty: int = 1) -> Pool:
    """A shot: ``dice`` attack dice against ``armour`` (-1 "if you are shooting from a hex
    directly in the line behind a target"; Potshot: "-1 penalty to all rolls to hit")."""
    return pool(dice, armour - (rear_bonus if rear else 0),
                -potshot_penalty if potshot else 0)


@dataclass(frozen=True)
class RamOdds:
    """A ram's outcome distribution (Ramming an Adjacent Vehicle).

    Scores are successes + SIZE each side. ``target_damage[k]`` and ``attacker_damage[k]`` are
    P(k DP) (listed entries exact; ``tail`` is the mass of score differences beyond the
    listed scores, below 2e-12); ``push`` = P(the attacker is higher and may push).
    """

    attacker_score: Pool
    target_score: Pool
    attacker_size: int
    target_size: int
    attacker_higher: Fraction
    tie: Fraction
    defender_higher: Fraction
    target_damage: tuple[Fraction, ...]
    attacker_damage: tuple[Fraction, ...]
    push: Fraction
    expected_target_damage: Fraction
    expected_attacker_damage: Fraction
    tail: Fraction


def ram_result(attacker_score: int, target_score: int, attacker_size: int, target_size: int
               ) -> tuple[int, int, bool]:
    """(DP to the target, DP to the attacker, push allowed) for two final ram scores.

    "If the attacker is higher ... if the attacker's size is equal or higher than the target's
    they may push the target ... The target takes 1DP for each difference in the scores."
    "If the defender is higher ... ONLY if their vehicle size is larger than the attacker can
    they damage the attacker. The attacker takes 1DP for the difference in the size stats."
    "If the scores are tied then the attacker always wins. The defender takes 1DP but neither
    vehicle is moved."
    """
    if attacker_score > target_score:
        return attacker_score - target_score, 0, attacker_size >= target_size
    if attacker_score == target_score:
        return 1, 0, False
    return 0, max(0, target_size - attacker_size), False


def ram_odds(attacker_armour: int, attacker_size: int, target_armour: int, target_size: int,
             *, rear: bool = False, defender_explodes: bool = True, rear_bonus: int = 1
             ) -> RamOdds:
    """The exact odds of a ram: the attacker rolls its ARMOUR in dice against the target's
    armour (-1 from the rear hex); the defender rolls its armour in dice (one fewer from the
    rear: "they lose 1 die if attacked from the rear hex") needing the attacker's armour."""
    penalty = rear_bonus if rear else 0
    att = pool(attacker_armour, target_armour - penalty)
    dfn_dice = max(0, target_armour - penalty)
    dfn = pool(dfn_dice, attacker_armour) if defender_explodes else _flat_pool(
        dfn_dice, attacker_armour)
    # Integer numerators over one common denominator per pool (exact, and much faster than
    # adding Fractions term by term); Fractions again at the end.
    a_den, a_num = att.counts
    d_den, d_num = dfn.counts
    den = a_den * d_den
    higher = tie = lower = push = 0
    tdmg: dict[int, int] = {}
    admg: dict[int, int] = {}
    for a, pa in enumerate(a_num):
        for d, pd in enumerate(d_num):
            p = pa * pd
            sa, sd = a + attacker_size, d + target_size
            to_target, to_attacker, pushed = ram_result(sa, sd, attacker_size, target_size)
            if sa > sd:
                higher += p
                push += p if pushed else 0
            elif sa == sd:
                tie += p
            else:
                lower += p
            tdmg[to_target] = tdmg.get(to_target, 0) + p
            admg[to_attacker] = admg.get(to_attacker, 0) + p

    def frac(n: int) -> Fraction:
        return Fraction(n, den)

    return RamOdds(att, dfn, attacker_size, target_size, frac(higher), frac(tie), frac(lower),
                   _dense({k: frac(n) for k, n in tdmg.items()}),
                   _dense({k: frac(n) for k, n in admg.items()}), frac(push),
                   frac(sum(k * n for k, n in tdmg.items())),
                   frac(sum(k * n for k, n in admg.items())),
                   frac(den - higher - tie - lower))


def _flat_pool(dice: int, target: int) -> Pool:
    """A pool whose 6s do not explode (the option for the defender of a ram)."""
    miss, hit, six = die_faces(target)
    p = hit + six
    probs = [Fraction(0)] * (dice + 1)
    from math import comb

    for k in range(dice + 1):
        probs[k] = comb(dice, k) * p**k * (1 - p) ** (dice - k)
    return Pool(dice, target, 0, tuple(probs), Fraction(0), dice * p)


def _dense(table: dict[int, Fraction]) -> tuple[Fraction, ...]:
    top = max(table) if table else 0
    return tuple(table.get(k, Fraction(0)) for k in range(top + 1))


def trapped_escape(size: int, need: int = 4) -> Fraction:
    """P(a trapped vehicle may act): "roll as many dice as their size stat and only need 1
    success" of ``need``+ (Vehicles Trapped in Hazards)."""
    fail = Fraction(need - 1, 6)
    return 1 - fail**size


def random_vehicle_odds(present: tuple[int, ...] = (1, 2, 3, 4, 5)) -> dict[int, Fraction]:
    """P(each vehicle number) when "any 6 would be rolled again until a vehicle is selected",
    renumbered so "there's always an even chance" (Random Events)."""
    return {n: Fraction(1, len(present)) for n in present}


def successes(rolls: list[int] | tuple[int, ...], target: int, modifier: int = 0) -> int:
    """Successes of a pool rolled as ``rolls`` (the free rolls listed after the dice that
    earned them): each face + modifier >= target, a 1 never, a 6 always."""
    return sum(1 for f in rolls if f == 6 or (f != 1 and f + modifier >= target))


def d6(rng: random.Random) -> int:
    """One die: ``rng.randint(1, 6)``, the very same draw from the same stream.

    CPython's ``randint(1, 6)`` is 1 + a 3-bit ``getrandbits`` drawn again until it is below 6,
    three Python calls deep; a game rolls over a hundred dice, so a plain ``random.Random``
    is drawn from directly (``test_dice`` pins the two to the same faces). Any other stream
    (the tests' scripted dice) is asked for its ``randint``."""
    if type(rng) is not random.Random:
        return rng.randint(1, 6)
    f = rng.getrandbits(3)
    while f >= 6:
        f = rng.getrandbits(3)
    return 1 + f


def roll_pool(rng: random.Random, dice: int, target: int, modifier: int = 0,
              faces: list[int] | None = None) -> int:
    """Roll ``dice`` dice against ``target`` with free rolls for 6s; the successes.

    ``faces``, if given, collects every face rolled (for the replay log).
    """
    hits = 0
    left = dice
    while left:
        left -= 1
        f = d6(rng)
        if faces is not None:
            faces.append(f)
        if f == 6:
            hits += 1
            left += 1      # "generate a free roll"
        elif f != 1 and f + modifier >= target:
            hits += 1
    return hits


def random_vehicle(rng: random.Random, count: int) -> int:
    """Index (0-based) of the vehicle a random event picks among ``count``: "Roll a die ...
    any 6 would be rolled again", renumbered so each has "an even chance"."""
    if count <= 0:
        raise ValueError("no vehicle to pick")
    while True:
        f = d6(rng)
        if f <= count:
            return f - 1
