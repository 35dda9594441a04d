"""Reading a written PDF page's drawing operations back, for tests that measure what landed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.preflight import _mul

Matrix = tuple[float, float, float, float, float, float]


def operations(reader: PdfReader, page: Any) -> Iterator[tuple[list[Any], bytes, Matrix]]:
    """Each operation of ``page``'s content stream with the transformation in force (through
    every q/Q/cm; those three are followed, not yielded)."""
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = _mul((a, b, c, d, e, f), ctm)
        else:
            yield operands, op, ctm
