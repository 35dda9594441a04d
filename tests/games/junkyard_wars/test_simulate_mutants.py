"""The run's summary worked out by hand on made-up records: win rates by seat, game length, the
hour ("when time expires, each team tests out their machine"), the stagger's effect, the machine
cards' rows, the checks and the printed lines; the setup's refusals' whole lines."""

from dataclasses import replace
from types import SimpleNamespace

import pytest

from pnp.errors import PnpError
from pnp.games.junkyard_wars import simulate as S
from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.boards import across_boards, board_lines
from pnp.games.junkyard_wars.hour import ENDINGS, FAILED, UNTESTED, WORKS
from pnp.games.junkyard_wars.words import load_words
from pnp.seed import seed_code
from pnp.sim.stats import (
    Estimate,
    count_ci,
    counts_ci,
    mean_ci,
    percentiles,
    proportion_ci,
    ranks,
)

BAG = load_bag().counts()
WORDS = load_words()
SETUP = replace(S.setup_from("made-up", 3, WORDS, BAG, deck_size=6), minutes_per_turn=1.5)

# (winner, rounds, player_turns, by_time, winner's tests, machines, completed bits, ending,
#  tested at the hour, worked at the hour, trades, board)
G1 = (0, 5, 15, False, 2, (0, 1, 2), 0b001, 0, 0, 0, 1, 0)
G2 = (1, 20, 60, True, 0, (0, 1, 3), 0b010, 1, 2, 1, 0, 0)
G3 = (2, 20, 60, True, 1, (3, -1, 2), 0b000, 2, 3, 0, 2, 0)
G4 = (0, 7, 21, False, 3, (0, 4, 2), 0b101, 0, 0, 0, 0, 0)
ALT = ((1,), (1,), (0,), (0,))  # the same games' winners with the stagger flipped
RECORDS = [(g, a + g[1:]) for g, a in zip((G1, G2, G3, G4), ALT, strict=True)]


def _ci(k, n):
    return proportion_ci(k, n).to_dict()


def test_summary_by_hand():
    doc = S.summarize(RECORDS, SETUP, "made-up")
    assert (doc["games"], doc["players"], doc["seed_code"], doc["bots"]) == (
        4, 3, seed_code("made-up"), ["heuristic"] * 3)
    assert (doc["stagger"], doc["minutes_per_turn"], doc["time_limit_minutes"]) == (True, 1.5, 60)
    assert doc["win_rate_by_seat"] == [{"seat": 1, **_ci(2, 4)}, {"seat": 2, **_ci(1, 4)},
                                       {"seat": 3, **_ci(1, 4)}]
    assert doc["rounds"]["mean"] == mean_ci([5.0, 20.0, 20.0, 7.0]).to_dict()
    assert doc["rounds"]["mean"]["value"] == 13.0
    assert doc["rounds"]["percentiles"] == {
        f"p{q}": v for q, v in percentiles([5.0, 20.0, 20.0, 7.0], (5, 25, 50, 75, 95)).items()}
    assert doc["minutes"]["mean"]["value"] == 58.5  # (15 + 60 + 60 + 21) x 1.5 / 4
    assert doc["time_limit_share"] == _ci(2, 4)
    # the tests of the games won in play: 2 and 3
    assert doc["tests_per_win"]["mean"]["value"] == 2.5 and doc["won_by_test"] == 2
    assert (doc["hour_end"], doc["construction_zone"]) == ("test", "square")
    assert doc["endings"] == [{"ending": "test", **_ci(2, 4)},
                              {"ending": "hour test", **_ci(1, 4)},
                              {"ending": "furthest along", **_ci(1, 4)}]
    ht = doc["hour_tests"]
    assert (ht["games"], ht["machines_tested"], ht["machines_worked"]) == (2, 5, 1)
    assert ht["tested_per_game"]["mean"]["value"] == 2.5 and ht["works_share"] == _ci(1, 5)
    assert doc["trades_per_game"]["mean"]["value"] == 0.75
    st = doc["stagger_effect"]
    assert st["seat1_win_rate_with"] == _ci(2, 4) and st["seat1_win_rate_without"] == _ci(2, 4)
    assert st["fair_share"] == 0.333333
    assert st["by_seat_with"] == doc["win_rate_by_seat"]
    assert st["by_seat_without"] == [{"seat": 1, **_ci(2, 4)}, {"seat": 2, **_ci(2, 4)},
                                     {"seat": 3, **_ci(0, 4)}]
    assert st["same_winner_share"] == 0.5
    assert "boards" not in doc
    assert doc["deck"] == {k: v for k, v in SETUP.deck.to_dict().items() if k != "cards"}
    assert doc["card_figure_vs_win_rate"] == {"spearman": None, "cards": 0}


