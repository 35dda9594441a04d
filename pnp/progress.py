"""A progress bar on stderr for long runs (rich, imported only when a bar is shown).

The bar refreshes when a batch finishes rather than from a background thread, so the runner
can still start worker processes by forking a single-threaded process.
"""

from __future__ import annotations

import sys


class ProgressBar:
    """Batches done out of ``total``; call ``update(done, total)`` then ``close()``."""

    def __init__(self, total: int, label: str = "games", unit: str = "batches"):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                  MofNCompleteColumn(), TextColumn(unit),
                                  TimeElapsedColumn(), TimeRemainingColumn(),
                                  console=Console(file=sys.stderr), transient=False,
                                  auto_refresh=False, redirect_stdout=False,
                                  redirect_stderr=False)
        self._task = self._progress.add_task(label, total=total)
        self._progress.start()

    def update(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` batches finished."""
        self._progress.update(self._task, completed=done, total=total, refresh=True)

    def close(self) -> None:
        """Stop the bar (leaves the last state on screen)."""
        self._progress.stop()


class LateBar:
    """A bar that appears only once a run has taken ``delay`` seconds, and only on a terminal.

    ``update`` may be called from a clock thread as well as after each batch (a lock keeps
    them from drawing at once)."""

    def __init__(self, label: str, unit: str, *, enabled: bool | None = None,
                 delay: float = 1.0, since: float | None = None):
        import threading
        import time

        self._lock = threading.Lock()
        self._clock = time.monotonic
        self._start = self._clock() if since is None else since  # time.monotonic()
        self._delay = delay
        self._label, self._unit = label, unit
        self._enabled = sys.stderr.isatty() if enabled is None else enabled
        self._bar: ProgressBar | None = None
        self._last = 0.0

    def update(self, done: int, total: int) -> None:
        """``done`` of ``total`` finished (cheap when no bar is shown)."""
        if not self._enabled:
            return
        with self._lock:
            now = self._clock()
            if self._bar is None:
                if now - self._start < self._delay:
                    return
                self._bar = ProgressBar(total, self._label, self._unit)
            if now - self._last >= 0.1 or done == total:  # at most ten refreshes a second
                self._last = now
                self._bar.update(done, total)

    def close(self) -> None:
        """Stop the bar, if one was shown."""
        with self._lock:
            if self._bar is not None:
                self._bar.close()
                self._bar = None
