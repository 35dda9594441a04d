"""Junkyard Wars Monte Carlo: bots play many games on one session board; metrics with 95% CIs.

Every game of a run is played on the session board of the seed (its distance tables are built once
per process), with a fresh random junk layout, deal and dice drawn from the game's own seed
(``child_seed(batch seed, game index)``). With ``compare_stagger`` each game is played a second
time from the same seed with the first-turn stagger switched the other way, so the stagger's
effect is measured on the same deals and layouts.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.games.junkyard_wars.bots import HeuristicBot, RandomBot
from pnp.games.junkyard_wars.deck import MachineDeck, bag_tiles, build_deck
from pnp.games.junkyard_wars.graph import Board, Tables, board_from_session
from pnp.games.junkyard_wars.rules import (
    GAME_MINUTES, MAX_PLAYERS, MIN_PLAYERS, WORKERS, Game,
)
from pnp.seed import child_seed, seed_code
from pnp.sim.runner import Batch, run
from pnp.sim.stats import check_band, mean_ci, percentiles, proportion_ci

BOTS = ("heuristic", "random")
QS = (5, 25, 50, 75, 95)
SEAT_BAND = 0.05  # every seat's win rate within fair share +- 5 points
TIME_LIMIT_BAND = 0.5  # at most half the games decided by the clock


@dataclass(frozen=True)
class SimContext:
    """Everything a batch needs (picklable): the board, the bag, the deck and the rules options."""

    board: Board
    tiles: tuple[int, ...]
    words: tuple[str, ...]
    costs: tuple[float, ...]
    players: int
    bots: tuple[str, ...]
    stagger: bool = True
    minutes_per_turn: float = 1.0
    compare_stagger: bool = True

    @functools.cached_property
    def cost_by_word(self) -> dict[str, float]:
        """Each machine word's difficulty figure, for the bots' choice of machine."""
        return dict(zip(self.words, self.costs))

    @functools.cached_property
    def rarity(self) -> tuple[int, ...]:
        """Junk tiles of each letter code 0..25 in the bag (blanks stand for the rarest)."""
        return tuple(self.tiles.count(code) for code in range(26))


_TABLES: dict[Board, Tables] = {}


def tables_for(board: Board) -> Tables:
    """The board's distance tables, computed once per process."""
    tb = _TABLES.get(board)
    if tb is None:
        _TABLES.clear()
        tb = _TABLES[board] = Tables(board)
    return tb


def _play(ctx: SimContext, tb: Tables, seed: int, stagger: bool, on_turn=None) -> Game:
    """Bots play one game from ``seed`` to its end; ``on_turn(game, p)`` after each turn."""
    rng = random.Random(seed)
    game = Game(tb, ctx.tiles, ctx.words, ctx.players, rng, stagger=stagger,
                minutes_per_turn=ctx.minutes_per_turn)
    bots = [HeuristicBot(ctx.cost_by_word, rarity=ctx.rarity)
            if kind == "heuristic" else RandomBot(rng) for kind in ctx.bots]
    while not game.over:
        p = game.current
        bots[p].turn(game, p)
        if on_turn is not None:
            on_turn(game, p)
        game.end_turn()
    return game


def play_game(ctx: SimContext, tb: Tables, seed: int, stagger: bool) -> tuple:
    """One game -> (winner, rounds, player_turns, by_time, winner_tests, cards, completed)."""
    game = _play(ctx, tb, seed, stagger)
    completed = sum(1 << p for p in range(ctx.players) if game.complete(p))
    return (game.winner, game.round, game.player_turns, game.by_time,
            game.tests[game.winner], tuple(game.machine), completed)


def playthrough(ctx: SimContext, seed: int, stagger: bool = True) -> list[dict]:
    """One game turn by turn (for golden files and for reading how the bots play)."""
    log: list[dict] = []

    def record(game: Game, p: int) -> None:
        first = p * WORKERS
        log.append({"round": game.round, "player": p + 1,
                    "machine": ctx.words[game.machine[p]],
                    "workers": game.w_sq[first:first + WORKERS],
                    "carrying": [len(game.w_load[w]) for w in range(first, first + WORKERS)],
                    "objects": game.matched[p], "links": game.links[p],
                    "link_ma": game.link_ma[p], "broken": game.broken[p],
                    "tests": game.tests[p]})

    game = _play(ctx, tables_for(ctx.board), seed, stagger, record)
    log.append({"winner": game.winner + 1, "by_time": game.by_time, "rounds": game.round})
    return log


