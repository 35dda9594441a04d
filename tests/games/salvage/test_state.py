"""The player aid's rules, played through actions on the 9-node corridor (helpers.corridor).

0 base(mecha 1) - 1 - 2 wreck - 3 - 4 centre wreck - 5 - 6 wreck - 7 - 8 base(mecha 2). Each
test cites the aid's line it checks; dice come from a scripted stream (``face(v, sides)``).
"""

from __future__ import annotations

import pytest

from pnp.games.api import IllegalAction
from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import Config, Rank
from pnp.games.salvage.state import (
    AFTER,
    CLASH_DEFEND,
    FIGHT,
    INSTALL,
    OVER,
    TURN,
    WRECK,
)

from .helpers import (
    CIRCLE,
    CROSS,
    act,
    face,
    mod,
    new_state,
    to_clash_at_6,
    total_cells,
    total_dice,
    walk,
)

NOTHING = face(1, 6)  # a node die roll of 1 on a rerolled empty node


def to_wreck_2(state, seat=0):
    """Mecha 1 from home to the wreck site on node 2 (the other mecha passing)."""
    walk(state, seat, [1, 2])
    assert state.phase == WRECK
    return state


def close_at_wreck_2(state, *draws):
    """Mecha 1 goes to wreck site 2 and closes its run (``draws``: mods, then node die)."""
    to_wreck_2(state)
    act(state, A.CloseRun(0), *draws)
    return state


# --- your turn ----------------------------------------------------------------------------------

def test_one_action_per_turn_and_seat_1_starts():
    # "On your turn you take one action: move your mecha one node, or act on the node"
    s, _ = new_state()
    assert s.current_player == 0 and s.phase == TURN
    act(s, A.Move(0, 1))
    assert s.current_player == 1
    act(s, A.Pass(1))
    assert s.current_player == 0 and s.round == 2


def test_moving_costs_1_fuel():
    # "Moving costs 1 fuel."
    s, _ = new_state()
    act(s, A.Move(0, 1))
    assert s.mechas[0].fuel == 5 and s.mechas[0].pos == 1


def test_leaving_a_mob_costs_2_fuel():
    # "It costs 2 if the node you leave holds a mob"
    s, _ = new_state({1: 5})  # a medium mob (B, 8) on node 1
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(6, 6))  # 6 + 2 = 8: a hit, 1 of 2
    assert s.phase == AFTER and s.wounds[1] == 1
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    assert s.move_cost(0) == 2
    act(s, A.Move(0, 2))
    assert s.mechas[0].fuel == 6 - 1 - 2


def test_leaving_the_other_mecha_costs_2_fuel():
    # "It costs 2 if the node you leave holds ... the other mecha." The defender who loses in
    # its own camp is knocked back to that same node: both stand there.
    s, _ = new_state(field=None, config=Config(max_fuel=10))
    s, _ = new_state(config=Config(max_fuel=10), field=_bypass())
    act(s, A.Pass(0))
    act(s, A.Move(1, 0))                       # mecha 2 moves into mecha 1's base: a clash
    act(s, A.ClashDice(1, True, (6,)))
    act(s, A.ClashDice(0, False, (6,)), face(5, 6), face(2, 6))  # attacker 7 beats 4
    m1, m2 = s.mechas
    assert (m1.pos, m2.pos) == (0, 0)
    assert s.move_cost(0) == 2


def _bypass():
    from .helpers import corridor

    return corridor(extra_edges=[(0, 8)])


def test_free_loot_is_picked_up_on_arrival():
    # "If loot lies free on the node you reach, you pick it up as you arrive."
    s, _ = new_state({1: 2, 3: 3}, draws=[face(3, 6)])  # 1 scrap (wood) on 1, a D4 on 3
    assert s.free_scrap[1] == (3,) and s.free_dice[3] == (4,)
    walk(s, 0, [1, 2])
    act(s, A.PressOn(0))
    walk(s, 0, [3])
    me = s.mechas[0]
    assert me.scrap == (3,) and me.dice == (4, 6)
    assert s.free_scrap[1] == () and s.free_dice[3] == ()


def test_scrap_material_weights():
    # Choice: each material as likely by default; ``scrap_weights`` changes the mix.
    s, _ = new_state({1: 6, 3: 6, 5: 6}, config=Config(scrap_weights=(0, 0, 0, 0, 0, 1)))
    assert s.guard_scrap[1] == s.guard_scrap[3] == s.guard_scrap[5] == (6, 6)
    s, _ = new_state({1: 2}, draws=[face(1, 6)])
    assert s.free_scrap[1] == (1,)


