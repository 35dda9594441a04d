"""Damage, shooting, pushes and crash and burn (``combat.py``), pinned to the rulebook's words:
each test was written against a mutant of the module no earlier test noticed. Sections: "Crash
and Burn - Wrecked Vehicles" (with "Colliding", "Into Obstacles" and "Big Rigs"), "Damage and
DP", "Ramming an Adjacent Vehicle", "Attacking a Target Within Range", FLYING (Special Skills).

Dice are scripted (``helpers.Dice``): ``s.rng.faces`` left over shows how many dice were rolled.
Facings: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west, 5 north-east (axial).
"""

from __future__ import annotations

import dataclasses

from pnp.games.wreck_and_ruin import combat
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

from .helpers import BUGGY, RIG, SCOUT, WRECKER, new_state, put

DRONE = 5


def logged(faces=(), terrain=None, config: Config = Config()):
    """A state with the replay log on."""
    s = new_state(faces=faces, terrain=terrain, config=config)
    s.log = []
    return s


# --- Crash and Burn: the table ----------------------------------------------------------------


def test_a_4_travels_straight_ahead_as_far_as_the_second_die():
    # "one die is rolled again to see how far it moves before slowing to a halt"
    s = logged(faces=[4, 3])
    b = put(s, 1, BUGGY, (0, 0), 0, damage=3)
    b.active = False
    combat.crash(s, b)
    assert b.pos == (3, 0) and b.facing == 0 and s.occupant[(3, 0)] == b.vid
    assert (0, 0) not in s.occupant and s.rng.faces == []
    assert s.log == ["crash and burn: direction 4, distance 3",
                     "the wreck of P2 buggy stops at 3,0"]


def test_the_distance_is_cut_to_the_move_value():
    # "A vehicle cannot travel more than its move value when it crashes and burns - if the
    # result is higher it will only move up to its move value then stop"
    s = new_state(faces=[4, 6])
    w = put(s, 1, WRECKER, (-3, 0), 0)      # MOVE 5
    combat.crash(s, w)
    assert w.pos == (2, 0)
    s = new_state(faces=[4, 6])
    b = put(s, 1, BUGGY, (-3, 0), 0)        # MOVE 6: the whole 6
    combat.crash(s, b)
    assert b.pos == (3, 0)


def test_a_2_turns_right_and_a_6_left_before_travelling():
    # "With a 2 or 6 it is turned to face the correct direction before rolling for distance"
    # (choice, docs/assumptions.md: 2 one face right, 6 one face left)
    s = new_state(faces=[2, 2])
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.facing == 1 and b.pos == (0, 2)
    s = new_state(faces=[6, 2])
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.facing == 5 and b.pos == (2, -2)
    s = new_state(faces=[6, 1])
    b = put(s, 1, BUGGY, (0, 0), 0)         # facing 0 turned left: 5, not -1
    combat.crash(s, b)
    assert b.facing == 5 and b.pos == (1, -1)


def test_a_3_or_5_swerves_diagonally_then_keeps_its_facing():
    # "3 or 5: The vehicle swerves to the side before continuing forward: the first move is
    # spent moving diagonal WITHOUT changing direction ..., any remaining move left is made in
    # its original facing." (choice: 3 to the front-right, 5 to the front-left)
    s = new_state(faces=[3, 3])
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.facing == 0 and b.pos == (2, 1)    # (0, 1) then (1, 0) twice
    s = new_state(faces=[5, 3])
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.facing == 0 and b.pos == (3, -1)   # (1, -1) then (1, 0) twice
    s = new_state(faces=[5, 1])
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.facing == 0 and b.pos == (1, -1)


def test_crashing_off_the_board_removes_the_vehicle():
    # "Vehicles can crash and burn off the board if it moves far enough"
    s = logged(faces=[4, 3])
    b = put(s, 1, BUGGY, (8, 0), 0, damage=3)
    b.active = False
    combat.crash(s, b)
    assert b.pos is None and not b.active and b.damage == 3 and (8, 0) not in s.occupant
    assert s.log[-1] == "P2 buggy crashes off the board"
    # a big rig whose front hex leaves the board first goes too
    s = new_state(faces=[4, 1])
    rig = put(s, 1, RIG, (8, 0), 0)       # covers (8, 0) and (9, 0)
    combat.crash(s, rig)
    assert rig.pos is None and not s.occupant


def test_a_turn_towards_the_edge_crashes_off_the_board():
    # a 6 turns it to face the edge (only a big rig "unable to turn" stays)
    s = new_state(faces=[6, 3])
    b = put(s, 1, BUGGY, (9, -4), 0)
    combat.crash(s, b)
    assert b.pos is None and not s.occupant


def test_a_wreck_stops_in_the_last_empty_hex_before_an_obstacle_or_a_wreck():
    # "If the path of the crash and burn is blocked by another wreck or an obstacle, it stops in
    # the last empty hex regardless of how many moves it has left. Wrecks cannot be damaged
    # further."
    s = new_state(faces=[4, 5], terrain={(3, 0): OBSTACLE})
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.pos == (2, 0)
    s = new_state(faces=[4, 5, 6, 6])
    b = put(s, 1, BUGGY, (0, 0), 0)
    wreck = put(s, 0, WRECKER, (3, 0), 0, damage=4)
    wreck.active = False
    combat.crash(s, b)
    assert b.pos == (2, 0) and wreck.damage == 4 and s.rng.faces == [6, 6]   # no dice rolled


