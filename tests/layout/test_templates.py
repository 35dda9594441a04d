"""YAML layouts + Jinja2 -> drawings: the default layout, extends, expressions and errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.cards import load_deck
from pnp.layout.draw import Circle, Image, Rect
from pnp.layout.sizes import CARD_SIZES
from pnp.layout.templates import (Renderer, card_size, components, describe, load_layout,
                                  missing_glyphs, overflowing, text_boxes)
from pnp.resources import template

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "salvage-mods.csv"
GOLDEN = ROOT / "tests" / "golden" / "default_card.json"
POKER = CARD_SIZES["poker"]
DEFAULT = template("default/card.yaml")


def texts(drawing) -> dict[str, str]:
    return {b.text: b for b in text_boxes(drawing.items)}


def render(deck: Deck, layout=DEFAULT, size=POKER, bleed=3.0, index=1):
    r = Renderer(load_layout(layout), size, bleed, deck)
    return r.drawing(deck.cards[index - 1], index)


def deck_of(*cards: Card, name="Test", source="") -> Deck:
    return Deck(name=name, cards=tuple(cards), source=source)


def layout_file(tmp_path: Path, text: str, name="l.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# ------------------------------------------------------------------ the default layout

def test_default_front_shows_columns_as_typed():
    card = Card("Twin \"Howler\" <Cannons> & Co", (("type", "Weapon"), ("cost", "4"),
                ("text", "Ties go to you & <always> \"you\"; Café"), ("Power", "3"), ("x", "")))
    d = render(deck_of(card))
    t = texts(d)
    assert 'Twin "Howler" <Cannons> & Co' in t  # no &amp; or &lt;: the SVG backend escapes
    assert "Ties go to you & <always> \"you\"; Café" in t
    assert "Weapon" in t and "4" in t
    assert "Power: 3" in t  # other columns as labelled fields; blank ones left out
    assert (d.width, d.height, d.bleed, d.name) == (63.5, 88.9, 3.0, card.name)
    bleed = d.items[0]
    assert isinstance(bleed, Rect) and (bleed.x, bleed.y, bleed.w, bleed.h) == (-3, -3, 69.5, 94.9)


def test_default_front_without_optional_columns():
    d = render(deck_of(Card("Plain")))
    assert list(texts(d)) == ["Plain"]
    assert not any(isinstance(i, Circle) for i in d.items)  # no cost disc


def test_type_picks_a_stable_frame_colour_and_colour_column_wins():
    a = render(deck_of(Card("A", (("type", "Tool"),))))
    b = render(deck_of(Card("B", (("type", "Tool"),))))
    c = render(deck_of(Card("C", (("type", "Tool"), ("colour", "#123456")))))
    assert a.items[0].fill == b.items[0].fill != c.items[0].fill == "#123456"


@pytest.mark.parametrize("preset", sorted(CARD_SIZES))
def test_default_text_stays_in_the_safe_zone(preset):
    w, h = CARD_SIZES[preset]
    card = Card("N", (("type", "T"), ("cost", "1"), ("text", "x"), ("a", "1"), ("b", "2")))
    d = render(deck_of(card), size=(w, h))
    for box in text_boxes(d.items):
        assert box.x >= 3 - 1e-9 and box.y >= 3 - 1e-9 and box.h > 0 and box.w > 0
        assert box.x + box.w <= w - 3 + 1e-9 and box.y + box.h <= h - 3 + 1e-9


def test_default_back_deck_name_per_card_text_and_picture(tmp_path):
    from PIL import Image as PILImage

    PILImage.new("RGB", (10, 10), "red").save(tmp_path / "back.png")
    deck = deck_of(Card("A"), Card("B", back="Level 2"), Card("C", back="back.png"),
                   name="Waste Mods", source=str(tmp_path / "d.csv"))
    faces = [c.back for c in components(deck, load_layout(DEFAULT), POKER, 3.0)]
    assert list(texts(faces[0])) == ["Waste Mods"]
    assert list(texts(faces[1])) == ["Level 2"]
    assert faces[0].items[0] == faces[1].items[0]  # same ground colour for the whole deck
    pic = [i for i in faces[2].items if isinstance(i, Image)]
    assert pic and pic[0].path == str(tmp_path / "back.png") and pic[0].w == 69.5


def test_components_skip_zero_counts_and_carry_counts():
    deck = deck_of(Card("A", count=0), Card("B", count=3))
    comps = list(components(deck, load_layout(DEFAULT), POKER, 3.0))
    assert [(c.name, c.count, dict(c.meta)["index"]) for c in comps] == [("B", 3, "2")]
    assert comps[0].back is not None


def test_constant_items_are_built_once():
    r = Renderer(load_layout(DEFAULT), POKER, 3.0, deck_of(Card("A"), Card("B")))
    d1, d2 = r.drawing(Card("A"), 1), r.drawing(Card("B"), 2)
    assert d1.items[1] is d2.items[1]  # the panel depends on the card size only
    assert d1.items[0] == d2.items[0]  # the frame depends on the type column: built per card


def test_icons_from_the_deck_folder():
    deck = load_deck(EXAMPLE)
    card = next(c for c in deck.cards if ":fuel:" in str(c.get("text")))
    d = Renderer(load_layout(DEFAULT), POKER, 3.0, deck).drawing(card, 2)
    box = next(b for b in text_boxes(d.items) if ":fuel:" in b.text)
    assert box.icons == (("fuel", str(EXAMPLE.parent / "icons" / "fuel.png")),)


def test_overflow_is_reported():
    long = " ".join(["word"] * 800)
    assert overflowing(render(deck_of(Card("A", (("text", long),)))))
    assert not overflowing(render(deck_of(Card("A", (("text", "short"),)))))


def test_characters_the_fonts_lack_are_reported_once_each():
    d = render(deck_of(Card("Snow ☃", (("text", "☃ → ☃ Café «ok» ½"),))))
    assert missing_glyphs(d) == "".join(sorted("☃→"))
    assert missing_glyphs(render(deck_of(Card("A", (("text", "Café «ok» ½"),))))) == ""


def test_golden_default_card():
    """The default layout's drawing of one example card; regenerate deliberately with
    PNP_REGEN_GOLDEN=1 and review the diff."""
    deck = load_deck(EXAMPLE)
    index, card = next((i, c) for i, c in enumerate(deck.cards, 1) if c.name == "Long-Range Tank")
    comp = next(c for c in components(deck, load_layout(DEFAULT), POKER, 3.0)
                if c.name == card.name)
    data = {"front": describe(comp.front), "back": describe(comp.back), "count": comp.count}
    text = json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False).replace(str(ROOT), "<repo>")
    if os.environ.get("PNP_REGEN_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == GOLDEN.read_text(encoding="utf-8")


# ------------------------------------------------------------------ designer layouts

def test_missing_column_names_field_and_layout_file(tmp_path):
    p = layout_file(tmp_path, "items:\n  - id: p\n    text: {x: 1, y: 1, w: 10, h: 5,\n"
                              "           text: '{{ power }} hp'}\n")
    deck = deck_of(Card("Drill", (("cost", "1"),)), source=str(tmp_path / "mods.csv"))
    with pytest.raises(PnpError) as err:
        render(deck, layout=p)
    e = err.value
    assert (e.file, e.field, e.line) == (str(p.resolve()), "power", 3)
    assert "Drill" in e.message and "no such column" in e.message


def test_missing_column_in_a_var_and_card_dot_access(tmp_path):
    p = layout_file(tmp_path, "vars:\n  c: '{{ card.cost }}'\nitems: []\n")
    with pytest.raises(PnpError) as err:
        render(deck_of(Card("A")), layout=p)
    assert err.value.field == "cost"
    p2 = layout_file(tmp_path, "items:\n  - text: {x: 1, y: 1, w: 9, h: 9, "
                               "text: '{{ card.width }}/{{ width }}'}\n", "w.yaml")
    assert list(texts(render(deck_of(Card("A", (("Width", "big"),))), layout=p2))) == ["big/63.5"]


def test_malformed_layout_yaml_names_the_line(tmp_path):
    p = layout_file(tmp_path, "items:\n  - rect: {x: 1\n  - text: oops\n")
    with pytest.raises(PnpError) as err:
        load_layout(p)
    assert err.value.file == str(p.resolve()) and err.value.line in (2, 3)


def test_extends_overrides_by_id_removes_and_appends(tmp_path):
    p = layout_file(tmp_path, "extends: default/card.yaml\nsize: mini\n"
                              "vars:\n  ink: '#ff0000'\n"
                              "items:\n  - id: panel\n    remove: true\n"
                              "  - id: name\n    text: {size: 14}\n"
                              "  - id: stamp\n    text: {x: 5, y: 60, w: 20, h: 5, text: PROTO}\n")
    layout = load_layout(p)
    assert layout.size == "mini" and layout.back.endswith("back.yaml")
    d = render(deck_of(Card("A")), layout=p, size=card_size(layout, None))
    assert (d.width, d.height) == CARD_SIZES["mini"]
    t = texts(d)
    assert t["A"].size == 14 and t["A"].colour == "#ff0000" and t["A"].font == "Vera-Bold"
    assert "PROTO" in t
    assert not any(isinstance(i, Rect) and i.fill == "#fbf8f1" for i in d.items)


def test_extends_cycle(tmp_path):
    layout_file(tmp_path, "extends: b.yaml\n", "a.yaml")
    layout_file(tmp_path, "extends: a.yaml\n", "b.yaml")
    with pytest.raises(PnpError, match="extends itself"):
        load_layout(tmp_path / "a.yaml")


@pytest.mark.parametrize("item, field", [
    ("- rect: {x: 1, y: 1, w: 2, h: 2, colour: red}", "colour"),
    ("- blob: {x: 1}", "blob"),
    ("- text: {x: 1, y: 1, w: 2, h: 2, text: a, font: Comic Sans}", "font"),
    ("- rect: {x: 1, y: 1, w: 2, h: 2, fill: '#12345'}", "fill"),
    ("- rect: {x: one, y: 1, w: 2, h: 2}", "x"),
    ("- text: {x: 1, y: 1, w: 2, h: 2, text: a, align: middle}", "align"),
    ("- rect: {x: '{{ 1 + }}', y: 1, w: 2, h: 2}", "x"),
    ("- rect: {x: '{{ name.__class__ }}', y: 1, w: 2, h: 2}", "x"),
])
def test_layout_mistakes_name_the_attribute(tmp_path, item, field):
    p = layout_file(tmp_path, "items:\n  " + item + "\n")
    with pytest.raises(PnpError) as err:
        render(deck_of(Card("A")), layout=p)
    assert err.value.field == field and err.value.line == 2 and err.value.file == str(p.resolve())


def test_unknown_top_level_key(tmp_path):
    with pytest.raises(PnpError) as err:
        load_layout(layout_file(tmp_path, "itmes: []\n"))
    assert err.value.field == "itmes"


def test_bad_size_in_layout_names_the_layout(tmp_path):
    p = layout_file(tmp_path, "size: huge\nitems: []\n")
    with pytest.raises(PnpError) as err:
        card_size(load_layout(p), None)
    assert err.value.file == str(p.resolve()) and err.value.field == "size"
    assert card_size(load_layout(p), "bridge") == CARD_SIZES["bridge"]


def test_images_resolve_next_to_the_deck_and_bad_ones_fail(tmp_path):
    from PIL import Image as PILImage

    (tmp_path / "art").mkdir()
    PILImage.new("RGB", (8, 8), "blue").save(tmp_path / "art" / "a.png")
    (tmp_path / "art" / "broken.png").write_bytes(b"not a png at all")
    p = layout_file(tmp_path, "items:\n  - image: {x: 0, y: 0, w: 10, h: 10, path: '{{ art }}'}\n")
    ok = deck_of(Card("A", (("art", "art/a.png"),)), Card("B", (("art", ""),)),
                 source=str(tmp_path / "d.csv"))
    assert render(ok, layout=p).items[0].path == str(tmp_path / "art" / "a.png")
    assert render(ok, layout=p, index=2).items == ()  # a blank image cell draws nothing
    for bad, what in (("art/broken.png", "cannot read image"), ("art/none.png", "not found")):
        deck = deck_of(Card("C", (("art", bad),)), source=str(tmp_path / "d.csv"))
        with pytest.raises(PnpError, match=what) as err:
            render(deck, layout=p)
        assert err.value.field == "path" and "card 'C'" in err.value.message


def test_groups_paths_when_and_filters(tmp_path):
    p = layout_file(tmp_path, """
