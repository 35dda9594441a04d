"""Tabletop Simulator decks: card faces on sheets of at most 10 x 7 cards and 4096 px a side,
plus the saved-object JSON (a ``DeckCustom`` of ``Card`` objects) that points at them.

Decks larger than one sheet are split over several sheets, one ``CustomDeck`` entry each.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing, Group, Rect
from pnp.layout.marks import rect_points

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


def _transform(x: float = 0.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def saved_object(sheets: Sequence[DeckSheet], face_urls: Sequence[str],
                 back_urls: Sequence[str], cards: Sequence[tuple[int, str]], *,
                 nickname: str = "", unique_back: bool = False, x: float = 0.0,
                 first_deck_id: int = 1) -> dict:
    """One deck (or one card) object for the saved-object JSON.

    ``cards`` lists the deck from top to bottom as (slot index over all sheets, name); copies
    repeat a slot. Sheet ``s`` is ``CustomDeck`` ``first_deck_id + s`` and its slot ``i`` is
    card id ``deck_id * 100 + i``.
    """
    per_sheet = MAX_COLS * MAX_ROWS
    custom = {}
    for s, sheet in enumerate(sheets):
        custom[str(first_deck_id + s)] = {
            "FaceURL": face_urls[s], "BackURL": back_urls[s if unique_back else 0],
            "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": unique_back, "Type": 0}
    objects = []
    for slot, name in cards:
        s, i = divmod(slot, per_sheet)
        deck_id = first_deck_id + s
        objects.append({"Name": "Card", "Nickname": name, "CardID": deck_id * 100 + i,
                        "CustomDeck": {str(deck_id): custom[str(deck_id)]},
                        "Transform": _transform(x)})
    if len(objects) == 1:  # Tabletop Simulator has no one-card decks: it is a card
        return dict(objects[0], Nickname=objects[0]["Nickname"] or nickname)
    return {"Name": "DeckCustom", "Nickname": nickname, "Transform": _transform(x),
            "DeckIDs": [o["CardID"] for o in objects], "CustomDeck": custom,
            "ContainedObjects": objects}


def saved_object_json(objects: Iterable[dict]) -> str:
    """The saved-object file text (sorted keys, stable bytes)."""
    return json.dumps({"ObjectStates": list(objects)}, sort_keys=True, indent=2,
                       ensure_ascii=False) + "\n"


def _trim_only(face: Drawing) -> Drawing:
    # A Tabletop Simulator card is the trimmed card: no bleed on screen.
    clip = rect_points(0.0, 0.0, face.width, face.height)
    return Drawing(face.width, face.height, (Group(items=face.items, clip=clip),), 0.0,
                   None, face.name)


def _plain_back(size: tuple[float, float]) -> Drawing:
    return Drawing(size[0], size[1], (Rect(0, 0, size[0], size[1], fill=BACK_FILL,
                                           stroke=None),), name="back")


@dataclass(frozen=True)
class TTSDeck:
    """Files to write (name -> bytes, saved-object JSON included) for one or more decks."""

    files: dict[str, bytes]
    json_name: str


def tts_deck(components: Iterable[Component], name: str = "deck", *, dpi: float = DEFAULT_DPI,
             fmt: str = "jpg", url_prefix: str = "") -> TTSDeck:
    """Sheets, backs and saved-object JSON for components; one deck per card size.

    Image URLs are ``url_prefix`` + file name (relative names by default: point them at where
    the files are hosted, e.g. ``file:///path/to/out/``).
    """
    from pnp.layout.raster import drawing_to_png

    comps = [c for c in components if c.count > 0]
    if not comps:
        raise PnpError("no cards for the Tabletop Simulator deck", field="tts")
    groups: dict[tuple[float, float], list[Component]] = {}
    for c in comps:
        groups.setdefault((round(c.front.width, 4), round(c.front.height, 4)), []).append(c)
    files: dict[str, bytes] = {}
    objects = []
    rendered: dict[Drawing, bytes] = {}

    def png(d: Drawing) -> bytes:
        if d not in rendered:
            rendered[d] = drawing_to_png(_trim_only(d), dpi)
        return rendered[d]

    next_id = 1
    for g, (size, group) in enumerate(groups.items()):
        stem = name if len(groups) == 1 else f"{name}-{g + 1}"
        backs = [c.back or _plain_back(size) for c in group]
        unique_back = len(set(backs)) > 1
        # distinct (front, back) pairs take one slot each; copies share it
        slots: dict[tuple[Drawing, Drawing], int] = {}
        cards: list[tuple[int, str]] = []
        for c, back in zip(group, backs, strict=True):
            key = (c.front, back if unique_back else backs[0])
            slot = slots.setdefault(key, len(slots))
            cards += [(slot, c.name or c.front.name)] * c.count
        pairs = list(slots)
        sheets = deck_sheets([png(f) for f, _ in pairs], fmt=fmt)
        face_urls, back_urls = [], []
        per = MAX_COLS * MAX_ROWS
        for s, sheet in enumerate(sheets):
            number = str(s + 1) if len(sheets) > 1 else ""
            fname = f"{stem}-sheet{number}.{sheet.ext}"
            files[fname] = sheet.data
            face_urls.append(url_prefix + fname)
            if unique_back:  # a back sheet in the same grid, slot for slot
                chunk = [png(b) for _, b in pairs[s * per:(s + 1) * per]]
                fname = f"{stem}-backs{number}.{sheet.ext}"
                files[fname] = deck_sheets(chunk, sheet.card_px, fmt=fmt)[0].data
                back_urls.append(url_prefix + fname)
        if not unique_back:
            back_im = _image(png(backs[0])).resize(sheets[0].card_px,
                                                   PILImage.Resampling.LANCZOS)
            fname = f"{stem}-back.{sheets[0].ext}"
            files[fname] = _encode(back_im, fmt, 90)
            back_urls.append(url_prefix + fname)
        objects.append(saved_object(sheets, face_urls, back_urls, cards, nickname=stem,
                                    unique_back=unique_back, x=3.0 * g, first_deck_id=next_id))
        next_id += len(sheets)
    json_name = f"{name}.json"
    files[json_name] = saved_object_json(objects).encode("utf-8")
    return TTSDeck(files, json_name)
