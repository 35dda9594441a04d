"""Duplex backs land behind their fronts: measured on the written PDF, rendered at 300 dpi.

Each card carries a square marker of its own colour at its centre, front and back. After the
flip (long edge: x -> page width - x; short edge: y -> page height - y) each back marker's
centroid must sit on its front marker's centroid within 0.1 mm.
"""

from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.layout.draw import Circle, Component, Drawing, Group, Path, Rect
from pnp.layout.impose import nup

DPI = 300
POKER = (63.5, 88.9)
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Nine colours far apart in RGB so anti-aliased edges never pass for another marker.
COLOURS = [(230, 0, 0), (0, 160, 0), (0, 0, 230), (230, 230, 0), (230, 0, 230), (0, 200, 230),
           (120, 0, 0), (0, 80, 0), (0, 0, 110)]
BACKGROUND = np.array([244.0, 244.0, 244.0])


def hexcol(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def marked_face(size, rgb, *, marker=12.0, at=None, outline=None) -> Drawing:
    w, h = size
    cx, cy = at or (w / 2, h / 2)
    items = (Rect(-3, -3, w + 6, h + 6, fill=hexcol(tuple(BACKGROUND.astype(int))), stroke=None),
             Circle(cx, cy, marker / 2, fill=hexcol(rgb), stroke=None))
    return Drawing(w, h, items, bleed=3.0, outline=outline)


class Page:
    """A rendered page with its pixels keyed by colour for fast marker look-ups."""

    def __init__(self, pdf_path, index: int):
        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            rgb = np.asarray(pdf[index].render(scale=DPI / 72).to_pil().convert("RGB"))
        finally:
            pdf.close()
        self.img = rgb
        # pdfium stretches the page over a whole number of pixels: measure the real scale
        w, h = pdf_size_mm(pdf_path, index)
        self.mm_per_px = (w / rgb.shape[1], h / rgb.shape[0])
        self.key = (rgb[:, :, 0].astype(np.int32) << 16) | (rgb[:, :, 1].astype(np.int32) << 8) \
            | rgb[:, :, 2]


def centroid(page: Page, rgb) -> tuple[float, float]:
    """Centroid (mm from the page's top-left corner) of a marker of colour ``rgb`` on the card
    background, each pixel weighted by how much of it the marker covers (anti-aliased edge)."""
    ys, xs = np.nonzero(page.key == ((rgb[0] << 16) | (rgb[1] << 8) | rgb[2]))
    assert len(xs) > 100, f"marker {rgb} not found"
    y0, y1, x0, x1 = ys.min() - 3, ys.max() + 4, xs.min() - 3, xs.max() + 4
    patch = page.img[y0:y1, x0:x1].astype(np.float64)
    colour = np.array(rgb, dtype=np.float64)
    d = colour - BACKGROUND
    alpha = np.clip(((patch - BACKGROUND) @ d) / (d @ d), 0.0, 1.0)
    gy, gx = np.mgrid[y0:y1, x0:x1]
    total = alpha.sum()
    return (((gx + 0.5) * alpha).sum() / total * page.mm_per_px[0],
            ((gy + 0.5) * alpha).sum() / total * page.mm_per_px[1])


def write(pages, tmp_path, name="sheet.pdf"):
    from pnp.layout.pdf import write_pdf
    path = tmp_path / name
    write_pdf(pages, path)
    return path


def pdf_size_mm(path, index=0):
    box = PdfReader(str(path)).pages[index].mediabox
    return (float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72)


def worst_misalignment(path, duplex: str, colours) -> float:
    """Largest distance (mm) between a front marker and its back's, seen after the flip."""
    pw, ph = pdf_size_mm(path)
    front, back = Page(path, 0), Page(path, 1)
    worst = 0.0
    for rgb in colours:
        fx, fy = centroid(front, rgb)
        bx, by = centroid(back, rgb)
        seen = (pw - bx, by) if duplex == "long" else (bx, ph - by)
        worst = max(worst, math.hypot(seen[0] - fx, seen[1] - fy))
    return worst


@pytest.mark.parametrize("page_name", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front(tmp_path, page_name, duplex):
    # Letter holds 8 poker cards turned sideways when its crop marks keep 5 mm from the edge
    colours = COLOURS if page_name == "a4" else COLOURS[:8]
    comps = [Component(marked_face(POKER, c), marked_face(POKER, c)) for c in colours]
    pages = list(nup(comps, PAGES[page_name], duplex=duplex, footer="TEST-CODE · pnp"))
    assert len(pages) == 2
    path = write(pages, tmp_path)
    pw, ph = pdf_size_mm(path)
    assert (pw, ph) == pytest.approx(PAGES[page_name], abs=0.01)
    worst = worst_misalignment(path, duplex, colours)
    assert worst < 0.1, f"worst back/front misalignment {worst:.3f} mm"


def test_long_edge_mirrors_columns_short_edge_mirrors_rows(tmp_path):
    comps = [Component(marked_face(POKER, c), marked_face(POKER, c)) for c in COLOURS]
    for duplex, expect in (("long", lambda r, c: (r, 2 - c)), ("short", lambda r, c: (2 - r, c))):
        path = write(list(nup(comps, PAGES["a4"], duplex=duplex)), tmp_path)
        front, back = Page(path, 0), Page(path, 1)
        fronts = {rgb: centroid(front, rgb) for rgb in COLOURS}
        xs = sorted({round(p[0]) for p in fronts.values()})
        ys = sorted({round(p[1]) for p in fronts.values()})
        for rgb in COLOURS:
            fx, fy = fronts[rgb]
            bx, by = centroid(back, rgb)
            row, col = ys.index(round(fy)), xs.index(round(fx))
            assert (ys.index(round(by)), xs.index(round(bx))) == expect(row, col)


def test_back_offset_shifts_backs_by_exactly_that(tmp_path):
    comps = [Component(marked_face(POKER, c), marked_face(POKER, c)) for c in COLOURS[:3]]
    plain = write(list(nup(comps, PAGES["a4"])), tmp_path)
    ref = {rgb: centroid(Page(plain, 1), rgb) for rgb in COLOURS[:3]}
    shifted = write(list(nup(comps, PAGES["a4"], back_offset=(1.5, -0.7))), tmp_path,
                    "shifted.pdf")
    back = Page(shifted, 1)
    for rgb in COLOURS[:3]:
        bx, by = centroid(back, rgb)
        assert (bx - ref[rgb][0], by - ref[rgb][1]) == pytest.approx((1.5, -0.7), abs=0.05)


def test_back_art_is_not_mirrored(tmp_path):
    # A marker near the back's own top-left corner stays at its top-left: the back drawing is
    # the back's art, only its position is mirrored.
    comps = [Component(marked_face(POKER, COLOURS[0]),
                       marked_face(POKER, COLOURS[1], marker=6.0, at=(10.0, 10.0)))]
    pages = list(nup(comps, PAGES["a4"], duplex="long"))
    path = write(pages, tmp_path)
    pw, _ = pdf_size_mm(path)
    fx, fy = centroid(Page(path, 0), COLOURS[0])  # front card centre
    bx, by = centroid(Page(path, 1), COLOURS[1])
    back_left = (pw - fx) - POKER[0] / 2
    back_top = fy - POKER[1] / 2
    assert (bx - back_left, by - back_top) == pytest.approx((10.0, 10.0), abs=0.1)


def hexagon(w: float, h: float) -> tuple[tuple[float, float], ...]:
    """A pointy-top hexagon filling a w x h box (w = h * sqrt(3) / 2)."""
    return ((w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4), (0.0, h / 4))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_hex_backs_land_behind_hex_fronts(tmp_path, duplex):
    h = 80.0
    w = h * math.sqrt(3) / 2
    outline = hexagon(w, h)
    comps = [Component(marked_face((w, h), c, outline=outline),
                       marked_face((w, h), c, outline=outline)) for c in COLOURS[:6]]
    pages = list(nup(comps, PAGES["a4"], duplex=duplex))
    assert len(pages) == 2
    front_cuts = [it for it in pages[0].items if isinstance(it, Path) and it.closed
                  and len(it.points) == 6]
    assert len(front_cuts) == 6  # a cut line along every hex outline
    path = write(pages, tmp_path)
    assert worst_misalignment(path, duplex, COLOURS[:6]) < 0.1


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_sideways_cards_backs_land_behind_their_fronts(tmp_path, duplex):
    size = (100.0, 60.0)  # fits more turned 90 degrees on A4
    comps = [Component(marked_face(size, c), marked_face(size, c)) for c in COLOURS[:6]]
    pages = list(nup(comps, PAGES["a4"], duplex=duplex))
    path = write(pages, tmp_path)
    assert worst_misalignment(path, duplex, COLOURS[:6]) < 0.1


@settings(max_examples=30, deadline=None)
@given(w=st.floats(25, 120), h=st.floats(25, 120), n=st.integers(1, 12),
       page=st.sampled_from(sorted(PAGES.values())), duplex=st.sampled_from(["long", "short"]))
def test_back_slots_mirror_front_slots_for_any_size(w, h, n, page, duplex):
    comps = [Component(marked_face((w, h), COLOURS[0]), marked_face((w, h), COLOURS[1]),
                       count=n)]
    pages = list(nup(comps, page, duplex=duplex))
    for front, back in zip(pages[::2], pages[1::2]):
        fronts = [g.clip for g in front.items if isinstance(g, Group) and g.clip]
        backs = [g.clip for g in back.items if isinstance(g, Group) and g.clip]
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs):
            flipped = [(page[0] - x, y) if duplex == "long" else (x, page[1] - y) for x, y in f]
            assert np.allclose(flipped, b)
