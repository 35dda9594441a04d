"""The games folder: each game at the table saved as its log, after every action.

One JSON file per game, ``<id>.json``, written whole to a temporary file and renamed over the
old one, so a crash or a stopped server leaves the last complete log: started again, the table
loads every game in the folder and the unfinished ones go on where they were.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sys
import tempfile
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.games.registry import GAMES, get
from pnp.serve.tables import LOG_FORMAT, TableGame

#: A game's id: unguessable (a room's link is its secret) and safe as a file name.
ID = re.compile(r"[A-Za-z0-9_-]{16,40}")
#: The largest game log the table reads back (a long game's log is a few hundred kB).
MAX_LOG_BYTES = 8 * 1024 * 1024


def new_id() -> str:
    """A fresh game id: 128 random bits."""
    return secrets.token_urlsafe(16)


def read_log(path: str | Path) -> dict[str, Any]:
    """A game log document from ``path`` (PnpError naming the file and field if it is not one)."""
    from pnp.safe_io import load_json, read_text_input

    where = str(path)
    text = read_text_input(path, "game log")
    if len(text) > MAX_LOG_BYTES:
        raise PnpError(f"a game log is at most {MAX_LOG_BYTES} bytes", file=where)
    doc = load_json(text, where)
    return check_log(doc, where)


def check_log(doc: Any, where: str) -> dict[str, Any]:
    """The fields every game log has, with their types (PnpError naming the first bad one)."""
    if not isinstance(doc, dict) or doc.get("format") != LOG_FORMAT:
        raise PnpError(f"not a pnp game log (its 'format' must be {LOG_FORMAT!r})", file=where,
                       field="format")
    if doc.get("game") not in GAMES:
        raise PnpError(f"unknown game {doc.get('game')!r} ({', '.join(GAMES)})", file=where,
                       field="game")
    checks: tuple[tuple[str, type | tuple[type, ...]], ...] = (
        ("seed", (str, int)), ("game_seed", int), ("seats", list), ("actions", list),
        ("options", dict))
    for name, kind in checks:
        if not isinstance(doc.get(name), kind) or isinstance(doc.get(name), bool):
            raise PnpError(f"missing or of the wrong type ({doc.get(name)!r:.40})", file=where,
                           field=name)
    spec = get(doc["game"])
    seats = doc["seats"]
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise PnpError(f"{spec.title} is for {spec.players_text}, got {len(seats)} seats",
                       file=where, field="seats")
    for k, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in ("person", "bot") or (
                s["kind"] == "bot" and s.get("bot") not in spec.bots):
            raise PnpError(f"seat {k + 1} must be a person or one of "
                           f"{', '.join(sorted(spec.bots))}", file=where, field="seats")
    if not all(isinstance(a, str) for a in doc["actions"]):
        raise PnpError("every action is its replay text", file=where, field="actions")
    doc.setdefault("id", new_id())
    return doc


class GameStore:
    """The games folder."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def path(self, game_id: str) -> Path:
        if not ID.fullmatch(game_id):
            raise PnpError(f"not a game id: {game_id[:40]!r}", field="game")
        return self.folder / f"{game_id}.json"

    def save(self, game: TableGame) -> None:
        """Write the game's log whole, then rename it into place."""
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.path(game.id)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(game.doc, fh, sort_keys=True, indent=1)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def load(self, game_id: str) -> TableGame | None:
        """The game saved as ``game_id`` (None if there is none or it is not a game log)."""
        p = self.path(game_id)
        if not p.is_file():
            return None
        try:
            doc = read_log(p)
            doc["id"] = game_id
            return TableGame.from_doc(get(doc["game"]), doc, str(p))
        except PnpError as exc:
            print(f"pnp serve: skipped {exc}", file=sys.stderr)
            return None

    def load_all(self, most: int) -> dict[str, TableGame]:
        """Every game in the folder (at most ``most``, the newest first); a file that is not a
        game log is named on stderr and left alone."""
        if not self.folder.is_dir():
            return {}
        files = sorted((p for p in self.folder.glob("*.json") if ID.fullmatch(p.stem)),
                       key=lambda p: p.stat().st_mtime, reverse=True)
        games = {p.stem: self.load(p.stem) for p in files[:most]}
        return {k: g for k, g in games.items() if g is not None}
