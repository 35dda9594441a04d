"""Crew Member Actions and the First Player's salvage and Scrap decisions (legal lists, effects).

Pure core, on a ``WasteState``. Combat: "roll a number of dice equal to the Attack Stat. Results
of 1-2 are misses. Results of 3-6 are hits."; a weapon "jams and is immediately Scrapped" when
every die shows a 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES

if TYPE_CHECKING:
    from pnp.games.waste_of_parts.state import Crew, WasteState

__all__ = ["do_salvage", "do_scrap", "do_turn_action", "salvage_actions", "scrap_actions",
           "turn_actions"]


def _targets(s: WasteState, c: Crew, reach: int) -> list[int]:
    """Enemy ids a crew member in ``c.room`` can attack with ``reach`` (0: own room; 1: the
    adjacent rooms too, and The Wastes from the Aft and Fore Decks)."""
    rooms = {c.room}
    if reach:
        rooms.update(s.map.adjacent[c.room])
        if c.room in s.map.wastes_adjacent:
            rooms.add(WASTES)
    return [e.ident for e in s.enemies if e.room in rooms]


def _guns(s: WasteState, c: Crew) -> list[tuple[int, bool]]:
    """Guns the crew member may fire: its own gun room, or any from a Functional Cockpit."""
    guns = s.map.of_kind("gun")
    if c.room in guns and s.works(c.room):
        return [(c.room, False)]
    if s.map.room(c.room).kind == "cockpit" and s.works(c.room):
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
    if here_clear and s.condition[c.room] == INOPERABLE:
        out.append(A.Repair())
    if here_clear and s.condition[c.room] == ON_FIRE:
        out.append(A.Extinguish())
    if (s.map.room(c.room).kind == "engine" and c.room not in s.fueled and s.scrap_pile):
        out.append(A.Fuel())
    for slot in range(len(c.items)):
        out.append(A.Drop(slot))
        out += [A.Give(slot, o.seat) for o in s.crew
                if o is not c and o.room == c.room and len(o.items) < s.cfg.equipment_slots]
        out += [A.Trade(slot, g.ident) for g in s.ground[c.room]]
    if len(c.items) < s.cfg.equipment_slots:
        out += [A.PickUp(g.ident) for g in s.ground[c.room]]
    for o in s.crew:
        if o is not c and o.room == c.room and o.damage > 0:
            if not o.downed:
                out.append(A.Mend(o.seat))
            elif c.actions_left >= s.cfg.revive_actions:
                out.append(A.Revive(o.seat))
    return out


def _attack(s: WasteState, c: Crew, enemy: int, dice: int, weapon: Any) -> None:
    e = s.enemy(enemy)
    assert e is not None
    faces = s.roll(dice)
    hits = s.hits(faces)
    if e.card.ability == "armored":
        hits = max(0, hits - 1)
    s.say(f"P{c.seat + 1} rolls {faces} at e{e.ident}: {hits} damage")
    e.damage += hits
    if weapon is not None and all(f == 1 for f in faces):
        c.items.remove(weapon)                       # "the weapon jams and is ... Scrapped"
        c.spent.discard(weapon.ident)
        s.scrap_pile.append(weapon)
        s.say(f"{weapon.name} jams and is Scrapped")
    if e.damage >= e.card.health:
        s.kill(e)


def do_turn_action(s: WasteState, a: Any) -> None:
    c = s.crew[s.seat]
    c.actions_left -= 1
    if isinstance(a, A.Move):
        c.room = a.room
    elif isinstance(a, A.Attack):
        weapon = c.items[a.slot] if a.slot >= 0 else None
        if weapon is not None and weapon.reload:
            c.spent.add(weapon.ident)
        _attack(s, c, a.enemy, weapon.attack if weapon else c.attack, weapon)
    elif isinstance(a, A.FireGun):
        remote = c.room != a.gun
        _attack(s, c, a.enemy, s.gun_dice(a.gun, remote), None)
    elif isinstance(a, A.Reload):
        c.spent.discard(c.items[a.slot].ident)
    elif isinstance(a, A.Repair):
        s.condition[c.room] = FUNCTIONAL
        s.say(f"room {c.room} is Functional")
    elif isinstance(a, A.Extinguish):
        s.condition[c.room] = INOPERABLE
        s.say(f"room {c.room} is Inoperable")
    elif isinstance(a, A.Fuel):
        s.scrap_pile.pop()
        s.fueled.add(c.room)
    elif isinstance(a, A.Drop):
        s.ground[c.room].append(_take(c, a.slot))
    elif isinstance(a, A.Give):
        s.crew[a.seat].items.append(_take(c, a.slot))
    elif isinstance(a, A.PickUp):
        c.items.append(_from_ground(s, c.room, a.card))
    elif isinstance(a, A.Trade):
        mine = _take(c, a.slot)
        c.items.append(_from_ground(s, c.room, a.card))
        s.ground[c.room].append(mine)
    elif isinstance(a, A.Mend):
        s.crew[a.seat].damage -= 1
    elif isinstance(a, A.Revive):
        c.actions_left -= s.cfg.revive_actions - 1
        o = s.crew[a.seat]
        o.damage -= 1
        o.stunned = not o.downed   # "cannot act until the next round"
        s.say(f"P{o.seat + 1} is revived")
    if s.arrived_round is not None and s.round > s.arrived_round and not s.enemies:
        s.win()


def _take(c: Crew, slot: int) -> Any:
    item = c.items.pop(slot)
    c.spent.discard(item.ident)
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
                if len(c.items) < s.cfg.equipment_slots]
    elif card.kind == "upgrade":
        # "Inoperable or On Fire rooms cannot receive upgrades, but rooms with Enemies can."
        out += [A.Install(card.ident, r.number) for r in s.map.rooms
                if r.kind == card.room and s.condition[r.number] == FUNCTIONAL]
    return out


def do_salvage(s: WasteState, a: Any) -> None:
    card = s.pending.pop(0)
    if isinstance(a, A.Equip):
        s.crew[a.seat].items.append(card)
        s.say(f"P{a.seat + 1} equips {card.name}")
    elif isinstance(a, A.Install):
        old = s.upgrades.get(a.room)
        if old is not None:  # "Scrap an existing upgrade to replace it with a new one."
            s.scrap_pile.append(old)
        s.upgrades[a.room] = card
        s.say(f"{card.name} installed in room {a.room}")
    else:
        s.scrap_pile.append(card)


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
        s.say(f"Reinforce: the Hull is {s.hull}")
    else:
        del s.scrap_pile[:s.cfg.recycle_cost]
        endround.rummage_salvage(s)
