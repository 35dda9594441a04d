"""YAML layouts + Jinja2 expressions -> drawing descriptions (one ``Drawing`` per card face).

A layout is a YAML file (see docs/layouts.md): ``size``, ``back`` (the back layout file),
``vars``, ``icons`` and a list of ``items`` (``rect``, ``circle``, ``path``, ``text``,
``image``, ``group``) with boxes in mm. Any string value may hold Jinja2 (``"{{ name }}"``,
``"{{ width - 8 }}"``): it is evaluated per card in a sandbox with ``StrictUndefined``, so a
layout that names a column the card list lacks is a PnpError naming the field and the layout
file. Autoescaping is off: drawings are not HTML (``&`` stays ``&``); the SVG backend escapes.

Expressions that depend only on the card size, bleed and deck are evaluated once per render,
and items made only of those are built once, so a 10,000-card deck costs little more than its
text.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined, TemplateError, Undefined, meta, pass_context
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.runtime import Context

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.cards import field_key
from pnp.layout.colours import parse_colour
from pnp.layout.convert import SHAPES, Convert, Where, card_label, truthy
from pnp.layout.draw import Align, Component, Drawing, Family, Group, Item, TextBox, VAlign
from pnp.layout.facecache import DrawingMemo
from pnp.layout.fonts import FONT_FILES, load_family, parse_font
from pnp.layout.layouts import Layout, load_layout  # noqa: F401  (re-exported)
from pnp.layout.sandbox import (
    BoundedEnvironment,
    bounded_concat,
    check_value,
    start_timer,
    stop_timer,
    time_bound,
    timer_handler,
)

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp", ".bmp", ".tif", ".tiff")
GLOBAL_NAMES = frozenset({"width", "height", "bleed", "deck"})  # the same for every card
_SINGLE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)
PALETTE = ("#3b6ea5", "#b5483b", "#4e8a4a", "#8a5a9e", "#c08a2e", "#2f8f8f", "#9e4f6e",
           "#5b6b7b", "#7a6a3a", "#3f7f5f", "#a0522d", "#4a5a9a")


# ---------------------------------------------------------------- Jinja2 environment

def _palette(text: Any) -> str:
    """A stable colour for a value (same type -> same frame colour on every run)."""
    digest = hashlib.sha256(str(text).strip().lower().encode("utf-8")).digest()
    return PALETTE[digest[0] % len(PALETTE)]


def _mix(colour: Any, other: tuple[float, float, float], t: float) -> str:
    rgba = parse_colour(str(colour)) or (0.0, 0.0, 0.0, 1.0)
    t = min(max(float(t), 0.0), 1.0)
    r, g, b = (round(255 * (c + (o - c) * t)) for c, o in zip(rgba[:3], other, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


@pass_context
def _has(ctx: Any, *names: str) -> bool:
    """True when every named column exists on this card and is not blank."""
    for n in names:
        value = ctx.get(field_key(n))
        if value is None or isinstance(value, Undefined) or str(value).strip() == "":
            return False
    return True


def _without(pairs: Any, *labels: str) -> list[tuple[str, Any]]:
    """(label, value) pairs minus the named columns (matched as layout names)."""
    drop = {field_key(x) for x in labels}
    return [(k, v) for k, v in pairs if field_key(k) not in drop]


def _env() -> BoundedEnvironment:
    env = BoundedEnvironment(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                             lstrip_blocks=True)
    env.filters.update(palette=_palette, without=_without,
                       lighten=lambda c, t=0.5: _mix(c, (1.0, 1.0, 1.0), t),
                       darken=lambda c, t=0.5: _mix(c, (0.0, 0.0, 0.0), t))
    env.tests["image"] = lambda v: str(v).strip().lower().endswith(IMAGE_SUFFIXES)
    return env


ENV = _env()


# ---------------------------------------------------------------- compiling expressions

class _Expr:
    """A compiled Jinja2 value: ``fn(ctx)`` gives the value; ``deps`` are the names it reads."""

    __slots__ = ("fn", "deps", "src")

    def __init__(self, fn: Callable[[Context], Any], deps: frozenset[str], src: str):
        self.fn, self.deps, self.src = fn, deps, src


class _Seq:
    """A list whose elements are values (points, dash patterns)."""

    __slots__ = ("parts", "deps")

    def __init__(self, parts: list[Any]):
        self.parts = parts
        self.deps = frozenset().union(*(_deps(p) for p in parts)) if parts else frozenset()


def _deps(value: Any) -> frozenset[str]:
    return value.deps if isinstance(value, (_Expr, _Seq)) else frozenset()


_RESULT = "__pnp_value__"  # where a single-expression value lands in the context
_BLANK = ENV.from_string("")


def new_context(names: dict[str, Any]) -> Context:
    """One Jinja2 context per card, shared by all its expressions (``names`` is not copied, so
    vars added to it later are seen); building a context per expression would cost more than
    evaluating it."""
    return _BLANK.new_context(names, shared=True)


@lru_cache(maxsize=4096)
def _compile_src(src: str) -> tuple[Callable[[Context], Any], frozenset[str]]:
    deps = frozenset(meta.find_undeclared_variables(ENV.parse(src)))
    single = _SINGLE.match(src)
    if single and "}}" not in single.group(1) and "{{" not in single.group(1) \
            and "%}" not in single.group(1):
        # "{{ expr }}" keeps its native value (a number stays a number, a list a list)
        run = ENV.from_string("{% set " + _RESULT + " = (" + single.group(1) + ") %}") \
            .root_render_func

        def value(ctx: Context) -> Any:
            for _ in run(ctx):
                pass
            ctx.exported_vars.discard(_RESULT)
            return ctx.vars.pop(_RESULT)

        return value, deps
    render = ENV.from_string(src).root_render_func
    return (lambda ctx: bounded_concat(render(ctx))), deps


def _compile(value: Any, where: Where) -> Any:
    """A YAML value -> a constant, an ``_Expr`` or a ``_Seq``."""
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        try:
            fn, deps = _compile_src(value)
        except (TemplateError, ValueError, OverflowError, RecursionError) as exc:
            if isinstance(exc, ValueError) and "digits" in str(exc):
                from pnp.limits import over  # an integer literal of thousands of digits

                raise over("int_digits", "thousands of digits", file=where.file,
                           line=where.line, field=where.attr, what="an integer") from None
            shown = value if len(value) <= 80 else value[:79] + "…"
            raise PnpError(f"bad Jinja2 expression {shown!r}: {str(exc)[:200]}",
                           file=where.file, line=where.line, field=where.attr) from None
        return _Expr(fn, deps, value)
    if isinstance(value, list):
        parts = [_compile(v, where) for v in value]
        return _Seq(parts) if any(isinstance(p, (_Expr, _Seq)) for p in parts) else parts
    return value


def _evaluate(value: Any, ctx: Context, where: Where, card: Card | None,
              deck: Deck) -> Any:
    """Evaluate a compiled value for one card; Jinja2 failures become PnpError."""
    if isinstance(value, _Seq):
        return [_evaluate(p, ctx, where, card, deck) for p in value.parts]
    if not isinstance(value, _Expr):
        return value
    try:
        result = value.fn(ctx)
        if isinstance(result, Undefined):
            result._fail_with_undefined_error()
        return check_value(result)
    except UndefinedError as exc:
        if "unsafe" in str(exc):  # the sandbox answers forbidden attributes with Undefined
            raise _not_allowed(exc, where) from None
        m = re.search(r"'([^']+)' is undefined|'([^']+)' has no attribute '([^']+)'", str(exc))
        name = (m.group(1) or m.group(3)) if m else "?"
        if m and m.group(2) and m.group(2) != "dict object":  # not card.<column>
            raise PnpError(f"{card_label(card, deck)}{m.group(2).removesuffix(' object')} "
                           f"values have no '{name}' (item '{where.item}')", file=where.file,
                           line=where.line, field=where.attr) from None
        raise PnpError(f"{card_label(card, deck)}the layout uses '{name}' but the card list has "
                       f"no such column (item '{where.item}', {where.attr})"
                       f"{_did_you_mean(name, _columns(card, deck))}", file=where.file,
                       line=where.line, field=name) from None
    except SecurityError as exc:
        raise _not_allowed(exc, where) from None
    except PnpError as exc:
        if exc.file:
            raise
        raise PnpError(f"{card_label(card, deck)}{exc.message} (item '{where.item}')",
                       file=where.file, line=where.line, field=where.attr) from None
    except Exception as exc:  # a TypeError in a designer's expression, a bad filter argument
        raise PnpError(f"{card_label(card, deck)}cannot evaluate {value.src!r}: {exc}",
                       file=where.file, line=where.line, field=where.attr) from None


def _did_you_mean(name: str, known: Iterable[str], wrap: str = "'") -> str:
    """"; did you mean 'x'?" for the known name closest to a mistyped one, else ""."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f"; did you mean {wrap}{close[0]}{wrap}?" if close else ""


