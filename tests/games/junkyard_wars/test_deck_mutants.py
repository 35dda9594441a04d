"""The machine deck generator (deck.py), pinned to what docs/junkyard-wars.md promises.

"Each word's figure is an exact expected cost: the junk tiles a team must look at until it has
seen the word's letters (blanks standing in), weighted by the actions that costs, plus assembly
(24 MA a link). The deck keeps words within a declared band around the median" (How the content
is made). Rules, SETUP: "shuffle the deck of machine cards and deal two cards, face down, to each
player"; COMPONENTS: "100 junk marker tiles [test game: Scrabble letters]".
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from pnp.errors import PnpError
from pnp.games.junkyard_wars import deck as deck_mod
from pnp.games.junkyard_wars.deck import (
    MachineCard,
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
from pnp.seed import py_rng


def exact_searches(word: str, bag: dict[str, int]) -> Fraction:
    """By enumeration: tiles turned over, in every order, until the word is covered."""
    tiles = [ch for ch, n in sorted(bag.items()) for _ in range(n)]
    total, orders = Fraction(0), 0
    for order in permutations(tiles):
        seen: dict[str, int] = {}
        turned = len(tiles)
        for i, ch in enumerate(order, 1):
            seen[ch] = seen.get(ch, 0) + 1
            short = sum(max(0, word.count(c) - seen.get(c, 0)) for c in set(word))
            if short <= seen.get("?", 0):
                turned = i
                break
        total += turned
        orders += 1
    return total / orders


@pytest.mark.parametrize("word, bag", [
    ("A", {"A": 1, "B": 2}),
    ("AB", {"A": 1, "B": 1, "C": 2}),
    ("AA", {"A": 2, "B": 1, "?": 1}),
    ("AAB", {"A": 2, "B": 1, "C": 1, "?": 2}),
    ("ABC", {"A": 1, "B": 2, "C": 1, "?": 1, "D": 1}),
    ("ABBA", {"A": 3, "B": 1, "?": 1, "D": 2}),
    ("AZ", {"A": 2, "B": 2, "?": 2}),          # no Z: a blank stands in
    ("QQQ", {"Q": 1, "?": 1, "E": 2}),          # cannot be built: every tile is looked at
])
def test_expected_searches_is_exact(word, bag):
    assert expected_searches(word, bag) == pytest.approx(float(exact_searches(word, bag)),
                                                         abs=1e-9)


def test_the_difficulty_figure_by_hand():
    # (3 actions a tile looked at x searches + 15 a carried object + 24 MA a link) / 24 actions a
    # team-turn, plus the test turns: 1 + (1 - 0.8) / 0.8 x (1 / 0.24 + 1).
    test_turns = 1 + 0.25 * (100 / 24 + 1)
    assert deck_mod.TEAM_ACTIONS == 24
    assert deck_mod.TEST_TURNS == pytest.approx(test_turns)
    bag = {"A": 1, "B": 1, "C": 2}
    card = difficulty("AB", bag)
    s = float(exact_searches("AB", bag))
    assert card == MachineCard("AB", round((3 * s + 15 * 2 + 24 * 1) / 24 + test_turns, 3),
                               round(s, 3))
    assert card.to_dict() == {"word": "AB", "figure": card.figure, "searches": card.searches}
    # Three objects, two links of 24 MA.
    s = float(exact_searches("ABC", bag))
    assert difficulty("ABC", bag).figure == round((3 * s + 15 * 3 + 24 * 2) / 24 + test_turns, 3)


def test_bag_counts_every_spelling_and_refusal():
    assert bag_counts({"a": 2, "A": 1, "blank": 1, "BLANK": 1, "_": 1, "?": {"count": 2},
                       " b ": 0}) == {"A": 3, "?": 5, "B": 0}
    for bad in ({"AB": 1}, {"1": 1}, {"": 1}, {"é": 1}):
        with pytest.raises(ValueError) as err:
            bag_counts(bad)
        key = next(iter(bad))
        assert str(err.value) == f"unknown junk tile {key!r}: letters A-Z and the blank only"
    for bad in ({"A": -1}, {"A": 1.5}, {"A": True}, {"A": {"points": 1}}):
        with pytest.raises(ValueError) as err:
            bag_counts(bad)
        assert str(err.value) == "junk tile 'A': count must be a whole number >= 0"
    assert bag_counts({"A": 0}) == {"A": 0}
    assert bag_tiles({"?": 1, "B": 2, "a": 1}) == [0, 1, 1, BLANK]
    assert bag_tiles({}) == []


def test_buildable_counts_blanks_for_missing_letters():
    counts = {"A": 1, "B": 1, "?": 1}
    assert buildable("AB", counts) and buildable("AAB", counts) and buildable("ABC", counts)
    assert not buildable("AABB", counts) and not buildable("CD", counts)
    assert buildable("C", {"?": 1}) and not buildable("C", {})


def test_parse_words_and_usable_words():
    assert parse_words("crane\n  # note\n\nGo-Kart # a kart # on wheels\n") == ["CRANE", "GOKART"]
    with pytest.raises(PnpError) as err:
        parse_words("crane\n\nR2D2 # droid\n", file="w.txt")
    assert (err.value.file, err.value.line, err.value.field) == ("w.txt", 3, "word")
    assert err.value.message == "machine word 'R2D2 # droid' must be letters A-Z only"
    with pytest.raises(PnpError):
        parse_words("CAFÉ\n")
    bag = {ch: 2 for ch in "ABCDEFGHIJKLM"}
    words = ["AB", "ABC", "ABCDEFGHIJKL", "ABCDEFGHIJKLM", "CAB", "ABC", "ZAB"]
    assert usable_words(words, bag) == ["ABC", "ABCDEFGHIJKL", "CAB"]  # 3-12 letters, distinct
    assert usable_words(words, {**bag, "?": 1}) == ["ABC", "ABCDEFGHIJKL", "CAB", "ZAB"]


BAG = {ch: 3 for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} | {"?": 2}
WORDS = ["CAT", "DOG", "BEE", "COW", "HEN", "PIG", "RAT", "ANT", "ELK", "EMU", "GNU", "YAK",
         "APE", "BAT", "OWL", "FOX"]


def test_build_deck_refusals_word_for_word():
    def refused(**kw):
        with pytest.raises(PnpError) as err:
            build_deck(1, kw.pop("words", WORDS), BAG, **kw)
        return err.value

    e = refused(size=0)
    assert e.message == "deck size must be at least 1, got 0" and e.field == "size"
    for band in (0, 1, -0.1, 1.5):
        e = refused(band=band)
        assert e.message == f"band must be between 0 and 1 (a share of the median), got {band}"
        assert e.field == "band"
    e = refused(words=["AB", "ZZZZZZZ"])
    assert e.message == ("the word list has no usable machine words (3-12 letters the junk bag "
                         "can make)") and e.field == "words"
    e = refused(size=len(WORDS) + 1)
    assert e.message == (f"a deck of {len(WORDS) + 1} cards was asked but the word list has "
                         f"{len(WORDS)} usable machine words; ask for fewer cards or give a "
                         "longer --words list") and e.field == "deck-size"
    build_deck(1, WORDS, BAG, size=len(WORDS))  # as many cards as words: fine
    build_deck(1, WORDS, BAG, size=1)


def test_two_cards_a_player_must_lie_in_the_band():
    # Four words, two far apart: at 2 players 4 must lie in the band.
    words = ["CAT", "DOG", "COW", "HIPPOPOTAMUS"]
    with pytest.raises(PnpError) as err:
        build_deck(1, words, BAG, size=3, band=0.15, players=2)
    assert err.value.message == ("only 3 machine words lie within 15% of the median figure; at "
                                 "least 4 are needed") and err.value.field == "words"
    deck = build_deck(1, words, BAG, size=3, band=0.15, players=1)
    assert deck.pool == 4 and deck.in_band == 3 and "HIPPOPOTAMUS" not in deck.words
    assert build_deck(1, words[:3], BAG, size=2, players=1).in_band == 3


def test_the_deck_its_median_and_band():
    deck = build_deck("zoo", WORDS, BAG, size=9, band=0.3)
    figures = sorted(c.figure for c in deck.cards)
    assert len(deck.cards) == 9 and len(set(deck.words)) == 9 and set(deck.words) <= set(WORDS)
    assert deck.median == round(figures[4], 3)
    assert deck.band == 0.3
    assert deck.band_low == round(figures[4] * 0.7, 3)
    assert deck.band_high == round(figures[4] * 1.3, 3)
    assert deck.pool == len(WORDS) and deck.passed
    assert all(c == difficulty(c.word, BAG) for c in deck.cards)
    assert deck.words == [c.word for c in deck.cards]
    d = deck.to_dict()
    assert d["cards"] == [c.to_dict() for c in deck.cards] and d["median"] == deck.median
    assert d["pool"] == deck.pool and d["passed"] is True
    even = build_deck("zoo", WORDS, BAG, size=8, band=0.3)
    f = sorted(c.figure for c in even.cards)
    assert even.median == round((f[3] + f[4]) / 2, 3)
    # Same seed, same deck; the order is the seed's shuffle.
    assert build_deck("zoo", WORDS, BAG, size=9, band=0.3) == deck
    assert build_deck("zoo", list(reversed(WORDS)), BAG, size=9, band=0.3) == deck


def test_the_band_is_inclusive_and_recentred_on_the_deck():
    # Every figure inside the pool's band; the deck's own median recentres it.
    deck = build_deck(3, WORDS, BAG, size=len(WORDS), band=0.5)
    assert deck.in_band == len(WORDS) and len(deck.cards) == len(WORDS) and deck.passed
    same = [MachineCard(w, 2.0, 1.0) for w in "ABC"]
    assert deck_mod._median([c.figure for c in same]) == 2.0
    assert deck_mod._median([1.0, 2.0, 4.0, 10.0]) == 3.0
    assert deck_mod._median([5.0]) == 5.0
    assert deck_mod._median([10.0, 1.0, 2.0]) == 2.0


def figures(monkeypatch, table):
    """Made-up difficulty figures, to put cards exactly on the band's edges."""
    monkeypatch.setattr(deck_mod, "difficulty", lambda w, bag: MachineCard(w, table[w], 1.0))
    return list(table)