def test_node_die_takes_the_smallest_and_biggest_dice_from_the_supply():
    # "3 The smallest die in the supply", "5 ... the biggest die in the supply"
    s, _ = new_state({1: 3, 3: 5, 5: 6})
    assert s.free_dice[1] == (4,)
    assert s.mob[3] == Rank.B and s.guard_die[3] == 20 and len(s.guard_scrap[3]) == 1
    assert s.mob[5] == Rank.A and s.guard_die[5] == 20 and len(s.guard_scrap[5]) == 2
    assert s.supply == [3, 2, 4, 4, 4, 2]  # two D6 went to the mecha
    assert total_dice(s) == 24


# --- fights against mobs ------------------------------------------------------------------------

def test_a_mob_is_fought_when_reached_and_the_first_round_is_compulsory():
    # "If a mob stands there, you fight it." "After each round you fight on or pull back"
    s, _ = new_state({1: 4})
    act(s, A.Move(0, 1))
    assert s.phase == FIGHT and s.current_player == 0
    assert A.PullBack(0) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A.PullBack(0))


def test_a_round_that_meets_the_number_is_a_hit_and_the_dice_come_back():
    # "A round whose total equals the mob's number or beats it is one hit."
    # "Dice that win come back to you"; "Its loot is yours only once you beat it."
    s, _ = new_state({1: 4}, draws=[face(5, 6)])  # weak mob (6) guarding 1 scrap (metal)
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (6,)), face(4, 6))  # 4 + 2 = 6: equals the number
    me = s.mechas[0]
    assert s.mob[1] == 0 and me.dice == (6,) and me.scrap == (5,)
    assert s.current_player == 1 and s.phase == TURN


def test_a_round_below_the_number_misses_costs_1_hp_and_the_dice():
    # "A round that misses costs you 1 HP." "dice that lose go back to the supply"
    s, _ = new_state({1: 4})
    act(s, A.Move(0, 1))
    before = s.supply[1]
    act(s, A.FightRound(0, (6,)), face(3, 6))  # 3 + 2 = 5 < 6
    me = s.mechas[0]
    assert me.hp == 3 and me.dice == () and s.supply[1] == before + 1
    assert s.phase == AFTER and s.mob[1] == Rank.C


@pytest.mark.parametrize("rank,hits", [(Rank.C, 1), (Rank.B, 2), (Rank.A, 3)])
def test_weak_medium_strong_mobs_take_1_2_3_hits(rank, hits):
    # "A weak mob takes 1 hit, a medium one 2, a strong one 3"
    s, _ = new_state({1: {Rank.C: 4, Rank.B: 5, Rank.A: 6}[rank]},
                     config=Config(start_dice=(20,)))
    act(s, A.Move(0, 1))
    for k in range(hits):
        assert s.mob[1] == rank
        act(s, A.FightRound(0, (20,)), face(20, 20))
        if k < hits - 1:
            assert s.wounds[1] == k + 1
            act(s, A.FightOn(0))
            act(s, A.Pass(1))
    assert s.mob[1] == 0


def test_wounds_stay_on_the_mob_and_pull_back_is_free_to_where_you_came_from():
    # "its wounds stay on it"; "pull back, free, to the node you came from"
    s, _ = new_state({1: 6}, config=Config(start_dice=(20,)))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (20,)), face(20, 20))
    act(s, A.PullBack(0))
    me = s.mechas[0]
    assert me.pos == 0 and me.fuel == 5 and s.wounds[1] == 1 and s.mob[1] == Rank.A


def test_no_dice_flips_the_coin_twice_two_circles_hit():
    # "With no dice you flip the coin twice instead of rolling, and two circles is a hit."
    s, _ = new_state({1: 6, 3: 6})
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, ()), CIRCLE, CROSS)
    assert s.wounds[1] == 0 and s.mechas[0].hp == 3 and s.mechas[0].dice == (6,)
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, ()), CIRCLE, CIRCLE)
    assert s.wounds[1] == 1 and s.mechas[0].hp == 3


