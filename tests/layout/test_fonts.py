"""A designer's own fonts: named in a layout's ``fonts:``, found like images, embedded as subsets
in the PDF and the SVG and painted from the same file in the PNG; CFF OpenType converted; bad
files refused in one line naming the layout and the field. The test fonts are DejaVu Serif, which
matplotlib (a pnp dependency) ships with its licence (mpl-data/fonts/ttf/LICENSE_DEJAVU)."""

from __future__ import annotations

import io
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import matplotlib
import pypdf
import pytest
from fontTools.ttLib import TTFont

from pnp.content import Deck
from pnp.layout.draw import Drawing, Family, TextBox
from pnp.layout.layouts import load_layout
from pnp.layout.pdf import write_pdf
from pnp.layout.svg import drawing_to_svg
from pnp.layout.templates import components, text_boxes

try:
    from test_markup import pdf_runs, svg_runs
    from test_paint import apart, both
except ImportError:  # tests/layout imported as a package
    from .test_markup import pdf_runs, svg_runs
    from .test_paint import apart, both

DEJAVU = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
STYLES = {"regular": "DejaVuSerif.ttf", "bold": "DejaVuSerif-Bold.ttf",
          "italic": "DejaVuSerif-Italic.ttf", "bold_italic": "DejaVuSerif-BoldItalic.ttf"}
TEXT = "Deal <b>2 damage</b> to a <i>rusted</i> machine. <b><i>Quick!</i></b>"


def cff_font(src: Path, out: Path, chars: str) -> None:
    """A CFF-outline OpenType font of ``chars`` made from the TrueType ``src``."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    tt = TTFont(src)
    cmap, glyphs = tt.getBestCmap(), tt.getGlyphSet()
    names = [".notdef", *sorted({cmap[ord(c)] for c in chars})]
    charstrings = {}
    for n in names:
        pen = T2CharStringPen(glyphs[n].width, glyphs)
        glyphs[n].draw(pen)
        charstrings[n] = pen.getCharString()
    fb = FontBuilder(tt["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): cmap[ord(c)] for c in chars})
    fb.setupCFF("TestSerifCFF", {"FullName": "Test Serif CFF"}, charstrings, {})
    fb.setupHorizontalMetrics({n: (glyphs[n].width, 0) for n in names})
    fb.setupHorizontalHeader(ascent=tt["hhea"].ascent, descent=tt["hhea"].descent)
    fb.setupNameTable({"familyName": "Test Serif CFF", "styleName": "Regular"})
    os2 = tt["OS/2"]
    fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender,
                usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent)
    fb.setupPost()
    fb.save(str(out))


def project(tmp_path: Path, fonts: str, text: str = TEXT, font: str = "Body",
            layout_dir: str = ".") -> tuple[Deck, Path]:
    """A card list and a layout naming ``fonts`` (YAML) in ``tmp_path``."""
    (tmp_path / "fonts").mkdir(exist_ok=True)
    for name in STYLES.values():
        shutil.copy(DEJAVU / name, tmp_path / "fonts" / name)
    here = tmp_path / layout_dir
    here.mkdir(exist_ok=True)
    layout = here / "layout.yaml"
    layout.write_text(f"""size: 60x40mm
back: none
fonts:
{fonts}
items:
  - id: bg
    rect: {{x: 0, y: 0, w: 60, h: 40, fill: "#ffffff", stroke: none}}
  - id: rules
    text: {{x: 3, y: 3, w: 54, h: 34, text: "{{{{ text }}}}", font: {font}, size: 10}}
