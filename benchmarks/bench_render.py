"""Time `pnp render` against a bare reportlab loop, every format, and peak memory.

Every figure is a whole process, as a designer runs it (interpreter start and imports included),
on 1,000 different poker cards (the default layout, 9 per A4 page, crop marks, mirrored backs):

(a) `pnp render cards.csv --formats pdf` against a child running a bare 30-line reportlab loop
    that draws the same boxes and text (fronts and backs, reportlab's simpleSplit for wrapping,
    no fitting): the ratio is what to read; best of ``--runs`` for each, alternated.
(b) `pnp render cards.csv` with all four formats (PDF, SVG and PNG per face, Tabletop
    Simulator), on every core, and with --jobs 1.
(b') The floor under (b): a child that does only the pixel work every format but the PDF needs,
    on the same faces (laid out and pickled beforehand, untimed), on two processes: Skia paints
    each face at 300 dpi and its 150 dpi trimmed picture (pnp's painter, ``paint.py``), the PNG
    is deflated (ISA-L, unfiltered) and written, and the pictures (deflated by ISA-L for the
    trip between processes) go on 10 x 7 JPEG sheets. No layout, no PDF, no SVG: (b) / (b') is
    how far the whole render is from its raster floor. ``--floor-pdfium`` times the floor as it
    was before the painter: pdfium drawing the pages of one PDF of the faces.
(c) Peak resident memory of a child rendering ``big`` cards to the PDF (default 100,000),
    next to one rendering 100.

With ``--baseline DIR`` (a source tree of another pnp version, e.g. from `git archive`), (a) and
(b) are also run with that version, alternating with this one, for ratios from the same run.

    python benchmarks/bench_render.py [cards] [big] [--runs N] [--skip-all] [--skip-big]
                                      [--baseline DIR]
"""

from __future__ import annotations

import csv
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
W, H = 63.5, 88.9
PAGE = (210.0, 297.0)
X0, Y0 = (PAGE[0] - 3 * W) / 2, (PAGE[1] - 3 * H) / 2
TYPES = ("Tool", "Engine", "Weapon", "Defence")
WORDS = ("salvage scrap fuel gear engine rust bolt wire magnet spring piston valve crank "
         "lever pulley chain armour plate drill saw").split()


def rows(n: int):
    for i in range(n):
        rules = " ".join(WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(18 + i % 10))
        yield {"name": f"Junk Golem {i}", "type": TYPES[i % 4], "cost": str(i % 6),
               "text": f"When built, {rules}.", "score": str(i % 4)}


def write_csv(path: Path, n: int) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, ["name", "type", "cost", "text", "score"])
        w.writeheader()
        w.writerows(rows(n))


def pipeline(csv_path: Path, out_dir: Path) -> None:
    """What `pnp render CARDS --formats pdf` does."""
    from pnp.layout.cards import load_deck
    from pnp.layout.pipeline import RenderOptions, load_for_render, render_deck
    from pnp.output import Output

    deck = load_deck(csv_path)
    layout = load_for_render(None)
    opts = RenderOptions(size=(W, H), formats=("pdf",), stem="bench")
    with Output(out_dir, command=["bench"]) as out:
        render_deck(deck, layout, opts, out, warn=lambda line: None)
        out.commit()


