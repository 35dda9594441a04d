"""How the Bosses scale with the crew: the rulebook's X (Health, Tentacles, Search Deck) and the
Scourge's AI cards counted per Crew Member where the rulebook is silent (docs/assumptions.md,
"The Scourge's AI cards scale with the crew")."""

from __future__ import annotations

import random

import pytest

from pnp.games.waste_of_parts.boss import harrow_decks, resolve_ai
from pnp.games.waste_of_parts.rules import boss_health
from pnp.games.waste_of_parts.scourge import PER_CREW, SCOURGE_HEALTH, scourge_decks
from pnp.games.waste_of_parts.simulate import decks
from pnp.games.waste_of_parts.state import WasteState
from tests.games.waste_of_parts.helpers import CFG


def _ai(name: str):
    ai, _ = scourge_decks(CFG, random.Random(7))
    return next(c for c in ai if c.name == name)


def test_the_scourge_ai_cards_keep_their_4_crew_amounts_and_print_x():
    ai, _ = scourge_decks(CFG, random.Random(7))
    assert {c.name: c.count(4) for c in ai} == {
        "Broadside": 8, "Ramming Speed": 4, "Harpoon Volley": 2, "Strafing Run": 4,
        "Boarding Drones": 4, "Drone Swarm": 3}
    assert {c.name for c in ai if c.per_crew} == PER_CREW
    assert _ai("Broadside").text == "Roll 2X dice at the Hull: each hit, the Hull loses 1."
    assert _ai("Ramming Speed").text == "The Hull loses 1X."
    assert _ai("Drone Swarm").text == "Drones board the Mech: Rummage for 3 Enemy cards."
    harrow, _ = harrow_decks(CFG, random.Random(7))
    assert not any(c.per_crew for c in harrow)          # the Harrow's scale is the rulebook's


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_ramming_speed_costs_the_hull_x(crew):
    enemies, salvage = decks(CFG, "tests")
    s = WasteState(CFG, crew, enemies, salvage, random.Random(1))
    hull = s.hull
    resolve_ai(s, _ai("Ramming Speed"))
    assert hull - s.hull == crew
    assert _ai("Broadside").count(crew) == 2 * crew


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_boss_health_is_its_number_times_x(crew):
    """Bosses: "X equals the number of Crew Members. Multiply them"."""
    assert boss_health(SCOURGE_HEALTH, crew) == 8 * crew
    assert boss_health(6, crew) == 6 * crew
