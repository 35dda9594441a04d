"""The Waste of Parts' generated decks as data and their balance bands (pure core).

``decks_document`` lists every generated card with its measured figure (an Enemy's threat, exact
maths); ``deck_checks`` checks each level's threat band (no card outside it, the bands rising);
``crew_checks`` the heuristic crew's win rate per crew size against ``WIN_BAND`` and the spread
between sizes (at most ``SPREAD`` points); ``search_decks`` tries deck seeds until the bands are
met and says which it could not meet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from pnp.games.waste_of_parts.cards import THREAT_BANDS, SalvageCard, enemy_threat
from pnp.games.waste_of_parts.crew import DEFAULT, Dashboard
from pnp.games.waste_of_parts.simulate import WIN_BAND, Setup, decks
from pnp.seed import child_seed
from pnp.sim.stats import (
    FAIL,
    Check,
    Estimate,
    check_band,
    check_range,
    check_true,
    difference_ci,
    paired_difference_ci,
    proportion_ci,
)

__all__ = ["SPREAD", "archetypes", "crew_checks", "crew_sections", "deck_checks",
           "decks_document", "measure_salvage", "search_decks"]

#: The heuristic crew's win rates for 3, 4 and 5 crew lie within this many points of each other.
SPREAD = 0.10


def decks_document(setup: Setup) -> dict[str, Any]:
    enemies = [{**dataclasses.asdict(c), "threat": round(enemy_threat(c), 4)}
               for c in setup.enemies]
    salvage = [dataclasses.asdict(c) for c in setup.salvage]
    crew = [{**dataclasses.asdict(d), "texts": list(d.texts)} for d in setup.dashboards]
    return {"enemy_deck": enemies, "salvage_deck": salvage, "crew_dashboards": crew,
            "threat_bands": {str(k): list(v) for k, v in THREAT_BANDS.items()}}


def deck_checks(setup: Setup) -> list[Check]:
    out = []
    for level, (low, high) in THREAT_BANDS.items():
        threats = [enemy_threat(c) for c in setup.enemies if c.level == level and not c.wind]
        if not threats:
            continue
        mean = sum(threats) / len(threats)
        # The whole range (lowest .. highest card) inside the band: no outlier in the level.
        out.append(check_range(f"level {level} Enemy threat (mean, range)", min(threats),
                               max(threats), low, high, value=mean))
    means = [c.value for c in out]
    rising = all(a < b for a, b in zip(means, means[1:], strict=False))
    out.append(check_true("threat rises with level", rising))
    return out


def crew_checks(wins: dict[int, tuple[int, int]]) -> list[Check]:
    """``wins``: crew size -> (wins, games) of the heuristic crew."""
    rates = {n: proportion_ci(w, g) for n, (w, g) in sorted(wins.items())}
    out = [check_band(f"heuristic win rate, {n} crew", e, *WIN_BAND) for n, e in rates.items()]
    if len(rates) > 1:
        # the best crew size's win rate minus the worst's (independent runs: Newcombe)
        best = max(rates, key=lambda n: rates[n].value)
        worst = min(rates, key=lambda n: rates[n].value)
        spread = difference_ci([1.0] * wins[best][0] + [0.0] * (wins[best][1] - wins[best][0]),
                               [1.0] * wins[worst][0]
                               + [0.0] * (wins[worst][1] - wins[worst][0]))
        out.append(check_band("win rate spread between crew sizes", spread, None, SPREAD,
                              note=f"{best} crew minus {worst} crew"))
    return out


def crew_sections(docs: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The balance report's sections for the ``simulate`` documents of each crew size: win
    rates, losses by Hull vs crew wipe, rounds to Distance 10/20/35, Enemies aboard by round."""
    from pnp.sim.stats import fmt_estimate

    sizes = sorted(docs)
    names = {n: f"{n} crew" for n in sizes}
    causes = {"the Hull is annihilated": "Hull annihilated",
              "every crew member is Downed": "crew wiped out", "out of time": "out of time"}

    def loss_share(doc: dict[str, Any], cause: str) -> float:
        lost = 1.0 - doc["win_rate"]["value"]
        share = doc["causes"].get(cause, {}).get("value", 0.0)
        return share / lost if lost > 0 else 0.0

    table = []
    for n in sizes:
        d = docs[n]
        row = {"crew": n, "games": d["games"], "win rate": fmt_estimate(d["win_rate"])}
        row.update({f"losses: {label}": f"{loss_share(d, c):.0%}" for c, label in causes.items()})
        row.update({f"round to Distance {m}": fmt_estimate(e, 1)
                    for m, e in d["rounds_to_distance"].items()})
        table.append(row)
    milestones = list(docs[sizes[0]]["rounds_to_distance"])
    longest = max(len(docs[n]["enemies_aboard_by_round"]) for n in sizes)
    return [
        {"heading": "The heuristic crew by crew size",
         "text": f"Win rate band {WIN_BAND[0]:.0%}-{WIN_BAND[1]:.0%}, sizes within "
                 f"{SPREAD:.0%} of each other (95% CI).",
         "table": table,
         "chart": {"kind": "bar", "x": [names[n] for n in sizes],
                   "y": [docs[n]["win_rate"]["value"] for n in sizes],
                   "low": [docs[n]["win_rate"]["low"] for n in sizes],
                   "high": [docs[n]["win_rate"]["high"] for n in sizes],
                   "ylabel": "win rate", "title": "Win rate by crew size (95% CI)"}},
        {"heading": "Losses by cause",
         "text": "Share of the lost games lost to each cause.",
         "chart": {"kind": "bar", "x": list(causes.values()),
                   "series": {names[n]: [loss_share(docs[n], c) for c in causes]
                              for n in sizes},
                   "ylabel": "share of losses", "title": "Losses: Hull vs crew wipe"}},
        {"heading": "Rounds to each milestone",
         "text": "Mean round the Mech reached each Distance, over the games that reached it.",
         "chart": {"kind": "bar", "x": [f"Distance {m}" for m in milestones],
                   "series": {names[n]: [docs[n]["rounds_to_distance"][m]["value"]
                                         for m in milestones] for n in sizes},
                   "ylabel": "round", "title": "Rounds to Distance 10 / 20 / 35"}},
        {"heading": "Enemies aboard over time",
         "text": "Mean Enemies aboard at the end of each round, over the games still running.",
         "chart": {"kind": "line", "x": list(range(1, longest + 1)),
                   "series": {names[n]: _pad(docs[n]["enemies_aboard_by_round"], longest)
                              for n in sizes},
                   "xlabel": "round", "ylabel": "Enemies aboard",
                   "title": "Enemies aboard by round"}},
    ]


