"""The simulator's setup, record and summary, exactly: 2-4 knights ("Waste Knights is a game for
2-4 players"), the refusals' whole lines, the seeds and the board named in the summary, the
summary's lines worked out by hand on a made-up document, and what a report runs."""

import random

import pytest

import pnp.sim.play as play_mod
from pnp.errors import PnpError
from pnp.games.registry import get
from pnp.games.waste_knights import simulate as S
from pnp.games.waste_knights.actions import parse_action
from pnp.games.waste_knights.data import stalls_spaces, wasteland_deck
from pnp.games.waste_knights.state import TourState
from pnp.games.waste_knights.tour import TourModel
from pnp.seed import seed_code
from pnp.sim.play import game_seed, play

from .tour_helpers import SPEEDS, flat_board

BOARD = flat_board(2)
DECK = wasteland_deck()


def _refused(*args, **kw):
    kw.setdefault("deck", DECK)
    with pytest.raises(PnpError) as err:
        S.tour_setup(BOARD, SPEEDS, *args, **kw)
    return str(err.value)


def test_rules_object():
    assert (S.RULES.name, S.RULES.min_players, S.RULES.max_players) == ("waste-knights", 2, 4)
    setup = S.tour_setup(BOARD, SPEEDS, 2, deck=DECK)
    state = S.RULES.new_state(setup, random.Random(3))
    assert isinstance(state, TourState)
    text = str(state.legal_actions()[0])
    assert S.RULES.parse_action(text) == parse_action(text)
    assert S.record(state) == state.records()


def test_setup_refusals_whole_lines():
    for n in (1, 5, True, "3"):
        assert _refused(n) == (
            f"field 'players': Waste Knights is played by 2 to 4 knights, got {n}")
    for r in (0, 1001, True, 2.0):
        assert _refused(2, rounds=r) == (
            f"field 'rounds': rounds must be a whole number from 1 to 1000 (a mission is 10), "
            f"got {r!r}")
    assert _refused(2, ["tank"]) == (
        "field 'vehicle': unknown vehicle 'tank' (heavy-duty, off-road, strider)")
    assert _refused(3, ["strider", "off-road"]) == (
        "field 'vehicle': give one vehicle or one per knight (3), got 2")
    assert _refused(2, bots=["psychic"]) == (
        "field 'bots': unknown bot 'psychic' (heuristic, random)")
    assert _refused(2, bots=["random"] * 3) == (
        "field 'bots': give one bots or one per knight (2), got 3")
    assert _refused(2, deck=None) == (
        "field 'deck': a game needs its wasteland deck (data.wasteland_deck())")
    assert _refused(2, ["strider", "off-road"], capacities={"strider": (3, 2)}) == (
        "field 'capacity': no capacity for off-road")


def test_setup_fields_and_defaults():
    s = S.tour_setup(BOARD, SPEEDS, 2, deck=DECK)
    assert (s.vehicles, s.speeds, s.bots, s.rounds) == (("strider",) * 2, (4, 4),
                                                       ("heuristic",) * 2, 10)
    assert (s.model, s.board_name, s.stalls, s.caps, s.deck) == (TourModel(), "", (), (), DECK)
    s = S.tour_setup(BOARD, SPEEDS, 4, [], [], deck=DECK)
    assert s.vehicles == ("strider",) * 4 and s.bots == ("heuristic",) * 4 and s.players == 4
    m = TourModel(explore_skill=3)
    sp = stalls_spaces()
    s = S.tour_setup(BOARD, SPEEDS, 2, ["heavy-duty", "off-road"], ["random", "heuristic"], 1,
                     m, board_name="b.json", deck=DECK, stalls=list(sp),
                     capacities={"heavy-duty": (6, 4), "off-road": (5, 3)})
    assert (s.vehicles, s.speeds, s.bots, s.rounds, s.model) == (
        ("heavy-duty", "off-road"), (2, 3), ("random", "heuristic"), 1, m)
    assert s.board_name == "b.json" and s.stalls == sp and s.caps == ((6, 4), (5, 3))
    assert S.tour_setup(BOARD, SPEEDS, 2, deck=DECK, rounds=1000).rounds == 1000
    assert S.tour_setup(BOARD, SPEEDS, 2, deck=DECK, rounds=1).rounds == 1


def test_summarize_names_the_seed_and_the_board():
    setup = S.tour_setup(BOARD, SPEEDS, 2, rounds=1, deck=DECK, board_name="my board")
    records = [S.record(play(get("waste-knights"), setup, game_seed(7, i))) for i in range(3)]
    doc = S.summarize(records, setup, 7)
    assert (doc["seed"], doc["seed_code"], doc["board"]) == ("7", seed_code(7), "my board")
    assert doc["games"] == 3 and doc["knights"] == 2


def _est(v, lo, hi):
    return {"value": v, "low": lo, "high": hi}


