"""Salvage games in bulk: the run's setup, one game's record, the summary and its checks.

Pure core (``make_setup`` reads the field and the YAML data through ``data.py`` only when a
path is given or the bundled data is needed, at call time). A run's ``Setup`` (field, numbers,
mods deck, a bot per seat) is played game by game through the game interface
(``pnp.sim.play``); ``record`` keeps what a game contributes; ``summarize`` gives seat win rates
(the first player's advantage), the win-type mix, rounds, collapses, clashes and each mod's
install count and win rate, all with 95% CIs, and the band checks.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from pnp import limits
from pnp.errors import PnpError
from pnp.games.salvage.actions import Action, parse_action
from pnp.games.salvage.installs import installer_checks
from pnp.games.salvage.mods import Mod
from pnp.games.salvage.rules import Config, Tables, tables_for
from pnp.games.salvage.state import SalvageState
from pnp.games.salvage.tokens import scrap_tokens
from pnp.seed import seed_code
from pnp.sim.stats import (
    Check,
    Estimate,
    check_band,
    counts_ci,
    fmt_estimate,
    mean_ci,
    percentiles,
    proportion_ci,
)

__all__ = ["RULES", "WIN_TYPES", "Record", "SalvageRules", "Setup", "make_setup", "record",
           "summarize", "summary_lines"]

WIN_TYPES = ("cells", "raids", "score", "draw")
#: The declared bands: seat 1 (the first player) wins 45-55% of the games between equal bots.
SEAT_BAND = (0.45, 0.55)
#: At most this share of games may end on equal scores.
DRAW_BAND = (0.0, 0.10)


@dataclass(frozen=True, kw_only=True)
class Setup:
    """Who plays where with what: the field, the numbers, the mods deck, a bot per seat."""

    bots: tuple[str, ...]
    field: Any                               # field.Field
    config: Config = Config()
    mods: tuple[Mod, ...] = ()               # the deck: each mod as many times as its count
    #: Mods each seat starts with installed (not drawn from the deck): deck.py measures a mod
    #: by giving it to one seat; a real game starts with none ("each mecha starts with no mods").
    start_mods: tuple[tuple[Mod, ...], ...] = ((), ())
    players: int = 2
    field_name: str = ""
    mods_name: str = ""

    @property
    def tables(self) -> Tables:
        """The field's tables, built once per field and process (never pickled with it)."""
        return tables_for(self.field)


class SalvageRules:
    """Salvage's rules object for the game interface."""

    name = "salvage"
    min_players = 2
    max_players = 2

    def new_state(self, setup: Setup, rng: random.Random) -> SalvageState:
        """A new game of ``setup``; every roll, material and shuffle comes from ``rng``."""
        return SalvageState(setup, rng)

    def parse_action(self, text: str) -> Action:
        """The action whose ``str`` is ``text`` (ValueError if there is none)."""
        return parse_action(text)


RULES = SalvageRules()


def make_setup(seed: int | str, players: int, bots: tuple[str, ...],
               options: Mapping[str, Any]) -> Setup:
    """The run's setup: ``field`` (a field.json) or the seed's field (``nodes``, ``density``),
    ``rules`` and ``mods`` (YAML, default bundled), ``rounds``."""
    from pnp.games.salvage import data
    from pnp.games.salvage.field import DEFAULT_DENSITY, DEFAULT_NODES, generate_field

    if players != 2:
        raise PnpError(f"Salvage is a duel: 2 players, got {players}", field="players")
    path = options.get("field")
    if path:
        fld, name = data.load_field(str(path)), str(path)
    else:
        nodes, density = options.get("nodes"), options.get("density")
        fld = generate_field(seed, nodes=DEFAULT_NODES if nodes is None else int(nodes),
                             density=DEFAULT_DENSITY if density is None else float(density))
        name = f"field of seed {seed_code(seed)}"
    config = data.load_config(options.get("rules"))
    rounds = options.get("rounds")
    if rounds is not None:
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise PnpError(f"must be a positive whole number, got {rounds!r}", field="rounds")
        limits.check("rounds", rounds, field="rounds", what="rounds of a game")
        config = dataclasses.replace(config, rounds=rounds)
    mods_path = options.get("mods")
    deck = data.load_deck(mods_path)
    return Setup(bots=tuple(bots), field=fld, config=config, mods=deck, field_name=name,
                 mods_name=str(mods_path or "bundled mods.yaml"))


class Record(NamedTuple):
    """What one finished game contributes to the summary."""

    winner: int                        # seat 0/1, or 2 for a draw
    win_type: str                      # cells, raids, score or draw
    rounds: int                        # the round the game ended in
    collapses: tuple[int, int]
    clashes: int
    mods: tuple[tuple[str, ...], tuple[str, ...]]  # every mod each seat installed
    first: int                         # the seat that played first
    scores: tuple[int, int]
    scrap_in_play: tuple[int, ...]     # scrap tokens of each material out at the end (tokens.py)


