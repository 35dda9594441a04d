"""Wreck and Ruin: hex-grid vehicle combat for 2-4 players, salvage sites over 6/5/4 rounds.

``GAME`` registers the game with pnp (``pnp.games.registry``). ``dice`` holds the exact odds;
``tiles`` and ``board`` the tiles and session maps; ``state`` (with ``legal``, ``play``,
``combat``, ``movement``) the rules simulator; ``bots`` the random and heuristic players;
``simulate`` the run's setup, records and summary. Imports of the heavier parts stay lazy.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec, Option, fairness_options
from pnp.games.lazy import Lazy
from pnp.sim.rollout import make_rollout

# The simulator and the players load when a game is first played (not for --help or odds).
_SIM, _BOTS = "pnp.games.wreck_and_ruin.simulate", "pnp.games.wreck_and_ruin.bots"
BOTS = {name: Lazy(_BOTS, "BOTS", name) for name in ("random", "heuristic")}

_RUN = ("simulate", "replay", "session")

OPTIONS: tuple[Option, ...] = (
    Option("rules", "--rules", str, None,
           "Rules numbers YAML (default: the bundled cardsets/wreck_and_ruin/rules.yaml).",
           commands=(*_RUN, "map", "odds")),
    Option("vehicles", "--vehicles", str, None,
           "Vehicle stats YAML (default: the bundled cardsets/wreck_and_ruin/vehicles.yaml).",
           commands=(*_RUN, "map", "odds")),
    Option("tiles", "--tiles", str, None,
           "tiles.json of the box's 10 tiles (default: the tiles of the seed).",
           commands=(*_RUN, "map")),
    Option("events", "--events", str, None,
           "Event deck YAML (default: the bundled cardsets/wreck_and_ruin/events.yaml).",
           commands=(*_RUN, "cards")),
    Option("salvage", "--salvage", str, None,
           "Salvage deck YAML (default: the bundled cardsets/wreck_and_ruin/salvage.yaml).",
           commands=(*_RUN, "cards")),
    Option("factions", "--factions", str, None,
           "Faction cards YAML (default: the bundled cardsets/wreck_and_ruin/factions.yaml).",
           commands=(*_RUN, "cards")),
    Option("unpredictable", "--unpredictable", bool, False,
           "Variant Unpredictable Wastes: a new event on a 4+ at the start of each turn.",
           commands=_RUN),
    Option("arcade", "--arcade", bool, False,
           "Variant Arcade mode: wrecks leave play and come back whole at their owner's turn.",
           commands=_RUN),
    Option("card_shark", "--card-shark", bool, False,
           "Variant Card shark: any number of salvage cards a turn.", commands=_RUN),
    Option("all_out_war", "--all-out-war", bool, False,
           "Variant All-out WaR: SIZE - 1 points for each enemy vehicle you wreck.",
           commands=_RUN),
    Option("teams", "--teams", bool, False,
           "Variant Team games (4 players): seats 1 and 3 against 2 and 4, sites summed.",
           commands=_RUN),
    Option("knowledge_is_power", "--knowledge-is-power", bool, False,
           "Variant Knowledge is power: no starting salvage card; each player takes the "
           "first card of its faction in the faction cards YAML.", commands=_RUN),
    Option("or_would_it", "--or-would-it", bool, False,
           "Variant Or would it?: cards combine freely (plays as Card shark: each card of "
           "the deck is an action of its own).", commands=_RUN),
    Option("rounds", "--rounds", int, None,
           "Rounds per game (default: the rulebook's 6, 5 or 4 for 2, 3 or 4 players).",
           commands=_RUN),
    Option("last_man_standing", "--last-man-standing", bool, False,
           "Variant: a vehicle that leaves the table is gone for good.", commands=_RUN),
    *fairness_options("Maps", "search", 40),
)

#: The search player: at each decision the heuristic's choice, its next best candidates and
#: ending the turn are each played out to the end by the heuristic player, over sampled
#: futures (dice, decks and the other players' cards redrawn), ``samples`` playouts a move.
SEARCH = {"search": make_rollout(BOTS["heuristic"], 8,
                                 candidates=Lazy(_BOTS, "search_candidates"))}


def _session(*args: Any, **kwargs: Any) -> Any:
    from pnp.games.wreck_and_ruin.pack import session_pack  # the shell: drawing libraries

    return session_pack(*args, **kwargs)


GAME = GameSpec(
    name="wreck-and-ruin", title="Wreck and Ruin", min_players=2, max_players=4,
    default_players=4, rules=Lazy(_SIM, "RULES"), bots={**BOTS, **SEARCH},
    make_setup=Lazy(_SIM, "make_setup"), record=Lazy(_SIM, "record"),
    summarize=Lazy(_SIM, "summarize"), summary_lines=Lazy(_SIM, "summary_lines"), options=OPTIONS,
    commands_module="pnp.commands.wreck_and_ruin", extra_commands=("odds", "map", "cards"),
    session=_session, default_games=1000, session_games=200,
    view="pnp.games.wreck_and_ruin.view", boards_over_seeds=True, board_word="map",
    stronger_bot="search", warm=Lazy(_BOTS, "warm"))
