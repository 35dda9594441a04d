"""SVG backend: one Drawing -> one self-contained SVG in mm (viewBox includes the bleed).

The XML is written as text straight from the drawing (attributes in sorted order, escaped as
ElementTree escapes them): the same document svgwrite made here before, without building and
serialising an element tree per face, which was most of an SVG's cost.
"""

from __future__ import annotations

import base64
import io
import logging
import os
from collections.abc import Iterable
from functools import lru_cache
from xml.sax.saxutils import escape

from pnp.errors import PnpError
from pnp.layout.colours import css_colour
from pnp.layout.draw import Circle, Drawing, Group, Image, Item, Path, Rect, TextBox
from pnp.layout.fonts import Face, face_bytes, face_for
from pnp.layout.text import Span, clean_text, fit_text, icon_kind, icon_place

# Same glyphs as the PDF: Vera is embedded below; DejaVu Sans (Vera's successor, same Latin
# metrics) is the fallback when a viewer ignores @font-face.
FONT_FAMILY = "Vera, 'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp"}


def _n(v: float) -> str:
    """A number with at most 3 decimals (a micron), no trailing zeros, never "-0"."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=512)
def font_subset(face: Face, chars: str) -> bytes:
    """The face cut down to ``chars`` (TrueType bytes); the whole font without fontTools."""
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:  # fontTools comes with matplotlib; without it embed the whole font
        return face_bytes(face)
    # fontTools logs each table it cannot subset (FFTM, ...) and drops it: not the designer's
    # concern, and no output of pnp's
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    tt = TTFont(io.BytesIO(face_bytes(face)), recalcTimestamp=False)
    options = subset.Options()
    options.recalc_timestamp = False  # keep the font's own date: same input, same bytes
    options.hinting = False
    options.name_IDs = ["*"]  # keeps the font's copyright and licence notice
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars or " ")
    subsetter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    return out.getvalue()


# Every SVG carries at least the printable ASCII glyphs of each font it uses: subsetting costs
# ~20 ms a call, and with one common set per font it runs once per font, not once per face
# (each embedded font grows from ~8 KB to ~15 KB).
_COMMON = frozenset(chr(c) for c in range(32, 127))


def _font_face(face: Face, chars: str) -> str:
    return _font_face_rule(face, "".join(sorted(_COMMON.union(chars))))


@lru_cache(maxsize=64)  # the same few rules on every face: base64 them once
def _font_face_rule(face: Face, chars: str) -> str:
    data = base64.b64encode(font_subset(face, chars)).decode("ascii")
    weight, style = _weight_style(face)
    return (f'@font-face {{ font-family: "{face.family}"; font-weight: {weight}; '
            f'font-style: {style}; '
            f'src: url("data:font/ttf;base64,{data}") format("truetype"); }}')


def _weight_style(face: Face) -> tuple[str, str]:
    return ("bold" if face.bold else "normal", "italic" if face.italic else "normal")


def _family(face: Face) -> str:
    """The CSS font-family: a designer's family, or Vera with its look-alikes as fallbacks."""
    return FONT_FAMILY if face.bundled else f"'{face.family}', {FONT_FAMILY}"


@lru_cache(maxsize=16)  # art can be megabytes; icons repeat and stay cached
def image_data_uri(path: str) -> str:
    """The file at ``path`` as a data URI, so the SVG carries its art with it (cached)."""
    ext = os.path.splitext(str(path))[1].lower()
    if ext not in _MIME:
        raise PnpError(f"unsupported image type {ext or '(none)'!r} (use PNG, JPEG or SVG)",
                       file=str(path), field="image")
    from pnp.layout.pdf import image_bytes, load_image
    data = image_bytes(path)
    if ext != ".svg":
        load_image(path)  # the same check as the PDF: a corrupt file is an error here too
    return f"data:{_MIME[ext]};base64,{base64.b64encode(data).decode('ascii')}"


def _outline(points, closed: bool) -> str:
    d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in points)
    return d + " Z" if closed else d


