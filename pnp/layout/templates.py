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

import hashlib
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from jinja2 import StrictUndefined, TemplateError, Undefined, meta, pass_context
from jinja2.runtime import Context
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.cards import field_key
from pnp.layout.colours import is_colour, parse_colour
from pnp.layout.layouts import Layout, load_layout  # noqa: F401  (re-exported)
from pnp.layout.draw import (Align, Circle, Component, Drawing, Group, Image, Item, Path as
                             PathItem, Rect, TextBox, VAlign)

FONTS = ("Vera", "Vera-Bold", "Vera-Italic", "Vera-BoldItalic")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg", ".gif", ".webp", ".bmp", ".tif", ".tiff")
GLOBAL_NAMES = frozenset({"width", "height", "bleed", "deck"})  # the same for every card
_NUM = {"x", "y", "w", "h", "cx", "cy", "r", "size", "min_size", "leading", "rotate",
        "stroke_width", "radius", "dx", "dy"}
_COLOURS = {"fill", "stroke", "colour"}
SHAPES: dict[str, tuple[type, set[str]]] = {
    "rect": (Rect, {"x", "y", "w", "h", "fill", "stroke", "stroke_width", "radius"}),
    "circle": (Circle, {"cx", "cy", "r", "fill", "stroke", "stroke_width"}),
    "path": (PathItem, {"points", "closed", "fill", "stroke", "stroke_width", "dash"}),
    "text": (TextBox, {"x", "y", "w", "h", "text", "size", "min_size", "font", "colour",
                       "align", "valign", "leading", "rotate"}),
    "image": (Image, {"x", "y", "w", "h", "path"}),
    "group": (Group, {"items", "dx", "dy", "rotate", "mirror", "clip"}),
}
_SINGLE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)
_ICON_REF = re.compile(r":([A-Za-z0-9_][A-Za-z0-9_.\-]*):")
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
    r, g, b = (round(255 * (c + (o - c) * t)) for c, o in zip(rgba[:3], other))
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


def _env() -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                               lstrip_blocks=True)
    env.filters.update(palette=_palette, without=_without,
                       lighten=lambda c, t=0.5: _mix(c, (1.0, 1.0, 1.0), t),
                       darken=lambda c, t=0.5: _mix(c, (0.0, 0.0, 0.0), t))
    env.tests["image"] = lambda v: str(v).strip().lower().endswith(IMAGE_SUFFIXES)
    return env


ENV = _env()


# ---------------------------------------------------------------- compiling expressions

@dataclass(frozen=True)
class _Where:
    """Where a value was written, for error messages."""

    file: str
    line: int | None
    item: str
    attr: str


class _Expr:
    """A compiled Jinja2 value: ``fn(ctx)`` gives the value; ``deps`` are the names it reads."""

    __slots__ = ("fn", "deps", "src")

    def __init__(self, fn: Callable[[dict[str, Any]], Any], deps: frozenset[str], src: str):
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
    return (lambda ctx: ENV.concat(render(ctx))), deps


def _compile(value: Any, where: _Where) -> Any:
    """A YAML value -> a constant, an ``_Expr`` or a ``_Seq``."""
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        try:
            fn, deps = _compile_src(value)
        except TemplateError as exc:
            raise PnpError(f"bad Jinja2 expression {value!r}: {exc}", file=where.file,
                           line=where.line, field=where.attr) from None
        return _Expr(fn, deps, value)
    if isinstance(value, list):
        parts = [_compile(v, where) for v in value]
        return _Seq(parts) if any(isinstance(p, (_Expr, _Seq)) for p in parts) else parts
    return value


def _card_label(card: Card | None, deck: Deck) -> str:
    if card is None:
        return ""
    where = f" ({Path(deck.source).name}:{card.line})" if deck.source and card.line else ""
    return f"card '{card.name}'{where}: "


