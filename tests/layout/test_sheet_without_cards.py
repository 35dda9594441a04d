"""A workbook whose first sheet has no cards (they are on another): the error names the sheets
it saw and says to use --sheet, for .xlsx and .ods."""

from __future__ import annotations

from pathlib import Path

import pytest


def write_xlsx(path: Path, sheets: dict[str, list[list[str]]]) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
    book.save(path)


def write_ods(path: Path, sheets: dict[str, list[list[str]]]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for name, rows in sheets.items():
        table = Table(name=name)
        for row in rows:
            tr = TableRow()
            for value in row:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
                tr.addElement(cell)
            table.addElement(tr)
        doc.spreadsheet.addElement(table)
    doc.save(str(path))


CARDS = [["name", "text"], ["Scout", "Moves two"]]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
@pytest.mark.parametrize(("first", "why"), [([], "it is empty"),
                                             ([["name", "text"]], "a header row and no cards")])
def test_the_error_names_the_sheets(tmp_path, run_pnp, suffix, first, why):
    path = tmp_path / f"deck{suffix}"
    (write_xlsx if suffix == ".xlsx" else write_ods)(path, {"Notes": first, "Cards": CARDS})
    out = tmp_path / "o"
    code, _, err = run_pnp("render", str(path), "--out", str(out), "--formats", "pdf", "--quiet")
    assert code == 2 and not out.exists()
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f"deck{suffix}" in err and "'Notes'" in err and why in err
    assert "sheets: 'Notes', 'Cards'" in err and "use --sheet NAME" in err
    code, _, err = run_pnp("render", str(path), "--sheet", "Cards", "--out", str(out),
                           "--formats", "pdf", "--quiet")
    assert code == 0, err


def test_a_one_sheet_workbook_keeps_its_message(tmp_path, run_pnp):
    path = tmp_path / "deck.xlsx"
    write_xlsx(path, {"Cards": [["name", "text"]]})
    code, _, err = run_pnp("render", str(path), "--out", str(tmp_path / "o"), "--quiet")
    assert code == 2 and "no cards to print" in err and "--sheet" not in err
