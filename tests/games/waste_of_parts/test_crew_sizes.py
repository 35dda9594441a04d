"""Crew sizes: the Just the Wind cards a crew of 4 or 5 sets aside at setup (rules.yaml
``wind_set_aside``; docs/assumptions.md, "crew sizes with the improved crew")."""

from __future__ import annotations

import random

import pytest

from pnp.errors import PnpError
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.sheets import reference_lines
from pnp.games.waste_of_parts.simulate import decks
from pnp.games.waste_of_parts.state import WasteState


def _levels(crew: int) -> dict[int, list]:
    cfg = load_config(None)
    enemies, salvage = decks(cfg, "sizes")
    s = WasteState(cfg, crew, enemies, salvage, random.Random(0))
    # every card of the game: the deck (level 1), levels 2-3 set apart until Distance 10 and
    # 20, the cards spawned or discarded at setup
    cards = s.enemy_deck + s.levels[2] + s.levels[3] + s.enemy_discard \
        + [e.card for e in s.enemies]
    return {lv: [c for c in cards if c.level == lv] for lv in (1, 2, 3)}


@pytest.mark.parametrize("crew, aside", [(3, 0), (4, 3), (5, 2)])
def test_a_crew_plays_each_level_without_its_set_aside_wind(crew, aside):
    """rules.yaml: wind_set_aside {3: 0, 4: 3, 5: 2}: each level loses that many Just the Wind
    cards and nothing else."""
    full, game = _levels(3), _levels(crew)
    for lv in (1, 2, 3):
        assert sum(c.wind for c in full[lv]) - sum(c.wind for c in game[lv]) == aside
        assert sorted(c.ident for c in full[lv] if not c.wind) == \
            sorted(c.ident for c in game[lv] if not c.wind)


def test_the_reference_sheet_tells_the_table_what_to_set_aside():
    setup = dict(reference_lines(load_config(None)))["Setup"]
    assert "Set aside Just the Wind cards of each Enemy level (4 crew: 3, 5 crew: 2)" in setup


def test_a_bad_set_aside_count_is_one_error_naming_the_field(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("wind_set_aside: {4: -1}\n", encoding="utf-8")
    with pytest.raises(PnpError) as err:
        load_config(str(path))
    assert err.value.field == "wind_set_aside.4"
