"""Salvage's numbers and tables (the player aid, playtest v0.2) and its pure rule functions.

Pure core. ``Config`` holds every number of the player aid and every choice made where the aid
is silent (docs/assumptions.md, "## Salvage"); ``cardsets/salvage/rules.yaml`` overrides them.
``NODE_DIE`` and the score table are the aid's tables. ``p_mob_hit`` and ``p_clash`` are the
exact chances of a fight round and of a clash, as fractions. ``Tables`` precomputes what the
state and the bots look up on a field (neighbours, hop distances, halves).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any

__all__ = ["COIN", "MATERIALS", "NODE_DIE", "SIDES", "Config", "Material", "NodeRoll", "Rank",
           "Tables", "clash_wins", "die_name", "dice_text", "p_clash", "p_mob_hit",
           "pool_without", "sub_pools", "sum_counts", "tables_for"]


class Rank(IntEnum):
    """A mob's rank: "A weak mob (C)", "A medium mob (B)", "A strong mob (A)"."""

    C = 1
    B = 2
    A = 3


#: The rank words of the node die and of "A weak mob takes 1 hit, a medium one 2, a strong one 3".
RANK_WORD = {Rank.C: "weak", Rank.B: "medium", Rank.A: "strong"}


class Material(IntEnum):
    """A scrap's material; its value is its banked score ("Cardboard 1, ... resin 6")."""

    CARDBOARD = 1
    CHIPBOARD = 2
    WOOD = 3
    ACRYLIC = 4
    METAL = 5
    RESIN = 6


MATERIALS = tuple(m.name.lower() for m in Material)

#: The physical dice of the supply, smallest first ("D4 ... D20"): "smallest" and "biggest" die
#: are by sides.
SIDES = (4, 6, 8, 10, 12, 20)

#: The coin's faces ("two circles is a hit"; "a circle, and the attacker wins").
COIN = ("circle", "cross")


@dataclass(frozen=True)
class NodeRoll:
    """One face of the node die: what a field node holds after that roll."""

    face: int
    mob: Rank | None = None
    scrap: int = 0
    die: str | None = None   # "smallest" or "biggest" die in the supply
    text: str = ""


#: The node die, faces 1-6 as the player aid prints them.
NODE_DIE = (
    NodeRoll(1, text="Nothing"),
    NodeRoll(2, scrap=1, text="1 scrap, lying free"),
    NodeRoll(3, die="smallest", text="The smallest die in the supply, lying free"),
    NodeRoll(4, mob=Rank.C, scrap=1, text="A weak mob (C) guarding 1 scrap"),
    NodeRoll(5, mob=Rank.B, scrap=1, die="biggest",
             text="A medium mob (B) guarding 1 scrap and the biggest die in the supply"),
    NodeRoll(6, mob=Rank.A, scrap=2, die="biggest",
             text="A strong mob (A) guarding 2 scrap and the biggest die in the supply"),
)


@dataclass(frozen=True)
class Config:
    """Every number of a game of Salvage (defaults: the aid and docs/assumptions.md)."""

    max_fuel: int = 6                     # choice: the aid gives no number
    max_hp: int = 4                       # choice
    power: int = 2                        # choice: dice a mecha may load against a mob
    strength: int = 2                     # "then add 2 for your mecha's strength"
    start_dice: tuple[int, ...] = (6,)    # choice: one D6, taken from the supply
    move_cost: int = 1                    # "Moving costs 1 fuel."
    leave_cost: int = 2                   # "It costs 2 if the node you leave holds a mob or
    #                                        the other mecha."
    mob_numbers: tuple[int, int, int] = (6, 8, 10)  # choice: weak C, medium B, strong A
    mob_hits: tuple[int, int, int] = (1, 2, 3)      # "A weak mob takes 1 hit, a medium one 2,
    #                                                  a strong one 3"
    coin_flips: int = 2                   # "flip twice, two circles is a hit"
    supply: tuple[tuple[int, int], ...] = tuple((s, 4) for s in SIDES)  # choice: 4 of each
    die_scores: tuple[tuple[int, int], ...] = ((4, 1), (6, 1), (8, 1), (10, 2), (12, 2),
                                               (20, 4))  # "D4, D6 and D8 score 1. D10 and
    #                                                      D12 score 2. D20 scores 4."
    cell_score: int = 5                   # "Each fusion cell 5"
    mod_slots: int = 6                    # "A mecha holds six mods"
    mods_drawn: int = 2                   # "you draw 2 mods and install 1 of them"
    rounds: int = 24                      # "by the end of round 24"
    raids_to_win: int = 3                 # "raiding the enemy camp three times"
    cells_to_win: int = 3                 # "carrying all three fusion cells"
    bank_cells: bool = False              # choice: cells stay carried when a run closes
    clash_collapse: bool = False          # "A clash ... never makes you collapse": a loser
    #                                        knocked back with an empty tank is refuelled at
    #                                        home; True: it collapses there (fuel at 0)
    scrap_weights: tuple[int, ...] = (1, 1, 1, 1, 1, 1)  # choice: each material as likely
    node_die: tuple[NodeRoll, ...] = NODE_DIE
    scores: dict[int, int] = field(init=False, repr=False, compare=False, hash=False)
    scrap_table: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    full_supply: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", dict(self.die_scores))
        counts = dict(self.supply)
        object.__setattr__(self, "full_supply", tuple(counts.get(s, 0) for s in SIDES))
        # One entry per weight unit: a uniform pick from it is a weighted pick of a material.
        object.__setattr__(self, "scrap_table", tuple(
            m for m, w in enumerate(self.scrap_weights, 1) for _ in range(w)))

    def mob_number(self, rank: int) -> int:
        """The number a round's total must meet or beat against a mob of ``rank``."""
        return self.mob_numbers[rank - 1]

    def hits(self, rank: int) -> int:
        """Hits a mob of ``rank`` takes before it is beaten."""
        return self.mob_hits[rank - 1]

    def die_score(self, sides: int) -> int:
        """A banked die's score."""
        return self.scores[sides]

    def supply_counts(self) -> list[int]:
        """The full supply as a count per ``SIDES`` entry."""
        return list(self.full_supply)


