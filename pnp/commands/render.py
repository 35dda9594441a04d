"""`pnp render` and `pnp calibrate`: the generic print-and-play commands."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from pnp.commands import options as O
from pnp.errors import PnpError

RENDER_EXAMPLES = """
Examples:

  pnp render examples/salvage-mods.csv       (writes output/salvage-mods/)

  pnp render cards.csv --out output/mydeck --size bridge --page letter

  pnp render cards.yaml --layout my-card.yaml --no-crop-marks --duplex short

  pnp render cards.csv --formats pdf --back-offset 0.4,-0.2 --seed KGF7-DX20-A

  pnp render cards.csv --print-shop --bleed 0.125in

  pnp render boards.csv --size 400x300mm --overlap 12mm   (boards tiled over A4 pages)
"""

PREFLIGHT_EXAMPLES = """
Examples:

  pnp preflight output/salvage-mods/salvage-mods.pdf

  pnp preflight output/*/*.pdf --json
"""

CALIBRATE_EXAMPLES = """
Print the PDF double-sided at 100% (no "fit to page"), hold the sheet against a light and \
read on each ruler where the front cross's arm falls: that is X (horizontal ruler) and Y \
(vertical ruler). Then pass them to pnp render, e.g. --back-offset 0.5,-1.0.

Examples:

  pnp calibrate --page a4

  pnp calibrate --page letter --out output/printer-check
"""


def _watch_and_render(cards: str, layout: Path | None, out_dir: Path, render: Callable[[], Any],
                      stop: threading.Event | None = None) -> None:
    """Render, then render again after each burst of changes to the card list, the layout or
    the files next to them (icons, art), until Ctrl-C (or ``stop``). A bad edit is one error
    line, and the watch goes on."""
    from watchfiles import watch

    from pnp import signals
    from pnp.layout.pdf import load_image
    from pnp.layout.sheets import is_url
    from pnp.layout.svg import image_data_uri

    def attempt() -> None:
        try:
            render()
        except PnpError as exc:
            typer.echo(f"pnp: error: {exc}", err=True)

    folders = {Path.cwd() if is_url(cards) else Path(cards).resolve().parent}
    if layout is not None:
        folders.add(Path(layout).resolve().parent)
    out = out_dir.resolve()

    def relevant(_change: object, path: str) -> bool:
        p = Path(path)
        # our own output (and its staging folder next to it) must not trigger a render
        return not (p == out or out in p.parents
                    or any(part.startswith(f".{out.name}.") for part in p.parts))

    def begin() -> None:
        attempt()
        typer.echo(f"watching {', '.join(str(f) for f in sorted(folders))} (Ctrl-C stops)",
                   err=True)

    first = True
    code = 130
    try:
        # The first render runs once the watcher is up (its first, empty, timeout), so that a
        # save made while it runs is seen; later timeouts (every 200 ms) are not changes.
        for changes in watch(*sorted(folders), watch_filter=relevant, debounce=400, step=50,
                             stop_event=stop, raise_interrupt=False, yield_on_timeout=True,
                             rust_timeout=200):
            if first:
                first = False
                begin()
            elif changes:
                load_image.cache_clear()  # an image changed under the same name
                image_data_uri.cache_clear()
                attempt()
    except signals.Interrupted as exc:  # a stop between two waits, or during a render
        code = exc.exit_code
    else:
        if stop is not None and stop.is_set():
            if first:  # stopped before the watcher was up: the one render still happens
                begin()
            return
    # Ctrl-C (watchfiles reports it by ending the loop): exit 130 as the README promises
    typer.echo("pnp: stopped watching; the last good render stays", err=True)
    raise SystemExit(code)


def _preview(cards: str, layout: Path | None, out_dir: Path,
             once: Callable[..., tuple[Any, dict, str]], formats: str, port: int,
             browser: bool) -> None:
    """``render --preview``: the watch loop in a thread, its renders on a local page."""
    import time

    from pnp.commands.serve import check_port
    from pnp.layout.facecache import FaceCache
    from pnp.layout.pipeline import parse_formats
    from pnp.serve.preview import PreviewState, rendered_from, run_preview

    wanted = parse_formats(formats)
    image = "png" if "png" in wanted else "svg" if "svg" in wanted else None
    if image is None:
        raise PnpError("the preview shows the PNG or SVG faces: keep png or svg in --formats",
                       field="formats")
    check_port("127.0.0.1", port)
    state = PreviewState(out_dir, image)
    cache = FaceCache(out_dir)

    def render() -> None:
        start = time.perf_counter()
        try:
            summary, manifest, deck = once(cache)
        except PnpError as exc:
            state.publish(None, f"pnp: error: {exc}")
            raise
        state.publish(rendered_from(summary, manifest, deck, image, time.perf_counter() - start,
                                    f"{summary.copies} cards ({summary.cards} different), "
                                    f"{summary.fronts} front and {summary.backs} back "
                                    "designs"), None)

    run_preview(state, lambda stop: _watch_and_render(cards, layout, out_dir, render, stop),
                "127.0.0.1", port, browser)


def register(app: typer.Typer) -> None:
    """Add `render` and `calibrate` to the root app."""

    @app.command("render", epilog=RENDER_EXAMPLES)
    def render(
        cards: str = typer.Argument(..., help="Card list: .csv, .xlsx, .ods, .yaml or .json, or "
                                    "a link to a spreadsheet published as CSV (one card a row; "
                                     "columns name, type, cost, text, count/qty, back, ...)."),
        out: O.Out = None,
        layout: Path | None = typer.Option(None, "--layout", "-l",
                                           help="Layout YAML (default: the built-in one)."),
        size: str | None = typer.Option(None, "--size", help="Card size: poker, bridge, mini, "
                                        "tarot, square or WxH such as 63x88mm "
                                        "(default: the layout's, else poker)."),
        page: O.Page = "a4",
        bleed: O.Bleed = "3mm",
        crop_marks: O.CropMarks = True,
        safe_zone_guide: bool = typer.Option(False, "--safe-zone-guide",
                                             help="Draw the 3 mm safe zone "
                                             "(for checking layouts)."),
        duplex: O.Duplex = "long",
        back_offset: O.BackOffset = "0,0",
        formats: str = typer.Option("pdf,svg,png,tts", "--formats",
                                    help="Comma-separated: pdf, svg, png, tts."),
        dpi: float = typer.Option(300.0, "--dpi", help="Resolution of the PNGs."),
        tts_url: O.TtsUrl = "",
        overlap: str = typer.Option("10mm", "--overlap", help="Strip shared by neighbouring "
                                    "pages when a board larger than the page is tiled."),
        print_shop: bool = typer.Option(False, "--print-shop", help="Also write a one-card-a-page "
                                        "PDF with bleed and TrimBox/BleedBox for a print shop."),
        seed: O.SeedOrNone = None,
        name: str | None = typer.Option(None, "--name", help="Deck name (shown on the default "
                                        "back; default: from the file name)."),
        jobs: O.Jobs = 0,
        cmyk: bool = typer.Option(False, "--cmyk", help="CMYK colours in the PDFs (text and "
                                  "marks 100% K), for print shops that ask for it."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
        watch: bool = typer.Option(False, "--watch", help="Render again whenever the card "
                                   "list, the layout or an image next to them changes "
                                   "(Ctrl-C stops); only the changed cards are painted again."),
        preview: bool = typer.Option(False, "--preview", help="Watch (as --watch) and show "
                                     "every face in the browser, updated within about a "
                                     "second of a save; errors show in the page."),
        port: int = typer.Option(8001, "--port", help="Port of the --preview page."),
        browser: bool = typer.Option(True, "--browser/--no-browser",
                                     help="Open the --preview page in the browser."),
        sheet: str | None = typer.Option(None, "--sheet", help="The sheet of an .xlsx or .ods "
                                         "workbook to read, by name (default: the first)."),
        gutter: str | None = typer.Option(None, "--gutter", help="Space cards this far apart "
                                          "(e.g. 8mm) so each keeps its full bleed on every "
                                          "side, with crop marks in the gutters."),
        printer_margin: str = typer.Option("5mm", "--printer-margin", help="No crop mark or "
                                           "footer closer to the sheet edge than this (home "
                                           "printers lose 4-5 mm); grids reflow to keep it."),
    ) -> None:
        """Lay out a card list as print-and-play files: a PDF to print double-sided, an SVG and a
        PNG per distinct card face, a Tabletop Simulator deck, and manifest.json. Components
        larger than the page (boards) are tiled at true scale in boards/NNN-name-tiled.pdf and
        written whole in boards/NNN-name.pdf. With --seed, its code is printed in the page
        footer (for decks generated from a seed)."""
        import sys

        from pnp.layout.cards import load_deck
        from pnp.layout.facecache import FaceCache
        from pnp.layout.impose import parse_duplex
        from pnp.layout.pipeline import (
            RenderOptions,
            Summary,
            load_for_render,
            parse_formats,
            render_deck,
        )
        from pnp.layout.sheets import is_url, url_stem
        from pnp.layout.sizes import parse_length, parse_page, pixel_size
        from pnp.layout.templates import card_size
        from pnp.layout.tts import sheet_url
        from pnp.output import Output
        from pnp.seed import seed_code

        stem = url_stem(cards) if is_url(cards) else Path(cards).stem
        out = O.check_out(out)
        out_dir = Path(out) if out is not None else Path("output") / stem

        def once(cache: FaceCache | None = None) -> tuple[Summary, dict, str]:
            # Everything is read and checked before the output folder is touched.
            wanted = parse_formats(formats)
            deck = load_deck(cards, name=name, sheet=sheet)
            if deck.cards and not any(c.name for c in deck.cards):
                typer.echo(f"warning: {cards}: no card has a name (no 'name' column, or it is "
                           f"blank): they are called 'card 1', 'card 2', ...", err=True)
            the_layout = load_for_render(str(layout) if layout else None)
            bleed_mm = O.bleed_mm(bleed)
            if not 0 < dpi <= 1200:
                raise PnpError(f"dpi must be between 1 and 1200, got {dpi:g}", field="dpi")
            pixel_size(1, 1, dpi)
            overlap_mm = parse_length(overlap, field="overlap")
            if not 0 <= overlap_mm <= 50:
                raise PnpError(f"overlap must be between 0 and 50 mm, got {overlap!r}",
                               field="overlap")
            gutter_mm = parse_length(gutter, field="gutter") if gutter is not None else None
            if gutter_mm is not None and not 0 <= gutter_mm <= 50:
                raise PnpError(f"gutter must be between 0 and 50 mm, got {gutter!r}",
                               field="gutter")
            margin_mm = parse_length(printer_margin, field="printer-margin")
            if not 0 <= margin_mm <= 25:
                raise PnpError("printer margin must be between 0 and 25 mm, got "
                               f"{printer_margin!r}", field="printer-margin")
            opts = RenderOptions(
                size=card_size(the_layout, size), page=parse_page(page, field="page"),
                bleed=bleed_mm, crop_marks=crop_marks, safe_zone_guide=safe_zone_guide,
                duplex=parse_duplex(duplex).value, back_offset=O.back_offset(back_offset),
                formats=wanted, dpi=dpi, print_shop=print_shop,
                seed_code=seed_code(seed) if seed is not None else None, stem=stem,
                tts_url=sheet_url(tts_url, out_dir), overlap=overlap_mm, jobs=jobs or None,
                cmyk=cmyk, gutter=gutter_mm, printer_margin=margin_mm)
            from pnp.progress import LateBar

            bar = LateBar("render", "cards", enabled=None if not quiet else False)
            with Output(out_dir, seed=seed) as output:
                try:
                    summary = render_deck(deck, the_layout, opts, output,
                                          warn=lambda line: typer.echo(line, err=True),
                                          progress=bar.update, cache=cache)
                finally:
                    bar.close()
                manifest = output.commit(deck={"name": deck.name, "cards": summary.cards,
                                     "copies": summary.copies, "fronts": summary.fronts,
                                     "backs": summary.backs, "pages": summary.pages,
                                     "boards": summary.boards, "warnings": summary.warnings})
            line = (f"{summary.copies} cards ({summary.cards} different), "
                    f"{summary.fronts} front and {summary.backs} back designs"
                    + (f", {summary.pages} PDF pages" if summary.pages else "")
                    + (f", {summary.boards} board(s) tiled in boards/" if summary.boards else "")
                    + (f", {summary.warnings} warning(s)" if summary.warnings else ""))
            typer.echo(f"{out_dir}: {line}")
            if "tts" in wanted and (out_dir / "tts" / f"{stem}.json").exists():
                typer.echo(f"{out_dir / 'tts' / (stem + '.json')}: copy it into Tabletop "
                           "Simulator's Saves/Saved Objects folder"
                           + ("" if tts_url else "; its images load once hosted (--tts-url)"))
            sys.stdout.flush()
            return summary, manifest, deck.name

        if not (watch or preview):
            once()
            return
        # A watch goes on over bad edits, but it must start from files that are there.
        from pnp.safe_io import read_input

        if not is_url(cards):
            read_input(cards, "card list")
        if layout is not None:
            read_input(layout, "layout")
        if preview:
            _preview(cards, layout, out_dir, once, formats, port, browser)
        cache = FaceCache(out_dir)
        _watch_and_render(cards, layout, out_dir, lambda: once(cache))

    @app.command("preflight", epilog=PREFLIGHT_EXAMPLES)
    def preflight_cmd(
        files: list[Path] = typer.Argument(..., help="PDF files to check."),
        json_out: O.Json = False,
        cmyk: bool = typer.Option(False, "--cmyk", help="Check them as CMYK files (a "
                                  "render --cmyk): every colour CMYK or grey, no text in rich "
                                  "black."),
    ) -> None:
        """Check PDFs before sending them to print: page boxes, fonts (embedded? subset?),
        colour spaces, images below 300 dpi at their placed size, text below 6 pt (below 5 pt is
        a problem), text or lines within 3 mm of the trim (or 5 mm of the sheet edge on pages
        without a TrimBox). Exit code 1 when a file has a problem."""
        from pnp.preflight import preflight

        reports = [preflight(f, cmyk=cmyk) for f in files]
        if json_out:
            typer.echo(json.dumps({"files": [r.to_dict() for r in reports]}, sort_keys=True,
                                  indent=2))
        else:
            for r in reports:
                for line in r.lines():
                    typer.echo(line)
        if any(r.problems for r in reports):
            raise typer.Exit(1)

    @app.command("calibrate", epilog=CALIBRATE_EXAMPLES)
    def calibrate(
        page: O.Page = "a4",
        out: O.Out = None,
    ) -> None:
        """Write a duplex calibration sheet to measure your printer's front/back offset."""
        from pnp.layout.impose import calibration_pages
        from pnp.layout.pdf import write_pdf
        from pnp.layout.sizes import parse_page
        from pnp.output import Output

        pages = calibration_pages(parse_page(page, field="page"))
        out = O.check_out(out)
        out_dir = Path(out) if out is not None else Path("output/calibration")
        with Output(out_dir) as output:
            write_pdf(pages, output.path("calibration.pdf", "pdf"), title="pnp duplex calibration")
            output.commit()
        typer.echo(f"{out_dir / 'calibration.pdf'}: print double-sided at 100%, then read the "
                   "rulers and pass --back-offset X,Y to pnp render")
