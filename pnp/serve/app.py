"""``pnp serve``: the game table as a local web app (Starlette on uvicorn, WebSockets).

Pages: the home page (the games pnp knows, the games in the folder), a new-game form per game,
the table (play, or watch with time travel), the join link of an online room. The table page
opens a WebSocket: the server sends each screen its frame (``TableGame.frame``) after every
move and takes the actions of the seats that screen plays. The server trusts no client: an
action is played only if it is among ``legal_actions()`` and its seat is the sender's; sizes and
counts are bounded (docs/limits.md, "The table").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pnp.errors import PnpError
from pnp.games.registry import GAMES, all_games, get
from pnp.serve.store import ID, GameStore, new_id
from pnp.serve.tables import PERSON, TableGame, new_doc, simulated_doc, viewer_for

WEB = Path(__file__).parent / "web"
FONTS = ("Vera", "Vera-Bold", "Vera-Italic", "Vera-BoldItalic")
#: Bounds on what clients can ask of one server (docs/limits.md, "The table").
MAX_GAMES = 1000            # games in memory (the folder's newest when it starts)
MAX_MESSAGE = 4096          # bytes of one WebSocket message from a page
MAX_BODY = 2 * 1024 * 1024  # bytes of a new-game request (with a field.json or board.json)
MAX_SCREENS = 32            # screens connected to one game
#: Options that name a board file a session pack wrote: a group plays the board it printed.
BOARD_OPTIONS = ("field", "board")


@dataclass(eq=False)
class Screen:
    """One connected page: the seats it plays and how much of the log it has."""

    ws: WebSocket
    mine: frozenset[int]
    sent: int = 0
    viewer: int | None = None  # whose hidden parts its log was written for


@dataclass
class Hub:
    """The server's games, their screens, and the computer players' tasks."""

    store: GameStore
    pause: float = 0.6
    games: dict[str, TableGame] = field(default_factory=dict)
    screens: dict[str, set[Screen]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    #: The computer players made ready in the background (``create_app(warm=True)``).
    warming: asyncio.Future[None] | None = None

    def lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    def add(self, game: TableGame) -> None:
        if len(self.games) >= MAX_GAMES:
            finished = [g for g in self.games.values() if g.is_over()]
            if not finished:
                raise PnpError(f"this server holds at most {MAX_GAMES} games; finish one first",
                               field="game")
            del self.games[finished[0].id]  # the oldest finished game leaves memory
        self.games[game.id] = game

    def mine(self, game: TableGame, key: str | None) -> frozenset[int]:
        """The seats the holder of ``key`` plays in ``game`` (none for a wrong or no key)."""
        keys = game.doc.get("keys", {}).get("seats", {})
        if not key or not isinstance(key, str):
            return frozenset()
        for k, seats in keys.items():
            if secrets.compare_digest(k, key):
                return frozenset(seats)
        return frozenset()

    async def send(self, game: TableGame, screen: Screen) -> None:
        viewer = viewer_for(game, screen.mine)
        if viewer != screen.viewer:  # a shared screen passed on: its log is read anew
            screen.sent, screen.viewer = 0, viewer
        frame = game.frame(viewer, screen.mine, log_from=screen.sent)
        frame["invite"] = _invite(game, screen.mine)
        screen.sent = len(game.steps)
        await screen.ws.send_text(json.dumps(frame))

    async def broadcast(self, game: TableGame) -> None:
        for screen in list(self.screens.get(game.id, ())):
            try:
                await self.send(game, screen)
            except Exception:  # a page that vanished in mid-move: forget it
                self.screens.get(game.id, set()).discard(screen)

    def kick(self, game: TableGame) -> None:
        """Start the computer players of ``game`` if one is to move and none is running."""
        task = self.tasks.get(game.id)
        if game.bot_to_move() and (task is None or task.done()):
            self.tasks[game.id] = asyncio.get_running_loop().create_task(self.run_bots(game))

    async def run_bots(self, game: TableGame) -> None:
        """Play the computer players' moves, each after a pause a person can follow."""
        while game.bot_to_move():
            await asyncio.sleep(self.pause)
            try:
                text = await asyncio.to_thread(game.bot_action)
            except Exception as exc:  # a bug in a computer player: say so, keep the game
                await self.fail(game, exc)
                return
            async with self.lock(game.id):
                try:
                    game.play_bot(text)
                except Exception as exc:
                    game.rebuild()
                    failed: Exception | None = exc
                else:
                    self.store.save(game)
                    failed = None
            if failed is not None:
                await self.fail(game, failed)
                return
            await self.broadcast(game)

    async def fail(self, game: TableGame, exc: Exception) -> None:
        """An internal error in ``game`` (its state already rebuilt from its log, which holds
        only what was played whole): one line on the server's stderr and on its screens."""
        line = f"internal error in {game.spec.name} game {game.id}: {type(exc).__name__}: {exc}"
        print(f"pnp serve: {line}"[:500], file=sys.stderr)
        for screen in list(self.screens.get(game.id, ())):
            with contextlib.suppress(Exception):
                await screen.ws.send_text(json.dumps({"type": "error", "message": line[:300]}))


