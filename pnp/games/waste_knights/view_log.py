"""Waste Knights' log as another player may read it at the table (``WasteKnightsView.hide``).

"Players can read their luck cards, but they should keep them secret from their rivals": a luck
card drawn, and the hands dealt at Game Setup, are named only to their knight. A luck card
discarded for Quick Resupply is shown (its icon is used), so it stays named.
"""

from __future__ import annotations

import re

_DRAW = re.compile(r"^knight (\d+) draws a luck card: (?!discarded).*$")
_HAND = re.compile(r"^(knight (\d+): .*), luck cards (.+)$")


def hide(seat: int, line: str, viewer: int) -> str:
    """``line`` as the player of ``viewer`` may read it (the knight it names decides)."""
    if (m := _DRAW.match(line)) and int(m[1]) - 1 != viewer:
        return f"knight {m[1]} draws a luck card"
    if (m := _HAND.match(line)) and int(m[2]) - 1 != viewer:
        return f"{m[1]}, {len(m[3].split(', '))} luck cards"
    return line
