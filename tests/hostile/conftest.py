"""The hostile-input harness: run ``python -m pnp`` in a child process with bounds.

Each run gets a wall-clock bound (the child's whole process group is killed past it, and that
is a failure, not a timing assertion), an address-space cap set in the child
(``resource.RLIMIT_AS``), and is checked afterwards for leftovers: processes still alive in its
session (orphaned workers) and files in its folder that are neither inputs nor listed by a
manifest.
"""

from __future__ import annotations

import contextlib
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

#: The pnp checkout the children run (another one to compare, e.g. an older version).
ROOT = Path(os.environ.get("PNP_HOSTILE_ROOT") or Path(__file__).resolve().parents[2])
#: Generous bounds: a run past them hangs or grows without limit.
TIME_LIMIT = 60.0
MEMORY_LIMIT = 3 * 1024 ** 3  # address space, bytes (numpy/dask reserve a lot of it unused)
#: From a SIGINT/SIGTERM to the exit (the issue's bound; raise it on a very slow machine).
STOP_LIMIT = float(os.environ.get("PNP_HOSTILE_STOP_LIMIT", "2"))


def staging(folder: Path, pid: int) -> bool:
    """A run is writing: its hidden staging folder exists."""
    return any(p.is_dir() and p.name.startswith(".") for p in folder.iterdir())


def writing(folder: Path, pid: int) -> bool:
    """A run is writing its files: its hidden staging folder holds one already.

    Stronger than ``staging``: the folder appears inside the output's set-up, a moment before
    the run enters the block that removes it on a stop; a signal landing in that moment (a
    loaded machine can hold the run there for a while) tests the set-up, not the run.
    """
    for p in folder.iterdir():
        if p.is_dir() and p.name.startswith("."):
            with contextlib.suppress(OSError):  # removed meanwhile: not writing any more
                if any(p.iterdir()):
                    return True
    return False


def workers(folder: Path, pid: int) -> bool:
    """A run's worker processes are up (the process and at least two more in its session)."""
    return len(_session_alive(pid)) >= 3


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


def _limits(memory: int | None, more: Callable[[], None] | None) -> Callable[[], None]:
    def apply() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if more is not None:
            more()
    return apply


def _session_alive(sid: int) -> list[int]:
    """Live processes (zombies excepted) of session ``sid``: what a run left running."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            alive.append(int(entry.name))
    return alive


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
    """``pnp_run(*args, send=None, ...)``: run pnp in ``tmp_path`` under the bounds.

    ``send=(signum, when)`` sends the signal once ``when(folder, pid)`` is true (polled); the
    run must then end within ``STOP_LIMIT`` seconds.
    ``files`` maps names to bytes/str written in the folder before the run (the inputs).
    After the run, no process of its session may be alive and every new file in the folder
    must be listed by a manifest (``stray`` names files a test allows).
    """
    def run(*args: str, files: dict[str, bytes | str] | None = None,
            send: tuple[int, Callable[[Path, int], bool]] | None = None,
            time_limit: float = TIME_LIMIT,
            memory: int | None = MEMORY_LIMIT, stdin: bytes | None = None,
            env: dict[str, str] | None = None, check_leftovers: bool = True,
            preexec: Callable[[], None] | None = None) -> Run:
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
                                preexec_fn=_limits(memory, preexec))
        limit = time_limit
        if send is not None:
            signum, when = send
            while proc.poll() is None and not when(tmp_path, proc.pid):
                if time.monotonic() - start > time_limit:
                    break
                time.sleep(0.05)
            if proc.poll() is None:
                # the whole group, as a terminal's Ctrl-C does; SIGTERM/SIGKILL to pnp alone
                if signum == signal.SIGINT:
                    os.killpg(proc.pid, signum)
                else:
                    proc.send_signal(signum)
                start, limit = time.monotonic(), STOP_LIMIT
        try:
            out, err = proc.communicate(stdin, timeout=limit)
        except subprocess.TimeoutExpired:
            exited = proc.poll() is not None
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            what = "exited but left processes holding its stdout/stderr" if exited else \
                f"still running after {limit:g} s{' from the signal' if send else ''} (killed)"
            pytest.fail(f"pnp {' '.join(args)[:200]} {what}; "
                        f"stderr: {err.decode(errors='replace')[-1000:]}")
        seconds = time.monotonic() - start
        # Orphans: anything left in the child's session after the child itself has exited.
        deadline = time.monotonic() + 3.0
        while _session_alive(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _session_alive(proc.pid):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"pnp {' '.join(args)[:200]} left processes running after it exited")
        result = Run(proc.returncode, out.decode("utf-8", errors="replace"),
                     err.decode("utf-8", errors="replace"), seconds, tmp_path)
        if check_leftovers:
            stray = files_under(tmp_path) - before - manifest_files(tmp_path)
            assert not stray, f"files left that no manifest lists: {sorted(map(str, stray))[:10]}"
        return result

    return run
