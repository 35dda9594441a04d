"""Tour simulator: tables, rule effects in the game loop, determinism, bots, summaries."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import simulate as S
from pnp.games.waste_knights.data import default_catalogue
from pnp.games.waste_knights.generate import session_board
from pnp.games.waste_knights.hexes import (Board, Hex, Kind, Terrain, board_coords, ring_of,
                                           tier_of)
from pnp.games.waste_knights.tour_stats import FIELDS, TOUR_BANDS, summarize
from pnp.sim.runner import Batch

SPEEDS = {"strider": 4, "off-road": 3, "heavy-duty": 2}
CAT = default_catalogue()
F = {name: i for i, name in enumerate(FIELDS)}


def flat_board(difficulty: int = 2, **icons) -> Board:
    """Gangraen at the centre, every other hex normal with the same route difficulty/icons."""
    hexes = []
    for i, c in enumerate(board_coords()):
        if c == (0, 0):
            hexes.append(Hex(q=0, r=0, tier=1, kind=Kind.CITY, tile="C1", route_difficulty=1,
                             number=1, name="Gangraen"))
        else:
            hexes.append(Hex(q=c[0], r=c[1], tier=tier_of(c), kind=Kind.NORMAL, tile=f"N{i}",
                             route_difficulty=difficulty, terrain=Terrain.DESERT, **icons))
    return Board(tuple(hexes))


def seat(game, s, name):
    return game[s * len(FIELDS) + F[name]]


@pytest.fixture(scope="module")
def board():
    return session_board(3, CAT)


def test_tables_cheapest_routes(board):
    t = S.build_tables(board)
    assert t.n == 37 and t.kind[t.start] == S.CITY_HEX
    for j in range(t.n):
        path = t.path[t.start][j]
        # The route skips the start hex and costs the route difficulty of each hex entered.
        assert t.start not in path
        assert t.mp[t.start][j] == sum(t.diff[x] for x in path)
        assert t.thr[t.start][j] == sum(t.threat[x] for x in path)
        prev = t.start
        for x in path:
            assert x in t.nbrs[prev]
            prev = x
    assert all(t.kind[c] == S.CITY_HEX for c in t.nearest_city)


def test_every_precomputed_route_is_a_legal_plan(board):
    """Plan Route: each table route is an unbroken chain, no hex twice, never the start hex."""
    from pnp.games.waste_knights import rules as R
    t = S.build_tables(board)
    coords = [h.coord for h in board.hexes]
    on_board = set(coords).__contains__
    for i in range(t.n):
        for j in range(t.n):
            route = [coords[x] for x in t.path[i][j]]
            assert R.route_problem(coords[i], route, on_board) is None
            assert (len(route) == 0) == (i == j)


def test_tables_match_board_metrics_for_gangraen(board):
    """Cheapest Movement Points from Gangraen agree with a brute-force Bellman-Ford."""
    t = S.build_tables(board)
    best = [10**9] * t.n
    best[t.start] = 0
    for _ in range(t.n):
        for u in range(t.n):
            for v in t.nbrs[u]:
                best[v] = min(best[v], best[u] + t.diff[v])
    assert list(t.mp[t.start]) == best


def test_config_validation():
    with pytest.raises(PnpError, match="2 to 4"):
        S.make_config(5, SPEEDS)
    with pytest.raises(PnpError, match="2 to 4"):
        S.make_config(1, SPEEDS)
    with pytest.raises(PnpError, match="unknown vehicle"):
        S.make_config(2, SPEEDS, ["hovercraft"])
    with pytest.raises(PnpError, match="one per knight"):
        S.make_config(3, SPEEDS, ["strider", "off-road"])
    with pytest.raises(PnpError, match="policy"):
        S.make_config(2, SPEEDS, policy="psychic")
    with pytest.raises(PnpError, match="rounds"):
        S.make_config(2, SPEEDS, rounds=0)
    cfg = S.make_config(3, SPEEDS, ["strider", "off-road", "heavy-duty"])
    assert cfg.speeds == (4, 3, 2) and cfg.knights == 3


@pytest.mark.parametrize("icons, rounds, rng_seed, ko, not_ko", [
    ({"radiation": 2}, 4, 1, "ko_radiation", "ko_contamination"),
    ({"contamination": 4}, 3, 2, "ko_contamination", "ko_radiation"),
])
def test_hex_icons_knock_out_at_the_waster_step(icons, rounds, rng_seed, ko, not_ko):
    """Waster Step b) on a board where every hex irradiates twice (or contaminates four
    times): knights who leave Gangraen reach 4 Radiation after two Waster Steps (0 Health
    after one) and are K.O.'d by that icon only."""
    cfg = S.make_config(2, SPEEDS, rounds=rounds, policy="random")
    t = S.build_tables(flat_board(**icons))
    rng = random.Random(rng_seed)
    games = [S.play_game(t, cfg, rng) for _ in range(200)]
    assert sum(seat(g, s, ko) for g in games for s in range(2)) > 0
    assert sum(seat(g, s, not_ko) for g in games for s in range(2)) == 0


