"""Boards bigger than a page tiled over pages at true scale, and the duplex calibration sheet."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.layout.draw import Align, Drawing, Group, Item, Path, Point, TextBox, VAlign
from pnp.layout.marks import FOOTER_PT, cross, offset_polygon, place_points, rect_points, ruler

MIN_MARGIN = 6.35       # 1/4 in: what home printers leave unprinted
LABEL_BAND = 4.0        # mm at the bottom of each poster page for "row r, col c of R x C"
GLUE_COLOUR = "#9a9a9a"
CUT_COLOUR = "#707070"


@dataclass(frozen=True)
class PosterPlan:
    """How a board is tiled: page size as used (portrait or landscape), grid and step."""

    page: tuple[float, float]
    rows: int
    cols: int
    window: tuple[float, float]   # board area each page shows (mm)
    step: tuple[float, float]     # window minus overlap
    origin: tuple[float, float]   # board coordinate of the first page's window corner

    @property
    def pages(self) -> int:
        return self.rows * self.cols


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window + 1e-6:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _tiles(length: float, bleed: float, window: float, overlap: float) -> tuple[int, float]:
    """Pages along one axis, and the board coordinate where the first window starts.

    The trim decides the count. The bleed is covered in full when that costs no extra page;
    otherwise the windows are centred on the trim and the outer bleed is cut short, as n-up
    cards share cut lines rather than lose a card to bleed.
    """
    n = _count(length, window, overlap)
    if _count(length + 2 * bleed, window, overlap) == n:
        return n, -bleed
    span = (n - 1) * (window - overlap) + window
    return n, (length - span) / 2


def plan_poster(size: tuple[float, float], bleed: float, page: tuple[float, float], *,
                margin: float = MIN_MARGIN, overlap: float = 10.0) -> PosterPlan:
    """The page orientation and tile grid that cover the board in fewest pages (its bleed too,
    where that costs no page)."""
    best: PosterPlan | None = None
    short, long_ = sorted(page)
    for pw, ph in ((short, long_), (long_, short)):  # portrait first: it wins ties
        ww, wh = pw - 2 * margin, ph - 2 * margin - LABEL_BAND
        if ww <= overlap or wh <= overlap:
            continue  # no step left between overlaps in this orientation
        cols, ox = _tiles(size[0], bleed, ww, overlap)
        rows, oy = _tiles(size[1], bleed, wh, overlap)
        plan = PosterPlan((pw, ph), rows, cols, (ww, wh), (ww - overlap, wh - overlap), (ox, oy))
        if best is None or plan.pages < best.pages:
            best = plan
    if best is None:
        raise PnpError(f"overlap {overlap:g} mm leaves no room on a {short:g}x{long_:g} mm "
                       "page", field="overlap")
    return best


def poster(drawing: Drawing, page: tuple[float, float], *, margin: float = MIN_MARGIN,
           overlap: float = 10.0, footer: str = "") -> list[Drawing]:
    """Pages that tile ``drawing`` at true scale, ``overlap`` mm shared between neighbours.

    Each page shows its window of the board; an inner edge carries a dashed line in the middle
    of the overlap strip with registration crosses at the strip's corners. Trim a page along its
    left and top dashed lines and lay it on its neighbours so the crosses and lines meet.
    """
    if overlap < 0 or margin < 0:
        raise PnpError("overlap and margin must be >= 0", field="overlap")
    b = drawing.bleed
    plan = plan_poster((drawing.width, drawing.height), b, page, margin=margin, overlap=overlap)
    pw, ph = plan.page
    ww, wh = plan.window
    sx, sy = plan.step
    ox, oy = plan.origin
    board = (-b, -b, drawing.width + 2 * b, drawing.height + 2 * b)  # x, y, w, h with bleed
    # Glue lines (board coordinates) in the middle of each overlap strip.
    vlines = [ox + c * sx + overlap / 2 for c in range(1, plan.cols)]
    hlines = [oy + r * sy + overlap / 2 for r in range(1, plan.rows)]
    pages = []
    for r in range(plan.rows):
        for c in range(plan.cols):
            x0, y0 = ox + c * sx, oy + r * sy            # board coords of this window
            vis = (max(x0, board[0]), max(y0, board[1]),
                   min(x0 + ww, board[0] + board[2]), min(y0 + wh, board[1] + board[3]))
            to_page = (margin - x0, margin - y0)
            clip = rect_points(vis[0] + to_page[0], vis[1] + to_page[1], vis[2] - vis[0],
                               vis[3] - vis[1])
            items: list[Item] = [Group(
                items=(Group(items=drawing.items, dx=to_page[0], dy=to_page[1]),), clip=clip)]
            items += _cut_line(drawing, to_page, clip) if b > 0 or drawing.outline else []
            items += _glue_marks(vlines, hlines, vis, to_page, overlap)
            label = f"row {r + 1}, col {c + 1} of {plan.rows} x {plan.cols}"
            hint = _hint(r, c) if plan.pages > 1 else ""
            text = " · ".join(t for t in (label, hint, footer) if t)
            items.append(TextBox(x=margin, y=ph - margin - LABEL_BAND + 0.6, w=pw - 2 * margin,
                                 h=LABEL_BAND - 0.6, text=text, size=FOOTER_PT, min_size=4.0,
                                 colour="#444444", align=Align.CENTER, valign=VAlign.MIDDLE))
            pages.append(Drawing(width=pw, height=ph, items=tuple(items),
                                 name=f"{drawing.name or 'board'} r{r + 1}c{c + 1}"))
    return pages


def _hint(r: int, c: int) -> str:
    edges = [e for e, inner in (("left", c > 0), ("top", r > 0)) if inner]
    if not edges:
        return "base page: lay the others on it"
    return f"trim the {' and '.join(edges)} edge on the dashed line, match the crosses, glue"


def _cut_line(drawing: Drawing, to_page: tuple[float, float],
              clip: tuple[Point, ...]) -> list[Item]:
    """The trim line (or outline), clipped a hair outside the page's window of the board."""
    pts = drawing.outline or rect_points(0, 0, drawing.width, drawing.height)
    path = Path(points=place_points(pts, *to_page, 0), closed=True, stroke=CUT_COLOUR,
                stroke_width=0.15)
    return [Group(items=(path,), clip=offset_polygon(clip, 0.1))]


