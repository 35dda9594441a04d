"""`--cmyk`: text and marks 100% K, inline icons converted like the text around them, and
`pnp preflight --cmyk` judging a file by the same rule (read back from the written PDFs)."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage
from PIL import ImageDraw
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.colours import cmyk, text_cmyk
from pnp.preflight import preflight

NEAR_BLACK = (20, 20, 24)  # an icon drawn in the default layout's ink (#1d1d1f is C6 M6 K88)
RED = (200, 30, 30)


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    """A card list with the default layout's near-black text and an inline icon."""
    base = tmp_path_factory.mktemp("cmyk")
    (base / "icons").mkdir()
    icon = PILImage.new("RGBA", (64, 64), (0, 0, 0, 0))
    draw = ImageDraw.Draw(icon)
    draw.ellipse((4, 4, 60, 60), fill=(*NEAR_BLACK, 255))
    draw.rectangle((24, 24, 40, 40), fill=(*RED, 255))
    icon.save(base / "icons" / "fuel.png")
    (base / "d.csv").write_text("name,text\nA,Some text :fuel: here\n")
    return base


def _render(run_pnp, deck, out, *extra):
    code, _, err = run_pnp("render", str(deck / "d.csv"), "--out", str(out), "--formats", "pdf",
                           "--quiet", *extra)
    assert code == 0, err
    return out / "d.pdf"


def test_text_is_100_percent_k_and_the_file_passes_a_cmyk_preflight(tmp_path, deck, run_pnp):
    pdf = _render(run_pnp, deck, tmp_path / "o", "--cmyk")
    report = preflight(pdf, cmyk=True)
    inks = {i["ink"] for i in report.text_inks}
    # the card name and text (ink #1d1d1f) and the footer: one ink, 100% K
    assert "C0 M0 Y0 K100" in inks and "C6 M6 Y0 K88" not in inks
    assert all(i["space"] == "DeviceCMYK" for i in report.text_inks)
    assert not report.problems, report.problems
    data = b"".join(p.get_contents().get_data() for p in PdfReader(pdf).pages)
    assert b"0 0 0 1 K" in data  # crop marks


def test_an_rgb_render_fails_a_cmyk_preflight(tmp_path, deck, run_pnp):
    pdf = _render(run_pnp, deck, tmp_path / "o")
    assert not preflight(pdf).problems
    problems = preflight(pdf, cmyk=True).problems
    assert any("DeviceRGB" in p and "not CMYK" in p for p in problems), problems
    code, out, _ = run_pnp("preflight", "--cmyk", str(pdf))
    assert code == 1 and "not CMYK" in out


def test_the_icon_is_converted_like_text(tmp_path, deck, run_pnp):
    pdf = _render(run_pnp, deck, tmp_path / "o", "--cmyk")
    images = [x.get_object() for page in PdfReader(pdf).pages
              for x in (page["/Resources"].get("/XObject") or {}).values()
              if x.get_object().get("/Subtype") == "/Image"]
    assert len(images) == 1
    icon = images[0]
    assert icon["/ColorSpace"] == "/DeviceCMYK" and "/SMask" in icon  # keeps its transparency
    pixels = PILImage.frombytes("CMYK", (icon["/Width"], icon["/Height"]), icon.get_data())
    assert pixels.getpixel((10, 32)) == (0, 0, 0, 255)   # near-black: 100% K, one ink
    red = tuple(round(v * 255) for v in cmyk(tuple(c / 255 for c in RED)))
    assert all(abs(a - b) <= 1 for a, b in zip(pixels.getpixel((32, 32)), red, strict=True))
    mask = PILImage.frombytes("L", (64, 64), icon["/SMask"].get_object().get_data())
    assert mask.getpixel((0, 0)) == 0 and mask.getpixel((32, 32)) == 255


def _one_text_pdf(path, fill) -> None:
    c = Canvas(str(path), pagesize=(200, 200))
    fill(c)
    c.setFont("Helvetica", 12)
    c.drawString(40, 100, "Rich")
    c.save()


def test_preflight_cmyk_flags_rich_black_text_and_rgb(tmp_path):
    rich, rgb, pure = tmp_path / "rich.pdf", tmp_path / "rgb.pdf", tmp_path / "pure.pdf"
    _one_text_pdf(rich, lambda c: c.setFillColorCMYK(0.06, 0.06, 0, 0.88))
    _one_text_pdf(rgb, lambda c: c.setFillColorRGB(0.1, 0.1, 0.1))
    _one_text_pdf(pure, lambda c: c.setFillColorCMYK(0, 0, 0, 1))
    problems = preflight(rich, cmyk=True).problems
    assert any("rich black C6 M6 Y0 K88" in p and "page(s) 1" in p for p in problems)
    assert any("DeviceRGB" in p for p in preflight(rgb, cmyk=True).problems)
    assert not [p for p in preflight(pure, cmyk=True).problems if "rich" in p or "CMYK" in p]
    assert not [p for p in preflight(rich).problems if "rich" in p]  # only when asked


@pytest.mark.parametrize(("rgb", "ink"), [
    ((29 / 255, 29 / 255, 31 / 255), (0.0, 0.0, 0.0, 1.0)),    # the default ink
    ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)),
    ((0.5, 0.5, 0.5), (0.0, 0.0, 0.0, 0.5)),                   # grey text: K only, as it was
    ((1.0, 0.0, 0.0), (0.0, 1.0, 1.0, 0.0)),
])
def test_text_cmyk(rgb, ink):
    assert text_cmyk(rgb) == pytest.approx(ink, abs=1e-4)


def test_text_in_a_form_takes_the_colour_it_is_drawn_with(tmp_path):
    """A card drawn as a form XObject (copies share it) is judged with the ink set before it."""
    path = tmp_path / "form.pdf"
    c = Canvas(str(path), pagesize=(200, 200))
    c.beginForm("card")
    c.setFont("Helvetica", 12)
    c.drawString(10, 10, "in a form")
    c.endForm()
    c.setFillColorCMYK(0.1, 0.1, 0.1, 0.9)
    c.doForm("card")
    c.save()
    report = preflight(io.BytesIO(path.read_bytes()) and path, cmyk=True)
    assert [i["ink"] for i in report.text_inks] == ["C10 M10 Y10 K90"]
    assert any("rich black" in p for p in report.problems)
