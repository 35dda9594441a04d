"""The `pnp render` pipeline: a deck and a layout -> print PDF, SVG/PNG per face, TTS, manifest.

Drawings are generated lazily and never all held: a first pass over the deck writes one SVG and
one PNG per distinct face (faces are recognised by a digest, so 10,000 cards keep only 10,000
digests), writes the boards (components too large for the page) tiled and whole, and collects
warnings; a second pass streams the cards through imposition into the PDF writer.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from pnp import __version__
from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.convert import card_label
from pnp.layout.draw import Component, Drawing
from pnp.layout.impose import MIN_MARGIN, fit_grid, nup, poster, print_shop_pages
from pnp.layout.pdf import write_pdf
from pnp.layout.templates import Layout, components, load_layout, missing_glyphs, overflowing
from pnp.output import Output

FORMATS = ("pdf", "svg", "png", "tts")


@dataclass(frozen=True)
class RenderOptions:
    """Everything `pnp render` decides besides the deck and the layout (lengths in mm)."""

    size: tuple[float, float]
    page: tuple[float, float] = (210.0, 297.0)
    bleed: float = 3.0
    crop_marks: bool = True
    safe_zone_guide: bool = False
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    formats: tuple[str, ...] = FORMATS
    dpi: float = 300.0
    print_shop: bool = False
    seed_code: str | None = None
    stem: str = "deck"
    tts_url: str = ""  # prefix of the sheet names in the TTS JSON (where they will be hosted)
    overlap: float = 10.0  # shared strip between neighbouring pages of a tiled board


def parse_formats(text: str) -> tuple[str, ...]:
    """'pdf,svg' -> ('pdf', 'svg') in the canonical order; unknown names are a PnpError."""
    wanted = {f.strip().lower() for f in str(text).split(",") if f.strip()}
    unknown = sorted(wanted - set(FORMATS))
    if unknown or not wanted:
        raise PnpError(f"unknown format {', '.join(unknown) or '(none)'} "
                       f"(use a comma-separated list of {', '.join(FORMATS)})", field="formats")
    return tuple(f for f in FORMATS if f in wanted)


def slug(text: str, fallback: str = "card", limit: int = 40) -> str:
    """A file-name-safe ASCII slug: 'Café Racer "Seat"' -> 'cafe-racer-seat'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:limit].strip("-")
    return s or fallback


def face_digest(drawing: Drawing) -> bytes:
    """Identifies what a face looks like (its name is left out: two backs that look alike are
    one back)."""
    key = repr((drawing.width, drawing.height, drawing.bleed, drawing.outline, drawing.items))
    return hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()


def footer_text(deck: Deck, seed_code: str | None) -> str:
    """The page footer: deck name, seed code when there is one, and the pnp version."""
    parts = [deck.name] if deck.name else []
    if seed_code:
        parts.append(f"seed {seed_code}")
    parts.append(f"pnp {__version__}")
    return " · ".join(parts)


@dataclass
class Summary:
    """What a render wrote, for the command's closing line and the manifest."""

    cards: int = 0
    copies: int = 0
    fronts: int = 0
    backs: int = 0
    pages: int = 0
    boards: int = 0     # components too large for the page: tiled, and written whole
    warnings: int = 0


def fits_page(face: Drawing, opts: RenderOptions) -> bool:
    """Whether a face goes n-up on the print pages; if not it is a board, tiled as a poster."""
    return _fits((face.width, face.height), opts.page, opts.bleed)


@lru_cache(maxsize=64)
def _fits(size: tuple[float, float], page: tuple[float, float], bleed: float) -> bool:
    return fit_grid(size, page, MIN_MARGIN, bleed) is not None


