"""Junkyard Wars actions: one small immutable value per elementary action, its text and parse.

Pure core. An action belongs to the player to move: workers are numbered 1-4 within the team
in the text ("worker 3"), 0-3 in the value (any other number names another team's worker, which
the rules refuse). Squares are written column/row of the 15x15 board
("7/3" is column 7, row 3, counted from 0 at the top left; the construction zone is 7/7; the
outside track is column or row -1 or 15), as in ``maze.json``. Tiles are written with their
number and letter ("tile 41 (R)", "tile 12 (blank)"). ``parse_action(str(a)) == a`` for every
action.

Actions are NamedTuples (cheap to build: a simulated game applies ~600 of them) whose equality
and hash include their type, so ``Move(0, 5)`` never equals ``Travel(0, 5)``. ``a.play(game)``
applies one through ``Game``'s checked methods (``Game.apply`` calls it; a bot playing its turn
calls it directly) and adds it to ``game.trace`` when that is a list (a bot planning its turn on a
clone of the state, see ``bots.TurnBot.choose``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars.generate import NODE_INDEX, NODES
from pnp.games.junkyard_wars.rules import (
    BASE_ACTIONS,
    BLANK,
    IN_PILE,
    LETTERS,
    NO_LETTER,
    WORKERS,
    letter_name,
)

if TYPE_CHECKING:
    from pnp.games.junkyard_wars.rules import Game


def square_name(sq: int) -> str:
    """A square id as column/row of the session board ("7/3"); "#id" beyond its squares."""
    if 0 <= sq < len(NODES):
        r, c = NODES[sq]
        return f"{c}/{r}"
    return f"#{sq}"


def parse_square(text: str) -> int:
    """The square id of a ``square_name``."""
    if text.startswith("#"):
        return int(text[1:])
    c, r = text.split("/")
    return NODE_INDEX[(int(r), int(c))]


def _tile(t: int, letter: int) -> str:
    return f"tile {t} ({letter_name(letter)})"


def _no_tile(t: int, letter: int) -> IllegalAction:
    return IllegalAction(f"no {_tile(t, letter)} in this game")


class ChooseMachine(NamedTuple):
    """SETUP: the player commits to one of his two machine cards (0 or 1); final once made."""

    card: int
    word: str

    def __str__(self) -> str:
        return f"chooses machine card {self.card + 1}: {self.word}"

    def play(self, game: Game) -> None:
        p = game.current
        if (game.over or self.card not in (0, 1)
                or game.deck[game.cards[p][self.card]] != self.word):
            raise IllegalAction(f"P{p + 1} holds no card {self.card + 1} {self.word}")
        game.choose_machine(p, self.card)
        if game.trace is not None:
            game.trace.append(self)


class Move(NamedTuple):
    """Moving: one action into an adjacent square, never through a wall."""

    worker: int
    square: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} moves to {square_name(self.square)}"

    def play(self, game: Game) -> None:
        game.move(game.current * WORKERS + self.worker, self.square)
        if game.trace is not None:
            game.trace.append(self)


class MoveTogether(NamedTuple):
    """Carrying together: the workers carrying one object move into an adjacent square."""

    worker: int
    square: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} moves with his co-carriers to {square_name(self.square)}"

    def play(self, game: Game) -> None:
        game.move_together(game.current * WORKERS + self.worker, self.square)
        if game.trace is not None:
            game.trace.append(self)


class Travel(NamedTuple):
    """Moves along a shortest path toward a square, as far as the worker's actions allow."""

    worker: int
    square: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} travels toward {square_name(self.square)}"

    def play(self, game: Game) -> None:
        game.travel(game.current * WORKERS + self.worker, self.square)
        if game.trace is not None:
            game.trace.append(self)


class Search(NamedTuple):
    """Searching the Area: one action to look at every tile lying on the worker's square."""

    worker: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} searches his square"

    def play(self, game: Game) -> None:
        game.search(game.current * WORKERS + self.worker)
        if game.trace is not None:
            game.trace.append(self)


