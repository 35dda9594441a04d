"""Tour simulator: route tables, rule effects over many games, seeds, runs and summaries."""

from __future__ import annotations

import heapq
import json
import pickle
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.games.registry import get
from pnp.games.waste_knights import simulate as S
from pnp.games.waste_knights.data import default_catalogue, wasteland_deck
from pnp.games.waste_knights.generate import generate_board, session_board
from pnp.games.waste_knights.hexes import Board, Kind, ring_of
from pnp.games.waste_knights.metrics import all_pairs
from pnp.games.waste_knights.options import OPTIONS, board_from_json, load_board, make_setup
from pnp.games.waste_knights.state import TourState
from pnp.games.waste_knights.tour import CITY_HEX, build_tables
from pnp.games.waste_knights.tour_stats import FIELDS, TOUR_BANDS, summarize
from pnp.sim.play import game_seed, play, replay, replay_lines, run_games

from .tour_helpers import SPEEDS, flat_board, quiet_deck

CAT = default_catalogue()
F = {name: i for i, name in enumerate(FIELDS)}
SPEC = get("waste-knights")


def tour_setup_(*args, **kw):
    """``simulate.tour_setup`` with the bundled wasteland deck (unless given another)."""
    kw.setdefault("deck", wasteland_deck())
    return S.tour_setup(*args, **kw)


def seat(game, s, name):
    return game[s * len(FIELDS) + F[name]]


def games_of(board, players=2, bots="heuristic", n=200, seed="t", **kw):
    """Records of ``n`` tours of ``board`` (game seeds of run ``seed``)."""
    setup = tour_setup_(board, SPEEDS, players, bots=[bots], **kw)
    return [S.record(play(SPEC, setup, game_seed(seed, i))) for i in range(n)]


@pytest.fixture(scope="module")
def board():
    return session_board(3, CAT)


# --- route tables -----------------------------------------------------------------------------

def test_tables_cheapest_routes(board):
    t = build_tables(board)
    assert t.n == 37 and t.kind[t.start] == CITY_HEX
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
    assert all(t.kind[c] == CITY_HEX for c in t.nearest_city)
    assert [t.tile[t.index[h.tile]] for h in board.hexes] == [h.tile for h in board.hexes]


def test_every_precomputed_route_is_a_legal_plan(board):
    """Plan Route: each table route is an unbroken chain, no hex twice, never the start hex."""
    from pnp.games.waste_knights import rules as R
    t = build_tables(board)
    on_board = set(t.coords).__contains__
    for i in range(t.n):
        for j in range(t.n):
            route = [t.coords[x] for x in t.path[i][j]]
            assert R.route_problem(t.coords[i], route, on_board) is None
            assert (len(route) == 0) == (i == j)
            # The first hexes of a cheapest route are the table's route to the last of them
            # (bots cut a route to what their Fuel pays for and drive that).
            path = t.path[i][j]
            assert all(t.path[i][path[k - 1]] == path[:k] for k in range(1, len(path) + 1))
            assert t.tile_route[i][j] == tuple(t.tile[x] for x in (i, *path))


def _dijkstra(t, s):
    """Reference: Dijkstra on (Movement Points, Threat, hexes) over the board's adjacency (the
    tour's own algorithm before its costs came from ``metrics.all_pairs``)."""
    best = {s: (0, 0, 0)}
    heap = [(0, 0, 0, s)]
    while heap:
        m, th, k, u = heapq.heappop(heap)
        if best[u] != (m, th, k):
            continue
        for v in t.nbrs[u]:
            key = (m + t.diff[v], th + t.threat[v], k + 1)
            if v not in best or key < best[v]:
                best[v] = key
                heapq.heappush(heap, (*key, v))
    return best


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**40 - 1), st.sampled_from(["session", "new-tiles"]))
def test_tour_tables_and_board_metrics_agree_on_every_route(seed, mode):
    """``metrics.all_pairs`` (Floyd-Warshall on Movement Points x 1000 + Threat) and the tour's
    tables give the same cheapest cost for every pair of hexes, and it is Dijkstra's on
    (Movement Points, Threat); the tables' routes cost exactly that, with the fewest hexes."""
    b, _ = generate_board(seed, mode, CAT)
    mp, threat = all_pairs(b)
    t = build_tables(b)
    for i in range(t.n):
        ref = _dijkstra(t, i)
        for j in range(t.n):
            assert (t.mp[i][j], t.thr[i][j]) == (int(mp[i, j]), int(threat[i, j])) \
                == ref[j][:2]
            route = t.path[i][j]
            assert (sum(t.diff[x] for x in route), sum(t.threat[x] for x in route)) == ref[j][:2]
            assert len(route) == ref[j][2]