def test_power_limits_the_dice_against_a_mob():
    # "as many as your Power against a mob" (Power 2, a choice)
    s, _ = new_state({1: 6}, config=Config(start_dice=(6, 6, 6)))
    act(s, A.Move(0, 1))
    assert A.FightRound(0, (6, 6)) in s.legal_actions()
    assert A.FightRound(0, (6, 6, 6)) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A.FightRound(0, (6, 6, 6)))
    with pytest.raises(IllegalAction):
        s.apply(A.FightRound(0, (8,)))  # not a die it carries


def test_fighting_a_mob_standing_there_is_an_act():
    s, _ = new_state({1: 5}, config=Config(start_dice=(20,)))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (20,)), face(1, 20))  # a miss: the D20 goes to the supply
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    assert A.FightRound(0, ()) in s.legal_actions() and s.phase == TURN
    act(s, A.FightRound(0, ()), CIRCLE, CIRCLE)
    assert s.wounds[1] == 1 and s.phase == AFTER


# --- wreck sites, closing a run, raids ---------------------------------------------------------

def test_wreck_site_cell_taken_free_then_close_or_press_on():
    # "If it is a wreck site, you take its fusion cell for free. You may then close your run or
    # press on."
    s, _ = new_state()
    to_wreck_2(s)
    assert s.mechas[0].cells == (0,) and not s.cell_at[0]
    assert set(s.legal_actions()) == {A.CloseRun(0), A.PressOn(0)}
    act(s, A.PressOn(0))
    assert s.mechas[0].pos == 2 and s.current_player == 1


def test_reaching_a_wreck_site_on_the_last_fuel_closes_the_run():
    # "Reaching a wreck site on your last fuel closes it too."
    s, _ = new_state(config=Config(max_fuel=2))
    walk(s, 0, [1], other_passes=False)
    act(s, A.Pass(1))
    act(s, A.Move(0, 2), NOTHING, NOTHING)
    me = s.mechas[0]
    assert me.pos == 0 and me.fuel == 2 and me.cells == (0,) and s.current_player == 1


def test_closing_a_run_home_full_banked_smallest_die_and_new_contents():
    # "Closing sends your mecha home, and then: its fuel and HP go back to full; everything it
    # carries is banked ...; you take the smallest die left in the supply; the empty nodes in
    # your half of the field get new contents."
    s, _ = new_state({1: 2, 3: 4, 5: 2}, draws=[face(1, 6), face(6, 6), face(2, 6)])
    to_wreck_2(s)
    act(s, A.CloseRun(0), face(2, 6), face(4, 6))  # node 1 rerolled: 2, scrap of acrylic
    me = s.mechas[0]
    assert (me.pos, me.fuel, me.hp) == (0, 6, 4)
    assert me.banked_scrap == (1,) and me.banked_dice == (6,) and me.scrap == ()
    assert me.dice == (4,) and me.cells == (0,)  # the smallest die; the cell stays carried
    assert s.free_scrap[1] == (4,)                # empty node of mecha 1's half rerolled
    assert s.mob[3] == Rank.C                      # not empty: kept
    assert s.free_scrap[5] == (2,)                 # the other half: untouched
    assert s.score(0) == 1 + 1 + 5


def test_draw_2_mods_install_1_the_other_to_the_discard():
    # "you draw 2 mods and install 1 of them for free"
    deck = (mod("Ammo Rack", 2, power=1), mod("Reserve Tank", 1, max_fuel=1))
    s, _ = new_state(mods=deck)
    close_at_wreck_2(s, 0.0, 0.0)
    assert s.phase == INSTALL and {m.name for m in s.drawn} == {"Ammo Rack", "Reserve Tank"}
    assert set(s.legal_actions()) == {A.Install(0, "Ammo Rack"), A.Install(0, "Reserve Tank")}
    act(s, A.Install(0, "Reserve Tank"), NOTHING, NOTHING)
    me = s.mechas[0]
    assert [m.name for m in me.mods] == ["Reserve Tank"] and me.fuel == 7
    assert [m.name for m in s.discard] == ["Ammo Rack"] and s.current_player == 1
    assert s.score(0) == 1 + 1 + 5  # the mod's printed score, the banked D6, the cell


