"""A game of Wreck and Ruin in progress: vehicles, salvage sites, AP, turns and rounds.

Pure core. ``WreckState`` implements the game interface (``pnp.games.api.State``); the legal
actions are in ``legal.py`` and their effects in ``play.py`` (so each module stays small);
damage, shooting, rams and crash and burn in ``combat.py``. Every die comes from ``self.rng``.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, cast

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin.actions import NAMES, Act, vehicle_text
from pnp.games.wreck_and_ruin.board import Board
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.dice import shuffle
from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord, distance
from pnp.games.wreck_and_ruin.legal import legal_actions
from pnp.games.wreck_and_ruin.movement import grid_of, hexes_of
from pnp.games.wreck_and_ruin.play import apply_action, place_token, start_turn
from pnp.games.wreck_and_ruin.rules import Config, VehicleType
from pnp.games.wreck_and_ruin.tables import per_map
from pnp.games.wreck_and_ruin.tiles import HAZARD

__all__ = ["ROW", "Notes", "Vehicle", "WreckState"]

#: The card drawn when a setup has no salvage deck: only the generic use.
SCRAP = CardDef("Scrap", "salvage", "scrap")


_set = object.__setattr__
#: What a vehicle did this turn, cleared (``Vehicle.reset_turn``).
_FRESH_TURN = (("acts", 0), ("count", 0), ("done", False), ("stuck", 0), ("potshot", False),
               ("repair", False))


#: The fields of a vehicle the heuristic player reads from arrays (``arrays.Where``), in
#: the order of its row of ``Notes.rows`` (``pos``: the anchor's hex index on the map, -1 off
#: the board, or off the map's hexes, where only a test's board puts one).
ROW = ("pos", "facing", "active", "damage", "plating", "acts", "count", "done", "stuck",
       "potshot", "repair")
_AT = {name: k for k, name in enumerate(ROW)}
_WIDTH = len(ROW)
_POS, _FACING, _ACTIVE = _AT["pos"], _AT["facing"], _AT["active"]
_ACTS, _COUNT = _AT["acts"], _AT["count"]
_TURN = _ACTS       # the first of the fields ``_FRESH_TURN`` clears
#: A row's part that ``_FRESH_TURN`` clears (``acts`` .. ``repair``), cleared.
_CLEARED = array("q", bytes(8 * (_WIDTH - _TURN)))


class Notes:
    """A state's vehicles as the heuristic player reads them, written at every change of a
    vehicle (``Vehicle.__setattr__``): ``rows``, per vehicle id its ``ROW`` (int64, read by
    the kernels in place); ``down``, per seat, its vehicles off the board (but the special
    ones in the box) and its wrecks, the only ones with candidates before their own
    (``bots._Look``). ``index``: the map's hex indices (``movement.grid_of``)."""

    __slots__ = ("rows", "index", "down", "view")

    def __init__(self, vehicles: int, players: int, index: dict[Coord, int]) -> None:
        self.rows = array("q", bytes(8 * _WIDTH * vehicles))
        self.index = index
        self.down: list[set[int]] = [set() for _ in range(players)]
        #: ``rows`` as a numpy array (``arrays.Where``: the simulator alone imports numpy).
        self.view: Any = None

    def copy(self) -> Notes:
        twin = Notes.__new__(Notes)
        twin.rows = self.rows[:]
        twin.index = self.index
        twin.down = [set(d) for d in self.down]
        twin.view = None
        return twin

    def write(self, v: Vehicle) -> None:
        """Write all of ``v``."""
        at = v.vid * _WIDTH
        self.rows[at:at + _WIDTH] = array("q", [-1 if v.pos is None else self.index.get(v.pos, -1),
                                                *(getattr(v, name) for name in ROW[1:])])
        self.place(v)

    def place(self, v: Vehicle) -> None:
        """Note whether ``v`` is down (see the class doc) after its place or state changed."""
        pos = v.pos
        if (not v.special) if pos is None else not v.active:
            self.down[v.seat].add(v.vid)
        else:
            self.down[v.seat].discard(v.vid)


