"""Stopping cleanly on SIGINT/SIGTERM, and worker processes that never outlive their parent.

``install()`` turns both signals into ``Interrupted``, an exception that unwinds every ``with``
block (the output's staging folder is removed, worker pools are terminated) and that the CLI
reports in one line with exit code 128 + the signal number (130 for Ctrl-C, 143 for SIGTERM).
It derives from BaseException so that no ``except Exception`` on the way swallows it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from typing import Any


class Interrupted(BaseException):
    """A stop request (SIGINT or SIGTERM) turned into an exception in the main thread."""

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(signum)

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, frame: Any) -> None:
    if os.getpid() != _owner[0]:
        # A worker forked with this handler, stopped before ``worker_init`` replaced it: it has
        # nothing to clean up, and a traceback from it would be a second, confusing line.
        os._exit(128 + signum)
    # Further signals during the clean-up are ignored: the clean-up is short and must finish.
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    _received[0] = signum
    raise Interrupted(signum)


_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_owner = [os.getpid()]  # the process that installed the handlers
_received: list[int | None] = [None]  # the stop request of this run, once one came


def check() -> None:
    """Raise ``Interrupted`` again if a stop request came during this run.

    A dependency with a bare ``except`` may catch the ``Interrupted`` raised inside it and
    carry on, or raise an error of its own instead: nothing may be written after a stop, and
    the run must still end as a stopped run, not as an error.
    """
    if _received[0] is not None:
        raise Interrupted(_received[0])


def install() -> dict[int, Any]:
    """SIGINT and SIGTERM raise ``Interrupted`` in the main thread (no-op elsewhere); returns
    the handlers they had, for ``restore``."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    _owner[0] = os.getpid()
    _received[0] = None
    if not getattr(sys.unraisablehook, "_pnp", False):
        sys.unraisablehook = _quiet(sys.unraisablehook)
    return {sig: signal.signal(sig, _raise) for sig in _SIGNALS}


def _quiet(hook: Any) -> Any:
    """``hook``, but silent on an ``Interrupted`` raised where Python can only print it
    ("Exception ignored in": logging's at-fork hook as a worker starts): the stop request is
    kept in ``_received`` and the run stops at its next ``check()``, with its one line."""
    def unraisable(args: Any) -> None:
        if not isinstance(args.exc_value, Interrupted):
            hook(args)

    unraisable._pnp = True  # type: ignore[attr-defined]
    return unraisable


def restore(previous: dict[int, Any]) -> None:
    """Put back the handlers ``install`` replaced (and forget this run's stop request)."""
    _received[0] = None
    for sig, handler in previous.items():
        if handler is not None:
            signal.signal(sig, handler)


def worker_init(parent: int = 0) -> None:
    """Run first in every pool worker: die with the parent, leave Ctrl-C to the parent.

    The parent stops its workers itself on SIGINT/SIGTERM; if it is killed outright (SIGKILL),
    the kernel kills the workers too (Linux ``PR_SET_PDEATHSIG``), so no worker keeps running
    or holds the caller's stdout and stderr open. ``parent``: the process that started the
    worker, as it knew its own id (``worker_args``); 0 (a forkserver's worker) takes the
    worker's parent as it starts, which misses a parent killed before that.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = parent or os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            pr_set_pdeathsig = 1
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the death signal was asked for
        os._exit(1)


def worker_args(method: str | None) -> tuple[int]:
    """``worker_init``'s arguments for workers started by ``method`` ("fork", "spawn",
    "forkserver"; None: the default): this process's id where it is their parent (a worker
    forked just before this process was killed would otherwise read its new parent's id and
    outlive it), else 0."""
    import multiprocessing

    method = method or multiprocessing.get_start_method()
    return (os.getpid() if method in ("fork", "spawn") else 0,)
