"""The printed Boss, Boss AI, Tentacle, Search Deck and Event cards of the session pack."""

from __future__ import annotations

import json
import re

from pnp.games.waste_of_parts.cards import event_deck
from pnp.games.waste_of_parts.printables import boss_components, event_components
from pnp.games.waste_of_parts.simulate import boss_decks
from pnp.preflight import preflight
from tests.games.waste_of_parts.helpers import CFG

#: The box's "26 Boss Cards" (2 Boss cards, 20 Tentacles, the Beacon, 2 Harpoon Bombs, the
#: Captain) and "13 AI Cards" (7 + 6).
BOSS_CARDS = 26 + 13


def test_session_prints_the_boss_and_event_cards_and_lists_them(run_pnp, tmp_path):
    """Poker cards 9 a page with a back page each (read back from the PDFs), in manifest.json,
    the cards as data in decks.json, `pnp preflight` clean (no text below 5 pt: the seed code
    line is the only small print)."""
    from pypdf import PdfReader

    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--out", str(tmp_path))
    assert code == 0, err
    pages = {n: len(PdfReader(tmp_path / f"{n}.pdf").pages) for n in ("bosses", "events")}
    assert pages == {"bosses": 2 * -(-BOSS_CARDS // 9), "events": 2 * -(-10 // 9)}
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    listed = json.dumps(manifest)
    assert "bosses.pdf" in listed and "events.pdf" in listed
    doc = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert len(doc["harrow"]["ai_cards"]) == 7 and len(doc["harrow"]["tentacles"]) == 20
    assert len(doc["scourge"]["ai_cards"]) == 6 and len(doc["scourge"]["search_cards"]) == 12
    assert len(doc["events"]) == 10 and all(e["text"] for e in doc["events"])
    for name in ("bosses.pdf", "events.pdf"):
        report = preflight(tmp_path / name)
        assert report.problems == [], report.problems
        assert all(f["embedded"] for f in report.fonts)
        assert all(t["pt"] >= 5 for t in report.small_text)
        # Below 6 pt only the seed code line ("<seed code>  boss #1").
        assert all(re.fullmatch(r"[0-9A-Z-]+ +[a-z ]+ #\d+", t["text"].strip())
                   for t in report.small_text), report.small_text[:3]


def test_the_box_holds_26_boss_cards_and_13_ai_cards():
    """Components: "Store these cards separately until required during gameplay: ... 26 Boss
    Cards (see page 16), 10 Event Cards (see page 16), 13 AI Cards (see page 16)". The Search
    Deck's "2 Just the Wind cards" and the "additional Just the Wind cards" are the Enemy deck's
    Just the Wind cards, not Boss cards; the 26th is the Captain, the Wastelander used when the
    Enemy deck holds none (docs/assumptions.md)."""
    from pnp.games.waste_of_parts.scourge import captain_card

    comps = boss_components(CFG, boss_decks(CFG, "t", "harrow"), boss_decks(CFG, "t", "scourge"),
                            "T3ST-CODE-0")
    piles: dict[str, int] = {}
    for c in comps:
        pile = c.front.name.rsplit("-", 1)[0]
        piles[pile] = piles.get(pile, 0) + 1
    assert piles == {"boss": 3, "tentacle": 20, "search": 3, "harrow-ai": 7, "scourge-ai": 6}
    assert sum(n for p, n in piles.items() if not p.endswith("-ai")) == 26
    texts = [i.text for c in comps for i in c.front.items if hasattr(i, "text")]
    assert "Just the Wind" not in texts                 # no card of that title
    words = " ".join(texts)
    card = captain_card(CFG)
    assert card.name == "Wastelander" and card.level == 3 and card.spawn == 4
    assert f"Health {card.health}" in words and f"Attack {card.attack}" in words


def test_no_card_text_within_3_mm_of_the_cut(tmp_path):
    """Each card alone on a page with its TrimBox (the print-shop imposition): preflight
    finds no text within 3 mm of the trim and every trim is a poker card."""
    from pnp.layout.impose import print_shop_pages
    from pnp.layout.pdf import write_pdf

    comps = boss_components(CFG, boss_decks(CFG, "t", "harrow"), boss_decks(CFG, "t", "scourge"),
                            "T3ST-CODE-0")
    comps += event_components(event_deck(), "T3ST-CODE-0")
    assert len(comps) == BOSS_CARDS + 10 and all(c.back is not None for c in comps)
    path = tmp_path / "cards.pdf"
    write_pdf(print_shop_pages(comps), path, print_shop=True)
    report = preflight(path)
    assert report.problems == [], report.problems[:5]
    assert len(report.pages) == 2 * len(comps)
    assert {tuple(round(v, 1) for v in p["trim"]) for p in report.pages} == {(63.5, 88.9)}


def test_backs_by_deck_never_by_card():
    """A deck's backs are all alike (the Beacon and the Harpoon Bombs share one), and each
    deck's back differs from the others'."""
    comps = boss_components(CFG, boss_decks(CFG, "t", "harrow"), boss_decks(CFG, "t", "scourge"),
                            "T3ST-CODE-0")
    comps += event_components(event_deck(), "T3ST-CODE-0")
    backs: dict[str, set] = {}
    for c in comps:
        deck = c.front.name.rsplit("-", 1)[0] if c.front.name else ""
        backs.setdefault(deck, set()).add(c.back.items if c.back else None)
    assert all(len(v) == 1 for v in backs.values()), {k: len(v) for k, v in backs.items()}
    assert len({next(iter(v)) for v in backs.values()}) == len(backs) == 6


def test_session_with_the_scourge_and_a_bad_boss(run_pnp, tmp_path):
    """`session --boss scourge` plays the Scourge in its games; `--boss nope` is one line, exit
    2, nothing written."""
    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "2",
                           "--boss", "scourge", "--out", str(tmp_path / "ok"))
    assert code == 0 or "FAIL" in err, err
    report = (tmp_path / "ok" / "report.html").read_text(encoding="utf-8")
    assert "the scourge" in report
    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "2",
                           "--boss", "nope", "--out", str(tmp_path / "bad"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "boss" in err
    assert not (tmp_path / "bad").exists()


def test_an_ai_card_that_strikes_a_room_names_it(tmp_path):
    """"Room {room} worsens": the card says which room of the Mech, as a Tentacle says where it
    spawns (read back from the PDF)."""
    from pypdf import PdfReader

    from pnp.layout.impose import print_shop_pages
    from pnp.layout.pdf import write_pdf

    harrow, scourge = boss_decks(CFG, "t", "harrow"), boss_decks(CFG, "t", "scourge")
    path = tmp_path / "bosses.pdf"
    write_pdf(print_shop_pages(boss_components(CFG, harrow, scourge, "T3ST-CODE-0")), path,
              print_shop=True)
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)
    struck = [c for c in (*harrow[0], *scourge[0]) if c.room]
    assert struck
    for c in struck:
        assert f"Strikes room {c.room}: {CFG.mech.room(c.room).name}" in text
    assert text.count("Strikes room") == len(struck)
