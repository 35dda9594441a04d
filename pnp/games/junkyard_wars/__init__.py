"""Junkyard Wars (introductory rules): the game's registration with pnp (``GAME``).

Light to import (``pnp games`` and ``pnp --help`` read every game's spec): the simulator, the
bots (and numpy, which the deck uses) load on first use.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec, Option
from pnp.games.junkyard_wars.spec import RULES


def _heuristic(setup: Any, seat: int) -> Any:
    from pnp.games.junkyard_wars.bots import heuristic_bot

    return heuristic_bot(setup, seat)


def _trader(setup: Any, seat: int) -> Any:
    from pnp.games.junkyard_wars.bots import trader_bot

    return trader_bot(setup, seat)


def _random(setup: Any, seat: int) -> Any:
    from pnp.games.junkyard_wars.bots import random_bot

    return random_bot(setup, seat)


def _make_setup(seed: int | str, players: int, bots: tuple[str, ...], options: Any) -> Any:
    from pnp.games.junkyard_wars.simulate import make_setup

    return make_setup(seed, players, bots, options)


def _record(state: Any) -> Any:
    from pnp.games.junkyard_wars.simulate import record

    return record(state)


def _play_record(setup: Any, game_seed: int) -> Any:
    from pnp.games.junkyard_wars.simulate import play_record

    return play_record(setup, game_seed)


def _summarize(records: list[Any], setup: Any, seed: int | str) -> dict[str, Any]:
    from pnp.games.junkyard_wars.simulate import summarize

    return summarize(records, setup, seed)


def _summary_lines(doc: dict[str, Any]) -> list[str]:
    from pnp.games.junkyard_wars.simulate import summary_lines

    return summary_lines(doc)


def _session(*args: Any, **kwargs: Any) -> Any:
    from pnp.games.junkyard_wars.pack import session_pack  # the shell: drawing libraries

    return session_pack(*args, **kwargs)


_DECK = ("simulate", "replay", "session", "deck")  # the options the machine deck depends on

GAME = GameSpec(
    name="junkyard-wars", title="Junkyard Wars", min_players=2, max_players=6, default_players=4,
    rules=RULES, bots={"heuristic": _heuristic, "random": _random, "trader": _trader},
    make_setup=_make_setup, record=_record, play_record=_play_record, summarize=_summarize,
    summary_lines=_summary_lines, session=_session,
    options=(
        Option("words", "--words", str, None,
               "Machine word list, one word a line (default: the bundled English list).",
               commands=_DECK),
        Option("bag", "--bag", str, None, "Junk bag YAML (default: English Scrabble).",
               commands=_DECK),
        Option("deck_size", "--deck-size", int, 40,  # deck.DEFAULT_SIZE (deck.py loads numpy)
               "Machine cards in the deck.", commands=_DECK),
        Option("minutes_per_turn", "--minutes-per-turn", float, 1.0,
               "Minutes one player-turn takes at the table."),
        Option("hour_end", "--hour-end", str, "test",
               "How the hour ends: test (the rulebook: every finished machine is tested, one "
               "that works wins, else furthest along) or share (no tests: the largest share of "
               "steps done wins)."),
        Option("construction_zone", "--construction-zone", str, "square",
               "The construction zone: square (the centre square) or tile (the whole empty "
               "centre tile); workers start on the centre square either way."),
        Option("boards", "--boards", int, 1,
               "Session boards the games are spread over (1-16): board 1 is the seed's, the "
               "report sets the spread between boards next to the spread within one.",
               commands=("simulate", "session")),
        Option("stagger", "--stagger", bool, True,
               "The first-turn stagger of the rules (on by default)."),
        Option("compare_stagger", "--compare-stagger", bool, True,
               "Replay each game with the stagger flipped to measure it.",
               commands=("simulate", "session")),
        Option("maze_seed", "--maze-seed", str, None,
               "Seed of the printed tile set (default: the session seed).", commands=("session",)),
        Option("square_mm", "--square-mm", float, 20.0, "Side of a maze square in mm (8-38).",
               commands=("maze", "session")),
        Option("layouts", "--layouts", str, None,
               "Folder of layout files used instead of templates/junkyard_wars/ (copy it, edit "
               "it, pass it here).", commands=("maze", "session")),
    ),
    commands_module="pnp.commands.junkyard_wars", extra_commands=("maze", "deck"),
    default_games=1000, session_games=500, view="pnp.games.junkyard_wars.view",
)

__all__ = ["GAME"]
