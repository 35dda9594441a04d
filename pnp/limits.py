"""Documented limits on what a user can ask for, and the checks every number from a user passes.

Every number that comes from a user (an option, a card list, a layout, a board or field file, a
template's result) is checked here once, at the edge, for its type, finiteness and range, before
it reaches reportlab, Pillow or a loop. A value past a limit is a ``PnpError`` that names the
limit and how to raise it: ``pnp --limit NAME=VALUE ...`` or the environment variable
``PNP_LIMITS="NAME=VALUE,NAME=VALUE"``. docs/limits.md lists them all.
"""

from __future__ import annotations

import functools
import math
import os
from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError


@dataclass(frozen=True)
class Limit:
    """One raisable limit: its name, default and what it bounds."""

    name: str
    default: float
    unit: str
    what: str


LIMITS: dict[str, Limit] = {lim.name: lim for lim in (
    Limit("input_bytes", 64 * 1024 * 1024, "bytes",
          "size of an input file (card list, layout, board or field JSON)"),
    Limit("cell_chars", 131_072, "characters", "characters in one CSV cell"),
    Limit("copies", 10_000, "copies", "copies of one card (count column)"),
    Limit("deck_copies", 100_000, "copies", "cards printed from one card list, all copies"),
    Limit("nesting", 64, "levels", "nesting of lists and mappings in JSON/YAML, layout groups"),
    Limit("yaml_nodes", 1_000_000, "nodes", "YAML values after expanding aliases (&a / *a)"),
    Limit("int_digits", 100, "digits", "digits of an integer in any input, seed or template"),
    Limit("template_chars", 100_000, "characters", "length of a template value or string"),
    Limit("template_seconds", 5, "seconds",
          "time to evaluate one card face's template expressions"),
    Limit("image_pixels", 50_000_000, "pixels", "pixels of an image a layout names"),
    Limit("length_mm", 10_000, "mm", "any coordinate or length in a layout (absolute value)"),
    Limit("font_pt", 1_000, "pt", "font size in a layout"),
    Limit("card_mm", 1_500, "mm", "width or height of a card, tile or board"),
    Limit("page_mm", 1_500, "mm", "width or height of a page"),
    Limit("games", 10_000_000, "games", "games one simulate or session run plays"),
    Limit("rounds", 1_000, "rounds", "rounds of one game (a rules file's rounds, --rounds)"),
    Limit("dice", 30, "dice", "dice of one roll in a game's rules or vehicles file (their exact "
          "odds grow fast with it)"),
    Limit("tries", 1_000, "tries", "deck seeds tried, retune rounds (--tries, --max-rounds, "
          "--retune)"),
    Limit("jobs", 256, "processes", "worker processes (--jobs)"),
    Limit("scheduler_seconds", 10, "seconds",
          "wait for a dask scheduler's handshake (also --timeout)"),
)}

_overrides: dict[str, float] = {}


def limit(name: str) -> float:
    """The current value of limit ``name`` (``--limit`` first, then PNP_LIMITS, else default)."""
    if name in _overrides:
        return _overrides[name]
    return _from_env(os.environ.get("PNP_LIMITS", "")).get(name, LIMITS[name].default)


@functools.lru_cache(maxsize=8)
def _from_env(env: str) -> dict[str, float]:
    out = {}
    for part in env.split(","):
        key, _, value = part.partition("=")
        if key.strip() in LIMITS and value.strip():
            out[key.strip()] = _parse_value(key.strip(), value, "PNP_LIMITS")
    return out


def _parse_value(name: str, text: str, field: str) -> float:
    try:
        value = float(text.strip()) if len(text.strip()) < 40 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise PnpError(f"limit {name} must be a positive number, got {text.strip()[:40]!r}",
                       field=field)
    return value


def set_limits(items: list[str] | tuple[str, ...]) -> None:
    """``--limit NAME=VALUE`` options -> the limits of this run."""
    for item in items:
        name, sep, value = str(item).partition("=")
        name = name.strip()
        if not sep or name not in LIMITS:
            raise PnpError(f"expected NAME=VALUE with NAME one of {', '.join(sorted(LIMITS))}, "
                           f"got {str(item)[:60]!r}", field="limit")
        _overrides[name] = _parse_value(name, value, "limit")


def set_limit(name: str, value: float) -> None:
    """Set limit ``name`` for this run (an option that is a limit under another name)."""
    _overrides[name] = float(value)


def reset() -> None:
    """Back to the defaults (tests run many commands in one process)."""
    _overrides.clear()


def how_to_raise(name: str) -> str:
    """The hint every refusal ends with."""
    return f"limit {name}: raise it with pnp --limit {name}=N"


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:g}"


def over(name: str, given: str, *, file: str | None = None, line: int | None = None,
         field: str | None = None, what: str | None = None) -> PnpError:
    """The error for a value past limit ``name``: what, what was given, the limit, the fix."""
    lim = LIMITS[name]
    return PnpError(f"{what or lim.what}: {given}, over the limit of {_fmt(limit(name))} "
                    f"{lim.unit} (raise it with pnp --limit {name}=N)", file=file, line=line,
                    field=field)


def check(name: str, amount: float, *, given: str | None = None, **where: Any) -> None:
    """PnpError if ``amount`` is past limit ``name``."""
    if amount > limit(name):
        raise over(name, given if given is not None else _fmt(amount), **where)


def short(value: Any, n: int = 40) -> str:
    """A value as a message shows it: repr, cut to ``n`` characters (digits counted)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 300:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a huge int's repr raises ValueError: show its type instead
        text = type(value).__name__
    return text if len(text) <= n else text[:n - 1] + "…"


def number(value: Any, *, low: float, high: float, what: str = "a number",
           low_open: bool = False, limit_name: str | None = None, file: str | None = None,
           line: int | None = None, field: str | None = None) -> float:
    """``value`` as a finite float in [low, high] (``low_open``: > low), else a PnpError that
    says what was given and what is allowed; past ``high`` of a raisable limit, names it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PnpError(f"expected {what}, got {short(value)}", file=file, line=line,
                       field=field)
    try:
        f = float(value)
    except OverflowError:
        f = math.inf if value > 0 else -math.inf
    too_low = f <= low if low_open else f < low
    if too_low or f > high or not math.isfinite(f):  # NaN included
        allowed = f"{'more than' if low_open else 'from'} {low:g} " \
                  f"{'and at most' if low_open else 'to'} {high:g}"
        hint = f" ({how_to_raise(limit_name)})" if limit_name and high < f < math.inf else ""
        raise PnpError(f"{what} must be {allowed}, got {short(value)}{hint}", file=file,
                       line=line, field=field)
    return f


def integer(value: Any, *, low: int, high: int, what: str, file: str | None = None,
            line: int | None = None, field: str | None = None) -> int:
    """``value`` as an int in [low, high] (bools and floats with a fraction refused)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PnpError(f"expected {what}, got {short(value)}", file=file, line=line, field=field)
    if not low <= value <= high:
        raise PnpError(f"{what} must be from {low} to {high}, got {short(value)}", file=file,
                       line=line, field=field)
    return value
