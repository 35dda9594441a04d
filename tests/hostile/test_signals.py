"""A stop request (SIGTERM, Ctrl-C) or a kill during render, session and simulate --jobs 2:
exit 143/130 within the harness's bound, no staging folder, no orphaned worker."""

from __future__ import annotations

import signal

import pytest

from .conftest import workers, writing

DECK = "name,type,cost,text\n" + "".join(
    f"Card {i},Type {i % 7},{i % 5},Some rules text for card number {i} to wrap over lines\n"
    for i in range(120))

RUNS = {
    "render": (("render", "deck.csv", "--out", "out", "--formats", "pdf,svg,png"), writing),
    "session": (("junkyard-wars", "session", "--out", "out", "--games", "20", "--jobs", "2"),
                writing),
    "simulate-jw": (("junkyard-wars", "simulate", "--games", "1000000", "--jobs", "2"), workers),
    "simulate-wk": (("waste-knights", "simulate", "--games", "1000000", "--jobs", "2"), workers),
}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
@pytest.mark.parametrize("run", list(RUNS))
def test_a_stop_request_ends_the_run_cleanly(pnp_run, run, signum):
    args, when = RUNS[run]
    r = pnp_run(*args, files={"deck.csv": DECK}, send=(signum, when))
    assert r.code == 128 + signum, (r.code, r.err[-2000:])
    assert "Traceback" not in r.err
    assert r.err_lines == [f"pnp: interrupted ({signal.Signals(signum).name}); "
                           "nothing was written"]
    # the harness checked: no process left in the run's session, no file outside a manifest
    assert not any(p.name.startswith(".") for p in r.folder.iterdir()), "staging left behind"


def test_killed_simulate_leaves_no_worker_behind(pnp_run):
    # SIGKILL cannot be caught: the workers must die with their parent (and close its pipes).
    r = pnp_run("junkyard-wars", "simulate", "--games", "1000000", "--jobs", "2",
                send=(signal.SIGKILL, workers))
    assert r.code == -signal.SIGKILL


def test_a_trillion_games_are_planned_lazily(pnp_run):
    # With the limit raised, the run starts at once (no list of ten billion batches under the
    # harness's memory cap) and still stops cleanly.
    r = pnp_run("--limit", "games=1e12", "junkyard-wars", "simulate", "--games",
                "1000000000000", "--jobs", "2", send=(signal.SIGTERM, workers))
    assert r.code == 143, r.err[-2000:]
