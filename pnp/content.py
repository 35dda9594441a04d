"""Generic game content: frozen dataclasses with a JSON round trip.

A ``Card`` is one row of a card list: its ``name``, how many copies to print (``count``), an
optional per-card ``back`` (text, or an image file), and every other column as ``fields`` in
column order. Values are kept as typed (CSV gives text; YAML and JSON may give numbers and
booleans). A ``Deck`` is an ordered tuple of cards with a name and the file it came from, so
relative image paths can be resolved next to it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Value = str | int | float | bool

SCHEMA = "pnp.deck/1"


@dataclass(frozen=True)
class Card:
    """One card: name, copies, optional back, and the other columns in order."""

    name: str
    fields: tuple[tuple[str, Value], ...] = ()
    count: int = 1
    back: str = ""
    line: int | None = field(default=None, compare=False)  # source line, for messages only

    def get(self, key: str, default: Value | None = None) -> Value | None:
        """The value of column ``key`` (exact header), or ``default``."""
        for k, v in self.fields:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``fields`` keeps column order as a list of pairs."""
        return {"name": self.name, "count": self.count, "back": self.back,
                "fields": [[k, v] for k, v in self.fields]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        """Inverse of ``to_dict``."""
        return cls(name=str(data["name"]), count=int(data.get("count", 1)),
                   back=str(data.get("back", "")),
                   fields=tuple((str(k), v) for k, v in data.get("fields", [])))


@dataclass(frozen=True)
class Deck:
    """An ordered list of cards with a name (printed on the default back)."""

    name: str
    cards: tuple[Card, ...] = ()
    source: str = field(default="", compare=False)  # the file it was read from, if any

    @property
    def copies(self) -> int:
        """Total number of cards to print (counts expanded)."""
        return sum(c.count for c in self.cards)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"schema": SCHEMA, "name": self.name, "cards": [c.to_dict() for c in self.cards]}

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "") -> Deck:
        """Inverse of ``to_dict``."""
        return cls(name=str(data.get("name", "")), source=source,
                   cards=tuple(Card.from_dict(c) for c in data.get("cards", [])))

    def to_json(self) -> str:
        """Deterministic JSON text (sorted keys, trailing newline)."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str = "") -> Deck:
        """Inverse of ``to_json``."""
        return cls.from_dict(json.loads(text), source=source)
