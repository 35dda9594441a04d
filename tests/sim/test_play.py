"""Playing games through the game interface (pnp/sim/play.py), worked out by hand on Pig: the
seeds of a game, the bots of a run, one game, a record, a replay and its text, a run's batches."""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from pnp.errors import PnpError
from pnp.games.api import IllegalAction
from pnp.seed import child_seed
from pnp.sim import play as P

GAMES_DIR = str(Path(__file__).resolve().parent.parent / "games")
if GAMES_DIR not in sys.path:
    sys.path.insert(0, GAMES_DIR)
pig = importlib.import_module("pig_game")
SETUP = pig.Setup(2, ("heuristic", "random"))


def test_a_games_seed_and_its_two_streams():
    assert P.GAME_STREAM == "game" and P.game_seed("s", 3) == child_seed("s", "game", 3)
    seats: list[Any] = []
    spec = dataclasses.replace(pig.GAME, bots={
        "heuristic": lambda setup, seat: seats.append((setup, seat)) or pig.HoldAt20(),
        "random": lambda setup, seat: seats.append((setup, seat)) or pig.RandomBot()})
    state, bots, rng = P.new_game(spec, SETUP, 7)
    assert seats == [(SETUP, 0), (SETUP, 1)]
    assert [type(b) for b in bots] == [pig.HoldAt20, pig.RandomBot]
    assert rng.random() == random.Random(child_seed(7, "bots")).random()
    assert state.rng.random() == random.Random(child_seed(7, "rules")).random()


@pytest.mark.parametrize("given, names", [
    ("random", ("random", "random", "random")),
    (" heuristic , random,random ", ("heuristic", "random", "random")),
    (None, ("heuristic",) * 3),
    (",random,", ("random",) * 3),
])
def test_bot_names(given, names):
    assert P.bot_names(pig.GAME, 3, given) == names


def test_bot_names_default_and_refusals():
    assert P.bot_names(pig.GAME, 2, None, default="random") == ("random", "random")
    # an empty --bots names no bot: refused, not read as the default (issue 27)
    for bad in ("random,random", "random,random,random,random", "random,nobody,random", "x", "",
                " , "):
        with pytest.raises(PnpError) as e:
            P.bot_names(pig.GAME, 3, bad)
        assert e.value.field == "bots" and e.value.message == (
            f"give one bot or one per seat (3), each one of heuristic, random; got {bad!r}")


def test_play_notes_every_action_after_it_is_applied():
    seen = []

    def note(player, action, state):
        seen.append((player, str(action), state.turn_total, list(state.scores)))

    state = P.play(pig.GAME, SETUP, 11, on_action=note)
    assert state.is_over() and seen and seen[-1][3] == state.scores
    assert seen[0][0] == 0                          # player 1 (seat 0) moves first
    again = P.play(pig.GAME, SETUP, 11)
    assert again.scores == state.scores            # the same game from the same seed
    assert P.play(pig.GAME, SETUP, 11, log=True).log and again.log is None
    assert P.play(pig.GAME, SETUP, 11, check=True).scores == state.scores


class Cheat:
    """Asks for an action no game has."""

    def choose(self, state, rng):
        return "jump"


def test_check_refuses_an_action_not_among_the_legal_ones():
    spec = dataclasses.replace(pig.GAME, bots={**pig.GAME.bots, "cheat": lambda s, seat: Cheat()})
    setup = pig.Setup(2, ("random", "cheat"))
    with pytest.raises(IllegalAction) as e:
        P.play(spec, setup, 5, check=True)
    assert str(e.value) == ("pig: seat 2 chose jump, which is not among the legal actions")


def test_record_game_plays_or_uses_the_games_own_record():
    assert P.record_game(pig.GAME, SETUP, 4) == pig.record(P.play(pig.GAME, SETUP, 4))
    own = dataclasses.replace(pig.GAME, play_record=lambda setup, seed: ("own", setup, seed))
    assert P.record_game(own, SETUP, 4) == ("own", SETUP, 4)
    # check=True plays the game (its actions checked), not the game's own record
    assert P.record_game(own, SETUP, 4, check=True) == pig.record(P.play(pig.GAME, SETUP, 4))


