"""The Waste of Parts' crews: a random legal crew and a heuristic crew with roles.

The heuristic crew: seat 0 pilots from the Cockpit (fires the guns remotely at The Wastes and
keeps the autopilot Functional), seat 1 mans the Salvaging Crane, the others fight: every crew
member attacks an Enemy in its room first, then repairs or extinguishes its room, mends or revives
a crew mate, fuels an engine when Scrap is spare, then walks toward its post, or (fighters) the
nearest Enemy or damaged room. The First Player equips weapons and armor on whoever has room,
installs upgrades, reinforces the Hull below its start. Pure core.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.games.api import Bot
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts import turns
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES
from pnp.games.waste_of_parts.state import EVENT, SALVAGE, SCRAP, TURN, WasteState

__all__ = ["BOTS", "HeuristicCrew", "RandomCrew"]


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

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        if state.phase == TURN:
            return self._turn(state)
        legal = state.legal_actions()
        if state.phase == SALVAGE:
            return self._salvage(state, legal)
        if state.phase == SCRAP:
            return self._scrap(state, legal)
        if state.phase == EVENT:  # the kindest Event on offer
            rank = {"tailwind": 0, "quiet": 1, "scavenge": 2, "noise": 3, "blaze": 4}
            return min(legal, key=lambda a: min(rank[c.effect] for c in state.event_choice
                                                if c.ident == a.card))
        return legal[0]

    # --- the turn -------------------------------------------------------------------------
    def _post(self, s: WasteState) -> int | None:
        seat = s.current_player
        if seat == 0:
            return s.map.of_kind("cockpit")[0]
        if seat == 1 and len(s.crew) >= 4:  # a crew of 3 needs its second fighter more
            return s.map.of_kind("crane")[0]
        return None

    def _turn(self, s: WasteState) -> Any:
        c = s.crew[s.seat]
        room = c.room
        # Attack: the weakest Enemy, in this room first, with the most dice (unarmed, then each
        # ready weapon in slot order, as turn_actions lists them; the first best wins ties).
        here = [e for e in s.enemies if e.room == room]
        best: tuple[tuple[bool, int, int], int, int] | None = None
        for e in here:
            key = (False, e.card.health - e.damage, -c.attack)
            if best is None or key < best[0]:
                best = (key, e.ident, -1)
        for slot, item in enumerate(c.items):
            if item.kind != "weapon" or item.ident in c.spent:
                continue
            pool = here
            if item.reach:
                rooms = turns.reach_rooms(s, room, item.reach)
                pool = [e for e in s.enemies if e.room in rooms]
            for e in pool:
                key = (e.room != room, e.card.health - e.damage, -item.attack)
                if best is None or key < best[0]:
                    best = (key, e.ident, slot)
        if best is not None:
            return A.Attack(best[1], best[2])
        wastes = [e.ident for e in s.enemies if e.room == WASTES]
        if wastes:
            guns = turns._guns(s, c)
            if guns:
                return A.FireGun(guns[0][0], min(wastes))
        for slot, item in enumerate(c.items):
            if item.kind == "weapon" and item.ident in c.spent:
                return A.Reload(slot)
        mates = [o for o in s.crew if o is not c and o.room == room and o.damage > 0]
        if c.actions_left >= s.cfg.revive_actions:
            for o in mates:
                if o.downed:
                    return A.Revive(o.seat)
        for o in mates:
            if not o.downed:
                return A.Mend(o.seat)
        if not here and s.condition[room] == ON_FIRE:
            return A.Extinguish()
        if not here and s.condition[room] == INOPERABLE:
            return A.Repair()
        if (s.map.room(room).kind == "engine" and room not in s.fueled
                and len(s.scrap_pile) >= 3 and s.arrived_round is None):
            return A.Fuel()
        ground = s.ground[room]
        if ground and len(c.items) < s.cfg.equipment_slots:
            return A.PickUp(ground[0].ident)
        goal = self._goal(s)
        if goal is not None and goal != room:
            dist = s.map.dist
            best_room = min(s.map.adjacent[room], key=lambda r: (dist[r][goal], r))
            if dist[best_room][goal] < dist[room][goal]:
                return A.Move(best_room)
        return A.EndTurn()

    def _goal(self, s: WasteState) -> int | None:
        c = s.crew[s.seat]
        dist = s.map.dist
        post = self._post(s)
        downed = [o.room for o in s.crew if o.downed and o is not c]
        inside = [e.room for e in s.enemies if e.room != WASTES]
        aboard = set(inside)
        cond = s.condition
        damaged = [r for r in range(1, WASTES) if cond[r] != FUNCTIONAL]
        # Fire first (it costs Hull every round), then Enemies, then Downed mates and repairs.
        burning = [r for r in damaged if cond[r] == ON_FIRE and r not in aboard]
        targets = burning + inside + downed + damaged
        here = dist[c.room]
        if post is not None:
            # The pilot and the crane operator work while they can be back at their post by
            # the end of their turn.
            left = c.actions_left - 1
            targets = [r for r in targets if here[r] + dist[r][post] <= left]
            if not targets:
                return post
        if not targets:
            # Nothing to do: stand on a deck (weapons that reach hit The Wastes from there).
            targets = list(s.map.wastes_adjacent)
        return min(targets, key=lambda r: (here[r] + 2 * (r not in burning), r))

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
            empty = [a for a in installs if a.room not in s.upgrades]
            return (empty or installs)[0]
        return legal[0]  # scrap it

    def _scrap(self, s: WasteState, legal: list[Any]) -> Any:
        keep = 2  # Scrap kept back to fuel the engines
        if any(isinstance(a, A.Reinforce) for a in legal) and (
                s.hull < s.cfg.hull_max - 4 or len(s.scrap_pile) >= keep + s.reinforce_cost()):
            return A.Reinforce()
        if any(isinstance(a, A.Recycle) for a in legal) and len(s.scrap_pile) >= keep + 3 \
                and s.hull >= s.cfg.hull_max - 4:
            return A.Recycle()
        return A.ScrapDone()


def random_crew(setup: Any, seat: int) -> Bot:
    return RandomCrew()


def heuristic_crew(setup: Any, seat: int) -> Bot:
    return HeuristicCrew(seat)


BOTS: dict[str, Callable[[Any, int], Bot]] = {"random": random_crew, "heuristic": heuristic_crew}
