"""A print-and-play pack as data: what a game's session is made of, before any file is written.

Games build a ``Pack`` (pure: drawings, components, report sections, JSON); ``pnp.pack_writer``
turns it into files with the shared footer, n-up sheets with duplex backs, tiled posters, the
report and the manifest. ``PrintOptions`` are the paper choices every pack honours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pnp import __version__
from pnp.layout.draw import Component, Drawing
from pnp.seed import seed_code
from pnp.sim.stats import Check, Verdict, verdict


@dataclass(frozen=True)
class PrintOptions:
    """Paper and imposition choices: page size (mm), duplex flip, back offset, marks, bleed."""

    page: tuple[float, float] = (210.0, 297.0)
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    bleed: float = 3.0
    printer_margin: float = 5.0  # no mark or footer closer to the sheet edge
    gutter: float | None = None
    tts_url: str = ""  # before the Tabletop Simulator sheet names; "local": file:/// links


def footer(title: str, seed: int | str) -> str:
    """The footer of every sheet of a pack: game, seed code and tool version."""
    return f"{title} · seed {seed_code(seed)} · pnp {__version__}"


@dataclass(frozen=True)
class Pages:
    """A PDF of whole pages, drawn by the game (sheets, a board at true size)."""

    path: str
    title: str
    pages: Sequence[Drawing]
    kind: str = "pdf"


@dataclass(frozen=True)
class Cards:
    """Cards or tiles laid out n-up with their duplex backs; ``bleed`` None: the print bleed."""

    path: str
    title: str
    components: Sequence[Component]
    bleed: float | None = None
    crop_marks: bool = True
    kind: str = "pdf"


@dataclass(frozen=True)
class Poster:
    """A drawing larger than the page, tiled over pages at true scale."""

    path: str
    title: str
    drawing: Drawing
    kind: str = "board"


@dataclass(frozen=True)
class Svg:
    """One drawing as an SVG file."""

    path: str
    drawing: Drawing
    kind: str = "svg"


@dataclass(frozen=True)
class Report:
    """The HTML balance report: titled sections (text, tables, checks, charts)."""

    path: str
    title: str
    sections: Sequence[Mapping[str, Any]]
    subtitle: str = ""
    kind: str = "report"


@dataclass(frozen=True)
class Json:
    """A JSON document (sorted keys)."""

    path: str
    data: Any
    kind: str = "json"


@dataclass(frozen=True)
class Csv:
    """A table (rows of one shape) as CSV, for a spreadsheet: columns in the first row's order."""

    path: str
    rows: Sequence[Mapping[str, Any]]
    kind: str = "csv"


PackFile = Pages | Cards | Poster | Svg | Report | Json | Csv


@dataclass(frozen=True)
class Pack:
    """Every file of a session, its checks and what else its manifest records."""

    title: str
    seed: int | str
    files: Sequence[PackFile]
    checks: Sequence[Mapping[str, Any]] = ()
    manifest: Mapping[str, Any] = field(default_factory=dict)
    notes: Sequence[str] = ()  # printed on stdout after the files are written
    warnings: Sequence[str] = ()  # printed on stderr after the files are written
    exit_code: int = 0  # non-zero: the files are written but the command reports a failure

    @property
    def footer(self) -> str:
        """The footer printed on each sheet."""
        return footer(self.title, self.seed)

    def all_checks(self) -> list[Check]:
        """Every check of the pack, in one place: its own, then those only its report shows
        (Waste Knights' tours). A name several report sections use is told apart by its
        section's heading. The manifest, the verdict line and the report's verdict all read
        this list, so they cannot disagree."""
        out = [c if isinstance(c, Check) else Check.from_dict(c) for c in self.checks]
        seen = {c.name for c in out}
        shown = [(str(s.get("heading", "")), c if isinstance(c, Check) else Check.from_dict(c))
                 for f in self.files if isinstance(f, Report)
                 for s in f.sections for c in s.get("checks") or ()]
        names = [c.name for _, c in shown]
        for heading, c in shown:
            if c.name in seen:
                continue
            if names.count(c.name) > 1:
                c = replace(c, name=f"{c.name} ({heading})")
            seen.add(c.name)
            out.append(c)
        return out

    def verdict(self) -> Verdict:
        """The pack's one verdict, from ``all_checks``."""
        return verdict(self.all_checks())
