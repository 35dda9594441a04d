"""`pnp preflight FILE.pdf`: what a print shop's preflight checks, before the file is sent.

Per file: PDF version against the features used (transparency needs 1.4); per page: its boxes;
fonts (embedded? subset? one tag per subset); colour spaces; images below 300 dpi at their
placed size; text below 6 pt (below 5 pt is a problem: the smallest print pnp allows, for seed
codes); text within the safe zone: 3 mm inside the TrimBox on a page with one (a print-shop
page); on a page without one, text or a stroked line (a crop mark) within the printer margin of
the sheet edge. Filled art may run into either: that is bleed. With ``cmyk`` (a file meant for
a print shop that asks for CMYK): every vector colour in CMYK (or grey), and no text in rich
black (K of 80% or more with other inks: small type in four inks fringes where the plates
misregister; pnp prints such text 100% K). Images are listed by colour space, not judged: art
is converted with the print shop's profile.

Objects are read with pdfium (positions and sizes as drawn, form XObjects included), fonts,
boxes and colour operators with pypdf.
"""

from __future__ import annotations

import ctypes
import math
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pnp.errors import PnpError

PT_PER_MM = 72 / 25.4
MIN_DPI = 300.0
SMALL_PT = 6.0      # reported
TINY_PT = 5.0       # a problem: below what even small print (seed codes) may use
SAFE_MM = 3.0       # inside a TrimBox
EDGE_MM = 5.0       # from the sheet edge when the page has no TrimBox (home printing)

Matrix = tuple[float, float, float, float, float, float]
_COLOUR_OPS = re.compile(rb"(?<![A-Za-z])(rg|RG|k|K|g|G|cs|CS)(?![A-Za-z])")
_OP_SPACE = {b"rg": "DeviceRGB", b"RG": "DeviceRGB", b"k": "DeviceCMYK", b"K": "DeviceCMYK",
             b"g": "DeviceGray", b"G": "DeviceGray"}


@dataclass
class Report:
    """What preflight found in one file."""

    path: str
    version: str = ""
    needs: str = "1.3"
    pages: list[dict[str, Any]] = field(default_factory=list)
    fonts: list[dict[str, Any]] = field(default_factory=list)
    colour_spaces: list[str] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    small_text: list[dict[str, Any]] = field(default_factory=list)
    # image -> (page, card, file) of each use
    low_res: dict[tuple[Any, ...], list[tuple[int, str, str]]] = field(default_factory=dict)
    cmyk: bool = False  # checked as a CMYK file
    text_inks: list[dict[str, Any]] = field(default_factory=list)  # with ``cmyk``
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "pdf_version": self.version, "version_needed": self.needs,
                "pages": self.pages, "fonts": self.fonts, "colour_spaces": self.colour_spaces,
                "images": self.images, "small_text": self.small_text, "problems": self.problems,
                "ok": not self.problems, **({"text_inks": self.text_inks} if self.cmyk else {})}

    def lines(self) -> list[str]:
        """The human-readable report."""
        out = [f"{self.path}: PDF {self.version} (uses features of {self.needs}), "
               f"{len(self.pages)} page(s)"]
        sizes: dict[str, int] = {}
        for p in self.pages:
            key = f"{p['media'][0]:g}x{p['media'][1]:g} mm" + (
                f", trim {p['trim'][0]:g}x{p['trim'][1]:g} mm, bleed {p['bleed_mm']:g} mm"
                if p.get("trim") else "")
            sizes[key] = sizes.get(key, 0) + 1
        out += [f"  pages: {n} x {k}" for k, n in sizes.items()]
        for f in self.fonts:
            out.append(f"  font {f['name']}: {'embedded' if f['embedded'] else 'NOT embedded'}"
                       f"{', subset' if f['subset'] else ''}")
        out.append(f"  colour spaces: {', '.join(self.colour_spaces) or 'none'}")
        if self.cmyk:
            out.append(f"  text inks: {', '.join(i['ink'] for i in self.text_inks) or 'none'}")
        low = [i for i in self.images if i["dpi"] < MIN_DPI]
        out.append(f"  images: {len(self.images)} placed, {len(low)} below {MIN_DPI:g} dpi")
        out.append(f"  text below {SMALL_PT:g} pt: {len(self.small_text)}")
        out += [f"  problem: {p}" for p in self.problems] or ["  no problems found"]
        return out


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (pdfium's a b c d e f: x' = a x + c y + e, y' = b x + d y + f)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _box(bounds: tuple[float, float, float, float], m: Matrix) -> tuple[float, ...]:
    x0, y0, x1, y1 = bounds
    pts = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
           for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
            max(p[1] for p in pts))


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _mm(v: float) -> float:
    return round(v / PT_PER_MM, 2)


