"""PNG backend: rasterise through the PDF (pypdfium2), so a PNG shows what the printer gets.

Faces are rasterised in batches: one PDF document per batch (fonts embedded once, not once per
face), one bitmap per page, then the same bitmap gives the face's PNG and its Tabletop Simulator
picture (the trim, scaled down), so a face is rasterised once whatever formats want it.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Drawing
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MAX_PIXELS_A_SIDE, MM_PER_INCH, pixel_size  # noqa: F401 (re-export)

# zlib level of the PNGs, chosen by measurement (benchmarks/bench_png.py, card faces at 300 dpi):
# level 3 compresses unfiltered card rows to 70 KB in 11 ms; level 6 saves 12% more in 2.3x
# the time, level 1 is no faster and 6% larger.
PNG_LEVEL = 3


def encode_png(image: PILImage.Image, dpi: float, level: int = PNG_LEVEL) -> bytes:
    """An RGB image as PNG bytes: IHDR, pHYs (the physical resolution), one IDAT, IEND.

    Rows are stored unfiltered: card art is mostly flat colour, which deflate packs as well
    unfiltered as filtered, and choosing a filter per row was most of Pillow's encoding time.
    No text chunks or timestamps: the same pixels always give the same bytes.
    """
    image = image.convert("RGB") if image.mode != "RGB" else image
    w, h = image.size
    raw = image.tobytes()
    stride = 3 * w
    view = memoryview(raw)
    rows = b"".join(b"\x00" + view[y * stride:(y + 1) * stride] for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    ppm = int(dpi / 0.0254 + 0.5)  # pixels per metre, as Pillow writes it
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1))
            + chunk(b"IDAT", zlib.compress(rows, level))
            + chunk(b"IEND", b""))


def _bitmap(page: pdfium.PdfPage, width: int, height: int) -> PILImage.Image:
    # FPDF_RenderPageBitmap stretches the page onto exactly width x height pixels; page.render()
    # would round the size up (ceil), giving a pixel too many on some sizes.
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR,
                                         rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0,
                                   pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    image = bitmap.to_pil()  # an RGB copy of the buffer
    return image if image.mode == "RGB" else image.convert("RGB")


def _render(page: pdfium.PdfPage, width: int, height: int, dpi: float) -> bytes:
    return encode_png(_bitmap(page, width, height), dpi)


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
    if not drawings:
        return []
    sizes = [face_size(d, dpi) for d in drawings]
    buf = io.BytesIO()
    write_pdf(drawings, buf)
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        return [_bitmap(doc[i], *sizes[i]) for i in range(len(drawings))]
    finally:
        doc.close()


def drawing_to_png(drawing: Drawing, dpi: float = 300) -> bytes:
    """One drawing (with its bleed) as PNG bytes of exactly round(mm / 25.4 * dpi) pixels."""
    return encode_png(rasterise([drawing], dpi)[0], dpi)


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
