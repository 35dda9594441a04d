"""Tour simulator: knights touring a Waste Knights board for a mission's length (Monte Carlo).

Pure core. ``play_game`` walks a round's steps in rulebook order; every rule step is a call into
``rules`` and every decision a call to a bot (``bots``: heuristic or random knight, mean Waster).
Combat, card texts, trading and tasks are abstract (``tour.TourModel``, docs/assumptions.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Sequence

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.bots import BOTS, KnightBot, Plan, waster_card
from pnp.games.waste_knights.hexes import Board
from pnp.games.waste_knights.tour import (CITY_HEX, SPECIAL_HEX, DEFAULT_ROUNDS, Policy, Seat,
                                          Tables, TourConfig, TourModel, build_tables,
                                          make_config)
from pnp.games.waste_knights.tour_stats import FIELDS, compare, report_sections, summarize
from pnp.sim.runner import Batch, run

__all__ = ["DEFAULT_ROUNDS", "FIELDS", "Game", "Plan", "Policy", "Seat", "Tables", "TourConfig",
           "TourModel", "build_tables", "exploration_step", "make_config", "move_step",
           "play_game", "preparations_phase", "records", "report_sections", "rest_step", "setup",
           "simulate_tour", "tour_batch", "tour_report"]

_F = {name: i for i, name in enumerate(FIELDS)}
_SPECIALS, _CITIES, _TASKS, _POINTS = _F["specials"], _F["cities"], _F["tasks"], _F["points"]
_FACED, _DRAWN, _STARVED = _F["cards_faced"], _F["cards_drawn"], _F["starved_rounds"]
_KO_RAD, _KO_HEALTH, _KO_CARD = _F["ko_radiation"], _F["ko_contamination"], _F["ko_wasteland"]
_FUEL_SPENT, _ENTERED = _F["fuel_spent"], _F["hexes_entered"]
_KO_FIELD = {R.KnockOut.RADIATION: _KO_RAD, R.KnockOut.HEALTH: _KO_HEALTH}


@dataclass(slots=True)
class Game:
    """One game in progress: the board tables, the seats and their bots, the common task."""

    t: Tables
    cfg: TourConfig
    rng: random.Random
    seats: list[Seat]
    bots: list[KnightBot]
    task_hex: int = 0
    task_marks: int = 0


def play_game(t: Tables, cfg: TourConfig, rng: random.Random) -> tuple[int, ...]:
    """One game: all rounds of all knights; per-seat FIELDS flattened seat-major."""
    game = setup(t, cfg, rng)
    n = cfg.knights
    for round_no in range(cfg.rounds):
        # Round Order starts at the First Player; the marker passes left each round.
        order = [(round_no + k) % n for k in range(n)]
        if round_no:  # Preparations Phase: "Skip this phase during the first round of the game."
            preparations_phase(game)
        move_step(game, order)
        exploration_step(game, order)
        rest_step(game)
    return records(game)


def setup(t: Tables, cfg: TourConfig, rng: random.Random) -> Game:
    """Game Setup: knights in Gangraen with full dials, 3 luck cards each, one common task."""
    seats = [Seat(speed=sp, pos=t.start, knight=R.Knight(), green=cfg.model.start_green,
                  luck=[0] * len(R.LUCK_ICONS), stats=[0] * len(FIELDS), visited=1 << t.start)
             for sp in cfg.speeds]
    for seat in seats:
        for _ in range(R.START_LUCK):
            seat.luck[int(rng.random() * len(R.LUCK_ICONS))] += 1
    game = Game(t, cfg, rng, seats, [BOTS[p] for p in cfg.policies])
    game.task_hex = _draw_task(game)
    return game


def _draw_task(game: Game, done: int | None = None) -> int:
    """A new common task "explore special hex X" (not the one just accomplished, if possible)."""
    specials = game.t.specials or game.t.sites
    pool = [j for j in specials if j != done] or specials
    return pool[int(game.rng.random() * len(pool))]


# --- Preparations Phase ----------------------------------------------------------------------

def preparations_phase(game: Game) -> None:
    """Waster Step a) and b), then Knights Step c), knight by knight."""
    game.task_marks += 1  # a) Mark Task Cards
    if R.task_outdated(game.task_marks):
        game.task_hex, game.task_marks = _draw_task(game), 0
    # b) and c) touch only the knight's own dials and hand, so resolving them knight by knight
    # gives the same game as step by step and keeps one random stream per game.
    for s in range(game.cfg.knights):
        if game_board_effects(game, s):  # an unconscious knight draws no luck card
            draw_luck_card(game, s)


def game_board_effects(game: Game, s: int) -> bool:
    """Waster Step b) on knight ``s``; False when the hex's icons knocked him out."""
    seat, t, bot, rng = game.seats[s], game.t, game.bots[s], game.rng
    p = seat.pos
    choose = (lambda k: bot.city_option(k, rng)) if t.kind[p] == CITY_HEX else None
    seat.knight = R.game_board_effects(seat.knight, t.radiation[p], t.contamination[p], choose)
    ko = R.knocked_out_by(seat.knight)
    if ko is not None:
        seat.ko = True
        seat.stats[_KO_FIELD[ko]] += 1
    return ko is None


