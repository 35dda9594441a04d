"""Text fitting shared by every backend: wrap with real font metrics, shrink to fit, inline icons.

Both the PDF and the SVG backend place exactly the lines and spans computed here, so the two
outputs agree line for line. Sizes are points (as typed by designers); positions are mm.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from pnp.errors import PnpError
from pnp.layout.colours import is_colour
from pnp.layout.draw import Align, Family, TextBox, VAlign
from pnp.layout.fonts import (  # noqa: F401  (FONT_DIR, FONT_FILES re-exported)
    FONT_DIR,
    FONT_FILES,
    Face,
    bundled_face,
    face_bytes,
    face_for,
)
from pnp.layout.markup import Run, Style, parse
from pnp.layout.sizes import MM_PER_POINT

# (weight, style) of each bundled face, for the SVG font-family/@font-face description.
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
    return bundled_face(font).path


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
    """A font whose embedded subsets carry distinct tags."""

    def addObjects(self, doc):  # noqa: N802 (reportlab's name)
        token = _embedding.set(self.fontName)
        try:
            super().addObjects(doc)
        finally:
            _embedding.reset(token)


@cache
def register_face(face: Face) -> str:
    """Register a face with reportlab once (a designer's from the bytes every backend draws);
    returns the name it is registered under."""
    source = face.path if face.bundled else io.BytesIO(face_bytes(face))
    pdfmetrics.registerFont(_TTFont(face.name, source))
    return face.name


@cache
def register_font(font: str) -> str:
    """Register a bundled font with reportlab once; returns its name."""
    register_face(bundled_face(font))
    if font == "Vera":
        # Asking for Vera readies every bundled face, so code that draws on a reportlab canvas
        # itself (benchmarks/bench_*.py) can set any of them by name.
        for name in FONT_FILES:
            if name != font:  # not cached until this call returns
                register_font(name)
    return font


def _face(font: str | Family | Face) -> Face:
    return font if isinstance(font, Face) else face_for(font)


@cache
def _face_chars(face: Face) -> frozenset[str]:
    table = pdfmetrics.getFont(register_face(face)).face
    return frozenset(chr(c) for c in table.charToGlyph)


def font_chars(font: str | Family | Face) -> frozenset[str]:
    """The characters a font has glyphs for."""
    return _face_chars(_face(font))


def missing_chars(text: str, font: str | Family | Face) -> str:
    """Characters of ``text`` (sorted, once each) that ``font`` cannot draw."""
    have = font_chars(font)
    return "".join(sorted({c for c in text if c not in have and not c.isspace()}))


@cache
def _face_extents(face: Face) -> tuple[float, float]:
    table = pdfmetrics.getFont(register_face(face)).face
    return table.ascent / 1000.0, -table.descent / 1000.0


def font_extents(font: str | Family | Face) -> tuple[float, float]:
    """(ascent, descent) of a font in em, both positive."""
    return _face_extents(_face(font))


class _Widths(dict):
    """Advance widths in em per character, filled lazily from reportlab's metrics."""

    def __init__(self, face: Face):
        super().__init__()
        self.font = register_face(face)

    def __missing__(self, ch: str) -> float:
        w = pdfmetrics.stringWidth(ch, self.font, 1.0)
        self[ch] = w
        return w


@cache
def _widths(face: Face) -> _Widths:
    return _Widths(face)


def text_width(text: str, font: str | Family | Face, size: float) -> float:
    """Width in mm of ``text`` set in ``font`` at ``size`` points."""
    cw = _widths(_face(font))
    return sum(cw[c] for c in text) * size * MM_PER_POINT


@dataclass(frozen=True)
class Span:
    """A run on a line: text (``icon`` None) or an inline icon (``text`` is its name), set in
    ``face`` at ``size`` points, in ``colour`` (None: the box's)."""

    x: float  # mm from the box's left edge
    width: float  # mm
    text: str
    icon: str | None = None  # image path or colour string of an icon
    face: Face | None = None
    size: float = 0.0  # points
    colour: str | None = None

    @property
    def size_mm(self) -> float:
        """The span's font size (an icon's em) in mm."""
        return self.size * MM_PER_POINT


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
    font: str | Family
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
_SPACES = re.compile(r"[ \t]+")  # no-break spaces stay glyphs inside a word

# A segment is (text, icon, style, width in em): icon None for text, else the icon's image path
# or colour.
Segment = tuple[str, str | None, Style, float]


def clean_text(text: str) -> str:
    """Normalise newlines and drop characters XML cannot carry."""
    text = str(text).replace("\r\n", "\n").replace("\r", "\n")
    return _INVALID.sub("", text)


class _Metrics:
    """The faces of one box's styles and their widths in em of the box's size."""

    def __init__(self, font: str | Family):
        self.font = font
        self.faces: dict[tuple[bool, bool], tuple[Face, _Widths]] = {}

    def face(self, style: Style) -> tuple[Face, _Widths]:
        key = (style.bold, style.italic)
        found = self.faces.get(key)
        if found is None:
            face = face_for(self.font, *key)
            found = self.faces[key] = (face, _widths(face))
        return found

    def width(self, text: str, style: Style) -> float:
        cw = self.face(style)[1]
        return sum(cw[c] for c in text) * style.scale

    def same(self, a: Style, b: Style) -> bool:
        """Whether runs of styles ``a`` and ``b`` are set alike (one span)."""
        return a is b or a == b or (a.scale == b.scale and a.colour == b.colour
                                    and self.face(a)[0] == self.face(b)[0])

    def space(self, style: Style) -> float:
        return self.face(style)[1][" "] * style.scale


def _paragraphs(runs: list[Run]) -> list[list[Run]]:
    """Runs cut at line breaks into paragraphs."""
    paragraphs: list[list[Run]] = [[]]
    for run in runs:
        if run.icon is not None:
            paragraphs[-1].append(run)
            continue
        for k, piece in enumerate(run.text.split("\n")):
            if k > 0:
                paragraphs.append([])
            if piece:
                paragraphs[-1].append(Run(piece, run.style))
    return paragraphs


# A word: its segments, width and the width of a space after it (set in its last run's style).
Word = tuple[list[Segment], float, float]


def _words(runs: list[Run], m: _Metrics) -> list[Word]:
    """Words (lists of segments) separated by runs of spaces; icons join adjacent text."""
    words: list[list[Segment]] = []
    cur: list[Segment] = []
    for text, style, icon in ((r.text, r.style, r.icon) for r in runs):
        if icon is not None:
            cur.append((text, icon, style, style.scale))  # an icon is an em wide
            continue
        cw, scale = m.face(style)[1], style.scale
        parts = _SPACES.split(text)
        for k, part in enumerate(parts):
            if k > 0 and cur:
                words.append(cur)
                cur = []
            if part:
                cur.append((part, None, style, sum(cw[c] for c in part) * scale))
    if cur:
        words.append(cur)
    return [(w, sum(s[3] for s in w), m.space(w[-1][2])) for w in words]


def _split_word(word: list[Segment], limit: float, m: _Metrics) -> list[list[Segment]]:
    """Break a word wider than ``limit`` em into pieces by characters (icons stay whole)."""
    pieces: list[list[Segment]] = []
    cur: list[Segment] = []
    width = 0.0
    for text, icon, style, ww in word:
        atoms = [(text, icon, style, ww)] if icon is not None else [
            (c, None, style, m.width(c, style)) for c in text]
        for atom in atoms:
            w = atom[3]
            if cur and width + w > limit + _EPS:
                pieces.append(cur)
                cur, width = [], 0.0
            if atom[1] is None and cur and cur[-1][1] is None and cur[-1][2] == style:
                joined = cur[-1][0] + atom[0]
                cur[-1] = (joined, None, style, m.width(joined, style))
            else:
                cur.append(atom)
            width += w
    if cur:
        pieces.append(cur)
    return pieces


def _wrap(paragraphs: list[list[Word]], limit: float, m: _Metrics, break_words: bool
          ) -> tuple[list[list[Word]], bool]:
    """Greedy wrap in em units; returns lines (lists of words) and whether all fit ``limit``."""
    lines: list[list[Word]] = []
    fits = True
    for words in paragraphs:
        line: list[Word] = []
        width = 0.0
        for word in words:
            pieces = [word]
            if word[1] > limit + _EPS:
                if not break_words:
                    fits = False
                else:
                    pieces = [(p, sum(s[3] for s in p), word[2])
                              for p in _split_word(word[0], limit, m)]
                    if any(pw > limit + _EPS for _, pw, _ in pieces):
                        fits = False  # a single glyph wider than the box
            for piece in pieces:
                pw = piece[1]
                if line and width + line[-1][2] + pw > limit + _EPS:
                    lines.append(line)
                    line, width = [], 0.0
                width = pw if not line else width + line[-1][2] + pw
                line.append(piece)
        lines.append(line)
    return lines, fits


def _scales(lines: list[list[Word]], uniform: bool) -> list[float]:
    """Each line's largest run size, as a multiple of the box's (1 for an empty line)."""
    if uniform:  # no size runs (most text): every line is 1
        return [1.0] * len(lines)
    return [max((s[2].scale for w in words for s in w[0]), default=1.0) for words in lines]


def _extra(scales: list[float], leading: float, asc: float, desc: float) -> list[float]:
    """How much further (in em) each baseline sits than in a box of one size: a line of larger
    (or smaller) runs takes its height in proportion, split as the font's ascent and descent."""
    a, d = asc / (asc + desc), desc / (asc + desc)
    out = [asc * (scales[0] - 1)] if scales else []
    for prev, cur in zip(scales, scales[1:], strict=False):
        out.append(out[-1] + leading * ((prev - 1) * d + (cur - 1) * a))
    return out


def _height_lines(lines: list[list[Word]], leading: float, asc: float, desc: float,
                  uniform: bool) -> float:
    """The block's height as a count of lines of the box's size (for the fitting test)."""
    if uniform:
        return len(lines)
    scales = _scales(lines, uniform)
    extra = _extra(scales, leading, asc, desc)
    return len(lines) + (extra[-1] + desc * (scales[-1] - 1)) / leading


def _build(box: TextBox, lines: list[list[Word]], size: float, overflow: bool, m: _Metrics,
           missing: str, uniform: bool) -> Fitted:
    em = size * MM_PER_POINT
    asc, desc = font_extents(box.font)
    scales = _scales(lines, uniform)
    extra = [0.0] * len(lines) if uniform else _extra(scales, box.leading, asc, desc)
    block = ((len(lines) - 1) * box.leading + asc + desc + extra[-1]
             + desc * (scales[-1] - 1)) * em if lines else 0.0
    valign = VAlign(box.valign)
    top = 0.0 if valign is VAlign.TOP else (
        (box.h - block) / 2 if valign is VAlign.MIDDLE else box.h - block)
    align = Align(box.align)
    out: list[Line] = []
    for i, words in enumerate(lines):
        spans: list[list] = []  # [x_em, width_em, text, icon, style]
        x = 0.0
        for k, (word, _, _) in enumerate(words):
            if k > 0:
                space = words[k - 1][2]
                last = spans[-1]
                if last[3] is None:
                    last[1] += space
                    last[2] += " "
                else:
                    spans.append([x, space, " ", None, last[4]])
                x += space
            for text, icon, style, w in word:
                if icon is None and spans and spans[-1][3] is None and m.same(spans[-1][4], style):
                    spans[-1][1] += w
                    spans[-1][2] += text
                else:
                    spans.append([x, w, text, icon, style])
                x += w
        width = x * em
        dx = 0.0 if align is Align.LEFT else (
            (box.w - width) / 2 if align is Align.CENTER else box.w - width)
        baseline = top + (asc + i * box.leading + extra[i]) * em
        out.append(Line(baseline, width, tuple(
            Span(dx + sx * em, sw * em, st, si, m.face(sy)[0], size * sy.scale, sy.colour)
            for sx, sw, st, si, sy in spans)))
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


def runs(box: TextBox) -> list[Run]:
    """The box's text as styled runs and icons (markup and ``:icons:`` applied)."""
    return parse(clean_text(box.text), dict(box.icons), float(box.size))


@lru_cache(maxsize=8192)
def fit_text(box: TextBox) -> Fitted:
    """Choose the largest size from ``box.size`` down to ``box.min_size`` at which the text fits.

    Words are never broken while some size fits them whole; otherwise words wider than the box
    are broken by characters. ``overflow`` is True when even ``min_size`` does not fit. Each run
    is measured in its own face and size; all sizes shrink together.
    """
    if not (box.size > 0 and box.min_size > 0):
        raise PnpError(f"text size must be positive (size {box.size}, min_size {box.min_size})",
                       field="size")
    if not box.leading > 0:
        raise PnpError(f"text leading must be positive, not {box.leading}", field="leading")
    for name, value in box.icons:
        if not value:
            raise PnpError(f"icon {name!r} has no image or colour", field="icons")
    m = _Metrics(box.font)
    parsed = runs(box)
    uniform = all(r.style.scale == 1.0 for r in parsed)
    pieces = _paragraphs(parsed)
    paragraphs = [_words(p, m) for p in pieces]
    missing = "".join(sorted({c for p in pieces for r in p if r.icon is None
                              for c in missing_chars(r.text, m.face(r.style)[0])}))
    if all(not p for p in paragraphs):
        return Fitted(float(box.size), (), False, box.font)
    asc, desc = font_extents(box.font)

    def n_lines_max(size: float) -> float:
        return (box.h / (size * MM_PER_POINT) - asc - desc) / box.leading + 1

    sizes = _sizes(box)
    last: tuple[list[list[Word]], float] | None = None
    for break_words in (False, True):
        for size in sizes:
            limit = box.w / (size * MM_PER_POINT)
            lines, fits = _wrap(paragraphs, limit, m, break_words)
            last = (lines, size)
            if fits and _height_lines(lines, box.leading, asc, desc, uniform) \
                    <= n_lines_max(size) + _EPS:
                return _build(box, lines, size, False, m, missing, uniform)
    assert last is not None  # _sizes always yields at least min_size
    lines, size = last
    return _build(box, lines, size, True, m, missing, uniform)


def icon_place(span: Span, x: float, baseline: float) -> tuple[float, float, float]:
    """Centre (cx, cy) and diameter in mm of an inline icon whose span starts at ``x``."""
    # One place for every backend, so an icon sits on the same spot in PDF, SVG and PNG.
    em = span.size_mm
    return x + span.width / 2, baseline - em * ICON_RISE, em * ICON_SCALE


def icon_spots(box: TextBox, fitted: Fitted) -> Iterator[tuple[str, float, float, float]]:
    """Every inline icon of ``box``'s fitted text: its value, centre (cx, cy) and diameter."""
    for line in fitted.lines:
        for span in line.spans:
            if span.icon is not None:
                cx, cy, d = icon_place(span, box.x + span.x, box.y + line.baseline)
                yield span.icon, cx, cy, d


@lru_cache(maxsize=1024)
def icon_kind(value: str) -> str:
    """"colour" when an icon value is a colour (drawn as a filled circle), else "image"."""
    return "colour" if is_colour(value) else "image"
