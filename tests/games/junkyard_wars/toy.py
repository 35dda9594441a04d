"""A toy yard and helpers shared by the rules tests (set-up shortcuts, scripted dice)."""

from __future__ import annotations

import random

from pnp.games.junkyard_wars.graph import Tables, grid_board
from pnp.games.junkyard_wars.rules import Game, letter_code

# A 5x3 toy yard: zone in the middle of the top row, junk on four squares, a wall between
# (0,0) and (0,1) so the way to (0,0) goes round through row 1.
#   0  1  2  3  4
#   5  6  7  8  9
#  10 11 12 13 14
TOY = grid_board(5, 3, zone=(0, 2), junk=[(0, 0), (2, 2), (2, 4), (1, 4)],
                 walls=[((0, 0), (0, 1))])
TABLES = Tables(TOY)
DECK = ["ROBOT", "CRANE", "WINCH", "TANK", "CART", "SLED", "DRILL", "PUMP", "VAN", "SAW",
        "JET", "RAFT"]


def make_game(tiles=None, players=2, seed=1, **kw) -> Game:
    tiles = tiles if tiles is not None else [letter_code(c) for c in "CAT?"]
    return Game(TABLES, tiles, DECK, players, random.Random(seed), **kw)


def place(game: Game, t: int, sq: int) -> None:
    """Move a tile to a square (test set-up)."""
    game.sq_tiles[game.tile_at[t]].remove(t)
    game.tile_at[t] = sq
    game.sq_tiles[sq].append(t)


def start_turn_two(game: Game) -> None:
    while game.round == 1 or game.current != 0:
        game.end_turn()


def ready_pile(game: Game, p: int, word: str) -> None:
    """Give player p the machine `word` and its objects in the pile (test set-up)."""
    game.deck[game.cards[p][0]] = word
    game.choose_machine(p, 0)
    for ch in word:
        game.pile[p][letter_code(ch)] += 1
    game.matched[p] = len(word)


class Rolls:
    """Percentile dice that roll the given values (00 read as 100), for the tests and debugging."""

    def __init__(self, *values: int):
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0)