def test_replay_and_its_lines():
    doc = P.replay(pig.GAME, SETUP, "run", 2)
    gseed = P.game_seed("run", 2)
    assert (doc["game"], doc["index"], doc["game_seed"], doc["bots"]) == (
        "pig", 2, gseed, ["heuristic", "random"])
    state = P.play(pig.GAME, SETUP, gseed)
    assert doc["returns"] == list(state.returns()) and len(doc["returns"]) == 2
    rolls = [s for s in doc["actions"] if s["action"] == "roll"]
    assert rolls and all(len(s["events"]) == 1 and s["events"][0].startswith("rolled ")
                         for s in rolls)              # each step its own events only
    assert all(s["events"] == [] for s in doc["actions"] if s["action"] == "hold")
    assert doc["actions"][0]["player"] == 1
    lines = P.replay_lines(doc)
    assert lines[0] == f"pig game 2 (game seed {gseed}), bots: heuristic, random"
    first = doc["actions"][0]
    assert lines[1] == f"    1  P1  {first['action']}"
    wins = doc["returns"]
    assert lines[-1] == f"returns: P1 {wins[0]:g}, P2 {wins[1]:g}"
    assert len(lines) == 2 + len(doc["actions"]) + sum(len(s["events"]) for s in doc["actions"])


def test_replay_lines_by_hand():
    doc = {"game": "g", "index": 0, "game_seed": 9, "bots": ["a", "b"],
           "actions": [{"player": 1, "action": "x", "events": ["e1", "e2"]},
                       {"player": 2, "action": "y", "events": []}] + [
                          {"player": 1, "action": "z", "events": []}] * 8,
           "returns": [1.0, 0.5]}
    lines = P.replay_lines(doc)
    assert lines[:5] == ["g game 0 (game seed 9), bots: a, b", "    1  P1  x",
                         "         e1", "         e2", "    2  P2  y"]
    assert lines[-2] == "   10  P1  z" and lines[-1] == "returns: P1 1, P2 0.5"


def test_a_replay_checks_its_actions_unless_told_not_to():
    spec = dataclasses.replace(pig.GAME, bots={**pig.GAME.bots, "cheat": lambda s, seat: Cheat()})
    setup = pig.Setup(2, ("cheat", "random"))
    with pytest.raises(IllegalAction, match="not among the legal actions"):
        P.replay(spec, setup, "s", 0)
    with pytest.raises(IllegalAction, match="^jump is not legal now$"):   # the rules' own
        P.replay(spec, setup, "s", 0, check=False)


def test_batch_records_are_the_games_of_the_batch():
    from pnp.sim.runner import Batch

    got = P.batch_records("pig_game", SETUP, "r", False, Batch(1, 0, 3, 2))
    assert got == [P.record_game(pig.GAME, SETUP, P.game_seed("r", k)) for k in (3, 4)]