def test_a_wreck_stops_in_the_first_hazard_it_enters():
    # "If a vehicle crashes and burns into a hazard, it immediately stops its move in that hex."
    s = logged(faces=[4, 6], terrain={(2, 0): HAZARD})
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.pos == (2, 0) and s.log[-1] == "the wreck of P2 buggy stops at 2,0"
    # a big rig stops as soon as either of its hexes is on one
    s = new_state(faces=[4, 4], terrain={(3, 0): HAZARD})
    rig = put(s, 1, RIG, (0, 0), 0)       # front (1, 0)
    combat.crash(s, rig)
    assert rig.pos == (2, 0)


def test_a_wreck_colliding_with_a_vehicle_stops_next_to_it_and_rolls_its_size():
    # Colliding: "rolling attack dice equal to its size. There must be sufficient move to enter
    # an occupied hex ... The wrecked vehicle stops in the empty hex where it collided"
    s = logged(faces=[4, 3, 5, 2, 3, 6, 6])
    w = put(s, 1, WRECKER, (0, 0), 0)        # SIZE 3
    b = put(s, 0, BUGGY, (3, 0), 1)          # ARMOUR 4
    combat.crash(s, w)
    assert w.pos == (2, 0) and b.pos == (3, 0)
    assert b.damage == 1 and s.rng.faces == [6, 6]      # three dice: 5 hits, 2 and 3 miss
    assert s.log[1] == "P2 wrecker collides with P1 buggy: [5, 2, 3], 1 hit"
    assert s.log[-1] == "the wreck of P2 wrecker stops at 2,0"


def test_the_collision_is_logged_hit_by_hit():
    for faces, text in (([4, 1, 2, 2, 2], "[2, 2, 2], 0 hits"),
                        ([4, 1, 5, 5, 2], "[5, 5, 2], 2 hits")):
        s = logged(faces=faces)
        w = put(s, 1, WRECKER, (0, 0), 0)
        put(s, 0, WRECKER, (1, 0), 1, damage=0)
        s.vehicle(0, WRECKER).kind = dataclasses.replace(s.vehicle(0, WRECKER).kind, armour=4)
        combat.crash(s, w)
        assert s.log[1] == f"P2 wrecker collides with P1 wrecker: {text}"


def test_ending_next_to_a_vehicle_is_no_collision():
    # "ending the crash and burn next to another vehicle does not count"
    s = new_state(faces=[4, 2, 6, 6, 6])
    w = put(s, 1, WRECKER, (0, 0), 0)
    b = put(s, 0, BUGGY, (3, 0), 1)
    combat.crash(s, w)
    assert w.pos == (2, 0) and b.damage == 0 and s.rng.faces == [6, 6, 6]


def test_a_collision_that_wrecks_turns_the_victim_away_from_the_wreck():
    # "A vehicle wrecked following a collision is turned to face away from the vehicle that
    # collided with it before rolling on the crash and burn table."
    s = new_state(faces=[4, 3, 6, 2, 2, 2, 4, 2])
    w = put(s, 1, WRECKER, (0, 0), 0)
    sc = put(s, 0, SCOUT, (3, 0), 3, damage=1)   # facing the wreck
    combat.crash(s, w)
    # 6 (and its free 2), 2, 2: one hit; the scout is wrecked, turned to face east (away from
    # (2, 0)), rolls 4, then 2
    assert not sc.active and sc.facing == 0 and sc.pos == (5, 0) and w.pos == (2, 0)
    assert s.rng.faces == []


def test_a_wreck_is_not_flung_at_a_flying_vehicle():
    # FLYING: "Should a vehicle crash and burn into a hex containing a flying vehicle, it ends
    # its move in the hex before it" - no collision.
    s = new_state(faces=[4, 5, 6, 6])
    b = put(s, 1, BUGGY, (0, 0), 0)
    drone = put(s, 0, DRONE, (2, 0), 0)
    combat.crash(s, b)
    assert b.pos == (1, 0) and drone.damage == 0 and s.rng.faces == [6, 6]
    s = logged(faces=[4, 5])
    s.tokens[(1, 0)] = True
    b = put(s, 1, BUGGY, (0, 0), 0)
    put(s, 0, DRONE, (2, 0), 0)
    combat.crash(s, b)
    assert "the wreck of P2 buggy stops at 1,0" in s.log and (1, 0) not in s.tokens


def test_a_wreck_stopping_on_a_site_takes_the_token_off_until_the_turn_ends():
    # How to Win: "Tokens can be temporarily removed if a vehicle crashes and burns (page 17),
    # ending its movement or exploding on top of a token."
    s = logged(faces=[4, 2])
    s.tokens[(1, 0)] = True
    s.tokens[(2, 0)] = True
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.pos == (2, 0) and (2, 0) not in s.tokens and s.removed_tokens == 1
    assert (1, 0) in s.tokens              # passed over, not ended on: it stays
    assert "the salvage token at 2,0 is taken off by the wreck" in s.log


def test_a_wreck_exploding_on_a_site_takes_the_token_off_too():
    # the same sentence: "... ending its movement or exploding on top of a token"
    s = new_state(faces=[1])
    s.tokens[(0, 0)] = True
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.crash(s, b)
    assert b.pos is None and (0, 0) not in s.tokens and s.removed_tokens == 1


