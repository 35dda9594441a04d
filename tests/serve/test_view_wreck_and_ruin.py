"""Wreck and Ruin at the table: the printed map, the vehicles (where and facing where the state
says), wrecks and salvage sites, a click spot on every hex, hidden hands, the score table."""

from __future__ import annotations

import math

import pytest

from pnp.games.registry import get
from pnp.games.view import EVERYONE, SPECTATOR
from pnp.games.wreck_and_ruin.actions import Act, vehicle_text
from pnp.games.wreck_and_ruin.hexes import step
from pnp.games.wreck_and_ruin.printables import HEX, SEAT_COLOURS, hex_corners, map_drawing
from pnp.games.wreck_and_ruin.view import GREEN, RED, VIEW, WRECK, _static, hex_key
from pnp.hexes import to_pixel
from pnp.layout.draw import Group, Path, Rect, texts
from pnp.layout.svg import drawing_to_svg
from pnp.sim.play import bot_names
from tests.serve.helpers import play_until

SPEC = get("wreck-and-ruin")


def _setup(players=4, bots="heuristic", **options):
    opts = {o.name: o.default for o in SPEC.options} | options
    return SPEC.make_setup("views", players, bot_names(SPEC, players, bots), opts)


SETUP4 = _setup(4)


def _play_until(pred, setup=SETUP4, seed=12345, limit=4000):
    return play_until(SPEC, setup, pred, seed, limit)


def _finish(setup=SETUP4, seed=12345):
    return _play_until(lambda s: s.is_over(), setup, seed)


def _centre(state, c):
    """Where the printed map puts the centre of hex ``c`` (off the map too)."""
    st = _static(state.board)
    q0 = next(iter(st.centre))
    x0, y0 = to_pixel(q0, HEX)
    x, y = to_pixel(c, HEX)
    return x - x0 + st.centre[q0][0], y - y0 + st.centre[q0][1]


def _pieces(drawing):
    """The vehicle pieces: the top-level groups (one per vehicle on the board)."""
    return [it for it in drawing.items if isinstance(it, Group)]


def _world(g, x, y):
    a = math.radians(g.rotate)
    return (g.dx + x * math.cos(a) - y * math.sin(a), g.dy + x * math.sin(a) + y * math.cos(a))


def _nearest(state, point, around):
    cands = [around] + [step(around, d) for d in range(6)]
    return min(cands, key=lambda c: math.dist(_centre(state, c), point))


# -- the board is the printed map ---------------------------------------------------------

def test_the_board_is_the_printed_map_with_its_hexes_as_spots():
    state = _play_until(lambda s: s.round == 2)
    board = VIEW.board(state, SPECTATOR)
    printed = map_drawing(state.board)
    assert board.drawing.items[:len(printed.items)] == printed.items
    assert (board.drawing.width, board.drawing.height) == (printed.width, printed.height)
    # every map hex is a spot, its outline the printed hex's outline
    hexes = {it.points for it in printed.items if isinstance(it, Path) and it.fill is not None}
    spots = {s.key: s for s in board.spots}
    assert set(spots) == {hex_key(c) for c in state.board.terrain}
    for c in state.board.terrain:
        assert spots[hex_key(c)].polygon in hexes
        cx, cy = _centre(state, c)
        xs = [p[0] for p in spots[hex_key(c)].polygon]
        ys = [p[1] for p in spots[hex_key(c)].polygon]
        assert sum(xs) / 6 == pytest.approx(cx) and sum(ys) / 6 == pytest.approx(cy)


def test_the_corner_panels_keep_off_the_map():
    state = _play_until(lambda s: s.round == 2)
    board = VIEW.board(state, SPECTATOR)
    n = len(map_drawing(state.board).items)
    panels = [it for it in board.drawing.items[n:]
              if isinstance(it, Rect) and it.radius == 3.0]
    assert len(panels) == 4
    corners = [p for c in state.board.terrain for p in hex_corners(*_centre(state, c), HEX)]
    for r in panels:
        assert 0 <= r.x and r.x + r.w <= board.drawing.width
        assert 0 <= r.y and r.y + r.h <= board.drawing.height
        inside = [p for p in corners if r.x < p[0] < r.x + r.w and r.y < p[1] < r.y + r.h]
        assert not inside, f"panel {r} covers the map"


# -- the pieces where the state puts them --------------------------------------------------

@pytest.mark.parametrize("moment", [lambda s: s.round == 1, lambda s: s.round == 3,
                                    lambda s: any(not v.active and v.pos for v in s.vehicles)])
