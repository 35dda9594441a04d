"""The legal actions of a Wreck and Ruin state ("Spending Your AP" and the skills).

Pure core. ``targets_*`` functions are shared by ``legal_actions`` and the bots: who a vehicle
can shoot (range 3, front arc or the rig's 360 degree turret, a clear shortest route), ram (the
3 hexes of its front arc, after a steamroll), salvage or repair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.cards import CARD_PLAYS, FACTION_TARGET
from pnp.games.wreck_and_ruin.hexes import (
    Coord,
    behind,
    distance,
    front_arc,
    step,
)
from pnp.games.wreck_and_ruin.movement import grid_of, hexes_of, reach_grid
from pnp.games.wreck_and_ruin.tables import tables_of

if TYPE_CHECKING:
    from pnp.games.wreck_and_ruin.state import Vehicle, WreckState

__all__ = ["legal_actions", "move_options", "ram_options", "shoot_targets"]


def move_options(s: WreckState, v: Vehicle, *, reverse: bool = False, throttle: int = 0
                 ) -> dict[tuple[Coord, int], int]:
    """Where a move action of ``v`` can end: (anchor, facing) -> movement points.

    ``throttle``: the allowance of a full throttle (no reversing, no skills). From a hazard:
    -1 move and "Vehicles cannot use any special skills".
    """
    assert v.pos is not None
    hazard = s.in_hazard(v)
    allowance = throttle or v.kind.move - (s.config.hazard_move_penalty if hazard else 0)
    allowance = max(1, allowance + s.effect("tailwind") - s.effect("deep_sand")
                    + (s.bonus_move if v.seat == s.seat else 0))
    g = grid_of(s.board)
    index = g.index
    flying = v.kind.has("FLYING")
    # FLYING: "They can fly over vehicles, obstacles and hazards but must end their move in an
    # empty hex ... cannot end their turn over another vehicle, obstacle, hazard or salvage
    # site"; others "can move through the hex occupied by a flying vehicle ... but they cannot
    # end any movement in the same hex".
    blocked = [False] * len(g.open) if flying else [not o for o in g.open]
    own = v.hexes()
    no_end: set[Coord] = set()
    for h, vid in s.occupant.items():
        if vid != v.vid and h in index:
            if flying or s.vehicles[vid].kind.has("FLYING"):
                no_end.add(h)
            else:
                blocked[index[h]] = True
    for h in own:
        blocked[index[h]] = False
    coords = g.coords
    ends = reach_grid(g, index[v.pos], v.facing, allowance, blocked, rig=v.kind.hexes == 2,
                      agile=v.kind.has("AGILE") and not hazard and not throttle,
                      reverse=reverse, reverse_cost=s.config.reverse_cost)
    out = {(coords[h], f): c for (h, f), c in ends.items()}
    if no_end or flying:
        size = v.kind.hexes
        out = {k: c for k, c in out.items()
               if not any(h in no_end for h in hexes_of(k[0], k[1], size))
               and not (flying and (not g.open[index[k[0]]] or k[0] in s.tokens))}
    return out


def shoot_targets(s: WreckState, v: Vehicle) -> list[tuple[int, bool]]:
    """(target vehicle id, from behind) for every enemy ``v`` may attack now: within range,
    in its front arc (the rig: any direction, from either hex), a shortest route clear of
    obstacles (the map's tables) and of other vehicles."""
    assert v.pos is not None
    reach = max(1, s.config.shoot_range - s.effect("sandstorm"))
    facing = -1 if v.kind.has("360 TURRET") else v.facing
    occupant = s.occupant
    vehicles = s.vehicles
    sight = tables_of(s.board).sight
    team, me = s.team, v.vid
    flying = v.kind.has("FLYING")     # "do not gain a bonus for attacking ... from the rear"
    mine = team[v.seat]
    found: dict[int, bool] = {}
    for sh in v.hexes():
        for th, routes in sight(sh, facing, reach):
            vid = occupant.get(th)
            if vid is None or vid == me:
                continue
            t = vehicles[vid]
            if team[t.seat] == mine or not t.active or found.get(vid):
                continue
            for route in routes:
                for h in route:
                    o = occupant.get(h)
                    if o is not None and o != me and o != vid:
                        break
                else:
                    assert t.pos is not None
                    found[vid] = found.get(vid, False) or (
                        not flying and behind(t.pos, t.facing, sh))
                    break
    return [(vid, found[vid]) for vid in sorted(found)]


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


def legal_actions(s: WreckState, focus: Act | None = None, reverse: bool = True
                  ) -> list[Act]:
    """Every action the player to move may take now.

    ``focus``: only those that could equal it (same vehicle and kind: ``apply`` checks an
    action without listing every move of every vehicle); ``reverse`` False leaves reversing
    moves out (the heuristic player's candidates).
    """
    if s.over:
        return []
    seat = s.seat
    fk = focus.kind if focus is not None else ""
    fv = focus.vehicle if focus is not None else -1
    if s.pending is not None:
        v = s.vehicles[s.pending_vid]
        assert v.pos is not None
        ends = move_options(s, v, throttle=s.pending)
        ends[(v.pos, v.facing)] = 0
        return [Act("drive", seat, v.vid, to=a, facing=f) for (a, f) in sorted(ends)]
    cfg = s.config
    out: list[Act] = []
    ap = s.ap
    any_active = False
    for slot in range(s.per_seat):
        v = s.vehicle(seat, slot)
        vid = v.vid
        if focus is not None and vid != fv and fk not in ("search", "discard", "kit", "end"):
            if v.active and v.pos is not None:
                any_active = True
            continue
        if v.pos is None:
            if ap and not s.acted and not s.final_push and not s.setup.last_man_standing \
                    and not v.special:
                out += [Act("return", seat, vid, to=h, facing=s._inward(seat))
                        for h in s.return_spots(v)]
            continue
        if v.done or v.stuck == 2:
            continue
        if not v.active:
            if ap:
                out.append(Act("fix", seat, vid))
            continue
        any_active = True
        if ap and v.count < cfg.ap_limit:
            flying = v.kind.has("FLYING")   # "cannot full throttle, reverse, nor ... ram"
            if not v.acts & 1:
                for rev in (False, True) if reverse and not flying else (False,):
                    kind = "reverse" if rev else "move"
                    if focus is not None and fk != kind:
                        continue
                    out += [Act(kind, seat, vid, to=a, facing=f)
                            for (a, f) in sorted(move_options(s, v, reverse=rev))]
                if v.acts == 0 and not s.in_hazard(v) and not flying:
                    out.append(Act("throttle", seat, vid))
            if not v.acts & 2:
                out += [Act("shoot", seat, vid, t) for t, _ in shoot_targets(s, v)]
            if not v.acts & 4 and v.kind.name != "scout" and not flying:
                out += [Act("ram", seat, vid, t, n=n) for t, n, _ in ram_options(s, v)]
            if not v.acts & 8 and not flying:     # salvaging a wreck "is treated as a ram"
                out += [Act("salvage", seat, vid, t) for t in _front_wrecks(s, v, own=False)]
        if v.potshot:
            out += [Act("potshot", seat, vid, t) for t, _ in shoot_targets(s, v)]
        if v.repair:
            out += [Act("repair", seat, vid, t) for t in repair_targets(s, v)]
    if ap and any_active and not s.final_push:
        out.append(Act("search", seat))
    if (s.hands[seat] and (not s.card_used or s.setup.card_shark) and s.round > 1
            and not s.final_push):
        # "only one can be used per player per turn"; none in the setup round or final push
        mine = s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
        hurt = [v.vid for v in mine if v.active and v.pos is not None and v.damage]
        out += [Act("discard", seat, target=vid) for vid in hurt]
        if s.holds(seat, "field_repair"):
            out += [Act("kit", seat, target=vid) for vid in hurt]
        out += card_plays(s, seat)
        if s.holds(seat, "reserve_fuel") and (focus is None or fk == "fuel"):
            for v in mine:
                if v.active and v.pos is not None and not v.done and v.stuck != 2:
                    out += [Act("fuel", seat, v.vid, to=a, facing=f)
                            for (a, f) in sorted(move_options(s, v))]
    card = s.faction_card[seat]
    if card is not None and not s.faction_played and s.round > 1 and not s.final_push \
            and (focus is None or fk == "faction"):
        out += faction_actions(s, card.effect)
    out.append(Act("end", seat))
    return out


def airstrike_targets(s: WreckState) -> list[int]:
    """Enemy vehicles within 3 hexes of the player's big rig (any line of sight)."""
    rigs = [v for v in s.vehicles[s.seat * s.per_seat:(s.seat + 1) * s.per_seat]
            if v.kind.has("360 TURRET") and v.pos is not None]
    hexes = [h for r in rigs for h in r.hexes()]
    return [t.vid for t in s.vehicles if s.team[t.seat] != s.team[s.seat] and t.active
            and t.pos is not None
            and any(distance(h, th) <= 3 for h in hexes for th in t.hexes())]


def card_plays(s: WreckState, seat: int) -> list[Act]:
    """The seat's salvage cards played for their own effect (``cards.CARD_PLAYS``)."""
    return [Act("card", seat, n=c) for c in sorted(set(s.hands[seat]))
            if s.salvage[c].effect in CARD_PLAYS]


def faction_actions(s: WreckState, effect: str) -> list[Act]:
    """The ways to play the player's faction card now."""
    seat = s.seat
    need = FACTION_TARGET.get(effect)
    if need == "own":
        return [Act("faction", seat, v.vid) for v in
                s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]
                if v.active and v.pos is not None and v.count]
    if need == "enemy":
        return [Act("faction", seat, target=t) for t in airstrike_targets(s)]
    return [Act("faction", seat)]
