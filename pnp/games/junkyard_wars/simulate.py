"""Junkyard Wars Monte Carlo on the game interface: a run's setup, one game's record, the summary.

Every game of a run is played on the session board of the seed (its distance tables are built
once per process), with a fresh random junk layout, deal and dice drawn from the game's own seed
(``pnp.sim.play.game_seed(run seed, index)``), so any game can be replayed alone and a run gives
the same summary on 1..N processes. With ``compare_stagger`` each game is played a second time
from the same seed with the first-turn stagger switched the other way, so the stagger's effect
is measured on the same deals and layouts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pnp.errors import PnpError
from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars.actions import END_TURN
from pnp.games.junkyard_wars.boards import MAX_BOARDS, across_boards, board_lines, board_seed
from pnp.games.junkyard_wars.deck import DEFAULT_SIZE, MachineDeck, bag_tiles, build_deck
from pnp.games.junkyard_wars.graph import ZONES, Board, board_from_session
from pnp.games.junkyard_wars.hour import ENDINGS, HOUR_ENDS, UNTESTED, WORKS, ending
from pnp.games.junkyard_wars.rules import (
    GAME_MINUTES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    hour_player_turns,
)
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import (
    Estimate,
    check_band,
    counts_ci,
    fmt_estimate,
    percentiles,
    proportion_ci,
    spearman,
)

BOTS = ("heuristic", "random", "trader")
QS = (5, 25, 50, 75, 95)
SEAT_BAND = 0.05  # every seat's win rate within fair share +- 5 points
#: "DURATION: At most 1 hour": no game lasts longer. Reaching the hour is the rulebook's own
#: ending ("If the game has not ended after one hour, the player furthest along ... wins"), so
#: the share of games that reach it is reported, not held to a band (docs/assumptions.md).
HOUR_BAND = float(GAME_MINUTES)

#: The game's own options and their defaults.
DEFAULTS: dict[str, Any] = {o.name: o.default for o in GAME.options}

#: One game: (winner, rounds, player_turns, by_time, winner's tests, machines, completed bits,
#: ending (index in hour.ENDINGS), machines tested at the hour, machines that worked then, trades
#: made, board).
Result = tuple[int, int, int, bool, int, tuple[int, ...], int, int, int, int, int, int]
#: One record: the game as set up, and the same game with the stagger flipped (or None).
Record = tuple[Result, "Result | None"]


@dataclass(frozen=True)
class Setup:
    """Everything a game of a run needs (picklable): board, bag, deck, bots, rules options."""

    players: int
    bots: tuple[str, ...]
    board: Board
    tiles: tuple[int, ...]  # the bag's junk tiles as letter codes
    deck: MachineDeck
    stagger: bool = True
    minutes_per_turn: float = 1.0
    compare_stagger: bool = True
    hour_end: str = "test"  # hour.HOUR_ENDS: the rulebook's end-of-hour tests, or "share"
    construction_zone: str = "square"  # graph.ZONES: the centre square, or the centre tile
    boards: tuple[Board, ...] = ()  # boards 2..K of simulate --boards K (board 1 is ``board``)
    board_seeds: tuple[int | str, ...] = ()  # the session seed of every board, 1..K

    @functools.cached_property
    def words(self) -> tuple[str, ...]:
        """The machine words in deck order."""
        return tuple(c.word for c in self.deck.cards)

    @functools.cached_property
    def costs(self) -> tuple[float, ...]:
        """Each machine card's difficulty figure (estimated team-turns), in deck order."""
        return tuple(c.figure for c in self.deck.cards)

    @functools.cached_property
    def cost_by_word(self) -> dict[str, float]:
        """Each machine word's difficulty figure, for the bots' choice of machine."""
        return dict(zip(self.words, self.costs, strict=True))

    @functools.cached_property
    def rarity(self) -> tuple[int, ...]:
        """Junk tiles of each letter code 0..25 in the bag (blanks stand for the rarest)."""
        return tuple(self.tiles.count(code) for code in range(26))

    @functools.cached_property
    def flipped(self) -> Setup:
        """The same setup with the first-turn stagger switched the other way."""
        return replace(self, stagger=not self.stagger)