vars:
  hot: "{{ (cost | int) >= 3 }}"
items:
  - group:
      dx: 5
      dy: "{{ height / 2 }}"
      rotate: 90
      items:
        - path: {points: [[0, 0], ["{{ width }}", 0]], dash: [1, 2]}
        - circle: {cx: 0, cy: 0, r: 2, fill: "{{ 'red' if hot else 'blue' }}"}
  - when: "{{ hot }}"
    text: {x: 1, y: 1, w: 30, h: 5, text: "{% for k, v in fields | without('cost') %}{{ k }}={{ v }} {% endfor %}"}
  - when: "{{ has('tag', 'cost') }}"
    rect: {x: 0, y: 0, w: 1, h: 1, fill: "{{ '#808080' | lighten(0.5) }}"}
""")
    hot = render(deck_of(Card("A", (("cost", "3"), ("tag", "x")))), layout=p)
    group = hot.items[0]
    assert (group.dx, group.dy, group.rotate) == (5.0, 44.45, 90.0)
    assert group.items[0].points == ((0.0, 0.0), (63.5, 0.0)) and group.items[0].dash == (1, 2)
    assert group.items[1].fill == "red"
    assert hot.items[1].text == "tag=x" and hot.items[2].fill == "#c0c0c0"
    cold = render(deck_of(Card("B", (("cost", "1"),))), layout=p)
    assert len(cold.items) == 1 and cold.items[0].items[1].fill == "blue"


def test_layout_icons_colour_and_file(tmp_path):
    from PIL import Image as PILImage

    PILImage.new("RGBA", (8, 8), "green").save(tmp_path / "leaf.png")
    p = layout_file(tmp_path, "icons:\n  dot: '#ff0000'\n  leaf: leaf.png\n"
                              "items:\n  - text: {x: 1, y: 1, w: 30, h: 9, text: '{{ text }}'}\n")
    d = render(deck_of(Card("A", (("text", "a :dot: b :leaf: c :nope: 12:30:00"),))), layout=p)
    assert d.items[0].icons == (("dot", "#ff0000"), ("leaf", str(tmp_path.resolve() / "leaf.png")))


@settings(max_examples=50, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=60))
def test_any_card_text_reaches_the_drawing_as_typed(text):
    d = render(deck_of(Card("N", (("text", text),))))
    if text.strip():
        assert text.strip() in texts(d)
    else:
        assert list(texts(d)) == ["N"]


def test_the_layouts_in_docs_render(tmp_path):
    """Every YAML example with items in docs/layouts.md renders the example deck."""
    import re

    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "items:" in b]
    assert len(blocks) >= 2
    deck = load_deck(EXAMPLE)
    for n, block in enumerate(blocks):
        _font_files(block, tmp_path)
        p = layout_file(tmp_path, block, f"doc{n}.yaml")
        layout = load_layout(p)
        comps = list(components(deck, layout, card_size(layout, None), 3.0, back=False))
        assert len(comps) == 19 and all(c.front.items for c in comps)


def _font_files(block, folder):
    """The font files a docs example names, as DejaVu Serif files of the same style (which
    matplotlib ships) under the example's names."""
    import re
    import shutil

    import matplotlib

    dejavu = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for ref in re.findall(r"(fonts/[\w.-]+\.(?:ttf|otf))", block):
        style = next((s for s in ("BoldItalic", "Bold", "Italic") if s in ref), "")
        (folder / ref).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(dejavu / f"DejaVuSerif{'-' + style if style else ''}.ttf", folder / ref)


def test_card_data_is_never_evaluated_as_a_template():
    d = render(deck_of(Card("{{ 7 * 7 }}", (("text", "{% for x in range(3) %}x{% endfor %}"),))))
    assert set(texts(d)) == {"{{ 7 * 7 }}", "{% for x in range(3) %}x{% endfor %}"}


@settings(max_examples=30, deadline=None)
@given(st.floats(25, 160), st.floats(25, 160))
def test_default_layout_any_card_size(w, h):
    """Any card size gives positive boxes inside the trim plus bleed, at the asked size."""
    card = Card("Name", (("type", "T"), ("cost", "1"), ("text", "Some rules."), ("a", "1")))
    d = render(deck_of(card), size=(w, h))
    assert (d.width, d.height) == (w, h)
    for item in d.items:
        if hasattr(item, "h"):
            assert item.w > 0 and item.h > 0
            assert -3 - 1e-9 <= item.x and item.x + item.w <= w + 3 + 1e-9
