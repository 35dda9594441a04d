"""The table (`pnp serve`): a person's move answered, the search player's move, 50 games at once.

Run: python benchmarks/bench_table.py [--moves 40] [--games 50] [--seed bench]

Starts `pnp serve --pause 0` as a child process on a free port of 127.0.0.1 (a fresh games
folder) and talks to it as the page does, over HTTP and the WebSocket:

1. A person's move answered and drawn: for each game against its heuristic player, the time from
   sending a legal action to receiving the frame that shows it (the server checks the action,
   plays it, saves the log, draws the board as SVG and sends it), median and 95th percentile,
   against a bare WebSocket ping to the same server in the same run (the baseline); then in the
   system's Chromium (if there is one), from the click to the painted page that shows the move.
2. The search player's move: Salvage's `search` choosing on positions of heuristic games (CPU
   time, one core, no server), median / 95th percentile / worst.
3. Load: `--games` games at once, each a client that creates a game against the heuristic
   player and plays `--moves` moves; every move must come back in the client's frames and in the
   saved log (no error, no lost move).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

GAMES = ("salvage", "junkyard-wars", "waste-knights", "wreck-and-ruin", "waste-of-parts")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--no-browser", "--pause",
                             "0", "--port", str(port), "--games-dir", folder],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the table did not start")


def new_game(url: str, game: str, seats: list[str], seed: str) -> tuple[str, str]:
    body = json.dumps({"game": game, "seed": seed, "seats": seats}).encode()
    req = urllib.request.Request(url + "/api/new", data=body,
                                 headers={"Content-Type": "application/json"})
    data = json.loads(urllib.request.urlopen(req, timeout=60).read())
    return data["id"], data["url"].split("key=")[1]


def seats_for(game: str) -> list[str]:
    players = {"junkyard-wars": 2, "waste-knights": 2, "wreck-and-ruin": 2,
               "waste-of-parts": 3}.get(game, 2)
    return ["here"] + ["heuristic"] * (players - 1)


async def my_frame(ws: websockets.ClientConnection) -> dict:
    """The next frame in which this screen has actions (or the game is over)."""
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == "error":
            raise RuntimeError(msg["message"])
        if msg["actions"] or msg["over"]:
            return msg


async def answered(url: str, game: str, moves: int, seed: str) -> tuple[list[float], list[float]]:
    """Times (s) from a person's action to the frame showing it; and of bare pings."""
    gid, key = new_game(url, game, seats_for(game), seed)
    rng = random.Random(seed)
    times, pings = [], []
    async with websockets.connect(f"{url.replace('http', 'ws')}/ws/{gid}?key={key}",
                                  max_size=2 ** 24) as ws:
        frame = await my_frame(ws)
        for _ in range(moves):
            if frame["over"]:
                break
            t = time.perf_counter()
            pong = await ws.ping()
            await pong
            pings.append(time.perf_counter() - t)
            action = rng.choice(frame["actions"])["text"]
            step = frame["step"]
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": action}))
            while True:  # the frame of this very action
                msg = json.loads(await ws.recv())
                if msg["type"] == "error":
                    raise RuntimeError(msg["message"])
                if msg["step"] == step + 1:
                    times.append(time.perf_counter() - t)
                    break
            frame = msg if (msg["actions"] or msg["over"]) else await my_frame(ws)
    return times, pings


def search_moves(positions: int, seed: str) -> list[float]:
    """CPU seconds of Salvage's `search` player choosing, on positions of heuristic games."""
    from pnp.games.salvage import GAME, SEARCH
    from pnp.sim.play import game_seed
    from pnp.sim.play import new_game as sim_game

    setup = GAME.make_setup(seed, 2, ("heuristic", "heuristic"),
                            {o.name: o.default for o in GAME.options})
    found: list[object] = []
    k = 0
    while len(found) < positions:
        state, bots, rng = sim_game(GAME, setup, game_seed(seed, k))
        n = 0
        while not state.is_over() and len(found) < positions:
            if n % 9 == 4 and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply(bots[state.current_player].choose(state, rng))
            n += 1
        k += 1
    bot = SEARCH["search"](setup, 0)
    out = []
    for i, state in enumerate(found):
        t = time.process_time()
        bot.choose(state, random.Random(i))
        out.append(time.process_time() - t)
    return out


