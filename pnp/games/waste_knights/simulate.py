"""Waste Knights simulator: whole games of 2-4 knights against the mean Waster (Monte Carlo).

Pure core. A run's ``Setup`` (board tables, a vehicle and a bot per seat, rounds, the wasteland
deck) is played game by game through the game interface (``pnp.sim.play``): every game has its
own seed, ``state.TourState`` runs the rule steps and checks each bot action, and ``record``
keeps the per-seat FIELDS; ``summarize`` turns them into the figures (Reputation and wins by the
rulebook's scoring, knock-outs, Fuel starvation, seat fairness, 95% CIs, band checks).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.actions import Action, parse_action
from pnp.games.waste_knights.bots import BOTS
from pnp.games.waste_knights.cards import Deck
from pnp.games.waste_knights.hexes import Board
from pnp.games.waste_knights.stalls import Space
from pnp.games.waste_knights.state import TourState
from pnp.games.waste_knights.tour import DEFAULT_ROUNDS, Tables, TourModel, tables_for
from pnp.games.waste_knights.tour_stats import FIELDS, compare, report_sections
from pnp.games.waste_knights.tour_stats import summarize as tour_summary
from pnp.seed import seed_code
from pnp.sim.stats import Check, fmt_estimate

__all__ = ["DEFAULT_ROUNDS", "FIELDS", "RULES", "Setup", "TourModel", "TourRules", "compare",
           "record", "report_sections", "simulate_tour", "summarize", "summary_lines",
           "tour_report", "tour_setup"]


@dataclass(frozen=True)
class Setup:
    """Who tours which board: a vehicle (and its speed) and a bot per seat, for ``rounds``."""

    board: Board
    vehicles: tuple[str, ...]
    speeds: tuple[int, ...]
    bots: tuple[str, ...]
    rounds: int = DEFAULT_ROUNDS
    model: TourModel = TourModel()
    board_name: str = ""             # where the board came from, for the summary
    deck: Deck | None = None         # the wasteland deck, range cards and knights' profile
    stalls: tuple[Space, ...] = ()   # the Stalls spaces (none: no Trade Action)
    caps: tuple[tuple[int, int], ...] = ()  # per seat: vehicle Capacity (none: no limits)

    @property
    def tables(self) -> Tables:
        """The board's tables, built once per board and process (never pickled with it)."""
        return tables_for(self.board)

    @property
    def players(self) -> int:
        """Knights touring together."""
        return len(self.vehicles)


class TourRules:
    """The tour's rules object for the game interface."""

    name = "waste-knights"
    min_players = R.MIN_KNIGHTS
    max_players = R.MAX_KNIGHTS

    def new_state(self, setup: Setup, rng: random.Random) -> TourState:
        """A new tour of ``setup``; the Waster's cards, checks and draws come from ``rng``."""
        return TourState(setup, rng)

    def parse_action(self, text: str) -> Action:
        """The action whose ``str`` is ``text`` (ValueError if there is none)."""
        return parse_action(text)


RULES = TourRules()


def tour_setup(board: Board, speeds: Mapping[str, int], players: int,
               vehicles: Sequence[str] = ("strider",), bots: Sequence[str] = ("heuristic",),
               rounds: int = DEFAULT_ROUNDS, model: TourModel | None = None,
               board_name: str = "", deck: Deck | None = None,
               stalls: Sequence[Space] = (),
               capacities: Mapping[str, tuple[int, int]] | None = None) -> Setup:
    """A validated setup: 2-4 knights, known vehicles and bots (one for all or one per seat)."""
    if isinstance(players, bool) or not isinstance(players, int) \
            or not R.MIN_KNIGHTS <= players <= R.MAX_KNIGHTS:
        raise PnpError(f"Waste Knights is played by {R.MIN_KNIGHTS} to {R.MAX_KNIGHTS} knights, "
                       f"got {players}", field="players")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 1000:
        raise PnpError(f"rounds must be a whole number from 1 to 1000 (a mission is "
                       f"{DEFAULT_ROUNDS}), got {rounds!r}", field="rounds")
    names = _per_seat(vehicles or ["strider"], players, "vehicle")
    for v in names:
        if v not in speeds:
            raise PnpError(f"unknown vehicle {v!r} ({', '.join(sorted(speeds))})",
                           field="vehicle")
    who = _per_seat(bots or ["heuristic"], players, "bots")
    for b in who:
        if b not in BOTS:
            raise PnpError(f"unknown bot {b!r} ({', '.join(BOTS)})", field="bots")
    if deck is None:
        raise PnpError("a game needs its wasteland deck (data.wasteland_deck())", field="deck")
    if capacities is not None and any(v not in capacities for v in names):
        raise PnpError("no capacity for " + next(v for v in names if v not in capacities),
                       field="capacity")
    return Setup(board, names, tuple(int(speeds[v]) for v in names), who, rounds,
                 model or TourModel(), board_name, deck, tuple(stalls),
                 () if capacities is None else tuple((capacities[v][0], capacities[v][1])
                                                   for v in names))


