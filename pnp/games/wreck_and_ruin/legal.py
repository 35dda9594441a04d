"""The legal actions of a Wreck and Ruin state ("Spending Your AP" and the skills).

Pure core. ``targets_*`` functions are shared by ``legal_actions`` and the bots: who a vehicle
can shoot (range 3, front arc or the rig's 360 degree turret, a clear shortest route), ram (the
3 hexes of its front arc, after a steamroll), salvage or repair.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pnp.games.wreck_and_ruin.actions import Act, act_of
from pnp.games.wreck_and_ruin.cards import CARD_ON_VEHICLE, CARD_PLAYS, FACTION_TARGET
from pnp.games.wreck_and_ruin.hexes import (
    DIRECTIONS,
    Coord,
    behind,
    distance,
    front_arc,
    step,
)
from pnp.games.wreck_and_ruin.movement import grid_of, hexes_of, reach_states
from pnp.games.wreck_and_ruin.tables import tables_of

if TYPE_CHECKING:
    from pnp.games.wreck_and_ruin.state import Vehicle, WreckState

__all__ = ["MOVE_KINDS", "group_actions", "group_of", "groups", "legal_actions", "move_ends",
           "move_options", "ram_options", "shoot_targets"]


def move_options(s: WreckState, v: Vehicle, *, reverse: bool = False, throttle: int = 0
                 ) -> dict[tuple[Coord, int], int]:
    """Where a move action of ``v`` can end: (anchor, facing) -> movement points.

    ``throttle``: the allowance of a full throttle (no reversing, no skills). From a hazard:
    -1 move and "Vehicles cannot use any special skills".
    """
    keys = grid_of(s.board).keys
    return {keys[hf]: c for hf, c in _end_states(s, v, reverse, throttle).items()}


def _end_states(s: WreckState, v: Vehicle, reverse: bool, throttle: int) -> dict[int, int]:
    """``move_options`` by state (``movement.reach_states``: ``Grid.keys`` names them)."""
    assert v.pos is not None
    hazard = s.in_hazard(v)
    kind = v.kind
    allowance = throttle or kind.move - (s.config.hazard_move_penalty if hazard else 0)
    # "Skills and cards cannot be used whilst full throttling": no card's extra movement
    allowance = max(1, allowance + s.effect("tailwind") - s.effect("deep_sand")
                    + (s.bonus_move if v.seat == s.seat and not throttle else 0))
    g = grid_of(s.board)
    index = g.index
    flying = "FLYING" in kind.skills
    # FLYING: "They can fly over vehicles, obstacles and hazards but must end their move in an
    # empty hex ... cannot end their turn over another vehicle, obstacle, hazard or salvage
    # site"; others "can move through the hex occupied by a flying vehicle ... but they cannot
    # end any movement in the same hex".
    blocked = [False] * len(g.open) if flying else list(g.shut)
    no_end: list[int] = []
    flyers, me = s.flyers, v.vid
    for h, vid in s.occupant.items():
        if vid != me:
            i = index.get(h)
            if i is None:
                continue
            if flying or vid in flyers:
                no_end.append(i)
            else:
                blocked[i] = True
    for h in v.hexes():
        blocked[index[h]] = False
    ends = reach_states(g, index[v.pos], v.facing, allowance, blocked, rig=kind.hexes == 2,
                        agile="AGILE" in kind.skills and not hazard and not throttle,
                        reverse=reverse, reverse_cost=s.config.reverse_cost)
    if no_end or flying:
        # the hexes no move may end on (a flying vehicle's anchor: nor off open ground, nor
        # on a site); a big rig's front counts too
        bad = bytearray(len(g.open))
        for i in no_end:
            bad[i] = 1
        anchor_bad = bad
        if flying:
            anchor_bad = bytearray(bad)
            tokens, coords = s.tokens, g.coords
            for i, o in enumerate(g.open):
                if not o or coords[i] in tokens:
                    anchor_bad[i] = 1
        nb = g.nb
        rig = kind.hexes == 2
        ends = {hf: c for hf, c in ends.items() if not anchor_bad[hf // 6]
                and not (rig and nb[hf] >= 0 and bad[nb[hf]])}
    return ends


def shoot_targets(s: WreckState, v: Vehicle, among: Sequence[Vehicle] | None = None
                  ) -> list[tuple[int, bool]]:
    """(target vehicle id, from behind) for every enemy ``v`` may attack now: within range,
    in its front arc (the rig: any direction, from either hex), a shortest route clear of
    obstacles (the map's tables) and of other vehicles. ``among``: the vehicles to look at
    (by default all; a caller asking for several shooters lists the live enemies once)."""
    assert v.pos is not None
    reach = max(1, s.config.shoot_range - s.effect("sandstorm"))
    # 360 degree TURRET, "Attack skill": off in a hazard ("Vehicles cannot use any special
    # skills whilst within a hazard"), where the rig shoots in its front arc from its front hex
    turret = turret_on(s, v)
    facing = -1 if turret else v.facing
    occupant = s.occupant
    routes_of = tables_of(s.board).routes
    team, me = s.team, v.vid
    flying = v.kind.has("FLYING")     # "do not gain a bonus for attacking ... from the rear"
    mine = team[v.seat]
    shooter = v.hexes() if turret else v.hexes()[-1:]
    q, r = v.pos
    near = 2 * (reach + 2)      # twice the hex distance: the rig's second hex each side
    # the front arc: ahead of the line across the vehicle (hexes.in_front, inlined)
    fq, fr = DIRECTIONS[facing] if facing >= 0 else (0, 0)
    fx, fy = 3 * (2 * fq + fr), 9 * fr
    found: dict[int, bool] = {}
    # Enemy by enemy (a few are in range; the front arc holds dozens of hexes, the rig's
    # turret twice 36): a hex of the target in range and arc of a shooter hex, one route
    # clear of obstacles (the map's table) and of other vehicles.
    for t in s.vehicles if among is None else among:
        tp = t.pos
        if tp is None or not t.active or team[t.seat] == mine:
            continue
        dq, dr = tp[0] - q, tp[1] - r
        if abs(dq) + abs(dr) + abs(dq + dr) > near:
            continue
        vid = t.vid
        for sh in shooter:
            for th in t.hexes():
                dq, dr = th[0] - sh[0], th[1] - sh[1]
                if abs(dq) + abs(dr) + abs(dq + dr) > 2 * reach:
                    continue
                if facing >= 0 and fx * (2 * dq + dr) + fy * dr <= 0:
                    continue
                for route in routes_of(sh, th):
                    for h in route:
                        o = occupant.get(h)
                        if o is not None and o != me and o != vid:
                            break
                    else:
                        break       # a clear route
                else:
                    continue        # none (or every route blocked): the target's other hex?
                found[vid] = found.get(vid, False) or (
                    not flying and behind(tp, t.facing, sh))
                break
    return [(vid, found[vid]) for vid in sorted(found)]


def turret_on(s: WreckState, v: Vehicle) -> bool:
    """True if ``v`` shoots with its 360 degree TURRET now (the skill is off in a hazard)."""
    return v.kind.has("360 TURRET") and not s.in_hazard(v)


def _front_hex(v: Vehicle, anchor: Coord) -> Coord:
    return hexes_of(anchor, v.facing, v.kind.hexes)[-1]


def ram_options(s: WreckState, v: Vehicle) -> list[tuple[int, int, bool]]:
    """(target id, steamroll hexes, from the rear hex) for every ram ``v`` may make now."""
    assert v.pos is not None
    steps = s.config.steamroll if v.kind.has("STEAMROLL") and not s.in_hazard(v) else 0
    out = []
    anchor = v.pos
    for n in range(steps + 1):
        if n:
            nxt = step(anchor, v.facing)
            if not s.free(step(_front_hex(v, anchor), v.facing)):
                break
            anchor = nxt
        front = _front_hex(v, anchor)
        seen = set()
        for h in front_arc(front, v.facing):
            vid = s.occupant.get(h)
            if vid is None or vid in seen:
                continue
            seen.add(vid)
            t = s.vehicles[vid]
            if s.team[t.seat] != s.team[v.seat] and t.active and t.pos is not None \
                    and not t.kind.has("FLYING"):         # flying: "nor ... be rammed"
                rear = front == step(t.pos, t.facing + 3)
                out.append((vid, n, rear))
    return out


def _front_wrecks(s: WreckState, v: Vehicle, own: bool) -> list[int]:
    assert v.pos is not None
    out = []
    for h in front_arc(_front_hex(v, v.pos), v.facing):
        vid = s.occupant.get(h)
        if vid is not None and vid not in out:
            t = s.vehicles[vid]
            if (t.seat == v.seat if own else s.team[t.seat] != s.team[v.seat]) \
                    and (own or not t.active):
                out.append(vid)
    return out


def repair_targets(s: WreckState, v: Vehicle) -> list[int]:
    """REPAIR: "an adjacent vehicle in its front arc", or itself; damaged or wrecked."""
    out = [vid for vid in _front_wrecks(s, v, own=True) if s.vehicles[vid].damage > 0]
    if v.damage > 0:
        out.append(v.vid)
    return out


#: Kinds that belong to the player rather than one vehicle: one group per kind.
SEAT_KINDS = frozenset(("search", "discard", "kit", "card", "faction", "end"))


def group_of(a: Act) -> tuple[str, int]:
    """The group ``a`` belongs to (``groups``): its kind and vehicle (-1 for seat kinds)."""
    return a.kind, -1 if a.kind in SEAT_KINDS else a.vehicle


def groups(s: WreckState) -> list[tuple[str, int]]:
    """The (kind, vehicle id) groups the legal actions fall into now, in ``legal_actions``'
    order: a group the rules allow but with no instance (no target in range, nowhere to
    move) may be listed; ``group_actions`` says. ``("end", -1)`` is always last."""
    if s.over:
        return []
    seat = s.seat
    if s.pending is not None:
        return [("drive", s.pending_vid)]
    out: list[tuple[str, int]] = []
    append = out.append
    ap = s.ap
    limit = s.config.ap_limit
    returned = s.returned
    # a return comes first in the turn ("at the start of their turn")
    returns = ap and not s.acted and not s.final_push and not s.setup.last_man_standing
    any_active = False
    first = seat * s.per_seat
    for v in s.vehicles[first:first + s.per_seat]:
        vid = v.vid
        if vid == returned and v.damage > 0 and (ap or patch_cards(s)):
            append(("patch", vid))
        if v.pos is None:
            if returns and not v.special:
                append(("return", vid))
            continue
        if v.done or v.stuck == 2:
            continue
        if not v.active:
            if ap:
                append(("fix", vid))
            continue
        any_active = True
        if ap and v.count < limit:
            kind = v.kind
            flying = "FLYING" in kind.skills    # "cannot full throttle, reverse, nor ... ram"
            acts = v.acts
            if not acts & 1:
                append(("move", vid))
                if not flying:
                    append(("reverse", vid))
                    if acts == 0 and not s.in_hazard(v):
                        append(("throttle", vid))
            if not acts & 2:
                append(("shoot", vid))
            if kind.name != "scout" and not flying:
                if not acts & 4:
                    append(("ram", vid))
                if not acts & 8:                # salvaging a wreck "is treated as a ram"
                    append(("salvage", vid))
        if v.potshot:
            append(("potshot", vid))
        if v.repair:
            append(("repair", vid))
    if ap and any_active and not s.final_push:
        out.append(("search", -1))
    if (s.hands[seat] and (not s.card_used or s.setup.card_shark) and s.round > 1
            and not s.final_push):
        # "only one can be used per player per turn"; none in the setup round or final push
        out += [("discard", -1), ("kit", -1), ("card", -1)]
        if s.holds(seat, "reserve_fuel"):
            out += [("fuel", v.vid) for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
                    if v.active and v.pos is not None and not v.done and v.stuck != 2]
    # the final push bars salvage cards only ("salvage cards cannot be used by ANY player")
    if s.faction_card[seat] is not None and not s.faction_played and s.round > 1:
        out.append(("faction", -1))
    out.append(("end", -1))
    return out


#: The groups whose instances are the ends of a move (``move_ends``).
MOVE_KINDS = frozenset(("move", "reverse", "fuel", "drive"))


def move_ends(s: WreckState, kind: str, vid: int) -> list[tuple[Coord, int]]:
    """The (anchor, facing) ends of the group (``kind`` of ``MOVE_KINDS``, vehicle ``vid``),
    in the order ``move_options`` finds them: the end of a full throttle may be where it
    started."""
    v = s.vehicles[vid]
    g = grid_of(s.board)
    if kind == "drive":
        assert v.pos is not None and s.pending is not None
        ends = _end_states(s, v, False, s.pending)
        ends[g.index[v.pos] * 6 + v.facing] = 0
        return [g.keys[hf] for hf in ends]
    return [g.keys[hf] for hf in _end_states(s, v, kind == "reverse", 0)]


def group_actions(s: WreckState, kind: str, vid: int) -> list[Act]:
    """The legal actions of group (``kind``, vehicle ``vid``) of ``groups(s)``."""
    seat = s.seat
    if kind in SEAT_KINDS:
        if kind == "end":
            return [Act("end", seat)]
        if kind == "search":
            return [Act("search", seat)]
        if kind == "card":
            return card_plays(s, seat)
        if kind == "faction":
            card = s.faction_card[seat]
            return [] if card is None else faction_actions(s, card.effect)
        mine = s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
        if kind == "kit" and not s.holds(seat, "field_repair"):
            return []
        return [Act(kind, seat, target=v.vid) for v in mine
                if v.active and v.pos is not None and v.damage]
    if kind in MOVE_KINDS:
        return [act_of((kind, seat, vid, -1, a, f, 0))      # Act(kind, seat, vid, to=a, ...)
                for (a, f) in sorted(move_ends(s, kind, vid))]
    v = s.vehicles[vid]
    if kind == "return":
        return [Act("return", seat, vid, to=h, facing=s._inward(seat))
                for h in s.return_spots(v)]
    if kind == "patch":
        return [Act("patch", seat, vid, n=n) for n, ok in ((0, s.ap > 0), (1, patch_cards(s)))
                if ok and vid == s.returned and v.damage > 0]
    if kind in ("shoot", "potshot"):
        return [Act(kind, seat, vid, t) for t, _ in shoot_targets(s, v)]
    if kind == "ram":
        return [Act("ram", seat, vid, t, n=n) for t, n, _ in ram_options(s, v)]
    if kind == "salvage":
        return [Act("salvage", seat, vid, t) for t in _front_wrecks(s, v, own=False)]
    if kind == "repair":
        return [Act("repair", seat, vid, t) for t in repair_targets(s, v)]
    return [Act(kind, seat, vid)]           # throttle, fix


def patch_cards(s: WreckState) -> bool:
    """True if the player may discard a salvage card to repair the vehicle it brought back:
    one in hand, and not in the setup round ("no cards can be used in the setup round")."""
    return bool(s.hands[s.seat]) and s.round > 1 and not s.final_push


def legal_actions(s: WreckState, focus: Act | None = None, reverse: bool = True
                  ) -> list[Act]:
    """Every action the player to move may take now.

    ``focus``: only those of its group (same kind and vehicle: ``apply`` checks an action
    without listing every move of every vehicle); ``reverse`` False leaves reversing moves
    out.
    """
    only = None if focus is None else group_of(focus)
    out: list[Act] = []
    for g in groups(s):
        if (only is None or g == only) and (reverse or g[0] != "reverse"):
            out += group_actions(s, *g)
    return out


def airstrike_targets(s: WreckState) -> list[int]:
    """Enemy vehicles within 3 hexes of the player's big rig (any line of sight)."""
    first = s.seat * s.per_seat
    hexes = [h for r in s.vehicles[first:first + s.per_seat]
             if "360 TURRET" in r.kind.skills and r.pos is not None for h in r.hexes()]
    if not hexes:
        return []
    team = s.team
    mine = team[s.seat]
    out = []
    for t in s.vehicles:
        if team[t.seat] == mine or not t.active or t.pos is None:
            continue
        if any(distance(h, th) <= 3 for th in t.hexes() for h in hexes):
            out.append(t.vid)
    return out


def card_plays(s: WreckState, seat: int) -> list[Act]:
    """The seat's salvage cards played for their own effect (``cards.CARD_PLAYS``); a card
    played on a vehicle (``cards.CARD_ON_VEHICLE``) once per active vehicle of the seat."""
    out: list[Act] = []
    salvage = s.salvage
    for c in sorted(set(s.hands[seat])):
        e = salvage[c].effect
        # each Act made of its fields in order (``Act``'s keywords cost 5 times as much: the
        # heuristic player asks at every decision)
        if e in CARD_ON_VEHICLE:
            out += [act_of(("card", seat, -1, v.vid, None, -1, c))
                    for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
                    if v.active and v.pos is not None]
        elif e in CARD_PLAYS:
            out.append(act_of(("card", seat, -1, -1, None, -1, c)))
    return out


def faction_actions(s: WreckState, effect: str) -> list[Act]:
    """The ways to play the player's faction card now."""
    seat = s.seat
    need = FACTION_TARGET.get(effect)
    # each Act made of its fields in order, as ``card_plays``
    if need == "own":
        return [act_of(("faction", seat, v.vid, -1, None, -1, 0)) for v in
                s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
                if v.active and v.pos is not None and v.count]
    if need == "enemy":
        return [act_of(("faction", seat, -1, t, None, -1, 0)) for t in airstrike_targets(s)]
    return [act_of(("faction", seat, -1, -1, None, -1, 0))]