def test_the_bands_edges_count_as_inside(monkeypatch):
    # Median 2.0, band 0.5: the edges are 1.0 and 3.0 exactly; 5.0 lies outside.
    words = figures(monkeypatch, {"AAA": 2.0, "BBB": 2.0, "CCC": 3.0, "DDD": 1.0, "EEE": 5.0,
                                  "FFF": 2.0})
    deck = build_deck(1, words, BAG, size=5, band=0.5)
    assert deck.in_band == 5 and deck.pool == 6
    assert sorted(deck.words) == ["AAA", "BBB", "CCC", "DDD", "FFF"] and deck.passed
    assert (deck.median, deck.band_low, deck.band_high) == (2.0, 1.0, 3.0)
    # Nothing to re-centre: the deck is the seed's draw, in its order (an edge card kept in
    # place, not dropped and drawn again).
    inside = ["AAA", "BBB", "CCC", "DDD", "FFF"]
    assert deck.words == py_rng(1, "deck").sample(inside, 5)


def test_the_re_centred_deck_keeps_cards_on_its_edges(monkeypatch):
    # Whatever the sample, the deck's median is 2.0 and every card of the pool lies within its
    # band (1.0 and 3.0 included): no card is dropped, the deck is full and passes.
    words = figures(monkeypatch, {"AAA": 2.0, "BBB": 2.0, "CCC": 3.0, "DDD": 1.0, "FFF": 2.0,
                                  "GGG": 2.0, "HHH": 2.0})
    for seed in range(12):
        deck = build_deck(seed, words, BAG, size=5, band=0.5)
        assert len(deck.cards) == 5 and deck.passed and deck.median == 2.0