# --- Crash and Burn: a 1 explodes -------------------------------------------------------------


def test_an_explosion_attacks_clockwise_from_the_facing_one_die_each():
    # "1: The vehicle erupts in a ball of flame in its current hex and is removed from the
    # table. The owner of the wreck makes an attack: 1 (one die attack) against EVERY adjacent
    # vehicle." "start with the direction the exploding vehicle is facing and work clockwise:
    # each vehicle is attacked in turn"
    s = logged(faces=[1, 5, 2, 4])
    b = put(s, 1, BUGGY, (0, 0), 2, damage=3)          # facing south-west
    b.active = False
    west = put(s, 0, BUGGY, (-1, 0), 0)                 # direction 3: the second face
    east = put(s, 0, WRECKER, (1, 0), 0)                # direction 0: the fifth
    south_west = put(s, 0, SCOUT, (-1, 1), 0)           # direction 2: the first
    combat.crash(s, b)
    assert b.pos is None and not b.active and (0, 0) not in s.occupant
    # the scout (armour 3) takes the 5, the buggy (4) misses with 2, the wrecker (5) with 4
    assert (south_west.damage, west.damage, east.damage) == (1, 0, 0) and s.rng.faces == []
    assert s.log[0] == "crash and burn: 1, P2 buggy explodes"
    assert s.log[1] == "the explosion rolls [5] against P1 scout-1: 1"
    assert s.log[3] == "the explosion rolls [2] against P1 buggy: 0"


def test_the_explosion_dice_are_an_option():
    s = new_state(faces=[1, 4, 4, 6, 6], config=dataclasses.replace(Config(), explosion_dice=2))
    b = put(s, 1, BUGGY, (0, 0), 0)
    other = put(s, 0, BUGGY, (1, 0), 0)
    combat.crash(s, b)
    assert other.damage == 2 and s.rng.faces == [6, 6]


def test_an_explosion_spares_wrecks_and_hits_a_big_rig_once():
    # "Wrecks cannot be damaged further"; a vehicle next to both of a big rig's hexes is one
    # adjacent vehicle, attacked once.
    s = new_state(faces=[1, 5, 6, 6])
    rig = put(s, 1, RIG, (0, 0), 0)                     # (0, 0) and (1, 0)
    b = put(s, 0, BUGGY, (1, -1), 0)                    # next to both
    wreck = put(s, 0, WRECKER, (-1, 0), 0, damage=4)
    wreck.active = False
    combat.crash(s, rig)
    assert b.damage == 1 and wreck.damage == 4 and s.rng.faces == [6, 6]
    assert not s.occupant.get((0, 0)) and (1, 0) not in s.occupant


def test_a_vehicle_wrecked_by_an_explosion_keeps_its_facing_whichever_rig_hex():
    # Crash and Burn: "Use the vehicle's facing for this unless it is wrecked by a ram" (an
    # explosion is an attack); a victim beside a big rig's front hex or beyond it alike
    for facing, spot, own in ((0, (2, 0), 3), (1, (0, 2), 3)):
        s = new_state(faces=[1, 5, 4, 1])
        rig = put(s, 1, RIG, (0, 0), facing)
        sc = put(s, 0, SCOUT, spot, own, damage=1)
        combat.crash(s, rig)
        assert not sc.active and sc.facing == own, facing
        assert sc.pos == (spot[0] - 1, spot[1])          # 4: straight on (west), 1 hex

def test_a_flying_vehicle_destroyed_always_explodes():
    # FLYING: "If a vehicle with flying is destroyed it is treated as rolling a 1 on the crash
    # and burn table" - no die is rolled for the table.
    s = new_state(faces=[5, 6, 6])
    drone = put(s, 1, DRONE, (0, 0), 0)
    b = put(s, 0, BUGGY, (1, 0), 0)
    combat.crash(s, drone)
    assert drone.pos is None and b.damage == 1 and s.rng.faces == [6, 6]


# --- Big Rigs Crashing and Burning ------------------------------------------------------------


def test_a_big_rig_turning_into_a_vehicle_collides_and_stays():
    # "If it is unable to turn on a roll of 2 or 6 because the space is occupied by another
    # vehicle, treat it as a collision as above and do not move the big rig."
    s = new_state(faces=[2, 3, 5, 2, 2, 2, 6, 6])
    rig = put(s, 1, RIG, (0, 0), 0)                     # turning right: front to (0, 1)
    b = put(s, 0, BUGGY, (0, 1), 0)
    combat.crash(s, rig)
    assert rig.pos == (0, 0) and rig.facing == 0 and b.damage == 1
    assert s.occupant[(1, 0)] == rig.vid and s.rng.faces == [6, 6]     # 4 dice: SIZE 4
    s = new_state(faces=[6, 3, 5, 2, 2, 2, 6, 6])
    rig = put(s, 1, RIG, (0, 0), 0)                     # turning left: front to (1, -1)
    b = put(s, 0, BUGGY, (1, -1), 0)
    combat.crash(s, rig)
    assert rig.pos == (0, 0) and rig.facing == 0 and b.damage == 1


