"""PDF backend: draws Drawings on a reportlab canvas, one page each, byte-identical per input."""

from __future__ import annotations

import hashlib
import io
import os
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache
from typing import BinaryIO

from PIL import Image as PILImage
from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__
from pnp.errors import PnpError
from pnp.layout.colours import cmyk, cmyk_icon, parse_colour, text_cmyk
from pnp.layout.draw import Backend, Circle, Drawing, Group, Item, Path, Rect, TextBox
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import Fitted, fit_text, register_face

# Streams are Flate only: reportlab's default also ASCII85-encodes them, a quarter larger in the
# file and in memory (every page's stream is held until the file is written) for no reader's
# benefit. Every PDF pnp writes goes through reportlab in this process, so it is set once here.
rl_config.useA85 = 0

PT_PER_MM = 1.0 / MM_PER_POINT
MITER_LIMIT = 4.0  # SVG's default, so both backends draw the same corners


def image_bytes(path: str) -> bytes:
    """The bytes of an art file; a PnpError naming the file when it cannot be read."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise PnpError(f"cannot read image: {exc.strerror or exc}", file=str(path),
                       field="image") from None


@lru_cache(maxsize=4096)
def load_image(path: str) -> tuple[str, int, int]:
    """Check an image file once: its content digest and pixel size (the pixels are not kept)."""
    if str(path).lower().endswith(".svg"):
        raise PnpError("SVG art is drawn in SVG output only; give a PNG or JPEG for PDF/PNG",
                       file=str(path), field="image")
    data = image_bytes(path)
    try:
        with PILImage.open(io.BytesIO(data)) as im:
            im.load()
            w, h = im.size
    except PILImage.UnidentifiedImageError:
        # Pillow's own message names the in-memory buffer by its address, new on every run.
        raise PnpError("cannot read image: not an image file (use PNG or JPEG)",
                       file=str(path), field="image") from None
    except Exception as exc:  # Pillow raises several types for corrupt files
        raise PnpError(f"cannot read image: {getattr(exc, 'strerror', None) or exc}",
                       file=str(path), field="image") from None
    return hashlib.sha256(data).hexdigest()[:32], w, h


class _Canvas(Canvas):
    """reportlab's canvas without the empty ``BT /F1 12 Tf ET`` it starts every page with: that
    text object draws nothing but makes every page reference a Helvetica that is not embedded,
    which print shops' preflight reports."""

    def _make_preamble(self) -> None:
        self._preamble = "1 0 0 1 0 0 cm"


# What a new page's graphics state already has, so setting it again would be a no-op; colours
# and line width are always set before first use (reportlab's defaults are not relied on).
_PAGE_START: dict[str, object] = {"fill_alpha": 1.0, "stroke_alpha": 1.0, "dash": ()}
_UNKNOWN = object()   # inside a form: the graphics state is whatever the page has there
FORM_REACH = 2000.0   # mm: a form's bounding box, beyond any card or board


class _CmykReader(ImageReader):
    """A CMYK picture whose alpha becomes its soft mask (reportlab keeps one for RGBA only)."""

    def __init__(self, picture: PILImage.Image, alpha: PILImage.Image | None):
        super().__init__(picture)
        self.alpha = alpha

    def getRGBData(self) -> bytes:  # noqa: N802 (reportlab's name)
        data = super().getRGBData()
        self._dataA = ImageReader(self.alpha) if self.alpha is not None else None
        return data


