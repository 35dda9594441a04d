"""``pnp GAME play``: the table in a terminal, for any game: numbered legal actions and the log.

The same game as at `pnp serve` (``pnp.serve.tables.TableGame``): saved after every action in
the games folder, so `pnp serve` lists it and resumes it, and `replay --log` replays it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from pnp.commands import options as O
from pnp.games.api import GameSpec


def play_command(spec: GameSpec) -> Callable[..., None]:
    """``pnp GAME play``: a person against the computer players, in the terminal."""
    from pnp.commands.game import build_command, param

    def run(seed: str, seats: str | None, games_dir: str) -> None:
        from pnp.errors import PnpError
        from pnp.serve.store import GameStore, new_id
        from pnp.serve.tables import PERSON, TableGame, new_doc

        names = [s.strip() for s in (seats or "you,heuristic").split(",")]
        if not spec.min_players <= len(names) <= spec.max_players or any(
                n != "you" and n not in spec.bots for n in names):
            raise PnpError(f"give {spec.players_text}, each 'you' or one of "
                           f"{', '.join(sorted(spec.bots))}; got {seats!r}", field="seats")
        doc = new_doc(spec, game_id=new_id(), seed=seed, mode="terminal",
                      options={o.name: o.default for o in spec.options_for("simulate")},
                      seats=[{"kind": PERSON} if n == "you" else {"kind": "bot", "bot": n}
                             for n in names])
        game = TableGame.from_doc(spec, doc, "new game")
        store = GameStore(games_dir)
        typer.echo(f"{spec.title}, seed {seed}; saved as {store.path(game.id)}; "
                   "type a number, or q to stop")
        _loop(game, store, {k for k, n in enumerate(names) if n == "you"})

    params = [param("seed", O.Seed, O.DEFAULT_SEED),
              param("seats", Annotated[str | None, typer.Option(
                  "--seats", help="Who sits where, comma-separated: 'you' or a computer "
                  "player (default: you,heuristic).")], None),
              param("games_dir", Annotated[str, typer.Option(
                  "--games-dir", help="Folder the game is saved in (pnp serve's).")],
                  "output/games")]
    return build_command(run, params, f"""Play {spec.title} in the terminal against the computer
    players: the legal actions numbered, the log as it happens. `pnp serve` has the board.

    Example:

    pnp {spec.name} play --seed demo --seats you,{sorted(spec.bots)[0]}
    """)


def _loop(game: Any, store: Any, people: set[int]) -> None:
    view = game.view
    shown = 0
    while True:
        for step in game.steps[shown:]:
            typer.echo(f"  {step.action}")
            for event in step.events:
                typer.echo(f"      {event}")
        shown = len(game.steps)
        if game.is_over():
            r = view.result(game.state)
            typer.echo(f"{r.winner}: {r.how}")
            for row in (r.headers, *r.rows):
                typer.echo("  " + "".join(f"{c:<16}" for c in row))
            return
        seat = game.to_move()
        if seat not in people:
            game.play_bot(game.bot_action())
            store.save(game)
            continue
        typer.echo(f"\n{view.turn(game.state)}")
        for sv in view.seats(game.state, seat):
            typer.echo(f"  {sv.name}" + (f" (score {sv.score})" if sv.score else "") + ": "
                       + "; ".join(f"{k} {v}" for k, v in sv.lines))
        legal = game.state.legal_actions()
        answer = _choose(view, game.state, legal)
        if answer is None:
            typer.echo(f"stopped; `pnp serve` resumes it ({store.path(game.id)})")
            return
        game.act(seat, str(legal[answer]))
        store.save(game)


#: A longer list of legal actions is narrowed by words before it is shown (Junkyard Wars offers
#: a travel to every reachable square).
LONGEST = 40


def _choose(view: Any, state: Any, legal: list[Any]) -> int | None:
    """The index of the action the person picks (None: stop)."""
    labels = [f"{view.kind(a)}: {view.label(state, a)}" for a in legal]
    shown = list(range(len(legal)))
    while True:
        if len(shown) > LONGEST:
            kinds: dict[str, int] = {}
            for k in shown:
                kinds[view.kind(legal[k])] = kinds.get(view.kind(legal[k]), 0) + 1
            typer.echo(f"  {len(shown)} actions: " + ", ".join(f"{n} {kind}"
                                                                for kind, n in kinds.items()))
        else:
            for k in shown:
                typer.echo(f"  {k + 1:>4}. {labels[k]}")
        try:
            text = input(f"number (1-{len(legal)}), words to narrow the list, or q> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return int(text) - 1
        words = text.lower().split()
        narrowed = [k for k in range(len(legal)) if all(w in labels[k].lower() for w in words)]
        if narrowed:
            shown = narrowed
        else:
            typer.echo(f"no action matches {text!r}")