def test_six_mod_slots_a_seventh_replaces_one():
    # "A mecha holds six mods, so a seventh replaces one."
    deck = tuple(mod(f"Mod {k}", k) for k in range(1, 9))
    s, _ = new_state(mods=deck)
    for k in range(7):
        if k:
            act(s, A.Pass(1))
        close_at_wreck_2(s)
        assert s.phase == INSTALL
        legal = s.legal_actions()
        if k < 6:
            assert all(a.replace is None for a in legal)
        else:
            assert {a.replace for a in legal} == {1, 2, 3, 4, 5, 6}
            with pytest.raises(IllegalAction):
                s.apply(A.Install(0, s.drawn[0].name))
        act(s, legal[-1], NOTHING, NOTHING)
    assert len(s.mechas[0].mods) == 6 and len(s.mechas[0].installed) == 7


def test_a_raid_damages_the_enemy_base_closes_the_run_and_three_win():
    # "A raid does 1 damage to the enemy base and always closes your run."
    # "You win at once ... by raiding the enemy camp three times."
    s, _ = new_state(field=_bypass())
    act(s, A.Pass(0))
    act(s, A.Move(1, 7))
    for k in range(3):
        act(s, A.Move(0, 8))
        assert A.Raid(0) not in s.legal_actions()  # mecha 2's turn
        act(s, A.Pass(1))
        act(s, A.Raid(0), NOTHING, NOTHING)
        assert s.mechas[0].raids == k + 1
        if k < 2:
            assert s.mechas[0].pos == 0 and s.current_player == 1
            act(s, A.Pass(1))
    assert s.is_over() and s.winner == 0 and s.win_type == "raids"
    assert s.returns() == (1.0, 0.0)


# --- collapse --------------------------------------------------------------------------------

def test_fuel_0_anywhere_but_a_wreck_site_collapses():
    # "Your mecha collapses ... when its fuel reaches 0 anywhere but a wreck site. It drops
    # everything it has not banked on that node ... and starts again from home."
    s, _ = new_state({1: 2}, config=Config(max_fuel=1), draws=[face(6, 6)])
    act(s, A.Move(0, 1))
    me = s.mechas[0]
    assert me.collapses == 1 and (me.pos, me.fuel, me.hp) == (0, 1, 4)
    assert me.dice == () and me.scrap == ()
    assert s.free_dice[1] == (6,)  # dropped where it collapsed (it never picked up node 1's
    assert s.free_scrap[1] == (6,)  # scrap: it collapsed on arrival)


def test_hp_0_collapses_and_the_lost_cell_returns_to_its_wreck_site():
    # "Your mecha collapses when its HP reaches 0 ... loses one fusion cell if it carries any
    # ... The lost cell returns to its wreck site."
    s, _ = new_state({3: 6}, config=Config(max_hp=1))
    to_wreck_2(s)
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    act(s, A.Move(0, 3))
    act(s, A.FightRound(0, (6,)), face(1, 6))
    me = s.mechas[0]
    assert me.collapses == 1 and me.cells == () and s.cell_at[0] and me.pos == 0
    assert total_cells(s) == 3 and total_dice(s) == 24


# --- clashes ----------------------------------------------------------------------------------

def clash_at_6(att_faces, def_faces, att=(6,), dfn=(6,), **kw):
    """Mecha 2 takes the cell of wreck site 6; mecha 1 comes round by the bypass and attacks."""
    s, _ = new_state(field=_bypass(), **kw)
    to_clash_at_6(s)
    act(s, A.ClashDice(0, True, att))
    assert s.phase == CLASH_DEFEND and s.current_player == 1
    act(s, A.ClashDice(1, False, dfn), *att_faces, *def_faces)
    return s


def test_clash_tie_goes_to_the_defender():
    # "you both roll, and a tie goes to the defender"
    s = clash_at_6([face(4, 6)], [face(4, 6)])
    m1, m2 = s.mechas
    assert m1.pos == 0 and m2.pos == 6 and m2.cells == (2,) and s.clashes == 1
    assert m1.dice == () and m2.dice == (6,)  # the loser's die went to the supply
    assert total_dice(s) == 24


def test_clash_winner_takes_a_cell_and_the_loser_drops_its_haul():
    # "The winner takes one fusion cell from the loser ... The loser is knocked back to its
    # base: it drops the haul it has not banked on that node ... If the mecha that moved in
    # wins, it picks up everything lying there, the dropped haul included."
    s = clash_at_6([face(5, 6)], [face(4, 6)])
    m1, m2 = s.mechas
    assert m1.cells == (2,) and m2.cells == () and m2.pos == 8
    assert m1.pos == 6 and m1.dice == (6,) and m2.dice == ()
    assert s.phase == WRECK  # then the wreck site: close or press on


