"""A run reports its progress while batches are still running, on every executor: a chunk that
finishes is reported before the others end, and the bar is redrawn on a clock meanwhile.

Each test's batch waits for the report it needs; the wait's timeout only keeps a broken runner
from hanging the suite (the assertions never look at a clock).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from pnp import progress
from pnp.sim import executors
from pnp.sim.runner import Batch, run

HANG = 60  # seconds: a hang guard, not a measurement


def test_a_finished_chunk_is_reported_before_the_others_end():
    reported: list[int] = []
    first_seen = threading.Event()

    def done(count: int) -> None:
        reported.append(count)
        if count >= 1:
            first_seen.set()

    def task(batch: Batch) -> int:
        if batch.index == 1:  # the slow chunk waits until the quick one was reported
            first_seen.wait(HANG)
        return batch.index

    groups = [[Batch(0, 0, 0, 1)], [Batch(1, 1, 1, 1)]]
    with ThreadPoolExecutor(2) as pool:
        assert executors._gather(pool, task, groups, done) == [0, 1]
    assert 1 in reported and reported[-1] == 2


def test_the_runner_reports_on_a_clock_while_nothing_finishes():
    ticked = threading.Event()

    def done(count: int) -> None:
        if count == 0:
            ticked.set()

    def task(batch: Batch) -> int:
        ticked.wait(HANG)
        return batch.index

    with ThreadPoolExecutor(1) as pool:
        executors._gather(pool, task, [[Batch(0, 0, 0, 1)]], done)
    assert ticked.is_set()


_drawn = threading.Event()


def _waits_for_a_draw(batch: Batch) -> list[int]:
    _drawn.wait(HANG)
    return [batch.index]


def test_an_in_process_run_redraws_its_bar_during_a_long_batch(monkeypatch):
    calls: list[tuple[int, int]] = []

    def update(self: progress.LateBar, done: int, total: int) -> None:
        calls.append((done, total))
        _drawn.set()

    monkeypatch.setattr(progress.LateBar, "update", update)
    _drawn.clear()
    assert run(_waits_for_a_draw, 1, 1, batch_size=1, jobs=1, progress=True) == [[0]]
    assert calls[0] == (0, 1) and calls[-1] == (1, 1)
    # the clock thread is gone: this process may fork workers again
    assert "pnp-progress" not in {t.name for t in threading.enumerate()}
