"""The Waste of Parts' own commands, added to `pnp waste-of-parts` beside simulate/replay."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.commands.game import build_command, game_param, param

#: The largest --health of `odds`: the expected attacks are exact fractions (the Enemy decks'
#: Health stays within 30, rules.yaml).
ODDS_HEALTH = 100


def odds(dice: int, health: int | None, json_out: bool) -> None:
    """The exact odds of an attack."""
    from pnp.errors import PnpError
    from pnp.games.waste_of_parts.rules import odds_document

    if not 1 <= dice <= 30:
        raise PnpError(f"must be 1-30 dice, got {dice}", field="dice")
    if health is not None and not 1 <= health <= ODDS_HEALTH:  # exact fractions grow with it
        raise PnpError(f"must be 1-{ODDS_HEALTH}, got {health}", field="health")
    doc = odds_document(dice, health)
    if json_out:
        typer.echo(json.dumps(doc, indent=2, sort_keys=True))
        return
    typer.echo(f"{dice} dice, hit on 3-6: expected hits {doc['expected_hits']['value']:.3f}, "
               f"jam {doc['p_jam']['exact']}")
    for k, p in doc["hits"].items():
        typer.echo(f"  {k} hits  {p['value']:.4f}  ({p['exact']})")
    if health is not None:
        typer.echo(f"Health {health}: one attack kills {doc['p_kill_in_one_attack']['value']:.4f},"
                   f" expected attacks {doc['expected_attacks_to_kill']['value']:.3f}")


def decks(seed: str, out: str | None, games: int, tries: int, jobs: int, card_games: int,
          crew_games: int, **values: Any) -> None:
    """Generated decks searched against the bands: decks.json and manifest.json."""
    from pnp.games.waste_of_parts import GAME
    from pnp.games.waste_of_parts.balance import (
        crew_band_checks,
        crew_sections,
        decks_document,
        measure_crew,
        measure_salvage,
        measure_upgrades,
        noise_checks,
        search_decks,
    )
    from pnp.games.waste_of_parts.boss import harrow_document
    from pnp.games.waste_of_parts.cards import event_document
    from pnp.games.waste_of_parts.scourge import scourge_document
    from pnp.games.waste_of_parts.simulate import make_setup
    from pnp.output import Output
    from pnp.pack import Json, Pack, PrintOptions, Report
    from pnp.pack_writer import write_pack
    from pnp.sim.play import game_seed, record_game, run_games

    _check_counts(games, tries, card_games, crew_games)
    setup = make_setup(seed, 4, ("heuristic",) * 4, values)
    summaries: dict[Any, dict[int, dict[str, Any]]] = {}   # decks -> crew size -> summary

    def measure(trial: Any) -> dict[int, tuple[int, int]]:
        out_ = {}
        for n in (3, 4, 5):
            sized = dataclasses.replace(trial, bots=("heuristic",) * n, players=n)
            records = run_games(GAME, sized, games, seed, jobs=jobs)
            summaries.setdefault((trial.enemies, trial.salvage), {})[n] = GAME.summarize(
                records, sized, seed)
            out_[n] = (sum(r.won for r in records), len(records))
        return out_

    best, checks, k = search_decks(setup, seed, tries, measure if games > 0 else None)
    doc: dict[str, Any] = {**decks_document(best), "try": k,
                           "harrow": harrow_document(best.config, seed),
                           "scourge": scourge_document(best.config, seed),
                           "events": event_document()}
    if card_games > 0:
        def win(trial: Any, i: int) -> bool:
            return bool(record_game(GAME, trial, game_seed(seed, i)).won)

        doc["salvage_values"] = measure_salvage(best, card_games, seed, win)
        doc["noise_costs"] = measure_upgrades(best, card_games, win)
        checks += noise_checks(doc["noise_costs"])
    if crew_games > 0:
        doc["crew_effects"] = measure_crew(
            best, {f"{d.ident} {d.name}": d for d in best.dashboards}, crew_games,
            lambda trial, i: bool(record_game(GAME, trial, game_seed(seed, i)).won))
        checks += crew_band_checks(doc["crew_effects"])
    doc["checks"] = [c.to_dict() for c in checks]
    failed = [c.name for c in checks if not c.passed]
    notes = [str(c) for c in checks] + ([f"bands not met: {', '.join(failed)}"] if failed else [])
    files: list[Any] = [Json("decks.json", doc)]
    if games > 0:
        sections = crew_sections(summaries[best.enemies, best.salvage])
        sections.append({"heading": "Checks", "checks": doc["checks"]})
        files.append(Report("report.html", "The Waste of Parts balance by crew size", sections,
                            subtitle=f"seed {seed} · deck try {k} · {games} games a crew size"))
    pack = Pack("The Waste of Parts decks", seed, files,
                checks=[c.to_dict() for c in checks], notes=notes)
    where = O.out_dir(out, "waste-of-parts", "decks", seed)
    with Output(where, seed=seed) as output:
        manifest = write_pack(output, pack, PrintOptions())
    O.echo_pack(where, manifest, pack)


def _check_counts(games: int, tries: int, card_games: int, crew_games: int) -> None:
    """The counts of `decks`, before any deck is made: whole, not negative, within the limits
    (every try plays --games for each of 3 crew sizes)."""
    from pnp.errors import PnpError
    from pnp.limits import check, integer, limit

    integer(tries, low=1, high=int(limit("tries")), what="deck seeds to try (limit tries: "
            "raise it with pnp --limit tries=N)", field="tries")
    for name, n, total in (("games", games, games * 3 * tries), ("card-games", card_games,
                           card_games), ("crew-games", crew_games, crew_games)):
        if n < 0:
            raise PnpError(f"must be 0 or more, got {n}", field=name)
        check("games", total, given=f"{total:,}", field=name, what="games to play")


def register(app: typer.Typer) -> None:
    """Add `odds` and `decks` to the `waste-of-parts` group."""
    from pnp.games.waste_of_parts import GAME

    app.command("odds")(build_command(odds, [
        param("dice", Annotated[int, typer.Option("--dice", help="Dice rolled (Attack Stat).")],
              2),
        param("health", Annotated[int | None, typer.Option(
            "--health", help="Health of the target: chance to kill, expected attacks.")], None),
        param("json_out", O.Json, False)],
        """The exact odds of an attack: hits of N dice (3-6 hit), the jam chance (all 1s), and
    against --health the chance one attack kills and the expected attacks (damage carried over).

    Example: pnp waste-of-parts odds --dice 3 --health 4 --json
    """))

    app.command("decks")(build_command(decks, [
        param("seed", O.Seed, O.DEFAULT_SEED), param("out", O.Out, None),
        param("games", Annotated[int, typer.Option(
            "--games", help="Heuristic games per crew size per try (0: deck bands only).")], 0),
        param("tries", Annotated[int, typer.Option(
            "--tries", help="Deck seeds tried at most.")], 5),
        param("jobs", O.Jobs, 1),
        param("card_games", Annotated[int, typer.Option(
            "--card-games", help="Paired games per Salvage archetype for its value (0: none).")],
            0),
        param("crew_games", Annotated[int, typer.Option(
            "--crew-games", help="Paired games per crew dashboard for its effect (0: none).")],
            0),
        *(game_param(o) for o in GAME.options_for("decks"))],
        """The generated Enemy and Salvage decks, searched until each level's threat band and
    (with --games) the heuristic crew's win-rate bands per crew size are met; says which bands it
    could not meet. --card-games N measures each Salvage archetype's value (N paired games of a
    plain crew with and without starting with it), one Noise's value and each upgrade's value
    without its Noise, and checks each upgrade's Noise cost against its value in Noise.
    --crew-games N measures each crew dashboard's effect (N paired games against the plain crew
    member) and checks each lies within the band of the others. Writes
    decks.json (every card with its measured figures), with --games report.html (win rates,
    losses by Hull vs crew wipe, rounds to Distance 10/20/35 and Enemies aboard by round, per
    crew size) and manifest.json.

    Example: pnp waste-of-parts decks --seed demo --games 200
    """))
