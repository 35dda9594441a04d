"""Seat fairness over boards (``--boards K`` of Salvage and Wreck and Ruin). Pure.

Board 1 is the run's own session (its seed's field or map); board k > 1 is the session of the
seed ``child_seed(seed, "board", k)``, everything its generator makes from that seed. Each board
plays the same number of games. A seat's rate over the boards pools every game with an interval
clustered by board (``stats.clustered_rate_ci``: the spread between boards widens it), beside
each board's own rate and the spread (highest minus lowest) between boards. An interval over the
games of one board says nothing about another board: this one does.

Each seat's check over boards takes the band of that seat's own check in the game (the run of
board 1), so a game declares its seat bands once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.errors import PnpError
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import Check, check_band, clustered_rate_ci, spread

MAX_BOARDS = 64


def board_seed(seed: int | str, k: int) -> int | str:
    """The session seed of board ``k`` (1-based): the run's own seed for board 1."""
    return seed if k == 1 else child_seed(seed, "board", k)


def check_boards(boards: int) -> int:
    """``--boards``: 1 to ``MAX_BOARDS`` (PnpError naming the flag otherwise)."""
    if isinstance(boards, bool) or not 1 <= int(boards) <= MAX_BOARDS:
        raise PnpError(f"must be 1-{MAX_BOARDS}, got {boards}", field="boards")
    return int(boards)


def over_boards(docs: Sequence[Mapping[str, Any]], seeds: Sequence[int | str]
                ) -> dict[str, Any]:
    """The ``boards`` block from the ``simulate`` documents of each board (board 1 first)."""
    players = len(docs[0]["win_rate_by_seat"])
    per_board = [{"board": k + 1, "seed": str(s), "seed_code": seed_code(s),
                  "games": d["games"], "win_rate_by_seat": d["win_rate_by_seat"]}
                 for k, (d, s) in enumerate(zip(docs, seeds, strict=True))]
    seats = []
    for p in range(players):
        # a board's games as results whose mean is its rate: all clustered_rate_ci reads
        rates = [d["win_rate_by_seat"][p]["value"] for d in docs]
        est = clustered_rate_ci([[r] * d["games"] for r, d in zip(rates, docs, strict=True)])
        seats.append({"seat": p + 1, "rate": est.to_dict(), "lowest": min(rates),
                      "highest": max(rates), "spread": spread(rates)})
    return {"count": len(docs), "games_per_board": docs[0]["games"], "per_board": per_board,
            "seats": seats}


def board_checks(block: Mapping[str, Any], own: Sequence[Mapping[str, Any]],
                 what: str = "board") -> list[Check]:
    """Seat N's rate over the boards against the band of the game's own "seat N win rate"
    check (none for a seat the game does not check, such as between unequal bots)."""
    from pnp.sim.stats import Estimate

    out = []
    for s in block["seats"]:
        band = next((c for c in own if str(c["name"]).startswith(f"seat {s['seat']} win rate")),
                    None)
        if band is not None:
            out.append(check_band(f"seat {s['seat']} win rate over {block['count']} {what}s",
                                  Estimate(**s["rate"]), band["band_low"], band["band_high"],
                                  note=f"boards from {s['lowest']:.3f} to {s['highest']:.3f}",
                                  unit=f"games over more {what}s"))
    return out


def board_lines(block: Mapping[str, Any]) -> list[str]:
    """The ``simulate`` text of the block."""
    lines = [f"over {block['count']} boards, {block['games_per_board']} games each "
             "(95% CI clustered by board; lowest-highest board):"]
    for s in block["seats"]:
        r = s["rate"]
        lines.append(f"  seat {s['seat']}: {r['value']:.3f} [{r['low']:.3f}, {r['high']:.3f}]"
                     f"  boards {s['lowest']:.3f}-{s['highest']:.3f}")
    return lines


def board_section(block: Mapping[str, Any], checks: Sequence[Check], what: str = "board"
                  ) -> dict[str, Any]:
    """The report section: per-seat rate over the boards, each board's rates, a chart."""
    seats = block["seats"]
    n = len(seats)
    return {
        "heading": f"Seat fairness over {block['count']} {what}s",
        "text": (f"{block['count']} {what}s (the session's own first, then those of child seeds "
                 f"of its seed), {block['games_per_board']} games each. A seat's rate pools all "
                 f"the games with a 95% interval clustered by {what}: it takes in the spread "
                 f"between {what}s, which one {what}'s interval cannot."),
        "table": [{what: b["board"], "seed code": b["seed_code"],
                   **{f"seat {p + 1}": b["win_rate_by_seat"][p]["value"] for p in range(n)}}
                  for b in block["per_board"]],
        "chart": {"kind": "errorbar", "x": [f"seat {s['seat']}" for s in seats],
                  "y": [s["rate"]["value"] for s in seats],
                  "low": [s["rate"]["low"] for s in seats],
                  "high": [s["rate"]["high"] for s in seats], "fair": 1 / n,
                  "ylabel": "win rate", "title": f"Seat win rates over {block['count']} {what}s "
                                                 "(95% CI clustered)"},
        "checks": list(checks)}


def run_boards(spec: Any, setup_of: Any, seed: int | str, boards: int, games: int,
               first: Mapping[str, Any] | None = None, **kw: Any) -> dict[str, Any]:
    """Play ``games`` games on each of ``boards`` boards (``setup_of(board_seed)`` -> the run's
    setup there) and return the ``boards`` block; ``first``: board 1's document when the
    caller has it already."""
    from pnp.sim.play import simulate

    seeds = [board_seed(seed, k) for k in range(1, boards + 1)]
    docs = [first if k == 0 and first is not None
            else simulate(spec, setup_of(s), games, s, **kw) for k, s in enumerate(seeds)]
    return over_boards(docs, seeds)
