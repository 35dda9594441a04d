"""Token text is legible and safe from the cut: at least 6 pt, at least 3 mm inside the outline.

pnp's print rule (pnp/preflight.py): "text below 6 pt" is reported, 3 mm is the safe zone inside
the cut. The vehicle tokens carry the stats of the rulebook's The Vehicle Sizes table ("SIZE MOVE
ATTACK ARMOUR DP") and a facing arrow (Vehicle Facing).
"""

from __future__ import annotations

import pytest

from pnp.games.wreck_and_ruin.simulate import make_setup
from pnp.layout.draw import Group, TextBox, texts
from pnp.layout.marks import offset_polygon
from pnp.layout.text import fit_text

from .helpers import distinct_faces, inside, pack_cards

SAFE = 3.0


@pytest.fixture(scope="module")
def setup():
    return make_setup("print-tokens", 4, ("heuristic",) * 4, {})


@pytest.fixture(scope="module")
def tokens(setup):
    return list(pack_cards(setup, "print-tokens")["tokens.pdf"].components)


def _boxes(items):
    for item in items:
        if isinstance(item, TextBox):
            yield item
        elif isinstance(item, Group):
            assert item.dx == item.dy == 0
            yield from _boxes(item.items)


def test_token_text_is_at_least_6pt_and_fits(tokens):
    for face in distinct_faces(tokens):
        for box in _boxes(face.items):
            fitted = fit_text(box)
            assert not fitted.overflow, f"{face.name}: {box.text!r} does not fit its box"
            assert fitted.size >= 6.0, f"{face.name}: {box.text!r} prints at {fitted.size} pt"
            words = set(box.text.split())
            for line in fitted.lines:
                assert set(line.text.split()) <= words, f"{face.name}: {box.text!r} broken"


def test_token_text_keeps_3mm_inside_the_cut(tokens):
    for face in distinct_faces(tokens):
        safe = offset_polygon(face.outline, -SAFE)
        for box in _boxes(face.items):
            fitted = fit_text(box)
            em = fitted.size_mm
            for line in fitted.lines:
                x0 = box.x + line.spans[0].x
                x1 = x0 + line.width
                top, bottom = box.y + line.baseline - 0.75 * em, box.y + line.baseline + 0.2 * em
                for pt in ((x0, top), (x1, top), (x0, bottom), (x1, bottom)):
                    assert inside(pt, safe), (
                        f"{face.name}: {line.text!r} comes within {SAFE} mm of the cut at {pt}")


def test_vehicle_tokens_show_every_stat(setup, tokens):
    config = setup.config
    for comp in tokens:
        kind = comp.name.split("-", 1)[1] if comp.name.startswith("P") else comp.name
        kind = "scout" if kind.startswith("scout") else kind
        if kind not in config.type_of:
            continue
        t = config.type_of[kind]
        words = " ".join(texts(comp.front.items)).split()
        for stat in (f"M{t.move}", f"A{t.attack}", f"Ar{t.armour}", f"DP{t.dp}"):
            assert stat in words, f"{comp.name}: {stat} not printed ({words})"
