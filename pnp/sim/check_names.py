"""The one table of human names for checks whose name is a key in a game's data.

Most games name a check in words where they make it ("seat 1 win rate"); a check named by a
data key (Waste Knights' tour bands) gets its words here. The CLI's verdict line, a check's
text and the report all read this table, so a designer sees one name everywhere; JSON and the
manifest keep the key, which scripts read.
"""

from __future__ import annotations

CHECK_NAMES: dict[str, str] = {
    # Waste Knights' tour bands (pnp.games.waste_knights.tour_stats.TOUR_BANDS)
    "fuel_starved": "knights starved of Fuel",
    "ko_hazard": "knights K.O.'d by radiation or contamination",
    "ko_wasteland": "knights K.O.'d by the wasteland",
    "specials": "special hexes explored by a knight",
    "seat_wins_spread": "best seat's wins minus the worst seat's",
}


def human(name: str) -> str:
    """The words for check ``name`` (the name itself when it is already words); a key told
    apart by a qualifier (``ko_hazard (Seat fairness, 3 knights)``) keeps its qualifier."""
    key, sep, rest = name.partition(" (")
    return CHECK_NAMES[key] + sep + rest if key in CHECK_NAMES else name