def test_the_refill_takes_spare_cards_on_the_edge(monkeypatch):
    # Pool median 3.0, band 0.5: 1.5..4.5 holds 1.5 (edge), 3.0 x3, 4.5 (edge). A deck of 3
    # drawn with the 4.5 and the 1.5 has median 3.0 and keeps both; every seed gives 3 cards.
    words = figures(monkeypatch, {"AAA": 1.5, "BBB": 3.0, "CCC": 3.0, "DDD": 3.0, "EEE": 4.5,
                                  "FFF": 9.0, "GGG": 0.5})
    for seed in range(20):
        deck = build_deck(seed, words, BAG, size=3, band=0.5)
        assert len(deck.cards) == 3 and deck.passed and deck.in_band == 5


@pytest.mark.parametrize("table, size, seed", [
    # The deck's median 1.0: its band 0.5..1.5 refills with the 1.5 on its upper edge.
    ({"AAA": 1.0, "BBB": 1.5, "CCC": 2.5, "DDD": 2.0, "EEE": 1.0, "FFF": 3.0, "GGG": 1.0,
      "HHH": 6.0}, 4, 0),
    # The deck's median 4.0: its band 2.0..6.0 refills with the 2.0 on its lower edge.
    ({"AAA": 4.0, "BBB": 1.5, "CCC": 4.0, "DDD": 2.0}, 3, 1),
])
def test_the_refill_reaches_the_decks_own_edges(monkeypatch, table, size, seed):
    words = figures(monkeypatch, table)
    deck = build_deck(seed, words, BAG, size=size, band=0.5)
    assert len(deck.cards) == size and deck.passed
    assert all(deck.band_low <= c.figure <= deck.band_high for c in deck.cards)


def test_two_players_need_four_cards_in_the_band_by_default(monkeypatch):
    words = figures(monkeypatch, {"AAA": 2.0, "BBB": 2.0, "CCC": 2.0, "DDD": 2.0, "EEE": 9.0})
    assert build_deck(1, words, BAG, size=2).in_band == 4  # exactly 2 x 2 players: enough
    with pytest.raises(PnpError):
        build_deck(1, words, BAG, size=2, players=3)


def test_the_deck_is_drawn_from_the_seeds_deck_stream(monkeypatch):
    words = figures(monkeypatch, {w: 2.0 for w in ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF")})
    deck = build_deck("stream", words, BAG, size=4)
    assert deck.words == py_rng("stream", "deck").sample(sorted(words), 4)


def test_the_deck_rounds_its_figures_to_three_decimals(monkeypatch):
    words = figures(monkeypatch, {w: 2.00049 for w in ("AAA", "BBB", "CCC", "DDD")})
    deck = build_deck(1, words, BAG, size=4, band=0.5)
    assert (deck.median, deck.band_low, deck.band_high) == (2.0, 1.0, 3.001)
