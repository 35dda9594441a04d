"""The commands every game has, built from its GameSpec: simulate, replay, session.

One factory per command: the shared options come from ``pnp.commands.options`` and the game's
own options (``GameSpec.options``) are added to the signature typer reads, so every game gets the
same flags, defaults and help, and a new game gets its commands from its spec alone.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.games.api import GameSpec, Option


def param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)


def game_param(opt: Option) -> inspect.Parameter:
    """A game option as a typer parameter (bool options are --flag/--no-flag switches)."""
    flag = opt.flag
    if opt.kind is bool:
        flag = f"{flag}/--no-{flag.removeprefix('--')}"
    kind: Any = opt.kind | None if opt.default is None else opt.kind
    return param(opt.name, Annotated[kind, typer.Option(flag, help=opt.help, hidden=opt.hidden)],
                 opt.default)


def build_command(run: Callable[..., None], params: list[inspect.Parameter], doc: str
             ) -> Callable[..., None]:
    """A function typer reads as a command with ``params``; it calls ``run(**values)``.

    Every such command also takes ``--quiet``: the simulations it runs show a progress bar on a
    terminal once they have taken a second, unless ``--quiet`` or ``--json`` is given."""
    def command(**values: Any) -> None:
        from pnp.sim.runner import progress_for_runs

        quiet = values.pop("quiet") or values.get("json_out", False)
        with progress_for_runs(False if quiet or not sys.stderr.isatty() else "auto"):
            run(**values)

    params = [*params, param("quiet", O.Quiet, False)]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = doc
    return command


def _split(spec: GameSpec, command: str, values: dict[str, Any]) -> dict[str, Any]:
    """Pop the game's own option values out of ``values`` (NaN and infinities refused here,
    once for every game: no game's range check has to think of them)."""
    import math

    from pnp.errors import PnpError

    out = {o.name: values.pop(o.name) for o in spec.options_for(command)}
    for o in spec.options_for(command):
        if isinstance(out[o.name], float) and not math.isfinite(out[o.name]):
            raise PnpError(f"expected a finite number, got {out[o.name]}",
                           field=o.flag.removeprefix("--"))
    return out


def _setup(spec: GameSpec, seed: str, players: int | None, bots: str | None,
           game_options: dict[str, Any]) -> Any:
    from pnp.errors import PnpError
    from pnp.sim.play import bot_names

    n = spec.default_players if players is None else players
    if not spec.min_players <= n <= spec.max_players:
        # named by both flags where the rulebook has its own word (--players, --crew)
        field = f"players ({spec.players_alias})" if spec.players_alias else "players"
        raise PnpError(f"{spec.title} is for {spec.players_text}, got {n}", field=field)
    return spec.make_setup(seed, n, bot_names(spec, n, bots), game_options)


def _games(spec: GameSpec, games: int | None, default: int, minimum: int = 1) -> int:
    from pnp.errors import PnpError
    from pnp.limits import check

    n = default if games is None else games
    if n < minimum:
        raise PnpError(f"must be at least {minimum}, got {n}", field="games")
    check("games", n, field="games", what="games to play")  # records are kept in memory
    return n


def _max_games(games: int, max_games: int | None) -> int:
    """``--until-decided``'s cap: ``--max-games``, else 10 times ``--games`` (within the
    limit on games)."""
    from pnp.errors import PnpError
    from pnp.limits import check, limit

    if max_games is None:
        return int(min(10 * games, max(games, limit("games"))))
    if max_games < games:
        raise PnpError(f"must be at least --games ({games}), got {max_games}",
                       field="max-games")
    check("games", max_games, field="max-games", what="games to play")
    return max_games


def _boards(spec: GameSpec, game_options: dict[str, Any]) -> int:
    """``--boards`` of a game whose boards are the sessions of other seeds, else 1."""
    if not spec.boards_over_seeds:
        return 1
    from pnp.sim.boards import check_boards

    boards = game_options.get("boards")
    return check_boards(1 if boards is None else boards)


