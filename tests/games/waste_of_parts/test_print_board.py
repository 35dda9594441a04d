"""The Waste of Parts' Mech board at true size, tiled over pages (A4 and Letter): a room's printed
size, read from the written PDF's rectangles, equals an "Inoperable" / "On Fire!" overlay's in
tokens.pdf, so an overlay covers a room ("Place an Inoperable overlay card on the room space");
and both files pass `pnp preflight`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games.waste_of_parts import boss, scourge
from pnp.games.waste_of_parts.printables import steps_text
from pnp.games.waste_of_parts.sheets import ROOM
from pnp.preflight import preflight
from tests.pdf_content import operations

MM = 72 / 25.4


def rect_sizes(pdf: Path) -> Counter[tuple[float, float]]:
    """(width, height) in mm, to 0.1 mm, of every rectangle drawn on every page (through q/Q/cm;
    pnp draws no rotated rectangles here)."""
    reader = PdfReader(str(pdf))
    sizes: Counter[tuple[float, float]] = Counter()
    for page in reader.pages:
        for operands, op, ctm in operations(reader, page):
            if op == b"re":
                w, h = (abs(float(v)) for v in operands[2:])
                sizes[(round(w * abs(ctm[0]) / MM, 1), round(h * abs(ctm[3]) / MM, 1))] += 1
    return sizes


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_rooms_print_at_the_overlays_size(run_pnp, tmp_path, page):
    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--page", page, "--out", str(tmp_path))
    assert code == 0, err
    board, tokens = tmp_path / "mech-board.pdf", tmp_path / "tokens.pdf"
    reader = PdfReader(str(board))
    assert len(reader.pages) > 1  # tiled: the board is larger than a page
    labels = [p.extract_text() for p in reader.pages]
    assert all(f"row 1, col {c + 1} of" in t for c, t in enumerate(labels[:2]))
    room = (round(ROOM[0], 1), round(ROOM[1], 1))
    assert rect_sizes(board)[room] >= 12           # the 12 rooms, each on at least one page
    assert rect_sizes(tokens)[room] == 20          # 10 Inoperable + 10 On Fire!
    assert "12 Fore Gun" in "".join(labels)
    for pdf in (board, tokens, tmp_path / "token-cards.pdf"):
        assert preflight(pdf).problems == [], pdf.name
    # The reference sheet's Bosses panel: each Boss's end-of-round steps, on one page.
    ref = PdfReader(str(tmp_path / "reference.pdf"))
    text = " ".join(ref.pages[0].extract_text().split())
    assert len(ref.pages) == 1
    for name, steps in (("The Harrow", boss.HARROW_STEPS), ("The Scourge", scourge.SCOURGE_STEPS)):
        assert f"{name} Boss Battle, end of round: {steps_text(steps)}" in text
    report = preflight(tmp_path / "reference.pdf")
    assert report.problems == [] and not any(t["pt"] < 6 for t in report.small_text)


def test_token_cards(run_pnp, tmp_path):
    """"11 Token Cards (Scrap Metal (2), Defense Drone (2), Lesser Ooze (4)...)": the Drones and
    Oozes in token-cards.pdf (a page of poker cards and its TOKEN back); the 2 Scrap Metal in
    salvage.pdf, as the Salvage Cards they are (docs/assumptions.md)."""
    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--out", str(tmp_path))
    assert code == 0, err
    front, back = (p.extract_text() for p in PdfReader(tmp_path / "token-cards.pdf").pages)
    assert front.count("Defense Drone") == 2 and front.count("Lesser Ooze") == 4
    # The other 3 of the 11: "reverse art" Token cards for upgraded Guns, the gun upgrades
    # the Salvage deck deals (+1, +1, +2), for the Aft Gun (9).
    flat = " ".join(front.split())
    assert flat.count("REVERSE ART") == 3 and flat.count("Aft Gun (9)") == 3
    assert flat.count("Twin Barrels installed") == 2
    assert flat.count("Twin Barrels II installed") == 1
    assert "Attack +1 (the gun rolls 4 dice" in flat and "Attack +2 (the gun rolls 5 dice" in flat
    assert back.count("TOKEN") == 9
    salvage = "".join(p.extract_text() for p in PdfReader(tmp_path / "salvage.pdf").pages)
    assert salvage.count("Scrap Metal") == 2
    sizes = rect_sizes(tmp_path / "token-cards.pdf")
    assert sizes[(63.5 + 6, 88.9 + 6)] >= 9  # poker cards with 3 mm bleed (backs may share one)