def _glue_marks(vlines: list[float], hlines: list[float], vis: tuple[float, float, float, float],
                to_page: tuple[float, float], overlap: float) -> list[Item]:
    """Dashed glue/trim lines and registration crosses, at the same board points on both pages."""
    tx, ty = to_page
    x0, y0, x1, y1 = vis
    items: list[Item] = []
    dash = (2.0, 1.5)
    inset = min(overlap / 2, 5.0) if overlap > 0 else 3.0
    vs = [x for x in vlines if x0 - 1e-6 <= x <= x1 + 1e-6]
    hs = [y for y in hlines if y0 - 1e-6 <= y <= y1 + 1e-6]
    for x in vs:
        items.append(Path(points=((x + tx, y0 + ty), (x + tx, y1 + ty)), stroke=GLUE_COLOUR,
                          stroke_width=0.2, dash=dash))
    for y in hs:
        items.append(Path(points=((x0 + tx, y + ty), (x1 + tx, y + ty)), stroke=GLUE_COLOUR,
                          stroke_width=0.2, dash=dash))
    # crosses: where the lines meet each other and near both ends of every line
    points: set[tuple[float, float]] = set()
    for x in vs:
        for y in _along(y0, y1, hs, inset):
            points.add((round(x, 6), round(y, 6)))
    for y in hs:
        for x in _along(x0, x1, vs, inset):
            points.add((round(x, 6), round(y, 6)))
    for x, y in sorted(points):
        items += cross(x + tx, y + ty, 3.0, circle=1.5, stroke_width=0.15)
    return items


def _along(lo: float, hi: float, crossings: list[float], inset: float) -> list[float]:
    """Cross positions along a line: near its ends (inside the shared strip) and at crossings."""
    return [lo + inset, hi - inset] + list(crossings)


# --- duplex calibration ---------------------------------------------------------------------

CAL_ARM = 14.0     # half length of the front crosses (long: visible through the paper)
RULER_HALF = 6.0   # the back rulers read -6 to +6 mm
RULER_AT = 9.0     # back rulers sit this far from the target centre: each ends (at 6 mm) before
                   # the other's 2.5 mm zero tick begins (at 9 - 2.5 mm), so they never cross


