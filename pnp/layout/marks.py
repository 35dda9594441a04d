"""Printer's marks and page furniture in mm: crop marks, registration crosses, rulers, footers.

Also the small polygon helpers imposition needs (offset an outline, move it onto a page).
Everything returns drawing primitives from :mod:`pnp.layout.draw`; nothing here draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from pnp.layout.draw import Align, Circle, Item, Path, Point, TextBox, VAlign
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import text_width

MARK_LENGTH = 5.0      # crop mark length when there is room (mm)
MARK_GAP = 1.0         # gap between the drawn card area (trim or bleed) and a crop mark
MARK_EDGE = 1.0        # crop marks stop this far from the page edge (inside the media box)
MARK_MIN = 1.5         # a crop mark shorter than this is left out
MARK_STROKE = 0.2      # thin: about 0.57 pt
FOOTER_PT = 6.0        # footer font size (points)
FOOTER_FONT = "Vera"
EPS = 1e-6

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


# --- polygons -------------------------------------------------------------------------------

def _dedupe(points: Sequence[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or abs(p[0] - out[-1][0]) > EPS or abs(p[1] - out[-1][1]) > EPS:
            out.append((float(p[0]), float(p[1])))
    if len(out) > 1 and abs(out[0][0] - out[-1][0]) < EPS and abs(out[0][1] - out[-1][1]) < EPS:
        out.pop()
    return out


def signed_area(points: Sequence[Point]) -> float:
    """Shoelace area: positive for counter-clockwise in maths axes (clockwise on a y-down page)."""
    n = len(points)
    return 0.5 * sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
                     for i in range(n))


def offset_polygon(points: Sequence[Point], d: float) -> tuple[Point, ...]:
    """The polygon moved outward by ``d`` mm (inward when negative), with mitred corners."""
    pts = _dedupe(points)
    n = len(pts)
    if n < 3 or d == 0:
        return tuple(pts)
    sign = 1.0 if signed_area(pts) > 0 else -1.0
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        normals.append((sign * (y1 - y0) / length, -sign * (x1 - x0) / length))
    out = []
    for i in range(n):
        n1, n2 = normals[i - 1], normals[i]
        denom = 1.0 + n1[0] * n2[0] + n1[1] * n2[1]
        if denom < 1e-3:  # a hairpin turn: a mitre would shoot off, bevel it instead
            out.append((pts[i][0] + n1[0] * d, pts[i][1] + n1[1] * d))
            out.append((pts[i][0] + n2[0] * d, pts[i][1] + n2[1] * d))
            continue
        out.append((pts[i][0] + (n1[0] + n2[0]) * d / denom,
                    pts[i][1] + (n1[1] + n2[1]) * d / denom))
    return tuple(out)


def runs_along_sides(points: Sequence[Point], w: float, h: float) -> tuple[bool, bool]:
    """Whether an outline has an edge on both vertical sides (x = 0 and x = ``w``) and on both
    horizontal sides (y = 0, y = ``h``) of its box. Neighbours put side by side there share a
    cut; where an outline only touches its box at corners (the points of a pointy-top hex),
    neighbours would meet point to point with no room for either one's bleed."""
    pts = _dedupe(points)

    def along(axis: int, value: float) -> bool:
        return any(abs(a[axis] - value) < EPS and abs(b[axis] - value) < EPS
                   and abs(a[1 - axis] - b[1 - axis]) > EPS
                   for a, b in zip(pts, pts[1:] + pts[:1], strict=True))

    return along(0, 0.0) and along(0, w), along(1, 0.0) and along(1, h)


