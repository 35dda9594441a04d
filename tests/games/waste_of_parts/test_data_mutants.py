"""The Waste of Parts' rules file (``data.py``): each number read into ``Config`` and each bad
value refused with the file, the line and the field.

Written against the survivors of the mutation run of ``data.py`` that docs/testing.md lists.
The bundled rules.yaml is the rulebook's numbers (``test_rules_numbers.py``); here each key is
read from a file of its own, at its bounds and past them.
"""

from __future__ import annotations

import copy

import pytest
import yaml

from pnp.errors import PnpError
from pnp.games.waste_of_parts import data as D
from pnp.games.waste_of_parts.data import config_from_dict, load_config
from pnp.games.waste_of_parts.rules import Config
from pnp.resources import cardset

BUNDLED = yaml.safe_load(cardset(D.RULES_FILE).read_text(encoding="utf-8"))


def bad(data):
    with pytest.raises(D._Bad) as e:
        config_from_dict(data)
    return e.value.field, e.value.message


def test_the_bundled_file_and_the_defaults():
    assert config_from_dict(BUNDLED) == load_config(None)
    assert load_config(None).hull_start == 20 and load_config(None).standees == 74
    assert load_config(None) is load_config(None)  # read once
    assert config_from_dict({}) == Config()


@pytest.mark.parametrize("key", D._INTS)
def test_each_number_is_a_whole_number_from_1(key):
    assert getattr(config_from_dict({key: 7}), key) == 7
    assert getattr(config_from_dict({key: 1}), key) == 1
    low = 0 if key == "distance_start" else 1
    assert bad({key: low - 1}) == (key, f"must be a whole number >= {low}, got {low - 1}")
    assert bad({key: True})[0] == key and bad({key: "3"})[0] == key and bad({key: 2.0})[0] == key


def test_the_distance_may_start_at_0():
    assert config_from_dict({"distance_start": 0}).distance_start == 0
    assert {k for k, (low, _) in D._INTS.items() if low == 0} == {"distance_start"}


def test_noise_by_crew_for_3_to_5_crew():
    cfg = config_from_dict({"noise_by_crew": {5: 9, 3: 2}})
    assert cfg.noise_by_crew == ((3, 2), (4, 5), (5, 9))  # 4 crew members keep the default
    assert bad({"noise_by_crew": {6: 4}}) == ("noise_by_crew", "must be a whole number in 3-5, "
                                                               "got 6")
    assert bad({"noise_by_crew": {2: 4}})[0] == "noise_by_crew"
    assert bad({"noise_by_crew": {4: 0}}) == ("noise_by_crew.4", "must be a whole number >= 1, "
                                                                 "got 0")


def test_escalation_to_level_2_or_3():
    assert config_from_dict({"escalation": {20: 3, 10: 2}}).escalation == ((10, 2), (20, 3))
    assert bad({"escalation": {10: 4}}) == ("escalation.10", "must be a whole number in 2-3, "
                                                             "got 4")
    assert bad({"escalation": {10: 1}})[0] == "escalation.10"
    assert bad({"escalation": {0: 2}})[0] == "escalation"


def test_hit_faces_of_a_d6():
    assert config_from_dict({"hit_faces": [1, 6]}).hit_faces == (1, 6)
    assert bad({"hit_faces": [3, 7]}) == ("hit_faces", "must be a whole number in 1-6, got 7")
    assert bad({"hit_faces": [0]})[0] == "hit_faces"


def test_the_crew_members_starting_values():
    cfg = config_from_dict({"crew": {"health": 9, "attack": 1, "actions": 5}})
    assert (cfg.crew_health, cfg.crew_attack, cfg.crew_actions) == (9, 1, 5)
    assert config_from_dict({"crew": {"attack": 3}}).crew_health == Config().crew_health
    for key in ("health", "attack", "actions"):
        assert bad({"crew": {key: 0}}) == (f"crew.{key}", "must be a whole number >= 1, got 0")