def test_route_hexes_icons_are_ignored_only_the_hex_stood_on_counts():
    """Resolve Movement: "Contamination and Radiation icons from hexes of the route should be
    ignored"; Waster Step b) counts the hex "with their knight markers". Every hex between
    Gangraen and a clean special hex 3 hexes away carries 4 Radiation and 4 contamination icons:
    knights who drive there through them are never K.O.'d at the next Waster Step."""
    base = flat_board()
    target = (3, 0)
    hexes = []
    for h in base.hexes:
        if h.coord == target:
            h = replace(h, kind=Kind.SPECIAL, number=14, name="Sandpiercer", terrain=None)
        elif 1 <= ring_of(h.coord) <= 2:
            h = replace(h, radiation=4, contamination=4)
        hexes.append(h)
    b = Board(tuple(hexes))
    t = S.build_tables(b)
    j = b.index(target)
    assert all(t.hazard[x] for x in t.path[t.start][j][:-1])  # the route crosses the icons
    cfg = S.make_config(2, SPEEDS, rounds=2)  # round 2 begins with a Waster Step
    rng = random.Random(5)
    games = [S.play_game(t, cfg, rng) for _ in range(50)]
    for g in games:
        for s in range(2):
            assert seat(g, s, "specials") == 1  # reached the special hex in round 1
            assert seat(g, s, "ko_radiation") == seat(g, s, "ko_contamination") == 0


def test_threat_icons_draw_more_cards():
    """Resolve Movement: more Threat icons on routes -> more wasteland cards drawn per move."""
    cfg = S.make_config(2, SPEEDS, rounds=6, policy="random")

    def drawn_per_move(b):
        t = S.build_tables(b)
        rng = random.Random(3)
        games = [S.play_game(t, cfg, rng) for _ in range(300)]
        drawn = sum(seat(g, s, "cards_drawn") for g in games for s in range(2))
        faced = sum(seat(g, s, "cards_faced") for g in games for s in range(2))
        return drawn / faced

    plain, threat = drawn_per_move(flat_board()), drawn_per_move(flat_board(threat=1))
    assert plain == 1.0  # one card per move without Threat icons
    assert threat > 1.3


def test_fuel_accounting_and_one_card_per_move(board):
    cfg = S.make_config(4, SPEEDS, ["heavy-duty"], rounds=10)
    t = S.build_tables(board)
    rng = random.Random(4)
    for _ in range(50):
        g = S.play_game(t, cfg, rng)
        for s in range(4):
            faced = seat(g, s, "cards_faced")
            assert faced <= 10  # at most one wasteland card per Move Step
            assert seat(g, s, "cards_drawn") >= faced
            assert seat(g, s, "hexes_entered") >= faced
            # Starting 4 Fuel, then at most +4 per round from resupply: spending is bounded.
            assert seat(g, s, "fuel_spent") <= 4 + 4 * 10 + 2 * 10


