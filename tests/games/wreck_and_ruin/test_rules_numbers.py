"""Every number of ``rules.py`` pinned to the rulebook's words ("The Vehicle Sizes", the
procedures) or to its choice in docs/assumptions.md ("## Wreck and Ruin"), one test each.

The defaults of a dataclass are not mutated by the mutation tester, so these tests state the
numbers outright: a changed number must change a test here, not only the printed guides.
"""

from __future__ import annotations

import dataclasses

import pytest

from pnp.games.wreck_and_ruin import rules
from pnp.games.wreck_and_ruin.data import load_config
from pnp.games.wreck_and_ruin.rules import (
    KINDS,
    ROSTER,
    SPECIALS,
    VEHICLES,
    Config,
    VehicleType,
    vehicle_type,
)


def _row(name: str) -> tuple:
    v = vehicle_type(name)
    return v.size, v.move, v.attack, v.armour, v.dp, v.skills, v.hexes


def test_the_vehicle_sizes_table():
    # The Vehicle Sizes: "SIZE MOVE ATTACK ARMOUR DP SKILLS
    #   1: SCOUT    8 1 3 2 AGILE, POTSHOT
    #   2: BUGGY    6 2 4 3 REPAIR
    #   3: WRECKER  5 2 5 4 STEAMROLL
    #   4: BIG RIG  4 3 4 6 MECHANIC, 360 TURRET"
    # and "Vehicles take up one hex on the board each, with the exception of big rigs which
    # take up 2."
    assert _row("scout") == (1, 8, 1, 3, 2, ("AGILE", "POTSHOT"), 1)
    assert _row("buggy") == (2, 6, 2, 4, 3, ("REPAIR",), 1)
    assert _row("wrecker") == (3, 5, 2, 5, 4, ("STEAMROLL",), 1)
    assert _row("big-rig") == (4, 4, 3, 4, 6, ("MECHANIC", "360 TURRET"), 2)
    # "vehicles from all factions have the same stats": one table, no per-faction rows
    assert KINDS == ("scout", "buggy", "wrecker", "big-rig", "drone", "rhinax")
    assert tuple(v.name for v in VEHICLES) == KINDS


def test_the_special_vehicles_are_choices():
    # "2 special vehicle tokens, linked to faction cards: the rhinax and drone"; "FLYING: ...
    # the Ruin Army's unmanned drone faction card". The rulebook prints no stats for either:
    # docs/assumptions.md, "The drone and the rhinax" (drone SIZE 1, MOVE 6, ATTACK 2,
    # ARMOUR 3, DP 2, FLYING, tuned so Eye in the Sky's holder wins a fair share (issue 25);
    # rhinax SIZE 3, MOVE 5, ATTACK 2, ARMOUR 5, DP 3, no skill).
    assert _row("drone") == (1, 6, 2, 3, 2, ("FLYING",), 1)
    assert _row("rhinax") == (3, 5, 2, 5, 3, (), 1)
    assert SPECIALS == ("drone", "rhinax")
    assert Config().specials == SPECIALS and Config().absent == ()


def test_a_faction_s_vehicles_in_the_random_event_numbering():
    # Your Faction Vehicles: "2 scouts, 1 buggy, 1 wrecker and 1 big rig"; Random Events:
    # "normally scouts are 1 and 2, buggies are 3, wreckers 4, big rigs 5"
    assert ROSTER == ("scout", "scout", "buggy", "wrecker", "big-rig")
    assert Config().roster == ROSTER


def test_action_points_rounds_and_the_first_turn_bonus():
    c = Config()
    # Setting Up the Game: "Players each take 5 action points (AP) for a 2 player game, or 4
    # with 3-4 players."
    assert [c.per_players(c.ap, p) for p in (2, 3, 4)] == [5, 4, 4]
    # "A typical 2 player game lasts 6 rounds, a 3 player 5 rounds, and a 4 player 4 rounds"
    assert [c.per_players(c.rounds, p) for p in (2, 3, 4)] == [6, 5, 4]
    # "player 1 gains 1 bonus AP for their first turn in a 3-4 player game"
    assert [c.per_players(c.first_turn_bonus, p) for p in (2, 3, 4)] == [0, 1, 1]
    # the triple is read by player count, not by position alone
    assert Config().per_players((7, 8, 9), 2) == 7
    assert Config().per_players((7, 8, 9), 3) == 8
    assert Config().per_players((7, 8, 9), 4) == 9


