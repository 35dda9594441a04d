"""A pool worker dies with the process that started it (``signals.worker_init``), also when
that process was killed before the worker asked the kernel for it: the worker is given its
parent's id rather than reading it after the parent may be gone."""

from __future__ import annotations

import multiprocessing
import os
import sys

import pytest

from pnp.signals import worker_args, worker_init

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="PR_SET_PDEATHSIG is Linux's")


def _start(parent: int) -> None:
    worker_init(parent)
    os._exit(0)             # still running: its parent is alive and the one it was given


def _run(parent: int) -> int | None:
    p = multiprocessing.get_context("fork").Process(target=_start, args=(parent,))
    p.start()
    p.join(30)
    return p.exitcode


def test_a_worker_whose_parent_is_gone_exits_at_once():
    # the id it was given is not its parent's now: the parent died after the fork
    assert _run(os.getpid() + 1_000_000) == 1


def test_a_worker_of_a_live_parent_goes_on():
    assert _run(os.getpid()) == 0


def test_the_parent_id_is_given_where_the_parent_starts_the_workers():
    assert worker_args("fork") == (os.getpid(),)
    assert worker_args("spawn") == (os.getpid(),)
    assert worker_args("forkserver") == (0,)    # its workers' parent is the server
