"""Salvage packs: `pnp salvage field` (field.json, the board at true size and tiled) and
`pnp salvage session` (the playtest pack: board, mods deck, player aid, score sheet, tokens,
balance report)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp import limits
from pnp.errors import PnpError
from pnp.games.salvage.field import (
    DEFAULT_DENSITY,
    DEFAULT_NODES,
    Field,
    generate_field,
    route_report,
)
from pnp.games.salvage.field_file import field_problems, field_to_dict
from pnp.games.salvage.tokens import mob_tokens, scrap_tokens
from pnp.pack import Cards, Json, Pack, Pages, Poster, PrintOptions, Report, footer
from pnp.seed import seed_code
from pnp.sim.stats import check_band, fmt_estimate

TITLE = "Salvage"


def field_of(seed: int | str, options: Mapping[str, Any]) -> Field:
    """The session field of ``seed`` with the ``nodes`` and ``density`` options (None: default)."""
    nodes = options.get("nodes")
    density = options.get("density")
    return generate_field(seed, nodes=DEFAULT_NODES if nodes is None else int(nodes),
                          density=DEFAULT_DENSITY if density is None else float(density))


def field_summary(field: Field) -> str:
    """One line: the field's size and the moves from each home base."""
    seat = route_report(field)["seats"][0]
    moves = ", ".join(str(m) for m in seat["moves_to_wreck_sites"])
    return (f"Field: {len(field.nodes)} nodes, {len(field.edges)} edges; from each home base "
            f"the wreck sites are {moves} moves away, the enemy camp "
            f"{seat['moves_to_enemy_camp']}.")


def field_files(field: Field, seed: int | str) -> list[Json | Pages | Poster]:
    """field.json, the board at true size (one page its size) and tiled over pages."""
    from pnp.games.salvage.printables import field_drawing  # drawing: only when printing

    drawing = field_drawing(field, footer=footer(TITLE, seed))
    return [Json("field.json", field_to_dict(field), kind="field"),
            Pages("field.pdf", f"{TITLE} field", [drawing], kind="board"),
            Poster("field-tiled.pdf", f"{TITLE} field (tiled)", drawing, kind="board")]


def field_pack(seed: int | str, options: Mapping[str, Any], print_opts: PrintOptions) -> Pack:
    """`pnp salvage field`: field.json, field.pdf, field-tiled.pdf; ``print_opts.page`` tiles."""
    field = field_of(seed, options)
    report = route_report(field)
    return Pack(title=TITLE, seed=seed, files=field_files(field, seed),
                manifest={"field": {"nodes": len(field.nodes), "edges": len(field.edges),
                                    "density": DEFAULT_DENSITY if options.get("density") is None
                                    else float(options["density"]),
                                    "page": list(print_opts.page), "routes": report}},
                notes=[field_summary(field)])


def session_pack(setup: Any, seed: int | str, options: Mapping[str, Any], games: int,
                 jobs: int | None, print_opts: PrintOptions) -> Pack:
    """`pnp salvage session`: the playtest pack of ``setup`` (simulate.Setup); ``games`` 0: no
    simulation in the report."""
    from pnp.games.salvage.sheets import (
        mod_components,
        player_aid,
        score_sheet,
        token_components,
    )

    strength_games = int(options.get("strength_games") or 0)
    if strength_games < 0:  # refused before any game is played
        raise PnpError(f"must be 0 or more, got {strength_games}", field="strength-games")
    limits.check("games", strength_games, field="strength-games",
                 what="games per pair of players")
    field, config = setup.field, setup.config
    foot = footer(TITLE, seed)
    problems = field_problems(field)
    checks = [check_band("field problems", float(len(problems)), 0, 0,
                         note="; ".join(problems)).to_dict()]
    sections: list[dict[str, Any]] = []
    scrap = scrap_tokens(config)
    if games > 0:
        doc = _simulation(setup, games, seed, jobs)
        scrap = {int(m): k for m, k in doc["scrap_tokens"].items()}
        sections = report_sections(doc)
        checks = list(doc.get("checks", [])) + checks
    extra: list[Json] = []
    notes = [field_summary(field)]
    if strength_games > 0:
        from pnp.games.salvage.strength import strength_checks, strength_lines, strength_matrix

        strengths = strength_matrix(setup, strength_games, seed, jobs=jobs)
        found = [c.to_dict() for c in strength_checks(strengths)]
        sections.append(strength_section(strengths, found))
        checks = found + checks
        extra.append(Json("strengths.json", strengths))
        notes += strength_lines(strengths)
    sections.append({"heading": "Field", "text": field_summary(field)
                     + ("\n\nProblems: " + "; ".join(problems) if problems else ""),
                     "checks": checks[-1:]})
    fields = field_files(field, seed)
    shown = next(f.drawing for f in fields if isinstance(f, Poster))  # as field.pdf prints it
    files = [*fields,
             Cards("mods.pdf", f"{TITLE} mods", mod_components(setup.mods, config,
                                                               code=seed_code(seed))),
             Pages("player-aid.pdf", f"{TITLE} player aid", [player_aid(config, print_opts.page,
                                                                         foot)]),
             Pages("score-sheet.pdf", f"{TITLE} score sheet",
                   [score_sheet(config, print_opts.page, foot)]),
             Cards("tokens.pdf", f"{TITLE} tokens", token_components(
                 config, mob_tokens(config, sum(n.kind == "field" for n in field.nodes)),
                 scrap)),
             *extra,
             Report("report.html", f"{TITLE} balance report",
                    [{"heading": "The field", "drawing": shown}, *sections],
                    subtitle=f"seed {seed_code(seed)} · {games} games · "
                             f"{' vs '.join(setup.bots)}")]
    manifest = {"field": {"summary": field_summary(field), "routes": route_report(field),
                          "nodes": len(field.nodes), "edges": len(field.edges)},
                "games": games, "bots": list(setup.bots), "options": {
                    k: v for k, v in sorted(options.items()) if v is not None}}
    return Pack(title=TITLE, seed=seed, files=files, checks=checks, manifest=manifest,
                notes=notes)


