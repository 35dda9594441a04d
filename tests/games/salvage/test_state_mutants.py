"""Salvage: the player aid's rules that mutation testing of ``state.py`` found unpinned.

Played on the corridor of ``helpers`` with scripted dice; each test quotes the aid's line.
"""

from __future__ import annotations

import pytest

from pnp.games.api import IllegalAction
from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import Config
from pnp.games.salvage.simulate import Setup
from pnp.games.salvage.state import AFTER, TURN, WRECK, SalvageState

from .helpers import Script, act, corridor, face, mod, new_state


def test_a_cell_returned_under_a_mecha_is_picked_up_as_its_act():
    # "move your mecha one node, or act on the node where it stands"; a collapsing mecha
    # "loses one fusion cell if it carries any ... The lost cell returns to its wreck site".
    # Mecha 2 stands on wreck site 2 (node 2) when mecha 1, carrying its cell, collapses.
    s, _ = new_state(field=corridor({3: 5}, extra_edges=[(2, 8)]), config=Config(max_hp=1))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))  # takes wreck site 2's cell
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    act(s, A.Move(0, 3))  # a medium mob (8, two hits): the first round is compulsory
    act(s, A.FightRound(0, (6,)), face(6, 6))
    act(s, A.FightOn(0))
    act(s, A.Move(1, 2))  # no cell lies there now
    assert s.phase == WRECK and s.mechas[1].cells == ()
    act(s, A.PressOn(1))
    act(s, A.FightRound(0, (6,)), face(1, 6))  # a miss at HP 1: mecha 1 collapses
    assert s.mechas[0].cells == () and s.cell_at[0] and s.mechas[0].collapses == 1
    assert A.PickUp(1) in s.legal_actions()
    assert A.PickUp(0) not in s.legal_actions()
    s.log = []
    act(s, A.PickUp(1))
    assert s.mechas[1].cells == (0,) and not s.cell_at[0]
    assert s.phase == TURN and s.current_player == 0  # the act ended mecha 2's turn
    with pytest.raises(IllegalAction, match="no loot lies free on node 0"):
        s.apply(A.PickUp(0))


NOTHING = face(1, 6)  # a node die roll of 1 on a rerolled empty node


def to_wreck_2(s):
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    assert s.phase == WRECK


def test_a_run_closes_as_an_act_on_a_wreck_site_and_banking_adds_up():
    # "Closing sends your mecha home ... everything it carries is banked"; a mecha standing on
    # a wreck site may close there as its act ("act on the node where it stands").
    s, _ = new_state({1: 3})  # a D4 lying free on node 1
    to_wreck_2(s)  # picks up the D4 on the way: carries D4 and D6
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    assert A.CloseRun(0) in s.legal_actions()
    act(s, A.CloseRun(0), NOTHING, NOTHING)
    me = s.mechas[0]
    assert me.banked_dice == (4, 6) and me.pos == 0 and s.phase == TURN
    assert me.dice == (4,)  # "you take the smallest die left in the supply"
    act(s, A.Pass(1))
    to_wreck_2(s)  # with that D4
    act(s, A.CloseRun(0), NOTHING, NOTHING)
    assert me.banked_dice == (4, 6, 4)  # banked on top of the first run's
    with pytest.raises(IllegalAction, match="a run closes on a wreck site"):
        s.apply(A.CloseRun(1))


def test_beating_a_mob_gives_its_loot_to_what_the_mecha_carries():
    # "Its loot is yours only once you beat it": a weak mob (one hit) guarding 1 scrap; the
    # mecha already carries the scrap it picked up on the way.
    s, _ = new_state({1: 2, 3: 4}, draws=[face(1, 6), face(2, 6)])  # wood on 1, acrylic on 3
    walk = [A.Move(0, 1), A.Pass(1), A.Move(0, 2), A.PressOn(0), A.Pass(1), A.Move(0, 3)]
    for a in walk:
        act(s, a)
    assert s.mechas[0].scrap == (1,)
    act(s, A.FightRound(0, (6,)), face(6, 6))
    me = s.mechas[0]
    assert me.scrap == (1, 2) and s.mob[3] == 0 and s.guard_scrap[3] == ()
    assert not s.mob_mask & (1 << 3) and s.mob_mask == 0


def test_the_countdown_gives_the_game_to_mecha_2_on_a_higher_score():
    # "If nobody has done either by the end of round 24, the higher score wins."
    s, _ = new_state(field=corridor(extra_edges=[(6, 8)]), config=Config(rounds=2))
    act(s, A.Pass(0))
    act(s, A.Move(1, 6))  # mecha 2 takes wreck site 6's cell: 5 points
    act(s, A.PressOn(1))
    act(s, A.Pass(0))
    act(s, A.Pass(1))
    assert s.is_over() and s.winner == 1 and s.win_type == "score"
    assert s.returns() == (0.0, 1.0)


def test_collapses_are_counted_one_by_one():
    s, _ = new_state(config=Config(max_fuel=1))
    for k in (1, 2):
        act(s, A.Move(0, 1))  # out of fuel on a field node: collapse
        assert s.mechas[0].collapses == k
        act(s, A.Pass(1))


def with_mods(mods0, field=None, config=Config(), deck=()):
    """A new game where mecha 1 starts with ``mods0`` installed."""
    setup = Setup(bots=("heuristic", "heuristic"), field=field or corridor(), config=config,
                  mods=tuple(deck), start_mods=(tuple(mods0), ()))
    return SalvageState(setup, Script())


