"""Writes a ``Pack`` through an ``Output``: PDFs, n-up cards, posters, SVG, report, JSON."""

from __future__ import annotations

from typing import Any

from pnp.output import Output
from pnp.pack import Cards, Csv, Json, Pack, Pages, Poster, PrintOptions, Report, Svg


def write_pack(out: Output, pack: Pack, opts: PrintOptions) -> dict[str, Any]:
    """Stage every file of ``pack`` in ``out`` and commit; returns the manifest."""
    from pnp.layout.impose import nup
    from pnp.layout.pdf import write_pdf
    from pnp.layout.poster import poster
    from pnp.layout.svg import write_svg
    from pnp.report import write_report
    from pnp.sim.stats import verdict

    checks = pack.all_checks()
    result = verdict(checks)  # the one verdict: the report opens with it, the manifest keeps it
    notes: list[str] = []
    for f in pack.files:
        if isinstance(f, Pages):
            write_pdf(list(f.pages), out.path(f.path, f.kind), title=f.title)
        elif isinstance(f, Cards):
            bleed = opts.bleed if f.bleed is None else f.bleed
            pages = nup(f.components, opts.page, bleed=bleed, duplex=opts.duplex,
                        back_offset=opts.back_offset, crop_marks=opts.crop_marks and f.crop_marks,
                        footer=pack.footer, printer_margin=opts.printer_margin,
                        gutter=opts.gutter, notes=notes)
            write_pdf(pages, out.path(f.path, f.kind), title=f.title)
            _write_tts(out, f, opts)
        elif isinstance(f, Poster):
            write_pdf(poster(f.drawing, opts.page, footer=pack.footer), out.path(f.path, f.kind),
                      title=f.title)
        elif isinstance(f, Svg):
            write_svg(f.drawing, out.path(f.path, f.kind))
        elif isinstance(f, Report):
            write_report(out.path(f.path, f.kind), f.title, f.sections, subtitle=f.subtitle,
                         verdict=result)
        elif isinstance(f, Json):
            out.write_json(f.path, f.data, f.kind)
        elif isinstance(f, Csv):
            out.write_bytes(f.path, _csv(f.rows), f.kind)
        else:  # pragma: no cover - PackFile is closed
            raise TypeError(f"not a pack file: {f!r}")
    extra = dict(pack.manifest)
    if notes:  # grids reflowed to keep their marks printable: echoed by the command
        extra["print_notes"] = notes
    if checks:
        extra["verdict"] = result.to_dict()
    return out.commit(checks=[c.to_dict() for c in checks], **extra)


def _csv(rows: Any) -> bytes:
    """Rows as CSV bytes (UTF-8, \n line ends: the same bytes on every machine)."""
    import csv
    import io

    buf = io.StringIO()
    rows = list(rows)
    writer = csv.DictWriter(buf, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


def _write_tts(out: Output, cards: Cards, opts: PrintOptions) -> None:
    """A deck of cards (or of rectangular tiles) also as Tabletop Simulator sheets and a saved
    object in ``tts/``, named after its PDF, as ``pnp render`` writes them."""
    from pathlib import Path

    from pnp.layout.tts import is_card_deck, sheet_url, tts_deck

    if not is_card_deck(cards.components):
        return
    name = Path(cards.path).stem
    deck = tts_deck(cards.components, name, url_prefix=sheet_url(opts.tts_url, out.out_dir))
    for file, data in deck.files.items():
        out.write_bytes(f"tts/{file}", data,
                        "tts-json" if file == deck.json_name else "tts-sheet")