class _Fields:
    """A vehicle's fields, stored plainly: ``Vehicle`` adds the notes (``Vehicle.copy`` fills
    one of these in and makes it a vehicle)."""

    __slots__ = ("acts", "active", "notes", "count", "damage", "done", "facing", "kind",
                 "name", "plating", "pos", "potshot", "repair", "seat", "slot", "special",
                 "stuck", "vid")

    vid: int
    seat: int
    slot: int
    kind: VehicleType
    name: str
    #: Where its changes are written (the state's).
    notes: Notes
    pos: Coord | None           # anchor (a big rig's rear hex); None: off the board
    facing: int
    damage: int
    active: bool                # False: a wreck (black peg)
    #: A special vehicle (drone, rhinax): in the box (off the board, never returning) until
    #: its faction card brings it in, back in the box once it leaves the board.
    special: bool
    #: Extra ARMOUR from a salvage card (``plating``), until its owner's next turn starts or
    #: it is wrecked (choice: docs/assumptions.md).
    plating: int
    acts: int                   # bits of the 2AP-limited actions taken (actions.AP_LIMITED)
    count: int                  # how many of them
    done: bool                  # a failed full throttle: "cannot complete any further actions"
    stuck: int                  # in a hazard: 0 not rolled yet, 1 free to act, 2 stuck
    potshot: bool               # a POTSHOT is available (after its move this turn)
    repair: bool                # a REPAIR is available (after the buggy's move this turn)


#: Per field of ``ROW``, its plain store (the slot's own setter, without ``Vehicle``'s
#: notes: a third cheaper than ``object.__setattr__``, and every action makes a few).
_STORE = tuple(getattr(_Fields, name).__set__ for name in ROW)
#: ``_FRESH_TURN`` by plain stores.
_FRESH_STORES = tuple((_STORE[_AT[name]], value) for name, value in _FRESH_TURN)


class Vehicle(_Fields):
    """One vehicle: where it is, its damage and what it did this turn."""

    __slots__ = ()

    def __init__(self, vid: int, seat: int, slot: int, kind: VehicleType, notes: Notes
                 ) -> None:
        for name, value in (("vid", vid), ("seat", seat), ("slot", slot), ("kind", kind),
                            ("name", vehicle_text(vid)), ("notes", notes), ("pos", None),
                            ("facing", 0), ("damage", 0), ("active", True), ("special", False),
                            ("plating", 0), *_FRESH_TURN):
            _set(self, name, value)
        notes.write(self)

    def __setattr__(self, name: str, value: Any) -> None:
        # every change the heuristic player reads is written in its state's notes
        at = _AT.get(name)
        if at is None:
            _set(self, name, value)
            if name == "special":
                self.notes.place(self)
            return
        if at:
            _STORE[at](self, value)
            notes = self.notes
            notes.rows[self.vid * _WIDTH + at] = value
            if at == _ACTIVE:
                notes.place(self)
            return
        # whether it is down changes only as it comes onto the board or leaves it (a move
        # from hex to hex, most changes of ``pos``, leaves it as it was)
        on_or_off = (value is None) is not (self.pos is None)
        _STORE[at](self, value)
        notes = self.notes
        notes.rows[self.vid * _WIDTH] = -1 if value is None else notes.index.get(value, -1)
        if on_or_off:
            notes.place(self)

    def reset_turn(self) -> None:
        """Clear what the vehicle did this turn (it starts every turn)."""
        if self.acts or self.count or self.done or self.stuck or self.potshot or self.repair:
            # plain stores, its notes' part of the row cleared in one go
            for store, value in _FRESH_STORES:
                store(self, value)
            at = self.vid * _WIDTH + _TURN
            self.notes.rows[at:at + _WIDTH - _TURN] = _CLEARED

    def drive_to(self, pos: Coord, facing: int) -> None:
        """A move on the board to ``pos`` facing ``facing``: both fields and their notes in
        one call (the moves make most of the changes of place)."""
        notes, at = self.notes, self.vid * _WIDTH
        _STORE[_POS](self, pos)
        notes.rows[at + _POS] = notes.index.get(pos, -1)
        if self.facing != facing:
            _STORE[_FACING](self, facing)
            notes.rows[at + _FACING] = facing

    def took(self, bit: int) -> None:
        """Note one of the actions limited per turn (``bit`` of ``actions.AP_LIMITED``): the
        two fields and their notes at once (every action but a few)."""
        acts, count = self.acts | bit, self.count + 1
        _STORE[_ACTS](self, acts)
        _STORE[_COUNT](self, count)
        rows, at = self.notes.rows, self.vid * _WIDTH
        rows[at + _ACTS] = acts
        rows[at + _COUNT] = count

    def armour(self) -> int:
        """Its ARMOUR now: the type's, plus any plating."""
        return self.kind.armour + self.plating

    def hexes(self) -> tuple[Coord, ...]:
        """The hexes it covers (none when off the board)."""
        pos = self.pos
        if pos is None:
            return ()
        if self.kind.hexes == 1:
            return (pos,)
        return hexes_of(pos, self.facing, 2)

    def copy(self, notes: Notes) -> Vehicle:
        """A copy whose changes are written in ``notes`` (its state's: a copy of this
        one's)."""
        # Stored as plain fields, then made a vehicle: a store through ``__setattr__`` (or
        # ``object.__setattr__``) costs several plain ones, and a game starts with some 30
        # vehicles copied; ``notes`` holds their rows already.
        twin = _Fields()
        twin.vid, twin.seat, twin.slot, twin.kind = self.vid, self.seat, self.slot, self.kind
        twin.name, twin.notes, twin.pos, twin.facing = self.name, notes, self.pos, self.facing
        twin.damage, twin.active, twin.special = self.damage, self.active, self.special
        twin.plating, twin.acts, twin.count, twin.done = (self.plating, self.acts, self.count,
                                                          self.done)
        twin.stuck, twin.potshot, twin.repair = self.stuck, self.potshot, self.repair
        twin.__class__ = Vehicle
        return cast(Vehicle, twin)