def test_a_big_rig_turning_into_a_vehicle_off_the_diagonal_collides_too():
    s = new_state(faces=[2, 3, 5, 2, 2, 2, 6, 6])
    rig = put(s, 1, RIG, (2, 0), 0)                     # turning right: front to (2, 1)
    b = put(s, 0, BUGGY, (2, 1), 0)
    combat.crash(s, rig)
    assert rig.pos == (2, 0) and rig.facing == 0 and b.damage == 1


def test_a_big_rig_turning_off_the_board_stays():
    s = new_state(faces=[2, 3, 6, 6])
    rig = put(s, 1, RIG, (0, 9), 5)                     # on the edge; right turn: (1, 9) off
    s.tokens[(0, 9)] = True
    combat.crash(s, rig)
    assert rig.pos == (0, 9) and rig.facing == 5 and s.rng.faces == [6, 6]
    assert (0, 9) not in s.tokens                       # it stops on the site


def test_a_big_rig_turning_onto_an_obstacle_stops_unturned():
    # "If the path of the crash and burn is blocked by another wreck or an obstacle, it stops
    # in the last empty hex regardless of how many moves it has left"; an obstacle: "you
    # cannot move into these hexes under any circumstances"
    for roll, front in ((2, (0, 1)), (6, (1, -1))):
        s = new_state(faces=[roll, 3, 6, 6], terrain={front: OBSTACLE})
        rig = put(s, 1, RIG, (0, 0), 0)
        s.tokens[(1, 0)] = True
        combat.crash(s, rig)
        assert rig.pos == (0, 0) and rig.facing == 0, roll
        assert front not in s.occupant and s.occupant[(1, 0)] == rig.vid
        assert s.rng.faces == [6, 6]          # no collision dice against a rock
        assert (1, 0) not in s.tokens         # it stops on the site


def test_a_big_rig_turning_its_front_into_a_hazard_stops_there():
    # "If a vehicle crashes and burns into a hazard, it immediately stops its move in that
    # hex": the front hex swings into the hazard, and the crash ends turned
    s = new_state(faces=[2, 3], terrain={(0, 1): HAZARD})
    rig = put(s, 1, RIG, (0, 0), 0)
    combat.crash(s, rig)
    assert rig.pos == (0, 0) and rig.facing == 1 and s.in_hazard(rig)
    assert set(s.occupant) == {(0, 0), (0, 1)}


def test_a_big_rig_that_can_turn_turns_on_its_rear_hex():
    s = new_state(faces=[2, 1])
    rig = put(s, 1, RIG, (0, 0), 0)
    combat.crash(s, rig)
    assert rig.pos == (0, 1) and rig.facing == 1
    assert set(s.occupant) == {(0, 1), (0, 2)}


def test_a_big_rig_swerving_into_a_big_rig_alongside_collides_once():
    # "If it is unable to move on a roll of 3 or 5 as either/both hexes are occupied by
    # vehicles/obstacles, treat it as a collision as above to any vehicles and do not move"
    s = new_state(faces=[3, 4, 5, 2, 2, 2, 6, 6, 6, 6])
    rig = put(s, 1, RIG, (0, 0), 0)                     # (0, 0), (1, 0)
    other = put(s, 0, RIG, (0, 1), 0)                   # (0, 1), (1, 1): both hexes beside
    combat.crash(s, rig)
    assert rig.pos == (0, 0) and other.damage == 1 and s.rng.faces == [6, 6, 6, 6]


# --- Damage and DP -------------------------------------------------------------------------


def test_damage_adds_pegs_and_wrecks_at_full_dp():
    # "When sufficient damage has been inflicted to fill all pegholes, a black flame peg is
    # placed ... The vehicle will then crash and burn."
    s = logged(faces=[4, 2])
    b = put(s, 1, BUGGY, (0, 0), 0)                      # DP 3
    s.tokens[(0, 0)] = True
    combat.damage(s, b, 1, away_from=None)
    assert b.damage == 1 and b.active and s.dp_pegs() == [0, 1]
    assert s.tokens[(0, 0)] is False                     # "takes damage ... flipped to red"
    assert s.log == ["P2 buggy takes 1 DP (1/3)"]
    combat.damage(s, b, 1, away_from=None)
    assert b.damage == 2 and b.active and s.dp_pegs() == [0, 2] and s.wrecked_by_turn == [0, 0]
    combat.damage(s, b, 5, away_from=None)
    assert b.damage == 3 and not b.active and b.pos == (2, 0)   # crashed: a 4, 2 hexes
    assert s.wrecked_by_turn == [1, 0] and s.log[2] == "P2 buggy is wrecked"


def test_no_damage_to_a_wreck_or_from_no_hits():
    # "Wrecks cannot be damaged further"
    s = new_state(faces=[4, 2])
    b = put(s, 1, BUGGY, (0, 0), 0, damage=3)
    b.active = False
    s.tokens[(0, 0)] = True
    combat.damage(s, b, 2, away_from=None)
    assert b.pos == (0, 0) and s.dp_pegs() == [0, 3] and s.tokens[(0, 0)] is True
    b.active = True
    combat.damage(s, b, 0, away_from=None)
    assert b.active and s.dp_pegs() == [0, 3] and s.tokens[(0, 0)] is True
    b.pos = None
    combat.damage(s, b, 2, away_from=None)
    assert b.active and s.dp_pegs() == [0, 3] and s.rng.faces == [4, 2]


