"""PNG backend: rasterise through the PDF (pypdfium2), so a PNG shows what the printer gets."""

from __future__ import annotations

import io
import os

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pnp.errors import PnpError
from pnp.layout.draw import Drawing
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MM_PER_INCH

MAX_PIXELS_A_SIDE = 30000  # ~2.5 m at 300 dpi; beyond that a bitmap is a mistake, not art


def pixel_size(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """Pixels for a physical size at ``dpi``: round(mm / 25.4 * dpi) on each side."""
    if not dpi > 0:
        raise PnpError(f"dpi must be positive, not {dpi}", field="dpi")
    w, h = round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)
    if max(w, h) > MAX_PIXELS_A_SIDE:
        raise PnpError(f"{w}x{h} px at {dpi} dpi is too large (limit {MAX_PIXELS_A_SIDE} px a "
                       f"side); lower --dpi", field="dpi")
    return max(1, w), max(1, h)


def _render(page: pdfium.PdfPage, width: int, height: int, dpi: float) -> bytes:
    # FPDF_RenderPageBitmap stretches the page onto exactly width x height pixels; page.render()
    # would round the size up (ceil), giving a pixel too many on some sizes.
    bitmap = pdfium.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGR,
                                         rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0,
                                   pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
    image = bitmap.to_pil().convert("RGB")
    out = io.BytesIO()
    # No text chunks or timestamps: only pixels and the physical resolution, so a PNG prints at
    # true size and the same drawing always gives the same bytes.
    image.save(out, "PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return out.getvalue()


def drawing_to_png(drawing: Drawing, dpi: float = 300) -> bytes:
    """One drawing (with its bleed) as PNG bytes of exactly round(mm / 25.4 * dpi) pixels."""
    size = pixel_size(drawing.width + 2 * drawing.bleed, drawing.height + 2 * drawing.bleed, dpi)
    buf = io.BytesIO()
    write_pdf([drawing], buf)
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        return _render(doc[0], *size, dpi)
    finally:
        doc.close()


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
