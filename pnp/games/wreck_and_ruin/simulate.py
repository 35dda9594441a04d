"""Wreck and Ruin games in bulk: the run's setup, one game's record, the summary and checks.

Pure core (``make_setup`` reads the YAML numbers through ``data.py`` at call time). Seat win
rates per player count, how often the tie-break on least DP decides, sites scored, wrecks,
game length, with 95% CIs and the band checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from pnp import limits
from pnp.errors import PnpError
from pnp.games.wreck_and_ruin.actions import Act, parse_action
from pnp.games.wreck_and_ruin.board import Board, generate_board
from pnp.games.wreck_and_ruin.cards import SUMMONS, CardDef, deck_of
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.state import WreckState
from pnp.seed import seed_code
from pnp.sim.stats import (
    Check,
    Estimate,
    check_band,
    combine,
    counts_ci,
    difference_ci,
    fmt_estimate,
    mean_ci,
    mean_rate_ci,
    proportion_ci,
    rate_ci,
)

__all__ = ["RULES", "Record", "Setup", "WreckRules", "make_setup", "record", "summarize",
           "summary_lines"]

#: Declared band: each seat wins within +-10 points of a fair share between equal bots.
SEAT_MARGIN = 0.10
#: Declared band: each faction wins within +-10 points of a fair share, seats taken out; the
#: same band for the holder of each faction card (every seat draws one of its faction's four).
FACTION_MARGIN = 0.10
#: Declared band for a salvage card: the win rate of the seats dealt it at the start minus
#: that of the seats not dealt it (PASS inside, FAIL wholly outside, else UNDECIDED).
CARD_BAND = (-0.10, 0.10)
#: The tie-break on least DP may decide at most this share of games.
TIE_BREAK_BAND = (0.0, 0.35)


@dataclass(frozen=True, kw_only=True)
class Setup:
    """Who plays where on which map with which numbers."""

    bots: tuple[str, ...]
    board: Board
    config: Config = Config()
    players: int = 2
    rounds: int | None = None          # None: the rulebook's 6/5/4
    last_man_standing: bool = False    # variant: "reinforcements are NOT coming"
    board_name: str = ""
    tiles: tuple[Any, ...] = ()        # the box's tiles (tiles.Tile), the map's among them
    events: tuple[CardDef, ...] = ()   # the event deck's cards (each with its count)
    salvage: tuple[CardDef, ...] = ()  # the salvage deck's cards
    unpredictable: bool = False        # variant: Unpredictable Wastes
    arcade: bool = False               # variant: Arcade mode
    card_shark: bool = False           # variant: Card shark (any number of cards a turn)
    all_out_war: bool = False          # variant: All-out WaR (points for wrecks)
    teams: bool = False                # variant: Team games (seats 1+3 against 2+4)
    knowledge_is_power: bool = False   # variant: no starting salvage, a chosen faction card
    #: Per seat, salvage cards (by name) dealt on top of the normal hand: deck.py measures a
    #: card by giving one seat an extra copy.
    start_cards: tuple[tuple[str, ...], ...] = ()
    #: (faction name, its cards) in seat order: seat s draws one of faction s's at random.
    factions: tuple[tuple[str, tuple[CardDef, ...]], ...] = ()

    @cached_property
    def decks(self) -> tuple[tuple[CardDef, ...], tuple[CardDef, ...]]:
        """The salvage and event decks, each card as many times as its count: worked out once
        per setup, not at every game's start."""
        return deck_of(self.salvage), deck_of(self.events)


class WreckRules:
    """Wreck and Ruin's rules object for the game interface."""

    name = "wreck-and-ruin"
    min_players = 2
    max_players = 4

    def new_state(self, setup: Setup, rng: random.Random) -> WreckState:
        """A new game: vehicles deployed, the four tokens placed, player 1 to move."""
        return WreckState(setup, rng)

    def parse_action(self, text: str) -> Act:
        """The action whose ``str`` is ``text``."""
        return parse_action(text)


RULES = WreckRules()