def test_stagger_effect_without_the_stagger_and_without_replays():
    doc = S.summarize(RECORDS, replace(SETUP, stagger=False), "x")
    st = doc["stagger_effect"]
    assert st["seat1_win_rate_with"] == _ci(2, 4) and st["seat1_win_rate_without"] == _ci(2, 4)
    assert st["by_seat_with"] == [{"seat": 1, **_ci(2, 4)}, {"seat": 2, **_ci(2, 4)},
                                  {"seat": 3, **_ci(0, 4)}]
    assert st["by_seat_without"] == doc["win_rate_by_seat"]
    assert "stagger_effect" not in S.summarize([(g, None) for g, _ in RECORDS], SETUP, "x")
    assert "stagger_effect" not in S.summarize(RECORDS[:3] + [(G4, None)], SETUP, "x")
    assert "stagger_effect" not in S.summarize(RECORDS, replace(SETUP, compare_stagger=False),
                                               "x")


def test_no_game_reaches_the_hour():
    doc = S.summarize([(G1, None), (G4, None)], SETUP, "x")
    assert doc["hour_tests"] == {"games": 0, "machines_tested": 0, "machines_worked": 0,
                                 "tested_per_game": None, "works_share": None}
    doc = S.summarize([(G2, None), (G3, None)], SETUP, "x")
    assert doc["tests_per_win"] is None and doc["won_by_test"] == 0
    one = S.summarize([(G1, None)], SETUP, "x")
    # one game is no certainty: 5 rounds in 1 game, the exact Poisson interval (issue 24)
    assert one["rounds"]["mean"] == count_ci(5, 1).to_dict()
    assert one["rounds"]["mean"]["low"] < 5.0 < one["rounds"]["mean"]["high"]
    none_worked = S.summarize([(G3, None)], SETUP, "x")["hour_tests"]
    assert none_worked["works_share"] == _ci(0, 3)


def test_boards_section():
    two = replace(SETUP, boards=(SETUP.board,), board_seeds=("made-up", "b2"))
    main = [G1, G2, G3[:-1] + (1,), G4[:-1] + (1,)]
    doc = S.summarize([(g, None) for g in main], two, "made-up")
    assert doc["boards"] == across_boards(main, ("made-up", "b2"), 3, 1.5, ENDINGS)


def test_card_rows_by_hand():
    rows = S.summarize(RECORDS, SETUP, "x")["cards"]
    words, figs = SETUP.words, SETUP.costs
    assert [(r["word"], r["figure"]) for r in rows] == list(zip(words, figs, strict=True))
    assert [(r["chosen"], r["wins"]) for r in rows] == [(3, 2), (2, 1), (3, 1), (2, 0), (1, 0),
                                                        (0, 0)]
    assert [r["built_share"] for r in rows] == [0.666667, 0.5, 0.333333, 0.0, 0.0, None]
    assert [r["mean_rounds_to_win"] for r in rows] == [6.0, None, None, None, None, None]
    assert [r["win_rate"] for r in rows] == [_ci(2, 3), _ci(1, 2), _ci(1, 3), _ci(0, 2),
                                             _ci(0, 1), None]
    assert rows[5]["verdict"] == "never chosen"
    for r in rows[:5]:
        w = r["win_rate"]
        assert r["verdict"] == ("too hard" if w["high"] < 1 / 3 else
                                "too easy" if w["low"] > 1 / 3 else "ok")


