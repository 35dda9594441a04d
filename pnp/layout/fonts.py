"""Font faces: the bundled Vera faces and a designer's own TTF/OTF files, one ``Face`` each.

A face is read once, checked, and handed to every backend as the same bytes: reportlab embeds
and subsets it in the PDF, the SVG embeds a subset (fontTools), Skia paints the PNG from it. An
OpenType font with PostScript (CFF) outlines is converted to TrueType outlines here (fontTools'
cu2qu, within a thousandth of an em), since reportlab embeds TrueType outlines only: the three
backends then draw the same converted glyphs.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
from dataclasses import dataclass
from functools import cache, lru_cache

import reportlab

from pnp.errors import PnpError
from pnp.layout.draw import Family

# The Bitstream Vera TTFs ship inside reportlab, so every machine renders the same glyphs.
FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
FONT_FILES: dict[str, str] = {
    "Vera": "Vera.ttf",
    "Vera-Bold": "VeraBd.ttf",
    "Vera-Italic": "VeraIt.ttf",
    "Vera-BoldItalic": "VeraBI.ttf",
}
# (bold, italic) of each style, in the order of ``Family.files``; the suffix of its name.
STYLES: tuple[tuple[bool, bool, str], ...] = (
    (False, False, ""), (True, False, "-Bold"), (False, True, "-Italic"),
    (True, True, "-BoldItalic"))
STYLE_KEYS = ("regular", "bold", "italic", "bold_italic")
# A style the family has no file for is drawn in the nearest it has (never faked by slanting
# or emboldening, which PDF, SVG and Skia would each do differently).
_FALLBACK = {0: (0,), 1: (1, 0), 2: (2, 0), 3: (3, 1, 2, 0)}
MAX_ERR_EM = 0.001  # how far converted CFF curves may stray, in em


@dataclass(frozen=True)
class Face:
    """One font file as drawn: ``name`` registers it with reportlab (unique per content)."""

    name: str
    path: str
    family: str  # the SVG font-family
    bold: bool
    italic: bool
    digest: str = ""  # "" for the bundled faces

    @property
    def bundled(self) -> bool:
        return not self.digest


def _style_index(bold: bool, italic: bool) -> int:
    return (1 if bold else 0) + (2 if italic else 0)


@lru_cache(maxsize=16)
def bundled_face(name: str) -> Face:
    """A bundled Vera face by name; PnpError for another name."""
    if name not in FONT_FILES:
        raise PnpError(f"unknown font {name!r} (bundled fonts: {', '.join(FONT_FILES)})",
                       field="font")
    bold, italic = "Bold" in name, "Italic" in name
    return Face(name, os.path.join(FONT_DIR, FONT_FILES[name]), "Vera", bold, italic)


@lru_cache(maxsize=1024)
def face_for(font: str | Family, bold: bool = False, italic: bool = False) -> Face:
    """The face a run is set in: the box's font with ``bold``/``italic`` added to its style."""
    if isinstance(font, str):
        base = bundled_face(font)
        i = _style_index(base.bold or bold, base.italic or italic)
        return bundled_face("Vera" + STYLES[i][2])
    return _family_face(font, _style_index(font.bold or bold, font.italic or italic))


@lru_cache(maxsize=256)
def _family_face(family: Family, wanted: int) -> Face:
    i = next(k for k in _FALLBACK[wanted] if family.files[k])
    bold, italic, suffix = STYLES[i]
    digest = family.digests[i]
    return Face(f"{family.name}{suffix}.{digest[:12]}", family.files[i], family.name, bold,
                italic, digest)


def font_name(font: str | Family) -> str:
    """How a box's font is written in a layout: ``Vera-Bold``, ``Body-Italic``."""
    if isinstance(font, str):
        return font
    return font.name + STYLES[_style_index(font.bold, font.italic)][2]


# ---------------------------------------------------------------- reading a designer's file

@lru_cache(maxsize=64)
def face_bytes(face: Face) -> bytes:
    """The TrueType bytes every backend draws ``face`` from (CFF outlines converted)."""
    if face.bundled:
        with open(face.path, "rb") as fh:
            return fh.read()
    data, digest = read_font(face.path)
    if digest != face.digest:  # edited since the layout was read: the old name is stale
        raise PnpError("the font file changed while rendering; render again", file=face.path,
                       field="fonts")
    return data


@cache
def _read_cached(path: str, stamp: tuple[int, int]) -> tuple[bytes, str]:
    from pnp.safe_io import read_input

    raw = read_input(path, "font file")
    digest = hashlib.sha256(raw).hexdigest()[:32]
    return _truetype(raw), digest


