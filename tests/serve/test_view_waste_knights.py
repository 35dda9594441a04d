"""Waste Knights at the table: the printed board, the knights and tokens where the state puts
them, click spots on the hexes, hidden luck cards and private tasks, the score table."""

from __future__ import annotations

import math

import pytest

from pnp.games.registry import get
from pnp.games.view import EVERYONE, SPECTATOR, view_for
from pnp.games.waste_knights import actions as A
from pnp.games.waste_knights import printables as P
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.state import EXPLORE, FACE, MOVE
from pnp.games.waste_knights.view import (
    SEAT_COLOURS,
    TASK_COLOURS,
    VIEW,
    _static,
    knight_slot,
)
from pnp.games.waste_knights.wasteland import gear_value
from pnp.layout.draw import Circle, Rect, TextBox
from pnp.layout.svg import drawing_to_svg
from pnp.sim.play import bot_names, new_game
from tests.serve.helpers import flat, play_until

SPEC = get("waste-knights")


def _setup(players=4):
    options = {o.name: o.default for o in SPEC.options}
    return SPEC.make_setup("views", players, bot_names(SPEC, players, "heuristic"), options)


SETUP4 = _setup(4)
SETUP2 = _setup(2)


def _game(setup=SETUP4, seed=12345):
    state, bots, rng = new_game(SPEC, setup, seed)
    return state, bots, rng


def _play_until(pred, setup=SETUP4, seed=12345, limit=4000):
    return play_until(SPEC, setup, pred, seed, limit)


