"""Waste Knights board speed: one session board with all its metrics, and the balance-pass
search over 1,000 candidate boards (what `--reject-unbalanced` does at worst).

Run: python benchmarks/bench_wk_board.py [--boards 1000] [--repeat 200]
Targets (issue): a board with all metrics under 20 ms; 1,000 candidates under 5 s.
"""

from __future__ import annotations

import argparse
import platform
import time

from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import generate_board, session_board
from pnp.games.waste_knights.metrics import Bands, analyse, board_metrics, find_balanced

CAT = default_catalogue()  # read once, as a command does
SPEEDS = vehicle_speeds()


def per_board(make, repeat: int) -> float:
    """Mean seconds of ``make(i)`` over boards ``i`` = 0..repeat-1."""
    t = time.perf_counter()
    for i in range(repeat):
        make(i)
    return (time.perf_counter() - t) / repeat


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    analyse(session_board(0, CAT), SPEEDS)

    one = per_board(lambda i: board_metrics(session_board(i, CAT), SPEEDS), args.repeat)
    print(f"session board + board.json metrics: {one * 1000:.2f} ms per board "
          f"(target < 20 ms, {args.repeat} boards)")
    full = per_board(lambda i: analyse(session_board(i, CAT), SPEEDS), args.repeat)
    print(f"session board + full analysis (metrics, spread, rounds, checks): "
          f"{full * 1000:.2f} ms per board")
    new = per_board(lambda i: analyse(generate_board(i, "new-tiles", CAT)[0], SPEEDS),
                    args.repeat // 4)
    print(f"new tile set + board + analysis: {new * 1000:.2f} ms per board")

    # Balance search over a fixed number of candidates: bands no board meets, so every
    # candidate is generated and analysed.
    never = Bands(max_city_spread_mp=-1)
    t = time.perf_counter()
    search = find_balanced("bench", lambda s: session_board(s, CAT), SPEEDS, bands=never,
                           max_tries=args.boards)
    total = time.perf_counter() - t
    print(f"balance search over {search.tries} candidate boards: {total:.2f} s "
          f"(target < 5 s)")
    ok = sum(analyse(session_board(i, CAT), SPEEDS).passed for i in range(args.boards))
    print(f"share of session boards passing the default bands: {ok / args.boards:.0%}")


if __name__ == "__main__":
    main()
