"""Layout values -> drawing-primitive arguments: numbers, colours, fonts, images, icons.

Every failure is a PnpError naming the layout file and line, the attribute, and the card.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.colours import is_colour, parse_colour
from pnp.layout.draw import Align, Circle, Group, Image, Rect, TextBox, VAlign
from pnp.layout.draw import Path as PathItem

FONTS = ("Vera", "Vera-Bold", "Vera-Italic", "Vera-BoldItalic")
NUMBERS = {"x", "y", "w", "h", "cx", "cy", "r", "size", "min_size", "leading", "rotate",
           "stroke_width", "radius", "dx", "dy"}
COLOURS = {"fill", "stroke", "colour"}
SHAPES: dict[str, tuple[type, set[str]]] = {
    "rect": (Rect, {"x", "y", "w", "h", "fill", "stroke", "stroke_width", "radius"}),
    "circle": (Circle, {"cx", "cy", "r", "fill", "stroke", "stroke_width"}),
    "path": (PathItem, {"points", "closed", "fill", "stroke", "stroke_width", "dash"}),
    "text": (TextBox, {"x", "y", "w", "h", "text", "size", "min_size", "font", "colour",
                       "align", "valign", "leading", "rotate"}),
    "image": (Image, {"x", "y", "w", "h", "path"}),
    "group": (Group, {"items", "dx", "dy", "rotate", "mirror", "clip"}),
}
ICON_REF = r":([A-Za-z0-9_][A-Za-z0-9_.\-]*):"
# What each number may be (low, high, low excluded?, limit of the high end): checked once here,
# so NaN, infinities and absurd sizes never reach reportlab, Pillow or the text-fitting loop.
_COORD = (-1.0, "length_mm", False)
_SIZE = (0.0, "length_mm", False)
RANGES: dict[str, tuple[float, str, bool]] = {
    "x": _COORD, "y": _COORD, "cx": _COORD, "cy": _COORD, "dx": _COORD, "dy": _COORD,
    "w": _SIZE, "h": _SIZE, "r": _SIZE, "radius": _SIZE, "stroke_width": _SIZE,
    "size": (0.0, "font_pt", True), "min_size": (0.0, "font_pt", True),
    "leading": (0.0, "leading", True), "rotate": (-1.0, "rotate", False),
    "dash": _SIZE, "points": _COORD, "clip": _COORD,
}
_FIXED_HIGH = {"leading": 100.0, "rotate": 36_000.0}  # line spacing factor; degrees


@dataclass(frozen=True)
class Where:
    """Where a value was written, for error messages."""

    file: str
    line: int | None
    item: str
    attr: str


def card_label(card: Card | None, deck: Deck) -> str:
    if card is None:
        return ""
    where = f" ({Path(deck.source).name}:{card.line})" if deck.source and card.line else ""
    name = card.name if len(card.name) <= 60 else card.name[:59] + "…"
    return f"card '{name}'{where}: "


_FONT_ALIASES = {f.lower(): f for f in FONTS} | {"regular": "Vera", "bold": "Vera-Bold",
                                                 "italic": "Vera-Italic",
                                                 "bolditalic": "Vera-BoldItalic",
                                                 "bold-italic": "Vera-BoldItalic"}
_FALSE = {"", "false", "0", "no", "none", "off"}


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in _FALSE
    return bool(value)


class Convert:
    """Turns evaluated YAML/Jinja values into drawing-primitive arguments, with clear errors."""

    def __init__(self, deck: Deck, icons: dict[str, str]):
        self.deck = deck
        from pnp.layout.cards import deck_folder

        self.deck_dir = deck_folder(deck)
        self.icons = icons
        self._ranges: dict[str, tuple[float, float, bool, str | None]] = {}

    def fail(self, msg: str, where: Where, card: Card | None) -> PnpError:
        return PnpError(f"{card_label(card, self.deck)}{msg} (item '{where.item}')",
                        file=where.file, line=where.line, field=where.attr)

    def number(self, value: Any, where: Where, card: Card | None) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return self.checked(value, where, card)
        text = str(value).strip()[:100]
        try:
            if where.attr in ("size", "min_size", "leading", "rotate"):
                number = float(text)
            else:
                from pnp.layout.sizes import parse_length

                number = parse_length(text)
        except (ValueError, PnpError):
            raise self.fail(f"expected a number, got {text!r}", where, card) from None
        return self.checked(number, where, card)

    def checked(self, value: float | int, where: Where, card: Card | None) -> float:
        """``value`` within the range of its attribute (``RANGES``), else a PnpError."""
        from pnp.limits import number

        low, high, low_open, limit_name = self._bounds(where.attr)
        try:
            return number(value, low=low, high=high, low_open=low_open, what=where.attr,
                          limit_name=limit_name)
        except PnpError as exc:
            raise self.fail(exc.message, where, card) from None

    def _bounds(self, attr: str) -> tuple[float, float, bool, str | None]:
        bounds = self._ranges.get(attr)
        if bounds is None:
            from pnp.limits import limit

            low, high_name, low_open = RANGES.get(attr, _COORD)
            high = _FIXED_HIGH.get(high_name) or limit(high_name)
            bounds = (-high if low < 0 else low, high, low_open,
                      None if high_name in _FIXED_HIGH else high_name)
            self._ranges[attr] = bounds
        return bounds

    def colour(self, value: Any, where: Where, card: Card | None) -> str | None:
        if value is None or str(value).strip().lower() in ("", "none"):
            return None
        text = str(value).strip()
        try:
            parse_colour(text)
        except PnpError as exc:
            raise self.fail(exc.message, where, card) from None
        return text

    def image(self, value: Any, where: Where, card: Card | None) -> str | None:
        text = str(value).strip()
        if not text:
            return None
        p = Path(text)
        candidates = [p] if p.is_absolute() else [
            *([self.deck_dir / p] if self.deck_dir else []), Path(where.file).parent / p]
        found = next((c for c in candidates if c.is_file()), None)
        if found is not None:
            from pnp.safe_io import check_readable

            try:
                check_readable(found, [self.deck_dir, Path(where.file).parent],
                               what="the image")
            except PnpError as exc:
                raise self.fail(exc.message, where, card) from None
        if found is None:
            raise self.fail(f"image {text!r} not found (looked in "
                            f"{', '.join(str(c.parent) for c in candidates)})", where, card)
        problem = check_image(str(found))
        if problem:
            raise self.fail(f"cannot read image {text!r}: {problem}", where, card)
        return str(found)

    def text_icons(self, text: str, where: Where, card: Card | None) -> tuple[tuple[str, str], ...]:
        used = sorted({m for m in re.findall(ICON_REF, text) if m in self.icons})
        for name in used:
            value = self.icons[name]
            if not is_colour(value):
                problem = check_image(value)
                if problem:
                    raise self.fail(f"icon :{name}: image {value!r}: {problem}", where, card)
        return tuple((name, self.icons[name]) for name in used)

    def attr(self, value: Any, w: Where, card: Card | None) -> Any:
        """One attribute value -> what the primitive takes (None for an image without path)."""
        attr = w.attr
        if attr in NUMBERS:
            if type(value) is float:  # the common case, straight from an expression
                low, high, low_open, _ = self._bounds(attr)
                if (low < value if low_open else low <= value) and value <= high:
                    return value  # (NaN fails both comparisons)
            return self.number(value, w, card)
        if attr in COLOURS:
            return self.colour(value, w, card)
        if attr in ("closed", "mirror"):
            return truthy(value)
        if attr in ("points", "clip"):
            return self.points(value, w, card)
        if attr == "dash":
            if value and not isinstance(value, (list, tuple)):
                raise self.fail(f"expected a list of lengths such as [2, 1], got "
                                f"{str(value)[:40]!r}", w, card)
            dash = tuple(self.number(v, w, card) for v in (value or ()))
            if dash and not sum(dash) > 0:
                raise self.fail(f"a dash pattern needs a length above 0, got {list(dash)}", w,
                                card)
            return dash
        if attr == "text":
            return "" if value is None else str(value).strip()
        if attr == "font":
            font = _FONT_ALIASES.get(str(value).strip().lower())
            if font is None:
                raise self.fail(f"unknown font {value!r} (bundled: {', '.join(FONTS)})", w, card)
            return font
        if attr in ("align", "valign"):
            enum = Align if attr == "align" else VAlign
            try:
                return enum(str(value).strip().lower())
            except ValueError:
                options = ", ".join(e.value for e in enum)
                raise self.fail(f"expected one of {options}, got {value!r}", w, card) from None
        if attr == "path":
            return self.image(value, w, card)
        return value

    def make(self, kind: str, args: dict[str, Any], where: Where, card: Card | None) -> Any:
        """Converted keyword arguments -> one primitive (None when an image has no path)."""
        if kind == "image" and "path" in args and args["path"] is None:
            return None
        if kind == "text":
            if args.get("colour") is None:
                args.pop("colour", None)
            args["icons"] = self.text_icons(args.get("text", ""), where, card)
        if kind == "image":
            missing = {"x", "y", "w", "h", "path"} - set(args)
            if missing:
                raise self.fail(f"an image needs {', '.join(sorted(missing))}", where, card)
        try:
            return SHAPES[kind][0](**args)
        except TypeError as exc:
            raise self.fail(f"incomplete {kind}: {exc}", where, card) from None

    def points(self, value: Any, where: Where,
               card: Card | None) -> tuple[tuple[float, float], ...]:
        try:
            pts = tuple((self.number(p[0], where, card), self.number(p[1], where, card))
                        for p in value)
        except (TypeError, IndexError, KeyError):
            raise self.fail("expected a list of [x, y] points", where, card) from None
        return pts


@lru_cache(maxsize=256)
def check_image(path: str) -> str:
    """'' when the file is a readable image (PNG/JPEG/... via Pillow, or an SVG), else why not."""
    try:
        if path.lower().endswith(".svg"):
            import xml.etree.ElementTree as ET

            root = ET.parse(path).getroot()
            return "" if root.tag.endswith("svg") else "not an SVG file"
        from PIL import Image as PILImage

        from pnp.limits import how_to_raise, limit

        cap = limit("image_pixels")
        too_big = f"more than {cap:,.0f} pixels ({how_to_raise('image_pixels')})"
        with warnings.catch_warnings():
            # Pillow's own bomb check warns past its limit: pnp's limit decides, and says so.
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            try:
                im = PILImage.open(path)  # reads the header only: the size before the pixels
            except PILImage.DecompressionBombError:
                return too_big
        with im:
            if im.size[0] * im.size[1] > cap:
                return f"{im.size[0]} x {im.size[1]} pixels is {too_big}"
            im.verify()
        return ""
    except Exception as exc:  # Pillow raises several types for broken files
        return str(exc) or type(exc).__name__
