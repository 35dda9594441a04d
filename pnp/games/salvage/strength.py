"""How strong each computer player is: every pair of players, each seat taken in turn.

Pure core. Each pair plays ``games`` games on the run's field: half with one player first, half
with the other, the two halves on the same game seeds (the same dice for both orders), so the
first player's advantage cancels out. The issue's bars are checks: the heuristic beats the random
player in at least 95% of games, and each search strength beats the heuristic in more than half,
with the whole 95% interval above one half.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from pnp.games.salvage.state import DRAW
from pnp.seed import child_seed
from pnp.sim.stats import Check, Estimate, check_band, fmt_estimate, proportion_ci

__all__ = ["PLAYERS", "pair_rate", "strength_checks", "strength_lines", "strength_matrix"]

#: The computer players from weakest to strongest.
PLAYERS = ("random", "heuristic", "search-quick", "search", "search-deep")
#: The heuristic must beat the random player in at least this share of games.
HEURISTIC_BAR = 0.95


def strength_matrix(setup: Any, games: int, seed: int | str, *,
                    players: Sequence[str] | None = None, jobs: int | None = 1
                    ) -> dict[str, Any]:
    """Every pair of ``players`` (default ``PLAYERS``) over ``games`` games (rounded up to
    even): who wins how often."""
    from pnp.games.salvage import GAME  # lazy: the package imports this module's users
    from pnp.sim.play import run_games

    players = PLAYERS if players is None else players
    half = max(1, (games + 1) // 2)
    pairs = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            run_seed = child_seed(seed, "strength", a, b)
            wins = {a: 0, b: 0}
            draws = 0
            for order in ((a, b), (b, a)):
                pair_setup = dataclasses.replace(setup, bots=order)
                for r in run_games(GAME, pair_setup, half, run_seed, jobs=jobs):
                    if r.winner == DRAW:
                        draws += 1
                    else:
                        wins[order[r.winner]] += 1
            n = 2 * half
            pairs.append({"players": [a, b], "games": n, "draws": draws,
                          "win_rate": {p: proportion_ci(wins[p], n).to_dict() for p in (a, b)}})
    return {"players": list(players), "games_per_pair": 2 * half, "pairs": pairs}


def pair_rate(doc: Mapping[str, Any], winner: str, loser: str) -> Mapping[str, Any] | None:
    """``winner``'s win rate against ``loser`` (an estimate's dict), None if they never met."""
    for pair in doc["pairs"]:
        if set(pair["players"]) == {winner, loser}:
            return pair["win_rate"][winner]  # type: ignore[no-any-return]
    return None


def strength_checks(doc: Mapping[str, Any]) -> list[Check]:
    """The bars: heuristic over random, each search strength over the heuristic."""
    checks = []
    rate = pair_rate(doc, "heuristic", "random")
    if rate is not None:
        checks.append(check_band("heuristic beats random", Estimate(**rate), HEURISTIC_BAR, None))
    for name in doc["players"]:
        rate = pair_rate(doc, name, "heuristic") if name.startswith("search") else None
        if rate is not None:
            checks.append(check_band(f"{name} beats heuristic", Estimate(**rate), 0.5, None))
    return checks


def strength_lines(doc: Mapping[str, Any]) -> list[str]:
    """The matrix as text: row player's win rate against the column player (95% CI)."""
    names = doc["players"]
    width = max(len(n) for n in names) + 2
    lines = [f"win rate of the row player against the column player, "
             f"{doc['games_per_pair']} games a pair (seats swapped), 95% CI:",
             " " * width + "".join(f"{n:>22}" for n in names)]
    for a in names:
        cells = []
        for b in names:
            rate = None if a == b else pair_rate(doc, a, b)
            cells.append(f"{fmt_estimate(rate, 2):>22}" if rate else f"{'-':>22}")
        lines.append(f"{a:<{width}}" + "".join(cells))
    return lines