def test_tables_match_bellman_ford_from_gangraen(board):
    t = build_tables(board)
    best = [10**9] * t.n
    best[t.start] = 0
    for _ in range(t.n):
        for u in range(t.n):
            for v in t.nbrs[u]:
                best[v] = min(best[v], best[u] + t.diff[v])
    assert list(t.mp[t.start]) == best


def test_designed_special_hex_without_reference_entry(board):
    """New tile sets may hold special hexes numbered past 14: they give +1 green gear card."""
    hexes = tuple(replace(h, number=21, name="Waste Outpost") if h.number == 10 else h
                  for h in board.hexes)
    t = build_tables(Board(hexes))
    rules = [r for r in t.rules if r is not None and r.number == 21]
    assert rules and rules[0].green_gain == 1


# --- setup ------------------------------------------------------------------------------------

def test_setup_validation(board):
    with pytest.raises(PnpError, match="2 to 4"):
        tour_setup_(board, SPEEDS, 5)
    with pytest.raises(PnpError, match="2 to 4"):
        tour_setup_(board, SPEEDS, 1)
    with pytest.raises(PnpError, match="unknown vehicle"):
        tour_setup_(board, SPEEDS, 2, ["hovercraft"])
    with pytest.raises(PnpError, match="one per knight"):
        tour_setup_(board, SPEEDS, 3, ["strider", "off-road"])
    with pytest.raises(PnpError, match="unknown bot"):
        tour_setup_(board, SPEEDS, 2, bots=["psychic"])
    with pytest.raises(PnpError, match="rounds"):
        tour_setup_(board, SPEEDS, 2, rounds=0)
    setup = tour_setup_(board, SPEEDS, 3, ["strider", "off-road", "heavy-duty"],
                         ["heuristic", "random", "random"])
    assert setup.speeds == (4, 3, 2) and setup.players == 3
    assert setup.bots == ("heuristic", "random", "random")


def test_setup_is_frozen_and_pickles_without_its_tables(board):
    setup = tour_setup_(board, SPEEDS, 2)
    with pytest.raises(AttributeError):
        setup.rounds = 3  # type: ignore[misc]
    data = pickle.dumps(setup)
    back = pickle.loads(data)
    assert back == setup and back.tables == setup.tables
    assert len(data) < len(pickle.dumps(setup.tables))


def test_make_setup_reads_the_options(board, tmp_path):
    from pnp.games.waste_knights.hexes import board_to_dict

    assert {o.name for o in OPTIONS} == {"board", "rounds", "vehicle", "mode",
                                         "reject_unbalanced", "max_tries", "hex_size"}
    assert {o.name for o in SPEC.options_for("session")} == {
        "rounds", "vehicle", "mode", "reject_unbalanced", "max_tries", "hex_size"}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board_to_dict(board)), encoding="utf-8")
    setup = make_setup(1, 3, ("random",) * 3, {"board": str(path), "rounds": 4,
                                               "vehicle": "off-road"})
    assert setup.board == board and setup.rounds == 4 and setup.speeds == (3, 3, 3)
    assert setup.board_name == str(path)
    default = make_setup("x", 2, ("heuristic",) * 2, {})
    assert default.board == session_board("x", CAT) and default.vehicles == ("strider",) * 2
    with pytest.raises(PnpError, match="malformed JSON") as err:
        board_from_json("{\n  nope", "b.json")
    assert err.value.file == "b.json" and err.value.line == 2
    with pytest.raises(PnpError, match="cannot read"):
        load_board(str(tmp_path / "missing.json"))


# --- rule effects over many games -------------------------------------------------------------

@pytest.mark.parametrize("icons, rounds, ko, not_ko", [
    ({"radiation": 2}, 4, "ko_radiation", "ko_contamination"),
    ({"contamination": 4}, 3, "ko_contamination", "ko_radiation"),
])
def test_hex_icons_knock_out_at_the_waster_step(icons, rounds, ko, not_ko):
    """Waster Step b) on a board where every hex irradiates twice (or contaminates four
    times): knights who leave Gangraen reach 4 Radiation after two Waster Steps (0 Health
    after one) and are K.O.'d by that icon only (a deck of one harmless card: no Acid Rain's
    contamination tokens)."""
    from .tour_helpers import quiet_deck

    games = games_of(flat_board(**icons), bots="random", rounds=rounds, deck=quiet_deck())
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
    t = build_tables(b)
    j = b.index(target)
    assert all(t.hazard[x] for x in t.path[t.start][j][:-1])  # the route crosses the icons
    for g in games_of(b, rounds=2, n=50, deck=quiet_deck()):  # round 2: Waster Step
        for s in range(2):
            assert seat(g, s, "specials") == 1  # reached the special hex in round 1
            assert seat(g, s, "ko_radiation") == seat(g, s, "ko_contamination") == 0


