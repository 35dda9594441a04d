"""The live preview of a card list: each distinct face in the browser, new a second after a save.

A watch thread renders the deck again after each save of the card list, the layout, an image or
a font (incrementally: only changed cards are painted, ``pnp.layout.facecache``) and publishes
what it wrote here; the page asks for the state with a long poll and swaps only the faces whose
file changed. A bad edit shows its one-line error in the page while the last good faces stay.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from pnp.serve.app import WEB

POLL_SECONDS = 25.0  # a long poll answers at the latest after this (the page asks again)
STEM = re.compile(r"[a-z0-9-]{1,80}")


@dataclass
class Rendered:
    """What one good render wrote, as the page shows it."""

    deck: str
    faces: list[dict[str, Any]]   # stem, back, cards, copies, board, file, version
    summary: str
    seconds: float
    painted: int


@dataclass
class PreviewState:
    """The last good render and the last error, each with a version number the page follows."""

    out_dir: Path
    image: str = "png"  # the folder and extension of the files shown: png or svg
    version: int = 0
    rendered: Rendered | None = None
    error: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, rendered: Rendered | None, error: str | None) -> None:
        """A render finished (``rendered``) or failed (``error``; the last good faces stay)."""
        with self._lock:  # the page reads the version last: it never sees half an update
            if rendered is not None:
                self.rendered = rendered
            self.error = error
            self.version += 1

    def as_json(self) -> dict[str, Any]:
        with self._lock:
            r, version, error = self.rendered, self.version, self.error
        return {"version": version, "error": error,
                "deck": r.deck if r else "", "summary": r.summary if r else "",
                "seconds": round(r.seconds, 3) if r else None,
                "painted": r.painted if r else 0,
                "faces": r.faces if r else []}

    def file(self, stem: str) -> Path | None:
        """The face file of ``stem`` if the last good render wrote it."""
        r = self.rendered
        if r is None or not STEM.fullmatch(stem) or not any(f["stem"] == stem for f in r.faces):
            return None
        path = self.out_dir / self.image / f"{stem}.{self.image}"
        return path if path.is_file() else None


def rendered_from(summary: Any, manifest: dict[str, Any], deck: str, image: str,
                  seconds: float, line: str) -> Rendered:
    """The preview's view of a finished render: each face with its file's sha256 as version
    (the browser fetches a face again only when that changed)."""
    digests = {f["path"]: f["sha256"] for f in manifest.get("files", [])}
    faces = []
    for entry in sorted(summary.faces or [], key=lambda e: e.back):  # fronts, then backs
        rel = f"{image}/{entry.stem}.{image}"
        faces.append({"stem": entry.stem, "back": entry.back, "cards": entry.cards[:20],
                      "more": max(0, len(entry.cards) - 20), "copies": entry.copies,
                      "board": entry.board, "version": digests.get(rel, "")[:16]})
    return Rendered(deck, faces, line, seconds, summary.painted)


def preview_routes(state: PreviewState) -> list[Route]:
    """The preview's pages: ``/preview``, its state (a long poll) and the face files."""
    from pnp.serve.app import _pages

    pages = _pages()

    async def page(request: Request) -> Response:
        return HTMLResponse(pages.get_template("preview.html").render())

    async def poll(request: Request) -> Response:
        try:
            since = int(request.query_params.get("since", "-1"))
        except ValueError:
            since = -1
        # The watch thread moves the version on; a check every 50 ms costs nothing and ends
        # at once when the server stops (a thread blocked on a condition would not).
        waited = 0.0
        try:
            while since >= state.version and waited < POLL_SECONDS:
                await asyncio.sleep(0.05)
                waited += 0.05
        except asyncio.CancelledError:  # the server is stopping
            return Response(status_code=503)
        return JSONResponse(state.as_json(), headers={"Cache-Control": "no-store"})

    async def face(request: Request) -> Response:
        path = state.file(request.path_params["stem"])
        if path is None:
            return Response("no such face", status_code=404)
        media = "image/png" if state.image == "png" else "image/svg+xml"
        # The URL carries the file's digest: a cached copy is right for as long as it names.
        return FileResponse(path, media_type=media,
                            headers={"Cache-Control": "max-age=31536000, immutable"})

    return [Route("/preview", page), Route("/api/preview", poll),
            Route("/preview/face/{stem}", face)]


def run_preview(state: PreviewState, watch: Callable[[threading.Event], None], host: str,
                port: int, browser: bool) -> None:
    """Serve the preview until Ctrl-C while ``watch(stop)`` renders in a thread; exit 130."""
    import webbrowser

    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import Mount
    from starlette.staticfiles import StaticFiles

    from pnp import signals
    from pnp.commands.serve import check_port

    check_port(host, port)
    stop = threading.Event()
    worker = threading.Thread(target=watch, args=(stop,), daemon=True, name="pnp-watch")
    worker.start()
    url = f"http://{host}:{port}/preview"
    print(f"preview on {url} (Ctrl-C stops)", flush=True)
    if browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    app = Starlette(routes=[*preview_routes(state),
                            Route("/", lambda request: Response(status_code=307,
                                                                headers={"location": "/preview"})),
                            Mount("/static", StaticFiles(directory=str(WEB / "static")))])
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                            timeout_graceful_shutdown=1)
    code = 130
    try:
        uvicorn.Server(config).run()
    except signals.Interrupted as exc:
        code = exc.exit_code
    finally:
        stop.set()
        worker.join(timeout=10)
    print("pnp: stopped the preview; the last good render is in " + str(state.out_dir),
          flush=True)
    raise SystemExit(code)