def _with_boards(spec: GameSpec, doc: dict[str, Any], boards: int, seed: str,
                 players: int | None, bots: str | None, game_options: dict[str, Any],
                 **kw: Any) -> dict[str, Any]:
    """``doc`` (board 1's run) with the ``boards`` block and its seat checks."""
    from pnp.sim.boards import board_checks, run_boards

    block = run_boards(spec, lambda s: _setup(spec, s, players, bots, game_options), seed,
                       boards, doc["games"], first=doc, **kw)
    checks = board_checks(block, doc.get("checks", []), spec.board_word)
    return {**doc, "boards": block, "checks": [*doc.get("checks", []),
                                               *(c.to_dict() for c in checks)]}


def simulate_command(spec: GameSpec) -> Callable[..., None]:
    """``pnp GAME simulate``: bots play many games; summary with 95% CIs and checks."""
    def run(seed: str, players: int | None, games: int | None, bots: str | None, jobs: int,
            scheduler: str | None, timeout: float | None, json_out: bool, progress: bool,
            check_rules: bool, strict: bool, until_decided: bool, max_games: int | None,
            **values: Any) -> None:
        from pnp.limits import number, set_limit
        from pnp.sim.decide import simulate_until_decided
        from pnp.sim.play import simulate
        from pnp.sim.stats import FAIL, verdict

        if timeout is not None:
            set_limit("scheduler_seconds", number(timeout, low=0, high=3600, low_open=True,
                                                  what="the timeout (seconds)", field="timeout"))

        game_options = _split(spec, "simulate", values)
        boards = _boards(spec, game_options)  # refused before any game is played
        setup = _setup(spec, seed, players, bots, game_options)
        shown = True if progress else None  # else as build_command says (--quiet, --json)
        n = _games(spec, games, spec.default_games)
        kw = {"jobs": jobs, "scheduler": scheduler, "progress": shown, "check": check_rules}
        if until_decided:
            cap = _max_games(n, max_games)
            doc = simulate_until_decided(spec, setup, n, cap, seed, **kw)
        else:
            doc = simulate(spec, setup, n, seed, **kw)
        if boards > 1:
            doc = _with_boards(spec, doc, boards, seed, players, bots, game_options, **kw)
        result = verdict(doc.get("checks", []))  # the same checks the summary lists
        doc["verdict"] = result.to_dict()
        if json_out:
            typer.echo(json.dumps(doc, sort_keys=True, indent=2))
        else:
            for line in spec.summary_lines(doc):
                typer.echo(line)
            if boards > 1:
                from pnp.sim.boards import board_lines

                for line in board_lines(doc["boards"]):
                    typer.echo(line)
            typer.echo(result.line())
        if strict and result.status == FAIL:
            raise typer.Exit(O.EXIT_FAIL)

    params = [param("seed", O.Seed, O.DEFAULT_SEED),
              param("players", O.players(spec.players_alias, spec.default_players), None),
              param("games", O.games(spec.default_games), None), param("bots", O.Bots, None),
              param("jobs", O.Jobs, 0), param("scheduler", O.Scheduler, None),
              param("timeout", O.Timeout, None),
              param("json_out", O.Json, False), param("progress", O.Progress, False),
              param("check_rules", O.CheckRules, False), param("strict", O.Strict, False),
              param("until_decided", O.UntilDecided, False),
              param("max_games", O.MaxGames, None),
              *(game_param(o) for o in spec.options_for("simulate"))]
    return build_command(run, params, f"""Bots play many games of {spec.title}: results with 95%
    confidence intervals and the balance checks.

    Examples:

    pnp {spec.name} simulate --games {spec.default_games} --seed demo --jobs 2 --json

    pnp {spec.name} simulate --players {spec.min_players} --bots heuristic,random --seed demo
    """)