def test_a_wreck_loses_its_plating():
    s = new_state(faces=[4, 1])
    b = put(s, 1, BUGGY, (0, 0), 0)
    b.plating = 1
    combat.damage(s, b, 3, away_from=None)
    assert not b.active and b.plating == 0


def test_a_wrecked_vehicle_turns_directly_away_from_the_attacker():
    # "Use the vehicle's facing for this unless it is wrecked by a ram, in which case turn the
    # target to face directly away from the hex it occupied if pushed, or directly away from
    # the attacker if still adjacent."
    for away_from, facing, end in (((-1, 0), 0, (2, 0)), ((0, 1), 4, (0, -2)),
                                   ((1, -1), 2, (-2, 2))):
        s = new_state(faces=[4, 2])
        b = put(s, 1, BUGGY, (0, 0), 3, damage=2)
        combat.damage(s, b, 1, away_from=away_from)
        assert (b.facing, b.pos) == (facing, end)


def test_a_shot_wreck_keeps_its_facing():
    s = new_state(faces=[4, 2])
    b = put(s, 1, BUGGY, (0, 0), 3, damage=2)
    combat.damage(s, b, 1, away_from=None)
    assert (b.facing, b.pos) == (3, (-2, 0))


def test_a_big_rig_wrecked_by_a_ram_keeps_its_facing():
    # choice (docs/assumptions.md, Ramming): "A big rig wrecked by a ram keeps its facing"
    s = new_state(faces=[4, 2])
    rig = put(s, 1, RIG, (0, 0), 3, damage=5)           # (0, 0), (-1, 0)
    combat.damage(s, rig, 1, away_from=(1, 0))
    assert rig.facing == 3 and rig.pos == (-2, 0)


def test_all_out_war_scores_size_minus_one_for_an_enemy_wreck():
    # All-out WaR: "receive size stat -1 points when you wreck a vehicle. A scout is worth
    # nothing, but a big rig is worth 3!"
    s = new_state(faces=[4, 1, 4, 1, 4, 1])
    s.setup = dataclasses.replace(s.setup, all_out_war=True)
    w = put(s, 1, WRECKER, (0, 0), 0)
    combat.damage(s, w, 4, away_from=None)
    assert s.scores == [2, 0]
    own = put(s, 0, WRECKER, (0, 4), 0)                  # one's own: no points
    combat.damage(s, own, 4, away_from=None)
    assert s.scores == [2, 0] and s.wrecked_by_turn == [2, 0]
    rig = put(s, 1, RIG, (0, -4), 0)
    combat.damage(s, rig, 6, away_from=None)
    assert s.scores == [5, 0]


def test_arcade_mode_removes_the_wreck_after_its_crash_and_burn():
    # Arcade mode: "When a vehicle is wrecked, resolve its crash and burn then remove it from
    # play."
    s = logged(faces=[4, 2])
    s.setup = dataclasses.replace(s.setup, arcade=True)
    s.tokens[(3, 0)] = True
    b = put(s, 1, BUGGY, (0, 0), 0)
    combat.damage(s, b, 3, away_from=None)
    assert b.pos is None and not s.occupant and s.tokens[(3, 0)] is True
    assert s.log[-1] == "P2 buggy is removed from play (arcade mode)"
    assert "the wreck of P2 buggy stops at 2,0" in s.log


def test_the_facing_most_nearly_away():
    # a hex two away from the one it turns from: the facing whose step goes furthest from it
    assert combat._away((0, 0), (2, 0)) == 0
    assert combat._away((0, 0), (0, 2)) == 1            # straight on south-east (not east)
    assert combat._away((2, 0), (0, 0)) == 3
    assert combat._away((0, 0), (2, -1)) == 0          # between east and north-east: east
    assert combat._away((0, 0), (-1, -1)) == 3         # between west and north-west: west
    assert combat._away((0, 0), (0, -2)) == 4
    assert combat._away((0, 0), (2, -2)) == 5 and combat._away((0, 0), (-2, 2)) == 2
    assert combat._away((0, 2), (0, 0)) == 4
    assert combat._away((3, -1), (1, 0)) == 2          # between west and south-west


# --- Ramming: the push ----------------------------------------------------------------------


def _push(terrain=None, others=(), target=BUGGY, pos=(1, 0), facing=1):
    s = logged(terrain=terrain)
    rig = put(s, 0, RIG, (-1, 0), 0)                    # front hex (0, 0), pushing east (0)
    t = put(s, 1, target, pos, facing)
    for seat, slot, h in others:
        put(s, seat, slot, h, 0)
    return s, rig, t


def test_a_push_goes_straight_back_without_turning_the_target():
    # "push the target into one of the three hexes behind it (relative to the direction of
    # the ram) without changing its facing"
    s, rig, t = _push()
    assert combat._push(s, rig, t, 0) == (1, 0)
    assert t.pos == (2, 0) and t.facing == 1 and s.occupant[(2, 0)] == t.vid
    assert (1, 0) not in s.occupant and s.log == ["P2 buggy is pushed to 2,0"]


