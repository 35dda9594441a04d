"""Playing games through the game interface: one game, a replay, a Monte Carlo run.

Every simulated game has its own seed, ``game_seed(run seed, index)``: the rules draw from one
stream of it and the bots from another, so any game of a run can be replayed alone and a run
gives the same records on 1..N processes or a dask cluster. The loop applies every bot action
through ``State.apply`` (the rules raise ``IllegalAction``); ``check=True`` also confirms each
action is among ``legal_actions()``, for games whose ``apply`` takes a fast path.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from pnp.games.api import GameSpec, IllegalAction, State
from pnp.seed import child_seed
from pnp.sim.runner import Batch, run

#: The stream of a run's games: game ``i`` of run seed ``s`` is ``child_seed(s, GAME_STREAM, i)``.
GAME_STREAM = "game"


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` (0-based) of the run of ``seed``."""
    return child_seed(seed, GAME_STREAM, index)


def bot_names(spec: GameSpec, players: int, bots: str | None, default: str = "heuristic"
              ) -> tuple[str, ...]:
    """``--bots``: one name for every seat or one per seat (comma-separated) -> a name per seat."""
    from pnp.errors import PnpError

    names = [b.strip() for b in (default if bots is None else bots).split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players or any(n not in spec.bots for n in names):
        raise PnpError(f"give one bot or one per seat ({players}), each one of "
                       f"{', '.join(sorted(spec.bots))}; got {bots!r}", field="bots")
    return tuple(names)


def new_game(spec: GameSpec, setup: Any, seed: int) -> tuple[State, list[Any], random.Random]:
    """Game ``seed`` of ``setup``: its state, a bot per seat and the bots' random stream."""
    state = spec.rules.new_state(setup, random.Random(child_seed(seed, "rules")))
    bots = [spec.bots[name](setup, seat) for seat, name in enumerate(setup.bots)]
    return state, bots, random.Random(child_seed(seed, "bots"))


def play(spec: GameSpec, setup: Any, seed: int, *, check: bool = False,
         on_action: Any = None, log: bool = False) -> State:
    """Bots play game ``seed`` to its end; ``on_action(player, action, state)`` after each.

    ``log=True`` has the state narrate what the rules do (``State.log``), for replays.
    """
    state, bots, rng = new_game(spec, setup, seed)
    if log:
        state.log = []
    while not state.is_over():
        player = state.current_player
        action = bots[player].choose(state, rng)
        if check and action not in state.legal_actions():
            raise IllegalAction(f"{spec.name}: seat {player + 1} chose {action}, which is not "
                                f"among the legal actions")
        state.apply(action)
        if on_action is not None:
            on_action(player, action, state)
    return state


def record_game(spec: GameSpec, setup: Any, seed: int, check: bool = False) -> Any:
    """What game ``seed`` contributes to the summary."""
    if spec.play_record is not None and not check:
        return spec.play_record(setup, seed)
    return spec.record(play(spec, setup, seed, check=check))


def replay(spec: GameSpec, setup: Any, seed: int | str, index: int, *,
           check: bool = True) -> dict[str, Any]:
    """Game ``index`` of the run of ``seed``, action by action, with what the rules did."""
    gseed = game_seed(seed, index)
    steps: list[dict[str, Any]] = []

    def note(player: int, action: Any, state: State) -> None:
        steps.append({"player": player + 1, "action": str(action), "events": state.log or []})
        state.log = []

    state = play(spec, setup, gseed, check=check, on_action=note, log=True)
    return {"game": spec.name, "index": index, "game_seed": gseed, "bots": list(setup.bots),
            "actions": steps, "returns": list(state.returns())}


def replay_lines(doc: dict[str, Any]) -> list[str]:
    """A replay as text: one line per action, its events indented under it."""
    lines = [f"{doc['game']} game {doc['index']} (game seed {doc['game_seed']}), bots: "
             f"{', '.join(doc['bots'])}"]
    for k, step in enumerate(doc["actions"], 1):
        lines.append(f"{k:>5}  P{step['player']}  {step['action']}")
        lines += [f"{'':>9}{e}" for e in step["events"]]
    lines.append("returns: " + ", ".join(f"P{p + 1} {r:g}" for p, r in
                                          enumerate(doc["returns"])))
    return lines


def batch_records(module: str, setup: Any, seed: int | str, check: bool, batch: Batch
                  ) -> list[Any]:
    """The records of games ``batch.start .. start+count-1`` of the run of ``seed``."""
    import importlib

    # By the module holding GAME: a spec holds lambdas, a module path pickles, and a worker
    # started afresh (forkserver, dask) finds the game without the parent's registry.
    spec = importlib.import_module(module).GAME
    return [record_game(spec, setup, game_seed(seed, batch.start + k), check)
            for k in range(batch.count)]


def run_games(spec: GameSpec, setup: Any, games: int, seed: int | str, *,
              jobs: int | None = 1, scheduler: str | None = None,
              progress: bool | str | None = None,
              check: bool = False, batch_size: int | None = None) -> list[Any]:
    """Records of ``games`` games of the run of ``seed``, in game order, on any executor."""
    from pnp.games.registry import GAMES

    if spec.warm is not None:   # before the workers start: a fork inherits it
        from pnp.sim.runner import prepare

        prepare(spec.warm, f"preparing {spec.title}'s computer players (compiled once after "
                           "installing)", progress)
    task = functools.partial(batch_records, GAMES[spec.name], setup, seed, check)
    if batch_size is None:
        # Results never depend on batches (each game has its own seed): size them so each
        # worker gets its share of chunks even in a short run (30 slow search games on 2
        # cores), at most 100 games so the progress bar moves.
        from pnp.sim.executors import CHUNKS_PER_WORKER
        from pnp.sim.runner import resolve_jobs

        batch_size = max(1, min(100, -(-games // (CHUNKS_PER_WORKER * resolve_jobs(jobs)))))
    results = run(task, games, seed, stream=(spec.name, "run"), batch_size=batch_size,
                  jobs=jobs, scheduler=scheduler, progress=progress)
    return [r for batch in results for r in batch]


def simulate(spec: GameSpec, setup: Any, games: int, seed: int | str, **kw: Any
             ) -> dict[str, Any]:
    """Play ``games`` games and summarise them (the ``simulate --json`` document)."""
    return spec.summarize(run_games(spec, setup, games, seed, **kw), setup, seed)
