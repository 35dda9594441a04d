"""Card and page presets and unit parsing."""

import pytest
from hypothesis import given, settings, strategies as st

from pnp.errors import PnpError
from pnp.layout.sizes import (CARD_SIZES, PAGE_SIZES, parse_card_size, parse_length,
                              parse_page)


@pytest.mark.parametrize("text, mm", [
    ("3mm", 3.0), ("3", 3.0), (" 3 mm ", 3.0), ("0.125in", 3.175), ("9pt", 9 * 25.4 / 72),
    ("1cm", 10.0), ("1.5MM", 1.5), (".5in", 12.7), (2, 2.0), (0.5, 0.5), ("-1mm", -1.0),
])
def test_parse_length(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["", "mm", "3 parsecs", "3mm4", "1e3", "nan", "3,5mm", True])
def test_parse_length_rejects(text):
    with pytest.raises(PnpError):
        parse_length(text)


def test_presets_match_print_conventions():
    assert CARD_SIZES == {"poker": (63.5, 88.9), "bridge": (57.15, 88.9), "mini": (44.0, 68.0),
                          "tarot": (70.0, 120.0), "square": (70.0, 70.0)}
    # ISO 216 (A3, A4, A5) and the US sizes (Letter 8.5x11, Legal 8.5x14, Tabloid 11x17 in)
    assert PAGE_SIZES == {"a4": (210.0, 297.0), "letter": (215.9, 279.4),
                          "a3": (297.0, 420.0), "a5": (148.0, 210.0),
                          "legal": (215.9, 355.6), "tabloid": (279.4, 431.8)}


@pytest.mark.parametrize("text, wh", [
    ("poker", (63.5, 88.9)), ("Poker", (63.5, 88.9)), ("bridge", (57.15, 88.9)),
    ("63x88mm", (63.0, 88.0)), ("63x88", (63.0, 88.0)), ("2.5x3.5in", (63.5, 88.9)),
    ("63mm x 88mm", (63.0, 88.0)), ("6.3cmx88mm", (63.0, 88.0)), ("70X70", (70.0, 70.0)),
])
def test_parse_card_size(text, wh):
    assert parse_card_size(text) == pytest.approx(wh)


@pytest.mark.parametrize("text", ["huge", "63x", "x88", "0x88mm", "63x88furlongs", "",
                                  "9" * 400 + "x88"])  # too many digits for a float: infinite
def test_parse_card_size_rejects(text):
    with pytest.raises(PnpError) as err:
        parse_card_size(text, field="size")
    assert "size" in str(err.value)


def test_parse_page():
    assert parse_page("A4") == (210.0, 297.0)
    assert parse_page("letter") == (215.9, 279.4)
    assert parse_page("8.5x11in") == pytest.approx((215.9, 279.4))
    with pytest.raises(PnpError, match="unknown page size"):
        parse_page("a9000")


@settings(max_examples=50)
@given(st.floats(min_value=0.01, max_value=1000), st.floats(min_value=0.01, max_value=1000))
def test_custom_size_round_trips(w, h):
    assert parse_card_size(f"{w!r}x{h!r}mm") == pytest.approx((w, h))
    assert parse_card_size(f"{w / 25.4!r}x{h / 25.4!r}in") == pytest.approx((w, h))
