"""The Monte Carlo runner: batch plan, seeds, executors giving identical results, errors."""

from __future__ import annotations

import functools
import os
import pickle
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.seed import child_seed, py_rng
from pnp.sim import executors
from pnp.sim.runner import Batch, Plan, flatten, plan, resolve_jobs, run


def toy_game(batch: Batch, rolls: int = 20) -> list[tuple[int, float]]:
    """Per game: (game number, mean of some dice) from the batch's own stream."""
    rng = py_rng(batch.seed)
    out = []
    for g in range(batch.start, batch.start + batch.count):
        out.append((g, sum(rng.randint(1, 6) for _ in range(rolls)) / rolls))
    return out


def failing(batch: Batch) -> int:
    if batch.index == 2:
        raise PnpError("batch 2 is broken")
    return batch.index


def test_plan_splits_games_into_batches_with_child_seeds():
    batches = plan(1001, "KGF7-DX20-A", batch_size=250)
    assert [b.count for b in batches] == [250, 250, 250, 250, 1]
    assert [b.start for b in batches] == [0, 250, 500, 750, 1000]
    assert [b.index for b in batches] == [0, 1, 2, 3, 4]
    assert [b.seed for b in batches] == [child_seed("KGF7-DX20-A", "sim", i) for i in range(5)]


def test_stream_names_the_child_stream():
    a = plan(10, 7, stream="sim", batch_size=5)
    b = plan(10, 7, stream="bots", batch_size=5)
    c = plan(10, 7, stream=("sim", "random-bot"), batch_size=5)
    assert [x.seed for x in c] == [child_seed(7, "sim", "random-bot", i) for i in range(2)]
    assert len({x.seed for x in a + b + c}) == 6


def test_batch_seeds_do_not_depend_on_how_many_games():
    # Growing a run keeps the batches it already had: same seeds, same results.
    assert plan(500, 3)[:2] == plan(5000, 3)[:2]


def test_a_lazy_plan_equals_the_batches_it_stands_for():
    # Plan computes its batches on demand; it compares as the list of them (a worker's chunk
    # is a slice of it), never equal to what is not a sequence
    lazy = Plan(1001, "s", batch_size=250)
    assert lazy == plan(1001, "s", batch_size=250) and lazy[1:3] == plan(1001, "s")[1:3]
    assert lazy != plan(1001, "t", batch_size=250) and lazy[:2] != lazy[:3]
    assert lazy != 5 and not (Plan(1, "s") == len(Plan(1, "s")))


@pytest.mark.parametrize("kwargs", [dict(games=0), dict(games=-5), dict(batch_size=0),
                                    dict(batch_size=-1), dict(jobs=-1), dict(games=2.5)])
def test_bad_arguments_raise_pnp_error(kwargs):
    args = dict(games=10, batch_size=5, jobs=1) | kwargs
    with pytest.raises(PnpError):
        run(toy_game, args.pop("games"), 1, **args)


def test_jobs_zero_or_none_means_all_cores():
    assert resolve_jobs(0) == resolve_jobs(None) == (os.cpu_count() or 1)
    assert resolve_jobs(3) == 3


@pytest.mark.parametrize("jobs", [False, True, -1, 0.0, 2.5, "2"])
def test_jobs_not_a_count_is_an_error(jobs):
    # False equals 0 and 0.0 equals 0 in Python; neither is a number of processes.
    with pytest.raises(PnpError):
        resolve_jobs(jobs)


def test_in_process_results_in_batch_order():
    results = run(toy_game, 1000, "abc", batch_size=100)
    games = flatten(results)
    assert [g for g, _ in games] == list(range(1000))
    assert run(toy_game, 1000, "abc", batch_size=100) == results  # same seed, same results
    assert run(toy_game, 1000, "abd", batch_size=100) != results


