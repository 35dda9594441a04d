"""Junkyard Wars at the table: the printed maze, workers and junk where the state puts them, the
click spots, what each screen may see, and the score table of the rulebook's "furthest along"."""

from __future__ import annotations

import pytest

from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.actions import (
    END_TURN,
    TEST,
    ChooseMachine,
    Drop,
    Move,
    PickUp,
    Search,
    Travel,
    square_name,
)
from pnp.games.junkyard_wars.generate import NODE_INDEX, NODES, session_board
from pnp.games.junkyard_wars.hour import progress
from pnp.games.junkyard_wars.rules import BLANK, LETTERS, WORKERS
from pnp.games.junkyard_wars.sheets import JUNK_GREY, board_picture
from pnp.games.junkyard_wars.view import (
    MAZE_X,
    MAZE_Y,
    UNIT,
    VIEW,
    card_box,
    seat_name,
    session_of,
    square_key,
)
from pnp.games.view import EVERYONE, SPECTATOR
from pnp.layout.draw import Circle, Rect, TextBox
from pnp.layout.svg import drawing_to_svg
from pnp.sim.play import bot_names, new_game
from tests.serve.helpers import flat

SEED = "views"


@pytest.fixture(scope="module")
def setup():
    options = {o.name: o.default for o in GAME.options}
    options["stagger"] = False  # the first player's workers act on the first turn
    return GAME.make_setup(SEED, 4, bot_names(GAME, 4, "heuristic"), options)


def _game(setup, seed=1):
    state, bots, rng = new_game(GAME, setup, seed)
    return state, bots, rng


_flat = flat


def _corner(sq):
    r, c = NODES[sq]
    return MAZE_X + (c + 1) * UNIT, MAZE_Y + (r + 1) * UNIT


def _inside(x, y, sq):
    x0, y0 = _corner(sq)
    return x0 < x < x0 + UNIT and y0 < y < y0 + UNIT


def _discs(board, colour):
    """Centres of the worker discs of one colour on the maze (not the panel's name discs)."""
    return [(c.cx + dx, c.cy + dy) for c, dx, dy in _flat(board.drawing.items)
            if isinstance(c, Circle) and c.fill == colour and c.cx + dx < MAZE_X + 17 * UNIT]


def _texts_at(board, sq):
    """Texts drawn centred inside square ``sq``."""
    return [t.text for t, dx, dy in _flat(board.drawing.items) if isinstance(t, TextBox)
            and _inside(t.x + dx + t.w / 2, t.y + dy + t.h / 2, sq)]


def test_the_maze_is_the_printed_board(setup):
    """Walls, gaps, junk squares and zone read back from the state are the session's board,
    and the board picture drawn is the setup sheet's (less the tile placement tags)."""
    state, _, _ = _game(setup)
    printed = session_board(SEED)
    mine = session_of(state.tb)
    assert mine.walls == printed.walls
    assert mine.gaps == printed.gaps
    assert mine.junk_squares == printed.junk_squares
    assert mine.construction_zone == printed.construction_zone
    ours = board_picture(mine, MAZE_X, MAZE_Y, UNIT)
    assert board_picture(printed, MAZE_X, MAZE_Y, UNIT)[:len(ours)] == ours
    drawn = [i for i, _, _ in _flat(VIEW.board(state, SPECTATOR).drawing.items)]
    assert all(item in drawn for item in ours)


def test_every_square_is_a_spot_on_its_printed_square(setup):
    state, _, _ = _game(setup)
    board = VIEW.board(state, SPECTATOR)
    spots = {s.key: s for s in board.spots}
    cells = {(i.x, i.y): i for i, dx, dy in _flat(board.drawing.items)
             if isinstance(i, Rect) and i.w == UNIT and i.h == UNIT}
    for sq in range(state.tb.n):
        spot = spots[square_key(sq)]
        x, y = _corner(sq)
        assert spot.polygon[0] == pytest.approx((x, y))
        assert spot.polygon[2] == pytest.approx((x + UNIT, y + UNIT))
        assert spot.label.startswith(square_name(sq))
        if sq in state.tb.junk:  # the printed grey of a junk square lies under this spot
            assert cells[(x, y)].fill == JUNK_GREY
    assert cells[_corner(state.tb.zone)].fill == "black"


