"""Writing an output folder: every file staged first, then moved in, with a manifest.

A failed run leaves no half-written file: files are written into a hidden staging folder next
to the output folder and only moved into place (``os.replace``, atomic per file) once every file
has been written. ``manifest.json`` lists each file with its kind and sha256.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.errors import PnpError
from pnp.seed import seed_code


def dumps(data: Any) -> str:
    """Deterministic JSON: sorted keys, two-space indent, trailing newline."""
    return json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


class Output:
    """Stage files for ``out_dir``; ``commit()`` moves them in and writes the manifest."""

    def __init__(self, out_dir: str | Path, *, seed: int | str | None = None,
                 command: list[str] | None = None):
        self.out_dir = Path(out_dir)
        self.seed = seed
        self.command = command if command is not None else ["pnp", *sys.argv[1:]]
        from pnp.safe_io import FolderLock, check_out_dir

        check_out_dir(self.out_dir)  # before anything is written: one clear line if unusable
        self._lock = FolderLock(self.out_dir)
        # The staging folder has a fixed name: the lock makes it this run's alone, a run killed
        # outright (SIGKILL) leaves one the next run clears, and a stop (Ctrl-C) landing
        # before the caller's ``with`` owns this object is cleaned up below, name known.
        self._stage = self.out_dir.parent / f".{self.out_dir.name}.staging"
        self._lock.acquire()  # a second run into the same folder is refused, not mixed in
        try:
            shutil.rmtree(self._stage, ignore_errors=True)
            self._stage.mkdir()
        except OSError as exc:
            self.discard()
            raise PnpError(f"cannot write in {self.out_dir.parent}: {exc.strerror or exc}",
                           file=str(self.out_dir), field="out") from None
        except BaseException:
            self.discard()
            raise
        self._files: dict[str, str] = {}
        self._digests: dict[str, str] = {}  # sha256 of files staged as copies of known files
        self._folders: set[Path] = set()
        self._current: str | None = None
        self.manifest: dict[str, Any] | None = None

    def path(self, rel: str, kind: str) -> Path:
        """A staging path to write ``rel`` to (subfolders are created)."""
        if rel in self._files or rel == "manifest.json":
            raise ValueError(f"output file written twice: {rel}")
        parts = Path(rel).parts
        if not parts or Path(rel).is_absolute() or ".." in parts:
            # Every file must land inside the output folder, where the manifest lists it.
            raise ValueError(f"output file outside the output folder: {rel}")
        self._files[rel] = kind
        self._current = rel  # what an OSError without a file name was writing
        p = self._stage / rel
        if p.parent not in self._folders:  # thousands of faces share a few folders
            p.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(p.parent)
        return p

    def known(self, rel: str, sha256: str) -> None:
        """``rel`` (already staged) holds bytes whose sha256 is known: not read again."""
        self._digests[rel] = sha256

    def write_bytes(self, rel: str, data: bytes, kind: str) -> None:
        """Stage ``data`` as ``rel``."""
        self.path(rel, kind).write_bytes(data)

    def write_text(self, rel: str, text: str, kind: str) -> None:
        """Stage ``text`` as ``rel`` (UTF-8, newlines as given)."""
        self.path(rel, kind).write_bytes(text.encode("utf-8"))

    def write_json(self, rel: str, data: Any, kind: str = "json") -> None:
        """Stage ``data`` as ``rel`` in deterministic JSON (see ``dumps``)."""
        self.write_text(rel, dumps(data), kind)

    def commit(self, checks: Any = None, **extra: Any) -> dict[str, Any]:
        """Move staged files into ``out_dir`` and write ``manifest.json``; returns the manifest."""
        from pnp import signals

        signals.check()  # a stop request a library swallowed: nothing is moved into place
        files = []
        for rel in sorted(self._files):
            digest = self._digests.get(rel)
            if digest is not None:
                size = (self._stage / rel).stat().st_size
            else:
                data = (self._stage / rel).read_bytes()
                digest, size = hashlib.sha256(data).hexdigest(), len(data)
            files.append({"path": rel, "kind": self._files[rel], "sha256": digest,
                          "bytes": size})
        manifest: dict[str, Any] = {"tool": "pnp", "version": __version__,
                                    "command": " ".join(self.command), "files": files}
        if self.seed is not None:
            manifest["seed"] = str(self.seed)
            manifest["seed_code"] = seed_code(self.seed)
        if checks is not None:
            manifest["checks"] = checks
        manifest.update(extra)
        (self._stage / "manifest.json").write_text(dumps(manifest), encoding="utf-8")
        from pnp.safe_io import inside

        previous = _previous_manifest(self.out_dir)
        targets = {rel: inside(self.out_dir, rel) for rel in [*self._files, "manifest.json"]}
        self.out_dir.mkdir(parents=True, exist_ok=True)
        for rel, target in targets.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self._stage / rel, target)
        # The folder is replaced as a whole: what a previous pnp run wrote here and this one
        # did not is removed (only files its manifest lists; nothing else is touched).
        _remove_stale(self.out_dir, previous, set(targets))
        self.discard()
        self.manifest = manifest
        return manifest

    def discard(self) -> None:
        """Remove the staging folder and whatever is still in it."""
        shutil.rmtree(self._stage, ignore_errors=True)
        self._lock.release()

    def explain(self, exc: OSError) -> str:
        """A write error as one line naming the output path (not the staging one)."""
        path = str(exc.filename) if exc.filename is not None else (
            str(self.out_dir / self._current) if self._current else str(self.out_dir))
        stage = str(self._stage)
        if path.startswith(stage):
            path = str(self.out_dir) + path[len(stage):]
        return f"cannot write {path}: {exc.strerror or exc}"

    def __enter__(self) -> Output:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.discard()
        if isinstance(exc, OSError):  # no space, read-only, permission: one line, the path
            raise PnpError(self.explain(exc)) from None


def _previous_manifest(out_dir: Path) -> dict[str, Any] | None:
    """The manifest a previous pnp run left in ``out_dir`` (None if there is none)."""
    try:
        data = json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("tool") == "pnp" else None


def _remove_stale(out_dir: Path, previous: dict[str, Any] | None, keep: set[str]) -> None:
    """Delete the regular files ``previous`` lists that are not in ``keep`` (never through a
    symbolic link, never outside ``out_dir``), then the folders that left empty."""
    from pnp.safe_io import inside

    if not previous or not isinstance(previous.get("files"), list):
        return
    folders: set[Path] = set()
    for entry in previous["files"]:
        rel = str(entry.get("path", "")) if isinstance(entry, dict) else ""
        parts = Path(rel).parts
        if not rel or rel in keep or Path(rel).is_absolute() or ".." in parts:
            continue
        try:
            target = inside(out_dir, rel)
        except PnpError:
            continue
        if target.is_file() and not target.is_symlink() and _unchanged(target, entry):
            target.unlink()
            folders.update(p for p in target.parents if out_dir in p.parents)
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()  # only when empty


def _unchanged(path: Path, entry: dict[str, Any]) -> bool:
    """Whether ``path`` is still what the manifest says pnp wrote (a file edited since stays)."""
    digest = entry.get("sha256")
    if not isinstance(digest, str):
        return True
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest() == digest