def test_threat_icons_draw_more_cards():
    """Resolve Movement: more Threat icons on routes -> more wasteland cards drawn per move."""
    def drawn_per_move(b):
        games = games_of(b, bots="random", rounds=6, n=300)
        drawn = sum(seat(g, s, "cards_drawn") for g in games for s in range(2))
        faced = sum(seat(g, s, "cards_faced") for g in games for s in range(2))
        return drawn / faced

    plain, threat = drawn_per_move(flat_board()), drawn_per_move(flat_board(threat=1))
    assert plain == 1.0  # one card per move without Threat icons
    assert threat > 1.3


def test_fuel_accounting_and_one_card_per_move(board):
    for g in games_of(board, 4, vehicles=["heavy-duty"], n=50):
        for s in range(4):
            faced = seat(g, s, "cards_faced")
            assert faced <= 10  # at most one wasteland card per Move Step
            assert seat(g, s, "cards_drawn") >= faced
            assert seat(g, s, "hexes_entered") >= faced
            # Starting 4 Fuel, then at most +4 per round from resupply: spending is bounded.
            assert seat(g, s, "fuel_spent") <= 4 + 4 * 10 + 2 * 10


def test_slower_vehicle_reaches_fewer_hexes(board):
    def entered(vehicle):
        return sum(seat(g, s, "hexes_entered") for g in games_of(board, vehicles=[vehicle], n=300)
                   for s in range(2))

    assert entered("strider") > entered("heavy-duty")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["heuristic", "random"]),
       st.sampled_from(["strider", "off-road", "heavy-duty"]), st.integers(1, 12))
def test_game_records_are_bounded(seed, knights, bots, vehicle, rounds):
    """For any board seed and table: at most 1 card and 4 Fuel per Move Step, counts bounded."""
    b = session_board(seed, CAT)
    setup = tour_setup_(b, SPEEDS, knights, [vehicle], [bots], rounds)
    state = play(SPEC, setup, seed, check=True)
    g = S.record(state)
    t = setup.tables
    assert len(g) == knights * len(FIELDS) and min(g) >= 0
    for s in range(knights):
        assert seat(g, s, "cards_faced") <= rounds
        assert seat(g, s, "specials") <= len(t.specials)
        assert seat(g, s, "cities") <= len(t.cities) - 1
        assert seat(g, s, "starved_rounds") <= rounds
        assert (seat(g, s, "reputation"), seat(g, s, "gear_value")) == state.score(s)
        assert seat(g, s, "faced") + seat(g, s, "escaped") <= seat(g, s, "cards_faced")
        assert seat(g, s, "combats_won") <= seat(g, s, "combats") <= seat(g, s, "faced")
        # The Fuel dial holds at most 4: no Move Step spends more.
        assert seat(g, s, "fuel_spent") <= 4 * rounds


# --- seeds, runs, replays ---------------------------------------------------------------------

def test_every_game_has_its_own_seed_and_replays_alone(board):
    setup = tour_setup_(board, SPEEDS, 3)
    records = run_games(SPEC, setup, 30, "alone", batch_size=7)
    assert records[17] == S.record(play(SPEC, setup, game_seed("alone", 17)))
    assert records[17] == run_games(SPEC, setup, 20, "alone", batch_size=3)[17]
    assert records != run_games(SPEC, setup, 30, "other")


