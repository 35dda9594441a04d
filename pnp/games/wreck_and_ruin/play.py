"""What each action does, and the turn and round flow ("Taking Your Turn", "How to Win").

Pure core: functions of ``state.WreckState``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin import combat
from pnp.games.wreck_and_ruin.actions import AP_LIMITED, OTHER_ACT, Act
from pnp.games.wreck_and_ruin.cards import CARD_PLAYS, SUMMONS
from pnp.games.wreck_and_ruin.dice import d6, random_vehicle, roll_pool, shuffle
from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord, distance, step
from pnp.games.wreck_and_ruin.legal import legal_actions, turret_on

if TYPE_CHECKING:
    from pnp.games.wreck_and_ruin.board import Board
    from pnp.games.wreck_and_ruin.state import Vehicle, WreckState

__all__ = ["apply_action", "place_token", "start_turn"]


def _trapped(s: WreckState, v: Vehicle) -> bool:
    """"must first roll a 4+ before that vehicle can be used ... as many dice as their size
    stat and only need 1 success"; True if the vehicle is stuck this turn."""
    if v.stuck or not s.in_hazard(v):
        return v.stuck == 2
    faces = [d6(s.rng) for _ in range(v.kind.size)]
    ok = any(f >= s.config.trapped_need for f in faces)
    v.stuck = 1 if ok else 2
    if s.log is not None:
        s.say(f"{v.name} is trapped in a hazard: rolls {faces}, "
              f"{'breaks free' if ok else 'stays stuck this turn'}")
    return not ok


def _spend(s: WreckState, v: Vehicle | None, kind: str) -> None:
    s.ap -= 1
    # returns come "at the start of their turn" and "can be done multiple times"; so do the
    # AP that repair a vehicle brought back "at that time"
    if kind not in ("return", "patch"):
        s.acted = True
    if v is not None:
        bit = AP_LIMITED.get(kind)
        if bit is not None:
            v.took(bit)


def _relocate(s: WreckState, v: Vehicle, to: tuple[int, int], facing: int) -> None:
    """``v`` (on the board) to ``to`` facing ``facing``."""
    s.leave(v)
    v.drive_to(to, facing)
    s.enter(v)


def _repair(s: WreckState, t: Vehicle, dice: int) -> None:
    faces: list[int] = []
    hits = roll_pool(s.rng, dice, t.kind.armour, 0, faces)
    before = t.damage
    t.damage = max(0, t.damage - hits)
    if not t.active and t.damage < t.kind.dp:
        t.active = True       # the black peg comes out: the vehicle is active again
    if s.log is not None:
        s.say(f"repair of {t.name}: {faces} needing {t.kind.armour}+, "
              f"{before - t.damage} DP removed ({t.damage}/{t.kind.dp})"
              + ("" if t.active else ", still a wreck"))


def apply_action(s: WreckState, a: Act) -> None:
    """Play ``a`` (IllegalAction if it is not among the legal actions)."""
    k = a.kind
    # Fast path: an action the heuristic player built from the rules' own tables (``vouch``),
    # or ending the turn outside a full throttle, needs no list of every legal action;
    # ``play(check=True)`` still confirms each one against ``legal_actions``.
    if a is not s.vouched and not (k == "end" and s.pending is None):
        legal = s._legal if s._legal is not None else legal_actions(s, focus=a)
        if a not in legal:
            raise IllegalAction(f"{a} is not legal now")
    if k != "patch":
        s.returned = -1         # the return's repairs are made "at that time" only
    if k == "end":
        end_turn(s)
        return
    vid = a.vehicle
    v = s.vehicles[vid] if vid >= 0 else None
    t = s.vehicles[a.target] if a.target >= 0 else None
    s.last_vehicle = vid
    if v is not None:
        if k in _TRAPPED and _trapped(s, v):
            return
        if k in _ENGINE and s.effect("engine_trouble") and _engine_fails(s, v, k):
            return
    _ACTIONS[k](s, a, v, t)


