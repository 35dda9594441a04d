"""The run summary ``pnp wreck-and-ruin simulate`` reports (``simulate.py``): the setup's
options and their errors, one game's record, the win rates by seat with their 95% intervals and
declared bands (docs/wreck-and-ruin.md: "Declared band: 1/players +- 0.10"), the least-DP
tie-break ("Winning"), factions and cards apart from the seats, and the text. Each test was
written against a mutant of the module no earlier test noticed; the records are made by hand,
so the figures are known exactly.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from pnp.errors import PnpError
from pnp.games.wreck_and_ruin import GAME, simulate
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.simulate import (
    CARD_BAND,
    FACTION_MARGIN,
    RULES,
    SEAT_MARGIN,
    TIE_BREAK_BAND,
    Record,
    Setup,
    card_effects,
    faction_rates,
    make_setup,
    record,
    summarize,
    summary_lines,
)
from pnp.games.wreck_and_ruin.state import WreckState
from pnp.seed import seed_code
from pnp.sim.stats import (
    Check,
    Estimate,
    count_ci,
    counts_ci,
    difference_ci,
    fmt_estimate,
    mean_ci,
    mean_rate_ci,
    proportion_ci,
)

from .helpers import new_state, pegs


def _rec(winners, scores=(1, 0), tie=False, wrecks=0, push=False, cards=(), factions=(),
         dealt=(), rounds=6):
    return Record(tuple(winners), tuple(scores), tie, rounds, wrecks, push, tuple(cards),
                  tuple(factions), tuple(dealt))


def _setup(players=2, fairness=None):
    board = SimpleNamespace(extra={"fairness": fairness} if fairness is not None else {})
    return Setup(bots=("random", "heuristic")[:players] + ("random",) * (players - 2),
                 board=board, players=players, board_name="map of seed X")


#: 5 games, 2 seats: seat 1 wins 3 (two alone, one shared twice), seat 2 wins 2.
GAMES = [
    _rec((0,), (2, 1), wrecks=3, push=True, cards=("A", "B"), factions=("F", "G"),
         dealt=(("Ace",), ("Dud",))),
    _rec((0, 1), (1, 1), wrecks=1, cards=("A", "B"), factions=("F", "G"),
         dealt=(("Dud",), ("Ace",))),
    _rec((1,), (1, 1), tie=True, wrecks=0, cards=("B", "A"), factions=("G", "F"),
         dealt=(("Dud",), ("Dud",))),
    _rec((0,), (3, 0), wrecks=2, push=True, cards=("A", "B"), factions=("F", "G"),
         dealt=(("Ace",), ("Dud",))),
    _rec((0, 1), (0, 0), wrecks=4, cards=("B", "A"), factions=("G", "F"),
         dealt=(("Dud",), ("Dud",))),
]


def test_the_declared_bands():
    # docs/wreck-and-ruin.md: seats and factions "1/players +- 0.10"; a card "-0.10..+0.10";
    # the tie-break on least DP may decide at most 35% of games
    assert (SEAT_MARGIN, FACTION_MARGIN, CARD_BAND, TIE_BREAK_BAND) == (0.10, 0.10,
                                                                        (-0.10, 0.10),
                                                                        (0.0, 0.35))


def test_win_rates_by_seat_count_a_shared_win_as_its_share():
    doc = summarize(GAMES, _setup(fairness={"spread": 0.2}), "s7")
    assert doc["game"] == "wreck-and-ruin" and doc["games"] == 5
    assert doc["seed"] == "s7" and doc["seed_code"] == seed_code("s7")
    assert doc["players"] == 2 and doc["bots"] == ["random", "heuristic"]
    assert doc["map"] == "map of seed X" and doc["map_fairness"] == {"spread": 0.2}
    # seat 1: 1 + 1/2 + 0 + 1 + 1/2 = 3 of 5; seat 2: 1/2 + 1 + 1/2 = 2 of 5
    assert doc["win_rate_by_seat"] == [proportion_ci(3, 5).to_dict(),
                                       proportion_ci(2, 5).to_dict()]
    assert doc["win_rate_by_seat"][0]["value"] == 0.6
    assert doc["tie_break_decides"] == proportion_ci(1, 5).to_dict()
    assert doc["shared_wins"] == proportion_ci(2, 5).to_dict()
    assert doc["sites_per_game"] == mean_ci([3.0, 2.0, 2.0, 3.0, 0.0]).to_dict()
    assert doc["wrecks_per_game"] == counts_ci([3, 1, 0, 2, 4]).to_dict()
    assert doc["final_push"] == proportion_ci(2, 5).to_dict()
    assert summarize(GAMES, _setup(), "s7")["map_fairness"] is None


def test_the_checks_are_the_declared_bands():
    doc = summarize(GAMES, _setup(), "s7")
    checks = {c["name"]: c for c in doc["checks"]}
    seat1 = checks["seat 1 win rate"]
    assert (seat1["value"], seat1["band_low"], seat1["band_high"]) == (0.6, 0.4, 0.6)
    # 5 games: every interval is wider than its band
    assert seat1["status"] == "UNDECIDED" and seat1["n_needed"] is None  # on the band's edge
    assert checks["seat 2 win rate"]["value"] == 0.4
    assert checks["seat 2 win rate"]["status"] == "UNDECIDED"
    tie = checks["tie-break on least DP decides"]
    assert (tie["value"], tie["band_low"], tie["band_high"], tie["status"]) == (
        0.2, 0.0, 0.35, "UNDECIDED")
    f = checks["faction F win rate (seats taken out)"]
    assert (f["band_low"], f["band_high"]) == (0.4, 0.6)
    assert f["note"] == "5 games" and f["value"] == doc["win_rate_by_faction"]["F"][
        "win_rate"]["value"]
    a = checks["faction card A: its holder's win rate (seats taken out)"]
    assert (a["band_low"], a["band_high"], a["note"]) == (0.4, 0.6, "5 games")
    assert list(checks)[:3] == ["seat 1 win rate", "seat 2 win rate",
                                "tie-break on least DP decides"]


def test_a_seat_outside_its_band_fails():
    games = [_rec((0,))] * 80 + [_rec((1,))] * 20
    checks = {c["name"]: c for c in summarize(games, _setup(), 1)["checks"]}
    assert checks["seat 1 win rate"]["status"] == "FAIL"
    assert checks["seat 2 win rate"]["status"] == "FAIL"
    four = [_rec((s % 4,), (0, 0, 0, 0)) for s in range(8)]
    checks = {c["name"]: c for c in summarize(four, _setup(4), 1)["checks"]}
    # 4 players: a fair share is 1/4
    assert checks["seat 3 win rate"]["band_low"] == pytest.approx(0.15)
    assert checks["seat 3 win rate"]["band_high"] == pytest.approx(0.35)
    assert "seat 4 win rate" in checks and "seat 5 win rate" not in checks


def test_the_salvage_cards_check():
    doc = summarize(GAMES, _setup(), "s7")
    check = next(c for c in doc["checks"] if c["name"] == "salvage cards outside their band")
    cards = doc["salvage_cards"]
    assert set(cards) == {"Ace", "Dud"}
    out = sorted(n for n, v in cards.items() if v["status"] == "FAIL")
    assert check["value"] == check["low"] == check["high"] == float(len(out)) == 0
    assert (check["band_low"], check["band_high"]) == (0.0, 0.0)
    # 3 and 7 deals: neither card's interval is decided
    assert check["status"] == "UNDECIDED"
    assert check["note"] == "of 2: 0 fail, 2 undecided; band -0.10..+0.10"
    # no card dealt: no check of cards at all
    bare = summarize([_rec((0,)), _rec((1,))], _setup(), 1)
    assert bare["salvage_cards"] == {} and bare["faction_cards"] == {}
    assert [c["name"] for c in bare["checks"]] == ["seat 1 win rate", "seat 2 win rate",
                                                   "tie-break on least DP decides"]


def test_a_card_out_of_band_is_named():
    # "Ace" held in 10 seat-games, all won; "Dud" held in the other 10, all lost
    games = [_rec((0,), dealt=(("Ace",), ("Dud",)))] * 10
    doc = summarize(games, _setup(), 1)
    check = next(c for c in doc["checks"] if c["name"] == "salvage cards outside their band")
    assert check["note"] == "of 2: 2 fail (Ace, Dud); band -0.10..+0.10"
    assert check["value"] == 2.0 and check["status"] == "FAIL"


def test_no_games_is_an_error():
    with pytest.raises(PnpError) as err:
        summarize([], _setup(), 1)
    assert err.value.field == "games" and err.value.message == "no games to summarise"


def test_a_single_game_s_means_are_its_own_values():
    doc = summarize([_rec((0,), (2, 1), wrecks=3)], _setup(), 1)
    assert doc["sites_per_game"] == Estimate(3.0, 3.0, 3.0, 1).to_dict()
    assert doc["wrecks_per_game"] == count_ci(3, 1).to_dict()  # a count: never a point
    assert simulate._mean([]) == Estimate(0.0, 0.0, 0.0, 0)
    assert simulate._mean([2.0, 4.0]) == mean_ci([2.0, 4.0])


def test_a_faction_s_rate_is_the_mean_of_its_rate_in_each_seat():
    # F sat in seat 1 three times (won 2 alone, 1 shared: 2.5 of 3) and in seat 2 twice (won
    # one alone, one shared: 1.5 of 2): (2.5/3 + 1.5/2) / 2, with the MOVER interval of the
    # two seats' Wilson intervals
    rates = faction_rates(GAMES, 2)
    f = rates["F"]
    assert f["games"] == 5 and f["games_by_seat"] == [3, 2]
    assert f["win_rate"] == mean_rate_ci([[1.0, 0.5, 1.0], [1.0, 0.5]]).to_dict()
    assert f["win_rate"]["value"] == pytest.approx((2.5 / 3 + 1.5 / 2) / 2)
    assert f["win_rate"]["n"] == 5
    assert list(rates) == ["F", "G"]
    cards = faction_rates(GAMES, 2, lambda r: r.faction_cards)
    assert cards["A"]["games_by_seat"] == [3, 2]


def test_a_faction_that_never_won_is_not_certain():
    # Frenzy: 0 wins in 11 games over three seats reaches past 0.25, never [0, 0]
    est = mean_rate_ci([[0.0] * 3, [0.0] * 4, [0.0] * 4])
    assert est.value == 0.0 and est.low == 0.0 and est.high > 0.25


def test_a_faction_missing_from_a_record_is_skipped():
    recs = [_rec((0,), factions=("F",)), _rec((1,), factions=("", "G"))]
    rates = faction_rates(recs, 2)
    assert list(rates) == ["F", "G"]
    assert rates["F"]["games_by_seat"] == [1, 0] and rates["G"]["games_by_seat"] == [0, 1]
    assert rates["G"]["win_rate"]["value"] == 1.0


def test_a_card_s_effect_is_holder_minus_the_rest_with_newcombe_s_interval():
    eff = card_effects(GAMES)
    ace = eff["Ace"]
    # Ace held 3 times: seat 1 of game 1 (won), seat 2 of game 2 (shared), seat 1 of game 4
    held, rest = [1.0, 0.5, 1.0], [0.0, 0.5, 0.0, 1.0, 0.0, 0.5, 0.5]
    assert ace["dealt"] == 3 and ace["holder_win_rate"] == round(sum(held) / 3, 4)
    assert ace["difference"] == difference_ci(held, rest).to_dict()
    assert ace["difference"]["n"] == 3
    assert -1 <= ace["difference"]["low"] and ace["difference"]["high"] <= 1
    assert ace["status"] == "UNDECIDED"
    assert eff["Dud"]["dealt"] == 7


def test_a_card_held_or_missed_fewer_than_twice_is_not_measured():
    one = [_rec((0,), dealt=(("Ace",), ()))] + [_rec((0,), dealt=((), ()))] * 3
    assert card_effects(one) == {}
    two = [_rec((0,), dealt=(("Ace",), ()))] * 2 + [_rec((1,), dealt=((), ()))]
    assert set(card_effects(two)) == {"Ace"}
    # held in every seat-game but one: the rest is one seat-game, not measured
    most = [_rec((0,), dealt=(("Ace",), ("Ace",)))] + [_rec((1,), dealt=(("Ace",), ()))]
    assert card_effects(most) == {}


def test_out_of_band_only_when_the_whole_interval_is_outside():
    # a card whose holders always lose against holders-not who always win is out, below
    lose = [_rec((1,), dealt=(("Bad",), ()))] * 30 + [_rec((0,), dealt=((), ()))] * 30
    bad = card_effects(lose)["Bad"]
    assert bad["difference"]["high"] < CARD_BAND[0] and bad["status"] == "FAIL"
    assert bad["difference"]["low"] >= -1
    # a few deals: a wide interval reaching into the band: undecided, not in band
    few = [_rec((1,), dealt=(("Few",), ()))] * 2 + [_rec((0,), dealt=((), ()))] * 2
    f = card_effects(few)["Few"]
    assert f["difference"]["value"] < CARD_BAND[0] <= f["difference"]["high"]
    assert f["status"] == "UNDECIDED"


def test_one_game_s_record():
    s = new_state(players=2)
    s.scores, s.round, s.over = [2, 1], 6, True
    pegs(s, [5, 0])
    s.wrecked_by_turn = [1, 2]
    s.final_push = True
    r = record(s)
    assert r.winners == (0,) and r.scores == (2, 1) and r.tie_break is False
    assert (r.rounds, r.wrecks, r.final_push) == (6, 3, True)
    assert (r.faction_cards, r.factions, r.dealt) == (s.drawn_factions, s.seat_faction, s.dealt)
    # Winning: "If the number of sites captured is equal ... the winner is the tied player that
    # has taken the least Damage Points (DP)": the tie-break decided
    s.scores = [1, 1]
    pegs(s, [0, 2])
    r = record(s)
    assert r.winners == (0,) and r.tie_break is True
    # still tied: a shared win, which the tie-break did not decide
    pegs(s, [1, 1])
    r = record(s)
    assert r.winners == (0, 1) and r.tie_break is False
    s.over = False
    assert record(s).winners == () and record(s).tie_break is False


def test_a_team_s_tie_break():
    # Team games: a team's sites and DP are its members' sums; the tie-break on DP picks one
    # team of two seats: decided by the tie-break, not a shared win between teams
    s = new_state(players=4)
    s.team = [0, 1, 0, 1]
    s.scores, s.over = [1, 1, 0, 0], True
    pegs(s, [0, 2, 1, 0])
    r = record(s)
    assert r.winners == (0, 2) and r.tie_break is True
    s.scores = [2, 1, 0, 0]
    assert record(s).tie_break is False


def test_the_rules_object():
    assert (RULES.name, RULES.min_players, RULES.max_players) == ("wreck-and-ruin", 2, 4)
    assert RULES.parse_action("P2 ends the turn") == Act("end", 1)
    setup = make_setup("rules", 2, ("random", "random"), {})
    st = RULES.new_state(setup, random.Random(4))
    assert isinstance(st, WreckState) and st.setup is setup
    again = RULES.new_state(setup, random.Random(4))
    assert [v.pos for v in st.vehicles] == [v.pos for v in again.vehicles]


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(PnpError) as err:
        make_setup("p", players, ("random",) * players, {})
    assert err.value.field == "players"
    assert err.value.message == f"Wreck and Ruin is for 2-4 players, got {players}"


@pytest.mark.parametrize("rounds", [0, -1, True, "3", 2.0])
def test_rounds_must_be_a_positive_whole_number(rounds):
    with pytest.raises(PnpError) as err:
        make_setup("r", 2, ("random",) * 2, {"rounds": rounds})
    assert err.value.field == "rounds"
    assert err.value.message == f"must be a positive whole number, got {rounds!r}"


def test_team_games_need_four_players():
    # Team games: "factions on the same team cannot have their turns consecutively"
    with pytest.raises(PnpError) as err:
        make_setup("t", 3, ("random",) * 3, {"teams": True})
    assert err.value.field == "teams"
    assert err.value.message.startswith("team games need 4 players (two teams, turns "
                                        "alternating), got 3")
    assert make_setup("t", 4, ("random",) * 4, {"teams": True}).teams is True


def test_the_setup_s_options():
    setup = make_setup("opts", 3, ("random", "heuristic", "random"), {
        "rounds": 1, "unpredictable": True, "arcade": True, "teams": False,
        "knowledge_is_power": True, "all_out_war": True, "last_man_standing": True})
    assert setup.bots == ("random", "heuristic", "random") and setup.players == 3
    assert setup.rounds == 1
    assert (setup.unpredictable, setup.arcade, setup.knowledge_is_power, setup.all_out_war,
            setup.last_man_standing, setup.teams, setup.card_shark) == (True,) * 5 + (False,) * 2
    assert setup.board_name == f"map of seed {seed_code('opts')}"
    assert setup.board.players == 3 and setup.tiles
    assert setup.events and all(c.kind == "event" for c in setup.events)
    assert setup.salvage and all(c.kind == "salvage" for c in setup.salvage)
    assert [name for name, _ in setup.factions] == ["The Salvoes", "The Reapers",
                                                     "The Desertkin", "The Ruin Army"]
    plain = make_setup("opts", 2, ("random",) * 2, {})
    assert plain.rounds is None
    assert (plain.unpredictable, plain.arcade, plain.knowledge_is_power, plain.all_out_war,
            plain.last_man_standing, plain.teams, plain.card_shark) == (False,) * 7
    # "Or would it?" plays as Card shark (docs/assumptions.md)
    assert make_setup("o", 2, ("random",) * 2, {"or_would_it": True}).card_shark is True
    assert make_setup("o", 2, ("random",) * 2, {"card_shark": True}).card_shark is True
    assert GAME.make_setup("opts", 2, ("random",) * 2, {}).board_name == plain.board_name


def test_the_summary_text():
    doc = summarize(GAMES, _setup(), "s7")
    lines = summary_lines(doc)
    seats = doc["win_rate_by_seat"]
    assert lines[:9] == [
        f"seed {seed_code('s7')}  map of seed X, 2 players",
        "5 games, bots: random vs heuristic (95% CI)",
        f"  seat 1 wins          {fmt_estimate(seats[0])}",
        f"  seat 2 wins          {fmt_estimate(seats[1])}",
        f"tie-break decides    {fmt_estimate(doc['tie_break_decides'])}",
        f"shared wins          {fmt_estimate(doc['shared_wins'])}",
        f"sites per game       {fmt_estimate(doc['sites_per_game'], 2)}",
        f"wrecks per game      {fmt_estimate(doc['wrecks_per_game'], 2)}",
        f"final push played    {fmt_estimate(doc['final_push'])}",
    ]
    fc = doc["faction_cards"]
    fa = doc["win_rate_by_faction"]
    assert lines[9:15] == [
        "faction cards (games drawn, holder's win rate):",
        f"  {'A':<20} {5:5d}  {fmt_estimate(fc['A']['win_rate'])}",
        f"  {'B':<20} {5:5d}  {fmt_estimate(fc['B']['win_rate'])}",
        "factions (games by seat, win rate apart from seats):",
        f"  {'F':<20} [3, 2]  {fmt_estimate(fa['F']['win_rate'])}",
        f"  {'G':<20} [2, 3]  {fmt_estimate(fa['G']['win_rate'])}",
    ]
    cards = doc["salvage_cards"]
    far = sorted(cards, key=lambda n: -abs(cards[n]["difference"]["value"]))
    assert lines[15] == ("salvage cards (dealt at start, holder minus the rest), the 5 furthest "
                         "from 0:")
    assert lines[16:18] == [f"  {n:<24} {cards[n]['dealt']:5d}  "
                            f"{fmt_estimate(cards[n]['difference'])}" for n in far]
    assert lines[18:] == [str(Check.from_dict(c)) for c in doc["checks"]]


def test_the_summary_text_names_the_five_cards_furthest_from_zero():
    names = ["c0", "c1", "c2", "c3", "c4", "c5"]
    doc = {"seed_code": "X", "map": "m", "players": 2, "games": 9, "bots": ["a", "b"],
           "win_rate_by_seat": [], "checks": [],
           **{k: {"value": 0.5, "low": 0.4, "high": 0.6, "n": 9}
              for k in ("tie_break_decides", "shared_wins", "sites_per_game",
                        "wrecks_per_game", "final_push")},
           "salvage_cards": {n: {"dealt": 3, "difference": {"value": v, "low": v - 0.1,
                                                            "high": v + 0.1, "n": 3}}
                             for n, v in zip(names, [0.01, -0.3, 0.2, -0.05, 0.0, 0.25],
                                             strict=True)}}
    lines = summary_lines(doc)
    shown = [line.split()[0] for line in lines[lines.index(
        "salvage cards (dealt at start, holder minus the rest), the 5 furthest from 0:") + 1:]]
    assert shown == ["c1", "c5", "c2", "c3", "c0"]
    # no faction or card section without data
    assert not any(line.startswith(("faction", "factions")) for line in lines)


def test_a_game_summarized_from_real_play():
    from pnp.sim.play import run_games

    setup = make_setup("real", 2, ("random",) * 2, {"rounds": 1})
    records = run_games(GAME, setup, 2, "real")
    assert all(isinstance(r, Record) and r.rounds == 1 for r in records)
    doc = summarize(records, setup, "real")
    assert doc["map_fairness"] == setup.board.extra["fairness"]
    assert isinstance(setup, Setup) and setup.config.ap == (5, 4, 4)
    assert summary_lines(doc)[0] == f"seed {seed_code('real')}  {setup.board_name}, 2 players"
    assert WreckState is not None


def test_the_setup_reads_the_files_it_is_given(tmp_path):
    # `--rules`, `--events`, `--salvage`, `--tiles`: the run plays the numbers, decks and box
    # of tiles it is given, and the map is the seed's layout of those tiles
    import json

    from pnp.games.wreck_and_ruin import data
    from pnp.games.wreck_and_ruin.board import board_document, generate_board
    from pnp.games.wreck_and_ruin.tiles import generate_tiles, tiles_to_dict

    rules = tmp_path / "rules.yaml"
    rules.write_text("rear_bonus: 2\n")
    events = tmp_path / "events.yaml"
    events.write_text("events:\n  - {name: Dead Calm, effect: calm, count: 24}\n")
    salvage = tmp_path / "salvage.yaml"
    salvage.write_text("salvage:\n  - {name: Old Tin, effect: scrap, count: 56}\n")
    box = generate_tiles(random.Random(4))
    tiles = tmp_path / "tiles.json"
    tiles.write_text(json.dumps(tiles_to_dict(box)))
    setup = make_setup("files", 2, ("random",) * 2, {
        "rules": str(rules), "events": str(events), "salvage": str(salvage),
        "tiles": str(tiles)})
    assert setup.config.rear_bonus == 2 and setup.config.ap == (5, 4, 4)
    assert [c.name for c in setup.events] == ["Dead Calm"]
    assert [c.name for c in setup.salvage] == ["Old Tin"]
    assert setup.tiles == box != data.load_tiles(None, "files")
    assert board_document(setup.board) == board_document(
        generate_board("files", 2, setup.config, box))
    # without files: the bundled ones, and the seed's own box of tiles and map
    plain = make_setup("files", 2, ("random",) * 2, {})
    assert plain.tiles == data.load_tiles(None, "files")
    assert board_document(plain.board) == board_document(
        generate_board("files", 2, plain.config, plain.tiles))
    assert board_document(plain.board) != board_document(
        generate_board("other", 2, plain.config, plain.tiles))


def test_a_card_missed_by_exactly_two_seat_games_is_measured():
    recs = [_rec((0,), dealt=(("Ace",), ("Ace",)))] * 2 + [_rec((1,), dealt=(("Ace",), ()))]
    recs += [_rec((0,), dealt=((), ("Ace",)))]
    eff = card_effects(recs)
    assert eff["Ace"]["dealt"] == 6 and set(eff) == {"Ace"}


def test_a_card_that_changes_nothing_is_not_known_to_be_in_band():
    # one seat a game, every game won: holders and the rest alike, 0 but never a point
    recs = [_rec((0,), (1,), dealt=(("Even",),))] * 3 + [_rec((0,), (1,), dealt=((),))] * 3
    even = card_effects(recs)["Even"]
    assert even["difference"]["value"] == 0.0
    assert even["difference"]["low"] < 0 < even["difference"]["high"]
    assert even["status"] == "UNDECIDED"
