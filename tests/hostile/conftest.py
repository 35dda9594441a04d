"""The hostile-input harness: run ``python -m pnp`` in a child process with bounds.

Each run gets a wall-clock bound (the child's whole process group is killed past it, and that
is a failure, not a timing assertion), an address-space cap set in the child
(``resource.RLIMIT_AS``), and is checked afterwards for leftovers: processes still alive in its
session (orphaned workers) and files in its folder that are neither inputs nor listed by a
manifest.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Generous bounds: a run past them hangs or grows without limit.
TIME_LIMIT = 60.0
MEMORY_LIMIT = 3 * 1024 ** 3  # address space, bytes (numpy/dask reserve a lot of it unused)


@dataclass
class Run:
    """What a child run did."""

    code: int
    out: str
    err: str
    seconds: float
    folder: Path

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def refused(self) -> str:
        """Assert the run is one clean refusal (exit 2, one stderr line, no traceback)."""
        assert "Traceback" not in self.err, self.err[-3000:]
        assert self.code == 2, (self.code, self.err[-2000:])
        assert len(self.err_lines) == 1, self.err
        assert self.err_lines[0].startswith("pnp: error: "), self.err
        return self.err_lines[0]


def _limits(memory: int | None) -> Callable[[], None]:
    def apply() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def _session_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - a group we cannot signal is still alive
        return True
    # A zombie child of ours counts as gone: reap what can be reaped.
    return True


def manifest_files(folder: Path) -> set[Path]:
    """Every file a manifest under ``folder`` lists, and the manifests themselves."""
    listed: set[Path] = set()
    for m in folder.rglob("manifest.json"):
        try:
            data = json.loads(m.read_text(encoding="utf-8"))
        except ValueError:
            continue
        listed.add(m)
        for f in data.get("files", []) if isinstance(data, dict) else []:
            listed.add(m.parent / f["path"])
    return listed


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


@pytest.fixture
def pnp_run(tmp_path) -> Callable[..., Run]:
    """``pnp_run(*args, signal_after=None, ...)``: run pnp in ``tmp_path`` under the bounds.

    ``signal_after=(seconds, signum)`` sends the signal to the child that long after start.
    ``files`` maps names to bytes/str written in the folder before the run (the inputs).
    After the run, no process of its session may be alive and every new file in the folder
    must be listed by a manifest (``stray`` names files a test allows).
    """
    def run(*args: str, files: dict[str, bytes | str] | None = None,
            signal_after: tuple[float, int] | None = None, time_limit: float = TIME_LIMIT,
            memory: int | None = MEMORY_LIMIT, stdin: bytes | None = None,
            env: dict[str, str] | None = None, check_leftovers: bool = True) -> Run:
        for name, data in (files or {}).items():
            p = tmp_path / name
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, str):
                data = data.encode("utf-8")
            p.write_bytes(data)
        before = files_under(tmp_path)
        child_env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0",
                         OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", **(env or {}))
        child_env.pop("COLUMNS", None)
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=tmp_path,
                                stdin=subprocess.PIPE if stdin is not None
                                else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=child_env, start_new_session=True,
                                preexec_fn=_limits(memory))
        if signal_after is not None:
            try:
                proc.communicate(stdin, timeout=signal_after[0])
            except subprocess.TimeoutExpired:
                proc.send_signal(signal_after[1])
            stdin = None
        try:
            out, err = proc.communicate(stdin, timeout=time_limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            pytest.fail(f"pnp {' '.join(args)[:200]} still running after {time_limit:g} s "
                        f"(killed); stderr: {err.decode(errors='replace')[-1000:]}")
        seconds = time.monotonic() - start
        # Orphans: anything left in the child's session after the child itself has exited.
        deadline = time.monotonic() + 3.0
        while _session_alive(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _session_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"pnp {' '.join(args)[:200]} left processes running after it exited")
        result = Run(proc.returncode, out.decode("utf-8", errors="replace"),
                     err.decode("utf-8", errors="replace"), seconds, tmp_path)
        if check_leftovers:
            stray = files_under(tmp_path) - before - manifest_files(tmp_path)
            assert not stray, f"files left that no manifest lists: {sorted(map(str, stray))[:10]}"
        return result

    return run
