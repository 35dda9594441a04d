"""`pnp junkyard-wars ...`: maze, session, simulate."""

from __future__ import annotations

import typer

app = typer.Typer(help="Junkyard Wars: maze tiles, sessions, machine deck, simulator.",
                  no_args_is_help=True)


# Options several commands share (one definition, the same flags and help everywhere).
SQUARE_MM = typer.Option(20.0, "--square-mm", help="Side of a maze square in mm.")
PAGE = typer.Option("a4", "--page", help="a4, letter or WxHmm.")
DUPLEX = typer.Option("long", "--duplex", help="long, short or none.")
BACK_OFFSET = typer.Option("0,0", "--back-offset", help="Printer back offset X,Y in mm.")
CROP_MARKS = typer.Option(True, "--crop-marks/--no-crop-marks")
WORDS = typer.Option(None, "--words", help="Machine word list (one word a line).")
BAG = typer.Option(None, "--bag", help="Junk bag YAML (default: English Scrabble).")
DECK_SIZE = typer.Option(40, "--deck-size", help="Machine cards in the deck.")


def _print_options(page: str, square_mm: float, duplex: str, back_offset: str,
                   crop_marks: bool):
    """Paper options of `maze` and `session` -> PrintOptions (PnpError on bad values)."""
    from pnp.errors import PnpError
    from pnp.games.junkyard_wars.pack import PrintOptions
    from pnp.layout.impose import parse_duplex
    from pnp.layout.sizes import parse_length, parse_page

    parts = back_offset.split(",")
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
    square_mm: float = SQUARE_MM,
    page: str = PAGE,
    duplex: str = DUPLEX,
    back_offset: str = BACK_OFFSET,
    crop_marks: bool = CROP_MARKS,
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
    bag: str = BAG,
    words: str = WORDS,
    games: int = typer.Option(500, "--games", help="Games simulated for the balance report."),
    jobs: int = typer.Option(0, "--jobs",
                             help="Worker processes for the simulation (0: all cores)."),
    deck_size: int = DECK_SIZE,
    square_mm: float = SQUARE_MM,
    page: str = PAGE,
    duplex: str = DUPLEX,
    back_offset: str = BACK_OFFSET,
    crop_marks: bool = CROP_MARKS,
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
                                  words_file=words, games=games, deck_size=deck_size, jobs=jobs)
        checks = info.pop("checks")
        manifest = o.commit(checks=checks, **info)
    _echo_written(out_dir, manifest)


def _bag_and_words(bag: str | None, words: str | None) -> tuple[dict, list[str]]:
    """The junk bag (letter -> count) and the machine words, from files or the bundled data."""
    from pnp.games.junkyard_wars.pack import resolve_bag
    from pnp.games.junkyard_wars.words import load_words

    return resolve_bag(bag).counts(), load_words(words)


@app.command("simulate")
def simulate_cmd(
    players: int = typer.Option(4, "--players", help="Players (2-6), 4 workers each."),
    games: int = typer.Option(1000, "--games", help="Games to simulate."),
    seed: str = typer.Option("1", "--seed", help="Seed: the session board, deck and games."),
    json_out: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    jobs: int = typer.Option(0, "--jobs", help="Worker processes (0: all cores)."),
    scheduler: str = typer.Option(None, "--scheduler", help="dask scheduler, e.g. tcp://host:8786."),
    minutes_per_turn: float = typer.Option(1.0, "--minutes-per-turn",
                                           help="Minutes one player-turn takes at the table."),
    stagger: bool = typer.Option(True, "--stagger/--no-stagger",
                                 help="The first-turn stagger of the rules (on by default)."),
    compare: bool = typer.Option(True, "--compare-stagger/--no-compare-stagger",
                                 help="Replay each game with the stagger flipped to measure it."),
    bots: str = typer.Option(None, "--bots",
                             help="Bot per seat, comma-separated: heuristic or random."),
    words: str = WORDS,
    bag: str = BAG,
    deck_size: int = DECK_SIZE,
    progress: bool = typer.Option(False, "--progress", help="Show a progress bar on stderr."),
) -> None:
    """Bots play many games: win rate per seat, game length, time limit, stagger, cards.

    Example: pnp junkyard-wars simulate --players 4 --games 5000 --seed S --json --jobs 2
    """
    import json

    from pnp.games.junkyard_wars.simulate import simulate

    seats = tuple(b.strip() for b in bots.split(",")) if bots else None
    bag_counts, word_list = _bag_and_words(bag, words)
    result = simulate(seed, players, games, word_list, bag_counts, jobs=jobs, scheduler=scheduler,
                      progress=progress, bots=seats, stagger=stagger,
                      minutes_per_turn=minutes_per_turn, compare_stagger=compare,
                      deck_size=deck_size)
    if json_out:
        typer.echo(json.dumps(result, sort_keys=True, indent=2))
        return
    typer.echo(f"{result['games']} games, {players} players, seed {result['seed_code']}")
    for s in result["win_rate_by_seat"]:
        typer.echo(f"  seat {s['seat']}: win rate {s['value']:.3f} [{s['low']:.3f}, {s['high']:.3f}]")
    m = result["minutes"]["mean"]
    typer.echo(f"  rounds {result['rounds']['mean']['value']:.2f}, minutes {m['value']:.1f}, "
               f"time limit reached {result['time_limit_share']['value']:.1%}")
    st = result.get("stagger_effect")
    if st:
        typer.echo(f"  seat 1 with stagger {st['seat1_win_rate_with']['value']:.3f}, without "
                   f"{st['seat1_win_rate_without']['value']:.3f} (fair {st['fair_share']:.3f})")
    hard = [c["word"] for c in result["cards"] if c["verdict"] == "too hard"]
    typer.echo(f"  too hard: {', '.join(hard) if hard else 'none'}")


@app.command("deck")
def deck_cmd(
    seed: str = typer.Option("1", "--seed", help="Seed of the deck."),
    size: int = typer.Option(40, "--size", help="Cards in the deck."),
    band: float = typer.Option(0.15, "--band", help="Allowed spread around the median (0.15 = 15%)."),
    words: str = WORDS,
    bag: str = BAG,
    json_out: bool = typer.Option(False, "--json", help="Print the deck as JSON."),
) -> None:
    """A balanced machine deck with each card's difficulty figure (estimated team-turns).

    Example: pnp junkyard-wars deck --seed S --size 40 --json
    """
    import json

    from pnp.games.junkyard_wars.deck import build_deck

    bag_counts, word_list = _bag_and_words(bag, words)
    deck = build_deck(seed, word_list, bag_counts, size=size, band=band)
    if json_out:
        typer.echo(json.dumps(deck.to_dict(), sort_keys=True, indent=2))
        return
    typer.echo(f"{len(deck.cards)} cards, median {deck.median}, band "
               f"[{deck.band_low}, {deck.band_high}] ({deck.in_band} of {deck.pool} words in band)")
    for c in sorted(deck.cards, key=lambda c: c.figure):
        typer.echo(f"  {c.word:<14} {c.figure:6.2f} turns  ({c.searches:.1f} searches)")
