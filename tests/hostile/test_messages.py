"""Refusals that were unclear or silent: each names the file and line (or the option), the
field, what was given and what is allowed."""

from __future__ import annotations

import zipfile

import pytest


def test_count_and_qty_together_are_refused(pnp_run):
    line = pnp_run("render", "c.csv", "--out", "out",
                   files={"c.csv": "name,count,qty\nA,1,2\n"}).refused()
    assert "c.csv:2: field 'qty'" in line and "'count'" in line


def test_a_renamed_spreadsheet_is_named_as_such(pnp_run, tmp_path):
    with zipfile.ZipFile(tmp_path / "deck.csv", "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    line = pnp_run("render", "deck.csv", "--out", "out").refused()
    assert "spreadsheet" in line and "deck.csv" in line


def test_an_unclosed_quote_is_named_as_such(pnp_run):
    line = pnp_run("render", "c.csv", "--out", "out",
                   files={"c.csv": 'name,text\nA,"open quote\nB,two\nC,three\n'}).refused()
    assert "c.csv:2" in line and "quote" in line


def test_a_cell_past_the_limit_names_the_limit(pnp_run):
    line = pnp_run("render", "c.csv", "--out", "out",
                   files={"c.csv": "name,text\nA," + "x" * 200_000 + "\n"}).refused()
    assert "c.csv:2" in line and "--limit cell_chars=N" in line


def test_a_limit_can_be_raised(pnp_run):
    rows = "name,count\nA,20000\n"
    assert "--limit copies=N" in pnp_run("render", "c.csv", "--out", "out", "--formats", "svg",
                                         files={"c.csv": rows}).refused()
    r = pnp_run("--limit", "copies=20000", "render", "c.csv", "--out", "out", "--formats", "svg")
    assert r.code == 0, r.err


def test_size_zero_names_the_layout_file_line_and_item(pnp_run):
    line = pnp_run("render", "c.csv", "--layout", "l.yaml", "--out", "out", "--formats", "pdf",
                   files={"c.csv": "name\nA\n", "l.yaml": "items:\n  - id: title\n"
                          "    text: {x: 0, y: 0, w: 9, h: 9, text: a, size: 0}\n"}).refused()
    assert "l.yaml:3: field 'size'" in line and "item 'title'" in line and "got 0" in line
    line = pnp_run("render", "c.csv", "--layout", "l.yaml", "--out", "out",
                   files={"l.yaml": "size: 0\nitems: []\n"}).refused()
    assert "l.yaml" in line and "field 'size'" in line


def test_a_tiny_page_for_a_session_blames_the_page(pnp_run):
    line = pnp_run("waste-knights", "session", "--page", "20x20mm").refused()
    assert "field 'page'" in line and "20x20mm" in line


def test_a_non_layout_file_is_not_echoed_back(pnp_run):
    secret = "root:x:0:0:root:/root:/bin/bash\n"
    line = pnp_run("render", "c.csv", "--layout", "passwd", "--out", "out",
                   files={"c.csv": "name\nA\n", "passwd": secret}).refused()
    assert "not a pnp layout" in line and "root:x" not in line


@pytest.mark.parametrize("bad", ["x:5", "copies=abc", "copies=-1", "copies=nan"])
def test_a_bad_limit_option_is_one_line(pnp_run, bad):
    assert "field 'limit'" in pnp_run("--limit", bad, "games").refused()


def test_a_card_list_without_names_is_warned_about(pnp_run):
    r = pnp_run("render", "c.csv", "--out", "out", "--formats", "svg",
                files={"c.csv": "title,text\nA,one\n"})
    assert r.code == 0 and len(r.err_lines) == 1 and "no card has a name" in r.err


def test_a_deck_larger_than_the_word_list_is_refused(pnp_run):
    line = pnp_run("junkyard-wars", "deck", "--deck-size", "100000").refused()
    assert "field 'deck-size'" in line and "100000" in line
