"""Rich text in a text box: a few tags set bold, italic, colour and size runs, ``<br>`` breaks.

``<b>bold</b>``, ``<i>italic</i>``, ``<color=#b00>red</color>`` (or ``colour``; any colour a
layout takes), ``<size=12>12 pt</size>`` or ``<size=80%>`` (of the box's size, and shrunk with
the box), ``<br>``. Only these tags are markup: any other ``<`` is text as typed (``a < b``,
``<3``), as is a tag whose value is not a colour or a size, and a closing tag with nothing
open. A backslash before ``<`` or ``:`` prints that character as typed (``\\<b>`` shows ``<b>``,
``\\:fuel:`` shows ``:fuel:``). Inline icons (``:fuel:``) take the size of their run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.layout.colours import parse_colour


@dataclass(frozen=True)
class Style:
    """How a run is set: bold/italic on top of the box's font, its colour (None: the box's) and
    its size as a multiple of the box's."""

    bold: bool = False
    italic: bool = False
    colour: str | None = None
    scale: float = 1.0


PLAIN = Style()


@dataclass(frozen=True)
class Run:
    """Text in one style, or an inline icon (``icon`` its image path or colour, ``text`` its
    name). Text may hold ``\\n`` (a line break)."""

    text: str
    style: Style = PLAIN
    icon: str | None = None


_TOKEN = re.compile(
    r"\\(?P<esc>[<:])"
    r"|<(?P<close>/)?(?P<tag>b|i|colou?r|size|br)(?:=(?P<value>[^<>\s]{1,40}))?\s*(?P<slash>/)?>"
    r"|:(?P<icon>[A-Za-z0-9_][A-Za-z0-9_.\-]*):",
    re.IGNORECASE)
_SIZE = re.compile(r"(\d{1,4}(?:\.\d{1,3})?)(%?)")
MAX_SCALE = 20.0  # a run at most 20 times the box's size


def _colour(value: str) -> str | None:
    try:
        return value if parse_colour(value) is not None else None
    except PnpError:
        return None


def _scale(value: str, base: float) -> float | None:
    m = _SIZE.fullmatch(value)
    if not m:
        return None
    number = float(m.group(1))
    scale = number / 100 if m.group(2) else number / base
    return scale if 0 < scale <= MAX_SCALE else None


def parse(text: str, icons: dict[str, str], size: float) -> list[Run]:
    """``text`` as runs: tags applied, icons found (``:name:`` of a key of ``icons``), adjacent
    text of one style joined. ``size`` is the box's size in points (for ``<size=N>``)."""
    runs: list[Run] = []
    bold = italic = 0
    colours: list[str] = []
    scales: list[float] = []
    style = PLAIN

    def add(piece: str) -> None:
        if not piece:
            return
        if runs and runs[-1].icon is None and runs[-1].style == style:
            runs[-1] = Run(runs[-1].text + piece, style)
        else:
            runs.append(Run(piece, style))

    pos = 0
    while True:
        m = _TOKEN.search(text, pos)
        if m is None:
            add(text[pos:])
            return runs
        add(text[pos:m.start()])
        pos = m.end()
        if m.group("esc"):
            add(m.group("esc"))
            continue
        name = m.group("icon")
        if name is not None:
            if name in icons:
                runs.append(Run(name, style, icons[name]))
            else:  # not an icon: the colon is text, and the next colon may open one
                add(":")
                pos = m.start() + 1
            continue
        tag, value, close = m.group("tag").lower(), m.group("value"), bool(m.group("close"))
        ok = not m.group("slash") or tag == "br"
        if not ok:
            pass
        elif tag == "br":
            ok = not close and value is None
            if ok:
                add("\n")
        elif tag in ("b", "i"):
            depth = bold if tag == "b" else italic
            ok = value is None and (not close or depth > 0)
            if ok:
                depth += -1 if close else 1
                bold, italic = (depth, italic) if tag == "b" else (bold, depth)
        elif tag in ("color", "colour"):
            stack = colours
            ok = (value is None and bool(stack)) if close else (
                value is not None and _colour(value) is not None)
            if ok:
                stack.pop() if close else stack.append(value)  # type: ignore[func-returns-value]
        else:  # size
            if close:
                ok = value is None and bool(scales)
                if ok:
                    scales.pop()
            else:
                scale = _scale(value, size) if value is not None and size > 0 else None
                ok = scale is not None
                if ok:
                    scales.append(scale)  # type: ignore[arg-type]
        if not ok:  # not markup after all: the tag is text, as typed
            add(m.group(0))
            continue
        style = Style(bold > 0, italic > 0, colours[-1] if colours else None,
                      scales[-1] if scales else 1.0)


def plain(runs: list[Run]) -> str:
    """The runs as plain text, icons written back as ``:name:``."""
    return "".join(r.text if r.icon is None else f":{r.text}:" for r in runs)
