"""Pixel backend: one Drawing painted straight to pixels with Skia, for the PNGs and the Tabletop
Simulator pictures of `pnp render`.

It paints what the PDF backend draws, item for item: the same text lines and spans (pnp's own
fitting, ``text.fit_text``), each span set in the bundled TTFs from where pnp placed it, the same
paint order (fill, then stroke), even-odd fills and clips, mitre limit, dashes and icons.
Against pdfium rasterising the PDF of the same faces it takes about half the CPU a face
(``benchmarks/bench_rasteriser.py``), so pixels no longer go through a PDF; pdfium stays where a
PDF itself is rasterised (``raster.pdf_to_pngs``) and in the tests that compare the two.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import skia
from PIL import Image as PILImage

from pnp.layout.colours import parse_colour
from pnp.layout.draw import Backend, Circle, Drawing, Group, Item, Path, Rect, TextBox
from pnp.layout.fonts import Face, face_bytes
from pnp.layout.pdf import MITER_LIMIT, image_bytes, load_image
from pnp.layout.raster import Pixels, face_size
from pnp.layout.text import fit_text

Matrix = tuple[float, float, float, float]  # (scale x, scale y, offset x, offset y): mm -> px


@lru_cache(maxsize=1)
def _fonts() -> skia.FontMgr:
    # A font manager that knows only the files it is given: pnp paints its bundled fonts alone,
    # and Skia's default manager would read the system's fontconfig set-up (slower, and its
    # older fontconfig prints a warning on newer systems' configuration files).
    return skia.FontMgr.New_Custom_Empty()


@lru_cache(maxsize=64)
def _typeface(face: Face) -> skia.Typeface:
    if face.bundled:
        return _fonts().makeFromFile(face.path)
    # A designer's font from the bytes the PDF embeds (a CFF font's converted outlines)
    return _fonts().makeFromData(skia.Data.MakeWithCopy(face_bytes(face)))


@lru_cache(maxsize=256)
def _font(font: Face, em: float) -> skia.Font:
    f = skia.Font(_typeface(font), em)
    # Outlines as they are (no hinting, no grid fitting of advances), placed at fractional
    # positions: glyphs land where the PDF puts them.
    f.setHinting(skia.FontHinting.kNone)
    f.setSubpixel(True)
    f.setLinearMetrics(True)
    f.setEdging(skia.Font.Edging.kAntiAlias)
    return f


@lru_cache(maxsize=1024)
def _fill(colour: str | None) -> skia.Paint | None:
    """A fill paint, or None when there is nothing to fill with (none or transparent)."""
    rgba = parse_colour(colour)
    if rgba is None or rgba[3] <= 0:
        return None
    return skia.Paint(Color4f=skia.Color4f(*rgba), AntiAlias=True)


@lru_cache(maxsize=1024)
def _stroke(colour: str | None, width: float, dash: tuple[float, ...] = ()) -> skia.Paint | None:
    """A stroke paint, or None when nothing would be stroked (no colour or no width)."""
    rgba = parse_colour(colour)
    if rgba is None or rgba[3] <= 0 or width <= 0:
        return None
    paint = skia.Paint(Color4f=skia.Color4f(*rgba), AntiAlias=True,
                       Style=skia.Paint.kStroke_Style, StrokeWidth=width,
                       StrokeMiter=MITER_LIMIT)
    if dash and sum(dash) > 0:
        # PDF repeats an odd dash array to make it even; Skia wants it even.
        intervals = list(dash) * (2 if len(dash) % 2 else 1)
        paint.setPathEffect(skia.DashPathEffect.Make(intervals, 0))
    return paint


@lru_cache(maxsize=64)
def _image(path: str, digest: str) -> skia.Image:
    """The art at ``path`` decoded once per content (``digest``), with mipmaps for the small
    sizes icons are drawn at."""
    with PILImage.open(io.BytesIO(image_bytes(path))) as im:
        rgba = np.asarray(im.convert("RGBA"))
    image = skia.Image.fromarray(rgba, colorType=skia.kRGBA_8888_ColorType,
                                 alphaType=skia.kUnpremul_AlphaType)
    return image.withDefaultMipmaps()


# Art drawn larger than its pixels shows them as squares, as the PDF (no /Interpolate) shows
# them in pdfium and in most viewers; drawn smaller, it is averaged (mipmaps), as pdfium does.
_ENLARGED = skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone)
_REDUCED = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
_IMAGE_PAINT = skia.Paint(AntiAlias=True)


def _outline(points: Sequence[tuple[float, float]], closed: bool) -> skia.Path:
    path = skia.Path()
    path.setFillType(skia.PathFillType.kEvenOdd)  # as the PDF's f* / B* / W*
    path.moveTo(*points[0])
    for x, y in points[1:]:
        path.lineTo(x, y)
    if closed:
        path.close()
    return path


class Painter(Backend):
    """Paints items on one Skia canvas whose matrix maps mm (y down) to pixels."""

    def __init__(self, canvas: skia.Canvas):
        self.c = canvas

    def rect(self, r: Rect) -> None:
        box = skia.Rect.MakeXYWH(r.x, r.y, r.w, r.h)
        radius = min(r.radius, r.w / 2, r.h / 2) if r.radius > 0 else 0.0
        for paint in (_fill(r.fill), _stroke(r.stroke, r.stroke_width)):
            if paint is None:
                continue
            if radius > 0:
                self.c.drawRoundRect(box, radius, radius, paint)
            else:
                self.c.drawRect(box, paint)

    def circle(self, ci: Circle) -> None:
        for paint in (_fill(ci.fill), _stroke(ci.stroke, ci.stroke_width)):
            if paint is not None:
                self.c.drawCircle(ci.cx, ci.cy, ci.r, paint)

    def path(self, pa: Path) -> None:
        if len(pa.points) < 2:
            return
        fill, stroke = _fill(pa.fill), _stroke(pa.stroke, pa.stroke_width, tuple(pa.dash))
        if fill is None and stroke is None:
            return
        outline = _outline(pa.points, pa.closed)
        for paint in (fill, stroke):
            if paint is not None:
                self.c.drawPath(outline, paint)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        digest, iw, ih = load_image(path)  # the PDF's check: unreadable art is a PnpError
        # Fit inside the box keeping the aspect ratio, centred (as the PDF and SVG place it).
        scale = min(w / iw, h / ih)
        dw, dh = iw * scale, ih * scale
        dst = skia.Rect.MakeXYWH(x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)
        m = self.c.getTotalMatrix()
        device = abs(m.getScaleX() * m.getScaleY() - m.getSkewX() * m.getSkewY()) ** 0.5 * scale
        sampling = _ENLARGED if device >= 1 else _REDUCED  # device pixels per art pixel
        self.c.drawImageRect(_image(path, digest), dst, sampling, _IMAGE_PAINT)

    def group(self, g: Group) -> None:
        c = self.c
        c.save()
        if g.dx or g.dy:
            c.translate(g.dx, g.dy)
        if g.rotate:
            c.rotate(g.rotate)  # y runs down, so positive turns clockwise, as in the PDF
        if g.mirror:
            c.scale(-1, 1)
        if g.clip and len(g.clip) >= 3:
            c.clipPath(_outline(g.clip, True), skia.ClipOp.kIntersect, True)
        self.items(g.items)
        c.restore()

    def text(self, box: TextBox) -> None:
        fitted = fit_text(box)
        if not fitted.lines:
            return
        c = self.c
        if box.rotate:
            c.save()
            cx, cy = box.x + box.w / 2, box.y + box.h / 2
            c.translate(cx, cy)
            c.rotate(box.rotate)
            c.translate(-cx, -cy)
        for line in fitted.lines:
            y = box.y + line.baseline
            for span in line.spans:
                if span.icon is None and span.text and span.face is not None:
                    paint = _fill(span.colour or box.colour)
                    if paint is not None:
                        c.drawString(span.text, box.x + span.x, y,
                                     _font(span.face, span.size_mm), paint)
        self.icons(box, fitted)
        if box.rotate:
            c.restore()


_scratch: dict[tuple[int, int], np.ndarray] = {}


def paint(drawing: Drawing, width: int, height: int, matrix: Matrix) -> np.ndarray:
    """``drawing`` on white at ``width`` x ``height`` pixels: RGBA (opaque), rows top down.

    ``matrix`` maps the drawing's mm (origin at the trim's top-left) to pixels. The array is
    this process's scratch buffer for that size: valid until the next call of the same size.
    """
    buffer = _scratch.get((width, height))
    if buffer is None:
        if len(_scratch) > 8:
            _scratch.clear()
        # Reused: a fresh 4 MB buffer a face costs its page faults again every time.
        buffer = _scratch[width, height] = np.empty((height, width, 4), np.uint8)
    surface = skia.Surface(buffer, colorType=skia.kRGBA_8888_ColorType,
                           alphaType=skia.kPremul_AlphaType)
    canvas = surface.getCanvas()
    sx, sy, ox, oy = matrix
    if not _covers(drawing.items[:1], width, height, matrix):
        canvas.clear(skia.ColorWHITE)
    canvas.translate(ox, oy)
    canvas.scale(sx, sy)
    Painter(canvas).items(drawing.items)
    del canvas, surface  # the surface draws into buffer; nothing of it outlives this call
    return buffer


def _covers(first: tuple[Item, ...], width: int, height: int, matrix: Matrix) -> bool:
    """Whether the first item is an opaque rectangle over every pixel (a background that
    bleeds): then the white underneath is never seen and the page need not be cleared."""
    if not first or type(first[0]) is not Rect:
        return False
    r = first[0]
    rgba = parse_colour(r.fill)
    if rgba is None or rgba[3] < 1 or r.radius > 0:
        return False
    sx, sy, ox, oy = matrix
    return (ox + r.x * sx <= 0 and oy + r.y * sy <= 0 and ox + (r.x + r.w) * sx >= width
            and oy + (r.y + r.h) * sy >= height)


def rgb_rows(rgba: np.ndarray, lead: int) -> bytearray:
    """The RGB bytes of opaque RGBA pixels, each row preceded by ``lead`` zero bytes (1: the
    PNG filter byte of unfiltered rows; 0: plain RGB).

    Each pixel is stored as one 4-byte word 3 bytes after the one before: the next pixel's
    store overwrites the alpha byte, and the row's last alpha lands on the next row's lead
    byte (zeroed after) or on the spare byte at the end. NumPy copies in index order, so this is
    one pass at memory speed (Pillow's packing and NumPy's 3-of-4 copy took 5-10x as long).
    """
    h, w = rgba.shape[:2]
    stride = 3 * w + lead
    out = bytearray(h * stride + 1)
    words = np.ndarray((h, w), np.uint32, buffer=out, offset=lead, strides=(stride, 3))
    np.copyto(words, rgba.view(np.uint32).reshape(h, w))
    if lead:
        np.frombuffer(out, np.uint8)[:h * stride:stride] = 0
    del words
    del out[-1]
    return out


def face_pixels(drawing: Drawing, dpi: float) -> Pixels:
    """The drawing with its bleed at ``dpi`` (round(mm / 25.4 * dpi) pixels a side), as PNG
    rows: the page stretched onto exactly those pixels, as pdfium draws it."""
    w, h = face_size(drawing, dpi)
    b = drawing.bleed
    sx, sy = w / (drawing.width + 2 * b), h / (drawing.height + 2 * b)
    return Pixels(w, h, rgb_rows(paint(drawing, w, h, (sx, sy, b * sx, b * sy)), 1))


def face_picture(drawing: Drawing, size: tuple[int, int]) -> bytes:
    """The trimmed drawing (no bleed) at ``size`` pixels: raw RGB bytes.

    The trim fills the picture exactly. (Through the PDF the page had to land on whole pixels,
    so a sliver of bleed could show along two edges; painting needs no such rounding.)
    """
    return bytes(rgb_rows(_picture(drawing, size), 0))


def face_picture_rgbx(drawing: Drawing, size: tuple[int, int]) -> memoryview:
    """``face_picture`` as RGBX (4 bytes a pixel, the fourth 255), as the painter leaves it.

    The view is of this process's scratch buffer: use it before painting again.
    """
    return _picture(drawing, size).data.cast("B")


def _picture(drawing: Drawing, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    return paint(drawing, w, h, (w / drawing.width, h / drawing.height, 0.0, 0.0))


class PaintDoc:
    """Drawings painted on demand: the same calls as ``raster.RasterDoc`` without a PDF."""

    def __init__(self, drawings: Sequence[Drawing]):
        self.drawings = list(drawings)

    def pixels(self, i: int, dpi: float) -> Pixels:
        """Drawing ``i`` with its bleed at ``dpi``: round(mm / 25.4 * dpi) pixels a side."""
        return face_pixels(self.drawings[i], dpi)

    def picture(self, i: int, size: tuple[int, int]) -> bytes:
        """The trimmed drawing ``i`` (no bleed) at ``size`` pixels: raw RGB bytes."""
        return face_picture(self.drawings[i], size)

    def close(self) -> None:
        pass

    def __enter__(self) -> PaintDoc:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
