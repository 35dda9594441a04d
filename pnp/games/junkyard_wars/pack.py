"""Junkyard Wars print-and-play packs as data: what `maze` and `session` print (``pnp.pack``).

``maze_pack`` and ``session_pack`` return a ``Pack`` (drawings, report sections, JSON, checks,
manifest extras); ``pnp.pack_writer`` writes it. Nothing here writes a file: the cards come from
the layouts in ``templates/junkyard_wars/`` (read like any bundled data), the rest from the
generator, the sheets and the simulator.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.games.junkyard_wars.bag import Bag, load_bag
from pnp.games.junkyard_wars.generate import (
    SessionBoard,
    board_problems,
    junk_layout,
    maze_json,
    session_board,
    session_tiles,
)
from pnp.games.junkyard_wars.maze import Tile, face_metrics, tile_set_problems
from pnp.games.junkyard_wars.printables import (
    MachineCardView,
    junk_components,
    machine_components,
    tile_components,
)
from pnp.games.junkyard_wars.sheets import (
    rules_summary,
    setup_sheet,
    track_strips,
    tracking_sheet,
)
from pnp.pack import Cards, Json, Pack, Pages, PrintOptions, Report, footer
from pnp.seed import seed_code
from pnp.sim.stats import check_band

TITLE = "Junkyard Wars"
PLAYER_COUNT_GAMES = 50  # games per player count in the report's 2-6 player tables (at least)
SQUARE_RANGE = (8.0, 38.0)  # below 8 mm a worker token does not fit; above 38 a tile leaves A4
JUNK_GAP = 2.0  # a junk tile is this much smaller than its maze square
JUNK_BLEED = 1.5  # junk tiles are small: a narrower bleed fits 100 of them on one A4 page
SIMULATION_KEYS = ("games", "players", "win_rate_by_seat", "rounds", "minutes",
                   "time_limit_share", "tests_per_win", "stagger_effect", "hour_end", "endings",
                   "hour_tests", "boards")


def check_square(square_mm: float) -> None:
    """A maze square must hold worker tokens and a junk tile, and a tile must fit a page."""
    lo, hi = SQUARE_RANGE
    if not lo <= square_mm <= hi:
        raise PnpError(f"maze squares of {square_mm:g} mm: use {lo:g} to {hi:g} mm",
                       field="square-mm")


def face_report(tiles: tuple[Tile, ...]) -> list[dict[str, Any]]:
    """Per-face metrics rows (for the manifest and the report)."""
    return [{"face": f"{tile.id}{face.side}", "algorithm": face.algorithm.value,
             **face_metrics(face.cells).to_dict()} for tile in tiles for face in tile.faces]


def maze_checks(tiles: tuple[Tile, ...], board: SessionBoard) -> list[dict[str, Any]]:
    """The tile set and the board as checks: the number of problems found, which must be 0."""
    out = []
    for name, problems in (
            ("tiles: 20 distinct connected faces, exits at the middle cells",
             tile_set_problems(tiles)),
            ("board: walls agree, 12 rim gaps, 100 junk squares, all squares reachable",
             board_problems(board))):
        out.append(check_band(name, float(len(problems)), 0.0, 0.0,
                              note="; ".join(problems[:5])).to_dict())
    return out


def tile_cards(tiles: tuple[Tile, ...], code: str, opts: PrintOptions, square_mm: float,
               layouts: str | Path | None = None) -> Cards:
    """tiles.pdf: the 10 maze tiles, face A on the fronts, face B on the duplex backs."""
    check_square(square_mm)
    return Cards("tiles.pdf", f"{TITLE} maze tiles", tile_components(
        tiles, square_mm=square_mm, code=code, bleed=opts.bleed, layouts=layouts))


def maze_pack(seed: int | str, opts: PrintOptions, square_mm: float = 20.0, *,
              layouts: str | Path | None = None) -> Pack:
    """`maze`: tiles.pdf and maze.json (the tiles and the board of the same seed)."""
    tiles = session_tiles(seed)
    board = session_board(seed, tiles=tiles)
    return Pack(TITLE, seed,
                files=(tile_cards(tiles, seed_code(seed), opts, square_mm, layouts),
                       Json("maze.json", maze_json(tiles, board), kind="maze")),
                checks=maze_checks(tiles, board), manifest={"faces": face_report(tiles)})


def bag_of(setup: Any, options: Mapping[str, Any]) -> Bag:
    """The junk bag with its points: the setup's, else the bag file of the options."""
    bag = getattr(setup, "bag", None)
    return bag if isinstance(bag, Bag) else load_bag(options.get("bag"))


def deck_of(setup: Any, seed: int | str, options: Mapping[str, Any], bag: Bag) -> Any:
    """The machine deck of the setup (rebuilt from the options when the setup has none)."""
    deck = getattr(setup, "deck", None)
    if deck is not None and hasattr(deck, "cards"):
        return deck
    from pnp.games.junkyard_wars.deck import build_deck
    from pnp.games.junkyard_wars.words import load_words

    return build_deck(seed, load_words(options.get("words")), bag.counts(),
                      size=int(options.get("deck_size", 40)), players=setup.players)


