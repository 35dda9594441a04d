"""The Waste of Parts' actions: small frozen values whose ``str`` is the replay text.

Crew Member Actions (a turn): move, attack, fire a gun, reload, repair, extinguish, fuel, drop,
pick up, give, trade (for an item on the ground or with a crew mate), mend, revive, end the
turn. The First Player's end-of-round decisions: where each salvaged card goes (equip, install,
scrap) and the Scrap uses (reinforce, recycle).
``parse_action`` reads every ``str`` back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Action", "Attack", "ChooseEvent", "Drop", "EndTurn", "Equip", "EquipOver",
           "Extinguish",
           "FireGun", "Fuel", "Give", "Install", "Mend", "Move", "PickUp", "Recycle", "Reinforce",
           "Reload", "Repair", "Revive", "ScrapCard", "ScrapDone", "Search", "Trade",
           "TradeWith", "parse_action"]


@dataclass(frozen=True)
class Move:
    room: int

    def __str__(self) -> str:
        return f"move to room {self.room}"


@dataclass(frozen=True)
class Attack:
    enemy: int           # the Enemy's id on the board
    slot: int = -1       # equipment slot of the weapon, -1 unarmed

    def __str__(self) -> str:
        return f"attack e{self.enemy} " + ("unarmed" if self.slot < 0 else f"with slot {self.slot}")


@dataclass(frozen=True)
class FireGun:
    gun: int             # room 9 or 12
    enemy: int

    def __str__(self) -> str:
        return f"fire gun {self.gun} at e{self.enemy}"


@dataclass(frozen=True)
class Reload:
    slot: int

    def __str__(self) -> str:
        return f"reload slot {self.slot}"


@dataclass(frozen=True)
class Repair:
    def __str__(self) -> str:
        return "repair"


@dataclass(frozen=True)
class Extinguish:
    def __str__(self) -> str:
        return "extinguish"


@dataclass(frozen=True)
class Search:
    """The Scourge: "Place a red cube in your room, then draw a card from the Search Deck"."""

    def __str__(self) -> str:
        return "search"


@dataclass(frozen=True)
class Fuel:
    def __str__(self) -> str:
        return "fuel"


@dataclass(frozen=True)
class Drop:
    slot: int

    def __str__(self) -> str:
        return f"drop slot {self.slot}"


@dataclass(frozen=True)
class PickUp:
    card: int            # the card's ident, lying in the room

    def __str__(self) -> str:
        return f"pick up c{self.card}"


@dataclass(frozen=True)
class Give:
    slot: int
    seat: int            # 0-based seat of the receiver

    def __str__(self) -> str:
        return f"give slot {self.slot} to P{self.seat + 1}"


@dataclass(frozen=True)
class Trade:
    slot: int
    card: int            # a card lying in the room

    def __str__(self) -> str:
        return f"trade slot {self.slot} for c{self.card}"


@dataclass(frozen=True)
class TradeWith:
    """Trade: "Swap one of your items with one from another Crew Member in your room"."""

    slot: int            # my item
    seat: int            # 0-based seat of the crew mate
    other: int           # the mate's item

    def __str__(self) -> str:
        return f"trade slot {self.slot} with P{self.seat + 1} slot {self.other}"


@dataclass(frozen=True)
class Mend:
    seat: int

    def __str__(self) -> str:
        return f"mend P{self.seat + 1}"


@dataclass(frozen=True)
class Revive:
    seat: int

    def __str__(self) -> str:
        return f"revive P{self.seat + 1}"


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Equip:
    card: int
    seat: int

    def __str__(self) -> str:
        return f"equip c{self.card} on P{self.seat + 1}"


@dataclass(frozen=True)
class EquipOver:
    """"If a Crew Member is already at their equipment limit, they may Scrap or drop an existing
    card in their current room to equip a new one." """

    card: int
    seat: int
    slot: int            # the existing card that makes room
    drop: bool           # dropped in the crew member's room (False: Scrapped)

    def __str__(self) -> str:
        how = "dropping" if self.drop else "scrapping"
        return f"equip c{self.card} on P{self.seat + 1} {how} slot {self.slot}"


@dataclass(frozen=True)
class Install:
    card: int
    room: int

    def __str__(self) -> str:
        return f"install c{self.card} in room {self.room}"


@dataclass(frozen=True)
class ScrapCard:
    card: int

    def __str__(self) -> str:
        return f"scrap c{self.card}"


@dataclass(frozen=True)
class Reinforce:
    def __str__(self) -> str:
        return "reinforce"


@dataclass(frozen=True)
class Recycle:
    def __str__(self) -> str:
        return "recycle"


@dataclass(frozen=True)
class ScrapDone:
    def __str__(self) -> str:
        return "keep the scrap"


@dataclass(frozen=True)
class ChooseEvent:
    card: int

    def __str__(self) -> str:
        return f"choose event v{self.card}"


Action = (Move | Attack | FireGun | Reload | Repair | Extinguish | Fuel | Drop | PickUp | Give
          | Trade | TradeWith | Mend | Revive | EndTurn | Equip | EquipOver | Install | ScrapCard
          | Reinforce | Recycle | ScrapDone | ChooseEvent | Search)

_FIXED = {"repair": Repair(), "extinguish": Extinguish(), "fuel": Fuel(), "end turn": EndTurn(),
          "reinforce": Reinforce(), "recycle": Recycle(), "keep the scrap": ScrapDone(),
          "search": Search()}
_PATTERNS: tuple[tuple[str, type], ...] = (
    (r"move to room (\d+)", Move),
    (r"attack e(\d+) unarmed", Attack),
    (r"attack e(\d+) with slot (\d+)", Attack),
    (r"fire gun (\d+) at e(\d+)", FireGun),
    (r"reload slot (\d+)", Reload),
    (r"drop slot (\d+)", Drop),
    (r"pick up c(\d+)", PickUp),
    (r"give slot (\d+) to P(\d+)", Give),
    (r"trade slot (\d+) for c(\d+)", Trade),
    (r"trade slot (\d+) with P(\d+) slot (\d+)", TradeWith),
    (r"mend P(\d+)", Mend),
    (r"revive P(\d+)", Revive),
    (r"equip c(\d+) on P(\d+)", Equip),
    (r"equip c(\d+) on P(\d+) (scrapping|dropping) slot (\d+)", EquipOver),
    (r"install c(\d+) in room (\d+)", Install),
    (r"scrap c(\d+)", ScrapCard),
    (r"choose event v(\d+)", ChooseEvent),
)
_SEAT_LAST = {Give, Equip}
_SEAT_ONLY = {Mend, Revive}


def parse_action(text: str) -> Action:
    """The action whose ``str`` is ``text`` (ValueError if there is none)."""
    if text in _FIXED:
        return _FIXED[text]  # type: ignore[return-value]
    for pattern, cls in _PATTERNS:
        m = re.fullmatch(pattern, text)
        if m:
            if cls is EquipOver:
                card, seat, how, slot = m.groups()
                return EquipOver(int(card), int(seat) - 1, int(slot), how == "dropping")
            args = [int(g) for g in m.groups()]
            if cls in _SEAT_LAST:
                args[-1] -= 1
            elif cls in _SEAT_ONLY:
                args[0] -= 1
            elif cls is TradeWith:
                args[1] -= 1
            return cls(*args)  # type: ignore[no-any-return]
    raise ValueError(f"not a Waste of Parts action: {text!r}")