class _Painter(Backend):
    """Draws items on one canvas, skipping graphics-state operators that would change nothing."""

    def __init__(self, canvas: Canvas, cmyk: bool = False):
        self.c = canvas
        self.cmyk = cmyk
        self.in_icons = False  # inline icons print like the text around them (CMYK)
        self.state: dict[str, object] = {}
        self.stack: list[dict[str, object]] = []
        self.images: dict[str, str] = {}  # image digest -> XObject name in this document
        # Groups whose items were drawn lately (by the identity of their items tuple, which
        # copies of a card and identical backs share): the second use makes a form XObject that
        # later uses reference instead of drawing the same operators again.
        self.forms_made: list[str] = []
        self.recent: OrderedDict[int, tuple[tuple[Item, ...], str | None]] = OrderedDict()

    # -- graphics state -------------------------------------------------------------------
    def push(self) -> None:
        self.c.saveState()
        self.stack.append(dict(self.state))

    def pop(self) -> None:
        self.c.restoreState()
        self.state = self.stack.pop()

    def reset(self) -> None:
        self.state = {}
        self.stack = []


    def _changed(self, key: str, value: object) -> bool:
        """Remember ``value`` for ``key``; True when the canvas does not have it yet."""
        if self.state.get(key, _PAGE_START.get(key)) == value:
            return False
        self.state[key] = value
        return True

    def fill(self, colour: str | None, text: bool = False) -> bool:
        """Set the fill colour; False when there is nothing to fill with (none or transparent).
        In CMYK, ``text`` that is nearly black is 100% K (``colours.text_cmyk``)."""
        rgba = parse_colour(colour)
        if rgba is None or rgba[3] <= 0:
            return False
        ink = ((text_cmyk if text else cmyk)(rgba[:3]) if self.cmyk else rgba[:3])
        if self._changed("fill", ink):
            if self.cmyk:
                self.c.setFillColorCMYK(*ink)
            else:
                self.c.setFillColorRGB(*ink)
        if self._changed("fill_alpha", rgba[3]):
            self.c.setFillAlpha(rgba[3])
        return True

    def stroke(self, colour: str | None, width: float, dash: tuple[float, ...] = ()) -> bool:
        """Set the stroke; False when nothing would be stroked (no colour or no width)."""
        rgba = parse_colour(colour)
        if rgba is None or rgba[3] <= 0 or width <= 0:
            return False
        if self._changed("stroke", rgba[:3]):
            if self.cmyk:
                self.c.setStrokeColorCMYK(*cmyk(rgba[:3]))
            else:
                self.c.setStrokeColorRGB(*rgba[:3])
        if self._changed("stroke_alpha", rgba[3]):
            self.c.setStrokeAlpha(rgba[3])
        if self._changed("width", width):
            self.c.setLineWidth(width)
        if self._changed("dash", dash):
            if dash:
                self.c.setDash(list(dash), 0)
            else:
                self.c.setDash()
        return True

    # -- items ----------------------------------------------------------------------------
    def rect(self, r: Rect) -> None:
        f = self.fill(r.fill)
        s = self.stroke(r.stroke, r.stroke_width)
        if not (f or s):
            return
        if r.radius > 0:
            self.c.roundRect(r.x, r.y, r.w, r.h, min(r.radius, r.w / 2, r.h / 2),
                             stroke=int(s), fill=int(f))
        else:
            self.c.rect(r.x, r.y, r.w, r.h, stroke=int(s), fill=int(f))

    def circle(self, ci: Circle) -> None:
        f = self.fill(ci.fill)
        s = self.stroke(ci.stroke, ci.stroke_width)
        if f or s:
            self.c.circle(ci.cx, ci.cy, ci.r, stroke=int(s), fill=int(f))

    def _outline(self, points, closed: bool):
        p = self.c.beginPath()
        x, y = points[0]
        p.moveTo(x, y)
        for x, y in points[1:]:
            p.lineTo(x, y)
        if closed:
            p.close()
        return p

    def path(self, pa: Path) -> None:
        if len(pa.points) < 2:
            return
        f = self.fill(pa.fill)
        s = self.stroke(pa.stroke, pa.stroke_width, tuple(pa.dash))
        if f or s:
            self.c.drawPath(self._outline(pa.points, pa.closed), stroke=int(s), fill=int(f))

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        digest, iw, ih = load_image(path)
        # Fit inside the box keeping the aspect ratio, centred (SVG's xMidYMid meet).
        scale = min(w / iw, h / ih)
        dw, dh = iw * scale, ih * scale
        x0, y0 = x + (w - dw) / 2, y + (h - dh) / 2
        c = self.c
        # marked content preflight reads back: which file this picture is
        c._code.append(f"/pnpImage <</File {_pdf_text(os.path.basename(path))}>> BDC")
        c.saveState()
        c.transform(dw, 0, 0, -dh, x0, y0 + dh)  # unit square, flipped back upright
        if self.in_icons:
            digest += "-cmyk"
        name = self.images.get(digest)
        if name is None:
            # First use in this document: reportlab embeds it; later uses reference it by name
            # instead of re-hashing the pixels on every card.
            # Decoded only here, once per document, so big art is not held between pages;
            # load_image above has already checked it, so the bytes are read, not re-checked.
            data = image_bytes(path)
            with PILImage.open(io.BytesIO(data)) as im:
                if im.mode in ("RGBA", "LA", "PA", "La") or "transparency" in im.info:
                    c._doc.ensureMinPdfVersion("transparency")  # a soft mask is PDF 1.4
            reader = ImageReader(io.BytesIO(data))
            if self.in_icons:
                with PILImage.open(io.BytesIO(data)) as im:
                    reader = _CmykReader(*cmyk_icon(im))
            c.drawImage(reader, 0, 0, 1, 1, mask="auto")
            self.images[digest] = c._formsinuse[-1]
        else:
            c.doForm(name)  # also lists the XObject in this page's resources
            c._currentPageHasImages = 1
        c.restoreState()
        c._code.append("EMC")

    def icons(self, box: TextBox, fitted: Fitted) -> None:
        self.in_icons = self.cmyk
        try:
            super().icons(box, fitted)
        finally:
            self.in_icons = False

    def group(self, g: Group) -> None:
        if g.label:  # marked content preflight reads back: which card this is
            self.c._code.append(f"/pnpCard <</Name {_pdf_text(g.label)}>> BDC")
        self.push()
        c = self.c
        if g.dx or g.dy:
            c.translate(g.dx, g.dy)
        if g.rotate:
            c.rotate(g.rotate)  # y runs down here, so positive turns clockwise on paper
        if g.mirror:
            c.scale(-1, 1)
        if g.clip and len(g.clip) >= 3:
            c.clipPath(self._outline(g.clip, True), stroke=0, fill=0)
        form = self._form(g.items) if len(g.items) > 1 else None
        if form is None:
            self.items(g.items)
        else:
            # A form starts from the caller's graphics state: opaque, as it was drawn (setting
            # an alpha, even 1, would make the file PDF 1.4 for nothing).
            for key, setter in (("fill_alpha", c.setFillAlpha), ("stroke_alpha", c.setStrokeAlpha)):
                if self._changed(key, 1.0):
                    setter(1.0)
            c.doForm(form)
        self.pop()
        if g.label:
            self.c._code.append("EMC")

    def _form(self, items: tuple[Item, ...]) -> str | None:
        """The form XObject drawing ``items`` when they were drawn before, else None."""
        key = id(items)
        seen = self.recent.get(key)
        if seen is None or seen[0] is not items:
            self.recent[key] = (items, None)  # holding items keeps their id from being reused
            if len(self.recent) > 64:
                self.recent.popitem(last=False)
            return None
        self.recent.move_to_end(key)
        if seen[1] is not None:
            return seen[1]
        name = f"pnpForm{len(self.forms_made) + 1}"
        self.forms_made.append(name)
        state, stack = self.state, self.stack
        # inherits the caller's colours, width and dash; its alphas are 1 (see group())
        self.state = {k: _UNKNOWN for k in ("fill", "stroke", "width", "dash")}
        self.stack = []
        c = self.c
        c.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
        self.items(items)
        c.endForm()
        self.state, self.stack = state, stack
        self.recent[key] = (items, name)
        return name

    def text(self, box: TextBox) -> None:
        fitted = fit_text(box)
        if not fitted.lines:
            return
        c = self.c
        rotated = bool(box.rotate)
        if rotated:
            self.push()
            cx, cy = box.x + box.w / 2, box.y + box.h / 2
            c.translate(cx, cy)
            c.rotate(box.rotate)
            c.translate(-cx, -cy)
        t = None
        colour: str | None = None
        font: tuple[str, float] | None = None
        for line in fitted.lines:
            for span in line.spans:
                if span.icon is not None or span.face is None:
                    continue
                if t is None or (span.colour or box.colour) != colour:
                    # A colour is set outside a text object (an alpha cannot be set inside)
                    if t is not None:
                        c.drawText(t)
                        t = None
                    colour = span.colour or box.colour
                    if not self.fill(colour, text=True):
                        continue  # nothing to draw in this colour
                    t, font = c.beginText(), None
                em = span.size_mm
                if font != (span.face.name, em):
                    font = (span.face.name, em)
                    t.setFont(register_face(span.face), em, em)
                t.setTextTransform(1, 0, 0, -1, box.x + span.x, box.y + line.baseline)
                t.textOut(span.text)
        if t is not None:
            c.drawText(t)
        self.icons(box, fitted)  # after the text object: it cannot hold circles or images
        if rotated:
            self.pop()


