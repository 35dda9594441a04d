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
from operator import attrgetter
from typing import Any

from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.cards import SUMMONS
from pnp.games.wreck_and_ruin.dice import pool, ram_odds
from pnp.games.wreck_and_ruin.hexes import Coord, distance
from pnp.games.wreck_and_ruin.legal import (
    MOVE_KINDS,
    card_plays,
    faction_actions,
    group_actions,
    groups,
    legal_actions,
    move_ends,
    patch_cards,
    repair_targets,
)
from pnp.games.wreck_and_ruin.movement import grid_of
from pnp.games.wreck_and_ruin.play import summon_spot
from pnp.games.wreck_and_ruin.state import Vehicle, WreckState
from pnp.games.wreck_and_ruin.tables import FAR, tables_of

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


@cache
def _shot_value(attack: int, target: int, modifier: int, dp_left: int
                ) -> tuple[float, float, float]:
    """(expected hits, P(at least one), P(enough to wreck)) of a shot, exactly then as floats."""
    p = pool(attack, target, modifier)
    return float(p.expected), float(p.at_least(1)), float(p.at_least(dp_left))


@cache
def _ram_value(a_arm: int, a_size: int, t_arm: int, t_size: int, rear: bool
               ) -> tuple[float, float, float]:
    """(expected DP to the target, to the attacker, P(the target takes any))."""
    o = ram_odds(a_arm, a_size, t_arm, t_size, rear=rear)
    return (float(o.expected_target_damage), float(o.expected_attacker_damage),
            float(1 - o.target_damage[0]))


def _act(fields: tuple[Any, ...]) -> Act:
    """An ``Act`` of all its fields in order, made without ``Act``'s keyword handling (the
    player makes one per candidate)."""
    return tuple.__new__(Act, fields)  # type: ignore[type-var, no-any-return]


#: Where a vehicle stands: what the heuristic player's memo depends on.
_WHERE = attrgetter("pos", "facing", "active")


class HeuristicBot:
    """Sites first, contest the others' sites, damage where the odds favour it, repair."""

    def __init__(self) -> None:
        #: What depends only on where the vehicles stand (targets, rams, drives), kept while
        #: nothing moves (``sig`` says where everything stands): the same state always gets
        #: the same answer, whatever the bot saw before.
        self.sig: tuple[Any, ...] = ()
        self.memo: dict[tuple[Any, ...], Any] = {}

    def choose(self, state: WreckState, rng: random.Random) -> Act:
        if state.pending is not None:
            return _drive(state)
        sig = (id(state.board), state.event, state.bonus_move,
               *map(_WHERE, state.vehicles))
        if sig != self.sig:
            self.sig, self.memo = sig, {}
        turn = _Turn(state, self.memo, sig[3:])
        best, best_value = Act("end", state.seat), 0.0
        # The vehicle that took this turn's last action: its second action is looked at
        # first, alone (a vehicle moves then shoots, or shoots then moves), which halves the
        # full looks a turn takes.
        if state.last_vehicle >= 0:
            for value, act in turn.candidates(state.vehicles[state.last_vehicle]):
                if value > best_value + 1e-9:
                    best, best_value = act, value
        if best_value < FOLLOW_UP:
            best, best_value = Act("end", state.seat), 0.0
            for value, act in turn.candidates():
                if value > best_value + 1e-9:
                    best, best_value = act, value
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


