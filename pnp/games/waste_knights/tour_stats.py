"""Tour statistics: 95% CIs per knight, per-seat fairness, declared bands, report sections.

Pure core: takes the per-game records (``TourState.records``: FIELDS per seat, seat-major) and
returns plain dicts (JSON ready, sorted by the writer) and report sections for
``pnp.report.write_report``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.errors import PnpError
from pnp.sim.stats import (
    Check,
    Estimate,
    check_band,
    counts_ci,
    fmt_estimate,
    mean_ci,
    paired_difference_ci,
    proportion_ci,
    rate_ci,
)

#: Per knight-game record fields, in order (the game loop writes them by position).
FIELDS = ("specials", "cities", "tasks", "reputation", "cards_faced", "cards_drawn",
          "starved_rounds", "ko_radiation", "ko_contamination", "ko_wasteland", "fuel_spent",
          "hexes_entered", "gear_value", "faced", "escaped", "combats", "combats_won", "wrecked",
          "duels", "duels_won", "revives", "private_tasks", "trades")
_F = {name: i for i, name in enumerate(FIELDS)}

OBJECTIVE = "reputation"
OBJECTIVE_TEXT = "Reputation per knight per game"

#: Declared bands a board's games must meet (heuristic knights); (low, high), None = open.
#: Re-derived on the whole game (docs/waste-knights.md, "Bands"): each limit is the worst value
#: 10 session boards of the official tiles gave (4 knights, 200 games each), rounded outwards
#: to 0.05 (0.5 for special hexes): a board fails when it is worse than all of them.
TOUR_BANDS: dict[str, tuple[float | None, float | None]] = {
    "fuel_starved": (None, 0.35),       # knight-games with a Move Step begun on 0 Fuel
    "ko_hazard": (None, 0.25),          # knight-games K.O.'d by Radiation or contamination
    "ko_wasteland": (None, 0.65),       # ... by a wasteland card, a duel or Red Tomb
    "specials": (4.5, None),            # special hexes explored per knight-game
    "seat_wins_spread": (None, 0.25),   # best seat's share of wins - worst seat's
}

_MEANS = ("reputation", "gear_value", "specials", "cities", "tasks", "private_tasks",
          "cards_faced",
          "cards_drawn", "faced", "escaped", "combats", "combats_won", "duels", "duels_won",
          "revives", "trades", "starved_rounds",
          "fuel_spent", "hexes_entered")


def _column(games: Sequence[Sequence[int]], n: int, name: str, seat: int | None = None):
    i, width = _F[name], len(FIELDS)
    seats = range(n) if seat is None else (seat,)
    return [g[s * width + i] for g in games for s in seats]


def summarize(games: Sequence[Sequence[int]], setup: Any) -> dict[str, Any]:
    """Per-game records -> statistics with 95% CIs, seat fairness and band checks."""
    n = setup.players
    if len(games) < 2:
        raise PnpError("the tour needs at least 2 games for confidence intervals", field="games")
    # whole counts per knight-game: Student's t widened to the exact Poisson bound (0 duels
    # in every game is still no certainty)
    per_knight = {name: counts_ci(_column(games, n, name)).to_dict() for name in _MEANS}

    def share(pred) -> dict:
        width = len(FIELDS)
        k = sum(1 for g in games for s in range(n) if pred(g[s * width:(s + 1) * width]))
        return proportion_ci(k, len(games) * n).to_dict()

    rates = {
        "fuel_starved": share(lambda r: r[_F["starved_rounds"]] > 0),
        "ko_radiation": share(lambda r: r[_F["ko_radiation"]] > 0),
        "ko_contamination": share(lambda r: r[_F["ko_contamination"]] > 0),
        "ko_hazard": share(lambda r: r[_F["ko_radiation"]] + r[_F["ko_contamination"]] > 0),
        "ko_wasteland": share(lambda r: r[_F["ko_wasteland"]] > 0),
        "wrecked": share(lambda r: r[_F["wrecked"]] > 0),
        "ko_any": share(lambda r: r[_F["ko_radiation"]] + r[_F["ko_contamination"]]
                        + r[_F["ko_wasteland"]] > 0),
    }
    # Per-seat fairness: seat 1 is the First Player of round 1; the marker passes left.
    # Winning the Game: the most Reputation, ties broken by the gear cards' value.
    width, pi, gi_ = len(FIELDS), _F["reputation"], _F["gear_value"]
    win_share = [[0.0] * len(games) for _ in range(n)]
    for gi, g in enumerate(games):
        pts = [(g[s * width + pi], g[s * width + gi_]) for s in range(n)]
        top = max(pts)
        winners = [s for s in range(n) if pts[s] == top]
        for s in winners:
            win_share[s][gi] = 1.0 / len(winners)
    seats = []
    for s in range(n):
        seats.append({"seat": s + 1, "vehicle": setup.vehicles[s], "policy": setup.bots[s],
                      "reputation": mean_ci(_column(games, n, "reputation", s)).to_dict(),
                      "specials": mean_ci(_column(games, n, "specials", s)).to_dict(),
                      "wins": rate_ci(win_share[s]).to_dict()})
    means = [seat["reputation"]["value"] for seat in seats]
    won = [x["wins"]["value"] for x in seats]
    best, worst = won.index(max(won)), won.index(min(won))
    # the best seat's wins minus the worst seat's over the same games (Newcombe, paired)
    spread = paired_difference_ci(win_share[best], win_share[worst])
    fairness = {"reputation_spread": max(means) - min(means),
                "wins_spread": spread.value, "wins_spread_ci": spread.to_dict(),
                "best_seat": best + 1, "worst_seat": worst + 1}
    policy = setup.bots[0] if len(set(setup.bots)) == 1 else ",".join(setup.bots)
    return {"knights": n, "games": len(games), "rounds": setup.rounds,
            "vehicles": list(setup.vehicles), "policy": policy,
            "objective": OBJECTIVE_TEXT, "per_knight": per_knight, "rates": rates,
            "seats": seats, "fairness": fairness,
            "checks": [c.to_dict() for c in tour_checks(per_knight, rates, fairness)]}


def tour_checks(per_knight: Mapping, rates: Mapping, fairness: Mapping,
                bands: Mapping[str, tuple] = TOUR_BANDS) -> list[Check]:
    """The declared bands applied to a summary's numbers."""
    est = {k: Estimate(**v) for k, v in {**per_knight, **rates}.items()}
    out = []
    for name, (lo, hi) in bands.items():
        if name == "seat_wins_spread":
            spread = fairness.get("wins_spread_ci")
            out.append(check_band(name, fairness["wins_spread"] if spread is None
                                  else Estimate(**spread), lo, hi,
                                  note=f"seat {fairness.get('best_seat', '?')}'s share of wins "
                                       f"- seat {fairness.get('worst_seat', '?')}'s"))
        else:
            out.append(check_band(name, est[name], lo, hi,
                                  unit="games" if name == "specials" else "knight-games"))
    return out


