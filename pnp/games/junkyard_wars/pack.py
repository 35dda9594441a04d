"""Junkyard Wars print-and-play packs: what `pnp junkyard-wars maze` and `session` write.

The generator and layouts are pure; this module is the shell around them: it loads the junk
bag, builds the drawings, hands them to the print engine and writes each file through an
``Output`` (staged, then committed with the manifest by the command).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.errors import PnpError
from pnp.games.junkyard_wars.bag import Bag, load_bag
from pnp.games.junkyard_wars.generate import (
    board_problems, junk_layout, maze_json, session_board, session_tiles,
)
from pnp.games.junkyard_wars.maze import Tile, face_metrics, tile_set_problems
from pnp.games.junkyard_wars.printables import (
    MachineCardView, junk_components, machine_components, tile_components,
)
from pnp.games.junkyard_wars.sheets import rules_summary, setup_sheet, tracking_sheet
from pnp.games.junkyard_wars.balance import player_count_sections, report_sections
from pnp.games.junkyard_wars.simulate import by_player_count, check_players, simulate
from pnp.layout.impose import nup
from pnp.layout.pdf import write_pdf
from pnp.output import Output
from pnp.seed import seed_code

PLAYER_COUNT_GAMES = 50  # games per player count in the report's 2-6 player tables (at least)
SQUARE_RANGE = (8.0, 38.0)  # below 8 mm a worker token does not fit; above 38 a tile leaves A4


@dataclass(frozen=True)
class PrintOptions:
    """Paper and imposition choices shared by the packs."""

    page: tuple[float, float] = (210.0, 297.0)
    square_mm: float = 20.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True


def footer(seed: int | str) -> str:
    """The footer of every sheet: seed code and tool version."""
    return f"{seed_code(seed)} · pnp {__version__}"


def check_square(square_mm: float) -> None:
    """A maze square must hold worker tokens and a junk tile, and a tile must fit a page."""
    lo, hi = SQUARE_RANGE
    if not lo <= square_mm <= hi:
        raise PnpError(f"maze squares of {square_mm:g} mm: use {lo:g} to {hi:g} mm",
                       field="square-mm")


def face_report(tiles: tuple[Tile, ...]) -> list[dict[str, Any]]:
    """Per-face metrics rows (for the manifest and the report)."""
    rows = []
    for tile in tiles:
        for face in tile.faces:
            m = face_metrics(face.cells)
            rows.append({"face": f"{tile.id}{face.side}", "algorithm": face.algorithm.value,
                         **m.to_dict()})
    return rows


def _checks(tiles, board) -> list[dict[str, Any]]:
    tile_p, board_p = tile_set_problems(tiles), board_problems(board)
    return [{"name": "tiles: 20 distinct connected faces, exits at the middle cells",
             "passed": not tile_p, "problems": tile_p},
            {"name": "board: walls agree, 12 rim gaps, 100 junk squares, all squares reachable",
             "passed": not board_p, "problems": board_p}]


def write_tiles(out: Output, tiles, seed, opts: PrintOptions, rel: str = "tiles.pdf") -> int:
    """The 10 maze tiles, face A on front pages, face B on the duplex backs."""
    check_square(opts.square_mm)
    comps = tile_components(tiles, square_mm=opts.square_mm, code=seed_code(seed))
    pages = nup(comps, opts.page, duplex=opts.duplex, back_offset=opts.back_offset,
                crop_marks=opts.crop_marks, footer=footer(seed))
    return write_pdf(pages, out.path(rel, "pdf"), title="Junkyard Wars maze tiles")


def write_maze_pack(out: Output, seed: int | str, opts: PrintOptions) -> dict[str, Any]:
    """`maze`: tiles.pdf and maze.json (tiles and the board of the same seed)."""
    tiles = session_tiles(seed)
    board = session_board(seed, tiles=tiles)
    write_tiles(out, tiles, seed, opts)
    out.write_json("maze.json", maze_json(tiles, board), "maze")
    return {"checks": _checks(tiles, board), "faces": face_report(tiles)}


def resolve_bag(bag_file: str | None) -> Bag:
    """The junk bag: a file given by the user, or the bundled English Scrabble set."""
    if bag_file is not None and not Path(bag_file).is_file():
        raise PnpError("no such bag file", file=bag_file, field="bag")
    return load_bag(bag_file)


def write_session_pack(out: Output, seed: int | str, players: int, opts: PrintOptions, *,
                       maze_seed: int | str | None = None, bag_file: str | None = None,
                       words_file: str | None = None, games: int = 500, deck_size: int = 40,
                       jobs: int = 1) -> dict[str, Any]:
    """`session`: the complete playtest pack of one session (see docs/formats.md)."""
    check_players(players)
    check_square(opts.square_mm)
    if games < 1:
        raise PnpError(f"{games} games: simulate at least 1", field="games")
    bag = resolve_bag(bag_file)
    tiles_seed = seed if maze_seed is None else maze_seed
    tiles = session_tiles(tiles_seed)
    board = session_board(seed, tiles=tiles)
    junk = junk_layout(seed, bag.tiles())
    foot = footer(seed)

    write_tiles(out, tiles, tiles_seed, opts)
    write_pdf([setup_sheet(board, opts.page, foot, players=players,
                           tiles_code=seed_code(tiles_seed), square_mm=opts.square_mm)],
              out.path("setup.pdf", "pdf"), title="Junkyard Wars session setup")
    token = max(6.0, opts.square_mm - 2.0)  # a junk tile sits inside its square
    write_pdf(nup(junk_components(bag.letters, size_mm=token), opts.page, bleed=1.5,
                  duplex=opts.duplex, back_offset=opts.back_offset, footer=foot),
              out.path("junk.pdf", "pdf"), title="Junkyard Wars junk tiles")
    write_pdf([tracking_sheet(opts.page, foot, player=k + 1, players=players)
               for k in range(players)], out.path("tracking.pdf", "pdf"),
              title="Junkyard Wars tracking sheets")
    write_pdf([rules_summary(opts.page, foot)], out.path("rules.pdf", "pdf"),
              title="Junkyard Wars rules summary")
    deck_info = write_machine_deck(out, seed, bag, players, opts, games=games,
                                   deck_size=deck_size, board=board, tiles=tiles,
                                   words_file=words_file, jobs=jobs)
    doc = maze_json(tiles, board, junk=junk)
    doc["bag"] = {"name": bag.name, "letters": {letter: {"count": n, "points": p}
                                                for letter, n, p in bag.letters}}
    doc["players"] = players
    doc["tiles_seed_code"] = seed_code(tiles_seed)
    out.write_json("maze.json", doc, "maze")
    return {"checks": _checks(tiles, board), "faces": face_report(tiles), **deck_info}


def write_machine_deck(out: Output, seed, bag: Bag, players: int, opts: PrintOptions, *,
                       games: int, deck_size: int, board, tiles, words_file: str | None = None,
                       jobs: int = 1) -> dict[str, Any]:
    """The machine deck (poker cards with their difficulty figure) and the balance report."""
    from pnp.games.junkyard_wars.deck import build_deck
    from pnp.games.junkyard_wars.words import load_words
    from pnp.report import write_report

    words = load_words(words_file)
    counts = bag.counts()
    deck = build_deck(seed, words, counts, size=deck_size, players=players)
    views = [MachineCardView(c.word, f"{c.figure:.1f} turns (median {deck.median:.1f})", "", k + 1)
             for k, c in enumerate(deck.cards)]
    write_pdf(nup(machine_components(views, code=seed_code(seed)), opts.page, duplex=opts.duplex,
                  back_offset=opts.back_offset, crop_marks=opts.crop_marks, footer=footer(seed)),
              out.path("machines.pdf", "pdf"), title="Junkyard Wars machine deck")
    result = simulate(seed, players, games, words, counts, deck=deck, board=board, jobs=jobs)
    by_players = by_player_count(seed, words, counts, max(PLAYER_COUNT_GAMES, games // 5),
                                 deck=deck, board=board, jobs=jobs)
    sections = report_sections(result)
    length, stagger = player_count_sections(by_players)
    sections.insert(2, length)  # after this player count's game length
    sections.insert(4, stagger)  # after this player count's stagger
    sections.append(maze_section(tiles, board))
    write_report(out.path("report.html", "report"), "Junkyard Wars balance report", sections,
                 subtitle=f"seed code {seed_code(seed)} · {players} players · {games} games")
    return {"deck": deck.to_dict(), "simulation": {k: result[k] for k in (
        "games", "players", "win_rate_by_seat", "rounds", "minutes", "time_limit_share",
        "tests_per_win", "stagger_effect") if k in result} | {"by_player_count": by_players}}


def maze_section(tiles, board) -> dict[str, Any]:
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
