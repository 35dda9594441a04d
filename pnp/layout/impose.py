"""Imposition: components onto printer pages (n-up with bleed, crop marks and duplex backs),
one-up print-shop pages and full-page sheets. Poster tiling and the duplex calibration sheet
live in :mod:`pnp.layout.poster` and are re-exported here.

All geometry is in mm, origin top-left of the page, y down. A page is a
:class:`~pnp.layout.draw.Drawing` of the page size with no bleed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing, Group, Item, Path, Point
from pnp.layout.marks import (
    EPS,
    MARK_GAP,
    MARK_MIN,
    MARK_STROKE,
    Box,
    bbox,
    crop_marks,
    gutter_marks,
    item_box,
    offset_polygon,
    place_footer,
    place_points,
    rect_points,
    runs_along_sides,
)
from pnp.layout.poster import MIN_MARGIN, calibration_pages, poster  # re-exported here

SAFE_INSET = 3.0         # the safe zone is this far inside the trim
PRINTER_MARGIN = 5.0     # home printers lose the outer 4-5 mm: no mark or text closer
CUT_STROKE = 0.2         # cut line along a non-rectangular outline
GUIDE_COLOUR = "#00a0e0"
FOOTER_BAND = 4.0        # mm kept free above the bottom margin for the footer on full sheets


class Duplex(str, Enum):
    """How the sheet is turned over between the front and the back print."""

    LONG = "long"    # flip on the long edge: on a portrait page, columns are mirrored
    SHORT = "short"  # flip on the short edge: rows are mirrored
    NONE = "none"    # backs on their own pages, not mirrored


def parse_duplex(value: str | Duplex) -> Duplex:
    """``"long"``, ``"short"`` or ``"none"`` -> :class:`Duplex` (PnpError otherwise)."""
    try:
        return Duplex(value.value if isinstance(value, Duplex) else str(value).strip().lower())
    except ValueError:
        raise PnpError(f"unknown duplex {value!r} (use long, short or none)",
                       field="duplex") from None


# --- grid geometry --------------------------------------------------------------------------

@dataclass(frozen=True)
class Axis:
    """Where cards go along one page axis."""

    count: int
    size: float    # trim size of a placed card along this axis
    pitch: float   # distance from one card's trim edge to the next one's
    bleed: float   # bleed drawn between neighbours (0: they share a cut line)
    start: float   # page coordinate of the first card's trim edge
    outer: float = 0.0  # bleed drawn on the outer edges, where the sheet has room

    def gap(self) -> float:
        """Free space between two neighbours' bleeds (where gutter marks go)."""
        return self.pitch - self.size - 2 * self.bleed if self.count > 1 else 0.0

    def side_bleed(self, i: int, end: bool) -> float:
        """Bleed drawn on the leading (``end`` False) or trailing side of card ``i``."""
        outer = (i == self.count - 1) if end else (i == 0)
        return self.outer if outer else self.bleed

    def shrink(self, length: float) -> Axis:
        """One card fewer, centred again."""
        count = self.count - 1
        span = (count - 1) * self.pitch + self.size
        return replace(self, count=count, start=(length - span) / 2)

    def position(self, i: int) -> float:
        """Page coordinate of card ``i``'s leading trim edge."""
        return self.start + i * self.pitch

    def cuts(self) -> list[float]:
        """Every cut position along this axis (shared lines counted once)."""
        cs: set[float] = set()
        for i in range(self.count):
            cs.add(round(self.position(i), 6))
            cs.add(round(self.position(i) + self.size, 6))
        return sorted(cs)

    def extent(self) -> tuple[float, float]:
        """First and last page coordinate covered by cards, bleed included."""
        return (self.start - self.outer,
                self.position(self.count - 1) + self.size + self.outer)