def check_players(players: int) -> None:
    """2-6 players, else PnpError."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PnpError(f"Junkyard Wars is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}",
                       field="players")


def setup_from(seed: int | str, players: int, words: Sequence[str], bag: dict, *,
               bots: Sequence[str] | None = None, deck: MachineDeck | None = None,
               board: Any = None, deck_size: int = DEFAULT_SIZE, stagger: bool = True,
               minutes_per_turn: float = 1.0, compare_stagger: bool = True,
               maze_seed: int | str | None = None, hour_end: str = "test",
               construction_zone: str = "square", boards: int = 1) -> Setup:
    """The setup of a run from data (pure): the seed's session board, the deck, the bag."""
    check_players(players)
    if not minutes_per_turn > 0:
        raise PnpError(f"minutes per turn must be positive, got {minutes_per_turn}",
                       field="minutes-per-turn")
    if hour_end not in HOUR_ENDS:
        raise PnpError(f"--hour-end must be {' or '.join(HOUR_ENDS)}, got {hour_end!r}",
                       field="hour-end")
    if not isinstance(boards, int) or not 1 <= boards <= MAX_BOARDS:
        raise PnpError(f"--boards must be 1 to {MAX_BOARDS}, got {boards}", field="boards")
    if construction_zone not in ZONES:
        raise PnpError(f"--construction-zone must be {' or '.join(ZONES)}, got "
                       f"{construction_zone!r}", field="construction-zone")
    seats = tuple(bots) if bots else ("heuristic",) * players
    if len(seats) != players or any(b not in BOTS for b in seats):
        raise PnpError(f"bots must be {players} of {', '.join(BOTS)}", field="bots")
    if board is None:
        from pnp.games.junkyard_wars.generate import session_board
        board = session_board(seed, maze_seed=maze_seed)
    if deck is None:
        deck = build_deck(seed, words, bag, size=deck_size, players=players)
    if len(deck.cards) < 2 * players:
        raise PnpError(f"the deck has {len(deck.cards)} cards; {players} players need "
                       f"{2 * players}", field="deck")
    rules_board = (board if isinstance(board, Board) else
                   board_from_session(board, construction_zone))
    seeds = tuple(board_seed(seed, k) for k in range(1, boards + 1))
    more: tuple[Board, ...] = ()
    if boards > 1:
        from pnp.games.junkyard_wars.generate import session_board
        more = tuple(board_from_session(session_board(s), construction_zone) for s in seeds[1:])
    return Setup(players, seats, rules_board, tuple(bag_tiles(bag)), deck, bool(stagger),
                 float(minutes_per_turn), bool(compare_stagger), hour_end, construction_zone,
                 more, seeds)


def bag_and_words(bag_file: str | None, words_file: str | None) -> tuple[dict, list[str]]:
    """The junk bag (letter -> count) and the machine words: the files, or the bundled data."""
    from pathlib import Path

    from pnp.games.junkyard_wars.bag import load_bag
    from pnp.games.junkyard_wars.words import load_words

    if bag_file is not None and not Path(bag_file).exists():
        raise PnpError("no such bag file", file=str(bag_file), field="bag")
    return load_bag(bag_file).counts(), load_words(words_file)


def make_setup(seed: int | str, players: int, bots: tuple[str, ...],
               options: Mapping[str, Any]) -> Setup:
    """``GameSpec.make_setup``: reads the word list and bag files named by the options (the
    other options it does not use, e.g. the session's paper, are ignored)."""
    opts = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    bag, words = bag_and_words(opts["bag"], opts["words"])
    return setup_from(seed, players, words, bag, bots=bots, deck_size=opts["deck_size"],
                      stagger=opts["stagger"],
                      minutes_per_turn=opts["minutes_per_turn"],
                      compare_stagger=opts["compare_stagger"], maze_seed=opts["maze_seed"],
                      hour_end=opts["hour_end"], construction_zone=opts["construction_zone"],
                      boards=opts["boards"])


