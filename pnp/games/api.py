"""The game interface every game implements: rules, state, actions, bots and the spec.

The same idea as OpenSpiel's Game/State and python-chess's Board: a ``Rules`` object makes a
``State``; the state lists its ``legal_actions()`` and ``apply``-s one (raising
``IllegalAction`` for one the rules forbid, which is a bug in a bot, never a user error); a
``Bot`` chooses an action for the player to move. Actions are small immutable values whose
``str`` is what a replay prints; ``Rules.parse_action`` reads that text back.

A ``GameSpec`` registers a game with pnp: the shared commands (``simulate``, ``replay``,
``session``), the Monte Carlo runner, the pack writer and the report all work from it. Pure core:
nothing here imports typer, reportlab or PIL, or touches files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pnp.sim.stats import Check

__all__ = ["Action", "Bot", "Check", "GameSpec", "IllegalAction", "Option", "Rules", "State",
           "determinize"]


class IllegalAction(Exception):
    """An action the rules do not allow in this state: a bug in the bot that chose it."""


@runtime_checkable
class Action(Protocol):
    """A move: an immutable, hashable value; ``str(action)`` is its replay text."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class State(Protocol):
    """A game in progress.

    ``log`` is None while simulating; the replay sets it to a list and the state appends a line
    for everything the rules did by themselves (a roll, a card drawn, why the game ended).
    """

    log: list[str] | None

    @property
    def current_player(self) -> int:
        """Seat (0-based) of the player who acts next."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every action the player to move may take now (empty once the game is over)."""
        ...

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to move; ``IllegalAction`` if the rules forbid it."""
        ...

    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1 for a win, 0 for a loss, a share for a tie (0 for all while running)."""
        ...

    def clone(self) -> State:
        """An independent copy (its own random stream in the same state) for search bots."""
        ...


def determinize(state: State, rng: random.Random) -> None:
    """Redraw what the player to move cannot know, on a clone a search bot will play out.

    A game with hidden parts (a shuffled deck, future rolls, the other side's secret choice)
    gives its state a ``determinize(rng)`` method that reshuffles them and reseeds the rules'
    random stream from ``rng``. A state without one is left as it is: its clone keeps a copy of
    the random stream, so a search would foresee the dice; a game with dice or cards that a
    search bot plays must have one.
    """
    method = getattr(state, "determinize", None)
    if method is not None:
        method(rng)


class Bot(Protocol):
    """Chooses the next action of the player to move."""

    def choose(self, state: Any, rng: random.Random) -> Action:
        """One action for ``state.current_player``, drawing any randomness from ``rng``."""
        ...


class Rules(Protocol):
    """A game's rules: its name, its player counts and how a game starts."""

    name: str
    min_players: int
    max_players: int

    def new_state(self, setup: Any, rng: random.Random) -> State:
        """A new game of ``setup``; the rules draw every die and shuffle from ``rng``."""
        ...

    def parse_action(self, text: str) -> Action:
        """The action whose ``str`` is ``text`` (ValueError if there is none)."""
        ...


@dataclass(frozen=True)
class Option:
    """A game's own command-line option, declared once and built into each command it serves.

    ``kind`` is ``str``, ``int``, ``float`` or ``bool`` (a ``--flag/--no-flag`` switch);
    ``default`` None makes it optional (its help says what None means).
    """

    name: str
    flag: str
    kind: type
    default: Any
    help: str
    commands: tuple[str, ...] = ("simulate", "replay", "session")
    hidden: bool = False  # an old spelling kept working, left out of --help


def fairness_options(boards: str, stronger: str, seconds: int) -> tuple[Option, Option]:
    """``--boards`` and ``--stronger-games``, for a game whose boards (``boards``: "Fields",
    "Maps") vary and which has a stronger player (``stronger``, about ``seconds`` a game)."""
    return (
        Option("boards", "--boards", int, 1,
               f"{boards} to measure seat fairness over (1-64): the seed's own and those of "
               "child seeds, --games games each.", commands=("simulate", "session")),
        Option("stronger_games", "--stronger-games", int, 0,
               f"Replay this many of the session's games with {stronger} players in every "
               f"seat: the report flags a conclusion that flips (about {seconds} s a game on "
               "2 cores).", commands=("session",)))


