"""Every game's board view keeps the table's promises (pnp/games/view.py).

Parametrised over the registry: bots play a game and, every few actions and at the end, the
view must draw the state as well-formed SVG, give each side's status, say whose turn it is,
put every legal action in a named group, and point a click spot only at a spot it drew. At the
end it says who won, how, and gives a score table. Hidden parts: what one seat sees of another
must not differ from what a spectator sees of it.
"""

from __future__ import annotations

import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pnp.games.registry import GAMES, get
from pnp.games.view import EVERYONE, SPECTATOR, Board, Result, SeatView, view_for
from pnp.layout.svg import drawing_to_svg
from pnp.sim.play import bot_names, new_game

#: docs/adding-a-game.md's example game (tests/games/pig_game.py), checked beside the real ones.
EXAMPLE = {"pig": "pig_game"}
sys.path.insert(0, str(Path(__file__).parent.parent / "games"))

#: Look at the view every this many actions (and at the end).
EVERY = 7
MAX_ACTIONS = 4000


def _setup(spec, bots="heuristic"):
    n = spec.default_players
    options = {o.name: o.default for o in spec.options}
    return spec.make_setup("views", n, bot_names(spec, n, bots), options)


def check_frame(view, state, viewer: int) -> Board:
    board = view.board(state, viewer)
    assert isinstance(board, Board)
    svg = drawing_to_svg(board.drawing, embed_fonts=False)
    ET.fromstring(svg)  # well-formed
    keys = [s.key for s in board.spots]
    assert len(keys) == len(set(keys)), "spot keys must be unique"
    for s in board.spots:
        assert (s.circle is None) != (not s.polygon), f"{s.key}: a circle or a polygon"
    seats = view.seats(state, viewer)
    assert [s.seat for s in seats] == list(range(len(seats)))
    assert all(isinstance(s, SeatView) and s.name for s in seats)
    assert view.turn(state)
    legal = state.legal_actions()
    drawn = set(keys)
    for action in legal:
        assert view.kind(action), f"{action}: no group"
        assert view.label(state, action), f"{action}: no label"
        key = view.spot(state, action)
        assert key is None or key in drawn, f"{action}: spot {key!r} is not on the board"
    return board


@pytest.fixture
def with_example(monkeypatch):
    monkeypatch.setattr("pnp.games.registry.GAMES", {**GAMES, **EXAMPLE})


@pytest.mark.parametrize("name", [*GAMES, *EXAMPLE])
def test_view_draws_every_stage_of_a_game(name, with_example):
    spec = get(name)
    view = view_for(spec)
    setup = _setup(spec)
    state, bots, rng = new_game(spec, setup, 12345)
    clicks = 0
    for k in range(MAX_ACTIONS):
        if state.is_over():
            break
        if k % EVERY == 0:
            board = check_frame(view, state, state.current_player)
            clicks += sum(view.spot(state, a) is not None for a in state.legal_actions())
            check_frame(view, state, SPECTATOR)
            assert board.drawing.width > 0 and board.drawing.height > 0
        state.apply(bots[state.current_player].choose(state, rng))
    assert state.is_over()
    check_frame(view, state, EVERYONE)
    result = view.result(state)
    assert isinstance(result, Result) and result.winner and result.how
    assert result.headers and result.rows
    assert all(len(r) == len(result.headers) for r in result.rows)
    assert clicks > 0, "no action can be picked on the board"


@pytest.mark.parametrize("name", list(GAMES))
def test_hidden_parts_are_shown_only_to_their_seat(name):
    """A seat's status as another seat sees it is the status a spectator sees."""
    spec = get(name)
    view = view_for(spec)
    state, bots, rng = new_game(spec, _setup(spec), 777)
    for _ in range(60):
        if state.is_over():
            break
        state.apply(bots[state.current_player].choose(state, rng))
    seats = len(view.seats(state, SPECTATOR))
    for viewer in range(seats):
        seen = view.seats(state, viewer)
        public = view.seats(state, SPECTATOR)
        for other in range(seats):
            if other != viewer:
                assert seen[other] == public[other]


def test_views_draw_the_same_board_as_the_session_prints():
    """The table's Salvage field is the printed field: same nodes, same places."""
    spec = get("salvage")
    setup = _setup(spec)
    state, _, _ = new_game(spec, setup, random.Random(1).getrandbits(32))
    board = view_for(spec).board(state, EVERYONE)
    field = setup.field
    spots = {s.key: s for s in board.spots}
    for node in field.nodes:
        spot = spots[f"node {node.id}"]
        assert spot.circle is not None
        assert spot.circle[:2] == pytest.approx((node.x, node.y))
