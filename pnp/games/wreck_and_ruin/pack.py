"""Wreck and Ruin packs: `pnp wreck-and-ruin map` (map.json, the map, the setup sheet) and
`session` (the playtest pack: tiles, map, tokens, the round tracker and its bullet, cards, guides,
reference and setup sheets, balance report)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.games.wreck_and_ruin.board import Board, board_document, generate_board
from pnp.games.wreck_and_ruin.odds import ram_table, shoot_table
from pnp.games.wreck_and_ruin.rules import Config
from pnp.pack import Cards, Csv, Json, Pack, Pages, Poster, PrintOptions, Report, footer
from pnp.seed import seed_code
from pnp.sim.stats import check_band, fmt_estimate

TITLE = "Wreck and Ruin"


def fairness_check(board: Board, config: Config) -> dict[str, Any]:
    """The map's fairness as a check: the larger seat spread against the declared margin."""
    fair = board.extra.get("fairness") or {}
    spread = max((fair.get("spread") or {"": 0.0}).values())
    return check_band("map fairness: AP spread between seats", float(spread), 0.0,
                      config.margin_ap, note="buggy AP from each setup area to the central "
                      "tile and to its token places").to_dict()


def fairness_line(board: Board) -> str:
    """One line: the seats' AP to the centre and the spread."""
    fair = board.extra.get("fairness") or {}
    seats = "; ".join(f"seat {s + 1} {f['to_centre_ap']:.2f}/{f['to_tokens_ap']:.2f}"
                      for s, f in enumerate(fair.get("seats", [])))
    return (f"Map: {board.players} players; buggy AP to the centre/its token places: {seats}"
            f" (spread {max(fair.get('spread', {'': 0}).values()):.2f}, margin "
            f"{fair.get('margin_ap', 0):.2f} AP)")


def map_files(board: Board, config: Config, seed: int | str, page: tuple[float, float],
              tiles: tuple[Any, ...]) -> list[Any]:
    """map.json, tiles.json, the map at true size (tiled over pages) and the setup sheet."""
    from pnp.games.wreck_and_ruin.printables import map_drawing
    from pnp.games.wreck_and_ruin.sheets import setup_sheet
    from pnp.games.wreck_and_ruin.tiles import tiles_to_dict

    foot = footer(TITLE, seed)
    return [Json("map.json", board_document(board), kind="map"),
            Json("tiles.json", tiles_to_dict(tiles), kind="tiles"),
            Poster("map-tiled.pdf", f"{TITLE} map (tiled)",
                   map_drawing(board, footer=foot, title=f"{TITLE}: session map"),
                   kind="board"),
            Pages("setup-sheet.pdf", f"{TITLE} setup sheet",
                  [setup_sheet(board, config, page, foot)])]


def map_pack(seed: int | str, players: int, config: Config, tiles: tuple[Any, ...],
             print_opts: PrintOptions = PrintOptions()) -> Pack:
    """`pnp wreck-and-ruin map`."""
    board = generate_board(seed, players, config, tiles)
    return Pack(title=TITLE, seed=seed,
                files=map_files(board, config, seed, print_opts.page, tiles),
                checks=[fairness_check(board, config)],
                manifest={"map": {"players": players, "fairness": board.extra["fairness"],
                                  "attempts": board.extra["attempts"]}},
                notes=[fairness_line(board)])


