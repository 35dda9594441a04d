"""Waste Knights' own commands, added to `pnp waste-knights` beside simulate/replay/session."""

from __future__ import annotations

from typing import Any

import typer

from pnp.commands import options as O
from pnp.commands.game import build_command, game_param, param


def board(seed: str, out: str | None, strict: bool, **values: Any) -> None:
    """A 37-hex board: board.json (hexes + metrics) and manifest.json."""
    from pnp.games.waste_knights.session import board_pack
    from pnp.output import Output
    from pnp.pack import PrintOptions
    from pnp.pack_writer import write_pack

    pack = board_pack(seed, values)
    where = O.out_dir(out, "waste-knights", "board", seed)
    with Output(where, seed=seed) as output:
        manifest = write_pack(output, pack, PrintOptions())  # board.json only: no paper
    O.echo_pack(where, manifest, pack, strict=strict)


def register(app: typer.Typer) -> None:
    """Add `board` to the `waste-knights` group."""
    from pnp.games.waste_knights import GAME

    app.command("board")(build_command(board, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
        param("strict", O.Strict, False), *(game_param(o) for o in GAME.options_for("board"))],
        """A 37-hex Waste Knights board with its route metrics per vehicle (board.json).

    --strict exits with status 3 when a balance check fails (board.json is still written).

    Examples:

    pnp waste-knights board --seed demo --out output/wk-board

    pnp waste-knights board --seed demo --mode new-tiles --strict
    """))
