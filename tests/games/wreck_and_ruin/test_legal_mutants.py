"""The legal actions (``legal.py``), pinned to the rulebook's words: each test was written
against a mutant of the module no earlier test noticed. Sections: "Spending Your AP" (the 2AP
limit), "Moving a Vehicle", "Reversing", "Full Throttle", "Vehicles Trapped in Hazards",
"Attacking a Target Within Range", "Ramming an Adjacent Vehicle", "Attempting to Repair a
Wreck", "Searching for Salvage / Salvaging Wrecks", "Playing Cards", the Special Skills and the
final push (How to Win).

Facings: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east (axial).
"""

from __future__ import annotations

import dataclasses

from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.hexes import distance, in_front, spiral
from pnp.games.wreck_and_ruin.legal import (
    airstrike_targets,
    groups,
    legal_actions,
    move_options,
    ram_options,
    repair_targets,
    shoot_targets,
)
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

from .helpers import BUGGY, RIG, SCOUT, SCOUT2, WRECKER, new_state, put

DRONE = 5


def _kinds(s, v):
    return {a.kind for a in legal_actions(s) if a.vehicle == v.vid}


def _event(s, effect, amount):
    s.event = CardDef(effect, "event", effect, amount)
    s._legal = None


# -- moving ------------------------------------------------------------------------------------

def test_deep_sand_takes_movement_away_but_leaves_at_least_one():
    # deep sand: "Every move action has N less movement (at least 1)"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    _event(s, "deep_sand", 2)
    assert max(a[0] for a, _ in move_options(s, b)) == 4         # move 6 - 2
    _event(s, "deep_sand", 9)
    ends = move_options(s, b)
    assert set(ends) == {((1, 0), 0), ((0, 0), 1), ((0, 0), 5)}  # 1 hex or 1 face


def test_nomads_extra_movement_is_for_the_current_players_vehicles_only():
    # nomads: "This turn your move actions get N extra movement"
    s = new_state()
    mine = put(s, 0, BUGGY, (0, 0), 0)
    theirs = put(s, 1, BUGGY, (-4, 3), 0)
    s.bonus_move = 2
    assert max(a[0] for a, _ in move_options(s, mine)) == 8
    assert max(a[0] for a, _ in move_options(s, theirs)) == -4 + 6


def test_only_agile_turns_on_the_spot_and_not_from_a_hazard_nor_at_full_throttle():
    # Turning: "vehicles CANNOT turn more than one face in their current hex"; AGILE "turn on
    # the spot to face any direction"; "Vehicles cannot use any special skills whilst within a
    # hazard"; "Skills and cards cannot be used whilst full throttling"
    s = new_state(terrain={(0, 4): HAZARD})
    b = put(s, 0, BUGGY, (0, 0), 0)
    assert ((0, 0), 3) not in move_options(s, b)
    sc = put(s, 0, SCOUT, (4, -4), 0)
    assert move_options(s, sc)[((4, -4), 3)] == 1
    assert ((4, -4), 3) not in move_options(s, sc, throttle=9)
    trapped = put(s, 0, SCOUT2, (0, 4), 0)
    assert ((0, 4), 3) not in move_options(s, trapped)


def test_a_drone_may_turn_in_its_own_hex():
    # FLYING: "must end their move in an empty hex" - the hex it stands on is empty of others
    s = new_state()
    drone = put(s, 0, DRONE, (0, 0), 0)
    assert move_options(s, drone)[((0, 0), 1)] == 1


def test_a_vehicle_may_stop_facing_a_drone_but_a_rig_not_with_its_front_on_it():
    # FLYING: "Other vehicles can move through the hex occupied by a flying vehicle during
    # their turn, but they cannot end any movement in the same hex"
    s = new_state()
    put(s, 1, DRONE, (2, 0), 0)
    b = put(s, 0, BUGGY, (0, 0), 0)
    ends = move_options(s, b)
    assert ((1, 0), 0) in ends and ((3, 0), 0) in ends and ((2, 0), 0) not in ends
    rig = put(s, 0, RIG, (0, 2), 5)              # its front at (1, 1)
    ends = move_options(s, rig)
    assert ((1, 1), 5) not in ends               # its front on the drone's hex
    assert ((3, -1), 5) in ends                  # past it