def preflight(path: str | Path, cmyk: bool = False) -> Report:
    """Check one PDF (as a CMYK file with ``cmyk``); a PnpError when it cannot be read."""
    import pypdfium2 as pdfium

    file = str(path)
    try:
        raw = Path(path).read_bytes()
        doc = pdfium.PdfDocument(raw)
    except (OSError, pdfium.PdfiumError) as exc:
        raise PnpError(f"cannot read PDF: {exc}", file=file) from None
    report = Report(file, cmyk=cmyk)
    head = re.match(rb"%PDF-(\d\.\d)", raw[:16])
    report.version = head.group(1).decode() if head else "?"
    try:
        for i in range(len(doc)):
            _page(doc, i, report)
    finally:
        doc.close()
    for (w, h, dpi, _), uses in report.low_res.items():
        shown = sorted({p for p, _, _ in uses})
        files = sorted({f for _, _, f in uses if f})
        cards = list(dict.fromkeys(card for _, card, _ in uses if card))
        on_cards = (f", on card{'s' if len(cards) > 1 else ''} {', '.join(map(repr, cards[:5]))}"
                    f"{f' and {len(cards) - 5} more' if len(cards) > 5 else ''}" if cards else "")
        report.problems.append(
            f"image{''.join(' ' + f for f in files)} of {w}x{h} px placed at {dpi} dpi (below "
            f"{MIN_DPI:g}), {len(uses)} time{'s' if len(uses) > 1 else ''} on "
            f"page{'s' if len(shown) > 1 else ''} "
            f"{', '.join(map(str, shown[:8]))}{' ...' if len(shown) > 8 else ''}{on_cards}")
    _fonts_and_colours(raw, file, report)
    if _version(report.version) < _version(report.needs):
        report.problems.append(f"declares PDF {report.version} but uses transparency "
                               f"(PDF {report.needs})")
    return report


def _version(v: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in v.split("."))
    except ValueError:
        return (0,)