def test_each_vehicle_is_drawn_on_its_hex_facing_its_facing(moment):
    state = _play_until(moment)
    groups = _pieces(VIEW.board(state, SPECTATOR).drawing)
    on_board = [v for v in state.vehicles if v.pos is not None]
    assert len(groups) == len(on_board)
    for v in on_board:
        cx, cy = _centre(state, v.pos)
        mine = [g for g in groups if g.dx == pytest.approx(cx) and g.dy == pytest.approx(cy)]
        assert len(mine) == 1, f"{v.name}: drawn {len(mine)} times at its hex"
        g = mine[0]
        assert g.rotate == 60.0 * v.facing
        bodies = [it for it in g.items if isinstance(it, Path) and it.fill in
                  (SEAT_COLOURS[v.seat], WRECK)]
        assert bodies[0].fill == (SEAT_COLOURS[v.seat] if v.active else WRECK)
        if not v.active:
            assert bodies[0].stroke == SEAT_COLOURS[v.seat]
        # the pointer's tip lies towards the hex the vehicle faces, past its front hex
        pointer = [it for it in g.items if isinstance(it, Path) and len(it.points) == 4][0]
        tip = _world(g, *max(pointer.points))
        front = v.hexes()[-1]
        assert _nearest(state, tip, front) == step(front, v.facing)
        # a big rig reaches over its second hex
        far = _world(g, max(p[0] for p in bodies[0].points), 0.0)
        assert _nearest(state, far, front) == front
        # DP pegs: one per DP, orange for each damage
        pegs = [it for it in g.items if type(it).__name__ == "Circle"]
        assert len(pegs) == v.kind.dp
        marked = [p for p in pegs if p.fill != "#f6efe0"]
        assert len(marked) == v.damage