def rect_points(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """The four corners of a rectangle, clockwise on the page from the top-left."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def rotate_point(p: Point, degrees: int) -> Point:
    """Rotate about the origin by a multiple of 90 degrees, clockwise on a y-down page."""
    x, y = p
    return {0: (x, y), 90: (-y, x), 180: (-x, -y), 270: (y, -x)}[degrees % 360]


def place_points(points: Iterable[Point], dx: float, dy: float, rotate: int) -> tuple[Point, ...]:
    """Points of a face, as :class:`~pnp.layout.draw.Group` ``(dx, dy, rotate)`` puts them."""
    return tuple((dx + q[0], dy + q[1]) for q in (rotate_point(p, rotate) for p in points))


def bbox(points: Iterable[Point]) -> Box:
    """Bounding box of points."""
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def boxes_overlap(a: Box, b: Box, clearance: float = 0.0) -> bool:
    """True when two boxes overlap (or come closer than ``clearance``)."""
    return not (a[2] + clearance <= b[0] or b[2] + clearance <= a[0]
                or a[3] + clearance <= b[1] or b[3] + clearance <= a[1])


# --- crop marks -----------------------------------------------------------------------------

def _mark(points: tuple[Point, Point]) -> Path:
    return Path(points=points, stroke="black", stroke_width=MARK_STROKE)


def crop_marks(xs: Sequence[float], ys: Sequence[float], extent: Box,
               page: tuple[float, float], edge: float = MARK_EDGE) -> list[Path]:
    """Short crop marks for vertical cuts at ``xs`` and horizontal cuts at ``ys``.

    They sit outside ``extent`` (the area covered by cards, bleed included), never over a
    card, and stop ``edge`` mm inside the page (where the printer still prints; at least
    ``MARK_EDGE`` so no viewer has to rescale the page).
    """
    pw, ph = page
    x0, y0, x1, y1 = extent
    edge = max(edge, MARK_EDGE) + MARK_STROKE  # the stroke's width stays off the edge too
    marks: list[Path] = []
    add = marks.append

    top = min(MARK_LENGTH, y0 - MARK_GAP - edge)
    bottom = min(MARK_LENGTH, ph - edge - y1 - MARK_GAP)
    left = min(MARK_LENGTH, x0 - MARK_GAP - edge)
    right = min(MARK_LENGTH, pw - edge - x1 - MARK_GAP)
    for x in xs:
        if top >= MARK_MIN:
            add(_mark(((x, y0 - MARK_GAP - top), (x, y0 - MARK_GAP))))
        if bottom >= MARK_MIN:
            add(_mark(((x, y1 + MARK_GAP), (x, y1 + MARK_GAP + bottom))))
    for y in ys:
        if left >= MARK_MIN:
            add(_mark(((x0 - MARK_GAP - left, y), (x0 - MARK_GAP, y))))
        if right >= MARK_MIN:
            add(_mark(((x1 + MARK_GAP, y), (x1 + MARK_GAP + right, y))))
    return marks


def gutter_marks(cols, rows, page: tuple[float, float]) -> list[Path]:  # Axis, Axis
    """Crop marks in the free gutters between cards: each vertical cut gets a mark in every
    gutter between rows, each horizontal cut one in every gutter between columns."""
    marks: list[Path] = []
    for across, along in ((cols, rows), (rows, cols)):
        if along.gap() < 2 * MARK_GAP + MARK_MIN - EPS:
            continue
        for k in range(along.count - 1):
            a = along.position(k) + along.size + along.bleed + MARK_GAP
            b = along.position(k + 1) - along.bleed - MARK_GAP
            for c in across.cuts():
                pts = ((c, a), (c, b)) if across is cols else ((a, c), (b, c))
                marks.append(_mark(pts))
    return marks


def item_box(item: Path) -> Box:
    """Bounding box of a path, widened by half its stroke."""
    x0, y0, x1, y1 = bbox(item.points)
    s = item.stroke_width / 2
    return (x0 - s, y0 - s, x1 + s, y1 + s)


# --- footer ---------------------------------------------------------------------------------

def place_footer(text: str, page: tuple[float, float], margin: float,
                 obstacles: Sequence[Box], *, avoid_x: Sequence[float] = (),
                 avoid_y: Sequence[float] = (), edge: float = MARK_EDGE) -> TextBox | None:
    """A small footer line in free space, inside the margins when there is room.

    Tried in order: the bottom band, the top band, up the left side, down the right side (all
    inside the margins, clear of ``obstacles``), last the bottom margin band. ``avoid_x`` /
    ``avoid_y`` are cut positions: the text is centred between two of them when it must.
    """
    if not text:
        return None
    pw, ph = page
    fh = FOOTER_PT * MM_PER_POINT * 1.25
    tw = min(text_width(text, FOOTER_FONT, FOOTER_PT) + 2.0, pw - 2 * margin)
    inner = (margin, margin, pw - margin, ph - margin)
    edge = max(edge, MARK_EDGE)
    whole = (edge, edge, pw - edge, ph - edge)

    def centres(length: float, cuts: Sequence[float]) -> list[float]:
        cs = sorted(set(cuts))
        mids = [(a + b) / 2 for a, b in zip(cs, cs[1:], strict=False)] + [length / 2]
        return sorted(mids, key=lambda c: (abs(c - length / 2), c))

    def free(box: Box, lo: Box) -> bool:
        inside = (box[0] >= lo[0] - EPS and box[1] >= lo[1] - EPS and box[2] <= lo[2] + EPS
                  and box[3] <= lo[3] + EPS)
        return inside and not any(boxes_overlap(box, o, 0.3) for o in obstacles)

    lowest = max([o[3] for o in obstacles] + [0.0])
    candidates: list[tuple[Box, int, Box]] = []
    for y in (ph - margin - fh, margin):
        candidates += [((cx - tw / 2, y, cx + tw / 2, y + fh), 0, inner)
                       for cx in centres(pw, avoid_x)]
    for x0, rotate in ((margin, 270), (pw - margin - fh, 90)):
        candidates += [((x0, cy - tw / 2, x0 + fh, cy + tw / 2), rotate, inner)
                       for cy in centres(ph, avoid_y)]
    y = (lowest + ph - fh) / 2
    candidates += [((cx - tw / 2, y, cx + tw / 2, y + fh), 0, whole)
                   for cx in centres(pw, avoid_x)]
    for box, rotate, limits in candidates:
        if free(box, limits):
            return _footer_box(text, box, rotate)
    return None


def _footer_box(text: str, box: Box, rotate: int) -> TextBox:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = (x1 - x0, y1 - y0) if rotate == 0 else (y1 - y0, x1 - x0)
    return TextBox(x=cx - w / 2, y=cy - h / 2, w=w, h=h, text=text, size=FOOTER_PT,
                   min_size=4.0, font=FOOTER_FONT, colour="#444444", align=Align.CENTER,
                   valign=VAlign.MIDDLE, rotate=float(rotate))


# --- registration marks and rulers ----------------------------------------------------------

def cross(x: float, y: float, arm: float = 4.0, *, circle: float = 0.0,
          stroke_width: float = 0.2, colour: str = "black") -> list[Item]:
    """A crosshair centred on (x, y), with an optional circle of radius ``circle``."""
    items: list[Item] = [
        Path(points=((x - arm, y), (x + arm, y)), stroke=colour, stroke_width=stroke_width),
        Path(points=((x, y - arm), (x, y + arm)), stroke=colour, stroke_width=stroke_width),
    ]
    if circle > 0:
        items.append(Circle(cx=x, cy=y, r=circle, fill=None, stroke=colour,
                            stroke_width=stroke_width))
    return items


RULER_PT = 6.0  # the smallest text pnp's own preflight lets pass without a note


def ruler(x: float, y: float, *, vertical: bool, half: float = 6.0, step: float = 0.5,
          label_every: int = 2) -> list[Item]:
    """A millimetre ruler whose zero is at (x, y), reading from -half to +half.

    Positive values are to the right (horizontal) or downwards (vertical), in the page's own
    axes. Ticks every ``step`` mm, longer every mm, numbers every ``label_every`` mm; the
    numbers sit below a horizontal ruler and right of a vertical one. At a readable 6 pt a
    signed number is wider than 2 mm, so the numbers go unsigned and a bold - and + past each
    end of the ruler say which side is which.
    """
    items: list[Item] = []
    for sign, at in (("-", -half - 2.3), ("+", half + 2.3)):
        items.append(_ruler_label(x, y, at, sign, vertical, font="Vera-Bold"))
    n = int(round(half / step))
    for i in range(-n, n + 1):
        v = i * step
        whole = abs(v - round(v)) < EPS
        length = 2.5 if abs(v) < EPS else (1.5 if whole else 0.8)
        if vertical:
            pts = ((x, y + v), (x - length, y + v))
        else:
            pts = ((x + v, y), (x + v, y - length))
        items.append(Path(points=pts, stroke="black", stroke_width=0.1))
        if whole and int(round(v)) % label_every == 0:
            items.append(_ruler_label(x, y, v, str(abs(int(round(v)))), vertical))
    if vertical:
        items.append(Path(points=((x, y - half), (x, y + half)), stroke="black", stroke_width=0.1))
    else:
        items.append(Path(points=((x - half, y), (x + half, y)), stroke="black", stroke_width=0.1))
    return items


def _ruler_label(x: float, y: float, v: float, text: str, vertical: bool,
                 font: str = FOOTER_FONT) -> TextBox:
    """A ruler's label at ``v`` mm along it: below a horizontal ruler, right of a vertical."""
    h = RULER_PT * MM_PER_POINT * 1.25
    if vertical:
        return TextBox(x=x + 0.5, y=y + v - h / 2, w=4.0, h=h, text=text, size=RULER_PT,
                       min_size=RULER_PT, font=font, valign=VAlign.MIDDLE)
    return TextBox(x=x + v - 2.0, y=y + 0.3, w=4.0, h=h, text=text, size=RULER_PT,
                   min_size=RULER_PT, font=font, align=Align.CENTER)