def read_font(path: str) -> tuple[bytes, str]:
    """A font file checked and as TrueType bytes, with the digest of the file's own bytes.

    PnpError (its message alone: the caller names the layout) when the file is not a font pnp
    can embed: a folder, too large, not TrueType/OpenType, a collection, or a font that forbids
    embedding."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise PnpError(f"cannot read the font file: {exc.strerror or exc}") from None
    if os.path.isdir(path):
        raise PnpError("is a folder, not a font file")
    try:
        return _read_cached(path, (st.st_mtime_ns, st.st_size))
    except PnpError as exc:
        raise PnpError(exc.message) from None


def _truetype(raw: bytes) -> bytes:
    from fontTools.ttLib import TTFont, TTLibError

    if raw[:4] == b"ttcf":
        raise PnpError("a font collection (.ttc/.otc): name one font file (.ttf or .otf)")
    if raw[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise PnpError("not a TrueType or OpenType font file (.ttf or .otf)")
    try:
        tt = TTFont(io.BytesIO(raw), recalcTimestamp=False, lazy=False)
        if "CFF2" in tt:
            raise PnpError("a variable OpenType font (CFF2 outlines): name one static "
                           "instance's file")
        if "CFF " in tt:
            _cff_to_glyf(tt)
            out = io.BytesIO()
            tt.save(out)
            raw = out.getvalue()
        elif "glyf" not in tt:
            raise PnpError("a font without outlines pnp can draw (no glyf or CFF table)")
        os2 = tt["OS/2"] if "OS/2" in tt else None
    except (TTLibError, KeyError, ValueError, AssertionError, struct.error) as exc:
        raise PnpError(f"not a usable TrueType or OpenType font ({exc})"[:200]) from None
    if os2 is not None and (os2.fsType & 0x000F) == 0x0002:
        raise PnpError("the font's licence forbids embedding it (OS/2 fsType: restricted)")
    _check_reportlab(raw)
    return raw


def _check_reportlab(data: bytes) -> None:
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        TTFontFile(io.BytesIO(data), validate=0)
    except (TTFError, Exception) as exc:  # noqa: BLE001 (several types on broken tables)
        raise PnpError(f"reportlab cannot embed this font: {exc}"[:200]) from None


def _cff_to_glyf(tt) -> None:  # noqa: ANN001 (fontTools' TTFont)
    """Replace a font's CFF outlines by TrueType (quadratic) ones: fontTools' otf2ttf recipe."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = tt.getGlyphOrder()
    glyph_set = tt.getGlyphSet()
    max_err = MAX_ERR_EM * tt["head"].unitsPerEm
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # CFF contours run counter-clockwise, TrueType's clockwise
        glyph_set[name].draw(Cu2QuPen(pen, max_err, reverse_direction=True))
        glyphs[name] = pen.glyph()
    tt["loca"] = newTable("loca")
    tt["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del tt["CFF "]
    if "VORG" in tt:
        del tt["VORG"]
    glyf.compile(tt)
    hmtx = tt["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    tt["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.compile(tt)
    post = tt["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    tt.sfntVersion = "\x00\x01\x00\x00"


# ---------------------------------------------------------------- a layout's ``fonts:``

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_RESERVED = {"vera", "regular", "bold", "italic", "bolditalic", "bold_italic", "bold-italic"}
_KEY_ALIASES = {"bold-italic": "bold_italic", "bolditalic": "bold_italic"}


def load_family(name: str, spec: object, folders: list[str], where: tuple[str, int | None]
                ) -> Family:
    """The family a layout's ``fonts:`` entry names: one file (its regular face) or a mapping of
    regular, bold, italic and bold_italic files, each found in ``folders`` in order (the
    layout's, then the card list's). PnpError naming the layout file and the field."""
    file, line = where

    def fail(msg: str, field: str) -> PnpError:
        return PnpError(msg, file=file, line=line, field=field)

    if not _NAME.fullmatch(name) or name.lower() in _RESERVED:
        raise fail("a font family's name is a letter then letters, digits or _ (up to 40), "
                   "not Vera or a style name", f"fonts.{name}")
    if isinstance(spec, str):
        spec = {"regular": spec}
    if not isinstance(spec, dict):
        raise fail("expected a font file, or a mapping of regular, bold, italic and "
                   "bold_italic files", f"fonts.{name}")
    styles = {_KEY_ALIASES.get(str(k).lower(), str(k).lower()): v for k, v in spec.items()
              if k != "__line__"}
    unknown = sorted(set(styles) - set(STYLE_KEYS))
    if unknown:
        raise fail(f"unknown style (expected {', '.join(STYLE_KEYS)})",
                   f"fonts.{name}.{unknown[0]}")
    if not styles.get("regular"):
        raise fail("a font family needs its regular file", f"fonts.{name}.regular")
    files: list[str] = []
    digests: list[str] = []
    for key in STYLE_KEYS:
        ref = styles.get(key)
        field = f"fonts.{name}" if len(styles) == 1 else f"fonts.{name}.{key}"
        if not ref:
            files.append("")
            digests.append("")
            continue
        path = _find(str(ref).strip(), folders, lambda m, f=field: fail(m, f))
        try:
            _, digest = read_font(path)
        except PnpError as exc:
            raise fail(f"font file {str(ref)[:200]!r}: {exc.message}", field) from None
        files.append(path)
        digests.append(digest)
    return Family(name, tuple(files), tuple(digests))  # type: ignore[arg-type]


def _find(ref: str, folders: list[str], fail) -> str:  # noqa: ANN001
    from pathlib import Path

    from pnp.safe_io import check_readable

    p = Path(ref)
    candidates = [p] if p.is_absolute() else [Path(f) / p for f in folders]
    found = next((c for c in candidates if c.exists()), None)
    if found is None:
        raise fail(f"font file {ref[:200]!r} not found (looked in "
                   f"{', '.join(str(c.parent) for c in candidates)})")
    try:
        check_readable(found, list(folders), what="the font file")
    except PnpError as exc:
        raise fail(exc.message) from None
    return str(found.resolve())


def parse_font(value: object, families: dict[str, Family]) -> str | Family | None:
    """A layout's ``font:`` value: a family of its ``fonts:`` (``Body``, ``Body-Bold``,
    ``Body-Italic``, ``Body-BoldItalic``, any case) or a bundled face; None when neither."""
    text = str(value).strip()
    low = text.lower()
    for bold, italic, suffix in reversed(STYLES):  # the longest suffix first
        if suffix and not low.endswith(suffix.lower()):
            continue
        family = families.get(low[:len(low) - len(suffix)] if suffix else low)
        if family is not None:
            from dataclasses import replace

            return replace(family, bold=bold, italic=italic)
    return None
