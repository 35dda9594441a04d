"""`pnp junkyard-wars ...`: maze, session, simulate."""

from __future__ import annotations

import typer

app = typer.Typer(help="Junkyard Wars: maze tiles, sessions, machine deck, simulator.",
                  no_args_is_help=True)
