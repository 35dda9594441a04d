"""The heuristic player takes only legal actions: its candidates are checked against
``legal_actions`` (``play(check=True)``) over many seeds, player counts and variants."""

from __future__ import annotations

import functools
import random

import pytest

from pnp.games.wreck_and_ruin import GAME, OPTIONS
from pnp.games.wreck_and_ruin.bots import HeuristicBot, _Look
from pnp.sim.play import game_seed, play

from .helpers import BUGGY, RIG, SCOUT2, new_state, put

DRONE = 5
#: Each bool option of the game: a variant.
VARIANTS = tuple(o.name for o in OPTIONS if o.kind is bool)


def _drone_in_front_of(s, *, wreck: bool):
    # the Ruin Army's drone, a live scout and a wreck in its front arc
    s.round = 2
    put(s, 0, RIG, (-4, 0), 0)
    drone = put(s, 0, DRONE, (0, 0), 0)
    drone.active, drone.special = True, True
    put(s, 1, SCOUT2, (1, 0), 0)          # its rear to the drone
    w = put(s, 1, BUGGY, (1, -1), 3, damage=3)
    w.active = not wreck
    s._legal = None
    return drone


def test_the_drone_neither_rams_nor_salvages_among_the_bots_candidates():
    # FLYING: "Flying vehicles cannot full throttle, reverse, nor can they ram or be rammed";
    # salvaging a wreck "is treated as a ram, costing 1AP and counts towards that vehicle's
    # 2AP limits"
    s = new_state()
    drone = _drone_in_front_of(s, wreck=True)
    kinds = {a.kind for _, a in _Look(s).candidates() if a.vehicle == drone.vid}
    assert not {"ram", "salvage", "reverse", "throttle"} & kinds
    legal = set(s.legal_actions())
    assert all(a in legal for _, a in _Look(s).candidates())


def test_the_bots_choice_is_legal_with_the_drone_on_the_board():
    s = new_state()
    _drone_in_front_of(s, wreck=True)
    act = HeuristicBot().choose(s, random.Random(1))
    assert act in s.legal_actions(), act


def test_the_reported_game_plays_through_with_the_check_on():
    # `pnp wreck-and-ruin replay --players 3 --seed vc --game 3 --card-shark` crashed on
    # "P3 drone rams P1 scout-2"
    setup = GAME.make_setup("vc", 3, ("heuristic",) * 3, {"card_shark": True})
    assert play(GAME, setup, game_seed("vc", 3), check=True).is_over()


def _cases(n: int) -> list[tuple[int, str | None, int]]:
    """(players, variant or None, game) cases: player counts 2-4 and every variant in turn
    (Team games need 4 players)."""
    out = []
    for i in range(n):
        variant = (None, *VARIANTS)[i % (len(VARIANTS) + 1)]
        players = 4 if variant == "teams" else 2 + i % 3
        out.append((players, variant, i))
    return out


@functools.cache
def _setup(seed: str, players: int, variant: str | None) -> object:
    options = {variant: True} if variant else {}
    return GAME.make_setup(seed, players, ("heuristic",) * players, options)


def _play_checked(players: int, variant: str | None, i: int, salt: str) -> None:
    # seven maps per player count, each game its own dice
    setup = _setup(f"{salt}{i % 7}", players, variant)
    assert play(GAME, setup, game_seed(salt, i), check=True).is_over()


@pytest.mark.parametrize("players,variant,i", _cases(20))
def test_heuristic_players_play_legally(players, variant, i):
    _play_checked(players, variant, i, "check")


@pytest.mark.slow
def test_heuristic_players_play_legally_over_many_games():
    # a drone that rams appeared in about 5 games of 400
    for players, variant, i in _cases(1000):
        _play_checked(players, variant, i, "check-slow")


def test_every_variant_is_covered():
    assert {"unpredictable", "arcade", "card_shark", "teams", "last_man_standing"} <= set(
        VARIANTS)
    assert {v for _, v, _ in _cases(20)} == {None, *VARIANTS}
    assert {p for p, _, _ in _cases(20)} == {2, 3, 4}