def _move(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """A move or a reverse to ``a.to`` facing ``a.facing``."""
    assert v is not None and a.to is not None
    hazard = s.in_hazard(v)
    _spend(s, v, a.kind)
    _relocate(s, v, a.to, a.facing)
    # a move out of a hazard uses no skills ("Vehicles cannot use any special skills")
    skills = v.kind.skills
    potshot = "POTSHOT" in skills and not hazard
    if v.potshot != potshot:
        v.potshot = potshot
    repair = "REPAIR" in skills and not hazard
    if v.repair != repair:
        v.repair = repair


def _throttle(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    assert v is not None
    _spend(s, v, "throttle")
    roll = d6(s.rng)
    extra = roll - v.kind.size
    if extra > 0:
        s.pending = v.kind.move + extra
        if s.log is not None:
            s.say(f"full throttle: {roll} - size {v.kind.size} = {extra} extra moves")
    else:
        s.pending = v.kind.move + 1
        v.done = True
        if s.log is not None:
            s.say(f"full throttle: {roll} - size {v.kind.size} <= 0: 1 extra move, and "
                  f"no further actions this turn")
    s.pending_vid = v.vid


def _drive(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """The move of a full throttle."""
    assert v is not None and a.to is not None
    s.pending = None
    if (a.to, a.facing) != (v.pos, v.facing):
        _relocate(s, v, a.to, a.facing)


def _shoot(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """An attack (1AP) or a POTSHOT (free, after the scout's move)."""
    assert v is not None and t is not None
    potshot = a.kind == "potshot"
    if potshot:
        v.potshot = False
    else:
        _spend(s, v, "shoot")
    hexes = v.hexes()
    rear = combat.rear_of(s, v, hexes if turret_on(s, v) else hexes[-1:], t)
    combat.shoot(s, v, t, potshot=potshot, rear=rear)


def _ram(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    assert v is not None and t is not None and v.pos is not None
    _spend(s, v, "ram")
    for _ in range(a.n):      # STEAMROLL: straight ahead, before the ram
        _relocate(s, v, step(v.pos, v.facing), v.facing)
    assert t.pos is not None
    front = v.hexes()[-1]
    rear = front == step(t.pos, t.facing + 3)
    combat.ram(s, v, t, rear)


def _salvage(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    assert v is not None and t is not None
    _spend(s, v, "salvage")
    s.leave(t)
    s.remove(t)
    owner = t.seat
    stolen = bool(s.hands[owner])
    if stolen:   # "a salvage card from the player who owns the wreck, chosen at random"
        card = s.hands[owner].pop(s.rng.randrange(len(s.hands[owner])))
        s.hands[v.seat].append(card)
    if s.log is not None:
        s.say(f"the wreck of {t.name} is removed" + (", a salvage card is taken" if stolen
                                                      else ", no salvage to take"))


def _repair_skill(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """REPAIR, after the buggy's move: itself or an adjacent vehicle in its front arc."""
    assert v is not None and t is not None
    v.repair = False
    dice = s.config.self_repair_dice if t is v else s.config.buggy_repair_dice
    _repair(s, t, dice)


def _fix(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """A wreck's attempt to repair itself (1AP)."""
    assert v is not None
    _spend(s, v, "fix")
    v.acts |= OTHER_ACT
    _repair(s, v, s.config.wreck_repair_dice)


def _return(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    assert v is not None and a.to is not None
    _spend(s, v, "return")
    v.pos, v.facing = a.to, a.facing
    v.active, v.damage = True, v.kind.dp - 1    # "fully damaged minus 1DP"
    s.enter(v)
    s.returned = v.vid


def _patch(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """"spend further AP at that time and/or discard any number of salvage cards, to remove
    1DP for each": a card so discarded is not the turn's one salvage card (choice,
    docs/assumptions.md); the least useful card goes."""
    assert v is not None
    if a.n:
        s.discard(a.seat)
    else:
        _spend(s, v, "patch")
    v.damage -= 1
    if s.log is not None:
        paid = "a salvage card" if a.n else "an AP"
        s.say(f"{v.name} repairs 1 DP for {paid} ({v.damage}/{v.kind.dp})")


def _search(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    _spend(s, None, "search")
    s.draw(a.seat, 1 + s.effect("scrap_heap"))


def _discard(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """A salvage card discarded to remove 1DP, or a field repair kit used."""
    assert t is not None
    k = a.kind
    used = s.discard(a.seat, None if k == "discard" else "field_repair")
    s.card_used = True
    amount = 1 if k == "discard" else used.amount
    t.damage = max(0, t.damage - amount)
    if s.log is not None:
        s.say(f"{t.name} repairs {amount} DP ({t.damage}/{t.kind.dp})")


def _card(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """A salvage card played for its own effect."""
    played = s.discard(a.seat, card=a.n)
    s.card_used = True
    if s.log is not None:
        s.say(f"salvage card: {played.name}")
    if played.effect == "plating":
        assert t is not None
        t.plating += played.amount
        if s.log is not None:
            s.say(f"{t.name} has ARMOUR {t.armour()} until P{a.seat + 1}'s next turn")
    else:
        boost(s, a.seat, played.effect, played.amount)


def _fuel(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """A reserve fuel tank: a free move outside the 2AP limit."""
    assert v is not None and a.to is not None
    s.discard(a.seat, "reserve_fuel")
    s.card_used = True
    v.acts |= OTHER_ACT
    _relocate(s, v, a.to, a.facing)


def boost(s: WreckState, seat: int, e: str, n: int) -> None:
    """An effect a salvage card and a faction card share (``cards.CARD_PLAYS``)."""
    if e == "overhaul":
        for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]:
            if v.active and v.pos is not None and v.damage:
                v.damage = max(0, v.damage - n)
                if s.log is not None:
                    s.say(f"{v.name} repaired ({v.damage}/{v.kind.dp})")
    elif e == "scavenge":
        s.draw(seat, n)
    elif e == "war_cry":
        s.ap += n
    elif e == "bloodlust":
        s.bonus_dice += n
    elif e == "nomads":
        s.bonus_move += n


def _faction(s: WreckState, a: Act, v: Vehicle | None, t: Vehicle | None) -> None:
    """Play the seat's faction card (``cards.FACTION_EFFECTS``)."""
    card = s.faction_card[a.seat]
    assert card is not None
    s.faction_card[a.seat] = None
    s.faction_played = True
    n, e = card.amount, card.effect
    if s.log is not None:
        s.say(f"faction card: {card.name}")
    if e in CARD_PLAYS:
        boost(s, a.seat, e, n)
    elif e == "frenzy":
        v = s.vehicles[a.vehicle]
        v.acts = v.count = 0
    elif e in SUMMONS:
        _summon(s, a.seat, SUMMONS[e])
    elif e == "airstrike":
        t = s.vehicles[a.target]
        faces: list[int] = []
        hits = roll_pool(s.rng, n, t.armour(), 0, faces)
        if s.log is not None:
            s.say(f"airstrike on {t.name}: {faces} needing {t.armour()}+, {hits} hits")
        combat.damage(s, t, hits, away_from=None)


def summon_spot(s: WreckState, seat: int, kind: str) -> tuple[tuple[int, int], int] | None:
    """Where a special vehicle enters play (choice: the free open hex next to the player's big
    rig nearest the map's centre, facing as the rig; with no rig on the board, its setup area;
    never on a salvage site), or None when there is no room."""
    rig = next((v for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
                if v.kind.has("MECHANIC") and v.pos is not None), None)
    spots: Sequence[Coord]
    if rig is not None:
        spots = _next_to(s.board, rig.hexes())
        facing = rig.facing
    else:
        spots = sorted(s.board.setup[seat], key=lambda h: (distance(h, s.board.centre), h))
        facing = s._inward(seat)
    for h in spots:
        if s.free(h) and h not in s.tokens:
            return h, facing
    return None


@lru_cache(maxsize=8192)       # every place and facing of a rig on a map or two
def _next_to(board: Board, hexes: tuple[Coord, ...]) -> tuple[Coord, ...]:
    """The hexes next to ``hexes``, nearest the map's centre first (the heuristic player asks
    where a summons would go at every decision it could play one)."""
    return tuple(sorted({step(h, d) for h in hexes for d in range(6)},
                        key=lambda h: (distance(h, board.centre), h)))


def _summon(s: WreckState, seat: int, kind: str) -> None:
    v = next(v for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
             if v.kind.name == kind)
    spot = summon_spot(s, seat, kind) if v.pos is None else None
    if spot is None:
        if s.log is not None:
            s.say(f"no room for {v.name}: the card is spent")
        return
    v.pos, v.facing = spot
    v.active, v.damage = True, 0
    v.reset_turn()
    s.enter(v)
    if s.log is not None:
        s.say(f"{v.name} enters play at {v.pos[0]},{v.pos[1]}")


#: Actions a vehicle stuck in a hazard cannot take.
_TRAPPED = frozenset(("move", "reverse", "shoot", "ram", "salvage", "fix", "fuel"))
#: Actions a vehicle takes that engine trouble can stop.
_ENGINE = frozenset(("move", "reverse", "throttle", "shoot", "ram", "salvage", "fix", "fuel"))


def _engine_fails(s: WreckState, v: Vehicle, kind: str) -> bool:
    """Engine trouble: "forces a roll to be made before an action can be taken". On a 1 the
    action fails: its AP is spent (choice); a card's action costs nothing and keeps the card,
    but "It would still count as playing a salvage card that turn"."""
    roll = d6(s.rng)
    if roll != 1:
        return False
    if s.log is not None:
        s.say(f"engine trouble: {v.name} rolls a 1, the action fails")
    if kind == "fuel":
        s.card_used = True
    else:
        _spend(s, v, kind)
    return True


def place_token(s: WreckState, opening: bool = False) -> None:
    """One salvage token: on the central tile at the start, otherwise where the tracker roll
    says ("Only two tokens can be on any given tile, except for the central tile"). Which hex
    of the tile: a uniformly random legal one (choice, docs/assumptions.md)."""
    board = s.board
    tokens = s.tokens
    pos = 0
    if not opening:
        pos = d6(s.rng)
        position = board.position
        here = 0
        for h in tokens:
            if position[h] == pos:
                here += 1
        if here >= s.config.tokens_per_tile:
            pos = 0
    # a token and the hexes next to it take no other token
    around = _around(board)
    taken = set(s.occupant)
    for h in tokens:
        taken |= around[h]
    for p in _TILES[pos]:
        spots = [h for h in board.token_hexes[p] if h not in taken]
        if spots:
            h = spots[s.rng.randrange(len(spots))]
            s.tokens[h] = False
            if s.log is not None:
                s.say(f"a salvage token is placed at {h[0]},{h[1]} (tile {p})")
            return
    s.say("no legal place is left for a salvage token")


#: The tiles a token is placed on for each tracker roll, in turn: the roll's own, then the
#: central tile, then the others in order (0: the central tile).
_TILES = tuple((pos, 0, *range(1, 7)) for pos in range(7))


@lru_cache(maxsize=16)
def _around(board: Board) -> dict[Coord, frozenset[Coord]]:
    """Per hex of the map, it and the hexes next to it (worked out once per map; a frozenset
    joins another set without hashing its hexes again)."""
    return {(q, r): frozenset(((q, r), *((q + dq, r + dr) for dq, dr in DIRECTIONS)))
            for q, r in board.terrain}


def _occupier(s: WreckState, h: tuple[int, int]) -> Vehicle | None:
    vid = s.occupant.get(h)
    if vid is None:
        return None
    v = s.vehicles[vid]
    return v if v.active else None


def start_turn(s: WreckState) -> None:
    """Fresh AP, MECHANIC, and a clean slate for the seat's vehicles."""
    cfg = s.config
    s.card_used = s.acted = s.faction_played = False
    s.last_vehicle = -1
    s.bonus_dice = s.bonus_move = 0
    s.pending = None
    for v in s.vehicles[s.seat * s.per_seat:(s.seat + 1) * s.per_seat]:
        v.reset_turn()
        if v.plating:
            v.plating = 0             # a plating card lasts until its owner's next turn
    if s.final_push:
        _mechanic(s)
        return
    if s.setup.arcade:
        # "At the start of a player's turn they can return all vehicles removed back into
        # their setup area free of damage" (choice: always, facing the centre)
        for v in s.vehicles[s.seat * s.per_seat:(s.seat + 1) * s.per_seat]:
            spots = s.return_spots(v) if v.pos is None and not v.special else []
            if spots:
                v.pos, v.facing, v.damage, v.active = spots[0], s._inward(s.seat), 0, True
                s.enter(v)
                if s.log is not None:
                    s.say(f"{v.name} returns (arcade mode)")
    _event(s)
    # Taking Your Turn: "Resolve any event card that is in play", then the "at the start of a
    # turn" things: MECHANIC, "remove 1DP at the beginning of their turn"
    _mechanic(s)
    s.ap = cfg.per_players(cfg.ap, s.players)
    if s.round == 1 and s.seat == 0:
        s.ap += cfg.per_players(cfg.first_turn_bonus, s.players)
    if s.log is not None:
        s.say(f"round {s.round}, P{s.seat + 1}'s turn: {s.ap} AP")


def _mechanic(s: WreckState) -> None:
    """MECHANIC: the current player's big rig on the board removes 1 DP, "even if they are
    wrecked"."""
    for v in s.vehicles[s.seat * s.per_seat:(s.seat + 1) * s.per_seat]:
        if v.damage > 0 and v.pos is not None and v.kind.has("MECHANIC"):
            v.damage -= s.config.mechanic      # "even if they are wrecked"
            if not v.active and v.damage < v.kind.dp:
                v.active = True
            if s.log is not None:
                s.say(f"MECHANIC: {v.name} removes 1 DP ({v.damage}/{v.kind.dp})")


def _event(s: WreckState) -> None:
    """"When the round tracker moves to the next round, the first player must draw the top
    card"; Unpredictable Wastes: a new event on a 4+ at the start of each later turn."""
    if s.setup.unpredictable and s.event is not None:
        # "after player 1 has drawn the first event card, each player at the beginning of
        # their turn rolls a die" (player 1 too): "One may be in play for the whole game"
        new = d6(s.rng) >= 4
    else:
        new = s.round > 1 and s.seat == 0 and s.event_round != s.round
    if new and s.events:
        if not s.event_pile:
            s.event_pile = list(range(len(s.events)))
            shuffle(s.rng, s.event_pile)
        s.event = s.events[s.event_pile.pop()]
        s.event_round = s.round
        if s.log is not None:
            s.say(f"event: {s.event.name}")
    e = s.event
    if e is None:
        return
    if e.effect == "supply_drop":
        s.draw(s.seat, e.amount)
    elif e.effect == "acid_rain":
        # "Random events affect wrecks too, but not vehicles removed from the board"
        mine = [v for v in s.vehicles[s.seat * s.per_seat:(s.seat + 1) * s.per_seat]
                if v.pos is not None]
        if mine:
            v = mine[random_vehicle(s.rng, len(mine))]
            if s.log is not None:
                s.say(f"acid rain falls on {v.name}")
            combat.damage(s, v, e.amount, away_from=None)


def end_turn(s: WreckState) -> None:
    """Award green sites, replace them, flip the occupied ones green; next player."""
    for h in [h for h, green in s.tokens.items() if green]:
        v = _occupier(s, h)
        if v is None:
            s.tokens[h] = False
            continue
        del s.tokens[h]
        s.scores[v.seat] += 1
        s.awarded.append(v.seat)
        if not s.final_push:
            s.draw(v.seat)              # "They also collect a salvage card as a reward"
        if s.log is not None:
            s.say(f"the site at {h[0]},{h[1]} is awarded to P{v.seat + 1} ({v.name})")
    if s.final_push:
        s.tokens.clear()        # "Tokens contested at this point are removed from play"
        s.over = True
        return
    s.removed_tokens = 0
    while len(s.tokens) < s.config.tokens:
        before = len(s.tokens)
        place_token(s)
        if len(s.tokens) == before:
            break
    occupant, vehicles = s.occupant, s.vehicles
    for h in s.tokens:
        vid = occupant.get(h)
        if vid is not None and vehicles[vid].active:      # _occupier, inlined: every turn
            s.tokens[h] = True
    s.seat += 1
    if s.seat == s.players:
        s.seat = 0
        s.round += 1
        if s.round > s.rounds:
            _final_push(s)
            return
    start_turn(s)


def _final_push(s: WreckState) -> None:
    """"player 1 receives 1 Action Point (AP) per occupied site"; without any, the end."""
    s.round = s.rounds
    held = [h for h in s.tokens if _occupier(s, h) is not None]
    if not held:
        s.over = True
        s.say("the game ends")
        return
    for h in [h for h in s.tokens if h not in held]:
        del s.tokens[h]       # "Remove all tokens that do not have a vehicle on them"
    s.final_push = True
    s.seat = 0
    start_turn(s)
    s.ap = len(held)
    if s.log is not None:
        s.say(f"final push: P1 gets {s.ap} AP against {len(held)} occupied site(s)")


#: What each kind of action does (``end`` ends the turn in ``apply_action``).
_ACTIONS = {"move": _move, "reverse": _move, "throttle": _throttle, "drive": _drive,
            "shoot": _shoot, "potshot": _shoot, "ram": _ram, "salvage": _salvage,
            "repair": _repair_skill, "fix": _fix, "return": _return, "patch": _patch,
            "search": _search, "discard": _discard, "kit": _discard, "card": _card,
            "faction": _faction, "fuel": _fuel}
