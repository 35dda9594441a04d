"""How long one edited card takes to reach the files under `pnp render --watch`.

A 300-card deck (300 different poker cards, all four formats) is watched with ``--jobs 1`` (one
core). Once the first render is done, one card's text is edited and saved; the time is from the
save to the new ``manifest.json`` (written last, once every file is in place), read from the
file's own change. Each edit alternates between two texts, ``--edits`` times (first edit dropped:
it warms the process). With ``--baseline DIR`` (another pnp's source tree, e.g. ``git archive``
of an older commit) the same is measured with that version in the same run, for the ratio.

    python benchmarks/bench_preview.py [--cards 300] [--edits 6] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_render import write_csv  # noqa: E402  (the same 300 cards as the render benchmark)


def edits(folder: Path, cards: int, n: int, baseline: str | None) -> list[float]:
    src = folder / "cards.csv"
    write_csv(src, cards)
    text = src.read_text(encoding="utf-8")
    out = folder / "out"
    env = dict(os.environ)
    if baseline:
        env["PYTHONPATH"] = baseline  # its pnp is imported before the installed one (the
        # child runs in ``folder``: from a source tree, its own pnp would come first)
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "render", str(src), "--out", str(out),
                             "--watch", "--jobs", "1", "--quiet"], env=env, cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    times = []
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            if line.startswith("watching"):
                break
        time.sleep(1.0)
        manifest = out / "manifest.json"
        for k in range(n + 1):
            before = manifest.stat().st_mtime_ns
            edited = text.replace("Junk Golem 150,", f"Junk Golem 150{'ab'[k % 2]},")
            start = time.perf_counter()
            src.write_text(edited, encoding="utf-8")
            while manifest.stat().st_mtime_ns == before:
                time.sleep(0.005)
                if time.perf_counter() - start > 120:
                    raise RuntimeError("no render after the edit")
            times.append(time.perf_counter() - start)
            time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(30)
    return times[1:]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=300)
    ap.add_argument("--edits", type=int, default=6)
    ap.add_argument("--baseline", default=None)
    args = ap.parse_args()
    runs = [("this pnp", None)] + ([(f"baseline {args.baseline}", args.baseline)]
                                  if args.baseline else [])
    print(f"load: {os.getloadavg()[0]:.2f}; {args.cards} cards, --jobs 1, all four formats")
    medians = {}
    for name, base in runs:
        with tempfile.TemporaryDirectory() as tmp:
            t = edits(Path(tmp), args.cards, args.edits, base)
        medians[name] = statistics.median(t)
        print(f"{name}: save to files updated: median {medians[name]:.2f} s, "
              f"range {min(t):.2f}-{max(t):.2f} s over {len(t)} edits")
    if len(medians) == 2:
        this, base = medians.values()
        print(f"ratio (baseline / this): {base / this:.1f}x")


if __name__ == "__main__":
    main()