def draw_luck_card(game: Game, s: int) -> None:
    """Knights Step c): draw 1 luck card; at the limit the card drawn is the one discarded."""
    seat = game.seats[s]
    if not R.luck_hand_full(sum(seat.luck)):
        seat.luck[int(game.rng.random() * len(R.LUCK_ICONS))] += 1


# --- Wasteland Phase -------------------------------------------------------------------------

def move_step(game: Game, order: list[int]) -> None:
    """Move Step, in round order: plan a route, then resolve it and its wasteland card."""
    for s in order:
        seat = game.seats[s]
        if seat.ko:  # "he performs no activities or actions"
            continue
        if seat.knight.fuel == 0:
            seat.stats[_STARVED] += 1
        plan = game.bots[s].plan_move(seat, game.t, game.task_hex, game.rng)
        # "If the Active Knight chooses not to move, the Waster does not draw or play any
        # wasteland cards."
        if plan is not None:
            resolve_movement(game, seat, plan)


def resolve_movement(game: Game, seat: Seat, plan: Plan) -> None:
    """Move Step b): pay Fuel, draw the route's wasteland cards, escape the one played."""
    t, route, st = game.t, plan.route, seat.stats
    if plan.on_foot:
        drawn = R.wasteland_cards_drawn((), on_foot=True)
    else:
        seat.knight, spent = R.resolve_vehicle_move(seat.knight, sum(t.diff[j] for j in route),
                                                    seat.speed)
        drawn = R.wasteland_cards_drawn(t.threat[j] for j in route)
        st[_FUEL_SPENT] += spent
    st[_ENTERED] += len(route)
    st[_FACED] += 1
    st[_DRAWN] += drawn
    # The Waster plays the hardest card on the last hex; the knight always escapes (the tour
    # model, docs/assumptions.md): a Hard card stands for an enemy with a rewarding panel.
    m = game.cfg.model
    difficulty = waster_card(drawn, m.card_difficulty_weights, game.rng)
    pool = R.escape_check_pool(m.escape_skill, seat.knight.health)
    if not R.check_passed_draw(game.rng.random(), pool, difficulty):
        seat.knight = R.escape_failed(seat.knight, rewarding=difficulty == R.Difficulty.HARD)
        if R.knocked_out_by(seat.knight) is not None:
            seat.ko = True
            st[_KO_CARD] += 1
    seat.pos = route[-1]
    seat.marker = False  # "When the knight leaves this hex, he removes his player marker"


def exploration_step(game: Game, order: list[int]) -> None:
    """Exploration Step, in round order: the check (if required), then the hex activities."""
    t, m = game.t, game.cfg.model
    for s in order:
        seat = game.seats[s]
        rule = t.rules[seat.pos]
        if seat.ko or rule is None:
            continue
        if R.needs_exploration_check(rule, seat.marker):
            seat.marker = True  # "No matter the check result"
            pool = R.escape_check_pool(m.explore_skill, seat.knight.health)
            if not R.check_passed_draw(game.rng.random(), pool, rule.check_difficulty):
                continue
        explore(game, s, rule)


