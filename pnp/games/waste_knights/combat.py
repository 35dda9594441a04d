"""Combat: three clashes of combat cards at a range, attack checks, Damage, Health and dominance.

Pure core, section Combat of the rulebook. ``fight`` plays one combat between the Active Knight
and an enemy (or, for a duel, another knight) from a random stream; the clash rules are small
functions a test can call with the rulebook's own dice (``attack``, ``clash_dominance``).
Combat cards are chosen by policies (``pick_knight``, ``pick_enemy``): the rules only check that
a card may be played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.games.waste_knights.cards import RANGES, Deck, Panel, RangeCard, Weapon
from pnp.games.waste_knights.checks import BULLS_EYE, check_probability

# Combat cards (each deck: "a set of 5 different cards"); Change Range as its two choices.
ATTACK, MULTI, PREPARE, DEFEND, ADVANCE, RETREAT = range(6)
CARD_NAMES = ("Attack", "Multi-attack", "Prepare", "Defend", "Change Range (advance)",
              "Change Range (retreat)")
CLASHES = 3
#: Combat cards: Attack gains 1 dominance, Multi-attack 2; Defend gives the opponent 2.
ATTACK_DOMINANCE, MULTI_DOMINANCE, DEFEND_DOMINANCE, RANGE_DOMINANCE = 1, 2, 2, 1
#: Defend: "his opponent's attack checks suffer -2 dice"; Change Range: "-1 die".
DEFEND_DICE, RANGE_DICE = 2, 1
#: Prepare: "His next attack check will gain +2 dice", Bull's Eye on "9" and "10".
PREPARE_DICE, PREPARED_BULLS_EYE = 2, 9
#: Attack spends 1 Ammo, Multi-attack 2 (melee: none).
ATTACK_AMMO, MULTI_AMMO = 1, 2
MEDIUM = RANGES.index("medium")  # "combat starts at medium range"


def attack_damage(rolls: Sequence[int], difficulty: int, *, bulls_from: int = BULLS_EYE,
                  bonus: int = 0, bulls_count: bool = True) -> int:
    """Deal Damage: 0 on a miss, else 1 + 1 per Bull's Eye + Damage modifiers.

    "Total Damage Dealt = 1 Damage + 1 Damage per Bull's Eye (10) + Damage Modifiers"; a
    knight whose Radiation shows "No Bull's Eyes" deals no extra Damage for them
    (``bulls_count``), though a 10 still succeeds.
    """
    if not any(r >= difficulty or r >= BULLS_EYE for r in rolls):
        return 0
    bulls = sum(1 for r in rolls if r >= bulls_from) if bulls_count else 0
    return 1 + bulls + bonus


def health_lost(damage: int, armor: int, piercing: int = 0) -> int:
    """Soak Damage and Lose Health: armor less Armor Piercing (min 0) soaks; the rest is Health."""
    return max(0, damage - max(0, armor - piercing))


def attack_pool(base: int, gained: int = 0, suffered: int = 0) -> int:
    """Attack Check Dice Pool = Blades / Guns / Aggression + dice gained - dice suffered, min 1."""
    return max(1, base + gained - suffered)


def clash_dominance(first_gain: int, second_gain: int) -> int:
    """Determine Dominance: the marker moves by the difference, towards the larger gain."""
    return first_gain - second_gain


@dataclass
class Side:
    """One combatant during a combat (knight or enemy), Health tracked as it falls."""

    health: int
    armor: int
    base: dict[str, int]              # dice by icon (knight: Guns/Blades; enemy: Aggression)
    damage: dict[str, int]            # Additional Damage by icon
    piercing: dict[str, int]
    multi: dict[str, int]
    ammo: int = 0                     # knights spend Ammo on ranged attacks; enemies never
    spends_ammo: bool = False
    dice: int = 0                     # dice gained/suffered all combat (InHR, Cerbero Tower)
    bulls: bool = True                # False: "No Bull's Eyes" (Radiation)
    prepared: bool = False
    lost: int = 0                     # Health lost this combat (dominance counts it)


def knight_side(deck: Deck, health: int, ammo: int, *, dice: int = 0, bulls: bool = True,
                weapons: Sequence[Weapon] | None = None, armor: int | None = None) -> Side:
    """A knight's side: per icon the best weapon's dice (Blades for melee, else Guns)."""
    base, dmg, pierce, multi = _weapon_tables(deck, tuple(deck.weapons if weapons is None
                                                          else weapons))
    return Side(health, deck.armor if armor is None else armor, base, dmg, pierce, multi,
                ammo=ammo, spends_ammo=True, dice=dice, bulls=bulls)


_TABLES: dict[tuple[int, tuple[Weapon, ...]], tuple[dict[str, int], ...]] = {}


def _weapon_tables(deck: Deck, weapons: tuple[Weapon, ...]) -> tuple[dict[str, int], ...]:
    """Per range icon: dice, Additional Damage, Armor Piercing, Multi-attack of the best weapon
    (most Damage) with that icon; built once per deck and weapons (sides only read them)."""
    key = (id(deck.skills), weapons)
    got = _TABLES.get(key)
    if got is None:
        base: dict[str, int] = {}
        dmg: dict[str, int] = {}
        pierce: dict[str, int] = {}
        multi: dict[str, int] = {}
        for w in weapons:
            for icon in w.icons:
                if icon not in dmg or w.damage > dmg[icon]:
                    base[icon] = deck.skills["blades" if icon == "melee" else "guns"]
                    dmg[icon], pierce[icon], multi[icon] = w.damage, w.piercing, w.multi
        got = _TABLES[key] = (base, dmg, pierce, multi)
    return got


def enemy_side(panel: Panel, dice: int = 0) -> Side:
    """An enemy's side: Aggression for every icon of its combat panel."""
    icons = panel.icons
    return Side(panel.health, panel.armor, dict.fromkeys(icons, panel.aggression),
                dict.fromkeys(icons, panel.damage), dict.fromkeys(icons, panel.piercing),
                dict.fromkeys(icons, panel.multi), dice=dice)


