"""`pnp waste-knights ...`: board, session, simulate."""

from __future__ import annotations

import typer

#: Exit code when --reject-unbalanced finds no board inside the bands (files are still written;
#: 2 stays "bad input", 1 a crash).
EXIT_UNBALANCED = 3

app = typer.Typer(help="Waste Knights: hex boards per session, travel simulator, printables.",
                  no_args_is_help=True)


def _load_board_json(path: str):
    """Read and validate a board.json (PnpError naming the file and line on bad input)."""
    import json
    from pathlib import Path

    from pnp.errors import PnpError
    from pnp.games.waste_knights.hexes import board_from_dict

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PnpError(f"cannot read: {exc.strerror}", file=path) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PnpError(f"malformed JSON: {exc.msg}", file=path, line=exc.lineno) from None
    return board_from_dict(data, where=path)


def _print_tour(summary: dict) -> None:
    def fmt(e: dict) -> str:
        return f"{e['value']:.3f} [{e['low']:.3f}, {e['high']:.3f}]"

    typer.echo(f"{summary['games']} games, {summary['knights']} {summary['policy']} knights, "
               f"{summary['rounds']} rounds, vehicles: {', '.join(summary['vehicles'])}")
    typer.echo("per knight per game (95% CI):")
    for name, est in summary["per_knight"].items():
        typer.echo(f"  {name:<16} {fmt(est)}")
    typer.echo("share of knight-games (95% CI):")
    for name, est in summary["rates"].items():
        typer.echo(f"  {name:<16} {fmt(est)}")
    typer.echo("seats (mission points, wins):")
    for seat in summary["seats"]:
        typer.echo(f"  seat {seat['seat']} {seat['vehicle']:<10} {fmt(seat['points'])}  "
                   f"{fmt(seat['wins'])}")
    for c in summary["checks"]:
        lo = "-inf" if c["band_low"] is None else c["band_low"]
        hi = "+inf" if c["band_high"] is None else c["band_high"]
        typer.echo(f"{'PASS' if c['passed'] else 'FAIL'} {c['name']}: {c['value']:.3f} "
                   f"band [{lo}, {hi}]")


