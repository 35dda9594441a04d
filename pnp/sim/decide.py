"""``simulate --until-decided``: more games until no check is UNDECIDED, up to a cap.

Each game has its own seed (run seed, game index), so a run of 2n games starts with the n games
of the run before it: the document of the last round is exactly ``simulate --games N`` of its
size, and the same options always stop at the same N.
"""

from __future__ import annotations

from typing import Any

from pnp.games.api import GameSpec
from pnp.sim.stats import UNDECIDED


def undecided(doc: dict[str, Any]) -> bool:
    """True while a check of the ``simulate`` document is UNDECIDED."""
    return any(c.get("status") == UNDECIDED for c in doc.get("checks", ()))


def simulate_until_decided(spec: GameSpec, setup: Any, games: int, max_games: int,
                           seed: int | str, **kw: Any) -> dict[str, Any]:
    """Play ``games`` games, then twice as many (never more than ``max_games``) while a check
    is undecided; the document of the last run. Doubling, not the checks' own estimates of the
    games they need: those come from a spread measured on few games."""
    from pnp.sim.play import simulate

    n = min(games, max_games)
    doc = simulate(spec, setup, n, seed, **kw)
    while undecided(doc) and n < max_games:
        n = min(max_games, 2 * n)
        doc = simulate(spec, setup, n, seed, **kw)
    return doc