def fit_axis(length: float, margin: float, size: float, bleed: float,
             gutter: float | None = None, shared: bool = True) -> Axis | None:
    """Cards of ``size`` along a page ``length``, centred. Without ``gutter``: with their bleed
    between them when that costs no card (always when they cannot share a cut, ``shared``
    False), else sharing cut lines; with it, ``gutter`` mm apart (each keeps up to half of it
    as bleed). The outer edges always bleed, as far as the sheet goes. None if no card fits."""
    avail = length - 2 * margin
    if size <= 0:
        return None
    if gutter is not None:
        count = math.floor((avail + gutter + EPS) / (size + gutter))
        pitch, b = size + gutter, min(bleed, gutter / 2)
    else:
        count = math.floor((avail + EPS) / size)
        with_bleed = math.floor((avail + EPS) / (size + 2 * bleed)) if bleed > 0 else 0
        if bleed > 0 and with_bleed >= count:
            pitch, b = size + 2 * bleed, bleed
        elif bleed > 0 and not shared:  # bleed between them even if the sheet holds fewer
            count = min(count, math.floor((avail + 2 * bleed + EPS) / (size + 2 * bleed)))
            pitch, b = size + 2 * bleed, bleed
        else:
            pitch, b = size, 0.0
    if count < 1:
        return None
    span = (count - 1) * pitch + size
    start = (length - span) / 2
    return Axis(count=count, size=size, pitch=pitch, bleed=b, start=start,
                outer=max(0.0, min(bleed, start)))


