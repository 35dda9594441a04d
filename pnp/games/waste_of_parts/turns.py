"""Crew Member Actions and the First Player's salvage and Scrap decisions (legal lists, effects).

Pure core, on a ``WasteState``. Combat: "roll a number of dice equal to the Attack Stat. Results
of 1-2 are misses. Results of 3-6 are hits."; a weapon "jams and is immediately Scrapped" when
every die shows a 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts import scourge
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES

if TYPE_CHECKING:
    from pnp.games.waste_of_parts.state import Crew, WasteState

__all__ = ["do_salvage", "do_scrap", "do_turn_action", "reach_rooms", "salvage_actions",
           "scrap_actions", "turn_action_legal", "turn_actions"]


def reach_rooms(s: WasteState, room: int, reach: int) -> set[int]:
    """Rooms a crew member in ``room`` can attack with ``reach`` (0: own room; 1: the adjacent
    rooms too, and The Wastes from the Aft and Fore Decks)."""
    rooms = {room}
    if reach:
        rooms.update(s.map.adjacent[room])
        if room in s.map.wastes_adjacent:
            rooms.add(WASTES)
    return rooms


def _targets(s: WasteState, c: Crew, reach: int) -> list[int]:
    """Enemy ids a crew member in ``c.room`` can attack with ``reach``."""
    if not reach:
        return [e.ident for e in s.enemies if e.room == c.room]
    rooms = reach_rooms(s, c.room, reach)
    return [e.ident for e in s.enemies if e.room in rooms]


def _guns(s: WasteState, c: Crew) -> list[tuple[int, bool]]:
    """Guns the crew member may fire: its own gun room, or any from a Functional Cockpit."""
    guns = s.map.of_kind("gun")
    if c.room in guns and s.works(c.room):
        return [(c.room, False)]
    if s.map.kind_of[c.room] == "cockpit" and s.works(c.room):
        return [(g, True) for g in guns if s.works(g)]
    return []


def turn_actions(s: WasteState) -> list[Any]:
    c = s.crew[s.seat]
    out: list[Any] = [A.EndTurn()]
    out += [A.Move(r) for r in s.map.adjacent[c.room]]
    out += [A.Attack(e) for e in _targets(s, c, 0)]
    for slot, item in enumerate(c.items):
        if item.kind == "weapon":
            if item.ident in c.spent:
                out.append(A.Reload(slot))
            else:
                out += [A.Attack(e, slot) for e in _targets(s, c, item.reach)]
    wastes = [e.ident for e in s.enemies if e.room == WASTES]
    for gun, _ in _guns(s, c):
        out += [A.FireGun(gun, e) for e in wastes]
    here_clear = not s.enemies_in(c.room)
    if here_clear and s.condition[c.room] == INOPERABLE and scourge.can_repair(s):
        out.append(A.Repair())
    if here_clear and s.condition[c.room] == ON_FIRE:
        out.append(A.Extinguish())
    # Fuel: "Spend 1 Scrap in an Engine Room"; an Inoperable room's "effects and abilities are
    # nonfunctional": a broken engine takes no fuel (as a broken gun room fires no gun).
    if (s.map.kind_of[c.room] == "engine" and c.room not in s.fueled and s.scrap_pile
            and s.works(c.room)):
        out.append(A.Fuel())
    if s.scourge is not None and scourge.can_search(s, c):
        out.append(A.Search())
    for slot in range(len(c.items)):
        out.append(A.Drop(slot))
        out += [A.Give(slot, o.seat) for o in s.crew
                if o is not c and o.room == c.room and len(o.items) < o.slots]
        out += [A.Trade(slot, g.ident) for g in s.ground[c.room]]
        # "Swap one of your items with one from another Crew Member in your room"
        out += [A.TradeWith(slot, o.seat, k) for o in s.crew
                if o is not c and o.room == c.room for k in range(len(o.items))]
    if len(c.items) < c.slots:
        out += [A.PickUp(g.ident) for g in s.ground[c.room]]
    for o in s.crew:
        if o is not c and o.room == c.room and o.damage > 0:
            if not o.downed:
                out.append(A.Mend(o.seat))
            elif c.actions_left >= s.cfg.revive_actions:
                out.append(A.Revive(o.seat))
    return out


def turn_action_legal(s: WasteState, a: Any) -> bool:
    """``a in turn_actions(s)``, decided for ``a`` alone (``apply``'s check without building the
    whole list; tests/games/waste_of_parts/test_fast.py compares the two)."""
    c = s.crew[s.seat]
    t = type(a)
    if t is A.EndTurn:
        return True
    if t is A.Move:
        return a.room in s.map.adjacent[c.room]
    if t is A.Attack:
        e = s.enemy(a.enemy)
        if e is None:
            return False
        if a.slot == -1:
            return e.room == c.room
        item = _slot(c, a.slot)
        return (item is not None and item.kind == "weapon" and item.ident not in c.spent
                and e.room in reach_rooms(s, c.room, item.reach))
    if t is A.FireGun:
        e = s.enemy(a.enemy)
        return (e is not None and e.room == WASTES
                and any(g == a.gun for g, _ in _guns(s, c)))
    if t is A.Reload:
        item = _slot(c, a.slot)
        return item is not None and item.kind == "weapon" and item.ident in c.spent
    if t is A.Repair or t is A.Extinguish:
        want = INOPERABLE if t is A.Repair else ON_FIRE
        return (s.condition[c.room] == want and not any(e.room == c.room for e in s.enemies)
                and (t is A.Extinguish or scourge.can_repair(s)))
    if t is A.Search:
        return scourge.can_search(s, c)
    if t is A.Fuel:
        return (s.map.kind_of[c.room] == "engine" and c.room not in s.fueled
                and bool(s.scrap_pile) and s.works(c.room))
    if t is A.Drop:
        return _slot(c, a.slot) is not None
    if t is A.Give:
        o = _mate(s, c, a.seat)
        return (_slot(c, a.slot) is not None and o is not None
                and len(o.items) < o.slots)
    if t is A.Trade:
        return _slot(c, a.slot) is not None and any(g.ident == a.card
                                                     for g in s.ground[c.room])
    if t is A.TradeWith:
        o = _mate(s, c, a.seat)
        return (_slot(c, a.slot) is not None and o is not None
                and _slot(o, a.other) is not None)
    if t is A.PickUp:
        return (len(c.items) < c.slots
                and any(g.ident == a.card for g in s.ground[c.room]))
    if t is A.Mend or t is A.Revive:
        o = _mate(s, c, a.seat)
        if o is None or o.damage <= 0:
            return False
        if t is A.Mend:
            return not o.downed
        return o.downed and c.actions_left >= s.cfg.revive_actions
    return False


def _slot(c: Crew, slot: Any) -> Any:
    return c.items[slot] if type(slot) is int and 0 <= slot < len(c.items) else None


def _mate(s: WasteState, c: Crew, seat: Any) -> Crew | None:
    """Another crew member in ``c``'s room, or None."""
    if type(seat) is not int or not 0 <= seat < len(s.crew):
        return None
    o = s.crew[seat]
    return o if o is not c and o.room == c.room else None


