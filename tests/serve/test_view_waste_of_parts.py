"""The Waste of Parts at the table (pnp/games/waste_of_parts/view.py): the printed Mech with the
crew, the Enemies, the rooms' conditions and the Mech Tracker drawn where the state says, and a
click on a room, an Enemy, a crew member, dropped equipment, the Scrap Pile or the Hull picking
the action the rules allow there."""

from __future__ import annotations

import pytest

from pnp.games.view import EVERYONE, SPECTATOR
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.boss import surface
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES
from pnp.games.waste_of_parts.sheets import mech_board
from pnp.games.waste_of_parts.simulate import boss_decks
from pnp.games.waste_of_parts.state import SALVAGE, SCRAP, Crew
from pnp.games.waste_of_parts.view import (
    ENEMY_FILLS,
    HERE,
    HULL_HERE,
    OVERLAY,
    SEAT_COLOURS,
    SILVER,
    VIEW,
    seat_name,
)
from pnp.layout.draw import Circle, Rect, TextBox
from pnp.layout.svg import drawing_to_svg
from tests.games.waste_of_parts.helpers import CFG, enemy, game


def printed_rooms() -> dict[int, tuple[float, float, float, float]]:
    """Room -> (x, y, w, h) as the session's Mech board prints it."""
    items = mech_board(CFG).items
    out = {}
    for item, after in zip(items, items[1:], strict=False):
        if isinstance(item, Rect) and isinstance(after, TextBox):
            head = after.text.split(" ", 1)[0]
            if head.isdigit():
                out[int(head)] = (item.x, item.y, item.w, item.h)
    return out


ROOMS = printed_rooms()


def inside(point, box) -> bool:
    x, y, w, h = box
    return x < point[0] < x + w and y < point[1] < y + h


def room_of(point) -> int | None:
    found = [n for n, box in ROOMS.items() if inside(point, box)]
    assert len(found) <= 1
    return found[0] if found else None


def spots(state, viewer=EVERYONE):
    return {s.key: s for s in VIEW.board(state, viewer).spots}


def spot_centre(spot) -> tuple[float, float]:
    if spot.circle is not None:
        return spot.circle[:2]
    xs = [p[0] for p in spot.polygon]
    ys = [p[1] for p in spot.polygon]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def box_of(spot) -> tuple[float, float, float, float]:
    xs = [p[0] for p in spot.polygon]
    ys = [p[1] for p in spot.polygon]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def standee(state, seat: int) -> Circle:
    """The crew member's standee: the one Circle in its seat colour."""
    drawn = [i for i in VIEW.board(state, EVERYONE).drawing.items
             if isinstance(i, Circle) and i.fill == SEAT_COLOURS[seat]]
    assert len(drawn) == 1
    return drawn[0]


def text_at(state, text: str) -> list[TextBox]:
    return [i for i in VIEW.board(state, EVERYONE).drawing.items
            if isinstance(i, TextBox) and i.text == text]


def centre(box: TextBox) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


def test_the_board_is_the_printed_mech_with_a_spot_on_each_room():
    s = game()
    board = VIEW.board(s, EVERYONE)
    printed = mech_board(CFG)
    assert board.drawing.items[:len(printed.items)] == printed.items
    assert board.drawing.width == printed.width and board.drawing.height > printed.height
    keys = spots(s)
    for number, box in ROOMS.items():
        assert box_of(keys[f"room {number}"]) == pytest.approx(box)
    wastes = box_of(keys[f"room {WASTES}"])
    assert wastes[1] >= printed.height                    # The Wastes lie below the Mech
    assert len(ROOMS) == WASTES - 1


def test_each_crew_member_stands_in_their_room():
    s = game()
    for c in s.crew:
        circle = standee(s, c.seat)
        assert room_of((circle.cx, circle.cy)) == c.room
        assert room_of(spot_centre(spots(s)[f"crew {c.seat + 1}"])) == c.room
    s.crew[0].room, s.crew[1].room = 3, 12
    assert room_of((standee(s, 0).cx, standee(s, 0).cy)) == 3
    assert room_of((standee(s, 1).cx, standee(s, 1).cy)) == 12
    # Two in one room stand apart.
    s.crew[2].room = 3
    a, b = standee(s, 0), standee(s, 2)
    assert abs(a.cx - b.cx) >= a.r + b.r


