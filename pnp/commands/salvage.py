"""Salvage's own commands, added to `pnp salvage` beside simulate/replay/session."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.commands.game import build_command, game_param, param


def field(seed: str, out: str | None, page: str, **values: Any) -> None:
    """A session field: field.json, field.pdf (true size), field-tiled.pdf and manifest.json."""
    from pnp.games.salvage.pack import field_pack
    from pnp.layout.sizes import parse_page
    from pnp.output import Output
    from pnp.pack import PrintOptions
    from pnp.pack_writer import write_pack

    opts = PrintOptions(page=parse_page(page, field="page"))
    pack = field_pack(seed, values, opts)
    where = O.out_dir(out, "salvage", "field", seed)
    with Output(where, seed=seed) as output:
        manifest = write_pack(output, pack, opts)
    O.echo_pack(where, manifest, pack)


#: Paired games per mod when --games is not given (about 1,000 tell the mods apart).
PAIRED_GAMES = 200


def mods(seed: str, out: str | None, games: int | None, fields: int | None, jobs: int,
         band: float, max_rounds: int, max_score: int, **values: Any) -> None:
    """The balanced mods deck: mods.json, mods.csv (cards for `pnp render`), manifest.json."""
    from pnp.errors import PnpError
    from pnp.games.salvage import deck
    from pnp.games.salvage.simulate import make_setup
    from pnp.limits import check, integer, limit
    from pnp.output import Output
    from pnp.pack import Json, Pack, PrintOptions
    from pnp.pack_writer import write_pack

    games = PAIRED_GAMES if games is None else games
    if games < 2:
        raise PnpError(f"must be at least 2 paired games, got {games}", field="games")
    check("games", games, field="games", what="paired games per mod")
    integer(max_rounds, low=1, high=int(limit("tries")), what="rounds (limit tries: raise it "
            "with pnp --limit tries=N)", field="max-rounds")
    integer(max_score, low=0, high=999, what="a mod's score", field="max-score")
    if not 0 <= band <= 1:  # NaN included: a share of the win rate
        raise PnpError(f"must be from 0 to 1 (a share of the win rate), got {band}",
                       field="band")
    pairs = (games + 1) // 2
    fields = pairs if fields is None else fields
    integer(fields, low=1, high=pairs, what=f"fields ({games} paired games: a field per pair "
            "of seats at most)", field="fields")
    bots = ("heuristic", "heuristic")
    setup = make_setup(seed, 2, bots, values)
    grounds = deck.mod_fields(seed, fields, nodes=values.get("nodes"),
                              density=values.get("density"))
    balance = deck.balance_deck(setup, games, seed, band=band, max_rounds=max_rounds,
                                max_score=max_score, jobs=jobs, fields=grounds)
    rank = deck.score_rank_check(balance.values, seed)
    pack = Pack("Salvage mods", seed, [Json("mods.json", deck.mods_document(
        balance, games=games, seed=seed, bots=bots, band=band, fields=fields, rank=rank))],
        checks=[c.to_dict() for c in (rank, *deck.mod_checks(balance))],
        notes=[str(rank), *deck.balance_lines(balance)])
    where = O.out_dir(out, "salvage", "mods", seed)
    with Output(where, seed=seed) as output:
        # The CSV is text, a file type the pack has not got: staged beside the pack's files.
        output.write_text("mods.csv", deck.mods_csv(balance.mods), "csv")
        manifest = write_pack(output, pack, PrintOptions())
    O.echo_pack(where, manifest, pack)


def register(app: typer.Typer) -> None:
    """Add `field` and `mods` to the `salvage` group."""
    from pnp.games.salvage import GAME
    from pnp.games.salvage.deck import DEFAULT_BAND, MAX_SCORE

    app.command("field")(build_command(field, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
        param("page", O.Page, "a4"),
        *(game_param(o) for o in GAME.options_for("field"))],
        """A fresh Salvage field for a session: symmetric under a half-turn, so neither seat is
    favoured. Writes field.json (for a digital table), field.pdf (the board at true size),
    field-tiled.pdf (the board over --page pages) and manifest.json.

    Examples:

    pnp salvage field --seed demo --out output/salvage-field

    pnp salvage field --seed demo --nodes 31 --density 0.6 --page letter
    """))

    app.command("mods")(build_command(mods, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
        param("games", O.games(PAIRED_GAMES, "Paired games per mod"), None),
        param("fields", Annotated[int | None, typer.Option(
            "--fields", help="Fields the paired games are played on, from the seed's generator "
                             "(game i on field i // 2 mod K; default: a field per pair of "
                             "games).")], None),
        param("jobs", O.Jobs, 0),
        param("band", Annotated[float, typer.Option(
            "--band", help="Allowed gap in win rate between a mod's value and k x its score.")],
            DEFAULT_BAND),
        param("max_rounds", Annotated[int, typer.Option(
            "--max-rounds", help="Measure-and-retune rounds at most.")], 2),
        param("max_score", Annotated[int, typer.Option(
            "--max-score", help="Highest score a mod card may print.")], MAX_SCORE),
        *(game_param(o) for o in GAME.options_for("mods"))],
        """The mods deck balanced by simulation: each mod's value (the change in win rate when
    one seat starts with it, heuristic vs heuristic, paired games over many fields) against
    its printed score; the scores off the band are retuned, and the rank correlation of
    printed score and value is checked (at least 0.9). Writes mods.json, mods.csv
    (`pnp render mods.csv`) and manifest.json.

    Examples:

    pnp salvage mods --seed demo --out output/salvage-mods   (200 paired games per mod)

    pnp salvage mods --seed demo --games 1000 --fields 100 --jobs 0
    """))
