"""The Waste of Parts in bulk: the run's setup, one game's record, the summary and its checks.

Pure core (``make_setup`` reads rules.yaml through ``data.py`` at call time). The decks are
generated from the run's seed (``cards.py``), so every game of a run plays the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from pnp.errors import PnpError
from pnp.games.waste_of_parts.actions import Action, parse_action
from pnp.games.waste_of_parts.boss import BOSSES, harrow_decks
from pnp.games.waste_of_parts.cards import (
    EnemyCard,
    EventCard,
    SalvageCard,
    enemy_deck,
    event_deck,
    salvage_deck,
)
from pnp.games.waste_of_parts.crew import Dashboard, crew_deck
from pnp.games.waste_of_parts.rules import Config
from pnp.games.waste_of_parts.scourge import scourge_decks
from pnp.games.waste_of_parts.state import TURN, WasteState
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import (
    Check,
    Estimate,
    check_band,
    counts_ci,
    fmt_estimate,
    mean_ci,
    proportion_ci,
)

__all__ = ["RULES", "Record", "Setup", "WIN_BAND", "make_setup", "play_record", "record",
           "summarize", "summary_lines"]

#: The declared band of the heuristic crew's win rate (the issue: "e.g. 40-60%").
WIN_BAND = (0.40, 0.60)
MILESTONES = (10, 20, 35)


@dataclass(frozen=True, kw_only=True)
class Setup:
    bots: tuple[str, ...]
    players: int
    config: Config
    enemies: tuple[EnemyCard, ...]
    salvage: tuple[SalvageCard, ...]
    events: tuple[EventCard, ...] = ()
    #: Salvage cards the crew starts with (not drawn): balance.py measures a card this way; a
    #: real game starts with none.
    start_cards: tuple[SalvageCard, ...] = ()
    #: The Boss fought after the standard win ("harrow", "scourge") and its cards: the AI
    #: cards, and the Harrow's Tentacles or the Scourge's Search cards.
    boss: str | None = None
    boss_cards: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None
    #: The 11 crew dashboards; each game draws its crew from them (its own stream).
    dashboards: tuple[Dashboard, ...] = ()
    #: The crew seat by seat instead of drawn (balance.py measures a dashboard this way).
    crew_cards: tuple[Dashboard, ...] | None = None


class WasteRules:
    name = "waste-of-parts"
    min_players = 3
    max_players = 5

    def new_state(self, setup: Setup, rng: random.Random) -> WasteState:
        return WasteState(setup.config, setup.players, setup.enemies, setup.salvage, rng,
                          events=setup.events, start_cards=setup.start_cards,
                          boss_cards=setup.boss_cards, dashboards=setup.dashboards,
                          crew_cards=setup.crew_cards)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


RULES = WasteRules()


def decks(cfg: Config, seed: int | str) -> tuple[tuple[EnemyCard, ...], tuple[SalvageCard, ...]]:
    """The Enemy and Salvage decks of ``seed`` (one child stream each)."""
    return (enemy_deck(cfg, random.Random(child_seed(seed, "enemy-deck"))),
            salvage_deck(cfg, random.Random(child_seed(seed, "salvage-deck"))))


def boss_decks(cfg: Config, seed: int | str, boss: str
               ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A Boss's cards of ``seed`` (its own child stream: what decks.json lists and the session
    prints): the AI cards, and the Harrow's Tentacles or the Scourge's Search cards."""
    if boss == "harrow":
        return harrow_decks(cfg, random.Random(child_seed(seed, "harrow-deck")))
    return scourge_decks(cfg, random.Random(child_seed(seed, "scourge-deck")))


def dashboards(seed: int | str) -> tuple[Dashboard, ...]:
    """The 11 crew dashboards of ``seed`` (their own child stream)."""
    return crew_deck(random.Random(child_seed(seed, "crew-deck")))


def make_setup(seed: int | str, players: int, bots: tuple[str, ...],
               options: Mapping[str, Any]) -> Setup:
    from pnp.games.waste_of_parts import data

    if not 3 <= players <= 5:
        raise PnpError(f"The Waste of Parts is for 3-5 crew members, got {players}",
                       field="players")
    boss = options.get("boss")
    if boss is not None and boss not in BOSSES:
        raise PnpError(f"unknown boss {boss!r} (choose from: {', '.join(BOSSES)})", field="boss")
    cfg = data.load_config(options.get("rules"))
    enemies, salvage = decks(cfg, seed)
    boss_cards = boss_decks(cfg, seed, boss) if boss is not None else None
    return Setup(bots=tuple(bots), players=players, config=cfg, enemies=enemies,
                 salvage=salvage, events=event_deck() if options.get("events") else (),
                 boss=boss, boss_cards=boss_cards, dashboards=dashboards(seed))


class Record(NamedTuple):
    won: bool
    cause: str
    rounds: int
    milestones: tuple[int, ...]      # round each of Distance 10/20/35 was reached (0: never)
    hull: int
    kills: int
    aboard: tuple[int, ...] = ()     # Enemies aboard at the end of each round
    standard: bool = False           # met the standard win conditions (a Boss game)


