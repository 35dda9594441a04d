"""The wasteland deck, the range cards and a knight's combat profile, as data the simulator plays.

Pure core: ``deck_from_dict`` turns the parsed ``cardsets/waste_knights/wasteland.yaml`` into
frozen cards whose every word is in ``VOCABULARY`` (a card the simulator could not play is bad
input, PnpError naming the card and field). The rulebook's named cards come first, then cards
generated from the vocabulary with a fixed seed (Resolving Wasteland Cards, Combat).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pnp.errors import PnpError

SOURCE = "cardsets/waste_knights/wasteland.yaml"
SKILLS = ("blades", "guns", "medicine", "repair", "survival", "talk")
ICONS = ("melee", "short", "medium", "long")      # Range Icons (melee: crossed marks)
RANGES = ("short", "medium", "long")              # Range Cards, closest first
TRAITS = ("nature", "beast", "cult", "gang", "machine", "mutant")
EVENT_EFFECTS = ("stop", "skip_exploration", "lose_health", "lose_ammo", "lose_fuel",
                 "radiation", "contamination", "radiation_tokens", "vehicle_damage")
REWARDS = ("reputation", "fuel", "ammo", "green", "yellow", "red")
ABILITIES = ("knight_dice", "start_range", "set_range", "vehicle_damage", "stops",
             "on_knight_loses")
PANEL = ("aggression", "icons", "health", "armor", "damage", "piercing", "multi", "ferocious")
#: Every word a card may use, by part of the card.
VOCABULARY = {"effects": EVENT_EFFECTS, "rewards": REWARDS, "abilities": ABILITIES,
              "panel": PANEL, "traits": TRAITS, "skills": SKILLS, "icons": ICONS}
#: The Stalls and Trading Gear: "3 green = 1 yellow; 2 yellow = 1 red" (in green cards).
GEAR_VALUE = {"green": 1, "yellow": 3, "red": 6}


@dataclass(frozen=True)
class Panel:
    """Combat Panel: Aggression (enemies), range icons, attack icons, Armor Value, Health."""

    aggression: int = 0
    icons: tuple[str, ...] = ()
    health: int = 0
    armor: int = 0
    damage: int = 0          # Additional Damage
    piercing: int = 0        # Armor Piercing
    multi: int = 0           # Multi-attack icons
    ferocious: bool = False  # Ferocity Diode lit: no dominance


@dataclass(frozen=True)
class Card:
    """One wasteland card: an event (effects) or an enemy (combat panel and abilities)."""

    title: str
    kind: str                                  # "event" or "enemy"
    escape_skill: str
    escape_difficulty: int
    traits: tuple[str, ...] = ()
    effects: tuple[tuple[str, int], ...] = ()
    rewards: tuple[tuple[str, int], ...] = ()
    panel: Panel | None = None
    abilities: tuple[tuple[str, Any], ...] = ()
    successes: int = 1                         # successes the escape check needs
    on_foot: bool = True                       # False: a knight on foot is not affected

    @property
    def enemy(self) -> bool:
        """Enemy cards are "recognized by the combat panel"."""
        return self.panel is not None

    @cached_property
    def _reward(self) -> dict[str, int]:
        return dict(self.rewards)

    @cached_property
    def _effect(self) -> dict[str, int]:
        return dict(self.effects)

    @cached_property
    def _ability(self) -> dict[str, Any]:
        return dict(self.abilities)

    def reward(self, name: str) -> int:
        """The rewards space's amount of ``name`` (0 when not shown)."""
        return self._reward.get(name, 0)

    def effect(self, name: str) -> int:
        """The event's amount of effect ``name`` (0 when not in its text)."""
        return self._effect.get(name, 0)

    def ability(self, name: str, default: Any = None) -> Any:
        """The enemy's ability ``name`` (``default`` when it has none)."""
        return self._ability.get(name, default)

    @cached_property
    def rewarding(self) -> bool:
        """Escape the Enemy: "rewards space ... shows a red gear card and/or Reputation"."""
        return self.reward("red") > 0 or self.reward("reputation") > 0

    @cached_property
    def menace(self) -> int:
        """How hard the card is on a knight, for the mean Waster's choice (higher: harder)."""
        if self.panel is not None:
            p = self.panel
            return p.aggression + p.health + p.armor + p.damage + 2 * p.ferocious \
                + self.escape_difficulty // 2 - self.ability("knight_dice", 0)
        harm = sum(v for k, v in self.effects if k not in ("stop", "skip_exploration"))
        return 2 * harm + self.escape_difficulty // 2 - sum(v for _, v in self.rewards)


@dataclass(frozen=True)
class Weapon:
    """A weapon a knight attacks with (hands panel or a gear card with the Weapon trait)."""

    name: str
    icons: tuple[str, ...]
    damage: int = 0
    piercing: int = 0
    multi: int = 0