class WreckState:
    """The state of one game (see the module doc); ``setup`` is ``simulate.Setup``."""

    def __init__(self, setup: Any, rng: random.Random, *, deploy: bool = True) -> None:
        self.setup = setup
        self.config: Config = setup.config
        self.board: Board = setup.board
        #: The map's hazard hexes (``in_hazard``).
        self.hazards = _hazards(self.board)
        self.players: int = setup.players
        self.rng = rng
        self.log: list[str] | None = None
        cfg = self.config
        self.rounds = setup.rounds or cfg.per_players(cfg.rounds, self.players)
        # the vehicles as every game of the setup starts (deployed: "sets their vehicles up
        # completely within their setup area"), copied
        start, occupant, flyers = _start(setup, deploy)
        #: The vehicles as the heuristic player reads them (``Notes``).
        self.notes = start[0].notes.copy()
        self.vehicles: list[Vehicle] = [v.copy(self.notes) for v in start]
        self.per_seat = len(cfg.roster) + len(cfg.specials)
        self.occupant: dict[Coord, int] = dict(occupant)
        #: The ids of the FLYING vehicles (a vehicle's type never changes).
        self.flyers = flyers
        self.tokens: dict[Coord, bool] = {}    # site hex -> green (True) or red (False)
        self.scores = [0] * self.players
        # Cards: ids index the expanded decks; hands, draw piles and discards hold ids.
        salvage, self.events = setup.decks
        self.salvage = salvage or (SCRAP,)
        self.salvage_pile = list(range(len(self.salvage)))
        self.salvage_discards: list[int] = []
        self.event_pile = list(range(len(self.events)))
        shuffle(rng, self.salvage_pile)
        shuffle(rng, self.event_pile)
        self.event: CardDef | None = None
        self.event_round = 0
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        #: Each seat's team: Team games (variant) pair seats 1 and 3, 2 and 4 ("factions on
        #: the same team cannot have their turns consecutively"); otherwise every seat alone.
        self.team = [seat % 2 if setup.teams else seat for seat in range(self.players)]
        # Factions are dealt to seats at random, each faction as likely in every seat (choice:
        # assumptions.md), so a faction's win rate can be measured apart from the seats.
        # "They select one of their faction powers at random". Knowledge is power (variant):
        # "you can select which faction card you want" (choice: the first of the faction's
        # cards in factions.yaml).
        order = rng.sample(range(len(setup.factions)), min(len(setup.factions), self.players))
        #: Each seat's faction (its name), "" when the setup has none for it.
        self.seat_faction = tuple(setup.factions[f][0] for f in order) \
            + ("",) * (self.players - len(order))
        self.faction_card: list[CardDef | None] = [
            None if seat >= len(order) else setup.factions[order[seat]][1][0]
            if setup.knowledge_is_power else rng.choice(setup.factions[order[seat]][1])
            for seat in range(self.players)]
        self.drawn_factions = tuple(c.name for c in self.faction_card if c is not None)
        self.faction_played = False     # "Only one can be played per turn"
        self.bonus_dice = 0             # this turn's extra attack dice (bloodlust)
        self.bonus_move = 0             # this turn's extra movement (nomads)
        self.wrecked_by_turn = [0] * self.players
        self.round = 1
        self.seat = 0
        self.ap = 0
        self.card_used = False
        self.acted = False          # spent AP on something this turn (returns come first)
        #: The vehicle brought back by the last action (-1: none): "Players can choose to
        #: spend further AP at that time and/or discard any number of salvage cards, to
        #: remove 1DP for each" (``patch``), until another action.
        self.returned = -1
        self.pending: int | None = None   # a vehicle mid full throttle: its allowance
        self.pending_vid = -1
        self.final_push = False
        self.over = False
        self.awarded: list[int] = []
        self.tie_break = False
        self.removed_tokens = 0
        self._legal: list[Act] | None = None
        #: An action a bot built from the rules' tables and vouches is legal (play.py).
        self.vouched: Act | None = None
        #: The vehicle that took the last action of this turn (-1: none yet).
        self.last_vehicle = -1
        self.dealt: tuple[tuple[str, ...], ...] = ((),) * self.players
        if deploy:
            for seat in range(self.players):
                # Knowledge is power: "Do not draw a salvage card at the start of the game"
                self.draw(seat, 0 if setup.knowledge_is_power else cfg.start_salvage)
            for seat, names in enumerate(setup.start_cards):
                for name in names:
                    self.hands[seat].append(self._take(name))
            #: The salvage cards each seat was dealt at the start (names): the per-card
            #: balance compares the seats dealt a card with the seats not dealt it.
            self.dealt = tuple(tuple(self.salvage[c].name for c in h) for h in self.hands)
            self._place_tokens(cfg.tokens, opening=True)
            self._start_turn()

    def _take(self, name: str) -> int:
        """The card ``name`` out of the pile, else out of the hand it was dealt to (which
        draws a replacement): the decks hold each card once."""
        named = [c for c in range(len(self.salvage)) if self.salvage[c].name == name]
        for c in named:
            if c in self.salvage_pile:
                self.salvage_pile.remove(c)
                return c
        for hand in self.hands:
            for c in named:
                if c in hand:
                    hand.remove(c)
                    if self.salvage_pile:
                        hand.append(self.salvage_pile.pop())
                    return c
        raise IllegalAction(f"no salvage card {name!r} to deal")

    # -- the interface -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.seat

    def is_over(self) -> bool:
        return self.over

    def returns(self) -> tuple[float, ...]:
        if not self.over:
            return (0.0,) * self.players
        scores, dp = self.team_totals()
        best = max(scores.values())
        tied = [t for t in scores if scores[t] == best]
        if len(tied) > 1:
            # "the winner is the tied player that has taken the least Damage Points (DP)":
            # the pegs in place (``dp_pegs``)
            least = min(dp[t] for t in tied)
            tied = [t for t in tied if dp[t] == least]
        won = [s for s in range(self.players) if self.team[s] in tied]
        share = 1.0 / len(won)
        return tuple(share if s in won else 0.0 for s in range(self.players))

    def team_totals(self) -> tuple[dict[int, int], dict[int, int]]:
        """Sites and DP taken (``dp_pegs``) per team (per seat without Team games):
        "Factions work together to win" (choice: a team's sites and DP are its members'
        sums)."""
        scores: dict[int, int] = {}
        dp: dict[int, int] = {}
        pegs = self.dp_pegs()
        for s in range(self.players):
            t = self.team[s]
            scores[t] = scores.get(t, 0) + self.scores[s]
            dp[t] = dp.get(t, 0) + pegs[s]
        return scores, dp

    def dp_pegs(self) -> list[int]:
        """Per seat, the DP its vehicles have taken as the table shows it: the flame pegs in
        their pegholes now ("Count the DP again"; choice, docs/assumptions.md). A repair takes
        pegs out, hits past a full vehicle place none, and a vehicle off the board has all
        its pegs ("it returns fully damaged minus 1DP"); a special vehicle still in the box
        has none."""
        out = [0] * self.players
        for v in self.vehicles:
            out[v.seat] += v.damage
        return out

    def legal_actions(self) -> Sequence[Act]:
        if self._legal is None:    # the bot and apply both ask: work it out once per state
            self._legal = legal_actions(self)
        return self._legal

    def apply(self, action: Any) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if not isinstance(action, Act) or action.seat != self.seat:
            raise IllegalAction(f"{action} is not an action of P{self.seat + 1}")
        apply_action(self, action)
        self._legal = None
        self.vouched = None

    def clone(self) -> WreckState:
        twin = WreckState.__new__(WreckState)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.notes = self.notes.copy()
        twin.vehicles = [v.copy(twin.notes) for v in self.vehicles]
        for name in ("occupant", "tokens"):
            setattr(twin, name, dict(getattr(self, name)))
        for name in ("scores", "wrecked_by_turn", "awarded", "salvage_pile",
                     "salvage_discards", "event_pile"):
            setattr(twin, name, list(getattr(self, name)))
        twin.hands = [list(h) for h in self.hands]
        twin.faction_card = list(self.faction_card)
        twin.team = list(self.team)
        twin.log = None if self.log is None else list(self.log)
        return twin

    def determinize(self, rng: random.Random) -> None:
        """Redraw what the player to move cannot know, for a search bot's playout: reseed the
        dice, reshuffle the event deck, deal the other players' salvage hands afresh from
        their cards and the salvage deck (same sizes; the discards are open), and redraw the
        faction card each other player has not played yet from its faction's cards (the
        table shows another player's hand and faction card only as a count and "not yet
        played": choice, docs/assumptions.md)."""
        self.rng.seed(rng.getrandbits(64))
        rng.shuffle(self.event_pile)
        others = [seat for seat in range(self.players) if seat != self.seat]
        unseen = list(self.salvage_pile)
        for seat in others:
            unseen += self.hands[seat]
        rng.shuffle(unseen)
        for seat in others:
            n = len(self.hands[seat])
            self.hands[seat], unseen = unseen[:n], unseen[n:]
        self.salvage_pile = unseen
        decks = dict(self.setup.factions)
        for seat in others:
            cards = decks.get(self.seat_faction[seat])
            if self.faction_card[seat] is not None and cards:
                self.faction_card[seat] = rng.choice(cards)

    # -- cards --------------------------------------------------------------------------
    def draw(self, seat: int, n: int = 1) -> None:
        """Draw ``n`` salvage cards ("If you ever need to draw a card and there is no deck
        left, shuffle the discard pile")."""
        for _ in range(n):
            if not self.salvage_pile:
                if not self.salvage_discards:
                    return
                self.salvage_pile = self.salvage_discards
                self.salvage_discards = []
                shuffle(self.rng, self.salvage_pile)
            self.hands[seat].append(self.salvage_pile.pop())

    def discard(self, seat: int, effect: str | None = None, card: int | None = None) -> CardDef:
        """Discard ``card`` (its place in the deck), else a card of ``effect`` (the largest
        amount), else the least useful card (scrap first); the card discarded."""
        hand = self.hands[seat]
        if card is None and effect is None:
            card = self.least_useful(seat)
        elif card is None:
            card = max((c for c in hand if self.salvage[c].effect == effect),
                       key=lambda c: (self.salvage[c].amount, -c))
        hand.remove(card)
        self.salvage_discards.append(card)
        return self.salvage[card]

    def least_useful(self, seat: int) -> int:
        """The card of the seat's hand a discard for DP gives up: scrap first, then field
        repair kits, reserve fuel tanks, the rest; the smallest amount."""
        order = {"scrap": 0, "field_repair": 1, "reserve_fuel": 2}
        return min(self.hands[seat], key=lambda c: (order.get(self.salvage[c].effect, 3),
                                                    self.salvage[c].amount, c))

    def holds(self, seat: int, effect: str) -> bool:
        salvage = self.salvage
        for c in self.hands[seat]:
            if salvage[c].effect == effect:
                return True
        return False

    def effect(self, name: str) -> int:
        """The amount of the event in play if it is ``name``, else 0."""
        e = self.event
        return e.amount if e is not None and e.effect == name else 0

    # -- helpers used by combat/play ----------------------------------------------------
    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def vehicle(self, seat: int, slot: int) -> Vehicle:
        return self.vehicles[seat * self.per_seat + slot]

    def leave(self, v: Vehicle) -> None:
        """Lift ``v`` off its hexes (moving it off a site contests it)."""
        pos = v.pos
        if pos is None:
            return
        occupant, tokens, vid = self.occupant, self.tokens, v.vid
        for h in (pos,) if v.kind.hexes == 1 else v.hexes():
            if occupant.get(h) == vid:
                del occupant[h]
            if h in tokens:
                tokens[h] = False           # "moved off the token ... flipped back to red"

    def enter(self, v: Vehicle) -> None:
        pos = v.pos
        if pos is None:
            return
        if v.kind.hexes == 1:
            self.occupant[pos] = v.vid
            return
        for h in v.hexes():
            self.occupant[h] = v.vid

    def remove(self, v: Vehicle) -> None:
        """Off the board (pushed or crashed off, exploded); "removed from play temporarily"."""
        v.pos = None
        v.active = False
        v.damage = v.kind.dp      # a special vehicle goes back in the box (never returns)

    def contest(self, v: Vehicle) -> None:
        """"if the occupying vehicle takes damage ... it is immediately flipped back to red"."""
        for h in v.hexes():
            if h in self.tokens:
                self.tokens[h] = False

    def arrive_wreck(self, v: Vehicle) -> None:
        """A wreck that stops (or explodes) on a site takes the token off the board until
        the end of the turn ("Tokens can be temporarily removed if a vehicle crashes")."""
        for h in v.hexes():
            if h in self.tokens:
                del self.tokens[h]
                self.removed_tokens += 1
                if self.log is not None:
                    self.say(f"the salvage token at {h[0]},{h[1]} is taken off by the wreck")

    def in_hazard(self, v: Vehicle) -> bool:
        pos = v.pos
        if pos is None:
            return False
        hazards = self.hazards
        if pos in hazards:
            return True
        return v.kind.hexes == 2 and v.hexes()[1] in hazards    # a big rig's front hex

    def free(self, h: Coord) -> bool:
        """An open hex with no vehicle or wreck on it."""
        return self.board.terrain.get(h) == 0 and h not in self.occupant

    # -- setup and turn flow --------------------------------------------------------------
    def _inward(self, seat: int) -> int:
        return _setup_area(self.board, seat)[0]

    def return_spots(self, v: Vehicle) -> list[Coord]:
        """Where a returning vehicle may be set up: free hexes of its setup area."""
        return list(self.each_return_spot(v))

    def each_return_spot(self, v: Vehicle) -> Iterator[Coord]:
        """``return_spots`` one by one (the heuristic player looks at the first alone)."""
        area = self.board.setup[v.seat]
        inward = self._inward(v.seat)
        return (h for h in area if all(c in area and self.free(c) for c in
                                       hexes_of(h, inward, v.kind.hexes)))

    def _place_tokens(self, count: int, opening: bool = False) -> None:
        """Place tokens: the opening four on the central tile, then by the tracker roll."""
        for _ in range(count):
            place_token(self, opening)

    def _start_turn(self) -> None:
        start_turn(self)

    def name_of(self, vid: int) -> str:
        return f"P{vid // self.per_seat + 1} {NAMES[vid % self.per_seat]}"


