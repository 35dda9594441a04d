"""Monte Carlo runner: N games split into seeded batches, run on any executor, same results.

The games are cut into batches of ``batch_size``; batch ``i`` gets its own seed
``child_seed(seed, stream, i)``, so what a batch computes depends only on its index, never on
which worker runs it or how many there are. Results come back in batch order: in-process,
on local processes or on a dask.distributed cluster, the list is bit-for-bit the same.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from pnp.errors import PnpError
from pnp.seed import child_seed

if TYPE_CHECKING:  # drawn by pnp/progress.py (rich), imported only when a bar is shown
    from pnp.progress import LateBar

R = TypeVar("R")

#: The bar of a run that does not say (``progress=None``), and when its second started: the
#: command sets it for its whole run (``pnp.commands.game.build_command``), so the runs inside a
#: session pack show theirs, and a run that starts after a slow setup shows its bar at once.
_ambient: tuple[bool | str, float | None] = (False, None)


@contextlib.contextmanager
def progress_for_runs(progress: bool | str) -> Iterator[None]:
    """Within the block, runs with ``progress=None`` show this bar (see ``run``), ``"auto"``
    once a second has passed since the block began."""
    import time

    global _ambient
    before, _ambient = _ambient, (progress, time.monotonic())
    try:
        yield
    finally:
        _ambient = before

def prepare(work: Callable[[], None], what: str, progress: bool | str | None = None,
            after: float = 1.0) -> None:
    """Do ``work`` (once-per-process set-up before a run, such as compiling); when the run
    would show a bar (``progress``, as ``run`` reads it) and it takes more than ``after``
    seconds, say ``what`` on stderr meanwhile rather than leave a silent wait."""
    if progress is None:
        progress = _ambient[0]
    if not progress:
        work()
        return
    import threading

    note = threading.Timer(after, lambda: print(f"pnp: {what}...", file=sys.stderr,
                                                flush=True))
    note.start()
    try:
        work()
    finally:
        note.cancel()
        note.join()     # no thread left when the run forks its workers


#: Called in the calling process after each finished batch with (batches_done, batches_total).
OnBatchDone = Callable[[int, int], None]


@dataclass(frozen=True)
class Batch:
    """One slice of a run: games ``start .. start+count-1``, drawn from ``seed``."""

    index: int
    seed: int
    start: int
    count: int


def plan(games: int, seed: int | str, *, stream: str | tuple = "sim",
         batch_size: int = 250) -> list[Batch]:
    """The batches a run of ``games`` games is split into (the last one may be short)."""
    return list(Plan(games, seed, stream=stream, batch_size=batch_size))


class Plan(Sequence[Batch]):
    """``plan()`` computed on demand: a batch (its seed) is made when it is reached, so a long
    run holds no list of every batch, and a slice (a worker's chunk) pickles as a few numbers."""

    def __init__(self, games: int, seed: int | str, *, stream: str | tuple = "sim",
                 batch_size: int = 250, indices: range | None = None):
        _check_count(games, "number of games must be a positive integer", "games", minimum=1)
        _check_count(batch_size, "batch size must be a positive integer", "batch_size",
                     minimum=1)
        self.games, self.seed, self.batch_size = games, seed, batch_size
        self.path = stream if isinstance(stream, tuple) else (stream,)
        self.indices = range(math.ceil(games / batch_size)) if indices is None else indices

    def __len__(self) -> int:
        return len(self.indices)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return Plan(self.games, self.seed, stream=self.path, batch_size=self.batch_size,
                        indices=self.indices[i])
        k = self.indices[i]
        return Batch(k, child_seed(self.seed, *self.path, k), k * self.batch_size,
                     min(self.batch_size, self.games - k * self.batch_size))

    def __iter__(self) -> Iterator[Batch]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def _check_count(value: object, rule: str, field: str, *, minimum: int) -> None:
    # bool is an int subclass (False == 0): refused, it is never a count.
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise PnpError(f"{rule}, got {value!r}", field=field)


def resolve_jobs(jobs: int | None) -> int:
    """Number of worker processes: ``0`` or ``None`` means all cores."""
    if jobs is None:
        return os.cpu_count() or 1
    _check_count(jobs, "jobs must be 0 (all cores) or a positive integer", "jobs", minimum=0)
    from pnp.limits import check

    check("jobs", jobs, field="jobs", what="worker processes")
    return jobs or os.cpu_count() or 1


def run(task: Callable[[Batch], R], games: int, seed: int | str, *, stream: str | tuple = "sim",
        batch_size: int = 250, jobs: int | None = 1, scheduler: str | None = None,
        progress: bool | str | None = None, on_batch_done: OnBatchDone | None = None
        ) -> list[R]:
    """Run ``task`` on every batch of ``games`` games; per-batch results in batch order.

    ``jobs=1`` runs in this process, ``jobs=N`` on N local processes (0 or None: all cores),
    ``scheduler="tcp://host:port"`` on a dask.distributed cluster (``jobs`` is then ignored: the
    cluster's workers run the batches). ``progress=True`` shows a bar on stderr (``"auto"``:
    once the run has taken a second; ``None``: as ``progress_for_runs`` says, else none);
    ``on_batch_done(done, total)`` is called after each batch.
    """
    from pnp.sim import executors
    batches = Plan(games, seed, stream=stream, batch_size=batch_size)
    workers = resolve_jobs(jobs)
    _check_picklable(task)
    if scheduler is not None:
        scheduler = executors.check_address(scheduler)  # before any bar is drawn
    bar = None
    since = None
    if progress is None:
        progress, since = _ambient
    if progress:
        # Imported here only: the bar (outside the core, in pnp/progress.py) needs rich.
        from pnp.progress import LateBar

        bar = LateBar(f"{games} games", "batches", enabled=True,
                      delay=1.0 if progress == "auto" else 0.0, since=since)

    reported = [0]

    def done(count: int) -> None:  # the executors also call it on a clock, count unchanged
        if bar is not None:
            bar.update(count, len(batches))
        if count != reported[0]:
            reported[0] = count
            if on_batch_done is not None:
                on_batch_done(count, len(batches))

    try:
        if scheduler is not None:
            return executors.run_dask(task, batches, scheduler, done)
        if workers == 1 or len(batches) == 1:
            with _ticking(bar, len(batches), reported):
                return executors.run_local(task, batches, done)
        return executors.run_processes(task, batches, min(workers, len(batches)), done)
    finally:
        if bar is not None:
            bar.close()


@contextlib.contextmanager
def _ticking(bar: LateBar | None, total: int, reported: list[int]) -> Iterator[None]:
    """While batches run in this process, redraw ``bar`` every quarter second from a thread (it
    appears within a second even when one batch takes minutes); the thread is joined at the
    end, so a later run may still fork its workers from a single-threaded process."""
    if bar is None:
        yield
        return
    import threading

    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(0.25):
            bar.update(reported[0], total)

    thread = threading.Thread(target=loop, name="pnp-progress", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _check_picklable(task: Callable) -> None:
    # Checked on every executor, so a task that only works in-process fails in the first
    # jobs=1 test rather than on the first run with --jobs 2.
    try:
        pickle.dumps(task)
    except Exception as exc:
        raise TypeError(f"the simulation task must be picklable (a top-level function or a "
                        f"functools.partial of one): {exc}") from None


def flatten(results: Sequence[Sequence[R]]) -> list[R]:
    """Per-batch lists of per-game results -> one list in game order."""
    return [r for batch in results for r in batch]