def test_refuel_bonus_keeps_fuel_above_full_after_closing():
    # refuel_bonus: "when you close a run, keep N fuel above full"
    s = with_mods([mod("Jerrycan", refuel_bonus=2)])
    to_wreck_2(s)
    act(s, A.CloseRun(0), NOTHING, NOTHING)
    assert s.mechas[0].fuel == 6 + 2


def test_free_first_move_is_free_again_after_a_collapse():
    # free_first_move: "the first move of each run costs no fuel"; a collapse "starts again
    # from home": a new run.
    s = with_mods([mod("Glider", free_first_move=1)], config=Config(max_fuel=1))
    act(s, A.Move(0, 1))  # free: fuel stays 1
    act(s, A.Pass(1))
    act(s, A.Move(0, 0))  # pays its last fuel on a field... home is not a wreck site
    me = s.mechas[0]
    assert me.collapses == 1 and me.fuel == 1
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    assert me.fuel == 1 and me.collapses == 1  # the new run's first move is free again


def test_start_die_gives_the_smallest_die_on_a_collapse():
    # start_die: "start each run with the smallest die left in the supply"
    s = with_mods([mod("Dice Bag", start_die=1)], config=Config(max_fuel=2))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 2), NOTHING, NOTHING)  # a wreck site on the last fuel: the run closes
    assert s.mechas[0].dice == (4, 4)  # the closing's smallest die, and one more
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 0))  # out of fuel at home (not a wreck site): collapse, both D4 dropped
    assert s.mechas[0].collapses == 1 and s.mechas[0].dice == (4,)


def test_a_seventh_mod_may_replace_the_first():
    # "A mecha holds six mods, so a seventh replaces one" - any of the six, the first too.
    six = [mod(f"Mod {k}", k) for k in range(1, 7)]
    s = with_mods(six, deck=[mod("New", 9)])
    to_wreck_2(s)
    act(s, A.CloseRun(0), 0.0)
    assert A.Install(0, "New", 1) in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A.Install(0, "New", 7))
    act(s, A.Install(0, "New", 1), NOTHING, NOTHING)
    me = s.mechas[0]
    assert [m.name for m in me.mods] == ["New", "Mod 2", "Mod 3", "Mod 4", "Mod 5", "Mod 6"]
    assert [m.name for m in s.discard] == ["Mod 1"] and s.drawn == ()


def test_reroll_rolls_a_missed_round_again_n_times_a_run():
    # reroll: "N times per run, roll a missed round against a mob again"
    s = with_mods([mod("Gyro", reroll=1)], field=corridor({1: 5}))  # a medium mob: 8, 2 hits
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(1, 6), face(6, 6))  # 1 + 2 misses, 6 + 2 hits
    me = s.mechas[0]
    assert s.wounds[1] == 1 and me.hp == 4 and me.rerolls_used == 1 and me.dice == (6,)
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, (6,)), face(1, 6), face(6, 6))  # used up: the miss stands
    assert s.wounds[1] == 1 and me.hp == 3 and me.dice == ()


def test_spare_plating_saves_the_hp_on_5_or_6_only():
    # spare_plating: "when a round against a mob misses, roll a D6: on 5 or 6 you lose no HP"
    for plating, hp in ((face(5, 6), 4), (face(6, 6), 4), (face(4, 6), 3), (face(1, 6), 3)):
        s = with_mods([mod("Plate", spare_plating=1)], field=corridor({1: 5}))
        act(s, A.Move(0, 1))
        act(s, A.FightRound(0, (6,)), face(1, 6), plating)
        assert s.mechas[0].hp == hp


def test_a_miss_that_leaves_1_hp_is_no_collapse():
    # "Your mecha collapses when its HP reaches 0"
    s, _ = new_state({1: 5}, config=Config(max_hp=2))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(1, 6))
    me = s.mechas[0]
    assert me.hp == 1 and me.collapses == 0 and me.pos == 1 and s.phase == AFTER


def test_a_clash_loser_with_fuel_left_does_not_collapse():
    # "A clash costs no HP, so it never makes you collapse" - only an empty tank does: the
    # attacker arrives with 1 fuel left, loses the tie and is knocked back home, standing.
    from .test_state import clash_at_6

    s = clash_at_6([face(4, 6)], [face(4, 6)], config=Config(max_fuel=4))
    m1 = s.mechas[0]
    assert m1.pos == 0 and m1.fuel == 1 and m1.collapses == 0 and s.clashes == 1


def test_the_listed_actions_of_a_turn_with_1_fuel_left():
    # "move your mecha one node, or act on the node where it stands": 1 fuel still moves; a
    # raid is listed only in the enemy camp; every action is the mover's own.
    s, _ = new_state(field=corridor(extra_edges=[(1, 8)]), config=Config(max_fuel=2))
    act(s, A.Move(0, 1))
    act(s, A.Pass(1))
    assert s.mechas[0].fuel == 1
    assert s.legal_actions() == [A.Move(0, n) for n in s.t.nbrs[1]] + [A.Pass(0)]
    s, _ = new_state(field=corridor(extra_edges=[(1, 8)]))
    act(s, A.Move(0, 1))
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 8))  # the enemy camp, empty
    act(s, A.Pass(1))
    assert s.legal_actions() == [A.Move(0, n) for n in s.t.nbrs[8]] + [A.Raid(0), A.Pass(0)]
