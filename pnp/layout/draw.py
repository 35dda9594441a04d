"""The drawing description: frozen primitives in millimetres, shared by every backend.

Coordinates: millimetres, origin at the top-left corner of the trim box, x to the right, y
down (as in SVG; the PDF backend flips). Items may reach into negative coordinates and past
``width``/``height`` by up to ``bleed`` (background art bleeds off the trim).

Colours are CSS-like strings: ``"#rrggbb"``, ``"#rrggbbaa"``, a few names (``"black"``,
``"white"``, ``"none"``). ``None`` means no fill / no stroke.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.layout.text import Fitted

Point = tuple[float, float]


class Align(str, Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


class VAlign(str, Enum):
    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = "black"
    stroke_width: float = 0.25
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = "black"
    stroke_width: float = 0.25


@dataclass(frozen=True)
class Path:
    """A polyline or polygon (``closed``); also used for walls, hexes and crop marks."""

    points: tuple[Point, ...]
    closed: bool = False
    fill: str | None = None
    stroke: str | None = "black"
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Family:
    """A designer's font family, as a layout's ``fonts:`` names it, and the style a text box
    sets it in. ``files`` are the regular, bold, italic and bold-italic font files ("" where the
    layout names none); ``digests`` their contents' hashes, so an edited file is a new font."""

    name: str
    files: tuple[str, str, str, str]
    digests: tuple[str, str, str, str]
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class TextBox:
    """Text wrapped inside a box with real font metrics, shrunk from ``size`` down to
    ``min_size`` (points) until it fits. ``:name:`` in the text is an inline icon when
    ``name`` is a key of ``icons`` (icon name -> image path or colour); ``\\n`` breaks lines;
    markup (``<b>``, ``<i>``, ``<color=..>``, ``<size=..>``, ``<br>``: layout/markup.py) styles
    runs. ``font`` is a bundled face (Vera, Vera-Bold, Vera-Italic, Vera-BoldItalic) or a
    designer's ``Family``."""

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float = 9.0
    min_size: float = 5.0
    font: str | Family = "Vera"
    colour: str = "black"
    align: Align = Align.LEFT
    valign: VAlign = VAlign.TOP
    leading: float = 1.2  # line height as a multiple of the font size
    icons: tuple[tuple[str, str], ...] = ()
    rotate: float = 0.0  # degrees clockwise about the box centre


@dataclass(frozen=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: str  # a PNG/JPEG/SVG file; unreadable files are a PnpError at load time


@dataclass(frozen=True)
class Group:
    """Items placed with a transform: translate by (dx, dy), then rotate ``rotate`` degrees
    clockwise about (dx, dy), mirror horizontally when ``mirror`` (about x=0 of the group).
    ``clip`` (a closed outline in the group's own coordinates) clips the items. ``label``
    names what the group shows (a card, on a print page) for preflight; it is not part of what
    is drawn (nor of a face's identity)."""

    items: tuple[Item, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    mirror: bool = False
    clip: tuple[Point, ...] | None = None
    label: str = field(default="", compare=False, repr=False)


Item = Rect | Circle | Path | TextBox | Image | Group


def texts(items: tuple[Item, ...] | list[Item]) -> list[str]:
    """The text of every TextBox in ``items``, groups included, in drawing order."""
    out: list[str] = []
    for item in items:
        if isinstance(item, TextBox):
            out.append(item.text)
        elif isinstance(item, Group):
            out += texts(item.items)
    return out


class Backend:
    """What paints items one by one (the PDF and pixel backends): ``items`` sends each item to
    the method of its kind, which the backend defines."""

    def items(self, items: Iterable[Item]) -> None:
        for item in items:
            # type(...) is, not isinstance: exact types only, and mypy narrows on it
            if type(item) is Rect:
                self.rect(item)
            elif type(item) is TextBox:
                self.text(item)
            elif type(item) is Path:
                self.path(item)
            elif type(item) is Circle:
                self.circle(item)
            elif type(item) is Image:
                self.image(item.path, item.x, item.y, item.w, item.h)
            elif type(item) is Group:
                self.group(item)
            else:
                from pnp.errors import PnpError

                raise PnpError(f"cannot draw {type(item).__name__}", field="items")

    def rect(self, r: Rect) -> None:
        raise NotImplementedError

    def text(self, box: TextBox) -> None:
        raise NotImplementedError

    def path(self, pa: Path) -> None:
        raise NotImplementedError

    def circle(self, ci: Circle) -> None:
        raise NotImplementedError

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        raise NotImplementedError

    def group(self, g: Group) -> None:
        raise NotImplementedError

    def icons(self, box: TextBox, fitted: Fitted) -> None:
        """The inline icons of ``box``'s fitted text, drawn after (over) its text: a colour as
        a disc, anything else as art."""
        from pnp.layout.text import icon_kind, icon_spots

        for icon, cx, cy, d in icon_spots(box, fitted):
            if icon_kind(icon) == "colour":
                self.circle(Circle(cx, cy, d / 2, fill=icon, stroke=None))
            else:
                self.image(icon, cx - d / 2, cy - d / 2, d, d)


@dataclass(frozen=True)
class Drawing:
    """One face of a component (card, tile, board) or one whole page.

    ``width``/``height`` are the trim size in mm. ``bleed`` is how far art extends beyond the
    trim on each side. ``outline`` is the cut line when it is not the trim rectangle (hex
    tiles), in the drawing's coordinates. ``name`` identifies the face in warnings and files.
    """

    width: float
    height: float
    items: tuple[Item, ...] = ()
    bleed: float = 0.0
    outline: tuple[Point, ...] | None = None
    name: str = ""


@dataclass(frozen=True)
class Component:
    """A thing to print and cut: a front, an optional back, and how many copies."""

    front: Drawing
    back: Drawing | None = None
    count: int = 1
    name: str = ""
    meta: tuple[tuple[str, str], ...] = field(default=())
