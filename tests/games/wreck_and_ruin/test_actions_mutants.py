"""The actions and their replay words (``actions.py``): every kind's exact text, read back to
the same action; vehicles named as the wasteland guide lists them ("Your Faction Vehicles": "2
scouts, 1 buggy, 1 wrecker and 1 big rig"); the 2AP limit's actions ("Spending Your AP"). Each
test was written against a mutant of the module no earlier test noticed.
"""

from __future__ import annotations

import pytest

from pnp.games.wreck_and_ruin.actions import (
    AP_LIMITED,
    KINDS,
    Act,
    parse_action,
    roster_names,
    vehicle_text,
)

# vehicle ids: seat * 7 + slot (the roster's five, then the drone and the rhinax)
P1_SCOUT1, P1_SCOUT2, P1_BUGGY, P1_WRECKER, P1_RIG, P1_DRONE, P1_RHINAX = range(7)
P2_SCOUT1, P2_BUGGY, P2_WRECKER, P2_RIG, P2_RHINAX = 7, 9, 10, 11, 13
P4_RIG = 3 * 7 + 4

TEXTS = [
    (Act("move", 0, P1_BUGGY, to=(2, -1), facing=5), "P1 buggy moves to 2,-1 facing 5"),
    (Act("reverse", 1, P2_WRECKER, to=(-3, 0), facing=0),
     "P2 wrecker reverses to -3,0 facing 0"),
    (Act("drive", 0, P1_SCOUT2, to=(0, 4), facing=3), "P1 scout-2 drives to 0,4 facing 3"),
    (Act("return", 3, P4_RIG, to=(-10, 12), facing=1), "P4 big-rig returns to -10,12 facing 1"),
    (Act("throttle", 0, P1_SCOUT1), "P1 scout-1 goes full throttle"),
    (Act("shoot", 0, P1_RIG, P2_SCOUT1), "P1 big-rig shoots P2 scout-1"),
    (Act("potshot", 1, 7, P1_SCOUT2), "P2 scout-1 potshots P1 scout-2"),
    (Act("ram", 0, P1_WRECKER, P2_BUGGY), "P1 wrecker rams P2 buggy"),
    (Act("ram", 0, P1_WRECKER, P2_BUGGY, n=2), "P1 wrecker rams P2 buggy after steamroll 2"),
    (Act("salvage", 1, P2_RIG, P1_DRONE), "P2 big-rig salvages the wreck of P1 drone"),
    (Act("repair", 0, P1_BUGGY, P1_RHINAX), "P1 buggy repairs P1 rhinax"),
    (Act("fix", 1, P2_RHINAX), "P2 rhinax attempts to repair its wreck"),
    (Act("search", 2), "P3 searches for salvage"),
    (Act("search", 0, P1_BUGGY), "P1 buggy searches for salvage"),
    (Act("discard", 1, target=P2_RIG), "P2 discards a salvage card to repair P2 big-rig"),
    (Act("end", 3), "P4 ends the turn"),
    (Act("fuel", 0, P1_SCOUT1, to=(1, 1), facing=2),
     "P1 scout-1 uses a reserve fuel tank to move to 1,1 facing 2"),
    (Act("fuel", 1, P2_BUGGY, to=(4, -2), facing=0),
     "P2 buggy uses a reserve fuel tank to move to 4,-2 facing 0"),
    (Act("shoot", 1, P2_RIG, P1_SCOUT1), "P2 big-rig shoots P1 scout-1"),
    (Act("faction", 0, P1_SCOUT1), "P1 plays its faction card for P1 scout-1"),
    (Act("faction", 0), "P1 plays its faction card"),
    (Act("faction", 0, P1_WRECKER), "P1 plays its faction card for P1 wrecker"),
    (Act("faction", 1, target=P1_RIG), "P2 plays its faction card on P1 big-rig"),
    (Act("kit", 0, target=P1_WRECKER), "P1 uses a field repair kit on P1 wrecker"),
    (Act("card", 1, n=17), "P2 plays salvage card 17"),
    (Act("card", 0, target=P1_RIG, n=3), "P1 plays salvage card 3 on P1 big-rig"),
    (Act("patch", 3, P4_RIG), "P4 spends an AP to repair its returning P4 big-rig"),
    (Act("patch", 0, P1_SCOUT2, n=1),
     "P1 discards a salvage card to repair its returning P1 scout-2"),
]


