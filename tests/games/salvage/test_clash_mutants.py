"""Salvage: the clash between the two mecha as the player aid words it (``_resolve_clash``).

Written against the rule survivors of the mutation run of ``state.py`` that docs/testing.md
lists (the clash counter, one side without dice, the clash bonus of the defender, which dice the
loser gives back, one cell taken, a win by a cell taken in a clash, a loser out of fuel
refuelled, the clash's replay lines). Played on the corridor of ``helpers`` with scripted dice.
"""

from __future__ import annotations

from pnp.games.salvage import actions as A
from pnp.games.salvage.rules import SIDES, Config
from pnp.games.salvage.simulate import Setup
from pnp.games.salvage.state import CLASH_ATTACK, CLASH_DEFEND, OVER, TURN, SalvageState

from .helpers import (
    CIRCLE,
    CROSS,
    Script,
    act,
    corridor,
    face,
    mod,
    to_clash_at_6,
    total_cells,
    total_dice,
)

NOTHING = face(1, 6)  # a node die roll of 1 on a rerolled empty node


def bypass(rolls=None):
    """The corridor with an edge between the two bases (mecha 1 comes round by 8)."""
    return corridor(rolls, extra_edges=[(0, 8)])


def game(rolls=None, config=Config(), mods0=(), mods1=(), deck=()):
    setup = Setup(bots=("heuristic", "heuristic"), field=bypass(rolls), config=config,
                  mods=tuple(deck), start_mods=(tuple(mods0), tuple(mods1)))
    return SalvageState(setup, Script())


def clash(s, att, dfn, *faces):
    act(s, A.ClashDice(0, True, att))
    assert s.phase == CLASH_DEFEND
    act(s, A.ClashDice(1, False, dfn), *faces)


def test_every_clash_is_counted():
    # "If the other mecha stands there, the two of you fight" - each time.
    s = game(config=Config(max_fuel=10))
    to_clash_at_6(s)
    clash(s, (6,), (6,), face(1, 6), face(6, 6))  # 3 against 8: mecha 1 is knocked back
    assert s.clashes == 1 and s.mechas[0].pos == 0
    act(s, A.Pass(1))
    for node in (8, 7):
        act(s, A.Move(0, node))
        act(s, A.Pass(1))
    act(s, A.Move(0, 6))
    clash(s, (), (6,), face(6, 6))
    assert s.clashes == 2


def test_only_the_attacker_throws_dice_so_they_are_rolled_not_the_coin():
    # "Choose which of your dice to roll ... If you have no dice, your total is 2"; the coin
    # decides only "If neither of you throws a die". A D6 showing 6: 8 against 2.
    s = game()
    to_clash_at_6(s)
    clash(s, (6,), (), face(6, 6))
    assert s.mechas[0].pos == 6 and s.mechas[0].cells == (2,) and s.mechas[1].pos == 8


def test_only_the_defender_throws_dice_so_they_are_rolled_not_the_coin():
    # A D6 showing 1: the defender's 3 beats the attacker's 2 (the coin's draw would have
    # shown a circle: the attacker).
    s = game()
    to_clash_at_6(s)
    clash(s, (), (6,), face(1, 6))
    assert s.mechas[0].pos == 0 and s.mechas[1].cells == (2,) and s.mechas[1].pos == 6


def test_the_defenders_clash_bonus_adds_to_its_total():
    # clash_bonus: "+N to your clash total" - the defender's too: 3 + 2 + 2 = 7 > 6.
    ram = mod("Ram", clash_bonus=2)
    s = game(mods1=[ram])
    to_clash_at_6(s)
    clash(s, (6,), (6,), face(4, 6), face(3, 6))
    assert s.mechas[0].pos == 0 and s.mechas[1].cells == (2,)
    assert s.mechas[0].dice == () and s.mechas[1].dice == (6,)


def test_a_defender_that_loses_gives_back_the_dice_it_threw_and_drops_the_rest():
    # "Dice that win come back to you, and dice that lose go back to the supply"; the loser
    # "drops the haul it has not banked on that node"; "If the mecha that moved in wins, it
    # picks up everything lying there, the dropped haul included."
    s = game({7: 3})  # the smallest die, a D4, lies free on node 7: mecha 2 picks it up
    to_clash_at_6(s)
    assert s.mechas[1].dice == (4, 6)
    supply = list(s.supply)
    clash(s, (6,), (4,), face(6, 6), face(1, 4))  # 8 against 3
    m1, m2 = s.mechas
    assert m2.dice == () and m2.pos == 8 and m2.cells == ()
    assert m1.dice == (6, 6) and m1.cells == (2,) and m1.pos == 6
    assert s.supply[SIDES.index(4)] == supply[SIDES.index(4)] + 1
    assert s.supply[SIDES.index(6)] == supply[SIDES.index(6)]
    assert total_dice(s) == 24


def test_an_attacker_that_loses_gives_back_the_dice_it_threw():
    s = game({7: 3})
    to_clash_at_6(s)
    clash(s, (6,), (4,), face(1, 6), face(4, 4))  # 3 against 6
    m1, m2 = s.mechas
    assert m1.dice == () and m1.pos == 0 and m2.dice == (4, 6) and m2.pos == 6
    assert total_dice(s) == 24