def render_deck(deck: Deck, layout: Layout, opts: RenderOptions, out: Output,
                warn: Callable[[str], None]) -> Summary:
    """Write the formats in ``opts`` for ``deck`` into ``out`` (not committed here).

    Components that fit the page go n-up on ``<stem>.pdf``; each larger one (a board) is tiled
    at true scale into ``boards/<NNN>-<name>-tiled.pdf`` and every distinct face of it is also
    written whole as ``boards/<face>.pdf`` (one page of the real size, with bleed).
    """
    if deck.copies == 0:
        raise PnpError("no cards to print (the card list is empty or every count is 0)",
                       file=deck.source or None)
    summary = Summary(cards=sum(1 for c in deck.cards if c.count > 0), copies=deck.copies)
    width = max(3, len(str(len(deck.cards))))
    footer = footer_text(deck, opts.seed_code)

    def stream() -> Iterator[Component]:
        return components(deck, layout, opts.size, opts.bleed)

    def fitting() -> Iterator[Component]:
        return (c for c in stream() if fits_page(c.front, opts))

    # Pass 1: distinct faces -> SVG/PNG files; boards -> their PDFs; warnings; every layout
    # error surfaces here, before the (longer) PDF pass.
    seen: set[bytes] = set()
    any_fit = False
    for comp in stream():
        index = int(dict(comp.meta)["index"])
        card = deck.cards[index - 1]
        board = not fits_page(comp.front, opts)
        any_fit = any_fit or not board
        if board:
            summary.boards += 1
            if "pdf" in opts.formats:
                _write_tiled(comp, f"boards/{index:0{width}d}-{slug(card.name)}-tiled.pdf",
                             opts, footer, out)
        for face, is_back in ((comp.front, False), (comp.back, True)):
            if face is None:
                continue
            digest = face_digest(face)
            if digest in seen:
                continue
            seen.add(digest)
            summary.warnings += _warn_face(face, card, deck, is_back, warn)
            if is_back:
                summary.backs += 1
                stem = f"back-{index:0{width}d}-{slug(card.back or deck.name, 'back')}"
            else:
                summary.fronts += 1
                stem = f"{index:0{width}d}-{slug(card.name)}"
            _write_face(face, stem, opts, out, whole_pdf=board)

    if "pdf" in opts.formats and any_fit:
        pages = nup(fitting(), opts.page, bleed=opts.bleed, crop_marks=opts.crop_marks,
                    duplex=opts.duplex, back_offset=opts.back_offset, footer=footer,
                    safe_zone_guide=opts.safe_zone_guide)
        summary.pages = write_pdf(pages, out.path(f"{opts.stem}.pdf", "pdf"), title=deck.name)
    if opts.print_shop:
        one_up = (p for comp in stream() for p in print_shop_pages([comp], opts.bleed))
        write_pdf(one_up, out.path(f"{opts.stem}-print-shop.pdf", "pdf"), title=deck.name,
                  print_shop=True)
    if "tts" in opts.formats and any_fit:
        _write_tts(fitting, opts, out)
    return summary


def _warn_face(face: Drawing, card: Card, deck: Deck, is_back: bool,
               warn: Callable[[str], None]) -> int:
    """Warn about text that overflows or that the fonts cannot draw; returns the warning count."""
    where = f"{card_label(card, deck)}{'back ' if is_back else ''}text"
    lines = []
    for text in overflowing(face):
        short = " ".join(text.split())
        short = short if len(short) <= 40 else short[:39] + "…"
        lines.append(f"warning: {where} does not fit even at its smallest size: \"{short}\"")
    missing = missing_glyphs(face)
    if missing:
        lines.append(f"warning: {where} uses characters the bundled fonts cannot draw (printed "
                     f"as boxes): {' '.join(missing)}")
    for line in lines:
        warn(line)
    return len(lines)


def _write_face(face: Drawing, stem: str, opts: RenderOptions, out: Output, *,
                whole_pdf: bool) -> None:
    """The SVG and PNG of one distinct face, and for a board face its true-size one-page PDF."""
    if "svg" in opts.formats:
        from pnp.layout.svg import write_svg

        write_svg(face, out.path(f"svg/{stem}.svg", "svg"))
    if "png" in opts.formats:
        from pnp.layout.raster import drawing_to_png

        out.write_bytes(f"png/{stem}.png", drawing_to_png(face, opts.dpi), "png")
    if whole_pdf and "pdf" in opts.formats:
        write_pdf([face], out.path(f"boards/{stem}.pdf", "board-pdf"), title=face.name,
                  print_shop=True)


def _write_tiled(comp: Component, rel: str, opts: RenderOptions, footer: str,
                 out: Output) -> None:
    """A board tiled over pages at true scale: the front's tiles, then the back's."""
    pages = [p for face in (comp.front, comp.back) if face is not None
             for p in poster(face, opts.page, overlap=opts.overlap, footer=footer)]
    write_pdf(pages, out.path(rel, "board-tiles"), title=comp.name)


def _write_tts(stream: Callable[[], Iterator[Component]], opts: RenderOptions,
               out: Output) -> None:
    from pnp.layout.tts import tts_deck

    result = tts_deck(stream(), name=opts.stem, url_prefix=opts.tts_url)
    for fname in sorted(result.files):
        kind = "tts-json" if fname == result.json_name else "tts-sheet"
        out.write_bytes(f"tts/{fname}", result.files[fname], kind)


def load_for_render(layout_path: str | None) -> Layout:
    """The designer's layout, or the built-in default."""
    from pnp.resources import template

    return load_layout(layout_path or template("default/card.yaml"))


__all__ = ["FORMATS", "RenderOptions", "Summary", "face_digest", "footer_text",
           "fits_page", "load_for_render", "parse_formats", "render_deck", "slug"]