class PickUp(NamedTuple):
    """Free: pick up a tile the player has looked at; a blank gets its role (a letter code)."""

    worker: int
    tile: int
    letter: int
    role: int = NO_LETTER

    def __str__(self) -> str:
        text = f"worker {self.worker + 1} picks up {_tile(self.tile, self.letter)}"
        return text + (f" as {letter_name(self.role)}" if self.letter == BLANK else "")

    def play(self, game: Game) -> None:
        w = game.current * WORKERS + self.worker
        t = self.tile
        if not 0 <= t < len(game.tile_letter) or game.tile_letter[t] != self.letter:
            raise _no_tile(t, self.letter)
        if (self.role != NO_LETTER) is (self.letter != BLANK):
            raise IllegalAction("a blank (and only a blank) is picked up as a letter")
        game.pick_up(w, t, self.role)
        if game.trace is not None:
            game.trace.append(self)


def _on_tile(game: Game, action: Drop | Share | Release, act: Any) -> None:
    """``act(worker, tile)`` once the tile the action names is the one the game knows."""
    t = action.tile
    if not 0 <= t < len(game.tile_letter) or game.tile_letter[t] != action.letter:
        raise _no_tile(t, action.letter)
    act(game.current * WORKERS + action.worker, t)
    if game.trace is not None:
        game.trace.append(action)


class Drop(NamedTuple):
    """Free: drop a carried tile; in the construction zone it joins the team's pile."""

    worker: int
    tile: int
    letter: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} drops {_tile(self.tile, self.letter)}"

    def play(self, game: Game) -> None:
        _on_tile(game, self, game.drop)


class Share(NamedTuple):
    """Free: help a coworker on the same square carry a tile (1 action penalty each)."""

    worker: int
    tile: int
    letter: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} helps carry {_tile(self.tile, self.letter)}"

    def play(self, game: Game) -> None:
        _on_tile(game, self, game.share)


class Release(NamedTuple):
    """Free: stop helping to carry a tile; its carrier bears the full penalty again."""

    worker: int
    tile: int
    letter: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} lets go of {_tile(self.tile, self.letter)}"

    def play(self, game: Game) -> None:
        _on_tile(game, self, game.release)


class Assemble(NamedTuple):
    """Assembling the Machine: ``ma`` actions of a worker in the zone, one MA each, into links."""

    worker: int
    ma: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} puts {self.ma} MA into assembling"

    def play(self, game: Game) -> None:
        game.assemble(game.current * WORKERS + self.worker, self.ma)
        if game.trace is not None:
            game.trace.append(self)


class Debug(NamedTuple):
    """Failed Tests: ``ma`` actions of a worker in the zone spent debugging the machine."""

    worker: int
    ma: int

    def __str__(self) -> str:
        return f"worker {self.worker + 1} puts {self.ma} MA into debugging"

    def play(self, game: Game) -> None:
        game.debug(game.current * WORKERS + self.worker, self.ma)
        if game.trace is not None:
            game.trace.append(self)


class Test(NamedTuple):
    """Testing Machines: throw the switch (d100 <= 80 works); ends the turn."""

    def __str__(self) -> str:
        return "throws the switch to test the machine"

    def play(self, game: Game) -> None:
        game.test(game.current)
        if game.trace is not None:
            game.trace.append(self)


class EndTurn(NamedTuple):
    """The player's turn ends: the debugging roll, the clock, the next player."""

    def __str__(self) -> str:
        return "ends the turn"

    def play(self, game: Game) -> None:
        if game.over:
            raise IllegalAction("the game is over")
        game.end_turn()
        if game.trace is not None:
            game.trace.append(self)


class Trade(NamedTuple):
    """Trades and Negotiations: swap a pile object for another team's (``trades.py``); free."""

    tile: int
    letter: int
    other: int  # the other team's seat, 0-based
    take: int
    take_letter: int

    def __str__(self) -> str:
        return (f"trades {_tile(self.tile, self.letter)} for P{self.other + 1}'s "
                f"{_tile(self.take, self.take_letter)}")

    def play(self, game: Game) -> None:
        from pnp.games.junkyard_wars.trades import trade

        for t, letter in ((self.tile, self.letter), (self.take, self.take_letter)):
            if not 0 <= t < len(game.tile_letter) or game.tile_letter[t] != letter:
                raise _no_tile(t, letter)
        trade(game, game.current, self.tile, self.other, self.take)
        if game.trace is not None:
            game.trace.append(self)


ACTIONS: tuple[type, ...] = (ChooseMachine, Move, MoveTogether, Travel, Search, PickUp, Drop,
                             Share, Release, Assemble, Debug, Test, EndTurn, Trade)


