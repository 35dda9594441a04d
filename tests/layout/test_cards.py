"""Reading card lists: CSV, YAML and JSON; counts, backs, and errors that name the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.content import Card, Deck
from pnp.errors import PnpError
from pnp.layout.cards import deck_title, field_key, load_deck

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "salvage-mods.csv"


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode(encoding))
    return p


def test_csv_columns_counts_and_backs(tmp_path):
    p = write(tmp_path, "my-deck.csv",
              "Name,Type,Qty,Text,Back,HP\n"
              "Drill,Tool,3,\"Dig & <dig>, \"\"deep\"\"\",Starter,2\n"
              "Café,Food,,Crème brûlée,,\n")
    deck = load_deck(p)
    assert deck.name == "My Deck"
    a, b = deck.cards
    assert (a.name, a.count, a.back, a.line) == ("Drill", 3, "Starter", 2)
    assert a.fields == (("Type", "Tool"), ("Text", 'Dig & <dig>, "deep"'), ("HP", "2"))
    assert (b.name, b.count, b.back) == ("Café", 1, "")
    assert b.get("Text") == "Crème brûlée"
    assert deck.copies == 4


def test_csv_line_numbers_count_multiline_cells(tmp_path):
    p = write(tmp_path, "d.csv", 'name,text\nA,"two\nlines"\n\nB,x,extra\n')
    with pytest.raises(PnpError) as err:
        load_deck(p)
    assert err.value.line == 5 and err.value.file == str(p)
    assert "3 fields, the header has 2" in str(err.value)


def test_csv_too_few_fields_names_the_line(tmp_path):
    p = write(tmp_path, "d.csv", "name,cost,text\nA,1,ok\nB,2\n")
    with pytest.raises(PnpError) as err:
        load_deck(p)
    assert str(err.value).startswith(f"{p}:3: row has 2 fields")


def test_csv_semicolons_bom_and_blank_rows(tmp_path):
    p = write(tmp_path, "d.csv", "\ufeffname;cost\nA;1\n;\n\nB;2\n")
    deck = load_deck(p)
    assert [c.name for c in deck.cards] == ["A", "B"]
    assert deck.cards[1].line == 5


def test_csv_cp1252_fallback(tmp_path):
    p = write(tmp_path, "d.csv", "name\nCafé\n", encoding="cp1252")
    assert load_deck(p).cards[0].name == "Café"


@pytest.mark.parametrize("count", ["-1", "two", "1.5", "99999999"])
def test_bad_count_names_field_and_line(tmp_path, count):
    p = write(tmp_path, "d.csv", f"name,count\nA,1\nB,{count}\n")
    with pytest.raises(PnpError) as err:
        load_deck(p)
    assert (err.value.line, err.value.field) == (3, "count")


def test_zero_count_is_kept_but_not_printed(tmp_path):
    deck = load_deck(write(tmp_path, "d.csv", "name,count\nA,0\nB,2.0\n"))
    assert [c.count for c in deck.cards] == [0, 2] and deck.copies == 2


def test_duplicate_columns_after_normalising(tmp_path):
    with pytest.raises(PnpError) as err:
        load_deck(write(tmp_path, "d.csv", "name,Card Cost,card-cost\nA,1,2\n"))
    assert err.value.line == 1 and err.value.field == "card-cost"


def test_empty_header_column(tmp_path):
    with pytest.raises(PnpError, match="column 2 has no name"):
        load_deck(write(tmp_path, "d.csv", "name,,text\nA,1,2\n"))


def test_yaml_list_and_mapping_with_lines(tmp_path):
    p = write(tmp_path, "d.yaml", "name: Mods\ncards:\n  - name: A\n    cost: 2\n    count: 2\n"
                                  "  - name: B\n    count: lots\n")
    with pytest.raises(PnpError) as err:
        load_deck(p)
    assert (err.value.line, err.value.field) == (6, "count")
    p = write(tmp_path, "e.yml", "- {name: A, cost: 2, flag: true}\n- {name: B}\n")
    deck = load_deck(p)
    assert deck.name == "E"
    assert deck.cards[0].fields == (("cost", 2), ("flag", True))


def test_malformed_yaml_names_the_line(tmp_path):
    p = write(tmp_path, "d.yaml", "- name: A\n- name: [B\n")
    with pytest.raises(PnpError) as err:
        load_deck(p)
    assert err.value.file == str(p) and err.value.line is not None


def test_yaml_nested_value_is_an_error(tmp_path):
    with pytest.raises(PnpError) as err:
        load_deck(write(tmp_path, "d.yaml", "- name: A\n  tags: [x, y]\n"))
    assert err.value.field == "tags" and err.value.line == 1


def test_json_list_and_errors(tmp_path):
    deck = load_deck(write(tmp_path, "d.json", json.dumps({"name": "J", "cards": [
        {"name": "A", "qty": 2, "text": "x"}]})))
    assert deck.name == "J" and deck.cards[0].count == 2
    with pytest.raises(PnpError) as err:
        load_deck(write(tmp_path, "bad.json", '[\n{"name": "A",}\n]'))
    assert err.value.line == 2


def test_unknown_format_and_missing_file(tmp_path):
    with pytest.raises(PnpError, match="unknown card list format"):
        load_deck(write(tmp_path, "d.numbers", "x"))
    with pytest.raises(PnpError, match="cannot read"):
        load_deck(tmp_path / "nope.csv")


def test_deck_json_round_trip_and_reload(tmp_path):
    deck = load_deck(EXAMPLE)
    again = Deck.from_json(deck.to_json())
    assert again == deck
    # the pnp deck schema is itself a card list pnp reads
    p = write(tmp_path, "round.json", deck.to_json())
    assert load_deck(p) == deck


def test_example_deck_reads():
    deck = load_deck(EXAMPLE)
    assert len(deck.cards) == 19 and deck.name == "Salvage Mods"
    assert not any(c.back for c in deck.cards) and any(c.count > 1 for c in deck.cards)


def test_field_key_and_title():
    assert field_key("Card Cost") == "card_cost"
    assert field_key(" HP ") == "hp"
    assert field_key("2nd") == "_2nd"
    assert deck_title("waste_of-parts.csv") == "Waste Of Parts"


_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                max_size=20)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_text, st.integers(0, 5), _text), min_size=1, max_size=6))
def test_any_text_survives_csv(tmp_path_factory, rows):
    """Whatever the cells hold (quotes, commas, newlines, accents), they read back as written."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["name", "count", "text"])
    for name, count, text in rows:
        w.writerow([name, count, text])
    p = tmp_path_factory.mktemp("h") / "d.csv"
    p.write_text(buf.getvalue(), encoding="utf-8")
    try:
        deck = load_deck(p)
    except PnpError:
        # only rows a spreadsheet would drop (all blank) may make the list empty-headed
        return
    kept = [r for r in rows if any(str(x).strip() for x in r)]
    assert [c.name for c in deck.cards] == [r[0].strip() for r in kept]
    assert [c.get("text") for c in deck.cards] == [r[2].strip() for r in kept]
    assert all(isinstance(c, Card) for c in deck.cards)
