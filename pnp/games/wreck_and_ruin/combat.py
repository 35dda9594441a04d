"""Damage, shooting, ramming and crash and burn, applied to a game state.

Pure core. Functions of ``state.WreckState`` (passed in; ``state`` imports this module), in the
rulebook's order: "Attacking a Target Within Range", "Ramming an Adjacent Vehicle", "Damage and
DP", "Crash and Burn - Wrecked Vehicles" (with colliding, obstacles and big rigs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pnp.games.wreck_and_ruin.dice import d6, ram_result, roll_pool
from pnp.games.wreck_and_ruin.hexes import DIRECTIONS, Coord, behind, direction_to, distance
from pnp.games.wreck_and_ruin.movement import hexes_of
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

if TYPE_CHECKING:
    from pnp.games.wreck_and_ruin.state import Vehicle, WreckState

__all__ = ["crash", "damage", "ram", "rear_of", "shoot"]


def _roll(s: WreckState, dice: int, target: int, modifier: int = 0
          ) -> tuple[int, Sequence[int]]:
    """The successes, and the faces rolled if the game is narrated (``s.log``)."""
    if s.log is None:
        return roll_pool(s.rng, dice, target, modifier), ()
    faces: list[int] = []
    return roll_pool(s.rng, dice, target, modifier, faces), faces


def rear_of(s: WreckState, shooter: Vehicle, shooter_hexes: tuple[Coord, ...], target: Vehicle
            ) -> bool:
    """True if any of the ``shooter``'s hexes (those it shoots from) is "directly in the line
    behind" the target."""
    assert target.pos is not None
    if shooter.vid in s.flyers:
        return False    # "Flying vehicles do not gain a bonus for attacking ... from the rear"
    pos, facing = target.pos, target.facing
    for h in shooter_hexes:
        if behind(pos, facing, h):
            return True
    return False


def shoot(s: WreckState, v: Vehicle, t: Vehicle, *, potshot: bool = False,
          rear: bool = False) -> None:
    """An attack: ATTACK dice against the target's armour (-1 from behind; Potshot -1)."""
    cfg = s.config
    target = t.armour() - (cfg.rear_bonus if rear else 0)
    dice = max(1, v.kind.attack - s.effect("ammo_shortage")
               + (s.bonus_dice if v.seat == s.seat else 0))
    hits, faces = _roll(s, dice, target, -cfg.potshot_penalty if potshot else 0)
    if s.log is not None:
        s.say(f"rolls {faces} needing {target}+{' -1 (potshot)' if potshot else ''}"
              f"{' from behind' if rear else ''}: {hits} hit{'s' * (hits != 1)}")
    if hits:
        damage(s, t, hits, away_from=None)


def ram(s: WreckState, v: Vehicle, t: Vehicle, rear: bool) -> None:
    """A ram: both sides roll ARMOUR dice, add SIZE, compare (Ramming an Adjacent Vehicle)."""
    cfg = s.config
    pen = cfg.rear_bonus if rear else 0
    # plating is ARMOUR: the ram's target number and each side's dice (choice: assumptions)
    a_arm, t_arm = v.armour(), t.armour()
    a_hits, a_faces = _roll(s, a_arm, t_arm - pen)
    d_dice = max(0, t_arm - pen)
    if cfg.defender_explodes:
        d_hits, d_faces = _roll(s, d_dice, a_arm)
    else:
        d_faces = [d6(s.rng) for _ in range(d_dice)]
        d_hits = sum(1 for f in d_faces if f == 6 or (f != 1 and f >= a_arm))
    a_score, d_score = a_hits + v.kind.size, d_hits + t.kind.size
    to_t, to_a, push = ram_result(a_score, d_score, v.kind.size, t.kind.size)
    if s.log is not None:
        s.say(f"ram{' from the rear' if rear else ''}: {a_faces} -> {a_score} against "
              f"{d_faces} -> {d_score}")
    assert v.pos is not None and t.pos is not None
    front = hexes_of(v.pos, v.facing, v.kind.hexes)[-1]
    hit = min(t.hexes(), key=lambda h: distance(front, h))
    d = direction_to(front, hit)
    if to_t:
        pushed_from = None
        if push and d is not None:
            pushed_from = _push(s, v, t, d)
        damage(s, t, to_t, away_from=pushed_from if pushed_from else front)
    if to_a:
        damage(s, v, to_a, away_from=None)