def record(state: SalvageState) -> Record:
    """The record of a finished game."""
    m0, m1 = state.mechas
    return Record(state.winner, state.win_type, state.round, (m0.collapses, m1.collapses),
                  state.clashes, (m0.installed, m1.installed), 0,
                  (state.score(0), state.score(1)), state.scrap_in_play())


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
    seats = [proportion_ci(sum(r.winner == s for r in records), n) for s in (0, 1)]
    first = proportion_ci(sum(r.winner == r.first for r in records), n)
    types = {t: proportion_ci(sum(r.win_type == t for r in records), n) for t in WIN_TYPES}
    rounds = [float(r.rounds) for r in records]
    mods: dict[str, dict[str, Any]] = {}
    rates: dict[str, Estimate] = {}
    for name in dict.fromkeys(m.name for m in setup.mods):
        games = [r.winner == s for r in records for s in (0, 1) if name in r.mods[s]]
        if games:
            rates[name] = proportion_ci(sum(games), len(games))
        mods[name] = {"installed": len(games), "per_game": len(games) / n,
                      "win_rate": rates[name].to_dict() if games else None}
    # outliers: an installer winning far from what the mod's printed score leads one to expect
    per_mod, outliers = installer_checks(rates, {m.name: m.score for m in setup.mods})
    for name, c in per_mod.items():
        mods[name]["expected"] = [c.band_low, c.band_high]
        mods[name]["status"] = c.status
    checks = [check_band("draws", types["draw"], *DRAW_BAND)]
    if outliers is not None:
        checks.append(outliers)
    if len(set(setup.bots)) == 1:  # the first player's advantage shows between equal players
        checks.insert(0, check_band("seat 1 win rate (first player)", seats[0], *SEAT_BAND))
    return {
        "game": "salvage", "games": n, "seed": str(seed), "seed_code": seed_code(seed),
        "players": 2, "bots": list(setup.bots), "field": setup.field_name,
        "mods_deck": setup.mods_name,
        "nodes": len(setup.field.nodes), "rounds_max": setup.config.rounds,
        "win_rate_by_seat": [e.to_dict() for e in seats],
        "first_player_win_rate": first.to_dict(),
        "win_types": {t: e.to_dict() for t, e in types.items()},
        "rounds": {"mean": _mean(rounds).to_dict(),
                   "percentiles": {str(q): v for q, v in percentiles(rounds).items()}},
        "collapses_per_game": counts_ci([sum(r.collapses) for r in records]).to_dict(),
        "collapses_by_seat": [counts_ci([r.collapses[s] for r in records]).to_dict()
                              for s in (0, 1)],
        "clashes_per_game": counts_ci([r.clashes for r in records]).to_dict(),
        "mods": mods,
        "scrap_tokens": {str(m): k for m, k in
                         scrap_tokens(setup.config, (r.scrap_in_play for r in records)).items()},
        "checks": [c.to_dict() for c in checks],
    }


def summary_lines(doc: Mapping[str, Any]) -> list[str]:
    """The ``simulate`` text: seats, win types, rounds, collapses, clashes, mods, checks."""
    lines = [f"seed {doc['seed_code']}  {doc['field']} ({doc['nodes']} nodes)",
             f"{doc['games']} games, bots: {' vs '.join(doc['bots'])} (95% CI)"]
    lines += [f"  seat {s + 1} wins          {fmt_estimate(e)}"
              for s, e in enumerate(doc["win_rate_by_seat"])]
    lines.append("win type:")
    lines += [f"  {t:<18}{fmt_estimate(e)}" for t, e in doc["win_types"].items()]
    pct = doc["rounds"]["percentiles"]
    lines.append(f"rounds              {fmt_estimate(doc['rounds']['mean'], 2)}  "
                 f"(5/50/95%: {pct['5']:g}/{pct['50']:g}/{pct['95']:g})")
    lines.append(f"collapses per game  {fmt_estimate(doc['collapses_per_game'], 2)}")
    lines.append(f"clashes per game    {fmt_estimate(doc['clashes_per_game'], 2)}")
    lines.append("mods (installs per game, win rate of the seat that installed it, the band "
                 "its printed score expects):")
    for name, m in doc["mods"].items():
        rate = fmt_estimate(m["win_rate"]) if m["win_rate"] else "-"
        flag = (f"  [{m['expected'][0]:.3f}, {m['expected'][1]:.3f}] {m['status']}"
                if "status" in m else "")
        lines.append(f"  {name:<32}{m['per_game']:5.2f}  {rate}{flag}")
    lines += [str(Check.from_dict(c)) for c in doc["checks"]]
    return lines