def usable(side: Side, card: int, rc: RangeCard) -> list[str]:
    """Range icons ``side`` may attack with by ``card`` at range ``rc`` (Ammo paid for)."""
    out = []
    for icon in rc.order:
        if icon not in side.base:
            continue
        if card == MULTI and not side.multi.get(icon):
            continue
        ammo = 0 if icon == "melee" or not side.spends_ammo else (
            MULTI_AMMO if card == MULTI else ATTACK_AMMO)
        if side.ammo >= ammo:
            out.append(icon)
    return out


def legal_cards(side: Side, rc: RangeCard) -> list[int]:
    """Combat cards ``side`` may play: Attack/Multi-attack only with a weapon and its Ammo."""
    cards = [PREPARE, DEFEND, ADVANCE, RETREAT]
    if usable(side, ATTACK, rc):
        cards.insert(0, ATTACK)
    if usable(side, MULTI, rc):
        cards.insert(1, MULTI)
    return cards


def best_icon(side: Side, card: int, rc: RangeCard, suffered: int) -> str:
    """The icon whose attack most likely hits, then deals most (a combatant's own choice)."""
    def value(icon: str) -> tuple[float, int]:
        pool = attack_pool(side.base[icon], rc.mods[icon] + side.dice
                           + (PREPARE_DICE if side.prepared and card == ATTACK else 0)
                           + (side.multi[icon] if card == MULTI else 0), suffered)
        return check_probability(pool, rc.difficulty), side.damage[icon]
    return max(usable(side, card, rc), key=value)


Policy = Callable[[Side, Side, RangeCard, int, random.Random], int]


def pick_heuristic(me: Side, other: Side, rc: RangeCard, clash: int, rng: random.Random) -> int:
    """A sensible combatant: attack when a hit is likely, else close in (or out) to a range
    where his weapons work; Prepare in the first clash when nothing hits yet."""
    icons = usable(me, ATTACK, rc)
    if icons:
        if me.ammo >= 3 and usable(me, MULTI, rc):
            return MULTI
        if me.prepared:
            return ATTACK
        mods, base, gained = rc.mods, me.base, me.dice
        for icon in icons:
            if check_probability(max(1, base[icon] + mods[icon] + gained), rc.difficulty) >= 0.5:
                return ATTACK
    far = all(i == "long" for i in me.base)  # only long-range icons: keep away
    if rc.name != ("long" if far else "short"):
        return RETREAT if far else ADVANCE
    return ATTACK if icons else PREPARE if clash == 0 else DEFEND


def pick_random(me: Side, other: Side, rc: RangeCard, clash: int, rng: random.Random) -> int:
    """Any legal combat card, all alike."""
    cards = legal_cards(me, rc)
    return cards[int(rng.random() * len(cards))]


@dataclass
class Outcome:
    """What a combat left: who won (+1 knight, -1 enemy, 0 draw), Health lost, Ammo spent."""

    winner: int
    knight_lost: int
    enemy_lost: int
    ammo_spent: int
    clashes: int
    dominance: int
    log: list[str]
    traded: bool = False     # a duel both knights ended with Defend in the first clash