def _columns(card: Card | None, deck: Deck) -> list[str]:
    """The card list's columns as a layout names them."""
    fields = card.fields if card is not None else (deck.cards[0].fields if deck.cards else ())
    return [field_key(h) for h, _ in fields]


# A word between colons (not after a letter, a digit or a backslash): a mistyped inline icon.
_ICON_LIKE = re.compile(r"(?<![\w\\]):([A-Za-z][A-Za-z0-9_.\-]*):(?!\w)")


def _not_allowed(exc: Exception, where: Where) -> PnpError:
    """A sandbox refusal in a designer's words rather than Jinja2's."""
    m = re.search(r"attribute '([^']+)' of '([^']+)' object", str(exc))
    what = f"'{m.group(1)}' of a {m.group(2)} value" if m else str(exc).rstrip(".")
    return PnpError(f"not allowed in a layout: {what} (a layout may read card values and use "
                    f"filters, not Python internals or methods that change values; item "
                    f"'{where.item}')", file=where.file, line=where.line, field=where.attr)


# ---------------------------------------------------------------- rendering cards

_ITEM_KEYS = {"id", "when", "remove", "__file__", "__line__"}
_UNSET = object()


class _Item:
    """One compiled layout item: arguments already converted (``static``), arguments to
    evaluate per card (``dynamic``), and ``fixed``, the primitive itself when nothing in it
    depends on the card."""

    __slots__ = ("kind", "where", "when", "static", "dynamic", "children", "fixed", "when_at")

    def __init__(self, kind: str, where: Where, when: Any, static: dict[str, Any],
                 dynamic: list[tuple[str, Any, Where]], children: list[_Item]):
        self.kind, self.where, self.when = kind, where, when
        self.static, self.dynamic, self.children = static, dynamic, children
        self.fixed: Any = _UNSET
        self.when_at = Where(where.file, where.line, where.item, "when")


