"""The Waste of Parts' cards and the pure generator of its Enemy and Salvage decks.

The rulebook names almost no card: the decks are generated from a seed, with the structure of
``Config.enemy_deck`` / ``Config.salvage_deck`` and abilities from ``ENEMY_ABILITIES`` and
``SALVAGE_KINDS``, the vocabulary the simulator implements. Each Enemy card's threat (expected
damage it deals before the crew kills it, exact maths of ``rules.py``) lies in its level's
declared band (``THREAT_BANDS``), so the bands rise from level to level and no card of a level
is an outlier. Pure: no IO.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction

from pnp.games.waste_of_parts.rules import WASTES, Config, attacks_to_kill

__all__ = ["ENEMY_ABILITIES", "EVENT_EFFECTS", "NOISE_COST", "THREAT_BANDS", "UPGRADE_NAMES",
           "UPGRADE_STATS", "EnemyCard", "EventCard", "SalvageCard", "enemy_deck", "enemy_threat",
           "event_deck", "event_document", "salvage_deck"]

#: Enemy abilities the simulator implements ("" is none). "wind" is Just the Wind: "While some
#: Enemy Cards are harmless and discarded".
ENEMY_ABILITIES = {
    "": "No ability.",
    "wind": "Just the Wind: harmless; discard it.",
    "noisy": "While it is aboard, +1 Noise.",
    "armored": "Each attack against it deals 1 damage less.",
    "brute": "Attacking a room worsens it by two steps.",
    "swift": "Moves two rooms instead of one.",
}
#: Level -> (low, high) of an Enemy card's threat (expected hits dealt before it dies).
THREAT_BANDS = {1: (0.5, 2.5), 2: (1.5, 4.5), 3: (3.5, 8.0)}
#: Dice of the crew attack the threat is measured against (a default dashboard's Attack).
CREW_DICE = 2
#: Salvage card kinds: scrap (straight to the Scrap Pile), weapon, armor, gear, upgrade.
SALVAGE_KINDS = ("scrap", "weapon", "armor", "gear", "upgrade")
#: Stats a gear card raises by 1 and rooms an upgrade goes in (the stat it raises).
GEAR_STATS = ("actions", "health", "attack")
UPGRADE_STATS = {"gun": "attack", "engine": "speed", "crane": "salvage", "multi": "hull",
                 "cockpit": "salvage"}
#: An upgrade's Noise cost, (room, bonus) -> Noise: its measured gross value (win-rate gain of
#: starting with it at Noise 0, between plain crews) divided by the measured cost of one Noise
#: (-0.162), rounded (balance.measure_upgrades, 1,500 paired games, deck seed demo): only the
#: engine upgrades (+0.151 and +0.217: 0.93 and 1.34 Noise) are worth a Noise; the others
#: measure -0.03 to +0.04 (docs/waste-of-parts.md, "The Salvage retune").
NOISE_COST = {("engine", 1): 1, ("engine", 2): 1}


@dataclass(frozen=True)
class EnemyCard:
    ident: int           # the card's number in the deck (1..188)
    name: str
    level: int
    health: int
    attack: int
    spawn: int           # 1-13
    ability: str = ""

    @property
    def wind(self) -> bool:
        return self.ability == "wind"


@dataclass(frozen=True)
class SalvageCard:
    ident: int
    name: str
    kind: str            # scrap, weapon, armor, gear, upgrade
    attack: int = 0      # weapon dice
    reload: bool = False  # weapon: spent after an attack until reloaded
    reach: int = 0       # weapon: 0 own room, 1 adjacent rooms (and The Wastes from the decks)
    armor: int = 0       # armor: hits ignored per Enemy attack
    stat: str = ""       # gear / upgrade: the stat it raises by ``bonus``
    bonus: int = 0
    room: str = ""       # upgrade: the room kind it goes in
    noise: int = 0       # upgrade: Noise it adds

    @property
    def equipment(self) -> bool:
        return self.kind in ("weapon", "armor", "gear")


def enemy_threat(card: EnemyCard, crew_dice: int = CREW_DICE) -> float:
    """Expected hits the Enemy deals before a crew of ``crew_dice`` kills it (exact maths).

    Each round alive it rolls ``attack`` dice hitting 2/3 each; it lives for the expected
    attacks the crew needs to deal ``health`` (armored: one more hit needed per attack, taken
    as +50% health); swift and brute reach their target sooner (x1.25), noisy brings one more
    Enemy over its life (x1.25).
    """
    if card.wind:
        return 0.0
    health = card.health + (card.health + 1) // 2 if card.ability == "armored" else card.health
    life = float(attacks_to_kill(crew_dice, health))
    scale = 1.25 if card.ability in ("swift", "brute", "noisy") else 1.0
    return float(Fraction(2, 3) * card.attack) * life * scale


_ENEMY_NAMES = {1: ("Scav", "Rustling", "Sludge Rat", "Gremlin", "Scrapper"),
                2: ("Marauder", "Tinker Ghoul", "Wrecker", "Oil Leech", "Raider"),
                3: ("Juggernaut", "Wastelander", "Ooze Titan", "Reaver", "Dredge Horror")}


def enemy_deck(cfg: Config, rng: random.Random) -> tuple[EnemyCard, ...]:
    """The Enemy deck of ``cfg``: per level its cards, its Just the Wind cards, and Enemies
    drawn within the level's Health/Attack ranges whose threat lies in ``THREAT_BANDS``."""
    cards: list[EnemyCard] = []
    ident = 0
    for level, count, wind, health, attack in cfg.enemy_deck:
        low, high = THREAT_BANDS[level]
        # Abilities dealt evenly over the level (shuffled), not drawn one by one: two seeds'
        # decks then differ in their cards, not in their mix.
        abilities = _even(("", "", "", "noisy", "armored", "brute", "swift"), count - wind, rng)
        combos: dict[str, list[tuple[int, int]]] = {}
        used: dict[str, int] = {}
        stats = []
        for ability in abilities:
            if ability not in combos:
                combos[ability] = [
                    (h, a) for h in range(health[0], health[1] + 1)
                    for a in range(attack[0], attack[1] + 1)
                    if low <= enemy_threat(EnemyCard(0, "", level, h, a, 1, ability)) <= high]
                if not combos[ability]:
                    raise ValueError(f"no level-{level} {ability or 'plain'} Enemy fits the "
                                     f"threat band {low}-{high}")
                rng.shuffle(combos[ability])
            # Health and Attack dealt round the combinations that fit the band, evenly.
            h, a = combos[ability][used.get(ability, 0) % len(combos[ability])]
            used[ability] = used.get(ability, 0) + 1
            stats.append((ability, h, a))
        spawns = _spawns_by_threat(
            [enemy_threat(EnemyCard(0, "", level, h, a, 1, ab)) for ab, h, a in stats],
            _spawns(cfg.wastes_spawns), rng)
        for k in range(count):
            ident += 1
            if k < wind:
                cards.append(EnemyCard(ident, "Just the Wind", level, 1, 0, 13, "wind"))
                continue
            ability, h, a = stats[k - wind]
            cards.append(EnemyCard(ident, rng.choice(_ENEMY_NAMES[level]), level, h, a,
                                   spawns[k - wind], ability))
    return tuple(cards)


