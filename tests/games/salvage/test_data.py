"""cardsets/salvage/*.yaml: the bundled data loads; bad data names the file, line and field."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.salvage import data
from pnp.games.salvage.mods import EFFECTS
from pnp.games.salvage.rules import Config


def test_bundled_deck_is_about_24_mods_from_the_vocabulary():
    mods = data.load_mods()
    deck = data.load_deck()
    assert 20 <= len(deck) <= 30 and len({m.name for m in mods}) == len(mods)
    assert all(0 <= m.score <= 5 and m.text for m in mods)
    assert all(e in EFFECTS for m in mods for e, _ in m.effects)
    assert "Cell Cradle" in {m.name for m in mods}  # the one mod the aid names


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def error_of(fn, path):
    with pytest.raises(PnpError) as exc:
        fn(path)
    return exc.value


def test_unknown_effect_names_file_line_and_field(tmp_path):
    path = write(tmp_path, "mods.yaml", "mods:\n  - name: Jet\n    score: 1\n"
                 "    effects: {power: 1, teleport: 2}\n")
    err = error_of(data.load_mods, path)
    assert err.file == path and err.line == 4 and err.field == "mods[0].effects.teleport"
    assert "unknown effect 'teleport'" in str(err)


@pytest.mark.parametrize("text,field", [
    ("mods: 3\n", "mods"),
    ("mods:\n  - name: A\n    score: -1\n", "mods[0].score"),
    ("mods:\n  - name: A\n    score: 1\n  - name: A\n    score: 2\n", "mods[1].name"),
    ("mods:\n  - name: A\n    score: 1\n    effects: {magnet: 2}\n", "mods[0].effects.magnet"),
    ("mods:\n  - name: A\n    score: 1\n    colour: red\n", "mods[0].colour"),
    ("mods:\n  - score: 1\n", "mods[0].name"),
    ("mods: []\n", "mods"),
])
def test_bad_mods(tmp_path, text, field):
    err = error_of(data.load_mods, write(tmp_path, "mods.yaml", text))
    assert err.field == field and err.line is not None


@pytest.mark.parametrize("text,field", [
    ("max_fuel: 0\n", "max_fuel"),
    ("max_fuel: six\n", "max_fuel"),
    ("fuel: 6\n", "fuel"),
    ("supply: {D7: 4}\n", "supply.D7"),
    ("mobs: {C: {number: 6, hits: 1}}\n", "mobs"),
    ("mobs:\n  C: {number: 6, hits: 1}\n  B: {number: 8, hits: 0}\n  A: {number: 9, hits: 3}\n",
     "mobs.B.hits"),
    ("node_die: {1: {}, 2: {}, 3: {}, 4: {mob: D}, 5: {}, 6: {}}\n", "node_die.4.mob"),
    ("bank_cells: maybe\n", "bank_cells"),
    ("clash_collapse: 1\n", "clash_collapse"),
    ("start_dice: [D6, d30]\n", "start_dice[1]"),
    ("scrap_weights: {wood: 1}\n", "scrap_weights"),
    ("scrap_weights: {cardboard: 0, chipboard: 0, wood: 0, acrylic: 0, metal: 0, resin: 0}\n",
     "scrap_weights"),
])
def test_bad_rules(tmp_path, text, field):
    err = error_of(data.load_config, write(tmp_path, "rules.yaml", text))
    assert err.field == field and err.line is not None and err.file.endswith("rules.yaml")


def test_clash_collapse_is_off_in_the_bundled_rules_and_a_rules_file_turns_it_on(tmp_path):
    # "A clash costs no HP, so it never makes you collapse": the default; the other reading of
    # an empty tank after a knock-back is an option (docs/assumptions.md, "Clashes").
    assert data.load_config().clash_collapse is False
    cfg = data.load_config(write(tmp_path, "rules.yaml", "clash_collapse: true\n"))
    assert cfg.clash_collapse is True


def test_rules_override_keeps_the_rest(tmp_path):
    cfg = data.load_config(write(tmp_path, "rules.yaml", "max_fuel: 8\nsupply: {D6: 2}\n"))
    assert cfg.max_fuel == 8 and cfg.supply == ((6, 2),) and cfg.max_hp == Config().max_hp


def test_malformed_yaml_and_missing_file(tmp_path):
    err = error_of(data.load_mods, write(tmp_path, "mods.yaml", "mods: [\n"))
    assert "malformed YAML" in str(err) and err.line
    err = error_of(data.load_config, str(tmp_path / "nope.yaml"))
    assert "cannot read" in str(err)


def test_bad_field_file_is_one_error(tmp_path):
    err = error_of(data.load_field, write(tmp_path, "field.json", "{\"nodes\": 3}"))
    assert err.file.endswith("field.json")
