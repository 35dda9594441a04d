"""The junk bag file's checks, each error whole: its message, file, line and field (a bad bag
gets one clear line naming the file, line and field)."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.junkyard_wars.bag import DEFAULT_BAG, load_bag

LETTER = "a letter is one character (or '?' for the blank)"
ENTRY = "expected {count: N, points: P}"
COUNT = "count must be a whole number >= 0"
POINTS = "points must be a whole number >= 0"
REST = "  E: {count: 99, points: 1}\n"        # one more tile makes 100


def _error(tmp_path, text: str) -> tuple[PnpError, str]:
    f = tmp_path / "bag.yaml"
    f.write_text(text)
    with pytest.raises(PnpError) as e:
        load_bag(f)
    return e.value, str(f)


@pytest.mark.parametrize("entry, message, letter", [
    ("  AB: {count: 1, points: 1}\n", LETTER, "AB"),
    ("  '1': {count: 1, points: 1}\n", LETTER, "1"),
    ("  A: 1\n", ENTRY, "A"),
    ("  A: {points: 1}\n", COUNT, "A"),
    ("  A: {count: true, points: 1}\n", COUNT, "A"),
    ("  A: {count: -1, points: 1}\n", COUNT, "A"),
    ("  A: {count: x, points: 1}\n", COUNT, "A"),
    ("  A: {count: 1, points: -1}\n", POINTS, "A"),
    ("  A: {count: 1, points: true}\n", POINTS, "A"),
    ("  A: {count: 1, points: x}\n", POINTS, "A"),
])
def test_a_bad_letter_entry_names_its_line_and_field(tmp_path, entry, message, letter):
    # the bad entry is on line 3, after a good one: the line is counted from 1
    err, name = _error(tmp_path, "letters:\n" + REST + entry)
    assert (err.message, err.file, err.line, err.field) == (message, name, 3,
                                                             f"letters.{letter}")


def test_a_quoted_letter_is_found_on_its_line(tmp_path):
    err, _ = _error(tmp_path, 'letters:\n  "A": {count: -1}\n')
    assert (err.line, err.field) == (2, "letters.A")


def test_a_letter_listed_twice(tmp_path):
    # "a" and "A" are one letter: letters are upper-cased
    err, name = _error(tmp_path, "letters:\n  a: {count: 1}\n  A: {count: 99}\n")
    assert (err.message, err.file, err.field) == ("a letter is listed twice", name, "letters")


def test_counts_must_make_the_100_junk_squares(tmp_path):
    err, name = _error(tmp_path, "letters:\n  A: {count: 1}\n" + REST.replace("99", "98"))
    assert (err.message, err.file, err.field) == (
        "the counts add up to 99, expected 100 (one junk tile per junk square)", name, "letters")


def test_letters_must_be_a_mapping(tmp_path):
    err, name = _error(tmp_path, "letters: [A, B]\n")
    assert (err.message, err.file, err.field) == (
        "a bag file maps 'letters' to {count, points} entries", name, "letters")


def test_a_missing_file_and_a_folder_name_the_path(tmp_path):
    with pytest.raises(PnpError) as e:
        load_bag(tmp_path / "none.yaml")
    assert (e.value.message, e.value.file) == ("no such bag file", str(tmp_path / "none.yaml"))
    with pytest.raises(PnpError) as e:
        load_bag(tmp_path)
    assert (e.value.message, e.value.file) == ("the bag file is a folder, not a regular file",
                                               str(tmp_path))


def test_bad_yaml_names_the_file(tmp_path):
    err, name = _error(tmp_path, "letters:\n  A: {count: 1\n  B: 2\n")
    assert err.file == name and err.line is not None


def test_a_good_file_upper_cases_letters_defaults_points_and_names_the_bag(tmp_path):
    f = tmp_path / "mix.yaml"
    f.write_text("letters:\n  a: {count: 0}\n  '?': {count: 100, points: 2}\n")
    bag = load_bag(f)
    assert bag.letters == (("A", 0, 0), ("?", 100, 2))
    assert bag.name == "mix"                          # no name: the file's stem
    f.write_text("name: Blanks\nletters:\n  '?': {count: 100}\n")
    assert load_bag(f).name == "Blanks"
    assert load_bag().name != "scrabble_en" and load_bag(None) == load_bag()
    assert DEFAULT_BAG.endswith("scrabble_en.yaml")