def test_reversing_goes_backwards_at_the_configured_cost():
    # Reversing: "Each hex reversed into costs 2 movement ... A move cannot be a combination
    # of forward and reverse"; ``reverse_cost`` changes the 2
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    back = move_options(s, b, reverse=True)
    assert back[((-3, 0), 0)] == 6 and ((1, 0), 0) not in back
    assert {a.to for a in legal_actions(s) if a.kind == "reverse" and a.vehicle == b.vid} \
        >= {(-1, 0), (-2, 0), (-3, 0)}
    assert not any(a.kind == "reverse" and a.to == (1, 0) for a in legal_actions(s))
    s = new_state(config=dataclasses.replace(Config(), reverse_cost=3))
    b = put(s, 0, BUGGY, (0, 0), 0)
    back = move_options(s, b, reverse=True)
    assert back[((-2, 0), 0)] == 6 and ((-3, 0), 0) not in back


def test_the_listing_can_leave_reversing_out_or_give_one_group():
    # ``legal_actions(reverse=False)`` leaves reversing out (and nothing else);
    # ``focus`` gives only the actions of that kind and vehicle
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, WRECKER, (2, 0), 3)
    every = legal_actions(s)
    assert {a.kind for a in every} >= {"move", "reverse", "throttle", "shoot", "search", "end"}
    kinds = {a.kind for a in legal_actions(s, reverse=False)}
    assert "reverse" not in kinds and kinds == {a.kind for a in every} - {"reverse"}
    move = Act("move", 0, b.vid, to=(1, 0), facing=0)
    only = legal_actions(s, focus=move)
    assert move in only and {(a.kind, a.vehicle) for a in only} == {("move", b.vid)}


# -- the 2AP limit and what a turn allows -----------------------------------------------------

def test_ram_and_salvage_still_follow_a_move():
    # "A single vehicle can only complete 2 of these actions per turn and they must be
    # different": moving, then ramming or salvaging a wreck (a different action)
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    s.apply(Act("move", 0, w.vid, to=(1, 0), facing=0))
    t = put(s, 1, BUGGY, (2, 0), 3)
    wreck = put(s, 1, SCOUT, (2, -1), 0)
    wreck.active = False
    s._legal = None
    assert Act("ram", 0, w.vid, t.vid) in s.legal_actions()
    assert Act("salvage", 0, w.vid, wreck.vid) in s.legal_actions()


def test_no_third_action_and_no_ap_no_action():
    # "A single vehicle can only complete 2 of these actions per turn" - after a move and a
    # shot, no ram even with a target in its front arc; and every action "costs 1AP"
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    s.apply(Act("move", 0, w.vid, to=(1, 0), facing=0))
    t = put(s, 1, BUGGY, (2, 0), 3)
    s._legal = None
    s.apply(Act("shoot", 0, w.vid, t.vid))
    assert not any(vid == w.vid for _, vid in groups(s))
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    put(s, 1, BUGGY, (2, 0), 3)
    s.ap = 0
    assert [a.kind for a in legal_actions(s)] == ["end"]


def test_searching_needs_an_active_vehicle_and_is_not_in_the_final_push():
    # "they must have at least one active vehicle to do so"; the final push: "player 1 may
    # then use the bonus AP to try and damage any vehicles sitting on tokens"
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    assert Act("search", 0) in legal_actions(s)
    w.active = False
    assert Act("search", 0) not in legal_actions(s)
    w.active = True
    s.final_push = True
    assert Act("search", 0) not in legal_actions(s)


