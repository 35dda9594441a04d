"""`pnp waste-of-parts session`: the playtest pack (Mech board, reference sheet, Enemy cards
with a back per level, Salvage cards, decks.json and the balance report)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.games.waste_of_parts.balance import deck_checks, decks_document
from pnp.pack import Cards, Json, Pack, Pages, Poster, PrintOptions, Report, footer
from pnp.seed import seed_code
from pnp.sim.stats import fmt_estimate

TITLE = "The Waste of Parts"


def session_pack(setup: Any, seed: int | str, options: Mapping[str, Any], games: int,
                 jobs: int | None, print_opts: PrintOptions) -> Pack:
    from pnp.games.waste_of_parts import GAME
    from pnp.games.waste_of_parts.boss import harrow_document
    from pnp.games.waste_of_parts.cards import event_deck, event_document
    from pnp.games.waste_of_parts.crew_mats import crew_mats
    from pnp.games.waste_of_parts.printables import (
        boss_components,
        event_components,
        token_components,
    )
    from pnp.games.waste_of_parts.scourge import scourge_document
    from pnp.games.waste_of_parts.sheets import (
        enemy_components,
        enemy_tracker,
        mech_board,
        mech_tracker,
        overlays,
        reference_sheet,
        salvage_components,
        standee_chits,
    )
    from pnp.games.waste_of_parts.simulate import boss_decks
    from pnp.sim.play import simulate

    cfg, code, foot = setup.config, seed_code(seed), footer(TITLE, seed)
    checks = [c.to_dict() for c in deck_checks(setup)]
    sections: list[dict[str, Any]] = []
    if games > 0:
        doc = simulate(GAME, setup, games, seed, jobs=jobs)
        checks = list(doc["checks"]) + checks
        sections.append({
            "heading": "The crew's games",
            "text": f"{games} games of {setup.players} crew, {', '.join(setup.bots)} (95% CI).",
            "table": [{"measure": "win rate", "value": fmt_estimate(doc["win_rate"])}]
            + ([{"measure": f"win without Boss (the {setup.boss}: win rate is with style)",
                 "value": fmt_estimate(doc["standard_win_rate"])}] if setup.boss else [])
            + [{"measure": c, "value": fmt_estimate(e)} for c, e in doc["causes"].items()]
            + [{"measure": f"reached Distance {m}",
                "value": fmt_estimate(doc["reached_distance"][m])}
               for m in doc["reached_distance"]],
            "chart": {"kind": "bar", "x": [f"Distance {m}" for m in doc["reached_distance"]],
                      "y": [e["value"] for e in doc["reached_distance"].values()],
                      "low": [e["low"] for e in doc["reached_distance"].values()],
                      "high": [e["high"] for e in doc["reached_distance"].values()],
                      "ylabel": "share of games", "title": "Milestones reached (95% CI)"}})
        curve = doc["enemies_aboard_by_round_ci"]
        sections.append({
            "heading": "Enemies aboard over time",
            "text": "Mean Enemies aboard at the end of each round, over the games still "
                    "running then, with its 95% interval (shaded); the table gives how many "
                    "games each mean rests on: late rounds rest on few.",
            "table": [{"round": k + 1, "games still running": e["n"],
                       "Enemies aboard [95% CI]": fmt_estimate(e, 2)}
                      for k, e in enumerate(curve) if k % 5 == 4 or k == len(curve) - 1],
            "chart": {"kind": "line", "x": list(range(1, len(curve) + 1)),
                      "y": [e["value"] for e in curve], "low": [e["low"] for e in curve],
                      "high": [e["high"] for e in curve],
                      "xlabel": "round", "ylabel": "Enemies aboard",
                      "title": "Enemies aboard by round (95% CI)"}})
    sections.append({"heading": "Checks", "checks": checks})
    mech = mech_board(cfg)  # printed tiled, and shown in the report
    files: list[Any] = [
        Poster("mech-board.pdf", f"{TITLE} Mech board (true size, tiled)", mech),
        Pages("reference.pdf", f"{TITLE} reference", [reference_sheet(cfg, print_opts.page,
                                                                      foot)]),
        Pages("trackers.pdf", f"{TITLE} Mech Tracker and Enemy Tracker",
              [mech_tracker(cfg, print_opts.page, foot), enemy_tracker(cfg, print_opts.page,
                                                                       foot)]),
        Pages("tokens.pdf", f"{TITLE} room overlays and standee chits",
              [*overlays(cfg, print_opts.page, foot), standee_chits(cfg, print_opts.page, foot)]),
        Pages("crew-mats.pdf", f"{TITLE} crew mats (the {len(setup.dashboards)} dashboards)",
              crew_mats(setup.dashboards, cfg, print_opts.page, foot)),
        Cards("enemies.pdf", f"{TITLE} Enemy cards", enemy_components(setup.enemies, cfg, code)),
        Cards("salvage.pdf", f"{TITLE} Salvage cards", salvage_components(setup.salvage, code)),
        # The set-aside cards, whichever Boss and Events this run plays.
        Cards("bosses.pdf", f"{TITLE} Boss, Boss AI, Tentacle and Search cards",
              boss_components(cfg, boss_decks(cfg, seed, "harrow"),
                              boss_decks(cfg, seed, "scourge"), code)),
        Cards("events.pdf", f"{TITLE} Event cards", event_components(event_deck(), code)),
        Cards("token-cards.pdf", f"{TITLE} Token cards (Defense Drone, Lesser Ooze, "
              f"reverse-art gun upgrades)", token_components(cfg, code)),
        Json("decks.json", {**decks_document(setup), "harrow": harrow_document(cfg, seed),
                            "scourge": scourge_document(cfg, seed),
                            "events": event_document()}),
        Report("report.html", f"{TITLE} balance report",
               [{"heading": "The Mech board", "drawing": mech}, *sections],
               subtitle=f"seed {code} · {games} games · {setup.players} crew"),
    ]
    return Pack(title=TITLE, seed=seed, files=files, checks=checks,
                manifest={"games": games, "crew": setup.players, "bots": list(setup.bots)})