def test_enemies_stand_in_their_room_or_in_the_wastes():
    s = game()
    e1, e2, e3 = enemy(s, 6), enemy(s, 6, level=3), enemy(s, WASTES, health=5)
    keys = spots(s)
    for e, room in ((e1, 6), (e2, 6), (e3, None)):
        (label,) = text_at(s, f"e{e.ident}")
        assert room_of(centre(label)) == room
        assert room_of(spot_centre(keys[f"enemy {e.ident}"])) == room
    assert inside(spot_centre(keys[f"enemy {e3.ident}"]), box_of(keys[f"room {WASTES}"]))
    assert spot_centre(keys[f"enemy {e1.ident}"]) != spot_centre(keys[f"enemy {e2.ident}"])
    chits = [i for i in VIEW.board(s, EVERYONE).drawing.items
             if isinstance(i, Rect) and i.fill == ENEMY_FILLS[3]]
    assert len(chits) == 1 and room_of((chits[0].x + 1, chits[0].y + 1)) == 6
    e3.damage = 2
    assert text_at(s, "H3 A1")          # Health left and Attack on the standee
    e1.room = 2
    (label,) = text_at(s, f"e{e1.ident}")
    assert room_of(centre(label)) == 2


def test_a_crowded_room_still_holds_every_standee():
    s = game()
    for c in s.crew:
        c.room = 7
    foes = [enemy(s, 7) for _ in range(14)]
    keys = spots(s)
    for e in foes:
        assert room_of(spot_centre(keys[f"enemy {e.ident}"])) == 7
    centres = [spot_centre(keys[f"enemy {e.ident}"]) for e in foes]
    assert len(set(centres)) == len(centres)


def overlays(state) -> dict[int, str]:
    """Room -> the overlay fill drawn on it."""
    fills = {fill for fill, _, _ in OVERLAY.values()}
    return {room_of((i.x + 1, i.y + 1)): i.fill for i in VIEW.board(state, EVERYONE).drawing.items
            if isinstance(i, Rect) and i.fill in fills}


def test_room_conditions_show_as_their_overlays():
    s = game()
    assert overlays(s) == {}
    s.condition[2], s.condition[10] = ON_FIRE, INOPERABLE
    assert overlays(s) == {2: OVERLAY[ON_FIRE][0], 10: OVERLAY[INOPERABLE][0]}
    (fire,) = text_at(s, "ON FIRE!")
    assert room_of(centre(fire)) == 2
    (broken,) = text_at(s, "INOPERABLE")
    assert room_of(centre(broken)) == 10
    s.condition[2] = FUNCTIONAL
    assert overlays(s) == {10: OVERLAY[INOPERABLE][0]}


def track_marker(state, fill: str) -> TextBox:
    items = VIEW.board(state, EVERYONE).drawing.items
    (rect,) = [i for i in items if isinstance(i, Rect) and i.fill == fill]
    (text,) = [i for i in items if isinstance(i, TextBox) and (i.x, i.y) == (rect.x, rect.y)]
    return text


def on_its_cell(state, marker: TextBox) -> bool:
    """The marker covers the printed track's cell of its own number (the same row)."""
    cells = [t for t in text_at(state, marker.text) if t.colour != "white"]
    mx, my = centre(marker)
    return any(abs(centre(t)[0] - mx) < 0.5 and abs(centre(t)[1] - my) < 5 for t in cells)


def test_the_tracker_marks_distance_and_hull():
    s = game()
    s.distance, s.hull = 12, 7
    d, h = track_marker(s, HERE), track_marker(s, HULL_HERE)
    assert (d.text, h.text) == ("12", "7")
    assert on_its_cell(s, d) and on_its_cell(s, h)
    assert centre(d)[1] < centre(h)[1]          # Distance above Hull, as the Tracker prints
    s.distance, s.hull = 13, 6
    d2, h2 = track_marker(s, HERE), track_marker(s, HULL_HERE)
    assert on_its_cell(s, d2) and on_its_cell(s, h2)
    assert centre(d2)[0] > centre(d)[0] and centre(h2)[0] < centre(h)[0]


def test_a_fuelled_engine_gets_its_silver_cube():
    s = game()
    cubes = [i for i in VIEW.board(s, EVERYONE).drawing.items
             if isinstance(i, Rect) and i.fill == SILVER]
    assert cubes == []
    s.fueled = {11}
    cubes = [i for i in VIEW.board(s, EVERYONE).drawing.items
             if isinstance(i, Rect) and i.fill == SILVER]
    assert [room_of((c.x + 1, c.y + 1)) for c in cubes].count(11) == 1


def act_in(s, seat: int = 0) -> Crew:
    s.touch()
    return s.crew[seat]