def _eq(a: tuple, b: object) -> bool:
    return type(a) is type(b) and tuple.__eq__(a, b)  # type: ignore[operator]


def _ne(a: tuple, b: object) -> bool:
    return not _eq(a, b)


def _hash(a: tuple) -> int:
    return hash((type(a).__name__, tuple.__hash__(a)))


for _cls in ACTIONS:  # tuples of equal fields but different types are different actions
    _cls.__eq__ = _eq  # type: ignore[assignment,method-assign]
    _cls.__ne__ = _ne  # type: ignore[assignment,method-assign]
    _cls.__hash__ = _hash  # type: ignore[assignment,method-assign]

TEST = Test()
END_TURN = EndTurn()
FREE = (PickUp, Drop, Share, Release)  # the actions that cost no action
#: ``SEARCH[k]``: worker k's search, ``ASSEMBLE[k][ma]`` his assembly: built once (bots reuse the
#: values instead of making new ones; a worker never has more than BASE_ACTIONS actions).
SEARCH = tuple(Search(k) for k in range(WORKERS))
ASSEMBLE = tuple(tuple(Assemble(k, ma) for ma in range(BASE_ACTIONS + 1)) for k in range(WORKERS))
_TRAVEL: dict[int, tuple[tuple[Travel, ...], ...]] = {}


def travel_table(squares: int) -> tuple[tuple[Travel, ...], ...]:
    """``travel_table(n)[k][sq]``: worker k's travel toward square sq < n, built once per n."""
    table = _TRAVEL.get(squares)
    if table is None:
        table = _TRAVEL[squares] = tuple(tuple(Travel(k, sq) for sq in range(squares))
                                         for k in range(WORKERS))
    return table


_W = r"worker (\d+)"
_SQ = r"(-?\d+/-?\d+|#\d+)"
_T = r"tile (\d+) \(([A-Z]|blank)\)"


def _letter(text: str) -> int:
    return BLANK if text == "blank" else LETTERS.index(text)


_PARSERS: list[tuple[re.Pattern[str], Callable[[Any], Any]]] = [
    (re.compile(p), f) for p, f in (
        (r"chooses machine card (\d+): (\S+)", lambda m: ChooseMachine(int(m[1]) - 1, m[2])),
        (rf"{_W} moves to {_SQ}", lambda m: Move(int(m[1]) - 1, parse_square(m[2]))),
        (rf"{_W} moves with his co-carriers to {_SQ}",
         lambda m: MoveTogether(int(m[1]) - 1, parse_square(m[2]))),
        (rf"{_W} travels toward {_SQ}", lambda m: Travel(int(m[1]) - 1, parse_square(m[2]))),
        (rf"{_W} searches his square", lambda m: Search(int(m[1]) - 1)),
        (rf"{_W} picks up {_T}( as ([A-Z]))?",
         lambda m: PickUp(int(m[1]) - 1, int(m[2]), _letter(m[3]),
                          _letter(m[5]) if m[5] else NO_LETTER)),
        (rf"{_W} drops {_T}", lambda m: Drop(int(m[1]) - 1, int(m[2]), _letter(m[3]))),
        (rf"{_W} helps carry {_T}", lambda m: Share(int(m[1]) - 1, int(m[2]), _letter(m[3]))),
        (rf"{_W} lets go of {_T}", lambda m: Release(int(m[1]) - 1, int(m[2]), _letter(m[3]))),
        (rf"{_W} puts (\d+) MA into assembling", lambda m: Assemble(int(m[1]) - 1, int(m[2]))),
        (rf"{_W} puts (\d+) MA into debugging", lambda m: Debug(int(m[1]) - 1, int(m[2]))),
        (rf"trades {_T} for P(\d+)'s {_T}",
         lambda m: Trade(int(m[1]), _letter(m[2]), int(m[3]) - 1, int(m[4]), _letter(m[5]))),
        (r"throws the switch to test the machine", lambda m: TEST),
        (r"ends the turn", lambda m: END_TURN),
    )]


def parse_action(text: str) -> Any:
    """The action whose ``str`` is ``text``; ValueError if there is none."""
    text = text.strip()
    for pattern, make in _PARSERS:
        m = pattern.fullmatch(text)
        if m:
            try:
                return make(m)
            except (KeyError, ValueError):
                break
    raise ValueError(f"not a Junkyard Wars action: {text!r}")


