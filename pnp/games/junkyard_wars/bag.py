"""The junk bag: which junk tiles (letters) the game has, read from a swappable YAML file.

The default is the English Scrabble set in cardsets/junkyard_wars/scrabble_en.yaml. A bag file
maps each letter to ``{count, points}``; ``?`` is the blank. The counts must add up to 100, one
tile per junk square. This module reads files; the core (generate, rules, simulate) takes a
``Bag`` or its ``tiles()`` list.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.resources import cardset

DEFAULT_BAG = "junkyard_wars/scrabble_en.yaml"
BLANK = "?"
BAG_SIZE = 100


@dataclass(frozen=True)
class Bag:
    """Letters with their counts and points, in file order."""

    name: str
    letters: tuple[tuple[str, int, int], ...]  # (letter, count, points)

    def tiles(self) -> tuple[str, ...]:
        """One entry per junk tile (100), letters repeated by count."""
        return tuple(letter for letter, count, _ in self.letters for _ in range(count))

    def points(self) -> dict[str, int]:
        """Points of each letter."""
        return {letter: pts for letter, _, pts in self.letters}

    def counts(self) -> dict[str, int]:
        """How many tiles of each letter."""
        return {letter: count for letter, count, _ in self.letters}


def _line_of(text: str, key: str) -> int | None:
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith((f"{key}:", f'"{key}":', f"'{key}':")):
            return n
    return None


def _letter_error(message: str, name: str, text: str, letter: str) -> PnpError:
    """A PnpError pointing at one letter's entry in the bag file."""
    return PnpError(message, file=name, line=_line_of(text, letter), field=f"letters.{letter}")


def load_bag(path: str | Path | None = None) -> Bag:
    """Read and check a bag file (default: the English Scrabble set); PnpError when it is wrong."""
    file = Path(path) if path is not None else cardset(DEFAULT_BAG)
    name = str(path) if path is not None else DEFAULT_BAG
    from pnp.safe_io import load_yaml, read_text_input

    if path is not None and not file.exists():
        raise PnpError("no such bag file", file=name)
    text = read_text_input(file, "bag file")  # a regular file within the size limit
    data, _ = load_yaml(text, name)  # nesting, aliases and integers bounded
    if not isinstance(data, dict) or not isinstance(data.get("letters"), dict):
        raise PnpError("a bag file maps 'letters' to {count, points} entries", file=name,
                       field="letters")
    letters = []
    for key, entry in data["letters"].items():
        letter = str(key)
        if len(letter) != 1 or not (letter.isalpha() or letter == BLANK):
            raise _letter_error("a letter is one character (or '?' for the blank)", name, text,
                                letter)
        if not isinstance(entry, dict):
            raise _letter_error("expected {count: N, points: P}", name, text, letter)
        count, points = entry.get("count"), entry.get("points", 0)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _letter_error("count must be a whole number >= 0", name, text, letter)
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise _letter_error("points must be a whole number >= 0", name, text, letter)
        letters.append((letter.upper(), count, points))
    if len({ch for ch, _, _ in letters}) != len(letters):
        raise PnpError("a letter is listed twice", file=name, field="letters")
    total = sum(count for _, count, _ in letters)
    if total != BAG_SIZE:
        raise PnpError(f"the counts add up to {total}, expected {BAG_SIZE} "
                       "(one junk tile per junk square)", file=name, field="letters")
    return Bag(str(data.get("name", file.stem)), tuple(letters))
