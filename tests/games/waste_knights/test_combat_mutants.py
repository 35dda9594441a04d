"""Combat (``combat.py``, the rules outside the bots' ``pick_heuristic``) pinned to the
rulebook's words where a mutant of the module survived the earlier tests. Section Combat: Combat
Cards, Range Cards, Attack Checks, Deal Damage, Soak Damage and Lose Health, Determine Dominance,
Combat End; Duels."""

from __future__ import annotations

import dataclasses

import pytest

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights.data import wasteland_deck

from .test_combat import Dice, script

DECK = wasteland_deck()
MEDIUM, SHORT, LONG = (DECK.ranges[n] for n in ("medium", "short", "long"))
PISTOL = C.Weapon("Pistol", ("medium",), 0, 0, 0)
RIFLE = C.Weapon("Rifle", ("medium", "long"), 1, 1, 1)


def test_each_range_icon_uses_the_weapon_dealing_most_damage():
    # Attack Checks: "Attack Check Dice Pool = Blades / Guns / Aggression + ..." - Blades for
    # melee weapons, Guns for ranged ones; a knight "choose[s] one weapon to attack with"
    # (choice: per icon, the one with most Damage, the first listed on a tie)
    deck = dataclasses.replace(DECK, skills={**DECK.skills, "blades": 3, "guns": 1})
    for weapons in ((PISTOL, RIFLE), (RIFLE, PISTOL)):
        side = C.knight_side(deck, 4, 4, weapons=weapons + (C.Weapon("Axe", ("melee",)),))
        assert side.base == {"medium": 1, "long": 1, "melee": 3}
        assert side.damage["medium"] == 1 and side.piercing["medium"] == 1
        assert side.multi["medium"] == 1 and side.multi["melee"] == 0
    tie = C.Weapon("Carbine", ("medium",), 0, 2, 0)
    side = C.knight_side(deck, 4, 4, weapons=(PISTOL, tie))
    assert side.piercing["medium"] == 0                 # the first of two equal weapons


def test_a_knight_side_and_an_enemy_side():
    # a knight's Armor Value from his profile unless given; knights spend Ammo, enemies never
    k = C.knight_side(DECK, 3, 2, dice=1, bulls=False)
    assert (k.health, k.armor, k.ammo, k.spends_ammo, k.dice, k.bulls) == (3, 1, 2, True, 1,
                                                                             False)
    assert C.knight_side(DECK, 3, 2, armor=3).armor == 3
    assert C.knight_side(DECK, 3, 2).dice == 0 and C.knight_side(DECK, 3, 2).bulls
    panel = C.Panel(aggression=4, icons=("short", "medium"), health=5, armor=2, damage=1,
                    piercing=1, multi=2)
    e = C.enemy_side(panel, dice=-1)
    assert (e.health, e.armor, e.ammo, e.spends_ammo, e.dice) == (5, 2, 0, False, -1)
    assert e.base == {"short": 4, "medium": 4} and e.damage == {"short": 1, "medium": 1}
    assert e.piercing == {"short": 1, "medium": 1} and e.multi == {"short": 2, "medium": 2}
    assert C.enemy_side(panel).dice == 0


def test_enemies_attack_without_ammo_and_only_with_icons_on_the_range_card():
    # "The Waster spends no Ammo"; "the short-range icon is not shown on the Long Range card"
    e = C.enemy_side(C.Panel(aggression=3, icons=("short", "long"), health=3, multi=1))
    assert C.usable(e, C.ATTACK, MEDIUM) == ["short", "long"]
    assert C.usable(e, C.MULTI, LONG) == ["long"]
    assert C.usable(e, C.ATTACK, SHORT) == ["short"]
    assert C.legal_cards(e, MEDIUM) == [C.ATTACK, C.MULTI, C.PREPARE, C.DEFEND, C.ADVANCE,
                                         C.RETREAT]
    k = C.knight_side(DECK, 4, 1, weapons=(RIFLE,))
    assert C.usable(k, C.ATTACK, MEDIUM) == ["medium", "long"]
    assert C.usable(k, C.MULTI, MEDIUM) == []          # Multi-attack: 2 Ammo
    k.ammo = 2
    assert C.usable(k, C.MULTI, MEDIUM) == ["medium", "long"]