def replay_command(spec: GameSpec) -> Callable[..., None]:
    """``pnp GAME replay``: the full action log of one game of a simulate run, or of a game
    played at the table (``--log``); ``--web`` watches it on the table."""
    def run(seed: str, players: int | None, bots: str | None, game: int, json_out: bool,
            log: str | None, web: bool, port: int, games_dir: str, **values: Any) -> None:
        from pnp.errors import PnpError
        from pnp.sim.play import replay, replay_lines

        if game < 0:
            raise PnpError(f"must be 0 or more, got {game}", field="game")
        game_options = _split(spec, "replay", values)
        if log is not None:
            from pnp.serve.tables import replay_doc

            table = _table_game(spec, log)
            doc = replay_doc(table, log)
        else:
            setup = _setup(spec, seed, players, bots, game_options)
            if web:
                from pnp.serve.store import new_id
                from pnp.serve.tables import TableGame, simulated_doc

                table = TableGame.from_doc(spec, simulated_doc(
                    spec, setup, seed, game, game_options, new_id()), "replay")
            else:
                doc = replay(spec, setup, seed, game)
        if web:
            _watch(table, port, games_dir)
            return
        if json_out:
            typer.echo(json.dumps(doc, sort_keys=True, indent=2))
        else:
            for line in replay_lines(doc):
                typer.echo(line)

    params = [param("seed", O.Seed, O.DEFAULT_SEED),
              param("players", O.players(spec.players_alias, spec.default_players), None),
              param("bots", O.Bots, None), param("game", O.GameIndex, 0),
              param("json_out", O.Json, False),
              param("log", Annotated[str | None, typer.Option(
                  "--log", help="A game log from the table (`pnp serve`'s games folder, or "
                  "downloaded): replay that game instead of one of a simulate run.")], None),
              param("web", Annotated[bool, typer.Option(
                  "--web", help="Watch the game on the table in the browser, with time "
                  "travel (starts `pnp serve`, or uses the one running on --port).")], False),
              param("port", Annotated[int, typer.Option(
                  "--port", help="The table's port for --web.")], 8000),
              param("games_dir", Annotated[str, typer.Option(
                  "--games-dir", help="The table's games folder for --web.")],
                  "output/games"),
              *(game_param(o) for o in spec.options_for("replay"))]
    return build_command(run, params, f"""Replay one game of a {spec.title} simulate run, action by
    action: who did what, what was rolled, why it ended. Give the simulate run's options.

    Examples:

    pnp {spec.name} replay --seed demo --game 3

    pnp {spec.name} replay --seed demo --game 3 --web      (watch it on the table)

    pnp {spec.name} replay --log output/games/GAME-ID.json   (a game played at the table)
    """)


def _table_game(spec: GameSpec, path: str) -> Any:
    """The game a table's log file holds (PnpError naming the file if it is not one of
    ``spec``'s)."""
    from pnp.errors import PnpError
    from pnp.serve.store import read_log
    from pnp.serve.tables import TableGame

    doc = read_log(path)
    if doc["game"] != spec.name:
        raise PnpError(f"a log of {doc['game']}, not of {spec.name}", file=path, field="game")
    return TableGame.from_doc(spec, doc, path)


def _watch(table: Any, port: int, games_dir: str) -> None:
    """Save ``table`` in the games folder and open it on the table for watching."""
    import webbrowser

    from pnp.commands.serve import check_port, serve
    from pnp.errors import PnpError
    from pnp.serve.store import GameStore

    GameStore(games_dir).save(table)
    url = f"http://127.0.0.1:{port}/table/{table.id}?watch=1"
    try:
        check_port("127.0.0.1", port)
    except PnpError:  # a table already runs there: it finds the game in its folder
        typer.echo(f"watch it on the table already running: {url}")
        webbrowser.open(url)
        return
    typer.echo(f"watch it at {url}")
    serve("127.0.0.1", port, games_dir, False, 0.6, open_url=url)


def _pack_with_boards(spec: GameSpec, pack: Any, boards: int, seed: str, players: int | None,
                      bots: str | None, game_options: dict[str, Any], games: int,
                      jobs: int) -> Any:
    """The session pack with seat fairness over ``boards`` boards: a report section (after
    the game's own) and its checks, so the verdict takes them in."""
    import dataclasses

    from pnp.errors import PnpError
    from pnp.pack import Report
    from pnp.sim.boards import board_checks, board_section, run_boards

    if games < 2:
        raise PnpError(f"--boards {boards} needs --games of 2 or more, got {games}",
                       field="boards")
    block = run_boards(spec, lambda s: _setup(spec, s, players, bots, game_options), seed,
                       boards, games, jobs=jobs)
    own = [c for c in pack.checks if str(c.get("name", "")).startswith("seat ")]
    checks = board_checks(block, own, spec.board_word)
    section = board_section(block, checks, spec.board_word)
    files = [dataclasses.replace(f, sections=[*f.sections, section]) if isinstance(f, Report)
             else f for f in pack.files]
    return dataclasses.replace(pack, files=files, manifest={**pack.manifest, "boards": block})


