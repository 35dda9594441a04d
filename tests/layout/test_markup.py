"""Rich text: the markup's runs (bold, italic, colour, size, line breaks) measured each in its own
face and read back from the PDF (text operators, fonts, colours), the SVG (each run's text
element) and the PNG (against pdfium's rendering of the PDF)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pypdf
import pytest

from pnp.layout.draw import Drawing, Rect, TextBox
from pnp.layout.markup import PLAIN, Style, parse
from pnp.layout.pdf import write_pdf
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.svg import drawing_to_svg
from pnp.layout.text import fit_text, font_extents, text_width

try:
    from pdf_content import operations
    from test_paint import apart, both
except ImportError:  # tests/layout imported as a package
    from ..pdf_content import operations
    from .test_paint import apart, both

SVG = "{http://www.w3.org/2000/svg}"
RICH = ("Deal <b>2 damage</b> to a <i>rusted</i> machine.<br>"
        "<color=#b00000>Discard</color> a card: <size=14>+1</size> :fuel:")


def runs_of(text, icons=None, size=10.0):
    return [(r.text, r.style, r.icon) for r in parse(text, icons or {}, size)]


# ---------------------------------------------------------------- the markup

def test_tags_set_runs_and_nest():
    bold, italic = Style(bold=True), Style(italic=True)
    assert runs_of("a <b>b <i>bi</i></b> <i>i</i>") == [
        ("a ", PLAIN, None), ("b ", bold, None), ("bi", Style(True, True), None),
        (" ", PLAIN, None), ("i", italic, None)]
    assert runs_of("<color=#b00>red <colour=blue>blue</colour></color>x") == [
        ("red ", Style(colour="#b00"), None), ("blue", Style(colour="blue"), None),
        ("x", PLAIN, None)]
    # a size in points is relative to the box's size (so it shrinks with the box); % too
    assert runs_of("<size=15>big</size><size=50%>small</size>", size=10) == [
        ("big", Style(scale=1.5), None), ("small", Style(scale=0.5), None)]
    assert runs_of("one<br>two<BR/>three") == [("one\ntwo\nthree", PLAIN, None)]
    assert runs_of("<B>upper</B>") == [("upper", Style(bold=True), None)]


def test_what_is_not_markup_is_text_as_typed():
    for text in ("a < b", "<3", "<x>&\"'é", "</b> closes nothing", "<color=notacolour>x",
                 "<size=0>x", "<size=-3>x", "<size=big>x", "<b=1>x", "<br=2>", "<b/>x"):
        assert "".join(r.text for r in parse(text, {}, 10)) == text, text
    # an unclosed tag runs to the end of the box
    assert runs_of("<b>bold to the end") == [("bold to the end", Style(bold=True), None)]


def test_a_backslash_escapes_a_tag_or_an_icon():
    assert runs_of(r"\<b>not bold\</b> and \:fuel:", {"fuel": "#c30"}) == [
        ("<b>not bold</b> and :fuel:", PLAIN, None)]
    assert runs_of(r"C:\ and a\b stay") == [(r"C:\ and a\b stay", PLAIN, None)]


def test_icons_take_their_runs_style():
    assert runs_of("<size=20>:fuel:</size> x:fuel:", {"fuel": "#c30"}) == [
        ("fuel", Style(scale=2.0), "#c30"), (" x", PLAIN, None), ("fuel", PLAIN, "#c30")]


# ---------------------------------------------------------------- fitting runs

def box(text, **kw):
    kw.setdefault("w", 200)
    kw.setdefault("h", 100)
    return TextBox(0, 0, kw.pop("w"), kw.pop("h"), text, **kw)


def test_each_run_is_measured_in_its_own_face_and_size():
    f = fit_text(box("plain <b>bold</b> <i>italic</i> <size=20>big</size>", size=10))
    spans = {s.text.strip(): s for s in f.lines[0].spans}
    assert spans["bold"].face.name == "Vera-Bold"
    assert spans["italic"].face.name == "Vera-Italic"
    assert spans["big"].size == 20 and spans["big"].face.name == "Vera"
    # (the space after a word is set in the word's style)
    assert spans["bold"].text == "bold "
    assert spans["bold"].width == pytest.approx(text_width("bold ", "Vera-Bold", 10))
    assert spans["big"].width == pytest.approx(text_width("big", "Vera", 20))
    # bold inside a bold box stays bold; italic inside it is bold italic
    f = fit_text(box("a <b>b</b> <i>c</i>", font="Vera-Bold"))
    assert [s.face.name for s in f.lines[0].spans] == ["Vera-Bold", "Vera-BoldItalic"]
    # runs abut
    for a, b in zip(f.lines[0].spans, f.lines[0].spans[1:], strict=False):
        assert b.x == pytest.approx(a.x + a.width)


def test_a_line_of_larger_runs_is_taller_and_plain_text_is_unchanged():
    plain = fit_text(box("one\ntwo\nthree", size=10, leading=1.2))
    rich = fit_text(box("one<br><size=20>two</size><br>three", size=10, leading=1.2))
    gaps = [b.baseline - a.baseline for a, b in zip(rich.lines, rich.lines[1:], strict=False)]
    em = 10 * MM_PER_POINT
    lines = plain.lines
    assert [b.baseline - a.baseline for a, b in zip(lines, lines[1:], strict=False)] == \
        pytest.approx([1.2 * em] * 2)
    asc, desc = font_extents("Vera")
    a, d = asc / (asc + desc), desc / (asc + desc)
    assert gaps == pytest.approx([1.2 * em * (d + 2 * a), 1.2 * em * (2 * d + a)])
    assert rich.lines[0].baseline == plain.lines[0].baseline


def test_size_runs_shrink_with_the_box_and_wrapping_counts_them():
    text = "Gain <size=18>three</size> scrap and draw two cards at once"
    f = fit_text(box(text, w=30, h=12, size=10, min_size=4))
    assert not f.overflow and f.size < 10
    big = next(s for line in f.lines for s in line.spans if "three" in s.text)
    assert big.size == pytest.approx(f.size * 1.8)
    assert all(line.width <= 30 + 1e-6 for line in f.lines)
    last = f.lines[-1]
    assert last.baseline + font_extents("Vera")[1] * f.size_mm <= 12 + 1e-6


def test_a_line_break_tag_keeps_the_style_across_it():
    f = fit_text(box("<b>one<br>two</b>", size=10))
    assert [line.text for line in f.lines] == ["one", "two"]
    assert all(s.face.name == "Vera-Bold" for line in f.lines for s in line.spans)


# ---------------------------------------------------------------- read back from the files

def rich_face():
    return Drawing(80, 40, bleed=0, name="rich", items=(
        Rect(0, 0, 80, 40, fill="#ffffff", stroke=None),
        TextBox(3, 3, 74, 34, RICH, size=10, colour="#202020",
                icons=(("fuel", "#cc3300"),))))


def pdf_runs(data):
    """(text, base font, size in pt, fill colour) of each text drawing operator."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    fonts = page["/Resources"]["/Font"]
    out, font, size, colour = [], None, None, None
    for operands, op, ctm in operations(reader, page):
        if op == b"Tf":
            font = str(fonts[operands[0]]["/BaseFont"]).split("+")[-1]
            size = float(operands[1]) * abs(ctm[3])  # the page works in mm: back to points
        elif op == b"rg":
            colour = tuple(round(float(v), 3) for v in operands)
        elif op == b"Tj":
            out.append((operands[0], font, round(size, 2), colour))
    return out


