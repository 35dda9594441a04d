"""How many tokens of each kind the playtest pack prints.

Pure core. Mobs: a field node holds at most one mob, placed by its last node die roll, so the
mobs of a rank on the field at any moment are at most a binomial count over the field nodes with
that rank's chance on the die; the pack prints its ``COVER`` quantile, computed exactly. Scrap
never leaves play (it lies on the field, is carried or is banked), so a game's scrap tokens of a
material are most at its end: the pack prints the most any simulated game of the session had
(``Record.scrap_in_play``), or ``SCRAP_FALLBACK`` of each when nothing was simulated.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

from pnp.games.salvage.rules import Config, Rank

__all__ = ["COVER", "SCRAP_FALLBACK", "binomial_quantile", "mob_tokens", "scrap_tokens"]

#: Mob tokens suffice for at least this share of moments of play.
COVER = Fraction(999, 1000)
#: Scrap tokens of each material when no game was simulated for the pack.
SCRAP_FALLBACK = 8


def binomial_quantile(n: int, p: Fraction, cover: Fraction = COVER) -> int:
    """The least k with P(Binomial(n, p) <= k) >= ``cover`` (exact)."""
    total = Fraction(0)
    for k in range(n + 1):
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if total >= cover:
            return k
    return n


def mob_tokens(config: Config, field_nodes: int) -> dict[int, int]:
    """Mob tokens per rank for a field of ``field_nodes`` nodes the node die fills."""
    faces = len(config.node_die)
    return {int(rank): max(1, binomial_quantile(
        field_nodes, Fraction(sum(r.mob == rank for r in config.node_die), faces)))
        for rank in Rank}


def scrap_tokens(config: Config, in_play: Iterable[Sequence[int]] = ()) -> dict[int, int]:
    """Scrap tokens per material (1-6): the most any game had in play, else the fallback."""
    materials = range(1, len(config.scrap_weights) + 1)
    most = [0] * len(materials)
    seen = False
    for counts in in_play:
        seen = True
        most = [max(a, b) for a, b in zip(most, counts, strict=True)]
    return {m: most[m - 1] if seen else SCRAP_FALLBACK for m in materials}
