"""The Waste of Parts' crews: a random legal crew and a heuristic crew with roles.

The heuristic crew: seat 0 pilots from the Cockpit (fires the guns remotely at The Wastes and
keeps the autopilot Functional), seat 1 mans the Salvaging Crane (4 crew), the others fight:
every crew member attacks an Enemy in its room first, then repairs or extinguishes its room,
mends or revives a crew mate, fuels an engine when Scrap is spare, then walks toward its post,
or (fighters) the nearest Enemy or damaged room. The First Player equips weapons and armor on
whoever has room, installs upgrades, reinforces the Hull below its start. Pure core.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.games.api import Bot
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts import scourge, turns
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES
from pnp.games.waste_of_parts.state import EVENT, SALVAGE, SCRAP, TURN, Crew, WasteState

__all__ = ["BOTS", "HeuristicCrew", "RandomCrew"]


#: The turn's commonest actions, made once (a frozen dataclass costs a microsecond to build).
MOVES = {r: A.Move(r) for r in range(1, WASTES)}
END_TURN = A.EndTurn()
SEARCH = A.Search()
#: Attacks made so far, by (Enemy id, slot): ids run 1, 2, ... in every game, so it stays small.
ATTACKS: dict[tuple[int, int], A.Attack] = {}
#: Gun shots by (gun room, Enemy id), the same way.
SHOTS: dict[tuple[int, int], A.FireGun] = {}
REPAIR, EXTINGUISH, FUEL = A.Repair(), A.Extinguish(), A.Fuel()
REINFORCE, RECYCLE, SCRAP_DONE = A.Reinforce(), A.Recycle(), A.ScrapDone()


class RandomCrew:
    """Any legal action, uniformly."""

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


class HeuristicCrew:
    """Coordinates who fights, repairs, fuels and salvages (roles by seat).

    On a turn it picks its action straight from the state, never building the legal list
    (the simulator's hot loop); what it picks is what ``_turn`` of the list would pick, in the
    list's order for ties (tests/games/waste_of_parts/test_fast.py checks it is legal).
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.post: int | None = -1   # _post's answer, once known (-1: not yet)

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        if state.phase == TURN:
            return self._turn(state)
        if state.phase == SCRAP:
            return self._scrap(state)
        legal = state.legal_actions()
        if state.phase == SALVAGE:
            return self._salvage(state, legal)
        if state.phase == EVENT:  # the kindest Event on offer
            rank = {"tailwind": 0, "quiet": 1, "scavenge": 2, "noise": 3, "blaze": 4}
            return min(legal, key=lambda a: min(rank[c.effect] for c in state.event_choice
                                                if c.ident == a.card))
        return legal[0]

    # --- the turn -------------------------------------------------------------------------
    def _post(self, s: WasteState) -> int | None:
        # The same every turn of a game (a seat's role and the map do not change): kept.
        if self.post == -1:
            self.post = self._find_post(s)
        return self.post

    def _find_post(self, s: WasteState) -> int | None:
        seat = s.seat
        if seat == 0:
            return s.map.of_kind("cockpit")[0]
        # The Crane is manned by a crew of 4 only: a crew of 3 needs its second fighter more,
        # and a crew of 5 (Noise 7, the most Enemies a round) too: its fifth member fighting
        # instead measured 0.56 against 0.43 (docs/waste-of-parts.md, "Balance over seeds").
        if seat == 1 and len(s.crew) == 4:
            return s.map.of_kind("crane")[0]
        return None

    def _turn(self, s: WasteState) -> Any:
        c = s.crew[s.seat]
        room = c.room
        here = [e for e in s.enemies if e.room == room]
        # Attack: the weakest Enemy, in this room first, with the most dice (unarmed, then each
        # ready weapon in slot order, as turn_actions lists them; the first best wins ties).
        target: Any = None
        slot_used = -1
        if here:
            hp = 1 << 30
            for e in here:
                if e.card.health - e.damage < hp:
                    target, hp = e, e.card.health - e.damage
            best = (False, hp, -c.attack)
        for slot, item in enumerate(c.items) if c.items else ():
            if item.kind != "weapon" or item.ident in c.spent:
                continue
            pool = here
            if item.reach:
                rooms = turns.reach_rooms(s, room, item.reach)
                pool = [e for e in s.enemies if e.room in rooms]
            for e in pool:
                key = (e.room != room, e.card.health - e.damage, -item.attack)
                if target is None or key < best:
                    target, slot_used, best = e, slot, key
        if target is not None:
            attack = ATTACKS.get((target.ident, slot_used))
            if attack is None:
                attack = ATTACKS[target.ident, slot_used] = A.Attack(target.ident, slot_used)
            return attack
        kind = s.map.kind_of[room]
        if kind == "gun" or kind == "cockpit":   # turns._guns: only these rooms fire guns
            wastes = [e for e in s.enemies if e.room == WASTES]
            if wastes:
                gun = self._gun_to_fire(s, c)
                if gun is not None:
                    # the weakest first (as an attack aboard): each kill is a Hull roll less
                    e = min(wastes, key=lambda e: (e.card.health - e.damage, e.ident))
                    key2 = (gun, e.ident)
                    shot = SHOTS.get(key2)
                    if shot is None:
                        shot = SHOTS[key2] = A.FireGun(*key2)
                    return shot
        for slot, item in enumerate(c.items) if c.spent else ():
            if item.kind == "weapon" and item.ident in c.spent:
                return A.Reload(slot)
        if s.scourge is not None and c.room in scourge.unsearched(s):
            return SEARCH   # the Hacking Beacon first: no room is Repaired while it hides
        mend = None
        for o in s.crew:
            if o is not c and o.room == room and o.damage > 0:
                if o.damage >= o.health:
                    if c.actions_left >= s.cfg.revive_actions:
                        return A.Revive(o.seat)
                elif mend is None:
                    mend = o.seat
        if mend is not None:
            return A.Mend(mend)
        cond = s.condition[room]
        if cond == ON_FIRE:   # no Enemy here (it would have been attacked)
            return EXTINGUISH
        if cond == INOPERABLE and scourge.can_repair(s):
            return REPAIR
        if (kind == "engine" and room not in s.fueled and cond == FUNCTIONAL
                and len(s.scrap_pile) >= 3 and s.arrived_round is None and _will_advance(s)):
            return FUEL
        ground = s.ground[room]
        if ground and len(c.items) < c.slots:
            return A.PickUp(ground[0].ident)
        goal = self._goal(s, c)
        if goal is not None and goal != room:
            return MOVES[s.map.toward[room][goal]]   # a step nearer, the lowest room on a tie
        return END_TURN

    def _gun_to_fire(self, s: WasteState, c: Crew) -> int | None:
        """The gun that rolls the most dice from here (an upgraded one first; the Aft Gun on a
        tie), or None."""
        guns = turns._guns(s, c)
        if not guns:
            return None
        return max(guns, key=lambda g: (s.gun_dice(*g), -g[0]))[0]

    def _goal(self, s: WasteState, c: Crew) -> int | None:
        """Where the crew member walks: the nearest of the rooms On Fire with no Enemy in them
        (counted 2 moves nearer: fire costs Hull every round), the rooms with Enemies, Downed
        mates, damaged rooms; the lowest number on a tie. The pilot and the crane operator go
        only where they can be back at their post by the end of their turn."""
        here = s.map.dist[c.room]
        post = self._post(s)
        inside = {e.room for e in s.enemies}
        cond = s.condition
        targets = [r for r in inside if r != WASTES]
        targets += [o.room for o in s.crew if o.damage >= o.health and o is not c]
        # Room 0 and The Wastes are never damaged: every damaged index is a room 1-12
        # (FUNCTIONAL is 0: ``any`` finds a damaged room without a Python loop).
        hidden = scourge.unsearched(s) if s.scourge is not None else None
        if hidden:   # the Scourge's Beacon hidden: search, and put out fires (no Repair yet)
            targets += hidden + [r for r, k in enumerate(cond) if k == ON_FIRE]
        elif any(cond):
            targets += [r for r, k in enumerate(cond) if k != FUNCTIONAL]
        guns = [g for g in s.map.of_kind("gun") if s.works(g)]
        if post is None and guns and any(e.room == WASTES for e in s.enemies):
            # A fighter counts the working gun of the most dice as one more place to go:
            # Enemies in The Wastes stop the Mech and hit the Hull, and a gun manned rolls
            # full dice where the Cockpit rolls half (replays showed the crew firing from the
            # Cockpit while the Mech stood still for rounds).
            targets.append(max(guns, key=lambda g: (s.gun_dice(g, False), -here[g], -g)))
        if post is not None:
            left = c.actions_left - 1
            to_post = s.map.dist[post]
            # The crane operator also goes to a fire it can reach and put out this turn, even
            # if it cannot be back (each room On Fire costs a Hull a round; replays showed it
            # ending its turns at the Crane with four rooms On Fire).
            targets = [r for r in targets if here[r] + to_post[r] <= left
                       or (cond[r] == ON_FIRE and r not in inside
                           and here[r] < c.actions_left)]
            if not targets:
                return post
        if not targets:
            # Nothing aboard to do: with Enemies in The Wastes man a working gun (3 dice from
            # its room; replays showed fighters ending their turns on a deck while Enemies in
            # The Wastes hit the Hull), else stand on a deck (weapons that reach hit The
            # Wastes from there).
            if guns and any(e.room == WASTES for e in s.enemies):
                targets = guns
            else:
                targets = list(s.map.wastes_adjacent)
        return min([(here[r] + (0 if cond[r] == ON_FIRE and r not in inside else 2), r)
                    for r in targets])[1]

    # --- the First Player's decisions ----------------------------------------------------------
    def _salvage(self, s: WasteState, legal: list[Any]) -> Any:
        card = s.pending[0]
        equips = [a for a in legal if isinstance(a, A.Equip)]
        if equips and card.kind == "weapon":
            # The one with the fewest weapons, fighters first (they meet the Enemies).
            def key(a: A.Equip) -> tuple[int, int]:
                weapons = sum(1 for i in s.crew[a.seat].items if i.kind == "weapon")
                return (weapons, a.seat < 2)
            return min(equips, key=lambda a: (*key(a), a.seat))
        if equips and card.kind in ("armor", "gear"):
            return min(equips, key=lambda a: (len(s.crew[a.seat].items), -a.seat))
        installs = [a for a in legal if isinstance(a, A.Install)]
        if installs and (card.noise <= 1 or card.room != "engine"):
            # "Scrap an existing upgrade to replace it with a new one": only for a better one
            # (a higher bonus, or as high and quieter); the room with the weakest upgrade first.
            def worth(c: Any) -> tuple[int, int]:
                return (-1, 0) if c is None else (c.bonus, -c.noise)
            best = min(installs, key=lambda a: (worth(s.upgrades.get(a.room)), a.room))
            if worth(card) > worth(s.upgrades.get(best.room)):
                return best
        return legal[0]  # scrap it

    def _scrap(self, s: WasteState) -> Any:
        # Straight from the state, what turns.scrap_actions would offer (test_fast.py).
        keep = 2  # Scrap kept back to fuel the engines
        pile, cost, top = len(s.scrap_pile), s.reinforce_cost(), s.cfg.hull_max
        if pile >= cost and s.hull < top and (s.hull < top - 4 or pile >= keep + cost):
            return REINFORCE
        if (pile >= keep + 3 and s.hull >= top - 4 and pile >= s.cfg.recycle_cost
                and any(c.kind != "scrap" for c in s.salvage_deck)):
            return RECYCLE
        return SCRAP_DONE


def _will_advance(s: WasteState) -> bool:
    """The Mech would advance if the round ended as it stands: both Engine Rooms and the
    Cockpit Functional, no Enemy in The Wastes ("Advancing"), and none of those rooms holding
    an Enemy with no crew member to draw its attack ("Attack their room")."""
    needed = s.map.of_kind("engine") + s.map.of_kind("cockpit")
    if not all(s.works(r) for r in needed):
        return False
    crewed = {c.room for c in s.crew if not c.downed}
    return not any(e.room == WASTES or (e.room in needed and e.room not in crewed)
                   for e in s.enemies)


class WholeCrew:
    """The heuristic crew member of each seat (a rollout plays every seat with one policy)."""

    def __init__(self) -> None:
        self.crew: dict[int, HeuristicCrew] = {}

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        seat = state.current_player
        bot = self.crew.get(seat)
        if bot is None:
            bot = self.crew[seat] = HeuristicCrew(seat)
        return bot.choose(state, rng)


#: The most candidates a search crew weighs at one decision (the heuristic's among them).
SEARCH_WIDTH = 6


def search_candidates(state: WasteState, default: Any) -> list[Any]:
    """The decisions a search crew weighs by playouts: the First Player's (where a salvaged
    card goes: Scrap it, equip it on each crew member with a free slot, install it in each
    room; the Scrap uses; the Event), up to ``SEARCH_WIDTH``. A crew member's turn is the
    heuristic's alone: some 300 turn actions a game, each searched, cost minutes a game."""
    if state.phase == TURN:
        return [default]
    out = [default]
    for a in state.legal_actions():
        if len(out) >= SEARCH_WIDTH:
            break
        # Equipping over a full slot: seats x slots x (Scrap, drop) variants, left out.
        if type(a) is not A.EquipOver and (type(a) is not type(default) or a != default):
            out.append(a)
    return out


def search_policy(setup: Any, seat: int) -> Bot:
    """The playout policy of the search crew: the heuristic crew, every seat its own."""
    return WholeCrew()


def random_crew(setup: Any, seat: int) -> Bot:
    return RandomCrew()


def heuristic_crew(setup: Any, seat: int) -> Bot:
    return HeuristicCrew(seat)


BOTS: dict[str, Callable[[Any, int], Bot]] = {"random": random_crew, "heuristic": heuristic_crew}
