"""Tiles and tokens bleed along their own cut outline, as pnp's other hex tiles do.

docs/assumptions.md, "Hex tiles bleed along their own outline": "every tile keeps its full bleed
all round (points included)"; "Bleed on n-up sheets": "a cut a little wide on the outer edge then
shows art, not white". Each face's colour must run on past its cut line into the bleed, so a
miscut shows the hex's own colour.
"""

from __future__ import annotations

import math

import pytest

from pnp.games.wreck_and_ruin.simulate import make_setup
from pnp.layout.paint import face_pixels
from pnp.pack import PrintOptions

from .helpers import distinct_faces, pack_cards
from .helpers import inside as inside_polygon

DPI = 100


@pytest.fixture(scope="module")
def cards():
    return pack_cards(make_setup("print-bleed", 4, ("heuristic",) * 4, {}), "print-bleed")


def _colour_across_the_cut(face):
    """(inside, outside) colours at each cut edge's middle: 1 mm in, half the bleed out."""
    px = face_pixels(face, DPI)
    b = face.bleed
    sx = px.width / (face.width + 2 * b)
    sy = px.height / (face.height + 2 * b)

    def at(x, y):
        i, j = int((x + b) * sx), int((y + b) * sy)
        k = j * (3 * px.width + 1) + 1 + 3 * i
        return tuple(px.buffer[k:k + 3])

    poly = face.outline
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 2:
            continue
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length
        if inside_polygon((mx + nx * 0.5, my + ny * 0.5), poly):
            nx, ny = -nx, -ny
        yield (at(mx - nx * 1.0, my - ny * 1.0), at(mx + nx * b * 0.6, my + ny * b * 0.6),
               (mx, my))


@pytest.mark.parametrize("path", ["tiles.pdf", "tokens.pdf"])
def test_colour_runs_past_the_cut_into_the_bleed(cards, path):
    faces = list(distinct_faces(cards[path].components))
    assert faces
    for face in faces:
        assert face.outline, face.name
        assert face.bleed >= 1.0, f"{face.name} has no bleed"
        for inside, outside, where in _colour_across_the_cut(face):
            assert max(abs(a - c) for a, c in zip(inside, outside, strict=True)) <= 40, (
                f"{face.name}: at {where} the colour stops at the cut ({inside} inside, "
                f"{outside} outside)")


def test_tiles_bleed_as_far_as_the_print_bleed(cards):
    tiles = cards["tiles.pdf"].components
    assert {f.bleed for f in distinct_faces(tiles)} == {PrintOptions().bleed}
