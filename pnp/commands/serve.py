"""``pnp serve``: the game table in the browser (the shell: options, the server, the browser)."""

from __future__ import annotations

import typer

from pnp.errors import PnpError

SERVE_HELP = """Play and watch the games in the browser: against pnp's computer players, two
on one screen, or online (a room link for the other player). Every game is saved as it goes in
the games folder, as a log `pnp GAME replay --log` reads; started again, the server resumes the
unfinished ones.

Examples:

  pnp serve                                  (http://127.0.0.1:8000, opens the browser)

  pnp serve --port 8080 --no-browser --games-dir output/club-night

  pnp serve --host 0.0.0.0                   (reachable from the network: online rooms)
"""

DEFAULT_GAMES_DIR = "output/games"


def check_port(host: str, port: int) -> None:
    """PnpError naming --port if the address cannot be bound (in use, or not this host's)."""
    import socket

    if not 1 <= port <= 65535:
        raise PnpError(f"must be 1-65535, got {port}", field="port")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise PnpError(f"cannot use host {host!r}: {exc}", field="host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as exc:
            raise PnpError(f"cannot listen on {host}:{port} ({exc.strerror}); try another "
                           f"--port", field="port") from None


def serve(host: str, port: int, games_dir: str, browser: bool, pause: float,
          open_url: str = "") -> None:
    """Run the table until Ctrl-C (``open_url``: a page to open in the browser instead of the
    home page)."""
    import math
    import threading
    import webbrowser

    import uvicorn

    from pnp.safe_io import check_out_dir
    from pnp.serve.app import MAX_MESSAGE, create_app

    if not (math.isfinite(pause) and 0 <= pause <= 10):
        raise PnpError(f"must be 0-10 seconds, got {pause}", field="pause")
    from pathlib import Path

    check_out_dir(Path(games_dir))
    check_port(host, port)
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    typer.echo(f"pnp table on {url} (games saved in {games_dir}; Ctrl-C stops)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo("note: reachable from the network: anyone who can reach it sees the games "
                   "list; rooms and seats stay behind their links")
    if browser or open_url:
        threading.Timer(1.0, webbrowser.open, (open_url or url,)).start()
    config = uvicorn.Config(create_app(games_dir, pause=pause, warm=True), host=host, port=port,
                            log_level="warning", ws="websockets-sansio", lifespan="on",
                            ws_max_size=MAX_MESSAGE * 4)
    from pnp import signals

    try:
        uvicorn.Server(config).run()
    except signals.Interrupted as exc:  # the games are saved after every move: say so
        typer.echo(f"pnp serve: stopped ({exc.name}); every game is saved in {games_dir}",
                   err=True)
        raise SystemExit(exc.exit_code) from None


def register(app: typer.Typer) -> None:
    """Add ``pnp serve`` to the ``pnp`` command."""

    @app.command("serve", help=SERVE_HELP)
    def serve_cmd(
        host: str = typer.Option("127.0.0.1", "--host",
                                 help="Address to listen on (default: this machine only)."),
        port: int = typer.Option(8000, "--port", help="Port to listen on."),
        games_dir: str = typer.Option(DEFAULT_GAMES_DIR, "--games-dir",
                                      help="Folder the games are saved in, one log each."),
        browser: bool = typer.Option(True, "--browser/--no-browser",
                                     help="Open the table in the browser."),
        pause: float = typer.Option(0.6, "--pause",
                                    help="Seconds between the computer's moves, so a person "
                                    "can follow them (0-10)."),
    ) -> None:
        serve(host, port, games_dir, browser, pause)