def compare(heuristic: Mapping, random_: Mapping, objective: str = OBJECTIVE) -> dict[str, Any]:
    """Heuristic vs random knights on the declared objective (per knight per game)."""
    h, r = heuristic["per_knight"][objective], random_["per_knight"][objective]
    return {"objective": OBJECTIVE_TEXT, "heuristic": h, "random": r,
            "clearly_better": h["low"] > r["high"],
            "ratio": h["value"] / r["value"] if r["value"] else None}


def report_sections(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Sections for ``pnp.report.write_report`` from a tour summary or a ``tour_report``."""
    if "tour" in result and "tours" not in result:  # the simulate command's JSON
        result = {"tours": {str(result["tour"]["knights"]): result["tour"]},
                  "heuristic_vs_random": result.get("heuristic_vs_random")}
    tours = result.get("tours") or {str(result["knights"]): result}
    sections: list[dict[str, Any]] = []
    rows = []
    for k, s in sorted(tours.items(), key=lambda kv: int(kv[0])):
        pk, rt = s["per_knight"], s["rates"]
        rows.append({"knights": int(k), "games": s["games"], "rounds": s["rounds"],
                     "special hexes explored": fmt_estimate(pk["specials"]),
                     "Reputation": fmt_estimate(pk["reputation"]),
                     "combats won": fmt_estimate(pk["combats_won"]),
                     "wasteland cards faced": fmt_estimate(pk["cards_faced"]),
                     "wasteland cards drawn": fmt_estimate(pk["cards_drawn"]),
                     "Fuel starvation": fmt_estimate(rt["fuel_starved"]),
                     "K.O. radiation/contamination": fmt_estimate(rt["ko_hazard"]),
                     "K.O. wasteland cards": fmt_estimate(rt["ko_wasteland"])})
    first = next(iter(tours.values()))
    sections.append({
        "heading": "Game simulator",
        "text": (f"Heuristic knights play {first['rounds']} rounds (vehicles: "
                 f"{', '.join(sorted(set(first['vehicles'])))}) against the mean Waster: the "
                 "wasteland deck escaped or faced, combat, rewards, the common task; the "
                 "winner has the most Reputation (ties: gear value). Values per knight per game "
                 "with 95% intervals; rates are shares of knight-games. Fuel starvation: a Move "
                 "Step begun with 0 Fuel."),
        "table": rows})
    for k, s in sorted(tours.items(), key=lambda kv: int(kv[0])):
        seats = s["seats"]
        sections.append({
            "heading": f"Seat fairness, {k} knights",
            "text": ("Seat 1 is the First Player of round 1; the First Player marker passes "
                     "left each round. Wins: share of games with the most Reputation, ties "
                     "broken by gear value (ties split)."),
            "table": [{"seat": x["seat"], "vehicle": x["vehicle"],
                       "Reputation": fmt_estimate(x["reputation"]),
                       "special hexes": fmt_estimate(x["specials"]),
                       "wins": fmt_estimate(x["wins"])}
                      for x in seats],
            "chart": {"kind": "errorbar", "x": [f"seat {x['seat']}" for x in seats],
                      "y": [x["wins"]["value"] for x in seats],
                      "low": [x["wins"]["low"] for x in seats],
                      "high": [x["wins"]["high"] for x in seats],
                      "ylabel": "share of wins", "title": f"{k} knights",
                      "fair": 1 / int(k)},
            # the same bands at each knight count: the count tells them apart in a verdict
            "checks": [{**c, "name": f"{c['name']} ({k} knights)"} for c in s["checks"]]})
    cmp_ = result.get("heuristic_vs_random")
    if cmp_:
        sections.append({
            "heading": "Heuristic vs random knights",
            "text": (f"Objective: {cmp_['objective']}. The heuristic knight must beat the "
                     "random legal knight clearly (its 95% interval above the random one's) "
                     "for the tour statistics to be trusted."),
            "table": [{"knight": "heuristic", "value": fmt_estimate(cmp_["heuristic"])},
                      {"knight": "random", "value": fmt_estimate(cmp_["random"])}],
            "chart": {"kind": "bar", "x": ["heuristic", "random"],
                      "y": [cmp_["heuristic"]["value"], cmp_["random"]["value"]],
                      "low": [cmp_["heuristic"]["low"], cmp_["random"]["low"]],
                      "high": [cmp_["heuristic"]["high"], cmp_["random"]["high"]],
                      "ylabel": cmp_["objective"]}})
    return sections
