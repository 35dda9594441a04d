"""Each word of the mods' effect vocabulary, installed by closing a run and then played.

``installed`` closes mecha 1's run on wreck site 2 with a deck of two copies of one mod and
installs it (the rerolled nodes of its half get ``reroll``); mecha 1 then carries wreck site
2's fusion cell and the smallest die of the supply (a D4).
"""

from __future__ import annotations

from pnp.games.salvage import actions as A
from pnp.games.salvage.mods import EFFECTS, FLAGS, Mecha, deck_of, totals
from pnp.games.salvage.rules import Config

from .helpers import CIRCLE, CROSS, act, corridor, face, mod, new_state, walk

NOTHING = face(1, 6)


def installed(m, rolls=None, *, reroll=(NOTHING, NOTHING), field=None, config=Config()):
    """The state after mecha 1 installed ``m`` (mecha 2 to move)."""
    s, _ = new_state(rolls, mods=(m, m), field=field, config=config)
    walk(s, 0, [1, 2])
    act(s, A.CloseRun(0), 0.0, 0.0)
    act(s, A.Install(0, m.name), *reroll)
    assert s.mechas[0].mods == (m,) and s.current_player == 1
    return s


def bypass():
    return corridor(extra_edges=[(0, 8)])


def test_vocabulary_and_totals():
    assert {"power", "max_fuel", "max_hp", "mob_exit_cost", "clash_ties", "cell_cradle",
            "fight_bonus", "free_first_move", "spare_plating", "start_die", "winch", "magnet",
            "refuel_bonus", "clash_bonus", "reroll"} <= set(EFFECTS)
    assert FLAGS <= set(EFFECTS)
    fx = totals([mod("a", power=1, max_hp=2), mod("b", power=2)])
    assert fx[list(EFFECTS).index("power")] == 3 and fx[list(EFFECTS).index("max_hp")] == 2
    m = mod("a", power=1)
    assert deck_of([m, mod("b")]) == (m, mod("b"))
    assert Mecha(0, 0, Config()).power(Config()) == 2


def test_power_loads_more_dice_against_a_mob():
    # reroll: node 1 gets the smallest die (a D4), node 3 another; a weak mob waits on node 5
    s = installed(mod("Ammo Rack", power=1), {5: 4}, reroll=(face(3, 6), face(3, 6)))
    act(s, A.Pass(1))
    walk(s, 0, [1, 2])
    act(s, A.PressOn(0))
    walk(s, 0, [3, 4])
    act(s, A.PressOn(0))
    walk(s, 0, [5])
    assert s.mechas[0].dice == (4, 4, 4)
    assert A.FightRound(0, (4, 4, 4)) in s.legal_actions()


def test_max_fuel_and_max_hp_raise_the_full_tank():
    s = installed(mod("Tank", max_fuel=2))
    assert s.mechas[0].fuel == 8
    s = installed(mod("Plates", max_hp=2))
    assert s.mechas[0].hp == 6


def test_mob_exit_cost_makes_leaving_a_mob_cost_1():
    s = installed(mod("Shocks", mob_exit_cost=1), reroll=(face(6, 6), NOTHING, NOTHING, NOTHING))
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, ()), CROSS, CROSS)
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    assert s.move_cost(0) == 1


def test_clash_ties_go_to_the_attacker_with_the_mod():
    s = installed(mod("Blade", clash_ties=1), field=bypass())
    act(s, A.Pass(1))
    act(s, A.Move(0, 8))
    act(s, A.ClashDice(0, True, (4,)))
    act(s, A.ClashDice(1, False, (6,)), face(4, 4), face(4, 6))  # 6 against 6
    assert s.mechas[1].pos == 8 and s.mechas[0].pos == 8 and s.mechas[1].dice == ()


