"""The packs of `pnp waste-knights board` and `session`: board.json, sheets, tiles, report.

Glue between the core (generate, metrics, the tour simulator) and the printables: it returns a
``pnp.pack.Pack`` (what to write), and ``pnp.pack_writer`` writes it; nothing here touches files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.data import (
    default_catalogue,
    stalls_spaces,
    vehicle_capacities,
    vehicle_speeds,
    wasteland_deck,
)
from pnp.games.waste_knights.generate import MODES, Catalogue, generate_board
from pnp.games.waste_knights.hexes import VEHICLES, Board, board_to_dict
from pnp.games.waste_knights.metrics import Analysis, Bands, analyse, city_spread, find_balanced
from pnp.pack import Cards, Json, Pack, Pages, Poster, PrintOptions, Report, Svg, footer
from pnp.seed import child_seed, seed_code
from pnp.sim.stats import FAIL, Check

if TYPE_CHECKING:
    from pnp.games.waste_knights.simulate import Setup

TITLE = "Waste Knights"
#: Exit code when --reject-unbalanced finds no board inside the bands, or a check of the
#: session fails with it (files are still written; 2 stays "bad input", 1 a crash): --strict's.
EXIT_UNBALANCED = 3
HEX_SIZES = (20.0, 150.0)  # --hex-size, mm across the flats
PEERS = 200  # boards of other seeds the report compares the city spread with


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

    @property
    def checks(self) -> list[Check]:
        """The balance checks (one ``Check`` per band)."""
        return board_checks(self.analysis)

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def balance(self) -> dict[str, Any]:
        """The balance block of the manifest."""
        return {"passed": self.passed, "tries": self.tries,
                "board_seed": str(self.board_seed), "board_seed_code": seed_code(self.board_seed),
                "reject_unbalanced": self.searched, "bands": Bands().to_dict()}

    def summary(self) -> str:
        """One line: the board's seed code and mode, tries of the search (the checks are in
        the command's one verdict line)."""
        return (f"board {seed_code(self.board_seed)} ({self.board.mode})"
                + (f": found in {self.tries} tries" if self.searched else ""))

    def warnings(self) -> list[str]:
        """Why the command fails after writing: the search found no balanced board."""
        if not self.searched or self.passed:
            return []
        failed = sum(not c.passed for c in self.checks)
        return [f"no board passed in {self.tries} tries; wrote the best one (seed "
                f"{seed_code(self.board_seed)}, {failed} check{'s' if failed > 1 else ''} "
                "failed)"]


def board_checks(analysis: Analysis) -> list[Check]:
    """The board's measurements against their bands, as the one ``Check`` type."""
    return list(analysis.checks)


def make_board(seed: int | str, mode: str = "session", *, reject_unbalanced: bool = False,
               max_tries: int = 1000) -> BoardResult:
    """Generate (and with ``reject_unbalanced`` redraw until it passes) a board."""
    if mode not in MODES:
        raise PnpError(f"unknown mode {mode!r} ({', '.join(MODES)})", field="mode")
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise PnpError(f"must be at least 1, got {max_tries}", field="max-tries")
    # make_setup and the session pack both ask for the board: the search runs once.
    return _make_board(seed, mode, bool(reject_unbalanced), max_tries)


@lru_cache(maxsize=8)
def _make_board(seed: int | str, mode: str, reject_unbalanced: bool,
                max_tries: int) -> BoardResult:
    speeds = vehicle_speeds()
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


def _board_options(seed: int | str, options: Mapping[str, Any]) -> BoardResult:
    return make_board(seed, str(options.get("mode") or "session"),
                      reject_unbalanced=bool(options.get("reject_unbalanced")),
                      max_tries=options.get("max_tries", 1000))


def board_json(result: BoardResult) -> dict[str, Any]:
    """The board.json dict (hexes + metrics)."""
    return board_to_dict(result.board, result.analysis.metrics)


def _pack(result: BoardResult, files: list[Any]) -> Pack:
    """A pack of ``files`` with the board's checks, balance block and search outcome."""
    warnings = result.warnings()
    pack = Pack(title=TITLE, seed=result.board_seed, files=files,
                checks=[c.to_dict() for c in result.checks],
                manifest={"balance": result.balance()}, notes=[result.summary()],
                warnings=warnings, exit_code=EXIT_UNBALANCED if warnings else 0)
    if result.searched and pack.verdict().status == FAIL:  # --reject-unbalanced: --strict
        return replace(pack, exit_code=EXIT_UNBALANCED)
    return pack


def board_pack(seed: int | str, options: Mapping[str, Any]) -> Pack:
    """`pnp waste-knights board`: board.json, the balance checks and the balance block.

    ``options``: mode ("session" or "new-tiles"), reject_unbalanced, max_tries.
    """
    result = _board_options(seed, options)
    return _pack(result, [Json("board.json", board_json(result), kind="board")])


def hex_size(options: Mapping[str, Any]) -> float:
    """``--hex-size`` in mm across the flats (PnpError outside 20-150 mm)."""
    from pnp.layout.sizes import parse_length

    size = parse_length(str(options.get("hex_size") or "60mm"), field="hex-size")
    if not HEX_SIZES[0] <= size <= HEX_SIZES[1]:
        raise PnpError(f"must be {HEX_SIZES[0]:g}-{HEX_SIZES[1]:g} mm across flats, got "
                       f"{size:g} mm", field="hex-size")
    return size


