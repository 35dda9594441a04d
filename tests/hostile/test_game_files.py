"""Issue 27's cases for Salvage, The Waste of Parts and Wreck and Ruin: each hostile number,
name or count in a designer file or an option is refused in one line naming the file, line and
field (exit 2), before any game is played. In process: each is refused at the edge, at once."""

from __future__ import annotations

import json
import re

import pytest

from pnp.resources import cardset


def bundled(name: str, *edits: tuple[str, str]) -> str:
    """A bundled card-set file with ``(pattern, replacement)`` regex edits (each must match)."""
    text = cardset(name).read_text(encoding="utf-8")
    for pattern, repl in edits:
        text, n = re.subn(pattern, repl, text, count=1, flags=re.M)
        assert n == 1, pattern
    return text


BIG = "1000000000"

SALVAGE = ("salvage", "simulate", "--games", "2", "--jobs", "1")
WASTE = ("waste-of-parts", "simulate", "--games", "1", "--jobs", "1")
WRECK = ("wreck-and-ruin", "simulate", "--games", "1", "--jobs", "1", "--players", "2")

#: case -> (command, option, file name, file text, what the line must hold)
FILES = {
    "salvage rounds": (SALVAGE, "--rules", "salvage/rules.yaml",
        [(r"^rounds: 24", f"rounds: {BIG}")],
                       "r.yaml:40: field 'rounds': must be a whole number from 1 to 1000"),
    "salvage coin flips": (SALVAGE, "--rules", "salvage/rules.yaml",
                           [(r"^coin_flips: 2", f"coin_flips: {BIG}")], "field 'coin_flips'"),
    "salvage start dice": (SALVAGE, "--rules", "salvage/rules.yaml",
                           [(r"^start_dice: \[D6\]", "start_dice: [" + ", ".join(["D6"] * 10 ** 5)
                             + "]")], "field 'start_dice': must list at most 48 dice"),
    "salvage start dice beyond the supply": (
        SALVAGE, "--rules", "salvage/rules.yaml",
        [(r"^start_dice: \[D6\]", "start_dice: [D6, D6, D6]")],
        "field 'start_dice': two mechas start with 3 D6 each; the supply holds 4"),
    "salvage mods drawn": (SALVAGE, "--rules", "salvage/rules.yaml",
                           [(r"^mods_drawn: 2", f"mods_drawn: {BIG}")], "field 'mods_drawn'"),
    "salvage supply": (SALVAGE, "--rules", "salvage/rules.yaml",
        [(r"^  D6: 4", f"  D6: {BIG}")],
                       "field 'supply.D6'"),
    "salvage mob as a number": (SALVAGE, "--rules", "salvage/rules.yaml",
                                [(r"^  C: \{number: 6, hits: 1\}", "  C: 5")],
                                "field 'mobs.C': must be a mapping"),
    "an unknown key of a mob": (
        SALVAGE, "--rules", "salvage/rules.yaml",
        [(r"^  C: \{number: 6, hits: 1\}", "  C: {number: 6, hits: 1, bite: 2}")],
        "field 'mobs.C.bite': unknown key"),
    "a face of the node die that is no face": (
        SALVAGE, "--rules", "salvage/rules.yaml",
        [(r"^  1: \{text: Nothing\}", "  1: {text: Nothing}\n  x: {text: Nothing}")],
        "field 'node_die': must give the faces 1 to 6"),
    "a ladder of one room": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                             [(r"^ladders: \[\[1, 5\],", "ladders: [[1],")],
                             "field 'ladders': a ladder joins two rooms"),
    "a mod of ten million copies": (SALVAGE, "--mods", "salvage/mods.yaml",
                                    [(r"^    count: 2", "    count: 10000000")],
                                    "field 'mods[1].count'"),
    "a mod's huge effect": (SALVAGE, "--mods", "salvage/mods.yaml",
                            [(r"effects: \{max_fuel: 1\}", f"effects: {{max_fuel: {BIG}}}")],
                            "field 'mods[2].effects.max_fuel'"),
    "enemy cards": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                    [(r"1: \{cards: 70,", f"1: {{cards: {BIG},")],
                    "field 'enemy_deck.1.cards'"),
    "salvage cards": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                      [(r"scrap: 45,", f"scrap: {BIG},")], "field 'salvage_deck.scrap'"),
    "a gun's attack": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                       [(r"^gun_attack: 3", f"gun_attack: {BIG}")], "field 'gun_attack'"),
    "no Enemy fits the threat band": (
        WASTE, "--rules", "waste_of_parts/rules.yaml",
        [(r"(1: \{cards: \d+, wind: \d+,) health: \[1, 3\], attack: \[1, 2\]\}",
          r"\1 health: [30, 30], attack: [30, 30]}")],
        "field 'enemy_deck.1': no level-1 plain Enemy fits the threat band"),
    "an unknown salvage kind": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                                [(r"scrap: 45,", "scrap: 45, shiny: 3,")],
                                "field 'salvage_deck.shiny': unknown Salvage kind"),
    "an unknown end-of-round step": (WASTE, "--rules", "waste_of_parts/rules.yaml",
                                     [(r"fire_damage,", "fire_damage, nap,")],
                                     "field 'end_of_round': unknown step 'nap'"),
    "an enemy level without its attack": (
        WASTE, "--rules", "waste_of_parts/rules.yaml",
        [(r"(2: \{cards: \d+, wind: \d+, health: \[2, 5\]), attack: \[1, 3\]\}", r"\1}")],
        "field 'enemy_deck.2.attack'"),
    "an enemy level that is no level": (
        WASTE, "--rules", "waste_of_parts/rules.yaml",
        [(r"^  3: \{cards: 56", "  x: {cards: 56")], "field 'enemy_deck'"),
    "wreck ap": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                 [(r"^ap: \[5, 4, 4\]", f"ap: [{BIG}, 4, 4]")],
                 "field 'ap[0]'"),
    "wreck rounds": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                     [(r"^rounds: \[6, 5, 4\]", f"rounds: [{BIG}, 5, 4]")], "field 'rounds[0]'"),
    "wreck tokens": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                     [(r"^tokens: 4", f"tokens: {BIG}")],
                     "field 'tokens': must be a whole number from 1 to 7"),
    "wreck explosion": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                        [(r"^explosion_dice: 1", f"explosion_dice: {BIG}")],
                        "field 'explosion_dice'"),
    "wreck repair dice": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                          [(r"^wreck_repair_dice: 2", f"wreck_repair_dice: {BIG}")],
                          "field 'wreck_repair_dice'"),
    "NaN margin": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                   [(r"^margin_ap: 0.5", "margin_ap: .nan")], "field 'margin_ap'"),
    "infinite margin": (WRECK, "--rules", "wreck_and_ruin/rules.yaml",
                        [(r"^margin_ap: 0.5", "margin_ap: .inf")], "field 'margin_ap'"),
    "a vehicle's attack": (WRECK, "--vehicles", "wreck_and_ruin/vehicles.yaml",
                           [(r"attack: 1, armour: 3, dp: 2", f"attack: {BIG}, armour: 3, dp: 2")],
                           "field 'vehicles.scout.attack'"),
    "a vehicle's size": (WRECK, "--vehicles", "wreck_and_ruin/vehicles.yaml",
                         [(r"scout:   \{size: 1", f"scout:   {{size: {BIG}")],
                         "field 'vehicles.scout.size'"),
    "an event of ten million copies": (WRECK, "--events", "wreck_and_ruin/events.yaml",
                                       [(r"Still Air, effect: calm,", "Still Air, effect: calm, "
                                         "count: 10000000,")],
                                       "count': must be a whole number from 1 to 10000"),
}


