"""Waste Knights: hex boards per session, the game simulator and the printables.

``GAME`` registers the game with pnp (``pnp.games.registry``). The simulator
(``state.TourState``) plays the rulebook's rounds with the wasteland deck, combat, duels,
rewards and Reputation (docs/waste-knights.md lists what it plays of each rulebook section).
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec
from pnp.games.lazy import Lazy
from pnp.games.waste_knights.options import OPTIONS

# The simulator, the knights (and numpy) load when a game is first played (not for --help).
_SIM, _BOTS = "pnp.games.waste_knights.simulate", "pnp.games.waste_knights.bots"
BOTS = {name: Lazy(_BOTS, "BOTS", name) for name in ("heuristic", "random")}


def session(*args: Any, **kwargs: Any) -> Any:
    """The session pack: ``session.session_pack(setup, seed, options, games, jobs, print_opts)``."""
    from pnp.games.waste_knights.session import session_pack  # drawing: only when printing

    return session_pack(*args, **kwargs)


GAME = GameSpec(
    name="waste-knights", title="Waste Knights", min_players=2, max_players=4,
    default_players=4, rules=Lazy(_SIM, "RULES"), bots=BOTS,
    make_setup=Lazy("pnp.games.waste_knights.options", "make_setup"), record=Lazy(_SIM, "record"),
    summarize=Lazy(_SIM, "summarize"), summary_lines=Lazy(_SIM, "summary_lines"),
    options=OPTIONS, session=session,
    commands_module="pnp.commands.waste_knights", extra_commands=("board",),
    default_games=2000, session_games=200, view="pnp.games.waste_knights.view")