def test_the_best_icon_hits_most_often_then_deals_most():
    # a combatant's own choice of range icon: the medium icon at medium range (no die lost)
    k = C.knight_side(DECK, 4, 4)                        # the shotgun: short and medium
    assert C.best_icon(k, C.ATTACK, MEDIUM, 0) == "medium"
    assert C.best_icon(k, C.ATTACK, SHORT, 0) == "short"     # the shotgun's 1 Damage
    both = C.knight_side(DECK, 4, 4, weapons=(C.Weapon("Knife", ("short",), 0),
                                              C.Weapon("Gun", ("melee",), 2)))
    assert C.best_icon(both, C.ATTACK, SHORT, 0) == "melee"     # same odds, more Damage


def test_prepare_gives_two_dice_and_bulls_eyes_on_9_to_the_next_attack_only():
    # Prepare: "His next attack check will gain +2 dice" and "critical successes will be
    # counted on "9" and "10"" - for an Attack card; a Multi-attack adds its icons' dice
    k = C.knight_side(DECK, 4, 4, weapons=(RIFLE,))
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9))
    k.prepared = True
    lost, rolls = C._attack(k, e, C.ATTACK, "medium", MEDIUM, 0, Dice(9, 1, 1, 1))
    # 2 Guns + 2: four dice; the 9 is a Bull's Eye: 1 + 1 + the Rifle's 1 - Armor 0 = 3
    assert len(rolls) == 4 and lost == 3 and e.lost == 3 and k.ammo == 3
    lost, rolls = C._attack(k, e, C.MULTI, "medium", MEDIUM, 0, Dice(9, 1, 1))
    # Multi-attack: 2 + 1 multi icon, no Prepare bonus; a 9 is not a Bull's Eye: 1 + 1 = 2
    assert len(rolls) == 3 and lost == 2 and e.health == 4 and e.lost == 5 and k.ammo == 1


def test_an_attack_loses_dice_for_the_range_and_cannot_take_more_health_than_left():
    # "the chosen range icon causes Chris to lose 1 die"; the attack check suffers its dice
    k = C.knight_side(DECK, 4, 4, weapons=(RIFLE,), dice=1)
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=1, armor=1))
    lost, rolls = C._attack(k, e, C.ATTACK, "medium", LONG, 1, Dice(10, 10, 10))
    # 2 Guns - 1 (long range card) + 1 (dice) - 1 suffered = 1 die
    assert len(rolls) == 1 and lost == 1 and e.health == 0
    melee = C.knight_side(DECK, 4, 0)
    C._attack(melee, e, C.ATTACK, "melee", SHORT, 0, Dice(1, 1))
    assert melee.ammo == 0                              # a melee weapon spends no Ammo
    enemy = C.enemy_side(C.Panel(aggression=2, icons=("medium",), health=3))
    C._attack(enemy, k, C.ATTACK, "medium", MEDIUM, 0, Dice(1, 1))
    assert enemy.ammo == 0


def test_armor_piercing_reduces_the_soak():
    # Soak Damage: "Armor Value ... Armor Piercing"
    k = C.knight_side(DECK, 4, 4, weapons=(RIFLE,))
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9, armor=2))
    lost, _ = C._attack(k, e, C.ATTACK, "medium", MEDIUM, 0, Dice(7, 1))
    assert lost == 1                                     # 1 + 1 Damage, Armor 2 - 1 piercing


def test_the_range_card_set_by_an_enemy_holds_every_clash():
    # a card's "set_range" ability: every clash at that range, whatever Change Range says
    k = C.knight_side(DECK, 4, 4)
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9, armor=5))
    out = C.fight(DECK, k, e, Dice(), start_range="long", set_range="short", log=True,
                  knight_policy=script(C.RETREAT, C.RETREAT, C.RETREAT),
                  enemy_policy=script(C.RETREAT, C.RETREAT, C.RETREAT))
    assert [line.split(" range")[0] for line in out.log] == [
        "clash 1 at long", "clash 2 at short", "clash 3 at short"]