def _paint(attrs: dict, fill: str | None, stroke: str | None = None, width: float = 0.0,
           dash: tuple[float, ...] = ()) -> dict:
    colour, alpha = css_colour(fill)
    attrs["fill"] = colour
    if alpha < 1:
        attrs["fill-opacity"] = _n(alpha)
    colour, alpha = css_colour(stroke)
    if colour != "none" and width > 0:
        attrs["stroke"] = colour
        attrs["stroke-width"] = _n(width)
        if alpha < 1:
            attrs["stroke-opacity"] = _n(alpha)
        if dash:
            attrs["stroke-dasharray"] = " ".join(_n(d) for d in dash)
    return attrs


#: What ElementTree escapes in an attribute value beyond ``& < >`` (the same bytes as before).
_ATTR_ENTITIES = {'"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"}


def _attr(value: str) -> str:
    return escape(value, _ATTR_ENTITIES)


def _text(value: str) -> str:
    return escape(value)


def _open(tag: str, attrs: dict) -> str:
    return "<" + tag + "".join(f' {k}="{_attr(v)}"' for k, v in sorted(attrs.items()))


def _leaf(tag: str, attrs: dict) -> str:
    return _open(tag, attrs) + " />"


class _Writer:
    def __init__(self) -> None:
        self.clips = 0
        self.defs: list[str] = []
        self.fonts: dict[Face, set[str]] = {}  # face -> characters drawn with it

    def items(self, out: list[str], items: Iterable[Item]) -> None:
        for item in items:
            # type(...) is, not isinstance: exact types only, and mypy narrows on it
            if type(item) is Rect:
                self.rect(out, item)
            elif type(item) is TextBox:
                self.text(out, item)
            elif type(item) is Path:
                self.path(out, item)
            elif type(item) is Circle:
                self.circle(out, item)
            elif type(item) is Image:
                self.image(out, item.path, item.x, item.y, item.w, item.h)
            elif type(item) is Group:
                self.group(out, item)
            else:
                raise PnpError(f"cannot draw {type(item).__name__}", field="items")

    def rect(self, out: list[str], r: Rect) -> None:
        attrs = {"x": _n(r.x), "y": _n(r.y), "width": _n(r.w), "height": _n(r.h)}
        if r.radius > 0:
            rad = _n(min(r.radius, r.w / 2, r.h / 2))
            attrs["rx"] = attrs["ry"] = rad
        out.append(_leaf("rect", _paint(attrs, r.fill, r.stroke, r.stroke_width)))

    def circle(self, out: list[str], c: Circle) -> None:
        attrs = {"cx": _n(c.cx), "cy": _n(c.cy), "r": _n(c.r)}
        out.append(_leaf("circle", _paint(attrs, c.fill, c.stroke, c.stroke_width)))

    def path(self, out: list[str], p: Path) -> None:
        if len(p.points) < 2:
            return
        attrs = _paint({"d": _outline(p.points, p.closed)}, p.fill, p.stroke, p.stroke_width,
                       tuple(p.dash))
        out.append(_leaf("path", attrs))

    def image(self, out: list[str], path: str, x: float, y: float, w: float, h: float) -> None:
        out.append(_leaf("image", {"xlink:href": image_data_uri(path), "x": _n(x), "y": _n(y),
                                   "width": _n(w), "height": _n(h),
                                   "preserveAspectRatio": "xMidYMid meet"}))

    def group(self, out: list[str], g: Group) -> None:
        transform = []
        if g.dx or g.dy:
            transform.append(f"translate({_n(g.dx)} {_n(g.dy)})")
        if g.rotate:
            transform.append(f"rotate({_n(g.rotate)})")
        if g.mirror:
            transform.append("scale(-1 1)")
        attrs = {}
        if transform:
            attrs["transform"] = " ".join(transform)
        if g.clip and len(g.clip) >= 3:
            # userSpaceOnUse: the clip is read in the group's own (transformed) coordinates.
            self.clips += 1
            self.defs.append(f'<clipPath id="clip{self.clips}">'
                             f'{_leaf("path", {"d": _outline(g.clip, True)})}</clipPath>')
            attrs["clip-path"] = f"url(#clip{self.clips})"
        inner: list[str] = []
        self.items(inner, g.items)
        out.append(_open("g", attrs) + (">" + "".join(inner) + "</g>" if inner else " />"))

    def text(self, out: list[str], box: TextBox) -> None:
        fitted = fit_text(box)
        if not fitted.lines:
            return
        base = face_for(box.font)
        weight, style = _weight_style(base)
        em = fitted.size_mm
        attrs = _paint({"font-family": _family(base), "font-size": _n(em)}, box.colour)
        if weight != "normal":
            attrs["font-weight"] = weight
        if style != "normal":
            attrs["font-style"] = style
        if box.rotate:
            attrs["transform"] = (f"rotate({_n(box.rotate)} {_n(box.x + box.w / 2)} "
                                  f"{_n(box.y + box.h / 2)})")
        inner: list[str] = []
        self.fonts.setdefault(base, set())
        for line in fitted.lines:
            y = box.y + line.baseline
            for span in line.spans:
                x = box.x + span.x
                if span.icon is None:
                    face = span.face or base
                    self.fonts.setdefault(face, set()).update(span.text)
                    # xml:space: keep the spaces measured for the PDF
                    at = {"x": _n(x), "xml:space": "preserve", "y": _n(y)}
                    t = _open("text", self._run(at, span, box.colour, base, em))
                    inner.append(t + (">" + _text(span.text) + "</text>" if span.text
                                      else " />"))
                    continue
                cx, cy, d = icon_place(span, x, y)
                if icon_kind(span.icon) == "colour":
                    inner.append(_leaf("circle", _paint(
                        {"cx": _n(cx), "cy": _n(cy), "r": _n(d / 2)}, span.icon)))
                else:
                    self.image(inner, span.icon, cx - d / 2, cy - d / 2, d, d)
        out.append(_open("g", attrs) + (">" + "".join(inner) + "</g>" if inner else " />"))

    @staticmethod
    def _run(attrs: dict, span: Span, colour: str, base: Face, em: float) -> dict:
        """A run's own face, size and colour, where they differ from its box's."""
        face = span.face or base
        if face.family != base.family:
            attrs["font-family"] = _family(face)
        for key, mine, boxes in zip(("font-weight", "font-style"), _weight_style(face),
                                    _weight_style(base), strict=True):
            if mine != boxes:
                attrs[key] = mine
        if span.size_mm != em:
            attrs["font-size"] = _n(span.size_mm)
        if span.colour is not None and span.colour != colour:
            _paint(attrs, span.colour)
            if "fill-opacity" not in attrs and css_colour(colour)[1] < 1:
                attrs["fill-opacity"] = "1"  # not the box's, which the group passes down
        return attrs


def drawing_to_svg(drawing: Drawing, *, embed_fonts: bool = True) -> str:
    """One drawing as SVG text: width/height in mm, viewBox in mm including the bleed."""
    b = drawing.bleed
    w, h = drawing.width + 2 * b, drawing.height + 2 * b
    writer = _Writer()
    body: list[str] = []
    writer.items(body, drawing.items)
    defs = writer.defs
    if embed_fonts and writer.fonts:
        css = "\n".join(_font_face(f, "".join(sorted(chars)))
                        for f, chars in sorted(writer.fonts.items(), key=lambda fc: fc[0].name))
        defs = defs + [f'<style type="text/css"><![CDATA[{css}]]></style>']
    root = _open("svg", {"baseProfile": "full", "height": f"{_n(h)}mm", "version": "1.1",
                         "viewBox": f"{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}",
                         "width": f"{_n(w)}mm", "xmlns": "http://www.w3.org/2000/svg",
                         "xmlns:ev": "http://www.w3.org/2001/xml-events",
                         "xmlns:xlink": "http://www.w3.org/1999/xlink"})
    title = f"<title>{_text(clean_text(drawing.name))}</title>" if drawing.name else ""
    art = '<g id="art">' + "".join(body) + "</g>" if body else '<g id="art" />'
    return (root + ">" + title + ("<defs>" + "".join(defs) + "</defs>" if defs else "<defs />")
            + art + "</svg>")


SVG_HEADER = '<?xml version="1.0" encoding="utf-8" ?>\n'


def write_svg(drawing: Drawing, path: str | os.PathLike, *, embed_fonts: bool = True) -> None:
    """Write one drawing as a standalone SVG file (UTF-8, with XML declaration)."""
    text = drawing_to_svg(drawing, embed_fonts=embed_fonts)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(SVG_HEADER)
        fh.write(text)
