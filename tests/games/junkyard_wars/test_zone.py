"""The construction zone read two ways: the centre square (default) or the whole centre tile.

SETUP: "The square at the center of the maze becomes the construction zone, where all of the
teams build their machines." and "[picture of the board setup: imagine a 15x15 gray and white
checkerboard with the center 5x5 region empty]". Assembling the Machine: "A worker may only work
on assembling the machine (or debugging it) if he is in the construction zone."
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pnp.errors import PnpError
from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.actions import Assemble, ChooseMachine, Drop, Move, PickUp, Search
from pnp.games.junkyard_wars.generate import session_board
from pnp.games.junkyard_wars.graph import Tables, board_from_session, grid_board
from pnp.games.junkyard_wars.rules import letter_code
from pnp.games.junkyard_wars.simulate import bag_and_words, setup_from
from pnp.games.junkyard_wars.spec import JunkyardWarsState

from .toy import start_turn_two

# 5x3 open yard; the zone "tile" is the top row's middle three squares (1, 2, 3), centre 2.
SQUARE = grid_board(5, 3, zone=(0, 2), junk=[(1, 0), (1, 4)])
TILE = replace(SQUARE, zone_squares=(1, 2, 3))


def game_on(board, word="AB"):
    tiles = [letter_code(c) for c in word]
    layout = [2] * len(tiles)  # the objects lie on the centre square
    g = JunkyardWarsState(Tables(board), tiles, [word] * 4, 2, random.Random(1), layout=layout)
    start_turn_two(g)
    g.apply(ChooseMachine(0, word))
    return g


def test_the_tile_reading_counts_every_square_of_the_centre_tile():
    session = session_board("zone")
    tile = Tables(board_from_session(session, "tile"))
    square = Tables(board_from_session(session))
    centre = session.index(7, 7)
    assert square.zone == tile.zone == centre  # workers start on the centre square either way
    assert sum(square.in_zone) == 1 and square.in_zone[centre]
    zone = [a for a in range(tile.n) if tile.in_zone[a]]
    assert zone == [session.index(r, c) for r in range(5, 10) for c in range(5, 10)]
    assert not set(zone) & set(tile.junk)  # "the center 5x5 region empty"
    # home: a worker outside heads for the nearest zone square, never further than the centre.
    assert all(tile.dist[tile.home[a]][a] <= tile.dist[centre][a] for a in range(tile.n))
    assert all(tile.home[a] == a for a in zone)
    with pytest.raises(ValueError):
        board_from_session(session, "room")


@pytest.mark.parametrize("board, counts", [(SQUARE, False), (TILE, True)])
def test_assembly_and_the_pile_on_a_square_of_the_tile(board, counts):
    # Square 3 is in the zone only in the tile reading.
    g = game_on(board)
    g.apply(Search(0))
    g.apply(PickUp(0, 0, letter_code("A")))
    g.apply(PickUp(0, 1, letter_code("B")))
    g.apply(Move(0, 3))
    g.apply(Drop(0, 0, letter_code("A")))
    g.apply(Drop(0, 1, letter_code("B")))
    assert (g.matched[0] == 2) is counts  # offloaded in the zone: the team's property
    if counts:
        g.apply(Assemble(0, 1))
        assert g.link_ma[0] == 1
    else:
        assert g.sq_tiles[3] == [0, 1]
        with pytest.raises(IllegalAction):
            g.apply(Assemble(0, 1))


def test_the_option_reaches_the_games_and_the_report():
    bag, words = bag_and_words(None, None)
    s = setup_from("zone", 2, words, bag, construction_zone="tile")
    assert len(s.board.zone_squares) == 25 and s.construction_zone == "tile"
    with pytest.raises(PnpError):
        setup_from("zone", 2, words, bag, construction_zone="room")
