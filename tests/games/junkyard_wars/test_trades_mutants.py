"""Trades and Negotiations pinned further (``trades.py``), written against the survivors of a
mutation run of the module (docs/testing.md, Junkyard Wars).

"The players may barter equipment (and/or Fake Money) at any point in the game. For instance,
if the Green team needs a shopping cart and sees that Red has one, the Green player can ask for
a trade." pnp's reading (docs/assumptions.md): during his turn a player swaps an object of his
pile for another team's; the other agrees only to get an object its machine needs and gives only
one its machine does not use; "Once a 'blank' has been assigned a function by a given player,
its function may not be changed" (a traded blank keeps its role).
"""

from __future__ import annotations

import re

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars import actions as A
from pnp.games.junkyard_wars.rules import letter_code
from pnp.games.junkyard_wars.spec import JunkyardWarsState
from pnp.games.junkyard_wars.trades import check, helpful_trades, spare, wants

from .test_trades import cat_for_p1, choose
from .toy import fetch_to_pile, next_turn_of


def position(letters: str, *, second_chooses: bool = True, blank_as: str = "") -> JunkyardWarsState:
    """P1 builds CAT with tiles 0-2 in his pile; P2 (DOG unless ``second_chooses`` is False)
    piles tiles 3-5 and is to move. A blank ('?') P1 piles takes the role ``blank_as``."""
    game = cat_for_p1(letters)
    game.apply(A.Search(3))
    for t in (0, 1, 2):
        letter = game.tile_letter[t]
        role = letter_code(blank_as) if letters[t] == "?" else A.NO_LETTER
        game.apply(A.PickUp(3, t, letter, role))
        game.apply(A.Drop(3, t, letter))
    next_turn_of(game, 1)
    if second_chooses:
        choose(game, "DOG")
    fetch_to_pile(game, 3, [3, 4, 5])
    return game


def pile_of(game, p, letters):
    return [game.pile[p][letter_code(c)] for c in letters]


def test_a_team_without_a_machine_trades_any_object_and_takes_one():
    """"he need not decide which immediately": before its machine is chosen every object of a
    team's pile is spare; P2 gives P1 the T his CAT needs for P1's spare O, tile 0."""
    game = position("OCADGT", second_chooses=False)
    assert spare(game, 1, 3) and spare(game, 1, 5) and not spare(game, 1, 0)
    assert not spare(game, 0, 3) and spare(game, 0, 0) and not spare(game, 0, 1)
    assert game.matched[0] == 2
    game.apply(A.Trade(5, letter_code("T"), 0, 0, letter_code("O")))
    assert game.tile_owner[5] == 0 and game.tile_owner[0] == 1
    assert pile_of(game, 0, "OCATDG") == [0, 1, 1, 1, 0, 0]
    assert pile_of(game, 1, "OCATDG") == [1, 0, 0, 0, 1, 1]
    assert game.matched[0] == 3 and game.traded == [0, 1]


def test_taking_an_object_one_already_has_matches_nothing_more():
    """P1 gives the O P2's DOG needs for P2's spare A, which P1's CAT already has."""
    game = position("CAODGA")
    next_turn_of(game, 0)
    assert game.matched == [2, 2] and wants(game, 1, letter_code("O"))
    assert not wants(game, 0, letter_code("A")) and not wants(game, 0, letter_code("C"))
    assert not wants(game, 0, letter_code("Z"))
    assert helpful_trades(game, 0) == []       # P1 needs no A: no help to him
    game.apply(A.Trade(2, letter_code("O"), 1, 5, letter_code("A")))
    assert game.matched == [2, 3]
    assert pile_of(game, 0, "CAO") == [1, 2, 0] and pile_of(game, 1, "DOGA") == [1, 1, 1, 0]


def test_no_helpful_trade_when_the_other_team_needs_nothing_offered():
    """P1's spare Z is nothing P2's DOG needs, though P2's spare T is what P1 needs."""
    game = position("CAZDGT")
    next_turn_of(game, 0)
    assert wants(game, 0, letter_code("T")) and spare(game, 1, 5)
    assert helpful_trades(game, 0) == []


def test_a_traded_blank_keeps_its_role():
    """BLANK JUNK TILES: "Once a 'blank' has been assigned a function by a given player, its
    function may not be changed": P1's blank, an O, is what P2's DOG needs."""
    game = position("CA?DGT", blank_as="O")
    next_turn_of(game, 0)
    assert helpful_trades(game, 0) == [(2, 1, 5)]
    game.apply(A.Trade(2, game.tile_letter[2], 1, 5, letter_code("T")))
    assert game.matched == [3, 3] and game.tile_owner[2] == 1


def _refused(game, p, give, q, take, words):
    with pytest.raises(IllegalAction, match=f"^{re.escape(words)}$"):
        check(game, p, give, q, take)


def test_each_refusal_in_its_words():
    game = position("CAODGT")
    n = len(game.tile_letter)
    _refused(game, 0, 2, 1, 5, "a trade is made by the player to move, during his turn")
    _refused(game, 1, 5, 1, 2, "a trade is with another team")
    _refused(game, 1, 5, 2, 2, "a trade is with another team")
    _refused(game, 1, 5, 0, n, "no such tile")
    _refused(game, 1, n, 0, 2, "no such tile")
    _refused(game, 1, 3, 0, 2, "only an object of the team's pile its machine does not use")
    _refused(game, 1, 5, 0, 0, "the other team trades only an object its machine does not use")
    check(game, 1, 5, 0, 2)                    # P2's spare T for P1's spare O: both agree
    next_turn_of(game, 0)
    _refused(game, 0, 2, 1, 4, "the other team trades only an object its machine does not use")
    game = position("CAZDGT")
    next_turn_of(game, 0)
    _refused(game, 0, 2, 1, 5, "the other team agrees only to get an object its machine needs")


def test_no_trade_once_the_turn_or_the_game_is_over():
    """"during his turn": not after a test ended it ("Any attempt to test a machine ends a
    player's turn"), nor once the game is won."""
    game = position("CAODGT")
    game.turn_over = True
    _refused(game, 1, 5, 0, 2, "a trade is made by the player to move, during his turn")
    game.turn_over, game.over = False, True
    _refused(game, 1, 5, 0, 2, "a trade is made by the player to move, during his turn")


def test_every_trade_is_counted():
    """"at any point in the game": P2, before choosing its machine, trades twice in a turn
    (its A for P1's spare O, its T for P1's spare Z); the record counts both."""
    game = position("COZATG", second_chooses=False)
    game.apply(A.Trade(3, letter_code("A"), 0, 1, letter_code("O")))
    game.apply(A.Trade(4, letter_code("T"), 0, 2, letter_code("Z")))
    assert game.traded == [0, 2] and game.matched[0] == 3