def _play(steps, setup=SETUP4, seed=12345):
    """The game after the bots' first ``steps`` actions (or its end)."""
    state, bots, rng = _game(setup, seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(bots[state.current_player].choose(state, rng))
    return state


_flat = flat


def _circles(board, fill, r=None):
    return [(c.cx + dx, c.cy + dy) for c, dx, dy in _flat(board.drawing.items)
            if isinstance(c, Circle) and c.fill == fill and (r is None or c.r == r)]


def _knight_discs(board, seat):
    """Centres of knight ``seat``'s marker discs (his colour, the marker's size)."""
    from pnp.games.waste_knights.view import _KNIGHT_R
    return _circles(board, SEAT_COLOURS[seat], _KNIGHT_R)


def _inside(point, polygon):
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _hex_of(point, state):
    st = _static(state.setup.board)
    hits = [j for j, poly in enumerate(st.polygons) if _inside(point, poly)]
    assert len(hits) == 1, f"{point} lies in hexes {hits}"
    return hits[0]


# --- the board is the printed board ---------------------------------------------------------------

def test_the_game_names_its_view():
    assert view_for(SPEC) is VIEW


def test_the_table_draws_the_printed_board_under_the_pieces():
    state, _, _ = _game()
    printed = P.board_drawing(state.setup.board, default_catalogue())
    board = VIEW.board(state, 0)
    n = len(printed.items)
    assert board.drawing.items[:n] == printed.items
    assert (board.drawing.width, board.drawing.height) == (printed.width, printed.height)


def test_every_hex_is_a_spot_on_its_printed_place():
    state, _, _ = _game()
    board = VIEW.board(state, SPECTATOR)
    spots = {s.key: s for s in board.spots}
    centres = P.hex_centres(state.setup.board)
    for h, (cx, cy) in zip(state.setup.board.hexes, centres, strict=True):
        spot = spots[f"hex {h.tile}"]
        assert spot.polygon == P.hex_points(cx, cy, P.FLAT)
        assert h.tile in spot.label and h.label in spot.label
    assert len([k for k in spots if k.startswith("hex ")]) == 37


def test_hex_centres_are_where_the_printed_board_puts_each_hex():
    """The printed place label (C1, S4, ...) of each hex sits on the hex's centre line."""
    board = SETUP4.board
    printed = P.board_drawing(board, default_catalogue())
    centres = P.hex_centres(board)
    labels = {}
    for it, dx, dy in _flat(printed.items):
        if isinstance(it, TextBox) and it.size == 6:
            labels.setdefault(it.text, []).append((it.x + dx + it.w / 2, it.y + dy))
    for h, (cx, cy) in zip(board.hexes, centres, strict=True):
        assert any(math.isclose(x, cx, abs_tol=1e-6) and cy < y < cy + P.FLAT / 2
                   for x, y in labels[h.tile]), h.tile


# --- clicks ---------------------------------------------------------------------------------------

def test_a_move_is_picked_on_the_hex_it_ends_on():
    state, _, _ = _game()
    assert state.decision is MOVE
    st = _static(state.setup.board)
    board = VIEW.board(state, state.current_player)
    spots = {s.key: s for s in board.spots}
    t = state.tables
    seen = set()
    for action in state.legal_actions():
        key = VIEW.spot(state, action)
        if isinstance(action, A.Drive):
            end = action.route[-1]
        elif isinstance(action, A.Walk):
            end = action.to
        else:
            end = action.hex
        assert key == f"hex {end}"
        j = t.index[end]
        assert spots[key].polygon == P.hex_points(*st.centres[j], P.FLAT)
        seen.add(type(action))
    assert seen == {A.Drive, A.Walk, A.Stay}
    # a walk and a drive to the same hex share its spot (the page shows a menu)
    walk = next(a for a in state.legal_actions() if isinstance(a, A.Walk))
    drive = next(a for a in state.legal_actions()
                 if isinstance(a, A.Drive) and a.route[-1] == walk.to)
    assert VIEW.spot(state, walk) == VIEW.spot(state, drive)


def test_exploration_actions_are_picked_on_the_knights_hex_or_their_target():
    state = _play_until(lambda s: s.decision is EXPLORE)
    t = state.tables
    own = f"hex {t.tile[state.seats[state.current_player].pos]}"
    for action in state.legal_actions():
        key = VIEW.spot(state, action)
        assert key == (f"hex {action.target}" if action.target else own)
    aimed = A.Explore(state.current_player, A.R.ExplorationAction.RED_TOMB, "N5")
    assert VIEW.spot(state, aimed) == "hex N5"


def test_the_wasteland_card_in_play_is_drawn_and_picks_escape_or_face():
    state = _play_until(lambda s: s.decision is FACE)
    card = state.deck.cards[state.pending]
    board = VIEW.board(state, SPECTATOR)
    spots = {s.key for s in board.spots}
    assert "wasteland card" in spots
    assert {VIEW.spot(state, a) for a in state.legal_actions()} == {"wasteland card"}
    titles = [t for t, _, _ in _flat(board.drawing.items)
              if isinstance(t, TextBox) and t.text == card.title]
    assert len(titles) == 1
    assert card.title in VIEW.turn(state)
    # no card, no spot
    before = _play_until(lambda s: s.decision is MOVE)
    assert "wasteland card" not in {s.key for s in VIEW.board(before, 0).spots}


def test_quick_resupply_is_picked_from_the_list():
    state = _play_until(lambda s: any(isinstance(a, A.QuickResupply)
                                      for a in s.legal_actions()))
    for action in state.legal_actions():
        assert VIEW.spot(state, action) is None
        assert VIEW.kind(action) == "Quick Resupply"


# --- pieces where the state puts them -------------------------------------------------------------

@pytest.mark.parametrize("steps", [0, 37, 90, 150])
def test_each_knight_stands_on_his_hex(steps):
    state = _play(steps)
    board = VIEW.board(state, SPECTATOR)
    st = _static(state.setup.board)
    for s, seat in enumerate(state.seats):
        if seat.ko:
            continue
        discs = _knight_discs(board, s)
        assert len(discs) == 1, f"knight {s + 1}: {discs}"
        assert discs[0] == pytest.approx(knight_slot(s, st.centres[seat.pos]))
        assert _hex_of(discs[0], state) == seat.pos


def test_a_knight_moved_elsewhere_is_drawn_there():
    state, _, _ = _game()
    for j in (0, 5, 17, 36):
        c = state.clone()
        c.seats[2].pos = j
        disc = _knight_discs(VIEW.board(c, SPECTATOR), 2)
        assert len(disc) == 1 and _hex_of(disc[0], c) == j
        assert all(_hex_of(d, c) == c.seats[0].pos for d in _knight_discs(
            VIEW.board(c, SPECTATOR), 0))


def test_the_knight_to_move_is_ringed_and_his_hex_outlined():
    state = _play_until(lambda s: s.decision is MOVE and s.current_player == 1)
    board = VIEW.board(state, SPECTATOR)
    from pnp.games.waste_knights.view import ACTIVE_RING
    rings = [(c.cx + dx, c.cy + dy) for c, dx, dy in _flat(board.drawing.items)
             if isinstance(c, Circle) and c.stroke == ACTIVE_RING]
    assert rings == [pytest.approx(_knight_discs(board, 1)[0])]
    assert "Knight 2" in VIEW.turn(state)
    svg = drawing_to_svg(board.drawing, embed_fonts=False)
    assert "Knight 2 to move" in svg


def test_an_unconscious_knight_is_tagged():
    state, _, _ = _game()
    c = state.clone()
    c.seats[3].ko = True
    board = VIEW.board(c, SPECTATOR)
    tags = [(t.x + t.w / 2 + dx, t.y + dy) for t, dx, dy in _flat(board.drawing.items)
            if isinstance(t, TextBox) and t.text == "K.O."]
    assert len(tags) == 1
    x, y = knight_slot(3, _static(c.setup.board).centres[c.seats[3].pos])
    assert tags[0][0] == pytest.approx(x)
    assert not [t for t, _, _ in _flat(VIEW.board(state, SPECTATOR).drawing.items)
                if isinstance(t, TextBox) and t.text == "K.O."]


def test_explored_hexes_carry_a_pip_of_each_knight_who_explored_them():
    state = _play_until(lambda s: s.round >= 4)
    board = VIEW.board(state, SPECTATOR)
    from pnp.games.waste_knights.view import _PIP_R
    t = state.tables
    for s, seat in enumerate(state.seats):
        pips = _circles(board, SEAT_COLOURS[s], _PIP_R)
        where = sorted(_hex_of(p, state) for p in pips)
        want = sorted(j for j in range(t.n) if t.rules[j] is not None and seat.visited >> j & 1)
        assert where == want
        assert len(want) >= 2  # Gangraen and at least one more by round 5


def test_task_tokens_lie_on_the_tasks_hexes():
    state, _, _ = _game()
    board = VIEW.board(state, SPECTATOR)
    st = _static(state.setup.board)

    def tokens(colour):
        out = []
        for r, dx, dy in _flat(board.drawing.items):
            if isinstance(r, Rect) and r.fill == colour:
                p = (r.x + dx + r.w / 2, r.y + dy + r.h / 2)
                if any(_inside(p, poly) for poly in st.polygons):
                    out.append(_hex_of(p, state))
        return sorted(out)

    want_common = [state.task_hex] if state.task_hex >= 0 else []
    assert tokens(TASK_COLOURS["common"]) == want_common
    for i, name in enumerate(("orange", "green")):
        task = state.tasks[i]
        want = [task.second] + ([task.first] if task.holder < 0 else [])
        assert tokens(TASK_COLOURS[name]) == sorted(want)
    # a common task moved to another hex moves its token
    c = state.clone()
    c.task_hex, c.task_trait = 20, ""
    board = VIEW.board(c, SPECTATOR)
    assert tokens(TASK_COLOURS["common"]) == [20]


def test_wasteland_tokens_lie_on_their_hex():
    state, _, _ = _game()
    c = state.clone()
    c.contamination = {7: 1}
    c.radiation = {30: 2}
    board = VIEW.board(c, SPECTATOR)
    whites = [(x, y) for (x, y) in _circles(board, "white", 3.9)]
    assert sorted(_hex_of(p, c) for p in whites) == [7, 30]
    assert not _circles(VIEW.board(state, SPECTATOR), "white", 3.9)


# --- hidden parts ---------------------------------------------------------------------------------

def test_luck_cards_show_only_to_their_knight():
    state, _, _ = _game()
    for viewer in (0, 1, SPECTATOR, EVERYONE):
        seats = VIEW.seats(state, viewer)
        for s, sv in enumerate(seats):
            luck = dict(sv.lines)["Luck cards"]
            assert luck.startswith(f"{sum(state.seats[s].luck)} in hand")
            shows = any(word in luck for word in ("Fuel", "Health", "Radiation", "Ammo"))
            assert shows == (viewer in (s, EVERYONE))


def test_two_player_private_tasks_stay_face_down_for_the_rival():
    state, _, _ = _game(SETUP2)
    hidden = [k for k in state.tasks if k.holder < 0 and k.first >= 0]
    assert hidden, "2-player knights keep private tasks face-down"

    def task_tokens(viewer):
        board = VIEW.board(state, viewer)
        return sorted((r.stroke, round(r.x + dx, 3), round(r.y + dy, 3))
                      for r, dx, dy in _flat(board.drawing.items)
                      if isinstance(r, Rect) and r.stroke in SEAT_COLOURS[:2]
                      and r.fill in (TASK_COLOURS["orange"], TASK_COLOURS["green"]))

    own0 = [t for t in task_tokens(0) if t[0] == SEAT_COLOURS[0]]
    assert own0 and not [t for t in task_tokens(1) if t[0] == SEAT_COLOURS[0]]
    assert not [t for t in task_tokens(SPECTATOR) if t[0] == SEAT_COLOURS[0]]
    assert [t for t in task_tokens(EVERYONE) if t[0] == SEAT_COLOURS[0]] == own0
    # the status: the rival and spectators see "face-down", the owner the hexes
    assert dict(VIEW.seats(state, 1)[0].lines)["Private task"] == "1 face-down"
    assert "explore" in dict(VIEW.seats(state, 0)[0].lines)["Private task"]
    assert VIEW.seats(state, 1)[0] == VIEW.seats(state, SPECTATOR)[0]
    texts = {t.text for t, _, _ in _flat(VIEW.board(state, 1).drawing.items)
             if isinstance(t, TextBox)}
    assert "Knight 1's private task: face-down" in texts
    assert "Knight 2's private task: face-down" not in texts
    assert VIEW.hides_information


# --- the end --------------------------------------------------------------------------------------

@pytest.mark.parametrize("setup", [SETUP4, SETUP2], ids=["4 knights", "2 knights"])
def test_the_score_table_counts_reputation_then_gear_value(setup):
    state = _play_until(lambda s: s.is_over(), setup)
    result = VIEW.result(state)
    n = len(state.seats)
    assert result.headers == ("",) + tuple(f"Knight {s + 1}" for s in range(n))
    rows = {r[0]: r[1:] for r in result.rows}
    assert result.rows[-1][0] == "Total"
    for s, seat in enumerate(state.seats):
        assert rows["Reputation"][s] == str(seat.rep)
        assert rows["Total"][s] == f"{seat.rep} (gear {gear_value(seat)})"
        assert state.score(s) == (seat.rep, gear_value(seat))
    won = [s for s, r in enumerate(state.returns()) if r > 0]
    if len(won) == 1:
        assert result.winner == f"Knight {won[0] + 1} wins"
    else:
        assert "share" in result.winner
    assert str(max(state.score(s) for s in range(n))[0]) in result.how
    assert "Game over" in VIEW.turn(state)


def test_a_tie_on_reputation_is_broken_by_gear_value():
    state = _play_until(lambda s: s.is_over())
    c = state.clone()
    for seat in c.seats:
        seat.rep, seat.green, seat.yellow, seat.red = 5, 1, 0, 0
    c.seats[2].yellow = 1
    result = VIEW.result(c)
    assert result.winner == "Knight 3 wins"
    assert "gear card value" in result.how
    c.seats[2].yellow = 0
    assert "share" in VIEW.result(c).winner


def test_the_log_names_luck_cards_only_to_their_knight():
    """"Players can read their luck cards, but they should keep them secret from their
    rivals": a draw and a dealt hand are named to their knight alone; a discard is shown."""
    from pnp.games.view import EVERYONE, SPECTATOR, log_line

    drew = "knight 2 draws a luck card: Fuel"
    dealt = ("knight 1: strider (speed 4), Fuel 4, Health 4, Radiation 0, Ammo 4, luck cards "
             "Fuel, Radiation, Radiation")
    # a round's draws come under one knight's step: the knight named decides, not the step
    assert log_line(VIEW, 0, drew, 1) == drew == log_line(VIEW, 0, drew, EVERYONE)
    assert log_line(VIEW, 1, drew, 0) == "knight 2 draws a luck card"
    assert log_line(VIEW, 1, drew, SPECTATOR) == "knight 2 draws a luck card"
    assert log_line(VIEW, 0, dealt, 0) == dealt
    assert log_line(VIEW, 0, dealt, 1).endswith("Ammo 4, 3 luck cards")
    full = "knight 1 draws a luck card: discarded, 5 cards in hand"
    discard = "knight 1 discards a Fuel luck card (Quick Resupply)"
    assert log_line(VIEW, 0, full, 1) == full and log_line(VIEW, 0, discard, 1) == discard
