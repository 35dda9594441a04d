"""`pnp render --preview` in a real Chromium: every face shown with its cards and copies, a saved
edit replaces only that card's picture, and a bad edit shows its error line above the last good
faces, which stay."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.serve.conftest import free_port

ROWS = ("name,text,count\nScrap Golem,Salvage two parts.,2\nRust Hound,Bite for one.,1\n"
        "Fuel Can,Gain fuel.,3\n")


def _versions(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "figure.face", "els => Object.fromEntries(els.map(e => [e.dataset.stem, "
        "e.querySelector('img').getAttribute('src')]))")


def _answers(url: str) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status == 200
    except OSError:
        return False


def _until(cond, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail("the preview did not update")


@pytest.fixture
def preview(tmp_path):
    src = tmp_path / "deck.csv"
    src.write_text(ROWS, encoding="utf-8")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "render", str(src), "--out",
                             str(tmp_path / "out"), "--preview", "--no-browser", "--port",
                             str(port), "--dpi", "50", "--formats", "pdf,png", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("preview on"):
                break
        url = f"http://127.0.0.1:{port}/preview"
        _until(lambda: _answers(url))
        yield src, url, proc
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_the_preview_shows_each_face_and_follows_saves(page, preview):
    src, url, _proc = preview
    page.goto(url)
    page.wait_for_selector("figure.face img", timeout=60_000)
    _until(lambda: page.locator("figure.face").count() == 4)  # 3 fronts and the shared back
    captions = page.locator("figure.face figcaption").all_inner_texts()
    assert "Scrap Golem · ×2" in captions and "Fuel Can · ×3" in captions
    assert "back of Scrap Golem, Rust Hound, Fuel Can · ×6" in captions
    _until(lambda: page.evaluate("Array.from(document.images).every(i => i.complete "
                                 "&& i.naturalWidth > 0)"))
    before = _versions(page)

    src.write_text(ROWS.replace("Bite for one.", "Bite for two."), encoding="utf-8")
    after = _until(lambda: (v := _versions(page)) != before and v)
    changed = [stem for stem in before if before[stem] != after.get(stem)]
    assert len(changed) == 1 and "rust-hound" in changed[0]
    assert "face file(s) painted" in page.inner_text("#summary")
    assert page.locator("#error").is_hidden()

    src.write_text(ROWS.replace(",3\n", ",three\n"), encoding="utf-8")  # a bad count
    page.wait_for_selector("#error:not([hidden])", timeout=60_000)
    error = page.inner_text("#error")
    assert "deck.csv" in error and "count" in error and "line 4" in error or "deck.csv:4" in error
    assert page.locator("figure.face").count() == 4  # the last good faces stay
    assert _versions(page) == after

    src.write_text(ROWS, encoding="utf-8")
    page.wait_for_selector("#error[hidden]", state="attached", timeout=60_000)
    page.screenshot(path=str(Path(src).parent / "preview.png"))
