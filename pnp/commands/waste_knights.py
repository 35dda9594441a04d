"""`pnp waste-knights ...`: board, session, simulate."""

from __future__ import annotations

import typer

app = typer.Typer(help="Waste Knights: hex boards per session, travel simulator, printables.",
                  no_args_is_help=True)