def test_clicks_pick_moves_attacks_and_room_work():
    s = game()
    c = act_in(s)
    foe = enemy(s, c.room)
    s.touch()
    legal = s.legal_actions()
    keys = spots(s, c.seat)
    moves = [a for a in legal if isinstance(a, A.Move)]
    assert moves
    for a in moves:
        key = VIEW.spot(s, a)
        assert key == f"room {a.room}"
        assert room_of(spot_centre(keys[key])) == a.room
    attack = A.Attack(foe.ident)
    assert attack in legal and VIEW.spot(s, attack) == f"enemy {foe.ident}"
    assert room_of(spot_centre(keys[f"enemy {foe.ident}"])) == c.room
    assert VIEW.spot(s, A.EndTurn()) is None
    s.enemies.clear()
    s.condition[c.room] = INOPERABLE
    s.touch()
    assert A.Repair() in s.legal_actions()
    assert VIEW.spot(s, A.Repair()) == f"room {c.room}"


def test_clicks_on_crew_members_and_dropped_equipment():
    s = game()
    c = act_in(s)
    mate = s.crew[1]
    mate.room, mate.damage = c.room, 2
    rifle = SalvageCard(501, "Test Rifle", "weapon", attack=3)
    s.ground[c.room].append(rifle)
    s.touch()
    legal = s.legal_actions()
    keys = spots(s, c.seat)
    assert A.Mend(1) in legal and VIEW.spot(s, A.Mend(1)) == "crew 2"
    assert room_of(spot_centre(keys["crew 2"])) == c.room
    assert A.PickUp(501) in legal and VIEW.spot(s, A.PickUp(501)) == "card 501"
    assert room_of(spot_centre(keys["card 501"])) == c.room
    (tag,) = text_at(s, "c501")
    assert room_of(centre(tag)) == c.room


def test_a_click_on_a_crew_mate_trades_with_them():
    """Trade (rulebook line 129): "Swap one of your items with one from another Crew Member in
    your room": the mate's standee is the spot, in the Equipment group."""
    s = game()
    c = act_in(s)
    mate = s.crew[1]
    mate.room = c.room
    c.equip(SalvageCard(502, "Test Rifle", "weapon", attack=3))
    mate.equip(SalvageCard(503, "Test Plate", "armor", armor=1))
    s.touch()
    swap = A.TradeWith(0, 1, 0)
    assert swap in s.legal_actions()
    assert VIEW.spot(s, swap) == "crew 2"
    assert room_of(spot_centre(spots(s, c.seat)["crew 2"])) == c.room
    assert VIEW.kind(swap) == "Equipment"
    assert VIEW.label(s, swap) == "trade slot 0 with P2 slot 0"


def test_clicks_of_the_first_players_decisions():
    s = game()
    s.phase, s.pending = SALVAGE, [SalvageCard(600, "Gun Mount", "upgrade", stat="attack",
                                               bonus=1, room="gun")]
    s.touch()
    legal = s.legal_actions()
    installs = [a for a in legal if isinstance(a, A.Install)]
    assert {a.room for a in installs} == {9, 12}
    assert {VIEW.spot(s, a) for a in installs} == {"room 9", "room 12"}
    assert VIEW.spot(s, A.ScrapCard(600)) == "scrap pile"
    assert "Gun Mount" in VIEW.turn(s)
    s.pending = [SalvageCard(601, "Plate", "armor", armor=1)]
    s.touch()
    assert VIEW.spot(s, A.Equip(601, 2)) == "crew 3"
    # "If a Crew Member is already at their equipment limit, they may Scrap or drop an
    # existing card in their current room to equip a new one" (rulebook line 332).
    s.crew[2].equip(SalvageCard(602, "Old Plate", "armor", armor=1))
    s.crew[2].equip(SalvageCard(603, "Old Rifle", "weapon", attack=2))
    s.touch()
    over = A.EquipOver(601, 2, 1, False)
    assert over in s.legal_actions()
    assert VIEW.spot(s, over) == "crew 3" and VIEW.kind(over) == "Place the salvage"
    assert VIEW.label(s, over) == "equip c601 on P3 scrapping slot 1"
    s.phase, s.pending, s.hull = SCRAP, [], 10
    s.scrap_pile = [SalvageCard(700 + k, "Scrap", "scrap") for k in range(4)]
    s.touch()
    assert A.Reinforce() in s.legal_actions()
    keys = spots(s)
    assert VIEW.spot(s, A.Reinforce()) == "hull" and "hull" in keys
    assert VIEW.spot(s, A.Recycle()) == "scrap pile" and "scrap pile" in keys
    assert keys["scrap pile"].label == "Scrap Pile: 4 cards"


def test_the_acting_crew_member_is_ringed_and_named():
    s = game()
    c = act_in(s)
    rings = [i for i in VIEW.board(s, EVERYONE).drawing.items
             if isinstance(i, Circle) and i.fill is None and i.stroke == "#ffcc00"]
    assert len(rings) == 1
    assert (rings[0].cx, rings[0].cy) == (standee(s, c.seat).cx, standee(s, c.seat).cy)
    assert VIEW.turn(s).startswith(seat_name(s, c.seat))
    assert f"{c.actions_left} of {c.actions} actions left" in VIEW.turn(s)
    svg = drawing_to_svg(VIEW.board(s, EVERYONE).drawing, embed_fonts=False)
    assert seat_name(s, c.seat) in svg


