"""Junkyard Wars balance report: the sections of report.html from simulation results. Pure.

The text answers the designer's questions in words: does the first-turn stagger remove the first
player's advantage, how long a game takes with 2 to 6 players, which machine cards are too hard.
"""

from __future__ import annotations

from pnp.games.junkyard_wars.rules import hour_player_turns
from pnp.games.junkyard_wars.simulate import SEAT_BAND
from pnp.sim.stats import FAIL, PASS, Estimate, check_band, fmt_estimate, needed_text


def _fmt(e: dict | None) -> str:
    return fmt_estimate(e) if e else "-"  # "-": a card nobody chose has no win rate


def stagger_verdict(seat1_with: dict, fair: float) -> str:
    """What seat 1's win rate with the stagger says, by the one check rule against the seat
    band (a fair share +- SEAT_BAND): an interval that straddles a band edge says nothing yet,
    so a short run and a long one of the same seed never say opposite things."""
    check = check_band("seat 1 with the stagger", Estimate(**seat1_with), fair - SEAT_BAND,
                       fair + SEAT_BAND)
    if check.status == PASS:
        return f"the stagger brings seat 1 within a fair share +-{SEAT_BAND:.2f}"
    if check.status == FAIL:
        return ("the stagger over-corrects: seat 1 wins less than a fair share"
                if check.high < fair else "seat 1 keeps an advantage even with the stagger")
    return f"cannot tell yet ({needed_text(check)})"


def player_count_sections(rows: list[dict]) -> list[dict]:
    """Report sections from ``simulate.by_player_count``: game length, then the stagger."""
    def length(r: dict) -> str:
        m = r["minutes"]
        return (f"{r['players']} players {m['mean']['value']:.0f} minutes "
                f"(95th percentile {m['percentiles']['p95']:.0f}, "
                f"{r['time_limit_share']['value']:.0%} reach the hour)")

    def stagger(r: dict) -> str:
        verdict = stagger_verdict(r["seat1_win_rate_with"], r["fair_share"])
        return f"{r['players']} players: {verdict}"

    n = rows[0]["games"]
    return [{
        "heading": "Game length by player count",
        "text": (f"{n} games per player count on the same board and deck (heuristic bots, "
                 "stagger on). Mean length: " + "; ".join(length(r) for r in rows)
                 + ". A game that reaches the hour is won by the team furthest along."),
        "table": [{"players": r["players"], "rounds": _fmt(r["rounds"]["mean"]),
                   "minutes": _fmt(r["minutes"]["mean"]),
                   "p50 minutes": r["minutes"]["percentiles"]["p50"],
                   "p95 minutes": r["minutes"]["percentiles"]["p95"],
                   "reach the hour": _fmt(r["time_limit_share"])} for r in rows],
        "chart": {"kind": "bar", "x": [f"{r['players']} players" for r in rows],
                  "y": [r["minutes"]["mean"]["value"] for r in rows],
                  "low": [r["minutes"]["mean"]["low"] for r in rows],
                  "high": [r["minutes"]["mean"]["high"] for r in rows],
                  "ylabel": "minutes", "title": "Mean game length (95% CI)"},
    }, {
        "heading": "First-turn stagger by player count",
        "text": (f"The same {n} games per player count with and without the stagger (3x the "
                 "players before you with 2 players, 2x with 3, 1x with 4 or more); seat 1's win "
                 "rate against a fair share, 95% intervals. " + "; ".join(stagger(r) for r in rows)
                 + "."),
        "table": [{"players": r["players"], "fair share": f"{r['fair_share']:.3f}",
                   "seat 1 with stagger": _fmt(r["seat1_win_rate_with"]),
                   "seat 1 without": _fmt(r["seat1_win_rate_without"]),
                   "verdict": stagger_verdict(r["seat1_win_rate_with"], r["fair_share"])}
                  for r in rows],
        "chart": {"kind": "bar", "x": [f"{r['players']} players" for r in rows],
                  "series": {"with stagger": [r["seat1_win_rate_with"]["value"] for r in rows],
                             "without": [r["seat1_win_rate_without"]["value"] for r in rows],
                             "fair share": [r["fair_share"] for r in rows]},
                  "low": {"with stagger": [r["seat1_win_rate_with"]["low"] for r in rows],
                          "without": [r["seat1_win_rate_without"]["low"] for r in rows]},
                  "high": {"with stagger": [r["seat1_win_rate_with"]["high"] for r in rows],
                           "without": [r["seat1_win_rate_without"]["high"] for r in rows]},
                  "ylabel": "seat 1 win rate",
                  "title": "Seat 1 win rate by player count (95% CI)"},
    }]