def _attack(s: WasteState, c: Crew, enemy: int, dice: int, weapon: Any,
            gun: bool = False) -> None:
    e = s.enemy(enemy)
    assert e is not None
    if c.ability:  # crew.ABILITIES: "gunner" +1 die firing a gun, "brawler" in its own room
        if (c.ability == "gunner" and gun) or (c.ability == "brawler" and not gun
                                               and e.room == c.room):
            dice += 1
    if s.log is not None:
        faces = s.roll(dice)
        hits, jam = s.hits(faces), max(faces) == 1
    else:
        hits, jam = s.roll_hits(dice)
    if e.card.ability == "armored":
        hits = max(0, hits - 1)
    if s.log is not None:
        s.say(f"P{c.seat + 1} rolls {faces} at e{e.ident}: {hits} damage")
    e.damage += hits
    if weapon is not None and jam:
        c.unequip(weapon)                            # "the weapon jams and is ... Scrapped"
        s.scrap_pile.append(weapon)
        if s.log is not None:
            s.say(f"{weapon.name} jams and is Scrapped")
    if e.damage >= e.card.health:
        s.kill(e)


def do_turn_action(s: WasteState, a: Any) -> None:
    c = s.crew[s.seat]
    c.actions_left -= 1
    t = type(a)  # the hot loop: one type test per kind, no isinstance calls
    if t is A.Move:
        c.room = a.room
    elif t is A.Attack:
        weapon = c.items[a.slot] if a.slot >= 0 else None
        if weapon is not None and weapon.reload:
            c.spent.add(weapon.ident)
        _attack(s, c, a.enemy, weapon.attack if weapon else c.attack, weapon)
    elif t is A.FireGun:
        remote = c.room != a.gun
        _attack(s, c, a.enemy, s.gun_dice(a.gun, remote), None, gun=True)
    elif t is A.Reload:
        c.spent.discard(c.items[a.slot].ident)
        if c.ability == "quickdraw":   # "Reload costs no action."
            c.actions_left += 1
    elif t is A.Repair:
        _free_fix(c)
        s.condition[c.room] = FUNCTIONAL
        if s.log is not None:
            s.say(f"room {c.room} is Functional")
    elif t is A.Extinguish:
        _free_fix(c)
        s.condition[c.room] = INOPERABLE
        if s.log is not None:
            s.say(f"room {c.room} is Inoperable")
    elif t is A.Fuel:
        s.scrap_pile.pop()
        s.fueled.add(c.room)
    elif t is A.Drop:
        s.ground[c.room].append(_take(c, a.slot))
    elif t is A.Give:
        s.crew[a.seat].equip(_take(c, a.slot))
    elif t is A.PickUp:
        c.equip(_from_ground(s, c.room, a.card))
    elif t is A.Trade:
        mine = _take(c, a.slot)
        c.equip(_from_ground(s, c.room, a.card))
        s.ground[c.room].append(mine)
    elif t is A.TradeWith:
        o = s.crew[a.seat]
        mine, theirs = _take(c, a.slot), _take(o, a.other)
        c.equip(theirs)
        o.equip(mine)
    elif t is A.Search:
        scourge.search(s, c)
    elif t is A.Mend:
        o = s.crew[a.seat]   # "medic": "Mend removes 2 damage."
        o.damage -= min(o.damage, 2 if c.ability == "medic" else 1)
    elif t is A.Revive:
        c.actions_left -= s.cfg.revive_actions - 1
        o = s.crew[a.seat]
        o.damage -= 1
        o.stunned = not o.downed   # "cannot act until the next round"
        if s.log is not None:
            s.say(f"P{o.seat + 1} is revived")
    if s.arrived_round is not None and s.round > s.arrived_round and not s.enemies:
        if s.boss_cards is None:
            s.win()
        elif s.boss_stage is None:   # a Boss: "fully complete the remainder of the round"
            s.standard_won = True