def test_card_verdicts_at_their_edges():
    # 40 games of 2 players on card 0 (seat 1) and card 1 (seat 2): seat 1 always wins
    two = replace(SETUP, players=2, bots=("heuristic",) * 2)
    g = (0, 5, 10, False, 1, (0, 1), 0b01, 0, 0, 0, 0, 0)
    rows = S.summarize([(g, None)] * 40, two, "x")["cards"]
    assert (rows[0]["verdict"], rows[1]["verdict"]) == ("too easy", "too hard")
    assert rows[0]["built_share"] == 1.0 and rows[0]["mean_rounds_to_win"] == 5.0
    half = [(g, None)] * 20 + [((1,) + g[1:], None)] * 20
    rows = S.summarize(half, two, "x")["cards"]
    assert rows[0]["verdict"] == rows[1]["verdict"] == "ok"


def test_checks_by_hand():
    checks = S.summarize(RECORDS, SETUP, "x")["checks"]
    assert [c["name"] for c in checks] == [
        "seat 1 win rate", "seat 2 win rate", "seat 3 win rate",
        "longest game in minutes (at most 1 hour)", "machine cards within the deck band"]
    fair = 1 / 3
    for c in checks[:3]:
        assert (c["band_low"], c["band_high"], c["note"]) == (
            pytest.approx(fair - 0.05), pytest.approx(fair + 0.05), "fair share 0.333")
    assert (checks[0]["value"], checks[1]["value"]) == (0.5, 0.25)
    # "DURATION: At most 1 hour": 3 players at 1.5 minutes a player-turn, 40 player-turns.
    assert (checks[3]["band_low"], checks[3]["band_high"], checks[3]["value"]) == (None, 60.0,
                                                                                    60.0)
    assert checks[3]["passed"]
    assert checks[3]["note"] == "1.5 min per player-turn; 50% of games reach the hour"
    deck = SETUP.deck
    assert (checks[4]["value"], checks[4]["band_low"], checks[4]["band_high"]) == (
        float(deck.passed), 1.0, 1.0)
    assert checks[4]["note"] == f"+-{deck.band:.0%} of median {deck.median}"
    assert (S.SEAT_BAND, S.HOUR_BAND) == (0.05, 60.0)


def test_the_longest_game_the_clock_allows():
    # floor(60 / minutes) player-turns, at least one round, each `minutes` long.
    assert S.longest_game_minutes(4, 1.0) == 60.0
    assert S.longest_game_minutes(3, 1.5) == 60.0
    assert S.longest_game_minutes(4, 7.0) == 56.0   # 8 player-turns of 7 minutes
    assert S.longest_game_minutes(6, 11.0) == 66.0  # one round: 6 turns of 11 minutes
    assert S.longest_game_minutes(2, 0.7) == pytest.approx(59.5)  # 85 turns


def test_summary_lines_by_hand():
    doc = S.summarize(RECORDS, SETUP, "made-up")
    seat = [f"{s['value']:.3f} [{s['low']:.3f}, {s['high']:.3f}]" for s in doc["win_rate_by_seat"]]
    hard = [c["word"] for c in doc["cards"] if c["verdict"] == "too hard"]
    assert S.summary_lines(doc) == [
        f"4 games, 3 players, seed {seed_code('made-up')}",
        f"  seat 1: win rate {seat[0]}", f"  seat 2: win rate {seat[1]}",
        f"  seat 3: win rate {seat[2]}",
        "  rounds 13.00, minutes 58.5, time limit reached 50.0%",
        "  endings: test 50.0%, hour test 25.0%, furthest along 25.0% (hour end: test)",
        "  at the hour: 5 machines tested in 2 games, 1 worked",
        "  seat 1 with stagger 0.500, without 0.500 (fair 0.333)",
        f"  too hard: {', '.join(hard) if hard else 'none'}"]
    quiet = S.summarize([(G1, None), (G4, None)], SETUP, "made-up")
    lines = S.summary_lines(quiet)
    assert not any(x.startswith(("  at the hour", "  seat 1 with")) for x in lines)
    quiet["cards"] = [{"word": "A", "verdict": "too hard"}, {"word": "B", "verdict": "ok"},
                      {"word": "C", "verdict": "too hard"}]
    assert S.summary_lines(quiet)[-1] == "  too hard: A, C"
    two = replace(SETUP, boards=(SETUP.board,), board_seeds=("made-up", "b2"))
    doc = S.summarize([(G1, None), (G4[:-1] + (1,), None)], two, "made-up")
    lines = S.summary_lines(doc)
    assert lines[-1 - len(board_lines(doc["boards"])):-1] == board_lines(doc["boards"])


