"""PNG backend: rasterise through the PDF (pypdfium2), so a PNG shows what the printer gets.

Faces are rasterised in batches: one PDF document per batch (fonts embedded once, not once per
face), one bitmap per page, then the same bitmap gives the face's PNG and its Tabletop Simulator
picture (the trim, scaled down), so a face is rasterised once whatever formats want it.
"""

from __future__ import annotations

import ctypes
import io
import os
import struct
import zlib
from collections.abc import Iterator, Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Drawing
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MAX_PIXELS_A_SIDE, MM_PER_INCH, pixel_size  # noqa: F401 (re-export)

# Deflate of the PNGs, chosen by measurement (benchmarks/bench_png.py, card faces at 300 dpi):
# ISA-L's level 1 (isal) packs unfiltered card rows to ~79 KB in ~1.1 ms, zlib's level 3 to
# ~67 KB in ~8.8 ms and level 1 to ~71 KB in ~6.9 ms: 15% larger files for an encoder 8x as
# fast, on the step that was the largest single cost of a PNG. Any inflater reads them.
PNG_LEVEL = 1


def _deflate(data: bytes | memoryview, level: int) -> bytes:
    from isal import isal_zlib

    return isal_zlib.compress(data, level) if level <= 2 else zlib.compress(data, level)


def png_from_rows(width: int, height: int, rows: bytes | memoryview, dpi: float,
                  level: int = PNG_LEVEL) -> bytes:
    """PNG bytes of RGB rows that each start with their filter byte (0: unfiltered).

    IHDR, pHYs (the physical resolution), one IDAT, IEND. No text chunks or timestamps: the
    same pixels always give the same bytes.
    """
    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    ppm = int(dpi / 0.0254 + 0.5)  # pixels per metre, as Pillow writes it
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))
            + chunk(b"IDAT", _deflate(rows, level))
            + chunk(b"IEND", b""))


def encode_png(image: PILImage.Image, dpi: float, level: int = PNG_LEVEL) -> bytes:
    """An RGB image as PNG bytes, rows stored unfiltered.

    Card art is mostly flat colour, which deflate packs as well unfiltered as filtered, and
    choosing a filter per row was most of Pillow's encoding time.
    """
    image = image.convert("RGB") if image.mode != "RGB" else image
    w, h = image.size
    raw = image.tobytes()
    stride = 3 * w
    view = memoryview(raw)
    rows = b"".join(b"\x00" + view[y * stride:(y + 1) * stride] for y in range(h))
    return png_from_rows(w, h, rows, dpi, level)


class Pixels:
    """A rendered page as PNG rows: ``height`` rows of a 0 filter byte and ``width`` RGB pixels.

    pdfium draws straight into this layout (a stride of 3 * width + 1 starting one byte in), so
    the PNG encoder deflates the buffer as it is, with no copy or row join.
    """

    def __init__(self, width: int, height: int, buffer: bytearray):
        self.width, self.height, self.buffer = width, height, buffer

    @property
    def rows(self) -> memoryview:
        return memoryview(self.buffer)[:self.height * (3 * self.width + 1)]

    def png(self, dpi: float, level: int = PNG_LEVEL) -> bytes:
        return png_from_rows(self.width, self.height, self.rows, dpi, level)

    def image(self) -> PILImage.Image:
        """An RGB Pillow image (a copy)."""
        return PILImage.frombuffer("RGB", (self.width, self.height),
                                   memoryview(self.buffer)[1:], "raw", "RGB",
                                   3 * self.width + 1, 1)


def _pixels(page: pdfium.PdfPage, width: int, height: int) -> Pixels:
    # FPDF_RenderPageBitmap stretches the page onto exactly width x height pixels; page.render()
    # would round the size up (ceil), giving a pixel too many on some sizes.
    stride = 3 * width + 1
    buffer = bytearray(stride * height + 1)  # +1: the last row's padding byte, never written
    memory = (ctypes.c_ubyte * len(buffer)).from_buffer(buffer)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR,
                                          ctypes.byref(memory, 1), stride)
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    del memory  # the buffer may be resized again once nothing exports it
    return Pixels(width, height, buffer)


