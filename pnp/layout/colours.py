"""Colour strings ("#rgb", "#rrggbb", "#rrggbbaa", CSS names, "none") -> RGBA floats."""

from __future__ import annotations

from functools import lru_cache

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
