"""The files of `pnp waste-knights board` and `session`: board.json, sheets, report.

Glue between the core (generate, metrics) and the backends (PDF, SVG, report); the commands
call these with an open :class:`pnp.output.Output`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp import __version__
from pnp.errors import PnpError
from pnp.games.waste_knights.data import default_catalogue, vehicle_speeds
from pnp.games.waste_knights.generate import MODES, Catalogue, generate_board
from pnp.games.waste_knights.hexes import VEHICLES, Board, board_to_dict
from pnp.games.waste_knights.metrics import (Analysis, Bands, analyse, city_spread,
                                             find_balanced)
from pnp.output import Output
from pnp.seed import seed_code


@dataclass(frozen=True)
class BoardResult:
    """A generated board, the tile set it came from, its analysis and how it was found."""

    board: Board
    tiles: Catalogue
    analysis: Analysis
    seed: int | str  # the seed asked for
    board_seed: int | str  # the seed the board was drawn from (a child seed after redraws)
    tries: int
    searched: bool

    def balance(self) -> dict[str, Any]:
        """The balance block of the manifest."""
        return {"passed": self.analysis.passed, "tries": self.tries,
                "board_seed": str(self.board_seed), "board_seed_code": seed_code(self.board_seed),
                "reject_unbalanced": self.searched, "bands": Bands().to_dict()}


def make_board(seed: int | str, mode: str = "session", *, reject_unbalanced: bool = False,
               max_tries: int = 1000, speeds: dict[str, int] | None = None) -> BoardResult:
    """Generate (and with ``reject_unbalanced`` redraw until it passes) a board."""
    if mode not in MODES:
        raise PnpError(f"unknown mode {mode!r} ({', '.join(MODES)})", field="mode")
    if max_tries < 1:
        raise PnpError(f"must be at least 1, got {max_tries}", field="max-tries")
    speeds = speeds or vehicle_speeds()
    cat = default_catalogue()
    if reject_unbalanced:
        search = find_balanced(seed, lambda s: generate_board(s, mode, cat)[0], speeds,
                               max_tries=max_tries)
        board_seed, tries = search.seed, search.tries
    else:
        board_seed, tries = seed, 1
    board, tiles = generate_board(board_seed, mode, cat)
    return BoardResult(board, tiles, analyse(board, speeds), seed, board_seed, tries,
                       reject_unbalanced)


def board_json(result: BoardResult) -> dict[str, Any]:
    """The board.json dict (hexes + metrics)."""
    return board_to_dict(result.board, result.analysis.metrics)


def write_board(out: Output, result: BoardResult) -> None:
    """board.json into ``out``."""
    out.write_json("board.json", board_json(result), "board")


def footer_text(result: BoardResult) -> str:
    """The footer printed on every sheet: seed code and pnp version."""
    return f"Waste Knights · seed {seed_code(result.board_seed)} · pnp {__version__}"


def write_session(out: Output, result: BoardResult, *, page: tuple[float, float],
                  flat: float = 60.0, bleed: float = 3.0, duplex: str = "long",
                  games: int = 200, jobs: int = 1) -> None:
    """Board (true-scale SVG/PDF and poster), tiles with backs, reference and setup sheets,
    balance report and board.json into ``out``."""
    from pnp.games.waste_knights import printables as P
    from pnp.layout.impose import nup, poster
    from pnp.layout.pdf import write_pdf
    from pnp.layout.svg import write_svg

    board, tiles = result.board, result.tiles
    footer = footer_text(result)
    drawing = P.board_drawing(board, tiles, flat=flat, footer=footer)
    write_svg(drawing, out.path("board.svg", "board"))
    write_pdf([drawing], out.path("board.pdf", "board"), title="Waste Knights board")
    write_pdf(poster(drawing, page, footer=footer), out.path("board-tiled.pdf", "board"),
              title="Waste Knights board (tiled)")
    comps = P.tile_components(board, tiles, flat=flat, bleed=bleed)
    write_pdf(nup(comps, page, bleed=bleed, duplex=duplex, footer=footer),
              out.path("hex-tiles.pdf", "tiles"), title="Waste Knights hex tiles")
    write_pdf(P.reference_pages(board, tiles, page, footer), out.path("reference.pdf", "sheet"),
              title="Waste Knights reference sheet")
    a = result.analysis
    note = (f"Balance: {'passed' if a.passed else 'FAILED'} "
            f"({sum(c['passed'] for c in a.checks)} of {len(a.checks)} checks passed)"
            + (f" after {result.tries} tries (child seed of {seed_code(result.seed)})"
               if result.searched and result.tries > 1 else "") + ".")
    write_pdf([P.setup_page(board, page, footer, code=seed_code(result.board_seed),
                            notes=[note], metrics=a.metrics)],
              out.path("setup.pdf", "sheet"), title="Waste Knights setup sheet")
    from pnp.report import write_report

    write_report(out.path("report.html", "report"), "Waste Knights board balance",
                 report_sections(result, games=games, jobs=jobs),
                 subtitle=f"seed {seed_code(result.board_seed)} · mode {board.mode}")
    write_board(out, result)


def report_sections(result: BoardResult, *, games: int = 200, jobs: int = 1,
                    peers: int = 200) -> list[dict[str, Any]]:
    """Balance report sections: checks, routes per vehicle, spread, reachability, peers, tours."""
    from pnp.seed import child_seed

    a, board = result.analysis, result.board
    checks = [{"name": c["name"], "value": c["value"], "low": c["value"], "high": c["value"],
               "band_low": c["band_low"], "band_high": c["band_high"], "passed": c["passed"]}
              for c in a.checks]
    intro = (f"Board of seed {seed_code(result.board_seed)} ({board.mode} mode)."
             + (f" Found by --reject-unbalanced after {result.tries} tries, starting from seed "
                f"{seed_code(result.seed)}; each redraw uses the next child seed."
                if result.searched else "")
             + " Movement Points: least total route difficulty from Gangraen [1] (the start hex"
             " is ignored); Fuel = Movement Points / vehicle speed, rounded up, at least 1;"
             " threat: Threat icons on that route (each draws 1 extra wasteland card).")
    sections: list[dict[str, Any]] = [{"heading": "Balance checks", "text": intro,
                                       "checks": checks}]
    names = list(a.metrics["strider"])
    rows = []
    for name in names:
        row: dict[str, Any] = {"destination": name,
                               "movement points": a.metrics["strider"][name]["movement_points"],
                               "threat": a.metrics["strider"][name]["threat"],
                               "wasteland cards drawn": 1 + a.metrics["strider"][name]["threat"]}
        for v in VEHICLES:
            row[f"fuel {v}"] = a.metrics[v][name]["fuel"]
        rows.append(row)
    sections.append({"heading": "Cheapest routes from Gangraen", "table": rows,
                     "chart": {"kind": "bar", "x": names,
                               "series": {v: [a.metrics[v][n]["fuel"] for n in names]
                                          for v in VEHICLES},
                               "ylabel": "Fuel", "title": "Least Fuel from Gangraen"}})
    sections.append({"heading": "Spread between cities",
                     "text": f"Outer cities from Gangraen: spread {a.city_spread_mp} Movement "
                             "Points (farthest minus nearest). Least Movement Points between "
                             "each pair of outer cities below.",
                     "table": [{"cities": k, "movement points": v}
                               for k, v in a.city_pairs_mp.items()],
                     "chart": {"kind": "bar", "x": list(a.city_mp), "y": list(a.city_mp.values()),
                               "ylabel": "Movement Points", "title": "Gangraen to each city"}})
    reach = [{"vehicle": v, "most rounds to a hex": max(a.rounds[v].values()),
              "hexes beyond the band": ", ".join(a.beyond[v]) or "none"} for v in VEHICLES]
    sections.append({"heading": "Hexes out of reach",
                     "text": "Rounds (moves) a knight leaving Gangraen with 4 Fuel and no "
                             "resupply needs to stand on each hex, by vehicle or on foot.",
                     "table": reach})
    band = Bands().max_city_spread_mp
    cat = default_catalogue()
    spreads = [city_spread(generate_board(child_seed(result.seed, "peer", i), board.mode, cat)[0])
               for i in range(peers)]  # where this board sits among boards of other seeds
    sections.append({"heading": f"City spread over {peers} other boards",
                     "text": f"This board: {a.city_spread_mp}. Share of peer boards within the "
                             f"band: {sum(s <= band for s in spreads) / peers:.0%}.",
                     "chart": {"kind": "hist", "values": spreads, "xlabel": "city spread (MP)",
                               "band": [0, band]}})
    sections += _tour_sections(board, result.board_seed, games, jobs)
    return sections


def _tour_sections(board: Board, seed: int | str, games: int, jobs: int) -> list[dict[str, Any]]:
    """The tour simulation's sections (none with ``games`` 0)."""
    if games <= 0:
        return []
    from pnp.games.waste_knights import simulate

    result = simulate.tour_report(board, vehicle_speeds(), games, seed, jobs=jobs)
    return simulate.report_sections(result)
