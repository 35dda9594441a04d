"""The one exception type the CLI turns into a single line on stderr and exit code 2."""

from __future__ import annotations


class PnpError(Exception):
    """Bad input: names the file, line and field when known."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.message, self.file, self.line, self.field = message, file, line, field
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = str(self.file) + (f":{self.line}" if self.line is not None else "") + ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        field = f"field '{self.field}': " if self.field else ""
        return f"{where}{field}{self.message}"