def test_a_push_blocked_ahead_goes_to_a_side_hex_and_never_into_a_vehicle_or_obstacle():
    # "as long as it does not contain a vehicle or obstacle" (choice: the left-hand side first)
    s, rig, t = _push(terrain={(2, 0): OBSTACLE})
    combat._push(s, rig, t, 0)
    assert t.pos == (2, -1)
    s, rig, t = _push(terrain={(2, 0): OBSTACLE}, others=[(0, SCOUT, (2, -1))])
    combat._push(s, rig, t, 0)
    assert t.pos == (1, 1)
    s, rig, t = _push(terrain={(2, 0): OBSTACLE, (1, 1): OBSTACLE},
                      others=[(1, SCOUT, (2, -1))])
    assert combat._push(s, rig, t, 0) is None
    assert t.pos == (1, 0) and s.occupant[(1, 0)] == t.vid


def test_the_pusher_prefers_a_hazard_and_off_the_board():
    # choice (docs/assumptions.md, Ramming): "off the board, else into a hazard, else straight
    # back, else to a side"
    s, rig, t = _push(terrain={(1, 1): HAZARD})
    combat._push(s, rig, t, 0)
    assert t.pos == (1, 1)
    s, rig, t = _push(terrain={(2, -1): HAZARD, (1, 1): HAZARD})
    combat._push(s, rig, t, 0)
    assert t.pos == (2, -1)
    s = logged()
    rig = put(s, 0, RIG, (7, -7), 5)                     # front (8, -8): pushing north-east
    t = put(s, 1, BUGGY, (9, -9), 0)                     # a corner: all three hexes are off
    assert combat._push(s, rig, t, 5) is None
    assert t.pos is None and not t.active and not s.occupant.get((9, -9))
    assert s.log == ["P2 buggy is pushed off the board"]


def test_a_big_rig_is_pushed_along_its_own_length():
    # a big rig needs two free hexes; its own front hex does not block it
    s = new_state()
    rig = put(s, 0, RIG, (-2, 0), 0)                     # front (-1, 0)
    t = put(s, 1, RIG, (0, 0), 0)                        # (0, 0), (1, 0)
    assert combat._push(s, rig, t, 0) == (0, 0)
    assert t.pos == (1, 0) and set(t.hexes()) == {(1, 0), (2, 0)}


def test_a_push_off_a_site_contests_it_and_onto_one_occupies_it():
    # "pushing a vehicle off a salvage site counts as contesting a site and will flip it back
    # to red"
    s, rig, t = _push()
    s.tokens[(1, 0)] = True
    combat._push(s, rig, t, 0)
    assert s.tokens[(1, 0)] is False


# --- Ramming in the simulator ---------------------------------------------------------------


def test_a_pushed_target_wrecked_by_the_ram_turns_away_from_the_hex_it_left():
    # "turn the target to face directly away from the hex it occupied if pushed"
    s = new_state(faces=[6, 5, 4, 4, 2, 2, 2, 2, 2, 4, 2])
    rig = put(s, 0, RIG, (-1, 0), 0)                     # front (0, 0)
    b = put(s, 1, BUGGY, (1, 0), 4)                      # facing back north-west
    combat.ram(s, rig, b, rear=False)
    # rig: 6 (free 2), 5, 4, 4 = 4 + 4 = 8; buggy 2 2 2 2 -> 0 + 2: 6 DP, pushed to (2, 0)
    assert not b.active and b.facing == 0 and b.pos == (4, 0)


def test_a_target_wrecked_unpushed_turns_away_from_the_attackers_front():
    # "or directly away from the attacker if still adjacent" (a bigger target is not pushed)
    s = new_state(faces=[6, 6, 6, 6, 6, 2, 2, 2, 2, 2, 4, 2])
    w = put(s, 0, WRECKER, (0, 0), 1)                    # facing south-east
    b = put(s, 1, RIG, (0, 1), 5, damage=5)              # (0, 1), (1, 0): hit at (0, 1)
    combat.ram(s, w, b, rear=False)
    assert not b.active and b.facing == 5


def test_a_ram_hits_the_big_rig_hex_nearest_the_attackers_front():
    # "A big rig can only ram from its front hex": the ram's direction runs from the rig's
    # front hex to the target, which is pushed straight on from there
    s = new_state(faces=[4, 2, 2, 2, 4, 2, 2, 2])
    rig = put(s, 0, RIG, (0, 0), 1)                      # (0, 0), (0, 1): front (0, 1)
    b = put(s, 1, BUGGY, (0, 2), 1)
    combat.ram(s, rig, b, rear=False)
    assert b.pos == (0, 3) and b.damage == 2             # 1 + 4 against 1 + 2


# --- Attacking a Target Within Range --------------------------------------------------------


def test_a_shot_rolls_attack_dice_against_the_armour_one_less_from_behind():
    # "They roll the number of dice equal to their attack value. Deduct 1 from the target's
    # armour if you are shooting from a hex directly in the line behind a target"
    s = logged(faces=[4, 4])
    b = put(s, 0, BUGGY, (-2, 0), 0)                     # ATTACK 2
    w = put(s, 1, WRECKER, (0, 0), 0)                    # ARMOUR 5
    combat.shoot(s, b, w, rear=True)
    assert w.damage == 2 and s.log[0] == "rolls [4, 4] needing 4+ from behind: 2 hits"
    s = logged(faces=[4, 5, 6, 6])
    b = put(s, 0, BUGGY, (-2, 0), 0)
    w = put(s, 1, WRECKER, (0, 0), 3)
    combat.shoot(s, b, w)
    assert w.damage == 1 and s.rng.faces == [6, 6] and s.log[0] == "rolls [4, 5] needing 5+: 1 hit"
    s = new_state(faces=[3, 3], config=dataclasses.replace(Config(), rear_bonus=2))
    b = put(s, 0, BUGGY, (-2, 0), 0)
    w = put(s, 1, WRECKER, (0, 0), 0)
    combat.shoot(s, b, w, rear=True)
    assert w.damage == 2


