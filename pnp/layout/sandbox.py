"""The Jinja2 sandbox layouts run in, bounded in what one expression can cost.

Jinja2's ``ImmutableSandboxedEnvironment`` already refuses private attributes and any method
that changes a list or a dict (so a loop cannot grow a list), and its ``range`` stops at
100,000. On top of that, here: integers stay within ``int_digits`` (``9 ** 999999999`` is
refused before Python starts computing it), strings and template outputs within
``template_chars`` (``'x' * 10**9``, ``'x'.center(10**9)``, a loop writing forever), and one
card's expressions within ``template_seconds`` of wall time (nested loops that write nothing).
The globals that only serve HTML pages or hold state across a loop (``lipsum``, ``cycler``,
``joiner``, ``namespace``) are not offered.
"""

from __future__ import annotations

import math
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2.sandbox import ImmutableSandboxedEnvironment

from pnp.errors import PnpError
from pnp.limits import limit, over

_WIDTH_FILTERS = ("center", "indent", "wordwrap", "truncate")
_STR_WIDTH_METHODS = {"center", "ljust", "rjust", "zfill", "expandtabs"}


def _max_bits() -> float:
    return limit("int_digits") * math.log2(10)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _too_long(n: int, what: str) -> PnpError:
    return over("template_chars", f"{n:,} characters" if n < 10**12 else "far too many",
                what=what)


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The layout sandbox: immutable, with integer, string and output sizes bounded."""

    intercepted_binops = frozenset({"**", "*", "+"})

    def __init__(self, **options: Any):
        super().__init__(**options)
        for name in ("lipsum", "cycler", "joiner", "namespace"):
            self.globals.pop(name, None)
        for name in _WIDTH_FILTERS:
            self.filters[name] = _bounded_filter(self.filters[name])

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        if type(left) is float or type(right) is float:  # most layout arithmetic: no size risk
            return self.binop_table[operator_](left, right)
        if operator_ == "**" and _is_int(left) and _is_int(right) and right > 0 \
                and abs(left) > 1 and right * math.log2(abs(left)) > _max_bits():
            raise over("int_digits", f"about {right * math.log10(abs(left)):,.0f} digits",
                       what=f"the result of {left} ** {right}" if right < 10**12
                       else "a power")
        if operator_ == "*":
            if _is_int(left) and _is_int(right):
                if left.bit_length() + right.bit_length() > _max_bits() + 1:
                    raise over("int_digits", "more digits", what="the result of a product")
            else:
                seq, n = (left, right) if _is_int(right) else (right, left)
                if _is_int(n) and isinstance(seq, (str, list, tuple)):
                    size = len(seq) * max(n, 0)
                    if size > limit("template_chars"):
                        raise _too_long(size, "a repeated string or list")
        if operator_ == "+" and isinstance(left, (str, list, tuple)) \
                and isinstance(right, (str, list, tuple)):
            size = len(left) + len(right)
            if size > limit("template_chars"):
                raise _too_long(size, "a joined string or list")
        return super().call_binop(context, operator_, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        # str.center(10**9) and friends allocate before anything could check their result.
        if isinstance(getattr(__obj, "__self__", None), str) \
                and getattr(__obj, "__name__", "") in _STR_WIDTH_METHODS:
            for a in (*args, *kwargs.values()):
                if _is_int(a) and a > limit("template_chars"):
                    raise _too_long(a, f"the result of {__obj.__name__}()")
        return super().call(__context, __obj, *args, **kwargs)


def _bounded_filter(fn: Any) -> Any:
    def bounded(value: Any, *args: Any, **kwargs: Any) -> Any:
        for a in (*args, *kwargs.values()):
            if _is_int(a) and a > limit("template_chars"):
                raise _too_long(a, "a filter's width")
        return fn(value, *args, **kwargs)

    for attr in ("jinja_pass_arg",):  # keep @pass_environment / @pass_context markers
        if hasattr(fn, attr):
            setattr(bounded, attr, getattr(fn, attr))
    bounded.__name__ = getattr(fn, "__name__", "filter")
    return bounded


def bounded_concat(pieces: Iterable[Any]) -> str:
    """A template's output pieces joined, refusing output past ``template_chars``."""
    cap = limit("template_chars")
    out: list[str] = []
    size = 0
    for piece in pieces:  # Jinja2 yields strings
        size += len(piece)
        if size > cap:
            raise _too_long(size, "a template's output")
        out.append(piece)
    return "".join(out)


def check_value(value: Any) -> Any:
    """A template's result, refused when it is a string or an integer past the limits."""
    kind = type(value)  # exact types first: this runs for every expression of every card
    if kind is str:
        if len(value) > 100 and len(value) > limit("template_chars"):
            raise _too_long(len(value), "a template's value")
    elif kind is int and value.bit_length() > 64 and value.bit_length() > _max_bits() + 1:
        raise over("int_digits", "more digits", what="a template's integer")
    return value


_state = threading.local()


def _expired(signum: int, frame: Any) -> None:
    if not getattr(_state, "active", False):
        return  # a late timer after its face finished
    raise over("template_seconds", f"still running after {limit('template_seconds'):g} s",
               what="evaluating one card's template expressions")


@contextmanager
def time_bound() -> Iterator[None]:
    """Bound the wall time of the block by ``template_seconds`` (main thread only: a timer
    signal; elsewhere, and when nested, unbounded here)."""
    token = start_timer()
    try:
        yield
    finally:
        stop_timer(token)


_MAIN = threading.main_thread()


def start_timer() -> Any:
    """``time_bound`` without a context manager (once per card face, so kept cheap): arms the
    timer; returns what ``stop_timer`` needs (None when nothing was armed)."""
    if getattr(_state, "active", False) or threading.current_thread() is not _MAIN \
            or not hasattr(signal, "setitimer"):
        return None
    previous = None
    if signal.getsignal(signal.SIGALRM) is not _expired:
        previous = signal.signal(signal.SIGALRM, _expired)
    _state.active = True
    signal.setitimer(signal.ITIMER_REAL, limit("template_seconds"))
    return (previous,)


def stop_timer(token: Any) -> None:
    """Disarm what ``start_timer`` armed."""
    if token is None:
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    _state.active = False
    if token[0] is not None:
        signal.signal(signal.SIGALRM, token[0])


@contextmanager
def timer_handler() -> Iterator[None]:
    """Install the timer's handler for the block (once: installing costs ~10 us, re-arming the
    timer for each card face ~2 us; a deck's loop holds it so its faces only re-arm)."""
    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer") or signal.getsignal(signal.SIGALRM) is _expired:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expired)
    try:
        yield
    finally:
        # A deck's generator may be finalised (garbage-collected) while another deck's face is
        # being timed: the handler then stays, harmless outside a timed face.
        if not getattr(_state, "active", False):
            signal.signal(signal.SIGALRM, previous)


__all__ = ["BoundedEnvironment", "bounded_concat", "check_value", "start_timer", "stop_timer",
           "time_bound", "timer_handler"]