def _pages() -> Any:
    import jinja2

    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(WEB)), autoescape=True)


def _local(request: Request | WebSocket) -> bool:
    """A request from this machine (the host of the server) may see every game's keys."""
    host = request.client.host if request.client else ""
    return host in ("127.0.0.1", "::1", "testclient")


def _warm() -> None:
    """Every game's ``GameSpec.warm``."""
    for spec in all_games():
        if spec.warm is not None:
            spec.warm()


def create_app(games_dir: str | Path, *, pause: float = 0.6, warm: bool = False
               ) -> Starlette:
    """The table's web app over the games in ``games_dir`` (unfinished ones resume);
    ``warm``: the games' computer players are made ready (``GameSpec.warm``) in the
    background as it starts, so the first computer move does not wait for a compile."""
    hub = Hub(GameStore(games_dir), pause=pause)
    pages = _pages()

    def page(name: str, **values: Any) -> HTMLResponse:
        return HTMLResponse(pages.get_template(name).render(**values))

    def game_of(game_id: str) -> TableGame:
        if not ID.fullmatch(game_id):
            raise PnpError("no such game on this server", field="game")
        if game_id not in hub.games:  # saved since the server started (replay --web)
            game = hub.store.load(game_id)
            if game is None:
                raise PnpError("no such game on this server", field="game")
            hub.add(game)
        return hub.games[game_id]

    async def home(request: Request) -> Response:
        local = _local(request)
        rows = []
        for g in sorted(hub.games.values(), key=lambda g: g.doc.get("created", 0),
                        reverse=True):
            host = g.doc.get("keys", {}).get("host", "")
            rows.append({"id": g.id, "title": g.spec.title, "mode": g.doc.get("mode", ""),
                         "seats": ", ".join(_seat_text(s) for s in g.seats),
                         "steps": len(g.steps), "over": g.is_over(),
                         "key": host if local else ""})
        return page("home.html", games=[s.describe() for s in all_games()], tables=rows)

    async def new_form(request: Request) -> Response:
        spec = get(request.path_params["game"])
        options = [o for o in spec.options_for("simulate")
                   if o.kind in (bool, int) and o.name not in BOARD_OPTIONS]
        board = next((o for o in spec.options_for("simulate") if o.name in BOARD_OPTIONS),
                     None)
        return page("new.html", spec=spec, bots=sorted(spec.bots), options=options,
                    board=board)

    async def new_game(request: Request) -> Response:
        body = await _body(request)
        try:  # a board of some games takes a moment to generate: off the event loop
            game = await asyncio.to_thread(_create, hub, json.loads(body))
        except (ValueError, PnpError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        hub.add(game)
        hub.store.save(game)
        hub.kick(game)
        return JSONResponse({"url": f"/table/{game.id}?key={game.doc['keys']['host']}",
                             "id": game.id})

    async def table(request: Request) -> Response:
        game = game_of(request.path_params["id"])
        return page("table.html", id=game.id, title=game.spec.title)

    async def join(request: Request) -> Response:
        game = game_of(request.path_params["id"])
        invite = game.doc.get("keys", {}).get("invite", "")
        if not invite or not secrets.compare_digest(invite, request.path_params["invite"]):
            return page("message.html", title="Not a room link",
                        text="This link is not the invitation of this game.")
        async with hub.lock(game.id):
            free = game.free_online_seats()
            if not free:
                return RedirectResponse(f"/table/{game.id}", status_code=303)
            key = secrets.token_urlsafe(16)
            game.doc["keys"]["seats"][key] = [free[0]]
            hub.store.save(game)
        await hub.broadcast(game)
        return RedirectResponse(f"/table/{game.id}?key={key}", status_code=303)

    async def frame(request: Request) -> Response:
        game = game_of(request.path_params["id"])
        mine = hub.mine(game, request.query_params.get("key"))
        try:
            step = int(request.query_params.get("step", "-1")[:12])
            log_from = int(request.query_params.get("log_from", "0")[:12])
        except ValueError:
            step, log_from = -1, 0
        async with hub.lock(game.id):
            # watching a game in progress shows nobody's hidden parts
            viewer = viewer_for(game, mine)
            data = game.frame(viewer, frozenset(), step=None if step < 0 else step,
                              log_from=len(game.steps) if log_from < 0 else log_from)
        data["invite"] = _invite(game, mine)
        return JSONResponse(data)

    async def download(request: Request) -> Response:
        game = game_of(request.path_params["id"])
        # A log names every secret as played: from another machine, a game that hides
        # something is downloaded once it is over (this machine holds the files anyway).
        if not (game.is_over() or not game.view.hides_information or _local(request)):
            return page("message.html", title="Not while the game is on",
                        text="This game's log names what the players keep hidden; it can be "
                        "downloaded once the game is over.")
        text = json.dumps(game.public_log(), sort_keys=True, indent=1)
        name = f"{game.spec.name}-{game.id[:8]}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def watch(request: Request) -> Response:
        """A simulated game (``pnp GAME replay``'s options) saved and opened for watching."""
        from pnp.sim.play import bot_names

        q = request.query_params
        spec = get(request.path_params.get("game") or q.get("game", "")[:40])
        try:
            seed, index = q.get("seed", "1")[:200], int(q.get("index", "0")[:9])
            players = int(q.get("players", "")[:3] or spec.default_players)
            if index < 0 or not spec.min_players <= players <= spec.max_players:
                raise ValueError(f"index 0 or more and {spec.players_text}")
            bots = bot_names(spec, players, q.get("bots"))
            options = _options(spec, json.loads(q.get("options", "{}")[:2000]))
            setup = spec.make_setup(seed, players, bots, options)
            doc = await asyncio.to_thread(simulated_doc, spec, setup, seed, index, options,
                                          new_id())
            game = await asyncio.to_thread(TableGame.from_doc, spec, doc, "replay")
        except (ValueError, PnpError) as exc:
            return page("message.html", title="Cannot watch that game", text=str(exc))
        hub.add(game)
        hub.store.save(game)
        return RedirectResponse(f"/table/{game.id}?watch=1", status_code=303)

    async def font(request: Request) -> Response:
        from pnp.layout.text import font_path

        name = request.path_params["name"]
        if name not in FONTS:
            return Response("no such font", status_code=404)
        return FileResponse(font_path(name), media_type="font/ttf")

    async def live(ws: WebSocket) -> None:
        game_id = ws.path_params["id"]
        try:
            game = game_of(game_id)
        except PnpError:
            await ws.close(code=4404)
            return
        screens = hub.screens.setdefault(game_id, set())
        if len(screens) >= MAX_SCREENS:
            await ws.close(code=4429)
            return
        await ws.accept()
        screen = Screen(ws, hub.mine(game, ws.query_params.get("key")))
        screens.add(screen)
        try:
            async with hub.lock(game_id):
                await hub.send(game, screen)
            hub.kick(game)
            while True:
                text = await ws.receive_text()
                await _message(hub, game, screen, text)
        except WebSocketDisconnect:
            pass
        finally:
            screens.discard(screen)

    async def startup() -> None:
        hub.games.update(await asyncio.to_thread(hub.store.load_all, MAX_GAMES))
        for game in hub.games.values():
            hub.kick(game)
        if warm:    # a move asked meanwhile waits for it (numba's lock), no longer
            hub.warming = asyncio.get_running_loop().run_in_executor(None, _warm)

    async def shutdown() -> None:
        for task in hub.tasks.values():
            task.cancel()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        await startup()
        yield
        await shutdown()

    async def not_found(request: Request, exc: Exception) -> Response:
        return page("message.html", title="Not here", text=str(exc))

    routes = [
        Route("/", home), Route("/new/{game}", new_form), Route("/api/new", new_game,
                                                                 methods=["POST"]),
        Route("/table/{id}", table), Route("/join/{id}/{invite}", join),
        Route("/api/games/{id}/frame", frame), Route("/api/games/{id}/log", download),
        Route("/watch/{game}", watch), Route("/watch", watch), Route("/fonts/{name}.ttf", font),
        WebSocketRoute("/ws/{id}", live),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Mount("/static", StaticFiles(directory=str(WEB / "static")), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={PnpError: not_found})
    app.state.hub = hub
    return app


async def _message(hub: Hub, game: TableGame, screen: Screen, text: str) -> None:
    """One message from a page: an action for its seat, or a request for the frame again."""
    async def error(message: str) -> None:
        await screen.ws.send_text(json.dumps({"type": "error", "message": message}))

    if len(text) > MAX_MESSAGE:
        await error(f"a message is at most {MAX_MESSAGE} bytes")
        return
    try:
        msg = json.loads(text)
    except ValueError:
        await error("not a JSON message")
        return
    if not isinstance(msg, dict):
        await error("not a message")
        return
    if msg.get("type") == "frame":
        async with hub.lock(game.id):
            screen.sent = 0
            await hub.send(game, screen)
        return
    if msg.get("type") != "act":
        await error("unknown message")
        return
    async with hub.lock(game.id):
        seat = game.to_move()
        if seat not in screen.mine:
            await error("it is not your turn: you can act only for your own seat")
            return
        try:
            problem = game.act(seat, msg.get("action"))  # type: ignore[arg-type]
        except Exception as exc:  # the rules refused an action they listed: a bug
            game.rebuild()
            failed: Exception | None = exc
        else:
            failed = None
            if problem:
                await error(problem)
                return
            hub.store.save(game)
    if failed is not None:
        await hub.fail(game, failed)
        return
    await hub.broadcast(game)
    hub.kick(game)


def _invite(game: TableGame, mine: frozenset[int]) -> str:
    """The room's join path, for the screen that created it while a seat is free."""
    keys = game.doc.get("keys", {})
    host = keys.get("host", "")
    if not game.free_online_seats() or not mine or keys.get("seats", {}).get(host) is None or \
            mine != frozenset(keys["seats"][host]):
        return ""
    return f"/join/{game.id}/{keys['invite']}"


def _seat_text(seat: dict[str, Any]) -> str:
    if seat["kind"] == "bot":
        return seat["bot"]
    return "person online" if seat.get("online") else "person"


async def _body(request: Request) -> bytes:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise PnpError(f"a request is at most {MAX_BODY} bytes", field="body")
        chunks.append(chunk)
    return b"".join(chunks)


def _options(spec: Any, values: Any) -> dict[str, Any]:
    """The game's own options from a form: known names with values of their kind only."""
    if not isinstance(values, dict):
        raise PnpError("options must be a mapping", field="options")
    out: dict[str, Any] = {o.name: o.default for o in spec.options_for("simulate")}
    for o in spec.options_for("simulate"):
        v = values.get(o.name)
        if v is None or v == "":
            continue
        if o.kind is bool:
            out[o.name] = bool(v)
        elif o.kind is int:
            if isinstance(v, bool) or not isinstance(v, int | str) or len(str(v)) > 9:
                raise PnpError(f"expected a whole number, got {v!r:.20}", field=o.name)
            out[o.name] = int(v)
    return out


def _create(hub: Hub, req: Any) -> TableGame:
    """A new game from the new-game form's request."""
    if not isinstance(req, dict) or req.get("game") not in GAMES:
        raise PnpError("unknown game", field="game")
    spec = get(req["game"])
    seed = str(req.get("seed") or "1").strip()[:200] or "1"
    seats_in = req.get("seats")
    if not isinstance(seats_in, list) or not spec.min_players <= len(seats_in) <= \
            spec.max_players:
        raise PnpError(f"{spec.title} is for {spec.players_text}", field="seats")
    seats: list[dict[str, Any]] = []
    for k, s in enumerate(seats_in):
        if s == "here":
            seats.append({"kind": PERSON})
        elif s == "online":
            seats.append({"kind": PERSON, "online": True})
        elif s in spec.bots:
            seats.append({"kind": "bot", "bot": s})
        else:
            raise PnpError(f"seat {k + 1}: a person here, a person online or one of "
                           f"{', '.join(sorted(spec.bots))}", field="seats")
    options = _options(spec, req.get("options", {}))
    board = req.get("board_file")
    if board:
        options = _board_file(hub, spec, options, board)
    online = any(s.get("online") for s in seats)
    here = [k for k, s in enumerate(seats) if s["kind"] == PERSON and not s.get("online")]
    mode = "online" if online else "one screen" if len(here) > 1 else \
        "against the computer" if here else "computer players"
    game_id = new_id()
    doc = new_doc(spec, game_id=game_id, seed=seed, seats=seats, options=options, mode=mode)
    host = secrets.token_urlsafe(16)
    doc["keys"] = {"host": host, "invite": secrets.token_urlsafe(16) if online else "",
                   "seats": {host: here}}
    doc["created"] = max((g.doc.get("created", 0) for g in hub.games.values()), default=0) + 1
    try:
        return TableGame.from_doc(spec, doc, "new game")
    except BaseException:  # a board file the game refuses is not kept
        for o in BOARD_OPTIONS:
            if board and options.get(o):
                Path(options[o]).unlink(missing_ok=True)
        raise


def _board_file(hub: Hub, spec: Any, options: dict[str, Any], board: Any) -> dict[str, Any]:
    """A session pack's board file (Salvage's field.json, Waste Knights' board.json) for the
    new game: kept in the games folder and named by the game's option."""
    if not isinstance(board, dict) or not isinstance(board.get("text"), str):
        raise PnpError("a board file is its name and its text", field="board_file")
    text = board["text"]
    name = str(board.get("name", "board.json"))[:100]
    option = next((o.name for o in spec.options_for("simulate") if o.name in BOARD_OPTIONS),
                  None)
    if option is None:
        raise PnpError(f"{spec.title} plays the map of a seed: give the seed code printed on "
                       f"it", file=name, field="board_file")
    folder = hub.store.folder / "boards"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{new_id()}.json"
    path.write_text(text, encoding="utf-8")
    return {**options, option: str(path)}