@pytest.mark.parametrize("case", list(FILES))
def test_a_hostile_number_in_a_designer_file_is_refused(run_pnp, tmp_path, monkeypatch, case):
    command, option, name, edits, expected = FILES[case]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text(bundled(name, *edits), encoding="utf-8")
    # an absolute path: a loader may keep what it read by path within one process
    code, out, err = run_pnp(*command, option, str(tmp_path / "r.yaml"))
    assert (code, err.count("\n")) == (2, 1), err
    assert err.startswith(f"pnp: error: {tmp_path / 'r.yaml'}:") and expected in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.yaml"]  # nothing written


def test_a_rules_file_missing_a_crew_size_keeps_its_default(run_pnp, tmp_path, monkeypatch):
    # "is for 3-5 crew members, got 3": the crew size left out keeps its default Noise
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text(bundled("waste_of_parts/rules.yaml", (
        r"^noise_by_crew: \{3: 4, 4: 5, 5: 7\}", "noise_by_crew: {4: 5, 5: 7}")))
    code, out, err = run_pnp(*WASTE, "--crew", "3", "--rules", str(tmp_path / "r.yaml"))
    assert code == 0, err


def tiles(edit) -> str:
    """A valid tiles.json with ``edit(doc)`` applied."""
    import random

    from pnp.games.wreck_and_ruin.tiles import generate_tiles, tiles_to_dict

    doc = tiles_to_dict(generate_tiles(random.Random(1)))
    edit(doc)
    return json.dumps(doc)


def _rock(value):
    def edit(doc):
        doc["tiles"][0]["A"]["rocks"].append(value)
    return edit


