"""Crew Member Actions and the First Player's decisions, pinned to the rulebook's words
(../shared/rules/waste-of-parts.txt).

Written against the survivors of a mutation run of ``turns.py`` (docs/testing.md, "The Waste of
Parts"). The legal lists are checked whole, in hand-made rooms, and ``turn_action_legal`` is
checked against ``turn_actions`` over every action of the situation and some that are never
legal.
"""

from __future__ import annotations

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.rules import INOPERABLE, ON_FIRE, WASTES
from pnp.games.waste_of_parts.state import SALVAGE, SCRAP, TURN
from pnp.games.waste_of_parts.turns import (
    do_salvage,
    do_scrap,
    reach_rooms,
    salvage_actions,
    scrap_actions,
    scrap_choice,
    turn_action_legal,
    turn_actions,
)
from tests.games.waste_of_parts.helpers import enemy, game
from tests.games.waste_of_parts.test_rules import _Dice


def weapon(ident: int, attack: int = 3, reach: int = 0, reload: bool = False) -> SalvageCard:
    return SalvageCard(ident, f"Gun {ident}", "weapon", attack=attack, reach=reach,
                       reload=reload)


def gear(ident: int) -> SalvageCard:
    return SalvageCard(ident, f"Gear {ident}", "gear", stat="health", bonus=1)


def _universe(s) -> list:
    """Every action of the situation's numbers, and some never legal."""
    ids = [e.ident for e in s.enemies] + [999]
    cards = [g.ident for g in s.ground[s.crew[s.seat].room]] + [998]
    slots = [-1, 0, 1, 2, "0"]
    seats = [-1, 0, 1, 2, 3, 4, "1"]
    out: list = [A.EndTurn(), A.Repair(), A.Extinguish(), A.Fuel(), A.Search(),
                 A.ScrapDone(), A.Equip(1, 0)]
    out += [A.Move(r) for r in range(1, WASTES + 1)]
    out += [A.Attack(e, slot) for e in ids for slot in slots]
    out += [A.FireGun(g, e) for g in (8, 9, 11, 12) for e in ids]
    out += [A.Reload(slot) for slot in slots]
    out += [A.Drop(slot) for slot in slots]
    out += [A.Give(slot, seat) for slot in slots for seat in seats]
    out += [A.Trade(slot, card) for slot in slots for card in cards]
    out += [A.TradeWith(slot, seat, other) for slot in slots for seat in seats
            for other in slots]
    out += [A.PickUp(card) for card in cards]
    out += [A.Mend(seat) for seat in seats] + [A.Revive(seat) for seat in seats]
    return out


def legal(s) -> set:
    """The legal list as a set, after checking the one-action check agrees on every action."""
    listed = turn_actions(s)
    for a in _universe(s):
        assert turn_action_legal(s, a) == (a in listed), a
    return set(listed)


# --- the legal actions ----------------------------------------------------------------------
def _crowded_room():
    """Seat 1 in room 6 with a reach weapon and a spent one, among three mates and Enemies."""
    s = game()
    me = s.crew[0]
    for c in s.crew:
        c.room = 6
    full, hurt, downed = s.crew[1], s.crew[2], s.crew[3]
    me.equip(weapon(701, reach=1))
    me.equip(weapon(702, reload=True))
    me.spent.add(702)
    full.equip(gear(703))
    full.equip(gear(704))
    hurt.damage = 1
    downed.damage = downed.health
    g = gear(705)
    s.ground[6].append(g)
    here, next_door, far, out = enemy(s, 6), enemy(s, 7), enemy(s, 2), enemy(s, WASTES)
    return s, g, here, next_door, far, out


def test_the_actions_in_a_crowded_room():
    """Crew Member Actions: Move "into an adjacent room"; Attack "an Enemy in your room" (a
    weapon "that target[s] Enemies in adjacent rooms" reaches next door); Reload a spent weapon;
    Drop or give "to another Crew Member in your room"; Trade "Swap one of your items with one
    from another Crew Member in your room, or exchange it for an item on the ground"; Pick Up
    only with a free slot ("up to two Equipment cards"); Mend "another Crew Member in your room
    that is not Downed"; Revive (requires 2 actions) a Downed one."""
    s, g, here, next_door, far, out = _crowded_room()
    me = s.crew[0]
    assert me.actions_left == 4
    assert legal(s) == {
        A.EndTurn(), A.Move(5), A.Move(7), A.Move(10),
        A.Attack(here.ident), A.Attack(here.ident, 0), A.Attack(next_door.ident, 0),
        A.Reload(1), A.Drop(0), A.Drop(1),
        A.Give(0, 2), A.Give(1, 2), A.Give(0, 3), A.Give(1, 3),
        A.Trade(0, g.ident), A.Trade(1, g.ident),
        A.TradeWith(0, 1, 0), A.TradeWith(0, 1, 1), A.TradeWith(1, 1, 0), A.TradeWith(1, 1, 1),
        A.Mend(2), A.Revive(3)}
    me.actions_left = 1
    assert A.Revive(3) not in legal(s)                           # "requires 2 actions"
    me.unequip(me.items[0])
    assert {A.PickUp(g.ident)} <= legal(s)