def strength_section(doc: Mapping[str, Any], checks: list[dict[str, Any]]) -> dict[str, Any]:
    """The report's table of computer players: each one's win rate against each other one."""
    from pnp.games.salvage.strength import pair_rate

    names = doc["players"]
    table = []
    for a in names:
        row: dict[str, Any] = {"player": a}
        for b in names:
            rate = None if a == b else pair_rate(doc, a, b)
            row[b] = _est(rate) if rate else "-"
        table.append(row)
    return {"heading": "Computer players",
            "text": f"Win rate of the row player against the column player (95% CI), "
                    f"{doc['games_per_pair']} games a pair, each seat first in half of them on "
                    f"the same dice.",
            "table": table, "checks": checks}


def _simulation(setup: Any, games: int, seed: int | str, jobs: int | None) -> dict[str, Any]:
    from pnp.games.salvage import GAME  # lazy: the package imports this module's users
    from pnp.sim.play import simulate

    return simulate(GAME, setup, games, seed, jobs=jobs)


def _est(e: Mapping[str, Any]) -> str:
    return fmt_estimate(e)


def report_sections(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The balance report's sections from a ``simulate --json`` document."""
    seats = doc["win_rate_by_seat"]
    types = doc["win_types"]
    pct = doc["rounds"]["percentiles"]
    mods = doc["mods"]
    return [
        {"heading": "Seat win rates",
         "text": f"{doc['games']} games, {' vs '.join(doc['bots'])}, on the {doc['field']} "
                 f"({doc['nodes']} nodes). Seat 1 plays first: its win rate is the first "
                 f"player's advantage (95% confidence intervals).",
         "table": [{"seat": s + 1, "win rate [95% CI]": _est(e)} for s, e in enumerate(seats)],
         "chart": {"kind": "bar", "x": ["seat 1", "seat 2"], "y": [e["value"] for e in seats],
                   "low": [e["low"] for e in seats], "high": [e["high"] for e in seats],
                   "ylabel": "win rate", "title": "Seat win rates (95% CI)", "fair": 0.5}},
        {"heading": "How games are won",
         "table": [{"win type": t, "share [95% CI]": _est(e)} for t, e in types.items()],
         "chart": {"kind": "bar", "x": list(types), "y": [e["value"] for e in types.values()],
                   "low": [e["low"] for e in types.values()],
                   "high": [e["high"] for e in types.values()], "ylabel": "share of games",
                   "title": "Win types (95% CI)"}},
        {"heading": "Rounds, collapses and clashes",
         "table": [{"measure": "rounds", "per game [95% CI]": _est(doc["rounds"]["mean"]),
                    "5/50/95%": f"{pct['5']:g} / {pct['50']:g} / {pct['95']:g}"},
                   {"measure": "collapses", "per game [95% CI]": _est(doc["collapses_per_game"]),
                    "5/50/95%": ""},
                   {"measure": "clashes", "per game [95% CI]": _est(doc["clashes_per_game"]),
                    "5/50/95%": ""}]},
        {"heading": "Mods",
         "text": "Installs per game, and the win rate of the seat that installed the mod, "
                 "against the band its printed score leads one to expect (the line through "
                 "the other mods' installers, +-0.15): a mod whose installer wins far above or "
                 "below it fails (its score is not its worth).",
         "table": [{"mod": name, "installs per game": m["per_game"],
                    "win rate [95% CI]": _est(m["win_rate"]) if m["win_rate"] else "-",
                    "expected": (f"{m['expected'][0]:.3f} - {m['expected'][1]:.3f}"
                                 if "expected" in m else "-"),
                    "check": m.get("status", "-")}
                   for name, m in mods.items()],
         "checks": [c for c in doc.get("checks", [])
                    if c["name"] == "mods: installer win rate vs printed score"]},
        {"heading": "Checks", "checks": list(doc.get("checks", []))},
    ]
