"""`pnp render` and `pnp calibrate`: the generic print-and-play commands."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add `render` and `calibrate` to the root app."""