def _pad(values: list[float], n: int) -> list[float]:
    # A crew size whose games all ended sooner: its curve holds its last value (the charts need
    # one value per round).
    return list(values) + [values[-1] if values else 0.0] * (n - len(values))


def search_decks(setup: Setup, seed: int | str, tries: int,
                 measure: Callable[[Setup], dict[int, tuple[int, int]]] | None
                 ) -> tuple[Setup, list[Check], int]:
    """Deck seeds ``seed``, then its children, until no check fails (at most ``tries``; an
    undecided check needs more games, not other decks); the best (fewest failed checks) with
    its checks and the try it came from."""
    best: tuple[Setup, list[Check], int] | None = None
    for k in range(max(1, tries)):
        deck_seed: int | str = seed if k == 0 else child_seed(seed, "decks", k)
        enemies, salvage = decks(setup.config, deck_seed)
        trial = dataclasses.replace(setup, enemies=enemies, salvage=salvage)
        checks = deck_checks(trial)
        if measure is not None:
            checks += crew_checks(measure(trial))
        failed = sum(c.status == FAIL for c in checks)
        if best is None or failed < sum(c.status == FAIL for c in best[1]):
            best = (trial, checks, k)
        if failed == 0:
            break
    assert best is not None
    return best


def archetype(card: SalvageCard) -> str:
    """Cards with the same rules text are one archetype ("weapon A4 reload", "upgrade engine
    +1")."""
    if card.kind == "weapon":
        return (f"weapon A{card.attack}" + (" reload" if card.reload else "")
                + (" reach" if card.reach else ""))
    if card.kind == "armor":
        return f"armor {card.armor}"
    if card.kind in ("gear", "upgrade"):
        return f"{card.kind} {card.stat if card.kind == 'gear' else card.room} +{card.bonus}"
    return "scrap"


def archetypes(setup: Setup) -> dict[str, SalvageCard]:
    """One card of each archetype of the Salvage deck, in deck order."""
    out: dict[str, SalvageCard] = {}
    for c in setup.salvage:
        if c.name != "Scrap Metal":
            out.setdefault(archetype(c), c)
    return out


def measure_salvage(setup: Setup, games: int, seed: int | str,
                    play_one: Callable[[Setup, int], bool]) -> dict[str, dict[str, Any]]:
    """Each archetype's value: the mean paired change in the win (1/0) when a plain crew
    (every member the rules.yaml one: "between equal crews") starts with one such card, game
    ``i`` played from the same seed with and without it (Newcombe's paired 95% CI), beside its Noise
    cost. ``play_one(setup, i)`` plays game ``i``: True on a win."""
    setup = dataclasses.replace(setup, crew_cards=(DEFAULT,) * setup.players)  # equal crews
    base = [play_one(setup, i) for i in range(games)]
    out = {}
    for name, card in archetypes(setup).items():
        trial = dataclasses.replace(setup, start_cards=(card,))
        est = paired_difference_ci([float(play_one(trial, i)) for i in range(games)],
                                   [float(b) for b in base])
        out[name] = {"value": est.to_dict(), "noise": card.noise,
                     "cards": sum(archetype(c) == name for c in setup.salvage)}
    return out


