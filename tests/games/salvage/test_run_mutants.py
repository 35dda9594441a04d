"""Salvage: runs, collapses, mods and the listed actions as the player aid words them.

Written against the rule survivors of the mutation run of ``state.py`` outside the clash
(docs/testing.md, Salvage): a collapse with two cells, banking on a second run, the new run
after closing, the mods drawn, rerolls, installing, the actions listed on a mob's node and after
a round, a beaten mob's die, loot lying under a mecha. Scripted dice on the corridor.
"""

from __future__ import annotations

import pytest

from pnp.games.api import IllegalAction
from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import Config, sub_pools
from pnp.games.salvage.simulate import Setup
from pnp.games.salvage.state import AFTER, FIGHT, INSTALL, TURN, SalvageState

from .helpers import CROSS, Script, act, corridor, face, mod, to_enemy_camp, total_cells

NOTHING = face(1, 6)  # a node die roll of 1 on a rerolled empty node


def game(rolls=None, config=Config(), mods0=(), deck=(), extra_edges=()):
    setup = Setup(bots=("heuristic", "heuristic"),
                  field=corridor(rolls, extra_edges=extra_edges), config=config,
                  mods=tuple(deck), start_mods=(tuple(mods0), ()))
    return SalvageState(setup, Script())


def test_a_collapse_loses_one_cell_of_two():
    # Collapse: "loses one fusion cell if it carries any ... The lost cell returns to its
    # wreck site." Mecha 1 takes wreck sites 2 and 4's cells and runs dry on node 5.
    s = game(config=Config(max_fuel=5))
    for node in (1, 2, 3, 4, 5):
        act(s, A.Move(0, node))
        if node in (2, 4):
            act(s, A.PressOn(0))
        act(s, A.Pass(1))
    me = s.mechas[0]
    assert me.collapses == 1 and len(me.cells) == 1 and sum(s.cell_at) == 2
    assert total_cells(s) == 3


def test_scrap_banked_on_a_second_run_adds_to_the_first():
    # Closing a run: "everything it carries is banked, which makes it safe"; "the empty nodes in
    # your half of the field get new contents": node 1 gets 1 scrap again (a node die 2).
    s = game({1: 2})
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), face(2, 6), 0.0, NOTHING)
    me = s.mechas[0]
    first = me.banked_scrap
    assert len(first) == 1 and s.free_scrap[1]
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), NOTHING, NOTHING)
    assert len(me.banked_scrap) == 2 and me.banked_scrap[:1] == first


def test_closing_starts_a_new_run_with_a_free_first_move_and_fresh_rerolls():
    # free_first_move: "the first move of each run costs no fuel"; reroll: "N times per run".
    s = game(mods0=[mod("Glider", free_first_move=1)])
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), NOTHING, NOTHING)
    me = s.mechas[0]
    assert me.run_moves == 0 and me.rerolls_used == 0 and s.move_cost(0) == 0
    act(s, A.Pass(1))
    fuel = me.fuel
    act(s, A.Move(0, 1))
    assert me.fuel == fuel


def test_the_mods_are_drawn_at_random_from_the_pile():
    # "you draw 2 mods": a card at random from the pile (the same as the top of a shuffled
    # pile); draws of 0.99 take the last card each time.
    deck = [mod(f"Mod {k}", k) for k in range(1, 5)]
    s = game(deck=deck)
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), 0.99, 0.99)
    assert s.phase == INSTALL and [m.name for m in s.drawn] == ["Mod 4", "Mod 3"]
    assert s.legal_actions() == [A.Install(0, "Mod 4"), A.Install(0, "Mod 3")]


def test_a_mod_not_drawn_or_a_slot_0_cannot_be_installed():
    # "you draw 2 mods and install 1 of them"; "a seventh replaces one" of the six (1-6).
    six = [mod(f"Mod {k}", k) for k in range(1, 7)]
    s = game(mods0=six, deck=[mod("New", 9)])
    with pytest.raises(IllegalAction, match="not a mod mecha 1 can install now"):
        s.apply(A.Install(0, "New", 1))  # not while moving
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.CloseRun(0), 0.0)
    for bad in (A.Install(0, "Other", 1), A.Install(0, "New", 0), A.Install(0, "New")):
        with pytest.raises(IllegalAction, match="not a mod mecha 1 can install now"):
            s.apply(bad)
    assert s.phase == INSTALL and len(s.mechas[0].mods) == 6


def test_two_rerolls_a_run_roll_two_missed_rounds_again():
    # reroll: "N times per run, roll a missed round against a mob again" - N = 2.
    s = game({1: 6}, mods0=[mod("Gyro", reroll=2)])  # a strong mob: 3 hits
    act(s, A.Move(0, 1))
    me = s.mechas[0]
    act(s, A.FightRound(0, ()), CROSS, CROSS, CROSS, CROSS, CROSS, CROSS)
    assert me.rerolls_used == 1 and me.hp == 3
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, ()), CROSS, CROSS, CROSS, CROSS)
    assert me.rerolls_used == 2 and me.hp == 2


def test_the_actions_after_a_round_and_on_a_mobs_node():
    # "After each round you fight on or pull back"; a mecha that fought on stands on the mob's
    # node on its next turn: it moves away (paying 2) or fights a round with at most Power dice
    # ("as many as your Power against a mob").
    s = game({1: 3, 3: 4}, config=Config(power=1))  # a D4 lies on 1, a weak mob on 3
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    act(s, A.Move(0, 3))
    assert s.phase == FIGHT
    act(s, A.FightRound(0, ()), CROSS, CROSS)  # the coin misses
    assert s.phase == AFTER and s.legal_actions() == [A.FightOn(0), A.PullBack(0)]
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    me = s.mechas[0]
    assert s.phase == TURN and me.pos == 3 and me.dice == (4, 6)
    pools = [A.FightRound(0, d) for d in sub_pools((4, 6), 1)]
    assert A.FightRound(0, (4, 6)) not in pools
    assert s.legal_actions() == [A.Move(0, n) for n in s.t.nbrs[3]] + pools + [A.Pass(0)]


def test_a_beaten_mob_gives_its_die():
    # The node die: "5: A medium mob (B) guarding 1 scrap and the biggest die in the supply";
    # "Its loot is yours only once you beat it".
    s = game({1: 5})
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(6, 6))  # 8: a hit of two
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, (6,)), face(6, 6))
    me = s.mechas[0]
    assert s.mob[1] == 0 and me.dice == (6, 20) and len(me.scrap) == 1


def test_dice_dropped_under_the_other_mecha_are_picked_up_as_its_act():
    # "The loser ... drops the haul it has not banked on that node"; "move your mecha one
    # node, or act on the node where it stands": mecha 2, the defender on field node 7, picks
    # up the D6 mecha 1 dropped there (dice only, no scrap).
    s = game(extra_edges=[(0, 8)])
    to_enemy_camp(s)
    act(s, A.Move(0, 7))
    act(s, A.ClashDice(0, True, ()))
    act(s, A.ClashDice(1, False, (6,)), face(1, 6))  # 3 against 2: mecha 1 loses
    assert s.free_dice[7] == (6,) and s.free_scrap[7] == () and s.current_player == 1
    assert A.PickUp(1) in s.legal_actions()
    act(s, A.PickUp(1))
    assert s.mechas[1].dice == (6, 6) and s.free_dice[7] == () and s.phase == TURN
