"""Text fitting shared by every backend: wrap with real font metrics, shrink to fit, inline icons.

Both the PDF and the SVG backend place exactly the lines and spans computed here, so the two
outputs agree line for line. Sizes are points (as typed by designers); positions are mm.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache

import reportlab
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from pnp.errors import PnpError
from pnp.layout.colours import is_colour
from pnp.layout.draw import Align, TextBox, VAlign
from pnp.layout.sizes import MM_PER_POINT

# The Bitstream Vera TTFs ship inside reportlab, so every machine renders the same glyphs.
FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FONT_FILES: dict[str, str] = {
    "Vera": "Vera.ttf",
    "Vera-Bold": "VeraBd.ttf",
    "Vera-Italic": "VeraIt.ttf",
    "Vera-BoldItalic": "VeraBI.ttf",
}
# (weight, style) of each face, for the SVG font-family/@font-face description.
FONT_STYLE: dict[str, tuple[str, str]] = {
    "Vera": ("normal", "normal"),
    "Vera-Bold": ("bold", "normal"),
    "Vera-Italic": ("normal", "italic"),
    "Vera-BoldItalic": ("bold", "italic"),
}
SIZE_STEP = 0.25  # points between tried sizes when shrinking
ICON_RISE = 0.36  # icon centre above the baseline, in em: half of Vera's cap height
ICON_SCALE = 0.86  # icon glyph diameter in em; the advance is a full em, the rest is air
_EPS = 1e-6


def font_path(font: str) -> str:
    """Path of the TTF file behind a bundled font name."""
    try:
        return os.path.join(FONT_DIR, FONT_FILES[font])
    except KeyError:
        raise PnpError(f"unknown font {font!r} (bundled fonts: {', '.join(FONT_FILES)})",
                       field="font") from None


_embedding: ContextVar[str] = ContextVar("pnp_embedding", default="")
_subset_n = ttfonts.SUBSETN


def _subset_tag(n: int, *args: object) -> bytes:
    """A subset's tag: six capitals from the font and subset number, so every subset in a file
    has its own tag (reportlab numbers them, so every font's first subset was AAAAAA)."""
    font = _embedding.get()
    if not font:
        return _subset_n(n, *args)
    digest = hashlib.blake2b(f"{font}\x1f{n}".encode(), digest_size=6).digest()
    return bytes(65 + b % 26 for b in digest)


ttfonts.SUBSETN = _subset_tag


class _TTFont(TTFont):
    """A bundled font whose embedded subsets carry distinct tags."""

    def addObjects(self, doc):  # noqa: N802 (reportlab's name)
        token = _embedding.set(self.fontName)
        try:
            super().addObjects(doc)
        finally:
            _embedding.reset(token)


@cache
def register_font(font: str) -> str:
    """Register a bundled font with reportlab once; returns its name."""
    pdfmetrics.registerFont(_TTFont(font, font_path(font)))
    if font == "Vera":
        # Asking for Vera readies every bundled face, so code that draws on a reportlab canvas
        # itself (benchmarks/bench_*.py) can set any of them by name.
        for name in FONT_FILES:
            if name != font:  # not cached until this call returns
                register_font(name)
    return font


@cache
def font_chars(font: str) -> frozenset[str]:
    """The characters a bundled font has glyphs for."""
    face = pdfmetrics.getFont(register_font(font)).face
    return frozenset(chr(c) for c in face.charToGlyph)


def missing_chars(text: str, font: str) -> str:
    """Characters of ``text`` (sorted, once each) that ``font`` cannot draw."""
    have = font_chars(font)
    return "".join(sorted({c for c in text if c not in have and not c.isspace()}))


@cache
def font_extents(font: str) -> tuple[float, float]:
    """(ascent, descent) of a font in em, both positive."""
    face = pdfmetrics.getFont(register_font(font)).face
    return face.ascent / 1000.0, -face.descent / 1000.0


class _Widths(dict):
    """Advance widths in em per character, filled lazily from reportlab's metrics."""

    def __init__(self, font: str):
        super().__init__()
        self.font = register_font(font)

    def __missing__(self, ch: str) -> float:
        w = pdfmetrics.stringWidth(ch, self.font, 1.0)
        self[ch] = w
        return w


@cache
def _widths(font: str) -> _Widths:
    return _Widths(font)


def text_width(text: str, font: str, size: float) -> float:
    """Width in mm of ``text`` set in ``font`` at ``size`` points."""
    cw = _widths(font)
    return sum(cw[c] for c in text) * size * MM_PER_POINT


@dataclass(frozen=True)
class Span:
    """A run on a line: text (``icon`` None) or an inline icon (``text`` is its name)."""

    x: float  # mm from the box's left edge
    width: float  # mm
    text: str
    icon: str | None = None  # image path or colour string of an icon


@dataclass(frozen=True)
class Line:
    """One wrapped line: where its baseline sits, how wide it is, and its spans."""

    baseline: float  # mm from the box's top edge
    width: float  # mm
    spans: tuple[Span, ...]

    @property
    def text(self) -> str:
        """The line as plain text, icons written back as ``:name:``."""
        return "".join(s.text if s.icon is None else f":{s.text}:" for s in self.spans)


@dataclass(frozen=True)
class Fitted:
    """A text box's layout: the size chosen, its lines, and whether it still overflows."""

    size: float  # points
    lines: tuple[Line, ...]
    overflow: bool
    font: str
    missing: str = ""  # characters the font has no glyph for (drawn as boxes): warn about them

    @property
    def size_mm(self) -> float:
        """The chosen font size in mm."""
        return self.size * MM_PER_POINT

    @property
    def text(self) -> str:
        """All lines joined with newlines."""
        return "\n".join(line.text for line in self.lines)


# Characters XML 1.0 forbids (and that no font draws): dropped so SVG stays well-formed and
# PDF and SVG show the same text.
_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_ICON = re.compile(r":([A-Za-z0-9_][A-Za-z0-9_.\-]*):")
_SPACES = re.compile(r"[ \t]+")  # no-break spaces stay glyphs inside a word

# A segment is (text, icon): icon None for text, else the icon's image path or colour.
Segment = tuple[str, str | None]


def clean_text(text: str) -> str:
    """Normalise newlines and drop characters XML cannot carry."""
    text = str(text).replace("\r\n", "\n").replace("\r", "\n")
    return _INVALID.sub("", text)


def _segments(paragraph: str, icons: dict[str, str]) -> list[Segment]:
    """Split a paragraph into text and icon segments; unknown ``:x:`` stays text."""
    out: list[Segment] = []
    buf: list[str] = []
    pos = 0
    n = len(paragraph)
    while pos < n:
        j = paragraph.find(":", pos)
        if j < 0:
            buf.append(paragraph[pos:])
            break
        buf.append(paragraph[pos:j])
        m = _ICON.match(paragraph, j)
        if m and m.group(1) in icons:
            if buf:
                out.append(("".join(buf), None))
                buf = []
            out.append((m.group(1), icons[m.group(1)]))
            pos = m.end()
        else:
            buf.append(":")
            pos = j + 1
    if buf:
        out.append(("".join(buf), None))
    return [s for s in out if s[0] or s[1] is not None]


def _words(paragraph: str, icons: dict[str, str]) -> list[list[Segment]]:
    """Words (lists of segments) separated by runs of spaces; icons join adjacent text."""
    words: list[list[Segment]] = []
    cur: list[Segment] = []
    for text, icon in _segments(paragraph, icons):
        if icon is not None:
            cur.append((text, icon))
            continue
        parts = _SPACES.split(text)
        for k, part in enumerate(parts):
            if k > 0 and cur:
                words.append(cur)
                cur = []
            if part:
                cur.append((part, None))
    if cur:
        words.append(cur)
    return words


def _seg_width(seg: Segment, cw: _Widths) -> float:
    return 1.0 if seg[1] is not None else sum(cw[c] for c in seg[0])


def _split_word(word: list[Segment], limit: float, cw: _Widths) -> list[list[Segment]]:
    """Break a word wider than ``limit`` em into pieces by characters (icons stay whole)."""
    pieces: list[list[Segment]] = []
    cur: list[Segment] = []
    width = 0.0
    for text, icon in word:
        atoms = [(text, icon)] if icon is not None else [(c, None) for c in text]
        for atom in atoms:
            w = _seg_width(atom, cw)
            if cur and width + w > limit + _EPS:
                pieces.append(cur)
                cur, width = [], 0.0
            if atom[1] is None and cur and cur[-1][1] is None:
                cur[-1] = (cur[-1][0] + atom[0], None)
            else:
                cur.append(atom)
            width += w
    if cur:
        pieces.append(cur)
    return pieces


def _wrap(paragraphs: list[list[tuple[list[Segment], float]]], limit: float, space: float,
          cw: _Widths, break_words: bool) -> tuple[list[list[list[Segment]]], bool]:
    """Greedy wrap in em units; returns lines (lists of words) and whether all fit ``limit``."""
    lines: list[list[list[Segment]]] = []
    fits = True
    for words in paragraphs:
        line: list[list[Segment]] = []
        width = 0.0
        for word, ww in words:
            pieces = [(word, ww)]
            if ww > limit + _EPS:
                if not break_words:
                    fits = False
                else:
                    pieces = [(p, sum(_seg_width(s, cw) for s in p))
                              for p in _split_word(word, limit, cw)]
                    if any(pw > limit + _EPS for _, pw in pieces):
                        fits = False  # a single glyph wider than the box
            for piece, pw in pieces:
                if line and width + space + pw > limit + _EPS:
                    lines.append(line)
                    line, width = [], 0.0
                width = pw if not line else width + space + pw
                line.append(piece)
        lines.append(line)
    return lines, fits


def _build(box: TextBox, lines: list[list[list[Segment]]], size: float, overflow: bool,
           cw: _Widths, missing: str) -> Fitted:
    em = size * MM_PER_POINT
    asc, desc = font_extents(box.font)
    space = cw[" "]
    block = ((len(lines) - 1) * box.leading + asc + desc) * em if lines else 0.0
    valign = VAlign(box.valign)
    top = 0.0 if valign is VAlign.TOP else (
        (box.h - block) / 2 if valign is VAlign.MIDDLE else box.h - block)
    align = Align(box.align)
    out: list[Line] = []
    for i, words in enumerate(lines):
        spans: list[list] = []  # [x_em, width_em, text, icon]
        x = 0.0
        for k, word in enumerate(words):
            if k > 0:
                if spans[-1][3] is None:
                    spans[-1][1] += space
                    spans[-1][2] += " "
                else:
                    spans.append([x, space, " ", None])
                x += space
            for text, icon in word:
                w = _seg_width((text, icon), cw)
                if icon is None and spans and spans[-1][3] is None:
                    spans[-1][1] += w
                    spans[-1][2] += text
                else:
                    spans.append([x, w, text, icon])
                x += w
        width = x * em
        dx = 0.0 if align is Align.LEFT else (
            (box.w - width) / 2 if align is Align.CENTER else box.w - width)
        baseline = top + (asc + i * box.leading) * em
        out.append(Line(baseline, width, tuple(
            Span(dx + sx * em, sw * em, st, si) for sx, sw, st, si in spans)))
    return Fitted(size, tuple(out), overflow, box.font, missing)


def _sizes(box: TextBox) -> list[float]:
    hi, lo = float(box.size), min(float(box.min_size), float(box.size))
    sizes = []
    s = hi
    while s > lo + _EPS:
        sizes.append(round(s, 4))
        s -= SIZE_STEP
    sizes.append(lo)
    return sizes


@lru_cache(maxsize=8192)
def fit_text(box: TextBox) -> Fitted:
    """Choose the largest size from ``box.size`` down to ``box.min_size`` at which the text fits.

    Words are never broken while some size fits them whole; otherwise words wider than the box
    are broken by characters. ``overflow`` is True when even ``min_size`` does not fit.
    """
    if not (box.size > 0 and box.min_size > 0):
        raise PnpError(f"text size must be positive (size {box.size}, min_size {box.min_size})",
                       field="size")
    if not box.leading > 0:
        raise PnpError(f"text leading must be positive, not {box.leading}", field="leading")
    cw = _widths(box.font)
    icons = dict(box.icons)
    for name, value in box.icons:
        if not value:
            raise PnpError(f"icon {name!r} has no image or colour", field="icons")
    text = clean_text(box.text)
    paragraphs = [[(w, sum(_seg_width(s, cw) for s in w)) for w in _words(p, icons)]
                  for p in text.split("\n")]
    missing = missing_chars("".join(s[0] for p in paragraphs for w, _ in p for s in w
                                    if s[1] is None), box.font)
    if all(not p for p in paragraphs):
        return Fitted(float(box.size), (), False, box.font)
    asc, desc = font_extents(box.font)
    space = cw[" "]

    def n_lines_max(size: float) -> float:
        return (box.h / (size * MM_PER_POINT) - asc - desc) / box.leading + 1

    sizes = _sizes(box)
    last: tuple[list[list[list[Segment]]], float] | None = None
    for break_words in (False, True):
        for size in sizes:
            limit = box.w / (size * MM_PER_POINT)
            lines, fits = _wrap(paragraphs, limit, space, cw, break_words)
            last = (lines, size)
            if fits and len(lines) <= n_lines_max(size) + _EPS:
                return _build(box, lines, size, False, cw, missing)
    assert last is not None  # _sizes always yields at least min_size
    lines, size = last
    return _build(box, lines, size, True, cw, missing)


def icon_place(span: Span, x: float, baseline: float, em: float) -> tuple[float, float, float]:
    """Centre (cx, cy) and diameter in mm of an inline icon whose span starts at ``x``."""
    # One place for both backends, so an icon sits on the same spot in PDF and SVG.
    return x + span.width / 2, baseline - em * ICON_RISE, em * ICON_SCALE


def icon_spots(box: TextBox, fitted: Fitted) -> Iterator[tuple[str, float, float, float]]:
    """Every inline icon of ``box``'s fitted text: its value, centre (cx, cy) and diameter."""
    for line in fitted.lines:
        for span in line.spans:
            if span.icon is not None:
                cx, cy, d = icon_place(span, box.x + span.x, box.y + line.baseline,
                                       fitted.size_mm)
                yield span.icon, cx, cy, d


@lru_cache(maxsize=1024)
def icon_kind(value: str) -> str:
    """"colour" when an icon value is a colour (drawn as a filled circle), else "image"."""
    return "colour" if is_colour(value) else "image"