def _attack(att: Side, dfn: Side, card: int, icon: str, rc: RangeCard, suffered: int,
            rng: random.Random) -> tuple[int, list[int]]:
    """One attack: Ammo, the check, Damage and Health; returns (Health lost, rolls)."""
    if att.spends_ammo and icon != "melee":
        att.ammo -= MULTI_AMMO if card == MULTI else ATTACK_AMMO
    gained = rc.mods[icon] + att.dice + (PREPARE_DICE if att.prepared and card == ATTACK
                                             else 0) + (att.multi[icon] if card == MULTI else 0)
    pool = attack_pool(att.base[icon], gained, suffered)
    rolls = [int(rng.random() * 10) + 1 for _ in range(pool)]  # d10: "10" counted on "0"
    bulls_from = PREPARED_BULLS_EYE if att.prepared and card == ATTACK else BULLS_EYE
    dmg = attack_damage(rolls, rc.difficulty, bulls_from=bulls_from, bonus=att.damage[icon],
                        bulls_count=att.bulls)
    lost = min(dfn.health, health_lost(dmg, dfn.armor, att.piercing[icon])) if dmg else 0
    dfn.health -= lost
    dfn.lost += lost
    return lost, rolls


def fight(deck: Deck, knight: Side, enemy: Side, rng: random.Random, *, ferocious: bool = False,
          knight_policy: Policy = pick_heuristic, enemy_policy: Policy = pick_heuristic,
          start_range: str | None = None, set_range: str | None = None,
          log: bool = False, duel: bool = False) -> Outcome:
    """Combat Sequence: Combat Start (starting range), up to 3 clashes, Combat End.

    A duel ends at once when both knights play Defend in the first clash ("the duel immediately
    ends and they may trade"): ``traded``, a draw."""
    r = RANGES.index(start_range) if start_range else MEDIUM
    dominance, ammo0 = 0, knight.ammo
    lines: list[str] = []
    clash = 0
    for clash in range(CLASHES):
        rc = deck.ranges[RANGES[r]]
        kc = knight_policy(knight, enemy, rc, clash, rng)
        ec = enemy_policy(enemy, knight, rc, clash, rng)
        if duel and clash == 0 and kc == DEFEND and ec == DEFEND:
            return Outcome(0, 0, 0, 0, 1, 0, lines + ["both knights Defend: the duel ends"],
                           traded=True)
        gain = [0, 0]       # dominance gained this clash: knight, enemy
        suffered = [0, 0]   # dice suffered by each side's attacks
        move = 0
        for me, card in ((0, kc), (1, ec)):  # "Ignore initiative" cards, Active Knight first
            if card == DEFEND:
                gain[1 - me] += DEFEND_DOMINANCE
                suffered[1 - me] += DEFEND_DICE
            elif card in (ADVANCE, RETREAT):
                gain[me if card == ADVANCE else 1 - me] += RANGE_DOMINANCE
                suffered[1 - me] += RANGE_DICE
                move += -1 if card == ADVANCE else 1
        sides = (knight, enemy)
        attacks = []
        for me, card in ((0, kc), (1, ec)):
            if card in (ATTACK, MULTI):
                icon = best_icon(sides[me], card, rc, suffered[me])
                attacks.append((rc.order.index(icon), me, card, icon))
        attacks.sort()
        for i, (init, me, card, icon) in enumerate(attacks):
            # Lower initiative: "cannot do this – he is defeated before resolving his attack".
            if sides[me].health <= 0 and not (i and attacks[i - 1][0] == init):
                continue
            lost, rolls = _attack(sides[me], sides[1 - me], card, icon, rc, suffered[me], rng)
            gain[me] += (MULTI_DOMINANCE if card == MULTI else ATTACK_DOMINANCE) + lost
            if log:
                lines.append(f"clash {clash + 1} at {rc.name} range: "
                             f"{'knight' if me == 0 else 'enemy'} {CARD_NAMES[card]} ({icon}) "
                             f"rolls {rolls}: {lost} Health lost")
        for me, card in ((0, kc), (1, ec)):  # Prepare waits for the next clash's Attack
            sides[me].prepared = card == PREPARE
        if not ferocious:
            dominance += clash_dominance(gain[0], gain[1])
        if log:
            lines.append(f"clash {clash + 1} at {rc.name} range: knight {CARD_NAMES[kc]}, "
                         f"enemy {CARD_NAMES[ec]}; dominance {dominance:+d}")
        if knight.health <= 0 or enemy.health <= 0:
            break
        r = RANGES.index(set_range) if set_range else min(2, max(0, r + move))
    if knight.health <= 0 and enemy.health <= 0:
        winner = 0  # equal initiative, both fall: a draw
    elif enemy.health <= 0:
        winner = 1
    elif knight.health <= 0:
        winner = -1
    else:
        winner = (dominance > 0) - (dominance < 0)
    return Outcome(winner, knight.lost, enemy.lost, ammo0 - knight.ammo, clash + 1, dominance,
                   lines)
