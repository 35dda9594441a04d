"""Seeds and seed codes; one random stream per component, derived from the seed, never global.

A seed is any string or integer. It is reduced to a 40-bit seed value, printed as a short seed
code: 8 Crockford base32 digits and a check character, grouped ``XXXX-XXXX-C``. The code reads
back case-insensitively (I and L read as 1, O as 0, hyphens and spaces ignored) to the same seed
value, so a playtester can regenerate a board from the code on its sheet.

Child streams are derived with a stable hash of the seed value and a component path, so adding a
deck does not change the board of the same seed, and a simulation batch's stream depends only on
its index, not on which worker runs it.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is imported only where a numpy stream is made (not on the print path)
    import numpy as np

SEED_BITS = 40
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CHECK = _ALPHABET + "*~$=U"  # Crockford's 37 check symbols
_READ = {c: i for i, c in enumerate(_ALPHABET)} | {"O": 0, "I": 1, "L": 1}


def _hash_int(*parts: object, bits: int = 64) -> int:
    data = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> (64 - bits)


def seed_value(seed: int | str) -> int:
    """Reduce any seed (integer, numeric string, seed code or free text) to a 40-bit value."""
    if isinstance(seed, bool):
        raise TypeError("seed must be an int or str")
    if isinstance(seed, int):
        return seed if 0 <= seed < 2**SEED_BITS else _hash_int("int", seed, bits=SEED_BITS)
    text = str(seed).strip()
    if text.lstrip("-").isdigit() and text.isascii():  # "²" is a digit to isdigit(), not to int()
        from pnp.limits import check

        check("int_digits", len(text.lstrip("-")), given=f"{len(text.lstrip('-'))} digits",
              field="seed", what="a numeric seed")
        return seed_value(int(text))
    code = decode(text)
    if code is not None:
        return code
    return _hash_int("str", text, bits=SEED_BITS)


def encode(value: int) -> str:
    """Seed value -> seed code like ``7K3M-Q9ZD-5``."""
    if not 0 <= value < 2**SEED_BITS:
        raise ValueError("seed value out of range")
    digits = "".join(_ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(8)))
    return f"{digits[:4]}-{digits[4:]}-{_CHECK[value % 37]}"


def decode(code: str) -> int | None:
    """Seed code -> seed value, or None when the text is not a valid code (bad check char)."""
    text = code.upper().replace("-", "").replace(" ", "")
    if len(text) != 9:
        return None
    value = 0
    for ch in text[:8]:
        if ch not in _READ:
            return None
        value = value * 32 + _READ[ch]
    check = {"O": "0", "I": "1", "L": "1"}.get(text[8], text[8])  # same readings as the digits
    return value if _CHECK[value % 37] == check else None


def seed_code(seed: int | str) -> str:
    """The printed seed code of any seed."""
    return encode(seed_value(seed))


def child_seed(seed: int | str, *path: object) -> int:
    """A 64-bit seed for one component, e.g. ``child_seed(s, "board")`` or ``(s, "sim", 12)``."""
    return _hash_int("pnp", seed_value(seed), *path)


def py_rng(seed: int | str, *path: object) -> random.Random:
    """A ``random.Random`` for one component (cheap scalar draws)."""
    return random.Random(child_seed(seed, *path))


def np_rng(seed: int | str, *path: object) -> np.random.Generator:
    """A numpy Generator for one component (batched draws)."""
    import numpy as np

    return np.random.Generator(np.random.PCG64(child_seed(seed, *path)))


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``, the very same order from the same draws, without its call layers:
    a plain ``random.Random`` shuffles by swapping each place from the last down with one
    below it, picked as ``randrange`` picks (``getrandbits`` of its bit length, drawn again
    until it is in range). The simulators shuffle decks in every game (tests pin the two
    together); any other stream (a test's scripted dice) is asked to shuffle itself."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]