def test_ranks_and_spearman():
    def zero_based(xs):  # the ranks stats.spearman takes, counted from 0
        return [r - 1 for r in ranks(xs)]
    assert zero_based([3.0, 1.0, 3.0, 2.0]) == [2.5, 0.0, 2.5, 1.0]
    assert zero_based([1.0, 1.0, 1.0]) == [1.0, 1.0, 1.0]
    assert zero_based([2.0, 1.0]) == [1.0, 0.0]

    def card(fig, rate, chosen=10):
        return {"figure": fig, "win_rate": {"value": rate}, "chosen": chosen}
    down = [card(1.0, 0.5), card(2.0, 0.3), card(3.0, 0.1)]
    assert S._figure_correlation(down) == {"spearman": -1.0, "cards": 3}
    assert S._figure_correlation(down[:2]) == {"spearman": None, "cards": 2}
    assert S._figure_correlation(down + [card(4.0, 0.9, 9)]) == {"spearman": -1.0, "cards": 3}
    assert S._figure_correlation(down + [card(4.0, 0.9, 9)], min_chosen=9)["cards"] == 4
    up = [card(1.0, 0.1), card(2.0, 0.2), card(3.0, 0.4), card(4.0, 0.3)]
    assert S._figure_correlation(up) == {"spearman": 0.8, "cards": 4}
    flat = [card(1.0, 0.1), card(1.0, 0.2), card(1.0, 0.4)]
    assert S._figure_correlation(flat) == {"spearman": None, "cards": 3}


def test_result_of_a_finished_game():
    game = SimpleNamespace(players=3, winner=2, round=9, player_turns=27, by_time=True,
                           tests=[0, 1, 4], machine=[5, 0, 3], hour_test=[WORKS, UNTESTED, FAILED],
                           traded=[1, 0, 2], board_no=1, complete=lambda p: p != 1)
    assert S.result(game) == (2, 9, 27, True, 4, (5, 0, 3), 0b101, 1, 2, 1, 3, 1)
    del game.board_no
    game.by_time = False
    assert S.result(game)[7] == 0 and S.result(game)[-1] == 0
    assert S.record(game) == (S.result(game), None)


def _refused(players=2, **kw):
    with pytest.raises(PnpError) as err:
        S.setup_from("made-up", players, WORDS, BAG, board=SETUP.board, **kw)
    return str(err.value)


def test_setup_refusals_whole_lines():
    for n in (1, 7, "3"):
        assert _refused(n) == f"field 'players': Junkyard Wars is for 2-6 players, got {n}"
    assert _refused(minutes_per_turn=0) == (
        "field 'minutes-per-turn': minutes per turn must be positive, got 0")
    assert _refused(hour_end="bell") == (
        "field 'hour-end': --hour-end must be test or share, got 'bell'")
    for k in (0, 17, 2.0):
        assert _refused(boards=k) == f"field 'boards': --boards must be 1 to 16, got {k}"
    assert _refused(construction_zone="yard") == (
        "field 'construction-zone': --construction-zone must be square or tile, got 'yard'")
    assert _refused(bots=("heuristic", "genius")) == (
        "field 'bots': bots must be 2 of heuristic, random, trader")
    assert _refused(3, bots=("random",) * 2) == (
        "field 'bots': bots must be 3 of heuristic, random, trader")
    assert _refused(4, deck=SETUP.deck, deck_size=6) == (
        "field 'deck': the deck has 6 cards; 4 players need 8")
    with pytest.raises(PnpError) as err:
        S.bag_and_words("/nonexistent/bag.yaml", None)
    assert str(err.value) == "/nonexistent/bag.yaml: field 'bag': no such bag file"


