"""Junkyard Wars: trades between teams (TRADES AND NEGOTIATIONS). Pure, no IO.

"The players may barter equipment (and/or Fake Money) at any point in the game. For instance, if
the Green team needs a shopping cart and sees that Red has one, the Green player can ask for a
trade." The introductory rules have no money ("there is no money"), so a trade is a swap of
objects. pnp models the one the example describes: during his turn a player swaps an object of
his construction-zone pile for an object of another team's pile (both lie face up, so each can
see what the other has). The other player agrees only when the swap helps him: he gives an
object his machine does not use and gets one it still needs. Objects a machine uses are never
traded (a link joins two specific objects; the rules never undo one). A traded blank keeps its
role. A trade costs no action.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.rules import BLANK, IN_PILE, letter_name


def letter_of(game: Any, t: int) -> int:
    """The letter a tile counts as (a blank: the role its owner gave it)."""
    letter: int = game.tile_letter[t]
    return game.blank_as[t] if letter == BLANK else letter


def spare(game: Any, p: int, t: int) -> bool:
    """Tile ``t`` lies in ``p``'s pile and ``p``'s machine does not use it (all of a pile is
    spare before the machine is chosen)."""
    if game.tile_at[t] != IN_PILE or game.tile_owner[t] != p:
        return False
    need = game.need[p]
    if need is None:
        return True
    letter = letter_of(game, t)
    return bool(game.pile[p][letter] > need[letter])


def wants(game: Any, p: int, letter: int) -> bool:
    """``p``'s machine still needs an object of ``letter`` beyond its pile."""
    need = game.need[p]
    return need is not None and bool(game.pile[p][letter] < need[letter])


def check(game: Any, p: int, give: int, q: int, take: int) -> None:
    """IllegalAction unless ``p`` (to move) may swap pile tile ``give`` for ``q``'s ``take``."""
    if game.over or game.turn_over or p != game.current:
        raise IllegalAction("a trade is made by the player to move, during his turn")
    if q == p or not 0 <= q < game.players:
        raise IllegalAction("a trade is with another team")
    n = len(game.tile_letter)
    if not (0 <= give < n and 0 <= take < n):
        raise IllegalAction("no such tile")
    if not spare(game, p, give):
        raise IllegalAction("only an object of the team's pile its machine does not use")
    if not spare(game, q, take):
        raise IllegalAction("the other team trades only an object its machine does not use")
    if not wants(game, q, letter_of(game, give)):
        raise IllegalAction("the other team agrees only to get an object its machine needs")


def _move(game: Any, t: int, src: int, dst: int) -> None:
    letter = letter_of(game, t)
    need, pile = game.need[src], game.pile[src]
    pile[letter] -= 1
    if need is not None and pile[letter] < need[letter]:
        game.matched[src] -= 1
    need, pile = game.need[dst], game.pile[dst]
    if need is not None and pile[letter] < need[letter]:
        game.matched[dst] += 1
    pile[letter] += 1
    game.tile_owner[t] = dst


def trade(game: Any, p: int, give: int, q: int, take: int) -> None:
    """Swap ``p``'s pile tile ``give`` for ``q``'s pile tile ``take`` (checked)."""
    check(game, p, give, q, take)
    _move(game, give, p, q)
    _move(game, take, q, p)
    game.traded[p] += 1
    if game.log is not None:
        game.log.append(f"P{p + 1} gives tile {give} ({letter_name(letter_of(game, give))}) "
                        f"to P{q + 1} for tile {take} ({letter_name(letter_of(game, take))})")


def helpful_trades(game: Any, p: int) -> list[tuple[int, int, int]]:
    """Every swap (give, q, take) that helps both sides: ``p`` gets an object his machine still
    needs, ``q`` one its machine needs, each gives one his machine does not use."""
    piles: list[list[int]] = [[] for _ in range(game.players)]
    for t, where in enumerate(game.tile_at):
        if where == IN_PILE:
            piles[game.tile_owner[t]].append(t)
    mine = [t for t in piles[p] if spare(game, p, t)]
    out = []
    for give in mine:
        g = letter_of(game, give)
        for q in range(game.players):
            if q == p or not wants(game, q, g):
                continue
            for take in piles[q]:
                if wants(game, p, letter_of(game, take)) and spare(game, q, take):
                    out.append((give, q, take))
    return out


__all__ = ["check", "helpful_trades", "letter_of", "spare", "trade", "wants"]