#: Rounds of the "Enemies aboard" curve.
CURVE_ROUNDS = 30


def record(state: WasteState) -> Record:
    return Record(state.result == 1, state.cause, state.round,
                  tuple(state.milestones.get(m, 0) for m in MILESTONES), state.hull,
                  state.kills, tuple(state.aboard[:CURVE_ROUNDS]),
                  state.standard_won or (state.result == 1 and state.cause == "sanctuary"))


def play_record(spec: Any, setup: Setup, seed: int) -> Record:
    """``GameSpec.play_record``: game ``seed`` as ``play`` plays it (same state, bots and
    streams from ``new_game``), its actions applied without re-checking their legality (the
    ``--check`` run and the tests check them through ``apply``)."""
    from pnp.games.waste_of_parts.bots import HeuristicCrew
    from pnp.sim.play import new_game

    game, bots, rng = new_game(spec, setup, seed)
    state = cast(WasteState, game)
    do = state.do
    if all(type(b) is HeuristicCrew for b in bots):
        # The heuristic crew's turns straight to its turn method and the state's (what
        # ``choose`` and ``do`` would call in the TURN phase), the rest through them.
        turn = [cast(HeuristicCrew, b)._turn for b in bots]
        do_turn = state.do_turn
        while state.result is None:
            if state.phase == TURN:
                do_turn(turn[state.seat](state))
            else:
                do(bots[state.first].choose(state, rng))
        return record(state)
    while state.result is None:
        do(bots[state.current_player].choose(state, rng))
    return record(state)


def _mean(values: list[float]) -> Estimate:
    if len(values) >= 2:
        return mean_ci(values)
    v = values[0] if values else 0.0
    return Estimate(v, v, v, len(values))


def summarize(records: list[Record], setup: Setup, seed: int | str) -> dict[str, Any]:
    n = len(records)
    if n == 0:
        raise PnpError("no games to summarise", field="games")
    wins = proportion_ci(sum(r.won for r in records), n)
    causes = sorted({r.cause for r in records})
    checks: list[Check] = []
    if set(setup.bots) == {"heuristic"}:
        checks.append(check_band("heuristic crew win rate", wins, *WIN_BAND))
    return {
        "game": "waste-of-parts", "games": n, "seed": str(seed), "seed_code": seed_code(seed),
        "crew": setup.players, "players": setup.players, "bots": list(setup.bots),
        "win_rate": wins.to_dict(),
        # co-operative: the crew wins or loses together, every seat at the crew's rate
        "win_rate_by_seat": [wins.to_dict()] * setup.players,
        "boss": setup.boss,
        # Without a Boss the same as win_rate; with one, the games that met the standard win.
        "standard_win_rate": proportion_ci(sum(r.standard for r in records), n).to_dict(),
        "causes": {c: proportion_ci(sum(r.cause == c for r in records), n).to_dict()
                   for c in causes},
        "rounds": _mean([float(r.rounds) for r in records]).to_dict(),
        "rounds_to_distance": {str(m): _mean([float(r.milestones[k]) for r in records
                                              if r.milestones[k]]).to_dict()
                               for k, m in enumerate(MILESTONES)},
        "reached_distance": {str(m): proportion_ci(sum(1 for r in records if r.milestones[k]),
                                                   n).to_dict()
                             for k, m in enumerate(MILESTONES)},
        "kills": _mean([float(r.kills) for r in records]).to_dict(),
        # Mean Enemies aboard at the end of round k, over the games still running then.
        "enemies_aboard_by_round": [
            round(sum(r.aboard[k] for r in running) / len(running), 3)
            for k in range(CURVE_ROUNDS)
            if (running := [r for r in records if len(r.aboard) > k])],
        # ... with its 95% interval and the games still running (n), while 2 or more are
        "enemies_aboard_by_round_ci": [
            counts_ci([r.aboard[k] for r in running]).to_dict()
            for k in range(CURVE_ROUNDS)
            if len(running := [r for r in records if len(r.aboard) > k]) >= 2],
        "checks": [c.to_dict() for c in checks],
    }


def summary_lines(doc: Mapping[str, Any]) -> list[str]:
    lines = [f"seed {doc['seed_code']}  {doc['crew']} crew, {doc['games']} games, bots: "
             f"{', '.join(doc['bots'])} (95% CI)",
             f"  win rate            {fmt_estimate(doc['win_rate'])}"]
    if doc.get("boss"):
        lines[-1] = f"  win with style      {fmt_estimate(doc['win_rate'])}  (the {doc['boss']})"
        lines.append(f"  win without Boss    {fmt_estimate(doc['standard_win_rate'])}")
    lines += [f"  {c:<20}{fmt_estimate(e)}" for c, e in doc["causes"].items()]
    lines.append(f"  rounds              {fmt_estimate(doc['rounds'], 2)}")
    for m, e in doc["rounds_to_distance"].items():
        lines.append(f"  Distance {m:<3} reached {fmt_estimate(doc['reached_distance'][m])}"
                     f" in round {fmt_estimate(e, 2)}")
    lines += [str(Check.from_dict(c)) for c in doc["checks"]]
    return lines