def test_moves_and_travels_are_picked_on_their_destination(setup):
    state, _, _ = _game(setup)
    p = state.current
    assert state.machine[p] < 0
    legal = state.legal_actions()
    moves = [a for a in legal if isinstance(a, (Move, Travel))]
    assert moves
    for a in moves:
        assert VIEW.spot(state, a) == square_key(a.square)
    move = next(a for a in moves if isinstance(a, Move))
    dest = NODES[move.square]
    assert VIEW.spot(state, move) == f"square {dest[1]}/{dest[0]}"  # column/row
    # The machine cards are picked on the cards, drawn where the spots are.
    board = VIEW.board(state, p)
    spots = {s.key: s for s in board.spots}
    for a in legal:
        if isinstance(a, ChooseMachine):
            key = VIEW.spot(state, a)
            x, y, w, h = card_box(state, p, a.card)
            assert spots[key].polygon[0] == (x, y) and spots[key].polygon[2] == (x + w, y + h)
            assert a.word in [t.text for t, dx, dy in _flat(board.drawing.items)
                              if isinstance(t, TextBox) and x <= t.x <= x + w
                              and y <= t.y <= y + h]


def test_workers_are_drawn_on_their_squares_and_follow_a_move(setup):
    state, _, _ = _game(setup)
    p = state.current
    state.apply(ChooseMachine(0, state.deck[state.cards[p][0]]))
    zone = state.tb.zone
    step = next(a for a in state.legal_actions() if isinstance(a, Move) and a.worker == 0)
    state.apply(step)
    board = VIEW.board(state, SPECTATOR)
    colour = VIEW.seats(state, SPECTATOR)[p].colour
    discs = _discs(board, colour)
    # Worker 1 alone on his new square: one disc there, numbered 1.
    assert [d for d in discs if _inside(*d, step.square)] and "1" in _texts_at(board, step.square)
    assert not any(_inside(*d, step.square) for c in range(state.players) if c != p
                   for d in _discs(board, VIEW.seats(state, SPECTATOR)[c].colour))
    # The rest of his team is still in the crowded zone: one disc with a count.
    assert [d for d in discs if _inside(*d, zone)]
    assert "\u00d73" in _texts_at(board, zone)
    # Two more steps: the disc follows.
    there = step.square
    nxt = next(a for a in state.legal_actions() if isinstance(a, Move) and a.worker == 0
               and a.square != zone)
    state.apply(nxt)
    board = VIEW.board(state, SPECTATOR)
    discs = _discs(board, colour)
    assert not any(_inside(*d, there) for d in discs)
    assert any(_inside(*d, nxt.square) for d in discs)
    # The worker's own actions are picked on his square.
    search = Search(0)
    assert VIEW.spot(state, search) == square_key(nxt.square)


def _to_searched_tile(setup):
    """A game where the first player's worker 1 has searched a junk square."""
    state, _, _ = _game(setup)
    p = state.current
    state.apply(ChooseMachine(0, state.deck[state.cards[p][0]]))
    w = p * WORKERS
    target = min(state.tb.junk, key=lambda sq: state.tb.dist[sq][state.w_sq[w]])
    state.apply(Travel(0, target))
    assert state.w_sq[w] == target
    state.apply(Search(0))
    return state, target


def test_searched_tiles_show_only_to_the_searching_team(setup):
    state, sq = _to_searched_tile(setup)
    p = state.current
    letters = {"?" if state.tile_letter[t] == BLANK else LETTERS[state.tile_letter[t]]
               for t in state.sq_tiles[sq]}
    face = "".join(sorted(letters))
    assert any(sorted(t) == sorted(face) for t in _texts_at(VIEW.board(state, p), sq))
    for viewer in (SPECTATOR, (p + 1) % state.players):
        board = VIEW.board(state, viewer)
        assert not set(_texts_at(board, sq)) & letters
        label = {s.key: s.label for s in board.spots}[square_key(sq)]
        assert "face down" in label
    assert any(sorted(t) == sorted(face) for t in _texts_at(VIEW.board(state, EVERYONE), sq))


def test_carried_objects_show_only_to_their_owner(setup):
    state, sq = _to_searched_tile(setup)
    p = state.current
    t = state.sq_tiles[sq][0]
    code = state.tile_letter[t]
    pick = next(a for a in state.legal_actions() if isinstance(a, PickUp) and a.tile == t)
    state.apply(pick)
    shown = "?" if code == BLANK else LETTERS[code]
    mine = [s for s in VIEW.seats(state, p) if s.seat == p][0]
    theirs = [s for s in VIEW.seats(state, SPECTATOR) if s.seat == p][0]
    assert ("Carrying", f"worker 1: {shown if code != BLANK else '?=' + LETTERS[pick.role]}"
            ) in mine.lines
    assert ("Carrying", "worker 1: an object") in theirs.lines
    # On the maze: a face-up tile on the worker for his owner, a face-down one for the others.
    assert shown in _texts_at(VIEW.board(state, p), sq)
    assert shown not in _texts_at(VIEW.board(state, SPECTATOR), sq)