def deck_icons(deck: Deck) -> dict[str, str]:
    """Images in an ``icons/`` folder next to the card list, by file stem (``:fuel:``)."""
    from pnp.layout.cards import deck_folder

    base = deck_folder(deck)
    if base is None:
        return {}
    folder = base / "icons"
    if not folder.is_dir():
        return {}
    return {p.stem: str(p) for p in sorted(folder.iterdir())
            if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()}


class Renderer:
    """A layout bound to a card size, bleed and deck: ``drawing(card, index)`` per card."""

    def __init__(self, layout: Layout, size: tuple[float, float], bleed: float, deck: Deck):
        with time_bound():  # expressions of the card size, bleed and deck are evaluated here
            self._init(layout, size, bleed, deck)

    def _init(self, layout: Layout, size: tuple[float, float], bleed: float, deck: Deck
              ) -> None:
        self.layout, self.deck = layout, deck
        self.width, self.height = float(size[0]), float(size[1])
        self.bleed = float(bleed)
        icons = dict(layout.icons)
        icons.update(deck_icons(deck))  # the deck's own icons win over the layout's
        self.convert = Convert(deck, icons)
        self.families = self._families(layout)
        self.notes: list[str] = []  # warnings about the faces drawn since ``take_notes``
        self.globals: dict[str, Any] = {"width": self.width, "height": self.height,
                                        "bleed": self.bleed, "deck": deck.name}
        self.known = set(GLOBAL_NAMES)
        self._global_ctx = new_context(self.globals)
        self.card_vars: list[tuple[str, Any, Where]] = []
        for name, raw, file, line in layout.vars:
            where = Where(file, line, "vars", name)
            value = _compile(raw, where)
            if _deps(value) <= self.known:
                self.globals[name] = _evaluate(value, self._global_ctx, where, None, deck)
                self.known.add(name)
            else:
                self.card_vars.append((name, value, where))
        self.items = [self._compile_item(raw) for raw in layout.items]

    # -- compiling
    def _compile_item(self, raw: dict[str, Any]) -> _Item:
        file, line = raw.get("__file__", self.layout.path), raw.get("__line__")
        kinds = [k for k in raw if k in SHAPES]
        extra = sorted(set(raw) - set(SHAPES) - _ITEM_KEYS)
        label = str(raw.get("id") or (kinds[0] if kinds else "?"))
        if len(kinds) != 1 or extra:
            bad = extra[0] if extra else ", ".join(kinds) or "(none)"
            raise PnpError(f"an item needs exactly one of {', '.join(SHAPES)} (plus id, when)",
                           file=file, line=line, field=bad)
        kind = kinds[0]
        spec = raw[kind]
        if not isinstance(spec, dict):
            raise PnpError(f"'{kind}' must be a mapping of attributes", file=file, line=line,
                           field=kind)
        line = spec.get("__line__", line)
        allowed = SHAPES[kind][1]
        static: dict[str, Any] = {}
        dynamic: list[tuple[str, Any, Where]] = []
        children: list[_Item] = []
        for attr, value in spec.items():
            if attr == "__line__":
                continue
            if attr == "color":
                attr = "colour"
            if attr not in allowed:
                raise PnpError(f"unknown {kind} attribute (expected {', '.join(sorted(allowed))})",
                               file=file, line=line, field=attr)
            if attr == "items":
                if not isinstance(value, list):
                    raise PnpError("group items must be a list", file=file, line=line,
                                   field="items")
                children = [self._compile_item(dict(c, __file__=c.get("__file__", file)))
                            if isinstance(c, dict) else self._compile_item({"?": c})
                            for c in value]
                continue
            where = Where(file, line, label, attr)
            value = self._fold(_compile(value, where), where)
            if isinstance(value, (_Expr, _Seq)):
                dynamic.append((attr, value, where))
            else:
                static[attr] = self._attr(value, where, None)
        where = Where(file, line, label, "when")
        when = self._fold(_compile(raw.get("when", True), where), where)
        item = _Item(kind, Where(file, line, label, kind), when, static, dynamic, children)
        if not isinstance(when, (_Expr, _Seq)) and not dynamic and all(
                c.fixed is not _UNSET for c in children):
            item.fixed = self._build(item, self._global_ctx, None)
        return item

    def _fold(self, value: Any, where: Where) -> Any:
        """Evaluate now what depends only on size, bleed, deck and card-independent vars."""
        if isinstance(value, (_Expr, _Seq)) and value.deps <= self.known:
            return _evaluate(value, self._global_ctx, where, None, self.deck)
        return value

    # -- rendering
    def context(self, card: Card, index: int) -> Context:
        """The names a layout sees for one card: columns, built-ins, then vars."""
        ctx: dict[str, Any] = {field_key(h): v for h, v in card.fields}
        by_name = dict(ctx)
        by_name.update({h: v for h, v in card.fields})
        by_name.update(name=card.name, count=card.count, back=card.back)
        ctx.update(self.globals)
        # has() lives in the card's context, not in the environment's globals, so that
        # expressions using it count as card-dependent and are never folded.
        ctx.update(index=index, name=card.name, count=card.count, back=card.back, card=by_name,
                   fields=list(card.fields), has=_has)
        context = new_context(ctx)
        for name, value, where in self.card_vars:
            ctx[name] = _evaluate(value, context, where, card, self.deck)
        return context

    def _build(self, item: _Item, ctx: Context, card: Card | None) -> Item | None:
        if item.when is not True and not truthy(
                _evaluate(item.when, ctx, item.when_at, card, self.deck)):
            return None
        args = dict(item.static)
        convert = self._attr
        for attr, value, where in item.dynamic:
            args[attr] = convert(_evaluate(value, ctx, where, card, self.deck), where, card)
        if item.kind == "group":
            args["items"] = tuple(k for k in (self._item(c, ctx, card) for c in item.children)
                                  if k is not None)
        made = self.convert.make(item.kind, args, item.where, card)
        if item.kind == "text":
            self._check_icons(made, item.where, card)
        return made

    def _families(self, layout: Layout) -> dict[str, Family]:
        """The layout's font families, their files found beside the file that names them,
        then beside the card list."""
        from pnp.layout.cards import deck_folder

        deck_dir = deck_folder(self.deck)
        families = {}
        for name, spec, file, line in layout.fonts:
            folders = [str(Path(file).parent), *([str(deck_dir)] if deck_dir else [])]
            families[name.lower()] = load_family(name, spec, folders, (file, line))
        return families

    def _attr(self, value: Any, where: Where, card: Card | None) -> Any:
        """``Convert.attr``, with fonts also named from the layout's ``fonts:``."""
        if where.attr != "font":
            return self.convert.attr(value, where, card)
        family = parse_font(value, self.families)
        if family is not None:
            return family
        try:
            return self.convert.attr(value, where, card)
        except PnpError:
            names = [f.name + s for f in self.families.values()
                     for s in ("", "-Bold", "-Italic", "-BoldItalic")] + list(FONT_FILES)
            mine = ", ".join(f.name for f in self.families.values())
            listed = f"the layout's fonts: {mine}; " if mine else ""
            raise self.convert.fail(
                f"unknown font {value!r} ({listed}bundled: {', '.join(FONT_FILES)}; a font "
                f"file is named under fonts: in the layout)"
                f"{_did_you_mean(str(value).strip(), names)}", where, card) from None

    def _check_icons(self, box: TextBox, where: Where, card: Card | None) -> None:
        """A note for each ``:word:`` in the text that names no icon (a mistyped icon)."""
        known = self.convert.icons
        for name in sorted({m for m in _ICON_LIKE.findall(box.text) if m not in known}):
            listed = ", ".join(sorted(known)) if known else (
                "none: put NAME.png in an icons/ folder beside the card list, or name it "
                "under icons: in the layout")
            self.notes.append(
                f"warning: {card_label(card, self.deck)}item '{where.item}' text: unknown icon "
                f":{name}: printed as text (icons: {listed})"
                f"{_did_you_mean(name, known, ':')}")

    def take_notes(self) -> list[str]:
        """The warnings gathered since the last call (each once)."""
        notes, self.notes = list(dict.fromkeys(self.notes)), []
        return notes

    def _item(self, item: _Item, ctx: Context, card: Card | None) -> Item | None:
        if item.fixed is not _UNSET:
            return item.fixed
        return self._build(item, ctx, card)

    def drawing(self, card: Card, index: int) -> Drawing:
        """The face of one card (its expressions bounded in time: ``template_seconds``)."""
        token = start_timer()  # (time_bound, without a context manager's cost per face)
        try:
            return self._drawing(card, index)
        finally:
            stop_timer(token)

    def _drawing(self, card: Card, index: int) -> Drawing:
        ctx = self.context(card, index)
        items = tuple(x for x in (self._item(i, ctx, card) for i in self.items) if x is not None)
        return Drawing(self.width, self.height, items, bleed=self.bleed,
                       name=card.name or f"card {index}")