def make_setup(seed: int | str, players: int, bots: tuple[str, ...],
               options: Mapping[str, Any]) -> Setup:
    """The run's setup: the seed's map for ``players``, the bundled (or given) numbers."""
    from pnp.games.wreck_and_ruin import data

    if not 2 <= players <= 4:
        raise PnpError(f"Wreck and Ruin is for 2-4 players, got {players}", field="players")
    config = data.load_config(options.get("rules"), options.get("vehicles"))
    rounds = options.get("rounds")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or rounds < 1):
        raise PnpError(f"must be a positive whole number, got {rounds!r}", field="rounds")
    if rounds is not None:
        limits.check("rounds", rounds, field="rounds", what="rounds of a game")
    teams = bool(options.get("teams"))
    if teams and players != 4:
        # "factions on the same team cannot have their turns consecutively": with 2 or 3
        # players some team mates would sit side by side in the turn order.
        raise PnpError(f"team games need 4 players (two teams, turns alternating), got "
                       f"{players}", field="teams")
    factions = data.load_factions(options.get("factions"))
    for name, cards in factions:
        for card in cards:
            kind = SUMMONS.get(card.effect)
            if kind in config.absent:
                raise PnpError(f"faction card {card.name!r} ({name}) brings in the {kind}, which "
                               f"this file does not list", file=str(options.get("vehicles")),
                               field=f"vehicles.{kind}")
    tiles = data.load_tiles(options.get("tiles"), seed)
    board = generate_board(seed, players, config, tiles)
    return Setup(bots=tuple(bots), board=board, config=config, players=players, tiles=tiles,
                 events=data.load_cards(options.get("events"), "event"),
                 salvage=data.load_cards(options.get("salvage"), "salvage"),
                 factions=factions,
                 unpredictable=bool(options.get("unpredictable")),
                 arcade=bool(options.get("arcade")),
                 # "Or would it?" combines cards within an action: every card of this
                 # deck is an action of its own, so it plays as Card shark (assumptions.md)
                 card_shark=bool(options.get("card_shark") or options.get("or_would_it")),
                 teams=teams, knowledge_is_power=bool(options.get("knowledge_is_power")),
                 all_out_war=bool(options.get("all_out_war")),
                 rounds=rounds, last_man_standing=bool(options.get("last_man_standing")),
                 board_name=f"map of seed {seed_code(seed)}")


class Record(NamedTuple):
    """What one finished game contributes to the summary."""

    winners: tuple[int, ...]       # seats sharing the win
    scores: tuple[int, ...]
    tie_break: bool                # the least-DP tie-break decided it
    rounds: int
    wrecks: int
    final_push: bool
    faction_cards: tuple[str, ...] = ()   # the faction card each seat drew
    factions: tuple[str, ...] = ()        # each seat's faction
    dealt: tuple[tuple[str, ...], ...] = ()   # the salvage cards each seat was dealt at start


def record(state: WreckState) -> Record:
    """The record of a finished game."""
    r = state.returns()
    winners = tuple(s for s, x in enumerate(r) if x > 0)
    scores = state.team_totals()[0]
    best = max(scores.values())
    tied = sum(1 for x in scores.values() if x == best) > 1
    teams = len(set(state.team[s] for s in winners)) if winners else 0
    return Record(winners, tuple(state.scores), tied and teams == 1, state.round,
                  sum(state.wrecked_by_turn), state.final_push, state.drawn_factions,
                  state.seat_faction, state.dealt)


def _mean(values: list[float]) -> Estimate:
    if len(values) >= 2:
        return mean_ci(values)
    v = float(values[0]) if values else 0.0
    return Estimate(v, v, v, len(values))


def summarize(records: list[Record], setup: Setup, seed: int | str) -> dict[str, Any]:
    """The ``simulate --json`` document: estimates with 95% CIs and the band checks."""
    n = len(records)
    if n == 0:
        raise PnpError("no games to summarise", field="games")
    p = setup.players
    seats = [rate_ci([_result(r, s) for r in records]) for s in range(p)]
    fair = 1 / p
    tie = proportion_ci(sum(r.tie_break for r in records), n)
    shared = proportion_ci(sum(len(r.winners) > 1 for r in records), n)
    checks: list[Check] = [check_band(f"seat {s + 1} win rate", e, fair - SEAT_MARGIN,
                                      fair + SEAT_MARGIN) for s, e in enumerate(seats)]
    checks.append(check_band("tie-break on least DP decides", tie, *TIE_BREAK_BAND))
    factions = faction_rates(records, p)
    checks += [check_band(f"faction {name} win rate (seats taken out)", Estimate(**v["win_rate"]),
                          fair - FACTION_MARGIN, fair + FACTION_MARGIN,
                          note=f"{v['games']} games") for name, v in factions.items()]
    faction_cards = faction_rates(records, p, lambda r: r.faction_cards)
    checks += [check_band(f"faction card {name}: its holder's win rate (seats taken out)",
                          Estimate(**v["win_rate"]), fair - FACTION_MARGIN,
                          fair + FACTION_MARGIN, note=f"{v['games']} games")
               for name, v in faction_cards.items()]
    cards = card_effects(records)
    if cards:
        checks.append(combine("salvage cards outside their band", [
            check_band(name, Estimate(**v["difference"]), *CARD_BAND)
            for name, v in cards.items()], note=f"band {CARD_BAND[0]:+.2f}..{CARD_BAND[1]:+.2f}"))
    return {
        "game": "wreck-and-ruin", "games": n, "seed": str(seed), "seed_code": seed_code(seed),
        "players": p, "bots": list(setup.bots), "map": setup.board_name,
        "win_rate_by_seat": [e.to_dict() for e in seats],
        "tie_break_decides": tie.to_dict(), "shared_wins": shared.to_dict(),
        "sites_per_game": _mean([float(sum(r.scores)) for r in records]).to_dict(),
        "wrecks_per_game": counts_ci([r.wrecks for r in records]).to_dict(),
        "final_push": proportion_ci(sum(r.final_push for r in records), n).to_dict(),
        "map_fairness": setup.board.extra.get("fairness"),
        "faction_cards": faction_cards,
        "win_rate_by_faction": factions,
        "salvage_cards": cards,
        "checks": [c.to_dict() for c in checks],
    }