def test_the_decks_reach_the_wastes_and_the_guns_fire_at_them():
    """Aft Deck (1) & Fore Deck (4): "Crew members with weapons that target Enemies in adjacent
    rooms can attack Enemies in The Wastes (13) from these rooms"; Aft Gun (9) & Fore Gun (12):
    "A Crew Member here may spend an action to fire the room's gun ... against an Enemy in The
    Wastes"; Cockpit (8): "can remotely operate ... Aft Gun, or Fore Gun"."""
    assert reach_rooms(game(), 1, 1) == {1, 2, 5, WASTES}
    assert reach_rooms(game(), 2, 1) == {1, 2, 3}
    assert reach_rooms(game(), 4, 0) == {4}
    s = game()
    me = s.crew[0]
    out = enemy(s, WASTES)
    me.room = 4
    me.equip(weapon(711, reach=1))
    assert A.Attack(out.ident, 0) in legal(s) and A.Attack(out.ident) not in legal(s)
    me.room = 12
    assert A.FireGun(12, out.ident) in legal(s)
    s.condition[12] = INOPERABLE
    assert not any(isinstance(a, A.FireGun) for a in legal(s))
    me.room = 8
    assert {a for a in legal(s) if isinstance(a, A.FireGun)} == {A.FireGun(9, out.ident)}
    s.condition[8] = INOPERABLE
    assert not any(isinstance(a, A.FireGun) for a in legal(s))


def test_repair_extinguish_and_fuel_are_listed_where_they_apply():
    """Repair: "Restore your current room from Inoperable to Functional, if there are no Enemies
    present"; Extinguish: "from On Fire to Inoperable"; Fuel: "Spend 1 Scrap in an Engine Room
    ... Each engine can be fueled once per round", in a Functional one ("Inoperable: ... The
    room's effects and abilities are nonfunctional")."""
    s = game()
    me = s.crew[0]
    me.room = 10
    fixes = (A.Repair(), A.Extinguish(), A.Fuel())
    assert {a for a in legal(s) if a in fixes} == {A.Fuel()}
    s.condition[10] = INOPERABLE
    assert {a for a in legal(s) if a in fixes} == {A.Repair()}
    s.condition[10] = ON_FIRE
    assert {a for a in legal(s) if a in fixes} == {A.Extinguish()}
    e = enemy(s, 10)
    assert {a for a in legal(s) if a in fixes} == set()
    s.enemies.remove(e)
    s.condition[10] = 0
    s.scrap_pile = []
    assert {a for a in legal(s) if a in fixes} == set()
    s.condition[10] = ON_FIRE
    assert {a for a in legal(s) if a in fixes} == {A.Extinguish()}
    me.room = 9                                                  # not an engine room
    s.scrap_pile = [gear(712)]
    assert {a for a in legal(s) if a in fixes} == set()


# --- what the actions do --------------------------------------------------------------------
def test_drop_give_pick_up_and_trade_move_the_cards():
    """Drop: "Drop an item in your room or give it directly to another Crew Member in your
    room"; Pick Up: "Pick up an item in your room"; Trade: "Swap one of your items ... or
    exchange it for an item on the ground"; each costs one action."""
    s, g, *_ = _crowded_room()
    me, hurt = s.crew[0], s.crew[2]
    reach, spent = me.items
    s.apply(A.Drop(0))
    assert me.items == (spent,) and s.ground[6] == [g, reach] and me.actions_left == 3
    s.apply(A.Give(0, 2))
    assert me.items == () and hurt.items == (spent,) and me.actions_left == 2
    s.apply(A.PickUp(g.ident))
    assert me.items == (g,) and s.ground[6] == [reach]
    s.apply(A.Trade(0, reach.ident))
    assert me.items == (reach,) and s.ground[6] == [g]
    assert s.seat == 1                                           # four actions: turn over