def test_setup_fields():
    s = S.setup_from("made-up", 3, WORDS, BAG, board=SETUP.board, deck=SETUP.deck,
                     bots=("random", "trader", "heuristic"), stagger=0, minutes_per_turn=2,
                     compare_stagger=0, hour_end="share", construction_zone="tile")
    assert (s.players, s.bots, s.board, s.deck) == (3, ("random", "trader", "heuristic"),
                                                   SETUP.board, SETUP.deck)
    assert (s.stagger, s.minutes_per_turn, s.compare_stagger, s.hour_end,
            s.construction_zone) == (False, 2.0, False, "share", "tile")
    assert type(s.minutes_per_turn) is float and s.boards == () and s.board_seeds == ("made-up",)
    assert s.tiles == SETUP.tiles and s.rarity == tuple(s.tiles.count(c) for c in range(26))
    assert s.cost_by_word == dict(zip(s.words, s.costs, strict=True))
    d = S.setup_from("made-up", 2, WORDS, BAG, board=SETUP.board, deck=SETUP.deck)
    assert (d.bots, d.stagger, d.minutes_per_turn, d.compare_stagger, d.hour_end,
            d.construction_zone) == (("heuristic",) * 2, True, 1.0, True, "test", "square")
    assert S.setup_from("made-up", 3, WORDS, BAG, board=SETUP.board,
                        deck=SETUP.deck).players == 3  # 6 cards: 3 players need 6


def test_make_setup_reads_every_option(monkeypatch):
    seen = {}
    monkeypatch.setattr(S, "bag_and_words", lambda bag, words: ({"A": 1}, [bag, words]))
    monkeypatch.setattr(S, "setup_from", lambda *a, **kw: seen.update(args=a, kw=kw) or "ok")
    opts = {"bag": "b.yaml", "words": "w.txt", "deck_size": 9, "stagger": False,
            "minutes_per_turn": 2.0, "compare_stagger": False, "maze_seed": "m",
            "hour_end": "share", "construction_zone": "tile", "boards": 3, "paper": "a4",
            "maze": None}
    assert S.make_setup("s", 2, ("random", "heuristic"), opts) == "ok"
    assert seen["args"] == ("s", 2, ["b.yaml", "w.txt"], {"A": 1})
    assert seen["kw"] == {"bots": ("random", "heuristic"), "deck_size": 9, "stagger": False,
                          "minutes_per_turn": 2.0, "compare_stagger": False, "maze_seed": "m",
                          "hour_end": "share", "construction_zone": "tile", "boards": 3}
    S.make_setup("s", 2, ("random", "heuristic"), {"deck_size": None})
    assert seen["kw"]["deck_size"] == S.DEFAULTS["deck_size"]
    assert {k: seen["kw"][k] for k in ("stagger", "hour_end", "boards")} == {
        k: S.DEFAULTS[k] for k in ("stagger", "hour_end", "boards")}


def test_play_record_and_the_fast_path():
    from pnp.games.junkyard_wars import GAME
    from pnp.sim.play import play

    two = S.setup_from("made-up", 2, WORDS, BAG, board=SETUP.board, deck=SETUP.deck)
    game = S.play_game(two, 11)
    assert game.over and S.result(game) == S.result(play(GAME, two, 11))
    assert S.play_record(two, 11) == (S.result(game), S.result(S.play_game(two.flipped, 11)))
    assert S.play_record(replace(two, compare_stagger=False), 11) == (S.result(game), None)