def _pdf_text(text: str) -> str:
    """``text`` as a PDF literal string of its UTF-8 bytes (ASCII, escaped: readers such as
    pdfium hand a marked-content string back byte for byte)."""
    out = []
    for b in text[:200].encode("utf-8", "replace"):
        out.append(f"\\{b:03o}" if b > 126 or b < 32 or chr(b) in "()\\" else chr(b))
    return "(" + "".join(out) + ")"


def _page(canvas: Canvas, painter: _Painter, d: Drawing, print_shop: bool) -> None:
    b = d.bleed
    w, h = (d.width + 2 * b) * PT_PER_MM, (d.height + 2 * b) * PT_PER_MM
    canvas.setPageSize((w, h))
    if print_shop:
        canvas.setTrimBox((b * PT_PER_MM, b * PT_PER_MM, w - b * PT_PER_MM, h - b * PT_PER_MM))
        canvas.setBleedBox((0, 0, w, h))
    painter.reset()
    canvas.setMiterLimit(MITER_LIMIT)
    # Work in mm with the origin at the trim's top-left corner and y running down.
    canvas.transform(PT_PER_MM, 0, 0, -PT_PER_MM, b * PT_PER_MM, h - b * PT_PER_MM)
    painter.items(d.items)
    canvas.showPage()
    _encode_last_page(canvas)


