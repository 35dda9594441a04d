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
grows past one render's files. Its files are hard links to the output's own where the file system
allows (no second copy on disk); ``index.json`` records each one's size, time and sha256 when
stored, so a face file edited by hand in the output folder (the same file) is seen as changed and
painted again, and the manifest's digests need not read the files. Files come from the cache
byte for byte as a fresh render writes them: the painters are deterministic, and anything they
read is in the digest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

from pnp import __version__
from pnp.layout.colours import is_colour
from pnp.layout.draw import Drawing, Group, Image, Item, TextBox

CACHE_DIR = ".pnp-cache"
INDEX = "index.json"  # what each cached file was when stored
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
        self.index: dict[str, tuple[Any, ...]] | None = None  # name -> size, time, sha256
        self._lock = threading.Lock()
        self._faces: dict[int, tuple[Drawing, bytes]] = {}  # face digests by identity
        self.begin()

    def begin(self) -> None:
        """A new render: nothing used yet (the memo and digests stay)."""
        if len(self._faces) > 2 * MEMO_LIMIT:
            self._faces.clear()
        self.used: set[str] = set()
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

    def _load_index(self) -> None:
        """What each cached file was when stored: size, time and sha256 (read once)."""
        if self.index is not None:
            return
        self.index = {}
        try:
            data = json.loads((self.folder / INDEX).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict):
            self.index = {k: tuple(v) for k, v in data.items()
                          if isinstance(v, list) and len(v) == 3}

    def _valid(self, name: str) -> str | None:
        """The sha256 of cached file ``name`` if it is still what was stored (a face file
        edited in place in the output folder, which shares it, no longer is), else None."""
        self._load_index()
        assert self.index is not None
        entry = self.index.get(name)
        if entry is None:
            return None
        try:
            st = os.stat(self._path(name))
        except OSError:
            return None
        if (st.st_size, st.st_mtime_ns) != tuple(entry[:2]):
            return None
        return str(entry[2])

    def _stamp(self, name: str, sha256: str) -> None:
        st = os.stat(self._path(name))
        assert self.index is not None
        self.index[name] = (st.st_size, st.st_mtime_ns, sha256)

    def read(self, name: str) -> bytes | None:
        """The cached file ``name``'s bytes (marked used), or None."""
        if self._valid(name) is None:
            return None
        try:
            data = self._path(name).read_bytes()
        except OSError:
            return None
        self.used.add(name)
        return data

    def copy_to(self, name: str, to: Path) -> str | None:
        """Put the cached file ``name`` at ``to`` (a hard link, else a copy) and return its
        sha256; None if there is no such file (or it changed since it was stored)."""
        sha256 = self._valid(name)
        if sha256 is None:
            return None
        try:
            try:
                os.link(self._path(name), to)
            except OSError:
                shutil.copyfile(self._path(name), to)
        except OSError:
            return None
        self.used.add(name)
        return sha256

    def store_file(self, name: str, src: Path) -> str:
        """Keep the file at ``src`` as ``name`` (linked where possible, never half-written);
        its sha256."""
        data = src.read_bytes()
        sha256 = hashlib.sha256(data).hexdigest()
        self.used.add(name)
        if self._valid(name) == sha256:
            return sha256
        tmp = self.folder / f".{name}.tmp"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            try:
                os.link(src, tmp)
            except OSError:
                tmp.write_bytes(data)
            os.replace(tmp, self._path(name))
            self._stamp(name, sha256)
        except OSError:  # a cache that cannot be written only costs time
            with contextlib.suppress(OSError):
                tmp.unlink()
        return sha256

    def store_bytes(self, name: str, data: bytes) -> None:
        """Keep ``data`` as ``name`` (written whole, then moved into place)."""
        with self._lock:  # also called from a worker pool's thread (a finished TTS sheet)
            self.used.add(name)
            sha256 = hashlib.sha256(data).hexdigest()
            if self._valid(name) == sha256:
                return
            tmp = self.folder / f".{name}.tmp"
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                tmp.write_bytes(data)
                os.replace(tmp, self._path(name))
                self._stamp(name, sha256)
            except OSError:
                with contextlib.suppress(OSError):
                    tmp.unlink()

    def prune(self) -> None:
        """Remove every cached file this render did not use (and any leftover temporary), and
        write the index of what is left."""
        with self._lock:
            self._load_index()
            try:
                names = os.listdir(self.folder)
            except OSError:
                return
            for name in names:
                if name not in self.used and name != INDEX:
                    with contextlib.suppress(OSError):
                        (self.folder / name).unlink()
            assert self.index is not None
            self.index = {k: v for k, v in self.index.items() if k in self.used}
            tmp = self.folder / f".{INDEX}.tmp"
            try:
                tmp.write_text(json.dumps(self.index, sort_keys=True), encoding="utf-8")
                os.replace(tmp, self.folder / INDEX)
            except OSError:
                with contextlib.suppress(OSError):
                    tmp.unlink()
