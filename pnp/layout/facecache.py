"""What a watched render keeps between two renders, so that one edited card costs one card.

Two things are kept:

- **Drawings** (in memory, for the life of the watching process): a card's faces, by what they
  are made of (the layout, the card's columns, its place in the deck). A card that did not change
  is not laid out again.
- **Face files** (on disk, in the output folder's ``.pnp-cache/``): the SVG, the PNG and the
  Tabletop Simulator picture of each distinct face, and each TTS sheet, by a digest of what they
  draw (the drawing, the bytes of every image it places, the resolution, the pnp version). A face
  whose digest is in the cache is not painted again: its file is linked from the cache.

The cache holds what the last successful render used and nothing more (``prune``), so it never
grows past one render's files; its files are hard links to the output's own where the file system
allows (no second copy on disk). Files come from the cache byte for byte as a fresh render writes
them: the painters are deterministic, and anything they read is in the digest.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

from pnp import __version__
from pnp.layout.colours import is_colour
from pnp.layout.draw import Drawing, Group, Image, Item, TextBox

CACHE_DIR = ".pnp-cache"
MEMO_LIMIT = 50_000  # cards kept in memory (a few KB each)
T = TypeVar("T")


class DrawingMemo:
    """Cards already laid out (kept between renders while their layout stays the same)."""

    def __init__(self) -> None:
        self.setting: str | None = None
        self.pair: Any = None
        self.faces: dict[Any, Any] = {}
        self.hits = 0

    def renderers(self, setting: str, make: Callable[[], T]) -> T:
        """The renderers of ``setting`` (the layout and all a face depends on besides its
        card): the same objects while it stays the same; a new setting forgets every face."""
        if setting != self.setting:
            self.setting, self.pair = setting, make()
            self.faces.clear()
        return cast(T, self.pair)

    def get(self, key: Any) -> Any:
        found = self.faces.get(key)
        if found is not None:
            self.hits += 1
        return found

    def put(self, key: Any, value: Any) -> None:
        if len(self.faces) >= MEMO_LIMIT:
            self.faces.clear()  # a deck larger than the memo: start again rather than grow
        self.faces[key] = value


def _images(items: tuple[Item, ...]) -> Iterator[str]:
    """The files a face's items place: images, and the pictures of inline icons."""
    for item in items:
        if isinstance(item, Image):
            yield item.path
        elif isinstance(item, TextBox):
            yield from (value for name, value in item.icons
                        if f":{name}:" in item.text and not is_colour(value))
        elif isinstance(item, Group):
            yield from _images(item.items)


class FaceCache:
    """Face files by digest in ``<out>/.pnp-cache``; see the module's docstring."""

    def __init__(self, out_dir: str | Path):
        self.folder = Path(out_dir) / CACHE_DIR
        self.memo = DrawingMemo()
        self._file_digests: dict[tuple[str, int, int], bytes] = {}
        self.sha256: dict[str, str] = {}  # cached file -> sha256 of its bytes (for manifests)
        self._faces: dict[int, tuple[Drawing, bytes]] = {}  # face digests by identity
        self.begin()

    def begin(self) -> None:
        """A new render: nothing used, stored or reused yet (the memo and digests stay)."""
        if len(self._faces) > 2 * MEMO_LIMIT:
            self._faces.clear()
        self.used: set[str] = set()
        self.stored = 0
        self.reused = 0
        self.memo.hits = 0

    def _file_digest(self, path: str) -> bytes:
        """The digest of a placed file's bytes (read once per version of the file)."""
        try:
            st = os.stat(path)
        except OSError:
            return b"missing"
        key = (path, st.st_mtime_ns, st.st_size)
        digest = self._file_digests.get(key)
        if digest is None:
            h = hashlib.blake2b(digest_size=16)
            with open(path, "rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    h.update(block)
            digest = self._file_digests[key] = h.digest()
        return digest

    def digest(self, face: Drawing, make: Callable[[Drawing], bytes]) -> bytes:
        """``make(face)``, once per face object (the memo hands back the same objects)."""
        found = self._faces.get(id(face))
        if found is not None and found[0] is face:
            return found[1]
        digest = make(face)
        self._faces[id(face)] = (face, digest)  # holding the face keeps its id from reuse
        return digest

    def file_sha256(self, name: str) -> str:
        """The sha256 of cached file ``name`` (read once per process)."""
        digest = self.sha256.get(name)
        if digest is None:
            digest = self.sha256[name] = hashlib.sha256(self._path(name).read_bytes()).hexdigest()
        return digest

    def face_key(self, face_digest: bytes, face: Drawing) -> str:
        """The digest of a face's files: what it draws, the images it places, the pnp version."""
        h = hashlib.blake2b(face_digest, digest_size=16)
        h.update(__version__.encode())
        for path in sorted(set(_images(face.items))):
            h.update(path.encode("utf-8", "surrogateescape"))
            h.update(self._file_digest(path))
        return h.hexdigest()

    @staticmethod
    def data_key(*parts: bytes | str) -> str:
        """The digest of a file made from ``parts`` alone (a TTS sheet from its pictures)."""
        h = hashlib.blake2b(__version__.encode(), digest_size=16)
        for part in parts:
            data = part.encode() if isinstance(part, str) else part
            h.update(len(data).to_bytes(8, "little"))
            h.update(data)
        return h.hexdigest()

    def _path(self, name: str) -> Path:
        return self.folder / name

    def has(self, name: str) -> bool:
        return self._path(name).is_file()

    def read(self, name: str) -> bytes | None:
        """The cached file ``name``'s bytes (marked used), or None."""
        try:
            data = self._path(name).read_bytes()
        except OSError:
            return None
        self.used.add(name)
        self.reused += 1
        return data

    def link(self, name: str, to: Path) -> bool:
        """Put the cached file ``name`` at ``to`` (a hard link, else a copy); False if absent."""
        src = self._path(name)
        try:
            try:
                os.link(src, to)
            except OSError:
                if not src.is_file():
                    return False
                shutil.copyfile(src, to)
        except OSError:
            return False
        self.used.add(name)
        self.reused += 1
        return True

    def store_file(self, name: str, src: Path) -> None:
        """Keep the file at ``src`` as ``name`` (linked where possible; never half-written)."""
        self.used.add(name)
        target = self._path(name)
        if target.is_file():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f".{name}.tmp"
        try:
            try:
                os.link(src, tmp)
            except OSError:
                shutil.copyfile(src, tmp)
            os.replace(tmp, target)
            self.stored += 1
        except OSError:  # a cache that cannot be written only costs time
            with contextlib.suppress(OSError):
                tmp.unlink()

    def store_bytes(self, name: str, data: bytes) -> None:
        """Keep ``data`` as ``name`` (written whole, then moved into place)."""
        self.used.add(name)
        target = self._path(name)
        if target.is_file():
            return
        tmp = self.folder / f".{name}.tmp"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(data)
            os.replace(tmp, target)
            self.stored += 1
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()

    def prune(self) -> None:
        """Remove every cached file this render did not use (and any leftover temporary)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name not in self.used:
                with contextlib.suppress(OSError):
                    (self.folder / name).unlink()