def session_pack(setup: Any, seed: int | str, options: Mapping[str, Any], games: int,
                 jobs: int | None, print_opts: PrintOptions) -> Pack:
    """`pnp wreck-and-ruin session`: the playtest pack of ``setup`` (simulate.Setup)."""
    from pnp.games.wreck_and_ruin.printables import (
        TOKEN_BLEED,
        card_components,
        faction_components,
        tile_components,
        token_components,
        tracker_components,
    )
    from pnp.games.wreck_and_ruin.sheets import guide_pages, reference_sheet

    board, config, tiles = setup.board, setup.config, setup.tiles
    foot = footer(TITLE, seed)
    token_bleed = min(print_opts.bleed, TOKEN_BLEED)
    checks = [fairness_check(board, config)]
    sections: list[dict[str, Any]] = []
    if games > 0:
        doc = _simulation(setup, games, seed, jobs)
        sections = report_sections(doc)
        checks = list(doc.get("checks", [])) + checks
    sections += odds_sections(config)
    sections.append({"heading": "Map", "text": fairness_line(board), "checks": checks[-1:]})
    guides = [p for seat in range(setup.players)
              for p in guide_pages(config, seat, print_opts.page, foot)]
    maps = map_files(board, config, seed, print_opts.page, tiles)
    # the report shows the map as map-tiled.pdf prints it
    shown = next(f.drawing for f in maps if isinstance(f, Poster))
    files = [*maps, *odds_files(config),
             Cards("tiles.pdf", f"{TITLE} board tiles", tile_components(tiles, print_opts.bleed)),
             Cards("tokens.pdf", f"{TITLE} tokens",
                   token_components(config, setup.players, token_bleed), bleed=token_bleed),
             Cards("tracker.pdf", f"{TITLE} round tracker and bullet token",
                   tracker_components(config, print_opts.bleed)),
             Cards("events.pdf", f"{TITLE} event deck", card_components(setup.events)),
             Cards("salvage.pdf", f"{TITLE} salvage deck", card_components(setup.salvage)),
             Cards("factions.pdf", f"{TITLE} faction cards",
                   faction_components(setup.factions)),
             Pages("guides.pdf", f"{TITLE} wasteland guides", guides),
             Pages("reference.pdf", f"{TITLE} reference",
                   [reference_sheet(config, setup.players, print_opts.page, foot)]),
             Report("report.html", f"{TITLE} balance report",
                    [{"heading": "The map", "drawing": shown}, *sections],
                    subtitle=f"seed {seed_code(seed)} · {games} games · "
                             f"{' vs '.join(setup.bots)}")]
    manifest = {"map": {"players": setup.players, "fairness": board.extra.get("fairness")},
                "games": games, "bots": list(setup.bots),
                "options": {k: v for k, v in sorted(options.items()) if v is not None}}
    return Pack(title=TITLE, seed=seed, files=files, checks=checks, manifest=manifest,
                notes=[fairness_line(board)])


def _simulation(setup: Any, games: int, seed: int | str, jobs: int | None) -> dict[str, Any]:
    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import simulate

    return simulate(GAME, setup, games, seed, jobs=jobs)


