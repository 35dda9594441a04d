"""`pnp waste-of-parts odds` and `decks`: exact odds as JSON, decks.json with the band checks."""

from __future__ import annotations

import json
from fractions import Fraction

from pnp.games.waste_of_parts.balance import crew_checks, deck_checks
from pnp.games.waste_of_parts.simulate import make_setup


def test_odds_json(run_pnp):
    code, out, err = run_pnp("waste-of-parts", "odds", "--dice", "3", "--health", "2", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["hits"]["3"]["exact"] == "8/27" and doc["p_jam"]["exact"] == "1/216"
    assert Fraction(doc["p_kill_in_one_attack"]["exact"]) == Fraction(20, 27)
    assert sum(Fraction(p["exact"]) for p in doc["hits"].values()) == 1


def test_odds_bad_dice_exit_2(run_pnp):
    code, _, err = run_pnp("waste-of-parts", "odds", "--dice", "0")
    assert code == 2 and "dice" in err


def test_a_crew_size_out_of_range_names_the_flag_the_user_typed(run_pnp):
    code, out, err = run_pnp("waste-of-parts", "simulate", "--crew", "9", "--games", "2")
    assert code == 2 and out == ""
    assert err.strip() == ("pnp: error: field 'players (--crew)': The Waste of Parts is for "
                           "3-5 players, got 9")


def test_decks_writes_every_card_with_its_checks(run_pnp, tmp_path):
    code, out, err = run_pnp("waste-of-parts", "decks", "--seed", "t", "--out", str(tmp_path))
    assert code == 0, err
    doc = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert len(doc["enemy_deck"]) == 188 and len(doc["salvage_deck"]) == 151
    assert all(c["passed"] for c in doc["checks"])
    assert (tmp_path / "manifest.json").exists()


def test_decks_and_session_list_the_same_set_aside_cards(run_pnp, tmp_path):
    """`decks` and `session` of one seed write the same cards: the Enemy and Salvage decks, the
    Harrow's and the Scourge's cards and the 10 Event cards ("10 Event Cards (see page 16)")
    with their texts; before, only the session's decks.json had the Events."""
    code, _, err = run_pnp("waste-of-parts", "decks", "--seed", "t", "--out",
                           str(tmp_path / "decks"))
    assert code == 0, err
    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--out", str(tmp_path / "session"))
    assert code == 0, err
    decks_doc = json.loads((tmp_path / "decks" / "decks.json").read_text(encoding="utf-8"))
    session = json.loads((tmp_path / "session" / "decks.json").read_text(encoding="utf-8"))
    assert len(decks_doc["events"]) == 10 and all(e["text"] for e in decks_doc["events"])
    for key in ("enemy_deck", "salvage_deck", "harrow", "scourge", "events"):
        assert decks_doc[key] == session[key], key
    assert decks_doc["scourge"]["captain"]["name"] == "Wastelander"


def test_deck_and_crew_checks():
    setup = make_setup("t", 4, ("heuristic",) * 4, {})
    assert all(c.passed for c in deck_checks(setup))
    checks = crew_checks({3: (45, 100), 4: (50, 100), 5: (70, 100)})
    # 45 of 100 straddles 0.40; 50 of 100 lies inside; 70 of 100 and the spread 0.25 lie out
    assert [c.status for c in checks] == ["UNDECIDED", "PASS", "FAIL", "FAIL"]


def test_session_pack_prints_every_card(run_pnp, tmp_path):
    """The session pack: Mech board, reference, 188 Enemy and 151 Salvage cards (read back from
    the PDFs: 9 poker cards a page, fronts and backs), decks.json, report, manifest."""
    from pypdf import PdfReader

    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "4",
                           "--out", str(tmp_path))
    assert code == 0 or "FAIL" in err, err
    pages = {n: len(PdfReader(tmp_path / f"{n}.pdf").pages) for n in ("enemies", "salvage")}
    assert pages == {"enemies": 2 * -(-188 // 9), "salvage": 2 * -(-151 // 9)}
    for name in ("mech-board.pdf", "reference.pdf", "decks.json", "report.html",
                 "manifest.json"):
        assert (tmp_path / name).exists()


def test_decks_measures_salvage_archetypes(run_pnp, tmp_path):
    code, _, err = run_pnp("waste-of-parts", "decks", "--seed", "t", "--card-games", "2",
                           "--out", str(tmp_path))
    assert code == 0 or "FAIL" in err, err
    doc = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    values = doc["salvage_values"]
    assert "scrap" in values and all(v["cards"] >= 1 for v in values.values())
    assert "noise +1" in doc["noise_costs"]
    assert any(c["name"].endswith("Noise cost tracks its value") for c in doc["checks"])


def test_starting_card_is_given_to_the_crew():
    from pnp.games.waste_of_parts.balance import archetypes
    from pnp.games.waste_of_parts.state import WasteState

    setup = make_setup("t", 4, ("heuristic",) * 4, {})
    cards = archetypes(setup)
    weapon = next(c for k, c in cards.items() if k.startswith("weapon"))
    upgrade = next(c for k, c in cards.items() if k.startswith("upgrade"))
    import random
    s = WasteState(setup.config, 4, setup.enemies, setup.salvage, random.Random(1),
                   start_cards=(weapon, upgrade))
    assert weapon in s.crew[0].items and upgrade in s.upgrades.values()


def test_session_trackers(run_pnp, tmp_path):
    """The Mech Tracker (Noise, Distance 0-35 with the level 2/3 marks and Sanctuary, Hull 0-20,
    the two engines) and the Enemy Tracker (a space per Spawn Location 1-13), read back from
    the PDF: two A4 pages, the numbers from the rules data."""
    from pypdf import PdfReader

    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--out", str(tmp_path))
    assert code == 0, err
    reader = PdfReader(tmp_path / "trackers.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(w * 25.4 / 72), round(h * 25.4 / 72)) == (210, 297)
    mech, enemy = (p.extract_text() for p in reader.pages)
    assert "Sanctuary" in mech and "level 2" in mech and "level 3" in mech
    assert "start, 5 crew" in mech and "Engine Room 10" in mech and "Engine Room 11" in mech
    assert all(str(n) in mech for n in range(36))
    assert "13 The Wastes" in enemy and "8 Cockpit" in enemy


def test_session_overlays_and_chits(run_pnp, tmp_path):
    """"10 "Inoperable" & 10 "On Fire!" overlays" and a chit per standee (74 Enemy, 11 crew),
    read back from tokens.pdf (test_print_board.py: an overlay is the size of a room)."""
    from pypdf import PdfReader

    code, _, err = run_pnp("waste-of-parts", "session", "--seed", "t", "--games", "0",
                           "--out", str(tmp_path))
    assert code == 0, err
    *pages, chits = (p.extract_text() for p in PdfReader(tmp_path / "tokens.pdf").pages)
    over = "".join(pages)
    assert over.count("Inoperable\n") + over.count("Inoperable ") >= 10
    assert over.count("On Fire!") == 10
    assert all(f"E{n}" in chits for n in range(1, 75)) and "Crew 11" in chits


def test_crew_is_the_players_option(run_pnp):
    """The issue's own spelling: `simulate --crew 4` is `--players 4` ("Crew Members")."""
    runs = [run_pnp("waste-of-parts", "simulate", flag, "3", "--games", "2", "--seed", "c",
                    "--jobs", "1", "--json") for flag in ("--crew", "--players")]
    assert runs[0][0] == 0, runs[0][2]
    assert runs[0][1] == runs[1][1] and json.loads(runs[0][1])["crew"] == 3
    code, _, err = run_pnp("waste-of-parts", "simulate", "--crew", "2", "--games", "1")
    assert code == 2 and "3-5" in err
def test_decks_measures_crew_dashboards(run_pnp, tmp_path):
    code, _, err = run_pnp("waste-of-parts", "decks", "--seed", "t", "--crew-games", "2",
                           "--out", str(tmp_path))
    assert code == 0 or "FAIL" in err, err
    doc = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert len(doc["crew_effects"]) == 11 == len(doc["crew_dashboards"])
    assert sum(c["name"].startswith("crew dashboard") for c in doc["checks"]) == 11