def _per_seat(names: Sequence[str], players: int, what: str) -> tuple[str, ...]:
    out = list(names)
    if len(out) == 1:
        out *= players
    if len(out) != players:
        raise PnpError(f"give one {what} or one per knight ({players}), got {len(out)}",
                       field=what)
    return tuple(out)


def record(state: TourState) -> tuple[int, ...]:
    """What one finished tour contributes: FIELDS per seat, seat-major."""
    return state.records()


def summarize(records: list[tuple[int, ...]], setup: Setup, seed: int | str) -> dict[str, Any]:
    """The tour statistics (95% CIs, seat fairness, band checks as ``Check`` dicts)."""
    doc = tour_summary(records, setup)
    doc.update(seed=str(seed), seed_code=seed_code(seed), board=setup.board_name,
               game="waste-knights", players=setup.players, bots=list(setup.bots),
               # the one simulate --json name for the seats' win rates (docs/formats.md)
               win_rate_by_seat=[x["wins"] for x in doc["seats"]])
    return doc


def summary_lines(doc: Mapping[str, Any]) -> list[str]:
    """The ``simulate`` text: the estimates per knight, the rates, the seats and the checks."""
    lines = [f"seed {doc['seed_code']}  board {doc['board']}"] if "seed_code" in doc else []
    lines.append(f"{doc['games']} games, {doc['knights']} {doc['policy']} knights, "
                 f"{doc['rounds']} rounds, vehicles: {', '.join(doc['vehicles'])}")
    lines.append("per knight per game (95% CI):")
    lines += [f"  {name:<16} {fmt_estimate(est)}" for name, est in doc["per_knight"].items()]
    lines.append("share of knight-games (95% CI):")
    lines += [f"  {name:<16} {fmt_estimate(est)}" for name, est in doc["rates"].items()]
    lines.append("seats (Reputation, wins):")
    lines += [f"  seat {x['seat']} {x['vehicle']:<10} {fmt_estimate(x['reputation'])}  "
              f"{fmt_estimate(x['wins'])}" for x in doc["seats"]]
    lines += [str(Check.from_dict(c)) for c in doc["checks"]]
    return lines


def simulate_tour(setup: Setup, games: int, seed: int | str, *, jobs: int | None = 1,
                  scheduler: str | None = None, progress: bool | None = None,
                  check: bool = False) -> dict[str, Any]:
    """Play ``games`` tours of ``setup`` (game ``i`` from ``play.game_seed(seed, i)``)."""
    from pnp.games.registry import get  # the spec lives in the package that imports this
    from pnp.sim.play import simulate

    return simulate(get("waste-knights"), setup, games, seed, jobs=jobs, scheduler=scheduler,
                    progress=progress, check=check)


def tour_report(board: Board, speeds: Mapping[str, int], games: int, seed: int | str, *,
                vehicles: Sequence[str] = ("strider",), rounds: int = DEFAULT_ROUNDS,
                counts: Sequence[int] = (2, 3, 4), jobs: int | None = 1,
                scheduler: str | None = None, deck: Deck | None = None,
                stalls: Sequence[Space] = (),
                capacities: Mapping[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    """Tours for 2, 3 and 4 heuristic knights plus random knights at the largest count."""
    def setup(k: int, bot: str) -> Setup:
        return tour_setup(board, speeds, k, vehicles if len(vehicles) in (1, k)
                          else vehicles[:1], (bot,), rounds, deck=deck,
                          stalls=stalls, capacities=capacities)

    tours = {str(k): simulate_tour(setup(k, "heuristic"), games, seed, jobs=jobs,
                                   scheduler=scheduler) for k in counts}
    k = max(counts)
    rand = simulate_tour(setup(k, "random"), games, seed, jobs=jobs, scheduler=scheduler)
    return {"tours": tours, "random": rand,
            "heuristic_vs_random": compare(tours[str(k)], rand)}
