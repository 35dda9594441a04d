"""The Waste of Parts' search crew (``pnp.sim.rollout`` over the heuristic crew): what it weighs,
how a playout is valued, and that it plays legal games to the end."""

from __future__ import annotations

import random

from pnp.games.waste_of_parts import GAME, SEARCH
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.bots import (
    SEARCH_WIDTH,
    HeuristicCrew,
    WholeCrew,
    search_candidates,
)
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.state import SALVAGE
from pnp.sim.play import game_seed, play
from tests.games.waste_of_parts.helpers import game


def test_search_is_registered_with_a_modest_strength():
    assert "search" in GAME.bots
    assert 2 <= SEARCH["search"](None, 0).samples <= 16


def test_a_turn_is_the_heuristics_alone():
    s = game()
    default = HeuristicCrew(0).choose(s, random.Random(0))
    assert search_candidates(s, default) == [default]


def test_a_salvaged_card_weighs_scrap_equip_and_install():
    s = game()
    card = SalvageCard(801, "Pipe", "weapon", attack=3)
    s.phase, s.pending = SALVAGE, [card]
    s.crew[1].equip(SalvageCard(802, "Vest", "armor", armor=1))
    s.crew[1].equip(SalvageCard(803, "Coat", "armor", armor=1))   # a full crew member
    s.touch()
    default = HeuristicCrew(0).choose(s, random.Random(0))
    found = search_candidates(s, default)
    assert found[0] == default and len(set(found)) == len(found) <= SEARCH_WIDTH
    assert A.ScrapCard(card.ident) in found
    assert all(a in s.legal_actions() and type(a) is not A.EquipOver for a in found)
    assert {a.seat for a in found if type(a) is A.Equip} == {0, 2, 3}


def test_a_playout_values_any_win_above_any_loss_and_distance_among_losses():
    won, near, far = game(), game(), game()
    won.result, won.distance = 1, 35
    near.result, near.distance = 0, 4
    far.result, far.distance = 0, 30
    assert won.playout_value(0) > far.playout_value(0) > near.playout_value(0)


def test_the_playout_policy_plays_each_seat_as_its_own_role():
    """One policy plays every seat of a playout: seat 1 pilots (its post the Cockpit), seat 2
    mans the Crane (4 crew), whatever seat it saw first."""
    s = game()
    crew = WholeCrew()
    for seat in (1, 0):
        s.seat = seat
        crew.choose(s, random.Random(0))
    assert [crew.crew[k]._post(s) for k in (0, 1)] == [8, 5]


def test_search_plays_legal_games_to_the_end():
    setup = GAME.make_setup("wop-search", 3, ("search", "heuristic", "heuristic"), {})
    state = play(GAME, setup, game_seed("wop-search", 0), check=True)
    assert state.is_over()
