"""Computer players for Wreck and Ruin: a random legal player and a heuristic one.

Pure core. The heuristic player does not list every legal action (a scout alone has hundreds
of move ends): for each vehicle it builds a few candidate plans and scores them with the exact
odds (``dice``):
- drive for a salvage site no vehicle of its own holds, each vehicle to its own site, along the
  map's distance field (``tables.steps_to``: a greedy drive down it, turning where the rules
  allow), and stay on a site once there;
- contest the sites the other players hold: shoot or ram their occupiers where the exact odds
  of at least one hit are worth it ("An occupying vehicle has to be damaged ... to contest it");
- shoot and ram elsewhere where the expected damage favours it;
- retreat to repair when one more hit would wreck a vehicle: drive towards its buggy (or, with
  none, back towards its setup area) and let the buggy's REPAIR, a salvage card or the wreck
  repair fix it; return vehicles taken off the board;
- search for salvage with AP left, then end the turn.
The actions it picks are built from the rules' own tables, so it ``vouch``es for them and
``apply`` skips listing the legal actions (``play(check=True)`` still checks every one).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pnp.games.wreck_and_ruin.actions import Act, act_of
from pnp.games.wreck_and_ruin.cards import SUMMONS
from pnp.games.wreck_and_ruin.hexes import distance
from pnp.games.wreck_and_ruin.legal import (
    MOVE_KINDS,
    card_plays,
    faction_actions,
    group_actions,
    groups,
    legal_actions,
    move_ends,
    patch_cards,
)
from pnp.games.wreck_and_ruin.play import summon_spot
from pnp.games.wreck_and_ruin.state import Vehicle, WreckState
from pnp.games.wreck_and_ruin.tables import FAR, per_map, tables_of

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "search_candidates"]

#: What taking an enemy off a site it would score at the end of this turn is worth (a site is
#: worth about 10: the value of driving onto a free one).
CONTEST = 8.0
#: Enemies within this many hexes can hit a plated vehicle in their next turn (a move, then
#: a shot at range 3).
PLATING_REACH = 8
SITE = 10.0
#: Per hex of progress towards the vehicle's goal.
PROGRESS = 0.6
#: A vehicle's follow-up worth at least this is taken without looking at the others.
FOLLOW_UP = 1.0
#: A candidate replaces the best so far only when worth this much more (the first best wins
#: a tie, whatever the rounding of its sums).
EPS = 1e-9
#: A repair of a vehicle just brought back that is worth making: above any other action, since
#: it is now or never and the others wait.
PATCH = 20.0


class RandomBot:
    """A random legal action, drawn in two steps without listing every legal action: a
    uniformly random group (kind and vehicle: "P1 scout-1 moves", "P1 buggy shoots", "P1
    ends its turn", ``legal.groups``) among those with a legal instance, then a uniformly
    random instance of it. Not uniform over all the actions: a scout's hundreds of move ends
    weigh as much together as ending the turn."""

    def choose(self, state: WreckState, rng: random.Random) -> Act:
        left = groups(state)
        while True:
            # draw a group; one with no instance now is dropped and the draw repeated
            # ("end" always has one)
            k = rng.randrange(len(left))
            kind, vid = left[k]
            if kind in MOVE_KINDS:      # one Act for the end drawn, not one per end
                ends = move_ends(state, kind, vid)
                if ends:
                    to, facing = ends[rng.randrange(len(ends))]
                    act = state.vouched = Act(kind, state.seat, vid, to=to, facing=facing)
                    return act
            elif acts := group_actions(state, kind, vid):
                act = acts[rng.randrange(len(acts))]
                state.vouched = act       # an instance of a group of the rules' own listing
                return act
            left[k] = left[-1]
            left.pop()


#: The action kind of each kind of candidate row of ``kernels.decide`` (``kernels.C_*``; 0:
#: one of ``_Look``'s own).
_ROW_KINDS = ("", "shoot", "potshot", "ram", "salvage", "repair", "move", "fix")
_RAM, _MOVE = _ROW_KINDS.index("ram"), _ROW_KINDS.index("move")


class HeuristicBot:
    """Sites first, contest the others' sites, damage where the odds favour it, repair."""

    def choose(self, state: WreckState, rng: random.Random) -> Act:
        if state.pending is not None:
            return _drive(state)
        best = _Look(state).best()
        state.vouched = best
        return best


def _drive(s: WreckState) -> Act:
    """The end of a full throttle (this player never throttles; a state given to it might):
    the end nearest a site."""
    legal = legal_actions(s)
    if not s.tokens:
        return legal[0]
    t = tables_of(s.board)
    index = t.grid.index
    fields = [t.steps_to(index[h]) for h in s.tokens]
    return min(legal, key=lambda a: min(f[index[a.to]] for f in fields) if a.to else FAR)


class _Look:
    """One decision: the candidates of the player to move, scored. The vehicles' own (shots,
    rams, salvage, repairs, moves) are listed and scored by one kernel call
    (``kernels.decide``, over ``arrays.Where``); a vehicle's return and repairs just after it
    come before them (``pre``), searching and the cards after them.

    The order of the candidates, vehicle by vehicle:
    - off the board: its return;
    - a vehicle just brought back: its repairs (``_patches``);
    - a wreck: its own repair;
    - on the board: its shots, rams, wrecks to salvage, potshots and REPAIRs;
    then a move of each vehicle that has not moved, to its goal (``kernels._moves``); then
    searching, the salvage cards and the faction card. The player takes the first best."""

    def __init__(self, s: WreckState) -> None:
        self.s = s
        self.seat = seat = s.seat
        self.w = w = kernels().where_of(s)
        #: By vehicle slot, the candidates the kernel lists only as "pre" rows (only a
        #: vehicle off the board but for a special one in the box, or one just brought
        #: back, has any).
        self.pre: dict[int, list[tuple[float, Act]]] = {}
        down, returned = s.notes.down[seat], s.returned
        if down or returned >= 0:
            first = seat * s.per_seat
            vehicles = s.vehicles
            for vid in down | {returned} if returned >= 0 else down:
                v = vehicles[vid]
                if v.pos is None or vid == returned:    # (not a wreck: the kernel's)
                    items = self._pre(v)
                    if items:
                        self.pre[vid - first] = items
        w.set_pre(self.pre)

    def _pre(self, v: Vehicle) -> list[tuple[float, Act]]:
        """The candidates of ``v`` that come before its own: a return, repairs of a vehicle
        just brought back."""
        s, seat = self.s, self.seat
        if v.pos is None:
            if s.ap and not s.acted and not s.final_push and not s.setup.last_man_standing \
                    and not v.special:
                spot = next(s.each_return_spot(v), None)
                if spot is not None:
                    return [(2.5, act_of(("return", seat, v.vid, -1, spot, s._inward(seat), 0)))]
            return []
        return self._patches(v) if v.vid == s.returned and v.damage > 0 else []

    def _act(self, i: int) -> Act:
        """The action of candidate row ``i`` of ``kernels.decide``."""
        kind, vid, target, to, f = self.w.row(i)
        if kind == 0:
            return self.pre[target // 2][target % 2][1]
        name = _ROW_KINDS[kind]
        if kind == _MOVE:
            return act_of((name, self.seat, vid, -1, self.w.maps.coords[to], f, 0))
        return act_of((name, self.seat, vid, target, None, -1, f if kind == _RAM else 0))

    def best(self) -> Act:
        """The action the player takes: the vehicle that took this turn's last action
        looked at first, alone (a vehicle moves then shoots, or shoots then moves), which
        halves the full looks a turn takes; every candidate when it has none worth
        ``FOLLOW_UP``."""
        w = self.w
        i, value, first, end, any_active = w.decide(self.s, self.s.last_vehicle,
                                                    self._airstrike())
        if first:
            return self._act(i)
        if i < 0:
            best, best_value = act_of(("end", self.seat, -1, -1, None, -1, 0)), 0.0
        else:
            best, best_value = self._act(i), value
        for value, act in self._after(any_active, end, best_value):
            if value > best_value + EPS:
                best, best_value = act, value
        return best

    def candidates(self) -> list[tuple[float, Act]]:
        """Every scored candidate, in order."""
        w = self.w
        *_, end, any_active = w.decide(self.s, -1, self._airstrike())
        out = [(value, self._act(i)) for i, value in enumerate(w.vals[:end].tolist())]
        return out + self._after(any_active, end)

    def _airstrike(self) -> int:
        """The dice of the player's faction card if it is an airstrike it may play now (the
        look values it at each target), else 0."""
        s = self.s
        card = s.faction_card[self.seat]
        if card is None or card.effect != "airstrike" or s.faction_played or s.round < 2:
            return 0
        return card.amount  # type: ignore[no-any-return]

    def _after(self, any_active: bool, end: int, floor: float = -FAR
               ) -> list[tuple[float, Act]]:
        """Searching, the salvage cards and the faction card: those that may be worth more
        than ``floor`` (the best value so far: one worth no more is never taken, so it is
        not valued); the look's rows end at ``end``."""
        s, seat = self.s, self.seat
        out = []
        if s.ap and any_active and not s.final_push and SEARCH > floor:
            out.append((SEARCH, act_of(("search", seat, -1, -1, None, -1, 0))))
        if (s.hands[seat] and (not s.card_used or s.setup.card_shark) and s.round > 1
                and not s.final_push):
            out += self._cards(floor)
        card = s.faction_card[seat]
        if card is not None and not s.faction_played and s.round > 1 \
                and _most(card.effect, card.amount, s.ap) > floor:
            if card.effect == "airstrike":      # valued by the look
                out += [(value, act_of(("faction", seat, -1, t, None, -1, 0)))
                        for value, t in self.w.airstrikes(end)]
            else:
                out += [(self._faction(a), a) for a in faction_actions(s, card.effect)]
        return out

    def _held(self, v: Vehicle) -> bool:
        """True if ``v`` (the player's) stands on a site."""
        return v.active and any(h in self.s.tokens for h in v.hexes())

    def _patches(self, v: Vehicle) -> list[tuple[float, Act]]:
        """Repairs of a vehicle just brought back. They are "at that time" only, while every
        other action waits, so one worth making comes first (``PATCH``): a scrap card (good
        only for a DP) while the vehicle has damage; a field repair kit or a reserve fuel
        tank, or an AP with two left to act, while one more hit would wreck it."""
        s, seat = self.s, self.seat
        out = []
        if patch_cards(s):
            effect = s.salvage[s.least_useful(seat)].effect
            if effect == "scrap" or (_hurt(v) and effect in ("field_repair", "reserve_fuel")):
                out.append((PATCH, Act("patch", seat, v.vid, n=1)))
        if s.ap >= 3 and _hurt(v):
            out.append((PATCH - 1, Act("patch", seat, v.vid)))
        return out

    # -- cards ---------------------------------------------------------------------------
    def _cards(self, floor: float) -> list[tuple[float, Act]]:
        """The salvage cards' candidates that may be worth more than ``floor``."""
        s, seat = self.s, self.seat
        out: list[tuple[float, Act]] = []
        damaged, hurt = self.w.damaged()        # as the look saw the player's vehicles
        if floor < KIT and damaged:
            kit = s.holds(seat, "field_repair")
            first = seat * s.per_seat
            for slot in range(s.per_seat):
                if damaged >> slot & 1:
                    vid = first + slot
                    bad = hurt >> slot & 1
                    out.append((DISCARD if bad else 0.4,
                                act_of(("discard", seat, -1, vid, None, -1, 0))))
                    if kit:
                        out.append((KIT if bad else 0.5,
                                    act_of(("kit", seat, -1, vid, None, -1, 0))))
        salvage = s.salvage
        most = _mosts(salvage, s.ap)
        for c in s.hands[seat]:
            if most[c] > floor:
                break
        else:
            return out              # no card in hand could be taken
        for a in card_plays(s, seat):
            if most[a.n] > floor:
                card = salvage[a.n]
                out.append((self._value(a, card.effect, card.amount), a))
        return out

    def _faction(self, a: Act) -> float:
        card = self.s.faction_card[a.seat]
        assert card is not None
        return self._value(a, card.effect, card.amount)

    def _value(self, a: Act, e: str, n: int) -> float:
        """How much playing a card of effect ``e`` (amount ``n``) is worth now (at most
        ``_most(e, n, s.ap)``); an airstrike is valued by the look (``kernels._airstrikes``)."""
        s = self.s
        if e == "war_cry":
            return _MOST[e]                              # more AP: best at once
        if e == "overhaul":         # the DP it takes off the damaged vehicles the look saw
            damaged, _ = self.w.damaged()
            first, vehicles = self.seat * s.per_seat, s.vehicles
            healed = sum(min(n, vehicles[first + slot].damage) for slot in range(s.per_seat)
                         if damaged >> slot & 1)
            return _MOST[e] if healed >= 2 else -1.0
        if e in ("bloodlust", "nomads"):
            return _MOST[e] if s.ap >= 3 else -1.0
        if e == "plating":
            return self._plating(s.vehicles[a.target])
        if e == "frenzy":
            v = s.vehicles[a.vehicle]
            return _MOST[e] if v.count >= 2 and s.ap >= 1 else -1.0
        if e in SUMMONS:
            return _MOST[e] if s.ap >= 2 and summon_spot(s, a.seat, SUMMONS[e]) else -1.0
        return SCAVENGE if s.ap <= 1 else -1.0           # scavenge: with the last AP

    def _plating(self, v: Vehicle) -> float:
        """Armour on a vehicle that holds a site or is one hit from a wreck, with an enemy
        close enough to shoot or ram it next turn; best played last (it lasts the others'
        turns, and the vehicle may still move this turn)."""
        if self.s.ap > 1:
            return -1.0
        held = self._held(v)
        if not (held or _hurt(v)):
            return -1.0
        covered = v.hexes()
        if not any(distance(h, th) <= PLATING_REACH for t in _enemies(self.s, self.seat)
                   for th in t.hexes() for h in covered):
            return -1.0
        return _MOST["plating"] if held else 2.0


#: What searching, a discard for a DP and a field repair kit are worth at most, and
#: ``_Look._value``'s most for each card effect but the airstrike (``_most``).
SEARCH, DISCARD, KIT, SCAVENGE = 0.3, 4.0, 4.5, 0.35
_MOST = {"war_cry": 5.0, "overhaul": 4.0, "bloodlust": 4.0, "nomads": 4.0, "plating": 3.0,
         "frenzy": 2.0, **{e: 4.0 for e in SUMMONS}}


#: The AP a card's effect needs to be worth playing (``_Look._value``): at least, at most;
#: an effect not in ``_MOST`` is valued as scavenge.
_AP = {"bloodlust": (3, FAR), "nomads": (3, FAR), "plating": (0, 1), "frenzy": (1, FAR),
       **{e: (2, FAR) for e in SUMMONS}}


def _most(effect: str, n: int, ap: int) -> float:
    """The most playing a card of ``effect`` (amount ``n``) can be worth with ``ap`` AP
    left (``_Look._value``): an airstrike's 1 + 2 a hit of its ``n`` dice + 3 to wreck +
    ``CONTEST`` on a site; -1 with AP its effect does not play with."""
    if effect == "airstrike":
        return 4.0 + 2.0 * n + CONTEST
    least, most = _AP.get(effect, (0, FAR) if effect in _MOST else (0, 1))
    return _MOST.get(effect, SCAVENGE) if least <= ap <= most else -1.0


_MOSTS: dict[int, tuple[object, Any]] = {}


def _mosts(salvage: tuple[Any, ...], ap: int) -> tuple[float, ...]:
    """``_most`` of each card of a salvage deck with ``ap`` AP, by its place in the deck,
    worked out once per deck (3 AP and more are alike)."""
    global _LAST_MOSTS
    deck, table = _LAST_MOSTS        # read once: the table's threads may ask for other decks
    if deck is not salvage:
        table = per_map(_MOSTS, salvage, lambda: tuple(
            tuple(_most(c.effect, c.amount, ap) for c in salvage) for ap in range(4)))
        _LAST_MOSTS = (salvage, table)
    return table[min(ap, 3)]  # type: ignore[no-any-return]


#: The deck asked for last and its ``_mosts`` (a simulation asks for one deck's at every
#: decision), replaced whole.
_LAST_MOSTS: tuple[Any, Any] = (None, None)


@cache
def warm() -> None:
    """Load the heuristic player's kernels (numba compiles them on the first run after
    installing, about 15 CPU seconds): one decision of a small game (``GameSpec.warm``)."""
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import new_game

    setup = GAME.make_setup("warm", 2, ("heuristic",) * 2, {})
    state, _, rng = new_game(GAME, setup, 0)
    assert isinstance(state, WreckState)
    HeuristicBot().choose(state, rng)


@cache
def kernels() -> Any:
    """The kernels' module (``arrays``), imported on the first decision: numba (when
    installed) loads with it, which only the simulator needs."""
    from pnp.games.wreck_and_ruin import arrays as module

    return module


def _enemies(s: WreckState, seat: int) -> list[Vehicle]:
    team = s.team
    mine = team[seat]
    return [t for t in s.vehicles if t.pos is not None and t.active and team[t.seat] != mine]


def _hurt(v: Vehicle) -> bool:
    """One more hit (two for a big rig, which shrugs one off each turn) wrecks it."""
    return v.damage >= v.kind.dp - (2 if v.kind.has("MECHANIC") else 1)


#: How many of the heuristic's best-scored actions (besides its own choice and ending the
#: turn) a search player weighs.
SEARCH_WIDTH = 2


def search_candidates(state: WreckState, default: Any) -> list[Any]:
    """The moves a search player weighs: the heuristic's choice, its next best-scored
    candidates (``SEARCH_WIDTH`` of them, legal ones only) and ending the turn; in the middle
    of a full throttle, the heuristic's end of it alone."""
    if state.pending is not None:
        return [default]
    seat = state.seat
    out = [default]
    ranked = sorted(_Look(state).candidates(), key=lambda c: -c[0])
    for _, act in ranked:
        if len(out) > SEARCH_WIDTH:
            break
        if act not in out and act.kind != "end" and act in legal_actions(state, focus=act):
            out.append(act)
    end = Act("end", seat)
    if end not in out:
        out.append(end)
    return out


BOTS: dict[str, Any] = {
    "random": lambda setup, seat: RandomBot(),
    "heuristic": lambda setup, seat: HeuristicBot(),
}
