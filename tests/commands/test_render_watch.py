"""`pnp render --watch`: a debounced watcher renders again when the data, the layout or an
image changes, and not when pnp writes its own output."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pnp.commands.render import _watch_and_render


def _wait(cond, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


def test_watch_renders_again_on_each_change_and_ignores_its_output(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text("name\nA\n")
    (tmp_path / "icons").mkdir()
    out = tmp_path / "output" / "d"
    runs: list[float] = []

    def render() -> None:
        runs.append(time.monotonic())
        out.mkdir(parents=True, exist_ok=True)
        (out / "d.pdf").write_text(str(len(runs)))  # must not trigger another render

    stop = threading.Event()
    worker = threading.Thread(target=_watch_and_render, args=(str(src), None, out, render, stop))
    worker.start()
    try:
        assert _wait(lambda: len(runs) == 1)
        time.sleep(0.5)  # the watcher is set up
        src.write_text("name\nA\nB\n")
        assert _wait(lambda: len(runs) == 2)
        for i in range(5):  # a burst of saves is one render (debounced)
            (tmp_path / "icons" / "fuel.png").write_bytes(bytes([i]))
        assert _wait(lambda: len(runs) == 3)
        time.sleep(1.5)
        assert len(runs) == 3  # its own output did not count
    finally:
        stop.set()
        worker.join(10)
    assert not worker.is_alive()


def test_a_bad_edit_is_one_error_line_and_the_watch_goes_on(tmp_path, capsys):
    src = tmp_path / "d.csv"
    src.write_text("name\nA\n")
    calls = []

    def render() -> None:
        from pnp.errors import PnpError

        calls.append(1)
        if len(calls) == 1:
            raise PnpError("row has 2 fields, the header has 1", file=str(src), line=3)

    stop = threading.Event()
    stop.set()  # one render, then the watch loop ends at once
    _watch_and_render(str(src), None, tmp_path / "out", render, stop)
    err = capsys.readouterr().err
    assert "pnp: error: " in err and "d.csv:3: row has 2 fields" in err
    assert "watching" in err
