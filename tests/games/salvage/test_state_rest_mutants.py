"""Salvage: what the game state promises beyond a single rule, and the replay's words for it.

Written against the survivors of a full mutation run of ``state.py`` (docs/testing.md, Salvage):
a running game's returns, the supply running short, the reroll of a half around a mecha, the
bots' mob mask, clones and determinization that leave the game's own stream alone, the search
bots' playout value and scrap count, the replay's lines for collapses, raids, the Magnet and the
Winch, and the refusals' words. Scripted dice on the corridor of ``helpers``.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from pnp.games.api import IllegalAction
from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import Config
from pnp.games.salvage.simulate import Setup
from pnp.games.salvage.state import OVER, WRECK, SalvageState

from .helpers import (
    Script,
    act,
    corridor,
    face,
    mod,
    new_state,
    to_clash_at_6,
    to_enemy_camp,
    walk,
)


def game(rolls=None, config=Config(), mods0=(), extra_edges=(), draws=()):
    setup = Setup(bots=("heuristic", "heuristic"), field=corridor(rolls, extra_edges),
                  config=config, mods=(), start_mods=(tuple(mods0), ()))
    return SalvageState(setup, Script(draws))


def test_a_running_game_has_no_winner_and_returns_nothing():
    # returns(): "0 for both while running"; nobody has won and there is no way of winning yet.
    s, _ = new_state()
    act(s, A.Pass(0))
    assert s.returns() == (0.0, 0.0)
    assert (s.winner, s.win_type) == (-1, "") and not s.is_over()


def test_a_supply_without_d6_starts_the_mecha_without_dice():
    # "each mecha starts with one D6 taken from the supply": a supply of D4s only has none.
    s, _ = new_state(config=Config(supply=((4, 4),)))
    assert [m.dice for m in s.mechas] == [(), ()]
    assert s.supply == [4, 0, 0, 0, 0, 0]


def test_the_biggest_die_of_a_supply_of_d4s_is_a_d4():
    # Node die 5: "A medium mob (B) guarding 1 scrap and the biggest die in the supply".
    s, _ = new_state({1: 5}, config=Config(supply=((4, 1),)))
    assert s.guard_die[1] == 4 and s.supply == [0, 0, 0, 0, 0, 0]


def test_the_mob_mask_marks_exactly_the_nodes_with_a_mob():
    # The bots' route memo key: bit i set while a mob stands on node i.
    s = game({1: 4, 3: 4, 5: 4, 7: 4})
    assert s.mob_mask == (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7)
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(6, 6))  # 6 + 2 beats the weak mob's 1 hit
    assert s.mob[1] == 0 and s.mob_mask == (1 << 3) | (1 << 5) | (1 << 7)


def test_the_reroll_of_a_half_leaves_the_node_a_mecha_stands_on():
    # Closing: "the empty nodes in your half of the field get new contents"; a node with a
    # mecha on it is not empty. Mecha 1 stands on node 5, in mecha 2's half, when mecha 2
    # closes on wreck site 6: only node 7 is rolled (a 4: a weak mob).
    s = game(config=Config(max_fuel=9))
    walk(s, 0, (1, 2))
    act(s, A.PressOn(0))
    walk(s, 0, (3, 4), other_passes=True)
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    act(s, A.Move(0, 5))
    act(s, A.Move(1, 7))
    act(s, A.Pass(0))
    act(s, A.Move(1, 6))
    assert s.phase == WRECK
    act(s, A.CloseRun(1), face(4, 6), 0.0)
    assert s.mechas[0].pos == 5 and s.mob[5] == 0 and s.mob[7] > 0


def test_clash_dice_outside_a_clash_or_for_the_wrong_side_are_refused():
    s = game()
    with pytest.raises(IllegalAction, match="no clash dice to choose now"):
        s.apply(A.ClashDice(0, False, ()))
    assert s.clashes == 0
    s = game({7: 3}, extra_edges=[(0, 8)])
    to_clash_at_6(s)  # mecha 1 attacks: its clash dice, as the attacker
    with pytest.raises(IllegalAction, match="no clash dice to choose now"):
        s.apply(A.ClashDice(0, False, ()))
    with pytest.raises(IllegalAction, match=r"mecha 1 carries \(6,\)"):
        s.apply(A.ClashDice(0, True, (20,)))
    assert s.clashes == 0


def test_an_action_of_no_known_kind_is_refused():
    class Stray(NamedTuple):
        seat: int

    s = game()
    with pytest.raises(IllegalAction, match="is not legal now"):
        s.apply(Stray(0))


def test_a_clone_and_a_determinized_clone_leave_the_games_stream_alone():
    # A search clones and determinizes the game it is asked about; the game itself must play
    # on as if nobody had looked (the same seed, the same game).
    s, t = game({1: 2, 3: 5}), game({1: 2, 3: 5})
    twin = s.clone()
    assert s.rng.getstate() == t.rng.getstate()
    a, b = twin.clone(), twin.clone()
    a.determinize(random.Random(7))
    b.determinize(random.Random(7))
    assert a.rng.getstate() == b.rng.getstate()
    assert a.rng.getstate() != twin.rng.getstate()


def test_scrap_in_play_counts_each_material_on_the_field_and_carried():
    # Nodes 1 and 5: 1 scrap lying free (a cardboard, the first material); node 3: a weak mob
    # guarding 1 scrap (a resin, the sixth).
    s = game({1: 2, 3: 4, 5: 2}, draws=(0.0, 0.99, 0.0))
    assert s.scrap_in_play() == (2, 0, 0, 0, 0, 1)
    act(s, A.Move(0, 1))
    assert s.mechas[0].scrap == (1,) and s.scrap_in_play() == (2, 0, 0, 0, 0, 1)


def test_a_finished_games_playout_value_is_its_return_and_a_small_margin():
    # Two rounds: mecha 1 picks up a resin (6), reaches wreck site 2 and closes its run,
    # banking the resin and its D6 and keeping the cell: 6 + 1 + 5 = 12 against mecha 2's 0.
    s = game({1: 2}, config=Config(rounds=2), draws=(0.99,))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), face(1, 6))
    act(s, A.Pass(1))
    assert s.phase == OVER and (s.score(0), s.score(1)) == (12, 0)
    assert s.playout_value(0) == pytest.approx(1 + 0.1 * 0.8336546070121552)  # tanh(1.2)
    assert s.playout_value(1) == pytest.approx(0 - 0.1 * 0.8336546070121552)


def logged(s: SalvageState, action, *draws) -> list[str]:
    s.log = []
    act(s, action, *draws)
    return s.log


def test_the_replay_names_why_a_mecha_collapses():
    s = game(config=Config(max_fuel=1))
    assert ("mecha 1 collapses on node 1 (out of fuel) and starts again from home with full "
            "fuel and HP") in logged(s, A.Move(0, 1))
    s = game({1: 4}, config=Config(max_hp=1))
    act(s, A.Move(0, 1))
    assert logged(s, A.FightRound(0, (6,)), face(1, 6)) == [
        "mecha 1 rolls D6 1 + 2 = 3 against 6: a miss",
        "D6 goes back to the supply",
        "mecha 1 loses 1 HP (0 left)",
        "mecha 1 collapses on node 1 (HP 0) and starts again from home with full fuel and HP",
    ]


def test_the_replay_tells_a_raid():
    s = game(extra_edges=[(0, 8)])
    to_enemy_camp(s)
    assert logged(s, A.Raid(0))[0] == "mecha 1 does 1 damage to the enemy base (1 of 3)"


def test_the_replay_tells_the_magnet_and_the_winch():
    # Magnet: "pick up loot lying free on a neighbouring node"; Winch: a scrap with the cell.
    s = game({3: 2}, mods0=[mod("Magnet", magnet=1), mod("Winch", winch=1)], draws=(0.0,))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    lines = logged(s, A.Move(0, 2), 0.99)
    assert "mecha 1 takes the fusion cell of wreck site 2, and 1 scrap (resin) with its winch " \
        "(it carries 1)" in lines
    assert "mecha 1 picks up 1 scrap (cardboard) lying free on node 3 with its magnet" in lines


@pytest.mark.parametrize("action, words", [
    (A.Move(0, 5), "move.*: not a move mecha 1 can make now"),
    (A.Raid(0), ": mecha 1 is not in the enemy camp"),
    (A.FightRound(0, ()), ": no fight on node 0 now"),
    (A.FightOn(0), ": not after a fight round"),
    (A.PressOn(0), ": only after arriving on a wreck site"),
    (A.Pass(1), r"is not legal now \(turn, mecha 1 to act\)"),
])
def test_a_refused_action_says_why(action, words):
    s = game()
    with pytest.raises(IllegalAction, match=words):
        s.apply(action)


def test_refused_dice_name_the_mecha_and_what_it_carries():
    s = game({1: 4})
    act(s, A.Move(0, 1))
    with pytest.raises(IllegalAction, match=r"mecha 1 carries \(6,\), power"):
        s.apply(A.FightRound(0, (20,)))
    s = game()
    walk(s, 0, (1, 2))
    with pytest.raises(IllegalAction, match=r"passes: a decision is pending \(wreck site\)"):
        s.apply(A.Pass(0))