def _bots_text(bots: list[str]) -> str:
    if len(set(bots)) == 1:
        return f"{len(bots)} {bots[0]} bots"
    return "bots " + ", ".join(f"seat {k + 1} {b}" for k, b in enumerate(bots))


def ending_section(result: dict) -> dict:
    """How the games ended: a working test in play, the end-of-hour tests, furthest along."""
    ht = result["hour_tests"]
    how = ("When time expires every team whose machine is finished (and not waiting for a fix) "
           "tests it; a machine that works wins, and only when none works does the team furthest "
           "along win." if result["hour_end"] == "test" else
           "--hour-end share: no tests at the hour; the largest share of steps done wins.")
    tested = (f" At the hour {ht['machines_tested']} machines were tested in {ht['games']} games "
              f"and {ht['machines_worked']} worked"
              + (f" ({_fmt(ht['works_share'])})." if ht["works_share"] else ".")
              if ht["games"] else "")
    return {"heading": "How the games end", "text": how + tested,
            "table": [{"ending": e["ending"], "share of games": _fmt(e)}
                      for e in result["endings"]]}


def board_section(boards: dict) -> dict:
    """Results across session boards: the spread between boards next to the spread within one."""
    return {"heading": f"Across {boards['count']} session boards",
            "text": ("The same run's games spread over several session boards (board 1 is the "
                     "seed's). For each measure: the pooled value, the lowest and highest board, "
                     "the standard deviation between boards, the one chance alone gives on one "
                     "board with that many games, and what is left to the boards themselves."),
            "table": [{"measure": r["measure"], "pooled": r["pooled"], "lowest board": r["min"],
                       "highest board": r["max"], "SD between": r["between_sd"],
                       "SD within (chance)": r["within_sd"], "SD of boards": r["board_sd"]}
                      for r in boards["spread"]]
            + [{"measure": f"board {b['board']} (seed {b['seed_code']})", "pooled": b["games"]}
               for b in boards["per_board"]]}


def _hour_room(result: dict) -> str:
    """How many of its own turns the hour gives each team, against the deck's median machine."""
    deck = result.get("deck")
    if not deck:
        return ""
    players, mpt = result["players"], result["minutes_per_turn"]
    turns = hour_player_turns(players, mpt) / players
    text = (f" The hour holds {round(turns, 1):g} turns of each team; the deck's median machine "
            f"takes {deck['median']:.1f} of a team's own turns to build alone (its figure, from "
            "the rulebook's action costs)")
    if turns < deck["median"] and result["time_limit_share"]["value"] > 0.5:
        return text + (", so most games end on the clock, an ending the rulebook provides for "
                       "(\"If the game has not ended after one hour, the player furthest along "
                       "in constructing a machine wins\").")
    return text + "."