def _push(s: WreckState, v: Vehicle, t: Vehicle, d: int) -> Coord | None:
    """Push ``t`` one hex away (into "one of the three hexes behind it (relative to the
    direction of the ram) without changing its facing"); the hex it left, or None."""
    options = []
    for turn in (0, -1, 1):
        dq, dr = DIRECTIONS[(d + turn) % 6]
        moved = [(h[0] + dq, h[1] + dr) for h in t.hexes()]
        off = any(h not in s.board.terrain for h in moved)
        blocked = any(s.board.terrain.get(h) == OBSTACLE
                      or s.occupant.get(h, t.vid) != t.vid for h in moved if not off)
        if blocked and not off:
            continue
        # choice: the pushing player's preference: off the map, into a hazard, off a site.
        hazard = any(s.board.terrain.get(h) == HAZARD for h in moved)
        options.append((not off, not hazard, turn != 0, turn, (dq, dr), off))
    if not options:
        return None
    *_, (dq, dr), off = min(options)
    old = t.hexes()
    assert t.pos is not None
    s.leave(t)
    if off:
        if s.log is not None:
            s.say(f"{t.name} is pushed off the board")
        s.remove(t)
        return None
    t.pos = (t.pos[0] + dq, t.pos[1] + dr)
    s.enter(t)
    if s.log is not None:
        s.say(f"{t.name} is pushed to {t.pos[0]},{t.pos[1]}")
    return old[0]


def damage(s: WreckState, t: Vehicle, n: int, away_from: Coord | None) -> None:
    """``n`` DP to ``t``; a full vehicle is wrecked and crashes and burns ("Damage and DP").

    ``away_from``: the hex a rammed or collided target turns to face away from first.
    """
    if not t.active or t.pos is None or n <= 0:
        return      # "Wrecks cannot be damaged further"
    s.contest(t)
    t.damage = min(t.kind.dp, t.damage + n)
    if t.damage < t.kind.dp:
        if s.log is not None:
            s.say(f"{t.name} takes {n} DP ({t.damage}/{t.kind.dp})")
        return
    if s.log is not None:
        s.say(f"{t.name} is wrecked")
    t.active = False
    if t.plating:
        t.plating = 0       # a wreck's plating is gone with it (choice: assumptions.md)
    s.wrecked_by_turn[s.seat] += 1
    if s.setup.all_out_war and s.team[t.seat] != s.team[s.seat]:
        # All-out WaR: "receive size stat -1 points when you wreck a vehicle"
        s.scores[s.seat] += t.kind.size - 1
    if away_from is not None:
        d = direction_to(away_from, t.pos) if t.kind.hexes == 1 else None
        if d is None:
            d = _away(away_from, t.pos)
        if t.kind.hexes == 1:
            t.facing = d
    crash(s, t)
    if s.setup.arcade and t.pos is not None:
        # Arcade mode: "resolve its crash and burn then remove it from play"
        s.leave(t)
        s.remove(t)
        if s.log is not None:
            s.say(f"{t.name} is removed from play (arcade mode)")


def _away(a: Coord, b: Coord) -> int:
    """The facing from ``a`` most nearly towards ``b`` (for non-adjacent hexes)."""
    # the step from b nearest the hex straight on beyond it (furthest from a alone ties)
    return min(range(6), key=lambda f: distance((b[0] + DIRECTIONS[f][0], b[1] + DIRECTIONS[f][1]),
                                                (2 * b[0] - a[0], 2 * b[1] - a[1])))