def worker_actions(game: Game, w: int, *, full: bool = False) -> list[Any]:
    """Worker ``w``'s elementary actions now (empty outside his owner's turn).

    ``full``: every legal one (travel to every square, each MA amount, a blank's every role).
    Otherwise the random bot's menu, as before the game interface: no travel, assembling and
    debugging 1 MA at a time, a search only where tiles lie, a blank new to the player once
    (role ``NO_LETTER``: the bot picks one), and the test.
    """
    if game.over or game.turn_over or w // WORKERS != game.current:
        return []
    p = game.current
    k = w - p * WORKERS
    sq = game.w_sq[w]
    tb = game.tb
    out: list[Any] = []
    rem = game.remaining(w)
    if rem >= 1:
        if not (game.w_help[w] or game._shared(w)):
            out += [Move(k, v) for v in tb.neighbours[sq]]
            if full:
                out += [Travel(k, v) for v in range(tb.n) if tb.dist[v][sq] > 0]
        elif all(game.remaining(v) >= 1 for v in game.carry_group(w)):
            out += [MoveTogether(k, v) for v in tb.neighbours[sq]]
        if full or game.sq_tiles[sq]:
            out.append(Search(k))
        if tb.in_zone[sq]:
            link = min(rem, game.linkable_ma(p)) if full else min(1, game.linkable_ma(p))
            out += [Assemble(k, m) for m in range(1, link + 1)]
            if game.broken[p]:
                out += [Debug(k, m) for m in range(1, (rem if full else 1) + 1)]
    known, letters = game.known[p], game.tile_letter
    for t in game.sq_tiles[sq]:
        if known[t]:
            if letters[t] != BLANK:
                out.append(PickUp(k, t, letters[t]))
            elif game.blank_by[t] == p:
                out.append(PickUp(k, t, BLANK, game.blank_as[t]))
            else:
                out += [PickUp(k, t, BLANK, r) for r in (range(26) if full else (NO_LETTER,))]
    out += [Drop(k, t, letters[t]) for t in game.w_load[w]]
    out += [Share(k, t, letters[t]) for v in range(p * WORKERS, p * WORKERS + WORKERS)
            if v != w and game.w_sq[v] == sq
            for t in game.w_load[v] if game.tile_partner[t] < 0]
    out += [Release(k, t, letters[t]) for t in game.w_help[w]]
    if not full and game.can_test(p):
        out.append(TEST)
    return out


def trade_actions(game: Game) -> list[Trade]:
    """Every trade the other teams agree to (``trades.check``), for the player to move."""
    from pnp.games.junkyard_wars.trades import letter_of, spare, wants

    p, letters = game.current, game.tile_letter
    piles = [t for t in range(len(letters)) if game.tile_at[t] == IN_PILE]
    mine = [t for t in piles if spare(game, p, t)]
    return [Trade(g, letters[g], q, t, letters[t]) for g in mine for q in range(game.players)
            if q != p and wants(game, q, letter_of(game, g))
            for t in piles if spare(game, q, t)]


def legal_actions(game: Game) -> list[Any]:
    """The player to move's every legal action: a machine card while none is chosen, every
    worker's elementary actions (travel to every reachable square included), the test, the end
    of the turn (the only one left once a test has ended it); none once the game is over."""
    if game.over:
        return []
    if game.turn_over:
        return [END_TURN]
    p = game.current
    out: list[Any] = []
    if game.machine[p] < 0:
        out += [ChooseMachine(j, game.deck[game.cards[p][j]]) for j in (0, 1)]
    for w in range(p * WORKERS, p * WORKERS + WORKERS):
        out += worker_actions(game, w, full=True)
    out += trade_actions(game)
    if game.can_test(p):
        out.append(TEST)
    out.append(END_TURN)
    return out


__all__ = ["ACTIONS", "ASSEMBLE", "END_TURN", "FREE", "SEARCH", "TEST", "Assemble",
           "ChooseMachine", "Debug", "Drop", "EndTurn", "Move", "MoveTogether", "PickUp",
           "Release", "Search", "Share", "Test", "Trade", "Travel", "legal_actions",
           "parse_action", "square_name", "trade_actions", "travel_table", "worker_actions"]