def _encode_last_page(canvas: Canvas) -> None:
    """Compress the page just finished now, as reportlab would at save.

    reportlab keeps every page's content stream as uncompressed text until ``save()`` (about
    12 KB a page of cards, so memory grew with the deck); encoded now it is a few KB, and the
    file is byte for byte what reportlab writes.
    """
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not page.stream or not page.compression:
        return
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = page.stream
    for f in reversed(filters):
        content = f.encode(content)
    stream = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None


class PdfWriter:
    """Pages added one at a time (only the current one is held); ``close()`` writes the file."""

    def __init__(self, path: str | os.PathLike | BinaryIO, *, title: str = "",
                 print_shop: bool = False, cmyk: bool = False):
        target = os.fspath(path) if isinstance(path, (str, os.PathLike)) else path
        self.canvas = _Canvas(target, pagesize=(595.0, 842.0), invariant=1, pageCompression=1)
        self.canvas.setTitle(title)
        self.canvas.setCreator(f"pnp {__version__}")
        self.canvas.setSubject("print-and-play")
        self.canvas.setAuthor("")
        self.painter = _Painter(self.canvas, cmyk=cmyk)
        self.print_shop = print_shop
        self.pages = 0

    def add(self, drawing: Drawing) -> None:
        """Draw one page."""
        _page(self.canvas, self.painter, drawing, self.print_shop)
        self.pages += 1

    def close(self) -> int:
        """Write the file; returns the page count."""
        if self.pages == 0:
            raise PnpError("nothing to print: no pages")
        _save_streaming(self.canvas)
        return self.pages


class _StreamFile(pdfdoc.PDFFile):
    """reportlab's output collector, writing each object to the file as it is formatted
    instead of joining them all in memory first (the same bytes)."""

    def __init__(self, fh: BinaryIO, version: tuple[int, int]):
        super().__init__(version)  # the header, counted in the offset
        header: list[bytes] = self.__dict__["strings"]
        fh.write(b"".join(header))
        self.__dict__["strings"] = []
        self.write = fh.write

    def format(self, document: object) -> bytes:
        return b""


def _save_streaming(canvas: Canvas) -> None:
    """``canvas.save()`` without holding the whole file in memory at the end."""
    if len(canvas._code):
        canvas.showPage()
    doc = canvas._doc
    target = canvas._filename
    own = isinstance(target, str)
    fh = open(target, "wb") if own else target  # noqa: SIM115 (closed below)
    original = pdfdoc.PDFFile
    try:
        pdfdoc.PDFFile = lambda version=pdfdoc.PDF_VERSION_DEFAULT: _StreamFile(  # type: ignore
            fh, version)
        doc._savedToFile = True
        doc.GetPDFData(canvas)
    finally:
        pdfdoc.PDFFile = original
        if own:
            fh.close()


def write_pdf(pages: Iterable[Drawing], path: str | os.PathLike | BinaryIO, *, title: str = "",
              print_shop: bool = False, cmyk: bool = False) -> int:
    """Write each Drawing as one page (media box includes bleed); returns the page count."""
    writer = PdfWriter(path, title=title, print_shop=print_shop, cmyk=cmyk)
    for drawing in pages:  # consumed lazily: only the current page is held
        writer.add(drawing)
    return writer.close()