def test_clash_bonus_adds_to_the_clash_total():
    s = installed(mod("Ram", clash_bonus=2), field=bypass())
    act(s, A.Pass(1))
    act(s, A.Move(0, 8))
    act(s, A.ClashDice(0, True, (4,)))
    act(s, A.ClashDice(1, False, (6,)), face(3, 4), face(4, 6))  # 3 + 2 + 2 = 7 > 6
    assert s.mechas[0].dice == (4,) and s.mechas[1].dice == ()


def test_cell_cradle_keeps_cells_and_haul_when_knocked_back():
    s = installed(mod("Cell Cradle", cell_cradle=1), {7: 2}, field=bypass())
    act(s, A.Move(1, 7))  # mecha 2 picks up the scrap on node 7
    act(s, A.Move(0, 8))
    act(s, A.Move(1, 8))  # and attacks mecha 1 in mecha 2's own camp
    act(s, A.ClashDice(1, True, (6,)))
    act(s, A.ClashDice(0, False, ()), face(1, 6))  # 1 + 2 = 3 > 2: mecha 1 loses
    m1 = s.mechas[0]
    assert m1.cells == (0,) and m1.dice == (4,) and m1.pos == 0


def test_fight_bonus_adds_to_every_round_against_a_mob():
    s = installed(mod("Overclock", fight_bonus=1), reroll=(face(4, 6), NOTHING, NOTHING))
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, (4,)), face(3, 4))  # 3 + 2 + 1 = 6: beats the weak mob
    assert s.mob[1] == 0


def test_free_first_move_of_each_run():
    s = installed(mod("Cafe Racer Seat", free_first_move=1))
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    assert s.mechas[0].fuel == 6
    act(s, A.Pass(1))
    act(s, A.Move(0, 2))
    assert s.mechas[0].fuel == 5


def test_spare_plating_saves_the_hp_on_5_or_6():
    s = installed(mod("Spare Plating", spare_plating=1),
                  reroll=(face(6, 6), NOTHING, NOTHING, NOTHING))
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, ()), CROSS, CROSS, face(5, 6))
    assert s.mechas[0].hp == 4
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, ()), CROSS, CROSS, face(4, 6))
    assert s.mechas[0].hp == 3


def test_start_die_takes_another_smallest_die_for_each_run():
    s = installed(mod("Die Socket", start_die=1))
    assert s.mechas[0].dice == (4, 4)


def test_winch_takes_a_scrap_with_the_cell():
    s = installed(mod("Winch", winch=1), config=Config(max_fuel=8))
    act(s, A.Pass(1))
    walk(s, 0, [1, 2])
    act(s, A.PressOn(0))
    walk(s, 0, [3])
    s.apply(A.Pass(1))
    act(s, A.Move(0, 4), face(6, 6))
    assert s.mechas[0].cells == (0, 1) and s.mechas[0].scrap == (6,)


def test_magnet_picks_up_scrap_lying_free_next_door():
    s = installed(mod("Magnet Claw", magnet=1), {5: 2}, config=Config(max_fuel=8))
    act(s, A.Pass(1))
    walk(s, 0, [1, 2])
    act(s, A.PressOn(0))
    walk(s, 0, [3, 4])
    assert len(s.mechas[0].scrap) == 1 and s.free_scrap[5] == ()


def test_refuel_bonus_closes_with_fuel_above_full():
    s = installed(mod("Cold Fusion Core", refuel_bonus=1))
    assert s.mechas[0].fuel == 7


def test_reroll_rolls_a_missed_round_again_once_per_run():
    s = installed(mod("Lucky Servo", reroll=1), reroll=(face(6, 6), NOTHING, NOTHING, NOTHING))
    act(s, A.Pass(1))
    act(s, A.Move(0, 1))
    act(s, A.FightRound(0, ()), CROSS, CROSS, CIRCLE, CIRCLE)  # missed, rolled again: a hit
    assert s.wounds[1] == 1 and s.mechas[0].hp == 4
    act(s, A.FightOn(0))
    act(s, A.Pass(1))
    act(s, A.FightRound(0, ()), CROSS, CROSS)  # the reroll is spent for this run
    assert s.mechas[0].hp == 3
