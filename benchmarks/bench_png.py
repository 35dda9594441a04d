"""Choose the PNG compression: time and size of card faces at 300 dpi, per deflate setting.

pnp writes PNG rows unfiltered (pnp.layout.raster.encode_png); Pillow's encoder picks a filter
per row. Both on the same 20 default-layout card faces, best of 3 per setting: ISA-L (isal)
levels 0-2 and zlib levels 1-9 on unfiltered rows, Pillow at levels 1 and 6; and, for scale,
pdfium drawing the same faces (what every PNG costs before it is encoded).

    python benchmarks/bench_png.py
"""

from __future__ import annotations

import io
import time

from pnp.content import Card, Deck
from pnp.layout.pipeline import load_for_render
from pnp.layout.raster import PNG_DEFLATE, RasterDoc
from pnp.layout.templates import components

WORDS = "salvage scrap fuel gear engine rust bolt wire magnet spring piston valve".split()


def faces(n: int = 20):
    cards = tuple(Card(name=f"Junk Golem {i}", fields=(
        ("type", ("Tool", "Engine", "Weapon")[i % 3]), ("cost", str(i % 6)),
        ("text", " ".join(WORDS[(i + k) % len(WORDS)] for k in range(20)))))
        for i in range(n))
    deck = Deck(name="Bench", cards=cards)
    return [c.front for c in components(deck, load_for_render(None), (63.5, 88.9), 3.0)]


def draw(drawings) -> tuple[list, float]:
    """The faces' PNG rows at 300 dpi (as pdfium draws them), and pdfium's time a face (best
    of 3), ms."""
    times = []
    for _ in range(3):
        with RasterDoc(drawings) as doc:
            t0 = time.perf_counter()
            pixels = [doc.pixels(i, 300) for i in range(len(drawings))]
            times.append(time.perf_counter() - t0)
    return pixels, min(times) / len(drawings) * 1000


def best(fn, images, runs: int = 3) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        size = sum(len(fn(im)) for im in images)
        times.append(time.perf_counter() - t0)
    return min(times) / len(images) * 1000, size // len(images)


def pillow(level: int):
    def encode(im) -> bytes:
        out = io.BytesIO()
        im.save(out, "PNG", dpi=(300, 300), compress_level=level)
        return out.getvalue()
    return encode


def main() -> None:
    pixels, ms = draw(faces())
    images = [p.image() for p in pixels]
    print(f"{len(images)} poker faces at 300 dpi ({images[0].size[0]}x{images[0].size[1]} px)")
    print(f"pdfium drawing a face:      {ms:6.1f} ms")
    for codec in (("isal", 0), ("isal", 1), ("isal", 2), ("zlib", 1), ("zlib", 3), ("zlib", 6),
                  ("zlib", 9)):
        ms, size = best(lambda p, c=codec: p.png(300, c), pixels)
        mark = "  <- pnp" if codec == PNG_DEFLATE else ""
        print(f"unfiltered, {codec[0]} {codec[1]}:       {ms:6.1f} ms  {size / 1000:6.1f} KB a face"
              f"{mark}")
    for level in (1, 6):
        ms, size = best(pillow(level), images)
        print(f"Pillow (adaptive), level {level}: {ms:6.1f} ms  {size / 1000:6.1f} KB a face")


if __name__ == "__main__":
    main()