def explore(game: Game, s: int, rule: R.HexRules) -> None:
    """Hex Activities: accomplish the common task, perform 1 exploration action."""
    seat, t = game.seats[s], game.t
    p = seat.pos
    if not seat.visited >> p & 1:
        seat.visited |= 1 << p
        seat.stats[_SPECIALS if t.kind[p] == SPECIAL_HEX else _CITIES] += 1
    if p == game.task_hex:  # the common task goes to the first knight to explore its hex
        seat.stats[_TASKS] += 1
        game.task_hex, game.task_marks = _draw_task(game, done=p), 0
    action = game.bots[s].exploration_action(rule, seat, game.rng)
    if action is not None:
        seat.knight, seat.green = R.perform_exploration_action(seat.knight, seat.green, rule,
                                                               action)


def rest_step(game: Game) -> None:
    """Rest Step c) Quick Resupply, then d) Regain Consciousness."""
    for s, seat in enumerate(game.seats):
        if seat.ko:
            continue
        icon = game.bots[s].quick_resupply(seat, game.rng)
        if icon is not None:
            seat.luck[R.LUCK_ICONS.index(icon)] -= 1
            seat.knight = R.quick_resupply(seat.knight, icon)
    for seat in game.seats:
        if seat.ko:
            seat.pos = game.t.nearest_city[seat.pos]
            seat.knight = R.regain_consciousness(seat.knight)
            seat.ko = seat.marker = False


def records(game: Game) -> tuple[int, ...]:
    """Per-seat FIELDS, seat-major; mission points = specials + cities + task points."""
    out: list[int] = []
    for seat in game.seats:
        row = seat.stats
        row[_POINTS] = row[_SPECIALS] + row[_CITIES] + game.cfg.model.task_points * row[_TASKS]
        out += row
    return tuple(out)


# --- batches and summaries -------------------------------------------------------------------

def tour_batch(batch: Batch, board: Board, config: TourConfig) -> list[tuple[int, ...]]:
    """Play ``batch.count`` games; one flat tuple per game (seat-major, FIELDS per seat)."""
    tables = build_tables(board)
    rng = random.Random(batch.seed)
    return [play_game(tables, config, rng) for _ in range(batch.count)]


def simulate_tour(board: Board, config: TourConfig, games: int, seed: int | str, *,
                  jobs: int | None = 1, scheduler: str | None = None, batch_size: int = 250,
                  progress: bool = False) -> dict[str, Any]:
    """Run the tour and summarise it (95% CIs, per-seat fairness, band checks)."""
    task = partial(tour_batch, board=board, config=config)
    stream = ("wk-tour", config.knights, config.policies[0].value)
    results = run(task, games, seed, stream=stream, batch_size=batch_size, jobs=jobs,
                  scheduler=scheduler, progress=progress)
    return summarize([g for b in results for g in b], config)


def tour_report(board: Board, speeds: dict[str, int], games: int, seed: int | str, *,
                vehicles: Sequence[str] = ("strider",), rounds: int = DEFAULT_ROUNDS,
                counts: Sequence[int] = (2, 3, 4), jobs: int | None = 1,
                scheduler: str | None = None) -> dict[str, Any]:
    """Tours for 2, 3 and 4 knights plus random knights at the largest count, compared."""
    tours = {}
    for k in counts:
        cfg = make_config(k, speeds, vehicles if len(vehicles) in (1, k) else vehicles[:1],
                          Policy.HEURISTIC, rounds)
        tours[str(k)] = simulate_tour(board, cfg, games, seed, jobs=jobs, scheduler=scheduler)
    k = max(counts)
    rcfg = make_config(k, speeds, vehicles if len(vehicles) in (1, k) else vehicles[:1],
                       Policy.RANDOM, rounds)
    rand = simulate_tour(board, rcfg, games, seed, jobs=jobs, scheduler=scheduler)
    return {"tours": tours, "random": rand,
            "heuristic_vs_random": compare(tours[str(k)], rand)}