def session_pack(setup: Setup | None, seed: int | str, options: Mapping[str, Any], games: int,
                 jobs: int | None, print_opts: PrintOptions) -> Pack:
    """Everything to play a session: the board (true-scale SVG/PDF and tiled), hex tiles with
    backs, reference and setup sheets, balance report (with ``games`` tours per knight count)
    and board.json. ``setup`` is the run's ``simulate.Setup`` (vehicles, rounds)."""
    from pnp.games.waste_knights import printables as P
    from pnp.games.waste_knights.data import wasteland_deck

    flat = hex_size(options)
    if games < 0:
        raise PnpError(f"must be >= 0, got {games}", field="games")
    result = _board_options(seed, options)
    board, tiles, a = result.board, result.tiles, result.analysis
    code = seed_code(result.board_seed)
    foot = footer(TITLE, result.board_seed)
    page = print_opts.page
    drawing = P.board_drawing(board, tiles, flat=flat, footer=foot)
    passed = sum(c.passed for c in result.checks)
    note = (f"Balance: {'passed' if result.passed else 'FAILED'} ({passed} of "
            f"{len(result.checks)} checks passed)"
            + (f" after {result.tries} tries (child seed of {seed_code(result.seed)})"
               if result.searched and result.tries > 1 else "") + ".")
    files = [
        Svg("board.svg", drawing, kind="board"),
        Pages("board.pdf", f"{TITLE} board", [drawing], kind="board"),
        Poster("board-tiled.pdf", f"{TITLE} board (tiled)", drawing, kind="board"),
        Cards("hex-tiles.pdf", f"{TITLE} hex tiles",
              P.tile_components(board, tiles, flat=flat, bleed=print_opts.bleed), kind="tiles"),
        Cards("wasteland-cards.pdf", f"{TITLE} wasteland cards",
              P.wasteland_components(wasteland_deck(), code, bleed=print_opts.bleed),
              kind="cards"),
        Pages("reference.pdf", f"{TITLE} reference sheet",
              P.reference_pages(board, tiles, page, foot), kind="sheet"),
        Pages("setup.pdf", f"{TITLE} setup sheet",
              P.setup_pages(board, page, foot, code=code, notes=[note], metrics=a.metrics,
                            catalogue=tiles), kind="sheet"),
        Report("report.html", f"{TITLE} board balance",
               [{"heading": "The board", "drawing": drawing},  # as board.pdf prints it
                *report_sections(result, setup=setup, games=games, jobs=jobs)],
               subtitle=f"seed {code} · mode {board.mode}"),
        Json("board.json", board_json(result), kind="board"),
    ]
    return _pack(result, files)


def report_sections(result: BoardResult, *, setup: Setup | None = None, games: int = 200,
                    jobs: int | None = 1, peers: int = PEERS) -> list[dict[str, Any]]:
    """Balance report sections: checks, routes per vehicle, spread, reachability, peers, tours."""
    a, board = result.analysis, result.board
    intro = (f"Board of seed {seed_code(result.board_seed)} ({board.mode} mode)."
             + (f" Found by --reject-unbalanced after {result.tries} tries, starting from seed "
                f"{seed_code(result.seed)}; each redraw uses the next child seed."
                if result.searched else "")
             + " Movement Points: least total route difficulty from Gangraen [1] (the start hex"
             " is ignored); Fuel = Movement Points / vehicle speed, rounded up, at least 1;"
             " threat: Threat icons on that route (each draws "
             f"{R.wasteland_cards_drawn([1]) - R.wasteland_cards_drawn([0])} extra wasteland "
             "card).")
    sections: list[dict[str, Any]] = [{"heading": "Balance checks", "text": intro,
                                       "checks": [c.to_dict() for c in result.checks]}]
    names = list(a.metrics["strider"])
    rows = []
    for name in names:
        m = a.metrics["strider"][name]
        row: dict[str, Any] = {"destination": name, "movement points": m["movement_points"],
                               "threat": m["threat"],
                               "wasteland cards drawn": R.wasteland_cards_drawn([m["threat"]])}
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
                     "text": f"Rounds (moves) a knight leaving Gangraen with {R.START_FUEL} Fuel "
                             "and no resupply needs to stand on each hex, by vehicle or on "
                             "foot.",
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
    return sections + _tour_sections(board, setup, result.board_seed, games, jobs)


def _tour_sections(board: Board, setup: Setup | None, seed: int | str, games: int,
                   jobs: int | None) -> list[dict[str, Any]]:
    """The tour simulation's sections (none with ``games`` 0), with the setup's vehicles and
    rounds (a strider each, the default mission, without a setup)."""
    if games <= 0:
        return []
    from pnp.games.waste_knights import simulate

    vehicles = setup.vehicles if setup is not None else ("strider",)
    rounds = setup.rounds if setup is not None else simulate.DEFAULT_ROUNDS
    if len(set(vehicles)) == 1:  # one vehicle for every seat, whatever the knight count
        vehicles = vehicles[:1]
    result = simulate.tour_report(board, vehicle_speeds(), games, seed, vehicles=vehicles,
                                  rounds=rounds, jobs=jobs, deck=wasteland_deck(),
                                  stalls=stalls_spaces(),
                                  capacities=vehicle_capacities())
    return simulate.report_sections(result)
