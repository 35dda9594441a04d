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


def pixels(drawing, dpi=254):  # 10 px per mm
    with PILImage.open(io.BytesIO(drawing_to_png(drawing, dpi=dpi))) as im:
        return im.copy()


def ink_box(im):
    from PIL import ImageOps

    ink = ImageOps.invert(im.convert("L")).point(lambda v: 255 if v > 100 else 0)
    return ink.getbbox()  # (left, top, right, bottom) px of clearly inked pixels


def near(box, expect):  # pdfium may paint the pixel an exact edge touches
    return all(abs(a - b) <= 1 for a, b in zip(box, expect))


def test_group_translate_rotate_mirror_clip_land_where_drawn():
    from pnp.layout.draw import Group

    red = (Rect(0, 0, 10, 5, fill="#ff0000", stroke=None),)
    # mirror: x 0..10 becomes -10..0, then translated by 20 -> 10..20 mm
    assert near(ink_box(pixels(Drawing(40, 20, items=(Group(red, dx=20, dy=5, mirror=True),)))),
                (100, 50, 200, 100))
    # rotate 90 clockwise about (dx, dy): x 0..10 -> y 0..10 down, y 0..5 -> x -5..0
    assert near(ink_box(pixels(Drawing(40, 20, items=(Group(red, dx=20, dy=5, rotate=90),)))),
                (150, 50, 200, 150))
    # clip keeps only the group's own 0..4 x 0..5 mm
    clip = ((0, 0), (4, 0), (4, 5), (0, 5))
    assert near(ink_box(pixels(Drawing(40, 20, items=(Group(red, dx=20, dy=5, clip=clip),)))),
                (200, 50, 240, 100))


def test_rotated_text_box_turns_about_its_centre():
    from pnp.layout.draw import TextBox

    flat = ink_box(pixels(Drawing(40, 40, items=(TextBox(5, 15, 30, 10, "WWWWWW", size=14),))))
    turned = ink_box(pixels(Drawing(40, 40, items=(TextBox(5, 15, 30, 10, "WWWWWW", size=14,
                                                           rotate=90),))))
    assert flat[2] - flat[0] > 2 * (flat[3] - flat[1])  # wide
    assert turned[3] - turned[1] > 2 * (turned[2] - turned[0])  # tall
    assert 150 < (turned[1] + turned[3]) / 2 < 250  # still centred on the box (y = 20 mm)


def test_bleed_art_reaches_the_page_edge():
    d = Drawing(20, 20, bleed=3, items=(Rect(-3, -3, 26, 26, fill="#0000ff", stroke=None),))
    im = pixels(d)
    assert im.size == (260, 260)
    assert im.getpixel((0, 0)) == im.getpixel((259, 259)) == (0, 0, 255)


def test_png_rows_drawn_in_place_decode_to_the_bitmap(tmp_path):
    """pdfium draws into the PNG's own rows (a filter byte before each): the file decodes to
    exactly the pixels of the face's bitmap, at sizes with odd and even row lengths."""
    from pnp.layout.raster import RasterDoc

    faces = [card(tmp_path), Drawing(10.01, 10.03, items=(Rect(0, 0, 5, 5, fill="#336699"),))]
    with RasterDoc(faces) as doc:
        for i in range(len(faces)):
            for dpi in (300, 97):
                pixels = doc.pixels(i, dpi)
                with PILImage.open(io.BytesIO(pixels.png(dpi))) as im:
                    assert im.size == (pixels.width, pixels.height)
                    assert im.tobytes() == pixels.image().tobytes()


def test_png_codecs_give_the_same_pixels(tmp_path):
    from pnp.layout.raster import RasterDoc

    with RasterDoc([card(tmp_path)]) as doc:
        pixels = doc.pixels(0, 150)
        decoded = set()
        for codec in (("isal", 0), ("isal", 1), ("zlib", 3)):
            with PILImage.open(io.BytesIO(pixels.png(150, codec))) as im:
                decoded.add(hashlib.sha256(im.tobytes()).digest())
        assert len(decoded) == 1


def test_picture_is_the_trim_drawn_at_its_own_size(tmp_path):
    """The Tabletop Simulator picture: the trim alone (no bleed) at the picture's pixels,
    close to the 300 dpi face cut to its trim and halved."""
    from PIL import ImageChops, ImageStat

    from pnp.layout.raster import RasterDoc

    face = card(tmp_path)
    with RasterDoc([face]) as doc:
        picture = doc.picture(0, (375, 525))
        full = doc.pixels(0, 300).image()
    assert len(picture) == 375 * 525 * 3
    small = PILImage.frombytes("RGB", (375, 525), picture)
    b = round(3 / 25.4 * 300)
    trim = full.crop((b, b, b + 750, b + 1050)).reduce(2)
    def diff(a, b):
        return ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0]

    assert diff(small, trim) < 8  # only the antialiasing of edges differs
    # the bleed is cut off: the corners are the card's background, the border is inside
    assert small.getpixel((0, 0)) == small.getpixel((374, 524)) == (0xf3, 0xea, 0xd8)


@pytest.mark.parametrize("size", [(300, 300), (150, 150), (177, 177)])
def test_picture_is_in_register_with_the_trim(size):
    """A square 10-20 mm into a 30 mm trim lands at 1/3-2/3 of the picture, whatever its size
    (pdfium paints the pixel an exact edge touches, as on the full face)."""
    from pnp.layout.raster import RasterDoc

    d = Drawing(30, 30, bleed=3, items=(Rect(-3, -3, 36, 36, fill="#ffffff", stroke=None),
                                        Rect(10, 10, 10, 10, fill="#000000", stroke=None)))
    with RasterDoc([d]) as doc:
        im = PILImage.frombytes("RGB", size, doc.picture(0, size))
    assert near(ink_box(im), [round(v * size[0] / 30) for v in (10, 10, 20, 20)])