def _page(doc: Any, index: int, report: Report) -> None:
    import pypdfium2.raw as c

    page = doc[index]
    media = page.get_mediabox()
    trim = page.get_trimbox(fallback_ok=False) if _has_box(page, "TrimBox") else None
    bleed = page.get_bleedbox(fallback_ok=False) if _has_box(page, "BleedBox") else None
    info: dict[str, Any] = {"page": index + 1,
                            "media": (_mm(media[2] - media[0]), _mm(media[3] - media[1]))}
    if trim:
        info["trim"] = (_mm(trim[2] - trim[0]), _mm(trim[3] - trim[1]))
        info["bleed_mm"] = _mm(trim[0] - (bleed or media)[0])
    report.pages.append(info)
    if c.FPDFPage_HasTransparency(page):
        report.needs = "1.4"
    # the safe zone: inside the trim on a print-shop page, else off the sheet edge
    zone, inset = (trim, SAFE_MM) if trim else (media, EDGE_MM)
    inner = (zone[0] + inset * PT_PER_MM, zone[1] + inset * PT_PER_MM,
             zone[2] - inset * PT_PER_MM, zone[3] - inset * PT_PER_MM)

    def inside(b: tuple[float, ...]) -> bool:
        tol = 0.05 * PT_PER_MM
        return (b[0] >= inner[0] - tol and b[1] >= inner[1] - tol and b[2] <= inner[2] + tol
                and b[3] <= inner[3] + tol)

    where = f"page {index + 1}"
    unsafe = 0
    ident: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def walk(form: Any, outer: Matrix, clip: tuple[float, ...] | None,
             tags: dict[str, str]) -> None:
        nonlocal unsafe
        for obj in page.get_objects(form=form, max_depth=1):
            m = obj.get_matrix().get()
            kind = obj.type
            # a clip applies to what the object draws, inside a form too
            own = _clip(obj, outer if form is not None else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
            shown = _meet(clip, own)
            mine = {**tags, **_tags(obj)}  # the card and the picture file pnp marked
            if kind == c.FPDF_PAGEOBJ_FORM:
                if shown is None or shown[0] < shown[2]:
                    walk(obj, _mul(m, outer), shown, mine)
                continue
            if c.FPDFPageObj_HasTransparency(obj):
                report.needs = "1.4"
            box = _meet(shown, _box(obj.get_bounds(), outer))
            if box is None or box[0] >= box[2] or box[1] >= box[3]:
                continue  # clipped away (a tiled board shows part of its drawing per page)
            if kind == c.FPDF_PAGEOBJ_TEXT:
                size = ctypes.c_float()
                c.FPDFTextObj_GetFontSize(obj, size)
                pt = size.value * _scale(_mul(m, outer))
                if pt < SMALL_PT - 0.01:
                    text = _text(obj)
                    report.small_text.append({"page": index + 1, "pt": round(pt, 2),
                                              "text": text})
                    if pt < TINY_PT - 0.01:
                        report.problems.append(f"{where}: {pt:.1f} pt text {text!r} (below "
                                               f"{TINY_PT:g} pt)")
                if not inside(box):
                    unsafe += 1
                    if unsafe <= 5:
                        report.problems.append(f"{where}: text {_text(obj)!r} within the "
                                               f"{'safe zone' if trim else 'printer margin'}")
            elif kind == c.FPDF_PAGEOBJ_IMAGE:
                w, h = ctypes.c_uint(), ctypes.c_uint()
                c.FPDFImageObj_GetImagePixelSize(obj, w, h)
                dpi = min(w.value / max(1e-9, (box[2] - box[0]) / 72),
                          h.value / max(1e-9, (box[3] - box[1]) / 72))
                report.images.append({"page": index + 1, "px": (w.value, h.value),
                                      "dpi": round(dpi)})
                if dpi < MIN_DPI - 0.5:
                    # one problem per picture and placed size, however many copies show it
                    key = (w.value, h.value, round(dpi), _image_digest(obj))
                    report.low_res.setdefault(key, []).append(
                        (index + 1, mine.get("pnpCard", ""), mine.get("pnpImage", "")))
            elif (kind == c.FPDF_PAGEOBJ_PATH and not trim and not inside(box)
                  and _stroked_only(obj)):
                # on a home sheet, a line to see or cut by (crop mark, cut line) the printer
                # would lose; on a print-shop page lines are the card's art
                unsafe += 1
                if unsafe <= 5:
                    report.problems.append(
                        f"{where}: line at ({_mm(box[0] - zone[0]):g}, "
                        f"{_mm(zone[3] - box[3]):g}) mm within the "
                        f"{'safe zone' if trim else 'printer margin'}")

    walk(None, ident, None, {})
    if unsafe > 5:
        report.problems.append(f"{where}: {unsafe - 5} more in the safe zone")


def _tags(obj: Any) -> dict[str, str]:
    """The marked content pnp wraps its pictures and cards in: {"pnpImage": file name,
    "pnpCard": card name}, for what ``obj`` draws (a form or an image)."""
    import pypdfium2.raw as c

    found: dict[str, str] = {}
    for i in range(c.FPDFPageObj_CountMarks(obj.raw)):
        mark = c.FPDFPageObj_GetMark(obj.raw, i)
        name = _mark_text(partial(c.FPDFPageObjMark_GetName, mark))
        key = {"pnpImage": b"File", "pnpCard": b"Name"}.get(name)
        if key is not None:
            found[name] = _mark_text(partial(c.FPDFPageObjMark_GetParamStringValue, mark, key))
    return found


def _mark_text(get: Any) -> str:
    """The string one of pdfium's two-call getters gives as UTF-16LE ("" if there is none)."""
    n = ctypes.c_ulong()
    if not get(None, 0, ctypes.byref(n)) or n.value < 2:
        return ""
    buf = (ctypes.c_ushort * (n.value // 2 + 1))()
    get(buf, n.value, ctypes.byref(n))
    # pnp writes UTF-8 (layout/pdf.py), which pdfium decodes
    return bytes(buf)[:n.value].decode("utf-16-le", "replace").rstrip("\x00")


def _image_digest(obj: Any) -> str:
    """What tells one picture from another: a hash of its encoded data (small for a
    low-resolution image, which is the only kind asked)."""
    import hashlib

    import pypdfium2.raw as c

    n = c.FPDFImageObj_GetImageDataRaw(obj, None, 0)
    buf = ctypes.create_string_buffer(max(1, n))
    c.FPDFImageObj_GetImageDataRaw(obj, buf, n)
    return hashlib.blake2b(buf.raw[:n], digest_size=8).hexdigest()


def _clip(obj: Any, m: Matrix) -> tuple[float, ...] | None:
    """The bounding box (page space) of an object's own clip path, if it has one."""
    import pypdfium2.raw as c

    clip = c.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    box: tuple[float, ...] | None = None
    for i in range(c.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for k in range(c.FPDFClipPath_CountPathSegments(clip, i)):
            seg = c.FPDFClipPath_GetPathSegment(clip, i, k)
            x, y = ctypes.c_float(), ctypes.c_float()
            if seg and c.FPDFPathSegment_GetPoint(seg, x, y):
                xs.append(x.value)
                ys.append(y.value)
        if xs:
            box = _meet(box, _box((min(xs), min(ys), max(xs), max(ys)), m))
    return box


def _meet(a: tuple[float, ...] | None, b: tuple[float, ...] | None) -> tuple[float, ...] | None:
    """Intersection of two boxes (None stands for no limit)."""
    if a is None or b is None:
        return b if a is None else a
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _has_box(page: Any, name: str) -> bool:
    import pypdfium2.raw as c

    getter = {"TrimBox": c.FPDFPage_GetTrimBox, "BleedBox": c.FPDFPage_GetBleedBox}[name]
    vals = [ctypes.c_float() for _ in range(4)]
    return bool(getter(page, *vals))


def _stroked_only(obj: Any) -> bool:
    import pypdfium2.raw as c

    fill, stroke = ctypes.c_int(), ctypes.c_int()
    c.FPDFPath_GetDrawMode(obj, fill, stroke)
    return bool(stroke.value) and not fill.value


def _text(obj: Any) -> str:
    import pypdfium2.raw as c

    textpage = c.FPDFText_LoadPage(obj.page)
    try:
        n = c.FPDFTextObj_GetText(obj, textpage, None, 0)
        buf = (ctypes.c_ushort * max(1, n // 2))()
        c.FPDFTextObj_GetText(obj, textpage, buf, n)
        return bytes(buf)[:max(0, n - 2)].decode("utf-16-le", errors="replace")[:40]
    finally:
        c.FPDFText_ClosePage(textpage)


def _fonts_and_colours(raw: bytes, file: str, report: Report) -> None:
    import io

    from pypdf import PdfReader
    from pypdf.generic import IndirectObject

    reader = PdfReader(io.BytesIO(raw))
    if report.cmyk:
        _cmyk_checks(reader, report)
    fonts: dict[str, dict[str, Any]] = {}
    spaces: set[str] = set()
    seen: set[int] = set()

    def resources(res: Any) -> None:
        if res is None:
            return
        res = res.get_object()
        for ref in (res.get("/Font") or {}).values():
            key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
            font = ref.get_object()
            name = str(font.get("/BaseFont", "?")).lstrip("/")
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts.setdefault(f"{name}#{key}", {"name": name, "embedded": embedded,
                                               "subset": bool(re.match(r"[A-Z]{6}\+", name))})
        for gs in (res.get("/ExtGState") or {}).values():
            gs = gs.get_object()
            if any(float(gs.get(k, 1)) < 1 for k in ("/ca", "/CA")) or "/SMask" in gs:
                report.needs = "1.4"
        for ref in (res.get("/XObject") or {}).values():
            if isinstance(ref, IndirectObject):
                if ref.idnum in seen:
                    continue
                seen.add(ref.idnum)
            xobj = ref.get_object()
            if "/SMask" in xobj:
                report.needs = "1.4"  # a soft mask is transparency
            if xobj.get("/Subtype") == "/Image":
                cs = xobj.get("/ColorSpace")
                if cs is not None:
                    cs = cs.get_object()
                    spaces.add(str(cs[0] if isinstance(cs, list) else cs).lstrip("/"))
            elif xobj.get("/Subtype") == "/Form":
                streams(xobj)
                resources(xobj.get("/Resources"))

    def streams(stream: Any) -> None:
        from pypdf.generic import ContentStream

        if not _COLOUR_OPS.search(stream.get_data()):
            return
        for operands, op in ContentStream(stream, reader).operations:
            if op in _OP_SPACE:
                spaces.add(_OP_SPACE[op])
            elif op in (b"cs", b"CS") and operands:
                spaces.add(str(operands[0]).lstrip("/"))

    for page in reader.pages:
        contents = page.get_contents()
        if contents is not None:
            streams(contents)
        resources(page.get("/Resources"))
    report.fonts = sorted(fonts.values(), key=lambda f: f["name"])
    report.colour_spaces = sorted(spaces)
    for f in report.fonts:
        if not f["embedded"]:
            report.problems.append(f"font {f['name']} is not embedded")
    tags = [f["name"].split("+")[0] for f in report.fonts if f["subset"]]
    for tag in sorted({t for t in tags if tags.count(t) > 1}):
        report.problems.append(f"subset tag {tag} is used by {tags.count(tag)} fonts")


_TEXT_SHOWING = (b"Tj", b"TJ", b"'", b'"')
_SPACE_OPS = {b"rg": "DeviceRGB", b"RG": "DeviceRGB", b"k": "DeviceCMYK", b"K": "DeviceCMYK",
              b"g": "DeviceGray", b"G": "DeviceGray"}
_PRINTABLE = ("DeviceCMYK", "DeviceGray", "Pattern")  # what a CMYK file may paint with


def _ink_name(space: str, values: tuple[float, ...]) -> str:
    """'C6 M6 Y0 K88' (percent), or the space and its values for anything else."""
    if space == "DeviceCMYK" and len(values) == 4:
        return " ".join(f"{n}{round(v * 100)}" for n, v in zip("CMYK", values, strict=True))
    return f"{space} {' '.join(f'{v:g}' for v in values)}".strip()


def _cmyk_checks(reader: Any, report: Report) -> None:
    """Walk every content stream (forms with the graphics state they are drawn in): the ink of
    each text-showing operator, and every colour set in a space other than CMYK or grey."""
    from pypdf.generic import ContentStream

    from pnp.layout.colours import rich_black

    inks: dict[tuple[str, tuple[float, ...]], set[int]] = {}
    other: dict[str, set[int]] = {}
    parsed: dict[int, list[Any]] = {}

    def operations(stream: Any) -> list[Any]:
        ref = getattr(stream, "indirect_reference", None)
        key = ref.idnum if ref is not None else id(stream)
        if key not in parsed:
            parsed[key] = ContentStream(stream, reader).operations
        return parsed[key]

    def run(ops: list[Any], resources: Any, fill: tuple[str, tuple[float, ...]],
            page: int, depth: int) -> None:
        stack: list[tuple[str, tuple[float, ...]]] = []
        space = "DeviceGray"
        xobjects = (resources.get_object().get("/XObject") or {}) if resources else {}
        for operands, op in ops:
            if op == b"q":
                stack.append(fill)
            elif op == b"Q" and stack:
                fill = stack.pop()
            elif op in _SPACE_OPS or op in (b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN"):
                fills = op.islower()
                if op in _SPACE_OPS:
                    used = _SPACE_OPS[op]
                    value = (used, tuple(round(float(v), 4) for v in operands))
                elif op in (b"cs", b"CS"):
                    used = str(operands[0]).lstrip("/") if operands else "?"
                    if fills:
                        space = used
                    continue
                else:
                    used = space if fills else "?"
                    value = (used, tuple(round(float(v), 4) for v in operands
                                         if isinstance(v, (int, float))))
                if used != "?" and used not in _PRINTABLE:
                    other.setdefault(used, set()).add(page)
                if fills:
                    fill = value
            elif op in _TEXT_SHOWING:
                inks.setdefault(fill, set()).add(page)
            elif op == b"Do" and operands and depth < 20:
                xobj = xobjects.get(str(operands[0]))
                xobj = xobj.get_object() if xobj is not None else None
                if xobj is not None and xobj.get("/Subtype") == "/Form":
                    run(operations(xobj), xobj.get("/Resources") or resources, fill, page,
                        depth + 1)

    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is not None:
            run(operations(contents), page.get("/Resources"), ("DeviceGray", (0.0,)), number, 0)

    def pages(found: set[int]) -> str:
        shown = sorted(found)
        return ", ".join(map(str, shown[:8])) + (f" and {len(shown) - 8} more" if len(shown) > 8
                                                 else "")

    for (space, values), found in sorted(inks.items()):
        report.text_inks.append({"space": space, "ink": _ink_name(space, values),
                                 "pages": sorted(found)})
        if space == "DeviceCMYK" and len(values) == 4 and rich_black(
                (values[0], values[1], values[2], values[3])):
            report.problems.append(f"text in rich black {_ink_name(space, values)} on page(s) "
                                   f"{pages(found)}: black text should be 100% K only")
    for space, found in sorted(other.items()):
        report.problems.append(f"colour in {space} on page(s) {pages(found)}: not CMYK")


__all__ = ["Report", "preflight"]
