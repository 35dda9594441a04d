"""Colour strings ("#rgb", "#rrggbb", "#rrggbbaa", CSS names, "none") -> RGBA floats."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pnp.errors import PnpError

RGBA = tuple[float, float, float, float]

# The CSS basic colours plus a few that designers reach for; anything else takes a hex code.
NAMED: dict[str, str] = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
    "blue": "#0000ff", "yellow": "#ffff00", "cyan": "#00ffff", "aqua": "#00ffff",
    "magenta": "#ff00ff", "fuchsia": "#ff00ff", "gray": "#808080", "grey": "#808080",
    "silver": "#c0c0c0", "maroon": "#800000", "olive": "#808000", "lime": "#00ff00",
    "teal": "#008080", "navy": "#000080", "purple": "#800080", "orange": "#ffa500",
    "brown": "#a52a2a", "pink": "#ffc0cb", "gold": "#ffd700", "beige": "#f5f5dc",
    "tan": "#d2b48c", "khaki": "#f0e68c", "ivory": "#fffff0", "crimson": "#dc143c",
    "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9", "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3", "dimgray": "#696969", "dimgrey": "#696969",
    "darkred": "#8b0000", "darkgreen": "#006400", "darkblue": "#00008b",
    "darkorange": "#ff8c00", "steelblue": "#4682b4", "skyblue": "#87ceeb",
    "transparent": "#00000000",
}

_HEX = set("0123456789abcdef")


def is_colour(text: str) -> bool:
    """True when ``text`` reads as a colour (used to tell colour icons from image paths)."""
    try:
        return parse_colour(text) is not None or text.strip().lower() == "none"
    except PnpError:
        return False


@lru_cache(maxsize=1024)
def parse_colour(text: str | None) -> RGBA | None:
    """A colour string -> (r, g, b, a) in 0..1; None or "none" -> None (nothing drawn)."""
    if text is None:
        return None
    key = str(text).strip().lower()
    if key in ("none", ""):
        return None
    key = NAMED.get(key, key)
    digits = key[1:] if key.startswith("#") else ""
    if not key.startswith("#") or not digits or not set(digits) <= _HEX \
            or len(digits) not in (3, 4, 6, 8):
        raise PnpError(f"not a colour: {text!r} (use #rrggbb, #rrggbbaa or a name)",
                       field="colour")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    values = [int(digits[i:i + 2], 16) / 255.0 for i in range(0, len(digits), 2)]
    if len(values) == 3:
        values.append(1.0)
    return (values[0], values[1], values[2], values[3])


@lru_cache(maxsize=1024)
def css_colour(text: str | None) -> tuple[str, float]:
    """A colour string -> ("#rrggbb" or "none", opacity) for SVG attributes."""
    rgba = parse_colour(text)
    if rgba is None:
        return "none", 1.0
    r, g, b, a = (round(v * 255) for v in rgba)
    return f"#{r:02x}{g:02x}{b:02x}", round(a / 255, 4)


# --- CMYK, for print shops that ask for it (no ICC profile: the shop's profile is unknown) ----

CMYK = tuple[float, float, float, float]
BLACK_TEXT_K = 0.8  # text (and inline icons) at least this dark prints as 100% K, one ink


def cmyk(rgb: tuple[float, float, float]) -> CMYK:
    """RGB -> CMYK (0..1): K = 1 - max(R, G, B), then C, M, Y; greys are K only."""
    r, g, b = rgb
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round(v, 4) for v in  # type: ignore[return-value]
                 ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k))


def text_cmyk(rgb: tuple[float, float, float]) -> CMYK:
    """The CMYK of text: a near-black (K >= ``BLACK_TEXT_K``) becomes 100% K, because small
    type printed in four inks (rich black) shows colour fringes where the plates misregister."""
    ink = cmyk(rgb)
    return (0.0, 0.0, 0.0, 1.0) if ink[3] >= BLACK_TEXT_K else ink


def rich_black(ink: CMYK) -> bool:
    """True for text ink that should be 100% K and is not (what ``text_cmyk`` avoids)."""
    return ink[3] >= BLACK_TEXT_K - 1e-4 and ink != (0.0, 0.0, 0.0, 1.0)


def cmyk_icon(picture: Any) -> tuple[Any, Any]:
    """An inline icon (a Pillow image) -> (its CMYK image, its alpha or None), each pixel as
    ``text_cmyk`` converts text: an icon sits in a line of type and prints like it."""
    import numpy as np
    from PIL import Image as PILImage

    has_alpha = picture.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in picture.info
    image = picture.convert("RGBA" if has_alpha else "RGB")
    alpha = image.getchannel("A") if has_alpha else None
    rgb = np.asarray(image)[..., :3].astype(np.float32) / 255.0
    k = 1.0 - rgb.max(axis=2)
    room = np.where(k < 1.0, 1.0 - k, 1.0)
    cmy = (1.0 - rgb - k[..., None]) / room[..., None]
    black = k >= BLACK_TEXT_K
    cmy[black] = 0.0
    k = np.where(black, 1.0, k)
    out = np.concatenate([cmy, k[..., None]], axis=2)
    pixels = np.rint(np.clip(out, 0.0, 1.0) * 255).astype(np.uint8)
    return PILImage.fromarray(pixels, "CMYK"), alpha
