"""The guard's child process: runs many pnp commands in process, one after another, each in a
folder of its own, and prints one JSON line per command (exit code, stderr, files left).

Run by ``test_guard.py`` as ``python guard_child.py`` with the cases as JSON on stdin. Each
command gets ``CASE_SECONDS`` (SIGALRM, a hang detector: the command is stopped there and
reported as hung); the parent's subprocess timeout catches a hang the alarm cannot stop.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import tempfile
from pathlib import Path

CASE_SECONDS = int(os.environ.get("PNP_GUARD_CASE_SECONDS", "60"))


class Hung(BaseException):
    """Raised by the alarm: a BaseException, so pnp's own handlers do not turn it into a line."""


def _alarm(signum, frame):
    raise Hung


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if not p.is_dir()
            or p.name.startswith(".")}


def run_case(case: dict, base: Path) -> dict:
    from pnp import cli

    folder = Path(tempfile.mkdtemp(dir=base))
    for name, text in case.get("files", {}).items():
        (folder / name).write_text(text, encoding="utf-8")
    for name in case.get("dirs", []):
        (folder / name).mkdir()
    before = _files(folder)
    args = [a.replace("{dir}", str(folder)) for a in case["args"]]
    out, err = io.StringIO(), io.StringIO()
    code: object = 0
    hung = False
    os.chdir(folder)
    sys.argv = ["pnp", *args]
    signal.alarm(CASE_SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            cli.main()
    except SystemExit as exc:
        code = exc.code if exc.code is not None else 0
    except Hung:
        hung = True
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which fails the case
        err.write(f"escaped: {type(exc).__name__}: {exc}\n")
        code = "escaped"
    finally:
        signal.alarm(0)
        os.chdir(base)
    lines = [x for x in err.getvalue().splitlines() if x.strip()]
    return {"id": case["id"], "code": code, "lines": [x[:300] for x in lines[:3] + lines[-2:]],
            "count": len(lines), "hung": hung, "left": sorted(_files(folder) - before)}


def main() -> None:
    signal.signal(signal.SIGALRM, _alarm)
    cases = json.load(sys.stdin)
    with tempfile.TemporaryDirectory() as base:
        for case in cases:
            print(json.dumps({"start": case["id"]}), flush=True)
            print(json.dumps(run_case(case, Path(base))), flush=True)


if __name__ == "__main__":
    main()