def play_game(setup: Setup, game_seed: int) -> Game:
    """Game ``game_seed`` played to its end: the same game ``pnp.sim.play.play`` plays.

    The fast path of a run: each bot plays its whole turn on the game (``TurnBot.play_turn``
    applies each action with ``Action.play``, as ``Game.apply`` does) instead of planning it on
    a clone and handing it out one action per ``choose`` call. The rules check every action.
    """
    from pnp.sim.play import new_game

    state, bots, rng = new_game(GAME, setup, game_seed)
    game: Game = state  # type: ignore[assignment]
    while not game.over:
        turn = game.player_turns
        bots[game.current].play_turn(game, rng)
        if game.player_turns == turn and not game.over:  # as ``choose`` ends a short turn
            END_TURN.play(game)
    return game


def result(game: Game) -> Result:
    """What one finished game contributes to the summary."""
    completed = sum(1 << p for p in range(game.players) if game.complete(p))
    tested = sum(1 for h in game.hour_test if h != UNTESTED)
    return (game.winner, game.round, game.player_turns, game.by_time,
            game.tests[game.winner], tuple(game.machine), completed, ending(game), tested,
            game.hour_test.count(WORKS), sum(game.traded), getattr(game, "board_no", 0))


def record(state: Any) -> Record:
    """``GameSpec.record``: one finished game (no stagger comparison)."""
    return result(state), None


def play_record(setup: Setup, game_seed: int) -> Record:
    """``GameSpec.play_record``: the game, and with ``compare_stagger`` the stagger flipped."""
    main = result(play_game(setup, game_seed))
    alt = result(play_game(setup.flipped, game_seed)) if setup.compare_stagger else None
    return main, alt


def by_player_count(seed: int | str, setup: Setup, games: int, *, jobs: int | None = 1
                    ) -> list[dict]:
    """Game length and the stagger's effect for every player count the deck allows (2-6).

    ``games`` games each on the setup's board and deck, heuristic bots, each game replayed
    without the stagger; the run of ``n`` players is seeded ``child_seed(seed, "players", n)``
    so these games never repeat the main run's.
    """
    from pnp.sim.play import run_games

    rows = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if len(setup.deck.cards) < 2 * players:
            continue
        run = replace(setup, players=players, bots=("heuristic",) * players, stagger=True,
                      compare_stagger=True)
        flat = run_games(GAME, run, games, child_seed(seed, "players", players), jobs=jobs)
        main = [m for m, _ in flat]
        n = len(main)
        rows.append({"players": players, "games": n,
                     "rounds": _spread([g[1] for g in main]),
                     "minutes": _spread([g[2] for g in main], setup.minutes_per_turn),
                     "time_limit_share": proportion_ci(sum(1 for g in main if g[3]), n).to_dict(),
                     "fair_share": round(1 / players, 6),
                     "seat1_win_rate_with": proportion_ci(
                         sum(1 for m, _ in flat if m[0] == 0), n).to_dict(),
                     "seat1_win_rate_without": proportion_ci(
                         sum(1 for _, a in flat if a is not None and a[0] == 0), n).to_dict()})
    return rows


def _seat_rates(winners: list[int], players: int) -> list[dict]:
    n = len(winners)
    return [{"seat": s + 1, **proportion_ci(winners.count(s), n).to_dict()} for s in range(players)]


def _spread(counts: list[int], scale: float = 1.0) -> dict:
    """Whole counts per game (rounds, turns, tests, trades) times ``scale`` (minutes a turn):
    the mean with its interval (Student's t widened to the exact Poisson bound, so that every
    game alike, or no event at all, is never a certainty) and the percentiles."""
    est = counts_ci(counts)
    mean = Estimate(est.value * scale, est.low * scale, est.high * scale, est.n).to_dict()
    return {"mean": mean,
            "percentiles": {f"p{q}": v * scale for q, v in percentiles(counts, QS).items()}}


