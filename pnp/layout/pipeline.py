"""The `pnp render` pipeline: a deck and a layout -> print PDF, SVG/PNG per face, TTS, manifest.

Drawings are generated lazily and never all held: one pass over the deck lays out each card once
and sends it everywhere it goes: warnings, boards (components too large for the page: tiled and
whole), the distinct faces (recognised by a digest of what they draw, so 10,000 cards keep only
10,000 digests) to the face runner for their SVG, PNG and Tabletop Simulator picture, and the
n-up imposition into the PDF writer.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp import __version__
from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.convert import card_label
from pnp.layout.draw import Component, Drawing
from pnp.layout.facecache import FaceCache
from pnp.layout.faces import BATCH, FaceFiles, FaceJob, FaceRunner
from pnp.layout.impose import (
    MIN_MARGIN,
    PRINTER_MARGIN,
    fit_grid,
    nup,
    poster,
    print_shop_pages,
)
from pnp.layout.pdf import PdfWriter, write_pdf
from pnp.layout.templates import Layout, components, load_layout, missing_glyphs, overflowing
from pnp.layout.tts import (
    SheetJob,
    TTSBuilder,
    compose_sheet,
    face_key,
    plain_back,
    saved_object_json,
)
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
    jobs: int | None = None  # processes for rasterising (None: every core)
    cmyk: bool = False
    printer_margin: float = PRINTER_MARGIN  # no mark or footer closer to the sheet edge
    gutter: float | None = None  # space between cards (None: bleed between them or shared cuts)


def parse_formats(text: str) -> tuple[str, ...]:
    """'pdf,svg' -> ('pdf', 'svg') in the canonical order; unknown names are a PnpError."""
    wanted = {f.strip().lower() for f in str(text).split(",") if f.strip()}
    unknown = sorted(wanted - set(FORMATS))
    if unknown or not wanted:
        raise PnpError(f"unknown format {', '.join(unknown) or '(none)'} "
                       f"(use a comma-separated list of {', '.join(FORMATS)})", field="formats")
    return tuple(f for f in FORMATS if f in wanted)


def without_markup(text: str) -> str:
    """A card name as words, for file names and lists: 'Scrap <i>Golem</i>' -> 'Scrap Golem'."""
    from pnp.layout.markup import parse, plain

    return plain(parse(text, {}, 10.0)) if "<" in text else text


def slug(text: str, fallback: str = "card", limit: int = 40) -> str:
    """A file-name-safe ASCII slug: 'Café Racer "Seat"' -> 'cafe-racer-seat'; markup tags are
    left out ('Scrap <i>Golem</i>' -> 'scrap-golem')."""
    ascii_text = unicodedata.normalize("NFKD", without_markup(text)).encode(
        "ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:limit].strip("-")
    return s or fallback


face_digest = face_key  # what a face draws: two backs that look alike are one back
RECENT_PICTURES = 128   # TTS pictures kept for faces that may be needed again (packed: ~4 MB)


def footer_text(deck: Deck, seed_code: str | None) -> str:
    """The page footer: deck name, seed code when there is one, and the pnp version."""
    parts = [deck.name] if deck.name else []
    if seed_code:
        parts.append(f"seed {seed_code}")
    parts.append(f"pnp {__version__}")
    return " · ".join(parts)


@dataclass
class FaceEntry:
    """One distinct face as written: its file stem (``svg/<stem>.svg``, ``png/<stem>.png``),
    the cards that show it and their copies (for the preview)."""

    stem: str
    back: bool
    cards: list[str]
    copies: int
    board: bool = False


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
    faces: list[FaceEntry] | None = None  # every distinct face, when the render keeps a cache
    painted: int = 0    # face files painted (the others came from the cache)


def fits_page(face: Drawing, opts: RenderOptions) -> bool:
    """Whether a face goes n-up on the print pages; if not it is a board, tiled as a poster."""
    return _fits((face.width, face.height), opts.page, opts.bleed, opts.gutter)


@lru_cache(maxsize=64)
def _fits(size: tuple[float, float], page: tuple[float, float], bleed: float,
          gutter: float | None) -> bool:
    return fit_grid(size, page, MIN_MARGIN, bleed, gutter=gutter) is not None


def render_deck(deck: Deck, layout: Layout, opts: RenderOptions, out: Output,
                warn: Callable[[str], None],
                progress: Callable[[int, int], None] | None = None,
                cache: FaceCache | None = None) -> Summary:
    """Write the formats in ``opts`` for ``deck`` into ``out`` (not committed here).

    Components that fit the page go n-up on ``<stem>.pdf``; each larger one (a board) is tiled
    at true scale into ``boards/<NNN>-<name>-tiled.pdf`` and every distinct face of it is also
    written whole as ``boards/<face>.pdf`` (one page of the real size, with bleed).
    ``progress(done, total)`` is told of every card laid out. With ``cache`` (a watched
    render), cards and faces that did not change since the last render are taken from it.
    """
    if deck.copies == 0:
        raise PnpError("no cards to print (the card list is empty or every count is 0)",
                       file=deck.source or None)
    if cache is not None:
        cache.begin()
    with FaceRunner(opts.jobs) as runner:
        summary = _Render(deck, opts, out, warn, runner, cache).run(layout, progress)
    if cache is not None:
        cache.prune()
    return summary


class _Render:
    """One pass over the deck: each card is laid out once and goes to every format from there.

    Distinct faces (by what they draw) are sent in batches to the face runner for their SVG, PNG
    and Tabletop Simulator picture; the results come back in order and are written as they come.
    """

    def __init__(self, deck: Deck, opts: RenderOptions, out: Output,
                 warn: Callable[[str], None], runner: FaceRunner, cache: FaceCache | None):
        self.deck, self.opts, self.out, self.warn, self.runner = deck, opts, out, warn, runner
        self.cache = cache
        self.summary = Summary(cards=sum(1 for c in deck.cards if c.count > 0),
                               copies=deck.copies, faces=[] if cache is not None else None)
        self.entries: dict[bytes, FaceEntry] = {}
        self.to_store: list[tuple[str, Path, str]] = []  # painted files to keep in the cache
        self.width = max(3, len(str(len(deck.cards))))
        self.footer = footer_text(deck, opts.seed_code)
        self.seen: set[bytes] = set()
        self.batch: list[FaceJob] = []
        # each job's picture key (if it makes one) and its name in the cache
        self.jobs_meta: deque[tuple[bytes, str] | None] = deque()
        self.job_count = 0
        self.jobs_done = 0
        self.pending_picture: dict[bytes, int] = {}    # face key -> job that makes its picture
        self.job_pictures: dict[int, bytes] = {}
        self.pictures: OrderedDict[bytes, bytes] = OrderedDict()  # recent pictures by face key
        self.tts: TTSBuilder | None = None
        self.tts_files: list[str] = []
        if "tts" in opts.formats:
            # The sheets are pasted and encoded on the workers, off the parent's path.
            self.tts = TTSBuilder(opts.stem, self._emit_tts, url_prefix=opts.tts_url,
                                  compose=self._compose)
        self.sheets: deque[tuple[str, Future[bytes], str]] = deque()  # being made, in order
        self.tts_queue: deque[tuple[Drawing, bytes, object, object]] = deque()
        self.shop: PdfWriter | None = None

    def run(self, layout: Layout, progress: Callable[[int, int], None] | None) -> Summary:
        opts = self.opts
        total = self.summary.cards

        def laid_out() -> Iterator[Component]:
            memo = self.cache.memo if self.cache is not None else None
            for n, comp in enumerate(components(self.deck, layout, opts.size, opts.bleed,
                                                memo=memo), 1):
                fits = self._first_look(comp)
                if progress:
                    progress(n, total)
                if fits:
                    yield comp

        fitting = laid_out()
        if "pdf" in opts.formats:
            notes: list[str] = []
            pages = nup(fitting, opts.page, bleed=opts.bleed, crop_marks=opts.crop_marks,
                        duplex=opts.duplex, back_offset=opts.back_offset, footer=self.footer,
                        safe_zone_guide=opts.safe_zone_guide, gutter=opts.gutter,
                        printer_margin=opts.printer_margin, notes=notes)
            first = next(pages, None)
            if first is not None:
                writer = PdfWriter(self.out.path(f"{opts.stem}.pdf", "pdf"), title=self.deck.name,
                                   cmyk=opts.cmyk)
                writer.add(first)
                for page in pages:
                    writer.add(page)
                self.summary.pages = writer.close()
            for line in notes:
                self.warn(f"note: {line}")
        else:
            for _ in fitting:
                pass
        self._flush(final=True)
        if self.shop is not None:
            self.shop.close()
        if self.tts is not None and self.tts.groups:
            objects = self.tts.finish()
            self._emit_tts(f"{opts.stem}.json", saved_object_json(objects).encode("utf-8"),
                           "tts-json")
        self._write_sheets(wait=True)
        if self.cache is not None:
            for name, path, rel in self.to_store:
                self.out.known(rel, self.cache.store_file(name, path))
        return self.summary

    # -- each card, once ------------------------------------------------------------------------
    def _first_look(self, comp: Component) -> bool:
        """Warnings, boards, distinct faces and TTS slots of one card; True if it goes n-up."""
        opts = self.opts
        index = int(dict(comp.meta)["index"])
        card = self.deck.cards[index - 1]
        for kind, note in comp.meta:  # what laying the card out found (a mistyped :icon:)
            if kind == "warning":
                self.warn(note)
                self.summary.warnings += 1
        board = not fits_page(comp.front, opts)
        if board:
            self.summary.boards += 1
            if "pdf" in opts.formats:
                _write_tiled(comp, f"boards/{index:0{self.width}d}-{slug(card.name)}-tiled.pdf",
                             opts, self.footer, self.out)
        keys: dict[bool, bytes] = {}
        for face, is_back in ((comp.front, False), (comp.back, True)):
            if face is None:
                continue
            key = keys[is_back] = (self.cache.digest(face, face_digest) if self.cache
                                   else face_digest(face))
            if self.summary.faces is not None:
                self._listed(key, card, is_back, board, index)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.summary.warnings += _warn_face(face, card, self.deck, is_back, self.warn)
            if is_back:
                self.summary.backs += 1
                stem = f"back-{index:0{self.width}d}-{slug(card.back or self.deck.name, 'back')}"
            else:
                self.summary.fronts += 1
                stem = f"{index:0{self.width}d}-{slug(card.name)}"
            if board and "pdf" in opts.formats:
                write_pdf([face], self.out.path(f"boards/{stem}.pdf", "board-pdf"),
                          title=face.name, print_shop=True, cmyk=opts.cmyk)
            want_picture = self.tts is not None and not board
            self._job(face, key, stem, want_picture)
        if opts.print_shop:
            if self.shop is None:
                self.shop = PdfWriter(self.out.path(f"{opts.stem}-print-shop.pdf", "pdf"),
                                      title=self.deck.name, print_shop=True, cmyk=opts.cmyk)
            for page in print_shop_pages([comp], opts.bleed):
                self.shop.add(page)
        if self.tts is not None and not board:
            back = comp.back or plain_back((comp.front.width, comp.front.height))
            bkey = keys.get(True) or face_digest(back)
            if self.tts.claim(comp.front, keys[False], bkey, comp.count,
                              without_markup(comp.name or comp.front.name)):
                self.tts_queue.append((comp.front, bkey, self._picture_ref(comp.front, keys[False]),
                                       self._picture_ref(back, bkey)))
        return not board

    def _listed(self, key: bytes, card: Card, is_back: bool, board: bool, index: int) -> None:
        """Note a card showing the face ``key`` (the preview's list of faces)."""
        entry = self.entries.get(key)
        if entry is None:
            assert self.summary.faces is not None
            stem = (f"back-{index:0{self.width}d}-{slug(card.back or self.deck.name, 'back')}"
                    if is_back else f"{index:0{self.width}d}-{slug(card.name)}")
            entry = self.entries[key] = FaceEntry(stem, is_back, [], 0, board)
            self.summary.faces.append(entry)
        entry.cards.append(without_markup(card.name) or f"card {index}")
        entry.copies += card.count

    def _job(self, face: Drawing, key: bytes, stem: str | None, picture: bool) -> None:
        opts = self.opts
        svg, png = "svg" in opts.formats and stem is not None, "png" in opts.formats and stem
        if not (svg or png or picture):
            return
        size = self.tts.picture_size(face) if picture and self.tts else None
        # The workers write the SVG and PNG straight into the staging folder.
        svg_to = str(self.out.path(f"svg/{stem}.svg", "svg")) if svg else None
        png_to = str(self.out.path(f"png/{stem}.png", "png")) if png else None
        pic_name = ""
        if self.cache is not None:  # what the cache holds is linked, not painted again
            ckey = self.cache.face_key(key, face)
            names = {"svg": f"{ckey}.svg", "png": f"{ckey}-{opts.dpi:g}dpi.png"}
            for kind, path in (("svg", svg_to), ("png", png_to)):
                if path is None:
                    continue
                sha256 = self.cache.copy_to(names[kind], Path(path))
                if sha256 is not None:
                    self.out.known(f"{kind}/{stem}.{kind}", sha256)
                    svg, svg_to = (False, None) if kind == "svg" else (svg, svg_to)
                    png, png_to = (False, None) if kind == "png" else (png, png_to)
                else:
                    self.to_store.append((names[kind], Path(path), f"{kind}/{stem}.{kind}"))
            if size is not None:
                pic_name = f"{ckey}-{size[0]}x{size[1]}.pic"
                data = self.cache.read(pic_name)
                if data is not None:
                    self._keep_picture(key, data)
                    picture, size = False, None
            if not (svg or png or picture):
                return
        self.summary.painted += 1
        self.batch.append(FaceJob(face, svg=svg, png=bool(png), dpi=opts.dpi, picture=size,
                                  svg_to=svg_to, png_to=png_to))
        self.jobs_meta.append((key, pic_name) if picture else None)
        if picture:
            self.pending_picture[key] = self.job_count
        self.job_count += 1
        if len(self.batch) >= BATCH:
            self._flush()

    def _picture_ref(self, face: Drawing, key: bytes) -> object:
        """The picture of a face for a TTS slot: its bytes, or the job that will make it."""
        if key in self.pictures:
            self.pictures.move_to_end(key)
            return self.pictures[key]
        if key not in self.pending_picture:  # seen before without a picture, or forgotten
            self._job(face, key, None, True)
            if key in self.pictures:  # it was in the cache
                return self.pictures[key]
        return self.pending_picture[key]

    # -- results ----------------------------------------------------------------------------------
    def _flush(self, final: bool = False) -> None:
        results = []
        if self.batch:
            results += self.runner.submit(self.batch)
            self.batch = []
        if final:
            results += self.runner.finish()
        for batch in results:
            for files in batch:
                self._write(files)
        self._fill_tts()
        self._write_sheets(wait=False)

    def _write(self, files: FaceFiles) -> None:
        meta = self.jobs_meta.popleft()  # the SVG and PNG are written by the workers
        if files.picture is not None and meta is not None:
            key, pic_name = meta
            self.job_pictures[self.jobs_done] = files.picture
            if self.pending_picture.get(key) == self.jobs_done:
                del self.pending_picture[key]
            self._keep_picture(key, files.picture)
            if self.cache is not None and pic_name:
                self.cache.store_bytes(pic_name, files.picture)
        self.jobs_done += 1

    def _keep_picture(self, key: bytes, picture: bytes) -> None:
        self.pictures[key] = picture
        self.pictures.move_to_end(key)
        if len(self.pictures) > RECENT_PICTURES:
            self.pictures.popitem(last=False)

    def _compose(self, job: SheetJob) -> bytes | Future[bytes]:
        """A TTS sheet's image: from the cache when the same pictures made it before, else
        made on a worker (and kept in the cache once made)."""
        cache = self.cache
        if cache is None:
            return self.runner.call(compose_sheet, job)
        name = cache.data_key(repr((job.picture, job.cols, job.rows, job.card_px, job.quality)),
                              *job.pictures) + f".{job.fmt}"
        data = cache.read(name)
        if data is not None:
            return data
        made = self.runner.call(compose_sheet, job)
        if isinstance(made, Future):
            made.add_done_callback(lambda f: None if f.cancelled() or f.exception()
                                   else cache.store_bytes(name, f.result()))
        else:
            cache.store_bytes(name, made)
        return made

    def _fill_tts(self) -> None:
        def ready(ref: object) -> bool:
            return isinstance(ref, bytes) or ref < self.jobs_done  # type: ignore[operator]

        def picture(ref: object) -> bytes:
            return ref if isinstance(ref, bytes) else self.job_pictures[ref]  # type: ignore

        while self.tts_queue and all(ready(r) for r in self.tts_queue[0][2:]):
            face, bkey, front, back = self.tts_queue.popleft()
            assert self.tts is not None
            self.tts.fill(face, picture(front), bkey, picture(back))
        waiting = [r for entry in self.tts_queue for r in entry[2:] if isinstance(r, int)]
        oldest = min(waiting, default=self.jobs_done)
        for job in [j for j in self.job_pictures if j < oldest]:
            del self.job_pictures[job]

    def _emit_tts(self, name: str, data: bytes | Future[bytes], kind: str = "tts-sheet") -> None:
        if isinstance(data, Future):
            self.sheets.append((name, data, kind))
        else:
            self.out.write_bytes(f"tts/{name}", data, kind)

    def _write_sheets(self, wait: bool) -> None:
        """Write the sheets made so far (all of them, waiting, if ``wait``)."""
        while self.sheets and (wait or self.sheets[0][1].done()):
            name, future, kind = self.sheets.popleft()
            self.out.write_bytes(f"tts/{name}", future.result(), kind)


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
        lines.append(f"warning: {where} uses characters its fonts cannot draw (printed "
                     f"as boxes): {' '.join(missing)}")
    for line in lines:
        warn(line)
    return len(lines)


def _write_tiled(comp: Component, rel: str, opts: RenderOptions, footer: str,
                 out: Output) -> None:
    """A board tiled over pages at true scale: the front's tiles, then the back's."""
    pages = [p for face in (comp.front, comp.back) if face is not None
             for p in poster(face, opts.page, overlap=opts.overlap, footer=footer)]
    write_pdf(pages, out.path(rel, "board-tiles"), title=comp.name)


def load_for_render(layout_path: str | None) -> Layout:
    """The designer's layout, or the built-in default."""
    from pnp.resources import template

    return load_layout(layout_path or template("default/card.yaml"))


__all__ = ["FORMATS", "FaceEntry", "RenderOptions", "Summary", "face_digest", "footer_text",
           "fits_page", "load_for_render", "parse_formats", "render_deck", "slug"]