def cells_2_and_1(config=Config(max_fuel=10)):
    """Mecha 1 carries the cells of wreck sites 2 and 4 and moves onto mecha 2, which carries
    wreck site 6's."""
    s = game(config=config)
    act(s, A.Move(0, 1))
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 2))
    act(s, A.PressOn(0))
    act(s, A.Move(1, 6))
    act(s, A.PressOn(1))
    for node in (3, 4, 5):
        act(s, A.Move(0, node))
        if node == 4:
            act(s, A.PressOn(0))
        act(s, A.Pass(1))
    act(s, A.Move(0, 6))
    assert s.phase == CLASH_ATTACK and s.mechas[0].cells == (0, 1) and s.mechas[1].cells == (2,)
    return s


def test_a_third_cell_taken_in_a_clash_wins_at_once():
    # "You win at once ... by carrying all three fusion cells"; "The winner takes one fusion
    # cell from the loser".
    s = cells_2_and_1()
    clash(s, (6,), (6,), face(6, 6), face(1, 6))
    assert s.phase == OVER and s.winner == 0 and s.win_type == "cells"
    assert sorted(s.mechas[0].cells) == [0, 1, 2] and s.mechas[1].cells == ()


def test_the_winner_takes_one_cell_of_two():
    # "The winner takes one fusion cell from the loser ... and keeps any other cells" (the
    # loser is knocked back to its base with the rest).
    s = cells_2_and_1()
    clash(s, (6,), (6,), face(1, 6), face(6, 6))
    m1, m2 = s.mechas
    assert len(m1.cells) == 1 and len(m2.cells) == 2 and sorted(m1.cells + m2.cells) == [0, 1, 2]
    assert m1.pos == 0 and m1.collapses == 0 and s.phase == TURN and not s.is_over()
    assert total_cells(s) == 3


def test_a_loser_knocked_back_with_an_empty_tank_does_not_collapse():
    # "A clash costs no HP, so it never makes you collapse, but its winner takes one of the
    # loser's cells" (salvage.txt, Collapse): mecha 1 spends its last fuel moving onto mecha 2
    # on wreck site 6 (no collapse there: "anywhere but a wreck site"), loses and is knocked
    # back to its base. It does not collapse: it loses the one cell the winner takes, no
    # second one, and is refuelled at home (docs/assumptions.md, "Clashes"), its HP kept.
    s = cells_2_and_1(config=Config())  # 6 fuel: six moves to node 6
    assert s.mechas[0].fuel == 0
    clash(s, (6,), (6,), face(1, 6), face(6, 6))
    m1, m2 = s.mechas
    assert m1.collapses == 0 and m1.fuel == 6 and m1.hp == 4 and m1.pos == 0
    assert len(m1.cells) == 1 and len(m2.cells) == 2 and sum(s.cell_at) == 0
    assert total_cells(s) == 3
    act(s, A.Pass(1))
    assert A.Move(0, 1) in s.legal_actions()  # home with a full tank, free to move


def test_clash_collapse_option_plays_the_empty_tank_reading():
    # clash_collapse: true (rules.yaml) reads "Your mecha collapses ... when its fuel reaches
    # 0 anywhere but a wreck site" as applying at home after the knock-back: the loser
    # collapses there and "loses one fusion cell if it carries any. The lost cell returns to
    # its wreck site."
    s = cells_2_and_1(config=Config(clash_collapse=True))
    assert s.mechas[0].fuel == 0
    clash(s, (6,), (6,), face(1, 6), face(6, 6))
    m1, m2 = s.mechas
    assert m1.collapses == 1 and m1.fuel == 6 and m1.hp == 4 and m1.pos == 0
    assert len(m1.cells) == 0 and len(m2.cells) == 2 and sum(s.cell_at) == 1
    assert total_cells(s) == 3


def test_the_replay_tells_the_clash_line_by_line():
    s = game({7: 3})
    to_clash_at_6(s)
    act(s, A.ClashDice(0, True, (6,)))
    s.log = []
    act(s, A.ClashDice(1, False, (4,)), face(6, 6), face(1, 4))
    assert s.log == [
        "clash on node 6: mecha 1 rolls D6 6 + 2 = 8 (attacker) against mecha 2 rolls D4 1 + 2"
        " = 3 (defender): mecha 1 wins",
        "the loser's D4 go back to the supply",
        "mecha 1 takes a fusion cell from mecha 2",
        "mecha 2 drops D6 on node 6",
        "mecha 2 is knocked back to its base (node 8)",
        "mecha 1 picks up D6 lying free on node 6",
    ]


def test_the_replay_tells_the_coin_and_a_refuel_after_a_clash():
    s = cells_2_and_1(config=Config())
    act(s, A.ClashDice(0, True, ()))
    s.log = []
    act(s, A.ClashDice(1, False, ()), CROSS)
    assert s.log == [
        "clash on node 6, neither throws a die: the coin shows cross: mecha 2 wins",
        "mecha 2 takes a fusion cell from mecha 1",
        "mecha 1 drops D6 on node 6",
        "mecha 1 is knocked back to its base (node 0)",
        "mecha 1 is refuelled at home (fuel 6): a clash never makes a mecha collapse",
    ]
    t = cells_2_and_1()
    act(t, A.ClashDice(0, True, ()))
    t.log = []
    act(t, A.ClashDice(1, False, ()), CIRCLE)
    assert t.log[-1] == "mecha 1 carries all three fusion cells and wins"