def _free_fix(c: Crew) -> None:
    """"mechanic": "Your first Repair or Extinguish each turn costs no action." """
    if c.ability == "mechanic" and not c.fixed:
        c.fixed = True
        c.actions_left += 1


def _take(c: Crew, slot: int) -> Any:
    item = c.items[slot]
    c.unequip(item)
    return item


def _from_ground(s: WasteState, room: int, ident: int) -> Any:
    for k, g in enumerate(s.ground[room]):
        if g.ident == ident:
            return s.ground[room].pop(k)
    raise AssertionError(ident)


# --- the First Player's decisions ------------------------------------------------------------
def salvage_actions(s: WasteState) -> list[Any]:
    card = s.pending[0]
    out: list[Any] = [A.ScrapCard(card.ident)]
    if card.equipment:
        out += [A.Equip(card.ident, c.seat) for c in s.crew
                if len(c.items) < c.slots]
        # "If a Crew Member is already at their equipment limit, they may Scrap or drop an
        # existing card in their current room to equip a new one."
        out += [A.EquipOver(card.ident, c.seat, slot, drop) for c in s.crew
                if len(c.items) >= c.slots for drop in (False, True)
                for slot in range(len(c.items))]
    elif card.kind == "upgrade":
        # "Inoperable or On Fire rooms cannot receive upgrades, but rooms with Enemies can."
        out += [A.Install(card.ident, r.number) for r in s.map.rooms
                if r.kind == card.room and s.condition[r.number] == FUNCTIONAL]
    return out


def do_salvage(s: WasteState, a: Any) -> None:
    card = s.pending.pop(0)
    if isinstance(a, A.Equip):
        s.crew[a.seat].equip(card)
        if s.log is not None:
            s.say(f"P{a.seat + 1} equips {card.name}")
    elif isinstance(a, A.EquipOver):
        c = s.crew[a.seat]
        old = _take(c, a.slot)
        (s.ground[c.room] if a.drop else s.scrap_pile).append(old)
        c.equip(card)
        if s.log is not None:
            how = f"drops it in room {c.room}" if a.drop else "Scraps it"
            s.say(f"P{a.seat + 1} equips {card.name} over {old.name} and {how}")
    elif isinstance(a, A.Install):
        old = s.upgrades.get(a.room)
        if old is not None:  # "Scrap an existing upgrade to replace it with a new one."
            s.scrap_pile.append(old)
        s.upgrades[a.room] = card
        if s.log is not None:
            s.say(f"{card.name} installed in room {a.room}")
    else:
        s.scrap_pile.append(card)


def scrap_choice(s: WasteState) -> bool:
    """``len(scrap_actions(s)) > 1`` without building the list: a Scrap use is possible."""
    pile = len(s.scrap_pile)
    if pile >= s.reinforce_cost() and s.hull < s.cfg.hull_max:
        return True
    return pile >= s.cfg.recycle_cost and any(c.kind != "scrap" for c in s.salvage_deck)


def scrap_actions(s: WasteState) -> list[Any]:
    out: list[Any] = [A.ScrapDone()]
    if len(s.scrap_pile) >= s.reinforce_cost() and s.hull < s.cfg.hull_max:
        out.append(A.Reinforce())
    if len(s.scrap_pile) >= s.cfg.recycle_cost and any(c.kind != "scrap"
                                                        for c in s.salvage_deck):
        out.append(A.Recycle())
    return out


def do_scrap(s: WasteState, a: Any) -> None:
    from pnp.games.waste_of_parts import endround

    if isinstance(a, A.Reinforce):
        # "Discard 2 cards to increase the Hull dial by 1" (discarded: out of play).
        del s.scrap_pile[:s.reinforce_cost()]
        s.hull += 1
        if s.log is not None:
            s.say(f"Reinforce: the Hull is {s.hull}")
    else:
        del s.scrap_pile[:s.cfg.recycle_cost]
        endround.rummage_salvage(s)
