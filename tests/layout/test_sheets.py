"""Card lists from .xlsx, .ods and a link render to the same PDF bytes as the CSV."""

from __future__ import annotations

import csv
import functools
import hashlib
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from pnp.errors import PnpError
from pnp.layout.cards import load_deck

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "salvage-mods.csv"


def _typed(text: str):
    """What a spreadsheet stores for a typed cell: numbers as numbers."""
    try:
        return int(text)
    except ValueError:
        return text


def write_xlsx(rows: list[list[str]], path: Path, sheet: str = "Mods") -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["not the cards"])
    ws = book.create_sheet(sheet)
    for row in rows:
        ws.append([_typed(v) if v else None for v in row])
    book.save(path)


def write_ods(rows: list[list[str]], path: Path) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Mods")
    for row in rows:
        tr = TableRow()
        for v in row:
            typed = _typed(v)
            if isinstance(typed, int):
                cell = TableCell(valuetype="float", value=typed)
            else:
                cell = TableCell(valuetype="string")
            if v:
                cell.addElement(P(text=v))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("sheets")
    shutil.copy(EXAMPLE, d / EXAMPLE.name)
    shutil.copytree(EXAMPLE.parent / "icons", d / "icons")
    with open(EXAMPLE, newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    write_xlsx(rows, d / "salvage-mods.xlsx")
    write_ods(rows, d / "salvage-mods.ods")
    return d


@pytest.fixture
def server(example):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(example))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def pdf_hash(run_pnp, source: str, out: Path, *args: str) -> str:
    code, _, err = run_pnp("render", source, "--out", str(out), "--formats", "pdf", "--quiet",
                           *args)
    assert code == 0, err
    return hashlib.sha256((out / "salvage-mods.pdf").read_bytes()).hexdigest()


def test_csv_xlsx_ods_and_a_link_give_the_same_pdf(example, server, tmp_path, run_pnp,
                                                    monkeypatch):
    monkeypatch.chdir(example)  # a linked list finds its icons in the current folder
    ref = pdf_hash(run_pnp, str(example / "salvage-mods.csv"), tmp_path / "csv")
    assert pdf_hash(run_pnp, str(example / "salvage-mods.xlsx"), tmp_path / "xlsx",
                    "--sheet", "Mods") == ref
    assert pdf_hash(run_pnp, str(example / "salvage-mods.ods"), tmp_path / "ods") == ref
    assert pdf_hash(run_pnp, f"{server}/salvage-mods.csv", tmp_path / "url") == ref


def test_spreadsheet_rows_keep_their_numbers_and_names(example):
    deck = load_deck(example / "salvage-mods.xlsx", sheet="Mods")
    csv_deck = load_deck(example / "salvage-mods.csv")
    assert deck.cards == csv_deck.cards  # same values, same row numbers
    assert deck.name == "Salvage Mods"
    ods = load_deck(example / "salvage-mods.ods")
    assert ods.cards == csv_deck.cards


def test_bad_sheet_and_bad_link_are_one_line_errors(example, server, tmp_path, run_pnp):
    with pytest.raises(PnpError, match="no sheet named 'Cards' \\(sheets: Notes, Mods\\)"):
        load_deck(example / "salvage-mods.xlsx", sheet="Cards")
    code, _, err = run_pnp("render", f"{server}/missing.csv", "--out", str(tmp_path / "o"))
    assert code == 2 and "HTTP 404" in err and "missing.csv" in err
    assert not (tmp_path / "o").exists()
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    with pytest.raises(PnpError, match="cannot read the workbook"):
        load_deck(broken)