def test_one_and_two_jobs_give_the_same_tour(board):
    setup = tour_setup_(board, SPEEDS, 4)
    one = S.simulate_tour(setup, 60, "jobs", jobs=1)
    two = S.simulate_tour(setup, 60, "jobs", jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_replay_reads_as_play(board):
    setup = tour_setup_(board, SPEEDS, 2, bots=["heuristic", "random"], rounds=3)
    doc = replay(SPEC, setup, "replay", 4)
    lines = replay_lines(doc)
    text = "\n".join(lines)
    assert lines[0].startswith("waste-knights game 4") and "heuristic, random" in lines[0]
    assert "Game Setup: 2 knights in C1 Gangraen [1]" in text
    assert "round 3 of 3: First Player knight 1" in text
    assert "end of the game after 3 rounds" in text
    assert doc["actions"][0]["action"].startswith("knight 1 ")
    state = play(SPEC, setup, game_seed("replay", 4))
    assert doc["returns"] == list(state.returns())
    for step in doc["actions"]:  # every line of the log reads back into its action
        assert str(SPEC.rules.parse_action(step["action"])) == step["action"]


def test_heuristic_knights_win_against_random_knights_at_one_table(board):
    """Heuristic and random knights in alternate seats, winner by the rulebook's scoring (most
    Reputation, then gear value): the heuristic seats win clearly more often (95% CIs apart)."""
    setup = tour_setup_(board, SPEEDS, 4, bots=["heuristic", "random", "heuristic", "random"])
    doc = S.simulate_tour(setup, 120, "mixed")
    wins = [x["wins"] for x in doc["seats"]]
    assert min(wins[0]["low"], wins[2]["low"]) > max(wins[1]["high"], wins[3]["high"])
    assert wins[0]["value"] + wins[2]["value"] > 0.8


def test_heuristic_beats_random_on_the_objective(board):
    """The declared objective: Reputation per knight per game."""
    h = S.simulate_tour(tour_setup_(board, SPEEDS, 4), 300, "cmp")
    r = S.simulate_tour(tour_setup_(board, SPEEDS, 4, bots=["random"]), 300, "cmp")
    cmp_ = S.compare(h, r)
    assert cmp_["clearly_better"]
    assert cmp_["heuristic"]["value"] > 2 * cmp_["random"]["value"]


# --- summaries --------------------------------------------------------------------------------

def test_summary_shape_and_checks(board):
    res = S.simulate_tour(tour_setup_(board, SPEEDS, 3, ["strider", "off-road", "heavy-duty"]),
                          120, "shape")
    assert res["knights"] == 3 and res["games"] == 120 and res["seed"] == "shape"
    assert [x["seat"] for x in res["seats"]] == [1, 2, 3]
    assert [x["vehicle"] for x in res["seats"]] == ["strider", "off-road", "heavy-duty"]
    for est in list(res["per_knight"].values()) + list(res["rates"].values()):
        assert est["low"] <= est["value"] <= est["high"]
    assert {c["name"] for c in res["checks"]} == set(TOUR_BANDS)
    assert all(set(c) == {"name", "value", "low", "high", "band_low", "band_high", "passed",
                          "status", "n", "n_needed", "detectable", "unit",
                          "note"} for c in res["checks"])
    wins = sum(x["wins"]["value"] for x in res["seats"])
    assert wins == pytest.approx(1.0)
    lines = S.summary_lines(res)
    assert lines[0].startswith(f"seed {res['seed_code']}  board ")
    assert lines[1] == "120 games, 3 heuristic knights, 10 rounds, vehicles: strider, off-road, " \
                       "heavy-duty"
    assert any(line.startswith("  specials ") and "[" in line for line in lines)
    verdicts = ("PASS ", "FAIL ", "UNDECIDED ")
    assert sum(line.startswith(verdicts) for line in lines) == len(TOUR_BANDS)


def test_summarize_needs_two_games(board):
    setup = tour_setup_(board, SPEEDS, 2)
    with pytest.raises(PnpError):
        summarize([S.record(play(SPEC, setup, 1))], setup)


def test_report_sections_for_2_3_4_knights(board):
    rep = S.tour_report(board, SPEEDS, 60, "rep", deck=wasteland_deck())
    assert set(rep["tours"]) == {"2", "3", "4"}
    assert rep["random"]["policy"] == "random" and "clearly_better" in rep["heuristic_vs_random"]
    secs = S.report_sections(rep)
    headings = [s["heading"] for s in secs]
    assert headings[0] == "Game simulator"
    assert {"Seat fairness, 2 knights", "Seat fairness, 3 knights",
            "Seat fairness, 4 knights", "Heuristic vs random knights"} <= set(headings)
    assert len(secs[0]["table"]) == 3
    cli_json = {"tour": rep["tours"]["4"], "heuristic_vs_random": rep["heuristic_vs_random"]}
    assert [s["heading"] for s in S.report_sections(cli_json)] == [
        "Game simulator", "Seat fairness, 4 knights", "Heuristic vs random knights"]
    from pnp.report import render_report
    html = render_report("tour", secs)
    assert "Seat fairness, 4 knights" in html


def test_state_records_are_the_record(board):
    setup = tour_setup_(board, SPEEDS, 2)
    state = TourState(setup, random.Random(1))
    assert S.record(state) == state.records()