def measure_crew(setup: Setup, dashboards: dict[str, Dashboard], games: int,
                 play_one: Callable[[Setup, int], bool]) -> dict[str, dict[str, Any]]:
    """Each dashboard's win-rate effect: game ``i`` played by the plain crew and again with the
    dashboard in seat ``i mod crew`` (every role in turn), the mean paired change with
    Newcombe's paired 95% CI."""
    n = setup.players
    plain = dataclasses.replace(setup, crew_cards=(DEFAULT,) * n)
    base = [play_one(plain, i) for i in range(games)]
    out = {}
    for name, d in dashboards.items():
        got = []
        for i in range(games):
            cards = [DEFAULT] * n
            cards[i % n] = d
            trial = dataclasses.replace(setup, crew_cards=tuple(cards))
            got.append(float(play_one(trial, i)))
        est = paired_difference_ci(got, [float(b) for b in base])
        out[name] = {"effect": est.to_dict(), "health": d.health, "attack": d.attack,
                     "actions": d.actions, "abilities": list(d.abilities)}
    return out


#: Every dashboard's win-rate effect lies within this much of the 11 dashboards' mean effect.
CREW_BAND = 0.05


def crew_band_checks(effects: dict[str, dict[str, Any]]) -> list[Check]:
    """Each dashboard's measured effect (point estimate, its 95% CI shown) within
    ``CREW_BAND`` of the mean effect of all of them: no dashboard much better than another."""
    mean = sum(v["effect"]["value"] for v in effects.values()) / max(1, len(effects))
    return [check_band(f"crew dashboard {name} effect", Estimate(**v["effect"]),
                       mean - CREW_BAND, mean + CREW_BAND,
                       note=f"win-rate change vs the plain crew member; band: the mean "
                            f"{mean:+.3f} +- {CREW_BAND}")
            for name, v in effects.items()]


#: The pseudo-card that measures one Noise: an upgrade with no bonus and Noise 1.
NOISE_PROBE = SalvageCard(0, "Noise probe", "upgrade", stat="hull", bonus=0, room="multi",
                          noise=1)


def measure_upgrades(setup: Setup, games: int,
                     play_one: Callable[[Setup, int], bool]) -> dict[str, dict[str, Any]]:
    """The Noise retune's measures, between equal (plain) crews: the value of one Noise
    (``NOISE_PROBE``) and each upgrade archetype's gross value (the card with its Noise set
    to 0), paired games as ``measure_salvage``; beside each, the Noise cost the deck gives it."""
    plain = dataclasses.replace(setup, crew_cards=(DEFAULT,) * setup.players)
    base = [play_one(plain, i) for i in range(games)]
    probes = {"noise +1": NOISE_PROBE}
    probes.update({k: dataclasses.replace(c, noise=0) for k, c in archetypes(setup).items()
                   if c.kind == "upgrade"})
    cost = {k: c.noise for k, c in archetypes(setup).items()}
    out = {}
    for name, card in probes.items():
        trial = dataclasses.replace(plain, start_cards=(card,))
        est = paired_difference_ci([float(play_one(trial, i)) for i in range(games)],
                                   [float(b) for b in base])
        out[name] = {"gross": est.to_dict(), "noise": cost.get(name, 1)}
    return out


def noise_checks(measured: dict[str, dict[str, Any]]) -> list[Check]:
    """"A card's measured value tracks its Noise cost": each upgrade's Noise cost lies within
    its gross value's 95% interval measured in Noise (the interval's ends divided by the
    measured value of one Noise, each rounded to the nearest whole Noise), so it pays in Noise
    what its bonus is worth."""
    one = -measured["noise +1"]["gross"]["value"]
    out = []
    for name, m in measured.items():
        if name == "noise +1":
            continue
        g = m["gross"]
        if one <= 0:  # Noise measured as free: no cost can be tracked
            low, high = 0.0, 0.0
        else:
            low, high = (max(0.0, float(round(g["low"] / one))),
                         max(0.0, float(round(g["high"] / one))))
        out.append(check_band(f"{name}: Noise cost tracks its value", float(m["noise"]), low,
                              high, note=f"gross value {g['value']:+.3f} [{g['low']:+.3f}, "
                                         f"{g['high']:+.3f}], one Noise {-one:+.3f}"))
    return out