def test_mend_and_revive_remove_one_damage():
    """Mend: "Remove 1 damage from another Crew Member"; Revive (requires 2 actions): "Remove 1
    damage from a Downed Crew Member ... That Crew Member cannot act until the next round"."""
    s, *_ = _crowded_room()
    hurt, downed = s.crew[2], s.crew[3]
    hurt.damage = 3
    s.log = []
    s.apply(A.Mend(2))
    assert hurt.damage == 2 and s.crew[0].actions_left == 3
    downed.damage = downed.health + 1                            # two below: still Downed
    s.apply(A.Revive(3))
    assert downed.damage == downed.health and downed.downed and not downed.stunned
    assert s.crew[0].actions_left == 1
    t, *_ = _crowded_room()
    t.log = []
    t.apply(A.Revive(3))
    assert t.crew[3].stunned and t.log == ["P4 is revived"]


def test_a_reload_weapon_is_spent_after_an_attack_until_reloaded():
    """Reload Icon: "After attacking with this weapon, turn the card upside down. It cannot be
    used again until its owner spends an action to reload"."""
    s = game()
    me = s.crew[0]
    gun = weapon(721, attack=1, reload=True)
    me.equip(gun)
    e = enemy(s, me.room, health=9)
    s.rng = _Dice([6])
    s.apply(A.Attack(e.ident, 0))
    assert me.spent == {721} and e.damage == 1
    assert A.Attack(e.ident, 0) not in legal(s) and A.Reload(0) in legal(s)
    s.apply(A.Reload(0))
    assert me.spent == set() and me.actions_left == 2


def test_the_cockpit_fires_a_gun_at_half_and_an_armored_enemy_takes_one_less():
    """Cockpit (8): "rolling 2 dice instead of 3 (50%, rounded up)"; Aft Gun: "making an attack
    ... equal to the gun's Attack Stat (3 by default)"; the Enemy ability "armored": "Each
    attack against it deals 1 damage less"."""
    s = game()
    me = s.crew[0]
    out = enemy(s, WASTES, health=9)
    me.room = 8
    s.rng = _Dice([6, 6, 6])
    s.apply(A.FireGun(12, out.ident))
    assert out.damage == 2                                       # 2 dice, both hit
    me.room = 12
    s.rng = _Dice([6, 6, 6])
    s.apply(A.FireGun(12, out.ident))
    assert out.damage == 2 + 3
    t = game()
    tank = enemy(t, t.crew[0].room, health=9, ability="armored")
    t.rng = _Dice([6, 6])
    t.apply(A.Attack(tank.ident))
    assert tank.damage == 2 - 1


def test_the_last_enemy_destroyed_after_sanctuary_wins_on_the_spot():
    """Winning the Game: "To win, the crew must defeat all remaining Enemies aboard the Mech";
    with a Boss: "After the final Enemy is destroyed, fully complete the remainder of the
    round"."""
    for boss in (False, True):
        s = game()
        if boss:
            s.boss_cards = ((), ())
        s.arrived_round, s.round = 1, 2
        e = enemy(s, s.crew[0].room, health=1)
        s.rng = _Dice([6, 6])
        s.apply(A.Attack(e.ident))
        assert s.is_over() is (not boss)
        assert s.standard_won is boss


def test_the_last_enemy_destroyed_in_the_arrival_round_is_no_win_yet():
    """Winning the Game: "When the Mech reaches Distance 35, finish the current round as
    normal" - the win comes at the end of that round, not on the spot."""
    s = game()
    s.arrived_round, s.round = 2, 2
    e = enemy(s, s.crew[0].room, health=1)
    s.rng = _Dice([6, 6])
    s.apply(A.Attack(e.ident))
    assert not s.is_over() and s.phase == TURN


# --- the First Player's decisions -----------------------------------------------------------
def test_salvage_goes_to_a_crew_member_with_a_free_slot_or_a_functional_room_of_its_kind():
    """Salvage Cards: "A Crew Member may hold up to two Equipment cards" ("If a Crew Member is
    already at their equipment limit, they may Scrap or drop an existing card in their current
    room to equip a new one": the full one equips over an item); Room Upgrade cards:
    "Inoperable or On Fire rooms cannot receive upgrades, but rooms with Enemies can"; "Scrap an
    existing upgrade to replace it with a new one"; "other unused Salvage Cards are placed in
    the Scrap Pile"."""
    s = game()
    s.phase = SALVAGE
    s.crew[1].equip(gear(731))
    s.crew[1].equip(gear(732))
    w = weapon(733)
    s.pending = [w]
    assert set(salvage_actions(s)) == {A.ScrapCard(733), A.Equip(733, 0), A.Equip(733, 2),
                                       A.Equip(733, 3)} | {
        A.EquipOver(733, 1, slot, drop) for slot in (0, 1) for drop in (False, True)}
    engine = SalvageCard(734, "Booster", "upgrade", stat="speed", bonus=1, room="engine")
    s.pending = [engine]
    s.condition[11] = INOPERABLE
    enemy(s, 10)
    assert set(salvage_actions(s)) == {A.ScrapCard(734), A.Install(734, 10)}
    old = SalvageCard(735, "Old Booster", "upgrade", stat="speed", bonus=1, room="engine")
    s.upgrades[10] = old
    pile = list(s.scrap_pile)
    s.log = []
    do_salvage(s, A.Install(734, 10))
    assert s.upgrades[10] is engine and s.scrap_pile == pile + [old]
    s.pending = [w]
    do_salvage(s, A.ScrapCard(733))
    assert s.scrap_pile[-1] is w and not s.crew[0].items
    s.pending = [w]
    do_salvage(s, A.Equip(733, 3))
    assert s.crew[3].items == (w,)
    assert s.log == ["Booster installed in room 10", "P4 equips Gun 733"]