def test_change_range_moves_one_card_and_stops_at_short_and_long():
    # "Combatants cannot retreat beyond long range nor advance beyond close (short) range"
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9, armor=5))
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), e, Dice(), log=True,
                  knight_policy=script(C.RETREAT, C.RETREAT, C.PREPARE),
                  enemy_policy=script(C.PREPARE, C.PREPARE, C.PREPARE))
    assert [line.split(" range")[0] for line in out.log] == [
        "clash 1 at medium", "clash 2 at long", "clash 3 at long"]
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), e, Dice(), log=True,
                  knight_policy=script(C.ADVANCE, C.ADVANCE, C.PREPARE),
                  enemy_policy=script(C.PREPARE, C.PREPARE, C.PREPARE))
    assert [line.split(" range")[0] for line in out.log] == [
        "clash 1 at medium", "clash 2 at short", "clash 3 at short"]
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), e, Dice(), log=True,
                  knight_policy=script(C.ADVANCE, C.PREPARE, C.PREPARE),
                  enemy_policy=script(C.RETREAT, C.PREPARE, C.PREPARE))
    assert [line.split(" range")[0] for line in out.log] == [
        "clash 1 at medium", "clash 2 at medium", "clash 3 at medium"]


def test_two_defends_end_only_a_duel_and_only_in_the_first_clash():
    # Duels: "If both knights play the Defend combat cards during the first clash, the duel
    # immediately ends and they may trade"
    def fight(duel, cards):
        return C.fight(DECK, C.knight_side(DECK, 4, 4), C.knight_side(DECK, 4, 4), Dice(),
                       knight_policy=script(*cards), enemy_policy=script(*cards), duel=duel)
    out = fight(True, (C.DEFEND, C.DEFEND, C.DEFEND))
    assert out.traded and out.winner == 0 and out.clashes == 1
    assert out.log == ["both knights Defend: the duel ends"]
    assert not fight(False, (C.DEFEND, C.DEFEND, C.DEFEND)).traded
    out = fight(True, (C.PREPARE, C.DEFEND, C.DEFEND))
    assert not out.traded and out.clashes == 3


def test_prepare_is_spent_by_the_next_clash():
    # Prepare: "His next attack check will gain +2 dice": a clash without Prepare clears it
    k = C.knight_side(DECK, 4, 4)
    e = C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9, armor=5))
    C.fight(DECK, k, e, Dice(), knight_policy=script(C.PREPARE, C.DEFEND, C.PREPARE),
            enemy_policy=script(C.PREPARE, C.PREPARE, C.DEFEND))
    assert k.prepared and not e.prepared


def test_combat_end_reports_the_health_lost_ammo_spent_and_clashes():
    # Determine Dominance and Combat End, clash by clash
    k = C.knight_side(DECK, 4, 4)
    e = C.enemy_side(C.Panel(aggression=2, icons=("medium",), health=9))
    out = C.fight(DECK, k, e, Dice(7, 1, 1, 10, 1),
                  knight_policy=script(C.ATTACK, C.ATTACK, C.DEFEND),
                  enemy_policy=script(C.DEFEND, C.ATTACK, C.PREPARE), log=True)
    # clash 1: the enemy Defends (+2 to the knight, -2 dice): 1 die, a 7: 1 + 1 (shotgun) = 2
    # Health lost; the knight gains 2 + 1 + 2 = 5. Clash 2: the knight's 1, 1 miss (+1); the
    # enemy's 10, 1: 1 + 1 Bull's Eye - Armor 1 = 1 (+2): +4. Clash 3: Defend gives 2: +2.
    assert out.log == [
        "clash 1 at medium range: knight Attack (medium) rolls [7]: 2 Health lost",
        "clash 1 at medium range: knight Attack, enemy Defend; dominance +5",
        "clash 2 at medium range: knight Attack (medium) rolls [1, 1]: 0 Health lost",
        "clash 2 at medium range: enemy Attack (medium) rolls [10, 1]: 1 Health lost",
        "clash 2 at medium range: knight Attack, enemy Attack; dominance +4",
        "clash 3 at medium range: knight Defend, enemy Prepare; dominance +2"]
    assert (out.winner, out.knight_lost, out.enemy_lost, out.ammo_spent, out.clashes,
            out.dominance) == (1, 1, 2, 2, 3, 2)
    assert (k.health, e.health, k.ammo) == (3, 7, 2)