_Start = tuple[tuple[Vehicle, ...], dict[Coord, int], frozenset[int]]
#: ``_start``'s, per setup: not deployed, deployed.
_STARTS: tuple[dict[int, tuple[object, Any]], ...] = ({}, {})


def _start(setup: Any, deploy: bool) -> _Start:
    """(The vehicles, the hexes they hold, the ids of the FLYING ones) as every game of
    ``setup`` starts: each seat's roster and special vehicles, with ``deploy`` set up in their
    setup areas facing the centre (``_deployment``). Built once per setup (no die is rolled
    for it); a game copies them and never changes these."""
    return per_map(_STARTS[deploy], setup, lambda: _new_start(setup, deploy))


def _new_start(setup: Any, deploy: bool) -> _Start:
    cfg, board = setup.config, setup.board
    kinds = cfg.roster + cfg.specials
    notes = Notes(setup.players * len(kinds), setup.players, grid_of(board).index)
    vehicles: list[Vehicle] = []
    for seat in range(setup.players):
        for slot, kind in enumerate(kinds):
            v = Vehicle(len(vehicles), seat, slot, cfg.type_of[kind], notes)
            v.special = slot >= len(cfg.roster)
            vehicles.append(v)
    occupant: dict[Coord, int] = {}
    if deploy:
        deployment = _deployment(board, setup.players,
                                 tuple(cfg.type_of[k].hexes for k in cfg.roster))
        for seat in range(setup.players):
            inward = _setup_area(board, seat)[0]
            for slot, anchor in deployment[seat]:
                v = vehicles[seat * len(kinds) + slot]
                v.pos, v.facing = anchor, inward
                for h in v.hexes():
                    occupant[h] = v.vid
    flyers = frozenset(v.vid for v in vehicles if "FLYING" in v.kind.skills)
    return tuple(vehicles), occupant, flyers


