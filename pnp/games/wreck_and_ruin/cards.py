"""Wreck and Ruin's cards as data: events and salvage, each effect a word the simulator knows.

Pure core. ``EVENT_EFFECTS`` and ``SALVAGE_EFFECTS`` are the vocabularies (what ``play.py`` and
``legal.py`` implement); ``cardsets/wreck_and_ruin/events.yaml`` and ``salvage.yaml`` hold the
decks (``data.py`` reads them). A card's rules text is generated from its effect and amount, so
the print says what the simulator does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CARD_ON_VEHICLE", "CARD_PLAYS", "EVENT_EFFECTS", "FACTION_EFFECTS", "FACTION_TARGET",
           "SALVAGE_EFFECTS", "SUMMONS", "CardDef",
           "deck_of", "rules_text"]

#: Event effects: in play for a whole round, resolved by each player at the start of a turn.
EVENT_EFFECTS = {
    "calm": "No effect this round.",
    "sandstorm": "Attacks have N less range.",
    "tailwind": "Every move action gets N extra movement.",
    "deep_sand": "Every move action has N less movement (at least 1).",
    "engine_trouble": "Before a vehicle takes an action (a card's too), roll a die: on a 1 the "
                      "action fails.",
    "supply_drop": "At the start of your turn, draw N salvage cards.",
    "acid_rain": "At the start of your turn, a random vehicle of yours takes N DP.",
    "ammo_shortage": "Attacks roll N fewer dice (at least 1).",
    "scrap_heap": "Searching for salvage draws N extra cards.",
}
#: Salvage effects: one card per turn, free; every card can instead be discarded in your turn
#: to remove 1DP from an active vehicle.
SALVAGE_EFFECTS = {
    "scrap": "No other use.",
    "reserve_fuel": "A free move action for one vehicle; it does not count towards the 2AP "
                    "limit.",
    "field_repair": "Remove N DP from one of your active vehicles.",
    "overhaul": "Remove N DP from each of your active vehicles.",
    "scavenge": "Draw N salvage cards.",
    "war_cry": "Gain N AP this turn.",
    "bloodlust": "This turn your attacks roll N more dice.",
    "nomads": "This turn your move actions get N extra movement.",
    "plating": "One of your active vehicles has +N ARMOUR until the start of your next turn "
               "(or until it is wrecked).",
}
#: Salvage effects played as a "card" action; the faction cards of the same effect do the same
#: (``play.boost``). ``plating`` names one of the player's vehicles (``CARD_ON_VEHICLE``).
CARD_PLAYS = ("overhaul", "scavenge", "war_cry", "bloodlust", "nomads", "plating")
#: Salvage effects played on one of the player's own active vehicles.
CARD_ON_VEHICLE = frozenset(("plating",))


#: Faction card effects: "free to use", once a game, in your own turn, one a turn.
FACTION_EFFECTS = {
    "overhaul": "Remove N DP from each of your active vehicles.",
    "scavenge": "Draw N salvage cards.",
    "war_cry": "Gain N AP this turn.",
    "bloodlust": "This turn your attacks roll N more dice.",
    "nomads": "This turn your move actions get N extra movement.",
    "frenzy": "One of your vehicles may take its 2AP-limit actions again this turn.",
    "airstrike": "Attack any enemy vehicle within 3 hexes of your big rig with N dice, no line "
                 "of sight needed.",
    "drone": "Your drone (FLYING) enters play next to your big rig and may act this turn; "
             "it stays until destroyed.",
    "rhinax": "Your rhinax enters play next to your big rig and may act this turn; it stays "
              "until wrecked and removed.",
}
#: The special vehicle each summoning effect brings into play.
SUMMONS = {"drone": "drone", "rhinax": "rhinax"}
#: Effects that name one of your vehicles, one of the enemy's, or none.
FACTION_TARGET = {"frenzy": "own", "airstrike": "enemy"}


@dataclass(frozen=True)
class CardDef:
    """One card: ``effect`` from the vocabulary with its ``amount``, ``count`` copies."""

    name: str
    kind: str            # "event", "salvage" or "faction"
    effect: str
    amount: int = 1
    text: str = ""       # flavour
    count: int = 1


def rules_text(card: CardDef) -> str:
    """The card's rules, from its effect and amount."""
    vocab = {"event": EVENT_EFFECTS, "faction": FACTION_EFFECTS}.get(card.kind,
                                                                     SALVAGE_EFFECTS)
    text = vocab[card.effect].replace("N ", f"{card.amount} ")
    text = re.sub(r"(\d) (DP|AP)\b", r"\1\2", text)     # the rulebook writes "1DP", "2AP"
    return text.replace("1 salvage cards", "1 salvage card").replace("1 more dice", "1 more die")


def deck_of(cards: tuple[CardDef, ...]) -> tuple[CardDef, ...]:
    """Each card as many times as its count."""
    return tuple(c for c in cards for _ in range(c.count))
