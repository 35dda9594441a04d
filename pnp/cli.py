"""The ``pnp`` command: parse, call the library, write files. No game logic here."""

from __future__ import annotations

import functools
import sys

import typer

from pnp import __version__
from pnp.commands.groups import PnpGroup
from pnp.commands.options import Json
from pnp.errors import PnpError

try:  # typer >= 0.2x carries its own copy of click: its usage errors are not click's classes
    from typer._click.exceptions import ClickException
except ImportError:  # older typer runs on click itself
    from click.exceptions import ClickException  # type: ignore[assignment]  # same class

app = typer.Typer(
    name="pnp",
    cls=PnpGroup,  # the games' groups, each imported only when used
    help="Generate, check and print board-game content from a seed.",
    epilog="Examples:\n\n\b\npnp games\npnp render cards.csv --out output/mydeck\n"
           "pnp wreck-and-ruin session --seed demo --out output/wr-demo\n"
           "pnp junkyard-wars simulate --games 200 --seed demo\npnp serve\n\n"
           "pnp GAME --help lists a game's commands with an example of each.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: see pnp.commands.groups
)
_debug = False


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks on errors."),
    limit: list[str] = typer.Option([], "--limit", metavar="NAME=VALUE",
                                    help="Raise (or lower) one of the limits in docs/limits.md, "
                                    "e.g. --limit copies=50000. Repeatable."),
) -> None:
    """pnp: generate game content from a seed, check it with simulators, print it."""
    global _debug
    _debug = debug
    from pnp.limits import set_limits

    set_limits(limit)


@app.command("games")
def games_cmd(
    json_out: Json = False,
) -> None:
    """List the games pnp knows: name, players, bots and commands.

    Example: pnp games --json
    """
    import json

    from pnp.games.registry import all_games

    specs = all_games()
    if json_out:
        typer.echo(json.dumps({"games": [g.describe() for g in specs]}, sort_keys=True, indent=2))
        return
    for spec in specs:
        r = spec.describe()
        typer.echo(f"{r['name']:<16} {r['title']}, {spec.players_text}; "
                   f"commands: {', '.join(r['commands'])}; bots: {', '.join(r['bots'])}")


@functools.cache  # once per process: main() runs many times in one process under the tests
def _register() -> None:
    # The games' groups come from PnpGroup, built only for the game whose command runs.
    from pnp.commands import render, serve

    render.register(app)
    serve.register(app)


def main() -> None:
    """Console entry point: bad input is one line on stderr and exit code 2."""
    from pnp import signals

    previous = signals.install()  # SIGINT/SIGTERM unwind (staging removed, workers stopped)
    try:
        _main()
    finally:
        signals.restore(previous)  # main() may run inside a longer-lived process (tests)


def _main() -> None:
    from pnp import limits, signals

    limits.reset()
    try:
        try:
            _register()
            code = app(standalone_mode=False)
        except Exception:
            signals.check()  # a library turned the stop request into an error of its own
            raise
        if isinstance(code, int) and code:  # typer.Exit(n) comes back as a return value here
            if code == 130:  # typer's own answer to Ctrl-C
                typer.echo("pnp: interrupted; nothing was written", err=True)
            sys.exit(code)
    except PnpError as exc:
        if _debug:  # set by the root callback, which click runs before any command
            raise
        typer.echo(f"pnp: error: {exc}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("Aborted.", err=True)
        sys.exit(1)
    except ClickException as exc:  # usage errors come through here with standalone_mode=False
        exc.show()
        sys.exit(exc.exit_code)
    except signals.Interrupted as exc:
        typer.echo(f"pnp: interrupted ({exc.name}); nothing was written", err=True)
        sys.exit(exc.exit_code)
    except OSError as exc:  # no space, read-only, permission: one line naming the path
        if _debug:
            raise
        where = f"{exc.filename}: " if exc.filename is not None else ""
        typer.echo(f"pnp: error: {where}{exc.strerror or exc}", err=True)
        sys.exit(2)
    except RecursionError:
        if _debug:
            raise
        typer.echo("pnp: error: the input is nested too deeply (limit nesting: see "
                   "docs/limits.md)", err=True)
        sys.exit(2)
    except Exception as exc:  # a bug: still one line, the traceback with --debug
        if _debug:
            raise
        typer.echo(f"pnp: internal error ({type(exc).__name__}: {str(exc)[:200]}); run with "
                   "--debug for the traceback", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
