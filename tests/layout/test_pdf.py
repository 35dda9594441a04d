"""PDF backend: physical page sizes, boxes, determinism, text, images, every primitive."""

import hashlib
import io

import pypdf
import pytest
from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import (Align, Circle, Drawing, Group, Image, Path, Rect, TextBox,
                             VAlign)
from pnp.layout.pdf import write_pdf

PT = 72 / 25.4
NASTY = '<x>&"\'é'  # not markup: an unknown tag is text as typed
LONG_WORD = "Incomprehensibilities" * 3  # 63 characters, no spaces


def png(path, colour=(200, 120, 0, 255), size=(32, 32)):
    PILImage.new("RGBA", size, colour).save(path)
    return str(path)


def card(tmp_path, text=NASTY, bleed=3.0, name="card"):
    art = png(tmp_path / "art.png")
    icons = (("fuel", "#cc3300"), ("gear", art))
    return Drawing(63.5, 88.9, bleed=bleed, name=name, items=(
        Rect(-bleed, -bleed, 63.5 + 2 * bleed, 88.9 + 2 * bleed, fill="#f3ead8", stroke=None),
        Rect(3, 3, 57.5, 82.9, stroke="#604020", stroke_width=0.5, radius=3),
        TextBox(5, 5, 53.5, 10, text, size=12, font="Vera-Bold", align=Align.CENTER,
                valign=VAlign.MIDDLE),
        Circle(55, 10, 4, fill="#2060a0", stroke="white"),
        Image(10, 18, 43.5, 28, art),
        Path(((5, 50), (58.5, 50)), dash=(1.0, 0.5)),
        Path(((5, 80), (10, 84), (15, 80)), closed=True, fill="#80a040"),
        TextBox(6, 52, 51.5, 25, f"Pay 2 :fuel: and :gear:.\n{LONG_WORD}", icons=icons),
        Group((Rect(0, 0, 10, 5, fill="#a04080"), TextBox(0, 0, 10, 5, "rot", size=6)),
              dx=50, dy=80, rotate=30, mirror=True, clip=((0, 0), (8, 0), (8, 5), (0, 5))),
        Group((Group((Circle(0, 0, 2, fill="#000000"),), dx=1, dy=1),), dx=30, dy=84),
    ))


def test_page_is_trim_plus_bleed_with_print_shop_boxes(tmp_path):
    out = tmp_path / "c.pdf"
    assert write_pdf([card(tmp_path)] * 2, out, title="deck", print_shop=True) == 2
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    page = reader.pages[0]
    media = [float(v) / PT for v in page.mediabox]
    assert media == pytest.approx([0, 0, 69.5, 94.9], abs=1e-3)
    trim = [float(v) / PT for v in page.trimbox]
    assert trim == pytest.approx([3, 3, 66.5, 91.9], abs=1e-3)
    assert trim[2] - trim[0] == pytest.approx(63.5, abs=1e-3)
    assert trim[3] - trim[1] == pytest.approx(88.9, abs=1e-3)
    assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
    assert reader.metadata.title == "deck"


def test_without_print_shop_no_trim_box(tmp_path):
    out = tmp_path / "c.pdf"
    write_pdf([card(tmp_path, bleed=0.0)], out)
    page = pypdf.PdfReader(out).pages[0]
    assert "/TrimBox" not in page
    assert [float(v) / PT for v in page.mediabox] == pytest.approx([0, 0, 63.5, 88.9], abs=1e-3)


def test_byte_identical_for_the_same_input(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_pdf([card(tmp_path)], a, print_shop=True)
    write_pdf(iter([card(tmp_path)]), b, print_shop=True)
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()
    meta = pypdf.PdfReader(a).metadata
    assert meta["/CreationDate"].startswith("D:2000") and meta["/ModDate"].startswith("D:2000")


def test_nasty_text_and_long_word_survive(tmp_path):
    out = tmp_path / "c.pdf"
    write_pdf([card(tmp_path)], out)
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert NASTY in text
    assert LONG_WORD in text.replace("\n", "")


def test_pages_are_consumed_lazily(tmp_path):
    seen = []

    def pages():
        for i in range(3):
            seen.append(i)
            yield Drawing(50, 50, items=(TextBox(0, 0, 50, 50, f"page {i}"),))

    buf = io.BytesIO()
    assert write_pdf(pages(), buf) == 3 and seen == [0, 1, 2]
    assert len(pypdf.PdfReader(buf).pages) == 3


def test_image_embedded_once(tmp_path):
    out = tmp_path / "c.pdf"
    write_pdf([card(tmp_path)] * 5, out)
    reader = pypdf.PdfReader(out)
    xobjects = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/XObject"].values():
            if ref.get_object()["/Subtype"] == "/Image":
                xobjects.add(ref.idnum)
    assert len(xobjects) == 1


def test_repeated_faces_are_one_form_and_render_the_same(tmp_path):
    """A group drawn again (copies, a shared back) is a form XObject drawn once per file."""
    import pypdfium2 as pdfium

    from pnp.layout.draw import Group
    face = card(tmp_path)
    pages = [Drawing(150, 100, items=(Group(face.items, dx=5 + 70 * i, dy=5),
                                      Group(face.items, dx=75 - 70 * i, dy=5))) for i in (0, 1)]
    inline = Drawing(150, 100, items=(Group(face.items, dx=5, dy=5),))
    out = tmp_path / "forms.pdf"
    write_pdf(pages + [inline], out)
    reader = pypdf.PdfReader(out)
    forms = {ref.idnum for page in reader.pages
             for ref in page["/Resources"].get("/XObject", {}).values()
             if ref.get_object()["/Subtype"] == "/Form"}
    assert len(forms) == 1
    doc = pdfium.PdfDocument(str(out))
    a = doc[0].render(scale=1).to_pil().crop((0, 0, 200, 280))
    b = doc[2].render(scale=1).to_pil().crop((0, 0, 200, 280))
    # the form draws what the inline items draw (anti-aliasing may differ by a level)
    assert max(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True)) <= 3


@pytest.mark.parametrize("content", [None, b"not an image"])
def test_unreadable_image_names_the_file(tmp_path, content):
    bad = tmp_path / "missing.png"
    if content is not None:
        bad.write_bytes(content)
    d = Drawing(50, 50, items=(Image(0, 0, 10, 10, str(bad)),))
    with pytest.raises(PnpError) as err:
        write_pdf([d], tmp_path / "x.pdf")
    assert "missing.png" in str(err.value)
    assert not (tmp_path / "x.pdf").exists()


def test_corrupt_image_error_is_the_same_every_run(tmp_path):
    # Pillow names the in-memory buffer it read; its address changed from run to run.
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"not an image")
    d = Drawing(50, 50, items=(Image(0, 0, 10, 10, str(bad)),))
    with pytest.raises(PnpError) as err:
        write_pdf([d], tmp_path / "x.pdf")
    assert "0x" not in str(err.value) and "BytesIO" not in str(err.value)
    assert "not an image" in str(err.value)


def test_no_pages_is_an_error(tmp_path):
    with pytest.raises(PnpError):
        write_pdf([], tmp_path / "x.pdf")
