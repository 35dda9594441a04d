"""The arrays the heuristic player's kernels read (``kernels``): a map's tables, built once
per map, and where the vehicles stand, built once per position.

Pure core, imported by the simulator alone (through ``bots.kernels``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pnp.games.wreck_and_ruin import kernels
from pnp.games.wreck_and_ruin.movement import grid_of
from pnp.games.wreck_and_ruin.tables import per_map
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

__all__ = ["MapArrays", "Where", "arrays_of", "assign", "descend", "geometry"]


class MapArrays:
    """A map's tables as arrays: per hex index its axial coordinates, its six neighbours (-1:
    off the map), whether it is open and whether an obstacle stands on it; and the distance
    tables the kernels fill as they need them."""

    def __init__(self, board: Any) -> None:
        g = grid_of(board)
        terrain = board.terrain
        cells = len(g.coords)
        self.index = g.index
        self.nb_list = g.nb
        self.q = np.array([c[0] for c in g.coords], dtype=np.int64)
        self.r = np.array([c[1] for c in g.coords], dtype=np.int64)
        self.nb = np.array(g.nb, dtype=np.int64).reshape(-1, 6)
        self.open = np.array(g.open, dtype=np.bool_)
        self.obstacle = np.array([terrain[c] == OBSTACLE for c in g.coords], dtype=np.bool_)
        self.hazard = np.array([terrain[c] == HAZARD for c in g.coords], dtype=np.bool_)
        #: Row ``goal``: ``tables.Tables.steps_to(goal)``, once ``fields_ready[goal]``.
        self.fields = np.zeros((cells, cells), dtype=np.int16)
        self.fields_ready = np.zeros(cells, dtype=np.bool_)
        #: Row ``goal * 3 + kind``: the movement to ``goal`` per (hex * 6 + facing) of a
        #: vehicle of ``kind`` (0 one hex, 1 AGILE, 2 the big rig), once ``ready``.
        self.to_go = np.zeros((cells * 3, cells * 6), dtype=np.int16)
        self.ready = np.zeros(cells * 3, dtype=np.bool_)


_ARRAYS: dict[int, tuple[object, Any]] = {}


def arrays_of(board: object) -> MapArrays:
    """The ``MapArrays`` of ``board``, built once per map."""
    return per_map(_ARRAYS, board, lambda: MapArrays(board))


#: The skills the kernels read, and their bits (``kernels.FLYING`` ...).
SKILLS = (("FLYING", kernels.FLYING), ("360 TURRET", kernels.TURRET),
          ("STEAMROLL", kernels.STEAMROLL), ("AGILE", kernels.AGILE))


class Where:
    """Where every vehicle stands, as arrays: per vehicle id its anchor hex (-1: off the
    board), front hex (the anchor but for a big rig), facing, active, skills (bits of
    ``SKILLS``), team and MOVE; per
    hex the vehicle or wreck on it (``owner``, -1: none: ``state.occupant``). ``update``
    brings it up to date with another position of the same game, rewriting only the
    vehicles that moved (and their hexes) as ``WreckState.leave`` and ``enter`` do."""

    def __init__(self, s: Any) -> None:
        self.maps = maps = arrays_of(s.board)
        self.setup = s.setup        # the map and the teams the arrays hold
        vehicles = s.vehicles
        n = len(vehicles)
        table = np.zeros((7, n), dtype=np.int64)
        table[0:2] = -1
        table[4] = [sum(bit for skill, bit in SKILLS if v.kind.has(skill)) for v in vehicles]
        table[5] = [s.team[v.seat] for v in vehicles]
        table[6] = [v.kind.move for v in vehicles]
        self.pos, self.front, self.facing, self.active, self.skills, self.team, self.move = table
        self.owner = np.full(len(maps.index), -1, dtype=np.int64)
        #: Per vehicle: (anchor, facing, active) as the arrays hold them.
        self.seen: Any = [(None, 0, False)] * n
        #: The output of ``kernels.geometry`` (room for every vehicle of a seat).
        self.out = np.zeros(s.per_seat * (3 + 2 * n + 9 * (s.config.steamroll + 1) + 3),
                            dtype=np.int64)
        self.update(s)

    def update(self, s: Any, now: Any = None) -> Where:
        """Rewrite the vehicles that stand elsewhere in ``s`` than in the arrays; ``self``.
        ``now``: per vehicle (anchor, facing, active) in ``s``, if the caller has them."""
        vehicles = s.vehicles
        if now is None:
            now = tuple((v.pos, v.facing, v.active) for v in vehicles)
        moved = [vehicles[vid] for vid, (a, b) in enumerate(zip(now, self.seen, strict=True))
                 if a != b]
        self.seen = now
        if not moved:
            return self
        index, nb = self.maps.index, self.maps.nb_list
        pos, front, owner = self.pos, self.front, self.owner
        for v in moved:            # lift them off their hexes (leave) ...
            vid = v.vid
            for c in (pos[vid], front[vid]):
                if c >= 0 and owner[c] == vid:
                    owner[c] = -1
        for v in moved:            # ... and set them down again (enter)
            vid = v.vid
            p = v.pos
            if p is None:
                pos[vid] = front[vid] = -1
            else:
                pos[vid] = i = index[p]
                front[vid] = f = i if v.kind.hexes == 1 else nb[i * 6 + v.facing]
                owner[i] = owner[f] = vid
            self.facing[vid] = v.facing
            self.active[vid] = v.active
        return self


def geometry(s: Any, w: Where, mine: list[Any]) -> tuple[
        list[list[tuple[int, bool]]], list[list[tuple[int, int, bool]]], list[list[int]]]:
    """Per vehicle of ``mine`` (the player's vehicles on the board and active, in order):
    ``legal.shoot_targets`` among the active enemies on the board, ``legal.ram_options`` and
    ``legal._front_wrecks(s, v, False)``, in one kernel call."""
    m = w.maps
    size = kernels.geometry(s.seat * s.per_seat, s.per_seat,
                            max(1, s.config.shoot_range - s.effect("sandstorm")),
                            s.config.steamroll, w.pos, w.facing, w.front, w.skills, w.active,
                            w.team, m.q, m.r, m.nb, m.obstacle, m.open, m.hazard, w.owner,
                            w.out)
    data = w.out[:size].tolist()
    shots, rams, wrecks = [], [], []
    i = 0
    for _ in mine:
        end = i + 1 + 2 * data[i]
        shots.append([(data[j], data[j + 1] == 2) for j in range(i + 1, end, 2)])
        i = end
        end = i + 1 + 3 * data[i]
        rams.append([(data[j], data[j + 1], data[j + 2] == 1) for j in range(i + 1, end, 3)])
        i = end
        end = i + 1 + data[i]
        wrecks.append(data[i + 1:end])
        i = end
    return shots, rams, wrecks


def assign(w: Where, goals: tuple[int, ...], movers: list[Any]) -> dict[int, tuple[int, float]]:
    """``bots._Turn._assign``: vehicle id -> (goal, weight)."""
    m = w.maps
    n = len(movers)
    g = len(goals)
    ask = np.array(goals + tuple(v.vid for v in movers), dtype=np.int64)
    out = np.zeros((n, 2), dtype=np.int64)
    kernels.assign(ask[:g], ask[g:], w.pos, w.front, m.nb, m.open, m.fields, m.fields_ready,
                   out)
    return {v.vid: (goal, 1.0 if weight == 1 else 0.4)
            for v, (goal, weight) in zip(movers, out.tolist(), strict=True) if weight}


def descend(s: Any, w: Where, plans: list[tuple[int, int]]
            ) -> list[tuple[tuple[int, int], int] | None]:
    """``kernels.descend_all`` of ``plans`` (vehicle id, goal hex): per plan ((end hex,
    facing), progress), or None for no move."""
    m = w.maps
    n = len(plans)
    ask = np.array([x for plan in plans for x in plan], dtype=np.int64)
    out = np.zeros((n, 3), dtype=np.int64)
    kernels.descend_all(ask[0::2], ask[1::2], s.config.hazard_move_penalty,
                        s.effect("tailwind") - s.effect("deep_sand") + s.bonus_move, w.pos,
                        w.facing, w.front, w.skills, w.move, m.nb, m.open, m.hazard, w.owner,
                        m.fields, m.fields_ready, m.to_go, m.ready, out)
    return [None if h < 0 else ((h, f), p) for h, f, p in out.tolist()]