def test_the_pieces_follow_a_move():
    state = _play_until(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    move = next(a for a in state.legal_actions() if a.kind == "move"
                and (a.to, a.facing) != (state.vehicles[a.vehicle].pos,
                                         state.vehicles[a.vehicle].facing))
    state.apply(move)
    cx, cy = _centre(state, move.to)
    g = [g for g in _pieces(VIEW.board(state, SPECTATOR).drawing)
         if g.dx == pytest.approx(cx) and g.dy == pytest.approx(cy)]
    assert len(g) == 1 and g[0].rotate == 60.0 * move.facing


def test_salvage_sites_are_rings_red_or_green_on_their_hexes():
    state = _play_until(lambda s: any(s.tokens.values()) and not all(s.tokens.values()))
    items = VIEW.board(state, SPECTATOR).drawing.items
    rings = {(it.points, it.stroke) for it in items if isinstance(it, Path) and it.fill is None
             and it.stroke in (RED, GREEN) and it.stroke_width == 2.4}
    want = {(hex_corners(*_centre(state, h), HEX - 1.5), GREEN if green else RED)
            for h, green in state.tokens.items()}
    assert rings == want


def test_whose_turn_is_the_banner_in_the_seat_colour():
    for target in (1, 2):
        state = _play_until(lambda s, t=target: s.seat == t)
        board = VIEW.board(state, state.seat)
        words = texts(board.drawing.items)
        assert f"PLAYER {target + 1} TO ACT" in words
        assert not any(f"PLAYER {o + 1} TO ACT" in words for o in range(4) if o != target)
        banner = [it for it in board.drawing.items if isinstance(it, Rect) and it.radius == 3.0
                  and it.fill == SEAT_COLOURS[target]]
        assert banner and banner[0].x < 10 and banner[0].y < 10
        assert f"{state.ap} AP left" in words
        assert VIEW.turn(state).startswith(f"Player {target + 1} ")


# -- clicks ---------------------------------------------------------------------------------

def test_a_move_is_picked_on_the_hex_it_ends_on():
    state = _play_until(lambda s: s.round == 2 and s.ap > 0)
    keys = {s.key for s in VIEW.board(state, state.seat).spots}
    moves = [a for a in state.legal_actions() if a.kind in ("move", "reverse")]
    assert moves
    for a in moves:
        assert VIEW.spot(state, a) == hex_key(a.to) and hex_key(a.to) in keys
    # the menu at one hex: its entries name the vehicle and the facing
    a = moves[0]
    here = [b for b in state.legal_actions() if VIEW.spot(state, b) == hex_key(a.to)]
    assert a in here
    assert VIEW.label(state, a).startswith(vehicle_text(a.vehicle).split(" ")[1])
    assert VIEW.kind(a) == f"Move {vehicle_text(a.vehicle).split(' ')[1]}"


def test_an_attack_is_picked_on_its_target_and_a_throttle_on_the_vehicle():
    state = _play_until(lambda s: any(a.kind in ("shoot", "ram") for a in s.legal_actions()))
    for a in state.legal_actions():
        if a.kind in ("shoot", "ram", "potshot", "salvage"):
            assert VIEW.spot(state, a) == hex_key(state.vehicles[a.target].pos)
            assert vehicle_text(a.target) in VIEW.label(state, a)
        elif a.kind in ("throttle", "fix"):
            assert VIEW.spot(state, a) == hex_key(state.vehicles[a.vehicle].pos)
        elif a.kind in ("search", "end"):
            assert VIEW.spot(state, a) is None
    assert VIEW.kind(Act("end", state.seat)) == "End the turn"
    assert VIEW.spot(state, Act("end", state.seat)) is None


def test_a_big_rig_is_picked_on_its_rear_hex_where_its_name_is():
    state = _play_until(lambda s: s.round == 2)
    board = VIEW.board(state, SPECTATOR)
    spots = {s.key: s for s in board.spots}
    rigs = [v for v in state.vehicles if v.kind.hexes == 2 and v.pos is not None]
    assert rigs
    for rig in rigs:
        rear, front = rig.hexes()
        shot = Act("shoot", state.seat, 0, rig.vid)
        assert VIEW.spot(state, shot) == hex_key(rear) == hex_key(rig.pos)
        assert spots[hex_key(rear)].label.find(rig.name) > 0
        assert f"the front of {rig.name}" in spots[hex_key(front)].label
        labels = [t for t in board.drawing.items if getattr(t, "text", None) == "RIG"
                  and t.x + t.w / 2 == pytest.approx(_centre(state, rear)[0])
                  and t.y + t.h / 2 == pytest.approx(_centre(state, rear)[1])]
        assert labels


def test_labels_name_the_salvage_card_played():
    state = _play_until(lambda s: any(a.kind == "card" for a in s.legal_actions()),
                        seed=7)
    VIEW.seats(state, state.seat)
    for a in state.legal_actions():
        if a.kind == "card":
            assert VIEW.label(state, a).startswith(state.salvage[a.n].name)


# -- hidden hands ---------------------------------------------------------------------------

def test_cards_in_hand_only_on_their_owners_screen():
    state = _play_until(lambda s: s.round == 2 and all(s.hands))
    names = {seat: [state.salvage[c].name for c in state.hands[seat]]
             for seat in range(state.players)}
    faction = {seat: state.faction_card[seat].name for seat in range(state.players)
               if state.faction_card[seat] is not None}
    assert VIEW.hides_information
    for viewer in (*range(state.players), SPECTATOR, EVERYONE):
        seats = VIEW.seats(state, viewer)
        svg = drawing_to_svg(VIEW.board(state, viewer).drawing, embed_fonts=False)
        for seat in range(state.players):
            lines = dict(seats[seat].lines)
            own = viewer in (seat, EVERYONE)
            for name in names[seat]:
                assert (name in lines["Salvage cards"]) == own
                assert name not in svg
            assert lines["Salvage cards"].startswith(str(len(names[seat])))
            if seat in faction:
                assert (lines["Faction card"] == faction[seat]) == own


# -- status and the end ---------------------------------------------------------------------

def test_status_lines_say_ap_sites_dp_and_each_vehicle():
    state = _play_until(lambda s: s.round == 3 and s.ap < 4)
    seats = VIEW.seats(state, SPECTATOR)
    for seat, sv in enumerate(seats):
        lines = dict(sv.lines)
        assert sv.colour == SEAT_COLOURS[seat]
        assert sv.score == lines["Sites"] == str(state.scores[seat])
        assert lines["DP taken"] == str(state.dp_pegs()[seat])
        for v in state.vehicles[seat * state.per_seat:(seat + 1) * state.per_seat]:
            if v.special and v.pos is None:
                continue
            line = lines[vehicle_text(v.vid).split(" ")[1]]
            if v.pos is None:
                assert line == "off the board"
            else:
                assert f"DP {v.damage}/{v.kind.dp}" in line
                assert line.startswith("wreck") != v.active
    assert dict(seats[state.seat].lines)["AP"] == f"{state.ap} left"


@pytest.mark.parametrize("seed", [12345, 777])
def test_the_score_table_totals_the_rules_score(seed):
    state = _finish(seed=seed)
    result = VIEW.result(state)
    rows = {r[0]: r[1:] for r in result.rows}
    assert result.headers == ("", "Player 1", "Player 2", "Player 3", "Player 4")
    assert rows["Total"] == tuple(str(x) for x in state.scores)
    assert rows["Salvage sites"] == tuple(str(x) for x in state.scores)
    assert rows["DP taken (tie-break)"] == tuple(str(x) for x in state.dp_pegs())
    won = [s for s, r in enumerate(state.returns()) if r > 0]
    if len(won) == 1:
        assert result.winner == f"Player {won[0] + 1} wins"
    assert str(max(state.scores)) in result.how
    assert VIEW.turn(state).startswith("Game over")
    assert "GAME OVER" in texts(VIEW.board(state, EVERYONE).drawing.items)


def test_all_out_war_counts_wreck_points_apart():
    setup = _setup(2, all_out_war=True)
    state = _finish(setup, seed=3)
    rows = {r[0]: r[1:] for r in VIEW.result(state).rows}
    for seat in range(2):
        sites = state.awarded.count(seat)
        assert rows["Salvage sites"][seat] == str(sites)
        assert int(rows["Wreck points"][seat]) + sites == int(rows["Total"][seat])
        assert rows["Total"][seat] == str(state.scores[seat])
