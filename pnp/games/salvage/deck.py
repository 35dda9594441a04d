"""The mods deck balanced by simulation: each mod's measured value against its printed score.

Pure core. ``measure_mods`` plays paired games between equal players (the setup's bots, e.g.
heuristic vs heuristic): game ``i`` of the run once without start mods and once with the mod
installed on seat ``i % 2`` from the start (``Setup.start_mods``), on the same game seed and
field. With ``fields`` (``mod_fields``: K fields from the seed's generator) game ``i`` is played
on field ``(i // 2) % K`` (``field_plan``), so a value is what a mod is worth over many fields,
not on one (a mod such as Magnet Claw changes sign between fields), and each field sees the
mod on both seats. A mod's value is the mean paired difference in that seat's result (1 win,
1/2 draw, 0 loss): the change in win rate, with Newcombe's paired interval
(``pnp.sim.stats.paired_difference_ci``). The measured copy prints 0 points, so the value is
what the mod's effect is worth in play, not its score at the end (which ``balance_deck`` then
sets to match). ``score_rank_check`` asks whether the printed scores rank the mods as their
values do: Spearman's rank correlation, its interval by resampling the paired games.

``balance_deck`` reads the values through one linear scale, expected value = k x printed score,
k fitted by least squares through the origin over the deck (``fit_scale``; ``DEFAULT_SCALE``
when the fit is not positive), flags the mods whose interval lies wholly outside
``expected +- band`` and moves their printed score to ``round(value / k)``, kept within the
printed range 0..``max_score``, re-measuring with the tuned deck, for up to ``max_rounds``
rounds. A mod worth more than the top score stays "over": a band the score alone cannot meet,
which the report names (its effect needs weakening, a designer's call).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.salvage.mods import Mod, deck_of
from pnp.seed import child_seed
from pnp.sim.play import game_seed, play
from pnp.sim.runner import Batch, run
from pnp.sim.stats import FAIL, Check, Estimate, check_band, paired_difference_ci, spearman

__all__ = ["CSV_COLUMNS", "DEFAULT_BAND", "DEFAULT_SCALE", "RANK_BAND", "DeckBalance",
           "ModReport", "ModValue", "balance_deck", "balance_lines", "field_plan", "fit_scale",
           "measure_mods", "mod_checks", "mod_fields", "mods_csv", "mods_document",
           "rank_correlation", "score_rank_check", "unique_mods"]

#: Win-rate change per printed point when the fit over the deck is not positive.
DEFAULT_SCALE = 0.02
#: A mod is off its score when its value is more than this far (in win rate) from k x score.
DEFAULT_BAND = 0.03
#: The printed scores must rank the mods as their values do: Spearman's rho at least this.
RANK_BAND = (0.9, 1.0)
#: Resamples of the paired games behind the rank correlation's interval.
RESAMPLES = 400
_GAME_MODULE = "pnp.games.salvage"


@dataclass(frozen=True)
class ModValue:
    """One mod's measured value: the change in its seat's win rate when installed from the start."""

    mod: Mod
    value: Estimate
    #: Each paired game's difference (with minus without), in game order: what resampling reads.
    diffs: tuple[float, ...] = ()

    @property
    def name(self) -> str:
        """The mod's name."""
        return self.mod.name


@dataclass(frozen=True)
class ModReport:
    """One mod after balancing: printed score before/after, value, expected band, verdict."""

    mod: Mod                 # as tuned (score = the printed score after)
    score_before: int
    value: Estimate
    expected: float          # k x printed score before
    band: float
    verdict: str             # ok, over (worth more than its score) or under
    must_pick: bool

    def to_dict(self) -> dict[str, Any]:
        """The mods.json entry."""
        m = self.mod
        return {"name": m.name, "type": m.type, "text": m.text, "copies": m.count,
                "effects": {e: a for e, a in m.effects},
                "printed_score": {"before": self.score_before, "after": m.score},
                "measured_value": self.value.to_dict(), "expected_value": self.expected,
                "band": [self.expected - self.band, self.expected + self.band],
                "verdict": self.verdict, "must_pick": self.must_pick}