@lru_cache(maxsize=16)
def _hazards(board: Board) -> frozenset[Coord]:
    """The hazard hexes of the map (worked out once per map)."""
    return frozenset(h for h, t in board.terrain.items() if t == HAZARD)


@lru_cache(maxsize=64)
def _setup_area(board: Board, seat: int) -> tuple[int, tuple[Coord, ...]]:
    """The facing towards the centre from the seat's setup area, and its hexes nearest the
    map's centre first (where the vehicles deploy and return); worked out once per map."""
    area = board.setup[seat]
    cq = sum(h[0] for h in area) / len(area)
    cr = sum(h[1] for h in area) / len(area)
    inward = min(range(6), key=lambda f: distance(
        (round(cq) + DIRECTIONS[f][0] * 3, round(cr) + DIRECTIONS[f][1] * 3), (0, 0)))
    return inward, tuple(sorted(area, key=lambda h: (distance(h, board.centre), h)))


@lru_cache(maxsize=16)
def _deployment(board: Board, players: int, sizes: tuple[int, ...]
                ) -> tuple[tuple[tuple[int, Coord], ...], ...]:
    """Per seat, (roster slot, anchor) of each vehicle set up "completely within their setup
    area", facing the centre, the big rig at the back (choice: a fixed deployment,
    docs/assumptions.md), in the order they are placed; ``sizes``: the hexes of each roster
    slot's vehicle. The same at every game's start on a map: worked out once."""
    taken: set[Coord] = set()
    out = []
    for seat in range(players):
        area = board.setup[seat]
        inward, spots = _setup_area(board, seat)
        placed = []
        for slot in sorted(range(len(sizes)), key=lambda s: -sizes[s]):
            for h in (reversed(spots) if sizes[slot] == 2 else spots):
                cover = hexes_of(h, inward, sizes[slot])
                if all(c in area and c not in taken for c in cover):
                    placed.append((slot, h))
                    taken.update(cover)
                    break
            else:
                raise ValueError(f"no room for P{seat + 1} {NAMES[slot]} in the setup area of "
                                 f"P{seat + 1}")
        out.append(tuple(placed))
    return tuple(out)
