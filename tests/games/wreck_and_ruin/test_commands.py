"""`pnp wreck-and-ruin odds|map|session`: JSON shapes, files, and bad input (exit 2)."""

from __future__ import annotations

import json

import pytest

from pnp.games.wreck_and_ruin.odds import ram_document


def test_odds_shoot_json(run_pnp):
    code, out, _ = run_pnp("wreck-and-ruin", "odds", "shoot", "--dice", "2", "--armour", "4",
                           "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["distribution"]["0"] == pytest.approx(0.25)
    assert doc["expected_hits"] == pytest.approx(1.2)
    assert doc["at_least"]["1"] == pytest.approx(0.75)
    assert doc["truncated_mass"] < 1e-12 and "below" in doc["note"]
    assert sum(doc["distribution"].values()) == pytest.approx(1, abs=1e-12)


def test_odds_ram_json(run_pnp):
    code, out, _ = run_pnp("wreck-and-ruin", "odds", "ram", "--attacker", "wrecker",
                           "--target", "big-rig", "--rear", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["attacker_dice"] == 5 and doc["attacker_needs"] == 3
    assert doc["defender_dice"] == 3 and doc["defender_needs"] == 5
    assert doc["push"] == 0 and doc["push_possible"] is False
    assert doc == ram_document("wrecker", "big-rig", True)


@pytest.mark.parametrize("args,field", [
    (("shoot", "--dice", "0", "--armour", "4"), "dice"),
    (("shoot", "--dice", "2", "--armour", "9"), "armour"),
    (("ram", "--attacker", "tank", "--target", "buggy"), "attacker"),
    (("ram", "--attacker", "buggy", "--target", "hovercraft"), "target"),
    (("ram", "--attacker", "scout", "--target", "buggy"), "attacker"),
])
def test_odds_bad_input(run_pnp, args, field):
    code, out, err = run_pnp("wreck-and-ruin", "odds", *args)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and f"field '{field}'" in err


def test_map_command(run_pnp, tmp_path):
    code, out, _ = run_pnp("wreck-and-ruin", "map", "--players", "3", "--seed", "demo",
                           "--out", str(tmp_path))
    assert code == 0
    doc = json.loads((tmp_path / "map.json").read_text())
    assert doc["players"] == 3 and len(doc["tiles"]) == 7
    assert (tmp_path / "setup-sheet.pdf").exists() and (tmp_path / "manifest.json").exists()
    assert "spread" in out


def test_map_bad_players(run_pnp, tmp_path):
    code, _, err = run_pnp("wreck-and-ruin", "map", "--players", "5", "--out",
                           str(tmp_path / "x"))
    assert code == 2 and "players" in err and not (tmp_path / "x").exists()