def test_a_potshot_is_minus_one_to_every_roll():
    # POTSHOT: "at a -1 penalty to all rolls to hit"
    s = logged(faces=[4])
    sc = put(s, 0, SCOUT, (-2, 0), 0)                    # ATTACK 1
    b = put(s, 1, BUGGY, (0, 0), 3)                      # ARMOUR 4
    combat.shoot(s, sc, b, potshot=True)
    assert b.damage == 0 and s.log == ["rolls [4] needing 4+ -1 (potshot): 0 hits"]
    s = new_state(faces=[5])
    sc = put(s, 0, SCOUT, (-2, 0), 0)
    b = put(s, 1, BUGGY, (0, 0), 3)
    combat.shoot(s, sc, b, potshot=True)
    assert b.damage == 1
    s = new_state(faces=[5], config=dataclasses.replace(Config(), potshot_penalty=2))
    sc = put(s, 0, SCOUT, (-2, 0), 0)
    b = put(s, 1, BUGGY, (0, 0), 3)
    combat.shoot(s, sc, b, potshot=True)
    assert b.damage == 0


def test_an_ammo_shortage_takes_dice_away_but_leaves_one_and_bloodlust_adds_to_its_owner():
    # the generated event "Attacks roll N fewer dice (at least 1)"; a card's extra attack dice
    # are the current player's for this turn
    s = new_state(faces=[5, 5, 5])
    s.event = CardDef("Dry Magazines", "event", "ammo_shortage", 1)
    b = put(s, 0, BUGGY, (-2, 0), 0)
    t = put(s, 1, BUGGY, (0, 0), 3)
    combat.shoot(s, b, t)
    assert t.damage == 1 and s.rng.faces == [5, 5]
    sc = put(s, 0, SCOUT, (-2, 2), 0)
    combat.shoot(s, sc, t)
    assert t.damage == 2 and s.rng.faces == [5]
    s = new_state(faces=[5, 5, 5, 6, 6])
    s.bonus_dice = 1
    b = put(s, 0, BUGGY, (-2, 0), 0)
    t = put(s, 1, BUGGY, (0, 0), 3, damage=0)
    t.kind = dataclasses.replace(t.kind, dp=9)
    combat.shoot(s, b, t)
    assert t.damage == 3 and s.rng.faces == [6, 6]
    s = new_state(faces=[5, 5, 5, 6, 6])
    s.bonus_dice = 1
    b = put(s, 1, BUGGY, (-2, 0), 0)                     # not the current player's
    t = put(s, 0, BUGGY, (0, 0), 3)
    t.kind = dataclasses.replace(t.kind, dp=9)
    combat.shoot(s, b, t)
    assert t.damage == 2 and s.rng.faces == [5, 6, 6]


def test_rear_is_the_straight_line_behind_and_never_for_flying_shooters():
    # "shooting from a hex directly in the line behind a target"; FLYING: "Flying vehicles do
    # not gain a bonus for attacking a vehicle from the rear."
    s = new_state()
    t = put(s, 1, BUGGY, (0, 0), 0)
    b = put(s, 0, BUGGY, (-2, 0), 0)
    assert combat.rear_of(s, b, b.hexes(), t)
    t.facing = 1
    assert not combat.rear_of(s, b, b.hexes(), t)
    t.facing = 0
    drone = put(s, 0, DRONE, (-3, 0), 0)
    assert not combat.rear_of(s, drone, drone.hexes(), t)
    rig = put(s, 0, RIG, (-3, 1), 5)                     # rear (-3, 1), front (-2, 0)
    b.pos = None
    assert rig.hexes() == ((-3, 1), (-2, 0)) and combat.rear_of(s, rig, rig.hexes(), t)
    assert not combat.rear_of(s, b, (), t)


def test_the_pusher_prefers_off_the_board_to_a_hex_on_it():
    # choice (docs/assumptions.md, Ramming): "off the board, else into a hazard ..."
    s = new_state()
    rig = put(s, 0, RIG, (7, -4), 0)                     # front (8, -4)
    t = put(s, 1, BUGGY, (9, -4), 0)                     # straight on is off; (9, -3) is not
    assert combat._push(s, rig, t, 0) is None and t.pos is None


def test_a_target_pushed_to_the_side_and_wrecked_turns_away_from_the_hex_it_left():
    # "turn the target to face directly away from the hex it occupied if pushed": pushed
    # north-east (straight back is a rock), it faces north-east
    s = new_state(faces=[6, 5, 4, 4, 2, 2, 2, 2, 2, 4, 1], terrain={(2, 0): OBSTACLE})
    rig = put(s, 0, RIG, (-1, 0), 0)                     # front (0, 0)
    b = put(s, 1, BUGGY, (1, 0), 3)
    combat.ram(s, rig, b, rear=False)
    assert not b.active and b.facing == 5 and b.pos == (3, -2)


