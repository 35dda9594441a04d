"""Parts of the games' printed sheets (player aids, reference and setup sheets): a heading and a
two-column table of label and text, in the house's ink and rule colours."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.layout.draw import Item, Rect, TextBox, VAlign

__all__ = ["INK", "RULE", "heading", "table"]

INK, RULE = "#222222", "#b9b9b9"


def heading(text: str, y: float, w: float) -> TextBox:
    """A sheet's section heading, 8 mm high, across the width ``w``."""
    return TextBox(0, y, w, 8, text, size=13, font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE)


def table(rows: Sequence[tuple[str, str]], x: float, y: float, w: float, left: float, *,
          row_h: float = 8.0, size: float = 9.0, min_size: float = 6.0) -> list[Item]:
    """Rows of (label, text): the label bold in the first ``left`` mm, every other row shaded."""
    items: list[Item] = []
    for k, (a, b) in enumerate(rows):
        top = y + k * row_h
        items.append(Rect(x, top, w, row_h, fill="#f4f1ea" if k % 2 else None, stroke=RULE,
                          stroke_width=0.25))
        items.append(TextBox(x + 2, top, left - 3, row_h, a, size=size, min_size=min_size,
                             font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
        items.append(TextBox(x + left, top, w - left - 2, row_h, b, size=size,
                             min_size=min_size, colour=INK, valign=VAlign.MIDDLE))
    return items