def summarize(records: list[Record], setup: Setup, seed: int | str) -> dict:
    """``GameSpec.summarize``: win rates, durations, stagger, cards and checks (JSON document)."""
    players, mpt, deck = setup.players, setup.minutes_per_turn, setup.deck
    main = [m for m, _ in records]
    n = len(main)
    winners = [g[0] for g in main]
    tests = [g[4] for g in main if not g[3]]
    doc: dict = {
        "game": "junkyard-wars", "games": n, "players": players, "seed": str(seed),
        "seed_code": seed_code(seed), "bots": list(setup.bots),
        "stagger": setup.stagger, "minutes_per_turn": mpt, "time_limit_minutes": GAME_MINUTES,
        "win_rate_by_seat": _seat_rates(winners, players),
        "rounds": _spread([g[1] for g in main]),
        "minutes": _spread([g[2] for g in main], mpt),
        "time_limit_share": proportion_ci(sum(1 for g in main if g[3]), n).to_dict(),
        "tests_per_win": (_spread(tests) if tests else None),
        "won_by_test": len(tests),
        "hour_end": setup.hour_end, "construction_zone": setup.construction_zone,
        "endings": _endings(main),
        "hour_tests": _hour_tests(main),
        "trades_per_game": _spread([g[10] for g in main]),
    }
    alts = [a for _, a in records if a is not None]
    if setup.compare_stagger and len(alts) == n:  # a record_game(check=True) run has no replays
        alt = [a[0] for a in alts]
        with_w, without_w = (winners, alt) if setup.stagger else (alt, winners)
        doc["stagger_effect"] = {
            "seat1_win_rate_with": proportion_ci(with_w.count(0), n).to_dict(),
            "seat1_win_rate_without": proportion_ci(without_w.count(0), n).to_dict(),
            "fair_share": round(1 / players, 6),
            "by_seat_with": _seat_rates(with_w, players),
            "by_seat_without": _seat_rates(without_w, players),
            "same_winner_share": round(
                sum(a == b for a, b in zip(with_w, without_w, strict=True)) / n, 6),
        }
    if setup.boards:
        doc["boards"] = across_boards(main, setup.board_seeds, players, mpt, ENDINGS)
    doc["cards"] = _card_rows(main, setup)
    doc["card_figure_vs_win_rate"] = _figure_correlation(doc["cards"])
    doc["deck"] = {k: v for k, v in deck.to_dict().items() if k != "cards"}
    doc["checks"] = _checks(doc, deck)
    return doc


def _endings(main: list[Result]) -> list[dict]:
    """The share of games each ending decides: a test in play, the hour's tests, furthest along."""
    n = len(main)
    return [{"ending": name, **proportion_ci(sum(1 for g in main if g[7] == k), n).to_dict()}
            for k, name in enumerate(ENDINGS)]


def _hour_tests(main: list[Result]) -> dict:
    """The end-of-hour tests over the games that reached the hour: machines tested, working."""
    hour = [g for g in main if g[3]]
    tested = sum(g[8] for g in hour)
    worked = sum(g[9] for g in hour)
    return {"games": len(hour), "machines_tested": tested, "machines_worked": worked,
            "tested_per_game": (_spread([g[8] for g in hour]) if hour else None),
            "works_share": (proportion_ci(worked, tested).to_dict() if tested else None)}


def _estimate(d: Mapping[str, Any]) -> Estimate:
    return Estimate(d["value"], d["low"], d["high"], d["n"])