def _even(values: tuple, n: int, rng: random.Random) -> list:
    """``n`` values, each of ``values`` as evenly often as ``n`` allows, shuffled."""
    out = [values[k % len(values)] for k in range(n)]
    rng.shuffle(out)
    return out


def _spawns_by_threat(threats: list[float], spawns: tuple[int, ...],
                      rng: random.Random) -> list[int]:
    """A Spawn Location per card, each of ``spawns`` as evenly often as the count allows; the
    cards dealt to The Wastes one from each of as many equal runs of the cards in order of
    threat, the rooms shuffled over the rest. The Wastes, which only the guns answer whatever
    the crew's size, then hold the same share of the level's threat in every seed's deck:
    dealt blindly, their share ranged 0.17-0.23 over eight seeds (level 3) and moved the win
    rate with it."""
    n = len(threats)
    pool = [spawns[k % len(spawns)] for k in range(n)]
    rooms = [s for s in pool if s != WASTES]
    rng.shuffle(rooms)
    wastes = n - len(rooms)
    order = sorted(range(n), key=lambda k: (threats[k], k))
    out = [0] * n
    for i in range(wastes):
        out[rng.choice(order[i * n // wastes:(i + 1) * n // wastes])] = WASTES
    for k in range(n):
        if not out[k]:
            out[k] = rooms.pop()
    return out


def _spawns(wastes: int) -> tuple[int, ...]:
    # Each room once and The Wastes ``wastes`` times (rules.yaml ``wastes_spawns``): Enemies
    # there hold the Mech up and hit the Hull, and only the guns and reaching weapons answer
    # them, whatever the crew's size.
    return tuple(range(1, 13)) + (13,) * wastes


_WEAPONS = ("Pipe Rifle", "Rivet Gun", "Scrap Cannon", "Chain Blade", "Harpoon", "Arc Welder")
_ARMOR = ("Plate Vest", "Hull Scrap Mail", "Riveted Coat")
_GEAR = {"actions": "Servo Boots", "health": "Stim Pack", "attack": "Power Glove"}
UPGRADE_NAMES = {"gun": "Twin Barrels", "engine": "Overdrive", "crane": "Long Boom",
             "multi": "Repair Bay", "cockpit": "Remote Link"}


def salvage_deck(cfg: Config, rng: random.Random) -> tuple[SalvageCard, ...]:
    """The Salvage deck of ``cfg`` (the Scrap Metal cards first: they start in the Scrap Pile).

    A weapon's Attack and its drawbacks trade off (more dice: reload or less reach); an upgrade's
    Noise is what its bonus was measured to be worth (``NOISE_COST``).
    """
    counts = dict(cfg.salvage_deck)
    cards: list[SalvageCard] = []

    def add(**kw: object) -> None:
        cards.append(SalvageCard(ident=len(cards) + 1, **kw))  # type: ignore[arg-type]

    for _ in range(counts.get("scrap_metal", 0)):
        add(name="Scrap Metal", kind="scrap")
    for _ in range(counts.get("scrap", 0)):
        add(name="Scrap", kind="scrap")
    attacks = _even((2, 3, 4, 5), counts.get("weapons", 0), rng)
    stats = _even(GEAR_STATS, counts.get("gear", 0), rng)
    # Every room kind gets the same share of +1 and +2 upgrades (the pairs dealt evenly).
    pairs = _even(tuple((room, bonus) for bonus in (1, 1, 2) for room in UPGRADE_STATS),
                  counts.get("upgrades", 0), rng)
    rooms, bonuses = [p[0] for p in pairs], [p[1] for p in pairs]
    # Drawbacks dealt evenly, not drawn card by card (7 in 10 heavy weapons reload, half the
    # light ones reach): two seeds' decks differ in their order, not in their strength.
    heavy = _even((True,) * 7 + (False,) * 3, sum(a >= 4 for a in attacks), rng)
    light = _even((1, 0), sum(a <= 3 for a in attacks), rng)
    for attack in attacks:
        reload = attack >= 4 and heavy.pop()
        reach = light.pop() if attack <= 3 else 0
        add(name=rng.choice(_WEAPONS), kind="weapon", attack=attack, reload=reload, reach=reach)
    for _ in range(counts.get("armor", 0)):
        add(name=rng.choice(_ARMOR), kind="armor", armor=1)
    for stat in stats:
        add(name=_GEAR[stat], kind="gear", stat=stat, bonus=1)
    for room, bonus in zip(rooms, bonuses, strict=True):
        add(name=UPGRADE_NAMES[room] + (" II" if bonus == 2 else ""), kind="upgrade", room=room,
            stat=UPGRADE_STATS[room], bonus=bonus, noise=NOISE_COST.get((room, bonus), 0))
    return tuple(cards)


#: Event effects the simulator implements (an active Event holds until the next milestone).
EVENT_EFFECTS = {
    "noise": "Noise +{n} while this Event is active.",
    "quiet": "Noise -{n} (not below 1) while this Event is active.",
    "tailwind": "The Mech advances {n} more each time it advances.",
    "scavenge": "The Salvaging Crane draws {n} more cards.",
    "blaze": "Fire Damage: the Hull loses {n} more if any room is On Fire.",
}
_EVENTS = (("Dust Storm", "noise", 1), ("Silent Dunes", "quiet", 1),
           ("Tailwind", "tailwind", 1), ("Wreck Field", "scavenge", 1),
           ("Dry Season", "blaze", 1), ("Sludge Geysers", "noise", 2),
           ("Still Air", "quiet", 1), ("Downhill", "tailwind", 1),
           ("Graveyard of Hulks", "scavenge", 1), ("Heatwave", "blaze", 1))


@dataclass(frozen=True)
class EventCard:
    ident: int
    name: str
    effect: str
    amount: int

    @property
    def text(self) -> str:
        return EVENT_EFFECTS[self.effect].format(n=self.amount)


def event_deck() -> tuple[EventCard, ...]:
    """The 10 Event cards ("10 Event Cards"): paired good and bad effects."""
    return tuple(EventCard(k, name, effect, n) for k, (name, effect, n) in enumerate(_EVENTS, 1))


def event_document() -> list[dict[str, object]]:
    """The Event cards as ``decks.json`` lists them (`decks` and `session` alike)."""
    return [{**dataclasses.asdict(c), "text": c.text} for c in event_deck()]
