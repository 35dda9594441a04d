"""The odds documents (``odds.py``: what ``pnp wreck-and-ruin odds shoot|ram --json`` prints and
the odds tables of the pack), pinned to the rulebook's words: "Attacking a Target Within Range",
"Ramming an Adjacent Vehicle" and its worked example. Each test was written against a mutant of
the module no earlier test noticed.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from pnp.errors import PnpError
from pnp.games.wreck_and_ruin.dice import TAIL, pool, ram_odds
from pnp.games.wreck_and_ruin.odds import (
    MAX_DICE,
    ram_document,
    ram_table,
    shoot_document,
    shoot_table,
)
from pnp.games.wreck_and_ruin.rules import Config


def _one_die(need: int, modifier: int = 0, depth: int = 12) -> dict[int, Fraction]:
    """One die and its free rolls, face by face: "A roll of a 6 ALWAYS counts as a success
    AND generates a free roll ... A roll of 1 is ALWAYS a miss!" (``depth`` free rolls)."""
    out: dict[int, Fraction] = {}

    def roll(hits: int, p: Fraction, left: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face == 6 and left:
                roll(hits + 1, q, left - 1)
            elif face != 1 and face + modifier >= need:
                out[hits + 1] = out.get(hits + 1, Fraction(0)) + q
            else:
                out[hits] = out.get(hits, Fraction(0)) + q

    roll(0, Fraction(1), depth)
    return out


def test_a_shot_s_exact_fractions_face_by_face():
    # "They roll the number of dice equal to their attack value ... for each roll which is
    # equal or higher the target takes 1 damage point (DP) ... Any rolls of 6 not only cause
    # 1DP, they also generate a free roll."
    d = shoot_document(1, 4)
    brute = _one_die(4)
    for k in range(4):
        assert Fraction(d["exact"][str(k)]) == brute[k]
        assert d["distribution"][str(k)] == float(brute[k])
    assert d["exact"]["0"] == "1/2" and d["exact"]["1"] == "5/12"
    two = shoot_document(2, 4)
    assert two["exact"]["0"] == "1/4" and two["exact"]["1"] == "5/12"
    # expected hits: (2 + 1) / 6 a roll, 6/5 rolls a die
    assert two["expected_hits_exact"] == "6/5" and two["expected_hits"] == 1.2
    assert (two["dice"], two["armour"], two["rear"], two["potshot"]) == (2, 4, False, False)
    assert (two["target"], two["modifier"]) == (4, 0)


def test_at_least_and_the_truncation_note():
    d = shoot_document(3, 5)
    top = len(d["distribution"]) - 1
    p = pool(3, 5)
    assert list(d["at_least"]) == [str(k) for k in range(1, top + 1)]
    for k in range(1, top + 1):
        assert d["at_least"][str(k)] == float(p.at_least(k))
    assert d["truncated_above"] == top == len(p.probs) - 1
    assert d["truncated_mass"] == float(p.tail) and 0 < p.tail < TAIL
    assert d["note"] == (f"exact fractions; counts above {top} are left out, their total mass "
                         f"{float(p.tail):.3g} is below 1e-12")
    assert sum(Fraction(x) for x in d["exact"].values()) + p.tail == 1


def test_shooting_from_behind_and_potshot():
    # "Deduct 1 from the target's armour if you are shooting from a hex directly in the line
    # behind a target"; POTSHOT: "at a -1 penalty to all rolls to hit"
    rear = shoot_document(2, 4, rear=True)
    assert (rear["rear"], rear["target"], rear["modifier"]) == (True, 3, 0)
    assert rear["exact"] == shoot_document(2, 3)["exact"]
    pot = shoot_document(2, 4, potshot=True)
    assert (pot["potshot"], pot["target"], pot["modifier"]) == (True, 4, -1)
    assert Fraction(shoot_document(1, 4, potshot=True)["exact"]["1"]) == _one_die(4, -1)[1]
    # the numbers are the configuration's
    cfg = dataclasses.replace(Config(), rear_bonus=2, potshot_penalty=2)
    both = shoot_document(2, 5, rear=True, potshot=True, config=cfg)
    assert (both["target"], both["modifier"]) == (3, -2)


@pytest.mark.parametrize("dice,armour,field,words", [
    (0, 4, "dice", f"must be 1 to {MAX_DICE} dice, got 0"),
    (MAX_DICE + 1, 4, "dice", f"must be 1 to 30 dice, got {MAX_DICE + 1}"),
    (True, 4, "dice", "must be 1 to 30 dice, got True"),
    (2, 0, "armour", "must be 1 to 6, got 0"),
    (2, 7, "armour", "must be 1 to 6, got 7"),
])
def test_a_shot_outside_the_dice_and_armour_is_refused(dice, armour, field, words):
    with pytest.raises(PnpError) as err:
        shoot_document(dice, armour)
    assert err.value.field == field and err.value.message.startswith(words)


def test_the_largest_and_smallest_requests_are_answered():
    assert MAX_DICE == 30
    assert shoot_document(MAX_DICE, 6)["dice"] == 30
    assert shoot_document(1, 1)["armour"] == 1 and shoot_document(1, 6)["armour"] == 6


def test_the_rulebook_s_ram_example():
    # "Player 1 decides to move their wrecker and use its second action to ram player 2's big
    # rig directly from behind. Player 1 rolls 5 dice (wrecker armour stat) ... They reduce the
    # big rig's armour stat by 1 to 3 ... They add the 5 to their size stat of 3 ... The
    # defender ... roll 3 dice. They are defending against a wrecker so need 5s ... They add
    # this to their size stat of 4 ... because the wrecker is smaller ... it cannot push the
    # big rig, but the rig still takes 3DP for the difference in scores!"
    d = ram_document("wrecker", "big-rig", rear=True)
    r = ram_odds(5, 3, 4, 4, rear=True)
    assert (d["attacker"], d["target"], d["rear"]) == ("wrecker", "big-rig", True)
    assert (d["attacker_dice"], d["attacker_needs"]) == (5, 3)
    assert (d["defender_dice"], d["defender_needs"]) == (3, 5)
    assert d["attacker_score"] == {str(k + 3): float(p) for k, p in
                                   enumerate(r.attacker_score.probs)}
    assert min(map(int, d["attacker_score"])) == 3 and min(map(int, d["target_score"])) == 4
    assert d["target_score"] == {str(k + 4): float(p) for k, p in
                                 enumerate(r.target_score.probs)}
    assert d["outcome"] == {"attacker_higher": float(r.attacker_higher), "tie": float(r.tie),
                            "defender_higher": float(r.defender_higher)}
    assert d["push"] == 0.0 and d["push_possible"] is False
    assert d["target_damage"]["3"] == float(r.target_damage[3])
    assert d["target_damage"] == {str(k): float(p) for k, p in enumerate(r.target_damage) if p}
    # the defender higher: "The attacker takes 1DP for the difference in the size stats"
    assert d["attacker_damage"] == {"0": float(r.attacker_damage[0]),
                                    "1": float(r.attacker_damage[1])}
    assert d["expected_target_damage"] == float(r.expected_target_damage)
    assert d["expected_attacker_damage"] == float(r.expected_attacker_damage) > 0
    assert d["defender_sixes_explode"] is True
    assert d["truncated_above"] == len(r.target_damage) - 1
    assert d["truncated_mass"] == float(r.tail)
    assert d["note"].startswith(f"exact fractions; counts above {len(r.target_damage) - 1} ")


def test_a_ram_that_can_push_and_hurt_the_attacker():
    # "if the attacker's size is equal or higher than the target's they may push the target";
    # "ONLY if their vehicle size is larger than the attacker can they damage the attacker.
    # The attacker takes 1DP for the difference in the size stats."
    d = ram_document("big-rig", "buggy")
    r = ram_odds(4, 4, 4, 2)
    assert d["push_possible"] is True and d["push"] == float(r.push) > 0
    assert d["rear"] is False and d["attacker_needs"] == 4 and d["defender_dice"] == 4
    up = ram_document("buggy", "big-rig")
    assert up["push_possible"] is False
    assert set(up["attacker_damage"]) == {"0", "2"}
    assert up["expected_attacker_damage"] == float(ram_odds(4, 2, 4, 4).expected_attacker_damage)
    assert ram_document("wrecker", "rhinax")["push_possible"] is True     # equal sizes


def test_the_defender_option_and_the_rear_number_reach_the_ram():
    cfg = dataclasses.replace(Config(), defender_explodes=False, rear_bonus=2)
    d = ram_document("wrecker", "big-rig", rear=True, config=cfg)
    r = ram_odds(5, 3, 4, 4, rear=True, defender_explodes=False, rear_bonus=2)
    assert d["defender_sixes_explode"] is False
    assert (d["attacker_needs"], d["defender_dice"]) == (2, 2)
    assert d["outcome"]["tie"] == float(r.tie)


@pytest.mark.parametrize("attacker,target,field,words", [
    ("tank", "buggy", "attacker",
     "unknown vehicle type 'tank' (scout, buggy, wrecker, big-rig, drone, rhinax)"),
    ("buggy", "hovercraft", "target", "unknown vehicle type 'hovercraft' ("),
    ("scout", "buggy", "attacker", "scouts cannot ram: \"too flimsy to initiate a ram\""),
    ("drone", "buggy", "attacker", "drone flies: flying vehicles \"cannot ... ram or be rammed\""),
    ("buggy", "drone", "target", "drone flies: flying vehicles \"cannot ... ram or be rammed\""),
])
def test_a_ram_the_rulebook_forbids_is_refused(attacker, target, field, words):
    # "Any vehicle can target any other vehicle for a ram, except scouts"; FLYING: "Flying
    # vehicles cannot full throttle, reverse, nor can they ram or be rammed."
    with pytest.raises(PnpError) as err:
        ram_document(attacker, target)
    assert err.value.field == field and err.value.message.startswith(words)


def test_the_shooting_table_covers_every_pair_both_ways():
    rows = shoot_table()
    kinds = [v.name for v in Config().vehicles]
    assert [(r["shooter"], r["target"], r["rear"]) for r in rows] == [
        (s, t, rear) for s in kinds for t in kinds for rear in (False, True)]
    row = next(r for r in rows if (r["shooter"], r["target"], r["rear"])
               == ("big-rig", "scout", True))
    p = pool(3, 2)          # ATTACK 3 against a scout's ARMOUR 3, -1 from behind
    assert row["expected_hits"] == float(p.expected)
    assert row["at_least_1"] == float(p.at_least(1))
    assert row["wreck"] == float(p.at_least(2))          # a scout has DP 2
    cfg = dataclasses.replace(Config(), rear_bonus=2)
    row = next(r for r in shoot_table(cfg) if (r["shooter"], r["target"], r["rear"])
               == ("buggy", "wrecker", True))
    assert row["expected_hits"] == float(pool(2, 3).expected)


def test_the_ramming_table_leaves_out_scouts_and_flyers():
    rows = ram_table()
    attackers = ("buggy", "wrecker", "big-rig", "rhinax")
    targets = ("scout", "buggy", "wrecker", "big-rig", "rhinax")
    assert [(r["attacker"], r["target"], r["rear"]) for r in rows] == [
        (a, t, rear) for a in attackers for t in targets for rear in (False, True)]
    row = next(r for r in rows if (r["attacker"], r["target"], r["rear"])
               == ("wrecker", "big-rig", True))
    d = ram_document("wrecker", "big-rig", True)
    # "If the scores are tied then the attacker always wins"
    assert row["attacker_wins"] == d["outcome"]["attacker_higher"] + d["outcome"]["tie"]
    assert row["push"] == d["push"]
    assert row["expected_target_damage"] == d["expected_target_damage"]
    assert row["expected_attacker_damage"] == d["expected_attacker_damage"]
    cfg = dataclasses.replace(Config(), defender_explodes=False)
    assert next(r for r in ram_table(cfg) if r["attacker"] == "buggy")["attacker_wins"] == \
        pytest.approx(1 - ram_document("buggy", "scout", False, cfg)["outcome"]
                      ["defender_higher"])


def test_a_distribution_with_nothing_left_out_says_exact():
    # every pool of the game explodes on 6s, so its tail is never 0; the note for one that
    # has none (a flat pool) is the one word
    from pnp.games.wreck_and_ruin.odds import _truncation

    assert _truncation(Fraction(0), 3) == {"truncated_mass": 0.0, "truncated_above": 3,
                                           "note": "exact"}
