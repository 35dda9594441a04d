"""Executors for the Monte Carlo runner: in-process, local processes, dask.distributed.

All three take the same planned batches and return per-batch results in batch order. Batches are
grouped into a few consecutive chunks per worker: one task submission per chunk keeps pickling
and scheduling overhead small, several chunks per worker keep the workers evenly loaded.
"""

from __future__ import annotations

import multiprocessing
import re
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from pnp.errors import PnpError
from pnp.signals import check as check_stop
from pnp.sim.runner import Batch

R = TypeVar("R")
Done = Callable[[int], None]

#: Chunks per worker: enough to balance uneven batches, few enough to keep overhead low.
CHUNKS_PER_WORKER = 4
#: Seconds between two ``done`` calls while chunks run: a progress bar appears and its clock
#: moves even before the first chunk finishes.
TICK = 0.25

_ADDRESS = re.compile(r"^(tcp|tls|ws|wss|ucx)://[^\s/]+:\d+/?$|^[A-Za-z0-9_.\-\[\]:]+:\d+$"
                      r"|^inproc://\S+$")


def _run_chunk(task: Callable[[Batch], R], batches: Sequence[Batch]) -> list[R]:
    return [task(b) for b in batches]


def chunks(batches: Sequence[Batch], workers: int) -> list[Sequence[Batch]]:
    """Consecutive groups of batches, ``CHUNKS_PER_WORKER`` per worker, sizes differing by <= 1.

    Near-equal sizes, larger first, keep the last worker from finishing alone (20 batches on 2
    workers: 3,3,3,3,2,2,2,2 rather than 3,3,3,3,3,3,2).
    """
    n = len(batches)
    k = max(1, min(n, workers * CHUNKS_PER_WORKER))
    out, start = [], 0
    for i in range(k):
        size = n // k + (1 if i < n % k else 0)
        out.append(batches[start:start + size])  # a lazy plan stays lazy (pnp.sim.runner.Plan)
        start += size
    return out


def run_local(task: Callable[[Batch], R], batches: Sequence[Batch], done: Done) -> list[R]:
    """Run every batch in this process (no pool, no pickling)."""
    results = []
    for i, batch in enumerate(batches, 1):
        results.append(task(batch))
        check_stop()
        done(i)
    return results


def _gather(executor: Executor, task: Callable[[Batch], R], groups: list[Sequence[Batch]],
            done: Done) -> list[R]:
    """Submit every chunk, report progress as chunks finish (and every ``TICK`` seconds), return
    results in batch order."""
    futures: dict[Future, int] = {executor.submit(_run_chunk, task, g): i
                                  for i, g in enumerate(groups)}
    results: list[list[R] | None] = [None] * len(groups)
    pending = set(futures)
    finished = 0
    try:
        while pending:
            # FIRST_COMPLETED: FIRST_EXCEPTION waits for them all when none fails
            complete, pending = wait(pending, timeout=TICK, return_when=FIRST_COMPLETED)
            # a stop request whose exception a hook swallowed (one landing in logging's
            # at-fork hook as a worker starts is "ignored") still stops the run
            check_stop()
            for fut in complete:
                i = futures[fut]
                results[i] = fut.result()  # re-raises the task's exception here
                finished += len(groups[i])
            done(finished)
    except BaseException:
        for fut in pending:
            fut.cancel()
        raise
    return [r for group in results for r in group]  # type: ignore[union-attr]


def _mp_context() -> multiprocessing.context.BaseContext:
    """The cheapest safe way to start workers here.

    fork costs ~30 ms for two workers but is only safe while this process runs one thread;
    otherwise (a dask client, a host application's threads) forkserver, whose clean server is
    started once with pnp's runner preloaded; spawn where neither exists (Windows).
    """
    methods = multiprocessing.get_all_start_methods()
    if sys.platform == "linux" and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["pnp.sim.runner", "pnp.sim.executors"])
        return ctx
    return multiprocessing.get_context("spawn")


def run_processes(task: Callable[[Batch], R], batches: Sequence[Batch], workers: int,
                  done: Done) -> list[R]:
    """Run the batches on ``workers`` local processes."""
    from pnp.signals import worker_args, worker_init

    # worker_init: workers die with this process (even on SIGKILL) and leave signals to it.
    context = _mp_context()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=worker_init,
                               initargs=worker_args(context.get_start_method()))
    try:
        results = _gather(pool, task, chunks(batches, workers), done)
    except BaseException:
        # On an error or Ctrl-C the run's results are lost anyway: stop the workers now rather
        # than wait for the chunks they hold (a worker survives a Ctrl-C and keeps computing).
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results


def check_address(scheduler: str) -> str:
    """A dask scheduler address like ``tcp://host:8786``, or PnpError saying what is wrong."""
    address = str(scheduler).strip()
    if not _ADDRESS.match(address):
        raise PnpError(f"not a dask scheduler address: {scheduler!r} "
                       "(expected tcp://HOST:PORT)", field="scheduler")
    return address


def connect(scheduler: str, timeout: float | None = None):
    """A dask.distributed Client for ``scheduler``; PnpError naming it if it cannot be reached,
    does not complete the handshake within ``timeout`` seconds (default: the limit
    ``scheduler_seconds``, ``--timeout``) or answers with something that is not dask."""
    from pnp.limits import limit

    address = check_address(scheduler)
    timeout = limit("scheduler_seconds") if timeout is None else timeout
    try:
        from distributed import Client  # slow to import: only when a scheduler is asked for
    except ImportError as exc:  # pragma: no cover - dask is a dependency
        raise PnpError("running on a scheduler needs dask[distributed] installed",
                       field="scheduler") from exc
    # The handshake runs in a daemon thread so that a server that accepts the connection and
    # never answers cannot hold the command: past the timeout it is abandoned.
    box: dict[str, object] = {}

    def attempt() -> None:
        try:
            box["client"] = Client(address, timeout=timeout, set_as_default=False)
        except BaseException as exc:  # reported in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=attempt, name="pnp-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        _quiet_dask_teardown()
        raise PnpError(f"cannot reach dask scheduler {address} (no answer to the handshake "
                       f"within {timeout:g} s; raise it with --timeout)", field="scheduler")
    error = box.get("error")
    if error is not None:
        _quiet_dask_teardown()
        why = (f"no answer within {timeout:g} s" if "timed out" in str(error).lower()
               or isinstance(error, TimeoutError) else
               str(error).splitlines()[0][:200] if isinstance(error, OSError)
               else f"it does not answer as a dask scheduler: {type(error).__name__}")
        raise PnpError(f"cannot reach dask scheduler {address} ({why})", field="scheduler")
    return box["client"]


def _quiet_dask_teardown() -> None:
    """A Client that failed half-way complains from its ``__del__`` at exit (a traceback after
    pnp's one line): those complaints, and only those, are dropped."""
    default = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if str(getattr(unraisable.object, "__module__", "")).startswith("distributed"):
            return
        default(unraisable)

    sys.unraisablehook = hook


def run_dask(task: Callable[[Batch], R], batches: Sequence[Batch], scheduler: str,
             done: Done) -> list[R]:
    """Run the batches on the dask.distributed cluster at ``scheduler``."""
    client = connect(scheduler)
    try:
        workers = max(1, sum(w.get("nthreads", 1) for w in
                             client.scheduler_info().get("workers", {}).values()))
        executor = client.get_executor(pure=False)
        return _gather(executor, task, chunks(batches, workers), done)
    finally:
        client.close()
