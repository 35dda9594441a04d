"""Salvage: the replay's words (``actions.Narrator``) line by line, and the actions' texts.

Written against the survivors of the mutation run of ``actions.py`` that docs/testing.md lists:
the rules tests play the game with the replay off, so most of the narrator's lines were never
read. Each narrator method is called with a stand-in for the game (the corridor's tables, the
aid's numbers) and a mecha placed by hand, and its line is checked word for word.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.games.salvage import actions as A
from pnp.games.salvage.mods import Mecha, Mod
from pnp.games.salvage.rules import Config, tables_for

from .helpers import corridor

CFG = Config()


def narrator(**state):
    """A narrator over a stand-in game on the corridor (bases 0 and 8, wreck sites 2, 4, 6)."""
    fake = SimpleNamespace(t=tables_for(corridor()), cfg=CFG, log=[], **state)
    return A.Narrator(fake), fake.log


def mecha(seat=0, **fields):
    m = Mecha(seat, (0, 8)[seat], CFG)
    for k, v in fields.items():
        setattr(m, k, v)
    return m


def test_the_narrator_writes_into_the_games_log():
    say, log = narrator()
    say.line("one")
    say.line("two")
    assert log == ["one", "two"]


@pytest.mark.parametrize("pos,where", [(8, "node 8 (mecha 2's base)"),
                                       (0, "node 0 (mecha 1's base)"),
                                       (4, "node 4 (wreck site)"),
                                       (2, "node 2 (wreck site)"), (3, "node 3")])
def test_a_move_names_the_node_reached_and_its_fuel(pos, where):
    say, log = narrator()
    say.moved(mecha(1, came_from=7, pos=pos, fuel=3), 2)
    assert log == [f"mecha 2 leaves node 7 for {where}: 2 fuel (3 left)"]


def test_loot_names_each_scrap_by_material_and_the_dice():
    say, log = narrator()
    say.loot(mecha(1), 5, (1, 6), (4, 20))
    say.loot(mecha(0), 3, (3,), (), magnet=True)
    say.loot(mecha(0), 3, (), (8,))
    say.loot(mecha(0), 3, (), ())
    assert log == ["mecha 2 picks up 2 scrap (cardboard, resin) and D4 + D20 lying free on "
                   "node 5",
                   "mecha 1 picks up 1 scrap (wood) lying free on node 3 with its magnet",
                   "mecha 1 picks up D8 lying free on node 3",
                   "mecha 1 picks up nothing lying free on node 3"]


def test_a_mob_is_named_by_rank_number_and_hits():
    say, log = narrator(mob=[0, 0, 0, 2, 0, 3, 0, 0, 0], wounds=[0, 0, 0, 1, 0, 2, 0, 0, 0])
    say.mob(3)
    say.mob(5)
    assert log == ["a medium mob (B, 8) stands on node 3 with 1 of 2 hits: the fight begins",
                   "a strong mob (A, 10) stands on node 5 with 2 of 3 hits: the fight begins"]


def test_a_rounds_roll_adds_the_strength_and_a_bonus_and_meets_or_misses_the_number():
    # "roll the dice you loaded, then add 2 for your mecha's strength"; meet or beat the number.
    say, log = narrator()
    say.roll(mecha(0), (6, 8), [3, 1], 6, 6)
    say.roll(mecha(1), (6,), [3], 6, 7)
    say.roll(mecha(0), (4,), [2], 5, 5)
    say.roll(mecha(0), (), [], 2, 6)
    assert log == ["mecha 1 rolls D6 3 + D8 1 + 2 = 6 against 6: a hit",
                   "mecha 2 rolls D6 3 + 2 + 1 = 6 against 7: a miss",
                   "mecha 1 rolls D4 2 + 2 + 1 = 5 against 5: a hit",
                   "mecha 1 throws no dice: 2 = 2 against 6: a miss"]


def test_the_coin_round():
    # "flip twice, two circles is a hit"
    say, log = narrator()
    say.coin(mecha(1), [1, 1], True)
    say.coin(mecha(0), [1, 2], False)
    assert log == ["mecha 2 has no dice in the round: the coin shows circle, circle: a hit",
                   "mecha 1 has no dice in the round: the coin shows circle, cross: a miss"]


def test_a_missed_round_gives_the_dice_back_and_costs_1_hp_unless_plated():
    say, log = narrator()
    say.missed(mecha(0, hp=3), (6,), False)
    say.missed(mecha(1, hp=2), (4, 6), True)
    say.missed(mecha(1, hp=2), (), False)
    assert log == ["D6 goes back to the supply", "mecha 1 loses 1 HP (3 left)",
                   "D4 + D6 go back to the supply",
                   "mecha 2's spare plating rolls 5 or 6: no HP lost",
                   "mecha 2 loses 1 HP (2 left)"]


def test_a_beaten_mob_and_a_cell_taken():
    say, log = narrator()
    say.beaten(mecha(1), 5, (2, 5), 12)
    say.beaten(mecha(0), 3, (4,), 0)
    say.cell(mecha(0, cells=(1,)), 1, ())
    say.cell(mecha(1, cells=(2, 0)), 0, (1, 2))
    assert log == ["the mob on node 5 is beaten: mecha 2 takes 2 scrap (chipboard, metal) and "
                   "D12",
                   "the mob on node 3 is beaten: mecha 1 takes 1 scrap (acrylic)",
                   "mecha 1 takes the fusion cell of wreck site 4 (it carries 1)",
                   "mecha 2 takes the fusion cell of wreck site 2, and 2 scrap (cardboard, "
                   "chipboard) with its winch (it carries 2)"]


def test_a_clash_with_dice_names_both_totals_the_winner_and_the_losers_dice():
    say, log = narrator()
    att, dfn = mecha(0, pos=6), mecha(1, pos=6)
    say.clash(att, dfn, (6,), (4, 8), ([5], 7, [1, 2], 6), True)
    say.clash(att, dfn, (6,), (4,), ([1], 4, [3], 6), False)
    say.clash(att, dfn, (6,), (), ([6], 8, [], 2), True)
    say.clash(att, dfn, (), (6,), ([], 3, [2], 4), False)
    assert log == [
        "clash on node 6: mecha 1 rolls D6 5 + 2 = 7 (attacker) against mecha 2 rolls D4 1 + "
        "D8 2 + 2 + 1 = 6 (defender): mecha 1 wins",
        "the loser's D4 + D8 go back to the supply",
        "clash on node 6: mecha 1 rolls D6 1 + 2 + 1 = 4 (attacker) against mecha 2 rolls D4 3 "
        "+ 2 + 1 = 6 (defender): mecha 2 wins",
        "the loser's D6 go back to the supply",
        "clash on node 6: mecha 1 rolls D6 6 + 2 = 8 (attacker) against mecha 2 throws no dice: "
        "2 = 2 (defender): mecha 1 wins",
        "clash on node 6: mecha 1 throws no dice: 2 + 1 = 3 (attacker) against mecha 2 rolls D6 "
        "2 + 2 = 4 (defender): mecha 2 wins"]


def test_a_clash_without_dice_is_the_coin():
    # "If neither of you throws a die, flip the coin: a circle, and the attacker wins"
    say, log = narrator()
    att, dfn = mecha(1, pos=3), mecha(0, pos=3)
    say.clash(att, dfn, (), (), (1,), True)
    say.clash(att, dfn, (), (), (2,), False)
    assert log == ["clash on node 3, neither throws a die: the coin shows circle: mecha 2 wins",
                   "clash on node 3, neither throws a die: the coin shows cross: mecha 1 wins"]


def test_after_the_clash_collapse_and_the_supply():
    say, log = narrator()
    say.cell_taken(mecha(1), mecha(0))
    say.knocked_back(mecha(1))
    say.dropped(mecha(0, scrap=(5,), dice=(10,)), 4)
    say.dropped(mecha(0), 4)
    say.collapse(mecha(1, pos=7), "out of HP")
    say.cell_returns(2)
    say.smallest(mecha(0), 4)
    say.smallest(mecha(1), 0)
    assert log == ["mecha 2 takes a fusion cell from mecha 1",
                   "mecha 2 is knocked back to its base (node 8)",
                   "mecha 1 drops 1 scrap (metal) and D10 on node 4",
                   "mecha 1 drops nothing on node 4",
                   "mecha 2 collapses on node 7 (out of HP) and starts again from home with full "
                   "fuel and HP",
                   "a fusion cell returns to wreck site 6",
                   "mecha 1 takes the smallest die in the supply: D4",
                   "mecha 2 finds the supply empty"]


def test_raids_closing_mods_and_the_node_die():
    say, log = narrator()
    say.raided(mecha(1, raids=2))
    say.closing(mecha(0, scrap=(1, 1), dice=(6,)))
    drawn = [Mod("Winch", "Tool", 2, ()), Mod("Magnet", "Tool", 3, ())]
    say.drew(mecha(0), drawn)
    say.installed(mecha(0), drawn[1], [drawn[0]])
    say.installed(mecha(1), drawn[0], [])
    say.installed(mecha(1), drawn[0], drawn[::-1])  # a rules file drawing 3 mods
    say.node_die(5, 4)
    say.node_die(3, 1)
    assert log == ["mecha 2 does 1 damage to the enemy base (2 of 3)",
                   "mecha 1 closes its run: home to node 0, banks 2 scrap (cardboard, "
                   "cardboard) and D6",
                   "mecha 1 draws Winch and Magnet",
                   "mecha 1 installs Magnet (score 3); Winch to the discard",
                   "mecha 2 installs Winch (score 2)",
                   "mecha 2 installs Winch (score 2); Magnet, Winch to the discard",
                   "node die on node 5: 4, A weak mob (C) guarding 1 scrap",
                   "node die on node 3: 1, Nothing"]


def test_a_win_at_once():
    # "carrying all three fusion cells" or "raiding the enemy camp three times"
    say, log = narrator()
    say.win(0, "cells")
    say.win(1, "raids")
    assert log == ["mecha 1 carries all three fusion cells and wins",
                   "mecha 2 has raided the enemy camp 3 times and wins"]


def test_the_countdown_prints_each_score_table_and_the_verdict():
    parts = {0: {"mods": 3, "scrap": 7, "dice": 2, "cells": 5},
             1: {"mods": 0, "scrap": 9, "dice": 4, "cells": 0}}
    say, log = narrator(score_parts=parts.__getitem__, winner=0, win_type="score")
    say.countdown()
    assert log == ["mecha 1 scores 17 (mods 3, scrap 7, dice 2, cells 5)",
                   "mecha 2 scores 13 (mods 0, scrap 9, dice 4, cells 0)",
                   "the countdown ends after round 24: mecha 1 wins"]
    say, log = narrator(score_parts=parts.__getitem__, winner=1, win_type="score")
    say.countdown()
    assert log[-1] == "the countdown ends after round 24: mecha 2 wins"
    say, log = narrator(score_parts=parts.__getitem__, winner=2, win_type="draw")
    say.countdown()
    assert log[-1] == "the countdown ends after round 24: a draw"


def test_parse_action_names_the_text_it_refuses():
    for text in ("mecha 1 flies", "dog 1 passes", "mecha 1 moves to node 3 now"):
        with pytest.raises(ValueError, match=f"not a Salvage action: {text!r}"):
            A.parse_action(text)


def test_parse_action_reads_around_spaces_and_multi_digit_numbers():
    assert A.parse_action("  mecha 12 moves to node 40\n") == A.Move(11, 40)
    assert A.parse_action("mecha 2 fights a round with D10 + D12 + D20") == \
        A.FightRound(1, (10, 12, 20))
    assert A.parse_action("mecha 1 throws no dice into the clash (attacker)") == \
        A.ClashDice(0, True, ())
    assert A.parse_action("mecha 1 installs Cell Cradle, replacing the mod in slot 6") == \
        A.Install(0, "Cell Cradle", 6)
    assert A.Install(1, "X").replace is None