def summary_lines(doc: dict) -> list[str]:
    """``GameSpec.summary_lines``: the text ``pnp junkyard-wars simulate`` prints."""
    lines = [f"{doc['games']} games, {doc['players']} players, seed {doc['seed_code']}"]
    lines += [f"  seat {s['seat']}: win rate {fmt_estimate(s)}" for s in doc["win_rate_by_seat"]]
    lines.append(f"  rounds {doc['rounds']['mean']['value']:.2f}, minutes "
                 f"{doc['minutes']['mean']['value']:.1f}, time limit reached "
                 f"{doc['time_limit_share']['value']:.1%}")
    lines.append("  endings: " + ", ".join(f"{e['ending']} {e['value']:.1%}"
                                           for e in doc["endings"])
                 + f" (hour end: {doc['hour_end']})")
    ht = doc["hour_tests"]
    if ht["machines_tested"]:
        lines.append(f"  at the hour: {ht['machines_tested']} machines tested in {ht['games']} "
                     f"games, {ht['machines_worked']} worked")
    st = doc.get("stagger_effect")
    if st:
        lines.append(f"  seat 1 with stagger {st['seat1_win_rate_with']['value']:.3f}, without "
                     f"{st['seat1_win_rate_without']['value']:.3f} (fair {st['fair_share']:.3f})")
    if doc.get("boards"):
        lines += board_lines(doc["boards"])
    hard = [c["word"] for c in doc["cards"] if c["verdict"] == "too hard"]
    lines.append(f"  too hard: {', '.join(hard) if hard else 'none'}")
    return lines


def longest_game_minutes(players: int, minutes_per_turn: float) -> float:
    """The longest game the clock allows: the hour's player-turns (at least one round) at
    ``minutes_per_turn`` minutes each."""
    return hour_player_turns(players, minutes_per_turn) * minutes_per_turn


def _checks(doc: dict, deck: MachineDeck) -> list[dict]:
    """Declared bands: seats fair, every game within the hour, deck within its band."""
    fair = 1 / doc["players"]
    out = []
    for s in doc["win_rate_by_seat"]:
        out.append(check_band(f"seat {s['seat']} win rate", _estimate(s), fair - SEAT_BAND,
                              fair + SEAT_BAND, note=f"fair share {fair:.3f}"))
    mpt = doc["minutes_per_turn"]
    out.append(check_band("longest game in minutes (at most 1 hour)",
                          longest_game_minutes(doc["players"], mpt), None, HOUR_BAND,
                          note=f"{mpt} min per player-turn; "
                               f"{doc['time_limit_share']['value']:.0%} of games reach the hour"))
    out.append(check_band("machine cards within the deck band", float(deck.passed), 1.0, 1.0,
                          note=f"+-{deck.band:.0%} of median {deck.median}"))
    return [c.to_dict() for c in out]


def _card_rows(main: list[Result], setup: Setup) -> list[dict]:
    words = setup.words
    chosen = [0] * len(words)
    wins = [0] * len(words)
    built = [0] * len(words)
    win_rounds: list[list[float]] = [[] for _ in words]
    for g in main:
        for p, card in enumerate(g[5]):
            if card < 0:
                continue
            chosen[card] += 1
            if g[6] >> p & 1:
                built[card] += 1
            if g[0] == p:
                wins[card] += 1
                if not g[3]:
                    win_rounds[card].append(float(g[1]))
    rows = []
    fair = 1 / setup.players
    for k, machine in enumerate(setup.deck.cards):
        row: dict = {"word": machine.word, "figure": machine.figure, "chosen": chosen[k],
                     "wins": wins[k]}
        if chosen[k]:
            rate = proportion_ci(wins[k], chosen[k])
            row["win_rate"] = rate.to_dict()
            row["built_share"] = round(built[k] / chosen[k], 6)
            row["mean_rounds_to_win"] = (round(sum(win_rounds[k]) / len(win_rounds[k]), 3)
                                         if win_rounds[k] else None)
            row["verdict"] = ("too hard" if rate.high < fair else
                              "too easy" if rate.low > fair else "ok")
        else:
            row.update(win_rate=None, built_share=None, mean_rounds_to_win=None,
                       verdict="never chosen")
        rows.append(row)
    return rows


def _figure_correlation(cards: list[dict], min_chosen: int = 10) -> dict:
    """Spearman rank correlation of card figure and win rate (cards chosen often enough).

    Strongly negative means the figure predicts which machines lose: the deck's estimate works.
    """
    rows = [c for c in cards if c["chosen"] >= min_chosen]
    if len(rows) < 3:
        return {"spearman": None, "cards": len(rows)}
    rho = spearman([c["figure"] for c in rows], [c["win_rate"]["value"] for c in rows])
    return {"spearman": None if rho is None else round(rho, 6), "cards": len(rows)}