def test_slower_vehicle_reaches_fewer_hexes(board):
    t = S.build_tables(board)
    fast = S.make_config(2, SPEEDS, ["strider"])
    slow = S.make_config(2, SPEEDS, ["heavy-duty"])

    def entered(cfg):
        rng = random.Random(5)
        return sum(seat(g, s, "hexes_entered") for g in (S.play_game(t, cfg, rng)
                                                          for _ in range(300)) for s in range(2))

    assert entered(fast) > entered(slow)


def test_batch_is_deterministic(board):
    cfg = S.make_config(3, SPEEDS)
    a = S.tour_batch(Batch(0, 123, 0, 20), board, cfg)
    b = S.tour_batch(Batch(0, 123, 0, 20), board, cfg)
    c = S.tour_batch(Batch(0, 124, 0, 20), board, cfg)
    assert a == b and a != c and len(a) == 20


def test_heuristic_beats_random_on_the_objective(board):
    """The declared objective: distinct special hexes explored per knight per game."""
    h = S.simulate_tour(board, S.make_config(4, SPEEDS), 300, "cmp")
    r = S.simulate_tour(board, S.make_config(4, SPEEDS, policy="random"), 300, "cmp")
    cmp_ = S.compare(h, r)
    assert cmp_["clearly_better"]
    assert cmp_["heuristic"]["value"] > 2 * cmp_["random"]["value"]


def test_summary_shape_and_checks(board):
    res = S.simulate_tour(board, S.make_config(3, SPEEDS, ["strider", "off-road", "heavy-duty"]),
                          120, "shape")
    assert res["knights"] == 3 and res["games"] == 120
    assert [x["seat"] for x in res["seats"]] == [1, 2, 3]
    assert [x["vehicle"] for x in res["seats"]] == ["strider", "off-road", "heavy-duty"]
    for est in list(res["per_knight"].values()) + list(res["rates"].values()):
        assert est["low"] <= est["value"] <= est["high"]
    assert {c["name"] for c in res["checks"]} == set(TOUR_BANDS)
    wins = sum(x["wins"]["value"] for x in res["seats"])
    assert wins == pytest.approx(1.0)


def test_summarize_needs_two_games(board):
    cfg = S.make_config(2, SPEEDS)
    with pytest.raises(PnpError):
        summarize(S.tour_batch(Batch(0, 1, 0, 1), board, cfg), cfg)


def test_report_sections_for_2_3_4_knights(board):
    rep = S.tour_report(board, SPEEDS, 60, "rep")
    assert set(rep["tours"]) == {"2", "3", "4"}
    secs = S.report_sections(rep)
    headings = [s["heading"] for s in secs]
    assert headings[0] == "Tour simulator"
    assert {"Seat fairness, 2 knights", "Seat fairness, 3 knights",
            "Seat fairness, 4 knights", "Heuristic vs random knights"} <= set(headings)
    assert len(secs[0]["table"]) == 3
    cli_json = {"tour": rep["tours"]["4"], "heuristic_vs_random": rep["heuristic_vs_random"]}
    assert [s["heading"] for s in S.report_sections(cli_json)] == [
        "Tour simulator", "Seat fairness, 4 knights", "Heuristic vs random knights"]
    from pnp.report import render_report
    html = render_report("tour", secs)
    assert "Seat fairness, 4 knights" in html


def test_designed_special_hex_without_reference_entry(board):
    """New tile sets may hold special hexes numbered past 14: they give +1 green gear card."""
    hexes = tuple(replace(h, number=21, name="Waste Outpost") if h.number == 10 else h
                  for h in board.hexes)
    t = S.build_tables(Board(hexes))
    rules = [r for r in t.rules if r is not None and r.number == 21]
    assert rules and rules[0].green_gain == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["heuristic", "random"]),
       st.sampled_from(["strider", "off-road", "heavy-duty"]), st.integers(1, 12))