def test_run_games_sizes_its_batches_and_keeps_game_order(monkeypatch):
    from pnp.games import registry
    from pnp.sim.executors import CHUNKS_PER_WORKER

    monkeypatch.setitem(registry.GAMES, "pig", "pig_game")
    calls = []
    real = P.run

    def spy(task, games, seed, **kw):
        calls.append((games, seed, kw))
        return real(task, games, seed, **kw)

    monkeypatch.setattr(P, "run", spy)
    records = P.run_games(pig.GAME, SETUP, 7, "r")
    assert records == [P.record_game(pig.GAME, SETUP, P.game_seed("r", i)) for i in range(7)]
    games, seed, kw = calls[-1]
    assert (games, seed, kw["stream"], kw["jobs"], kw["scheduler"], kw["progress"]) == (
        7, "r", ("pig", "run"), 1, None, None)  # None: the command's bar
    assert kw["batch_size"] == max(1, min(100, -(-7 // CHUNKS_PER_WORKER)))
    P.run_games(pig.GAME, SETUP, 3, "r", batch_size=2)
    assert calls[-1][2]["batch_size"] == 2
    # a long run: batches of at most 100 games; a short one on 2 workers: at least 1
    monkeypatch.setattr(P, "run", lambda task, games, seed, **kw: calls.append(kw) or [])
    assert P.run_games(pig.GAME, SETUP, 100_000, "r") == []
    assert calls[-1]["batch_size"] == 100
    P.run_games(pig.GAME, SETUP, 1, "r", jobs=2)
    assert calls[-1]["batch_size"] == 1
    P.run_games(pig.GAME, SETUP, 4 * CHUNKS_PER_WORKER * 2 + 1, "r", jobs=2, check=True)
    assert calls[-1]["batch_size"] == 5


def test_simulate_summarises_the_runs_records(monkeypatch):
    from pnp.games import registry

    monkeypatch.setitem(registry.GAMES, "pig", "pig_game")
    doc = P.simulate(pig.GAME, SETUP, 6, "r")
    assert doc == pig.summarize(P.run_games(pig.GAME, SETUP, 6, "r"), SETUP, "r")
    assert doc["games"] == 6


# -- the seed and the check reach every game ------------------------------------------------
SCORES = dataclasses.replace(pig.GAME, record=lambda state: tuple(state.scores))


def test_each_game_is_its_own_seeds():
    games = [P.play(pig.GAME, SETUP, seed).scores for seed in range(6)]
    assert len({tuple(g) for g in games}) > 1             # not one game whatever the seed
    assert [P.record_game(SCORES, SETUP, seed) for seed in range(6)] == [
        tuple(g) for g in games]
    gseed, steps = P.game_seed("run", 1), []
    P.play(pig.GAME, SETUP, gseed, on_action=lambda p, a, s: steps.append((p + 1, str(a))))
    doc = P.replay(pig.GAME, SETUP, "run", 1)
    assert [(s["player"], s["action"]) for s in doc["actions"]] == steps


CHEAT = dataclasses.replace(pig.GAME, name="cheat",
                            bots={**pig.GAME.bots, "cheat": lambda s, seat: Cheat()})
CHEAT_SETUP = pig.Setup(2, ("cheat", "random"))
CHECKED = "^cheat: seat 1 chose jump, which is not among the legal actions$"
RULES_OWN = "^jump is not legal now$"


@pytest.fixture()
def cheat_module(monkeypatch):
    """A registered game whose first seat cheats (a worker finds it by its module's name)."""
    import types

    from pnp.games import registry

    module = types.ModuleType("cheat_game")
    module.GAME = CHEAT
    monkeypatch.setitem(sys.modules, "cheat_game", module)
    monkeypatch.setitem(registry.GAMES, "cheat", "cheat_game")


def test_the_check_is_off_unless_asked_for_and_reaches_every_game(cheat_module):
    from pnp.sim.runner import Batch

    with pytest.raises(IllegalAction, match=RULES_OWN):
        P.play(CHEAT, CHEAT_SETUP, 5)
    with pytest.raises(IllegalAction, match=CHECKED):
        P.record_game(CHEAT, CHEAT_SETUP, 5, check=True)
    with pytest.raises(IllegalAction, match=CHECKED):
        P.batch_records("cheat_game", CHEAT_SETUP, "r", True, Batch(0, 0, 0, 1))
    with pytest.raises(IllegalAction, match=RULES_OWN):
        P.run_games(CHEAT, CHEAT_SETUP, 1, "r")
    with pytest.raises(IllegalAction, match=CHECKED):
        P.run_games(CHEAT, CHEAT_SETUP, 1, "r", check=True)


def test_simulate_passes_its_options_and_seed_on(monkeypatch):
    from pnp.games import registry

    monkeypatch.setitem(registry.GAMES, "pig", "pig_game")
    seen = []
    spec = dataclasses.replace(pig.GAME, summarize=lambda recs, setup, seed: seen.append(
        (len(recs), setup, seed)) or {})
    calls = []
    real = P.run
    monkeypatch.setattr(P, "run", lambda *a, **kw: calls.append(kw) or real(*a, **kw))
    P.simulate(spec, SETUP, 6, "r", batch_size=4)
    assert seen == [(6, SETUP, "r")] and calls[-1]["batch_size"] == 4
    monkeypatch.setattr(P, "run", lambda *a, **kw: calls.append(kw) or [])
    P.run_games(pig.GAME, SETUP, 2, "r", scheduler="tcp://h:8786", progress="text", jobs=3)
    assert (calls[-1]["scheduler"], calls[-1]["progress"], calls[-1]["jobs"]) == (
        "tcp://h:8786", "text", 3)


def test_a_games_warm_up_runs_once_before_its_games_and_a_slow_one_is_said(monkeypatch, capsys):
    """``GameSpec.warm`` runs before the run starts (before its workers), every time a run
    starts (a game's own warm-up keeps itself to once); a bar-showing run that waits on it
    for more than a second says why on stderr, a quiet one says nothing."""
    import threading
    import time

    from pnp.games import registry
    from pnp.sim import runner

    monkeypatch.setitem(registry.GAMES, "pig", "pig_game")
    order: list[str] = []
    real = P.run
    monkeypatch.setattr(P, "run", lambda *a, **kw: order.append("run") or real(*a, **kw))
    spec = dataclasses.replace(pig.GAME, warm=lambda: order.append("warm"))
    P.run_games(spec, SETUP, 3, "r")
    assert order == ["warm", "run"]
    assert capsys.readouterr().err == ""

    runner.prepare(lambda: time.sleep(0.3), "compiling", progress=True, after=0.05)
    assert capsys.readouterr().err == "pnp: compiling...\n"
    runner.prepare(lambda: time.sleep(0.3), "compiling", progress=False, after=0.05)
    runner.prepare(lambda: None, "compiling", progress=True, after=0.05)
    time.sleep(0.1)
    assert capsys.readouterr().err == ""
    assert not any(isinstance(t, threading.Timer) for t in threading.enumerate())  # forks safe