def test_reinforce_and_recycle_need_the_cards_and_a_reason():
    """Using Scrap: "Reinforce: Discard 2 cards to increase the Hull dial by 1" (the Hull's top
    is 20); "Recycle: Discard 3 cards to Rummage for an equipment card or a room upgrade card"
    (only while the Salvage deck holds one)."""
    s = game()
    s.phase = SCRAP
    s.hull = 20
    assert scrap_actions(s) == [A.ScrapDone()] and not scrap_choice(s)
    s.hull = 19
    assert scrap_actions(s) == [A.ScrapDone(), A.Reinforce()] and scrap_choice(s)
    s.scrap_pile = s.scrap_pile[:1]
    assert scrap_actions(s) == [A.ScrapDone()] and not scrap_choice(s)
    s.scrap_pile = [gear(740 + k) for k in range(3)]
    s.hull = 20
    assert scrap_actions(s) == [A.ScrapDone(), A.Recycle()] and scrap_choice(s)
    s.salvage_deck = [c for c in s.salvage_deck if c.kind == "scrap"]
    assert scrap_actions(s) == [A.ScrapDone()] and not scrap_choice(s)
    s.hull = 18
    s.log = []
    first = list(s.scrap_pile)
    do_scrap(s, A.Reinforce())
    assert s.hull == 19 and s.scrap_pile == first[2:]
    assert s.log == ["Reinforce: the Hull is 19"]


def test_a_weapon_jams_only_when_every_die_is_a_1_and_the_replay_says_so():
    """Weapons: "If every die in an attack roll results in a 1, the weapon jams and is
    immediately Scrapped"; a 2 among the dice is a miss, not a jam; the ability "armored":
    "Each attack against it deals 1 damage less" (never below none)."""
    for log in (None, []):
        s = game()
        s.log = log
        me = s.crew[0]
        gun = weapon(751, attack=2)
        me.equip(gun)
        tank = enemy(s, me.room, health=9, ability="armored")
        s.rng = _Dice([2, 2])
        s.apply(A.Attack(tank.ident, 0))
        assert me.items == (gun,) and tank.damage == 0
        s.rng = _Dice([1, 1])
        s.apply(A.Attack(tank.ident, 0))
        assert me.items == () and s.scrap_pile[-1] is gun and tank.damage == 0
    assert s.log == [f"P1 rolls [2, 2] at e{tank.ident}: 0 damage",
                     f"P1 rolls [1, 1] at e{tank.ident}: 0 damage",
                     "Gun 751 jams and is Scrapped"]


def test_an_enemy_is_destroyed_at_exactly_its_health_and_an_upgraded_gun_rolls_more():
    """Enemy Cards, Health: "When an Enemy suffers this much damage, it is destroyed"; a gun
    upgrade raises the gun's Attack Stat (Note: "Use the set-aside 'reverse art' Token cards for
    upgraded Guns")."""
    s = game()
    me = s.crew[0]
    e = enemy(s, me.room, health=2)
    s.rng = _Dice([6, 6])
    s.apply(A.Attack(e.ident))
    assert e not in s.enemies and s.enemy_discard[-1] is e.card
    out = enemy(s, WASTES, health=9)
    s.upgrades[12] = SalvageCard(761, "Big Gun", "upgrade", stat="attack", bonus=2, room="gun")
    me.room = 12
    s.rng = _Dice([6] * 5)
    s.apply(A.FireGun(12, out.ident))
    assert out.damage == 5


def test_the_replay_says_a_room_is_repaired_or_extinguished():
    """Repair: "Restore your current room from Inoperable to Functional"; Extinguish: "from On
    Fire to Inoperable"."""
    s = game()
    s.log = []
    room = s.crew[0].room
    s.condition[room] = ON_FIRE
    s.apply(A.Extinguish())
    s.apply(A.Repair())
    assert s.log == [f"room {room} is Inoperable", f"room {room} is Functional"]