def test_seat_actions_are_checked_against_their_own_group():
    # an action of the player (not of a vehicle) applied without a listing made first
    s = new_state()
    put(s, 0, WRECKER, (0, 0), 0)
    s.apply(Act("search", 0))
    assert s.ap == 4 and len(s.hands[0]) == 1
    s.round = 2
    b = put(s, 0, BUGGY, (3, 3), 0, damage=1)
    s._legal = None
    s.apply(Act("discard", 0, target=b.vid))
    assert b.damage == 0


def test_a_drone_cannot_salvage_a_wreck():
    # FLYING: "nor can they ram or be rammed"; salvaging "is treated as a ram"
    s = new_state()
    drone = put(s, 0, DRONE, (0, 0), 0)
    wreck = put(s, 1, BUGGY, (1, 0), 0)
    wreck.active = False
    assert "salvage" not in _kinds(s, drone)


# -- cards -------------------------------------------------------------------------------------

def test_no_faction_card_in_the_setup_round():
    # The Setup Round: "no cards can be used in the setup round: faction or salvage"
    s = new_state()
    put(s, 0, BUGGY, (0, 0), 0)
    s.faction_card[0] = CardDef("Test", "faction", "war_cry", 2)
    assert not any(a.kind == "faction" for a in legal_actions(s))
    s.round = 2
    assert Act("faction", 0) in legal_actions(s)


def test_frenzy_lets_a_vehicle_that_acted_act_again():
    # frenzy: "One of your vehicles may take its 2AP-limit actions again this turn" - only
    # an active vehicle on the board that took an action
    s = new_state()
    s.round = 2
    s.faction_card[0] = CardDef("Frenzy", "faction", "frenzy")
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 0, WRECKER, (0, 3), 0)                 # has not acted
    wreck = put(s, 0, SCOUT, (0, -3), 0)
    wreck.active, wreck.count = False, 1
    s.apply(Act("move", 0, b.vid, to=(1, 0), facing=0))
    assert [a for a in s.legal_actions() if a.kind == "faction"] == \
        [Act("faction", 0, b.vid)]
    s._legal = None
    s.apply(Act("faction", 0, b.vid))
    assert "move" in _kinds(s, b)


def test_cards_on_a_vehicle_name_the_players_active_vehicles_on_the_board():
    # plating: "One of your active vehicles has +N ARMOUR"; the other cards listed beside it
    s = new_state()
    s.round = 2
    s.salvage = (CardDef("War Cry", "salvage", "war_cry", 1),
                 CardDef("Plating", "salvage", "plating", 1))
    s.hands[1] = [0, 1]
    s.seat = 1
    put(s, 0, BUGGY, (0, 0), 0)
    mine = put(s, 1, BUGGY, (0, 3), 0)
    wreck = put(s, 1, WRECKER, (3, 3), 0)
    wreck.active = False
    cards = [a for a in legal_actions(s) if a.kind == "card"]
    assert cards == [Act("card", 1, n=0), Act("card", 1, target=mine.vid, n=1)]
    s.hands[0], s.hands[1], s.seat = [1], [], 0       # seat 1: only its own buggy
    assert [a.target for a in legal_actions(s) if a.kind == "card"] == [s.vehicle(0, BUGGY).vid]


def test_discarding_repairs_a_damaged_active_vehicle_of_ones_own():
    # "discard a salvage card from your hand to remove 1DP from an ACTIVE (no black peg)
    # vehicle"
    s = new_state()
    s.round = 2
    s.salvage = (CardDef("Scrap", "salvage", "scrap"),)
    s.hands[0] = [0]
    hurt = put(s, 0, BUGGY, (0, 0), 0, damage=1)
    put(s, 0, WRECKER, (0, 3), 0)                      # not damaged
    wreck = put(s, 0, SCOUT, (3, 3), 0, damage=2)
    wreck.active = False
    put(s, 1, BUGGY, (-3, 0), 0, damage=1)             # an enemy's
    assert [a.target for a in legal_actions(s) if a.kind == "discard"] == [hurt.vid]


