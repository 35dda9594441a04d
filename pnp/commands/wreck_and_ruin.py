"""Wreck and Ruin's own commands, added to `pnp wreck-and-ruin` beside simulate/replay/session."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.commands.game import build_command, game_param, param

#: Paired games per salvage card when `cards --games` is not given.
PAIRED_GAMES = 100

Rear = Annotated[bool, typer.Option("--rear", help="From directly behind the target "
                                                   "(-1 to its armour; the defender of a ram "
                                                   "rolls one die fewer).")]


def _config(values: dict[str, Any]) -> Any:
    from pnp.games.wreck_and_ruin.data import load_config

    return load_config(values.get("rules"), values.get("vehicles"))


def shoot(dice: int, armour: int, rear: bool, potshot: bool, json_out: bool,
          **values: Any) -> None:
    """The exact odds of a shot."""
    from pnp.games.wreck_and_ruin.odds import shoot_document

    doc = shoot_document(dice, armour, rear, potshot, _config(values))
    if json_out:
        typer.echo(json.dumps(doc, sort_keys=True, indent=2))
        return
    need = f"{doc['target'] - doc['modifier']}+" if doc["modifier"] else f"{doc['target']}+"
    typer.echo(f"{dice} dice against armour {armour}{' from behind' if rear else ''}"
               f"{' with potshot (-1 to each roll)' if potshot else ''}: each die needs "
               f"{need} (a 6 always hits and rolls again, a 1 always misses), expected hits "
               f"{doc['expected_hits']:.4f}")
    for k, p in doc["distribution"].items():
        if p >= 1e-6:
            typer.echo(f"  {k:>3} hits  {p:.6f}   at least {k}: "
                       f"{doc['at_least'].get(k, 1.0):.6f}")
    typer.echo(doc["note"])


def ram(attacker: str, target: str, rear: bool, json_out: bool, **values: Any) -> None:
    """The exact odds of a ram."""
    from pnp.games.wreck_and_ruin.odds import ram_document

    doc = ram_document(attacker.lower(), target.lower(), rear, _config(values))
    if json_out:
        typer.echo(json.dumps(doc, sort_keys=True, indent=2))
        return
    o = doc["outcome"]
    typer.echo(f"{doc['attacker']} rams {doc['target']}{' from the rear' if rear else ''}: "
               f"{doc['attacker_dice']} dice needing {doc['attacker_needs']}+ against "
               f"{doc['defender_dice']} dice needing {doc['defender_needs']}+")
    typer.echo(f"  attacker higher {o['attacker_higher']:.4f}, tie {o['tie']:.4f}, "
               f"defender higher {o['defender_higher']:.4f}; push {doc['push']:.4f}")
    typer.echo(f"  expected DP to the target {doc['expected_target_damage']:.4f}, "
               f"to the attacker {doc['expected_attacker_damage']:.4f}")
    typer.echo(doc["note"])


def map_cmd(seed: str, out: str | None, players: int, page: str, **values: Any) -> None:
    """A session map: map.json, the map at true size and the setup sheet, on ``page`` paper."""
    from pnp.errors import PnpError
    from pnp.games.wreck_and_ruin.pack import map_pack
    from pnp.layout.sizes import parse_page
    from pnp.output import Output
    from pnp.pack import PrintOptions
    from pnp.pack_writer import write_pack

    if not 2 <= players <= 4:
        raise PnpError(f"Wreck and Ruin is for 2-4 players, got {players}", field="players")
    from pnp.games.wreck_and_ruin.data import load_tiles

    opts = PrintOptions(page=parse_page(page, field="page"))
    pack = map_pack(seed, players, _config(values), load_tiles(values.get("tiles"), seed), opts)
    where = O.out_dir(out, "wreck-and-ruin", "map", seed)
    with Output(where, seed=seed) as output:
        manifest = write_pack(output, pack, opts)
    O.echo_pack(where, manifest, pack)


def cards(seed: str, players: int, games: int | None, jobs: int, retune: int | None,
          out: str | None, json_out: bool, **values: Any) -> None:
    """Each salvage card's value to its holder, by paired simulation; with ``retune``, the
    balance search, writing the retuned deck."""
    from pnp.errors import PnpError
    from pnp.games.wreck_and_ruin.deck import card_checks, measure_cards
    from pnp.games.wreck_and_ruin.simulate import make_setup

    n = PAIRED_GAMES if games is None else games
    if n < 2:
        raise PnpError(f"must be at least 2 paired games, got {n}", field="games")
    if not 2 <= players <= 4:
        raise PnpError(f"Wreck and Ruin is for 2-4 players, got {players}", field="players")
    from pnp.limits import check, integer, limit

    check("games", n, field="games", what="paired games per card")
    if retune is not None:
        integer(retune, low=1, high=int(limit("tries")), what="retune rounds (limit tries: "
                "raise it with pnp --limit tries=N)", field="retune")
    setup = make_setup(seed, players, ("heuristic",) * players, values)
    if retune is not None:
        _retune(setup, n, seed, retune, jobs, out, json_out)
        return
    measured = measure_cards(setup, n, seed, jobs)
    checks = card_checks(measured)
    if json_out:
        typer.echo(json.dumps({"cards": measured, "checks": [c.to_dict() for c in checks]},
                              sort_keys=True, indent=2))
        return
    for c in checks:
        typer.echo(str(c))


def _retune(setup: Any, games: int, seed: str, rounds: int, jobs: int, out: str | None,
            json_out: bool) -> None:
    """`cards --retune`: salvage.yaml (the retuned deck, for --salvage), retune.json."""
    from pnp.games.wreck_and_ruin.deck import BAND, card_checks, deck_yaml, retune
    from pnp.output import Output

    deck, report = retune(setup, games, seed, rounds, jobs)
    checks = card_checks(report["cards"])
    where = O.out_dir(out, "wreck-and-ruin", "cards", seed)
    header = (f"Wreck and Ruin salvage deck retuned by `pnp wreck-and-ruin cards --retune "
              f"{rounds}`\n(seed {seed}, {setup.players} players, {games} paired games per "
              f"seat): each card's value to\nits holder in the band {BAND[0]:+.2f}..."
              f"{BAND[1]:+.2f} or named in retune.json's 'unresolved'.")
    with Output(where, seed=seed) as output:
        output.write_text("salvage.yaml", deck_yaml(deck, header), "data")
        output.write_json("retune.json", {**report, "checks": [c.to_dict() for c in checks]})
        output.commit([c.to_dict() for c in checks])
    if json_out:
        typer.echo(json.dumps({**report, "out": str(where)}, sort_keys=True, indent=2))
        return
    for c in report["changes"]:
        typer.echo(f"round {c['round']}: {c['card']} {c['from']} -> {c['to']} "
                   f"(value {c['value_before']:+.3f} -> {c['value_after']:+.3f})")
    for name, why in report["unresolved"].items():
        typer.echo(f"not in band: {name}: {why}")
    typer.echo(f"{len(report['changes'])} changes in {report['rounds']} rounds, "
               f"{len(report['unresolved'])} cards outside the band; wrote {where}/salvage.yaml")


def register(app: typer.Typer) -> None:
    """Add `odds shoot|ram` and `map` to the `wreck-and-ruin` group."""
    from pnp.games.wreck_and_ruin import GAME

    own = [game_param(o) for o in GAME.options_for("odds")]
    odds = typer.Typer(help="Exact odds of shooting and ramming (exploding 6s).",
                       no_args_is_help=True)
    odds.command("shoot")(build_command(shoot, [
        param("dice", Annotated[int, typer.Option("--dice", help="Attack dice (1-30).")], ...),
        param("armour", Annotated[int, typer.Option("--armour", help="Target armour (1-6).")],
              ...),
        param("rear", Rear, False),
        param("potshot", Annotated[bool, typer.Option(
            "--potshot", help="POTSHOT: -1 to all rolls.")], False),
        param("json_out", O.Json, False), *own],
        """The exact distribution of hits of a shot: every 6 hits and rolls again, a 1 always
    misses, modifiers never make a 6.

    Examples:

    pnp wreck-and-ruin odds shoot --dice 2 --armour 4 --json

    pnp wreck-and-ruin odds shoot --dice 1 --armour 3 --rear --potshot
    """))
    kind = "Vehicle type: scout, buggy, wrecker or big-rig."
    odds.command("ram")(build_command(ram, [
        param("attacker", Annotated[str, typer.Option("--attacker", help=kind)], ...),
        param("target", Annotated[str, typer.Option("--target", help=kind)], ...),
        param("rear", Rear, False), param("json_out", O.Json, False), *own],
        """The exact outcome of a ram: scores (successes + SIZE each side), DP to the target
    and to the attacker, and whether a push is possible.

    Examples:

    pnp wreck-and-ruin odds ram --attacker wrecker --target big-rig --rear --json
    """))
    app.add_typer(odds, name="odds")
    app.command("cards")(build_command(cards, [
        param("seed", O.Seed, O.DEFAULT_SEED),
        param("players", Annotated[int, typer.Option("--players", help="Players (2-4).")], 2),
        param("games", O.games(PAIRED_GAMES, "Paired games per card"), None),
        param("jobs", O.Jobs, 0),
        param("retune", Annotated[int | None, typer.Option(
            "--retune", metavar="ROUNDS",
            help="Retune the cards outside the band: each round, their number one step "
                 "towards the band, and measure those again; writes salvage.yaml (use it "
                 "with --salvage) and retune.json to --out.")], None),
        param("out", O.Out, None),
        param("json_out", O.Json, False),
        *(game_param(o) for o in GAME.options_for("cards"))],
        """Each salvage card's value: paired games (heuristic players) with and without an
    extra copy in one seat's starting hand; the change in that seat's win rate, with its 95%
    interval, against the declared band. With --retune ROUNDS, the balance search: cards
    outside the band get their number one step smaller or larger and are measured again, for
    at most ROUNDS rounds; the cards it could not bring into band are named.

    Examples:

    pnp wreck-and-ruin cards --players 2 --games 200 --seed demo --jobs 2

    pnp wreck-and-ruin cards --players 2 --games 100 --seed demo --retune 3 --out deck
    """))
    app.command("map")(build_command(map_cmd, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
        param("players", Annotated[int, typer.Option("--players", help="Players (2-4).")], 4),
        param("page", O.Page, "a4"),
        *(game_param(o) for o in GAME.options_for("map"))],
        """A session map for the seed and player count: which tiles, sides, where and turned
    how, with the tracker numbering, fair by measurement (each seat's AP to the centre).
    Writes map.json, tiles.json, map-tiled.pdf (the map at true size, tiled over --page
    pages), setup-sheet.pdf and manifest.json.

    Examples:

    pnp wreck-and-ruin map --players 3 --seed demo --out output/wr-map

    pnp wreck-and-ruin map --players 4 --seed demo --page letter
    """))