@pytest.mark.parametrize("act,text", TEXTS, ids=[t for _, t in TEXTS])
def test_every_kind_s_replay_words_read_back(act, text):
    assert str(act) == text
    if act.kind == "search" and act.vehicle >= 0:
        return    # "They do not need to specify which vehicle is searching": the seat's search
    assert parse_action(text) == act
    assert parse_action(f"  {text} ") == act


def test_every_kind_has_its_words():
    assert {a.kind for a, _ in TEXTS} == set(KINDS)
    assert KINDS[-1] == "end" and len(KINDS) == 19


def test_the_2ap_limit_counts_a_move_an_attack_a_ram_and_a_wreck_searched():
    # Spending Your AP: "A single vehicle can only complete 2 of these actions per turn and
    # they must be different ... Moving a vehicle, Attack a target within range, Ram an
    # adjacent vehicle, Search a wreck for salvage"; reversing and a full throttle are a move
    assert AP_LIMITED == {"move": 1, "reverse": 1, "throttle": 1, "shoot": 2, "ram": 4,
                          "salvage": 8}
    # "Search the area for salvage / Attempt to repair a wreck / Bring a vehicle back on the
    # board ... do not count towards any vehicle's 2AP limit"
    assert not {"search", "fix", "return"} & set(AP_LIMITED)


def test_vehicles_are_named_as_the_guide_lists_them():
    # "2 scouts, 1 buggy, 1 wrecker and 1 big rig": only the two scouts get numbers
    assert roster_names() == ("scout-1", "scout-2", "buggy", "wrecker", "big-rig")
    assert roster_names(("buggy", "scout", "buggy")) == ("buggy-1", "scout", "buggy-2")
    assert roster_names(("wrecker",)) == ("wrecker",)
    assert [vehicle_text(v) for v in range(8)] == [
        "P1 scout-1", "P1 scout-2", "P1 buggy", "P1 wrecker", "P1 big-rig", "P1 drone",
        "P1 rhinax", "P2 scout-1"]
    assert vehicle_text(P4_RIG) == "P4 big-rig"


def test_a_default_action_names_no_vehicle_target_or_hex():
    a = Act("end", 2)
    assert (a.vehicle, a.target, a.to, a.facing, a.n) == (-1, -1, None, -1, 0)
    # a seat's action with no vehicle is named by the seat
    assert str(Act("discard", 0, target=P1_BUGGY)).startswith("P1 discards")
    assert str(Act("throttle", 1, P2_BUGGY)) == "P2 buggy goes full throttle"


@pytest.mark.parametrize("text", [
    "P1 buggy flies to 0,0 facing 1",
    "P1 buggy moves to 0,0 facing 7",
    "P1 buggy moves to 0,0",
    "xP1 buggy goes full throttle",
    "P1 buggy goes full throttle now",
    "P1 wrecker rams P2 buggy after steamroll",
    "",
])
def test_words_that_are_no_action_are_refused(text):
    with pytest.raises(ValueError) as err:
        parse_action(text)
    assert str(err.value) == f"not a Wreck and Ruin action: {text!r}"


def test_a_patch_of_another_players_vehicle_is_refused():
    # "Players can choose to spend further AP at that time": on their own returning vehicle
    with pytest.raises(ValueError, match="another player's vehicle"):
        parse_action("P1 spends an AP to repair its returning P2 buggy")


def test_an_unknown_vehicle_name_is_refused():
    with pytest.raises(ValueError):
        parse_action("P1 tank moves to 0,0 facing 1")
