"""Card lists from spreadsheets and links: .xlsx (openpyxl), .ods (odfpy), and a published
spreadsheet's CSV link (``https://...``).

A spreadsheet's cells are read as its CSV export would write them (whole numbers without a
decimal point, TRUE/FALSE, dates as ISO dates), so the same list renders to the same bytes from
a .csv, a .xlsx, a .ods or a link. Rows carry their spreadsheet row number for errors.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from pnp.errors import PnpError

MAX_DOWNLOAD = 20 * 1024 * 1024   # a card list, not a data dump
TIMEOUT = 30.0
MAX_COLUMNS = 200                 # beyond this a sheet's repeated empty cells are noise

Rows = list[tuple[int, list[str]]]  # (row number, cells as text)


def is_url(source: str | Path) -> bool:
    """Whether a card-list argument is a link rather than a file."""
    return isinstance(source, str) and bool(re.match(r"^https?://", source, re.IGNORECASE))


def url_stem(url: str) -> str:
    """A name for a linked list: its last path part without the suffix, else 'deck'."""
    path = urllib.parse.urlparse(url).path.rstrip("/")
    stem = Path(path).stem if path else ""
    return stem if stem and stem not in ("pub", "export", "edit") else "deck"


def fetch(url: str) -> tuple[bytes, str]:
    """The body and content type at ``url`` (a PnpError naming the link when it fails)."""
    req = urllib.request.Request(url, headers={"User-Agent": "pnp"})
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:  # noqa: S310 (http/https only)
            data = resp.read(MAX_DOWNLOAD + 1)
            ctype = resp.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        raise PnpError(f"cannot fetch the card list: HTTP {exc.code} {exc.reason}",
                       file=url) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise PnpError(f"cannot fetch the card list: {reason}", file=url) from None
    if len(data) > MAX_DOWNLOAD:
        raise PnpError(f"the card list is larger than {MAX_DOWNLOAD // (1024 * 1024)} MB",
                       file=url)
    return data, ctype


def url_format(url: str, ctype: str) -> str:
    """'.csv', '.tsv', '.xlsx', '.ods', '.json' or '.yaml' for a link."""
    parsed = urllib.parse.urlparse(url)
    query = urllib.parse.parse_qs(parsed.query)
    wanted = (query.get("output") or query.get("format") or [""])[0].lower()
    if wanted in ("csv", "tsv", "xlsx", "ods"):
        return "." + wanted
    suffix = Path(parsed.path).suffix.lower()
    if suffix in (".csv", ".tsv", ".txt", ".xlsx", ".ods", ".json", ".yaml", ".yml"):
        return suffix
    ctype = ctype.lower()
    for key, fmt in (("spreadsheetml", ".xlsx"), ("opendocument.spreadsheet", ".ods"),
                     ("json", ".json"), ("yaml", ".yaml"), ("tab-separated", ".tsv")):
        if key in ctype:
            return fmt
    return ".csv"  # what "publish to the web as CSV" serves


def cell_text(value: Any) -> str:
    """A cell as a CSV export writes it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def xlsx_rows(data: bytes, file: str, sheet: str | None) -> Rows:
    """The rows of one sheet of an .xlsx workbook (the first, or ``sheet`` by name)."""
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, KeyError, InvalidFileException...
        raise PnpError(f"cannot read the workbook: {exc}", file=file) from None
    try:
        ws = book[_sheet_name(book.sheetnames, sheet, file)]
        rows = []
        for number, row in enumerate(ws.iter_rows(values_only=True), 1):
            rows.append((number, [cell_text(v) for v in row[:MAX_COLUMNS]]))
        return rows
    finally:
        book.close()


def ods_rows(data: bytes, file: str, sheet: str | None) -> Rows:
    """The rows of one sheet of an .ods spreadsheet (the first, or ``sheet`` by name)."""
    from odf import teletype
    from odf.namespaces import OFFICENS, TABLENS
    from odf.opendocument import load
    from odf.table import Table, TableRow

    try:
        doc = load(io.BytesIO(data))
    except Exception as exc:  # odfpy raises zipfile and XML errors
        raise PnpError(f"cannot read the spreadsheet: {exc}", file=file) from None
    tables = doc.spreadsheet.getElementsByType(Table)
    names = [t.getAttrNS(TABLENS, "name") for t in tables]
    table = tables[names.index(_sheet_name(names, sheet, file))]
    rows: Rows = []
    number = 0
    for row in table.getElementsByType(TableRow):
        repeat = int(row.getAttrNS(TABLENS, "number-rows-repeated") or 1)
        cells: list[str] = []
        for cell in row.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            times = int(cell.getAttrNS(TABLENS, "number-columns-repeated") or 1)
            text = _ods_value(cell, OFFICENS, teletype) if cell.qname[1] == "table-cell" else ""
            cells += [text] * min(times, MAX_COLUMNS - len(cells))
            if len(cells) >= MAX_COLUMNS:
                break
        while cells and cells[-1] == "":
            cells.pop()  # the repeated empty cells every sheet ends its rows with
        for _ in range(repeat if cells else 1):  # repeated empty rows: counted once
            number += 1
            rows.append((number, list(cells)))
        if not cells and repeat > 1:
            number += repeat - 1
    return rows


def _ods_value(cell: Any, officens: str, teletype: Any) -> str:
    kind = cell.getAttrNS(officens, "value-type")
    if kind in ("float", "percentage", "currency"):
        value = cell.getAttrNS(officens, "value")
        try:
            return cell_text(float(value))
        except (TypeError, ValueError):
            pass
    if kind == "boolean":
        return "TRUE" if cell.getAttrNS(officens, "boolean-value") == "true" else "FALSE"
    if kind == "date":
        return str(cell.getAttrNS(officens, "date-value") or "")
    paragraphs = [teletype.extractText(p) for p in cell.childNodes if p.qname[1] == "p"]
    return "\n".join(paragraphs)


def sheet_names(data: bytes, suffix: str) -> list[str]:
    """The sheet names of an .xlsx or .ods workbook, in order ([] if it cannot be read)."""
    try:
        if suffix == ".xlsx":
            from openpyxl import load_workbook

            book = load_workbook(io.BytesIO(data), read_only=True)
            try:
                return list(book.sheetnames)
            finally:
                book.close()
        from odf.namespaces import TABLENS
        from odf.opendocument import load
        from odf.table import Table

        tables = load(io.BytesIO(data)).spreadsheet.getElementsByType(Table)
        return [t.getAttrNS(TABLENS, "name") for t in tables]
    except Exception:  # already read once by the caller: this is only for a message
        return []


def _sheet_name(names: list[str], sheet: str | None, file: str) -> str:
    if not names:
        raise PnpError("the spreadsheet has no sheets", file=file)
    if sheet is None:
        return names[0]
    if sheet in names:
        return sheet
    raise PnpError(f"no sheet named {sheet!r} (sheets: {', '.join(names)})", file=file,
                   field="sheet")


__all__ = ["cell_text", "fetch", "is_url", "ods_rows", "sheet_names", "url_format", "url_stem",
           "xlsx_rows"]
