"""Pixel backend (Skia): the pixels pdfium makes of the same face's PDF, at the same sizes, in
PNG rows; every game's cards compared with pdfium's rendering of them."""

import hashlib
import io

import numpy as np
import pytest
from PIL import Image as PILImage
from PIL import ImageDraw

from pnp.layout.draw import Align, Drawing, Group, Image, Path, Rect, TextBox
from pnp.layout.paint import PaintDoc, face_picture, face_pixels, rgb_rows
from pnp.layout.raster import RasterDoc
from pnp.layout.templates import components

try:
    from test_pdf import card
except ImportError:  # tests/layout imported as a package
    from .test_pdf import card


def both(face, dpi):
    """(pdfium, Skia) pixels of ``face`` at ``dpi``, as int16 arrays."""
    with RasterDoc([face]) as doc:
        ref = np.asarray(doc.pixels(0, dpi).image(), np.int16)
    return ref, np.asarray(face_pixels(face, dpi).image(), np.int16)


def apart(a, b, block=1):
    """Mean absolute difference (0-255) and the share of pixels more than 24 apart, after
    averaging ``block`` x ``block`` squares (so antialiasing alone barely counts)."""
    if block > 1:
        a, b = (np.asarray(PILImage.fromarray(x.astype(np.uint8)).reduce(block), np.int16)
                for x in (a, b))
    diff = np.abs(a - b)
    return diff.mean(), (diff.max(axis=2) > 24).mean()


def alpha_icon(path):
    im = PILImage.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((4, 4, 60, 60), fill=(200, 80, 20, 160))
    im.save(path)
    return str(path)


def test_every_primitive_matches_pdfium(tmp_path):
    """Text (escaped characters, a word broken by characters, centred), inline colour and image
    icons, art, dashes, an even-odd polygon, a rotated, mirrored, clipped group, nested groups."""
    ref, mine = both(card(tmp_path), 300)
    assert ref.shape == mine.shape == (1121, 821, 3)
    mad, far = apart(ref, mine)
    assert mad < 1.5 and far < 0.01


def test_the_default_card_matches_pdfium_text_included(tmp_path):
    from pnp.content import Card, Deck
    from pnp.layout.pipeline import load_for_render

    icon = alpha_icon(tmp_path / "gear.png")
    deck = Deck(name="t", cards=(Card(name="Junk Golem", fields=(
        ("type", "Tool"), ("cost", "3"),
        ("text", "When built, salvage :gear: gear bolt spring crank chain drill scrap engine "
                 "wire piston lever armour saw."), ("score", "2"), ("image", icon))),),
                source=str(tmp_path / "cards.csv"))
    (comp,) = components(deck, load_for_render(None), (63.5, 88.9), 3.0)
    for face in (comp.front, comp.back):
        ref, mine = both(face, 300)
        mad, far = apart(ref, mine, block=4)  # edges antialiased a little differently
        assert mad < 1.5 and far < 0.01
        # every line of text is where pnp put it: the ink agrees row by row
        ink_ref, ink_mine = (x.sum(axis=2).min(axis=1) < 300 for x in (ref, mine))
        assert (ink_ref != ink_mine).mean() < 0.02


def test_a_translucent_icon_blends_with_what_is_under_it(tmp_path):
    icon = alpha_icon(tmp_path / "a.png")
    d = Drawing(20, 20, items=(Rect(0, 0, 20, 20, fill="#0000ff", stroke=None),
                               Image(0, 0, 20, 20, icon)))
    ref, mine = both(d, 254)  # 10 px a mm
    assert abs(mine[100, 100] - ref[100, 100]).max() <= 2
    assert tuple(mine[100, 100]) == pytest.approx((125, 50, 107), abs=2)  # 160/255 of orange
    assert tuple(mine[5, 5]) == (0, 0, 255)  # the icon's transparent corner


def test_text_lands_where_pnp_placed_it():
    box = TextBox(5, 5, 50, 20, "Wide WWW words fit here", size=12, align=Align.RIGHT)
    ref, mine = both(Drawing(60, 30, items=(box,)), 254)

    def ink(a):
        ys, xs = np.nonzero(a.sum(axis=2) < 384)
        return xs.min(), ys.min(), xs.max(), ys.max()

    assert all(abs(p - q) <= 1 for p, q in zip(ink(ref), ink(mine), strict=True))


@pytest.mark.parametrize("w, h", [(821, 1121), (375, 525), (7, 3), (1, 1)])
def test_rgb_rows_are_the_pixels_with_their_filter_bytes(w, h):
    rng = np.random.default_rng(w * h)
    rgba = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
    rgb = rgba[..., :3].tobytes()
    assert bytes(rgb_rows(rgba, 0)) == rgb
    rows = bytes(rgb_rows(rgba, 1))
    assert rows == b"".join(b"\x00" + rgb[y * 3 * w:(y + 1) * 3 * w] for y in range(h))