def card_size(layout: Layout, size: str | None) -> tuple[float, float]:
    """The card size: ``size`` when given (e.g. --size), else the layout's, else poker."""
    from pnp.layout.sizes import parse_card_size

    if size:
        return parse_card_size(size, field="size")
    try:
        return parse_card_size(layout.size or "poker", field="size")
    except PnpError as exc:
        raise PnpError(exc.message, file=layout.path, field="size") from None


def components(deck: Deck, layout: Layout, size: tuple[float, float], bleed: float,
               back: bool = True, memo: DrawingMemo | None = None) -> Iterator[Component]:
    """One Component per printed card (count > 0), built lazily: fronts, and backs when the
    layout names a back layout and ``back`` is true. With ``memo`` (kept by a watched render),
    a card laid out before with the same layout and columns is not laid out again."""
    with timer_handler():  # the faces' time bounds then only re-arm the timer
        yield from _components(deck, layout, size, bleed, back, memo)


def _components(deck: Deck, layout: Layout, size: tuple[float, float], bleed: float,
                back: bool, memo: DrawingMemo | None) -> Iterator[Component]:
    back_layout = load_layout(layout.back) if back and layout.back else None

    def renderers() -> tuple[Renderer, Renderer | None]:
        return (Renderer(layout, size, bleed, deck),
                Renderer(back_layout, size, bleed, deck) if back_layout else None)

    if memo is None:
        front, rear = renderers()
    else:
        # Everything a face depends on besides its card and its place in the deck: while it
        # stays the same, the renderers (and the items they share between cards, which the PDF
        # draws once as a form) are kept, and so are the faces of unchanged cards.
        setting = repr((layout, back_layout, size, bleed, deck.name, deck.source,
                        deck_icons(deck), _font_stamps((layout, back_layout), deck)))
        front, rear = memo.renderers(setting, renderers)
    back_items: dict[tuple, tuple] = {}
    for index, card in enumerate(deck.cards, 1):
        if card.count <= 0:
            continue
        comp = memo.get((card, index)) if memo is not None else None
        if comp is None:
            comp = Component(front=front.drawing(card, index),
                             back=rear.drawing(card, index) if rear else None,
                             count=card.count, name=card.name or f"card {index}",
                             meta=(("index", str(index)), *_notes(front, rear)))
            if memo is not None:
                memo.put((card, index), comp)
        face = comp.back
        if face is not None and len(back_items) < 64:
            # Most decks share a few backs: their items are kept once, however many cards
            # (imposition may hold every component of a deck at once).
            shared = back_items.setdefault(face.items, face.items)
            if shared is not face.items:
                comp = replace(comp, back=replace(face, items=shared))
        yield comp


