"""The executors' plumbing: how local workers are started, and dask's complaints at exit.

Written against the survivors of the mutation run of ``pnp/sim/executors.py`` (docs/testing.md):
the pool is built with the start method ``_mp_context`` chooses, forkserver (not spawn) when
other threads run on Linux, and ``_quiet_dask_teardown`` drops dask's own complaints only.
"""

from __future__ import annotations

import sys
import threading
import types
from concurrent.futures import ProcessPoolExecutor

import pytest

from pnp.seed import py_rng
from pnp.sim import executors
from pnp.sim.runner import Batch, plan


def toy_game(batch: Batch) -> list[int]:
    """Per game of the batch: a die roll from the batch's own stream."""
    rng = py_rng(batch.seed)
    return [rng.randint(1, 6) for _ in range(batch.count)]


def test_the_pool_starts_its_workers_the_way_mp_context_chooses(monkeypatch):
    seen: dict = {}

    class Spy(ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            seen.update(kwargs)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(executors, "ProcessPoolExecutor", Spy)
    batches = plan(40, "spy", batch_size=10)
    got = executors.run_processes(toy_game, batches, 2, lambda n: None)
    assert got == executors.run_local(toy_game, batches, lambda n: None)
    assert seen["max_workers"] == 2
    assert seen["mp_context"].get_start_method() == executors._mp_context().get_start_method()


@pytest.mark.skipif(sys.platform != "linux", reason="the start methods of Linux")
def test_with_other_threads_running_workers_come_from_a_forkserver():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        assert executors._mp_context().get_start_method() == "forkserver"
    finally:
        stop.set()
        other.join()


def _from(module: str | None) -> types.SimpleNamespace:
    """An unraisable-exception record whose object comes from ``module`` (None: no module)."""
    if module is None:
        return types.SimpleNamespace(object=None)
    cls = type("Thing", (), {"__module__": module})
    return types.SimpleNamespace(object=cls())


def test_dask_complaints_at_exit_are_dropped_and_only_those(monkeypatch):
    passed_on: list = []
    monkeypatch.setattr(sys, "unraisablehook", passed_on.append)
    executors._quiet_dask_teardown()
    hook = sys.unraisablehook
    dask, ours, bare = _from("distributed.client"), _from("pnp.sim.runner"), _from(None)
    for record in (dask, ours, bare):
        hook(record)
    assert passed_on == [ours, bare]