def die_name(sides: int) -> str:
    """``6`` -> ``"D6"``."""
    return f"D{sides}"


def dice_text(dice: Iterable[int]) -> str:
    """``(6, 8)`` -> ``"D6 + D8"``; no dice -> ``"no dice"``."""
    names = [die_name(s) for s in dice]
    return " + ".join(names) if names else "no dice"


def scrap_score(material: int) -> int:
    """"Cardboard 1, chipboard 2, wood 3, acrylic 4, metal 5, resin 6": the material's number."""
    return int(material)


# --- exact probabilities ----------------------------------------------------------------------

@lru_cache(maxsize=4096)
def sum_counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    """``counts[t]``: the number of outcomes of ``dice`` (sides each) whose faces add up to t."""
    counts = [1]
    for sides in dice:
        nxt = [0] * (len(counts) + sides)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, sides + 1):
                    nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


def _outcomes(dice: Sequence[int]) -> int:
    n = 1
    for s in dice:
        n *= s
    return n


@lru_cache(maxsize=4096)
def p_mob_hit(dice: tuple[int, ...], number: int, bonus: int = 0, strength: int = 2,
              coin_flips: int = 2) -> Fraction:
    """P(a round against a mob hits): dice total + strength + bonus >= number.

    With no dice, "flip twice, two circles is a hit": (1/2)**coin_flips, whatever the number.
    """
    if not dice:
        return Fraction(1, 2 ** coin_flips)
    counts = sum_counts(tuple(sorted(dice)))
    need = number - strength - bonus
    good = sum(counts[max(need, 0):])
    return Fraction(good, _outcomes(dice))


def clash_wins(attacker: tuple[int, ...], defender: tuple[int, ...], attacker_bonus: int = 0,
               defender_bonus: int = 0, ties_to_attacker: bool = False) -> tuple[int, int]:
    """Of all the outcomes of a clash's dice, how many the attacker wins, and how many there are
    (both throwing dice or one of them: a side without dice totals the strength alone)."""
    att = sum_counts(tuple(sorted(attacker)))
    dfn = sum_counts(tuple(sorted(defender)))
    shift = attacker_bonus - defender_bonus  # attacker total - defender total = a - d + shift
    # cumulative counts of the defender's sums: below[t] = outcomes with defender sum < t
    below = [0] * (len(dfn) + 1)
    for t, ways in enumerate(dfn):
        below[t + 1] = below[t] + ways
    wins = 0
    for a, ways in enumerate(att):
        if ways:  # the attacker wins when d < a + shift (d == a + shift too with its Ties)
            limit = min(max(a + shift + (1 if ties_to_attacker else 0), 0), len(dfn))
            wins += ways * below[limit]
    return wins, _outcomes(attacker) * _outcomes(defender)


