"""Every command-line option more than one command takes, declared once (``Annotated``).

A command names its parameter with one of these types and a default, e.g.
``page: Page = "a4"``; the flag, the help text and the parsing are the same everywhere.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.errors import PnpError

#: The seed of a command run without ``--seed``.
DEFAULT_SEED = "1"

_SEED = typer.Option(
    "--seed", help="Seed: any text or number, or a seed code such as KGF7-DX20-A. The same seed "
                   "gives the same files, and sheets print its code.")
Seed = Annotated[str, _SEED]
SeedOrNone = Annotated[str | None, _SEED]  # where a seed is optional (pnp render)
Out = Annotated[str | None, typer.Option(
    "--out", "-o", help="Output folder (default: under output/, named after the command "
                        "and its input or seed code).")]
Page = Annotated[str, typer.Option(
    "--page", help="Paper: a4, letter, a3, a5, legal, tabloid, or WxH with a unit, such as "
                   "210x297mm or 8.5x11in.")]
Duplex = Annotated[str, typer.Option(
    "--duplex", help="Double-sided printing: long (flip on the long edge), short, or none.")]
BackOffset = Annotated[str, typer.Option(
    "--back-offset", help="Shift the backs by X,Y mm (measure it with pnp calibrate).")]
Bleed = Annotated[str, typer.Option(
    "--bleed", help="Bleed around each card or tile, such as 3mm or 0.125in.")]
CropMarks = Annotated[bool, typer.Option(
    "--crop-marks/--no-crop-marks", help="Crop marks outside the cards.")]
TTS_URL_HELP = ("Where the Tabletop Simulator sheets will be hosted, e.g. https://... or "
                "file:///home/me/decks/: put before the sheet names in the saved-object JSON; "
                "'local' for absolute file:/// links to this output's tts/ folder (names alone "
                "load blank cards).")
TtsUrl = Annotated[str, typer.Option("--tts-url", help=TTS_URL_HELP)]
def players(alias: str = "", default: int | None = None) -> object:
    """``--players``, also spelt ``alias`` (a game's own word, such as ``--crew``) if given;
    its help names the game's usual count ``default``."""
    usual = "the game's usual count" if default is None else f"{default}"
    return Annotated[int | None, typer.Option(
        "--players", *([alias] if alias else []),
        help=f"Players (seats) in each game (default: {usual}).")]


def games(default: int, what: str = "Games to simulate") -> object:
    """``--games``, its help naming the number played when it is not given."""
    return Annotated[int | None, typer.Option("--games", help=f"{what} (default: {default:,}).")]
GameIndex = Annotated[int, typer.Option(
    "--game", help="Which game of the simulate run to replay (0 is the first).")]
Bots = Annotated[str | None, typer.Option(
    "--bots", help="Bot of every seat, or one per seat comma-separated (heuristic, random, ...).")]
Jobs = Annotated[int, typer.Option(
    "--jobs", help="Worker processes (0: all cores). Results are the same for any number.")]
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", help="Run on a dask.distributed cluster, e.g. tcp://host:8786.")]
Timeout = Annotated[float | None, typer.Option(
    "--timeout", help="Seconds to wait for the dask scheduler to answer (default 10).")]
Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
Progress = Annotated[bool, typer.Option("--progress", help="Show a progress bar on stderr.")]
Quiet = Annotated[bool, typer.Option(
    "--quiet", "-q", help="No progress bar (one shows on a terminal once a run has taken a "
                          "second; never with --json).")]
#: Exit status of a run whose verdict is FAIL under --strict (2 stays bad input, 1 a crash).
EXIT_FAIL = 3
Strict = Annotated[bool, typer.Option(
    "--strict", help="Exit with status 3 when a balance check FAILs (the files are still "
                     "written).")]
UntilDecided = Annotated[bool, typer.Option(
    "--until-decided", help="Keep doubling the games until no check is UNDECIDED, or "
                            "--max-games is reached.")]
MaxGames = Annotated[int | None, typer.Option(
    "--max-games", help="The most games --until-decided plays (default: 10 times --games).")]
CheckRules = Annotated[bool, typer.Option(
    "--check-rules", help="Also check every bot action against the full list of legal "
                          "actions (slower; for testing bots and rules).")]


def back_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in mm (units allowed) -> (x, y); PnpError naming --back-offset otherwise."""
    from pnp.layout.sizes import parse_length

    parts = str(text).split(",")
    if len(parts) != 2:
        raise PnpError(f"expected X,Y in mm such as 0.5,-1, got {text!r}", field="back-offset")
    x, y = (parse_length(parts[0], field="back-offset"),
            parse_length(parts[1], field="back-offset"))
    if max(abs(x), abs(y)) > 50:  # a printer's front/back misalignment is a few mm
        raise PnpError(f"each offset must be from -50 to 50 mm, got {text!r}",
                       field="back-offset")
    return x, y


def bleed_mm(text: str) -> float:
    """``--bleed`` in mm, 0 to 25."""
    from pnp.layout.sizes import parse_length

    mm = parse_length(text, field="bleed")
    if not 0 <= mm <= 25:
        raise PnpError(f"bleed must be between 0 and 25 mm, got {text!r}", field="bleed")
    return mm


def print_options(page: str, duplex: str, offset: str, crop_marks: bool, bleed: str):
    """The paper options of a command -> ``pnp.pack.PrintOptions`` (PnpError on bad values)."""
    from pnp.layout.impose import parse_duplex
    from pnp.layout.sizes import parse_page
    from pnp.pack import PrintOptions

    return PrintOptions(page=parse_page(page, field="page"), duplex=parse_duplex(duplex).value,
                        back_offset=back_offset(offset), crop_marks=crop_marks,
                        bleed=bleed_mm(bleed))


def out_dir(out: str | None, game: str, command: str, seed: str) -> str:
    """``--out``, or output/<game>-<command>-<seed code>."""
    from pathlib import Path

    from pnp.safe_io import check_out_dir
    from pnp.seed import seed_code

    where = check_out(out) or f"output/{game}-{command}-{seed_code(seed)}"
    check_out_dir(Path(where))  # up front: not after a long simulation
    return where


def check_out(out: str | None) -> str | None:
    """``--out`` as given; an empty or blank one is refused (it would mean the current folder)."""
    if out is not None and not out.strip():
        raise PnpError(f"expected a folder, got {out!r}", field="out")
    return out


def echo_pack(out: str, manifest: dict, pack, strict: bool = False) -> None:
    """One line per file written, the pack's notes, a line per check that did not pass and
    the verdict line (stdout, from the manifest's checks: the ones the report shows), then its
    warnings (stderr); exits with the pack's exit code when it has one, else with
    ``EXIT_FAIL`` when ``strict`` and a check FAILs."""
    from pnp.sim.stats import FAIL, verdict

    for f in manifest["files"]:
        typer.echo(f"{out}/{f['path']}  ({f['kind']}, {f['bytes']} bytes)")
    for line in pack.notes:
        typer.echo(line)
    for line in manifest.get("print_notes", []):
        typer.echo(f"note: {line}")
    result = verdict(manifest.get("checks", []))
    for c in result.checks:
        if not c.passed:
            typer.echo(str(c))
    if result.checks:
        typer.echo(result.line())
    for line in pack.warnings:
        typer.echo(f"pnp: warning: {line}", err=True)
    if pack.exit_code:
        raise typer.Exit(pack.exit_code)
    if strict and result.status == FAIL:
        raise typer.Exit(EXIT_FAIL)