def report_sections(result: dict) -> list[dict]:
    """Sections for ``pnp.report.write_report`` from a ``simulate`` result."""
    players, n = result["players"], result["games"]
    seats = result["win_rate_by_seat"]
    secs: list[dict] = [{
        "heading": f"Simulated games ({players} players)",
        "text": (f"{n} games of {_bots_text(result['bots'])} on the session board "
                 f"{result['seed_code']}, first-turn stagger "
                 f"{'on' if result['stagger'] else 'off'}, "
                 f"{result['minutes_per_turn']} minutes per player-turn. "
                 f"{result['time_limit_share']['value']:.1%} of games reached the one-hour limit."),
        "table": [{"seat": s["seat"], "win rate": _fmt(s)} for s in seats],
        "chart": {"kind": "bar", "x": [f"seat {s['seat']}" for s in seats],
                  "y": [s["value"] for s in seats], "low": [s["low"] for s in seats],
                  "high": [s["high"] for s in seats], "ylabel": "win rate",
                  "title": "Win rate by seat (95% CI)", "fair": 1 / len(seats)},
    }]
    mins, rnds = result["minutes"], result["rounds"]
    secs.append({
        "heading": "Game length",
        "text": (f"A {players}-player game lasts {rnds['mean']['value']:.1f} rounds on average, "
                 f"{mins['mean']['value']:.0f} minutes at {result['minutes_per_turn']} minutes per "
                 f"player-turn (95th percentile {mins['percentiles']['p95']:.0f}); "
                 f"{result['time_limit_share']['value']:.0%} of games reach the one-hour limit."
                 + _hour_room(result)),
        "table": [{"measure": "rounds", "mean": _fmt(rnds["mean"]), **rnds["percentiles"]},
                  {"measure": "minutes", "mean": _fmt(mins["mean"]), **mins["percentiles"]}],
    })
    if result.get("endings"):
        secs.append(ending_section(result))
    if result.get("boards"):
        secs.append(board_section(result["boards"]))
    st = result.get("stagger_effect")
    if st:
        fair = st["fair_share"]
        verdict = stagger_verdict(st["seat1_win_rate_with"], fair)
        secs.append({
            "heading": "First-turn stagger",
            "text": (f"The same games with and without the stagger. Seat 1 wins "
                     f"{_fmt(st['seat1_win_rate_with'])} with it and "
                     f"{_fmt(st['seat1_win_rate_without'])} without; a fair share is "
                     f"{fair:.3f}: {verdict} (95% intervals)."),
            "table": [{"seat": a["seat"], "with stagger": _fmt(a), "without": _fmt(b)}
                      for a, b in zip(st["by_seat_with"], st["by_seat_without"], strict=True)],
            "chart": {"kind": "bar", "x": [f"seat {a['seat']}" for a in st["by_seat_with"]],
                      "series": {"with stagger": [a["value"] for a in st["by_seat_with"]],
                                 "without": [b["value"] for b in st["by_seat_without"]]},
                      "ylabel": "win rate", "title": "Win rate by seat", "fair": fair},
        })
    if result.get("checks"):
        secs.append({"heading": "Checks", "text": "Declared bands: seat win rates within a fair "
                     f"share +- {SEAT_BAND:.2f}, no game longer than the rulebook's hour "
                     "(\"DURATION: At most 1 hour\"), every machine card within the deck's band. "
                     "How many games reach the hour is reported, not banded: the hour is the "
                     "rulebook's own ending (\"If the game has not ended after one hour, the "
                     "player furthest along in constructing a machine wins\").",
                     "checks": result["checks"]})
    cards = sorted(result["cards"], key=lambda c: (c["figure"], c["word"]))
    rated = [c for c in cards if c["win_rate"]]
    hard = [c["word"] for c in cards if c["verdict"] == "too hard"]
    easy = [c["word"] for c in cards if c["verdict"] == "too easy"]
    secs.append({
        "heading": "Machine cards",
        "text": (f"Too hard: {', '.join(hard) if hard else 'none'}. Too easy: "
                 f"{', '.join(easy) if easy else 'none'}. "
                 "Each card's difficulty figure (estimated team-turns to build it alone) and how "
                 "teams that chose it fared. 'too hard': its win rate's 95% interval lies below "
                 "a fair share; 'too easy': above it. Rank correlation of figure and win rate: "
                 f"{result['card_figure_vs_win_rate']['spearman']} over "
                 f"{result['card_figure_vs_win_rate']['cards']} cards chosen 10 times or more."),
        "table": [{"card": c["word"], "figure": c["figure"], "chosen": c["chosen"],
                   "win rate": _fmt(c["win_rate"]), "built": c["built_share"],
                   "rounds to win": c["mean_rounds_to_win"], "verdict": c["verdict"]}
                  for c in cards],
        "chart": {"kind": "barh", "x": [f"{c['word']} ({c['figure']:.1f})" for c in rated],
                  "y": [c["win_rate"]["value"] for c in rated],
                  "low": [c["win_rate"]["low"] for c in rated],
                  "high": [c["win_rate"]["high"] for c in rated],
                  "xlabel": f"win rate when chosen (95% CI); fair share {1 / players:.3f}",
                  "title": "Win rate by machine card, easiest figure first"},
    })
    return secs