def _bitmap(page: pdfium.PdfPage, width: int, height: int) -> PILImage.Image:
    return _pixels(page, width, height).image()


def _render(page: pdfium.PdfPage, width: int, height: int, dpi: float) -> bytes:
    return _pixels(page, width, height).png(dpi)


def face_size(drawing: Drawing, dpi: float) -> tuple[int, int]:
    """Pixels of a face with its bleed at ``dpi``."""
    return pixel_size(drawing.width + 2 * drawing.bleed, drawing.height + 2 * drawing.bleed, dpi)


def trim_picture(image: PILImage.Image, drawing: Drawing, size: tuple[int, int]) -> bytes:
    """The trimmed face (no bleed) of a face's bitmap, scaled to ``size``: raw RGB bytes."""
    sx = image.size[0] / (drawing.width + 2 * drawing.bleed)
    sy = image.size[1] / (drawing.height + 2 * drawing.bleed)
    box = (drawing.bleed * sx, drawing.bleed * sy, (drawing.bleed + drawing.width) * sx,
           (drawing.bleed + drawing.height) * sy)
    fx, fy = (box[2] - box[0]) / size[0], (box[3] - box[1]) / size[1]
    f = round(fx)
    if f >= 1 and abs(fx - f) < 0.01 and abs(fy - f) < 0.01:
        # The usual 300 -> 150 dpi: average f x f pixels from the nearest whole pixel (a shift
        # of under half a source pixel), twice as fast as resampling.
        x0, y0 = round(box[0]), round(box[1])
        return image.reduce(f, box=(x0, y0, x0 + size[0] * f, y0 + size[1] * f)).tobytes()
    # BOX averages whole source pixels: 4x faster than Lanczos, with no ringing at the sharp
    # edges of flat card art.
    return image.resize(size, PILImage.Resampling.BOX, box=box).tobytes()


def rasterise(drawings: Sequence[Drawing], dpi: float) -> list[PILImage.Image]:
    """Each drawing (with its bleed) as an RGB image of round(mm / 25.4 * dpi) pixels a side."""
    return [p.image() for p in raster_pages(drawings, dpi)]


def raster_pages(drawings: Sequence[Drawing], dpi: float) -> Iterator[Pixels]:
    """Each drawing's pixels, one at a time (only one face's bitmap is held at once)."""
    if not drawings:
        return
    sizes = [face_size(d, dpi) for d in drawings]
    buf = io.BytesIO()
    write_pdf(drawings, buf)
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        for i in range(len(drawings)):
            page = doc[i]
            try:
                yield _pixels(page, *sizes[i])
            finally:
                page.close()
    finally:
        doc.close()


def drawing_to_png(drawing: Drawing, dpi: float = 300) -> bytes:
    """One drawing (with its bleed) as PNG bytes of exactly round(mm / 25.4 * dpi) pixels."""
    return next(raster_pages([drawing], dpi)).png(dpi)


def pdf_to_pngs(pdf_path: str | os.PathLike, dpi: float = 300) -> list[bytes]:
    """Every page of a PDF as PNG bytes, each sized from its media box at ``dpi``."""
    try:
        doc = pdfium.PdfDocument(os.fspath(pdf_path))
    except (OSError, pdfium.PdfiumError) as exc:
        raise PnpError(f"cannot read PDF: {exc}", file=os.fspath(pdf_path)) from None
    try:
        pngs = []
        for i in range(len(doc)):
            page = doc[i]
            w_pt, h_pt = page.get_size()
            pngs.append(_render(page, *pixel_size(w_pt * MM_PER_INCH / 72,
                                                  h_pt * MM_PER_INCH / 72, dpi), dpi))
        return pngs
    finally:
        doc.close()
