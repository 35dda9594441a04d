"""Waste Knights' own command-line options and the setup of a run built from them.

The edge between the shared commands and the pure core: ``make_setup`` reads the board file
(or generates the session board of the seed) and the bundled vehicle speeds, then hands plain
values to ``simulate.tour_setup``. Options only the session uses are declared here too, so the
game's options are one list (``mode``, ``reject_unbalanced`` and ``max_tries`` also serve the
game's own ``board`` command).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pnp.games.api import Option
from pnp.resources import read_text

if TYPE_CHECKING:  # the board and the tour load numpy: imported when a run needs them
    from pnp.games.waste_knights.hexes import Board

_SESSION = ("session",)
_BOARD = ("session", "board")  # how the session's board is drawn; `board` writes it alone

OPTIONS: tuple[Option, ...] = (
    Option("board", "--board", str, None,
           "board.json written by `board` (default: the session board of the seed).",
           commands=("simulate", "replay")),
    Option("rounds", "--rounds", int, 10,  # tour.DEFAULT_ROUNDS (tour.py loads numpy)
           "Rounds in the mission."),
    Option("vehicle", "--vehicle", str, "strider",
           "Vehicle of every knight, or one per seat: a,b,c (strider, off-road, heavy-duty)."),
    Option("mode", "--mode", str, "session",
           "session (the official tiles) or new-tiles (designed tiles).", commands=_BOARD),
    # the old spelling of --strict for the board: it also redraws (see session.py)
    Option("reject_unbalanced", "--reject-unbalanced", bool, False,
           "Redraw with the next child seed until the board passes its balance bands; "
           "implies --strict.", commands=_BOARD, hidden=True),
    Option("max_tries", "--max-tries", int, 1000, "Redraws before giving up.",
           commands=_BOARD),
    Option("hex_size", "--hex-size", str, "60mm", "Tile width across flats.",
           commands=_SESSION),
)


def board_from_json(text: str, where: str = "board.json") -> Board:
    """A board.json's text -> Board (PnpError naming the file and line on bad input)."""
    from pnp.games.waste_knights.hexes import board_from_dict
    from pnp.safe_io import load_json  # nesting and integer sizes bounded

    data = load_json(text, where)
    return board_from_dict(data, where=where)


def load_board(path: str) -> Board:
    """Read and validate a board.json."""

    text = read_text(path)
    return board_from_json(text, where=path)


def make_setup(seed: int | str, players: int, bots: tuple[str, ...],
               options: Mapping[str, Any]) -> Any:
    """The run's ``simulate.Setup``: the board (``--board`` or the seed's session board, with
    ``--mode``/``--reject-unbalanced`` where the command takes them), vehicles and rounds."""
    from pnp.games.waste_knights.data import (
        stalls_spaces,
        vehicle_capacities,
        vehicle_speeds,
        wasteland_deck,
    )
    from pnp.games.waste_knights.simulate import tour_setup
    from pnp.games.waste_knights.tour import DEFAULT_ROUNDS
    from pnp.seed import seed_code

    path = options.get("board")
    if path:
        board, name = load_board(path), str(path)
    else:
        from pnp.games.waste_knights.session import make_board

        mode = options.get("mode", "session")
        result = make_board(seed, mode, reject_unbalanced=bool(options.get("reject_unbalanced")),
                            max_tries=int(options.get("max_tries", 1000)))
        board = result.board
        name = f"{mode} board of seed {seed_code(result.board_seed)}"
    vehicles = [v.strip() for v in str(options.get("vehicle") or "strider").split(",")
                if v.strip()]
    return tour_setup(board, vehicle_speeds(), players, vehicles, bots,
                      int(options.get("rounds", DEFAULT_ROUNDS)), board_name=name,
                      deck=wasteland_deck(), stalls=stalls_spaces(),
                      capacities=vehicle_capacities())
