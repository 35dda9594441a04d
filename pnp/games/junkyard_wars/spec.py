"""Junkyard Wars on the game interface: the state (``Game`` plus ``apply``, ``clone``, ...) and
the rules object (a new game from a setup, action parsing).

Pure core. The distance tables of a board are built once per process and shared by every game
played on it (a simulation plays thousands of games on one session board).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.graph import Board, Tables
from pnp.games.junkyard_wars.rules import MAX_PLAYERS, MIN_PLAYERS, Game

# Slots holding a list of lists (or bytearrays) that a clone copies one level deeper.
_NESTED = frozenset({"sq_tiles", "known", "w_load", "w_help", "need", "pile"})


class JunkyardWarsState(Game):
    """A game as the game interface's ``State``: the player to move, his legal actions, apply."""

    __slots__ = ("board_no",)

    def __init__(self, *args: Any, board_no: int = 0, **kw: Any):
        super().__init__(*args, **kw)
        self.board_no = board_no  # which of a run's session boards (simulate --boards)

    @property
    def current_player(self) -> int:
        """Seat (turn position) of the player to move."""
        return self.current

    def legal_actions(self) -> list[Any]:
        """The current player's every action (``actions.legal_actions``)."""
        from pnp.games.junkyard_wars.actions import legal_actions

        return legal_actions(self)

    def apply(self, action: Any) -> None:
        """Play an action value of ``actions.py`` for the player to move (IllegalAction)."""
        try:
            play = action.play
        except AttributeError:
            raise IllegalAction(f"not a Junkyard Wars action: {action!r}") from None
        play(self)

    def is_over(self) -> bool:
        """True once a machine works or the hour is up."""
        return self.over

    def returns(self) -> tuple[float, ...]:
        """1 for the winner, 0 for the others (all 0 while the game runs)."""
        return tuple(1.0 if self.over and p == self.winner else 0.0 for p in range(self.players))

    def clone(self) -> JunkyardWarsState:
        """An independent copy: every array copied, the dice in the same state, tables shared."""
        g = object.__new__(type(self))
        for name in Game.__slots__:
            value = getattr(self, name)
            if name in _NESTED:
                value = [None if x is None else x[:] for x in value]
            elif type(value) is list:
                value = value[:]
            setattr(g, name, value)
        g.board_no = self.board_no
        g.rng = copy.deepcopy(self.rng)
        return g

_TABLES: dict[Board, Tables] = {}
_LAST: list[Any] = [None, None]  # (board, tables) of the last call: the next call asks for it
MAX_TABLES = 16  # boards whose tables a process keeps (simulate --boards plays several)


def tables_for(board: Board) -> Tables:
    """The board's distance tables, computed once per process."""
    if board is _LAST[0]:
        return _LAST[1]  # type: ignore[no-any-return]
    tb = _TABLES.get(board)
    if tb is None:
        if len(_TABLES) >= MAX_TABLES:
            _TABLES.clear()
        tb = _TABLES[board] = Tables(board)
    _LAST[:] = [board, tb]
    return tb


class JunkyardWarsRules:
    """The rules of the game interface: player counts, a new game, the actions' text."""

    name = "junkyard-wars"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_state(self, setup: Any, rng: random.Random) -> JunkyardWarsState:
        """A new game of ``setup`` (``simulate.Setup``): junk, deal and dice drawn from ``rng``.

        With several session boards (``setup.boards``) the game's board is drawn first, from
        the same stream; with one board nothing is drawn for it."""
        boards = (setup.board, *setup.boards)
        k = rng.randrange(len(boards)) if len(boards) > 1 else 0
        return JunkyardWarsState(tables_for(boards[k]), setup.tiles, setup.words,
                                 setup.players, rng, stagger=setup.stagger,
                                 minutes_per_turn=setup.minutes_per_turn,
                                 hour_end=setup.hour_end, board_no=k)

    def parse_action(self, text: str) -> Any:
        """The action whose replay text is ``text`` (ValueError if there is none)."""
        from pnp.games.junkyard_wars.actions import parse_action

        return parse_action(text)


RULES = JunkyardWarsRules()

__all__ = ["RULES", "JunkyardWarsRules", "JunkyardWarsState", "tables_for"]