def _pack_with_strength(spec: GameSpec, pack: Any, seed: str, players: int | None,
                        game_options: dict[str, Any], jobs: int) -> Any:
    """The session pack with its "Bot strength" section: the game's checks replayed by its
    stronger player (``--stronger-games N``) with the flips flagged, or what they rest on."""
    import dataclasses

    from pnp.errors import PnpError
    from pnp.pack import Report
    from pnp.sim import strength

    games = int(game_options.get("stronger_games") or 0)
    if games < 0:
        raise PnpError(f"must be 0 or more, got {games}", field="stronger-games")
    block = None
    if spec.stronger_bot and games > 0:
        from pnp.limits import check
        from pnp.sim.play import simulate

        check("games", games, field="stronger-games", what="games to play")
        doc = simulate(spec, _setup(spec, seed, players, spec.stronger_bot, game_options),
                       games, seed, jobs=jobs)
        block = strength.compare(pack.checks, doc.get("checks", []), "heuristic",
                                 spec.stronger_bot, games)
    section = strength.section(block, spec.title, spec.stronger_bot)
    files = [dataclasses.replace(f, sections=[*f.sections, section]) if isinstance(f, Report)
             else f for f in pack.files]
    extra = {"strength": block} if block is not None else {}
    return dataclasses.replace(pack, files=files, manifest={**pack.manifest, **extra},
                               notes=[*pack.notes, *(strength.notes(block) if block else [])])


def session_command(spec: GameSpec) -> Callable[..., None]:
    """``pnp GAME session``: everything to play one session, checked, ready to print."""
    def run(seed: str, out: str | None, players: int | None, bots: str | None,
            games: int | None, jobs: int, page: str, duplex: str, back_offset: str,
            bleed: str, crop_marks: bool, tts_url: str, strict: bool, **values: Any) -> None:
        import dataclasses

        from pnp.output import Output
        from pnp.pack_writer import write_pack

        game_options = _split(spec, "session", values)
        where = O.out_dir(out, spec.name, "session", seed)
        setup = _setup(spec, seed, players, bots, game_options)
        opts = dataclasses.replace(O.print_options(page, duplex, back_offset, crop_marks, bleed),
                                   tts_url=tts_url)
        n = _games(spec, games, spec.session_games, minimum=0)
        assert spec.session is not None
        boards = _boards(spec, game_options)
        pack = spec.session(setup, seed, game_options, n, jobs, opts)
        pack = _pack_with_strength(spec, pack, seed, players, game_options, jobs)
        if boards > 1:
            pack = _pack_with_boards(spec, pack, boards, seed, players, bots, game_options, n,
                                     jobs)
        with Output(where, seed=seed) as output:
            manifest = write_pack(output, pack, opts)
        O.echo_pack(where, manifest, pack, strict=strict)

    params = [param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
              param("players", O.players(spec.players_alias, spec.default_players), None),
              param("bots", O.Bots, None),
              param("games", O.games(spec.session_games, "Games simulated for the report"),
                    None), param("jobs", O.Jobs, 0),
              param("page", O.Page, "a4"), param("duplex", O.Duplex, "long"),
              param("back_offset", O.BackOffset, "0,0"), param("bleed", O.Bleed, "3mm"),
              param("crop_marks", O.CropMarks, True), param("tts_url", O.TtsUrl, ""),
              param("strict", O.Strict, False),
              *(game_param(o) for o in spec.options_for("session"))]
    return build_command(run, params, f"""A complete {spec.title} playtest pack: everything to
    print for one session, checked by simulation, with its balance report and manifest; its
    card decks also as Tabletop Simulator sheets and saved objects in tts/.

    Examples:

    pnp {spec.name} session --seed demo --out output/{spec.name}-demo

    pnp {spec.name} session --seed demo --page letter --duplex short --back-offset 0.5,-1
    """)


def game_app(spec: GameSpec) -> typer.Typer:
    """The ``pnp GAME`` command group: the shared commands plus the game's own."""
    import importlib

    from pnp.games.registry import summary

    app = typer.Typer(help=summary(spec), no_args_is_help=True)
    app.command("simulate")(simulate_command(spec))
    app.command("replay")(replay_command(spec))
    if spec.view:
        from pnp.commands.play import play_command

        app.command("play")(play_command(spec))
    if spec.session is not None:
        app.command("session")(session_command(spec))
    if spec.commands_module:
        importlib.import_module(spec.commands_module).register(app)
    return app