def _cal_points(page: tuple[float, float]) -> list[tuple[float, float]]:
    # Symmetric about both page axes, so the same set lies behind itself after a long-edge or a
    # short-edge flip: the sheet serves either setting.
    pw, ph = page
    ax, ay = pw / 2 - 45.0, ph / 2 - 85.0
    return [(pw / 2, ph / 2)] + [(pw / 2 + sx * ax, ph / 2 + sy * ay)
                                 for sy in (-1, 1) for sx in (-1, 1)]


FRONT_TEXT = (
    "DUPLEX CALIBRATION - FRONT\n"
    "1. Print both pages double-sided on the paper you will use, with the same flip setting "
    "(long edge or short edge) as your cards, at 100% / actual size (no fit to page).\n"
    "2. Check the scale: the bar below must measure 100 mm.\n"
    "3. Hold the sheet against a window or a lamp, back side (with the rulers) towards you.\n"
    "4. At the centre target, read where the thick cross from this side meets the rulers: "
    "X on the horizontal ruler, Y on the vertical one, in mm.\n"
    "5. Print your cards with: --back-offset X,Y  (for example --back-offset 0.5,-1).")

BACK_TEXT = (
    "DUPLEX CALIBRATION - BACK\n"
    "Hold against the light, this side towards you. Read where the thick cross printed on the "
    "other side meets each ruler: X on the horizontal ruler, Y on the vertical one (mm, "
    "+ right / + down on this side). Pass them as --back-offset X,Y. If the crosses all sit on "
    "0 your printer needs no offset. The corner targets show whether the offset is the same "
    "everywhere; if not, use the centre value.")


def calibration_pages(page: tuple[float, float]) -> tuple[Drawing, Drawing]:
    """A duplex calibration sheet: front crosses, back rulers at the mirrored positions."""
    pw, ph = float(page[0]), float(page[1])
    if pw < 120 or ph < 160:
        raise PnpError(f"page {pw:g}x{ph:g} mm is too small for the calibration sheet",
                       field="page")
    m = MIN_MARGIN + 2.0
    front: list[Item] = []
    back: list[Item] = []
    for x, y in _cal_points((pw, ph)):
        front += cross(x, y, CAL_ARM, circle=3.0, stroke_width=0.35)
        # The point behind (x, y) on the back is its mirror, which is in the set too. The
        # rulers read the front cross's arms: the horizontal ruler (RULER_AT mm below the
        # point) crosses its vertical arm at X, the vertical ruler (RULER_AT mm to the right)
        # crosses its horizontal arm at Y; zero is exactly behind the arm, + right / + down.
        back += ruler(x, y + RULER_AT, vertical=False, half=RULER_HALF)
        back += ruler(x + RULER_AT, y, vertical=True, half=RULER_HALF)
        back += cross(x, y, 1.5, stroke_width=0.1)
    front.append(TextBox(x=m, y=m, w=pw - 2 * m, h=40.0, text=FRONT_TEXT, size=8.0,
                         min_size=5.0))
    bar_y = ph - m - 12.0  # a 100 mm scale bar: printing at the wrong scale spoils everything
    front.append(Path(points=((pw / 2 - 50, bar_y), (pw / 2 + 50, bar_y)), stroke="black",
                      stroke_width=0.3))
    for i in range(0, 101, 10):
        tick = 3.0 if i % 50 == 0 else 1.5
        front.append(Path(points=((pw / 2 - 50 + i, bar_y), (pw / 2 - 50 + i, bar_y - tick)),
                          stroke="black", stroke_width=0.2))
    front.append(TextBox(x=pw / 2 - 20, y=bar_y + 0.8, w=40, h=3.5, text="100 mm", size=6.0,
                         align=Align.CENTER))
    back.append(TextBox(x=m, y=ph - m - 30.0, w=pw - 2 * m, h=30.0, text=BACK_TEXT, size=8.0,
                        min_size=5.0, valign=VAlign.BOTTOM))
    return (Drawing(width=pw, height=ph, items=tuple(front), name="calibration front"),
            Drawing(width=pw, height=ph, items=tuple(back), name="calibration back"))
