"""`pnp calibrate`'s sheet passes pnp's own preflight: its ruler numbers are 6 pt, and no two
characters on it touch (read back from the written PDF)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.preflight import SMALL_PT, preflight

MM = 72 / 25.4


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_calibration_sheet_passes_preflight(tmp_path, run_pnp, page):
    code, _, err = run_pnp("calibrate", "--page", page, "--out", str(tmp_path))
    assert code == 0, err
    pdf = tmp_path / "calibration.pdf"
    report = preflight(pdf)
    assert not report.problems, report.problems
    assert not report.small_text  # nothing below 6 pt, the 70 ruler numbers included

    doc = pdfium.PdfDocument(str(pdf))
    try:
        text = doc[1].get_textpage()  # the back: five pairs of rulers
        boxes = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if char.strip():
                boxes.append((char, text.get_charbox(i)))
        numbers = [c for c, _ in boxes if c.isdigit()]
        # each of the 10 rulers reads 6 4 2 0 2 4 6 with a - and a + past its ends
        assert len(numbers) >= 70 and numbers.count("6") >= 20
        for char, (_, y0, _, y1) in boxes:
            if char.isdigit():
                assert y1 - y0 >= 0.7 * SMALL_PT * 0.9  # a digit is 0.73 em tall
        gap = 0.1 * MM
        ruler_chars = [(c, b) for c, b in boxes if c.isdigit() or c in "+-"]
        for k, (a, ba) in enumerate(ruler_chars):
            for b, bb in ruler_chars[k + 1:]:
                apart = (ba[2] + gap <= bb[0] or bb[2] + gap <= ba[0]
                         or ba[3] + gap <= bb[1] or bb[3] + gap <= ba[1])
                assert apart, f"{a!r} at {ba} touches {b!r} at {bb}"
    finally:
        doc.close()
