"""The Stalls and Trading Gear: the ten Stalls spaces, the Trade Action and Update Stalls.

Pure core: gear cards are their colours (the model keeps gear as counts by colour); the spaces
come from ``cardsets/waste_knights/stalls.yaml`` (loaded by ``data``); decks are passed in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.games.waste_knights.cards import GEAR_VALUE

SOURCE = "cardsets/waste_knights/stalls.yaml"
COLOURS = tuple(GEAR_VALUE)  # green, yellow, red: the colours the Stalls deal in


@dataclass(frozen=True)
class Space:
    """A Stalls space: the card back it shows, its diode (trade value) and its city, if special."""

    gear: str
    trade: str
    city: str = ""


def spaces_from_dict(data: Mapping) -> tuple[Space, ...]:
    """The Stalls spaces, left to right; PnpError naming the space and field when malformed."""
    rows = data.get("spaces") if isinstance(data, Mapping) else None
    if not isinstance(rows, list) or not rows:
        raise PnpError("needs a list 'spaces'", file=SOURCE, field="spaces")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise PnpError(f"space {i + 1} must be a mapping", file=SOURCE, field="spaces")
        for key in ("gear", "trade"):
            if row.get(key) not in COLOURS:
                raise PnpError(f"space {i + 1}: {key} must be one of {', '.join(COLOURS)}, "
                               f"got {row.get(key)!r}", file=SOURCE, field=key)
        out.append(Space(row["gear"], row["trade"], str(row.get("city") or "")))
    return tuple(out)


def setup(spaces: Sequence[Space]) -> list[str | None]:
    """Game Setup 3 E: each space holds a card of the colour its back shows."""
    return [sp.gear for sp in spaces]


def access(spaces: Sequence[Space], city: str) -> tuple[int, ...]:
    """Spaces a knight on ``city`` may choose from: all normal ones, and the special space
    "placed on the matching special Stalls space" only on that city's hex."""
    return tuple(i for i, sp in enumerate(spaces) if not sp.city or sp.city == city)


def offer_value(offer: Mapping[str, int]) -> int:
    """Value of offered cards in green cards; blue cards "cannot be traded with the Stalls"."""
    total = 0
    for colour, n in offer.items():
        if colour not in GEAR_VALUE:
            raise PnpError(f"{colour} gear cards cannot be traded with the Stalls",
                           field="offer")
        if n < 0:
            raise PnpError(f"cannot offer {n} {colour} gear cards", field="offer")
        total += n * GEAR_VALUE[colour]
    return total


def trade(spaces: Sequence[Space], cards: Sequence[str | None], city: str,
          offer: Mapping[str, int], chosen: Sequence[int]) -> tuple[list[str | None], dict]:
    """Offer, Choice, Deal: the Stalls after the deal and the gear cards the knight gains.

    "The value of all chosen cards must be equal to or less than the value of all offered
    cards", counted at the diodes' values; "The knight receives no change".
    """
    paid = offer_value(offer)
    allowed = access(spaces, city)
    if len(set(chosen)) != len(chosen):
        raise PnpError("a Stalls space chosen twice", field="chosen")
    for i in chosen:
        if i not in allowed:
            raise PnpError(f"no access to Stalls space {i + 1} in {city}", field="chosen")
        if cards[i] is None:
            raise PnpError(f"Stalls space {i + 1} is empty", field="chosen")
    price = sum(GEAR_VALUE[spaces[i].trade] for i in chosen)
    if price > paid:
        raise PnpError(f"chosen cards worth {price} green cards, offered {paid}",
                       field="chosen")
    gained = dict.fromkeys(COLOURS, 0)
    after = list(cards)
    for i in chosen:
        gained[after[i] or ""] += 1
        after[i] = None
    return after, gained


def refill(spaces: Sequence[Space], cards: Sequence[str | None],
           decks: Mapping[str, int | None]) -> tuple[list[str | None], dict]:
    """Refill the Stalls: empty spaces "starting from the leftmost empty space and going to
    the right", each from the deck of its colour; ``decks`` holds cards left (None: unlimited).
    A space whose deck is out stays empty. Returns the Stalls and the decks after."""
    after, left = list(cards), dict(decks)
    for i, sp in enumerate(spaces):
        if after[i] is None:
            n = left.get(sp.gear)
            if n is None or n > 0:
                after[i] = sp.gear
                if n is not None:
                    left[sp.gear] = n - 1
    return after, left


def best_deal(spaces: Sequence[Space], cards: Sequence[str | None], city: str,
              have: Mapping[str, int], need_green: int) -> tuple[dict, tuple[int, ...]] | None:
    """The heuristic knight's trade: a card worth more than its diode for a card of the diode's
    colour (the favourable special spaces), else 1 yellow for green cards at green diodes when
    he has fewer than ``need_green`` green cards (his resupply costs); None: no trade."""
    allowed = [i for i in access(spaces, city) if cards[i] is not None]
    for i in allowed:
        sp = spaces[i]
        if GEAR_VALUE[sp.gear] > GEAR_VALUE[sp.trade] and have.get(sp.trade, 0):
            return {sp.trade: 1}, (i,)
    if have.get("green", 0) < need_green and have.get("yellow", 0):
        greens = tuple(i for i in allowed if spaces[i].trade == "green"
                       and cards[i] == "green")[:GEAR_VALUE["yellow"]]
        if len(greens) == GEAR_VALUE["yellow"]:  # a full exchange: no value lost
            return {"yellow": 1}, greens
    return None


def waster_discards(spaces: Sequence[Space], cards: Sequence[str | None],
                    leader_city: str) -> tuple[int, ...]:
    """Update Stalls, the Waster bot: discard up to 2 cards the leading knight could gain most
    from (a favourable space on his city first, then the dearest cards), or none if empty."""
    allowed = [i for i in access(spaces, leader_city) if cards[i] is not None]
    gain = {i: (GEAR_VALUE[spaces[i].gear] - GEAR_VALUE[spaces[i].trade],
                GEAR_VALUE[spaces[i].gear], -i) for i in allowed}
    return tuple(sorted(allowed, key=lambda i: gain[i], reverse=True)[:2])


def update(spaces: Sequence[Space], cards: Sequence[str | None], discard: Sequence[int],
           decks: Mapping[str, int | None]) -> tuple[list[str | None], dict]:
    """Waster Step e) Update Stalls: "discard up to 2 freely chosen gear cards", then refill."""
    if len(discard) > 2:
        raise PnpError(f"the Waster may discard up to 2 cards from the Stalls, not "
                       f"{len(discard)}", field="discard")
    after = list(cards)
    for i in discard:
        if after[i] is None:
            raise PnpError(f"Stalls space {i + 1} is empty", field="discard")
        after[i] = None
    return refill(spaces, after, decks)
