"""`pnp junkyard-wars ...`: maze, session, simulate."""

from __future__ import annotations

import typer

app = typer.Typer(help="Junkyard Wars: maze tiles, sessions, machine deck, simulator.",
                  no_args_is_help=True)


def _print_options(page: str, square_mm: float, duplex: str, back_offset: str,
                   crop_marks: bool):
    """Paper options of `maze` and `session` -> PrintOptions (PnpError on bad values)."""
    from pnp.errors import PnpError
    from pnp.games.junkyard_wars.pack import PrintOptions
    from pnp.layout.impose import parse_duplex
    from pnp.layout.sizes import parse_length, parse_page

    parts = [p for p in back_offset.split(",")]
    if len(parts) != 2:
        raise PnpError(f"back offset {back_offset!r}: expected X,Y in mm", field="back-offset")
    offset = (parse_length(parts[0], field="back-offset"), parse_length(parts[1], field="back-offset"))
    return PrintOptions(page=parse_page(page, field="page"), square_mm=square_mm,
                        duplex=parse_duplex(duplex).value, back_offset=offset,
                        crop_marks=crop_marks)


def _echo_written(out_dir: str, manifest: dict) -> None:
    for f in manifest["files"]:
        typer.echo(f"{out_dir}/{f['path']}  ({f['kind']}, {f['bytes']} bytes)")
    failed = [c["name"] for c in manifest.get("checks", []) if not c.get("passed", True)]
    for name in failed:
        typer.echo(f"FAIL {name}", err=True)


@app.command("maze")
def maze_cmd(
    seed: str = typer.Option("1", "--seed", help="Seed (any text or number, or a seed code)."),
    out: str = typer.Option(None, "--out", help="Output folder (default output/junkyard-wars-maze-CODE)."),
    square_mm: float = typer.Option(20.0, "--square-mm", help="Side of a maze square in mm."),
    page: str = typer.Option("a4", "--page", help="a4, letter or WxHmm."),
    duplex: str = typer.Option("long", "--duplex", help="long, short or none."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Printer back offset X,Y in mm."),
    crop_marks: bool = typer.Option(True, "--crop-marks/--no-crop-marks"),
) -> None:
    """The 10 double-sided maze tiles (PDF, duplex) and maze.json.

    Example: pnp junkyard-wars maze --seed demo --out output/jw-maze --square-mm 20
    """
    from pnp.games.junkyard_wars.pack import write_maze_pack
    from pnp.output import Output
    from pnp.seed import seed_code

    opts = _print_options(page, square_mm, duplex, back_offset, crop_marks)
    out_dir = out or f"output/junkyard-wars-maze-{seed_code(seed)}"
    with Output(out_dir, seed=seed) as o:
        info = write_maze_pack(o, seed, opts)
        manifest = o.commit(checks=info["checks"], faces=info["faces"])
    _echo_written(out_dir, manifest)


@app.command("session")
def session_cmd(
    players: int = typer.Option(4, "--players", help="Players (2-6)."),
    seed: str = typer.Option("1", "--seed", help="Seed (any text or number, or a seed code)."),
    out: str = typer.Option(None, "--out", help="Output folder (default output/junkyard-wars-CODE)."),
    maze_seed: str = typer.Option(None, "--maze-seed",
                                  help="Seed of the printed tile set (default: --seed)."),
    bag: str = typer.Option(None, "--bag", help="Junk bag YAML (default: English Scrabble)."),
    games: int = typer.Option(500, "--games", help="Games simulated for the balance report."),
    deck_size: int = typer.Option(40, "--deck-size", help="Machine cards in the deck."),
    square_mm: float = typer.Option(20.0, "--square-mm", help="Side of a maze square in mm."),
    page: str = typer.Option("a4", "--page", help="a4, letter or WxHmm."),
    duplex: str = typer.Option("long", "--duplex", help="long, short or none."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Printer back offset X,Y in mm."),
    crop_marks: bool = typer.Option(True, "--crop-marks/--no-crop-marks"),
) -> None:
    """A complete playtest pack: tiles, setup sheet, junk, machine deck, sheets, report, maze.json.

    Example: pnp junkyard-wars session --players 4 --seed demo --out output/jw-demo
    """
    from pnp.games.junkyard_wars.pack import check_players, write_session_pack
    from pnp.output import Output
    from pnp.seed import seed_code

    check_players(players)
    opts = _print_options(page, square_mm, duplex, back_offset, crop_marks)
    out_dir = out or f"output/junkyard-wars-{seed_code(seed)}"
    with Output(out_dir, seed=seed) as o:
        info = write_session_pack(o, seed, players, opts, maze_seed=maze_seed, bag_file=bag,
                                  games=games, deck_size=deck_size)
        checks = info.pop("checks")
        manifest = o.commit(checks=checks, **info)
    _echo_written(out_dir, manifest)
