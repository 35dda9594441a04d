"""PNG backend: exact pixel sizes from millimetres, deterministic bytes."""

import hashlib
import io

import pytest
from PIL import Image as PILImage

from pnp.errors import PnpError
from pnp.layout.draw import Drawing, Rect
from pnp.layout.pdf import write_pdf
from pnp.layout.raster import drawing_to_png, pdf_to_pngs
try:
    from test_pdf import card
except ImportError:  # tests/layout imported as a package
    from .test_pdf import card


def size(png: bytes) -> tuple[int, int]:
    with PILImage.open(io.BytesIO(png)) as im:
        assert im.mode == "RGB"
        return im.size


def test_poker_card_at_300_dpi_with_bleed(tmp_path):
    png = drawing_to_png(card(tmp_path), dpi=300)
    assert size(png) == (round(69.5 / 25.4 * 300), round(94.9 / 25.4 * 300)) == (821, 1121)


@pytest.mark.parametrize("w, h, dpi", [(63.5, 88.9, 150), (57.15, 88.9, 300), (70, 120, 72),
                                       (44, 68, 600), (10.01, 10.03, 97)])
def test_pixel_size_is_rounded_from_mm(w, h, dpi):
    png = drawing_to_png(Drawing(w, h, items=(Rect(0, 0, w, h, fill="#336699"),)), dpi=dpi)
    assert size(png) == (round(w / 25.4 * dpi), round(h / 25.4 * dpi))


def test_deterministic(tmp_path):
    a, b = drawing_to_png(card(tmp_path)), drawing_to_png(card(tmp_path))
    assert hashlib.sha256(a).digest() == hashlib.sha256(b).digest()
    with PILImage.open(io.BytesIO(a)) as im:
        assert set(im.info) <= {"dpi"}  # no text chunks, no timestamps


def test_colours_land_where_drawn():
    d = Drawing(20, 10, bleed=0, items=(Rect(0, 0, 10, 10, fill="#ff0000", stroke=None),
                                        Rect(10, 0, 10, 10, fill="#0000ff", stroke=None)))
    with PILImage.open(io.BytesIO(drawing_to_png(d, dpi=254))) as im:  # 10 px per mm
        assert im.getpixel((50, 50)) == (255, 0, 0)
        assert im.getpixel((150, 50)) == (0, 0, 255)


def test_pdf_pages_to_pngs(tmp_path):
    out = tmp_path / "deck.pdf"
    write_pdf([card(tmp_path), Drawing(210, 297)], out)
    pngs = pdf_to_pngs(out, 100)
    assert [size(p) for p in pngs] == [(round(69.5 / 25.4 * 100), round(94.9 / 25.4 * 100)),
                                       (827, 1169)]


def test_bad_dpi():
    with pytest.raises(PnpError):
        drawing_to_png(Drawing(10, 10), dpi=0)