def test_the_enemy_deck_by_level():
    cfg = config_from_dict({"enemy_deck": {3: {"cards": 5, "health": [4, 7], "attack": [2, 4]},
                                           1: {"cards": 4, "wind": 4, "health": [1, 1],
                                               "attack": [1, 2]}}})
    # level 2, left out, keeps its default deck
    assert cfg.enemy_deck == ((1, 4, 4, (1, 1), (1, 2)), Config().enemy_deck[1],
                              (3, 5, 0, (4, 7), (2, 4)))
    row = {"cards": 3, "health": [1, 2], "attack": [1, 1]}
    assert bad({"enemy_deck": {4: row}}) == ("enemy_deck", "must be a whole number in 1-3, got 4")
    assert bad({"enemy_deck": {0: row}})[0] == "enemy_deck"
    assert bad({"enemy_deck": {1: {**row, "cards": 0}}})[0] == "enemy_deck.1.cards"
    assert bad({"enemy_deck": {1: {**row, "wind": -1}}}) == (
        "enemy_deck.1.wind", "must be a whole number >= 0, got -1")
    assert bad({"enemy_deck": {2: {**row, "wind": 4}}}) == (
        "enemy_deck.2.wind", "more Just the Wind (4) than cards (3)")
    assert bad({"enemy_deck": {1: {**row, "health": [3, 2]}}}) == (
        "enemy_deck.1.health", "low 3 is above high 2")
    assert bad({"enemy_deck": {1: {**row, "attack": [1, 2, 3]}}}) == (
        "enemy_deck.1.attack", "must be [low, high], got [1, 2, 3]")
    assert bad({"enemy_deck": {1: {**row, "attack": 2}}})[0] == "enemy_deck.1.attack"
    assert bad({"enemy_deck": {1: {**row, "health": [1, 0]}}})[0] == "enemy_deck.1.health"


def test_the_salvage_deck_counts():
    cfg = config_from_dict({"salvage_deck": {"scrap": 0, "weapons": 3}})
    assert cfg.salvage_deck == (("scrap", 0), ("weapons", 3))
    assert bad({"salvage_deck": {"armor": -1}}) == ("salvage_deck.armor",
                                                    "must be a whole number >= 0, got -1")


def mech(**change):
    data = {k: copy.deepcopy(BUNDLED[k]) for k in ("rooms", "rows", "ladders", "wastes_adjacent")}
    data.update(change)
    return data


def test_the_mechs_rooms():
    assert config_from_dict(mech()).mech == Config().mech
    rooms = copy.deepcopy(BUNDLED["rooms"])
    del rooms[7]
    assert bad(mech(rooms=rooms)) == ("rooms.7", "missing: the Mech has rooms 1-12 and The "
                                                 "Wastes (13)")
    rooms = copy.deepcopy(BUNDLED["rooms"])
    del rooms[13]
    assert bad(mech(rooms=rooms))[0] == "rooms.13"
    rooms = copy.deepcopy(BUNDLED["rooms"])
    rooms[2]["kind"] = "bar"
    assert bad(mech(rooms=rooms)) == ("rooms.2.kind", "must be one of deck, multi, crane, "
                                                      "cockpit, gun, engine, wastes")
    rooms[2] = {"kind": "multi", "level": -1}
    assert bad(mech(rooms=rooms)) == ("rooms.2.level", "must be a whole number >= 0, got -1")
    rooms[2] = {"kind": "multi"}  # no name, no level: "" and 0
    room = config_from_dict(mech(rooms=rooms)).mech.rooms[1]
    assert (room.number, room.name, room.level, room.kind) == (2, "", 0, "multi")


@pytest.mark.parametrize("key,value,field,message", [
    ("rows", [[1, 2, 13]], "rows", "must be a whole number in 1-12, got 13"),
    ("ladders", [[0, 5]], "ladders", "must be a whole number in 1-12, got 0"),
    ("wastes_adjacent", [1, 13], "wastes_adjacent", "must be a whole number in 1-12, got 13"),
    ("wastes_adjacent", [0], "wastes_adjacent", "must be a whole number in 1-12, got 0"),
])
def test_the_maps_room_numbers(key, value, field, message):
    assert bad(mech(**{key: value})) == (field, message)