def test_by_player_count_by_hand():
    from pnp.games.junkyard_wars import GAME
    from pnp.seed import child_seed
    from pnp.sim.play import run_games

    small = replace(SETUP, players=3, bots=("random",) * 3, stagger=False, compare_stagger=False,
                    deck=replace(SETUP.deck, cards=SETUP.deck.cards[:5]))
    rows = S.by_player_count("bp", small, 2)
    assert [r["players"] for r in rows] == [2]  # 5 cards: 3 players need 6
    run = replace(small, players=2, bots=("heuristic",) * 2, stagger=True, compare_stagger=True)
    flat = run_games(GAME, run, 2, child_seed("bp", "players", 2))
    main = [m for m, _ in flat]
    r = rows[0]
    assert r["games"] == 2 and r["fair_share"] == 0.5
    # whole counts: Student's t widened to the exact Poisson bound (never below 0 rounds)
    assert r["rounds"]["mean"] == counts_ci([g[1] for g in main]).to_dict()
    turns = counts_ci([g[2] for g in main])
    assert r["minutes"]["mean"] == Estimate(turns.value * 1.5, turns.low * 1.5,
                                            turns.high * 1.5, turns.n).to_dict()
    assert r["rounds"]["mean"]["low"] >= 0
    assert r["time_limit_share"] == _ci(sum(1 for g in main if g[3]), 2)
    assert r["seat1_win_rate_with"] == _ci(sum(1 for m, _ in flat if m[0] == 0), 2)
    assert r["seat1_win_rate_without"] == _ci(sum(1 for _, a in flat if a[0] == 0), 2)
    six = replace(small, deck=replace(SETUP.deck, cards=SETUP.deck.cards[:6]))
    assert [r["players"] for r in S.by_player_count("bp", six, 1)] == [2, 3]


def test_shares_and_means_rounded_to_their_digits():
    recs = [(G1, G1), (G2, G2), (G3, (0,) + G3[1:])]
    assert S.summarize(recs, SETUP, "x")["stagger_effect"]["same_winner_share"] == 0.666667
    g8 = G4[:1] + (8,) + G4[2:]
    rows = S.summarize([(G1, None), (G4, None), (g8, None)], SETUP, "x")["cards"]
    assert rows[0]["mean_rounds_to_win"] == 6.667  # (5 + 7 + 8) / 3

    def card(fig, rate):
        return {"figure": fig, "win_rate": {"value": rate}, "chosen": 10}
    tied = [card(1.0, 0.1), card(2.0, 0.1), card(3.0, 0.3)]
    assert S._figure_correlation(tied)["spearman"] == 0.866025  # 1.5 / sqrt(3)
    checks = S.summarize(RECORDS, SETUP, "x")["checks"]
    assert (checks[0]["low"], checks[0]["high"]) == (_ci(2, 4)["low"], _ci(2, 4)["high"])
    assert (checks[3]["low"], checks[3]["high"]) == (60.0, 60.0)  # the clock's longest game


def test_six_players_and_a_second_board():
    from pnp.games.junkyard_wars.boards import board_seed
    from pnp.games.junkyard_wars.deck import build_deck
    from pnp.games.junkyard_wars.generate import session_board
    from pnp.games.junkyard_wars.graph import board_from_session

    assert _refused(6, deck=SETUP.deck) == "field 'deck': the deck has 6 cards; 6 players need 12"
    s = S.setup_from("two", 2, WORDS, BAG, deck_size=6, construction_zone="tile", boards=2)
    assert s.board == board_from_session(session_board("two"), "tile")
    assert s.board != board_from_session(session_board("two"), "square")
    assert s.board_seeds == ("two", board_seed("two", 2))
    assert s.boards == (board_from_session(session_board(board_seed("two", 2)), "tile"),)
    assert s.deck == build_deck("two", WORDS, BAG, size=6, players=2)
    lines = S.summary_lines(S.summarize([(G1[:2] + (10,) + G1[3:], None)], s, "two"))
    assert lines[0] == f"1 games, 2 players, seed {seed_code('two')}"


def test_a_bag_file_of_its_own_is_the_runs_bag(tmp_path):
    # --bag FILE: the run's junk comes from the file, not the bundled Scrabble set
    f = tmp_path / "vowels.yaml"
    f.write_text("letters:\n  A: {count: 50, points: 1}\n  E: {count: 50, points: 2}\n")
    bag, words = S.bag_and_words(str(f), None)
    assert bag == {"A": 50, "E": 50} and words == load_words(None)
    assert S.bag_and_words(None, None)[0] == load_bag().counts()
