"""Junkyard Wars' own commands, added to `pnp junkyard-wars` beside simulate/replay/session."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.commands.game import build_command, game_param, param


def _spec_options(command: str) -> list[Any]:
    from pnp.games.junkyard_wars import GAME

    return [game_param(o) for o in GAME.options_for(command)]


def maze(seed: str, out: str | None, page: str, duplex: str, back_offset: str, bleed: str,
         crop_marks: bool, **values: Any) -> None:
    """The 10 double-sided maze tiles (PDF, duplex) and maze.json."""
    from pnp.games.junkyard_wars.pack import maze_pack
    from pnp.output import Output
    from pnp.pack_writer import write_pack

    opts = O.print_options(page, duplex, back_offset, crop_marks, bleed)
    pack = maze_pack(seed, opts, values["square_mm"], layouts=values["layouts"])
    where = O.out_dir(out, "junkyard-wars", "maze", seed)
    with Output(where, seed=seed) as output:
        manifest = write_pack(output, pack, opts)
    O.echo_pack(where, manifest, pack)


def deck(seed: str, json_out: bool, band: float, **values: Any) -> None:
    """A balanced machine deck with each card's difficulty figure (estimated team-turns)."""
    import json

    from pnp.games.junkyard_wars.deck import build_deck
    from pnp.games.junkyard_wars.simulate import bag_and_words

    bag, words = bag_and_words(values["bag"], values["words"])
    the_deck = build_deck(seed, words, bag, size=values["deck_size"], band=band)
    if json_out:
        typer.echo(json.dumps(the_deck.to_dict(), sort_keys=True, indent=2))
        return
    typer.echo(f"{len(the_deck.cards)} cards, median {the_deck.median}, band "
               f"[{the_deck.band_low}, {the_deck.band_high}] ({the_deck.in_band} of "
               f"{the_deck.pool} words in band)")
    for c in sorted(the_deck.cards, key=lambda c: c.figure):
        typer.echo(f"  {c.word:<14} {c.figure:6.2f} turns  ({c.searches:.1f} searches)")


def register(app: typer.Typer) -> None:
    """Add `maze` and `deck` to the `junkyard-wars` group."""
    paper = [param("page", O.Page, "a4"), param("duplex", O.Duplex, "long"),
             param("back_offset", O.BackOffset, "0,0"), param("bleed", O.Bleed, "3mm"),
             param("crop_marks", O.CropMarks, True)]
    app.command("maze")(build_command(maze, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None), *paper,
        *_spec_options("maze")],
        """The 10 double-sided maze tiles (PDF, duplex) and maze.json.

    Example: pnp junkyard-wars maze --seed demo --out output/jw-maze --square-mm 20
    """))
    band = typer.Option("--band", help="Allowed spread around the median (0.15 = 15%).")
    app.command("deck")(build_command(deck, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("json_out", O.Json, False),
        param("band", Annotated[float, band], 0.15), *_spec_options("deck")],
        """A balanced machine deck with each card's difficulty figure (estimated team-turns).

    Example: pnp junkyard-wars deck --seed demo --deck-size 40 --json
    """))
