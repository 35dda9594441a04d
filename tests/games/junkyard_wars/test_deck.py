"""Machine deck: exact expected searches, difficulty figures, balanced deck from a seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import PnpError
from pnp.games.junkyard_wars.bag import load_bag
from pnp.games.junkyard_wars.deck import (
    DEFAULT_BAND,
    bag_counts,
    bag_tiles,
    build_deck,
    buildable,
    difficulty,
    expected_searches,
    parse_words,
    usable_words,
)
from pnp.games.junkyard_wars.rules import BLANK
from pnp.games.junkyard_wars.words import load_words

BAG = load_bag().counts()
WORDS = load_words()


def test_expected_searches_small_bags_by_hand():
    # One A among two tiles: seen first or second, 1.5 on average.
    assert expected_searches("A", {"A": 1, "B": 1}) == pytest.approx(1.5)
    assert expected_searches("AB", {"A": 1, "B": 1}) == pytest.approx(2.0)
    # A or the blank (2 of 3 tiles) ends the search: E = (3+1)/(2+1).
    assert expected_searches("A", {"A": 1, "B": 1, "?": 1}) == pytest.approx(4 / 3)


def test_expected_searches_agrees_with_monte_carlo():
    tiles = [ch for ch, n in BAG.items() for _ in range(n)]
    rng = random.Random(7)
    word = "PUMP"
    total, runs = 0, 3000
    for _ in range(runs):
        rng.shuffle(tiles)
        seen: dict[str, int] = {}
        for i, ch in enumerate(tiles, 1):
            seen[ch] = seen.get(ch, 0) + 1
            short = sum(max(0, word.count(c) - seen.get(c, 0)) for c in set(word))
            if short <= seen.get("?", 0):
                total += i
                break
    assert expected_searches(word, BAG) == pytest.approx(total / runs, rel=0.03)


def test_rare_letters_not_length_make_a_word_hard():
    # The point: a 4-letter word with P and M is far rarer than one with E, A and T.
    assert expected_searches("PUMP", BAG) > 1.5 * expected_searches("TEAT", BAG)
    assert difficulty("PUMP", BAG).figure > difficulty("TEAT", BAG).figure
    assert difficulty("ROBOT", BAG).figure < difficulty("ROBOTS", BAG).figure  # links cost too


def test_word_list_is_thematic_size_and_all_buildable():
    assert len(WORDS) >= 300
    assert {"CRANE", "ROBOT", "HOVERCRAFT", "CATAPULT", "WINCH"} <= set(WORDS)
    assert usable_words(WORDS, BAG) == sorted(set(WORDS))


def test_deck_is_balanced_deterministic_and_seeded():
    deck = build_deck("S", WORDS, BAG)
    assert len(deck.cards) == 40 and len(set(deck.words)) == 40 and deck.passed
    assert all(deck.band_low <= c.figure <= deck.band_high for c in deck.cards)
    assert deck.band_low == pytest.approx(deck.median * (1 - DEFAULT_BAND), abs=1e-2)
    assert build_deck("S", WORDS, BAG) == deck
    assert build_deck("T", WORDS, BAG).words != deck.words


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9), st.integers(8, 60), st.sampled_from([0.15, 0.25, 0.4]))
def test_any_seed_gives_a_deck_within_its_band(seed, size, band):
    deck = build_deck(seed, WORDS, BAG, size=size, band=band)
    assert len(deck.cards) == size and deck.passed
    lo, hi = deck.median * (1 - band), deck.median * (1 + band)
    assert all(lo - 1e-3 <= c.figure <= hi + 1e-3 for c in deck.cards)


def test_bad_word_lists():
    with pytest.raises(PnpError, match="no usable"):
        build_deck(1, ["ZZZZZZ", "QQQQ", "AB"], BAG)  # unbuildable or too short
    with pytest.raises(PnpError) as err:
        parse_words("CRANE\nR2D2\n", file="w.txt")
    assert err.value.line == 2 and err.value.file == "w.txt"
    assert parse_words("# comment\ngo-kart\n\ncrane  # a crane\n") == ["GOKART", "CRANE"]


def test_bag_counts_and_buildable_words():
    bag = {"A": {"count": 2, "points": 1}, "B": 1, "?": {"count": 1}}
    assert bag_counts(bag) == {"A": 2, "B": 1, "?": 1}
    assert bag_tiles(bag) == [0, 0, 1, BLANK]
    assert buildable("ABA", bag_counts(bag)) and buildable("ABBA", bag_counts(bag))
    assert not buildable("ABBBA", bag_counts(bag))
    with pytest.raises(ValueError):
        bag_counts({"AB": 1})
