"""The registered games: one line per game, its CLI name and the package holding ``GAME``."""

from __future__ import annotations

import importlib

from pnp.errors import PnpError
from pnp.games.api import GameSpec

#: CLI name -> package whose ``GAME`` is the game's GameSpec. Adding a game is one line here.
GAMES: dict[str, str] = {
    "junkyard-wars": "pnp.games.junkyard_wars",
    "waste-knights": "pnp.games.waste_knights",
    "salvage": "pnp.games.salvage",
    "wreck-and-ruin": "pnp.games.wreck_and_ruin",
    "waste-of-parts": "pnp.games.waste_of_parts",
}


def get(name: str) -> GameSpec:
    """The spec of the game registered as ``name`` (PnpError naming the games otherwise)."""
    if name not in GAMES:
        raise PnpError(f"unknown game {name!r} ({', '.join(GAMES)})", field="game")
    spec = importlib.import_module(GAMES[name]).GAME
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{GAMES[name]}.GAME must be the GameSpec named {name!r}")
    return spec


def all_games() -> list[GameSpec]:
    """Every registered game, in registry order."""
    return [get(name) for name in GAMES]
