"""Property tests, in process: whatever the bytes of a card list or a layout, pnp either reads
them or raises PnpError (the CLI's one line), never another exception."""

from __future__ import annotations

import json
import math
import os

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.cards import load_deck
from pnp.layout.templates import Renderer, load_layout

# PNP_HOSTILE_EXAMPLES=2000 for a longer hunt than the default run's
SETTINGS = settings(max_examples=int(os.environ.get("PNP_HOSTILE_EXAMPLES", "60")),
                    deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

cells = st.one_of(st.text(max_size=30), st.sampled_from(['"', '""', "\n", ";", ",", "\x00",
                                                         "9" * 5000, "1e999", "-0", "NaN"]))
csv_text = st.lists(st.lists(cells, min_size=0, max_size=6), max_size=8).map(
    lambda rows: "\n".join(",".join(r) for r in rows))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20),
                    st.just(10 ** 200), st.just(math.inf), st.just(math.nan))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20)


def _only_pnp_errors(fn) -> None:
    try:
        fn()
    except PnpError:
        pass


@SETTINGS
@given(csv_text)
def test_any_csv_is_read_or_refused(tmp_path, text):
    p = tmp_path / "c.csv"
    p.write_text(text, encoding="utf-8")
    _only_pnp_errors(lambda: load_deck(p))


@SETTINGS
@given(values, st.sampled_from(["json", "yaml"]))
def test_any_json_or_yaml_is_read_or_refused(tmp_path, data, kind):
    p = tmp_path / f"c.{kind}"
    if kind == "json":
        p.write_text(json.dumps(data), encoding="utf-8")
    else:
        p.write_text(yaml.safe_dump(data), encoding="utf-8")
    _only_pnp_errors(lambda: load_deck(p))


@SETTINGS
@given(st.binary(max_size=200), st.sampled_from(["csv", "json", "yaml"]))
def test_any_bytes_are_read_or_refused(tmp_path, raw, kind):
    p = tmp_path / f"c.{kind}"
    p.write_bytes(raw)
    _only_pnp_errors(lambda: load_deck(p))


numbers = st.one_of(st.floats(), st.integers(min_value=-10 ** 30, max_value=10 ** 30),
                    st.sampled_from(["{{ 10 ** 99 }}", "{{ 'nan' | float }}", "-1", "1e999",
                                     "{{ width * 1e308 }}", "3mm", "abc", ""]))
shapes = st.one_of(
    st.fixed_dictionaries({"rect": st.fixed_dictionaries(
        {"x": numbers, "y": numbers, "w": numbers, "h": numbers},
        optional={"stroke_width": numbers, "radius": numbers})}),
    st.fixed_dictionaries({"circle": st.fixed_dictionaries(
        {"cx": numbers, "cy": numbers, "r": numbers})}),
    st.fixed_dictionaries({"text": st.fixed_dictionaries(
        {"x": numbers, "y": numbers, "w": numbers, "h": numbers, "text": st.text(max_size=10)},
        optional={"size": numbers, "min_size": numbers, "rotate": numbers,
                  "leading": numbers})}),
    st.fixed_dictionaries({"path": st.fixed_dictionaries(
        {"points": st.lists(st.tuples(numbers, numbers), max_size=3)},
        optional={"dash": st.one_of(st.lists(numbers, max_size=3), numbers)})}),
)


@SETTINGS
@given(st.lists(shapes, min_size=1, max_size=3))
def test_any_layout_numbers_are_drawn_or_refused(tmp_path, items):
    from pnp.layout.pdf import write_pdf

    p = tmp_path / "l.yaml"
    p.write_text(yaml.safe_dump({"items": [{k: dict(v) for k, v in i.items()} for i in items]},
                                allow_unicode=True), encoding="utf-8")
    deck = Deck("d", (Card(name="A"),))

    def draw() -> None:
        face = Renderer(load_layout(p), (63.5, 88.9), 3.0, deck).drawing(deck.cards[0], 1)
        write_pdf([face], tmp_path / "out.pdf", title="t")

    _only_pnp_errors(draw)