def _result(r: Record, seat: int) -> float:
    return 1.0 / len(r.winners) if seat in r.winners else 0.0


def faction_rates(records: list[Record], players: int,
                  held: Callable[[Record], tuple[str, ...]] = lambda r: r.factions
                  ) -> dict[str, Any]:
    """Per faction (or, with ``held``, per what else each seat holds, e.g. its faction card)
    its win rate apart from the seats: the mean over the seats of its win rate in each seat
    (factions and their cards are dealt to seats at random, so each plays every seat about
    equally often; the equal weights take out what is left of the seat effect)."""
    names = sorted({f for r in records for f in held(r) if f})
    out: dict[str, Any] = {}
    for name in names:
        per_seat = [[_result(r, s) for r in records
                     if len(held(r)) > s and held(r)[s] == name] for s in range(players)]
        out[name] = {"games": sum(map(len, per_seat)),
                     "games_by_seat": [len(g) for g in per_seat],
                     "win_rate": mean_rate_ci(per_seat).to_dict()}
    return out


def card_effects(records: list[Record]) -> dict[str, Any]:
    """Per salvage card: the win rate of the seats dealt it at the start minus that of the
    seats not dealt it, with Newcombe's 95% interval (the deal is random, so the difference is
    the card's own doing); ``status`` against ``CARD_BAND`` (PASS, FAIL or UNDECIDED)."""
    seats = [(r, s) for r in records for s in range(len(r.dealt))]
    names = sorted({c for r, s in seats for c in r.dealt[s]})
    out: dict[str, Any] = {}
    for name in names:
        held = [_result(r, s) for r, s in seats if name in r.dealt[s]]
        rest = [_result(r, s) for r, s in seats if name not in r.dealt[s]]
        if len(held) < 2 or len(rest) < 2:
            continue
        est = difference_ci(held, rest)
        out[name] = {"dealt": len(held), "holder_win_rate": round(sum(held) / len(held), 4),
                     "difference": est.to_dict(),
                     "status": check_band(name, est, *CARD_BAND).status}
    return out


def summary_lines(doc: Mapping[str, Any]) -> list[str]:
    """The ``simulate`` text."""
    lines = [f"seed {doc['seed_code']}  {doc['map']}, {doc['players']} players",
             f"{doc['games']} games, bots: {' vs '.join(doc['bots'])} (95% CI)"]
    lines += [f"  seat {s + 1} wins          {fmt_estimate(e)}"
              for s, e in enumerate(doc["win_rate_by_seat"])]
    lines.append(f"tie-break decides    {fmt_estimate(doc['tie_break_decides'])}")
    lines.append(f"shared wins          {fmt_estimate(doc['shared_wins'])}")
    lines.append(f"sites per game       {fmt_estimate(doc['sites_per_game'], 2)}")
    lines.append(f"wrecks per game      {fmt_estimate(doc['wrecks_per_game'], 2)}")
    lines.append(f"final push played    {fmt_estimate(doc['final_push'])}")
    if doc.get("faction_cards"):
        lines.append("faction cards (games drawn, holder's win rate):")
        lines += [f"  {name:<20} {v['games']:5d}  {fmt_estimate(v['win_rate'])}"
                  for name, v in doc["faction_cards"].items()]
    if doc.get("win_rate_by_faction"):
        lines.append("factions (games by seat, win rate apart from seats):")
        lines += [f"  {name:<20} {v['games_by_seat']}  {fmt_estimate(v['win_rate'])}"
                  for name, v in doc["win_rate_by_faction"].items()]
    if doc.get("salvage_cards"):
        cards = doc["salvage_cards"]
        lines.append("salvage cards (dealt at start, holder minus the rest), the 5 furthest "
                     "from 0:")
        far = sorted(cards, key=lambda n: -abs(cards[n]["difference"]["value"]))[:5]
        lines += [f"  {n:<24} {cards[n]['dealt']:5d}  {fmt_estimate(cards[n]['difference'])}"
                  for n in far]
    lines += [str(Check.from_dict(c)) for c in doc["checks"]]
    return lines
