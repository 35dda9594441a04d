"""The `pnp render` pipeline: a deck and a layout -> print PDF, SVG/PNG per face, TTS, manifest.

Drawings are generated lazily and never all held: a first pass over the deck writes one SVG and
one PNG per distinct face (faces are recognised by a digest, so 10,000 cards keep only 10,000
digests) and collects text-overflow warnings; a second pass streams the cards through
imposition into the PDF writer.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterator

from pnp import __version__
from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing
from pnp.layout.templates import Layout, Renderer, components, load_layout, overflowing
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


def _where(card: Card, deck: Deck) -> str:
    from pathlib import Path

    return f" ({Path(deck.source).name}:{card.line})" if deck.source and card.line else ""


@dataclass
class Summary:
    """What a render wrote, for the command's closing line and the manifest."""

    cards: int = 0
    copies: int = 0
    fronts: int = 0
    backs: int = 0
    pages: int = 0
    warnings: int = 0


def render_deck(deck: Deck, layout: Layout, opts: RenderOptions, out: Output,
                warn: Callable[[str], None]) -> Summary:
    """Write the formats in ``opts`` for ``deck`` into ``out`` (not committed here)."""
    if deck.copies == 0:
        raise PnpError("no cards to print (the card list is empty or every count is 0)",
                       file=deck.source or None)
    summary = Summary(cards=sum(1 for c in deck.cards if c.count > 0), copies=deck.copies)
    cards = {i: c for i, c in enumerate(deck.cards, 1)}
    width = max(3, len(str(len(deck.cards))))

    def stream() -> Iterator[Component]:
        return components(deck, layout, opts.size, opts.bleed)

    # Pass 1: distinct faces -> SVG/PNG files; overflow warnings; every layout error surfaces
    # here, before the (longer) PDF pass.
    seen: set[bytes] = set()
    for comp in stream():
        index = int(dict(comp.meta)["index"])
        card = cards[index]
        for face, is_back in ((comp.front, False), (comp.back, True)):
            if face is None:
                continue
            digest = face_digest(face)
            if digest in seen:
                continue
            seen.add(digest)
            for text in overflowing(face):
                summary.warnings += 1
                short = " ".join(text.split())
                short = short if len(short) <= 40 else short[:39] + "…"
                warn(f"warning: card '{card.name}'{_where(card, deck)}: {'back ' if is_back else ''}"
                     f"text does not fit even at its smallest size: \"{short}\"")
            if is_back:
                summary.backs += 1
                stem = f"back-{index:0{width}d}-{slug(card.back or deck.name, 'back')}"
            else:
                summary.fronts += 1
                stem = f"{index:0{width}d}-{slug(card.name)}"
            if "svg" in opts.formats:
                from pnp.layout.svg import write_svg

                write_svg(face, out.path(f"svg/{stem}.svg", "svg"))
            if "png" in opts.formats:
                from pnp.layout.raster import drawing_to_png

                out.write_bytes(f"png/{stem}.png", drawing_to_png(face, opts.dpi), "png")

    footer = footer_text(deck, opts.seed_code)
    if "pdf" in opts.formats:
        from pnp.layout.impose import nup
        from pnp.layout.pdf import write_pdf

        pages = nup(stream(), opts.page, bleed=opts.bleed, crop_marks=opts.crop_marks,
                    duplex=opts.duplex, back_offset=opts.back_offset, footer=footer,
                    safe_zone_guide=opts.safe_zone_guide)
        summary.pages = write_pdf(pages, out.path(f"{opts.stem}.pdf", "pdf"), title=deck.name)
    if opts.print_shop:
        from pnp.layout.impose import print_shop_pages
        from pnp.layout.pdf import write_pdf

        one_up = (p for comp in stream() for p in print_shop_pages([comp], opts.bleed))
        write_pdf(one_up, out.path(f"{opts.stem}-print-shop.pdf", "pdf"), title=deck.name,
                  print_shop=True)
    if "tts" in opts.formats:
        _write_tts(deck, stream, opts, out)
    return summary


def _write_tts(deck: Deck, stream: Callable[[], Iterator[Component]], opts: RenderOptions,
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


__all__ = ["FORMATS", "RenderOptions", "Renderer", "Summary", "face_digest", "footer_text",
           "load_for_render", "parse_formats", "render_deck", "slug"]
