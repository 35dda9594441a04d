"""Salvage rules simulator speed: complete games per second on one core (target: 500 heuristic
vs heuristic games a second).

Run: python benchmarks/bench_salvage_sim.py [--games 2000] [--seed bench] [--nodes 21]
[--fields 10]. Plays each pairing of bots in-process (one core, jobs=1), game by game as ``pnp
salvage simulate`` does (``play.record_game``), and prints CPU-seconds and wall-seconds per run,
games per CPU-second, actions per game and the cost of the debug switch (every action checked
against ``legal_actions()``). The first heuristic run starts with an empty route memo (as a
fresh ``simulate`` does); the second reuses it. Fields differ (more mobs, more actions), so the
heuristic pairing is also run on the fields of ``--fields`` other seeds. The load average is
printed: on a busy machine the wall time says little, the CPU time more.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from pnp.games.salvage import GAME
from pnp.sim.play import game_seed, play, record_game


def timed(label: str, games: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    """Run ``fn``; print its CPU and wall time and games per CPU-second."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{label:<44} {cpu:7.3f} s cpu {wall:7.3f} s wall {games / cpu:8,.0f} games/cpu-s")
    return cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--nodes", type=int, default=21)
    parser.add_argument("--fields", type=int, default=10)
    args = parser.parse_args()
    n, seed = args.games, args.seed
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {n} games "
          f"on the {args.nodes}-node field of seed {seed!r}")

    def run(setup: Any, games: int, check: bool = False) -> list[Any]:
        return [record_game(GAME, setup, game_seed(seed, i), check) for i in range(games)]

    rates = {}
    for bots in (("heuristic", "heuristic"), ("heuristic", "random"), ("random", "random")):
        setup = GAME.make_setup(seed, 2, bots, {"nodes": args.nodes})
        label = " vs ".join(bots)
        cpu, records = timed(f"{label} (fresh memo)", n, lambda s=setup: run(s, n))
        rates[label] = n / cpu  # what a fresh `simulate` process gets
        if bots[1] == "heuristic":
            _, again = timed(f"{label} (warm memo)", n, lambda s=setup: run(s, n))
            assert again == records, "the memo changed the games"
    setup = GAME.make_setup(seed, 2, ("heuristic", "heuristic"), {"nodes": args.nodes})
    actions = []
    timed("heuristic vs heuristic, counting actions", n // 10,
          lambda: [actions.append(_count(setup, game_seed(seed, i))) for i in range(n // 10)])
    small = max(1, n // 10)
    tc, checked = timed(f"{small} games, every action checked", small,
                        lambda: run(setup, small, check=True))
    assert checked == run(setup, small), "the debug switch changed the games"
    print(f"actions per heuristic game: {sum(actions) / len(actions):.1f}; "
          f"debug switch: {rates['heuristic vs heuristic'] * tc / small:.1f}x the time")
    per, total = [], 0.0
    for k in range(args.fields):
        field_setup = GAME.make_setup(f"{seed}-{k}", 2, ("heuristic", "heuristic"),
                                      {"nodes": args.nodes})
        cpu = time.process_time()
        run(field_setup, n // 2)
        cpu = time.process_time() - cpu
        per.append(n // 2 / cpu)
        total += cpu
    if per:
        print(f"heuristic vs heuristic on {args.fields} more fields ({n // 2} games each, "
              f"fresh memo): {args.fields * (n // 2) / total:,.0f} games/cpu-s, from "
              f"{min(per):,.0f} to {max(per):,.0f}")
    rate = rates["heuristic vs heuristic"]
    print(f"target 500 heuristic-vs-heuristic games per cpu-second: "
          f"{'met' if rate >= 500 else 'MISSED'} ({rate:,.0f} on the field of {seed!r})")


def _count(setup: Any, gseed: int) -> int:
    count = 0

    def note(*_: Any) -> None:
        nonlocal count
        count += 1

    play(GAME, setup, gseed, on_action=note)
    return count


if __name__ == "__main__":
    main()
