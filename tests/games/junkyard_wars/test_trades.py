"""Trades and Negotiations: "The players may barter equipment ... at any point in the game. For
instance, if the Green team needs a shopping cart and sees that Red has one, the Green player can
ask for a trade." (``trades.py``; the introductory rules have no money.)"""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars import actions as A
from pnp.games.junkyard_wars.bots import HeuristicBot
from pnp.games.junkyard_wars.rules import letter_code
from pnp.games.junkyard_wars.spec import JunkyardWarsState
from pnp.games.junkyard_wars.trades import helpful_trades, spare, wants

from .toy import TABLES, ZONE, fetch_to_pile, next_turn_of, start_turn_two

DECK = ["CAT", "DOG"] * 6


def choose(game, word):
    p = game.current
    which = 0 if game.deck[game.cards[p][0]] == word else 1
    game.apply(A.ChooseMachine(which, word))


def cat_for_p1(letters: str) -> JunkyardWarsState:
    """Tiles ``letters`` on six junk squares, a deal giving P1 a CAT card and P2 a DOG card;
    round 2, P1 has chosen CAT."""
    tiles = [letter_code(c) for c in letters]
    for seed in range(50):
        game = JunkyardWarsState(TABLES, tiles, DECK, 2, random.Random(seed), layout=[ZONE] * 6)
        words = [{DECK[c] for c in game.cards[p]} for p in (0, 1)]
        if "CAT" in words[0] and "DOG" in words[1]:
            break
    start_turn_two(game)
    choose(game, "CAT")
    return game


def swap_position():
    """P1 builds CAT and holds a spare O; P2 builds DOG and holds a spare T (piles, round 2)."""
    tiles = [letter_code(c) for c in "CAODGT"]
    game = cat_for_p1("CAODGT")
    fetch_to_pile(game, 3, [0, 1, 2])  # C, A and the spare O
    next_turn_of(game, 1)
    choose(game, "DOG")
    game.apply(A.Search(3))
    for t in (3, 4, 5):  # D, G and the spare T
        game.apply(A.PickUp(3, t, tiles[t]))
        game.apply(A.Drop(3, t, tiles[t]))
    next_turn_of(game, 0)
    return game


def test_a_swap_gives_each_team_the_object_it_needs():
    game = swap_position()
    assert game.matched == [2, 2] and spare(game, 0, 2) and spare(game, 1, 5)
    assert wants(game, 0, letter_code("T")) and wants(game, 1, letter_code("O"))
    assert helpful_trades(game, 0) == [(2, 1, 5)]
    action = A.Trade(2, letter_code("O"), 1, 5, letter_code("T"))
    assert str(action) == "trades tile 2 (O) for P2's tile 5 (T)"
    assert A.parse_action(str(action)) == action and action in game.legal_actions()
    game.log = []
    game.apply(action)
    assert game.matched == [3, 3] and game.tile_owner[2] == 1 and game.tile_owner[5] == 0
    assert game.log == ["P1 gives tile 2 (O) to P2 for tile 5 (T)"]
    assert game.w_used[:4] == [0, 0, 0, 0]  # a trade costs no action
    assert helpful_trades(game, 0) == []


@pytest.mark.parametrize("give, other, take, why", [
    (0, 1, 5, "machine does not use"),  # P1's C: his machine uses it
    (2, 1, 3, "other team trades only"),  # P2's D: its machine uses it
    (2, 0, 5, "another team"),
    (5, 1, 2, "machine does not use"),  # not P1's object
])
def test_objects_a_machine_uses_are_never_traded(give, other, take, why):
    game = swap_position()
    letters = game.tile_letter
    with pytest.raises(IllegalAction, match=why):
        game.apply(A.Trade(give, letters[give], other, take, letters[take]))
    assert game.matched == [2, 2]


def test_the_other_team_agrees_only_when_it_gets_what_it_needs():
    game = swap_position()
    game.apply(A.Trade(2, letter_code("O"), 1, 5, letter_code("T")))
    next_turn_of(game, 1)
    # P2 now holds no spare; P1 holds none either: nothing left to trade.
    assert game.legal_actions().count(A.END_TURN) == 1
    assert not [a for a in game.legal_actions() if isinstance(a, A.Trade)]


def test_the_trader_trades_when_it_helps_and_the_heuristic_bot_does_not():
    for trades, expect in ((True, 3), (False, 2)):
        game = swap_position()
        bot = HeuristicBot({"CAT": 1.0, "DOG": 2.0}, trades=trades)
        bot.play_turn(game, random.Random(1))
        assert game.matched[0] == expect  # the trader got its T without a search