@lru_cache(maxsize=4096)
def p_clash(attacker: tuple[int, ...], defender: tuple[int, ...], attacker_bonus: int = 0,
            defender_bonus: int = 0, ties_to_attacker: bool = False,
            strength: int = 2) -> Fraction:
    """P(the attacker wins a clash): "you both roll, and a tie goes to the defender".

    "If neither of you throws a die, one coin flip decides: a circle, and the attacker wins":
    1/2. With no dice on one side only, that side's total is the strength ("your total is 2").
    ``ties_to_attacker``: the attacker's Ties mod. Both add the same strength, so it cancels.
    """
    if not attacker and not defender:
        return Fraction(1, 2)
    return Fraction(*clash_wins(attacker, defender, attacker_bonus, defender_bonus,
                                ties_to_attacker))


def sub_pools(dice: Sequence[int], most: int | None = None) -> list[tuple[int, ...]]:
    """Every distinct choice of some of ``dice`` (at most ``most``), each sorted, smallest first.

    "Choose which of your dice to roll": dice of equal sides are interchangeable, so a choice is
    a sub-multiset. The empty choice comes first.
    """
    kinds = sorted(set(dice))
    counts = [list(dice).count(k) for k in kinds]
    out = []
    for take in itertools.product(*(range(c + 1) for c in counts)):
        if most is not None and sum(take) > most:
            continue
        out.append(tuple(s for k, s in zip(take, kinds, strict=True) for _ in range(k)))
    out.sort(key=lambda p: (len(p), p))
    return out


def pool_without(pool: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, ...] | None:
    """``pool`` less ``dice`` (a sub-multiset), or None if ``dice`` is not in ``pool``."""
    rest = list(pool)
    for d in dice:
        try:
            rest.remove(d)
        except ValueError:
            return None
    return tuple(rest)


# --- the field's tables -----------------------------------------------------------------------

@dataclass(frozen=True)
class Tables:
    """What the rules and bots look up on one field, computed once per field."""

    n: int
    nbrs: tuple[tuple[int, ...], ...]
    adjacent: tuple[frozenset[int], ...]
    dist: tuple[tuple[int, ...], ...]
    bases: tuple[int, int]
    wrecks: tuple[int, ...]
    wreck_of: tuple[int, ...]           # node -> wreck index 0-2, or -1
    is_field: tuple[bool, ...]          # a field node (not a base or wreck site)
    field_ids: tuple[int, ...]          # the field nodes
    half_nodes: tuple[tuple[int, ...], tuple[int, ...]]  # each seat's half: its field nodes
    wreck_dist: tuple[int, ...]         # node -> hops to the nearest wreck site
    order: tuple[tuple[int, ...], ...]  # order[a]: the other nodes, nearest to a first
    preds: tuple[tuple[tuple[int, ...], ...], ...]  # preds[a][b]: b's neighbours one move
    #                                                 nearer to a
    rolls: tuple[int | None, ...]
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    # ``memo``: what bots compute from the field and the mobs on it, shared by the games of a
    # run on this field (never read by the rules)


@lru_cache(maxsize=8)
def tables_for(fld: Any) -> Tables:
    """The tables of a field (``field.Field``: nodes, edges, bases, wrecks, rolls), built once
    per field and process."""
    n = len(fld.nodes)
    nbrs = tuple(tuple(sorted(x)) for x in fld.neighbours())
    dist = tuple(tuple(row) for row in fld.distances())
    wreck_of = [-1] * n
    for k, w in enumerate(fld.wrecks):
        wreck_of[w] = k
    is_field = tuple(node.kind == "field" for node in fld.nodes)
    halves = tuple(tuple(node.id for node in fld.nodes if node.half == h and is_field[node.id])
                   for h in (0, 1))
    wreck_dist = tuple(min(dist[i][w] for w in fld.wrecks) for i in range(n))
    order = tuple(tuple(sorted((b for b in range(n) if b != a and dist[a][b] > 0),
                               key=dist[a].__getitem__)) for a in range(n))
    preds = tuple(tuple(tuple(c for c in nbrs[b] if dist[a][c] == dist[a][b] - 1)
                        for b in range(n)) for a in range(n))
    return Tables(n=n, nbrs=nbrs, adjacent=tuple(frozenset(x) for x in nbrs), dist=dist,
                  bases=(fld.bases[0], fld.bases[1]), wrecks=tuple(fld.wrecks),
                  wreck_of=tuple(wreck_of), is_field=is_field,
                  field_ids=tuple(i for i in range(n) if is_field[i]),
                  half_nodes=(halves[0], halves[1]), wreck_dist=wreck_dist, order=order,
                  preds=preds,
                  rolls=tuple(fld.rolls))
