"""Test helpers for the tour: small boards, a fixed Waster, and playing rounds through the rules.

Positions are only ever built by applying actions (``decide``, ``play_round``): tests never write
into a state's seats. ``FixedRandom`` makes the Waster's draws predictable: every draw returns
the same number, so a test can fix whether checks pass (a check passes when the draw is below
its chance, ``rules.check_probability``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import Action, CityChoice, Explore, Face, QuickResupply
from pnp.games.waste_knights.cards import Card, Deck
from pnp.games.waste_knights.data import stalls_spaces, wasteland_deck
from pnp.games.waste_knights.hexes import Board, Hex, Kind, Terrain, board_coords, tier_of
from pnp.games.waste_knights.simulate import Setup, tour_setup
from pnp.games.waste_knights.state import CITY, EXPLORE, FACE, MOVE, TourState
from pnp.games.waste_knights.tour import TourModel

SPEEDS = {"strider": 4, "off-road": 3, "heavy-duty": 2}


class FixedRandom(random.Random):
    """A random stream whose every draw is ``value`` (luck cards, tasks, cards and checks)."""

    def __init__(self, value: float = 0.5) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:  # noqa: D102 - the one draw the rules make
        return self.value


def flat_board(difficulty: int = 2, *, threat: int = 0, radiation: int = 0,
               contamination: int = 0) -> Board:
    """Gangraen at the centre, every other hex normal with the same route difficulty/icons."""
    hexes = []
    for i, c in enumerate(board_coords()):
        if c == (0, 0):
            hexes.append(Hex(q=0, r=0, tier=1, kind=Kind.CITY, tile="C1", route_difficulty=1,
                             number=1, name="Gangraen"))
        else:
            hexes.append(Hex(q=c[0], r=c[1], tier=tier_of(c), kind=Kind.NORMAL, tile=f"N{i}",
                             route_difficulty=difficulty, terrain=Terrain.DESERT,
                             threat=threat, radiation=radiation,
                             contamination=contamination))
    return Board(tuple(hexes))


def with_special(board: Board, coord: tuple[int, int], number: int) -> Board:
    """``board`` with the reference sheet's special hex ``number`` laid at ``coord`` (tile S1)."""
    rule = R.HEX_RULES[number]
    return Board(tuple(replace(h, kind=Kind.SPECIAL, number=number, name=rule.name, tile="S1",
                               terrain=None, radiation=0, contamination=0)
                       if h.coord == coord else h for h in board.hexes))


def quiet_deck(*cards: Card) -> Deck:
    """The bundled deck's ranges and knights with only ``cards`` (default: one event that does
    nothing, whatever the knight answers)."""
    calm = Card("Quiet Road", "event", "survival", 5)
    return replace(wasteland_deck(), cards=cards or (calm,), named=0)


def new_tour(board: Board, players: int = 2, *, vehicle: str = "strider", rounds: int = 10,
             model: TourModel | None = None, rng: random.Random | None = None,
             bots: str = "heuristic", deck: Deck | None = None) -> TourState:
    """A tour of ``board`` at its first decision (rules drawing from ``rng``)."""
    setup: Setup = tour_setup(board, SPEEDS, players, [vehicle], [bots], rounds, model,
                              deck=deck or wasteland_deck(), stalls=stalls_spaces())
    return TourState(setup, rng or random.Random(1))


def passive(state: TourState) -> Action:
    """The do-nothing answer: stay, no exploration action, keep luck cards, +1 Fuel, escape."""
    s = state.current_player
    if state.decision is MOVE:
        return state.stay()
    if state.decision is CITY:
        return CityChoice(s, R.CityOption.FUEL)
    if state.decision is EXPLORE:
        return Explore(s, None)
    if state.decision is FACE:
        return Face(s, False)
    return QuickResupply(s, None)


Chooser = Callable[[TourState], "Action | None"]


def play_round(state: TourState, choose: Chooser | None = None) -> list[Action]:
    """Play to the start of the next round's Move Step (or the end): ``choose`` answers each
    decision (None: the passive answer). Returns the actions applied."""
    start = state.round
    done: list[Action] = []
    while not state.is_over() and not (state.round > start and state.decision is MOVE):
        action = (choose(state) if choose else None) or passive(state)
        state.apply(action)
        done.append(action)
    return done


def hex_of(state: TourState, label: str) -> int:
    """The index of the hex with place label ``label``."""
    return state.tables.index[label]
