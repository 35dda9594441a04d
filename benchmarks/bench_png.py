"""Choose the PNG compression: time and size of card faces at 300 dpi, per zlib level.

pnp writes PNG rows unfiltered (pnp.layout.raster.encode_png); Pillow's encoder picks a filter
per row. Both on the same 20 default-layout card faces, best of 3 per setting.

    python benchmarks/bench_png.py
"""

from __future__ import annotations

import io
import time

from pnp.content import Card, Deck
from pnp.layout.pipeline import load_for_render
from pnp.layout.raster import encode_png, rasterise
from pnp.layout.templates import components

WORDS = "salvage scrap fuel gear engine rust bolt wire magnet spring piston valve".split()


def faces(n: int = 20):
    cards = tuple(Card(name=f"Junk Golem {i}", fields=(
        ("type", ("Tool", "Engine", "Weapon")[i % 3]), ("cost", str(i % 6)),
        ("text", " ".join(WORDS[(i + k) % len(WORDS)] for k in range(20)))))
        for i in range(n))
    deck = Deck(name="Bench", cards=cards)
    comps = components(deck, load_for_render(None), (63.5, 88.9), 3.0)
    return rasterise([c.front for c in comps], 300)


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
    images = faces()
    print(f"{len(images)} poker faces at 300 dpi ({images[0].size[0]}x{images[0].size[1]} px)")
    for level in (1, 3, 6, 9):
        ms, size = best(lambda im, lv=level: encode_png(im, 300, lv), images)
        print(f"unfiltered, zlib {level}:       {ms:6.1f} ms  {size / 1000:6.1f} KB a face")
    for level in (1, 6):
        ms, size = best(pillow(level), images)
        print(f"Pillow (adaptive), level {level}: {ms:6.1f} ms  {size / 1000:6.1f} KB a face")


if __name__ == "__main__":
    main()
