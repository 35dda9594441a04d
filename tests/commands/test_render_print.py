"""Bleed and marks that print, measured on the written PDF rendered to pixels (pypdfium2)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

DPI = 100
PX = DPI / 25.4  # pixels per mm

LAYOUT = """\
size: poker
items:
  - rect: {x: "{{ -bleed }}", y: "{{ -bleed }}", w: "{{ width + 2 * bleed }}",
           h: "{{ height + 2 * bleed }}", fill: "#e00000", stroke: none}
  - text: {x: 6, y: 6, w: 51.5, h: 10, text: "{{ name }}", size: 9, colour: "#ffffff"}
"""


def render(tmp_path: Path, run_pnp, *args: str) -> tuple[np.ndarray, str]:
    (tmp_path / "d.csv").write_text("name\n" + "\n".join(f"C{i}" for i in range(9)) + "\n")
    (tmp_path / "red.yaml").write_text(LAYOUT)
    out = tmp_path / "o"
    code, _, err = run_pnp("render", str(tmp_path / "d.csv"), "--out", str(out), "--layout",
                           str(tmp_path / "red.yaml"), "--formats", "pdf", "--quiet", *args)
    assert code == 0, err
    doc = pdfium.PdfDocument(str(out / "d.pdf"))
    img = np.asarray(doc[0].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    return img, err


def red(img: np.ndarray) -> np.ndarray:
    return (img[..., 0] > 200) & (img[..., 1] < 60) & (img[..., 2] < 60)


def dark(img: np.ndarray) -> np.ndarray:
    return img.sum(axis=2) < 300


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_art_bleeds_past_the_outer_trim_and_marks_keep_5mm_from_the_edge(tmp_path, run_pnp,
                                                                        page):
    img, err = render(tmp_path, run_pnp, "--page", page)
    h, w = img.shape[:2]
    ys, xs = np.nonzero(red(img))
    left, right = xs.min() / PX, (w - 1 - xs.max()) / PX
    top, bottom = ys.min() / PX, (h - 1 - ys.max()) / PX
    # the trims, centred: A4 3 x 3 upright, Letter 2 x 4 turned; the art runs at least 2 mm
    # beyond them on every outer edge (what is left beside the crop marks)
    (pw, ph), (nx, ny), (cw, ch) = {"a4": ((210, 297), (3, 3), (63.5, 88.9)),
                                    "letter": ((215.9, 279.4), (2, 4), (88.9, 63.5))}[page]
    trim_x, trim_y = (pw - nx * cw) / 2, (ph - ny * ch) / 2
    for art, trim in ((left, trim_x), (right, trim_x), (top, trim_y), (bottom, trim_y)):
        assert trim - art >= 2.0 - 0.1
    band = int(5 * PX) - 1
    for edge in (dark(img)[:band], dark(img)[-band:], dark(img)[:, :band], dark(img)[:, -band:]):
        assert not edge.any()  # nothing printed in the 5 mm a home printer loses
    assert dark(img).any()  # the crop marks are there
    if page == "letter":
        assert "8 per page instead of 9" in err


def test_gutter_gives_every_card_its_bleed_on_all_sides(tmp_path, run_pnp):
    img, _ = render(tmp_path, run_pnp, "--gutter", "10mm")
    mask = red(img)
    # blocks of red along each axis, each a card plus 3 mm of bleed on both sides (A4 holds
    # 2 x 4 turned cards 10 mm apart), 4 mm of paper between them
    for axis in (0, 1):
        line = np.nonzero(mask.any(axis=axis))[0]
        runs = np.split(line, np.nonzero(np.diff(line) > 1)[0] + 1)
        assert len(runs) >= 2
        for r in runs:
            assert min(abs((r[-1] - r[0] + 1) / PX - (d + 6)) for d in (63.5, 88.9)) < 0.3
        for a, b in zip(runs, runs[1:], strict=False):
            assert (b[0] - a[-1] - 1) / PX == pytest.approx(10 - 6, abs=0.3)
    # marks inside that gap, between the rows
    rows = np.nonzero(mask.any(axis=1))[0]
    row_gap = rows[np.nonzero(np.diff(rows) > 1)[0][0]] + 2
    assert dark(img)[row_gap:row_gap + int(3 * PX)].any()
