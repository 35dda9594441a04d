"""Writing an output folder: every file staged first, then moved in, with a manifest.

A failed run leaves no half-written file: files are written into a hidden staging folder next
to the output folder and only moved into place (``os.replace``, atomic per file) once every file
has been written. ``manifest.json`` lists each file with its kind and sha256.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from pnp import __version__
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
        self.out_dir.parent.mkdir(parents=True, exist_ok=True)
        self._stage = Path(tempfile.mkdtemp(prefix=f".{self.out_dir.name}.",
                                            dir=self.out_dir.parent))
        self._files: dict[str, str] = {}
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
        p = self._stage / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        return p

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
        files = []
        for rel in sorted(self._files):
            data = (self._stage / rel).read_bytes()
            files.append({"path": rel, "kind": self._files[rel],
                          "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)})
        manifest: dict[str, Any] = {"tool": "pnp", "version": __version__,
                                    "command": " ".join(self.command), "files": files}
        if self.seed is not None:
            manifest["seed"] = str(self.seed)
            manifest["seed_code"] = seed_code(self.seed)
        if checks is not None:
            manifest["checks"] = checks
        manifest.update(extra)
        (self._stage / "manifest.json").write_text(dumps(manifest), encoding="utf-8")
        self.out_dir.mkdir(parents=True, exist_ok=True)
        for rel in [*self._files, "manifest.json"]:
            target = self.out_dir / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self._stage / rel, target)
        self.discard()
        self.manifest = manifest
        return manifest

    def discard(self) -> None:
        """Remove the staging folder and whatever is still in it."""
        shutil.rmtree(self._stage, ignore_errors=True)

    def __enter__(self) -> Output:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.discard()