#: Builds the immutable, picklable setup of a run from the seed, player count, bot names and the
#: game's own option values (by ``Option.name``); PnpError on bad values.
MakeSetup = Callable[[int | str, int, tuple[str, ...], Mapping[str, Any]], Any]


@dataclass(frozen=True)
class GameSpec:
    """Everything pnp needs to simulate, replay and print one game.

    - ``rules``: the rules object; ``bots``: bot name -> ``factory(setup, seat)``.
    - ``make_setup``: options -> setup (see ``MakeSetup``); ``options``: the game's own options.
    - ``record(state)``: what one finished game contributes to the summary (picklable, small).
    - ``play_record(setup, game_seed)``: optional replacement for "play one game, ``record`` it"
      where one record needs more than one playthrough (Junkyard Wars replays each game without
      its first-turn stagger to measure it).
    - ``summarize(records, setup, seed)``: the ``simulate --json`` document, with ``checks``.
    - ``summary_lines(doc)``: the human-readable ``simulate`` output.
    - ``session(setup, seed, options, games, jobs)``: the session pack (``pnp.pack.Pack``).
    - ``commands_module``: module (outside the core) whose ``register(app)`` adds the game's own
      commands, named in ``extra_commands``.
    - ``players_alias``: the rulebook's own word for ``--players``, as a second flag
      (``"--crew"``: The Waste of Parts is played by "Crew Members").
    - ``view``: module whose ``VIEW`` draws the state at the table (``pnp.games.view``).
    - ``warm()``: optional work done once per process before the computer players first play,
      that may take long (Wreck and Ruin's compiled kernels: loaded from numba's cache, or
      compiled on the first run after installing); a run says so when it is slow.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    rules: Rules
    bots: Mapping[str, Callable[[Any, int], Bot]]
    make_setup: MakeSetup
    record: Callable[[Any], Any]
    summarize: Callable[[list[Any], Any, int | str], dict[str, Any]]
    summary_lines: Callable[[dict[str, Any]], list[str]]
    session: Callable[..., Any] | None = None
    options: tuple[Option, ...] = ()
    play_record: Callable[[Any, int], Any] | None = None
    commands_module: str = ""
    extra_commands: tuple[str, ...] = ()
    default_games: int = 1000
    session_games: int = 200
    players_alias: str = ""
    view: str = ""
    #: ``--boards K`` (an option the game declares) plays the sessions of K seeds and reports
    #: seat fairness over them (``pnp.sim.boards``); Junkyard Wars spreads its own games instead
    boards_over_seeds: bool = False
    board_word: str = "board"  # what the rulebook calls a session's board ("field", "map")
    #: the stronger computer player a session's conclusions are replayed with
    #: (``--stronger-games``, ``pnp.sim.strength``); "" when the heuristic is the strongest
    stronger_bot: str = ""
    warm: Callable[[], None] | None = None

    def options_for(self, command: str) -> tuple[Option, ...]:
        """The game's own options that ``command`` takes."""
        return tuple(o for o in self.options if command in o.commands)

    @property
    def players_text(self) -> str:
        """"2-6 players", or "2 players" for a duel."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players}-{self.max_players} players"

    def describe(self) -> dict[str, Any]:
        """Name, title, players and commands, for ``pnp games``."""
        commands = (["simulate", "replay"] + (["session"] if self.session else [])
                    + (["play"] if self.view else []))
        return {"name": self.name, "title": self.title,
                "players": {"min": self.min_players, "max": self.max_players,
                            "default": self.default_players},
                "bots": sorted(self.bots), "commands": commands + list(self.extra_commands)}