def bare(n: int, target) -> None:
    """The default layout's boxes and text straight onto a canvas (points, y up)."""
    c = Canvas(target, pagesize=(PAGE[0] * MM, PAGE[1] * MM), invariant=1, pageCompression=1)
    cards = list(rows(n))
    for start in range(0, n, 9):
        page = cards[start:start + 9]
        for k, card in enumerate(page):
            x = (X0 + (k % 3) * W) * MM
            top = (PAGE[1] - Y0 - (k // 3) * H) * MM
            c.setFillColorRGB(0.3, 0.5, 0.4)
            c.rect(x - 3 * MM, top - (H + 3) * MM, (W + 6) * MM, (H + 6) * MM, stroke=0, fill=1)
            c.setFillColorRGB(0.98, 0.97, 0.94)
            c.roundRect(x + 3 * MM, top - (H - 3) * MM, (W - 6) * MM, (H - 6) * MM, 2.2 * MM,
                        stroke=0, fill=1)
            c.setFillColorRGB(0.1, 0.1, 0.1)
            c.setFont("Vera-Bold", 11)
            c.drawString(x + 5 * MM, top - 10 * MM, card["name"])
            c.setFillColorRGB(0.3, 0.5, 0.4)
            c.circle(x + (W - 9) * MM, top - 8.45 * MM, 4.3 * MM, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.drawCentredString(x + (W - 9) * MM, top - 10 * MM, card["cost"])
            c.setStrokeColorRGB(0.3, 0.5, 0.4)
            c.line(x + 5 * MM, top - 13.4 * MM, x + (W - 5) * MM, top - 13.4 * MM)
            c.setFillColorRGB(0.35, 0.35, 0.37)
            c.setFont("Vera-Italic", 7.5)
            c.drawString(x + 5 * MM, top - 17 * MM, card["type"])
            c.setFillColorRGB(0.9, 0.93, 0.92)
            c.roundRect(x + 4.2 * MM, top - 80 * MM, (W - 8.4) * MM, 62 * MM, 1.2 * MM, stroke=0,
                        fill=1)
            c.setFillColorRGB(0.1, 0.1, 0.1)
            c.setFont("Vera", 9.5)
            y = top - 20 * MM - 9.5
            for line in simpleSplit(card["text"], "Vera", 9.5, (W - 12) * MM):
                c.drawString(x + 6 * MM, y, line)
                y -= 9.5 * 1.22
            c.line(x + 5 * MM, top - 81 * MM, x + (W - 5) * MM, top - 81 * MM)
            c.setFont("Vera", 7)
            c.drawString(x + 5 * MM, top - 84 * MM, "Score: " + card["score"])
        c.showPage()
        for k in range(len(page)):  # the backs, mirrored columns
            x = (X0 + (2 - k % 3) * W) * MM
            top = (PAGE[1] - Y0 - (k // 3) * H) * MM
            c.setFillColorRGB(0.3, 0.25, 0.15)
            c.rect(x - 3 * MM, top - (H + 3) * MM, (W + 6) * MM, (H + 6) * MM, stroke=0, fill=1)
            c.setStrokeColorRGB(0.8, 0.75, 0.6)
            c.roundRect(x + 4 * MM, top - (H - 4) * MM, (W - 8) * MM, (H - 8) * MM, 2.5 * MM)
            c.circle(x + W / 2 * MM, top - H / 2 * MM, 22 * MM, stroke=1, fill=0)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("Vera-Bold", 16)
            c.drawCentredString(x + W / 2 * MM, top - H / 2 * MM, "Bench")
        c.showPage()
    c.save()


def faces_pdf(n: int, path: Path) -> None:
    """The n default-layout fronts, one a page with their bleed (for the floor)."""
    from pnp.layout.cards import load_deck
    from pnp.layout.pdf import write_pdf
    from pnp.layout.pipeline import load_for_render
    from pnp.layout.templates import components

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.csv"
        write_csv(src, n)
        deck = load_deck(src)
        write_pdf([c.front for c in components(deck, load_for_render(None), (W, H), 3.0)],
                  path)


def faces_pickle(n: int, path: Path) -> None:
    """The n default-layout fronts with their bleed, pickled (for the floor)."""
    import pickle

    from pnp.layout.cards import load_deck
    from pnp.layout.pipeline import load_for_render
    from pnp.layout.templates import components

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.csv"
        write_csv(src, n)
        deck = load_deck(src)
        faces = [c.front for c in components(deck, load_for_render(None), (W, H), 3.0)]
    path.write_bytes(pickle.dumps(faces))


def _paint_part(args: tuple[str, str, int, int]) -> list[bytes]:
    """Faces [start, stop) painted: PNG files at 300 dpi, packed pictures at 150 dpi."""
    import pickle

    from pnp.layout.paint import face_picture_rgbx, face_pixels
    from pnp.layout.tts import pack_picture

    faces_file, out, start, stop = args
    faces = pickle.loads(Path(faces_file).read_bytes())[start:stop]
    pw, ph = round(W / 25.4 * 150), round(H / 25.4 * 150)
    pictures = []
    for i, face in enumerate(faces, start):
        Path(out, f"{i}.png").write_bytes(face_pixels(face, 300).png(300))
        pictures.append(pack_picture(face_picture_rgbx(face, (pw, ph))))
    return pictures


def paint_floor(faces_file: str, out: str) -> None:
    """The raster floor (b') with pnp's painter: two processes paint and encode a sheet's
    worth of faces at a time, this one makes each sheet as its faces come back."""
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    from pnp.layout.tts import SheetJob, compose_sheet

    n = len(pickle.loads(Path(faces_file).read_bytes()))
    pw, ph = round(W / 25.4 * 150), round(H / 25.4 * 150)
    chunks = [(faces_file, out, s, min(n, s + 70)) for s in range(0, n, 70)]
    with ProcessPoolExecutor(2) as pool:
        for k, pictures in enumerate(pool.map(_paint_part, chunks)):
            rows = (len(pictures) + 9) // 10
            job = SheetJob((pw, ph), pictures, 10, rows, (pw, ph), "jpg", 90)
            Path(out, f"sheet{k}.jpg").write_bytes(compose_sheet(job))


def _floor_part(args: tuple[str, str, int, int]) -> list[bytes]:
    """Pages [start, stop) of the faces' PDF: PNG files at 300 dpi, pictures at 150 dpi
    (deflated for the trip back, as pnp does: cheaper than moving them raw)."""
    import ctypes
    import struct
    import zlib

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw
    from isal import isal_zlib

    pdf, out, start, stop = args

    def draw(page, w, h, stride, offset, place):
        buf = bytearray(stride * h + offset)
        mem = (ctypes.c_ubyte * len(buf)).from_buffer(buf)
        bm = raw.FPDFBitmap_CreateEx(w, h, raw.FPDFBitmap_BGR, ctypes.byref(mem, offset),
                                     stride)
        raw.FPDFBitmap_FillRect(bm, 0, 0, w, h, 0xFFFFFFFF)
        raw.FPDF_RenderPageBitmap(bm, page, *place, 0, raw.FPDF_REVERSE_BYTE_ORDER)
        raw.FPDFBitmap_Destroy(bm)
        del mem
        return buf

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    doc = pdfium.PdfDocument(pdf)
    pictures = []
    w, h = round((W + 6) / 25.4 * 300), round((H + 6) / 25.4 * 300)
    pw, ph = round(W / 25.4 * 150), round(H / 25.4 * 150)
    for i in range(start, stop):
        page = doc[i]
        rows = draw(page, w, h, 3 * w + 1, 1, (0, 0, w, h))
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", isal_zlib.compress(memoryview(rows)[:-1], 1))
               + chunk(b"IEND", b""))
        Path(out, f"{i}.png").write_bytes(png)
        sx, sy = pw / W, ph / H
        pictures.append(isal_zlib.compress(draw(page, pw, ph, 3 * pw, 0, (
            -round(3 * sx), -round(3 * sy), round((W + 6) * sx), round((H + 6) * sy))), 1))
        page.close()
    doc.close()
    return pictures


def floor(pdf: str, out: str) -> None:
    """The raster floor as it was before the painter: two processes draw and encode a sheet's
    worth of faces at a time, this one makes each sheet as its faces come back."""
    import io
    from concurrent.futures import ProcessPoolExecutor

    import pypdfium2 as pdfium
    from isal import isal_zlib
    from PIL import Image

    n = len(pdfium.PdfDocument(pdf))
    pw, ph = round(W / 25.4 * 150), round(H / 25.4 * 150)
    chunks = [(pdf, out, s, min(n, s + 70)) for s in range(0, n, 70)]
    with ProcessPoolExecutor(2) as pool:
        for k, pictures in enumerate(pool.map(_floor_part, chunks)):
            sheet = Image.new("RGB", (10 * pw, 7 * ph), (255, 255, 255))
            for j, pic in enumerate(pictures):
                sheet.paste(Image.frombytes("RGB", (pw, ph), isal_zlib.decompress(pic)),
                            ((j % 10) * pw, (j // 10) * ph))
            buf = io.BytesIO()
            sheet.save(buf, "JPEG", quality=90, subsampling=0)
            Path(out, f"sheet{k}.jpg").write_bytes(buf.getvalue())


def child(n: int) -> None:
    """Render n cards in this process (run as a child for a clean peak-memory reading)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.csv"
        write_csv(src, n)
        pipeline(src, Path(tmp) / "out")
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def peak_mb(n: int) -> float:
    """Peak resident set of a fresh child process rendering n cards, in MB (the child reports
    its own: RUSAGE_CHILDREN here would be the largest of every child run so far)."""
    done = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", str(n)],
                          check=True, capture_output=True, text=True)
    return int(done.stdout.split()[-1]) / 1024  # kB on Linux


BASELINE: str | None = None


def timed(cmd: list[str], baseline: bool = False) -> float:
    env = dict(os.environ)
    if baseline and BASELINE:
        env["PYTHONPATH"] = BASELINE  # its pnp is imported before the installed one
        cmd = [c for c in cmd if c not in ("--quiet",)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    # run from the temp folder: the current folder comes first on a child's sys.path
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env,
                   cwd=tempfile.gettempdir())
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU[tuple(cmd)] = min(CPU.get(tuple(cmd), 1e9),
                          after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall


# Least CPU seconds (user + system, the child and its workers) of each command: on a shared
# machine wall time depends on the load; CPU / cores is what two free cores would take.
CPU: dict[tuple[str, ...], float] = {}


def pnp_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "pnp.cli", "render", *args, "--quiet"]


def main(n: int = 1000, big: int = 100_000, runs: int = 3, skip_all: bool = False,
         skip_big: bool = False) -> None:
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{n} poker cards (all different), default layout, 9 per A4 page, fronts + backs")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "bench.csv"
        write_csv(src, n)
        out = str(Path(tmp) / "out")
        bare_cmd = [sys.executable, os.path.abspath(__file__), "--bare", str(n),
                    str(Path(tmp) / "bare.pdf")]
        pdf_cmd = pnp_cmd(str(src), "--out", out, "--formats", "pdf")
        timed(bare_cmd)
        timed(pdf_cmd)  # warm the file cache
        t_bare, t_pdf = [], []
        for _ in range(runs):
            t_bare.append(timed(bare_cmd))
            t_pdf.append(timed(pdf_cmd))
        print(f"bare reportlab loop, whole process: {min(t_bare):.2f} s "
              f"(runs {min(t_bare):.2f}-{max(t_bare):.2f})")
        print(f"pnp render --formats pdf:           {min(t_pdf):.2f} s "
              f"(runs {min(t_pdf):.2f}-{max(t_pdf):.2f})")
        print(f"ratio (best of each):               {min(t_pdf) / min(t_bare):.2f}x "
              "(target <= 4x)")
        c_bare, c_pdf = CPU[tuple(bare_cmd)], CPU[tuple(pdf_cmd)]
        print(f"  in CPU seconds:                   {c_pdf:.2f} s vs {c_bare:.2f} s: "
              f"{c_pdf / c_bare:.2f}x (less sensitive to the machine's load)")
        if BASELINE:
            t_base = [timed(pdf_cmd, baseline=True) for _ in range(runs)]
            print(f"baseline {BASELINE} --formats pdf: {min(t_base):.2f} s "
                  f"(runs {min(t_base):.2f}-{max(t_base):.2f}; "
                  f"{min(t_base) / min(t_bare):.2f}x the bare loop)")
        if not skip_all:
            t_all, t_old = [], []
            all_cmd = pnp_cmd(str(src), "--out", out)
            for _ in range(max(1, runs - 1)):
                t_all.append(timed(all_cmd))
                if BASELINE:
                    t_old.append(timed(pnp_cmd(str(src), "--out", out + "-base"), baseline=True))
            print(f"pnp render, all four formats:       {min(t_all):.1f} s "
                  f"(runs {min(t_all):.1f}-{max(t_all):.1f}; target < 10 s on two cores); "
                  f"{CPU[tuple(all_cmd)]:.1f} CPU s")
            if t_old:
                base_cmd = tuple(c for c in pnp_cmd(str(src), "--out", out + "-base")
                                 if c != "--quiet")
                print(f"  baseline, all four formats:       {min(t_old):.1f} s "
                      f"(runs {min(t_old):.1f}-{max(t_old):.1f}): this version "
                      f"{min(t_old) / min(t_all):.2f}x as fast; {CPU[base_cmd]:.1f} CPU s "
                      f"({CPU[base_cmd] / CPU[tuple(all_cmd)]:.2f}x this version's)")
            t_one = timed(pnp_cmd(str(src), "--out", out, "--jobs", "1"))
            print(f"  the same with --jobs 1:           {t_one:.1f} s")
            pdf = Path(tmp) / "faces.pdf"
            faces_pdf(n, pdf)
            pickled = Path(tmp) / "faces.pickle"
            faces_pickle(n, pickled)
            floor_out = Path(tmp) / "floor"
            floor_out.mkdir()
            floor_cmd = [sys.executable, os.path.abspath(__file__), "--floor", str(pickled),
                         str(floor_out)]
            old_cmd = [sys.executable, os.path.abspath(__file__), "--floor-pdfium", str(pdf),
                       str(floor_out)]
            t_floor, t_old_floor = [], []
            for _ in range(max(1, runs - 1)):
                t_floor.append(timed(floor_cmd))
                t_old_floor.append(timed(old_cmd))
            cpu_all, cpu_floor = CPU[tuple(all_cmd)], CPU[tuple(floor_cmd)]
            print(f"raster floor (Skia + PNG + TTS sheets, 2 processes): {min(t_floor):.1f} s "
                  f"(runs {min(t_floor):.1f}-{max(t_floor):.1f}); {cpu_floor:.1f} CPU s")
            print(f"  the floor through pdfium instead: {min(t_old_floor):.1f} s (runs "
                  f"{min(t_old_floor):.1f}-{max(t_old_floor):.1f}); "
                  f"{CPU[tuple(old_cmd)]:.1f} CPU s")
            print(f"  all four formats / floor: {min(t_all) / min(t_floor):.2f}x wall, "
                  f"{cpu_all / cpu_floor:.2f}x CPU; on two free cores the render would take "
                  f">= {cpu_all / 2:.1f} s, the floor >= {cpu_floor / 2:.1f} s")
    if not skip_big:
        small = peak_mb(100)
        t0 = time.perf_counter()
        large = peak_mb(big)
        t_big = time.perf_counter() - t0
        print(f"peak memory, 100 cards:    {small:.0f} MB")
        print(f"peak memory, {big} cards: {large:.0f} MB  ({t_big:.1f} s; target < 300 MB)")


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "--floor":
        paint_floor(sys.argv[2], sys.argv[3])
    elif len(sys.argv) > 3 and sys.argv[1] == "--floor-pdfium":
        floor(sys.argv[2], sys.argv[3])
    elif len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
    elif len(sys.argv) > 3 and sys.argv[1] == "--bare":
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        for font, file in (("Vera", "Vera.ttf"), ("Vera-Bold", "VeraBd.ttf"),
                           ("Vera-Italic", "VeraIt.ttf")):
            pdfmetrics.registerFont(TTFont(font, file))  # reportlab's own copies
        bare(int(sys.argv[2]), sys.argv[3])
    else:
        flags = {a for a in sys.argv[1:] if a.startswith("--skip")}
        rest = [a for a in sys.argv[1:] if not a.startswith("--skip")]
        n_runs = 3
        if "--baseline" in rest:
            k = rest.index("--baseline")
            BASELINE = rest[k + 1]
            del rest[k:k + 2]
        if "--runs" in rest:
            k = rest.index("--runs")
            n_runs = int(rest[k + 1])
            del rest[k:k + 2]
        args = [int(a) for a in rest[:2]]
        main(*args, runs=n_runs, skip_all="--skip-all" in flags, skip_big="--skip-big" in flags)
