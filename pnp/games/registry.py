"""The registered games: one line per game, its CLI name and the package holding ``GAME``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from pnp.errors import PnpError

if TYPE_CHECKING:  # the spec's module is imported with the game (``pnp --help`` needs neither)
    from pnp.games.api import GameSpec

#: CLI name -> package whose ``GAME`` is the game's GameSpec. Adding a game is one line here.
GAMES: dict[str, str] = {
    "junkyard-wars": "pnp.games.junkyard_wars",
    "waste-knights": "pnp.games.waste_knights",
    "salvage": "pnp.games.salvage",
    "wreck-and-ruin": "pnp.games.wreck_and_ruin",
    "waste-of-parts": "pnp.games.waste_of_parts",
}

#: The line ``pnp --help`` shows for each game (``summary`` of its spec), written out so that
#: the help imports no game; a test checks each against the spec.
SUMMARIES: dict[str, str] = {
    "junkyard-wars": "Junkyard Wars: simulate, replay, session, play, maze, deck.",
    "waste-knights": "Waste Knights: simulate, replay, session, play, board.",
    "salvage": "Salvage: simulate, replay, session, play, field, mods.",
    "wreck-and-ruin": "Wreck and Ruin: simulate, replay, session, play, odds, map, cards.",
    "waste-of-parts": "The Waste of Parts: simulate, replay, session, play, odds, decks.",
}


def summary(spec: GameSpec) -> str:
    """``Title: command, command, ...``: the game's line in ``pnp --help``."""
    return f"{spec.title}: {', '.join(spec.describe()['commands'])}."


def get(name: str) -> GameSpec:
    """The spec of the game registered as ``name`` (PnpError naming the games otherwise)."""
    if name not in GAMES:
        raise PnpError(f"unknown game {name!r} ({', '.join(GAMES)})", field="game")
    from pnp.games.api import GameSpec

    spec = importlib.import_module(GAMES[name]).GAME
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{GAMES[name]}.GAME must be the GameSpec named {name!r}")
    return spec


def all_games() -> list[GameSpec]:
    """Every registered game, in registry order."""
    return [get(name) for name in GAMES]
