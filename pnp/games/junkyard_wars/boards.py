"""Junkyard Wars over several session boards (``simulate --boards K``). Pure.

A run's games are spread over K boards: board 1 is the seed's own session board (so
``--boards 1`` is the one-board run), board k > 1 the session board of the seed
``child_seed(seed, "board", k)``; the machine deck and the bag stay those of the seed, so only
the maze, its tiles and their placement change. Each game draws its board from its own stream.

The report sets the spread between boards next to the spread within one: for each measure
(each seat's win rate, the share of games each ending decides, the minutes a game lasts) the
standard deviation of the per-board values (``between_sd``), the standard deviation the same
number of games on ONE board would show by chance (``within_sd``, from the pooled value), and
the part of the spread left to the boards themselves (``board_sd`` = sqrt(between^2 - within^2),
0 when chance explains it all).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pnp.seed import child_seed, seed_code
from pnp.sim.stats import proportion_ci

MAX_BOARDS = 16  # spec.MAX_TABLES: the boards whose distance tables a process keeps


def board_seed(seed: int | str, k: int) -> int | str:
    """The session seed of board ``k`` (1-based) of a run: the run's own seed for board 1."""
    return seed if k == 1 else child_seed(seed, "board", k)


def _sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = sum(values) / len(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def _row(measure: str, per_board: list[float], within: float, pooled: float
         ) -> dict[str, Any]:
    between = _sd(per_board)
    return {"measure": measure, "pooled": round(pooled, 6),
            "min": round(min(per_board), 6), "max": round(max(per_board), 6),
            "between_sd": round(between, 6), "within_sd": round(within, 6),
            "board_sd": round(math.sqrt(max(0.0, between ** 2 - within ** 2)), 6)}


def _share_row(measure: str, hits: list[int], games: list[int]) -> dict[str, Any]:
    """A share measured on each board (hits of games); within = binomial SD at mean games."""
    n = sum(games)
    pooled = sum(hits) / n
    mean_games = n / len(games)
    within = math.sqrt(pooled * (1 - pooled) / mean_games)
    return _row(measure, [h / g for h, g in zip(hits, games, strict=True)], within, pooled)


def across_boards(main: Sequence[Sequence[Any]], seeds: Sequence[int | str], players: int,
                  minutes_per_turn: float, endings: Sequence[str]) -> dict[str, Any]:
    """The ``boards`` section of a ``simulate`` document from the main records (each record's
    last field is its board, 0-based)."""
    k = len(seeds)
    by_board: list[list[Sequence[Any]]] = [[] for _ in range(k)]
    for g in main:
        by_board[g[-1]].append(g)
    games = [len(b) for b in by_board]
    rows = []
    for b, (recs, s) in enumerate(zip(by_board, seeds, strict=True)):
        n = len(recs)
        row: dict[str, Any] = {"board": b + 1, "seed": str(s), "seed_code": seed_code(s),
                               "games": n}
        if n:
            row["win_rate_by_seat"] = [
                {"seat": p + 1, **proportion_ci(sum(1 for g in recs if g[0] == p), n).to_dict()}
                for p in range(players)]
            row["endings"] = [{"ending": name, **proportion_ci(
                sum(1 for g in recs if g[7] == e), n).to_dict()}
                for e, name in enumerate(endings)]
            row["mean_minutes"] = round(sum(g[2] for g in recs) * minutes_per_turn / n, 3)
        rows.append(row)
    doc: dict[str, Any] = {"count": k, "games": games, "per_board": rows, "spread": []}
    used = [b for b in range(k) if games[b]]
    if len(used) < 2:
        return doc
    gs = [games[b] for b in used]
    spread = doc["spread"]
    for p in range(players):
        spread.append(_share_row(f"seat {p + 1} win rate",
                                 [sum(1 for g in by_board[b] if g[0] == p) for b in used], gs))
    for e, name in enumerate(endings):
        spread.append(_share_row(f"games decided by: {name}",
                                 [sum(1 for g in by_board[b] if g[7] == e) for b in used], gs))
    minutes = [[g[2] * minutes_per_turn for g in by_board[b]] for b in used]
    flat = [m for ms in minutes for m in ms]
    within = _sd(flat) / math.sqrt(len(flat) / len(used))
    spread.append(_row("mean minutes", [sum(ms) / len(ms) for ms in minutes], within,
                       sum(flat) / len(flat)))
    return doc


def board_lines(doc: dict[str, Any]) -> list[str]:
    """The text lines of the ``boards`` section (``simulate`` without ``--json``)."""
    lines = [f"  across {doc['count']} boards ({', '.join(map(str, doc['games']))} games): "
             "between boards / within one (chance) / left to the boards, as SDs"]
    for r in doc["spread"]:
        lines.append(f"    {r['measure']}: {r['pooled']:.3f} (boards {r['min']:.3f}-"
                     f"{r['max']:.3f}); {r['between_sd']:.3f} / {r['within_sd']:.3f} / "
                     f"{r['board_sd']:.3f}")
    return lines


__all__ = ["MAX_BOARDS", "across_boards", "board_lines", "board_seed"]
