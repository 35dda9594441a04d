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
from pnp.games.waste_of_parts.endround import _dist
from pnp.games.waste_of_parts.rules import FUNCTIONAL, WASTES
from pnp.games.waste_of_parts.state import EVENT, SALVAGE, SCRAP, WasteState

__all__ = ["BOTS", "HeuristicCrew", "RandomCrew"]


class RandomCrew:
    """Any legal action, uniformly."""

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def _weapon_score(a: Any, state: WasteState) -> int:
    c = state.crew[state.seat]
    return c.attack if a.slot < 0 else c.items[a.slot].attack


class HeuristicCrew:
    """Coordinates who fights, repairs, fuels and salvages (roles by seat)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, state: WasteState, rng: random.Random) -> Any:
        legal = state.legal_actions()
        if state.phase == SALVAGE:
            return self._salvage(state, legal)
        if state.phase == SCRAP:
            return self._scrap(state, legal)
        if state.phase == EVENT:  # the kindest Event on offer
            rank = {"tailwind": 0, "quiet": 1, "scavenge": 2, "noise": 3, "blaze": 4}
            return min(legal, key=lambda a: min(rank[c.effect] for c in state.event_choice
                                                if c.ident == a.card))
        return self._turn(state, legal)

    # --- the turn -------------------------------------------------------------------------
    def _post(self, s: WasteState) -> int | None:
        seat = s.current_player
        if seat == 0:
            return s.map.of_kind("cockpit")[0]
        if seat == 1 and len(s.crew) >= 4:  # a crew of 3 needs its second fighter more
            return s.map.of_kind("crane")[0]
        return None

    def _turn(self, s: WasteState, legal: list[Any]) -> Any:
        c = s.crew[s.seat]
        attacks = [a for a in legal if isinstance(a, A.Attack)]
        if attacks:  # the weakest Enemy first, with the most dice
            def key(a: A.Attack) -> tuple[int, int, int]:
                e = s.enemy(a.enemy)
                assert e is not None
                return (e.room != c.room, e.card.health - e.damage, -_weapon_score(a, s))
            return min(attacks, key=key)
        guns = [a for a in legal if isinstance(a, A.FireGun)]
        if guns:
            return min(guns, key=lambda a: (a.gun != c.room, a.enemy))
        for kind in (A.Reload, A.Revive, A.Mend, A.Extinguish, A.Repair):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if any(isinstance(a, A.Fuel) for a in legal) and len(s.scrap_pile) >= 3 \
                and s.arrived_round is None:
            return A.Fuel()
        pickups = [a for a in legal if isinstance(a, A.PickUp)]
        if pickups:
            return pickups[0]
        goal = self._goal(s)
        if goal is not None and goal != c.room:
            dist = _dist(s.map)
            moves = [a for a in legal if isinstance(a, A.Move)]
            best = min(moves, key=lambda a: (dist[a.room][goal], a.room))
            if dist[best.room][goal] < dist[c.room][goal]:
                return best
        return A.EndTurn()

    def _goal(self, s: WasteState) -> int | None:
        c = s.crew[s.seat]
        dist = _dist(s.map)
        post = self._post(s)
        downed = [o.room for o in s.crew if o.downed and o is not c]
        inside = [e.room for e in s.enemies if e.room != WASTES]
        damaged = [r for r in range(1, WASTES) if s.condition[r] != FUNCTIONAL]
        # Fire first (it costs Hull every round), then Enemies, then Downed mates and repairs.
        burning = [r for r in damaged if s.condition[r] == 2 and not s.enemies_in(r)]
        targets = burning + inside + downed + damaged
        if post is not None:
            # The pilot and the crane operator work while they can be back at their post by
            # the end of their turn.
            left = c.actions_left - 1
            targets = [r for r in targets if dist[c.room][r] + dist[r][post] <= left]
            if not targets:
                return post
        if not targets:
            # Nothing to do: stand on a deck (weapons that reach hit The Wastes from there).
            targets = list(s.map.wastes_adjacent)
        return min(targets, key=lambda r: (dist[c.room][r] + 2 * (r not in burning), r))

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