def test_machine_cards_are_hidden_until_a_test_reveals_one(setup):
    state, _, _ = _game(setup)
    p = state.current
    words = [state.deck[c] for c in state.cards[p]]
    own = drawing_to_svg(VIEW.board(state, p).drawing, embed_fonts=False)
    assert all(f">{w}<" in own for w in words)
    for viewer in (SPECTATOR, (p + 1) % state.players):
        svg = drawing_to_svg(VIEW.board(state, viewer).drawing, embed_fonts=False)
        assert not any(f">{w}<" in svg for w in words)
        assert not any(w in str(VIEW.seats(state, viewer)[p]) for w in words)
    # Built and tested: the card built is shown to everyone, the other stays hidden.
    state.apply(ChooseMachine(1, words[1]))
    k = state.machine[p]
    state.pile[p] = [0] * 27
    state.matched[p], state.links[p] = state.length[p], state.length[p] - 1
    assert TEST in state.legal_actions()
    assert VIEW.spot(state, TEST) == square_key(state.tb.zone)
    state.apply(TEST)
    assert state.deck[k] == words[1]
    svg = drawing_to_svg(VIEW.board(state, SPECTATOR).drawing, embed_fonts=False)
    assert f">{words[1]}<" in svg and f">{words[0]}<" not in svg


def test_pile_is_public_and_the_bag_counts_what_is_not_in_a_pile(setup):
    state, sq = _to_searched_tile(setup)
    p = state.current
    t = state.sq_tiles[sq][0]
    pick = next(a for a in state.legal_actions() if isinstance(a, PickUp) and a.tile == t)
    state.apply(pick)
    while state.w_sq[p * WORKERS] != state.tb.zone:  # home over as many turns as it takes
        if state.remaining(p * WORKERS):
            state.apply(Travel(0, state.tb.zone))
            continue
        state.apply(END_TURN)
        while state.current != p:
            state.apply(END_TURN)
    state.apply(Drop(0, t, state.tile_letter[t]))
    assert state.tile_owner[t] == p
    letter = "?" if state.tile_letter[t] == BLANK else LETTERS[state.tile_letter[t]]
    for viewer in (SPECTATOR, p, (p + 1) % state.players):
        pile = dict(VIEW.seats(state, viewer)[p].lines)["Pile"]
        assert pile.split()[0][0] == letter
    svg = drawing_to_svg(VIEW.board(state, SPECTATOR).drawing, embed_fonts=False)
    assert f"{len(state.tile_letter) - 1} of {len(state.tile_letter)} tiles not yet" in svg
    code = state.tile_letter[t]
    left = sum(1 for u, c in enumerate(state.tile_letter) if c == code and u != t)
    assert left == state.tile_letter.count(code) - 1
    board = VIEW.board(state, SPECTATOR)
    texts = [x.text for x, _, _ in _flat(board.drawing.items) if isinstance(x, TextBox)]
    assert f"\u00d7{left}" in texts or left == 0


def test_hidden_parts_never_reach_another_seat(setup):
    state, bots, rng = _game(setup, 5)
    for _ in range(150):
        state.apply(bots[state.current_player].choose(state, rng))
    public = VIEW.seats(state, SPECTATOR)
    for viewer in range(state.players):
        seen = VIEW.seats(state, viewer)
        for other in range(state.players):
            if other != viewer:
                assert seen[other] == public[other]
        words = [state.deck[c] for q in range(state.players) if q != viewer
                 and state.tests[q] == 0 for c in state.cards[q]]
        svg = drawing_to_svg(VIEW.board(state, viewer).drawing, embed_fonts=False)
        assert not [w for w in words if f">{w}<" in svg]


def test_result_table_totals_the_rulebook_progress(setup):
    state, bots, rng = _game(setup, 3)
    while not state.is_over():
        state.apply(bots[state.current_player].choose(state, rng))
    result = VIEW.result(state)
    assert result.winner == f"{seat_name(state.winner)} wins"
    assert result.headers == ("", *(seat_name(p) for p in range(state.players)))
    rows = {r[0]: r[1:] for r in result.rows}
    for p in range(state.players):
        assert float(rows["Total"][p].rstrip("%")) / 100 == pytest.approx(progress(state, p),
                                                                          abs=5e-4)
        assert rows["Tests thrown"][p] == str(state.tests[p])
        assert rows["Links made"][p].startswith(f"{state.links[p]} of ")
    assert list(result.rows[-1][:1]) == ["Total"]
    VIEW.board(state, EVERYONE)


