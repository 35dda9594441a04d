"""Every game of a setup starts from the same vehicles, built and deployed once per setup and
copied: no game may share them, nor change the next game's start."""

from __future__ import annotations

import random

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.state import WreckState
from pnp.sim.play import game_seed, play

from .helpers import new_state


def _vehicles(s: WreckState) -> list[tuple]:
    return [(v.vid, v.seat, v.slot, v.kind.name, v.pos, v.facing, v.damage, v.active, v.special,
             v.plating) for v in s.vehicles]


def test_games_of_one_setup_share_no_vehicle_and_no_hex_table():
    setup = GAME.make_setup("start", 4, ("heuristic",) * 4, {})
    a, b = WreckState(setup, random.Random(1)), WreckState(setup, random.Random(1))
    assert not {id(v) for v in a.vehicles} & {id(v) for v in b.vehicles}
    assert a.occupant == b.occupant and a.occupant is not b.occupant
    before = _vehicles(b)
    a.vehicles[0].damage = 1
    a.leave(a.vehicles[0])
    a.vehicles[0].pos = None
    assert _vehicles(b) == before and b.occupant[b.vehicles[0].pos] == 0
    # each game's vehicles as the heuristic player reads them are its own
    assert a.notes.rows != b.notes.rows and b.notes.down is not a.notes.down
    assert a.vehicles[0].notes is a.notes and b.vehicles[0].notes is b.notes


def test_a_game_played_out_leaves_the_next_start_as_it_was():
    setup = GAME.make_setup("start", 3, ("heuristic",) * 3, {})
    first = WreckState(setup, random.Random(5))
    start, hexes = _vehicles(first), dict(first.occupant)
    play(GAME, setup, game_seed("start", 0))
    again = WreckState(setup, random.Random(5))
    assert _vehicles(again) == start and again.occupant == hexes


def test_a_state_without_deployment_has_its_vehicles_off_the_board():
    s = new_state(players=2)
    assert all(v.pos is None for v in s.vehicles) and s.occupant == {}
    deployed = WreckState(s.setup, random.Random(1))
    assert all(v.pos is not None for v in deployed.vehicles if not v.special)
    assert all(v.pos is None for v in new_state(players=2).vehicles)
