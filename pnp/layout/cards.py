"""Reading card lists (CSV, YAML, JSON) into a ``Deck``; bad input is a PnpError naming the line.

Columns with a meaning of their own (matched case-insensitively): ``name``; ``count``, ``qty``,
``quantity`` or ``copies`` (how many copies to print, default 1, 0 leaves the card out);
``back`` (a per-card back: text, or an image file next to the card list). Every other column
is kept, in order, in ``Card.fields`` under its header as typed.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from pnp.content import Card, Deck, Value
from pnp.errors import PnpError

COUNT_COLUMNS = ("count", "qty", "quantity", "copies")
MAX_COPIES = 10_000  # a typo like 1000000 in a count column should not start a day-long render


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
        p = Path(path)
        file = str(path)
        try:
            raw = p.read_bytes()
        except OSError as exc:
            raise PnpError(f"cannot read the card list: {exc.strerror or exc}",
                           file=file) from None
        suffix = p.suffix.lower()
    title: str | None = None
    rows: Sequence[tuple[int | None, Any]]  # CSV rows always have a line, YAML/JSON may not
    if suffix in (".xlsx", ".ods"):
        reader = sheets.xlsx_rows if suffix == ".xlsx" else sheets.ods_rows
        rows = _table_rows(reader(raw, file, sheet), file)
        cards = tuple(_card(row, line, file) for line, row in rows)
        return Deck(name=name or deck_title(p), cards=cards, source=file)
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
    return Deck(name=name or title or deck_title(p), cards=cards,
                source=file if sheets.is_url(path) else str(p))


def deck_folder(deck: Deck) -> Path | None:
    """Where a deck's icons and art are looked for: next to its card list, or the current
    folder for a list read from a link."""
    from pnp.layout.sheets import is_url

    if not deck.source:
        return None
    return Path.cwd() if is_url(deck.source) else Path(deck.source).parent


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
            raise PnpError(f"malformed CSV: {exc}", file=file, line=start) from None
        if not record or all(not f.strip() for f in record):
            continue  # blank lines and the empty rows spreadsheets leave at the end
        if header is None:
            header = [h.strip() for h in record]
            _check_header(header, file, start)
            continue
        if len(record) != len(header):
            raise PnpError(f"row has {len(record)} fields, the header has {len(header)}",
                           file=file, line=start)
        rows.append((start, dict(zip(header, record, strict=True))))
    if header is None:
        raise PnpError("the card list is empty (no header row)", file=file)
    return rows


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


def _yaml_error(exc: yaml.YAMLError, file: str) -> PnpError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return PnpError(f"malformed YAML: {problem}", file=file,
                    line=mark.line + 1 if mark is not None else None)


def _yaml_rows(text: str, file: str) -> tuple[str | None, list[tuple[int | None, Any]]]:
    try:
        data = yaml.safe_load(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, file) from None
    title, items = _split(data, file)
    seq = node
    if isinstance(node, yaml.MappingNode):
        seq = next((v for k, v in node.value if k.value == "cards"), None)
    lines = [n.start_mark.line + 1 for n in seq.value] if isinstance(seq, yaml.SequenceNode) else []
    if len(lines) != len(items):
        lines = [None] * len(items)
    return title, list(zip(lines, items, strict=True))


def _json_rows(text: str, file: str) -> tuple[str | None, list[tuple[int | None, Any]]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PnpError(f"malformed JSON: {exc.msg}", file=file, line=exc.lineno) from None
    title, items = _split(data, file)
    return title, [(None, item) for item in items]


def _split(data: Any, file: str) -> tuple[str | None, list[Any]]:
    """A card list is a list of mappings, or a mapping with ``cards`` (and ``name``)."""
    if isinstance(data, dict):
        title = data.get("name", data.get("deck"))
        items = data.get("cards")
        if not isinstance(items, list):
            raise PnpError("expected a 'cards' list", file=file, field="cards")
        if data.get("schema", "").startswith("pnp.deck/"):
            items = [_from_pairs(c, file) for c in items]
        return (str(title) if title is not None else None), items
    if isinstance(data, list):
        return None, data
    raise PnpError("expected a list of cards (or a mapping with a 'cards' list)", file=file)


def _from_pairs(card: Any, file: str) -> Any:
    """A card in the pnp deck schema (``Deck.to_dict``) -> a plain mapping."""
    if not isinstance(card, dict):
        return card
    row: dict[str, Any] = {"name": card.get("name", "")}
    row.update({str(k): v for k, v in card.get("fields", [])})
    row["count"], row["back"] = card.get("count", 1), card.get("back", "")
    return row


def _card(row: Any, line: int | None, file: str) -> Card:
    if not isinstance(row, dict):
        raise PnpError("each card must be a mapping of column -> value", file=file, line=line)
    name, count, back = "", 1, ""
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
            count = _count(value, header, file, line)
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
    text = str(value).strip()
    if text == "":
        return 1
    match = re.fullmatch(r"(\d+)(?:\.0*)?", text)  # '3' or '3.0' (spreadsheets export both)
    if not match or int(match.group(1)) > MAX_COPIES:
        raise PnpError(f"expected a whole number of copies from 0 to {MAX_COPIES}, got '{text}'",
                       file=file, line=line, field=header)
    return int(match.group(1))

