"""Bot strength as part of the evidence (issue 24). Pure.

A balance conclusion is measured between bots; a game with a stronger player (a search bot)
replays the session's run with it in every seat, on the same game seeds, and each check is set
beside its twin: a check decided both ways (PASS with one player, FAIL with the other) is
flagged as an artefact of the bots, a conclusion about them rather than about the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.sim.check_names import human
from pnp.sim.stats import PASS, UNDECIDED, Check


def _check(c: Check | Mapping[str, Any]) -> Check:
    return c if isinstance(c, Check) else Check.from_dict(c)


def compare(base: Sequence[Check | Mapping[str, Any]],
            stronger: Sequence[Check | Mapping[str, Any]], base_bot: str, stronger_bot: str,
            games: int) -> dict[str, Any]:
    """The checks both runs made, side by side; ``flipped``: those decided both ways."""
    strong = {c.name: c for c in map(_check, stronger)}
    rows, flipped = [], []
    for b in map(_check, base):
        s = strong.get(b.name)
        if s is None:
            continue
        flips = UNDECIDED not in (b.status, s.status) and b.status != s.status
        if flips:
            flipped.append(b.name)
        rows.append({"check": b.name, "base": {"status": b.status, "value": b.value},
                     "stronger": {"status": s.status, "value": s.value}, "flips": flips})
    return {"base_bot": base_bot, "stronger_bot": stronger_bot, "games": games, "rows": rows,
            "flipped": flipped}


def notes(block: Mapping[str, Any]) -> list[str]:
    """A line per flipped conclusion, for the command's output."""
    return [f"note: {human(name)} is decided one way with {block['base_bot']} players and the "
            f"other with {block['stronger_bot']}: an artefact of the bots"
            for name in block["flipped"]]


def section(block: Mapping[str, Any] | None, title: str, stronger_bot: str = "",
            option: str = "--stronger-games") -> dict[str, Any]:
    """The report's "Bot strength" section: the comparison, or what the conclusions rest on."""
    if not stronger_bot:
        return {"heading": "Bot strength",
                "text": f"{title} has no stronger computer player than the heuristic one: every "
                        "conclusion of this report rests on the heuristic player's play, and a "
                        "stronger player could change any of them."}
    if block is None:
        return {"heading": "Bot strength",
                "text": f"The conclusions above rest on the heuristic player. {title} has a "
                        f"stronger one ({stronger_bot}): `{option} N` replays the session's "
                        f"games with it in every seat and flags any conclusion that flips."}
    b, s = block["base_bot"], block["stronger_bot"]
    flipped = block["flipped"]
    verdict = (f"{len(flipped)} conclusion{'s' if len(flipped) != 1 else ''} flip"
               f"{'' if len(flipped) != 1 else 's'} between them (flagged: artefacts of the "
               "bots, not findings about the game)" if flipped
               else "no conclusion decided with both players flips")
    return {"heading": "Bot strength",
            "text": f"The same game seeds played by {s} players in every seat ({block['games']} "
                    f"games) beside the {b} players of the report: {verdict}. A check undecided "
                    "with either player cannot flip.",
            "table": [{"check": human(r["check"]),
                       b: f"{r['base']['status']} {r['base']['value']:.3g}",
                       s: f"{r['stronger']['status']} {r['stronger']['value']:.3g}",
                       "flag": "artefact of the bots" if r["flips"] else
                       ("holds" if r["base"]["status"] == r["stronger"]["status"] == PASS
                        else "")}
                      for r in block["rows"]]}
