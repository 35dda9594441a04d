"""A stop request (Ctrl-C or SIGTERM) during each long command of Salvage, The Waste of Parts
and Wreck and Ruin: simulate --jobs 2, session, and the deck searches (mods, decks, cards).
Each ends within the harness's bound with the one-line notice, no staging folder, no file that
no manifest lists and no worker left running (the harness checks the last two)."""

from __future__ import annotations

import signal

import pytest

from .conftest import workers, writing

RUNS = {
    "salvage": {
        "simulate": (("simulate", "--games", "1000000", "--jobs", "2"), workers),
        "session": (("session", "--games", "20", "--jobs", "2"), writing),
        "mods": (("mods", "--games", "100000", "--jobs", "2"), workers),
    },
    "waste-of-parts": {
        "simulate": (("simulate", "--games", "1000000", "--jobs", "2"), workers),
        "session": (("session", "--games", "20", "--jobs", "2"), writing),
        "decks": (("decks", "--games", "100000", "--jobs", "2"), workers),
    },
    "wreck-and-ruin": {
        "simulate": (("simulate", "--games", "1000000", "--jobs", "2"), workers),
        "session": (("session", "--games", "20", "--jobs", "2"), writing),
        "cards": (("cards", "--games", "100000", "--jobs", "2"), workers),
    },
}
CASES = [(game, command, signum) for game, runs in RUNS.items()
         for command, signum in zip(runs, (signal.SIGINT, signal.SIGTERM, signal.SIGINT),
                                    strict=True)]


@pytest.mark.parametrize("game, command, signum", CASES,
                         ids=[f"{g}-{c}-{signal.Signals(s).name}" for g, c, s in CASES])
def test_a_stop_request_ends_a_long_run_of_a_new_game_cleanly(pnp_run, game, command, signum):
    args, when = RUNS[game][command]
    r = pnp_run(game, *args, "--out", "out", send=(signum, when)) if command != "simulate" \
        else pnp_run(game, *args, send=(signum, when))
    assert r.code == 128 + signum, (r.code, r.err[-2000:])
    assert "Traceback" not in r.err
    assert r.err_lines == [f"pnp: interrupted ({signal.Signals(signum).name}); "
                           "nothing was written"]
    assert not any(p.name.startswith(".") for p in r.folder.iterdir()), "staging left behind"


def test_a_trillion_paired_games_are_planned_lazily(pnp_run):
    # With the limit raised, the deck search starts at once (no list of the games or their
    # batches under the harness's memory cap) and still stops cleanly.
    r = pnp_run("--limit", "games=1e12", "salvage", "mods", "--games", "1000000000000",
                "--jobs", "2", "--out", "out", send=(signal.SIGTERM, workers))
    assert r.code == 143, r.err[-2000:]


@pytest.mark.parametrize("pool", [False, True], ids=["in process", "workers"])
def test_a_stop_request_whose_exception_was_swallowed_still_stops_the_run(pool):
    # A SIGINT landing in logging's at-fork hook as a worker starts is printed as "Exception
    # ignored" and lost: the run must still stop at its next batch, not run on for hours.
    from concurrent.futures import ThreadPoolExecutor

    from pnp import signals
    from pnp.sim.executors import _gather, run_local

    previous = signals.install()
    try:
        signals._received[0] = signal.SIGINT  # the handler ran; its exception was swallowed
        with pytest.raises(signals.Interrupted):
            if pool:
                with ThreadPoolExecutor(1) as executor:
                    _gather(executor, len, [[(1,)], [(2,)]], lambda n: None)
            else:
                run_local(len, [(1,), (2,)], lambda n: None)
    finally:
        signals.restore(previous)


def test_a_stop_request_python_could_only_print_is_not_printed(monkeypatch):
    # ... so the run still ends with its one line (the stop itself is kept: see above)
    import sys
    from types import SimpleNamespace

    from pnp import signals

    printed: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", printed.append)  # Python's printer, recorded
    previous = signals.install()
    try:
        for exc in (signals.Interrupted(signal.SIGINT), ValueError("kept")):
            sys.unraisablehook(SimpleNamespace(exc_type=type(exc), exc_value=exc,
                                               exc_traceback=None, object=None,
                                               err_msg="Exception ignored in"))
    finally:
        signals.restore(previous)
    assert [p.exc_value.args for p in printed] == [("kept",)]  # other errors still printed
