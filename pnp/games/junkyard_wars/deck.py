"""Junkyard Wars machine deck: each word's difficulty figure and a balanced deck from a word list.

The difficulty figure of a machine word is an estimate of the team-turns one team needs to build
it alone, from an exact probability: the expected number of face-down junk tiles the team must
look at (in random order) before it has seen all the word's letters, blanks standing in for the
missing ones (multivariate hypergeometric, computed exactly). That count is weighted by the
actions a search costs, plus carrying each object home and 24 MA per link, over the 24 actions of
a team's turn, plus the expected turns of testing and debugging (the same for every word). Word
length and Scrabble points are poor proxies: a 4-letter word with P and M needs far more
searching than one with E, A and T, and this figure says by how much.

The deck is a pure function of (seed, word list, bag): words outside a declared band around the
median are left out, the deck is drawn from the rest with the seed's "deck" stream.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache

import numpy as np

from pnp.errors import PnpError
from pnp.games.junkyard_wars.rules import (
    BASE_ACTIONS,
    BLANK,
    LETTERS,
    LINK_MA,
    TEST_WORKS,
    WORKERS,
    letter_code,
)
from pnp.seed import py_rng

SEARCH_ACTIONS = 3.0  # per tile looked at: junk squares alternate, ~2 moves + 1 search
CARRY_ACTIONS = 15.0  # per object: ~10 moves home with a load (6/4 of the actions)
TEAM_ACTIONS = BASE_ACTIONS * WORKERS  # 24 actions a turn
DEBUG_TURNS = 1 / (TEAM_ACTIONS / 100)  # all 24 MA debugging: found 24% of turns
TEST_TURNS = 1 + (1 - TEST_WORKS / 100) / (TEST_WORKS / 100) * (DEBUG_TURNS + 1)
DEFAULT_SIZE = 40
DEFAULT_BAND = 0.15  # cards within +-15% of the deck median
MIN_LENGTH, MAX_LENGTH = 3, 12


def bag_counts(bag: dict) -> dict[str, int]:
    """Normalise a junk bag (letter -> count, or letter -> {"count": n, ...}) to letter -> count.

    The blank may be named "?", "_", "blank" or "BLANK"; it comes back as "?".
    """
    out: dict[str, int] = {}
    for key, value in bag.items():
        count = value.get("count") if isinstance(value, dict) else value
        name = str(key).strip()
        if name.lower() == "blank" or name in ("?", "_"):
            name = "?"
        elif len(name) != 1 or name.upper() not in LETTERS:
            raise ValueError(f"unknown junk tile {key!r}: letters A-Z and the blank only")
        else:
            name = name.upper()
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"junk tile {key!r}: count must be a whole number >= 0")
        out[name] = out.get(name, 0) + count
    return out


def bag_tiles(bag: dict) -> list[int]:
    """The junk tiles of a bag as letter codes, in a fixed order (A..Z, then blanks)."""
    counts = bag_counts(bag)
    tiles = [letter_code(ch) for ch in LETTERS for _ in range(counts.get(ch, 0))]
    return tiles + [BLANK] * counts.get("?", 0)


def buildable(word: str, counts: dict[str, int]) -> bool:
    """Whether the bag holds the word's letters, blanks standing in for missing ones."""
    missing = 0
    for ch in set(word):
        missing += max(0, word.count(ch) - counts.get(ch, 0))
    return missing <= counts.get("?", 0)


@dataclass(frozen=True)
class MachineCard:
    """One machine card: the word, its difficulty figure (team-turns) and expected searches."""

    word: str
    figure: float
    searches: float

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        return asdict(self)


@dataclass(frozen=True)
class MachineDeck:
    """A balanced machine deck and how it was chosen."""

    cards: tuple[MachineCard, ...]
    median: float
    band: float  # relative half-width around the median
    band_low: float
    band_high: float
    pool: int  # usable words in the list
    in_band: int  # of which inside the band
    passed: bool  # every card lies in the band around the deck's own median

    @property
    def words(self) -> list[str]:
        """The card words in deck order."""
        return [c.word for c in self.cards]

    def to_dict(self) -> dict:
        """Plain dict for JSON."""
        d = asdict(self)
        d["cards"] = [c.to_dict() for c in self.cards]
        return d


def parse_words(text: str, *, file: str | None = None) -> list[str]:
    """Words of a word-list text (one per line, '#' comments, hyphens ignored), upper case."""
    words = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip().replace("-", "").upper()
        if not line:
            continue
        if not line.isascii() or not line.isalpha():
            raise PnpError(f"machine word {raw.strip()!r} must be letters A-Z only", file=file,
                           line=n, field="word")
        words.append(line)
    return words


def usable_words(words: Iterable[str], bag: dict) -> list[str]:
    """Distinct words of a buildable length that the bag (with its blanks) can make, sorted."""
    counts = bag_counts(bag)
    return sorted({w for w in words if MIN_LENGTH <= len(w) <= MAX_LENGTH and buildable(w, counts)})


def expected_searches(word: str, bag: dict) -> float:
    """Expected junk tiles looked at, in random order, until the word's letters are all seen."""
    counts = bag_counts(bag)
    need = tuple(sorted((ch, word.count(ch)) for ch in set(word)))
    key = tuple(sorted(counts.items()))
    return _expected_searches(need, key)


