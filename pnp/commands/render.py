"""`pnp render` and `pnp calibrate`: the generic print-and-play commands."""

from __future__ import annotations

from pathlib import Path

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

CALIBRATE_EXAMPLES = """
Print the PDF double-sided at 100% (no "fit to page"), hold the sheet against a light and \
read on each ruler where the front cross's arm falls: that is X (horizontal ruler) and Y \
(vertical ruler). Then pass them to pnp render, e.g. --back-offset 0.5,-1.0.

Examples:

  pnp calibrate --page a4

  pnp calibrate --page letter --out output/printer-check
"""


def register(app: typer.Typer) -> None:
    """Add `render` and `calibrate` to the root app."""

    @app.command("render", epilog=RENDER_EXAMPLES)
    def render(
        cards: Path = typer.Argument(..., help="Card list: .csv, .yaml or .json (one card a row; "
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
        tts_url: str = typer.Option("", "--tts-url", help="Where the Tabletop Simulator sheets "
                                    "will be hosted, e.g. file:///home/me/decks/ or https://...: "
                                    "put before the sheet names in the saved-object JSON."),
        overlap: str = typer.Option("10mm", "--overlap", help="Strip shared by neighbouring "
                                    "pages when a board larger than the page is tiled."),
        print_shop: bool = typer.Option(False, "--print-shop", help="Also write a one-card-a-page "
                                        "PDF with bleed and TrimBox/BleedBox for a print shop."),
        seed: O.SeedOrNone = None,
        name: str | None = typer.Option(None, "--name", help="Deck name (shown on the default "
                                        "back; default: from the file name)."),
    ) -> None:
        """Lay out a card list as print-and-play files: a PDF to print double-sided, an SVG and a
        PNG per distinct card face, a Tabletop Simulator deck, and manifest.json. Components
        larger than the page (boards) are tiled at true scale in boards/NNN-name-tiled.pdf and
        written whole in boards/NNN-name.pdf. With --seed, its code is printed in the page
        footer (for decks generated from a seed)."""
        import sys

        from pnp.layout.cards import load_deck
        from pnp.layout.impose import parse_duplex
        from pnp.layout.pipeline import RenderOptions, load_for_render, parse_formats, render_deck
        from pnp.layout.raster import pixel_size
        from pnp.layout.sizes import parse_length, parse_page
        from pnp.layout.templates import card_size
        from pnp.output import Output
        from pnp.seed import seed_code

        # Everything is read and checked before the output folder is touched.
        wanted = parse_formats(formats)
        deck = load_deck(cards, name=name)
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
        opts = RenderOptions(
            size=card_size(the_layout, size), page=parse_page(page, field="page"),
            bleed=bleed_mm, crop_marks=crop_marks, safe_zone_guide=safe_zone_guide,
            duplex=parse_duplex(duplex).value, back_offset=O.back_offset(back_offset),
            formats=wanted, dpi=dpi, print_shop=print_shop,
            seed_code=seed_code(seed) if seed is not None else None, stem=cards.stem,
            tts_url=tts_url, overlap=overlap_mm)
        out = O.check_out(out)
        out_dir = Path(out) if out is not None else Path("output") / cards.stem
        with Output(out_dir, seed=seed) as output:
            summary = render_deck(deck, the_layout, opts, output,
                                  warn=lambda line: typer.echo(line, err=True))
            output.commit(deck={"name": deck.name, "cards": summary.cards,
                                "copies": summary.copies, "fronts": summary.fronts,
                                "backs": summary.backs, "pages": summary.pages,
                                "boards": summary.boards, "warnings": summary.warnings})
        typer.echo(f"{out_dir}: {summary.copies} cards ({summary.cards} different), "
                   f"{summary.fronts} front and {summary.backs} back designs"
                   + (f", {summary.pages} PDF pages" if summary.pages else "")
                   + (f", {summary.boards} board(s) tiled in boards/" if summary.boards else "")
                   + (f", {summary.warnings} warning(s)" if summary.warnings else ""))
        sys.stdout.flush()

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
