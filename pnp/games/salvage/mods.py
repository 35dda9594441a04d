"""Mods: cards whose effects come from a vocabulary the simulator implements; the mecha.

Pure core. A ``Mod`` is data (name, type, printed score, effects, text, count in the deck); each
effect is one word of ``EFFECTS`` with an amount. The state sums a mecha's installed mods into
one list of amounts (``totals``), indexed by the effect's position in ``EFFECTS`` (the constants
below), so a rule asks ``fx[POWER]`` instead of searching the mods. ``Mecha`` is one mecha's
position, tanks, haul, banked score and installed mods.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.games.salvage.rules import Config

__all__ = ["EFFECTS", "FLAGS", "Mecha", "Mod", "deck_of", "totals"]

#: The effect vocabulary: word -> what it does (the state implements each one).
EFFECTS: dict[str, str] = {
    "power": "+N dice you may load against a mob",
    "max_fuel": "+N maximum fuel",
    "max_hp": "+N maximum HP",
    "mob_exit_cost": "moving out of a node with a mob costs 1 fuel instead of 2",
    "clash_ties": "ties in a clash go to you, even as the attacker",
    "clash_bonus": "+N to your total in a clash",
    "cell_cradle": "your fusion cells can't be taken in a clash; your haul stays put when you "
                   "are knocked back",
    "fight_bonus": "+N to your total in every round against a mob",
    "free_first_move": "the first move of each run costs no fuel",
    "spare_plating": "when a round against a mob misses, roll a D6: on 5 or 6 you lose no HP",
    "start_die": "start each run with the smallest die left in the supply",
    "winch": "when you take a wreck site's fusion cell, take 1 scrap there too",
    "magnet": "when you arrive on a node, pick up the scrap lying free on each neighbouring node",
    "refuel_bonus": "when you close a run, keep N fuel above full",
    "reroll": "N times per run, roll a missed round against a mob again",
}

#: Effects that are on or off: their amount must be 1.
FLAGS = frozenset({"mob_exit_cost", "clash_ties", "cell_cradle", "free_first_move",
                   "spare_plating", "start_die", "winch", "magnet"})

(POWER, MAX_FUEL, MAX_HP, MOB_EXIT_COST, CLASH_TIES, CLASH_BONUS, CELL_CRADLE, FIGHT_BONUS,
 FREE_FIRST_MOVE, SPARE_PLATING, START_DIE, WINCH, MAGNET, REFUEL_BONUS, REROLL) = range(15)
_INDEX = {name: i for i, name in enumerate(EFFECTS)}
assert len(_INDEX) == REROLL + 1


@dataclass(frozen=True)
class Mod:
    """A mod card: "Each mod: the score printed on it"."""

    name: str
    type: str
    score: int
    effects: tuple[tuple[str, int], ...]
    text: str = ""
    count: int = 1


def totals(mods: Iterable[Mod]) -> list[int]:
    """The summed amount of every effect of ``mods``, indexed like ``EFFECTS``."""
    out = [0] * len(EFFECTS)
    for mod in mods:
        for effect, amount in mod.effects:
            out[_INDEX[effect]] += amount
    return out


#: A mecha without mods (shared: ``fx`` lists are replaced, never changed in place).
_NO_EFFECTS = totals(())


def deck_of(mods: Sequence[Mod]) -> tuple[Mod, ...]:
    """The deck: each mod as many times as its ``count``."""
    return tuple(m for m in mods for _ in range(m.count))


class Mecha:
    """One mecha: where it stands, its tanks, what it carries, what it banked, its mods."""

    __slots__ = ("seat", "base", "pos", "came_from", "fuel", "hp", "dice", "scrap", "cells",
                 "banked_scrap", "banked_dice", "banked_cells", "mods", "fx", "raids",
                 "collapses", "run_moves", "rerolls_used", "installed")

    def __init__(self, seat: int, base: int, cfg: Config) -> None:
        self.seat, self.base, self.pos, self.came_from = seat, base, base, -1
        self.fuel, self.hp = cfg.max_fuel, cfg.max_hp
        self.dice: tuple[int, ...] = ()         # carried dice (sides), smallest first
        self.scrap: tuple[int, ...] = ()        # carried scrap (materials 1-6)
        self.cells: tuple[int, ...] = ()        # carried fusion cells (their wreck 0-2)
        self.banked_scrap: tuple[int, ...] = ()
        self.banked_dice: tuple[int, ...] = ()
        self.banked_cells: tuple[int, ...] = ()
        self.mods: tuple[Mod, ...] = ()
        self.fx: list[int] = _NO_EFFECTS      # the installed mods' effects (read-only)
        self.raids = self.collapses = self.run_moves = self.rerolls_used = 0
        self.installed: tuple[str, ...] = ()    # every mod it installed, in order

    def copy(self) -> Mecha:
        """An independent copy (all fields are immutable values or replaced, never mutated)."""
        twin = Mecha.__new__(Mecha)
        for name in Mecha.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    def max_fuel(self, cfg: Config) -> int:
        """Its full tank with its mods."""
        return cfg.max_fuel + self.fx[MAX_FUEL]

    def max_hp(self, cfg: Config) -> int:
        """Its full HP with its mods."""
        return cfg.max_hp + self.fx[MAX_HP]

    def power(self, cfg: Config) -> int:
        """Dice it may load against a mob."""
        return cfg.power + self.fx[POWER]
