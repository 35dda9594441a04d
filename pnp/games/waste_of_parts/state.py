"""The Waste of Parts' rules simulator: the state of a co-operative game and the crew's turns.

Pure core. A round is each crew member's turn, clockwise from the First Player (Crew Member
Actions), then the end-of-round steps of ``endround.py``, two of which wait for the First
Player's decisions (where each salvaged card goes; the Scrap uses). Every die and shuffle comes
from the state's one ``rng``. Returns are co-operative: every seat gets 1 on a win, 0 on a loss.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from pnp.games.api import IllegalAction
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts import endround, turns
from pnp.games.waste_of_parts.cards import EnemyCard, EventCard, SalvageCard
from pnp.games.waste_of_parts.crew import Dashboard, choose_ability
from pnp.games.waste_of_parts.rules import (
    CONDITIONS,
    FUNCTIONAL,
    ON_FIRE,
    WASTES,
    Config,
    half_up,
    shuffle,
)

__all__ = ["Crew", "Enemy", "WasteState"]

TURN, SALVAGE, SCRAP, EVENT, OVER = "turn", "salvage", "scrap", "event", "over"


class Crew:
    """A crew member: room, damage, equipment, actions left this turn.

    ``items`` is a tuple changed only through ``equip`` / ``unequip``, which recompute the stats
    the equipment raises (read on every action, so kept as plain attributes).
    """

    __slots__ = ("seat", "room", "damage", "items", "spent", "actions_left", "stunned",
                 "health0", "attack0", "actions0", "health", "attack", "actions", "armor",
                 "ability", "slots", "fixed")

    def __init__(self, seat: int, room: int, health: int, attack: int, actions: int,
                 ability: str = "", slots: int = 2) -> None:
        self.seat, self.room, self.damage = seat, room, 0
        self.ability = ability             # the dashboard's chosen ability (crew.py)
        self.slots = slots + (ability == "hauler")
        self.fixed = False                 # mechanic: the turn's free Repair/Extinguish used
        self.items: tuple[SalvageCard, ...] = ()
        self.spent: set[int] = set()       # weapons turned upside down until reloaded
        self.actions_left = 0
        self.stunned = False               # revived: "cannot act until the next round"
        self.health0, self.attack0, self.actions0 = health, attack, actions
        self._restat()

    def _restat(self) -> None:
        items = self.items
        self.health = self.health0 + self.bonus("health")
        self.attack = self.attack0 + self.bonus("attack")
        self.actions = self.actions0 + self.bonus("actions")
        # "A Crew Member can only benefit from one armor card at a time."
        self.armor = (max((c.armor for c in items if c.kind == "armor"), default=0)
                      + (self.ability == "plated"))

    def equip(self, card: SalvageCard) -> None:
        self.items = (*self.items, card)
        self._restat()

    def unequip(self, card: SalvageCard) -> None:
        k = self.items.index(card)
        self.items = self.items[:k] + self.items[k + 1:]
        self.spent.discard(card.ident)
        self._restat()

    def bonus(self, stat: str) -> int:
        return sum(c.bonus for c in self.items if c.kind == "gear" and c.stat == stat)

    @property
    def downed(self) -> bool:
        return self.damage >= self.health

    def copy(self) -> Crew:
        twin = copy.copy(self)
        twin.spent = set(self.spent)
        return twin


class Enemy:
    __slots__ = ("ident", "card", "room", "damage")

    def __init__(self, ident: int, card: EnemyCard, room: int) -> None:
        self.ident, self.card, self.room, self.damage = ident, card, room, 0

    def __repr__(self) -> str:
        left = self.card.health - self.damage
        return f"e{self.ident} {self.card.name} ({left} hp A{self.card.attack}) in {self.room}"


class WasteState:
    """A game of The Waste of Parts (the ``State`` protocol of ``pnp.games.api``)."""

    def __init__(self, cfg: Config, crew: int, enemy_cards: Sequence[EnemyCard],
                 salvage_cards: Sequence[SalvageCard], rng: random.Random,
                 start_rooms: Sequence[int] | None = None,
                 events: Sequence[EventCard] = (),
                 start_cards: Sequence[SalvageCard] = (),
                 boss_cards: tuple[Sequence[Any], Sequence[Any]] | None = None,
                 dashboards: Sequence[Dashboard] = (),
                 crew_cards: Sequence[Dashboard] | None = None) -> None:
        if crew not in dict(cfg.noise_by_crew):
            raise ValueError(f"The Waste of Parts is for 3-5 crew members, got {crew}")
        self.cfg, self.rng, self.map = cfg, rng, cfg.mech
        #: Damage of each face 0-6: "Results of 1-2 are misses. Results of 3-6 are hits."
        self.face_damage = tuple(cfg.damage_per_hit if f in cfg.hit_faces else 0
                                 for f in range(7))
        self.log: list[str] | None = None
        self._legal: list[Any] | None = None
        rooms = start_rooms or [8, 5, 10, 11, 12][:crew]
        # "Choose Crew Members": the game's dashboards drawn from the 11 by its own stream
        # (``crew_cards`` fixes them seat by seat; none: the plain crew member of rules.yaml).
        if crew_cards is None:
            crew_cards = rng.sample(list(dashboards), crew) if dashboards else \
                [Dashboard(0, "", cfg.crew_health, cfg.crew_attack, cfg.crew_actions)] * crew
        self.dashboards = tuple(crew_cards)
        self.crew = [Crew(s, rooms[s], d.health, d.attack, d.actions,
                          choose_ability(d, s, crew), cfg.equipment_slots)
                     for s, d in enumerate(crew_cards)]
        self.condition = [FUNCTIONAL] * (WASTES + 1)
        self.upgrades: dict[int, SalvageCard] = {}
        self.ground: dict[int, list[SalvageCard]] = {r: [] for r in range(1, WASTES)}
        self.enemies: list[Enemy] = []
        self.next_enemy = 1
        # Set aside by level; "Shuffle the level 1 Enemy Cards" form the deck.
        self.levels: dict[int, list[EnemyCard]] = {1: [], 2: [], 3: []}
        for ecard in enemy_cards:
            self.levels[ecard.level].append(ecard)
        # Setup (rules.yaml wind_set_aside): a crew of this size plays each level without
        # that many of its Just the Wind cards (the last ones by card number).
        drop = cfg.wind_removed(crew)
        if drop:
            for level, cards in self.levels.items():
                # A set: the same cards as ``not in`` the list (equal frozen cards hash the
                # same), without comparing every card with each of them field by field.
                winds = set([c for c in cards if c.wind][-drop:])
                self.levels[level] = [c for c in cards if c not in winds]
        self.enemy_deck = list(self.levels[1])
        shuffle(rng, self.enemy_deck)
        self.deck_level = 1                 # highest level shuffled in so far
        self.enemy_discard: list[EnemyCard] = []
        self.scrap_pile: list[SalvageCard] = []
        self.salvage_deck: list[SalvageCard] = []
        for scard in salvage_cards:
            (self.scrap_pile if scard.name == "Scrap Metal" else self.salvage_deck).append(scard)
        shuffle(rng, self.salvage_deck)
        self.noise_base = cfg.noise(crew)
        self.distance, self.hull = cfg.distance_start, cfg.hull_start
        self.round, self.first, self.seat = 1, 0, 0
        self.fueled: set[int] = set()
        self.crane_uses = 0                 # uses since the Mech last advanced
        self.idle = False                   # the engines idle: engine-upgrade Noise halved
        #: The round the Mech reached Distance 35: "finish the current round as normal. In
        #: subsequent rounds, no Enemies spawn."
        self.arrived_round: int | None = None
        self.turn_index = 0
        self.phase = TURN
        self.pending: list[SalvageCard] = []
        self.result: int | None = None      # 1 won, 0 lost
        self.cause = ""
        self.milestones: dict[int, int] = {}   # distance milestone -> round reached
        self.kills = 0
        self.aboard: list[int] = []         # Enemies aboard at the end of each round
        # Optional Events: "At Distance 10 and 20, the First Player draws two Event Cards".
        self.event_deck = list(events)
        shuffle(rng, self.event_deck)
        self.event: EventCard | None = None
        self.event_choice: list[EventCard] = []
        self.hull_lost = 0
        # The Boss (boss.py): None without one, else "prep" (the preparation round), "battle".
        self.boss_cards = boss_cards
        self.boss_stage: str | None = None
        self.boss_submerged = True
        self.boss_ai: list[Any] = []
        self.boss_ai_discard: list[Any] = []
        self.boss_steps: list[int] = []     # the Boss's end-of-round steps done this round
        self.scourge: Any = None            # the Scourge's battle (scourge.ScourgeState)
        self.standard_won = False
        # Setup: "Rummage for a number of Enemies equal to the starting Noise".
        for _ in range(self.noise_base):
            endround.rummage_enemy(self)
        for card in start_cards:  # balance.py measures a card by starting with it
            self._give_at_start(card)
        self._start_turn(0)

    def _give_at_start(self, card: SalvageCard) -> None:
        if card.kind == "scrap":
            self.scrap_pile.append(card)
        elif card.kind == "upgrade":
            room = next(r for r in self.map.of_kind(card.room) if r not in self.upgrades)
            self.upgrades[room] = card
        else:
            min(self.crew, key=lambda c: (len(c.items), c.seat)).equip(card)

    # --- the State protocol ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.first if self.phase in (SALVAGE, SCRAP, EVENT) else self.seat

    def is_over(self) -> bool:
        return self.result is not None

    def returns(self) -> tuple[float, ...]:
        return tuple(float(self.result == 1) for _ in self.crew)

    def playout_value(self, player: int) -> float:
        """A finished playout's worth to a search crew: a win above any loss, and among losses
        the nearer Sanctuary the better (most playouts of a position end alike)."""
        progress = min(self.distance, self.cfg.distance_goal) / self.cfg.distance_goal
        return float(self.result == 1) + 0.5 * progress

    def clone(self) -> WasteState:
        twin = copy.copy(self)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.crew = [c.copy() for c in self.crew]
        twin.enemies = [copy.copy(e) for e in self.enemies]
        twin.condition = list(self.condition)
        twin.upgrades = dict(self.upgrades)
        twin.ground = {r: list(v) for r, v in self.ground.items()}
        twin.levels = {k: list(v) for k, v in self.levels.items()}
        twin.enemy_deck, twin.enemy_discard = list(self.enemy_deck), list(self.enemy_discard)
        twin.scrap_pile, twin.salvage_deck = list(self.scrap_pile), list(self.salvage_deck)
        twin.fueled, twin.pending = set(self.fueled), list(self.pending)
        twin.milestones = dict(self.milestones)
        twin.aboard = list(self.aboard)
        twin.event_deck, twin.event_choice = list(self.event_deck), list(self.event_choice)
        twin.boss_ai, twin.boss_ai_discard = list(self.boss_ai), list(self.boss_ai_discard)
        twin.boss_steps = list(self.boss_steps)
        twin.scourge = None if self.scourge is None else self.scourge.copy()
        twin.log = None if self.log is None else []
        twin._legal = None
        return twin

    def determinize(self, rng: random.Random) -> None:
        """Reshuffle the decks and reseed the dice (what the crew cannot know)."""
        shuffle(rng, self.enemy_deck)
        shuffle(rng, self.salvage_deck)
        self.rng = random.Random(rng.getrandbits(64))

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    # --- helpers -------------------------------------------------------------------------
    def enemies_in(self, room: int) -> list[Enemy]:
        return [e for e in self.enemies if e.room == room]

    def enemy(self, ident: int) -> Enemy | None:
        for e in self.enemies:
            if e.ident == ident:
                return e
        return None

    def works(self, room: int) -> bool:
        """Functional: "Inoperable: The room's effects and abilities are nonfunctional"."""
        return self.condition[room] == FUNCTIONAL

    def upgrade_bonus(self, kind: str) -> int:
        return sum(c.bonus for r, c in self.upgrades.items()
                   if self.map.kind_of[r] == kind and self.works(r))

    def noise(self) -> int:
        """The Noise dial: crew, room upgrades (engine ones halved, rounded up, while idle),
        noisy Enemies aboard."""
        engine = sum(c.noise for r, c in self.upgrades.items() if self.map.kind_of[r] == "engine")
        other = sum(c.noise for r, c in self.upgrades.items() if self.map.kind_of[r] != "engine")
        noisy = sum(1 for e in self.enemies if e.card.ability == "noisy")
        noise = self.noise_base + other + (half_up(engine) if self.idle else engine) + noisy
        return max(1, noise + self.event_bonus("noise") - self.event_bonus("quiet"))

    def event_bonus(self, effect: str) -> int:
        """The active Event's amount for ``effect`` (0 without one)."""
        return self.event.amount if self.event is not None and self.event.effect == effect else 0

    def gun_dice(self, gun: int, remote: bool) -> int:
        dice = self.cfg.gun_attack + (self.upgrades[gun].bonus if gun in self.upgrades else 0)
        return half_up(dice) if remote else dice

    def reinforce_cost(self) -> int:
        # Bosses 2: "During this round ... discard 1 Scrap instead of 2 to restore 1 Hull"
        return 1 if self.boss_stage == "prep" else self.cfg.reinforce_cost

    def roll(self, dice: int) -> list[int]:
        # ``rng.randint(1, 6)`` drawn the way it draws (3 random bits until below 6), without
        # its call layers: the same faces from the same stream, at a third of the cost.
        bits = self.rng.getrandbits
        faces = []
        for _ in range(dice):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            faces.append(r + 1)
        return faces

    def roll_hits(self, dice: int) -> tuple[int, bool]:
        """``hits(roll(dice))`` and whether every die showed a 1 (a jam), the same draws, without
        the list of faces (the hot path; a replay's narration rolls with ``roll``)."""
        bits, damage = self.rng.getrandbits, self.face_damage
        hits, top = 0, 0
        for _ in range(dice):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            hits += damage[r + 1]
            if r > top:
                top = r
        return hits, dice > 0 and top == 0

    def hits(self, faces: list[int]) -> int:
        return sum(map(self.face_damage.__getitem__, faces))

    def lose(self, cause: str) -> None:
        if self.result is None:
            self.result, self.cause, self.phase = 0, cause, OVER
            if self.log is not None:
                self.say(f"the crew loses: {cause}")

    def win(self, cause: str = "sanctuary") -> None:
        if self.result is None:
            self.result, self.cause, self.phase = 1, cause, OVER
            self.say("the crew wins with style: the Boss is destroyed" if cause == "with style"
                     else "every Enemy is destroyed at Sanctuary: the crew wins")

    # --- turns -----------------------------------------------------------------------------
    def _start_turn(self, k: int) -> None:
        """Turn ``k`` of the round (0 = the First Player); past the last, the end of round."""
        n = len(self.crew)
        while k < n:
            c = self.crew[(self.first + k) % n]
            if c.damage < c.health and not c.stunned:  # not Downed
                self.seat, self.turn_index, self.phase = c.seat, k, TURN
                c.actions_left, c.fixed = c.actions, False
                return
            k += 1
        endround.end_of_round(self)

    def _end_turn(self) -> None:
        self.crew[self.seat].actions_left = 0
        self._start_turn(self.turn_index + 1)

    def legal_actions(self) -> list[Any]:
        # Kept until the next apply: the bot and apply's own check share one list.
        if self._legal is None:
            if self.phase == TURN:
                self._legal = turns.turn_actions(self)
            elif self.phase == SALVAGE:
                self._legal = turns.salvage_actions(self)
            elif self.phase == SCRAP:
                self._legal = turns.scrap_actions(self)
            elif self.phase == EVENT:
                self._legal = [A.ChooseEvent(c.ident) for c in self.event_choice]
            else:
                self._legal = []
        return self._legal  # shared: callers read it, never change it

    def touch(self) -> None:
        """Forget the cached legal actions (after changing the state other than by apply)."""
        self._legal = None

    def apply(self, action: Any) -> None:
        if self.phase == OVER:
            raise IllegalAction(f"{action} is not legal now: the game is over")
        if self._legal is not None:
            legal = action in self._legal
        elif self.phase == TURN:  # the heuristic crew never builds the list: check alone
            legal = turns.turn_action_legal(self, action)
        else:
            legal = action in self.legal_actions()
        if not legal:
            raise IllegalAction(f"{action} is not legal now")
        self.do(action)

    def do(self, action: Any) -> None:
        """``apply`` without the legality check: the fast path of ``simulate.play_record``,
        for bots whose actions ``play(check=True)`` confirms (tests/.../test_fast.py)."""
        self._legal = None
        if self.phase == TURN:
            self.do_turn(action)
        elif self.phase == EVENT:
            self.event = next(c for c in self.event_choice if c.ident == action.card)
            self.event_choice = []
            if self.log is not None:
                self.say(f"Event: {self.event.name} ({self.event.text})")
            endround.after_salvage(self)
        elif self.phase == SALVAGE:
            turns.do_salvage(self, action)
            if not self.pending:
                endround.after_salvage(self)
        else:
            if isinstance(action, A.ScrapDone):
                endround.after_scrap(self)
            else:
                turns.do_scrap(self, action)

    def do_turn(self, action: Any) -> None:
        """``do`` of a crew member's action on its turn (the phase is TURN)."""
        if type(action) is A.EndTurn:
            self._legal = None
            self._end_turn()
            return
        self._legal = None
        turns.do_turn_action(self, action)
        if self.result is None and self.crew[self.seat].actions_left <= 0:
            self._end_turn()

    # --- damage ----------------------------------------------------------------------------
    def damage_room(self, room: int, steps: int = 1) -> None:
        """Worsen ``room`` by ``steps`` ("A room that is On Fire cannot be damaged further")."""
        if self.map.kind_of[room] in ("deck", "wastes"):
            return
        before = self.condition[room]
        self.condition[room] = min(ON_FIRE, before + steps)
        if self.condition[room] == ON_FIRE and before != ON_FIRE:
            # "Discard any room upgrades and dropped equipment from the room."
            self.upgrades.pop(room, None)
            self.ground[room] = []
        if self.condition[room] != before:
            if self.log is not None:
                self.say(f"room {room} is {CONDITIONS[self.condition[room]]}")

    def lose_hull(self, n: int, why: str) -> None:
        if n <= 0:
            return
        self.hull -= n
        self.hull_lost += n
        if self.log is not None:
            self.say(f"the Hull loses {n} ({why}): {self.hull}")
        if self.hull <= 0:
            self.lose("the Hull is annihilated")

    def kill(self, e: Enemy) -> None:
        self.enemies.remove(e)
        self.enemy_discard.append(e.card)
        self.kills += 1
        if self.log is not None:
            self.say(f"e{e.ident} {e.card.name} is destroyed")
        if self.scourge is not None:  # "The Captain Emerges" (scourge.py)
            from pnp.games.waste_of_parts import scourge
            scourge.destroyed(self, e)
        elif e.card.ability == "boss":  # "When The Harrow is destroyed, the players win"
            self.win("with style")