""")
    csv = tmp_path / "cards.csv"
    csv.write_text(f'name,text\nGolem,"{text}"\n')
    from pnp.layout.cards import load_deck

    return load_deck(csv), layout


FAMILY = "\n".join(["  Body:"] + [f"    {k}: fonts/{v}" for k, v in STYLES.items()])


def face(tmp_path, fonts=FAMILY, **kw):
    deck, layout = project(tmp_path, fonts, **kw)
    (comp,) = components(deck, load_layout(layout), (60, 40), 0.0)
    return comp.front


def pdf_fonts(data: bytes) -> dict[str, dict]:
    """Base font name -> its font descriptor, for every font of the first page."""
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    out = {}
    for ref in page["/Resources"]["/Font"].values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
            else font
        out[str(font["/BaseFont"])] = descendant["/FontDescriptor"].get_object()
    return out


def test_a_family_sets_each_run_in_its_own_file_embedded_as_a_subset_in_the_pdf(tmp_path):
    front = face(tmp_path)
    (box,) = text_boxes(front.items)
    assert isinstance(box.font, Family) and box.font.name == "Body"
    buf = io.BytesIO()
    write_pdf([front], buf)
    runs = {t.strip(): f for t, f, *_ in pdf_runs(buf.getvalue())}
    assert runs["Deal"] == "DejaVuSerif"
    assert runs["2 damage"] == "DejaVuSerif-Bold"
    assert runs["rusted"] == "DejaVuSerif-Italic"
    assert runs["Quick!"] == "DejaVuSerif-BoldItalic"
    fonts = pdf_fonts(buf.getvalue())
    assert all(re.fullmatch(r"/[A-Z]{6}\+DejaVuSerif(-Bold|-Italic|-BoldItalic)?", n)
               for n in fonts), fonts
    for descriptor in fonts.values():  # embedded, and cut down to the glyphs used
        program = descriptor["/FontFile2"].get_object().get_data()
        assert 0 < len(program) < os.path.getsize(DEJAVU / STYLES["regular"]) / 10


def test_the_svg_embeds_a_subset_of_each_file_under_the_familys_name(tmp_path):
    svg = drawing_to_svg(face(tmp_path))
    root = ET.fromstring(svg)
    css = "".join(s.text or "" for s in root.iter("{http://www.w3.org/2000/svg}style"))
    rules = re.findall(r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); '
                       r'font-style: (\w+); src: url\("data:font/ttf;base64,([^"]+)"\)', css)
    assert sorted((f, w, s) for f, w, s, _ in rules) == [
        ("Body", "bold", "italic"), ("Body", "bold", "normal"), ("Body", "normal", "italic"),
        ("Body", "normal", "normal")]
    import base64

    for *_, data in rules:
        subset = TTFont(io.BytesIO(base64.b64decode(data)))
        assert subset["name"].getDebugName(1) == "DejaVu Serif"
        assert len(subset.getGlyphOrder()) < 200  # of DejaVu Serif's ~3,500
    runs = {t.strip(): (w, s) for t, w, s, *_ in svg_runs(svg)}
    assert runs["2 damage"] == ("bold", "normal") and runs["rusted"] == ("normal", "italic")
    assert "font-family=\"'Body', Vera" in svg


def test_the_png_paints_the_designers_font_as_pdfium_draws_the_pdf(tmp_path):
    ref, mine = both(face(tmp_path), 300)
    mad, far = apart(ref, mine, block=4)
    assert mad < 1.5 and far < 0.01
    ink_ref, ink_mine = (x.sum(axis=2).min(axis=1) < 300 for x in (ref, mine))
    assert ink_ref.any() and (ink_ref != ink_mine).mean() < 0.02


def test_a_cff_opentype_font_is_converted_and_drawn_alike_everywhere(tmp_path):
    chars = "Golem dealt 2 damage"
    (tmp_path / "fonts").mkdir()
    cff_font(DEJAVU / STYLES["regular"], tmp_path / "fonts" / "Test.otf", chars)
    front = face(tmp_path, "  Body: fonts/Test.otf", text=chars)
    buf = io.BytesIO()
    write_pdf([front], buf)
    (descriptor,) = pdf_fonts(buf.getvalue()).values()
    assert "/FontFile2" in descriptor  # TrueType outlines, embedded
    assert [f for _, f, *_ in pdf_runs(buf.getvalue())] == ["Test-Serif-CFF"]
    ref, mine = both(front, 300)
    mad, far = apart(ref, mine, block=4)
    assert mad < 1.5 and far < 0.01
    assert (ref.sum(axis=2) < 300).sum() > 500  # the glyphs were drawn, not boxes
    svg = drawing_to_svg(front)
    assert 'font-family: "Body"' in svg


def test_a_style_the_family_lacks_is_set_in_its_regular_file(tmp_path):
    front = face(tmp_path, "  Body: fonts/DejaVuSerif.ttf")
    buf = io.BytesIO()
    write_pdf([front], buf)
    assert {f for _, f, *_ in pdf_runs(buf.getvalue())} == {"DejaVuSerif"}
    # and the SVG does not ask a viewer to fake a bold or an italic
    assert {(w, s) for _, w, s, *_ in svg_runs(drawing_to_svg(front))} == {("normal", "normal")}


def test_font_files_are_found_beside_the_layout_then_beside_the_card_list(tmp_path):
    # the layout sits in layouts/, the fonts beside the card list
    deck, layout = project(tmp_path, FAMILY, layout_dir="layouts")
    (comp,) = components(deck, load_layout(layout), (60, 40), 0.0)
    (box,) = text_boxes(comp.front.items)
    assert box.font.files[0] == str((tmp_path / "fonts" / STYLES["regular"]).resolve())
    # a file of the same name beside the layout wins
    (tmp_path / "layouts" / "fonts").mkdir()
    shutil.copy(DEJAVU / "DejaVuSans.ttf", tmp_path / "layouts" / "fonts" / STYLES["regular"])
    (comp,) = components(deck, load_layout(layout), (60, 40), 0.0)
    (box,) = text_boxes(comp.front.items)
    assert box.font.files[0] == str((tmp_path / "layouts" / "fonts" / STYLES["regular"]).resolve())


def test_the_same_input_gives_the_same_bytes(tmp_path, run_pnp):
    project(tmp_path, FAMILY)
    outs = []
    for n in (1, 2):
        code, _, err = run_pnp("render", str(tmp_path / "cards.csv"), "--layout",
                               str(tmp_path / "layout.yaml"), "--out", str(tmp_path / f"o{n}"),
                               "--formats", "pdf,svg,png", "--quiet")
        assert code == 0, err
        outs.append({p.relative_to(tmp_path / f"o{n}"): p.read_bytes()
                     for p in sorted((tmp_path / f"o{n}").rglob("*.*"))
                     if p.name != "manifest.json"})
    assert outs[0] == outs[1] and len(outs[0]) >= 3


@pytest.mark.parametrize("fonts, field, message", [
    ("  Body: fonts/Nope.ttf", "fonts.Body", "not found"),
    ("  Body: notes.txt", "fonts.Body", "not a TrueType or OpenType font"),
    ("  Body: fonts", "fonts.Body", "is a folder"),
    ("  Body: fake.ttc", "fonts.Body", "font collection"),
    ("  Body: {regular: fonts/DejaVuSerif.ttf, bold: broken.ttf}", "fonts.Body.bold",
     "font file 'broken.ttf': a font without outlines"),
    ("  Body: {regular: fonts/DejaVuSerif.ttf, heavy: fonts/DejaVuSerif.ttf}",
     "fonts.Body.heavy", "unknown style"),
    ("  Body: {bold: fonts/DejaVuSerif-Bold.ttf}", "fonts.Body.regular", "needs its regular"),
    ("  Vera: fonts/DejaVuSerif.ttf", "fonts.Vera", "not Vera"),
])
def test_a_bad_font_file_is_one_line_naming_the_layout_and_field(tmp_path, run_pnp, fonts,
                                                                 field, message):
    project(tmp_path, fonts)
    (tmp_path / "notes.txt").write_text("not a font at all\n" * 10)
    (tmp_path / "fake.ttc").write_bytes(b"ttcf" + bytes(60))
    (tmp_path / "broken.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(60))
    out = tmp_path / "out"
    code, _, err = run_pnp("render", str(tmp_path / "cards.csv"), "--layout",
                           str(tmp_path / "layout.yaml"), "--out", str(out), "--quiet")
    assert code == 2
    (line,) = err.strip().splitlines()
    assert re.match(rf"pnp: error: {re.escape(str(tmp_path / 'layout.yaml'))}:\d+: field "
                    rf"'{re.escape(field)}': .*{message}", line), line
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_a_font_file_over_the_input_limit_is_refused(tmp_path, run_pnp, monkeypatch):
    project(tmp_path, FAMILY)
    monkeypatch.setenv("PNP_LIMITS", "input_bytes=100000")  # DejaVu Serif is ~380 KB
    code, _, err = run_pnp("render", str(tmp_path / "cards.csv"), "--layout",
                           str(tmp_path / "layout.yaml"), "--out", str(tmp_path / "o"))
    assert code == 2 and "fonts.Body.regular" in err and "input_bytes" in err


def test_an_unknown_font_names_the_families_and_a_close_one(tmp_path, run_pnp):
    project(tmp_path, FAMILY, font="Bodyy-Bold")
    code, _, err = run_pnp("render", str(tmp_path / "cards.csv"), "--layout",
                           str(tmp_path / "layout.yaml"), "--out", str(tmp_path / "o"))
    assert code == 2
    assert "unknown font 'Bodyy-Bold' (the layout's fonts: Body; bundled: Vera" in err
    assert "did you mean 'Body-Bold'?" in err


def test_characters_a_designers_font_lacks_are_warned(tmp_path, run_pnp):
    (tmp_path / "fonts").mkdir()
    cff_font(DEJAVU / STYLES["regular"], tmp_path / "fonts" / "Test.otf", "Golem ")
    project(tmp_path, "  Body: fonts/Test.otf", text="Golem zz")
    code, _, err = run_pnp("render", str(tmp_path / "cards.csv"), "--layout",
                           str(tmp_path / "layout.yaml"), "--out", str(tmp_path / "o"),
                           "--formats", "pdf", "--quiet")
    assert code == 0
    assert "cannot draw" in err and ": z" in err


def test_a_watched_render_reads_an_edited_font_file_again(tmp_path):
    from pnp.layout.facecache import DrawingMemo

    deck, layout = project(tmp_path, "  Body: fonts/Body.ttf")
    shutil.copy(DEJAVU / STYLES["regular"], tmp_path / "fonts" / "Body.ttf")
    memo = DrawingMemo()

    def font():
        (comp,) = components(deck, load_layout(layout), (60, 40), 0.0, memo=memo)
        (box,) = text_boxes(comp.front.items)
        return box.font

    before = font()
    assert font() is before  # nothing changed: the card laid out before is kept
    shutil.copy(DEJAVU / "DejaVuSans.ttf", tmp_path / "fonts" / "Body.ttf")
    after = font()
    assert after.digests[0] != before.digests[0]
    buf = io.BytesIO()
    write_pdf([Drawing(60, 40, (TextBox(0, 0, 60, 40, "Golem", font=after),))], buf)
    assert [f for _, f, *_ in pdf_runs(buf.getvalue())] == ["DejaVuSans"]
