"""What a salvage card is worth: paired games with and without an extra copy in one hand.

Pure core. For each card of the salvage deck and each seat, game ``i`` of a run is played twice
from the same game seed between equal players: once as dealt, once with that seat starting with
one more copy of the card (taken from the pile). The card's value is the mean paired difference
in the seat's result (a win 1, a shared win its share, a loss 0), with a 95% interval; the deck
is balanced when every card's value lies in the declared band (``BAND``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pnp.sim.stats import Check, check_band, mean_ci

__all__ = ["BAND", "card_checks", "measure_cards"]

#: Declared band for a card's value (change in its holder's win rate): useful, never decisive.
BAND = (-0.05, 0.10)


def _results(records: list[Any], seat: int) -> list[float]:
    return [1.0 / len(r.winners) if seat in r.winners else 0.0 for r in records]


def measure_cards(setup: Any, games: int, seed: int | str, jobs: int | None = 1
                  ) -> dict[str, Any]:
    """Each salvage card's value over ``games`` paired games per seat (see the module doc)."""
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import run_games

    players = setup.players
    base = [_results(run_games(GAME, setup, games, seed, jobs=jobs), s)
            for s in range(players)]
    out: dict[str, Any] = {}
    for card in setup.salvage:
        diffs: list[float] = []
        for s in range(players):
            extra = tuple((card.name,) if k == s else () for k in range(players))
            with_card = dataclasses.replace(setup, start_cards=extra)
            got = _results(run_games(GAME, with_card, games, seed, jobs=jobs), s)
            diffs += [a - b for a, b in zip(got, base[s], strict=True)]
        est = mean_ci(diffs)
        out[card.name] = {"effect": card.effect, "count": card.count, "pairs": len(diffs),
                          "value": est.to_dict()}
    return out


def card_checks(values: dict[str, Any]) -> list[Check]:
    """One check per card: its value inside ``BAND``."""
    from pnp.sim.stats import Estimate

    return [check_band(f"salvage card {name}: value to its holder", Estimate(**v["value"]),
                       *BAND, note=f"{v['pairs']} paired games")
            for name, v in values.items()]