def batch_task(ctx: SimContext, batch: Batch) -> list[tuple]:
    """All games of one batch: (main result, result with the stagger flipped or None)."""
    tb = tables_for(ctx.board)
    out = []
    for i in range(batch.count):
        seed = child_seed(batch.seed, i)
        main = play_game(ctx, tb, seed, ctx.stagger)
        alt = play_game(ctx, tb, seed, not ctx.stagger) if ctx.compare_stagger else None
        out.append((main, alt))
    return out


def check_players(players: int) -> None:
    """2-6 players, else PnpError."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PnpError(f"Junkyard Wars is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}",
                       field="players")


def make_context(seed: int | str, players: int, words, bag: dict, *, deck: MachineDeck | None = None,
                 bots: tuple[str, ...] | None = None, stagger: bool = True,
                 minutes_per_turn: float = 1.0, compare_stagger: bool = True,
                 deck_size: int = 40, board=None) -> tuple[SimContext, MachineDeck]:
    """The context of a run: the seed's session board, the deck from the words, the bag."""
    check_players(players)
    if not minutes_per_turn > 0:
        raise PnpError(f"minutes per turn must be positive, got {minutes_per_turn}",
                       field="minutes-per-turn")
    bots = bots or ("heuristic",) * players
    if len(bots) != players or any(b not in BOTS for b in bots):
        raise PnpError(f"bots must be {players} of {', '.join(BOTS)}", field="bots")
    if board is None:
        from pnp.games.junkyard_wars.generate import session_board
        board = session_board(seed)
    if deck is None:
        deck = build_deck(seed, words, bag, size=deck_size, players=players)
    if len(deck.cards) < 2 * players:
        raise PnpError(f"the deck has {len(deck.cards)} cards; {players} players need "
                       f"{2 * players}", field="deck")
    rules_board = board if isinstance(board, Board) else board_from_session(board)
    ctx = SimContext(rules_board, tuple(bag_tiles(bag)), tuple(deck.words),
                     tuple(c.figure for c in deck.cards), players,
                     tuple(bots), stagger, minutes_per_turn, compare_stagger)
    return ctx, deck


def simulate(seed: int | str, players: int, games: int, words, bag: dict, *, jobs: int = 1,
             scheduler: str | None = None, progress: bool = False, batch_size: int = 250,
             **options) -> dict:
    """Play ``games`` games and summarise them (the ``simulate`` command's JSON document)."""
    if not isinstance(games, int) or games < 1:
        raise PnpError(f"number of games must be a positive integer, got {games}", field="games")
    ctx, deck = make_context(seed, players, words, bag, **options)
    tables_for(ctx.board)  # built once here; forked workers inherit it
    results = run(functools.partial(batch_task, ctx), games, seed, stream="sim",
                  batch_size=batch_size, jobs=jobs, scheduler=scheduler, progress=progress)
    flat = [g for batch in results for g in batch]
    return summarize(flat, ctx, deck, seed)


def by_player_count(seed: int | str, words, bag: dict, games: int, *, deck: MachineDeck,
                    board=None, minutes_per_turn: float = 1.0, jobs: int = 1) -> list[dict]:
    """Game length and the stagger's effect for every player count the deck allows (2-6).

    ``games`` games each on the same board and deck, heuristic bots, each game replayed without
    the stagger; batch seeds from the stream ``("players", n)`` so these games never repeat the
    main run's.
    """
    rows = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        if len(deck.cards) < 2 * players:
            continue
        ctx, _ = make_context(seed, players, words, bag, deck=deck, board=board,
                              minutes_per_turn=minutes_per_turn)
        results = run(functools.partial(batch_task, ctx), games, seed,
                      stream=("players", players), jobs=jobs)
        flat = [g for batch in results for g in batch]
        main = [m for m, _ in flat]
        n = len(main)
        rows.append({"players": players, "games": n,
                     "rounds": _spread([float(g[1]) for g in main]),
                     "minutes": _spread([g[2] * minutes_per_turn for g in main]),
                     "time_limit_share": proportion_ci(sum(1 for g in main if g[3]), n).to_dict(),
                     "fair_share": round(1 / players, 6),
                     "seat1_win_rate_with": proportion_ci(
                         sum(1 for m, _ in flat if m[0] == 0), n).to_dict(),
                     "seat1_win_rate_without": proportion_ci(
                         sum(1 for _, a in flat if a[0] == 0), n).to_dict()})
    return rows


def _seat_rates(winners: list[int], players: int) -> list[dict]:
    n = len(winners)
    return [{"seat": s + 1, **proportion_ci(winners.count(s), n).to_dict()} for s in range(players)]