def test_the_procedures_numbers():
    c = Config()
    # Spending Your AP: "A single vehicle can only complete 2 of these actions per turn ...
    # this is called the 2AP limit"
    assert c.ap_limit == 2
    # "The last player places any further tokens required until there are 4 placed on the
    # board"; "Only two tokens can be on any given tile"
    assert (c.tokens, c.tokens_per_tile) == (4, 2)
    # Attacking: "every vehicle's ranged attack has a 3 hex firing range"; "Deduct 1 from the
    # target's armour if you are shooting from a hex directly in the line behind a target"
    assert (c.shoot_range, c.rear_bonus) == (3, 1)
    # POTSHOT: "at a -1 penalty to all rolls to hit"
    assert c.potshot_penalty == 1
    # Vehicles Trapped in Hazards: "must first roll a 4+"; "it has a -1 penalty to its move
    # this turn"
    assert (c.trapped_need, c.hazard_move_penalty) == (4, 1)
    # Reversing: "Each hex reversed into costs 2 movement"
    assert c.reverse_cost == 2
    # STEAMROLL: "Wreckers can move up to 2 hexes in its current facing"
    assert c.steamroll == 2
    # Attempting to Repair a Wreck: "roll 2 dice"; Repairing Active Vehicles: "Roll 3 dice";
    # repairing itself "only rolls 1 die"
    assert (c.wreck_repair_dice, c.buggy_repair_dice, c.self_repair_dice) == (2, 3, 1)
    # MECHANIC: "Big rigs can remove 1DP at the beginning of their turn"
    assert c.mechanic == 1
    # Crash and burn, 1: "The owner of the wreck makes an attack: 1 (one die attack) against
    # EVERY adjacent vehicle"
    assert c.explosion_dice == 1
    # Setting Up the Game: "Each player is dealt one salvage card from the deck"
    assert c.start_salvage == 1


def test_the_choices_where_the_rulebook_is_silent():
    c = Config()
    # docs/assumptions.md: the defender's 6s in a ram explode like every 6 ("Any rolls of 6 ...
    # are rolled again for free" is said of the attacker only)
    assert c.defender_explodes is True
    # docs/assumptions.md: the map fairness margin, half a buggy's AP
    assert c.margin_ap == 0.5


def test_every_number_of_config_is_pinned_above():
    # a new field must come with its own test (the rulebook's words or a choice)
    pinned = {"vehicles", "roster", "specials", "absent", "ap", "first_turn_bonus", "rounds",
              "ap_limit", "tokens", "tokens_per_tile", "shoot_range", "rear_bonus",
              "potshot_penalty", "trapped_need", "hazard_move_penalty", "reverse_cost",
              "steamroll", "wreck_repair_dice", "buggy_repair_dice", "self_repair_dice",
              "mechanic", "explosion_dice", "defender_explodes", "start_salvage", "margin_ap",
              "type_of"}
    assert {f.name for f in dataclasses.fields(Config)} == pinned
    assert Config().vehicles == VEHICLES
    assert load_config() == Config()       # the bundled YAML states the same numbers


def test_a_config_built_afresh_finds_its_vehicles_by_name():
    # a Config made now (not the module's import-time one) indexes its own vehicle rows
    tank = VehicleType("tank", 5, 3, 4, 6, 8)
    c = Config(vehicles=VEHICLES + (tank,))
    assert c.type_of == {v.name: v for v in VEHICLES + (tank,)}
    assert vehicle_type("tank", c) is tank
    assert vehicle_type("buggy", dataclasses.replace(Config(), ap_limit=3)).move == 6
    assert "type_of" not in repr(c)


def test_an_unknown_vehicle_type_names_the_known_ones():
    with pytest.raises(KeyError) as err:
        vehicle_type("tank")
    assert err.value.args[0] == ("unknown vehicle type 'tank' (scout, buggy, wrecker, big-rig, "
                                 "drone, rhinax)")


def test_skills_by_name():
    assert vehicle_type("scout").has("AGILE") and vehicle_type("scout").has("POTSHOT")
    assert not vehicle_type("buggy").has("AGILE")
    assert rules.vehicle_type("big-rig").has("360 TURRET")
