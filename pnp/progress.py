"""A progress bar on stderr for long runs (rich, imported only when a bar is shown).

The bar refreshes when a batch finishes rather than from a background thread, so the runner
can still start worker processes by forking a single-threaded process.
"""

from __future__ import annotations

import sys


class ProgressBar:
    """Batches done out of ``total``; call ``update(done, total)`` then ``close()``."""

    def __init__(self, total: int, label: str = "games"):
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
                                  MofNCompleteColumn(), TextColumn("batches"),
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
