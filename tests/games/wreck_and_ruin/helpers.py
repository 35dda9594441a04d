"""A blank test board and a scripted die for rule tests."""

from __future__ import annotations

import random

from pnp.games.wreck_and_ruin import data
from pnp.games.wreck_and_ruin.board import Board
from pnp.games.wreck_and_ruin.hexes import spiral
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.simulate import Setup
from pnp.games.wreck_and_ruin.state import WreckState


class Dice(random.Random):
    """A random stream whose d6 rolls come from a script (then from the seed)."""

    def __init__(self, faces=()):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        if self.faces and (a, b) == (1, 6):
            return self.faces.pop(0)
        return super().randint(a, b)


def blank_board(players: int = 2, radius: int = 9, terrain=None) -> Board:
    hexes = spiral(radius)
    t = dict.fromkeys(hexes, 0)
    t.update(terrain or {})
    setup = tuple(tuple(sorted(spiral(1, (-6 + 12 * (s % 2), -3 + 6 * (s // 2)))))
                  for s in range(players))
    board = Board(players, (), t, dict.fromkeys(hexes, 0), setup)
    inner = tuple(h for h in hexes if h not in [c for a in setup for c in a])
    object.__setattr__(board, "token_hexes", (inner,) * 7)
    return board


def new_state(players: int = 2, faces=(), terrain=None, config: Config = Config(),
              rounds: int | None = None) -> WreckState:
    setup = Setup(bots=("random",) * players, board=blank_board(players, terrain=terrain),
                  config=config, players=players, rounds=rounds)
    s = WreckState(setup, Dice(faces), deploy=False)
    s.ap = config.per_players(config.ap, players)
    return s


def put(s: WreckState, seat: int, slot: int, pos, facing: int = 0, damage: int = 0):
    v = s.vehicle(seat, slot)
    s.leave(v)
    v.pos, v.facing, v.damage = pos, facing, damage
    s.enter(v)
    s._legal = None
    return v


SCOUT, SCOUT2, BUGGY, WRECKER, RIG = range(5)


def pegs(s: WreckState, dp) -> None:
    """Per seat, ``dp[seat]`` DP pegs spread over its vehicles in roster order (each up to its
    DP): the count the least-DP tie-break reads."""
    for seat, n in enumerate(dp):
        for v in s.vehicles[seat * s.per_seat:(seat + 1) * s.per_seat]:
            v.damage = min(n, v.kind.dp)
            n -= v.damage
        assert n == 0, "more DP than the seat's vehicles have"


#: The generated salvage deck, as the game loads it.
SALVAGE = data.load_cards(None, "salvage")


def holding(card, faces=()):
    """Seat 1 in round 2 with salvage ``card`` in hand (the deck's other cards in the pile)."""
    s = new_state(faces=faces)
    s.salvage = SALVAGE
    mine = SALVAGE.index(card)
    s.hands[0] = [mine]
    s.salvage_pile = [c for c in range(len(SALVAGE)) if c != mine]
    s.round = 2
    s._legal = None
    return s, mine


def inside(pt, poly) -> bool:
    """Whether ``pt`` lies inside the polygon ``poly`` (even-odd rule)."""
    x, y = pt
    found = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def distinct_faces(components):
    """Each different face (front or back) of the components, once."""
    seen = set()
    for comp in components:
        for face in (comp.front, comp.back):
            if face is not None and (face.width, face.items) not in seen:
                seen.add((face.width, face.items))
                yield face


def pack_cards(setup, seed):
    """The card files of ``setup``'s session pack (no games played), by path."""
    from pnp.games.wreck_and_ruin.pack import session_pack
    from pnp.pack import Cards, PrintOptions

    pack = session_pack(setup, seed, {}, 0, 1, PrintOptions())
    return {f.path: f for f in pack.files if isinstance(f, Cards)}
