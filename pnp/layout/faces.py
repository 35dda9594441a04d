"""The files of each distinct face (SVG, PNG, Tabletop Simulator picture), made in batches.

Each face of a batch is painted at the sizes wanted (the PNG with its bleed, the Tabletop
Simulator picture trimmed and smaller; ``paint.py``) and written as SVG.
Batches run on worker processes when there is more than one and more than one core; the results
come back in the order the batches were given, and a face's files do not depend on its batch or
on the worker, so any number of processes writes the same bytes as one.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TypeVar

from pnp.layout.draw import Drawing

BATCH = 24           # faces per batch: a round trip to a worker each (larger batches hold
                     # more results in memory)
IN_FLIGHT = 2        # batches queued per worker: keeps both cores busy and memory bounded

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class FaceJob:
    """What to make of one face: SVG and/or PNG (at ``dpi``) and/or a trimmed picture.

    With ``svg_to`` / ``png_to`` the worker writes the file there itself (a staging path of
    the output) instead of sending its bytes back: no copy through the pipe or the parent.
    """

    face: Drawing
    svg: bool = False
    png: bool = False
    dpi: float = 300.0
    picture: tuple[int, int] | None = None   # (w, h) px of the trimmed picture (TTS), if wanted
    svg_to: str | None = None
    png_to: str | None = None


@dataclass(frozen=True)
class FaceFiles:
    """The bytes made for one job (None where not asked for or written to its path);
    ``picture`` is the trimmed picture's RGBX, packed (``tts.pack_picture``)."""

    svg: bytes | None
    png: bytes | None
    picture: bytes | None


def make_faces(jobs: list[FaceJob]) -> list[FaceFiles]:
    """Every job of a batch: each face painted at the sizes wanted, and its SVG."""
    from pnp.layout.paint import face_picture_rgbx, face_pixels
    from pnp.layout.svg import drawing_to_svg
    from pnp.layout.tts import pack_picture

    out = []
    for job in jobs:
        png = picture = None
        if job.png:
            png = face_pixels(job.face, job.dpi).png(job.dpi)
        if job.picture:
            picture = pack_picture(face_picture_rgbx(job.face, job.picture))
        svg = _svg_bytes(drawing_to_svg(job.face)) if job.svg else None
        out.append(FaceFiles(_kept(svg, job.svg_to), _kept(png, job.png_to), picture))
    return out


def _kept(data: bytes | None, path: str | None) -> bytes | None:
    """``data``, or None once written to ``path`` (when there is one)."""
    if data is None or path is None:
        return data
    with open(path, "wb") as fh:
        fh.write(data)
    return None


def _svg_bytes(text: str) -> bytes:
    from pnp.layout.svg import SVG_HEADER

    return (SVG_HEADER + text).encode("utf-8")


def workers(jobs: int | None) -> int:
    """Worker processes for ``--jobs`` (None: every core this process may use)."""
    if jobs is not None:
        return max(1, jobs)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class FaceRunner:
    """Runs batches as they are given and hands back their results in the same order.

    ``submit`` returns the results that are ready (always in order), ``finish`` the rest. Worker
    processes start only when a second batch arrives, so a small deck (one batch, made here)
    starts none.
    """

    def __init__(self, jobs: int | None = None):
        self.workers = workers(jobs)
        self.pool: Executor | None = None
        self.held: list[FaceJob] | None = None
        self.pending: deque[Future] = deque()

    def submit(self, batch: list[FaceJob]) -> list[list[FaceFiles]]:
        """Queue a batch; the results finished so far, oldest first."""
        if self.workers == 1:
            return [make_faces(batch)]
        if self.pool is None:
            if self.held is None:
                self.held = batch
                return []
            from concurrent.futures import ProcessPoolExecutor

            import pnp.layout.paint  # noqa: F401 (loaded once here, inherited by the workers)
            import pnp.layout.svg  # noqa: F401

            # Both batches go to the workers, which start at once: the parent goes on laying
            # out cards and writing the PDF instead of drawing faces while a core idles.
            from pnp.signals import worker_args, worker_init

            # worker_init: the workers die with this process and leave signals to it.
            self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=worker_init,
                                            initargs=worker_args(None))
            self.pending.append(self.pool.submit(make_faces, self.held))
            self.held = None
            self.pending.append(self.pool.submit(make_faces, batch))
            return []
        self.pending.append(self.pool.submit(make_faces, batch))
        ready = []
        while len(self.pending) >= self.workers * IN_FLIGHT or (
                self.pending and self.pending[0].done()):
            ready.append(self.pending.popleft().result())
        return ready

    def call(self, fn: Callable[[T], R], arg: T) -> R | Future[R]:
        """``fn(arg)`` on a worker when they run (its future), else here (its result).

        For work the parent would otherwise do while the workers wait for its next batch
        (the Tabletop Simulator sheets): it queues behind the batches already given.
        """
        if self.pool is None:
            return fn(arg)
        return self.pool.submit(fn, arg)

    def finish(self) -> list[list[FaceFiles]]:
        """The results of every batch still running."""
        if self.held is not None:
            held, self.held = self.held, None
            return [make_faces(held)]
        ready = []
        while self.pending:
            ready.append(self.pending.popleft().result())
        return ready

    def close(self, abort: bool = False) -> None:
        """Stop the workers: after their batches, or at once if ``abort`` (an error or a stop
        request: the run's results are lost anyway, and a batch takes a while)."""
        for future in self.pending:
            future.cancel()
        self.pending.clear()
        if self.pool is not None:
            if abort:
                procs = list(getattr(self.pool, "_processes", {}).values())
                for proc in procs:
                    proc.terminate()
                for proc in procs:
                    proc.join()
                # A worker stopped while sending its results (megabytes of PNG) leaves half a
                # message in the result pipe, and the pool's reader thread would wait for the
                # rest for ever: closing this process's end of the pipe (the workers' ends
                # died with them) ends that wait, and the pool sees itself broken.
                queue = getattr(self.pool, "_result_queue", None)
                if queue is not None:
                    queue._writer.close()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def __enter__(self) -> FaceRunner:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        self.close(abort=exc_type is not None)