def test_turn_names_the_player_and_the_clock(setup):
    state, _, _ = _game(setup)
    text = VIEW.turn(state)
    assert text.startswith(f"{seat_name(state.current)} to move")
    assert "round 1" in text and "of 60 minutes" in text
    assert VIEW.kind(Move(0, NODE_INDEX[(7, 6)])) == "Move"
    assert VIEW.label(state, Move(0, NODE_INDEX[(7, 6)])) == "worker 1 to 6/7"


def test_board_and_seats_are_fast(setup):
    import time

    state, bots, rng = _game(setup, 9)
    for _ in range(120):
        state.apply(bots[state.current_player].choose(state, rng))
    VIEW.board(state, SPECTATOR)
    t = time.perf_counter()
    for _ in range(10):
        VIEW.board(state, state.current)
        VIEW.seats(state, state.current)
    assert (time.perf_counter() - t) / 10 < 0.02


def test_junk_lies_where_the_state_puts_it(setup):
    """A face-down tile on every square with junk on it, and on no other square of the maze."""
    from pnp.games.junkyard_wars.view import JUNK_BACK

    state, sq = _to_searched_tile(setup)
    t = state.sq_tiles[sq][0]
    state.apply(next(a for a in state.legal_actions() if isinstance(a, PickUp) and a.tile == t))
    p = state.current
    for _ in range(state.players):  # round the table to the carrier's next turn
        state.apply(END_TURN)
    assert state.current == p
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Move) and a.worker == 0))
    moved_to = state.w_sq[state.current * WORKERS]
    state.apply(Drop(0, t, state.tile_letter[t]))  # dropped on a square that had no junk
    assert state.tile_at[t] == moved_to
    backs = [(r.x + dx + r.w / 2, r.y + dy + r.h / 2) for r, dx, dy
             in _flat(VIEW.board(state, SPECTATOR).drawing.items)
             if isinstance(r, Rect) and r.fill == JUNK_BACK and r.x + dx < MAZE_X + 17 * UNIT]
    lying = {s for s in range(state.tb.n) if state.sq_tiles[s]}
    assert moved_to in lying
    for s in range(state.tb.n):
        assert any(_inside(x, y, s) for x, y in backs) == (s in lying)


def test_a_square_shows_four_workers_apart_and_a_crowd_by_team(setup):
    state, _, _ = _game(setup)
    p, q = state.current, (state.current + 1) % state.players
    spot = NODE_INDEX[(0, 0)]
    for k in range(WORKERS):  # the whole team on one corner square
        state.w_sq[p * WORKERS + k] = spot
    colours = [s.colour for s in VIEW.seats(state, SPECTATOR)]
    board = VIEW.board(state, SPECTATOR)
    assert len([d for d in _discs(board, colours[p]) if _inside(*d, spot)]) == WORKERS
    assert sorted(_texts_at(board, spot)) == ["1", "2", "3", "4"]
    state.w_sq[q * WORKERS + 2] = spot  # a fifth: one disc a team, with a count
    board = VIEW.board(state, SPECTATOR)
    assert len([d for d in _discs(board, colours[p]) if _inside(*d, spot)]) == 1
    assert sorted(_texts_at(board, spot)) == ["3", "\u00d74"]  # q's worker 3 alone


def test_each_workers_own_actions_are_picked_on_his_square(setup):
    state, _, _ = _game(setup)
    p = state.current
    squares = [NODE_INDEX[rc] for rc in ((0, 0), (0, 2), (2, 0), (4, 4))]
    for k, sq in enumerate(squares):
        state.w_sq[p * WORKERS + k] = sq
    for k, sq in enumerate(squares):
        assert VIEW.spot(state, Search(k)) == square_key(sq)
        moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.worker == k]
        assert moves and all(VIEW.spot(state, a) == square_key(a.square) for a in moves)


def test_the_log_hides_cards_and_carried_tiles_from_the_other_players():
    """Rulebook: machine cards are dealt "face down"; "objects carried by an individual worker
    may only be looked at by that worker's owner"; a search is the searcher's look."""
    from pnp.games.view import SPECTATOR, log_line

    lines = ("chooses machine card 2: YACHT", "sees tile 72 (R), tile 73 (R)",
             "worker 2 picks up tile 99 (blank) as E", "worker 1 lets go of tile 22 (E)")
    for line in lines:
        assert log_line(VIEW, 0, line, 0) == line
        for viewer in (1, SPECTATOR):
            hidden = log_line(VIEW, 0, line, viewer)
            assert "YACHT" not in hidden and "(" not in hidden and " as E" not in hidden
            assert "tile 2" not in hidden and "tile 7" not in hidden and "tile 9" not in hidden
    assert log_line(VIEW, 0, "worker 1 travels toward 10/8", 1) == "worker 1 travels toward 10/8"