class _Turn:
    """One decision: the sites, who holds them, each vehicle's goal, the candidates."""

    def __init__(self, s: WreckState, memo: dict[tuple[Any, ...], Any] | None = None,
                 now: Any = None) -> None:
        self.s = s
        self.memo = {} if memo is None else memo
        #: Where each vehicle stands now (``_WHERE``), if the caller has it.
        self.now = now
        self.seat = seat = s.seat
        self.t = tables_of(s.board)
        self.grid = grid_of(s.board)
        vehicles = s.vehicles
        self.mine = vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
        # the sites read only where the vehicles stand (the memo's state) and the tokens
        key = ("sites", seat, *s.tokens.items())
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = self._sites()
        sites: tuple[dict[int, bool], set[int], set[Coord], list[Coord]] = hit
        #: Enemy vehicles on sites, by id: True if the site scores at the end of this turn;
        #: my vehicles on sites; the free sites; the goals (free sites, then those the others
        #: hold).
        self.holders, self.held, self.free_sites, self.goals = sites

    def _sites(self) -> tuple[dict[int, bool], set[int], set[Coord], list[Coord]]:
        """Who holds which site, the free sites and the vehicles' goals."""
        s, seat = self.s, self.seat
        occ = s.occupant
        vehicles = s.vehicles
        #: Enemy vehicles on sites, by id: True if the site scores at the end of this turn.
        holders: dict[int, bool] = {}
        held: set[int] = set()          # my vehicles on sites
        free = []
        for h, green in s.tokens.items():
            vid = occ.get(h)
            if vid is None:
                free.append(h)
                continue
            o = vehicles[vid]
            if not o.active:
                free.append(h)
            elif o.seat == seat:
                held.add(vid)
            elif s.team[o.seat] == s.team[seat]:
                continue                     # a team mate's: neither a goal nor a target
            else:
                holders[vid] = holders.get(vid, False) or green
        # goals: free sites, and the sites the others hold (to get at their occupiers)
        goals = free + [h for h in s.tokens if (vid := occ.get(h)) is not None
                        and vid in holders]
        return holders, held, set(free), goals

    def _memo(self, key: tuple[Any, ...], fn: Any, *args: Any) -> Any:
        memo = self.memo
        if key in memo:
            return memo[key]
        hit = memo[key] = fn(*args)
        return hit

    # -- the candidates ------------------------------------------------------------------
    def candidates(self, only: Vehicle | None = None) -> list[tuple[float, Act]]:
        """Scored candidate actions: of every vehicle, the cards and searching, or of the
        vehicle ``only`` alone."""
        s, seat = self.s, self.seat
        cfg = s.config
        ap = s.ap
        out: list[tuple[float, Act]] = []
        movers: list[Vehicle] = []
        any_active = False
        for v in (self.mine if only is None else (only,)):
            if v.pos is None:
                if ap and not s.acted and not s.final_push and not s.setup.last_man_standing \
                        and not v.special:
                    spots = s.return_spots(v)
                    if spots:
                        out.append((2.5, Act("return", seat, v.vid, to=spots[0],
                                             facing=s._inward(seat))))
                continue
            if v.vid == s.returned and v.damage > 0:
                out += self._patches(v)
            if v.done or v.stuck == 2:
                continue
            if not v.active:
                if ap:
                    out.append((1.2 if ap >= 2 else 0.6, Act("fix", seat, v.vid)))
                continue
            any_active = True
            if ap and v.count < cfg.ap_limit:
                # the groups of ``legal.groups``: scouts and FLYING "cannot ... ram", and
                # salvaging a wreck "is treated as a ram"
                flying = v.kind.has("FLYING")
                if not v.acts & 1 and v.vid not in self.held:
                    movers.append(v)
                if not v.acts & 2:
                    out += self._shots(v, "shoot", 0)
                rams = v.kind.name != "scout" and not flying
                if not v.acts & 4 and rams:
                    out += self._rams(v)
                if not v.acts & 8 and rams:
                    out += [(1.5, Act("salvage", seat, v.vid, t)) for t in
                            self._geometry("wrecks", v)]
            if v.potshot:
                out += self._shots(v, "potshot", -cfg.potshot_penalty)
            if v.repair:
                out += [(6.0, Act("repair", seat, v.vid, t)) for t in repair_targets(s, v)]
        if movers:
            out += self._moves(movers)
        if only is not None:
            return out
        if ap and any_active and not s.final_push:
            out.append((0.3, Act("search", seat)))
        if (s.hands[seat] and (not s.card_used or s.setup.card_shark) and s.round > 1
                and not s.final_push):
            out += self._cards()
        card = s.faction_card[seat]
        if card is not None and not s.faction_played and s.round > 1:
            out += [(self._faction(a), a) for a in faction_actions(s, card.effect)]
        return out

    def _shots(self, v: Vehicle, kind: str, modifier: int) -> list[tuple[float, Act]]:
        s = self.s
        out = []
        dice = max(1, v.kind.attack - s.effect("ammo_shortage") + s.bonus_dice)
        for vid, rear in self._geometry("shoot", v):
            t = s.vehicles[vid]
            exp, any_hit, wreck = _shot_value(dice, t.armour() - (1 if rear else 0),
                                              modifier, t.kind.dp - t.damage)
            value = 1.0 + 2 * exp + 3 * wreck
            if vid in self.holders:
                value += (CONTEST if self.holders[vid] else 1.0) * any_hit
            out.append((value, _act((kind, self.seat, v.vid, vid, None, -1, 0))))
        return out

    def _rams(self, v: Vehicle) -> list[tuple[float, Act]]:
        s = self.s
        out = []
        on_site = v.vid in self.held
        for vid, n, rear in self._geometry("ram", v):
            if n and on_site:
                continue                 # a steamroll would leave the site
            t = s.vehicles[vid]
            dealt, taken, any_hit = _ram_value(v.armour(), v.kind.size, t.armour(),
                                               t.kind.size, rear)
            value = dealt - 1.5 * taken - 0.3 * n
            if vid in self.holders:
                value += (CONTEST if self.holders[vid] else 1.0) * any_hit
            if value > 1.0:
                out.append((value, _act(("ram", self.seat, v.vid, vid, None, -1, n))))
        return out

    # -- moving --------------------------------------------------------------------------
    def _geometry(self, what: str, v: Vehicle) -> Any:
        """``what`` of ``v``: "shoot" its ``shoot_targets`` among the enemies, "ram" its
        ``ram_options``, "wrecks" the enemy wrecks it may salvage; worked out for all the
        player's vehicles on the board in one kernel call, kept while nothing moves."""
        memo = self.memo
        key = (what, v.vid)
        if key not in memo:
            mine = [u for u in self.mine if u.pos is not None and u.active]
            shots, rams, wrecks = kernels().geometry(self.s, self._where(), mine)
            for u, shot, ram, wreck in zip(mine, shots, rams, wrecks, strict=True):
                memo[("shoot", u.vid)] = shot
                memo[("ram", u.vid)] = ram
                memo[("wrecks", u.vid)] = wreck
        return memo[key]

    def _where(self) -> Any:
        """``arrays.Where`` for this position: the game's (``WreckState.arrays``), brought up
        to date (another player, or a playout from a clone, may have moved it on)."""
        s = self.s
        keep = s.arrays
        w = keep[0]
        if w is None or w.setup is not s.setup:
            w = keep[0] = kernels().Where(s)
        if w.seen is not self.now:
            w.update(s, self.now)
        return w

    def _moves(self, movers: list[Vehicle]) -> list[tuple[float, Act]]:
        """One move per vehicle: to its goal, or to its buggy when one more hit wrecks it."""
        index = self.grid.index
        coords = self.grid.coords
        out = []
        goals = tuple(index[h] for h in self.goals)
        hurt = [v for v in self.mine if v.active and v.pos is not None and _hurt(v)]
        buggy = next((v for v in self.mine if v.kind.has("REPAIR") and v.active
                      and v.pos is not None), None)
        ground = [v for v in movers if not v.kind.has("FLYING")]
        goal_of = self._memo(("goals", goals, *[(v.vid, v.pos) for v in ground]),
                             kernels().assign, self._where(), goals, ground)
        plans: list[tuple[Vehicle, int, float]] = []
        for v in movers:
            assert v.pos is not None
            flying = v.kind.has("FLYING")
            if flying:
                # a drone cannot hold a site ("cannot end their turn over ... salvage site"):
                # it goes for the others' occupiers
                near = [(self._steps(index[pos], v), t) for t in self.holders
                        if (pos := self.s.vehicles[t].pos) is not None]
                if not near:
                    continue
                goal, weight = index[self.s.vehicles[min(near)[1]].pos], 0.8  # type: ignore
            elif _hurt(v) and buggy is not None and buggy is not v:
                assert buggy.pos is not None
                goal, weight = index[buggy.pos], 0.5     # retreat to repair
            elif v is buggy and any(h is not v for h in hurt):
                near = [(self._steps(index[h.pos], v), h.vid) for h in hurt
                        if h is not v and h.pos is not None]
                if not near:
                    continue
                goal, weight = index[self.s.vehicles[min(near)[1]].pos], 0.8  # type: ignore
            elif v.vid in goal_of:
                goal, weight = goal_of[v.vid]
            else:
                continue
            plans.append((v, goal, weight))
        memo = self.memo
        need = [(v, goal) for v, goal, _ in plans if ("move", v.vid, goal) not in memo]
        if need:
            for (v, goal), move in zip(need, self._descend(need), strict=True):
                memo[("move", v.vid, goal)] = move
        for v, goal, weight in plans:
            move = memo[("move", v.vid, goal)]
            if move is None:
                continue
            flying = v.kind.has("FLYING")
            (h, f), progress = move
            to = coords[h]
            if flying and to in self.s.tokens:
                continue
            ends_on_site = to in self.free_sites or (
                v.kind.hexes == 2 and self._front(h, f) in self.free_sites)
            value = SITE - 0.1 * v.kind.size if ends_on_site else PROGRESS * weight * progress
            if value > 0:
                out.append((value, _act(("move", self.seat, v.vid, -1, to, f, 0))))
        return out

    def _front(self, h: int, f: int) -> Any:
        n = self.grid.nb[h * 6 + f]
        return self.grid.coords[n] if n >= 0 else None

    def _steps(self, goal: int, v: Vehicle) -> int:
        field = self.t.steps_to(goal)
        index, open_ = self.grid.index, self.grid.open
        best = FAR
        for c in v.hexes():
            h = index[c]
            d = field[h] if open_[h] else self._dist(field, h)
            if d < best:
                best = d
        return best

    def _dist(self, field: list[int], h: int) -> int:
        if self.grid.open[h]:
            return field[h]
        nb = self.grid.nb     # a vehicle in a hazard: one more than its best neighbour
        return 1 + min((field[n] for n in nb[h * 6:h * 6 + 6] if n >= 0), default=FAR)

    def _descend(self, plans: list[tuple[Vehicle, int]]
                 ) -> list[tuple[tuple[int, int], int] | None]:
        """Per (vehicle, goal hex index): a move of the vehicle down the distance field to the
        goal, ((end, facing), progress), or None; all in one kernel call.

        Greedy: each movement point goes forward or turns one face, whichever lowers
        (hexes to go + faces to turn) the most, under the rules of a move (one face per hex
        but for AGILE scouts, the big rig's front hex, no vehicle or wreck in the way)."""
        return kernels().descend(  # type: ignore[no-any-return]
            self.s, self._where(), [(v.vid, goal) for v, goal in plans])

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
    def _cards(self) -> list[tuple[float, Act]]:
        s, seat = self.s, self.seat
        out: list[tuple[float, Act]] = []
        hurt = [v for v in self.mine if v.active and v.pos is not None and v.damage]
        kit = s.holds(seat, "field_repair")
        for v in hurt:
            out.append((4.0 if _hurt(v) else 0.4, Act("discard", seat, target=v.vid)))
            if kit:
                out.append((4.5 if _hurt(v) else 0.5, Act("kit", seat, target=v.vid)))
        for a in card_plays(s, seat):
            card = s.salvage[a.n]
            out.append((self._value(a, card.effect, card.amount), a))
        return out

    def _faction(self, a: Act) -> float:
        card = self.s.faction_card[a.seat]
        assert card is not None
        return self._value(a, card.effect, card.amount)

    def _value(self, a: Act, e: str, n: int) -> float:
        """How much playing a card of effect ``e`` (amount ``n``) is worth now."""
        s = self.s
        if e == "war_cry":
            return 5.0                                   # more AP: best at once
        if e == "overhaul":
            healed = sum(min(n, v.damage) for v in self.mine if v.active and v.pos is not None)
            return 4.0 if healed >= 2 else -1.0
        if e in ("bloodlust", "nomads"):
            return 4.0 if s.ap >= 3 else -1.0
        if e == "plating":
            return self._plating(s.vehicles[a.target])
        if e == "frenzy":
            v = s.vehicles[a.vehicle]
            return 2.0 if v.count >= 2 and s.ap >= 1 else -1.0
        if e in SUMMONS:
            return 4.0 if s.ap >= 2 and summon_spot(s, a.seat, SUMMONS[e]) else -1.0
        if e == "airstrike":
            t = s.vehicles[a.target]
            exp, any_hit, wreck = _shot_value(n, t.armour(), 0, t.kind.dp - t.damage)
            value = 1.0 + exp * 2 + wreck * 3
            if t.vid in self.holders:
                value += (CONTEST if self.holders[t.vid] else 1.0) * any_hit
            return value
        return 0.35 if s.ap <= 1 else -1.0               # scavenge: with the last AP


    def _plating(self, v: Vehicle) -> float:
        """Armour on a vehicle that holds a site or is one hit from a wreck, with an enemy
        close enough to shoot or ram it next turn; best played last (it lasts the others'
        turns, and the vehicle may still move this turn)."""
        if not (v.vid in self.held or _hurt(v)):
            return -1.0
        near = min((distance(h, th) for t in _enemies(self.s, self.seat) for h in v.hexes()
                    for th in t.hexes()), default=99)
        if near > PLATING_REACH:
            return -1.0
        return (3.0 if v.vid in self.held else 2.0) if self.s.ap <= 1 else -1.0


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
    ranked = sorted(_Turn(state).candidates(), key=lambda c: -c[0])
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
