"""Salvage: a two-player duel of mecha on a symmetric node field (playtest v0.2).

``GAME`` registers the game with pnp (``pnp.games.registry``). The rules simulator is
``state.SalvageState`` (the whole player aid); ``bots`` holds the random and heuristic players;
``simulate`` the run's setup, records and summary. Imports of the heavier parts stay lazy.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec, Option, fairness_options
from pnp.games.lazy import Lazy
from pnp.sim.rollout import make_rollout

# The simulator and the players load when a game is first played (not for --help).
_SIM, _BOTS = "pnp.games.salvage.simulate", "pnp.games.salvage.bots"
BOTS = {name: Lazy(_BOTS, "BOTS", name) for name in ("random", "heuristic")}

_RUN = ("simulate", "replay", "session")

OPTIONS: tuple[Option, ...] = (
    Option("nodes", "--nodes", int, None, "Field size in nodes (odd, 9-61; default 21).",
           commands=(*_RUN, "field", "mods")),
    Option("density", "--density", float, None,
           "Field edge density: 0 (the fewest edges, a symmetric backbone) to 1 (default 0.4).",
           commands=(*_RUN, "field", "mods")),
    Option("field", "--field", str, None,
           "field.json written by `field` (default: the field of the seed).", commands=_RUN),
    Option("rounds", "--rounds", int, None,
           "Rounds before the countdown ends (default: the rules', 24).", commands=_RUN),
    Option("mods", "--mods", str, None,
           "Mods deck YAML (default: the bundled cardsets/salvage/mods.yaml).",
           commands=(*_RUN, "mods")),
    Option("strength_games", "--strength-games", int, 0,
           "Games per pair of computer players (random .. search-deep) for the strength table "
           "of the report (0: none; 20 take about 15 minutes on 2 cores).",
           commands=("session",)),
    Option("rules", "--rules", str, None,
           "Rules numbers YAML (default: the bundled cardsets/salvage/rules.yaml).",
           commands=(*_RUN, "mods")),
    *fairness_options("Fields", "search-quick", 7),
)

#: The computer opponent's search strengths: each candidate move played out to the end by the
#: heuristic player, over sampled futures (hidden parts redrawn), ``samples`` playouts a move.
SEARCH = {name: make_rollout(BOTS["heuristic"], samples,
                             candidates=Lazy(_BOTS, "search_candidates"))
          for name, samples in (("search-quick", 8), ("search", 16), ("search-deep", 32))}

def _session(*args: Any, **kwargs: Any) -> Any:
    from pnp.games.salvage.pack import session_pack  # the shell: drawing libraries

    return session_pack(*args, **kwargs)


GAME = GameSpec(
    name="salvage", title="Salvage", min_players=2, max_players=2, default_players=2,
    rules=Lazy(_SIM, "RULES"), bots={**BOTS, **SEARCH}, make_setup=Lazy(_SIM, "make_setup"),
    record=Lazy(_SIM, "record"), summarize=Lazy(_SIM, "summarize"),
    summary_lines=Lazy(_SIM, "summary_lines"), options=OPTIONS,
    commands_module="pnp.commands.salvage", extra_commands=("field", "mods"), session=_session,
    default_games=1000, session_games=200, view="pnp.games.salvage.view",
    boards_over_seeds=True, board_word="field", stronger_bot="search-quick")