@lru_cache(maxsize=4096)
def _expected_searches(need: tuple[tuple[str, int], ...],
                       bag: tuple[tuple[str, int], ...]) -> float:
    counts = dict(bag)
    total = sum(counts.values())
    blanks = counts.get("?", 0)
    letters = [(counts.get(ch, 0), k) for ch, k in need]
    others = total - blanks - sum(c for c, _ in letters)
    cap = blanks + 1  # deficits above the blanks all fail alike
    # ways[j, d]: ways to draw j tiles among the needed letters leaving a deficit d
    ways = np.zeros((1, cap + 1))
    ways[0, 0] = 1.0
    for c, k in letters:
        new = np.zeros((ways.shape[0] + c, cap + 1))
        for x in range(c + 1):
            short = max(0, k - x)
            comb = float(math.comb(c, x))
            for d in range(cap + 1):
                nd = min(d + short, cap)
                new[x:x + ways.shape[0], nd] += ways[:, d] * comb
        ways = new
    met = np.zeros(total + 1)
    for d in range(blanks + 1):
        met += np.convolve(ways[:, d], _with_blanks(blanks, others, total, d))[:total + 1]
    p_met = np.minimum(met / _draws(total), 1.0)
    return float(np.sum(1.0 - p_met[:total]))


# The parts of the sum that do not depend on the word's letters, cached: a deck of the bundled
# list computes them for a few dozen ``others`` counts instead of once per word (0.5 CPU-s).
@lru_cache(maxsize=1024)
def _with_blanks(blanks: int, others: int, total: int, d: int) -> np.ndarray:
    """f[k]: ways to draw k tiles among blanks and others with at least d blanks."""
    f = np.array([sum(math.comb(blanks, b) * math.comb(others, k - b)
                      for b in range(d, min(blanks, k) + 1)) for k in range(total + 1)],
                 dtype=float)
    f.flags.writeable = False  # shared by every caller
    return f


@lru_cache(maxsize=64)
def _draws(total: int) -> np.ndarray:
    """C(total, m) for m = 0 .. total, as floats."""
    draws = np.array([float(math.comb(total, m)) for m in range(total + 1)])
    draws.flags.writeable = False
    return draws


def difficulty(word: str, bag: dict) -> MachineCard:
    """A word's card with its figure: estimated team-turns to build it alone."""
    n = len(word)
    searches = expected_searches(word, bag)
    actions = SEARCH_ACTIONS * searches + CARRY_ACTIONS * n + LINK_MA * (n - 1)
    return MachineCard(word, round(actions / TEAM_ACTIONS + TEST_TURNS, 3), round(searches, 3))


def _median(xs: Sequence[float]) -> float:
    s = sorted(xs)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def build_deck(seed: int | str, words: Iterable[str], bag: dict, *, size: int = DEFAULT_SIZE,
               band: float = DEFAULT_BAND, players: int = 2) -> MachineDeck:
    """A deck of ``size`` cards whose figures lie within ``band`` of the deck median."""
    if size < 1:
        raise PnpError(f"deck size must be at least 1, got {size}", field="size")
    if not 0 < band < 1:
        raise PnpError(f"band must be between 0 and 1 (a share of the median), got {band}",
                       field="band")
    pool = usable_words(words, bag)
    if not pool:
        raise PnpError("the word list has no usable machine words (3-12 letters the junk bag "
                       "can make)", field="words")
    cards = {w: difficulty(w, bag) for w in pool}
    median = _median([c.figure for c in cards.values()])
    lo, hi = median * (1 - band), median * (1 + band)
    inside = [w for w in pool if lo <= cards[w].figure <= hi]
    need = max(2 * players, 1)
    if len(inside) < need:
        raise PnpError(f"only {len(inside)} machine words lie within {band:.0%} of the median "
                       f"figure; at least {need} are needed", field="words")
    if size > len(pool):  # more cards than words: refused, not silently a smaller deck
        raise PnpError(f"a deck of {size} cards was asked but the word list has {len(pool)} "
                       "usable machine words; ask for fewer cards or give a longer --words list",
                       field="deck-size")
    rng: random.Random = py_rng(seed, "deck")
    chosen = rng.sample(inside, min(size, len(inside)))
    # Re-centre: drop cards outside the band around the deck's own median, refill from the pool.
    for _ in range(10):
        dmed = _median([cards[w].figure for w in chosen])
        dlo, dhi = dmed * (1 - band), dmed * (1 + band)
        keep = [w for w in chosen if dlo <= cards[w].figure <= dhi]
        if len(keep) == len(chosen):
            break
        spare = [w for w in inside if w not in keep and dlo <= cards[w].figure <= dhi]
        rng.shuffle(spare)
        chosen = keep + spare[:len(chosen) - len(keep)]
    dmed = _median([cards[w].figure for w in chosen])
    dlo, dhi = dmed * (1 - band), dmed * (1 + band)
    passed = all(dlo <= cards[w].figure <= dhi for w in chosen)
    return MachineDeck(tuple(cards[w] for w in chosen), round(dmed, 3), band, round(dlo, 3),
                       round(dhi, 3), len(pool), len(inside), passed)


__all__ = ["MachineCard", "MachineDeck", "bag_counts", "bag_tiles", "buildable", "build_deck",
           "difficulty", "expected_searches", "parse_words", "usable_words"]