def test_reserve_fuel_moves_only_the_players_own_vehicles_free_to_act():
    # the reserve fuel tank: "A free move action for one vehicle"; a vehicle stuck in a hazard
    # "cannot be used at all in that turn"
    s = new_state()
    s.round = 2
    s.salvage = (CardDef("Reserve Fuel Tank", "salvage", "reserve_fuel"),)
    s.hands[1] = [0]
    s.seat = 1
    put(s, 0, BUGGY, (0, 0), 0)
    mine = put(s, 1, BUGGY, (0, 3), 0)
    stuck = put(s, 1, WRECKER, (3, 3), 0)
    stuck.stuck = 2
    assert {a.vehicle for a in legal_actions(s) if a.kind == "fuel"} == {mine.vid}
    s.hands[0], s.hands[1], s.seat = [0], [], 0
    assert {a.vehicle for a in legal_actions(s) if a.kind == "fuel"} == {s.vehicle(0, BUGGY).vid}


def test_an_airstrike_reaches_3_hexes_from_the_players_own_big_rig():
    # airstrike: "Attack any enemy vehicle within 3 hexes of your big rig"
    s = new_state()
    s.seat = 1
    put(s, 1, RIG, (0, 0), 3)                    # its hexes (0, 0) and (-1, 0)
    put(s, 1, BUGGY, (0, 6), 0)                  # not a rig
    near = put(s, 0, BUGGY, (3, 0), 0)
    put(s, 0, WRECKER, (4, 0), 0)                # 4 hexes away
    put(s, 0, SCOUT, (0, 8), 0)                  # next to seat 2's buggy only
    assert airstrike_targets(s) == [near.vid]
    s.seat = 0                                   # seat 1: its rig far from every enemy
    put(s, 0, RIG, (-8, 4), 0)
    assert airstrike_targets(s) == []


# -- shooting ----------------------------------------------------------------------------------

def test_the_front_arc_is_every_hex_strictly_ahead_of_the_vehicle():
    # "The front arc of a vehicle is the hex directly in front of it and the hexes on either
    # side of that which are still adjacent to the vehicle, making up a 180 degree arc": every
    # hex within 3 and strictly ahead (hexes exactly abeam are not in it), each facing
    for facing in range(6):
        s = new_state()
        b = put(s, 0, BUGGY, (0, 0), facing)
        for h in spiral(3):
            if h == (0, 0):
                continue
            t = put(s, 1, SCOUT, h, 0)
            assert bool(shoot_targets(s, b)) == in_front((0, 0), facing, h), (facing, h)
            s.leave(t)
            t.pos = None


def test_the_range_is_at_least_1_in_a_sandstorm():
    # sandstorm: "Attacks have N less range"; an adjacent target is always in range
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    near = put(s, 1, BUGGY, (1, 0), 0)
    put(s, 1, WRECKER, (2, -1), 0)
    _event(s, "sandstorm", 5)
    assert [t for t, _ in shoot_targets(s, b)] == [near.vid]


def test_a_big_rigs_other_hex_may_have_the_clear_route():
    # the front arc figure: "3. The front hex of the big rig can be targeted as a free path can
    # be made to it"; "Only one of a big rig's hexes need to be in range and a clear path"
    s = new_state(terrain={(1, -1): OBSTACLE})
    b = put(s, 0, BUGGY, (0, 0), 0)
    rig = put(s, 1, RIG, (2, -2), 1)             # rear (2, -2) behind the rock, front (2, -1)
    assert distance((0, 0), (2, -2)) == 2 and distance((0, 0), (2, -1)) == 2
    assert [t for t, _ in shoot_targets(s, b)] == [rig.vid]


def test_big_rigs_reach_each_other_from_their_near_hexes():
    # 360 TURRET: "can target any vehicle within range regardless of facing, from either hex
    # it occupies": two rigs whose rear hexes are 5 apart and front hexes 3 apart
    s = new_state()
    rig = put(s, 0, RIG, (0, 0), 0)              # front (1, 0)
    other = put(s, 1, RIG, (5, 0), 3)            # front (4, 0)
    assert [t for t, _ in shoot_targets(s, rig)] == [other.vid]