def test_the_map_reads_its_rows_ladders_and_wastes():
    m = config_from_dict(mech(wastes_adjacent=[4])).mech
    assert Config().mech != m
    assert config_from_dict(mech(ladders=[[1, 5], [4, 8], [6, 10], [7, 11], [2, 6]])).mech \
        != Config().mech


def test_every_room_reached_and_every_kind_there():
    assert bad(mech(ladders=[[1, 5], [4, 8]])) == ("ladders",
                                                   "room 9 cannot be reached from room 1")
    for kind, number in (("crane", 5), ("cockpit", 8)):
        rooms = copy.deepcopy(BUNDLED["rooms"])
        rooms[number]["kind"] = "multi"
        assert bad(mech(rooms=rooms)) == ("rooms", f"the Mech needs a room of kind {kind}")
    rooms = copy.deepcopy(BUNDLED["rooms"])
    rooms[10]["kind"] = rooms[11]["kind"] = "multi"
    assert bad(mech(rooms=rooms)) == ("rooms", "the Mech needs a room of kind engine")
    rooms = copy.deepcopy(BUNDLED["rooms"])
    rooms[9]["kind"] = rooms[12]["kind"] = "multi"
    assert bad(mech(rooms=rooms)) == ("rooms", "the Mech needs a room of kind gun")


def test_keys_and_shapes():
    assert bad([1, 2]) == ("", "must be a mapping of rule names to values")
    assert bad({"zeta": 1, "alpha": 2, "hull_start": 3}) == ("alpha", "unknown key")
    assert D._OTHER >= {"noise_by_crew", "escalation", "hit_faces", "crew", "rooms", "rows",
                        "ladders", "wastes_adjacent", "enemy_deck", "salvage_deck",
                        "end_of_round"}
    # the steps are the simulator's, in its order: another order or step is refused
    assert config_from_dict({"end_of_round": list(D.END_OF_ROUND)}) == Config()
    assert bad({"end_of_round": ["refresh"]})[0] == "end_of_round"
    assert bad({"end_of_round": ["refresh", "nap"]})[1].startswith("unknown step 'nap'")


def load(tmp_path, text):
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PnpError) as e:
        load_config(str(path))
    assert e.value.file == str(path)
    return e.value


def test_an_error_names_the_line_of_its_field(tmp_path):
    err = load(tmp_path, "hull_start: 20\nstandees: 0\n")
    assert (err.field, err.line, err.message) == ("standees", 2,
                                                  "must be a whole number >= 1, got 0")
    err = load(tmp_path, "hull_start: 20\ncrew:\n  health: 6\n  attack: 0\n")
    assert (err.field, err.line) == ("crew.attack", 4)
    err = load(tmp_path, "hull_start: 20\nnoise_by_crew: {3: 4, 7: 5}\n")
    assert (err.field, err.line) == ("noise_by_crew", 2)  # no line of its own: its key's
    err = load(tmp_path, "- 1\n- 2\n")
    assert err.field is None


def test_a_malformed_file_is_one_error(tmp_path):
    err = load(tmp_path, "crew: 5\n")
    assert err.message.startswith("must be a mapping") and err.field == "crew"
    err = load(tmp_path, "enemy_deck: {1: 3}\n")
    assert err.message.startswith("must be a mapping") and err.field == "enemy_deck.1"


def test_a_mech_without_its_rows_or_ladders_is_cut_off_not_broken():
    for key in ("rows", "ladders"):
        data = mech()
        del data[key]
        field, message = bad(data)
        assert field == "ladders" and message.endswith("cannot be reached from room 1")
    data = mech()
    del data["wastes_adjacent"]
    assert not config_from_dict(data).mech.distances(13).keys() - {13}  # nothing next to it


def test_the_room_named_is_the_first_cut_off_from_room_1():
    # Only rooms 2 and 5 joined: everything is out of room 1's reach, room 2 first.
    assert bad(mech(rows=[], ladders=[[2, 5]])) == ("ladders",
                                                    "room 2 cannot be reached from room 1")


def test_a_bad_value_reads_as_its_message():
    assert str(D._Bad("hull_start", "must be a whole number >= 1, got 0")) == \
        "must be a whole number >= 1, got 0"