@dataclass(frozen=True)
class RangeCard:
    """Range Card: attack check skills and difficulty, initiative order, dice per icon."""

    name: str
    skills: tuple[str, ...]
    difficulty: int
    order: tuple[str, ...]
    dice: tuple[tuple[str, int], ...] = ()

    @cached_property
    def mods(self) -> dict[str, int]:
        """Dice gained (+) or suffered (-) by attacks, per range icon shown on the card."""
        return {icon: dict(self.dice).get(icon, 0) for icon in self.order}

    def modifier(self, icon: str) -> int:
        """Dice gained (+) or suffered (-) by attacks with ``icon`` at this range."""
        return self.mods.get(icon, 0)


@dataclass(frozen=True)
class Deck:
    """The wasteland deck, the range cards and the knights' combat profile."""

    cards: tuple[Card, ...]
    ranges: Mapping[str, RangeCard]
    skills: Mapping[str, int]
    weapons: tuple[Weapon, ...]
    armor: int
    named: int = field(default=0)               # the first ``named`` cards are the rulebook's

    @cached_property
    def enemy_traits(self) -> tuple[str, ...]:
        """The traits the deck's enemies show, sorted (an enemy task names one of them)."""
        return tuple(sorted({tr for c in self.cards if c.enemy for tr in c.traits}))


def _bad(msg: str, where: str) -> PnpError:
    return PnpError(msg, file=SOURCE, field=where)


def _int(v: Any, where: str, lo: int = -9, hi: int = 20) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(f"{where} must be a whole number from {lo} to {hi}, got {v!r}", where)
    return v


def _words(d: Any, allowed: tuple[str, ...], where: str) -> dict[str, Any]:
    if d is None:
        return {}
    if not isinstance(d, Mapping):
        raise _bad(f"{where} must be a mapping", where)
    for k in d:
        if k not in allowed:
            raise _bad(f"{where}: {k!r} is not in the simulator's vocabulary "
                       f"({', '.join(allowed)})", where)
    return dict(d)


def card_from_dict(d: Mapping[str, Any], where: str) -> Card:
    """One card's mapping -> Card, every word checked against the vocabulary."""
    title = d.get("title")
    if not isinstance(title, str) or not title:
        raise _bad("a card needs a title", where)
    where = f"{where} ({title})"
    kind = d.get("kind")
    if kind not in ("event", "enemy"):
        raise _bad(f"{where}: kind must be event or enemy, got {kind!r}", where)
    esc = d.get("escape")
    if not isinstance(esc, list) or len(esc) != 2 or esc[0] not in SKILLS:
        raise _bad(f"{where}: escape must be [skill, difficulty]", where)
    if esc[1] not in (5, 7, 9):  # Making Checks: Easy (5), Challenging (7), Hard (9)
        raise _bad(f"{where}: escape difficulty must be 5, 7 or 9, got {esc[1]!r}", where)
    traits = tuple(d.get("traits") or ())
    for t in traits:
        if t not in TRAITS:
            raise _bad(f"{where}: trait {t!r} is not in the vocabulary", where)
    effects = {k: _int(v, f"{where} effects.{k}", 0, 9)
               for k, v in _words(d.get("effects"), EVENT_EFFECTS, f"{where} effects").items()}
    rewards = {k: _int(v, f"{where} rewards.{k}", 0, 9)
               for k, v in _words(d.get("rewards"), REWARDS, f"{where} rewards").items()}
    panel = None
    abilities = _words(d.get("abilities"), ABILITIES, f"{where} abilities")
    if kind == "enemy":
        p = _words(d.get("panel"), PANEL, f"{where} panel")
        icons = tuple(p.get("icons") or ())
        if not icons or any(i not in ICONS for i in icons):
            raise _bad(f"{where}: an enemy's panel needs range icons from {ICONS}", where)
        panel = Panel(aggression=_int(p.get("aggression", 0), f"{where} aggression", 1, 12),
                      icons=icons, health=_int(p.get("health", 0), f"{where} health", 1, 12),
                      armor=_int(p.get("armor", 0), f"{where} armor", 0, 9),
                      damage=_int(p.get("damage", 0), f"{where} damage", 0, 9),
                      piercing=_int(p.get("piercing", 0), f"{where} piercing", 0, 9),
                      multi=_int(p.get("multi", 0), f"{where} multi", 0, 9),
                      ferocious=bool(p.get("ferocious", False)))
        for k in ("start_range", "set_range"):
            if k in abilities and abilities[k] not in RANGES:
                raise _bad(f"{where}: {k} must be one of {RANGES}", where)
        if "on_knight_loses" in abilities:
            abilities["on_knight_loses"] = tuple(sorted(_words(
                abilities["on_knight_loses"], EVENT_EFFECTS, f"{where} on_knight_loses").items()))
    elif abilities or d.get("panel"):
        raise _bad(f"{where}: an event has no combat panel or abilities", where)
    return Card(title=title, kind=kind, escape_skill=esc[0],
                escape_difficulty=_int(esc[1], f"{where} escape", 5, 9), traits=traits,
                effects=tuple(sorted(effects.items())), rewards=tuple(sorted(rewards.items())),
                panel=panel, abilities=tuple(sorted(abilities.items())),
                successes=_int(d.get("successes", 1), f"{where} successes", 1, 3),
                on_foot=bool(d.get("on_foot", True)))


