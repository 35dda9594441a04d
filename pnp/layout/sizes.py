"""Card and page presets and units: millimetres inside pnp; mm, cm, in and pt at the edge."""

from __future__ import annotations

import math
import re

from pnp.errors import PnpError

MM_PER_INCH = 25.4
MM_PER_POINT = 25.4 / 72.0

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.0, 68.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),          # ISO 216
    "a5": (148.0, 210.0),
    "legal": (215.9, 355.6),       # 8.5 x 14 in
    "tabloid": (279.4, 431.8),     # 11 x 17 in
}

_UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_POINT, "": 1.0}
_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_LENGTH_RE = re.compile(rf"^\s*({_NUMBER})\s*(mm|cm|in|pt|)\s*$", re.IGNORECASE)
# "63x88", "63 x 88 mm", "2.5x3.5in", "63mm x 88mm"; the unit after the second number also
# applies to the first when the first has none.
_PAIR_RE = re.compile(
    rf"^\s*({_NUMBER})\s*(mm|cm|in|pt|)\s*[x×*]\s*({_NUMBER})\s*(mm|cm|in|pt|)\s*$",
    re.IGNORECASE)


def parse_length(text: str | float | int, *, field: str | None = None) -> float:
    """A length such as "3mm", "0.125in", "9pt", "1cm" or a bare number (mm) -> mm."""
    if isinstance(text, bool):
        raise PnpError(f"not a length: {text!r}", field=field)
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        m = _LENGTH_RE.match(str(text))
        if not m:
            raise PnpError(f"not a length: {text!r} (use e.g. 3mm, 0.125in, 9pt)", field=field)
        value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    if not math.isfinite(value):
        raise PnpError(f"not a length: {text!r}", field=field)
    return value


def _parse_pair(text: str, what: str, presets: dict[str, tuple[float, float]],
                field: str | None) -> tuple[float, float]:
    key = str(text).strip().lower()
    if key in presets:
        return presets[key]
    m = _PAIR_RE.match(key)
    if not m:
        names = ", ".join(presets)
        raise PnpError(f"unknown {what} {text!r} (use one of {names}, or WxH such as "
                       f"63x88mm or 2.5x3.5in)", field=field)
    unit_w, unit_h = m.group(2).lower(), m.group(4).lower()
    unit_w = unit_w or unit_h
    w = float(m.group(1)) * _UNITS[unit_w]
    h = float(m.group(3)) * _UNITS[unit_h]
    if not (w > 0 and h > 0):
        raise PnpError(f"{what} must be positive: {text!r}", field=field)
    if not (math.isfinite(w) and math.isfinite(h)):
        raise PnpError(f"{what} is too large: {text!r}", field=field)
    _check_range(w, h, text, what, field)
    return (w, h)


#: The smallest sides: any positive card size; on a page under 40 mm a side nothing fits
#: inside the 5 mm margins home printers need.
MIN_SIDE = {"card size": 0.0, "page size": 40.0}


def _check_range(w: float, h: float, text: str, what: str, field: str | None) -> None:
    from pnp.limits import limit

    name = "card_mm" if what == "card size" else "page_mm"
    low, high = MIN_SIDE.get(what, 0.0), limit(name)
    if min(w, h) < low or max(w, h) > high:
        raise PnpError(f"{what} {str(text).strip()[:40]!r} is {w:g} x {h:g} mm; each side must "
                       f"be from {low:g} to {high:g} mm (raise the upper bound with pnp --limit "
                       f"{name}=N)", field=field)


def parse_card_size(text: str, *, field: str | None = None) -> tuple[float, float]:
    """A card preset (poker, bridge, mini, tarot, square) or "WxH" with a unit -> (w, h) mm."""
    return _parse_pair(text, "card size", CARD_SIZES, field)


def parse_page(text: str, *, field: str | None = None) -> tuple[float, float]:
    """A page preset (a4, letter, a3, a5, legal, tabloid) or "WxH" with a unit -> (w, h) mm,
    portrait as given."""
    return _parse_pair(text, "page size", PAGE_SIZES, field)


MAX_PIXELS_A_SIDE = 30000  # ~2.5 m at 300 dpi; beyond that a bitmap is a mistake, not art


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """Pixels for a physical size at ``dpi``: round(mm / 25.4 * dpi) on each side."""
    if not dpi > 0:
        raise PnpError(f"dpi must be positive, not {dpi}", field="dpi")
    w, h = round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)
    if max(w, h) > MAX_PIXELS_A_SIDE:
        raise PnpError(f"{w}x{h} px at {dpi} dpi is too large (limit {MAX_PIXELS_A_SIDE} px a "
                       f"side); lower --dpi", field="dpi")
    return max(1, w), max(1, h)