def test_summary_lines_by_hand():
    doc = {"seed_code": "AB12", "board": "b.json", "games": 40, "knights": 2,
           "policy": "heuristic", "rounds": 10, "vehicles": ["strider", "off-road"],
           "per_knight": {"reputation": _est(3.25, 3.0, 3.5)},
           "rates": {"knocked_out": _est(0.1, 0.05, 0.2)},
           "seats": [{"seat": 1, "vehicle": "strider", "reputation": _est(3.5, 3.0, 4.0),
                      "wins": _est(0.6, 0.45, 0.75)},
                     {"seat": 2, "vehicle": "off-road", "reputation": _est(3.0, 2.5, 3.5),
                      "wins": _est(0.4, 0.25, 0.55)}],
           "checks": [{"name": "ko", "value": 0.1, "low": 0.05, "high": 0.2, "band_low": 0.0,
                       "band_high": 0.3, "passed": True, "note": ""}]}
    assert S.summary_lines(doc) == [
        "seed AB12  board b.json",
        "40 games, 2 heuristic knights, 10 rounds, vehicles: strider, off-road",
        "per knight per game (95% CI):",
        "  reputation       3.250 [3.000, 3.500]",
        "share of knight-games (95% CI):",
        "  knocked_out      0.100 [0.050, 0.200]",
        "seats (Reputation, wins):",
        "  seat 1 strider    3.500 [3.000, 4.000]  0.600 [0.450, 0.750]",
        "  seat 2 off-road   3.000 [2.500, 3.500]  0.400 [0.250, 0.550]",
        "PASS ko: 0.1 [0.05, 0.2] band [0, 0.3]",
    ]
    del doc["seed_code"]
    assert S.summary_lines(doc)[0].startswith("40 games")


def test_simulate_tour_passes_the_run_on(monkeypatch):
    seen = {}

    def fake(spec, setup, games, seed, **kw):
        seen.update(spec=spec, setup=setup, games=games, seed=seed, **kw)
        return {"ok": 1}
    monkeypatch.setattr(play_mod, "simulate", fake)
    setup = S.tour_setup(BOARD, SPEEDS, 2, deck=DECK)
    assert S.simulate_tour(setup, 5, "s", jobs=2, scheduler="x", progress=True,
                           check=True) == {"ok": 1}
    assert seen == {"spec": get("waste-knights"), "setup": setup, "games": 5, "seed": "s",
                    "jobs": 2, "scheduler": "x", "progress": True, "check": True}
    S.simulate_tour(setup, 5, "s")
    assert (seen["jobs"], seen["scheduler"], seen["progress"], seen["check"]) == (
        1, None, None, False)  # progress None: the command's bar (runner.progress_for_runs)


def test_tour_report_runs_2_3_4_heuristic_and_random_at_the_largest(monkeypatch):
    runs = []

    def fake(setup, games, seed, *, jobs=1, scheduler=None):
        runs.append((setup, games, seed, jobs, scheduler))
        return {"n": setup.players, "bot": setup.bots[0]}
    monkeypatch.setattr(S, "simulate_tour", fake)
    monkeypatch.setattr(S, "compare", lambda a, b: (a, b))
    caps = {"off-road": (5, 3), "heavy-duty": (6, 4), "strider": (4, 2)}
    sp = stalls_spaces()
    rep = S.tour_report(BOARD, SPEEDS, 9, "r", vehicles=("off-road", "heavy-duty"), rounds=3,
                        counts=(2, 3), jobs=2, scheduler="q", deck=DECK, stalls=sp,
                        capacities=caps)
    assert rep == {"tours": {"2": {"n": 2, "bot": "heuristic"}, "3": {"n": 3, "bot": "heuristic"}},
                   "random": {"n": 3, "bot": "random"},
                   "heuristic_vs_random": ({"n": 3, "bot": "heuristic"},
                                           {"n": 3, "bot": "random"})}
    assert [(s.players, s.bots, s.vehicles) for s, *_ in runs] == [
        (2, ("heuristic",) * 2, ("off-road", "heavy-duty")),
        (3, ("heuristic",) * 3, ("off-road",) * 3),
        (3, ("random",) * 3, ("off-road",) * 3)]
    for s, games, seed, jobs, sched in runs:
        assert (games, seed, jobs, sched, s.rounds, s.deck, s.stalls) == (9, "r", 2, "q", 3,
                                                                         DECK, sp)
        assert s.caps == tuple(caps[v] for v in s.vehicles)
        assert s.board is BOARD
    runs.clear()
    rep = S.tour_report(BOARD, SPEEDS, 9, "r", deck=DECK)
    assert list(rep["tours"]) == ["2", "3", "4"] and rep["random"] == {"n": 4, "bot": "random"}
    assert [(s.players, s.vehicles[0], s.rounds, s.caps, s.stalls) for s, *_ in runs] == [
        (2, "strider", 10, (), ()), (3, "strider", 10, (), ()), (4, "strider", 10, (), ()),
        (4, "strider", 10, (), ())]
    assert all((j, sch) == (1, None) for *_, j, sch in runs)