async def one_client(url: str, folder: str, k: int, moves: int, seed: str) -> tuple[int, str]:
    """A client playing ``moves`` moves of its own game; (moves confirmed, problem or "")."""
    game = GAMES[k % len(GAMES)]
    gid, key = await asyncio.to_thread(new_game, url, game, seats_for(game), f"{seed}-{k}")
    rng = random.Random(k)
    sent: list[str] = []
    async with websockets.connect(f"{url.replace('http', 'ws')}/ws/{gid}?key={key}",
                                  max_size=2 ** 24) as ws:
        seen: list[tuple[int, str]] = []  # (seat, action) of every step the frames showed

        async def next_frame() -> dict:
            nonlocal seen
            msg = json.loads(await ws.recv())
            if msg["type"] == "frame":
                if msg["log_from"] == 0:
                    seen = []
                seen += [(e["seat"], e["action"]) for e in msg["log"]]
            return msg

        frame = await next_frame()
        while not (frame["actions"] or frame["over"]):
            frame = await next_frame()
        while len(sent) < moves and not frame["over"]:
            action = rng.choice(frame["actions"])["text"]
            await ws.send(json.dumps({"type": "act", "action": action}))
            sent.append(action)
            while True:
                msg = await next_frame()
                if msg["type"] == "error":
                    return len(sent), f"{game}: {msg['message']}"
                if msg["actions"] or msg["over"]:
                    frame = msg
                    break
    saved = json.loads((Path(folder) / f"{gid}.json").read_text())["actions"]
    # Every step the frames showed is the saved log's step at that place (the computer may have
    # moved on after the last frame read; its secret choices read as hidden to this seat), and
    # this seat's steps are the moves it sent, in order.
    if [a for seat, a in seen if seat == 0] != sent or len(seen) > len(saved) or any(
            seat == 0 and saved[i] != a for i, (seat, a) in enumerate(seen)):
        return len(sent), f"{game}: the frames, the moves sent and the saved log differ"
    return len(sent), ""


async def load(url: str, folder: str, games: int, moves: int, seed: str
               ) -> tuple[float, int, list[str]]:
    t = time.perf_counter()
    results = await asyncio.gather(*(one_client(url, folder, k, moves, seed)
                                     for k in range(games)), return_exceptions=True)
    took = time.perf_counter() - t
    problems = [str(r) if isinstance(r, BaseException) else r[1] for r in results]
    played = sum(r[0] for r in results if not isinstance(r, BaseException))
    return took, played, [p for p in problems if p]


#: In the page: click an action, then wait for the frame that shows it to be drawn (the step
#: shown changes) and for the next paint; milliseconds from the click.
CLICK_TO_PAINT = """async (text) => {
  const before = document.body.dataset.step;
  const t0 = performance.now();
  document.querySelector(`#actions .action[data-action="${CSS.escape(text)}"]`).click();
  await new Promise((ok) => {
    const seen = () => document.body.dataset.step !== before;
    if (seen()) return ok();
    new MutationObserver((_, obs) => { if (seen()) { obs.disconnect(); ok(); } })
      .observe(document.body, {attributes: true});
  });
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  return performance.now() - t0;
}"""


def in_chromium(url: str, moves: int, seed: str) -> dict[str, list[float]]:
    """Click to paint in the system's Chromium, per game (None without Chromium/Playwright)."""
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        return {}
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    out: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        for game in GAMES:
            gid, key = new_game(url, game, seats_for(game), seed)
            page.goto(f"{url}/table/{gid}?key={key}")
            rng = random.Random(seed)
            times: list[float] = []
            for _ in range(moves):
                page.wait_for_function("document.getElementById('your-turn') || "
                                       "document.body.dataset.over === '1'", timeout=60_000)
                if page.evaluate("document.body.dataset.over") == "1":
                    break
                # a long group's buttons are made when it is opened
                page.eval_on_selector_all("#actions details", "ds => ds.forEach((d) => {"
                                          " d.open = true; })")
                page.wait_for_function("[...document.querySelectorAll('#actions details')]"
                                       ".every((d) => d.querySelector('.action'))")
                texts = page.eval_on_selector_all("#actions .action",
                                                  "bs => bs.map((b) => b.dataset.action)")
                times.append(page.evaluate(CLICK_TO_PAINT, rng.choice(texts)) / 1000)
            out[game] = times
        browser.close()
    return out


def ms(values: list[float]) -> str:
    v = sorted(values)
    p95 = v[min(len(v) - 1, int(0.95 * len(v)))]
    return f"median {statistics.median(v) * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(folder)
        try:
            print("1. a person's move answered and drawn (heuristic opponent, pause 0):")
            for game in GAMES:
                times, pings = asyncio.run(answered(url, game, args.moves, args.seed))
                print(f"   {game:<15} {ms(times)} over {len(times)} moves; bare ping "
                      f"{ms(pings)} ({statistics.median(times) / statistics.median(pings):.0f}x)")
            print("   in Chromium, from the click to the painted frame that shows the move:")
            for game, times in in_chromium(url, args.moves, args.seed).items():
                print(f"   {game:<15} {ms(times)} over {len(times)} moves")
            print(f"3. {args.games} games at once, {args.moves} moves each:")
            took, played, problems = asyncio.run(load(url, folder, args.games, args.moves,
                                                      args.seed))
            print(f"   {played} moves in {took:.1f} s ({played / took:.0f} moves/s), "
                  f"{len(problems)} problems" + "".join(f"\n   - {p}" for p in problems[:10]))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print("2. Salvage's search player choosing a move (CPU, one core):")
    v = search_moves(args.positions, args.seed)
    print(f"   {ms(v)}, worst {max(v) * 1000:.0f} ms over {len(v)} positions")


if __name__ == "__main__":
    main()
