"""The junk bag file: the English Scrabble set by default, checked on load."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.junkyard_wars.bag import load_bag


def test_default_bag_is_english_scrabble():
    bag = load_bag()
    counts, points = bag.counts(), bag.points()
    assert sum(counts.values()) == 100 and len(bag.tiles()) == 100
    assert counts["?"] == 2 and sum(n for k, n in counts.items() if k != "?") == 98
    assert (counts["E"], counts["A"], counts["I"], counts["O"]) == (12, 9, 9, 8)
    assert (counts["Q"], counts["Z"], counts["J"], counts["X"], counts["K"]) == (1, 1, 1, 1, 1)
    assert (points["Q"], points["Z"], points["J"], points["X"], points["K"]) == (10, 10, 8, 8, 5)
    assert points["?"] == 0 and points["E"] == 1


def test_bag_must_sum_to_100(tmp_path):
    f = tmp_path / "bag.yaml"
    f.write_text("letters:\n  A: {count: 60, points: 1}\n  E: {count: 41, points: 1}\n")
    with pytest.raises(PnpError) as e:
        load_bag(f)
    assert e.value.file == str(f) and "101" in str(e.value)


@pytest.mark.parametrize("text, field", [
    ("letters:\n  AB: {count: 100, points: 1}\n", "letters.AB"),
    ("letters:\n  A: {count: -1, points: 1}\n", "letters.A"),
    ("letters:\n  A: {count: 100, points: x}\n", "letters.A"),
    ("letters: [1, 2]\n", "letters"),
])
def test_bad_entries_name_the_field(tmp_path, text, field):
    f = tmp_path / "bag.yaml"
    f.write_text(text)
    with pytest.raises(PnpError) as e:
        load_bag(f)
    assert e.value.field == field and e.value.file == str(f)


def test_bad_yaml_names_the_line(tmp_path):
    f = tmp_path / "bag.yaml"
    f.write_text("letters:\n  A: {count: 1\n  B: 2\n")
    with pytest.raises(PnpError) as e:
        load_bag(f)
    assert e.value.line is not None


def test_missing_file():
    with pytest.raises(PnpError, match="no such bag file"):
        load_bag("/no/such/bag.yaml")
