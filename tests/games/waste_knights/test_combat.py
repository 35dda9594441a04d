"""Combat (rulebook section Combat): the Illustrated Combat Example, the dominance example,
attack checks, Damage, armor, initiative, draws and ferocious enemies."""

from __future__ import annotations

import random

import pytest

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights.data import wasteland_deck

DECK = wasteland_deck()


def card(title):
    return next(c for c in DECK.cards if c.title == title)


class Dice(random.Random):
    """A stream whose d10 rolls are the given faces, in order (``int(u * 10) + 1``)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:  # noqa: D102
        return (self.faces.pop(0) - 1) / 10 + 0.05


def script(*cards: int):
    """A policy that plays ``cards`` clash after clash."""
    todo = list(cards)

    def pick(me, other, rc, clash, rng):
        return todo[clash]
    return pick


def test_long_range_card_as_the_combat_example_plays_it():
    """Illustrated Combat Example: at Long Range "He can only choose the medium-range icon,
    because the short-range icon is not shown on the Long Range card"; "the chosen range icon
    causes Chris to lose 1 die"; a "9" is a success and a "5" a miss; of "1", "3", "4", "7" and
    "9" one die succeeds: Hard (9)."""
    long = DECK.ranges["long"]
    assert "short" not in long.order and "melee" not in long.order
    assert long.modifier("medium") == -1 and long.difficulty == 9
    chris = C.knight_side(DECK, 4, 4)
    assert C.usable(chris, C.ATTACK, long) == ["medium"]
    assert C.attack_pool(chris.base["medium"], long.modifier("medium")) == 1


def test_illustrated_combat_example_chris_against_hell_raiders():
    """Illustrated Combat Example, clash by clash. Clash 1: Chris attacks (1 die, "9": 2 Damage,
    Hell Raiders' Armor 1 soaks 1: "-1" Health), the Waster Prepares; the marker moves 2
    towards Chris. Clash 2: both Attack with the medium-range icon (equal initiative, Chris
    first): Chris's "5" misses; the Waster rolls 4 + 2 (Prepare) - 1 = 5 dice, "1 3 4 7 9": the
    9 is a Bull's Eye thanks to Prepare, 3 Damage, Chris's Armor 1 soaks 1, 2 Health lost; the
    Waster gains 3, Chris 1: the marker is "back on the 0 space". (Clash 3: both Defend, 2
    dominance each: a draw at 0.)"""
    hell = card("Hell Raiders")
    assert hell.panel.aggression == 4 and hell.panel.armor == 1 and hell.panel.damage == 1
    chris, enemy = C.knight_side(DECK, 4, 4), C.enemy_side(hell.panel)
    out = C.fight(DECK, chris, enemy, Dice(9, 5, 1, 3, 4, 7, 9), start_range="long",
                  knight_policy=script(C.ATTACK, C.ATTACK, C.DEFEND),
                  enemy_policy=script(C.PREPARE, C.ATTACK, C.DEFEND), log=True)
    assert "clash 1 at long range: knight Attack, enemy Prepare; dominance +2" in out.log
    assert "clash 2 at long range: knight Attack, enemy Attack; dominance +0" in out.log
    assert (out.enemy_lost, out.knight_lost, out.ammo_spent) == (1, 2, 2)
    assert chris.health == 2 and enemy.health == hell.panel.health - 1
    assert out.clashes == 3 and out.dominance == 0 and out.winner == 0  # "a draw"


def test_dominance_example():
    """Determine Dominance example: "played Multi-attack and caused his opponent to lose 2
    Health, thus gaining 4 dominance"; "played Attack and caused his opponent to lose 1 Health,
    gaining 2 dominance"; "The difference equals 2 dominance in favor of the blue player"."""
    blue = C.MULTI_DOMINANCE + 2
    red = C.ATTACK_DOMINANCE + 1
    assert (blue, red) == (4, 2)
    assert C.clash_dominance(blue, red) == 2


def test_damage_soak_and_bulls_eyes():
    """Deal Damage: "1 Damage + 1 Damage per Bull's Eye (10) + Damage Modifiers"; extra Damage
    only for Bull's Eyes, "not for normal successes"; Soak: Armor Value - Armor Piercing."""
    assert C.attack_damage([7, 8, 9], 7) == 1
    assert C.attack_damage([10, 10], 9) == 3
    assert C.attack_damage([10], 9, bonus=1) == 3
    assert C.attack_damage([4, 6], 7) == 0
    assert C.attack_damage([10], 9, bulls_count=False) == 1  # "No Bull's Eyes": still a success
    assert C.attack_damage([9], 9, bulls_from=C.PREPARED_BULLS_EYE) == 2
    assert C.health_lost(2, 1) == 1 and C.health_lost(1, 2) == 0
    assert C.health_lost(2, 2, piercing=1) == 1 and C.health_lost(3, 0, piercing=2) == 3
    assert C.attack_pool(2, -1, 5) == 1  # "cannot be less than 1"


def test_attack_needs_ammo_and_multi_attack_two():
    """Attack: "spends 1 Ammo (or 0 Ammo when attacking with a melee weapon)"; Multi-attack:
    a weapon with a Multi-attack icon and 2 Ammo; without Ammo a ranged Attack cannot be played."""
    medium, short = DECK.ranges["medium"], DECK.ranges["short"]
    dry = C.knight_side(DECK, 4, 0)
    assert C.ATTACK not in C.legal_cards(dry, medium)
    assert C.usable(dry, C.ATTACK, short) == ["melee"]  # the Machete needs no Ammo
    gun = C.Weapon("Assault Rifle", ("medium",), 0, 0, 1)
    armed = C.knight_side(DECK, 4, 1, weapons=[gun])
    assert C.MULTI not in C.legal_cards(armed, medium)
    armed.ammo = 2
    assert C.MULTI in C.legal_cards(armed, medium)
    assert set(C.legal_cards(armed, medium)) >= {C.PREPARE, C.DEFEND, C.ADVANCE, C.RETREAT}


def test_higher_initiative_defeats_before_the_other_attacks():
    """Resolve Attack: a defender at 0 Health "had lower initiative, he cannot do this"; with
    equal initiative "he resolves his attack as normal and is defeated afterwards"; both falling
    so is a draw."""
    weak = C.Panel(aggression=3, icons=("medium",), health=1)
    knight = C.knight_side(DECK, 1, 4)  # the shotgun's medium icon: equal initiative
    out = C.fight(DECK, knight, C.enemy_side(weak), Dice(10, 10, 10, 10, 10),
                  knight_policy=script(C.ATTACK), enemy_policy=script(C.ATTACK))
    assert knight.health == 0 and out.winner == 0
    slow = C.Panel(aggression=3, icons=("long",), health=1)  # long is after medium
    knight = C.knight_side(DECK, 1, 4)
    out = C.fight(DECK, knight, C.enemy_side(slow), Dice(10, 10),
                  knight_policy=script(C.ATTACK), enemy_policy=script(C.ATTACK))
    assert knight.health == 1 and out.winner == 1 and out.clashes == 1


def test_ferocious_enemies_ignore_dominance():
    """Dominance Track: against a ferocious enemy "the dominance marker stays on the 0 space"
    and it "can only be defeated by causing it to lose all Health"."""
    panel = C.Panel(aggression=1, icons=("long",), health=3, armor=5)
    knight = C.knight_side(DECK, 4, 4)
    out = C.fight(DECK, knight, C.enemy_side(panel), Dice(*[1] * 20), ferocious=True,
                  knight_policy=script(C.ADVANCE, C.ADVANCE, C.ADVANCE),
                  enemy_policy=script(C.DEFEND, C.DEFEND, C.DEFEND))
    assert out.dominance == 0 and out.winner == 0
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), C.enemy_side(panel), Dice(*[1] * 20),
                  knight_policy=script(C.ADVANCE, C.ADVANCE, C.ADVANCE),
                  enemy_policy=script(C.DEFEND, C.DEFEND, C.DEFEND))
    assert out.dominance == 3 * (C.RANGE_DOMINANCE + C.DEFEND_DOMINANCE) and out.winner == 1