def _evaluate(value: Any, ctx: Context, where: _Where, card: Card | None,
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
        return result
    except UndefinedError as exc:
        if "unsafe" in str(exc):  # the sandbox answers forbidden attributes with Undefined
            raise PnpError(f"not allowed in a layout: {exc}", file=where.file, line=where.line,
                           field=where.attr) from None
        m = re.search(r"'([^']+)' is undefined|has no attribute '([^']+)'", str(exc))
        name = (m.group(1) or m.group(2)) if m else "?"
        raise PnpError(f"{_card_label(card, deck)}the layout uses '{name}' but the card list has "
                       f"no such column (item '{where.item}', {where.attr})", file=where.file,
                       line=where.line, field=name) from None
    except SecurityError as exc:
        raise PnpError(f"not allowed in a layout: {exc}", file=where.file, line=where.line,
                       field=where.attr) from None
    except PnpError:
        raise
    except Exception as exc:  # a TypeError in a designer's expression, a bad filter argument
        raise PnpError(f"{_card_label(card, deck)}cannot evaluate {value.src!r}: {exc}",
                       file=where.file, line=where.line, field=where.attr) from None


# ---------------------------------------------------------------- converting values

_FONT_ALIASES = {f.lower(): f for f in FONTS} | {"regular": "Vera", "bold": "Vera-Bold",
                                                 "italic": "Vera-Italic",
                                                 "bolditalic": "Vera-BoldItalic",
                                                 "bold-italic": "Vera-BoldItalic"}
_FALSE = {"", "false", "0", "no", "none", "off"}


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in _FALSE
    return bool(value)


class _Convert:
    """Turns evaluated YAML/Jinja values into drawing-primitive arguments, with clear errors."""

    def __init__(self, deck: Deck, icons: dict[str, str]):
        self.deck = deck
        self.deck_dir = Path(deck.source).parent if deck.source else None
        self.icons = icons

    def fail(self, msg: str, where: _Where, card: Card | None) -> PnpError:
        return PnpError(f"{_card_label(card, self.deck)}{msg} (item '{where.item}')",
                        file=where.file, line=where.line, field=where.attr)

    def number(self, value: Any, where: _Where, card: Card | None) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        text = str(value).strip()
        try:
            if where.attr in ("size", "min_size", "leading", "rotate"):
                return float(text)
            from pnp.layout.sizes import parse_length

            return parse_length(text)
        except (ValueError, PnpError):
            raise self.fail(f"expected a number, got {text!r}", where, card) from None

    def colour(self, value: Any, where: _Where, card: Card | None) -> str | None:
        if value is None or str(value).strip().lower() in ("", "none"):
            return None
        text = str(value).strip()
        try:
            parse_colour(text)
        except PnpError as exc:
            raise self.fail(exc.message, where, card) from None
        return text

    def image(self, value: Any, where: _Where, card: Card | None) -> str | None:
        text = str(value).strip()
        if not text:
            return None
        p = Path(text)
        candidates = [p] if p.is_absolute() else [
            *([self.deck_dir / p] if self.deck_dir else []), Path(where.file).parent / p]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise self.fail(f"image {text!r} not found (looked in "
                            f"{', '.join(str(c.parent) for c in candidates)})", where, card)
        problem = check_image(str(found))
        if problem:
            raise self.fail(f"cannot read image {text!r}: {problem}", where, card)
        return str(found)

    def text_icons(self, text: str, where: _Where, card: Card | None) -> tuple[tuple[str, str], ...]:
        used = sorted({m for m in _ICON_REF.findall(text) if m in self.icons})
        for name in used:
            value = self.icons[name]
            if not is_colour(value):
                problem = check_image(value)
                if problem:
                    raise self.fail(f"icon :{name}: image {value!r}: {problem}", where, card)
        return tuple((name, self.icons[name]) for name in used)

    def attr(self, value: Any, w: _Where, card: Card | None) -> Any:
        """One attribute value -> what the primitive takes (None for an image without path)."""
        attr = w.attr
        if attr in _NUM:
            if type(value) is float:  # the common case, straight from an expression
                return value
            return self.number(value, w, card)
        if attr in _COLOURS:
            return self.colour(value, w, card)
        if attr in ("closed", "mirror"):
            return _truthy(value)
        if attr in ("points", "clip"):
            return self.points(value, w, card)
        if attr == "dash":
            return tuple(self.number(v, w, card) for v in (value or ()))
        if attr == "text":
            return "" if value is None else str(value).strip()
        if attr == "font":
            font = _FONT_ALIASES.get(str(value).strip().lower())
            if font is None:
                raise self.fail(f"unknown font {value!r} (bundled: {', '.join(FONTS)})", w, card)
            return font
        if attr in ("align", "valign"):
            enum = Align if attr == "align" else VAlign
            try:
                return enum(str(value).strip().lower())
            except ValueError:
                options = ", ".join(e.value for e in enum)
                raise self.fail(f"expected one of {options}, got {value!r}", w, card) from None
        if attr == "path":
            return self.image(value, w, card)
        return value

    def make(self, kind: str, args: dict[str, Any], where: _Where, card: Card | None) -> Any:
        """Converted keyword arguments -> one primitive (None when an image has no path)."""
        if kind == "image" and "path" in args and args["path"] is None:
            return None
        if kind == "text":
            if args.get("colour") is None:
                args.pop("colour", None)
            args["icons"] = self.text_icons(args.get("text", ""), where, card)
        if kind == "image":
            missing = {"x", "y", "w", "h", "path"} - set(args)
            if missing:
                raise self.fail(f"an image needs {', '.join(sorted(missing))}", where, card)
        try:
            return SHAPES[kind][0](**args)
        except TypeError as exc:
            raise self.fail(f"incomplete {kind}: {exc}", where, card) from None

    def points(self, value: Any, where: _Where, card: Card | None) -> tuple[tuple[float, float], ...]:
        try:
            pts = tuple((self.number(p[0], where, card), self.number(p[1], where, card))
                        for p in value)
        except (TypeError, IndexError, KeyError):
            raise self.fail("expected a list of [x, y] points", where, card) from None
        return pts


@lru_cache(maxsize=256)
def check_image(path: str) -> str:
    """'' when the file is a readable image (PNG/JPEG/... via Pillow, or an SVG), else why not."""
    try:
        if path.lower().endswith(".svg"):
            import xml.etree.ElementTree as ET

            root = ET.parse(path).getroot()
            return "" if root.tag.endswith("svg") else "not an SVG file"
        from PIL import Image as PILImage

        with PILImage.open(path) as im:
            im.verify()
        return ""
    except Exception as exc:  # Pillow raises several types for broken files
        return str(exc) or type(exc).__name__


# ---------------------------------------------------------------- rendering cards

_ITEM_KEYS = {"id", "when", "remove", "__file__", "__line__"}
_UNSET = object()


class _Item:
    """One compiled layout item: arguments already converted (``static``), arguments to
    evaluate per card (``dynamic``), and ``fixed``, the primitive itself when nothing in it
    depends on the card."""

    __slots__ = ("kind", "where", "when", "static", "dynamic", "children", "fixed", "when_at")

    def __init__(self, kind: str, where: _Where, when: Any, static: dict[str, Any],
                 dynamic: list[tuple[str, Any, _Where]], children: list["_Item"]):
        self.kind, self.where, self.when = kind, where, when
        self.static, self.dynamic, self.children = static, dynamic, children
        self.fixed: Any = _UNSET
        self.when_at = _Where(where.file, where.line, where.item, "when")


def deck_icons(deck: Deck) -> dict[str, str]:
    """Images in an ``icons/`` folder next to the card list, by file stem (``:fuel:``)."""
    if not deck.source:
        return {}
    folder = Path(deck.source).parent / "icons"
    if not folder.is_dir():
        return {}
    return {p.stem: str(p) for p in sorted(folder.iterdir())
            if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()}


class Renderer:
    """A layout bound to a card size, bleed and deck: ``drawing(card, index)`` per card."""

    def __init__(self, layout: Layout, size: tuple[float, float], bleed: float, deck: Deck):
        self.layout, self.deck = layout, deck
        self.width, self.height = float(size[0]), float(size[1])
        self.bleed = float(bleed)
        icons = dict(layout.icons)
        icons.update(deck_icons(deck))  # the deck's own icons win over the layout's
        self.convert = _Convert(deck, icons)
        self.globals: dict[str, Any] = {"width": self.width, "height": self.height,
                                        "bleed": self.bleed, "deck": deck.name}
        self.known = set(GLOBAL_NAMES)
        self._global_ctx = new_context(self.globals)
        self.card_vars: list[tuple[str, Any, _Where]] = []
        for name, raw, file, line in layout.vars:
            where = _Where(file, line, "vars", name)
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
        dynamic: list[tuple[str, Any, _Where]] = []
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
            where = _Where(file, line, label, attr)
            value = self._fold(_compile(value, where), where)
            if isinstance(value, (_Expr, _Seq)):
                dynamic.append((attr, value, where))
            else:
                static[attr] = self.convert.attr(value, where, None)
        where = _Where(file, line, label, "when")
        when = self._fold(_compile(raw.get("when", True), where), where)
        item = _Item(kind, _Where(file, line, label, kind), when, static, dynamic, children)
        if not isinstance(when, (_Expr, _Seq)) and not dynamic and all(
                c.fixed is not _UNSET for c in children):
            item.fixed = self._build(item, self._global_ctx, None)
        return item

    def _fold(self, value: Any, where: _Where) -> Any:
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
        if item.when is not True and not _truthy(
                _evaluate(item.when, ctx, item.when_at, card, self.deck)):
            return None
        args = dict(item.static)
        convert = self.convert.attr
        for attr, value, where in item.dynamic:
            args[attr] = convert(_evaluate(value, ctx, where, card, self.deck), where, card)
        if item.kind == "group":
            args["items"] = tuple(k for k in (self._item(c, ctx, card) for c in item.children)
                                  if k is not None)
        return self.convert.make(item.kind, args, item.where, card)

    def _item(self, item: _Item, ctx: Context, card: Card) -> Item | None:
        if item.fixed is not _UNSET:
            return item.fixed
        return self._build(item, ctx, card)

    def drawing(self, card: Card, index: int) -> Drawing:
        """The face of one card."""
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
               back: bool = True) -> Iterator[Component]:
    """One Component per printed card (count > 0), built lazily: fronts, and backs when the
    layout names a back layout and ``back`` is true."""
    front = Renderer(layout, size, bleed, deck)
    rear = Renderer(load_layout(layout.back), size, bleed, deck) if back and layout.back else None
    back_items: dict[tuple, tuple] = {}
    for index, card in enumerate(deck.cards, 1):
        if card.count <= 0:
            continue
        back = rear.drawing(card, index) if rear else None
        if back is not None and len(back_items) < 64:
            # Most decks share a few backs: their items are kept once, however many cards
            # (imposition may hold every component of a deck at once).
            shared = back_items.setdefault(back.items, back.items)
            if shared is not back.items:
                back = replace(back, items=shared)
        yield Component(front=front.drawing(card, index), back=back,
                        count=card.count, name=card.name or f"card {index}",
                        meta=(("index", str(index)),))


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


def describe(value: Any) -> Any:
    """A drawing (or any primitive) as plain JSON-ready data, for golden files."""
    if isinstance(value, (Align, VAlign)):
        return value.value
    if hasattr(value, "__dataclass_fields__"):
        out = {"type": type(value).__name__}
        out.update({k: describe(getattr(value, k)) for k in value.__dataclass_fields__})
        return out
    if isinstance(value, (tuple, list)):
        return [describe(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    return value
