"""What a salvage card is worth: paired games with and without an extra copy in one hand.

Pure core. For each card of the salvage deck and each seat, game ``i`` of a run is played twice
from the same game seed between equal players: once as dealt, once with that seat starting with
one more copy of the card (taken from the pile). The card's value is the mean paired difference
in the seat's result (a win 1, a shared win its share, a loss 0), with Newcombe's 95% interval
for paired rates (inside [-1, 1]); a card PASSes when its interval lies in the declared band
(``BAND``), FAILs when wholly outside, and is UNDECIDED otherwise.

``retune`` is the balance search: cards whose value lies outside the band get their number
(the N of their rules text) one step smaller (above the band) or larger (below), and only those
are measured again, for a bounded number of rounds; it names the cards it could not bring in.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from typing import Any

from pnp.games.wreck_and_ruin.cards import SALVAGE_EFFECTS, CardDef
from pnp.sim.stats import Check, check_band, paired_difference_ci

__all__ = ["BAND", "MAX_AMOUNT", "card_checks", "deck_yaml", "measure_cards", "retune"]

#: Declared band for a card's value (change in its holder's win rate): useful, never decisive.
BAND = (-0.05, 0.10)


def _results(records: list[Any], seat: int) -> list[float]:
    return [1.0 / len(r.winners) if seat in r.winners else 0.0 for r in records]


#: The largest number the retune search prints on a card (the bundled deck goes up to 3).
MAX_AMOUNT = 5


def measure_cards(setup: Any, games: int, seed: int | str, jobs: int | None = 1,
                  only: Iterable[str] | None = None) -> dict[str, Any]:
    """Each salvage card's value over ``games`` paired games per seat (see the module doc);
    ``only``: just the cards of these names."""
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import run_games

    players = setup.players
    base = [_results(run_games(GAME, setup, games, seed, jobs=jobs), s)
            for s in range(players)]
    out: dict[str, Any] = {}
    names = None if only is None else set(only)
    for card in setup.salvage:
        if names is not None and card.name not in names:
            continue
        got: list[float] = []
        was: list[float] = []
        for s in range(players):
            extra = tuple((card.name,) if k == s else () for k in range(players))
            with_card = dataclasses.replace(setup, start_cards=extra)
            got += _results(run_games(GAME, with_card, games, seed, jobs=jobs), s)
            was += base[s]
        est = paired_difference_ci(got, was)
        out[card.name] = {"effect": card.effect, "amount": card.amount, "count": card.count,
                          "pairs": len(got), "value": est.to_dict()}
    return out


def card_checks(values: dict[str, Any]) -> list[Check]:
    """One check per card: its value's interval against ``BAND``."""
    from pnp.sim.stats import Estimate

    return [check_band(f"salvage card {name}: value to its holder", Estimate(**v["value"]),
                       *BAND, note=f"{v['pairs']} paired games", unit="paired games")
            for name, v in values.items()]


def _tunable(card: CardDef) -> bool:
    """A card whose rules text has a number to change (not scrap, not the fuel tank)."""
    return "N " in SALVAGE_EFFECTS[card.effect]


def retune(setup: Any, games: int, seed: int | str, rounds: int, jobs: int | None = 1,
           measure: Callable[..., dict[str, Any]] = measure_cards
           ) -> tuple[tuple[CardDef, ...], dict[str, Any]]:
    """The balance search (see the module doc): the retuned salvage deck and a report.

    Each round, every card whose value (the point estimate, as ``card_checks``) lies outside
    ``BAND`` and can still move gets its amount one step towards the band (1 to
    ``MAX_AMOUNT``); the changed cards are measured again with the changed deck. A card whose
    step would go back to an amount it had, past the limits, or whose effect has no number is
    named in ``unresolved`` with the reason, as is any card still outside after ``rounds``.
    """
    low, high = BAND
    deck = list(setup.salvage)
    values = measure(setup, games, seed, jobs)
    tried = {c.name: {c.amount} for c in deck}
    stuck: dict[str, str] = {}
    changes: list[dict[str, Any]] = []
    ran = 0
    for r in range(1, rounds + 1):
        moved: list[str] = []
        for i, card in enumerate(deck):
            mean = values[card.name]["value"]["value"]
            if low <= mean <= high or card.name in stuck:
                continue
            step = -1 if mean > high else 1
            amount = card.amount + step
            if not _tunable(card):
                stuck[card.name] = f"{card.effect} has no number to tune"
            elif not 1 <= amount <= MAX_AMOUNT:
                stuck[card.name] = f"its amount {card.amount} is at the limit (1-{MAX_AMOUNT})"
            elif amount in tried[card.name]:
                stuck[card.name] = (f"outside the band at {card.amount} and at {amount}: "
                                    "no whole number between")
            else:
                tried[card.name].add(amount)
                deck[i] = dataclasses.replace(card, amount=amount)
                moved.append(card.name)
                changes.append({"round": r, "card": card.name, "from": card.amount,
                                "to": amount, "value_before": mean})
        if not moved:
            break
        ran = r
        again = measure(dataclasses.replace(setup, salvage=tuple(deck)), games, seed, jobs,
                        only=moved)
        values.update(again)
        for c in changes:
            if c["round"] == r:
                c["value_after"] = again[c["card"]]["value"]["value"]
    unresolved = {}
    for card in deck:
        mean = values[card.name]["value"]["value"]
        if not low <= mean <= high:
            unresolved[card.name] = stuck.get(card.name, f"still outside after {ran} rounds")
    report = {"band": list(BAND), "rounds": ran, "max_rounds": rounds, "changes": changes,
              "unresolved": unresolved, "cards": values}
    return tuple(deck), report


def deck_yaml(cards: tuple[CardDef, ...], header: str = "") -> str:
    """A salvage.yaml document of ``cards`` (what ``data.load_cards`` reads back)."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines.append("salvage:")
    for c in cards:
        row = [f"name: {json.dumps(c.name)}", f"effect: {c.effect}"]
        if _tunable(c):
            row.append(f"amount: {c.amount}")
        if c.count != 1:
            row.append(f"count: {c.count}")
        row.append(f"text: {json.dumps(c.text)}")
        lines.append("  - {" + ", ".join(row) + "}")
    return "\n".join(lines) + "\n"