def test_clash_with_no_dice_is_one_coin_flip():
    # "If neither of you throws a die, one coin flip decides: a circle, and the attacker wins."
    s = clash_at_6([CIRCLE], [], att=(), dfn=())
    assert s.mechas[0].cells == (2,)
    s = clash_at_6([CROSS], [], att=(), dfn=())
    assert s.mechas[1].cells == (2,) and s.mechas[0].pos == 0


def test_a_clash_costs_no_hp():
    # "A clash costs no HP, so it never makes you collapse"
    s = clash_at_6([face(1, 6)], [face(6, 6)])
    assert s.mechas[0].hp == 4 and s.mechas[0].collapses == 0


def test_the_attackers_dice_are_hidden_until_the_defender_chooses():
    s, _ = new_state(field=_bypass())
    act(s, A.Pass(0))
    act(s, A.Move(1, 0))
    act(s, A.ClashDice(1, True, (6,)))
    legal = s.legal_actions()
    assert legal == [A.ClashDice(0, False, ()), A.ClashDice(0, False, (6,))]


# --- how you win ----------------------------------------------------------------------------

def test_carrying_all_three_cells_wins_at_once():
    # "You win at once in two ways: by carrying all three fusion cells"
    s, _ = new_state(config=Config(max_fuel=10))
    to_wreck_2(s)
    act(s, A.PressOn(0))
    walk(s, 0, [3, 4])
    act(s, A.PressOn(0))
    walk(s, 0, [5, 6])
    assert s.is_over() and s.winner == 0 and s.win_type == "cells" and s.phase == OVER
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply(A.Pass(1))


def test_the_countdown_ends_after_the_last_round_and_the_higher_score_wins():
    # "If nobody has done either by the end of round 24, the higher score wins."
    s, _ = new_state()
    for _ in range(24):
        act(s, A.Pass(0))
        assert not s.is_over()
        act(s, A.Pass(1))
    assert s.is_over() and s.win_type == "draw" and s.returns() == (0.5, 0.5)
    s, _ = new_state(config=Config(rounds=3))
    to_wreck_2(s)  # mecha 1 carries a cell: 5 points
    act(s, A.PressOn(0))
    act(s, A.Pass(1))
    act(s, A.Pass(0))
    assert not s.is_over()
    act(s, A.Pass(1))
    assert s.winner == 0 and s.win_type == "score" and s.round == 3


def test_bank_cells_option_banks_them_on_closing():
    s, _ = new_state(config=Config(bank_cells=True))
    close_at_wreck_2(s, NOTHING, NOTHING)
    me = s.mechas[0]
    assert me.cells == () and me.banked_cells == (0,) and s.score(0) == 5 + 1
    assert not s.cell_at[0]  # a banked cell is not returned to its wreck


# --- the interface -----------------------------------------------------------------------------

def test_illegal_actions_raise():
    s, _ = new_state()
    for bad in (A.Move(1, 7), A.Move(0, 5), A.PullBack(0), A.FightRound(0, ()), A.Raid(0),
                A.CloseRun(0), A.PressOn(0), A.PickUp(0), A.Install(0, "x"),
                A.ClashDice(0, True, ())):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.turns == 0


def test_clone_is_independent_with_the_same_dice():
    s, _ = new_state({1: 6}, config=Config(start_dice=(20,)))
    act(s, A.Move(0, 1))
    twin = s.clone()
    twin.apply(A.FightRound(0, (20,)))
    s.apply(A.FightRound(0, (20,)))
    assert s.wounds[1] == twin.wounds[1] and s.mechas[0].hp == twin.mechas[0].hp
    twin.apply(A.PullBack(0))
    assert s.mechas[0].pos == 1 and twin.mechas[0].pos == 0


def test_determinize_redraws_the_hidden_clash_dice_and_the_future():
    import random

    s, _ = new_state(field=_bypass(), config=Config(start_dice=(4, 6, 8)))
    act(s, A.Pass(0))
    act(s, A.Move(1, 0))
    act(s, A.ClashDice(1, True, (4, 6, 8)))
    seen = set()
    for k in range(40):
        twin = s.clone()
        twin.determinize(random.Random(k))
        seen.add(twin._clash_dice)
    assert len(seen) > 3 and all(set(d) <= {4, 6, 8} for d in seen)
