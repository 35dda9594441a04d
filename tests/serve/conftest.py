"""The table's fixtures: a live server on a free port of 127.0.0.1 and the system's Chromium.

Browser tests drive the system package's Chromium with Playwright (no browser download); without
one they skip, saying so once. ``PNP_CHROMIUM`` names another Chromium binary.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``pnp serve``'s app under uvicorn in a thread; ``restart()`` stops it and starts a new
    one on the same games folder (what a crash or a stopped server does)."""

    def __init__(self, games_dir: Path, pause: float = 0.0) -> None:
        self.games_dir, self.pause = games_dir, pause
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        import uvicorn

        from pnp.serve.app import create_app

        self.app = create_app(self.games_dir, pause=self.pause)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws="websockets-sansio", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the table did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def hub(self):
        return self.app.state.hub


@pytest.fixture
def live(tmp_path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "games")
    yield server
    server.stop()


def chromium_path() -> str | None:
    for name in (os.environ.get("PNP_CHROMIUM"), "chromium", "chromium-browser",
                 "google-chrome"):
        if name and (found := shutil.which(name)):
            return found
    return None


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine: the browser tests need the system package "
                    "(apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert not errors, f"the page threw: {errors}"
