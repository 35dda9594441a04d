"""Reading card lists (CSV, YAML, JSON) into a ``Deck``; bad input is a PnpError naming the line.

Columns with a meaning of their own (matched case-insensitively): ``name``; ``count``, ``qty``,
``quantity`` or ``copies`` (how many copies to print, default 1, 0 leaves the card out);
``back`` (a per-card back: text, or an image file next to the card list). Every other column
is kept, in order, in ``Card.fields`` under its header as typed.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from pnp.content import Card, Deck, Value
from pnp.errors import PnpError

COUNT_COLUMNS = ("count", "qty", "quantity", "copies")
MAX_COPIES = 10_000  # the default of the limit "copies" (pnp.limits)


def field_key(header: str) -> str:
    """The name a layout uses for a column: lower case, runs of other characters -> '_'."""
    key = re.sub(r"[^0-9a-z]+", "_", header.strip().lower()).strip("_")
    if not key:
        return "_"
    return "_" + key if key[0].isdigit() else key


def deck_title(path: str | Path) -> str:
    """A deck name from a file name: 'salvage-mods.csv' -> 'Salvage Mods'."""
    words = re.split(r"[-_\s]+", Path(path).stem)
    return " ".join(w[:1].upper() + w[1:] for w in words if w)


def load_deck(path: str | Path, name: str | None = None, sheet: str | None = None) -> Deck:
    """Read a .csv, .tsv, .yaml/.yml, .json, .xlsx or .ods card list, or a link to one
    (``https://...``, e.g. a spreadsheet published as CSV); ``sheet`` picks a spreadsheet's
    sheet by name (default: the first)."""
    from pnp.layout import sheets

    if sheets.is_url(path):
        url = str(path)
        raw, ctype = sheets.fetch(url)
        p, suffix = Path(sheets.url_stem(url) + ".csv"), sheets.url_format(url, ctype)
        file = url
    else:
        from pnp.safe_io import read_input

        p = Path(path)
        file = str(path)
        raw = read_input(path, "card list")
        suffix = p.suffix.lower()
    title: str | None = None
    rows: Sequence[tuple[int | None, Any]]  # CSV rows always have a line, YAML/JSON may not
    if suffix in (".xlsx", ".ods"):
        reader = sheets.xlsx_rows if suffix == ".xlsx" else sheets.ods_rows
        cells = reader(raw, file, sheet)
        filled = sum(1 for _, record in cells if any(f.strip() for f in record))
        if filled < 2:  # empty, or a header alone: the cards may be on another sheet
            _no_cards_on_sheet(raw, suffix, file, sheet, empty=filled == 0)
        rows = _table_rows(cells, file)
        cards = tuple(_card(row, line, file) for line, row in rows)
        _check_copies(cards, file)
        return Deck(name=name or deck_title(p), cards=cards, source=file)
    if raw[:4] in _BINARY:  # a spreadsheet saved as .xlsx/.ods/.xls and renamed
        raise PnpError("this is a spreadsheet file, not text: save it as CSV (File > Save as "
                       "> CSV), export YAML/JSON, or keep its .xlsx/.ods name", file=file)
    text = _decode(raw)
    if suffix in (".yaml", ".yml"):
        title, rows = _yaml_rows(text, str(path))
    elif suffix == ".json":
        title, rows = _json_rows(text, str(path))
    elif suffix in (".csv", ".tsv", ".txt"):
        title, rows = None, _csv_rows(text, str(path))
    else:
        raise PnpError(f"unknown card list format '{suffix or p.name}' (use .csv, .yaml, .json, "
                       ".xlsx or .ods)", file=file)
    cards = tuple(_card(row, line, file) for line, row in rows)
    _check_copies(cards, file)
    return Deck(name=name or title or deck_title(p), cards=cards,
                source=file if sheets.is_url(path) else str(p))


def deck_folder(deck: Deck) -> Path | None:
    """Where a deck's icons and art are looked for: next to its card list, or the current
    folder for a list read from a link."""
    from pnp.layout.sheets import is_url

    if not deck.source:
        return None
    return Path.cwd() if is_url(deck.source) else Path(deck.source).parent


def _no_cards_on_sheet(raw: bytes, suffix: str, file: str, sheet: str | None,
                       empty: bool) -> None:
    """A sheet without cards in a workbook of several: a PnpError naming the sheets seen."""
    from pnp.layout.sheets import sheet_names

    names = sheet_names(raw, suffix)
    if len(names) < 2:
        return
    which = repr(sheet) if sheet is not None else f"the first sheet, {names[0]!r}"
    why = "it is empty" if empty else "it has a header row and no cards"
    raise PnpError(f"no cards on {which} ({why}); sheets: {', '.join(map(repr, names))}: "
                   "use --sheet NAME", file=file, field="sheet")


def _table_rows(cells: list[tuple[int, list[str]]], file: str) -> list[tuple[int, dict]]:
    """Spreadsheet rows -> (row number, {header: value}), with the CSV reader's checks."""
    header: list[str] | None = None
    rows: list[tuple[int, dict]] = []
    for number, record in cells:
        if not record or all(not f.strip() for f in record):
            continue
        if header is None:
            header = [h.strip() for h in record]
            while header and not header[-1]:
                header.pop()
            _check_header(header, file, number)
            continue
        if len(record) > len(header) and any(f.strip() for f in record[len(header):]):
            raise PnpError(f"row has {len(record)} fields, the header has {len(header)}",
                           file=file, line=number)
        record = (record + [""] * len(header))[:len(header)]
        rows.append((number, dict(zip(header, record, strict=True))))
    if header is None:
        raise PnpError("the card list is empty (no header row)", file=file)
    return rows


# .xlsx/.ods/.docx (zip), .xls/.doc (OLE2), PDF: binary documents, never a card list
_BINARY = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0", b"%PDF")


def _check_copies(cards: Sequence[Card], file: str) -> None:
    from pnp.limits import limit, over

    total, cap = 0, limit("deck_copies")
    for card in cards:
        total += card.count
        if total > cap:
            raise over("deck_copies", f"{total:,} by this row", file=file, line=card.line,
                       field="count", what="the number of cards to print")


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Spreadsheets on Windows save "CSV" in the ANSI code page; cp1252 is the usual one.
        return raw.decode("cp1252", errors="replace")


def _csv_rows(text: str, file: str) -> list[tuple[int, dict[str, Value]]]:
    first = text.split("\n", 1)[0]
    # Spreadsheets in comma-decimal locales export ';'; some export tabs.
    delimiter = max(",;\t", key=lambda d: (first.count(d), d == ","))
    from pnp.limits import limit

    csv.field_size_limit(int(limit("cell_chars")))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header: list[str] | None = None
    rows: list[tuple[int, dict[str, Value]]] = []
    while True:
        start = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise _csv_error(exc, file, start) from None
        if not record or all(not f.strip() for f in record):
            continue  # blank lines and the empty rows spreadsheets leave at the end
        if header is None:
            header = [h.strip() for h in record]
            _check_header(header, file, start)
            continue
        if len(record) != len(header):
            quote = _unclosed_quote(text, start)
            raise PnpError(quote or f"row has {len(record)} fields, the header has "
                           f"{len(header)}", file=file, line=start)
        rows.append((start, dict(zip(header, record, strict=True))))
    if rows and _unclosed_quote(text, rows[-1][0]):
        raise PnpError(_unclosed_quote(text, rows[-1][0]), file=file, line=rows[-1][0])
    if header is None:
        raise PnpError("the card list is empty (no header row)", file=file)
    return rows


def _csv_error(exc: csv.Error, file: str, line: int) -> PnpError:
    if "field larger than field limit" in str(exc):
        from pnp.limits import over

        return over("cell_chars", "a longer one", file=file, line=line, what="a cell")
    return PnpError(f"malformed CSV: {exc}", file=file, line=line)


def _unclosed_quote(text: str, start: int) -> str:
    """Why the row from line ``start`` swallowed the rest of the file: a quote it opened is
    never closed (quotes inside a quoted cell are doubled, so a closed one leaves them even)."""
    tail = "".join(text.splitlines(keepends=True)[start - 1:])
    if "\n" in tail.rstrip("\r\n") and tail.count('"') % 2:
        return "a quote (\") opens a cell and is never closed (the rest of the file became " \
               "one cell)"
    return ""


def _check_header(header: list[str], file: str, line: int) -> None:
    seen: dict[str, str] = {}
    for i, h in enumerate(header, 1):
        if not h:
            raise PnpError(f"column {i} has no name in the header", file=file, line=line)
        key = field_key(h)
        if key in seen:
            raise PnpError(f"columns '{seen[key]}' and '{h}' have the same name in a layout "
                           f"('{key}')", file=file, line=line, field=h)
        seen[key] = h


def _yaml_rows(text: str, file: str) -> tuple[str | None, list[tuple[int | None, Any]]]:
    from pnp.safe_io import load_yaml

    data, node = load_yaml(text, file)
    title, items = _split(data, file)
    seq = node
    if isinstance(node, yaml.MappingNode):
        seq = next((v for k, v in node.value if k.value == "cards"), None)
    lines = [n.start_mark.line + 1 for n in seq.value] if isinstance(seq, yaml.SequenceNode) else []
    if len(lines) != len(items):
        lines = [None] * len(items)
    return title, list(zip(lines, items, strict=True))


def _json_rows(text: str, file: str) -> tuple[str | None, list[tuple[int | None, Any]]]:
    from pnp.safe_io import load_json

    data = load_json(text, file)
    title, items = _split(data, file)
    return title, [(None, item) for item in items]


def _split(data: Any, file: str) -> tuple[str | None, list[Any]]:
    """A card list is a list of mappings, or a mapping with ``cards`` (and ``name``)."""
    if isinstance(data, dict):
        title = data.get("name", data.get("deck"))
        items = data.get("cards")
        if not isinstance(items, list):
            raise PnpError("expected a 'cards' list", file=file, field="cards")
        if str(data.get("schema", "")).startswith("pnp.deck/"):
            items = [_from_pairs(c, file, i) for i, c in enumerate(items)]
        return (str(title) if title is not None else None), items
    if isinstance(data, list):
        return None, data
    raise PnpError("expected a list of cards (or a mapping with a 'cards' list)", file=file)


def _from_pairs(card: Any, file: str, i: int) -> Any:
    """A card in the pnp deck schema (``Deck.to_dict``) -> a plain mapping."""
    if not isinstance(card, dict):
        return card
    pairs = card.get("fields", [])
    if not (isinstance(pairs, list) and all(isinstance(p, list) and len(p) == 2
                                            for p in pairs)):
        raise PnpError("a pnp.deck card's fields are a list of [column, value] pairs",
                       file=file, field=f"cards[{i}].fields")
    row: dict[str, Any] = {"name": card.get("name", "")}
    row.update({str(k): v for k, v in pairs})
    row["count"], row["back"] = card.get("count", 1), card.get("back", "")
    return row


def _card(row: Any, line: int | None, file: str) -> Card:
    if not isinstance(row, dict):
        raise PnpError("each card must be a mapping of column -> value", file=file, line=line)
    name, count, back = "", 1, ""
    count_header: str | None = None
    fields: list[tuple[str, Value]] = []
    seen: dict[str, str] = {}
    for header, value in row.items():
        header = str(header).strip()
        key = field_key(header)
        if key in seen:
            raise PnpError(f"columns '{seen[key]}' and '{header}' have the same name in a layout",
                           file=file, line=line, field=header)
        seen[key] = header
        value = _value(value, header, file, line)
        if key == "name":
            name = str(value).strip()
        elif key in COUNT_COLUMNS:
            if count_header is not None:
                raise PnpError(f"columns '{count_header}' and '{header}' both give the number "
                               f"of copies; keep one", file=file, line=line, field=header)
            count, count_header = _count(value, header, file, line), header
        elif key == "back":
            back = str(value).strip()
        else:
            fields.append((header, value))
    return Card(name=name, fields=tuple(fields), count=count, back=back, line=line)


def _value(value: Any, header: str, file: str, line: int | None) -> Value:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()  # stray spaces around spreadsheet cells are never meant
    if isinstance(value, (int, float, bool)):
        return value
    raise PnpError(f"expected text or a number, got {type(value).__name__}", file=file,
                   line=line, field=header)


def _count(value: Value, header: str, file: str, line: int | None) -> int:
    text = str(value).strip() if not isinstance(value, int) or abs(value) < 10**18 else "huge"
    if text == "":
        return 1
    match = re.fullmatch(r"(\d+)(?:\.0*)?", text)  # '3' or '3.0' (spreadsheets export both)
    from pnp.limits import how_to_raise, limit

    cap = int(limit("copies"))
    if not match or len(match.group(1)) > 18 or int(match.group(1)) > cap:
        text = text if len(text) <= 40 else f"{text[:20]}… ({len(text)} characters)"
        hint = f" ({how_to_raise('copies')})" if match else ""
        raise PnpError(f"expected a whole number of copies from 0 to {cap}, got '{text}'{hint}",
                       file=file, line=line, field=header)
    return int(match.group(1))