@app.command("simulate")
def simulate_cmd(
    board: str = typer.Option(..., "--board", help="board.json written by `board`."),
    knights: int = typer.Option(4, "--knights", help="Knights touring together (2-4)."),
    games: int = typer.Option(2000, "--games", help="Games to simulate."),
    seed: str = typer.Option("1", "--seed", help="Seed (any text or number, or a seed code)."),
    rounds: int = typer.Option(10, "--rounds", help="Rounds in the mission."),
    vehicle: str = typer.Option("strider", "--vehicle",
                                help="Vehicle of every knight, or one per seat: a,b,c."),
    policy: str = typer.Option("heuristic", "--policy", help="heuristic or random knights."),
    compare: bool = typer.Option(False, "--compare",
                                 help="Also run random knights and compare the objective."),
    jobs: int = typer.Option(0, "--jobs", help="Worker processes (0: all cores)."),
    scheduler: str = typer.Option(None, "--scheduler", help="dask scheduler address."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Tour statistics of knights on a board: Fuel starvation, K.O.s, cards, seat fairness.

    Examples:

    pnp waste-knights simulate --board board.json --games 2000 --seed S --json

    pnp waste-knights simulate --board board.json --knights 2 --vehicle off-road
    """
    import json

    from pnp.games.waste_knights.data import vehicle_speeds
    from pnp.games.waste_knights.simulate import Policy, make_config, simulate_tour
    from pnp.games.waste_knights.tour_stats import compare as compare_tours
    from pnp.seed import seed_code

    b = _load_board_json(board)
    speeds = vehicle_speeds()
    names = [v.strip() for v in vehicle.split(",") if v.strip()]
    config = make_config(knights, speeds, names, policy, rounds)
    result = simulate_tour(b, config, games, seed, jobs=jobs, scheduler=scheduler)
    out = {"seed": seed, "seed_code": seed_code(seed), "board": board, "tour": result}
    if compare:
        rcfg = make_config(knights, speeds, names, Policy.RANDOM, rounds)
        rand = simulate_tour(b, rcfg, games, seed, jobs=jobs, scheduler=scheduler)
        out["random"] = rand
        out["heuristic_vs_random"] = compare_tours(result, rand)
    if as_json:
        typer.echo(json.dumps(out, sort_keys=True, indent=2))
        return
    typer.echo(f"seed {out['seed_code']}  board {board}")
    _print_tour(result)
    if compare:
        c = out["heuristic_vs_random"]
        typer.echo(f"{c['objective']}: heuristic {c['heuristic']['value']:.3f}, random "
                   f"{c['random']['value']:.3f} "
                   f"({'clearly better' if c['clearly_better'] else 'NOT clearly better'})")


@app.command("board")
def board_cmd(
    seed: str = typer.Option(..., "--seed", help="Seed (any text or number, or a seed code)."),
    out: str = typer.Option("output/waste-knights-board", "--out", help="Output folder."),
    mode: str = typer.Option("session", "--mode",
                             help="session (the official tiles) or new-tiles (designed tiles)."),
    reject_unbalanced: bool = typer.Option(False, "--reject-unbalanced",
                                           help="Redraw with the next child seed until the "
                                                "board passes its balance bands."),
    max_tries: int = typer.Option(1000, "--max-tries", help="Redraws before giving up."),
) -> None:
    """Generate a 37-hex board: board.json (hexes + metrics) and manifest.json.

    --reject-unbalanced: if no board passes, the best found is written (exit 3).

    Examples:

    pnp waste-knights board --seed demo --out output/wk-board

    pnp waste-knights board --seed demo --mode new-tiles --reject-unbalanced
    """
    from pnp.games.waste_knights.session import make_board, write_board
    from pnp.output import Output

    result = make_board(seed, mode, reject_unbalanced=reject_unbalanced, max_tries=max_tries)
    with Output(out, seed=seed) as o:
        write_board(o, result)
        o.commit(checks=result.analysis.checks, balance=result.balance())
    _print_board(result, out)


def _print_board(result, out: str) -> None:
    from pnp.seed import seed_code

    a = result.analysis
    passed = sum(c["passed"] for c in a.checks)
    typer.echo(f"board {seed_code(result.board_seed)} ({result.board.mode}): {passed}/"
               f"{len(a.checks)} balance checks passed"
               + (f", {result.tries} tries" if result.searched else "") + f" -> {out}")
    for c in a.checks:
        if not c["passed"]:
            typer.echo(f"FAIL {c['name']}: {c['value']} band [{c['band_low']}, {c['band_high']}]")
    if result.searched and not a.passed:
        failed = sum(not c["passed"] for c in a.checks)
        typer.echo(f"pnp: warning: no board passed in {result.tries} tries; wrote the best one "
                   f"(seed {seed_code(result.board_seed)}, {failed} check"
                   f"{'s' if failed > 1 else ''} failed)", err=True)
        raise typer.Exit(EXIT_UNBALANCED)


@app.command("session")
def session_cmd(
    seed: str = typer.Option(..., "--seed", help="Seed (any text or number, or a seed code)."),
    out: str = typer.Option("output/waste-knights-session", "--out", help="Output folder."),
    page: str = typer.Option("a4", "--page", help="a4, letter or WxH (e.g. 210x297mm)."),
    mode: str = typer.Option("session", "--mode", help="session or new-tiles."),
    reject_unbalanced: bool = typer.Option(False, "--reject-unbalanced",
                                           help="Redraw until the board passes its bands."),
    max_tries: int = typer.Option(1000, "--max-tries", help="Redraws before giving up."),
    hex_size: str = typer.Option("60mm", "--hex-size", help="Tile width across flats."),
    bleed: str = typer.Option("3mm", "--bleed", help="Bleed around each tile."),
    duplex: str = typer.Option("long", "--duplex", help="long, short or none."),
    games: int = typer.Option(200, "--games",
                              help="Tour games per knight count in the report (0: none)."),
) -> None:
    """Everything to play a session: board (true scale + tiled), hex tiles with backs,
    reference and setup sheets, balance report, board.json, manifest.json.

    Examples:

    pnp waste-knights session --seed demo --out output/wk-session

    pnp waste-knights session --seed demo --page letter --hex-size 50mm
    """
    from pnp.errors import PnpError
    from pnp.games.waste_knights.session import make_board, write_session
    from pnp.layout.sizes import parse_length, parse_page
    from pnp.output import Output

    size = parse_length(hex_size, field="hex-size")
    if not 20.0 <= size <= 150.0:
        raise PnpError(f"must be 20-150 mm across flats, got {size:g} mm", field="hex-size")
    bleed_mm = parse_length(bleed, field="bleed")
    if games < 0:
        raise PnpError(f"must be >= 0, got {games}", field="games")
    page_size = parse_page(page, field="page")
    result = make_board(seed, mode, reject_unbalanced=reject_unbalanced, max_tries=max_tries)
    with Output(out, seed=seed) as o:
        write_session(o, result, page=page_size, flat=size, bleed=bleed_mm, duplex=duplex,
                      games=games)
        o.commit(checks=result.analysis.checks, balance=result.balance())
    _print_board(result, out)