def report_sections(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The balance report's sections from a ``simulate --json`` document."""
    seats = doc["win_rate_by_seat"]
    names = [f"seat {s + 1}" for s in range(len(seats))]
    return [
        {"heading": "Seat win rates",
         "text": f"{doc['games']} games, {' vs '.join(doc['bots'])}, {doc['map']}. Seat 1 "
                 f"plays first; a shared win counts a share (95% confidence intervals).",
         "table": [{"seat": s + 1, "win rate [95% CI]": fmt_estimate(e)}
                   for s, e in enumerate(seats)],
         "chart": {"kind": "bar", "x": names, "y": [e["value"] for e in seats],
                   "low": [e["low"] for e in seats], "high": [e["high"] for e in seats],
                   "ylabel": "win rate", "title": "Seat win rates (95% CI)",
                   "fair": 1 / len(seats)}},
        {"heading": "Game",
         "table": [{"measure": m, "[95% CI]": fmt_estimate(doc[k], 2)} for m, k in (
             ("tie-break on least DP decides", "tie_break_decides"),
             ("shared wins", "shared_wins"), ("sites scored per game", "sites_per_game"),
             ("vehicles wrecked per game", "wrecks_per_game"),
             ("final push played", "final_push"))]},
        {"heading": "Faction cards",
         "text": "Each faction card's holder: games it was drawn and the holder's win rate "
                 "apart from the seats (the mean of its rates in each seat; the vehicles are "
                 "identical, so the faction cards and the seats decide). Declared band: a "
                 "fair share +-0.10.",
         "table": [{"card": name, "games": v["games"],
                    "holder's win rate, seats taken out [95% CI]":
                        fmt_estimate(v["win_rate"])}
                   for name, v in doc.get("faction_cards", {}).items()]},
        *_balance_sections(doc),
        {"heading": "Checks", "checks": list(doc.get("checks", []))},
    ]


def _balance_sections(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Faction win rates apart from seats, and each salvage card's effect on its holder."""
    factions = doc.get("win_rate_by_faction") or {}
    cards = doc.get("salvage_cards") or {}
    out: list[dict[str, Any]] = []
    if factions:
        names = list(factions)
        rates = [factions[n]["win_rate"] for n in names]
        out.append({
            "heading": "Faction win rates",
            "text": "Factions are dealt to seats at random; each faction's win rate is the mean "
                    "of its win rates in each seat, so the seats are taken out (95% CI).",
            "table": [{"faction": n, "games by seat": " / ".join(
                map(str, factions[n]["games_by_seat"])),
                "win rate [95% CI]": fmt_estimate(factions[n]["win_rate"])} for n in names],
            "chart": {"kind": "bar", "x": names, "y": [e["value"] for e in rates],
                      "low": [e["low"] for e in rates], "high": [e["high"] for e in rates],
                      "ylabel": "win rate", "title": "Faction win rates (95% CI)"}})
    if cards:
        out.append({
            "heading": "Salvage cards",
            "text": "Per card: the seats dealt it at the start against the seats not dealt it "
                    "(the deal is random), the difference in win rate with its 95% CI "
                    "(Newcombe); PASS inside the band, FAIL wholly outside, else UNDECIDED.",
            "table": [{"card": n, "dealt": v["dealt"],
                       "holder minus rest [95% CI]": fmt_estimate(v["difference"]),
                       "band": v["status"]}
                      for n, v in cards.items()]})
    return out


ODDS_FILES = ("odds.json", "odds-shooting.csv", "odds-ramming.csv")


def odds_files(config: Config) -> list[Json | Csv]:
    """The full odds tables (every shooter x target x front/rear, every ram) as JSON and CSV:
    the report shows them as heat maps."""
    shots, rams = shoot_table(config), ram_table(config)
    return [Json(ODDS_FILES[0], {"shooting": shots, "ramming": rams}, kind="odds"),
            Csv(ODDS_FILES[1], shots), Csv(ODDS_FILES[2], rams)]


def _heat(rows: list[dict[str, Any]], who: str, key: str) -> dict[str, Any]:
    """A heat map of ``key``: a row per ``who`` (shooter, attacker), a column per target and
    side (front, rear)."""
    names = list(dict.fromkeys(r[who] for r in rows))
    columns = list(dict.fromkeys((r["target"], r["rear"]) for r in rows))
    value = {(r[who], r["target"], r["rear"]): r[key] for r in rows}
    return {"kind": "heatmap", "y": names,
            "x": [f"{t} {'rear' if rear else 'front'}" for t, rear in columns],
            "z": [[value.get((n, t, rear), float("nan")) for t, rear in columns]
                  for n in names], "vmin": 0.0, "vmax": 1.0}


def odds_sections(config: Config) -> list[dict[str, Any]]:
    """The exact odds of a shot and a ram as heat maps (the full tables: ``odds_files``)."""
    shots = shoot_table(config)
    rams = ram_table(config)
    return [
        {"heading": "Shooting odds (exact)",
         "text": "The chance of at least one hit in one attack on an undamaged target "
                 "(exploding 6s), shooter by target, from the front or the rear. Expected hits "
                 f"and the chance of a wreck for every pair: {ODDS_FILES[0]} and "
                 f"{ODDS_FILES[1]}.",
         "chart": {**_heat(shots, "shooter", "at_least_1"), "xlabel": "target",
                   "ylabel": "shooter", "zlabel": "P(at least one hit)",
                   "title": "Chance of at least one hit"}},
        {"heading": "Ramming odds (exact)",
         "text": "The chance the attacker wins a ram (a higher score or a tie), attacker by "
                 "target, from the front or the rear. Push and DP expected each side for every "
                 f"pair: {ODDS_FILES[0]} and {ODDS_FILES[2]}.",
         "chart": {**_heat(rams, "attacker", "attacker_wins"), "xlabel": "target",
                   "ylabel": "attacker", "zlabel": "P(attacker wins)",
                   "title": "Chance the attacker wins a ram"}},
    ]
