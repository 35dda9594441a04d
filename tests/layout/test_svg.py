"""SVG backend: physical size, viewBox with bleed, well-formed XML whatever the text."""

import hashlib
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from pnp.errors import PnpError
from pnp.layout.draw import Drawing, Group, Image, Rect, TextBox
from pnp.layout.svg import drawing_to_svg, write_svg
from pnp.layout.text import fit_text
try:
    from test_pdf import LONG_WORD, NASTY, card
except ImportError:  # tests/layout imported as a package
    from .test_pdf import LONG_WORD, NASTY, card

SVG = "{http://www.w3.org/2000/svg}"


def mm(value: str) -> float:
    assert value.endswith("mm")
    return float(value[:-2])


def texts(root) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


def test_size_in_mm_and_viewbox_include_bleed(tmp_path):
    out = tmp_path / "card.svg"
    write_svg(card(tmp_path), out)
    root = ET.parse(out).getroot()
    assert mm(root.get("width")) == pytest.approx(63.5 + 6)
    assert mm(root.get("height")) == pytest.approx(88.9 + 6)
    assert [float(v) for v in root.get("viewBox").split()] == pytest.approx([-3, -3, 69.5, 94.9])
    # trim = size - 2 * bleed, measured from the file
    vb = [float(v) for v in root.get("viewBox").split()]
    assert (vb[2] + 2 * vb[0], vb[3] + 2 * vb[1]) == pytest.approx((63.5, 88.9))


def test_no_bleed_viewbox_starts_at_origin():
    root = ET.fromstring(drawing_to_svg(Drawing(70, 70)))
    assert root.get("viewBox") == "0 0 70 70" and root.get("width") == "70mm"


def test_nasty_text_and_long_word_survive(tmp_path):
    root = ET.fromstring(drawing_to_svg(card(tmp_path)))
    joined = "".join(texts(root))
    assert NASTY in joined
    assert LONG_WORD in joined


def test_lines_match_fit_text(tmp_path):
    box = TextBox(5, 5, 30, 40, "Pay two fuel to draw a card, then discard one.", size=9)
    root = ET.fromstring(drawing_to_svg(Drawing(40, 50, items=(box,))))
    elements = list(root.iter(SVG + "text"))
    fitted = fit_text(box)
    assert [e.text for e in elements] == [line.text for line in fitted.lines]
    assert [float(e.get("y")) for e in elements] == pytest.approx(
        [5 + line.baseline for line in fitted.lines], abs=1e-3)


def test_fonts_embedded_only_when_used(tmp_path):
    with_text = drawing_to_svg(Drawing(20, 20, items=(TextBox(0, 0, 20, 20, "x",
                                                              font="Vera-Bold"),)))
    assert with_text.count("@font-face") == 1 and "font/ttf;base64" in with_text
    assert "@font-face" not in drawing_to_svg(Drawing(20, 20, items=(Rect(0, 0, 5, 5),)))
    light = drawing_to_svg(Drawing(20, 20, items=(TextBox(0, 0, 20, 20, "x"),)),
                           embed_fonts=False)
    assert "@font-face" not in light and "Vera" in light


def test_deterministic(tmp_path):
    a = drawing_to_svg(card(tmp_path)).encode()
    b = drawing_to_svg(card(tmp_path)).encode()
    assert hashlib.sha256(a).digest() == hashlib.sha256(b).digest()


def test_group_transform_and_clip(tmp_path):
    g = Group((Rect(0, 0, 5, 5),), dx=10, dy=20, rotate=90, mirror=True,
              clip=((0, 0), (5, 0), (5, 5)))
    root = ET.fromstring(drawing_to_svg(Drawing(40, 40, items=(g,))))
    elem = next(e for e in root.iter(SVG + "g") if e.get("clip-path"))
    assert elem.get("transform") == "translate(10 20) rotate(90) scale(-1 1)"
    clip_id = elem.get("clip-path")[5:-1]
    assert any(c.get("id") == clip_id for c in root.iter(SVG + "clipPath"))


def test_missing_image_names_the_file(tmp_path):
    d = Drawing(20, 20, items=(Image(0, 0, 5, 5, str(tmp_path / "gone.png")),))
    with pytest.raises(PnpError, match="gone.png"):
        drawing_to_svg(d)


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=80))
def test_any_text_gives_well_formed_xml(text):
    d = Drawing(40, 40, name=text, items=(TextBox(0, 0, 40, 40, text, size=9),))
    ET.fromstring(drawing_to_svg(d, embed_fonts=False))


def test_embedded_font_is_a_subset_covering_the_text():
    fonttools = pytest.importorskip("fontTools.ttLib")
    import base64
    import io
    import re

    text = 'Scrap & <Golem> "é" 12'
    svg = drawing_to_svg(Drawing(60, 20, items=(TextBox(0, 0, 60, 20, text),)))
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", svg).group(1)
    font = fonttools.TTFont(io.BytesIO(base64.b64decode(data)))
    cmap = font.getBestCmap()
    assert {ord(c) for c in text if c != " "} <= set(cmap)
    # cut down to printable ASCII plus what the text uses, not the whole font
    assert len(cmap) <= 96 + 1
    assert len(svg) < 40_000


def test_pdf_and_svg_place_the_same_lines_at_the_same_spots(tmp_path):
    import io

    import pypdf

    from pnp.layout.draw import Align, VAlign
    from pnp.layout.pdf import write_pdf

    pt = 72 / 25.4
    d = Drawing(60, 40, bleed=3, items=(
        TextBox(5, 5, 50, 30, "Pay two fuel to draw a card, then discard one of them.",
                size=9, align=Align.RIGHT, valign=VAlign.MIDDLE),
        Group((TextBox(0, 0, 20, 10, "grouped", align=Align.CENTER),), dx=10, dy=20)))
    buf = io.BytesIO()
    write_pdf([d], buf)
    height_pt = 46 * pt
    in_pdf = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            in_pdf.append((text.strip(), x / pt - 3, (height_pt - y) / pt - 3))

    pypdf.PdfReader(buf).pages[0].extract_text(visitor_text=visit)
    root = ET.fromstring(drawing_to_svg(d, embed_fonts=False))
    in_svg = []

    def walk(element, dx, dy):  # only translations occur in this drawing
        transform = element.get("transform") or ""
        if transform.startswith("translate("):
            tx, ty = transform[len("translate("):-1].split()
            dx, dy = dx + float(tx), dy + float(ty)
        if element.tag == SVG + "text":
            in_svg.append((element.text.strip(), float(element.get("x")) + dx,
                           float(element.get("y")) + dy))
        for child in element:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    assert [t for t, _, _ in in_pdf] == [t for t, _, _ in in_svg]
    for (_, px, py), (_, sx, sy) in zip(in_pdf, in_svg):
        assert (px, py) == pytest.approx((sx, sy), abs=0.01)