@dataclass(frozen=True)
class Grid:
    """A grid of card slots on a page; ``rotate`` is 0 or 90 (cards turned to fit more)."""

    cols: Axis
    rows: Axis
    rotate: int

    @property
    def per_page(self) -> int:
        return self.cols.count * self.rows.count

    def slot(self, i: int) -> tuple[float, float]:
        """Top-left trim corner of slot ``i`` (row-major)."""
        return (self.cols.position(i % self.cols.count), self.rows.position(i // self.cols.count))

    def extent(self) -> Box:
        """The area covered by cards, bleed included."""
        x0, x1 = self.cols.extent()
        y0, y1 = self.rows.extent()
        return (x0, y0, x1, y1)


def fit_grid(card: tuple[float, float], page: tuple[float, float], margin: float,
             bleed: float, *, gutter: float | None = None,
             marks_edge: float | None = None,
             outline: Sequence[Point] | None = None) -> Grid | None:
    """The grid holding the most cards; cards are turned 90 degrees only when that fits more.

    With ``marks_edge`` (crop marks wanted, kept that far from the sheet edge), an axis whose
    outer band cannot hold them and whose gutters cannot either loses a card until they fit.
    A component cut along an ``outline`` that only touches its box at corners on two opposite
    sides (a hex's points) is spaced on that axis so each keeps its bleed all round.
    """
    along = runs_along_sides(outline, *card) if outline else (True, True)
    best: Grid | None = None
    for rotate, (w, h) in ((0, card), (90, (card[1], card[0]))):
        share_x, share_y = along if rotate == 0 else along[::-1]
        cols = fit_axis(page[0], margin, w, bleed, gutter, share_x)
        rows = fit_axis(page[1], margin, h, bleed, gutter, share_y)
        if cols and rows:
            if marks_edge is not None:
                cols = _room_for_marks(cols, page[0], marks_edge)
                rows = _room_for_marks(rows, page[1], marks_edge)
            grid = Grid(cols, rows, rotate)
            if best is None or grid.per_page > best.per_page:
                best = grid
    return best


def _room_for_marks(axis: Axis, length: float, edge: float) -> Axis:
    """The axis with room for the marks of the cuts across it: in its gutters, or outside its
    cards at least ``edge`` mm from the sheet edge (the outer bleed gives way to them first,
    then a card is dropped)."""
    while True:
        if axis.gap() >= 2 * MARK_GAP + MARK_MIN - EPS:
            return axis  # marks in the gutters between cards
        room = axis.start - edge - MARK_STROKE - MARK_GAP - MARK_MIN
        if room >= -EPS or axis.count == 1:
            return replace(axis, outer=max(0.0, min(axis.outer, room)))
        axis = axis.shrink(length)


# --- placing faces --------------------------------------------------------------------------

def _origin(x: float, y: float, w: float, h: float, rotate: int) -> tuple[float, float]:
    """Group (dx, dy) that puts a w x h face rotated by ``rotate`` with its box at (x, y)."""
    return {0: (x, y), 90: (x + h, y), 180: (x + w, y + h), 270: (x, y + w)}[rotate % 360]


def _mirror(points: Iterable[Point], page: tuple[float, float],
            duplex: Duplex) -> tuple[Point, ...]:
    """Where points of the front lie on the back page (seen from the back)."""
    pw, ph = page
    if duplex is Duplex.LONG:
        return tuple((pw - x, y) for x, y in points)
    if duplex is Duplex.SHORT:
        return tuple((x, ph - y) for x, y in points)
    return tuple(points)


def _back_rotate(rotate: int, duplex: Duplex) -> int:
    # The back's "up" must point at the same physical edge as the front's when the cut card
    # is turned over like a book page: the mirror image of the front's up direction.
    if duplex is Duplex.LONG:
        return (-rotate) % 360
    if duplex is Duplex.SHORT:
        return (180 - rotate) % 360
    return rotate


@dataclass(frozen=True)
class _Placed:
    """One face on a page: its art transform and its clip polygons (page coordinates)."""

    face: Drawing
    dx: float
    dy: float
    rotate: int
    clips: tuple[tuple[Point, ...], ...]
    outline: tuple[Point, ...] | None  # cut line (non-rectangular components), page coords
    safe: tuple[Point, ...] | None     # safe-zone guide, page coords

    def items(self) -> Item:
        art: Item = Group(items=self.face.items, dx=self.dx, dy=self.dy, rotate=float(self.rotate),
                          label=self.face.name)
        for clip in reversed(self.clips):
            art = Group(items=(art,), clip=clip)
        return art


def _place_front(face: Drawing, i: int, grid: Grid, bleed: float, safe_guide: bool) -> _Placed:
    x, y = grid.slot(i)
    col, row = i % grid.cols.count, i // grid.cols.count
    w, h = face.width, face.height
    left, right = grid.cols.side_bleed(col, False), grid.cols.side_bleed(col, True)
    top, bottom = grid.rows.side_bleed(row, False), grid.rows.side_bleed(row, True)
    cw, ch = grid.cols.size, grid.rows.size
    dx, dy = _origin(x, y, w, h, grid.rotate)
    clips = [rect_points(x - left, y - top, cw + left + right, ch + top + bottom)]
    outline = safe = None
    if face.outline:
        outline = place_points(face.outline, dx, dy, grid.rotate)
        clips.append(place_points(offset_polygon(face.outline, bleed), dx, dy, grid.rotate))
        if safe_guide:
            safe = place_points(offset_polygon(face.outline, -SAFE_INSET), dx, dy, grid.rotate)
    elif safe_guide:
        safe = rect_points(x + SAFE_INSET, y + SAFE_INSET, cw - 2 * SAFE_INSET,
                           ch - 2 * SAFE_INSET)
    return _Placed(face, dx, dy, grid.rotate, tuple(clips), outline, safe)


def _place_back(front: _Placed, back: Drawing, x: float, y: float, grid: Grid,
                page: tuple[float, float], duplex: Duplex) -> _Placed:
    cw, ch = grid.cols.size, grid.rows.size
    bx0, by0, _, _ = bbox(_mirror(rect_points(x, y, cw, ch), page, duplex))
    rotate = _back_rotate(grid.rotate, duplex)
    dx, dy = _origin(bx0, by0, back.width, back.height, rotate)
    clips = tuple(_mirror(c, page, duplex) for c in front.clips)
    safe = _mirror(front.safe, page, duplex) if front.safe else None
    return _Placed(back, dx, dy, rotate, clips, None, safe)


def _guide(points: tuple[Point, ...]) -> Path:
    return Path(points=points, closed=True, stroke=GUIDE_COLOUR, stroke_width=0.15,
                dash=(1.0, 1.0))


# --- n-up -----------------------------------------------------------------------------------

def _copies(components: Iterable[Component]) -> Iterator[Component]:
    """Each component ``count`` times, checked, one at a time (decks may be streamed)."""
    for comp in components:
        name = comp.name or comp.front.name
        if not isinstance(comp.count, int) or comp.count < 0:
            raise PnpError(f"count must be a whole number >= 0, got {comp.count!r}",
                           field=f"count ({name})" if name else "count")
        if comp.front.width <= 0 or comp.front.height <= 0:
            raise PnpError(f"component {name!r} has no size", field="size")
        if comp.back is not None and (abs(comp.back.width - comp.front.width) > EPS
                                      or abs(comp.back.height - comp.front.height) > EPS):
            raise PnpError(f"back of {name!r} is {comp.back.width:g}x{comp.back.height:g} mm, "
                           f"its front {comp.front.width:g}x{comp.front.height:g} mm",
                           field="back")
        for _ in range(comp.count):
            yield comp


def _size_key(d: Drawing) -> tuple:
    return (round(d.width, 4), round(d.height, 4), d.outline)


def nup(components: Iterable[Component], page: tuple[float, float] = (210.0, 297.0), *,
        margin: float = MIN_MARGIN, bleed: float = 3.0, crop_marks: bool = True,
        duplex: str | Duplex = "long", back_offset: tuple[float, float] = (0.0, 0.0),
        footer: str = "", safe_zone_guide: bool = False, printer_margin: float = PRINTER_MARGIN,
        gutter: float | None = None, notes: list[str] | None = None) -> Iterator[Drawing]:
    """Pages with as many components as fit, each front page followed by its back page.

    Nothing to see or cut by comes within ``printer_margin`` of the sheet edge: a grid whose
    crop marks would is reflowed (fewer per page), and a line saying so goes to ``notes``.
    """
    duplex = parse_duplex(duplex)
    pw, ph = float(page[0]), float(page[1])
    if margin < 0 or bleed < 0:
        raise PnpError("margin and bleed must be >= 0", field="margin" if margin < 0 else "bleed")
    grids: dict[tuple, Grid] = {}
    pending: dict[tuple, list[Component]] = {}  # one grid per size, in order of first appearance
    number = 0

    def pages(grid: Grid, comps: list[Component]) -> Iterator[Drawing]:
        nonlocal number
        number += 1
        label = f"{footer} · page {number}" if footer else ""
        front_page, placed = _front_page(grid, comps, (pw, ph), margin, bleed, crop_marks,
                                         safe_zone_guide, label, printer_margin)
        yield front_page
        if any(c.back is not None for c in comps):
            number += 1
            yield _back_page(grid, comps, placed, (pw, ph), duplex, back_offset)

    # Pages go out as soon as they are full, so a large deck is never held in memory whole.
    for comp in _copies(components):
        key = _size_key(comp.front)
        if key not in grids:
            front = comp.front
            size = (front.width, front.height)
            grid = fit_grid(size, (pw, ph), margin, bleed, gutter=gutter, outline=front.outline)
            if grid is not None and crop_marks and not front.outline:
                grid = _reflowed(grid, comp, size, (pw, ph), margin, bleed, gutter,
                                 printer_margin, notes)
            if grid is None:
                name = comp.name or front.name or "component"
                raise PnpError(f"{name} ({front.width:g}x{front.height:g} mm) does not fit a "
                               f"{pw:g}x{ph:g} mm page inside {margin:g} mm margins; tile it "
                               "as a poster", field="size")
            grids[key], pending[key] = grid, []
        pending[key].append(comp)
        if len(pending[key]) == grids[key].per_page:
            yield from pages(grids[key], pending[key])
            pending[key] = []
    for key, comps in pending.items():
        if comps:
            yield from pages(grids[key], comps)


def _reflowed(grid: Grid, comp: Component, size: tuple[float, float],
              page: tuple[float, float], margin: float, bleed: float, gutter: float | None,
              edge: float, notes: list[str] | None) -> Grid:
    """The grid with room for crop marks ``edge`` mm from the sheet edge; a note when that
    costs cards."""
    roomy = fit_grid(size, page, margin, bleed, gutter=gutter, marks_edge=edge)
    if roomy is None or roomy.per_page == grid.per_page:
        return roomy or grid
    if notes is not None:
        name = comp.name or comp.front.name or "component"
        notes.append(f"{name} ({size[0]:g}x{size[1]:g} mm): {roomy.per_page} per page instead "
                     f"of {grid.per_page}, so crop marks stay {edge:g} mm from the sheet edge "
                     f"(--printer-margin, --gutter or --no-crop-marks change this)")
    return roomy


def _front_page(grid: Grid, comps: Sequence[Component], page: tuple[float, float],
                margin: float, bleed: float, marks: bool, safe_guide: bool,
                footer: str, edge: float = 0.0) -> tuple[Drawing, list[_Placed]]:
    # A partly filled page is a smaller grid (same slots): its last row and column are its outer
    # edges, for the bleed and for the marks beside them.
    ncols = grid.cols.count
    used = Grid(replace(grid.cols, count=min(len(comps), ncols)),
                replace(grid.rows, count=math.ceil(len(comps) / ncols)), grid.rotate)
    placed = [_place_front(c.front, i, used, bleed, safe_guide) for i, c in enumerate(comps)]
    items: list[Item] = [p.items() for p in placed]
    outlined = any(p.outline for p in placed)
    items += [Path(points=p.outline, closed=True, stroke="black", stroke_width=CUT_STROKE)
              for p in placed if p.outline]
    items += [_guide(p.safe) for p in placed if p.safe]
    obstacles: list[Box] = [grid.extent()]
    if marks and not outlined:  # outlined components are cut along their drawn outline
        # a partly filled page gets marks only where its cards are
        cm = crop_marks(used.cols.cuts(), used.rows.cuts(), used.extent(), page, edge=edge)
        cm += gutter_marks(used.cols, used.rows, page)
        items += cm
        obstacles += [item_box(m) for m in cm]
    text = place_footer(footer, page, margin, obstacles, avoid_x=grid.cols.cuts(),
                        avoid_y=grid.rows.cuts(), edge=edge)
    if text is not None:
        items.append(text)
    return Drawing(width=page[0], height=page[1], items=tuple(items), name="front"), placed


def _back_page(grid: Grid, comps: Sequence[Component], placed: Sequence[_Placed],
               page: tuple[float, float], duplex: Duplex,
               back_offset: tuple[float, float]) -> Drawing:
    items: list[Item] = []
    guides: list[Item] = []
    for i, (comp, front) in enumerate(zip(comps, placed, strict=True)):
        if comp.back is None:
            continue  # a blank slot: nothing prints behind this front
        back = _place_back(front, comp.back, *grid.slot(i), grid, page, duplex)
        items.append(back.items())
        if back.safe:
            guides.append(_guide(back.safe))
    items += guides
    ox, oy = back_offset
    if abs(ox) > EPS or abs(oy) > EPS:
        items = [Group(items=tuple(items), dx=float(ox), dy=float(oy))]
    return Drawing(width=page[0], height=page[1], items=tuple(items), name="back")


# --- one-up and sheets ----------------------------------------------------------------------

def print_shop_pages(components: Iterable[Component], bleed: float = 3.0) -> list[Drawing]:
    """One page per face (front, then back), trim size plus ``bleed`` all round, copies expanded.

    Meant for ``write_pdf(..., print_shop=True)``, which sets TrimBox and BleedBox.
    """
    pages: list[Drawing] = []
    for comp in _copies(components):
        for face in (comp.front, comp.back):
            if face is None:
                continue
            clip = rect_points(-bleed, -bleed, face.width + 2 * bleed, face.height + 2 * bleed)
            pages.append(Drawing(width=face.width, height=face.height, bleed=bleed,
                                 items=(Group(items=face.items, clip=clip, label=face.name),),
                                 outline=face.outline, name=face.name))
    return pages


def sheet_area(page: tuple[float, float], margin: float = MIN_MARGIN) -> tuple[float, float]:
    """Width and height (mm) that :func:`sheet_page` gives its items."""
    return (page[0] - 2 * margin, page[1] - 2 * margin - FOOTER_BAND)


def sheet_page(page: tuple[float, float], items: Iterable[Item], footer: str = "", *,
               margin: float = MIN_MARGIN, name: str = "sheet") -> Drawing:
    """A full page: ``items`` (origin at the top-left margin corner, clipped to
    :func:`sheet_area`) with the footer at the bottom, inside the margins."""
    pw, ph = float(page[0]), float(page[1])
    aw, ah = sheet_area((pw, ph), margin)
    if aw <= 0 or ah <= 0:
        raise PnpError(f"margin {margin:g} mm leaves no room on a {pw:g}x{ph:g} mm page",
                       field="margin")
    body = Group(items=tuple(items), dx=margin, dy=margin, clip=rect_points(0, 0, aw, ah))
    out: list[Item] = [body]
    text = place_footer(footer, (pw, ph), margin, [(margin, margin, margin + aw, margin + ah)])
    if text is not None:
        out.append(text)
    return Drawing(width=pw, height=ph, items=tuple(out), name=name)


__all__ = ["Duplex", "nup", "print_shop_pages", "sheet_page", "sheet_area", "poster",
           "calibration_pages", "fit_grid", "parse_duplex"]
