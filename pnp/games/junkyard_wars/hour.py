"""Junkyard Wars: the end of the hour. Pure, no IO.

GAME PLAY: "When time expires, each team tests out their machine. The team whose machine works
the best wins." OBJECTIVE: "If the game has not ended after one hour, the player furthest along
in constructing a machine wins." Read together (``HOUR_ENDS[0]``, "test", the default): when the
hour is up every team whose machine is finished and not waiting for a fix throws the switch (the
80% test of Testing Machines); a machine that works wins; only when none works does "furthest
along" decide, among all teams. ``"share"`` is the older reading: no tests, the largest share of
the machine's steps done wins.
"""

from __future__ import annotations

from typing import Any

HOUR_ENDS = ("test", "share")

# What a team's machine did at the end of the hour (``Game.hour_test``).
UNTESTED = 0  # not finished, or failed earlier and not fixed: nothing to test
FAILED = 1  # tested at the hour: d100 above 80
WORKS = 2  # tested at the hour: d100 of 80 or less

# How a game ended (``ending``): the index is what a simulation record stores.
ENDINGS = ("test", "hour test", "furthest along")


def progress(game: Any, p: int) -> float:
    """Share of the machine's 2n-1 steps done (n objects, n-1 links, a partial link in part).

    A complete machine that failed its test and is not fixed counts one step short: Failed
    Tests, "the machine has a problem which needs to be investigated" is work still to do.
    """
    from pnp.games.junkyard_wars.rules import LINK_MA

    n = game.length[p]
    if n == 0:
        return 0.0
    steps = min(game.matched[p], n) + game.links[p] + game.link_ma[p] / LINK_MA
    if game.broken[p]:
        steps -= 1
    return steps / (2 * n - 1)


def furthest_along(game: Any) -> int:
    """The team with the most progress; ties broken by a d100 roll-off (uniform among them)."""
    scores = [progress(game, p) for p in range(game.players)]
    best = max(scores)
    tied = [p for p in range(game.players) if scores[p] == best]
    return _roll_off(game, tied, "tied for furthest along")


def _roll_off(game: Any, tied: list[int], why: str) -> int:
    if len(tied) == 1:
        return tied[0]
    winner: int = tied[game.rng.randrange(len(tied))]
    if game.log is not None:
        game.log.append(f"{why}: " + ", ".join(f"P{q + 1}" for q in tied)
                        + f"; the roll-off goes to P{winner + 1}")
    return winner


def time_up(game: Any) -> None:
    """The hour is over: the end-of-hour tests (``hour_end == "test"``), then the winner."""
    from pnp.games.junkyard_wars.rules import machine_works

    game.over, game.by_time = True, True
    log = game.log
    if log is not None:
        log.append(f"time is up after {game.minutes:g} minutes")
    if game.hour_end == "test":
        works = []
        for p in range(game.players):  # seat order: every test is its own d100
            if not game.complete(p) or game.broken[p]:
                if log is not None:
                    log.append(f"P{p + 1} has no machine to test ("
                               + ("it failed and is not fixed)" if game.broken[p] else
                                  "not finished)"))
                continue
            game.tests[p] += 1
            roll = game.rng.randint(1, 100)
            ok = machine_works(roll)
            if ok:
                game.hour_test[p] = WORKS
                works.append(p)
            else:
                game.hour_test[p] = FAILED
                game.broken[p] = True
            if log is not None:
                log.append(f"P{p + 1} tests {game.deck[game.machine[p]]}: d100 {roll} "
                           + ("<= 80, it works" if ok else "> 80, it fails"))
        if works:
            game.winner = _roll_off(game, works, "more than one machine works")
            if log is not None:
                log.append(f"game over: P{game.winner + 1}'s machine works at the hour, "
                           f"P{game.winner + 1} wins")
            return
    game.winner = furthest_along(game)
    if log is not None:
        log.append("game over: progress " + ", ".join(
            f"P{q + 1} {progress(game, q):.0%}" for q in range(game.players))
            + f"; P{game.winner + 1} is furthest along and wins")


def ending(game: Any) -> int:
    """Index in ``ENDINGS`` of how a finished game ended."""
    if not game.by_time:
        return 0
    return 1 if WORKS in game.hour_test else 2


__all__ = ["ENDINGS", "FAILED", "HOUR_ENDS", "UNTESTED", "WORKS", "ending", "furthest_along",
           "progress", "time_up"]
