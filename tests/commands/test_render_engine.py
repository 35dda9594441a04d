"""How `pnp render` gets its speed, checked from the files: one raster per distinct face, backs
known by what they draw, any number of processes writing the same bytes, and the PDF-only path
importing no rasteriser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image as PILImage

ROOT = Path(__file__).resolve().parents[2]


def deck(path: Path, n: int) -> Path:
    rows = ["name,type,cost,text"] + [f"Card {i},Tool,{i % 5},Text of card number {i}."
                                      for i in range(n)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def hashes(out: Path) -> dict[str, str]:
    return {f["path"]: f["sha256"]
            for f in json.loads((out / "manifest.json").read_text())["files"]}


def test_any_number_of_processes_writes_the_same_bytes(tmp_path, run_pnp):
    src = deck(tmp_path / "d.csv", 80)  # 80 fronts + 1 back: several batches in flight
    args = ("render", str(src), "--dpi", "60", "--quiet")
    assert run_pnp(*args, "--out", str(tmp_path / "one"), "--jobs", "1")[0] == 0
    assert run_pnp(*args, "--out", str(tmp_path / "two"), "--jobs", "2")[0] == 0
    one, two = hashes(tmp_path / "one"), hashes(tmp_path / "two")
    assert one == two
    assert sum(p.startswith("png/") for p in one) == 81


def test_a_shared_back_is_one_back_for_tabletop_simulator(tmp_path, run_pnp):
    src = deck(tmp_path / "d.csv", 75)  # two sheets of fronts, one back drawn for all
    out = tmp_path / "o"
    assert run_pnp("render", str(src), "--out", str(out), "--formats", "tts", "--quiet")[0] == 0
    names = sorted(p.name for p in (out / "tts").iterdir())
    assert names == ["d-back.jpg", "d-sheet1.jpg", "d-sheet2.jpg", "d.json"]
    saved = json.loads((out / "tts" / "d.json").read_text())
    (obj,) = saved["ObjectStates"]
    assert {c["BackURL"] for c in obj["CustomDeck"].values()} == {"d-back.jpg"}
    with PILImage.open(out / "tts" / "d-sheet1.jpg") as im:
        assert im.size == (10 * 375, 7 * 525)  # 150 dpi poker cards, trimmed


def test_pdf_only_imports_no_rasteriser(tmp_path):
    src = deck(tmp_path / "d.csv", 3)
    code = ("import sys; from pnp import cli; sys.argv = ['pnp', 'render', sys.argv[1], '--out', "
            "sys.argv[2], '--formats', 'pdf']\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    done = subprocess.run([sys.executable, "-c", code, str(src), str(tmp_path / "o")],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(done.stdout.splitlines()[-1].split())
    assert (tmp_path / "o" / "d.pdf").exists()
    assert "reportlab" in loaded
    assert not loaded & {"numpy", "pypdfium2", "skia", "matplotlib", "svgwrite",
                         "fontTools"}
