"""A toy yard and helpers shared by the rules tests: positions are built through the rules.

``make_game`` sets a game up (tiles placed by a ``layout``, every machine card the same word if
asked, scripted percentile dice); the other helpers reach a position by playing actions, never
by writing into the game's arrays.
"""

from __future__ import annotations

import random

from pnp.games.junkyard_wars.actions import (
    END_TURN,
    Assemble,
    ChooseMachine,
    Drop,
    Move,
    PickUp,
    Search,
    Travel,
)
from pnp.games.junkyard_wars.graph import Tables, grid_board
from pnp.games.junkyard_wars.rules import BLANK, NO_LETTER, letter_code
from pnp.games.junkyard_wars.spec import JunkyardWarsState

# A 5x3 toy yard: zone in the middle of the top row, junk on four squares, a wall between
# (0,0) and (0,1) so the way to (0,0) goes round through row 1.
#   0  1  2  3  4
#   5  6  7  8  9
#  10 11 12 13 14
TOY = grid_board(5, 3, zone=(0, 2), junk=[(0, 0), (2, 2), (2, 4), (1, 4)],
                 walls=[((0, 0), (0, 1))])
TABLES = Tables(TOY)
ZONE = TABLES.zone  # 2
DECK = ["ROBOT", "CRANE", "WINCH", "TANK", "CART", "SLED", "DRILL", "PUMP", "VAN", "SAW",
        "JET", "RAFT"]


class Rolls(random.Random):
    """Percentile dice that roll the given values (00 read as 100), then the seeded stream;
    shuffles and deals come from the seeded stream."""

    def __init__(self, *values: int, seed: int = 1):
        super().__init__(seed)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else super().randint(a, b)

    def __reduce__(self):  # a clone of the game keeps the script
        return (type(self), tuple(self.values), self.getstate())


def make_game(tiles: str = "CAT?", players: int = 2, seed: int = 1, *,
              at: dict[int, int] | None = None, word: str | None = None,
              rolls: tuple[int, ...] = (), **kw) -> JunkyardWarsState:
    """A toy game: ``tiles`` by letter ('?' a blank), tile ``t`` lying on square ``at[t]`` (the
    others on the junk squares in turn), every machine card ``word`` if given, scripted dice."""
    codes = [letter_code(c) for c in tiles]
    layout = None
    if at is not None:
        junk = TABLES.junk
        layout = [at.get(t, junk[t % len(junk)]) for t in range(len(codes))]
    deck = [word] * len(DECK) if word else DECK
    return JunkyardWarsState(TABLES, codes, deck, players, Rolls(*rolls, seed=seed),
                             layout=layout, **kw)


def start_turn_two(game: JunkyardWarsState) -> None:
    """End turns until player 1 starts round 2 (every worker then has 6 actions)."""
    while game.round == 1 or game.current != 0:
        game.apply(END_TURN)


def next_turn_of(game: JunkyardWarsState, p: int) -> None:
    """End turns until it is player ``p``'s turn again."""
    game.apply(END_TURN)
    while game.current != p:
        game.apply(END_TURN)


def spend(game: JunkyardWarsState, k: int, n: int) -> None:
    """Worker ``k`` of the player to move uses ``n`` actions stepping to a neighbour and back."""
    w = game.current * 4 + k
    home = game.w_sq[w]
    away = TABLES.neighbours[home][0]
    for step in range(n):
        game.apply(Move(k, away if step % 2 == 0 else home))


def fetch_to_pile(game: JunkyardWarsState, k: int, tiles: list[int]) -> None:
    """Worker ``k`` (in the zone) searches the zone square and offloads ``tiles`` lying there
    into his team's pile (1 action: the search; picking up and dropping are free)."""
    game.apply(Search(k))
    for t in tiles:
        letter = game.tile_letter[t]
        game.apply(PickUp(k, t, letter, NO_LETTER if letter != BLANK else 0))
        game.apply(Drop(k, t, letter))


def ready_pile(word: str = "VAN", players: int = 2, **kw) -> JunkyardWarsState:
    """Round 2, player 1 to move: his machine is ``word`` and its objects lie in his pile (his
    worker 4 searched the zone square where they lay: 1 action used)."""
    game = make_game(word, players, at={t: ZONE for t in range(len(word))}, word=word, **kw)
    start_turn_two(game)
    game.apply(ChooseMachine(0, word))
    fetch_to_pile(game, 3, list(range(len(word))))
    return game


def link_all(game: JunkyardWarsState, p: int = 0) -> int:
    """Player ``p``'s workers in the zone assemble until every link is made, turn after turn;
    returns the MA spent."""
    spent = 0
    while game.links[p] < game.length[p] - 1:
        if game.current == p:
            for k in range(4):
                w = p * 4 + k
                ma = min(game.remaining(w), game.linkable_ma(p))
                if ma and game.w_sq[w] == ZONE:
                    game.apply(Assemble(k, ma))
                    spent += ma
        if game.links[p] < game.length[p] - 1:
            next_turn_of(game, p)
    return spent


def walk(game: JunkyardWarsState, k: int, square: int) -> None:
    """Worker ``k`` of the player to move travels to ``square`` (it must be in reach)."""
    game.apply(Travel(k, square))
    assert game.w_sq[game.current * 4 + k] == square