def crash(s: WreckState, t: Vehicle) -> None:
    """Crash and burn: a d6 for the direction, a d6 for the distance (up to MOVE)."""
    # FLYING: "If a vehicle with flying is destroyed it is treated as rolling a 1"
    roll = 1 if t.kind.has("FLYING") else d6(s.rng)
    if roll == 1:
        if s.log is not None:
            s.say(f"crash and burn: 1, {t.name} explodes")
        assert t.pos is not None
        centre = t.hexes()
        s.arrive_wreck(t)   # "Tokens can be temporarily removed if a vehicle ... exploding"
        s.leave(t)
        s.remove(t)
        # "start with the direction the exploding vehicle is facing and work clockwise"
        hit: list[int] = []
        for k in range(6):
            for h in centre:
                dq, dr = DIRECTIONS[(t.facing + k) % 6]
                vid = s.occupant.get((h[0] + dq, h[1] + dr))
                if vid is not None and vid not in hit:
                    hit.append(vid)
        for vid in hit:
            other = s.vehicles[vid]
            if other.active and other.pos is not None:
                hits, faces = _roll(s, s.config.explosion_dice, other.armour())
                if s.log is not None:
                    s.say(f"the explosion rolls {faces} against {other.name}: {hits}")
                # an attack, not a ram or a collision: the victim keeps its facing ("Use the
                # vehicle's facing for this unless it is wrecked by a ram")
                damage(s, other, hits, away_from=None)
        return
    f = first_facing = t.facing
    first = f
    if roll in (2, 6):      # choice: 2 turns right, 6 left, then straight (no diagram)
        f = (f + (1 if roll == 2 else -1)) % 6
        first = f
    elif roll in (3, 5):    # choice: 3 swerves front-right, 5 front-left, facing unchanged
        first = (f + (1 if roll == 3 else -1)) % 6
    dist = min(d6(s.rng), t.kind.move)
    if s.log is not None:
        s.say(f"crash and burn: direction {roll}, distance {dist}")
    if f != t.facing and t.kind.hexes == 2:
        assert t.pos is not None
        front = (t.pos[0] + DIRECTIONS[f][0], t.pos[1] + DIRECTIONS[f][1])
        # "If it is unable to turn on a roll of 2 or 6 because the space is occupied by another
        # vehicle, treat it as a collision ... and do not move the big rig"; an obstacle (or
        # the edge) stops it as it stops every crash: "it stops in the last empty hex"
        hit_vid = _blocked_by(s, t, front)
        if hit_vid is not None or s.board.terrain.get(front, OBSTACLE) == OBSTACLE:
            if hit_vid is not None:
                _collide(s, t, hit_vid)
            s.arrive_wreck(t)
            return
    s.leave(t)
    t.facing = f
    s.enter(t)
    # "If a vehicle crashes and burns into a hazard, it immediately stops": a big rig's
    # front hex that turns into one too
    if t.kind.hexes == 2 and f != first_facing and any(
            s.board.terrain[h] == HAZARD for h in t.hexes()[1:]):
        dist = 0
    terrain, occupant, me = s.board.terrain, s.occupant, t.vid
    for k in range(dist):
        d = first if k == 0 else f
        dq, dr = DIRECTIONS[d]
        assert t.pos is not None
        moved = [(h[0] + dq, h[1] + dr) for h in t.hexes()]
        # a loop rather than any(...) over the one or two hexes: the same tests, less work
        others: list[int] = []
        off = obstacle = False
        for h in moved:
            if h not in terrain:
                off = True
                break
            obstacle = obstacle or terrain[h] == OBSTACLE
            o = occupant.get(h, me)      # another vehicle or wreck there (``_blocked_by``)
            if o != me:
                others.append(o)
        if off:
            s.leave(t)
            if s.log is not None:
                s.say(f"{t.name} crashes off the board")
            s.remove(t)
            return
        if others and any(s.vehicles[o].kind.has("FLYING") for o in others):
            break   # "Should a vehicle crash and burn into a hex containing a flying vehicle,
            #          it ends its move in the hex before it"
        if obstacle or others:
            for o in dict.fromkeys(others):
                _collide(s, t, o)
            break
        s.leave(t)
        t.pos = (t.pos[0] + dq, t.pos[1] + dr)
        s.enter(t)
        if terrain[moved[0]] == HAZARD or terrain[moved[-1]] == HAZARD:   # the wreck's hexes
            break       # "If a vehicle crashes and burns into a hazard, it immediately stops"
    if t.pos is not None:
        if s.log is not None:
            s.say(f"the wreck of {t.name} stops at {t.pos[0]},{t.pos[1]}")
    s.arrive_wreck(t)


def _blocked_by(s: WreckState, t: Vehicle, h: Coord) -> int | None:
    vid = s.occupant.get(h)
    return None if vid is None or vid == t.vid else vid


def _collide(s: WreckState, t: Vehicle, vid: int) -> None:
    """"rolling attack dice equal to its size" against an active vehicle (wrecks: no harm)."""
    other = s.vehicles[vid]
    if not other.active:
        return
    hits, faces = _roll(s, t.kind.size, other.armour())
    if s.log is not None:
        s.say(f"{t.name} collides with {other.name}: {faces}, {hits} hit{'s' * (hits != 1)}")
    assert t.pos is not None
    damage(s, other, hits, away_from=t.pos)