@dataclass(frozen=True)
class DeckBalance:
    """The tuned deck (one entry per mod), each mod's report, the scale and the rounds run."""

    mods: tuple[Mod, ...]
    reports: tuple[ModReport, ...]
    scale: float
    rounds: int
    #: The last round's measurement (each mod with the score it was played with).
    values: tuple[ModValue, ...] = ()

    @property
    def deck(self) -> tuple[Mod, ...]:
        """The tuned deck: each mod as many times as its count."""
        return deck_of(self.mods)


def unique_mods(deck: Sequence[Mod]) -> tuple[Mod, ...]:
    """Each mod of ``deck`` once, in deck order (a deck repeats a mod ``count`` times)."""
    return tuple({m.name: m for m in reversed(deck)}[n]
                 for n in dict.fromkeys(m.name for m in deck))


def field_plan(games: int, fields: int) -> list[int]:
    """The field of each paired game: game ``i`` on field ``(i // 2) % fields``, so games 2j
    and 2j+1 (the mod on seat 1, then on seat 2) share a field and every field is played with
    the mod on both seats."""
    if fields < 1 or fields > max(1, (games + 1) // 2):
        raise ValueError(f"{games} paired games play 1 to {max(1, (games + 1) // 2)} fields "
                         f"(a field per pair of seats), got {fields}")
    return [(i // 2) % fields for i in range(games)]


def mod_fields(seed: int | str, count: int, *, nodes: int | None = None,
               density: float | None = None) -> tuple[Any, ...]:
    """``count`` fields from the seed's generator: field ``j`` of child seed (seed, salvage,
    mods, field, j), none of them the session's own field."""
    from pnp.games.salvage.field import DEFAULT_DENSITY, DEFAULT_NODES, generate_field

    return tuple(generate_field(child_seed(seed, "salvage", "mods", "field", j),
                                nodes=DEFAULT_NODES if nodes is None else nodes,
                                density=DEFAULT_DENSITY if density is None else density)
                 for j in range(count))


def _unit_result(spec: Any, setup: Any, mods: Sequence[Mod], seed: int | str,
                 fields: Sequence[Any], unit: int) -> float:
    """Unit ``i * (len(mods) + 1) + k``: game ``i`` with mod ``k - 1`` on seat ``i % 2`` (k = 0:
    none), on its field; a game's variants run one after another, on the field's tables."""
    i, k = divmod(unit, len(mods) + 1)
    seat = i % 2
    if fields:
        setup = dataclasses.replace(setup, field=fields[i])
    if k:
        # The measured copy prints 0: only its effect counts (the score is what is tuned).
        mod = dataclasses.replace(mods[k - 1], score=0)
        start = ((mod,), ()) if seat == 0 else ((), (mod,))
        setup = dataclasses.replace(setup, start_mods=start)
    return play(spec, setup, game_seed(seed, i)).returns()[seat]


def _batch(setup: Any, mods: tuple[Mod, ...], seed: int | str, fields: tuple[Any, ...],
           batch: Batch) -> list[float]:
    spec = importlib.import_module(_GAME_MODULE).GAME  # by module: workers pickle no spec
    return [_unit_result(spec, setup, mods, seed, fields, u)
            for u in range(batch.start, batch.start + batch.count)]


def measure_mods(setup: Any, games: int, seed: int | str, *, jobs: int | None = 1,
                 mods: Sequence[Mod] | None = None, fields: Sequence[Any] = ()
                 ) -> list[ModValue]:
    """Each mod's value (default: every mod of ``setup.mods``) from ``games`` paired games, on
    ``fields`` by ``field_plan`` (none: all on the setup's field)."""
    chosen = unique_mods(setup.mods) if mods is None else tuple(mods)
    if games < 2:
        raise ValueError("a mod's value needs at least 2 paired games")
    per_game = tuple(fields[f] for f in field_plan(games, len(fields))) if fields else ()
    base_setup = dataclasses.replace(setup, start_mods=((), ()))
    task = functools.partial(_batch, base_setup, chosen, seed, per_game)
    width = len(chosen) + 1
    results = [r for b in run(task, games * width, seed, stream=("salvage", "mods"),
                              batch_size=50 * width, jobs=jobs) for r in b]
    base = results[0::width]
    out = []
    for k, mod in enumerate(chosen, 1):
        with_mod = results[k::width]
        out.append(ModValue(mod, paired_difference_ci(with_mod, base),
                            tuple(w - b for w, b in zip(with_mod, base, strict=True))))
    return out


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho of printed scores and values (``stats.spearman``); 0 when either side has
    no spread."""
    rho = spearman(xs, ys)
    return 0.0 if rho is None else rho


def score_rank_check(values: Sequence[ModValue], seed: int | str, *,
                     resamples: int = RESAMPLES) -> Check:
    """Do the printed scores rank the mods as their values do? Spearman's rho of printed score
    and measured value against ``RANK_BAND``; its 95% interval from resampling the paired
    games (the same games for every mod, as they were played): the basic bootstrap interval
    (2 rho - the 97.5th and 2.5th percentiles of the resampled rho), which also takes back
    the fall of rho that the values' own noise causes."""
    scores = [float(v.mod.score) for v in values]
    rho = rank_correlation(scores, [v.value.value for v in values])
    games = min((len(v.diffs) for v in values), default=0)
    if games < 2:
        raise ValueError("a rank correlation's interval needs the paired games of each mod")
    rng = random.Random(child_seed(seed, "salvage", "mods", "resample"))
    rhos = []
    for _ in range(resamples):
        pick = [rng.randrange(games) for _ in range(games)]
        rhos.append(rank_correlation(scores, [math.fsum(v.diffs[i] for i in pick)
                                              for v in values]))
    rhos.sort()
    q_low, q_high = rhos[int(0.025 * (resamples - 1))], rhos[math.ceil(0.975 * (resamples - 1))]
    low, high = max(-1.0, 2 * rho - q_high), min(1.0, 2 * rho - q_low)
    est = Estimate(rho, min(low, rho), max(high, rho), games)
    return check_band("mods: rank correlation of printed score and value", est, *RANK_BAND,
                      note=f"Spearman, {len(values)} mods, {resamples} resamples of the "
                           f"paired games")


#: The highest score a mod card prints (the bundled deck prints 0 to 5).
MAX_SCORE = 5


def fit_scale(values: Sequence[ModValue]) -> float:
    """k of expected value = k x printed score, least squares through the origin."""
    ss = sum(v.mod.score ** 2 for v in values)
    k = sum(v.mod.score * v.value.value for v in values) / ss if ss else 0.0
    return k if k > 0 and math.isfinite(k) else DEFAULT_SCALE


def _verdict(value: Estimate, expected: float, band: float) -> str:
    # CI-aware: off its score only when the whole interval lies outside the band.
    if value.low > expected + band:
        return "over"
    if value.high < expected - band:
        return "under"
    return "ok"


def _reports(values: Sequence[ModValue], scale: float, band: float,
             tuned: dict[str, Mod]) -> tuple[ModReport, ...]:
    expected = {v.name: scale * v.mod.score for v in values}
    out = []
    for v in values:
        others = [expected[w.name] + band for w in values if w.name != v.name]
        must = bool(others) and v.value.low > max(others)
        out.append(ModReport(tuned[v.name], v.mod.score, v.value, expected[v.name], band,
                             _verdict(v.value, expected[v.name], band), must))
    return tuple(out)


def balance_deck(setup: Any, games: int, seed: int | str, *, band: float = DEFAULT_BAND,
                 max_rounds: int = 2, max_score: int = MAX_SCORE, jobs: int | None = 1,
                 fields: Sequence[Any] = ()) -> DeckBalance:
    """Measure (on ``fields``, see ``measure_mods``), flag the mods off their printed score,
    retune those scores; up to max_rounds."""
    mods = unique_mods(setup.mods)
    first: tuple[ModReport, ...] | None = None
    reports: tuple[ModReport, ...] = ()
    scale, rounds = DEFAULT_SCALE, 0
    while rounds < max(1, max_rounds):
        rounds += 1
        current = dataclasses.replace(setup, mods=deck_of(mods))
        values = measure_mods(current, games, seed, jobs=jobs, mods=mods, fields=fields)
        scale = fit_scale(values)
        tuned = {v.name: v.mod for v in values}
        flagged = [v for v in values
                   if _verdict(v.value, scale * v.mod.score, band) != "ok"]
        for v in flagged:
            score = min(max_score, max(0, round(v.value.value / scale)))
            tuned[v.name] = dataclasses.replace(v.mod, score=score)
        reports = _reports(values, scale, band, tuned)
        if first is None:
            first = reports
        mods = tuple(tuned[m.name] for m in mods)
        if not flagged or all(tuned[v.name].score == v.mod.score for v in flagged):
            break
    # Report the first printed score as "before" and the last measurement and verdict.
    assert first is not None
    before = {r.mod.name: r.score_before for r in first}
    reports = tuple(dataclasses.replace(r, score_before=before[r.mod.name]) for r in reports)
    return DeckBalance(mods, reports, scale, rounds, tuple(values))


def mod_checks(balance: DeckBalance) -> list[Check]:
    """One check per mod: its measured value's interval against the band around k x its
    printed score (PASS inside, FAIL wholly outside or a must-pick, else UNDECIDED)."""
    out = []
    for r in balance.reports:
        lo, hi = r.expected - r.band, r.expected + r.band
        note = f"printed {r.score_before} -> {r.mod.score}" + ("; must-pick" if r.must_pick else "")
        check = check_band(f"mod {r.mod.name}: value vs printed score", r.value, lo, hi,
                           note=note)
        # a must-pick mod (surely worth more than any other's band) fails whatever its band
        out.append(dataclasses.replace(check, status=FAIL) if r.must_pick else check)
    return out


#: The columns of examples/salvage-mods.csv, which `pnp render` prints as cards.
CSV_COLUMNS = ("name", "type", "score", "text", "count", "back")


def mods_csv(mods: Sequence[Mod]) -> str:
    """The deck as the card CSV for `pnp render` (no cost column: a mod is installed for free
    when a run closes, and the default card prints a cost disc only when the column exists)."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for m in mods:
        w.writerow((m.name, m.type, m.score, m.text, m.count, ""))
    return buf.getvalue()


def mods_document(balance: DeckBalance, *, games: int, seed: int | str, bots: Sequence[str],
                  band: float, fields: int = 1, rank: Check | None = None) -> dict[str, Any]:
    """mods.json: how the deck was measured and, per mod, its printed score and value; the
    rank correlation of the measured deck's scores and values (``score_rank_check``)."""
    from pnp.seed import seed_code

    return {"game": "salvage", "seed": str(seed), "seed_code": seed_code(seed),
            "games_per_mod": games, "fields": fields, "bots": list(bots), "band": band,
            "scale": {"k": balance.scale, "fit": "least squares through the origin: expected "
                      "win-rate change = k x printed score"},
            "rounds": balance.rounds,
            "rank_correlation": None if rank is None else rank.to_dict(),
            "mods": [r.to_dict() for r in balance.reports]}


def balance_lines(balance: DeckBalance) -> list[str]:
    """A table of the balanced deck for the terminal."""
    lines = [f"scale k = {balance.scale:.4f} win rate per point, {balance.rounds} round(s)"]
    for r in balance.reports:
        v = r.value
        lines.append(f"  {r.mod.name:<26}{r.score_before:>2} -> {r.mod.score:<2} "
                     f"{v.value:+.3f} [{v.low:+.3f}, {v.high:+.3f}]  {r.verdict}"
                     + ("  MUST-PICK" if r.must_pick else ""))
    return lines