def test_the_pdf_draws_each_run_in_its_font_size_and_colour():
    buf = io.BytesIO()
    write_pdf([rich_face()], buf)
    runs = pdf_runs(buf.getvalue())
    by_text = {t.strip(): (f, s, c) for t, f, s, c in runs}
    ink, red = (0.125, 0.125, 0.125), (0.69, 0.0, 0.0)
    assert by_text["Deal"] == ("BitstreamVeraSans-Roman", 10.0, ink)
    assert by_text["2 damage"] == ("BitstreamVeraSans-Bold", 10.0, ink)
    assert by_text["rusted"] == ("BitstreamVeraSans-Oblique", 10.0, ink)
    assert by_text["Discard"] == ("BitstreamVeraSans-Roman", 10.0, red)
    assert by_text["+1"] == ("BitstreamVeraSans-Roman", 14.0, ink)
    assert "<" not in "".join(t for t, *_ in runs)


def svg_runs(text):
    """(text, weight, style, size in mm, fill) of each text element, inherited from its group."""
    root = ET.fromstring(text)
    out = []
    for g in root.iter(f"{SVG}g"):
        for t in g.findall(f"{SVG}text"):
            attrs = {**g.attrib, **t.attrib}
            out.append((t.text, attrs.get("font-weight", "normal"),
                        attrs.get("font-style", "normal"), float(attrs.get("font-size", "0")),
                        attrs.get("fill", "black")))
    return out


def test_the_svg_sets_each_run_as_the_pdf_does():
    face = rich_face()
    runs = svg_runs(drawing_to_svg(face))
    by_text = {t.strip(): rest for t, *rest in runs}
    em = 10 * MM_PER_POINT
    assert by_text["Deal"] == ["normal", "normal", pytest.approx(em, abs=1e-3), "#202020"]
    assert by_text["2 damage"][0] == "bold"
    assert by_text["rusted"][1] == "italic"
    assert by_text["Discard"][3] == "#b00000"
    assert by_text["+1"][2] == pytest.approx(14 * MM_PER_POINT, abs=1e-3)
    # the same runs at the same places as the PDF's
    buf = io.BytesIO()
    write_pdf([face], buf)
    assert [t for t, *_ in runs] == [t for t, *_ in pdf_runs(buf.getvalue())]
    svg = drawing_to_svg(face)
    assert svg.count("@font-face") == 3  # Vera, its bold and its italic, each embedded


def test_the_png_paints_the_runs_where_the_pdf_puts_them():
    ref, mine = both(rich_face(), 300)
    mad, far = apart(ref, mine, block=4)
    assert mad < 1.5 and far < 0.01
    ink_ref, ink_mine = (x.sum(axis=2).min(axis=1) < 300 for x in (ref, mine))
    assert (ink_ref != ink_mine).mean() < 0.02
    # the red run is red in both
    for img in (ref, mine):
        reds = (img[..., 0] > 120) & (img[..., 1] < 80) & (img[..., 2] < 80)
        assert reds.sum() > 50
