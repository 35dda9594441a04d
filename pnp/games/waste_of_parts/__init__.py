"""The Waste of Parts: a co-operative game for 3-5 crew members defending a walking Mech.

``GAME`` registers the game with pnp (``pnp.games.registry``). The rules simulator is
``state.WasteState`` with ``turns`` (Crew Member Actions) and ``endround`` (the end of the
round); ``cards`` generates the Enemy and Salvage decks; ``bots`` the random and heuristic
crews; ``simulate`` the run's setup, records and summary.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec, Option
from pnp.games.lazy import Lazy
from pnp.sim.rollout import make_rollout

# The simulator and the crews load when a game is first played (not for --help or odds).
_SIM, _BOTS = "pnp.games.waste_of_parts.simulate", "pnp.games.waste_of_parts.bots"
BOTS = {name: Lazy(_BOTS, "BOTS", name) for name in ("random", "heuristic")}
#: The search crew: the First Player's decisions (salvaged cards, Scrap, Event) each played out
#: to the end by the heuristic crew over sampled futures (decks and dice redrawn), 8 playouts a
#: candidate; the turns are the heuristic's.
SEARCH = {"search": make_rollout(Lazy(_BOTS, "search_policy"), 8,
                                 candidates=Lazy(_BOTS, "search_candidates"))}

OPTIONS: tuple[Option, ...] = (
    Option("rules", "--rules", str, None,
           "Rules numbers and map YAML (default: the bundled cardsets/waste_of_parts/rules.yaml).",
           commands=("simulate", "replay", "session", "decks")),
    Option("events", "--events", bool, False,
           "Play with the optional Event deck (two drawn at Distance 10 and 20, one chosen)."),
    Option("boss", "--boss", str, None,
           "Fight a Boss after the standard win: harrow or scourge (win 'with style' by "
           "destroying it; the Scourge's Captain too).",
           commands=("simulate", "replay", "session")),
)

def _play_record(setup: Any, game_seed: int) -> Any:
    from pnp.games.waste_of_parts.simulate import play_record

    return play_record(GAME, setup, game_seed)


def _session(*args: Any, **kwargs: Any) -> Any:
    from pnp.games.waste_of_parts.pack import session_pack  # the shell: drawing libraries

    return session_pack(*args, **kwargs)


GAME = GameSpec(
    name="waste-of-parts", title="The Waste of Parts", min_players=3, max_players=5,
    default_players=4, rules=Lazy(_SIM, "RULES"), bots={**BOTS, **SEARCH},
    make_setup=Lazy(_SIM, "make_setup"), record=Lazy(_SIM, "record"),
    summarize=Lazy(_SIM, "summarize"), summary_lines=Lazy(_SIM, "summary_lines"),
    options=OPTIONS, default_games=1000,
    play_record=_play_record,
    commands_module="pnp.commands.waste_of_parts", extra_commands=("odds", "decks"),
    session=_session, session_games=200, players_alias="--crew",
    view="pnp.games.waste_of_parts.view")
