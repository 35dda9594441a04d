"""Waste Knights' game state: the rule steps run by themselves, the knights decide.

Pure core. ``TourState`` walks each round in rulebook order (Preparations Phase, Move Step,
Exploration Step, Rest Step) and stops at every decision a knight makes: the city's free option
(Waster Step b), his route (Move Step a), escape or face the Waster's card (Resolving Wasteland
Cards), an exploration action (Exploration Step b) and a luck card for Quick Resupply (Rest Step
c). A decision with a single option is skipped. ``apply`` checks the action against the rules
(``IllegalAction``) and runs on to the next decision. Cards and combat are in ``wasteland`` and
``combat``, knights meeting on a route in ``knights``, the Exploration and Rest Steps in
``explore``; the winner has the most Reputation, ties broken by gear value.
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from pnp.errors import PnpError
from pnp.games.api import IllegalAction
from pnp.games.waste_knights import actions as A
from pnp.games.waste_knights import explore as X
from pnp.games.waste_knights import knights as K
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import stalls as S
from pnp.games.waste_knights import tasks as T
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.cards import Deck
from pnp.games.waste_knights.narrate import changes, hex_name, opening
from pnp.games.waste_knights.tour import CITY_HEX, Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.simulate import Setup

__all__ = ["CITY", "EXPLORE", "MOVE", "OVER", "RESUPPLY", "Decision", "TourState"]

_F = {name: i for i, name in enumerate(FIELDS)}
_SPECIALS, _CITIES, _TASKS = _F["specials"], _F["cities"], _F["tasks"]
_REP, _GEAR = _F["reputation"], _F["gear_value"]

_FACED, _DRAWN, _STARVED = _F["cards_faced"], _F["cards_drawn"], _F["starved_rounds"]
_FUEL_SPENT, _ENTERED = _F["fuel_spent"], _F["hexes_entered"]
_KO_FIELD = {R.KnockOut.RADIATION: _F["ko_radiation"], R.KnockOut.HEALTH: _F["ko_contamination"]}
_NICONS = len(R.LUCK_ICONS)
_ROOM = R.POCKETS + R.BACKPACK


class Decision(IntEnum):
    """What the knight to move decides (OVER: nobody, the game has ended)."""

    CITY = 0       # Waster Step b): the free option of a city hex
    MOVE = 1       # Move Step a): Plan Route (or stay)
    EXPLORE = 2    # Exploration Step b): 1 exploration action (or none)
    RESUPPLY = 3   # Rest Step c): Quick Resupply (or none)
    OVER = 4
    FACE = 5       # Resolving Wasteland Cards: escape or face the card the Waster played


# The members as module constants: a plain name is several times faster to reach in the loop.
CITY, MOVE, EXPLORE, RESUPPLY, OVER, FACE = Decision

# The steps of a round the state walks through.
_PREP, _MOVE, _EXPLORE, _REST = range(4)
_MOVES = (A.Stay, A.Walk, A.Drive)
_STEP_NAME = ("Preparations Phase", "Move Step", "Exploration Step", "Rest Step")


class TourState:
    """One tour in progress: the knights' seats, the common task and where the round stands."""

    __slots__ = ("setup", "tables", "rng", "seats", "task_hex", "task_marks", "round",
                 "decision", "_step", "_k", "_player", "_log", "_actions", "wasteland",
                 "contamination", "radiation", "pending", "deck", "beaten", "tasks", "stalls",
                 "redoubt", "task_trait")
    decision: Decision
    _player: int

    def __init__(self, setup: Setup, rng: random.Random) -> None:
        """Game Setup: knights in Gangraen with full dials, 3 luck cards each, one common task."""
        t = self.tables = setup.tables
        self.setup, self.rng = setup, rng
        caps = setup.caps or ((-1, -1),) * len(setup.speeds)
        self.seats = [Seat(speed=sp, pos=t.start, knight=R.Knight(),
                           green=setup.model.start_green, luck=[0] * _NICONS,
                           stats=[0] * len(FIELDS), visited=1 << t.start, cap=cap, vehicle=v)
                      for sp, cap, v in zip(setup.speeds, caps, setup.vehicles, strict=True)]
        for seat in self.seats:
            for _ in range(R.START_LUCK):
                seat.luck[int(rng.random() * _NICONS)] += 1
        self._log: list[str] | None = None
        assert setup.deck is not None, "a game needs its wasteland deck"
        self.deck: Deck = setup.deck
        self.wasteland = W.WastelandDeck(len(setup.deck.cards), rng)
        self.contamination: dict[int, int] = {}  # tokens on hexes until the next Waster Step
        self.radiation: dict[int, int] = {}
        self.pending = -1  # the wasteland card the Active Knight must escape or face
        self.beaten: dict[int, set[int]] = {}  # knights each knight K.O.'d in a duel this round
        self.stalls = S.setup(setup.stalls)  # Game Setup 3 E: the gear cards on the Stalls
        self.redoubt: list[tuple[int, int]] = []  # (card, round) under the Waster marker
        self.task_trait = ""  # the common task's enemy trait ("": explore task_hex)
        self.task_hex, self.task_marks = self.draw_task(), 0
        self.tasks = T.deal(self, [b != "random" for b in setup.bots])  # private tasks
        self.round, self._actions = 0, 0
        self._start_round()
        self._advance()

    # --- the State protocol ------------------------------------------------------------------

    @property
    def log(self) -> list[str] | None:
        """Lines for what the rules did (None while simulating)."""
        return self._log

    @log.setter
    def log(self, value: list[str] | None) -> None:
        # The replay switches the log on after Game Setup: tell it how the game began.
        if value is not None and self._actions == 0 and self._log is None:
            value.extend(opening(self))
        self._log = value

    @property
    def current_player(self) -> int:
        """Seat of the knight who decides now (-1 once the game is over)."""
        return self._player

    def is_over(self) -> bool:
        """True after the Rest Step of the last round."""
        return self.decision is OVER

    def score(self, s: int) -> tuple[int, int]:
        """Winning the Game: "ties are broken using Reputation and gear card value"."""
        seat = self.seats[s]
        return seat.rep, W.gear_value(seat)

    def returns(self) -> tuple[float, ...]:
        """The most Reputation wins, then the most gear value; a tie is shared."""
        n = len(self.seats)
        if not self.is_over():
            return (0.0,) * n
        pts = [self.score(s) for s in range(n)]
        top = max(pts)
        winners = pts.count(top)
        return tuple(1.0 / winners if p == top else 0.0 for p in pts)

    def records(self) -> tuple[int, ...]:
        """Per-seat FIELDS, seat-major (Reputation and gear value as the game ends)."""
        out: list[int] = []
        for seat in self.seats:
            st = list(seat.stats)
            st[_REP], st[_GEAR] = seat.rep, W.gear_value(seat)
            out += st
        return tuple(out)

    def clone(self) -> TourState:
        """An independent copy, its random stream in the same state."""
        c = object.__new__(TourState)
        c.setup, c.tables, c.deck = self.setup, self.tables, self.deck
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.seats = [s.copy() for s in self.seats]
        c.wasteland, c.pending = self.wasteland.copy(), self.pending
        c.contamination, c.radiation = dict(self.contamination), dict(self.radiation)
        c.beaten = {k: set(v) for k, v in self.beaten.items()}
        c.tasks = [k.copy() for k in self.tasks]
        c.stalls, c.redoubt, c.task_trait = list(self.stalls), list(self.redoubt), self.task_trait
        c.task_hex, c.task_marks, c.round, c.decision = (self.task_hex, self.task_marks,
                                                         self.round, self.decision)
        c._step, c._k, c._player, c._actions = self._step, self._k, self._player, self._actions
        c._log = None if self._log is None else list(self._log)
        return c

    def legal_actions(self) -> tuple[A.Action, ...]:
        """The options of the decision in hand.

        Move Step: stay, walk to each adjacent hex, or drive: one route per hex the Fuel
        reaches, the cheapest (least Movement Points, then Threat, then hexes), as the bots
        plan. ``apply`` takes any other route the Plan Route rules allow as well: a strider with a
        full tank has some 180,000 of them on a session board.
        """
        d, s = self.decision, self._player
        if d is OVER:
            return ()
        seat = self.seats[s]
        if d is CITY:
            return tuple(A.CityChoice(s, o) for o in R.CityOption)
        if d is EXPLORE:
            return (A.Explore(s, None),) + X.explore_choices(self, s, seat)
        if d is FACE:
            return (A.Face(s, False), A.Face(s, True))
        if d is RESUPPLY:
            return (A.QuickResupply(s, None),) + tuple(
                A.QuickResupply(s, icon) for i, icon in enumerate(R.LUCK_ICONS) if seat.luck[i])
        t, p = self.tables, seat.pos
        out: list[A.Action] = [self.stay()]
        out += [self.walk(j) for j in t.nbrs[p]]
        if seat.knight.fuel and seat.vdamage < W.WRECKED:
            # Move Step: with at least 1 Fuel "he can move to any hex adjacent", covered or not.
            budget = R.movement_points(seat.knight.fuel, seat.speed)
            out += [self.drive(j) for j in range(t.n)
                    if j != p and (t.mp[p][j] <= budget or j in t.nbrs[p])]
        return tuple(out)

    def apply(self, action: Any) -> None:
        """Play the decision of the knight in hand; ``IllegalAction`` if the rules forbid it."""
        d, s = self.decision, self._player
        if d is OVER:
            raise IllegalAction(f"the game is over: {action}")
        if getattr(action, "seat", None) != s:
            raise IllegalAction(f"{action}: it is knight {s + 1}'s decision")
        seat, kind = self.seats[s], type(action)
        if d is MOVE and kind in _MOVES:
            self._move(s, seat, action)
        elif d is CITY and kind is A.CityChoice:
            self._city_option(s, seat, action.option)
        elif d is EXPLORE and kind is A.Explore:
            X.exploration_action(self, s, seat, action.action, action.target)
        elif d is RESUPPLY and kind is A.QuickResupply:
            X.quick_resupply(self, s, seat, action.icon)
        elif d is FACE and kind is A.Face:
            lines = W.resolve(self, s, seat, self.pending, bool(action.face))
            self.pending = -1
            if self._log is not None:
                self._log += lines
        else:
            raise IllegalAction(f"{action}: knight {s + 1} is deciding {d.name.lower()}")
        self._actions += 1
        if self.pending >= 0:  # the Waster played a card: the same knight escapes or faces it
            self.decision = FACE
        else:
            self._k += 1
            self._advance()
        if self.setup.caps:  # gear over the places to keep it: the cheapest cards go
            for st in self.seats:
                if st.green + st.yellow + st.red > _ROOM:  # pockets and backpack always hold
                    W.fit_gear(st)

    # --- actions for bots ---------------------------------------------------------------------
    def stay(self) -> A.Stay:
        """The knight in hand stays on his hex."""
        s = self._player
        return A.Stay(s, self.tables.tile[self.seats[s].pos])

    def walk(self, j: int) -> A.Walk:
        """The knight in hand walks to hex ``j``."""
        s = self._player
        return A.Walk(s, self.tables.tile[self.seats[s].pos], self.tables.tile[j])

    def drive(self, j: int) -> A.Drive:
        """The knight in hand drives the cheapest route to hex ``j``, paying the least Fuel."""
        s, t = self._player, self.tables
        seat = self.seats[s]
        p = seat.pos
        # An adjacent hex (its route is that hex alone) costs at most the Fuel he has.
        return A.Drive(s, t.tile_route[p][j], min(seat.knight.fuel, R.fuel_needed(
            t.mp[p][j], seat.speed)))

    # --- the rounds ---------------------------------------------------------------------------

    def _hex(self, j: int) -> str:
        return hex_name(self.tables, j)

    def _order(self, k: int) -> int:
        # Round Order starts at the First Player; the marker passes left each round.
        return (self.round + k) % len(self.seats)

    def _start_round(self) -> None:
        self._k = 0
        for seat in self.seats:
            seat.skip = False
        self.beaten.clear()
        if self._log is not None:
            self._log.append(f"round {self.round + 1} of {self.setup.rounds}: First Player "
                             f"knight {self._order(0) + 1}")
        if self.round == 0:  # Preparations Phase: "Skip this phase during the first round"
            self._enter(_MOVE)
            return
        self._enter(_PREP)
        self.task_marks += 1  # Waster Step a) Mark Task Cards
        self._update_stalls()
        T.mark(self)
        if R.task_outdated(self.task_marks):
            self.task_hex, self.task_marks = self.draw_task(), 0
            if self._log is not None:
                self._log.append(f"the common task is outdated ({R.TASK_OUTDATED_MARKS} "
                                 f"markers); new common task: {T.common_text(self)}")

    def _update_stalls(self) -> None:
        """Waster Step e) Update Stalls (optional): the Waster bot discards the 2 cards most
        useful to the leading knight when he stands in a city with the Stalls, else skips."""
        if not self.setup.stalls:
            return
        lead = max(range(len(self.seats)), key=self.score)
        rule = self.tables.rules[self.seats[lead].pos]
        if rule is None or not rule.trade:
            return
        spaces = self.setup.stalls
        discard = S.waster_discards(spaces, self.stalls, rule.name)
        # Gear decks are unlimited in the model: each space gets a card of its colour again.
        self.stalls = S.update(spaces, self.stalls, discard, dict.fromkeys(S.COLOURS))[0]
        if self._log is not None and discard:
            self._log.append(f"the Waster updates the Stalls: discards spaces "
                             f"{', '.join(str(i + 1) for i in discard)} and refills them")

    def _advance(self) -> None:
        """Run the rule steps until a knight decides or the game ends."""
        n, seats = len(self.seats), self.seats
        while True:
            step, k = self._step, self._k
            if step == _PREP:
                # Waster Step b) and Knights Step c) touch only the knight's own dials and hand,
                # so resolving them knight by knight gives the same game as step by step.
                while k < n:
                    if self._game_board_effects(k):  # an unconscious knight draws no card
                        if self.tables.kind[seats[k].pos] == CITY_HEX:
                            return self._decide(CITY, k, k)
                        self._draw_luck_card(k)
                    k += 1
                # c) Remove Long-term Effects: the tokens wasteland cards placed last round.
                self.contamination.clear()
                self.radiation.clear()
                self._enter(_MOVE)
            elif step == _MOVE:
                while k < n:
                    s = self._order(k)
                    seat = seats[s]
                    if not seat.ko:  # "he performs no activities or actions"
                        if seat.knight.fuel == 0:
                            seat.stats[_STARVED] += 1
                        return self._decide(MOVE, s, k)
                    k += 1
                self._enter(_EXPLORE)
            elif step == _EXPLORE:
                while k < n:
                    s = self._order(k)
                    if X.exploration(self, s):
                        return self._decide(EXPLORE, s, k)
                    k += 1
                self._enter(_REST)
                TR.rest_trades(self)  # a) Trade Between Knights
            else:
                while k < n:  # c) Quick Resupply, by seat as the tour always did
                    seat = seats[k]
                    if not seat.ko and any(seat.luck):
                        return self._decide(RESUPPLY, k, k)
                    k += 1
                X.regain_consciousness(self)
                self.round += 1
                if self.round == self.setup.rounds:
                    return self._end()
                self._start_round()

    def _enter(self, step: int) -> None:
        self._step, self._k = step, 0
        if self._log is not None:
            self._log.append(_STEP_NAME[step])

    def _decide(self, decision: Decision, s: int, k: int) -> None:
        """Stop at knight ``s``'s decision, the ``k``-th of the step."""
        self.decision, self._player, self._k = decision, s, k

    def _end(self) -> None:
        self.decision, self._player = OVER, -1
        if self._log is not None:
            pts = [self.score(s) for s in range(len(self.seats))]
            best = [f"knight {s + 1}" for s, p in enumerate(pts) if p == max(pts)]
            self._log.append(
                f"end of the game after {self.setup.rounds} rounds; Reputation (gear value): "
                + ", ".join(f"knight {s + 1} {p[0]} ({p[1]})" for s, p in enumerate(pts))
                + f"; winner: {' and '.join(best)}")

    # --- Preparations Phase -------------------------------------------------------------------

    def _game_board_effects(self, s: int) -> bool:
        """Waster Step b) icons on knight ``s``'s hex; False when they knocked him out."""
        seat, t = self.seats[s], self.tables
        p = seat.pos
        rad = t.radiation[p] + self.radiation.get(p, 0)  # "from a hex and any ... tokens"
        con = t.contamination[p] + self.contamination.get(p, 0)
        if rad or con:
            before = seat.knight
            seat.knight = R.game_board_effects(before, rad, con)
            if self._log is not None:
                self._log.append(f"knight {s + 1} on {self._hex(p)}: "
                                 f"{changes(before, seat.knight)}")
        ko = R.knocked_out_by(seat.knight)
        if ko is None:
            return True
        seat.ko = True
        seat.stats[_KO_FIELD[ko]] += 1
        if self._log is not None:
            self._log.append(f"knight {s + 1} is knocked out by {ko.value}")
        return False

    def _city_option(self, s: int, seat: Seat, option: R.CityOption) -> None:
        if not isinstance(option, R.CityOption):
            raise IllegalAction(f"no city option {option!r}")
        before = seat.knight
        seat.knight = R.apply_city_option(seat.knight, option)
        if self._log is not None:
            self._log.append(f"knight {s + 1}: {changes(before, seat.knight)}")
        self._draw_luck_card(s)

    def _draw_luck_card(self, s: int) -> None:
        """Knights Step c): draw 1 luck card; at the limit the card drawn is the one discarded."""
        seat = self.seats[s]
        i = -1
        if not R.luck_hand_full(sum(seat.luck)):
            i = int(self.rng.random() * _NICONS)
            seat.luck[i] += 1
        if self._log is not None:
            self._log.append(f"knight {s + 1} draws a luck card: " + (
                A.LUCK_TEXT[R.LUCK_ICONS[i]] if i >= 0 else
                f"discarded, {R.LUCK_HAND_MAX} cards in hand"))

    def draw_task(self, done: int | None = None) -> int:
        """A new common task (``tasks.draw_common``): its hex (-1: an enemy task)."""
        self.task_hex, self.task_trait = T.draw_common(self, done)
        return self.task_hex

    # --- Move Step ----------------------------------------------------------------------------

    def _move(self, s: int, seat: Seat, action: A.Stay | A.Walk | A.Drive) -> None:
        """Plan Route checked by the rules, then Resolve Movement."""
        t, p = self.tables, seat.pos
        if isinstance(action, A.Stay):
            if action.hex != t.tile[p]:
                raise IllegalAction(f"{action}: knight {s + 1} is on {t.tile[p]}")
            # "If the Active Knight chooses not to move, the Waster does not draw or play any
            # wasteland cards."
            return
        walk = isinstance(action, A.Walk)
        labels = (action.start, action.to) if isinstance(action, A.Walk) else action.route
        if not labels or labels[0] != t.tile[p]:
            raise IllegalAction(f"{action}: knight {s + 1} is on {t.tile[p]}")
        try:
            route = tuple([t.index[x] for x in labels[1:]])
        except KeyError as exc:
            raise IllegalAction(f"{action}: no hex {exc.args[0]} on the board") from None
        coords = [t.coords[j] for j in route]
        problem = (R.foot_route_problem(t.coords[p], coords) if walk
                   else R.route_problem(t.coords[p], coords) if route else "it enters no hex")
        if problem is not None:
            raise IllegalAction(f"{action}: {problem}")
        if isinstance(action, A.Walk):
            self._wasteland_card(s, seat, route, R.wasteland_cards_drawn((), on_foot=True), True)
            return
        if seat.vdamage >= W.WRECKED:
            raise IllegalAction(f"{action}: knight {s + 1}'s vehicle is wrecked (on foot only)")
        mp = sum([t.diff[j] for j in route])
        try:
            knight, spent = R.resolve_vehicle_move(seat.knight, mp, seat.speed, len(route))
        except PnpError:
            raise IllegalAction(f"{action}: {mp} Movement Points need more than the "
                                f"{seat.knight.fuel} Fuel he has at speed {seat.speed}") from None
        if spent != action.fuel:
            raise IllegalAction(f"{action}: the route costs {spent} Fuel")
        if self._log is not None:
            self._log.append(f"Fuel {seat.knight.fuel} -> {knight.fuel}")
        seat.knight = knight
        seat.stats[_FUEL_SPENT] += spent
        self._wasteland_card(s, seat, route,
                             R.wasteland_cards_drawn([t.threat[j] for j in route]))

    def _wasteland_card(self, s: int, seat: Seat, route: tuple[int, ...], drawn: int,
                        on_foot: bool = False) -> None:
        """Resolve Movement b): the Waster plays a card on the last hex (``wasteland``)."""
        if len(self.seats) > 1:  # knights on the route: duels, reviving, stealing
            covered = K.meet(self, s, seat, route)
            if seat.ko:  # knocked out in a duel: he lies where it happened, no card is played
                seat.pos, seat.marker = covered[-1], False
                seat.stats[_ENTERED] += len(covered)
                return
        st = seat.stats
        st[_ENTERED] += len(route)
        st[_FACED] += 1
        st[_DRAWN] += drawn
        seat.pos = route[-1]
        seat.marker = False  # "When the knight leaves this hex, he removes his player marker"
        card = W.play_card(self, s, seat, drawn, on_foot)
        if card is not None:
            self.pending = card
            if self._log is not None:
                self._log.append(f"the Waster (knight "
                                 f"{W.waster_seat(s, len(self.seats)) + 1}) draws {drawn} "
                                 f"wasteland card{'s' * (drawn > 1)} "
                                 f"and plays {self.deck.cards[card].title} on "
                                 f"{self._hex(route[-1])}")
