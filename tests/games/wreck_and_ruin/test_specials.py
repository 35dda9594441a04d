"""The special vehicles: the Ruin Army's drone (FLYING, Special Skills) and the Desertkin's
rhinax, brought into play by faction cards."""

from __future__ import annotations

from pnp.games.wreck_and_ruin.actions import Act, parse_action
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.legal import (
    legal_actions,
    move_options,
    ram_options,
    shoot_targets,
)
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

from .helpers import BUGGY, RIG, SCOUT, WRECKER, new_state, put

DRONE, RHINAX = 5, 6


def test_specials_start_in_the_box_and_never_return():
    s = new_state()
    drone = s.vehicle(0, DRONE)
    assert drone.kind.name == "drone" and drone.pos is None and drone.special
    put(s, 0, BUGGY, (0, 0), 0)
    returns = {a.vehicle for a in s.legal_actions() if a.kind == "return"}
    assert s.vehicle(0, SCOUT).vid in returns           # a scout taken off may come back
    assert not {drone.vid, s.vehicle(0, RHINAX).vid} & returns
    assert str(Act("move", 0, drone.vid, to=(1, 0), facing=0)) == "P1 drone moves to 1,0 facing 0"
    assert parse_action("P2 rhinax moves to 1,0 facing 0").vehicle == s.vehicle(1, RHINAX).vid


def test_the_faction_card_brings_the_drone_in_next_to_the_big_rig():
    s = new_state()
    s.round = 2
    s.faction_card[0] = CardDef("Eye in the Sky", "faction", "drone")
    rig = put(s, 0, RIG, (0, 0), 0)
    s.apply(Act("faction", 0))
    drone = s.vehicle(0, DRONE)
    assert drone.active and drone.pos is not None
    assert min(abs(drone.pos[0] - h[0]) + abs(drone.pos[1] - h[1])
               + abs(drone.pos[0] - h[0] + drone.pos[1] - h[1]) for h in rig.hexes()) == 2
    assert any(a.vehicle == drone.vid for a in s.legal_actions())   # it may act this turn


def test_flying_moves_over_anything_and_ends_only_in_an_empty_open_hex():
    # FLYING: "They can fly over vehicles, obstacles and hazards but must end their move in an
    # empty hex ... cannot end their turn over another vehicle, obstacle, hazard or salvage
    # site"
    s = new_state(terrain={(1, 0): OBSTACLE, (2, 0): HAZARD})
    drone = put(s, 0, DRONE, (0, 0), 0)
    put(s, 1, BUGGY, (3, 0), 3)
    s.tokens[(5, 0)] = False
    ends = {a for a, _ in move_options(s, drone)}
    assert (4, 0) in ends and (6, 0) in ends                 # over the rock, hazard and buggy
    assert not {(1, 0), (2, 0), (3, 0), (5, 0)} & ends
    kinds = {a.kind for a in legal_actions(s) if a.vehicle == drone.vid}
    assert "reverse" not in kinds and "throttle" not in kinds and "ram" not in kinds


def test_ground_vehicles_pass_a_drone_but_do_not_stop_on_it():
    # "Other vehicles can move through the hex occupied by a flying vehicle during their turn,
    # but they cannot end any movement in the same hex."
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, DRONE, (1, 0), 0)
    ends = {a for a, _ in move_options(s, b)}
    assert (2, 0) in ends and (1, 0) not in ends


def test_a_drone_cannot_be_rammed_nor_shoot_with_the_rear_bonus():
    # "nor can they ram or be rammed"; "Flying vehicles do not gain a bonus for attacking a
    # vehicle from the rear"
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    put(s, 1, DRONE, (1, 0), 0)
    assert ram_options(s, w) == []
    s2 = new_state()
    d = put(s2, 0, DRONE, (0, 0), 0)
    t = put(s2, 1, BUGGY, (2, 0), 0)        # the buggy faces away: the drone is behind it
    assert shoot_targets(s2, d) == [(t.vid, False)]


def test_a_destroyed_drone_explodes():
    # "If a vehicle with flying is destroyed it is treated as rolling a 1 on the crash and burn
    # table": removed, one die against every adjacent vehicle (here a 6 then a 2: 1 hit)
    s = new_state(faces=[6, 2, 6, 2])
    shooter = put(s, 0, SCOUT, (-2, 0), 0)
    drone = put(s, 1, DRONE, (0, 0), 0)
    other = put(s, 1, BUGGY, (1, 0), 0)
    s.apply(Act("shoot", 0, shooter.vid, drone.vid))
    assert drone.pos is None and not drone.active
    assert other.damage >= 1


def test_a_crash_stops_before_a_drone():
    # "Should a vehicle crash and burn into a hex containing a flying vehicle, it ends its
    # move in the hex before it."
    from pnp.games.wreck_and_ruin import combat

    s = new_state(faces=[4, 5])             # direction 4 (straight on), distance 5
    b = put(s, 1, BUGGY, (0, 0), 0)
    put(s, 0, DRONE, (2, 0), 0)
    b.damage, b.active = b.kind.dp, False
    combat.crash(s, b)
    assert b.pos == (1, 0) and s.vehicle(0, DRONE).damage == 0


def test_a_vehicles_file_without_the_specials_loads(tmp_path):
    # drone and rhinax are needed only when a faction card brings them in
    import pytest
    import yaml

    from pnp.errors import PnpError
    from pnp.games.wreck_and_ruin import GAME, data
    from pnp.resources import cardset

    veh = yaml.safe_load(cardset("wreck_and_ruin/vehicles.yaml").read_text())
    for k in ("drone", "rhinax"):
        veh["vehicles"].pop(k)
    vpath = tmp_path / "vehicles.yaml"
    vpath.write_text(yaml.safe_dump(veh))
    cfg = data.load_config(None, vpath)
    assert cfg.absent == ("drone", "rhinax") and {v.name for v in cfg.vehicles} >= {"scout"}
    # the bundled factions bring both in: refused, naming the file and the vehicle
    with pytest.raises(PnpError) as err:
        GAME.make_setup("v", 2, ("random",) * 2, {"vehicles": str(vpath)})
    assert err.value.file == str(vpath) and err.value.field == "vehicles.rhinax"
    assert "Rhinax Stampede" in str(err.value) and "\n" not in str(err.value)
    # factions without the summoning cards play
    fac = yaml.safe_load(cardset("wreck_and_ruin/factions.yaml").read_text())
    for cards in fac["factions"].values():
        for i, c in enumerate(cards):
            if c["effect"] in ("drone", "rhinax"):
                cards[i] = {"name": c["name"], "effect": "war_cry", "amount": 1}
    fpath = tmp_path / "factions.yaml"
    fpath.write_text(yaml.safe_dump(fac))
    setup = GAME.make_setup("v", 2, ("random",) * 2,
                            {"vehicles": str(vpath), "factions": str(fpath)})
    assert setup.config.absent == ("drone", "rhinax")