def _font_stamps(layouts: Iterable[Layout | None], deck: Deck) -> list[tuple[str, int, int]]:
    """Path, time and size of every file the layouts' fonts: may name: an edited font file
    makes new renderers (which read it again) in a watched render."""
    from pnp.layout.cards import deck_folder

    deck_dir = deck_folder(deck)
    out = []
    for layout in layouts:
        for _, spec, file, _ in layout.fonts if layout is not None else ():
            refs = spec.values() if isinstance(spec, dict) else [spec]
            for ref in (str(r) for r in refs if isinstance(r, str)):
                for folder in (Path(file).parent, deck_dir):
                    path = Path(folder) / ref if folder is not None else None
                    if path is not None and path.is_file():
                        st = path.stat()
                        out.append((str(path), st.st_mtime_ns, st.st_size))
    return out


def _notes(front: Renderer, rear: Renderer | None) -> Iterator[tuple[str, str]]:
    """The warnings of the card just drawn, as ``Component.meta`` entries."""
    for renderer in (front, rear):
        if renderer is not None:
            for note in renderer.take_notes():
                yield ("warning", note)


def text_boxes(items: tuple[Item, ...]) -> Iterator[TextBox]:
    """Every TextBox in a drawing's items, groups included."""
    for item in items:
        if isinstance(item, TextBox):
            yield item
        elif isinstance(item, Group):
            yield from text_boxes(item.items)