def generated_cards(g: Mapping[str, Any]) -> list[Card]:
    """Events and enemies drawn from the vocabulary with the data's own seed (same every run)."""
    rng = random.Random(str(g.get("seed", "wasteland")))
    title = _Titles(str(g.get("seed", "wasteland")))
    out: list[Card] = []
    lo_a, hi_a = g["aggression"]
    lo_h, hi_h = g["health"]
    lo_r, hi_r = g["armor"]
    for i in range(int(g["events"])):
        picks = rng.sample(list(g["event_effects"]), 2)
        effects = {k: (1 if k == "stop" else rng.randint(1, 2)) for k in picks}
        rewards = {"reputation": 1, "fuel": rng.randint(0, 2)} if rng.random() < 0.4 else {}
        out.append(card_from_dict({
            "title": title(g.get("event_names"), picks[0], "Wasteland event"),
            "kind": "event", "traits": [],
            "escape": [rng.choice(g["skills"]), rng.choice(g["difficulties"])],
            "effects": effects, "rewards": {k: v for k, v in rewards.items() if v}},
            f"generated event {i + 1}"))
    for i in range(int(g["enemies"])):
        icons = rng.sample(list(ICONS), rng.randint(1, 2))
        health = rng.randint(lo_h, hi_h)
        aggression = rng.randint(lo_a, hi_a)
        strength = health + aggression
        rewards = {"reputation": 1 if strength >= 6 else 0,
                   "green": 1 if strength < 6 else 0, "yellow": 1 if strength >= 7 else 0}
        trait = rng.choice(g["enemy_traits"])
        out.append(card_from_dict({
            "title": title(g.get("enemy_names"), trait, "Wasteland enemy"), "kind": "enemy",
            "traits": [trait],
            "escape": [rng.choice(g["skills"]), rng.choice(g["difficulties"])],
            "rewards": {k: v for k, v in rewards.items() if v},
            "panel": {"aggression": aggression, "icons": icons, "health": health,
                      "armor": rng.randint(lo_r, hi_r), "damage": int(rng.random() < 0.3)}},
            f"generated enemy {i + 1}"))
    return out


class _Titles:
    """Card titles from the data's lists, without repeats, from a stream of their own (drawing
    a title never moves the stream the cards' numbers come from)."""

    def __init__(self, seed: str):
        self._rng = random.Random(f"{seed}:titles")
        self._left: dict[str, list[str]] = {}
        self._used: dict[str, int] = {}

    def __call__(self, names: Any, key: str, fallback: str) -> str:
        pool = list((names or {}).get(key) or ()) or [f"{fallback} ({key})"]
        left = self._left.get(key)
        if not left:
            left = self._left[key] = self._rng.sample(pool, len(pool))
        name = left.pop()
        self._used[name] = n = self._used.get(name, 0) + 1
        return name if n == 1 else f"{name} {_ROMAN[min(n, len(_ROMAN)) - 1]}"


_ROMAN = ("I", "II", "III", "IV", "V", "VI")


def deck_from_dict(data: Mapping[str, Any]) -> Deck:
    """The parsed wasteland.yaml -> Deck (PnpError naming the card and field on bad data)."""
    if not isinstance(data, Mapping):
        raise _bad("the wasteland data must be a mapping", "wasteland")
    ranges = {}
    for name in RANGES:
        r = (data.get("ranges") or {}).get(name)
        if not isinstance(r, Mapping):
            raise _bad(f"no range card {name!r}", "ranges")
        ranges[name] = RangeCard(name, tuple(r["skills"]), _int(r["difficulty"], name, 2, 10),
                                 tuple(r["order"]), tuple(sorted((r.get("dice") or {}).items())))
    k = data.get("knight") or {}
    skills = {s: _int((k.get("skills") or {}).get(s, 0), f"knight.{s}", 0, 9) for s in SKILLS}
    weapons = tuple(Weapon(w["name"], tuple(w["icons"]), int(w.get("damage", 0)),
                           int(w.get("piercing", 0)), int(w.get("multi", 0)))
                    for w in k.get("weapons") or ())
    named = [card_from_dict(c, f"named card {i + 1}")
             for i, c in enumerate(data.get("named") or ())]
    gen = generated_cards(data["generated"]) if data.get("generated") else []
    armor = _int(k.get("armor", 0), "armor", 0, 9)
    return Deck(tuple(named + gen), ranges, skills, weapons, armor, len(named))