def session_pack(setup: Any, seed: int | str, options: Mapping[str, Any], games: int, jobs: int,
                 print_opts: PrintOptions) -> Pack:
    """`session`: the complete playtest pack of one session (see docs/formats.md)."""
    square_mm = float(options.get("square_mm", 20.0))
    check_square(square_mm)
    layouts = options.get("layouts")
    players, page = setup.players, print_opts.page
    tiles_seed = options.get("maze_seed") or seed
    tiles = session_tiles(tiles_seed)
    board = session_board(seed, tiles=tiles)
    bag = bag_of(setup, options)
    deck = deck_of(setup, seed, options, bag)
    foot = footer(TITLE, seed)
    code = seed_code(seed)

    views = [MachineCardView(c.word, f"{c.figure:.1f} turns (median {deck.median:.1f})", "",
                             k + 1) for k, c in enumerate(deck.cards)]
    sections, simulation, sim_checks = simulation_report(setup, seed, games, jobs)
    sections.append(maze_section(tiles, board))
    doc = maze_json(tiles, board, junk=junk_layout(seed, bag.tiles()))
    doc["bag"] = {"name": bag.name, "letters": {letter: {"count": n, "points": p}
                                                for letter, n, p in bag.letters}}
    doc["players"] = players
    doc["tiles_seed_code"] = seed_code(tiles_seed)
    # the setup sheet draws the board: the report shows it as setup.pdf prints it
    sheet = setup_sheet(board, page, foot, players=players, tiles_code=seed_code(tiles_seed),
                        square_mm=square_mm)
    files = (
        tile_cards(tiles, seed_code(tiles_seed), print_opts, square_mm, layouts),
        Pages("setup.pdf", f"{TITLE} session setup", [sheet]),
        Cards("junk.pdf", f"{TITLE} junk tiles", junk_components(
            bag.letters, size_mm=max(6.0, square_mm - JUNK_GAP), bleed=JUNK_BLEED,
            layouts=layouts), bleed=JUNK_BLEED),
        Cards("track.pdf", f"{TITLE} outside track (lay around the board, 1 at the top "
              "left, clockwise)", track_strips(board, square_mm, code, print_opts.bleed)),
        Pages("tracking.pdf", f"{TITLE} tracking sheets",
              [tracking_sheet(page, foot, player=k + 1, players=players) for k in range(players)]),
        Pages("rules.pdf", f"{TITLE} rules summary", [rules_summary(page, foot)]),
        Cards("machines.pdf", f"{TITLE} machine deck", machine_components(
            views, code=code, bleed=print_opts.bleed, layouts=layouts)),
        Report("report.html", f"{TITLE} balance report",
               [{"heading": "The board (setup sheet)", "drawing": sheet}, *sections],
               subtitle=f"seed code {code} · {players} players · {games} games"),
        Json("maze.json", doc, kind="maze"),
    )
    return Pack(TITLE, seed, files, checks=maze_checks(tiles, board) + sim_checks,
                manifest={"faces": face_report(tiles), "deck": deck.to_dict(),
                          "simulation": simulation})


def simulation_report(setup: Any, seed: int | str, games: int, jobs: int
                      ) -> tuple[list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
    """Report sections, manifest summary and checks of the session's simulated games."""
    if games < 1:
        return [], {"games": 0}, []
    from pnp.games.junkyard_wars import GAME
    from pnp.games.junkyard_wars.balance import player_count_sections, report_sections
    from pnp.games.junkyard_wars.simulate import by_player_count
    from pnp.sim.play import simulate

    result = simulate(GAME, setup, games, seed, jobs=jobs)
    by_players = by_player_count(seed, setup, max(PLAYER_COUNT_GAMES, games // 5), jobs=jobs)
    sections = report_sections(result)
    if by_players:
        length, stagger = player_count_sections(by_players)
        sections.insert(2, length)  # after this player count's game length
        sections.insert(4, stagger)  # after this player count's stagger
    summary = {k: result[k] for k in SIMULATION_KEYS if k in result}
    return sections, {**summary, "by_player_count": by_players}, list(result.get("checks", []))


def maze_section(tiles: tuple[Tile, ...], board: SessionBoard) -> dict[str, Any]:
    """Report section: every face's metrics, and the tiles in play."""
    placed = {(p.tile, p.side) for p in board.placement}
    rows = []
    for r in face_report(tiles):
        tile, side = int(r["face"][:-1]), r["face"][-1]
        paths = r["exit_paths"]
        rows.append({"face": r["face"], "in play": "yes" if (tile, side) in placed else "",
                     "algorithm": r["algorithm"], "dead ends": r["dead_end_share"],
                     "loops": r["loops"], "exit paths (n-e n-s n-w e-s e-w s-w)":
                     " ".join(str(v) for v in paths.values()),
                     "difficulty": r["difficulty"], "tier": r["tier"]})
    return {"heading": "Maze tiles",
            "text": ("Each face: share of dead-end cells (an exit counts as an opening), loops "
                     "(open passages - cells + 1), the moves between each pair of exit cells, and "
                     "the difficulty figure: mean exit-to-exit moves / 4 (1.0 = straight through)."
                     " Baselines on large grids: Wilson ~29% dead ends, backtracker ~16%."),
            "table": rows,
            "chart": {"kind": "bar", "x": [r["face"] for r in rows],
                      "y": [r["difficulty"] for r in rows], "ylabel": "difficulty",
                      "title": "Difficulty figure per face"}}