def test_game_records_are_bounded(seed, knights, policy, vehicle, rounds):
    """For any board seed and table: at most 1 card and 4 Fuel per Move Step, counts bounded."""
    b = session_board(seed, CAT)
    t = S.build_tables(b)
    cfg = S.make_config(knights, SPEEDS, [vehicle], policy, rounds)
    g = S.play_game(t, cfg, random.Random(seed))
    assert len(g) == knights * len(FIELDS) and min(g) >= 0
    for s in range(knights):
        assert seat(g, s, "cards_faced") <= rounds
        assert seat(g, s, "specials") <= len(t.specials)
        assert seat(g, s, "cities") <= len(t.cities) - 1
        assert seat(g, s, "starved_rounds") <= rounds
        assert seat(g, s, "points") == (seat(g, s, "specials") + seat(g, s, "cities")
                                        + 2 * seat(g, s, "tasks"))
        # The Fuel dial holds at most 4: no Move Step spends more.
        assert seat(g, s, "fuel_spent") <= 4 * rounds


# --- the round's steps: rules referee the bots -----------------------------------------------

class _Reckless(S.BOTS[S.Policy.HEURISTIC].__class__):
    """A bot that plans a drive to the farthest hex whatever its Fuel."""

    def plan_move(self, seat, t, task_hex, rng):
        far = max(range(t.n), key=lambda j: t.mp[seat.pos][j])
        return S.Plan(t.path[seat.pos][far])


def test_a_route_the_fuel_cannot_pay_for_is_refused(board):
    """Resolve Movement: "cannot continue his move if he does not have enough Movement Points";
    the game loop lets rules.py referee the bots' plans."""
    t = S.build_tables(board)
    game = S.setup(t, S.make_config(2, SPEEDS, ["heavy-duty"]), random.Random(1))
    game.bots = [_Reckless(), _Reckless()]
    with pytest.raises(PnpError, match="Fuel"):
        for order in ([0, 1], [1, 0], [0, 1]):
            S.move_step(game, order)
            S.rest_step(game)


def test_rest_step_wakes_knocked_out_knights_in_the_nearest_city(board):
    """Rest Step d) Regain Consciousness: nearest city, heal 2 on the K.O. dial, -1 Fuel."""
    t = S.build_tables(board)
    game = S.setup(t, S.make_config(2, SPEEDS), random.Random(1))
    far = max(range(t.n), key=lambda j: t.mp[t.start][j])
    ko = game.seats[0]
    ko.pos, ko.knight, ko.ko, ko.marker = far, R.Knight(fuel=2, health=0, radiation=1), True, True
    S.rest_step(game)
    assert ko.pos == t.nearest_city[far] and t.kind[ko.pos] == S.CITY_HEX
    assert ko.knight == R.Knight(fuel=1, health=2, radiation=1, ammo=3)
    assert not ko.ko and not ko.marker


def test_preparations_phase_marks_the_task_and_resolves_icons(board):
    """Waster Step a) three marks make the task outdated; b) a K.O. by Radiation is recorded."""
    t = S.build_tables(flat_board(radiation=2))
    game = S.setup(t, S.make_config(2, SPEEDS), random.Random(1))
    for _ in range(R.TASK_OUTDATED_MARKS - 1):
        S.preparations_phase(game)
    assert game.task_marks == R.TASK_OUTDATED_MARKS - 1
    assert sum(game.seats[1].luck) == R.START_LUCK + 2  # +1 a Knights Step, up to 5 in hand
    game.seats[1].pos = t.nbrs[t.start][0]
    game.seats[1].knight = R.Knight(radiation=2)
    S.preparations_phase(game)
    assert game.task_marks == 0
    assert game.seats[1].ko and seat(S.records(game), 1, "ko_radiation") == 1
    assert sum(game.seats[1].luck) == R.START_LUCK + 2  # unconscious: no luck card drawn
    assert not game.seats[0].ko  # Gangraen carries no icon
    assert sum(game.seats[0].luck) == R.LUCK_HAND_MAX