def test_status_shows_each_crew_member_to_everyone():
    s = game()
    s.crew[1].damage = 2
    s.crew[2].damage = s.crew[2].health
    s.crew[1].equip(SalvageCard(800, "Test Rifle", "weapon", attack=3, reload=True))
    seen = VIEW.seats(s, SPECTATOR)
    assert VIEW.hides_information is False
    assert all(VIEW.seats(s, v) == seen for v in range(len(s.crew)))
    lines = [dict(v.lines) for v in seen]
    assert lines[1]["Health"] == f"{s.crew[1].health - 2} of {s.crew[1].health}"
    assert lines[2]["Health"].startswith("Downed")
    assert "Test Rifle (Attack 3, reload)" in lines[1]["Equipment"]
    assert lines[1]["Room"].startswith(f"{s.crew[1].room} ")
    assert [v.colour for v in seen] == list(SEAT_COLOURS[:len(s.crew)])


def test_result_says_why_the_crew_lost_with_the_end_figures():
    s = game()
    s.distance, s.hull = 14, 3
    s.lose_hull(3, "test")
    r = VIEW.result(s)
    assert r.winner == "The crew loses"
    assert "the Hull is annihilated" in r.how and "Distance 14" in r.how
    rows = {row[0]: row for row in r.rows}
    assert rows["Distance"][1] == "14" and rows["Hull"][1] == f"0 of {CFG.hull_max}"
    assert rows["Result"][1] == "lost"
    assert rows[seat_name(s, 0)][1] == f"Health {s.crew[0].health} of {s.crew[0].health}"
    assert all(len(row) == len(r.headers) for row in r.rows)


def test_result_of_a_won_game():
    s = game()
    s.distance, s.round = 36, 17
    s.win()
    r = VIEW.result(s)
    assert r.winner == "The crew wins"
    assert "Sanctuary" in r.how and "round 17" in r.how
    rows = {row[0]: row for row in r.rows}
    assert rows["Distance"][1] == "36" and rows["Enemies aboard"][1] == "0"
    assert rows["Crew standing"][1] == f"{len(s.crew)} of {len(s.crew)}"
    assert rows["Result"][1] == "won"
    assert VIEW.turn(s).startswith("The crew has won")


def test_a_boss_battle_tracks_the_bosss_health_on_the_distance_dial():
    s = game(boss_cards=boss_decks(CFG, "tests", "harrow"))
    s.distance = 36
    s.boss_stage = "battle"
    assert "submerged" in " ".join(text_at_any(s))
    surface(s)
    (harrow,) = [e for e in s.enemies if e.card.ability == "boss"]
    harrow.damage = 5
    left = harrow.card.health - harrow.damage
    marker = track_marker(s, HERE)
    assert marker.text == str(left) and on_its_cell(s, marker)
    assert room_of(spot_centre(spots(s)[f"enemy {harrow.ident}"])) is None
    assert text_at(s, f"{left}/{harrow.card.health}")
    s.lose("every crew member is Downed")
    rows = {row[0]: row for row in VIEW.result(s).rows}
    assert rows["Boss"][1] == f"Health {left} of {harrow.card.health}"


def text_at_any(state) -> list[str]:
    return [i.text for i in VIEW.board(state, EVERYONE).drawing.items if isinstance(i, TextBox)]


def test_every_action_has_a_group_and_a_short_label():
    samples = [A.Move(3), A.Attack(4), A.Attack(4, 1), A.FireGun(12, 4), A.Reload(0),
               A.Repair(), A.Extinguish(), A.Fuel(), A.Search(), A.Drop(0), A.PickUp(5),
               A.Give(0, 1), A.Trade(0, 5), A.TradeWith(0, 1, 1), A.Mend(1), A.Revive(1),
               A.EndTurn(), A.Equip(5, 1), A.EquipOver(5, 1, 0, True), A.Install(5, 9),
               A.ScrapCard(5), A.Reinforce(), A.Recycle(), A.ScrapDone(), A.ChooseEvent(2)]
    for a in samples:
        assert VIEW.kind(a) and VIEW.label(None, a)
    assert VIEW.label(None, A.Move(3)) == "to room 3"
    assert VIEW.label(None, A.Attack(4, 1)) == "e4, weapon in slot 1"
    assert VIEW.kind(A.FireGun(12, 4)) == "Fire a gun"