@pytest.mark.parametrize("text, expected", [
    (tiles(_rock([1, 0])).replace("[1, 0]", "[" + "9" * 5000 + ", 0]"), "int_digits"),
    (tiles(_rock([1, 0])).replace("[1, 0]", "[Infinity, 0]"),
     "field 'tiles[0].A.rocks"),
    (tiles(_rock([3, 3])), "hex 3,3 is outside the tile"),
    (tiles(_rock([1.5, 0])), "field 'tiles[0].A.rocks"),
    (tiles(lambda d: d["tiles"][0].update(number=10 ** 12)), "field 'tiles[0].number'"),
], ids=["5000 digits", "infinite", "outside its tile", "a fraction", "huge number"])
def test_a_hostile_tiles_file_is_refused(run_pnp, tmp_path, monkeypatch, text, expected):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.json").write_text(text)
    code, out, err = run_pnp(*WRECK, "--tiles", "t.json")
    assert (code, err.count("\n")) == (2, 1), err
    assert err.startswith("pnp: error: t.json") and expected in err, err


def test_a_field_scaled_a_thousand_times_is_refused(run_pnp, tmp_path, monkeypatch):
    from pnp.games.salvage.field import generate_field
    from pnp.games.salvage.field_file import field_to_dict

    doc = field_to_dict(generate_field("x"))
    for node in doc["nodes"]:
        node["x"], node["y"] = node["x"] * 1000, node["y"] * 1000
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.json").write_text(json.dumps(doc))
    code, out, err = run_pnp(*SALVAGE, "--field", "f.json")
    assert (code, err.count("\n")) == (2, 1), err
    assert "f.json: field 'nodes'" in err and "card_mm" in err, err


T = "1000000000000"
OPTIONS = {
    "mods --games 1e12": (("salvage", "mods", "--games", T), "field 'games'"),
    "decks --games 1e12": (("waste-of-parts", "decks", "--games", T), "field 'games'"),
    "cards --games 1e12": (("wreck-and-ruin", "cards", "--games", T), "field 'games'"),
    "--strength-games 1e12": (("salvage", "session", "--games", "0", "--strength-games", T),
                              "field 'strength-games'"),
    "odds --health 20000": (("waste-of-parts", "odds", "--health", "20000"), "field 'health'"),
    "mods --games -1": (("salvage", "mods", "--games", "-1"), "field 'games'"),
    "decks --tries -1": (("waste-of-parts", "decks", "--tries", "-1"), "field 'tries'"),
    "decks --tries 1e12": (("waste-of-parts", "decks", "--tries", T), "field 'tries'"),
    "decks --games -1": (("waste-of-parts", "decks", "--games", "-1"), "field 'games'"),
    "decks --card-games -1": (("waste-of-parts", "decks", "--card-games", "-1"),
                              "field 'card-games'"),
    "decks --crew-games -1": (("waste-of-parts", "decks", "--crew-games", "-1"),
                              "field 'crew-games'"),
    "mods --max-rounds -1": (("salvage", "mods", "--max-rounds", "-1"), "field 'max-rounds'"),
    "cards --retune 1e12": (("wreck-and-ruin", "cards", "--retune", T), "field 'retune'"),
    "an empty --bots": (("salvage", "simulate", "--bots", ""), "field 'bots'"),
    "salvage --rounds 1e12": (("salvage", "simulate", "--rounds", T), "field 'rounds'"),
    "wreck --rounds 1e12": (("wreck-and-ruin", "simulate", "--rounds", T), "field 'rounds'"),
}


@pytest.mark.parametrize("case", list(OPTIONS))
def test_a_hostile_count_is_refused_before_it_runs(run_pnp, tmp_path, monkeypatch, case):
    args, expected = OPTIONS[case]
    monkeypatch.chdir(tmp_path)
    code, out, err = run_pnp(*args)
    assert (code, err.count("\n")) == (2, 1), err
    assert err.startswith("pnp: error: ") and expected in err, err
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]  # nothing written


@pytest.mark.parametrize("fields", ["5", "[5]", '[["a"]]', '{"a": 1}'],
                         ids=["a number", "a list of numbers", "a pair of one", "a mapping"])
def test_a_pnp_deck_card_list_with_fields_of_the_wrong_shape_is_refused(run_pnp, tmp_path,
                                                                        monkeypatch, fields):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.json").write_text('{"schema": "pnp.deck/1", "name": "x", "cards": '
                                     f'[{{"name": "a", "fields": {fields}}}]}}')
    code, out, err = run_pnp("render", "c.json", "--out", "out", "--formats", "pdf")
    assert (code, err.count("\n")) == (2, 1), err
    assert err.startswith("pnp: error: c.json: field 'cards[0].fields'"), err
