"""Screenshots of the table for the docs: each game in mid-play against its heuristic player.

Run: python docs/screenshots.py [--out docs/images]   (needs Chromium: apt-get install chromium)

Starts `pnp serve --pause 0` on a free port with a fresh games folder, opens each game in the
system's Chromium (Playwright), plays the person's seat with seeded random clicks for a while
(the computer answering) and saves `table-GAME.png`; then `watch-salvage.png`, a simulated game
watched with time travel.
"""

from __future__ import annotations

import argparse
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Game -> person moves before the picture (enough for the board to fill up).
MOVES = {"salvage": 14, "junkyard-wars": 12, "waste-knights": 10, "wreck-and-ruin": 10,
         "waste-of-parts": 12}
NEXT = "document.getElementById('your-turn') || document.body.dataset.over === '1'"


def serve(folder: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--no-browser", "--pause",
                             "0", "--port", str(port), "--games-dir", folder])
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the table did not start")


def play(page, url: str, game: str, moves: int) -> None:
    page.goto(f"{url}/new/{game}")
    page.fill("input[name=seed]", "docs")
    for k in range(page.locator("#seats select").count()):
        page.select_option(f"select[name=seat-{k}]", "here" if k == 0 else "heuristic")
    page.click("#start")
    page.wait_for_selector("#board svg")
    rng = random.Random(game)
    for _ in range(moves):
        page.wait_for_function(NEXT, timeout=60_000)
        if page.evaluate("document.body.dataset.over") == "1":
            return
        before = int(page.evaluate("document.body.dataset.step"))
        spots = page.query_selector_all("#board .spot.live")
        buttons = page.query_selector_all("#actions .action:visible")  # a long group is folded
        if spots and (rng.random() < 0.7 or not buttons):
            rng.choice(spots).click()
            if page.is_visible("#menu"):
                rng.choice(page.query_selector_all("#menu .choice:not(.cancel)")).click()
        else:
            rng.choice(buttons).click()
        page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    page.wait_for_function(NEXT, timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).parent / "images"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("no Chromium: apt-get install chromium")
    folder = tempfile.mkdtemp()
    proc, url = serve(folder)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1500, "height": 940})
            for game, moves in MOVES.items():
                play(page, url, game, moves)
                page.screenshot(path=str(out / f"table-{game}.png"))
                print(out / f"table-{game}.png")
            page.goto(f"{url}/watch/salvage?seed=docs&index=3&bots=search-quick,heuristic")
            page.wait_for_selector("#board svg")
            for _ in range(40):
                page.click("#fwd")
            page.wait_for_function("document.body.dataset.step === '40'")
            page.screenshot(path=str(out / "watch-salvage.png"))
            print(out / "watch-salvage.png")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