def test_catch_me_if_you_can():
    """Change Range: "the advancing side keeps gaining dominance. This may lead to one player
    winning combat without a single shot or blow"; the range stays between short and long."""
    panel = C.Panel(aggression=3, icons=("long",), health=3)
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), C.enemy_side(panel), Dice(),
                  knight_policy=script(C.ADVANCE, C.ADVANCE, C.ADVANCE),
                  enemy_policy=script(C.RETREAT, C.RETREAT, C.RETREAT))
    assert out.winner == 1 and out.dominance == 3 * 2 * C.RANGE_DOMINANCE


def test_defend_costs_two_dice_and_gives_two_dominance():
    """Defend: "his opponent gains 2 dominance, but his opponent's attack checks suffer -2
    dice": the enemy's 4 dice at medium range become 2 (two "1"s: a miss)."""
    panel = C.Panel(aggression=4, icons=("medium",), health=3)
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), C.enemy_side(panel), Dice(1, 1),
                  knight_policy=script(C.DEFEND, C.DEFEND, C.DEFEND),
                  enemy_policy=script(C.ATTACK, C.PREPARE, C.PREPARE), log=True)
    assert any("rolls [1, 1]" in line for line in out.log)
    assert out.dominance == -(C.DEFEND_DOMINANCE + C.ATTACK_DOMINANCE) - 2 * C.DEFEND_DOMINANCE


@pytest.mark.parametrize("seed", range(20))
def test_random_combats_stay_within_the_rules(seed):
    """Any combat: at most 3 clashes, Health never below 0, Ammo never below 0."""
    rng = random.Random(seed)
    enemy = DECK.cards[rng.randrange(len(DECK.cards))]
    while enemy.panel is None:
        enemy = DECK.cards[rng.randrange(len(DECK.cards))]
    k = C.knight_side(DECK, rng.randint(1, 4), rng.randint(0, 4))
    out = C.fight(DECK, k, C.enemy_side(enemy.panel), rng, knight_policy=C.pick_random,
                  enemy_policy=C.pick_random, ferocious=enemy.panel.ferocious)
    assert 1 <= out.clashes <= C.CLASHES and k.health >= 0 and k.ammo >= 0
    assert out.winner in (-1, 0, 1)
