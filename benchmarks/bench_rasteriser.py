"""pdfium through a PDF against Skia straight from the drawing: the pixels of a card face.

The faces are the fronts of `bench_render.py`'s deck (the default layout: background, rounded
panel, title, cost disc, wrapped rules text) and its back, plus the same fronts with an inline
icon (a PNG with alpha) in their rules text. Each route makes what a render worker makes of a face:
the PNG rows at 300 dpi (with the 3 mm bleed) and the 150 dpi trimmed Tabletop Simulator
picture (RGB bytes). pdfium's route includes writing the batch's PDF (24 faces a batch, as the
workers do). Printed: CPU ms a face (best of ``--runs``), the ratio, and how far the pixels are
apart (mean absolute difference over all channels, 0-255; the largest over the faces).

    python benchmarks/bench_rasteriser.py [faces] [--runs N]
"""

from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image as PILImage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_render  # noqa: E402

BATCH = 24


def faces(n: int, icon: str) -> list:
    from pnp.layout.cards import load_deck
    from pnp.layout.draw import TextBox
    from pnp.layout.pipeline import load_for_render
    from pnp.layout.templates import components

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.csv"
        bench_render.write_csv(src, n)
        comps = list(components(load_deck(src), load_for_render(None),
                                (bench_render.W, bench_render.H), 3.0))
    fronts = [c.front for c in comps]

    def with_icon(face):
        items = tuple(dataclasses.replace(i, text=i.text.replace("salvage", ":gear: salvage"),
                                          icons=(("gear", icon),))
                      if isinstance(i, TextBox) and i.size == 9.5 else i for i in face.items)
        return dataclasses.replace(face, items=items)

    return fronts + [comps[0].back] + [with_icon(f) for f in fronts[: n // 4]]


def pdfium_route(batch: list, keep: bool = False) -> list:
    from pnp.layout.raster import RasterDoc

    return _route(RasterDoc, batch, keep)


def skia_route(batch: list, keep: bool = False) -> list:
    from pnp.layout.paint import PaintDoc

    return _route(PaintDoc, batch, keep)


def _route(doc_type, batch: list, keep: bool) -> list:
    # Timed without keeping the pixels, as a worker drops them once deflated (holding them
    # all would time the page faults of fresh memory instead).
    out = []
    with doc_type(batch) as doc:
        for i in range(len(batch)):
            made = (doc.pixels(i, 300), doc.picture(i, (375, 525)))
            if keep:
                out.append(made)
    return out


def cpu_ms(route, drawn: list, runs: int) -> float:
    best = 1e9
    for _ in range(runs):
        t0 = time.process_time()
        for s in range(0, len(drawn), BATCH):
            route(drawn[s:s + BATCH])
        best = min(best, time.process_time() - t0)
    return best / len(drawn) * 1e3


def main(n: int = 240, runs: int = 3) -> None:
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        icon = str(Path(tmp) / "gear.png")
        im = PILImage.new("RGBA", (64, 64), (0, 0, 0, 0))
        from PIL import ImageDraw

        ImageDraw.Draw(im).ellipse((4, 4, 60, 60), fill=(200, 80, 20, 200))
        im.save(icon)
        drawn = faces(n, icon)
        skia_route(drawn[:2])  # warm: fonts, glyph caches, imports
        pdfium_route(drawn[:2])
        t_pdfium = cpu_ms(pdfium_route, drawn, runs)
        t_skia = cpu_ms(skia_route, drawn, runs)
        print(f"{len(drawn)} faces (PNG rows at 300 dpi + 150 dpi trimmed picture), CPU ms a face, "
              f"best of {runs}:")
        print(f"  pdfium through the batch's PDF: {t_pdfium:.2f} ms")
        print(f"  Skia from the drawing:          {t_skia:.2f} ms  "
              f"({t_pdfium / t_skia:.2f}x as fast)")
        mad_px, mad_pic = [], []
        for face in drawn:
            (x_px, x_pic), = pdfium_route([face], keep=True)
            (y_px, y_pic), = skia_route([face], keep=True)
            mad_px.append(np.abs(np.asarray(x_px.image(), np.int16)
                                 - np.asarray(y_px.image(), np.int16)).mean())
            mad_pic.append(np.abs(np.frombuffer(x_pic, np.uint8).astype(np.int16)
                                  - np.frombuffer(y_pic, np.uint8)).mean())
        print(f"  mean absolute difference, 300 dpi: mean {np.mean(mad_px):.3f}, "
              f"largest {max(mad_px):.3f}; picture: mean {np.mean(mad_pic):.3f}, "
              f"largest {max(mad_pic):.3f} (of 255)")


if __name__ == "__main__":
    args = sys.argv[1:]
    n_runs = 3
    if "--runs" in args:
        k = args.index("--runs")
        n_runs = int(args[k + 1])
        del args[k:k + 2]
    main(*(int(a) for a in args[:1]), runs=n_runs)