def overflowing(drawing: Drawing) -> list[str]:
    """The texts of the boxes whose text does not fit even at their minimum size."""
    from pnp.layout.text import fit_text

    return [box.text for box in text_boxes(drawing.items) if fit_text(box).overflow]


def missing_glyphs(drawing: Drawing) -> str:
    """Characters (sorted, once each) that the drawing's text uses and its fonts cannot draw."""
    from pnp.layout.text import fit_text

    return "".join(sorted({c for box in text_boxes(drawing.items) for c in fit_text(box).missing}))


def describe(value: Any) -> Any:
    """A drawing (or any primitive) as plain JSON-ready data, for golden files."""
    if isinstance(value, (Align, VAlign)):
        return value.value
    if hasattr(value, "__dataclass_fields__"):
        out = {"type": type(value).__name__}
        # a field kept out of repr (a group's label) is not part of what is drawn
        out.update({k: describe(getattr(value, k))
                    for k, f in value.__dataclass_fields__.items() if f.repr})
        return out
    if isinstance(value, (tuple, list)):
        return [describe(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    return value


def game_layout(folder: str, name: str, layouts: str | Path | None = None) -> Layout:
    """Layout ``name`` from the folder ``layouts`` a designer gave, else from the bundled
    templates/``folder``/ (a game's cards and tiles)."""
    from pnp.resources import template

    path = Path(layouts) / name if layouts is not None else template(f"{folder}/{name}")
    if not path.is_file():
        raise PnpError("no such layout file", file=str(path), field="layouts")
    return load_layout(path)


def layout_cards(layout: Layout, cards: Iterable[Card], size: tuple[float, float],
                 bleed: float, deck: str) -> list[Component]:
    """Every card drawn by ``layout`` (front, and the back its ``back:`` names)."""
    return list(components(Deck(deck, tuple(cards)), layout, size, bleed))


def fill_empty_group(drawing: Drawing, items: Sequence[Item], layout: Layout, slot: str,
                     what: str, name: str | None = None) -> Drawing:
    """``drawing`` with the layout's first empty group (the ``slot`` a designer placed, e.g.
    ``- id: maze`` / ``group: {items: []}``) holding ``items`` drawn by code: the layout sets
    where and how large, the game draws the geometry. PnpError if there is no such group."""
    out: list[Item] = []
    placed = False
    for item in drawing.items:
        if isinstance(item, Group) and not item.items and not placed:
            item, placed = replace(item, items=tuple(items)), True
        out.append(item)
    if not placed and items:
        raise PnpError(f"the layout has no empty group where the {what} go (an item such as "
                       f"`- id: {slot}` / `group: {{items: []}}`)", file=layout.path, field=slot)
    return replace(drawing, items=tuple(out), name=drawing.name if name is None else name)
