"""The Waste of Parts' crew dashboards: stats, the ability vocabulary and their generator.

"Each Crew Member has their own dashboard ... 4. Abilities: Choose one of these abilities to use
for the entire game." The rulebook prints none of the 11 dashboards: pnp generates them from a
seed, each with Health, Attack, Actions and two abilities from ``ABILITIES`` (the simulator
implements every one: ``turns.py``, ``endround.py``, ``state.Crew``). Each dashboard's stat line
is chosen so that its value -- the win-rate effects measured one by one (``VALUES``) -- is as
near as the lines allow to the same target, so no dashboard is much better than another
(``balance.crew_band_check`` measures the result). Pure: no IO.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["ABILITIES", "DEFAULT", "VALUES", "Dashboard", "choose_ability", "crew_deck",
           "role"]

#: The ability vocabulary: key -> the dashboard's text.
ABILITIES = {
    "gunner": "Firing a gun (from its room or the Cockpit): +1 die.",
    "brawler": "Attacking an Enemy in your own room: +1 die.",
    "mechanic": "Your first Repair or Extinguish each turn costs no action.",
    "hauler": "Carry one more Equipment card (3).",
    "quickdraw": "Reload costs no action.",
    "medic": "Mend removes 2 damage.",
    "plated": "Each Enemy attack on you deals 1 damage less (adds to armor).",
}


@dataclass(frozen=True)
class Dashboard:
    ident: int            # 1..11; 0 is the plain crew member of rules.yaml (measurement base)
    name: str
    health: int
    attack: int
    actions: int
    abilities: tuple[str, ...] = ()

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(ABILITIES[a] for a in self.abilities)


#: The plain crew member (rules.yaml ``crew``: Health 6, Attack 2, Actions 4, no ability).
DEFAULT = Dashboard(0, "Deckhand", 6, 2, 4)

#: Win-rate effect (4 crew, heuristic crew) of one crew member differing from the plain one by
#: one stat step or one ability, paired games on deck seed ``demo`` (how: docs/waste-of-parts.md,
#: "Crew dashboards"; the measuring run: ``balance.measure_crew`` over ``crew_steps()``).
VALUES = {
    "health+1": 0.002, "health-1": -0.004, "health-2": -0.009,
    "attack+1": 0.068, "attack-1": -0.104,
    "actions+1": 0.190, "actions-1": -0.157,
    "gunner": 0.011, "brawler": 0.090, "mechanic": 0.019, "hauler": 0.035,
    "quickdraw": 0.021, "medic": 0.004, "plated": 0.013,
}
#: The win-rate effect every dashboard aims at (``crew_deck``): about what the plain line with
#: one of the weaker abilities is worth, so most dashboards are the plain crew member with an
#: ability (Health, worth almost nothing in the measures, trims them).
TARGET = 0.015
#: The stat lines a dashboard may have (Health, Attack, Actions): Attack or Actions off the
#: plain crew member's, not both: the trade of Attack +1 for Actions -1 measured well below
#: the sum of its steps (three such dashboards -0.054 to -0.065 against -0.034 to 0.001
#: predicted), so the steps' values cannot price it.
LINES = tuple((h, a, n) for h in (4, 5, 6, 7, 8) for a in (1, 2, 3) for n in (3, 4, 5)
              if a == 2 or n == 4)

#: Which ability each role takes first (``choose_ability``): the pilot fires the guns from the
#: Cockpit, the crane operator stays put, fighters meet the Enemies in the rooms.
PREFERENCE = {
    "pilot": ("gunner", "mechanic", "plated", "quickdraw", "medic", "brawler", "hauler"),
    "crane": ("mechanic", "plated", "gunner", "medic", "brawler", "quickdraw", "hauler"),
    "fighter": ("brawler", "plated", "mechanic", "quickdraw", "hauler", "medic", "gunner"),
}

_NAMES = ("Rivet", "Grease", "Sparks", "Ballast", "Tinker", "Cinder", "Gauge", "Ratchet",
          "Bolt", "Patch", "Welder", "Flux", "Socket", "Crank")


def role(seat: int, crew: int) -> str:
    """The heuristic crew's role of ``seat`` (bots.py: seat 1 pilots, seat 2 mans the Crane
    with 4 crew)."""
    return "pilot" if seat == 0 else "crane" if seat == 1 and crew == 4 else "fighter"


def choose_ability(d: Dashboard, seat: int, crew: int) -> str:
    """"Pick Abilities": the one of ``d``'s abilities its seat's role prefers ("" if none)."""
    if not d.abilities:
        return ""
    order = PREFERENCE[role(seat, crew)]
    return min(d.abilities, key=order.index)


def ability_value(pair: tuple[str, ...], crew: int = 4) -> float:
    """The measured value of the ability each seat of a ``crew`` would choose from ``pair``,
    averaged over the seats (a game draws the dashboard into any seat)."""
    d = Dashboard(0, "", 6, 2, 4, pair)
    return sum(VALUES[choose_ability(d, seat, crew)] for seat in range(crew)) / crew


def line_value(h: int, a: int, n: int) -> float:
    """The measured value of a stat line against the plain one (steps added up)."""
    def steps(stat: str, delta: int) -> float:
        if delta == 0:
            return 0.0
        key = f"{stat}{delta:+d}"
        if key in VALUES:
            return VALUES[key]
        one = VALUES[f"{stat}{1 if delta > 0 else -1:+d}"]
        return one * abs(delta)
    return (steps("health", h - DEFAULT.health) + steps("attack", a - DEFAULT.attack)
            + steps("actions", n - DEFAULT.actions))


def crew_deck(rng: random.Random, count: int = 11,
              target: float = TARGET) -> tuple[Dashboard, ...]:
    """``count`` dashboards: abilities dealt in pairs, evenly; each stat line the one whose
    value plus its abilities' mean value is nearest ``target`` (ties: the line nearer the plain
    crew member, then drawn), every line used at most three times so the crew differ."""
    names = list(_NAMES)
    rng.shuffle(names)
    keys = list(ABILITIES)
    pool = [keys[k % len(keys)] for k in range(2 * count)]
    rng.shuffle(pool)
    pairs: list[tuple[str, ...]] = []
    for k in range(count):
        a, b = pool[2 * k], pool[2 * k + 1]
        if a == b:  # two of the same is no choice: swap with a later card, else (the last
            # pairs) with an earlier pair's card whose partner is not ``a`` either
            later = [j for j in range(2 * k + 2, len(pool)) if pool[j] != a]
            earlier = [j for j in range(2 * k) if pool[j] != a and pool[j ^ 1] != a]
            j = (later or earlier)[0]
            pool[2 * k + 1], pool[j] = pool[j], pool[2 * k + 1]
            b = pool[2 * k + 1]
            if j < 2 * k:
                pairs[j // 2] = tuple(sorted((pool[j], pool[j ^ 1])))
        pairs.append(tuple(sorted((a, b))))
    used: dict[tuple[int, int, int], int] = {}
    out = []
    for k, pair in enumerate(pairs):
        line = _best_line(ability_value(pair), target, used, rng)
        used[line] = used.get(line, 0) + 1
        out.append(Dashboard(k + 1, names[k], *line, abilities=pair))
    return tuple(out)


def _best_line(ability: float, target: float, used: dict[tuple[int, int, int], int],
               rng: random.Random) -> tuple[int, int, int]:
    plain = (DEFAULT.health, DEFAULT.attack, DEFAULT.actions)

    def key(line: tuple[int, int, int]) -> tuple[float, int, float]:
        miss = abs(line_value(*line) + ability - target)
        return (round(miss, 4), sum(abs(x - y) for x, y in zip(line, plain, strict=True)),
                rng.random())

    return min((ln for ln in LINES if used.get(ln, 0) < 3), key=key)


def crew_steps() -> dict[str, Dashboard]:
    """One crew member per entry of ``VALUES``: the plain one with that one step or ability
    (what ``VALUES`` measures)."""
    out = {}
    for key in VALUES:
        if key in ABILITIES:
            out[key] = Dashboard(0, key, DEFAULT.health, DEFAULT.attack, DEFAULT.actions, (key,))
        else:
            stat, delta = key.rstrip("+-0123456789"), int(key[len(key.rstrip("+-0123456789")):])
            line = {"health": DEFAULT.health, "attack": DEFAULT.attack,
                    "actions": DEFAULT.actions}
            line[stat] += delta
            out[key] = Dashboard(0, key, line["health"], line["attack"], line["actions"])
    return out