@pytest.mark.parametrize("health", [(0, 3), (3, 0)])
def test_a_combatant_at_zero_health_loses_whatever_the_dominance(health):
    # "can only be defeated by causing it to lose all Health" / a knight losing consciousness
    k = C.knight_side(DECK, 1, 4)
    e = C.enemy_side(C.Panel(aggression=9, icons=("medium",), health=1))
    if health == (0, 3):
        out = C.fight(DECK, k, e, Dice(*[10] * 9 + [1, 1]), knight_policy=script(C.DEFEND),
                      enemy_policy=script(C.ATTACK))
        assert k.health == 0 and out.winner == -1 and out.clashes == 1
    else:
        out = C.fight(DECK, k, e, Dice(10, 1), knight_policy=script(C.ATTACK),
                      enemy_policy=script(C.DEFEND))
        assert e.health == 0 and out.winner == 1 and out.clashes == 1


def test_the_dominance_decides_a_combat_nobody_lost():
    # "the winner is determined by checking who has Dominance in combat"; Defend gives the
    # opponent 2
    out = C.fight(DECK, C.knight_side(DECK, 4, 4),
                  C.enemy_side(C.Panel(aggression=1, icons=("long",), health=3)), Dice(),
                  knight_policy=script(C.DEFEND, C.DEFEND, C.DEFEND),
                  enemy_policy=script(C.PREPARE, C.PREPARE, C.PREPARE))
    assert out.dominance == -6 and out.winner == -1


class Fixed(Dice):
    """Every draw the same number (a bot's choice, not a die)."""

    def __init__(self, u: float) -> None:
        super().__init__()
        self.u = u

    def random(self) -> float:  # noqa: D102
        return self.u


def test_a_ten_hits_whatever_the_difficulty_and_pools_default_to_the_skill():
    # "rolling a "10" means passing any check no matter its difficulty level"
    assert C.attack_damage([10], 11) == 2 and C.attack_damage([9], 11) == 0
    assert C.attack_pool(2) == 2 and C.attack_pool(2, 1) == 3 and C.attack_pool(2, 0, 1) == 1


def test_weapon_tables_belong_to_their_decks_skills():
    other = dataclasses.replace(DECK, skills={**DECK.skills, "guns": 4})
    assert C.knight_side(DECK, 4, 4, weapons=(PISTOL,)).base == {"medium": 2}
    assert C.knight_side(other, 4, 4, weapons=(PISTOL,)).base == {"medium": 4}


def test_multi_attack_uses_only_icons_with_multi_attack_whatever_their_order():
    pistol = C.Weapon("Pistol", ("medium",), 1, 0, 0)
    burst = C.Weapon("Burst", ("long",), 0, 0, 1)
    k = C.knight_side(DECK, 4, 4, weapons=(pistol, burst))
    assert C.usable(k, C.MULTI, MEDIUM) == ["long"]
    out = C.fight(DECK, k, C.enemy_side(C.Panel(aggression=1, icons=("long",), health=9,
                                                 armor=5)), Dice(1, 1), log=True,
                  knight_policy=script(C.MULTI, C.PREPARE, C.PREPARE),
                  enemy_policy=script(C.PREPARE, C.PREPARE, C.PREPARE))
    # long icon at medium range: 2 - 1 + 1 Multi-attack die; "Multi-attack 2" dominance
    assert out.log[0] == "clash 1 at medium range: knight Multi-attack (long) rolls [1, 1]: " \
                         "0 Health lost"
    assert out.dominance == C.MULTI_DOMINANCE == 2 and out.ammo_spent == 2


