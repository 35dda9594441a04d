"""PNG files, and pdfium rasterising PDF pages: a PDF's pages as PNGs, and faces drawn through
their PDF (the reference the pixel backend, ``paint.py``, is tested against).

Through the PDF, faces are rasterised in batches: one PDF document per batch (fonts embedded
once, not once per face); each page is parsed once and drawn straight at the sizes wanted: the
PNG (pdfium writes the PNG rows themselves) and the Tabletop Simulator picture (the trim alone,
at its own size). pypdfium2 is imported only there: the PNG encoder serves both backends.
"""

from __future__ import annotations

import ctypes
import io
import os
import struct
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Drawing
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MAX_PIXELS_A_SIDE, MM_PER_INCH, pixel_size  # noqa: F401 (re-export)

if TYPE_CHECKING:
    import pypdfium2 as pdfium

# Deflate of the PNGs, chosen by measurement (benchmarks/bench_png.py, card faces at 300 dpi):
# ISA-L's level 1 (isal) packs unfiltered card rows to ~79 KB in ~1.1 ms, zlib's level 3 to
# ~67 KB in ~8.8 ms and level 1 to ~71 KB in ~6.9 ms: 15% larger files for an encoder 8x as
# fast, on the step that was the largest single cost of a PNG. Any inflater reads them.
PNG_DEFLATE = ("isal", 1)


def deflate(data: bytes | memoryview, codec: tuple[str, int] = PNG_DEFLATE) -> bytes:
    """A zlib stream of ``data`` by ``codec``: ("isal", 0-3) or ("zlib", 0-9)."""
    name, level = codec
    if name == "isal":
        from isal import isal_zlib

        return isal_zlib.compress(data, level)
    return zlib.compress(data, level)


def png_from_rows(width: int, height: int, rows: bytes | memoryview, dpi: float,
                  codec: tuple[str, int] = PNG_DEFLATE) -> bytes:
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
            + chunk(b"IDAT", deflate(rows, codec))
            + chunk(b"IEND", b""))


def encode_png(image: PILImage.Image, dpi: float,
               codec: tuple[str, int] = PNG_DEFLATE) -> bytes:
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
    return png_from_rows(w, h, rows, dpi, codec)


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

    def png(self, dpi: float, codec: tuple[str, int] = PNG_DEFLATE) -> bytes:
        return png_from_rows(self.width, self.height, self.rows, dpi, codec)

    def image(self) -> PILImage.Image:
        """An RGB Pillow image (a copy)."""
        return PILImage.frombytes("RGB", (self.width, self.height),
                                  memoryview(self.buffer)[1:], "raw", "RGB", 3 * self.width + 1, 1)


def _draw(page: pdfium.PdfPage, width: int, height: int, stride: int, offset: int,
          place: tuple[int, int, int, int] | None = None) -> bytearray:
    """pdfium draws ``page`` into a new buffer of ``height`` rows of ``width`` RGB pixels,
    ``stride`` bytes apart from ``offset`` on; ``place`` (x, y, w, h) is where the whole page
    lands in the bitmap (default: stretched onto it exactly; parts outside are cut off)."""
    import pypdfium2.raw as pdfium_c

    # FPDF_RenderPageBitmap stretches the page onto exactly the pixels asked for; page.render()
    # would round the size up (ceil), giving a pixel too many on some sizes.
    buffer = bytearray(stride * height + offset)
    memory = (ctypes.c_ubyte * len(buffer)).from_buffer(buffer)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width, height, pdfium_c.FPDFBitmap_BGR,
                                          ctypes.byref(memory, offset), stride)
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
        x, y, w, h = place or (0, 0, width, height)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, x, y, w, h, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    del memory  # nothing exports the buffer any more
    return buffer


def _pixels(page: pdfium.PdfPage, width: int, height: int) -> Pixels:
    # Rows one byte longer than the pixels, starting one byte in: the byte before each row is
    # its PNG filter byte (0), so the buffer is the PNG's image data as it stands.
    return Pixels(width, height, _draw(page, width, height, 3 * width + 1, 1))


def _picture(page: pdfium.PdfPage, drawing: Drawing, size: tuple[int, int]) -> bytes:
    # The trim alone, drawn at the picture's size: the page is scaled so its trim fills the
    # bitmap and the bleed falls outside it (a quarter of the pixels of a 300 dpi face for a
    # 150 dpi picture, and no resampling).
    w, h = size
    sx, sy = w / drawing.width, h / drawing.height
    b = drawing.bleed
    place = (-round(b * sx), -round(b * sy), round((drawing.width + 2 * b) * sx),
             round((drawing.height + 2 * b) * sy))
    return bytes(_draw(page, w, h, 3 * w, 0, place))


def _bitmap(page: pdfium.PdfPage, width: int, height: int) -> PILImage.Image:
    return _pixels(page, width, height).image()


def _render(page: pdfium.PdfPage, width: int, height: int, dpi: float) -> bytes:
    return _pixels(page, width, height).png(dpi)


def face_size(drawing: Drawing, dpi: float) -> tuple[int, int]:
    """Pixels of a face with its bleed at ``dpi``."""
    return pixel_size(drawing.width + 2 * drawing.bleed, drawing.height + 2 * drawing.bleed, dpi)


class RasterDoc:
    """Drawings as the pages of one PDF (fonts embedded once), rasterised on demand.

    Only the page in use is held open: a face's PNG and its picture share its parsed page.
    """

    def __init__(self, drawings: Sequence[Drawing]):
        import pypdfium2 as pdfium

        self.drawings = list(drawings)
        buf = io.BytesIO()
        write_pdf(self.drawings, buf)
        self.doc = pdfium.PdfDocument(buf.getvalue())
        self._page: pdfium.PdfPage | None = None
        self._index = -1

    def _load(self, i: int) -> pdfium.PdfPage:
        if i != self._index or self._page is None:
            if self._page is not None:
                self._page.close()
            self._page, self._index = self.doc[i], i
        return self._page

    def pixels(self, i: int, dpi: float) -> Pixels:
        """Drawing ``i`` with its bleed at ``dpi``: round(mm / 25.4 * dpi) pixels a side."""
        return _pixels(self._load(i), *face_size(self.drawings[i], dpi))

    def picture(self, i: int, size: tuple[int, int]) -> bytes:
        """The trimmed drawing ``i`` (no bleed) at ``size`` pixels: raw RGB bytes."""
        return _picture(self._load(i), self.drawings[i], size)

    def close(self) -> None:
        if self._page is not None:
            self._page.close()
            self._page = None
        self.doc.close()

    def __enter__(self) -> RasterDoc:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def rasterise(drawings: Sequence[Drawing], dpi: float) -> list[PILImage.Image]:
    """Each drawing (with its bleed) as an RGB image of round(mm / 25.4 * dpi) pixels a side."""
    if not drawings:
        return []
    with RasterDoc(drawings) as doc:
        return [doc.pixels(i, dpi).image() for i in range(len(drawings))]


def drawing_to_png(drawing: Drawing, dpi: float = 300) -> bytes:
    """One drawing (with its bleed) as PNG bytes of exactly round(mm / 25.4 * dpi) pixels."""
    with RasterDoc([drawing]) as doc:
        return doc.pixels(0, dpi).png(dpi)


def pdf_to_pngs(pdf_path: str | os.PathLike, dpi: float = 300) -> list[bytes]:
    """Every page of a PDF as PNG bytes, each sized from its media box at ``dpi``."""
    import pypdfium2 as pdfium

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