def test_local_processes_give_identical_results():
    task = functools.partial(toy_game, rolls=7)
    one = run(task, 2000, 42, batch_size=100, jobs=1)
    two = run(task, 2000, 42, batch_size=100, jobs=2)
    many = run(task, 2000, 42, batch_size=100, jobs=3)  # more workers than cores is fine
    assert one == two == many
    assert pickle.dumps(one) == pickle.dumps(two) == pickle.dumps(many)  # bit for bit


def test_progress_callback_counts_batches():
    seen: list[tuple[int, int]] = []
    run(toy_game, 95, 1, batch_size=10, on_batch_done=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 10) for i in range(1, 11)]
    seen.clear()
    run(toy_game, 95, 1, batch_size=10, jobs=2, on_batch_done=lambda d, t: seen.append((d, t)))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1] == (10, 10)


def test_progress_bar_on_stderr(capsys):
    run(toy_game, 30, 1, batch_size=10, progress=True)
    captured = capsys.readouterr()
    assert "10/10" not in captured.out
    assert "3/3" in captured.err


@pytest.mark.parametrize("jobs", [1, 2])
def test_task_errors_reach_the_caller(jobs):
    with pytest.raises(PnpError, match="batch 2 is broken"):
        run(failing, 100, 1, batch_size=10, jobs=jobs)


def test_chunks_keep_batch_order_and_cover_everything():
    batches = plan(5000, 1, batch_size=250)
    groups = executors.chunks(batches, 2)
    assert [b for g in groups for b in g] == batches
    assert 4 <= len(groups) <= 8


@pytest.mark.parametrize("processes", [False, True])
def test_dask_local_cluster_gives_identical_results(processes):
    distributed = pytest.importorskip("distributed")
    task = functools.partial(toy_game, rolls=7)
    expected = run(task, 2000, 42, batch_size=100)
    with distributed.LocalCluster(n_workers=2, processes=processes, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        got = run(task, 2000, 42, batch_size=100, scheduler=cluster.scheduler_address)
    assert got == expected
    assert pickle.dumps(got) == pickle.dumps(expected)


def test_unreachable_scheduler_is_a_clear_error_quickly():
    start = time.perf_counter()
    with pytest.raises(PnpError, match="tcp://127.0.0.1:9"):
        executors.connect("tcp://127.0.0.1:9", timeout=1.0)
    assert time.perf_counter() - start < 15  # a hang would be the bug, not a slow machine


@pytest.mark.parametrize("address", ["localhost", "http://h:1/x", "tcp://", "tcp://host", ""])
def test_malformed_scheduler_address(address):
    with pytest.raises(PnpError, match="scheduler address"):
        run(toy_game, 10, 1, scheduler=address)


def test_core_imports_no_display_or_cluster_libraries():
    code = ("import sys, pnp.sim.runner, pnp.sim.stats, pnp.sim.executors; "
            "print(sorted(m for m in ('rich', 'dask', 'distributed', 'matplotlib', 'typer', "
            "'reportlab', 'PIL') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_local_processes_while_other_threads_run():
    # With another thread alive, workers are not forked from this process (forkserver instead).
    import threading
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, daemon=True)
    worker.start()
    try:
        assert executors._mp_context().get_start_method() != "fork"
        assert run(toy_game, 400, 5, batch_size=50, jobs=2) == run(toy_game, 400, 5, batch_size=50)
    finally:
        stop.set()
        worker.join()


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 20_000), st.integers(1, 5_000))
def test_plan_covers_every_game_once(games, batch_size):
    batches = plan(games, "p", batch_size=batch_size)
    assert all(0 < b.count <= batch_size for b in batches)
    start = 0
    for i, b in enumerate(batches):
        assert (b.index, b.start) == (i, start)
        start += b.count
    assert start == games
    groups = executors.chunks(batches, 2)
    assert [b for g in groups for b in g] == batches
    assert max(map(len, groups)) - min(map(len, groups)) <= 1


def test_task_must_be_picklable_even_in_process():
    with pytest.raises(TypeError, match="picklable"):
        run(lambda batch: batch.index, 10, 1)
