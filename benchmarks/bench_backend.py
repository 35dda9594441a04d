"""Time pnp's PDF backend against a bare reportlab loop drawing the same boxes and text.

Both draw 1,000 poker cards, 9 per A4 page, each with a background, a rounded border, a title,
a cost disc, a type line and a few lines of rules text in the bundled Vera fonts. The bare loop
wraps with reportlab's own simpleSplit; pnp fits text (wrap, shrink, icons) through fit_text.

    python benchmarks/bench_backend.py [cards]
"""

from __future__ import annotations

import io
import os
import platform
import sys
import time

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.draw import Align, Circle, Drawing, Group, Rect, TextBox, VAlign
from pnp.layout.pdf import write_pdf
from pnp.layout.text import register_font

MM = 72 / 25.4
W, H = 63.5, 88.9
PAGE = (210.0, 297.0)
COLS, ROWS = 3, 3
X0, Y0 = (PAGE[0] - COLS * W) / 2, (PAGE[1] - ROWS * H) / 2
WORDS = ("salvage scrap fuel gear engine rust bolt wire magnet spring piston valve crank "
         "lever pulley chain armour plate drill saw").split()


def card_text(i: int) -> tuple[str, str, str]:
    rules = " ".join(WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(24))
    return f"Junk Golem {i}", f"Machine - Tier {i % 3 + 1}", f"When built, {rules}."


def card_items(i: int) -> tuple:
    name, kind, rules = card_text(i)
    return (
        Rect(0, 0, W, H, fill="#f3ead8", stroke=None),
        Rect(3, 3, W - 6, H - 6, stroke="#604020", stroke_width=0.5, radius=3),
        TextBox(5, 5, W - 20, 9, name, size=12, font="Vera-Bold", valign=VAlign.MIDDLE),
        Circle(W - 9, 9.5, 4.5, fill="#2060a0", stroke=None),
        TextBox(W - 13.5, 5, 9, 9, str(i % 10), size=12, font="Vera-Bold", colour="white",
                align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(5, 16, W - 10, 5, kind, size=8, font="Vera-Italic"),
        TextBox(6, 48, W - 12, 34, rules, size=9, min_size=6),
    )


def pnp_pages(n: int):
    for start in range(0, n, COLS * ROWS):
        groups = []
        for k, i in enumerate(range(start, min(n, start + COLS * ROWS))):
            groups.append(Group(card_items(i), dx=X0 + (k % COLS) * W, dy=Y0 + (k // COLS) * H))
        yield Drawing(*PAGE, items=tuple(groups))


def bare(n: int, out) -> None:
    """The same cards drawn straight onto a reportlab canvas (points, y up)."""
    c = Canvas(out, pagesize=(PAGE[0] * MM, PAGE[1] * MM), invariant=1, pageCompression=1)
    for start in range(0, n, COLS * ROWS):
        for k, i in enumerate(range(start, min(n, start + COLS * ROWS))):
            name, kind, rules = card_text(i)
            x = (X0 + (k % COLS) * W) * MM
            top = (PAGE[1] - Y0 - (k // COLS) * H) * MM
            c.setFillColorRGB(0.953, 0.918, 0.847)
            c.rect(x, top - H * MM, W * MM, H * MM, stroke=0, fill=1)
            c.setStrokeColorRGB(0.376, 0.251, 0.125)
            c.setLineWidth(0.5 * MM)
            c.roundRect(x + 3 * MM, top - (H - 3) * MM, (W - 6) * MM, (H - 6) * MM, 3 * MM)
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Vera-Bold", 12)
            c.drawString(x + 5 * MM, top - 11 * MM, name)
            c.setFillColorRGB(0.125, 0.376, 0.627)
            c.circle(x + (W - 9) * MM, top - 9.5 * MM, 4.5 * MM, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.drawCentredString(x + (W - 9) * MM, top - 11 * MM, str(i % 10))
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Vera-Italic", 8)
            c.drawString(x + 5 * MM, top - 19 * MM, kind)
            c.setFont("Vera", 9)
            y = top - 48 * MM - 9
            for line in simpleSplit(rules, "Vera", 9, (W - 12) * MM):
                c.drawString(x + 6 * MM, y, line)
                y -= 9 * 1.2
        c.showPage()
    c.save()


def main(n: int = 1000) -> None:
    register_font("Vera")
    bare(9, io.BytesIO())  # warm both paths (font loading) before timing
    write_pdf(pnp_pages(9), io.BytesIO())
    t0 = time.perf_counter()
    bare(n, io.BytesIO())
    t_bare = time.perf_counter() - t0
    t0 = time.perf_counter()
    write_pdf(pnp_pages(n), io.BytesIO())
    t_pnp = time.perf_counter() - t0
    print(f"{n} poker cards, 9 per A4 page; Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores")
    print(f"bare reportlab loop: {t_bare:.3f} s")
    print(f"pnp write_pdf:       {t_pnp:.3f} s")
    print(f"ratio:               {t_pnp / t_bare:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
