"""The words of a tour's log: hexes by their printed place label, dials, how the game began.

Pure core; used only while a replay has switched the state's log on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import LUCK_TEXT
from pnp.games.waste_knights.tour import Tables

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState


def hex_name(t: Tables, j: int) -> str:
    """"S4 Old Refinery [9]": the place label printed on the hex, then its name or terrain."""
    return f"{t.tile[j]} {t.label[j]}"


def card_text(difficulty: R.Difficulty) -> str:
    """"a Hard (9)": the wasteland card the Waster plays, by its escape check's difficulty."""
    name = difficulty.name.capitalize()
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} ({int(difficulty)})"


def dials(k: R.Knight) -> str:
    """A knight's four dials."""
    return f"Fuel {k.fuel}, Health {k.health}, Radiation {k.radiation}, Ammo {k.ammo}"


def changes(a: R.Knight, b: R.Knight, green_a: int = 0, green_b: int = 0) -> str:
    """What changed on a knight's dials and green gear cards, e.g. "Fuel 1 -> 4"."""
    pairs = (("Fuel", a.fuel, b.fuel), ("Health", a.health, b.health),
             ("Radiation", a.radiation, b.radiation), ("Ammo", a.ammo, b.ammo),
             ("green gear cards", green_a, green_b))
    return ", ".join(f"{name} {x} -> {y}" for name, x, y in pairs if x != y) or "no change"


def opening(state: TourState) -> list[str]:
    """How the game began (Game Setup), for a log switched on before the first action."""
    from pnp.games.waste_knights import tasks as T

    t, setup = state.tables, state.setup
    lines = [f"Game Setup: {len(state.seats)} knights in {hex_name(t, t.start)}, "
             f"{setup.rounds} rounds; common task: {T.common_text(state)}"]
    for s, seat in enumerate(state.seats):
        hand = [LUCK_TEXT[icon] for i, icon in enumerate(R.LUCK_ICONS)
                for _ in range(seat.luck[i])]
        lines.append(f"knight {s + 1}: {setup.vehicles[s]} (speed {seat.speed}), "
                     f"{dials(seat.knight)}, luck cards {', '.join(hand)}")
    lines += [f"round 1 of {setup.rounds}: First Player knight 1", "Move Step"]
    return lines
