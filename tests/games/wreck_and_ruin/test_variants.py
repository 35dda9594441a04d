"""Restricted Access - Veterans Only: Team games, Knowledge is power, Or would it?"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.legal import ram_options, shoot_targets
from pnp.sim.play import game_seed, play

from .helpers import BUGGY, WRECKER, new_state, pegs, put


def _teams(players: int = 4):
    s = new_state(players)
    object.__setattr__(s, "setup", replace(s.setup, teams=True))
    s.team = [seat % 2 for seat in range(players)]
    return s


def test_team_mates_are_not_targets():
    # Team games: "Factions work together to win": seats 1 and 3 are one team
    s = _teams()
    b = put(s, 0, BUGGY, (0, 0), 0)
    mate = put(s, 2, WRECKER, (1, 0), 0)
    foe = put(s, 1, WRECKER, (0, 1), 0)
    assert [t for t, _ in shoot_targets(s, b)] == [foe.vid]
    assert mate.vid not in [t for t, _, _ in ram_options(s, b)]


def test_a_team_wins_on_its_members_sites_then_least_dp():
    s = _teams()
    s.over = True
    s.scores = [2, 3, 2, 0]          # team 1+3: 4 sites against 3
    assert s.returns() == (0.5, 0.0, 0.5, 0.0)
    s.scores = [2, 3, 1, 0]          # 3 each: the team with the least DP taken wins
    pegs(s, [4, 1, 1, 1])
    assert s.returns() == (0.0, 0.5, 0.0, 0.5)


def test_team_games_need_four_players(run_pnp):
    code, out, err = run_pnp("wreck-and-ruin", "simulate", "--players", "3", "--games", "2",
                             "--teams")
    assert code == 2 and not out and len(err.strip().splitlines()) == 1 and "teams" in err


def test_knowledge_is_power_deals_no_salvage_and_picks_the_card():
    # "Do not draw a salvage card at the start of the game, but you can select which faction
    # card you want" (choice: the faction's first card in factions.yaml)
    from pnp.games.wreck_and_ruin.state import WreckState

    setup = GAME.make_setup("kip", 2, ("heuristic",) * 2, {"knowledge_is_power": True})
    s = WreckState(setup, __import__("random").Random(3))
    assert s.hands == [[], []]
    first = {name: cards[0].name for name, cards in setup.factions}
    assert [c.name for c in s.faction_card if c] == [first[f] for f in s.seat_faction]


@pytest.mark.parametrize("players,variant", [(4, "teams"), (2, "knowledge_is_power"),
                                             (3, "or_would_it")])
def test_new_variants_play_to_the_end(players, variant):
    setup = GAME.make_setup("variant", players, ("heuristic",) * players, {variant: True})
    state = play(GAME, setup, game_seed("variant", 2), check=True)
    assert state.is_over() and sum(state.returns()) == pytest.approx(1)
    if variant == "or_would_it":
        assert setup.card_shark      # every card here is an action of its own
