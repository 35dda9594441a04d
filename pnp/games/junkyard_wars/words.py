"""The machine word list: read from a swappable text file (default: the bundled English list).

This module reads files; the core (deck, simulate) takes the list of words.
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError
from pnp.games.junkyard_wars.deck import parse_words
from pnp.resources import cardset

DEFAULT_WORDS = "junkyard_wars/machine_words.txt"


def load_words(path: str | Path | None = None) -> list[str]:
    """Words of a word-list file (default: the bundled list); PnpError when unreadable."""
    file = Path(path) if path is not None else cardset(DEFAULT_WORDS)
    name = str(path) if path is not None else DEFAULT_WORDS
    from pnp.safe_io import read_text_input

    if not file.exists():
        raise PnpError("no such word list", file=name, field="words")
    # a regular file within the input_bytes limit: /dev/zero or a FIFO would never end
    text = read_text_input(file, "word list")
    words = parse_words(text, file=name)
    if not words:
        raise PnpError("the word list holds no words", file=name, field="words")
    return words