def test_a_target_wrecked_unpushed_turns_away_from_the_attacker():
    # "or directly away from the attacker if still adjacent": a buggy rams a bigger wrecker
    # (no push); "If the scores are tied then the attacker always wins. The defender takes 1DP"
    s = new_state(faces=[6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 2])
    b = put(s, 0, BUGGY, (0, 0), 0)
    w = put(s, 1, WRECKER, (1, 0), 3, damage=3)          # facing the buggy
    combat.ram(s, b, w, rear=False)
    # buggy: 6 (free 2), 2, 2, 2 = 1 + 2 = 3; wrecker 2 x5 = 0 + 3 = 3: a tie
    assert not w.active and w.facing == 0 and w.pos == (3, 0) and b.damage == 0


def test_a_defender_with_no_armour_left_rolls_no_die():
    # "they lose 1 die if attacked from the rear hex as their armour is lower!": with the rear
    # bonus at 3 (an option) a scout's armour 3 leaves no die to roll
    s = new_state(faces=[2, 2, 2, 2, 4, 1, 5, 5],
                  config=dataclasses.replace(Config(), rear_bonus=3))
    b = put(s, 0, BUGGY, (0, 0), 0)
    sc = put(s, 1, SCOUT, (1, 0), 0)
    combat.ram(s, b, sc, rear=True)
    # buggy: 4 hits (armour 0) + 2 = 6 against 0 + 1: wrecked, pushed to (2, 0), a 4 then 1
    assert not sc.active and sc.pos == (3, 0) and s.rng.faces == [5, 5]


def test_without_free_rolls_a_defenders_6_still_hits_and_a_1_still_misses():
    # defender_explodes=False: "A roll of a 6 ALWAYS counts as a success", "A roll of 1 is
    # ALWAYS a miss!" - against a plated wrecker (armour 7) and an armour-1 attacker
    cfg = dataclasses.replace(Config(), defender_explodes=False)
    s = new_state(faces=[1] * 7 + [6, 1, 1, 1], config=cfg)
    w = put(s, 0, WRECKER, (0, 0), 0)
    w.plating = 2                                        # 7 dice, needing 4
    b = put(s, 1, BUGGY, (1, 0), 3)
    combat.ram(s, w, b, rear=False)
    # wrecker 0 + 3 against buggy 1 (the 6) + 2: a tie, 1 DP, "neither vehicle is moved"
    assert b.damage == 1 and b.pos == (1, 0) and s.rng.faces == []
    s = new_state(faces=[6, 1, 1, 1, 1, 2], config=cfg)
    b = put(s, 0, BUGGY, (0, 0), 0)
    b.kind = dataclasses.replace(b.kind, armour=1)       # 1 die, needing the target's 4
    sc = put(s, 1, SCOUT, (1, 0), 3)
    sc.kind = dataclasses.replace(sc.kind, armour=4, dp=9)
    combat.ram(s, b, sc, rear=False)
    # buggy: 6 (free 1) + 2 = 3; scout: 1, 1, 1, 2 against armour 1 -> the 2 + 1 = 2: 1 DP
    assert sc.damage == 1 and s.rng.faces == []


def test_the_ram_is_logged():
    s = logged(faces=[1, 3, 3, 4, 6, 5, 2, 4, 5])
    w = put(s, 0, WRECKER, (-1, 0), 0)
    rig = put(s, 1, RIG, (0, 0), 0)
    combat.ram(s, w, rig, rear=True)
    assert s.log[0] == "ram from the rear: [1, 3, 3, 4, 6, 5] -> 8 against [2, 4, 5] -> 5"
    s = logged(faces=[1, 1, 1, 1, 1, 1, 1, 1, 1])
    w = put(s, 0, WRECKER, (-1, 0), 0)
    rig = put(s, 1, RIG, (0, 0), 0)
    combat.ram(s, w, rig, rear=False)
    assert s.log[0] == "ram: [1, 1, 1, 1, 1] -> 3 against [1, 1, 1, 1] -> 4"


def test_a_wrecker_pushes_straight_ahead_from_its_own_hex():
    # "push the target into one of the three hexes behind it (relative to the direction of the
    # ram)": a one-hex attacker rams from its own hex
    s = new_state(faces=[6, 4, 2, 2, 2, 2, 2, 2, 2, 2])
    w = put(s, 0, WRECKER, (0, 0), 0)
    b = put(s, 1, BUGGY, (1, 0), 1)
    combat.ram(s, w, b, rear=False)
    # wrecker: 6 (free 2), 4, 2, 2, 2 = 2 + 3 = 5; buggy 2 2 2 2 = 0 + 2: 3 DP wrecks it
    assert b.damage == 3 and s.occupant.get((1, 0)) is None


def test_a_ram_hits_the_big_rig_hex_next_to_the_attacker():
    # the nearer of the target rig's two hexes is hit; the push goes on from there
    s = new_state(faces=[6, 5, 4, 4, 2, 2, 2, 2, 2])
    rig = put(s, 0, RIG, (3, 0), 3)                      # (3, 0), front (2, 0)
    t = put(s, 1, RIG, (1, 0), 3)                        # (1, 0), front (0, 0)
    combat.ram(s, rig, t, rear=True)
    # 6 (free 2), 5, 4, 4 against armour 3: 4 + 4 = 8; 2 2 2 (3 dice) = 0 + 4: 4 DP, pushed west
    assert t.damage == 4 and t.pos == (0, 0) and t.hexes() == ((0, 0), (-1, 0))
