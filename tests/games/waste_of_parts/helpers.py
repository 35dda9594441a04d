"""Small hand-made games of The Waste of Parts for the rules tests."""

from __future__ import annotations

import random
from typing import Any

from pnp.games.waste_of_parts.cards import EnemyCard
from pnp.games.waste_of_parts.endround import decide, resolve
from pnp.games.waste_of_parts.rules import Config
from pnp.games.waste_of_parts.simulate import decks
from pnp.games.waste_of_parts.state import Enemy, WasteState

CFG = Config()


def game(crew: int = 4, seed: int = 1, *, empty: bool = True,
         boss_cards: Any = None) -> WasteState:
    """A 4-crew game of the default decks; ``empty``: no Enemy aboard yet; ``boss_cards``: a
    Boss's decks, for a Boss game."""
    enemies, salvage = decks(CFG, "tests")
    s = WasteState(CFG, crew, enemies, salvage, random.Random(seed), boss_cards=boss_cards)
    if empty:
        s.enemies.clear()
    return s


def enemy(s: WasteState, room: int, health: int = 3, attack: int = 1, ability: str = "",
          level: int = 1) -> Enemy:
    e = Enemy(s.next_enemy, EnemyCard(900 + s.next_enemy, "Test", level, health, attack, room,
                                      ability), room)
    s.next_enemy += 1
    s.enemies.append(e)
    return e


def enemy_phase(s: WasteState) -> None:
    """Steps 3 and 4: every Enemy decides, then they act."""
    resolve(s, decide(s))