def test_change_range_costs_the_opponent_one_die():
    # Change Range: "his opponent's attack checks suffer -1 die during this clash"
    e = C.enemy_side(C.Panel(aggression=3, icons=("medium",), health=9))
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), e, Dice(1, 1), log=True,
                  knight_policy=script(C.ADVANCE, C.PREPARE, C.PREPARE),
                  enemy_policy=script(C.ATTACK, C.PREPARE, C.PREPARE))
    assert out.log[0] == "clash 1 at medium range: enemy Attack (medium) rolls [1, 1]: " \
                         "0 Health lost"


def test_with_equal_initiative_a_defeated_combatant_still_attacks():
    # Resolve Attack: with equal initiative "he resolves his attack as normal and is defeated
    # afterwards" - both with short-range icons at medium range (initiative 2nd)
    k = C.knight_side(DECK, 1, 4, weapons=(C.Weapon("Sawn-off", ("short",)),))
    e = C.enemy_side(C.Panel(aggression=3, icons=("short",), health=1))
    out = C.fight(DECK, k, e, Dice(10, 10, 10), knight_policy=script(C.ATTACK),
                  enemy_policy=script(C.ATTACK))
    assert e.health == 0 and k.health == 0 and out.winner == 0


def test_combat_goes_on_at_one_health_and_a_knight_at_zero_loses_despite_dominance():
    # "Combat ends when any combatant is defeated or at the end of the third clash. In the
    # latter case, the winner is determined by checking who has Dominance"
    e = C.enemy_side(C.Panel(aggression=2, icons=("medium",), health=3))
    k = C.knight_side(DECK, 2, 4)
    out = C.fight(DECK, k, e, Dice(7, 1, 10, 1), knight_policy=script(C.ATTACK, C.PREPARE,
                                                                       C.PREPARE),
                  enemy_policy=script(C.ATTACK, C.PREPARE, C.PREPARE))
    # knight: 7 -> 2 Health lost (+3); enemy: 10 -> 2 Damage - Armor 1 = 1 (+2): +1
    assert (k.health, e.health, out.clashes, out.dominance, out.winner) == (1, 1, 3, 1, 1)
    e = C.enemy_side(C.Panel(aggression=2, icons=("medium",), health=3))
    k = C.knight_side(DECK, 1, 4)
    out = C.fight(DECK, k, e, Dice(7, 1, 10, 1), knight_policy=script(C.ATTACK),
                  enemy_policy=script(C.ATTACK))
    assert (k.health, out.clashes, out.dominance, out.winner) == (0, 1, 1, -1)


def test_a_duel_that_ends_in_two_defends_leaves_everything_at_zero():
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), C.knight_side(DECK, 4, 4), Dice(),
                  knight_policy=script(C.DEFEND), enemy_policy=script(C.DEFEND), duel=True)
    assert (out.winner, out.knight_lost, out.enemy_lost, out.ammo_spent, out.clashes,
            out.dominance, out.traded) == (0, 0, 0, 0, 1, 0, True)
    # a combat is no duel unless told, and keeps no log unless asked
    out = C.fight(DECK, C.knight_side(DECK, 4, 4), C.knight_side(DECK, 4, 4), Dice(),
                  knight_policy=script(C.DEFEND, C.DEFEND, C.DEFEND),
                  enemy_policy=script(C.DEFEND, C.DEFEND, C.DEFEND))
    assert not out.traded and out.clashes == 3 and out.log == []


def test_the_random_combatant_can_play_every_legal_card():
    k = C.knight_side(DECK, 4, 4)
    cards = C.legal_cards(k, MEDIUM)
    assert C.pick_random(k, k, MEDIUM, 0, Fixed(0.0)) == cards[0]
    assert C.pick_random(k, k, MEDIUM, 0, Fixed(0.99)) == cards[-1]
