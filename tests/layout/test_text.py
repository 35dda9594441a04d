"""Text fitting: real metrics, wrapping, shrinking, long words, icons, alignment."""

import pytest
from hypothesis import given, settings, strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.errors import PnpError
from pnp.layout.draw import Align, TextBox, VAlign
from pnp.layout.sizes import MM_PER_POINT
from pnp.layout.text import clean_text, fit_text, register_font, text_width


def box(text, w=50.0, h=30.0, **kw):
    return TextBox(0.0, 0.0, w, h, text, **kw)


def test_width_uses_real_font_metrics():
    register_font("Vera")
    assert text_width("Hello", "Vera", 10) == pytest.approx(
        stringWidth("Hello", "Vera", 10) * MM_PER_POINT)
    assert text_width("WWW", "Vera", 10) > text_width("iii", "Vera", 10)
    assert text_width("Bold", "Vera-Bold", 10) > text_width("Bold", "Vera", 10)


def test_short_text_keeps_its_size_on_one_line():
    f = fit_text(box("Scrap Golem", size=9))
    assert (f.size, f.overflow, f.text) == (9, False, "Scrap Golem")


def test_wraps_at_word_boundaries_within_the_width():
    text = "Pay two fuel to draw a card, then discard one card of your choice."
    f = fit_text(box(text, w=30, h=40, size=9))
    assert len(f.lines) > 1 and not f.overflow
    assert " ".join(line.text for line in f.lines) == text
    assert all(line.width <= 30 + 1e-6 for line in f.lines)


def test_explicit_newlines_break_lines():
    f = fit_text(box("one\ntwo\n\nfour", size=9))
    assert [line.text for line in f.lines] == ["one", "two", "", "four"]
    assert f.lines[1].baseline - f.lines[0].baseline == pytest.approx(9 * 1.2 * MM_PER_POINT)


def test_shrinks_in_small_steps_until_it_fits():
    text = "word " * 40
    f = fit_text(box(text, w=40, h=20, size=12, min_size=4))
    assert 4 <= f.size < 12 and not f.overflow
    assert (f.size * 4) == int(f.size * 4)  # quarter-point steps
    bigger = fit_text(box(text, w=40, h=20, size=f.size + 0.25, min_size=f.size + 0.25))
    assert bigger.overflow  # the next step up would not have fitted
    last = f.lines[-1]
    assert last.baseline + 0.236 * f.size_mm <= 20 + 1e-6  # descender inside the box


def test_overflow_when_min_size_is_not_enough():
    f = fit_text(box("too much text " * 50, w=20, h=5, size=9, min_size=6))
    assert f.overflow and f.size == 6
    assert "too much text" in f.text  # nothing is dropped; the caller warns


def test_long_word_is_broken_by_characters_not_overflowing():
    word = "Supercalifragilistic" * 3  # 60 characters
    f = fit_text(box(word, w=25, h=60, size=9, min_size=8))
    assert len(f.lines) > 1 and not f.overflow
    assert "".join(line.text for line in f.lines) == word
    assert all(line.width <= 25 + 1e-6 for line in f.lines)


def test_shrinking_is_preferred_to_breaking_a_word():
    f = fit_text(box("Extraordinary", w=20, h=10, size=12, min_size=5))
    assert f.text == "Extraordinary" and f.size < 12


def test_nasty_characters_are_kept_and_controls_dropped():
    f = fit_text(box('<x>&"\'é ünïcödé 🎲\x00\x07', size=9))
    assert f.text == '<x>&"\'é ünïcödé 🎲'
    assert clean_text("a\r\nb\rc") == "a\nb\nc"


def test_inline_icons_take_one_em():
    icons = (("fuel", "#cc3300"), ("gear", "icons/gear.png"))
    f = fit_text(box("Pay 2:fuel: or :gear: :unknown: x:y:fuel:", w=200, size=10, icons=icons))
    spans = f.lines[0].spans
    assert [(s.text, s.icon) for s in spans if s.icon] == [
        ("fuel", "#cc3300"), ("gear", "icons/gear.png"), ("fuel", "#cc3300")]
    assert all(s.width == pytest.approx(10 * MM_PER_POINT) for s in spans if s.icon)
    assert ":unknown:" in f.text and "x:y:fuel:" in f.text
    # spans abut: each starts where the previous ended
    for a, b in zip(spans, spans[1:]):
        assert b.x == pytest.approx(a.x + a.width)


@pytest.mark.parametrize("align, expect", [(Align.LEFT, 0.0), (Align.CENTER, 0.5),
                                           (Align.RIGHT, 1.0)])
def test_alignment(align, expect):
    f = fit_text(box("abc", w=40, size=9, align=align))
    line = f.lines[0]
    assert line.spans[0].x == pytest.approx((40 - line.width) * expect)


def test_vertical_alignment():
    top = fit_text(box("abc", h=30, size=9, valign=VAlign.TOP)).lines[0].baseline
    mid = fit_text(box("abc", h=30, size=9, valign=VAlign.MIDDLE)).lines[0].baseline
    bot = fit_text(box("abc", h=30, size=9, valign=VAlign.BOTTOM)).lines[0].baseline
    assert top < mid < bot
    assert mid - top == pytest.approx(bot - mid)


def test_results_are_cached():
    b = box("cached text", size=9)
    assert fit_text(b) is fit_text(b)


def test_unknown_font_is_a_clear_error():
    with pytest.raises(PnpError, match="unknown font"):
        fit_text(box("x", font="Comic Sans"))


def test_empty_text_has_no_lines():
    f = fit_text(box("  \n ", size=9))
    assert f.lines == () or all(line.text == "" for line in f.lines)
    assert not f.overflow


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=120),
       st.floats(min_value=8, max_value=80), st.floats(min_value=4, max_value=60))
def test_lines_fit_or_overflow_is_flagged(text, w, h):
    f = fit_text(box(text, w=w, h=h, size=10, min_size=5))
    fits_width = all(line.width <= w + 1e-6 for line in f.lines)
    fits_height = not f.lines or f.lines[-1].baseline <= h + 1e-6
    assert f.overflow or (fits_width and fits_height)
    kept = "".join(ch for ch in clean_text(text) if not ch.isspace())
    assert "".join(ch for ch in f.text if not ch.isspace()) == kept


def test_characters_without_a_glyph_are_reported():
    f = fit_text(box("Roll 🎲 or 漢 — ünï €", size=9))
    assert f.missing == "".join(sorted("🎲漢"))
    assert fit_text(box('<b>&"\'é', size=9)).missing == ""


def test_bad_leading_is_a_clear_error():
    with pytest.raises(PnpError, match="leading"):
        fit_text(box("a b c", leading=0))


@pytest.mark.parametrize("w, h", [(0, 0), (-5, 10), (1, 10)])
def test_degenerate_boxes_flag_overflow_without_crashing(w, h):
    f = fit_text(box("abc :x:", w=w, h=h, icons=(("x", "red"),)))
    assert f.overflow