def _spread(values: list[float]) -> dict:
    est = mean_ci(values) if len(values) > 1 else None
    mean = est.to_dict() if est else {"value": values[0], "low": values[0], "high": values[0],
                                       "n": 1}
    return {"mean": mean, "percentiles": {f"p{q}": v for q, v in percentiles(values, QS).items()}}


def summarize(flat: list[tuple], ctx: SimContext, deck: MachineDeck, seed) -> dict:
    """Per-game results -> the summary document (win rates, durations, stagger, cards)."""
    players, mpt = ctx.players, ctx.minutes_per_turn
    main = [m for m, _ in flat]
    n = len(main)
    winners = [g[0] for g in main]
    rounds = [float(g[1]) for g in main]
    minutes = [g[2] * mpt for g in main]
    by_time = sum(1 for g in main if g[3])
    tests = [float(g[4]) for g in main if not g[3]]
    doc: dict = {
        "games": n, "players": players, "seed_code": seed_code(seed), "bots": list(ctx.bots),
        "stagger": ctx.stagger, "minutes_per_turn": mpt, "time_limit_minutes": GAME_MINUTES,
        "win_rate_by_seat": _seat_rates(winners, players),
        "rounds": _spread(rounds), "minutes": _spread(minutes),
        "time_limit_share": proportion_ci(by_time, n).to_dict(),
        "tests_per_win": (_spread(tests) if tests else None),
        "won_by_test": len(tests),
    }
    if ctx.compare_stagger:
        alt = [a[0] for _, a in flat]
        with_w, without_w = (winners, alt) if ctx.stagger else (alt, winners)
        doc["stagger_effect"] = {
            "seat1_win_rate_with": proportion_ci(with_w.count(0), n).to_dict(),
            "seat1_win_rate_without": proportion_ci(without_w.count(0), n).to_dict(),
            "fair_share": round(1 / players, 6),
            "by_seat_with": _seat_rates(with_w, players),
            "by_seat_without": _seat_rates(without_w, players),
            "same_winner_share": round(sum(a == b for a, b in zip(with_w, without_w)) / n, 6),
        }
    doc["cards"] = _card_rows(main, ctx, deck)
    doc["card_figure_vs_win_rate"] = _figure_correlation(doc["cards"])
    doc["deck"] = {k: v for k, v in deck.to_dict().items() if k != "cards"}
    doc["checks"] = _checks(doc, deck)
    return doc


def _checks(doc: dict, deck: MachineDeck) -> list[dict]:
    """Declared bands: seats fair, games mostly finished in the hour, deck within its band."""
    fair = 1 / doc["players"]
    out = []
    for s in doc["win_rate_by_seat"]:
        est = proportion_ci(round(s["value"] * s["n"]), s["n"])
        out.append(check_band(f"seat {s['seat']} win rate", est, fair - SEAT_BAND,
                              fair + SEAT_BAND, note=f"fair share {fair:.3f}"))
    share = doc["time_limit_share"]
    out.append(check_band("share of games ended by the one-hour limit",
                          proportion_ci(round(share["value"] * share["n"]), share["n"]), None,
                          TIME_LIMIT_BAND, note=f"{doc['minutes_per_turn']} min per player-turn"))
    out.append(check_band("machine cards within the deck band", float(deck.passed), 1.0, 1.0,
                          note=f"+-{deck.band:.0%} of median {deck.median}"))
    return [c.to_dict() for c in out]


def _card_rows(main: list[tuple], ctx: SimContext, deck: MachineDeck) -> list[dict]:
    players = ctx.players
    chosen = [0] * len(ctx.words)
    wins = [0] * len(ctx.words)
    built = [0] * len(ctx.words)
    win_rounds: list[list[float]] = [[] for _ in ctx.words]
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
    fair = 1 / players
    for k, card in enumerate(deck.cards):
        row: dict = {"word": card.word, "figure": card.figure, "chosen": chosen[k],
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


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=xs.__getitem__)
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def _figure_correlation(cards: list[dict], min_chosen: int = 10) -> dict:
    """Spearman rank correlation of card figure and win rate (cards chosen often enough).

    Strongly negative means the figure predicts which machines lose: the deck's estimate works.
    """
    rows = [c for c in cards if c["chosen"] >= min_chosen]
    if len(rows) < 3:
        return {"spearman": None, "cards": len(rows)}
    a = _ranks([c["figure"] for c in rows])
    b = _ranks([c["win_rate"]["value"] for c in rows])
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    var = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    return {"spearman": round(cov / var, 6) if var else None, "cards": len(rows)}
