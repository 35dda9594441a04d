"""Tabletop Simulator decks: card faces on sheets of at most 10 x 7 cards and 4096 px a side,
plus the saved-object JSON (a ``DeckCustom`` of ``Card`` objects) that points at them.

Decks larger than one sheet are split over several sheets, one ``CustomDeck`` entry each.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing, Group, Rect
from pnp.layout.marks import rect_points
from pnp.layout.sizes import pixel_size

MAX_COLS, MAX_ROWS = 10, 7   # Tabletop Simulator's largest deck sheet grid
MAX_PX = 4096                # largest sheet side Tabletop Simulator loads reliably
DEFAULT_DPI = 150.0          # card faces: 375 x 525 px for poker, sharp enough on screen
BACK_FILL = "#3a3a3a"        # the back used when a component has none

Face = bytes | PILImage.Image


@dataclass(frozen=True)
class DeckSheet:
    """One sheet image: ``cols`` x ``rows`` slots of ``card_px``, the first ``count`` used."""

    data: bytes
    ext: str                  # "jpg" or "png"
    cols: int
    rows: int
    count: int
    card_px: tuple[int, int]

    @property
    def size_px(self) -> tuple[int, int]:
        return (self.cols * self.card_px[0], self.rows * self.card_px[1])


def _image(face: Face) -> PILImage.Image:
    if isinstance(face, PILImage.Image):
        return face.convert("RGB")
    try:
        with PILImage.open(io.BytesIO(face)) as im:
            return im.convert("RGB")
    except OSError as exc:
        raise PnpError(f"cannot read card image: {exc}", field="image") from None


def sheet_grid(n: int) -> tuple[int, int]:
    """Columns and rows for ``n`` cards on one sheet (at least 2 x 2, at most 10 x 7)."""
    if not 1 <= n <= MAX_COLS * MAX_ROWS:
        raise PnpError(f"a sheet holds 1 to {MAX_COLS * MAX_ROWS} cards, not {n}", field="tts")
    cols = min(MAX_COLS, max(2, n))
    return cols, max(2, math.ceil(n / cols))


def card_size_for(card_px: tuple[int, int], cols: int, rows: int) -> tuple[int, int]:
    """The card size (px), scaled down when needed so the sheet stays within MAX_PX a side."""
    cw, ch = card_px
    scale = min(1.0, MAX_PX / (cols * cw), MAX_PX / (rows * ch))
    return max(1, math.floor(cw * scale)), max(1, math.floor(ch * scale))


def _encode(image: PILImage.Image, fmt: str, quality: int) -> bytes:
    out = io.BytesIO()
    if image.mode != "RGB" and fmt != "jpg":  # JPEG takes RGBX rows as they are
        image = image.convert("RGB")
    if fmt == "jpg":
        # Fixed settings, no EXIF: same pixels give the same bytes.
        image.save(out, "JPEG", quality=quality, optimize=False, progressive=False,
                   subsampling=0)
    else:
        image.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()


def deck_sheets(faces: Sequence[Face], card_px: tuple[int, int] | None = None, *,
                fmt: str = "jpg", quality: int = 90) -> list[DeckSheet]:
    """Grid sheets of the faces, in order: <= 10 x 7 cards and <= 4096 px a side each, RGB.

    ``card_px`` is the slot size before any scaling (default: the first face's size); every
    face is resized to the slot. More than 70 faces go on several sheets.
    """
    if fmt not in ("jpg", "png"):
        raise PnpError(f"unknown sheet format {fmt!r} (use jpg or png)", field="format")
    if not faces:
        raise PnpError("no card faces for the Tabletop Simulator sheet", field="tts")
    per_sheet = MAX_COLS * MAX_ROWS
    chunks = [faces[i:i + per_sheet] for i in range(0, len(faces), per_sheet)]
    base = card_px or _image(faces[0]).size
    sheets = []
    for chunk in chunks:
        cols, rows = sheet_grid(len(chunk))
        # One slot size for the whole deck, so cards from different sheets match in play.
        grid = (MAX_COLS, MAX_ROWS) if len(chunks) > 1 else (cols, rows)
        cw, ch = card_size_for(base, *grid)
        sheet = PILImage.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
        for k, face in enumerate(chunk):
            im = _image(face)
            if im.size != (cw, ch):
                im = im.resize((cw, ch), PILImage.Resampling.LANCZOS)
            sheet.paste(im, ((k % cols) * cw, (k // cols) * ch))
        sheets.append(DeckSheet(_encode(sheet, fmt, quality), fmt, cols, rows, len(chunk),
                                (cw, ch)))
    return sheets


_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


def _transform(x: float = 0.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def guid(*parts: object) -> str:
    """A stable six-hex-digit object GUID, as Tabletop Simulator writes them."""
    data = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return hashlib.blake2b(data, digest_size=3).hexdigest()


def _object(name: str, nickname: str, x: float, guid_: str, **fields: object) -> dict:
    """An object with every field Tabletop Simulator writes in its own saves."""
    return {"GUID": guid_, "Name": name, "Transform": _transform(x), "Nickname": nickname,
            "Description": "", "GMNotes": "", "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
            "ColorDiffuse": dict(_GREY), "LayoutGroupSortIndex": 0, "Value": 0,
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": True, "Hands": name == "Card", "SidewaysCard": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", **fields}


def saved_object(sheets: Sequence[DeckSheet], face_urls: Sequence[str],
                 back_urls: Sequence[str], cards: Sequence[tuple[int, str]], *,
                 nickname: str = "", unique_back: bool = False, x: float = 0.0,
                 first_deck_id: int = 1) -> dict:
    """One deck (or one card) object for the saved-object JSON.

    ``cards`` lists the deck from top to bottom as (slot index over all sheets, name); copies
    repeat a slot. Sheet ``s`` is ``CustomDeck`` ``first_deck_id + s`` and its slot ``i`` is
    card id ``deck_id * 100 + i``. Cards go to players' hands (``Hands``); GUIDs are derived
    from the deck name and position, so the same deck always gets the same ones.
    """
    per_sheet = MAX_COLS * MAX_ROWS
    custom = {}
    for s, sheet in enumerate(sheets):
        custom[str(first_deck_id + s)] = {
            "FaceURL": face_urls[s], "BackURL": back_urls[s if unique_back else 0],
            "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": unique_back, "Type": 0}
    objects = []
    for k, (slot, name) in enumerate(cards):
        s, i = divmod(slot, per_sheet)
        deck_id = first_deck_id + s
        objects.append(_object("Card", name, x, guid(nickname, first_deck_id, "card", k),
                               CardID=deck_id * 100 + i,
                               CustomDeck={str(deck_id): custom[str(deck_id)]}))
    if len(objects) == 1:  # Tabletop Simulator has no one-card decks: it is a card
        return dict(objects[0], Nickname=objects[0]["Nickname"] or nickname)
    return _object("DeckCustom", nickname, x, guid(nickname, first_deck_id, "deck"),
                   DeckIDs=[o["CardID"] for o in objects], CustomDeck=custom,
                   ContainedObjects=objects)


def saved_object_json(objects: Iterable[dict]) -> str:
    """The saved-object file text (sorted keys, stable bytes), with the fields of the save
    file Tabletop Simulator itself writes to its Saved Objects folder."""
    save = {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": list(objects)}
    return json.dumps(save, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _trim_only(face: Drawing) -> Drawing:
    # A Tabletop Simulator card is the trimmed card: no bleed on screen.
    clip = rect_points(0.0, 0.0, face.width, face.height)
    return Drawing(face.width, face.height, (Group(items=face.items, clip=clip),), 0.0,
                   None, face.name)


def plain_back(size: tuple[float, float]) -> Drawing:
    """The back used when a component has none."""
    return Drawing(size[0], size[1], (Rect(0, 0, size[0], size[1], fill=BACK_FILL,
                                           stroke=None),), name="back")


@dataclass(frozen=True)
class TTSDeck:
    """Files to write (name -> bytes, saved-object JSON included) for one or more decks."""

    files: dict[str, bytes]
    json_name: str


Emit = Callable[[str, Any], None]  # a file's name and its bytes (or what ``compose`` made)


@dataclass(frozen=True)
class SheetJob:
    """A sheet image to make: ``pictures`` (packed RGBX of ``picture`` px each) in order on a
    ``cols`` x ``rows`` grid of ``card_px`` slots, encoded as ``fmt``."""

    picture: tuple[int, int]
    pictures: list[bytes]
    cols: int
    rows: int
    card_px: tuple[int, int]
    fmt: str
    quality: int


PICTURE_MODE = "RGBX"  # a picture's pixels: 4 bytes each, the fourth ignored


def pack_picture(rgbx: bytes | memoryview) -> bytes:
    """A trimmed face picture as it travels from a worker and waits for its sheet: its raw
    RGBX (as the painter leaves it and as Pillow holds RGB: no repacking on either side)
    deflated by ISA-L level 1. A 150 dpi poker card is 790 KB raw and ~30 KB packed, where
    moving the raw bytes through the workers' pipes cost ~3 ms of CPU a picture (bench_render)."""
    from isal import isal_zlib

    return isal_zlib.compress(rgbx, 1)


def unpack_picture(data: bytes) -> bytes:
    """The raw RGBX of a packed picture."""
    from isal import isal_zlib

    return isal_zlib.decompress(data)


def picture_image(size: tuple[int, int], data: bytes) -> PILImage.Image:
    """A packed picture as an RGB Pillow image."""
    return PILImage.frombytes("RGB", size, unpack_picture(data), "raw", PICTURE_MODE)


def compose_sheet(job: SheetJob) -> bytes:
    """The encoded sheet image of ``job`` (pure: the same job gives the same bytes anywhere,
    so it may run on a worker process)."""
    import numpy as np

    cw, ch = job.card_px
    # Each picture is inflated straight into its slot of an RGBX sheet, which Pillow then
    # encodes in place: no image object, paste or RGB repacking per picture.
    sheet = np.full((job.rows * ch, job.cols * cw, 4), 255, np.uint8)
    for k, picture in enumerate(job.pictures):
        if job.picture == (cw, ch):
            pixels = np.frombuffer(unpack_picture(picture), np.uint8).reshape(ch, cw, 4)
        else:
            im = picture_image(job.picture, picture).resize((cw, ch),
                                                             PILImage.Resampling.LANCZOS)
            pixels = np.asarray(im.convert(PICTURE_MODE))
        y, x = (k // job.cols) * ch, (k % job.cols) * cw
        sheet[y:y + ch, x:x + cw] = pixels
    image = PILImage.frombuffer(PICTURE_MODE, (job.cols * cw, job.rows * ch), sheet, "raw",
                                PICTURE_MODE, 0, 1)
    return _encode(image, job.fmt, job.quality)


class _Group:
    """One deck (one card size): slots, cards, and the sheets written so far."""

    def __init__(self, stem: str, picture: tuple[int, int]):
        self.stem = stem
        self.picture = picture                      # px of a trimmed face before any scaling
        self.slots: dict[tuple[bytes, bytes], int] = {}
        self.cards: list[tuple[int, str]] = []
        self.pending: list[tuple[bytes, bytes]] = []  # (front picture, back digest) to place
        self.backs: dict[bytes, bytes] = {}         # back digest -> picture, for pending slots
        self.first_back: tuple[bytes, bytes] | None = None  # (digest, picture)
        self.distinct_backs: set[bytes] = set()
        self.sheets: list[DeckSheet] = []
        self.back_sheets: list[bytes | None] = []  # None: every slot has the first back


class TTSBuilder:
    """Builds the Tabletop Simulator decks card by card, writing each sheet once it is full.

    ``claim`` records a card and says whether its (front, back) pair is new; a new pair's
    pictures (RGBX of ``picture_size``, trimmed, packed by ``pack_picture``) are then given to
    ``fill``, in the same
    order. Only the sheet being filled is held in memory (plus the first 70 slots, until it is
    known whether the deck needs more than one sheet).
    """

    def __init__(self, name: str, emit: Emit, *, fmt: str = "jpg", url_prefix: str = "",
                 dpi: float = DEFAULT_DPI, quality: int = 90,
                 compose: Callable[[SheetJob], Any] = compose_sheet):
        self.name, self.emit, self.fmt, self.url = name, emit, fmt, url_prefix
        self.compose = compose  # makes a sheet's image (the caller may run it elsewhere)
        self.dpi, self.quality = dpi, quality
        self.groups: dict[tuple[float, float], _Group] = {}

    def picture_size(self, face: Drawing) -> tuple[int, int]:
        """Pixels of a face's trimmed picture."""
        return pixel_size(face.width, face.height, self.dpi)

    def claim(self, face: Drawing, front: bytes, back: bytes, count: int, name: str) -> bool:
        """Record ``count`` copies of a card; True when its (front, back) pair needs a slot."""
        key = (round(face.width, 4), round(face.height, 4))
        group = self.groups.get(key)
        if group is None:
            # The first size keeps the deck's name; more sizes are name-2, name-3, ...
            stem = self.name if not self.groups else f"{self.name}-{len(self.groups) + 1}"
            group = self.groups[key] = _Group(stem, self.picture_size(face))
        slot = group.slots.get((front, back))
        new = slot is None
        if slot is None:
            slot = group.slots[(front, back)] = len(group.slots)
        group.cards += [(slot, name)] * count
        return new

    def fill(self, face: Drawing, front_picture: bytes, back: bytes,
             back_picture: bytes) -> None:
        """The pictures of the next new slot of ``face``'s size."""
        group = self.groups[(round(face.width, 4), round(face.height, 4))]
        group.pending.append((front_picture, back))
        group.backs.setdefault(back, back_picture)
        group.distinct_backs.add(back)
        if group.first_back is None:
            group.first_back = (back, back_picture)
        per = MAX_COLS * MAX_ROWS
        if len(group.pending) > per:  # a second sheet: the first is full, with the 10 x 7 grid
            self._flush(group, group.pending[:per], many=True)
            group.pending = group.pending[per:]
            self._drop_placed(group)

    def _image(self, group: _Group, picture: bytes) -> PILImage.Image:
        return picture_image(group.picture, picture)

    def _sheet(self, group: _Group, pictures: Sequence[bytes],
               many: bool) -> tuple[DeckSheet, Any]:
        """The sheet's grid (no data) and what ``compose`` made of its pictures."""
        cols, rows = sheet_grid(len(pictures))
        grid = (MAX_COLS, MAX_ROWS) if many else (cols, rows)
        cw, ch = card_size_for(group.picture, *grid)
        data = self.compose(SheetJob(group.picture, list(pictures), cols, rows, (cw, ch),
                                     self.fmt, self.quality))
        return DeckSheet(b"", self.fmt, cols, rows, len(pictures), (cw, ch)), data

    def _flush(self, group: _Group, chunk: list[tuple[bytes, bytes]], many: bool) -> None:
        number = str(len(group.sheets) + 1) if many else ""
        sheet, data = self._sheet(group, [f for f, _ in chunk], many)
        self.emit(f"{group.stem}-sheet{number}.{self.fmt}", data)
        group.sheets.append(sheet)
        if len(group.distinct_backs) > 1:
            self.emit(f"{group.stem}-backs{number}.{self.fmt}",
                      self._sheet(group, [group.backs[b] for _, b in chunk], many)[1])
            group.back_sheets.append(b"")
        else:
            group.back_sheets.append(None)  # written at the end if other backs turn up


    def _drop_placed(self, group: _Group) -> None:
        # Only the backs of slots still to place (and the first back) are kept.
        keep = {b for _, b in group.pending}
        group.backs = {k: v for k, v in group.backs.items()
                       if k in keep or (group.first_back and k == group.first_back[0])}

    def finish(self) -> list[dict]:
        """Write the last sheets and the backs; the saved objects, one per deck."""
        objects = []
        next_id = 1
        for g, group in enumerate(self.groups.values()):
            many = bool(group.sheets)
            if group.pending:
                self._flush(group, group.pending, many)
            unique_back = len(group.distinct_backs) > 1
            assert group.first_back is not None
            face_urls, back_urls = [], []
            for s, sheet in enumerate(group.sheets):
                number = str(s + 1) if many else ""
                face_urls.append(f"{self.url}{group.stem}-sheet{number}.{self.fmt}")
                if not unique_back:
                    continue
                fname = f"{group.stem}-backs{number}.{self.fmt}"
                if group.back_sheets[s] is None:  # every slot of it has the first back
                    pictures = [group.first_back[1]] * sheet.count
                    self.emit(fname, self._sheet(group, pictures, many)[1])
                back_urls.append(self.url + fname)
            if not unique_back:
                im = self._image(group, group.first_back[1])
                card_px = group.sheets[0].card_px
                if im.size != card_px:
                    im = im.resize(card_px, PILImage.Resampling.LANCZOS)
                fname = f"{group.stem}-back.{self.fmt}"
                self.emit(fname, _encode(im, self.fmt, self.quality))
                back_urls.append(self.url + fname)
            objects.append(saved_object(group.sheets, face_urls, back_urls, group.cards,
                                        nickname=group.stem, unique_back=unique_back,
                                        x=3.0 * g, first_deck_id=next_id))
            next_id += len(group.sheets)
        return objects


def face_key(face: Drawing) -> bytes:
    """Identifies what a face looks like (its name is left out: two backs that look alike are
    one back)."""
    key = repr((face.width, face.height, face.bleed, face.outline, face.items))
    return hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()


LOCAL = "local"  # --tts-url local: absolute file:/// links to the output's tts/ folder


def sheet_url(value: str, out_dir: str | Path) -> str:
    """What goes before each sheet name in the saved object: ``value`` as given, or for
    ``local`` the ``file:///`` address of ``out_dir/tts/`` (names alone load blank cards in
    Tabletop Simulator, which looks them up as web addresses)."""
    if value.strip().lower() != LOCAL:
        return value
    return (Path(out_dir).resolve() / "tts").as_uri() + "/"


def is_card_deck(components: Sequence[Component]) -> bool:
    """Rectangular components (cards, square tiles): a Tabletop Simulator deck shows each as a
    rectangle, so shaped ones (hex tiles) are left out."""
    return bool(components) and all(c.front.outline is None for c in components)


def tts_deck(components: Iterable[Component], name: str = "deck", *, dpi: float = DEFAULT_DPI,
             fmt: str = "jpg", url_prefix: str = "") -> TTSDeck:
    """Sheets, backs and saved-object JSON for components; one deck per card size.

    Image URLs are ``url_prefix`` + file name (relative names by default: point them at where
    the files are hosted, e.g. ``file:///path/to/out/``).
    """
    from pnp.layout.paint import face_picture_rgbx

    files: dict[str, bytes] = {}
    builder = TTSBuilder(name, files.__setitem__, fmt=fmt, url_prefix=url_prefix, dpi=dpi)
    pictures: dict[bytes, bytes] = {}

    def picture(face: Drawing, key: bytes) -> bytes:
        if key not in pictures:
            pictures[key] = pack_picture(face_picture_rgbx(face, builder.picture_size(face)))
        return pictures[key]

    for c in components:
        if c.count <= 0:
            continue
        back = c.back or plain_back((c.front.width, c.front.height))
        fk, bk = face_key(c.front), face_key(back)
        if builder.claim(c.front, fk, bk, c.count, c.name or c.front.name):
            builder.fill(c.front, picture(c.front, fk), bk, picture(back, bk))
    if not builder.groups:
        raise PnpError("no cards for the Tabletop Simulator deck", field="tts")
    json_name = f"{name}.json"
    files[json_name] = saved_object_json(builder.finish()).encode("utf-8")
    return TTSDeck(files, json_name)