@pytest.mark.parametrize("w, h, dpi", [(63.5, 88.9, 300), (57.15, 88.9, 150), (10.01, 10.03, 97)])
def test_sizes_dpi_and_bytes_of_the_png(w, h, dpi):
    d = Drawing(w, h, bleed=3, items=(Rect(-3, -3, w + 6, h + 6, fill="#336699", stroke=None),))
    pixels = face_pixels(d, dpi)
    data = pixels.png(dpi)
    with PILImage.open(io.BytesIO(data)) as im:
        assert im.mode == "RGB"
        assert im.size == (round((w + 6) / 25.4 * dpi), round((h + 6) / 25.4 * dpi))
        assert im.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)
        assert im.getpixel((0, 0)) == im.getpixel((im.width - 1, im.height - 1)) == (51, 102, 153)
        assert im.tobytes() == pixels.image().tobytes()
    assert hashlib.sha256(face_pixels(d, dpi).png(dpi)).digest() == hashlib.sha256(data).digest()


@pytest.mark.parametrize("size", [(300, 300), (150, 150), (177, 177)])
def test_picture_is_the_trim_in_register(size):
    d = Drawing(30, 30, bleed=3, items=(Rect(-3, -3, 36, 36, fill="#ff0000", stroke=None),
                                        Rect(0, 0, 30, 30, fill="#ffffff", stroke=None),
                                        Rect(10, 10, 10, 10, fill="#000000", stroke=None)))
    im = PILImage.frombytes("RGB", size, face_picture(d, size))
    assert im.getpixel((0, 0)) == im.getpixel((size[0] - 1, size[1] - 1)) == (255, 255, 255)
    ink = PILImage.eval(im.convert("L"), lambda v: 255 if v < 128 else 0).getbbox()
    assert ink is not None
    expect = [round(v * size[0] / 30) for v in (10, 10, 20, 20)]
    assert all(abs(a - b) <= 1 for a, b in zip(ink, expect, strict=True))
    with RasterDoc([d]) as doc:
        ref = np.frombuffer(doc.picture(0, size), np.uint8).astype(np.int16)
    assert np.abs(ref - np.frombuffer(face_picture(d, size), np.uint8)).mean() < 2


def test_dashes_clips_and_turns_agree_with_pdfium():
    star = ((10, 0), (13, 20), (0, 7), (20, 7), (7, 20))  # self-crossing: even-odd leaves a hole
    d = Drawing(40, 30, items=(
        Path(star, closed=True, fill="#208040", stroke="#000000", stroke_width=0.4),
        Path(((2, 25), (38, 25)), stroke="#aa0000", stroke_width=0.6, dash=(2.0,)),
        Group((Rect(0, 0, 12, 6, fill="#4060c0cc", stroke="#000000", radius=1.5),
               TextBox(0, 0, 12, 6, "turn", size=9)),
              dx=28, dy=4, rotate=35, mirror=True, clip=((0, 0), (9, 0), (9, 6), (0, 6))),
    ))
    ref, mine = both(d, 254)
    mad, far = apart(ref, mine, block=2)
    assert mad < 2 and far < 0.01
    assert tuple(mine[100, 100]) == tuple(ref[100, 100])  # inside the star's hole


def _game_faces(name):
    """Distinct faces of the first few cards of every card sheet of a game's session pack."""
    from pnp.games.registry import get
    from pnp.layout.tts import face_key
    from pnp.pack import Cards, PrintOptions
    from pnp.sim.play import bot_names

    spec = get(name)
    options = {o.name: o.default for o in spec.options}
    n = spec.min_players
    setup = spec.make_setup("paint", n, bot_names(spec, n, "heuristic"), options)
    assert spec.session is not None
    pack = spec.session(setup, "paint", options, 2, 1, PrintOptions())
    faces, seen = [], set()
    for part in pack.files:
        if isinstance(part, Cards):
            for comp in part.components[:4]:
                for face in (comp.front, comp.back):
                    if face is not None and face_key(face) not in seen:
                        seen.add(face_key(face))
                        faces.append(face)
    return faces


@pytest.mark.parametrize("game", ["junkyard-wars", "waste-knights", "salvage", "wreck-and-ruin",
                                  "waste-of-parts"])
def test_every_games_cards_match_pdfium(game):
    """The cards, tiles and tokens of each game's default layouts, fronts and backs, at 150 dpi:
    after averaging 4 x 4 pixels (edges antialiased a little differently, small text drawn a
    little lighter), a few per cent of the pixels differ visibly; the mean difference is small."""
    faces = _game_faces(game)
    assert faces
    with PaintDoc(faces) as mine, RasterDoc(faces) as ref:
        for i, face in enumerate(faces):
            a = np.asarray(ref.pixels(i, 150).image(), np.int16)
            b = np.asarray(mine.pixels(i, 150).image(), np.int16)
            mad, far = apart(a, b, block=4)
            assert mad < 4 and far < 0.04, (face.name, mad, far)


def test_painting_text_reads_no_system_font_set_up(tmp_path):
    """The painter knows only pnp's bundled fonts: nothing of the system's fontconfig is read,
    so nothing of it (e.g. an older fontconfig's warning about a newer configuration) reaches
    the designer's terminal."""
    import subprocess
    import sys

    code = ("from pnp.layout.draw import Drawing, TextBox\n"
            "from pnp.layout.paint import face_pixels\n"
            "face_pixels(Drawing(20, 10, (TextBox(0, 0, 20, 10, 'Tank', size=9),)), 150)\n")
    env = {"PATH": "/usr/bin:/bin", "FONTCONFIG_FILE": str(tmp_path / "broken.conf")}
    (tmp_path / "broken.conf").write_text("<fontconfig><unknown-element/></fontconfig>")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