def test_the_targets_looked_at_are_those_asked_for():
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    one = put(s, 1, BUGGY, (2, 0), 0)
    two = put(s, 1, WRECKER, (2, -1), 0)
    assert [t for t, _ in shoot_targets(s, b)] == [one.vid, two.vid]
    assert [t for t, _ in shoot_targets(s, b, among=[two])] == [two.vid]


# -- ramming -----------------------------------------------------------------------------------

def test_only_the_wrecker_steamrolls_and_at_most_2_hexes():
    # STEAMROLL: "Wreckers can move up to 2 hexes in its current facing in a straight line as
    # part of any ram"; "Vehicles cannot use any special skills whilst within a hazard"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, BUGGY, (2, -1), 0)                 # in the arc of (1, 0), not of (0, 0)
    assert ram_options(s, b) == []
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (2, -1), 0)
    assert ram_options(s, w) == [(t.vid, 1, False)]
    s.leave(t)
    t.pos = (4, -1)                              # in the arc of (3, 0): 3 hexes of steamroll
    s.enter(t)
    assert ram_options(s, w) == []
    s = new_state(terrain={(0, 0): HAZARD})
    w = put(s, 0, WRECKER, (0, 0), 0)
    put(s, 1, BUGGY, (2, -1), 0)
    assert ram_options(s, w) == []


def test_a_big_rig_across_the_front_arc_is_one_ram_and_the_rear_is_seen():
    # "the target of the ram, which must be in one of the 3 adjacent hexes in its front arc";
    # "deduct 1 from its armour if you have rammed the target directly from the rear hex"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    rig = put(s, 1, RIG, (1, -1), 1)             # (1, -1) and (1, 0): two front-arc hexes
    assert ram_options(s, b) == [(rig.vid, 0, False)]
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    t = put(s, 1, BUGGY, (1, 0), 0)              # facing away: rammed from its rear hex
    assert ram_options(s, b) == [(t.vid, 0, True)]
    put(s, 1, BUGGY, (1, 0), 5)                  # its rear hex is (0, 1)
    assert ram_options(s, b) == [(t.vid, 0, False)]


# -- repairs and salvage -----------------------------------------------------------------------

def test_a_buggy_repairs_its_own_damaged_vehicles_in_its_front_arc_and_itself():
    # "A buggy can attempt to repair an adjacent vehicle in its front arc"; "a vehicle can
    # repair itself"; a vehicle with no DP has nothing to repair
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    friend = put(s, 0, WRECKER, (1, 0), 0, damage=1)
    put(s, 0, SCOUT, (1, -1), 0, damage=0)
    put(s, 1, WRECKER, (0, 1), 0, damage=2)      # an enemy's, in the arc
    assert repair_targets(s, b) == [friend.vid]
    b.damage = 1
    assert repair_targets(s, b) == [friend.vid, b.vid]


def test_salvage_is_from_an_enemy_wreck_in_the_front_arc():
    # Salvaging From a Wreck: "If you are adjacent to a wreck and it is within your front arc
    # ... take a salvage card from the player who owns the wreck"
    s = new_state()
    put(s, 0, WRECKER, (0, 0), 0)
    enemy_wreck = put(s, 1, BUGGY, (1, 0), 0)
    enemy_wreck.active = False
    put(s, 1, SCOUT, (1, -1), 0)                  # active
    own_wreck = put(s, 0, SCOUT, (0, 1), 0)
    own_wreck.active = False
    rig_wreck = put(s, 1, RIG, (-1, 0), 3)        # behind
    rig_wreck.active = False
    salv = [a.target for a in legal_actions(s) if a.kind == "salvage"]
    assert salv == [enemy_wreck.vid]
