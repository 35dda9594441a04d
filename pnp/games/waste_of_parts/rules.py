"""The Waste of Parts: the numbers, the Mech's map and the exact maths of its dice.

Pure core. ``Config`` holds every number of the rulebook (``cardsets/waste_of_parts/rules.yaml``
is its data, read by ``data.py``); ``MechMap`` the 12 rooms, The Wastes and their adjacency;
``hit_distribution``/``p_jam``/``attacks_to_kill`` the exact odds of the combat rules ("Results
of 1-2 are misses. Results of 3-6 are hits."; "If every die in an attack roll results in a 1,
the weapon jams").
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from pnp.seed import shuffle

__all__ = ["Config", "MechMap", "Room", "WASTES", "attacks_to_kill", "default_map",
           "hit_distribution", "p_at_least", "p_hit", "p_jam", "shuffle"]

#: The 13th location: "The Wastes cannot be entered by any Crew Member or Enemy".
WASTES = 13
#: Room conditions, worsening one step per damage: Functional -> Inoperable -> On Fire.
FUNCTIONAL, INOPERABLE, ON_FIRE = 0, 1, 2
CONDITIONS = ("Functional", "Inoperable", "On Fire")


@dataclass(frozen=True)
class Room:
    number: int
    name: str
    level: int
    kind: str  # deck, multi, crane, cockpit, gun, engine, wastes


@dataclass(frozen=True)
class MechMap:
    """The rooms and who is next to whom ("next to each other on the same level or connected
    by a ladder"); The Wastes are adjacent to the decks for attacks only."""

    rooms: tuple[Room, ...]
    adjacent: tuple[tuple[int, ...], ...]          # index = room number (0 unused)
    wastes_adjacent: tuple[int, ...] = (1, 4)
    #: Rooms by kind and moves between rooms, worked out once (the simulator asks often).
    kinds: dict[str, tuple[int, ...]] = field(init=False, compare=False, repr=False)
    dist: dict[int, dict[int, int]] = field(init=False, compare=False, repr=False)
    #: Each room's kind, index = room number (0 unused).
    kind_of: tuple[str, ...] = field(init=False, compare=False, repr=False)
    #: ``toward[a][b]``: the room to move into from ``a`` on a shortest way to ``b`` (of the
    #: nearest neighbours, the lowest number).
    toward: dict[int, dict[int, int]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        kinds: dict[str, tuple[int, ...]] = {}
        for r in self.rooms:
            kinds[r.kind] = kinds.get(r.kind, ()) + (r.number,)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "kind_of", ("",) + tuple(r.kind for r in self.rooms))
        object.__setattr__(self, "dist", {r.number: self.distances(r.number)
                                          for r in self.rooms if r.kind != "wastes"})
        dist = self.dist
        object.__setattr__(self, "toward", {
            a: {b: min(self.adjacent[a], key=lambda r: (dist[r][b], r))
                for b in dist[a] if b != a}
            for a in dist})

    def room(self, number: int) -> Room:
        return self.rooms[number - 1]

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return self.kinds.get(kind, ())

    def distances(self, start: int) -> dict[int, int]:
        """Moves from ``start`` to every room (The Wastes excluded: nobody enters them)."""
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for nxt in self.adjacent[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        return seen


def build_map(rooms: tuple[Room, ...], rows: list[list[int]], ladders: list[list[int]],
              wastes_adjacent: tuple[int, ...]) -> MechMap:
    links: dict[int, set[int]] = {r.number: set() for r in rooms}
    pairs = [(a, b) for row in rows for a, b in zip(row, row[1:], strict=False)]
    pairs += [(p[0], p[1]) for p in ladders]
    for a, b in pairs:
        links[a].add(b)
        links[b].add(a)
    adj = tuple(tuple(sorted(links.get(n, ()))) for n in range(len(rooms) + 1))
    return MechMap(rooms, adj, wastes_adjacent)


_DEFAULT_ROOMS = ((1, "Aft Deck", 1, "deck"), (2, "Multi-Function Room", 1, "multi"),
                  (3, "Multi-Function Room", 1, "multi"), (4, "Fore Deck", 1, "deck"),
                  (5, "Salvaging Crane", 2, "crane"), (6, "Multi-Function Room", 2, "multi"),
                  (7, "Multi-Function Room", 2, "multi"), (8, "Cockpit", 2, "cockpit"),
                  (9, "Aft Gun", 3, "gun"), (10, "Engine Room", 3, "engine"),
                  (11, "Engine Room", 3, "engine"), (12, "Fore Gun", 3, "gun"),
                  (13, "The Wastes", 0, "wastes"))


def default_map() -> MechMap:
    """The map of rules.yaml, for tests and as the Config default."""
    return build_map(tuple(Room(*r) for r in _DEFAULT_ROOMS),
                     [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
                     [[1, 5], [4, 8], [6, 10], [7, 11]], (1, 4))


@dataclass(frozen=True)
class Config:
    """Every number of the rules (defaults = the bundled rules.yaml)."""

    noise_by_crew: tuple[tuple[int, int], ...] = ((3, 4), (4, 5), (5, 7))
    distance_start: int = 0
    hull_start: int = 20
    hull_max: int = 20
    distance_goal: int = 35
    escalation: tuple[tuple[int, int], ...] = ((10, 2), (20, 3))
    engine_speed: int = 1
    gun_attack: int = 3
    crane_salvage: int = 2
    crane_uses_without_advancing: int = 2
    standees: int = 74
    reinforce_cost: int = 2
    recycle_cost: int = 3
    revive_actions: int = 2
    equipment_slots: int = 2
    hit_faces: tuple[int, ...] = (3, 4, 5, 6)
    damage_per_hit: int = 1
    max_rounds: int = 200
    crew_health: int = 6
    crew_attack: int = 2
    crew_actions: int = 4
    mech: MechMap = field(default_factory=default_map)
    #: level -> (cards, wind, (health lo, hi), (attack lo, hi))
    enemy_deck: tuple[tuple[int, int, int, tuple[int, int], tuple[int, int]], ...] = (
        (1, 70, 30, (1, 3), (1, 2)), (2, 62, 25, (2, 5), (1, 3)), (3, 56, 18, (4, 7), (2, 4)))
    #: How many of each level's Enemy spawn slots are The Wastes (each room has one).
    wastes_spawns: int = 6
    #: crew size -> Just the Wind cards of each level set aside at setup (out of the game)
    wind_set_aside: tuple[tuple[int, int], ...] = ((3, 0), (4, 3), (5, 2))
    #: kind -> count (scrap_metal: the 2 face-up in the Scrap Pile at setup)
    salvage_deck: tuple[tuple[str, int], ...] = (
        ("scrap_metal", 2), ("scrap", 45), ("weapons", 30), ("armor", 14), ("gear", 22),
        ("upgrades", 38))

    def noise(self, crew: int) -> int:
        return dict(self.noise_by_crew)[crew]

    def wind_removed(self, crew: int) -> int:
        return dict(self.wind_set_aside).get(crew, 0)


def half_up(n: int) -> int:
    """"50% efficiency (rounded up)": 3 -> 2."""
    return -(-n // 2)


# --- exact maths of the dice --------------------------------------------------------------

def p_hit(hit_faces: tuple[int, ...] = (3, 4, 5, 6)) -> Fraction:
    """The chance one d6 hits: 4/6 = 2/3 by default."""
    return Fraction(len(hit_faces), 6)


def hit_distribution(dice: int, hit_faces: tuple[int, ...] = (3, 4, 5, 6)) -> list[Fraction]:
    """P(exactly k hits) for k = 0..dice: binomial(dice, p_hit)."""
    p = p_hit(hit_faces)
    return [comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def p_jam(dice: int) -> Fraction:
    """"If every die in an attack roll results in a 1, the weapon jams": (1/6)^dice."""
    return Fraction(1, 6) ** dice if dice > 0 else Fraction(0)


def p_at_least(dice: int, health: int, hit_faces: tuple[int, ...] = (3, 4, 5, 6)) -> Fraction:
    """The chance one attack of ``dice`` deals at least ``health`` damage (1 hit = 1 damage)."""
    return sum(hit_distribution(dice, hit_faces)[health:], Fraction(0))


def attacks_to_kill(dice: int, health: int, hit_faces: tuple[int, ...] = (3, 4, 5, 6)
                    ) -> Fraction:
    """Expected attacks to deal ``health`` damage, damage carried over between attacks.

    E[h] = (1 + sum_{k>=1} P(k) E[h-k]) / (1 - P(0)), E[h<=0] = 0.
    """
    if dice <= 0:
        raise ValueError("an attack rolls at least one die")
    dist = hit_distribution(dice, hit_faces)
    memo: list[Fraction] = [Fraction(0)]
    for h in range(1, health + 1):
        total = Fraction(1) + sum((dist[k] * memo[max(0, h - k)]
                                   for k in range(1, dice + 1)), Fraction(0))
        memo.append(total / (1 - dist[0]))
    return memo[health]


def boss_health(per_crew: int, crew: int) -> int:
    """"Boss Cards show a number and X in their Health Stat. X equals the number of Crew
    Members": the Harrow's 6X is 24 with 4 crew."""
    return per_crew * crew


def odds_document(dice: int, health: int | None = None,
                  hit_faces: tuple[int, ...] = (3, 4, 5, 6)) -> dict[str, Any]:
    """``pnp waste-of-parts odds``: the exact distribution of hits of ``dice`` dice, the chance
    of a jam, and against ``health`` the chance of one attack killing and the expected attacks
    (damage carried over). Fractions as strings beside their float values."""
    def both(f: Fraction) -> dict[str, Any]:
        return {"exact": str(f), "value": float(f)}

    doc: dict[str, Any] = {
        "dice": dice, "hit_faces": list(hit_faces), "p_hit_per_die": both(p_hit(hit_faces)),
        "hits": {str(k): both(p) for k, p in enumerate(hit_distribution(dice, hit_faces))},
        "expected_hits": both(p_hit(hit_faces) * dice), "p_jam": both(p_jam(dice))}
    if health is not None:
        doc["health"] = health
        doc["p_kill_in_one_attack"] = both(p_at_least(dice, health, hit_faces))
        doc["expected_attacks_to_kill"] = both(attacks_to_kill(dice, health, hit_faces))
    return doc
