"""Balance reports: one self-contained HTML page with tables, charts and check results.

Everything is inline (CSS, charts as base64 PNG), so the page can be mailed or opened offline.
Charts are drawn with matplotlib's Agg backend at a fixed size and dpi, in matplotlib's default
style (DejaVu fonts, bundled with matplotlib), without the Software tag: the same input gives
byte-identical HTML.

A section is a dict::

    {"heading": "Win rates",
     "text": "Plain text; blank lines separate paragraphs.",
     "table": [{"bot": "heuristic", "win rate": 0.61}, ...],   # columns: first row's keys
     "chart": {"kind": "bar", "x": [...], "y": [...], "low": [...], "high": [...],
               "xlabel": "", "ylabel": "", "title": "", "band": [lo, hi]},
     "checks": [Check, ...],                                     # pass/fail table
     "drawing": Drawing}                # the board, field or map, as the PDF prints it (SVG)

Chart kinds: ``bar``, ``barh``, ``hist`` (``values`` or ``x``, optional ``bins``), ``line``,
``errorbar`` and ``heatmap`` (``z``: rows of values, ``x`` column and ``y`` row labels);
``series: {name: [y...]}`` draws several bars/lines/histograms with a legend (then
``low``/``high`` are dicts keyed by series name); ``fair: v`` draws the fair share of a seat
chart as a dashed line.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.errors import PnpError
from pnp.sim.check_names import human
from pnp.sim.stats import FAIL, UNDECIDED, Check, Estimate, Verdict, needed_text, verdict

CHART_SIZE = (7.0, 3.6)  # inches
CHART_DPI = 110
BARH_ROW = 0.22  # inches per category of a horizontal bar chart, so its labels never overlap
CHART_KINDS = ("bar", "barh", "hist", "line", "errorbar", "heatmap")
_PASS, _FAIL, _BAND = "#1a7f37", "#cf222e", "#2da44e"

_CSS = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:0 auto;max-width:980px;
padding:1.5em 2em;color:#1f2328;line-height:1.45}
h1{margin-bottom:.1em}.subtitle{color:#59636e;margin-top:0}
h2{border-bottom:1px solid #d1d9e0;padding-bottom:.2em;margin-top:1.8em}
nav ol{columns:2;color:#59636e}nav a{color:#0969da;text-decoration:none}
table{border-collapse:collapse;margin:.8em 0;font-size:.92em;display:block;max-width:100%;
overflow-x:auto}
th,td{border:1px solid #d1d9e0;padding:.3em .7em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.pass td.verdict{color:#fff;background:#1a7f37;font-weight:bold}
tr.fail td.verdict{color:#fff;background:#cf222e;font-weight:bold}
tr.fail{background:#ffebe9}
tr.undecided td.verdict{color:#fff;background:#9a6700;font-weight:bold}
.summary.pass{color:#1a7f37;font-weight:bold}.summary.fail{color:#cf222e;font-weight:bold}
.summary.undecided{color:#9a6700;font-weight:bold}
img{max-width:100%;height:auto;display:block;margin:.6em 0}
img.drawing{max-height:80vh;border:1px solid #d1d9e0}
footer{margin-top:3em;color:#59636e;font-size:.85em;border-top:1px solid #d1d9e0;padding-top:.5em}
""".strip()


def write_report(path: str | Path, title: str, sections: Iterable[Mapping[str, Any]], *,
                 subtitle: str = "", verdict: Verdict | None = None) -> None:
    """Write the HTML balance report to ``path`` (deterministic bytes)."""
    Path(path).write_bytes(render_report(title, sections, subtitle=subtitle,
                                         verdict=verdict).encode("utf-8"))


def render_report(title: str, sections: Iterable[Mapping[str, Any]], *,
                  subtitle: str = "", verdict: Verdict | None = None) -> str:
    """The report as an HTML string; ``verdict`` (the command's own, from the same checks)
    opens it, with what to look at first."""
    sections = list(sections)
    anchors = _anchors([str(s.get("heading", "")) for s in sections])
    body = [f"<h1>{_esc(title)}</h1>"]
    if subtitle:
        body.append(f'<p class="subtitle">{_esc(subtitle)}</p>')
    if verdict is not None and verdict.checks:
        body.append(_verdict_html(verdict))
    if len(sections) > 1:
        items = "".join(f'<li><a href="#{a}">{_esc(s.get("heading", ""))}</a></li>'
                        for a, s in zip(anchors, sections, strict=True))
        body.append(f"<nav><ol>{items}</ol></nav>")
    for i, (anchor, section) in enumerate(zip(anchors, sections, strict=True)):
        body.append(_section(section, anchor, i))
    body.append(f"<footer>Made with pnp {_esc(__version__)}.</footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{_esc(title)}</title>\n<style>\n{_CSS}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def band_words(low: float | None, high: float | None) -> str:
    """A band as a designer says it: "at most 0.25", "at least 4.5", "0.45 to 0.55"."""
    if low is None and high is None:
        return "any value"
    if low is None:
        return f"at most {fmt(high)}"
    if high is None:
        return f"at least {fmt(low)}"
    return f"exactly {fmt(low)}" if low == high else f"{fmt(low)} to {fmt(high)}"


def _verdict_html(v: Verdict) -> str:
    """The verdict line, then the checks that failed or are undecided: what to look at."""
    out = ['<section id="verdict">', "<h2>Verdict</h2>",
           f'<p class="summary {v.status.lower()}">{_esc(v.line())}</p>']
    look = v.failed + v.undecided
    if look:
        items = []
        for c in look:
            interval = "" if c.n == 0 else f" [{fmt(c.low)}, {fmt(c.high)}]"
            why = ("outside its band" if c.status == FAIL else needed_text(c))
            items.append(f"<li><b>{c.status}</b> {_esc(human(c.name))}: {_esc(fmt(c.value))}"
                         f"{_esc(interval)}, band {_esc(band_words(c.band_low, c.band_high))}"
                         f" - {_esc(why)}</li>")
        out.append("<p>What to look at:</p><ul>" + "".join(items) + "</ul>")
    out.append("</section>")
    return "\n".join(out)


def checks_section(checks: Sequence[Check | Mapping[str, Any]], heading: str = "Checks",
                   text: str = "") -> dict:
    """A section listing checks with pass/fail colouring."""
    section: dict[str, Any] = {"heading": heading, "checks": list(checks)}
    if text:
        section["text"] = text
    return section


def _section(section: Mapping[str, Any], anchor: str, index: int) -> str:
    unknown = set(section) - {"heading", "text", "table", "chart", "checks", "drawing"}
    if unknown:
        raise PnpError(f"report section {index + 1}: unknown key(s) {sorted(unknown)}",
                       field="section")
    out = [f'<section id="{anchor}">', f"<h2>{_esc(section.get('heading', ''))}</h2>"]
    if section.get("text"):
        for para in re.split(r"\n\s*\n", str(section["text"]).strip()):
            out.append(f"<p>{_esc(para)}</p>")
    if section.get("drawing") is not None:
        out.append(_drawing_html(section["drawing"], str(section.get("heading", "drawing"))))
    if section.get("checks") is not None:
        out.append(_checks_html(section["checks"]))
    if section.get("table") is not None:
        out.append(_table_html(section["table"]))
    if section.get("chart") is not None:
        png = chart_png(section["chart"])
        alt = section["chart"].get("title") or section.get("heading", "chart")
        out.append(f'<img alt="{_esc(alt)}" src="data:image/png;base64,'
                   f'{base64.b64encode(png).decode("ascii")}">')
    out.append("</section>")
    return "\n".join(out)


def _drawing_html(drawing: Any, alt: str) -> str:
    """The drawing as the SVG backend writes it (the same one the PDF prints), inline."""
    from pnp.layout.svg import drawing_to_svg

    svg = drawing_to_svg(drawing).encode("utf-8")
    return (f'<img class="drawing" alt="{_esc(alt)}" src="data:image/svg+xml;base64,'
            f'{base64.b64encode(svg).decode("ascii")}">')


def _anchors(headings: list[str]) -> list[str]:
    out = []
    for i, h in enumerate(headings):
        slug = re.sub(r"[^a-z0-9]+", "-", h.lower()).strip("-") or "section"
        out.append(f"s{i + 1}-{slug}")
    return out


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def fmt(value: Any) -> str:
    """A table cell as text: 3 significant digits for floats, Estimates as ``v [lo, hi]``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Estimate):
        return f"{fmt(value.value)} [{fmt(value.low)}, {fmt(value.high)}]"
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        v = float(value)
        if math.isnan(v):
            return "n/a"
        if math.isinf(v):
            return "∞" if v > 0 else "-∞"
        if v == int(v) and abs(v) < 1e15:
            return str(int(v))
        return f"{v:.3g}"
    return str(value)


def _is_num(value: Any) -> bool:
    return isinstance(value, (int, float, Estimate)) and not isinstance(value, bool) or \
        type(value).__name__.startswith(("float", "int"))


def _decimals(values: Sequence[Any]) -> int | None:
    """One number of decimals for a column's fractional values (3 significant digits of its
    largest), so a column does not mix 0.5123 with 12.35; None when it has none."""
    nums: list[float] = []
    for v in values:
        if isinstance(v, Estimate):
            nums += [float(v.value), float(v.low), float(v.high)]
        elif isinstance(v, float) or type(v).__name__.startswith("float"):
            nums.append(float(v))
    finite = [abs(v) for v in nums if math.isfinite(v)]
    if not finite or all(v == int(v) for v in finite):
        return None
    top = max(finite)
    return max(0, min(4, 2 - math.floor(math.log10(top)))) if top > 0 else 2


def _cell(value: Any, decimals: int | None) -> str:
    if decimals is None:
        return fmt(value)
    if isinstance(value, Estimate):
        return f"{_cell(value.value, decimals)} [{_cell(value.low, decimals)}, " \
               f"{_cell(value.high, decimals)}]"
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        v = float(value)
        return fmt(v) if not math.isfinite(v) else f"{v:.{decimals}f}"
    return fmt(value)


def _table_html(rows: Sequence[Mapping[str, Any]]) -> str:
    rows = list(rows)
    if not rows:
        return "<p><em>(no rows)</em></p>"
    columns = list(rows[0].keys())
    head = "".join(f"<th>{_esc(c)}</th>" for c in columns)
    places = {c: _decimals([row.get(c) for row in rows]) for c in columns}
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="num">{_esc(_cell(row.get(c), places[c]))}</td>' if _is_num(row.get(c))
            else f"<td>{_esc(fmt(row.get(c)))}</td>" for c in columns)
        body.append(f"<tr>{cells}</tr>")
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(body) + \
        "\n</tbody>\n</table>"


def _band_text(lo: Any, hi: Any) -> str:
    return f"[{'-∞' if lo is None else fmt(lo)}, {'∞' if hi is None else fmt(hi)}]"


def _checks_html(checks: Sequence[Check | Mapping[str, Any]]) -> str:
    parsed = [c if isinstance(c, Check) else Check.from_dict(c) for c in checks]
    if not parsed:
        return "<p><em>(no checks)</em></p>"
    v = verdict(parsed)
    rows = []
    for c in parsed:
        cls = c.status.lower()
        note = "; ".join(x for x in (needed_text(c) if c.status == UNDECIDED else "", c.note) if x)
        rows.append(f'<tr class="{cls}"><td>{_esc(human(c.name))}</td>'
                    f'<td class="num">{_esc(fmt(c.value))}</td>'
                    f'<td class="num">{_esc(_band_text(c.low, c.high) if c.n else "exact")}'
                    "</td>"
                    f'<td>{_esc(band_words(c.band_low, c.band_high))}</td>'
                    f'<td class="verdict">{c.status}</td>'
                    f"<td>{_esc(note)}</td></tr>")
    return (f'<p class="summary {v.status.lower()}">{_esc(v.line())}</p>\n<table>\n<thead><tr>'
            "<th>check</th><th>value</th><th>95% interval</th><th>band</th><th>result</th>"
            "<th>note</th></tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>")


def _floats(values: Any, what: str) -> list[float]:
    try:
        return [float(v) for v in values]
    except (TypeError, ValueError) as exc:
        raise PnpError(f"chart {what} must be numbers: {exc}", field=what) from None


def chart_size(spec: Mapping[str, Any]) -> tuple[float, float]:
    """Figure size in inches: ``CHART_SIZE``, taller for horizontal bars with many labels."""
    width, height = CHART_SIZE
    if spec.get("kind") == "barh":
        height = max(height, 0.8 + BARH_ROW * len(spec.get("x", [])))
    return width, height


def chart_png(spec: Mapping[str, Any]) -> bytes:
    """Draw one chart spec to PNG bytes (fixed size and dpi, no metadata timestamp)."""
    kind = spec.get("kind")
    if kind not in CHART_KINDS:
        raise PnpError(f"unknown chart kind {kind!r} (expected one of {', '.join(CHART_KINDS)})",
                       field="kind")
    # Figure + FigureCanvasAgg directly: no pyplot, no global backend or figure state.
    import matplotlib
    import matplotlib.style
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    with matplotlib.style.context("default"), matplotlib.rc_context(
            {"axes.spines.top": False, "axes.spines.right": False, "axes.grid": True,
             "grid.alpha": 0.3, "font.size": 9, "axes.axisbelow": True}):
        fig = Figure(figsize=chart_size(spec), dpi=CHART_DPI, layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        _draw(ax, kind, spec)
        ax.set_xlabel(str(spec.get("xlabel", "")))
        ax.set_ylabel(str(spec.get("ylabel", "")))
        if spec.get("title"):
            ax.set_title(str(spec["title"]))
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=CHART_DPI, metadata={"Software": None})
    return buf.getvalue()


def _series(spec: Mapping[str, Any], key: str, single: Any) -> list[tuple[str, list[float]]]:
    """(name, values) per series: ``series`` when given, else one unnamed ``single``."""
    if spec.get("series") is not None:
        return [(str(k), _floats(v, f"series '{k}'")) for k, v in spec["series"].items()]
    if single is None:
        raise PnpError(f"chart needs '{key}' or 'series'", field=key)
    return [("", _floats(single, key))]


def _errors(spec: Mapping[str, Any], y: list[float], name: str = "") -> list[list[float]] | None:
    low, high = spec.get("low"), spec.get("high")
    if low is None and high is None:
        return None
    # With several series, low/high are dicts keyed like "series" (a series may have none).
    if isinstance(low, Mapping) or isinstance(high, Mapping):
        low = (low or {}).get(name)
        high = (high or {}).get(name)
        if low is None and high is None:
            return None
    low = _floats(y if low is None else low, "low")
    high = _floats(y if high is None else high, "high")
    if not len(low) == len(high) == len(y):
        raise PnpError("chart 'low' and 'high' must have one value per point", field="low")
    return [[max(0.0, v - lo) for v, lo in zip(y, low, strict=True)],
            [max(0.0, hi - v) for v, hi in zip(y, high, strict=True)]]


def _band(ax: Any, spec: Mapping[str, Any], vertical: bool) -> None:
    band = spec.get("band")
    if band is None:
        return
    lo, hi = (-math.inf if band[0] is None else float(band[0]),
              math.inf if band[1] is None else float(band[1]))
    if band[0] is None:
        label = f"band ≤ {fmt(band[1])}"
    elif band[1] is None:
        label = f"band ≥ {fmt(band[0])}"
    else:
        label = f"band {_band_text(band[0], band[1])}"
    span = ax.axvspan if vertical else ax.axhspan
    # The axis takes in a band's finite edges, so the shading never stops short of its end;
    # an open-ended band runs to the edge of the axis.
    lim = ax.get_xlim() if vertical else ax.get_ylim()
    pad = 0.03 * (max(lim) - min(lim))
    lim = (min(min(lim), lo - pad) if math.isfinite(lo) else min(lim),
           max(max(lim), hi + pad) if math.isfinite(hi) else max(lim))
    span(max(lo, lim[0]), min(hi, lim[1]), color=_BAND, alpha=0.15, zorder=0, label=label)
    (ax.set_xlim if vertical else ax.set_ylim)(lim)


def _heatmap(ax: Any, spec: Mapping[str, Any]) -> None:
    """Rows of values as coloured cells, each cell labelled with its value when they fit."""
    rows = [_floats(r, "z") for r in spec.get("z", [])]
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise PnpError("a heat map needs rows of equal length in 'z'", field="z")
    image = ax.imshow(rows, aspect="auto", cmap=str(spec.get("cmap", "viridis")),
                      vmin=spec.get("vmin"), vmax=spec.get("vmax"))
    ax.figure.colorbar(image, ax=ax, label=str(spec.get("zlabel", "")))
    ax.set_xticks(range(len(rows[0])), [str(v) for v in spec.get("x", range(len(rows[0])))],
                  rotation=45, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(len(rows)), [str(v) for v in spec.get("y", range(len(rows)))])
    ax.grid(False)
    if len(rows) * len(rows[0]) <= 200:
        lo, hi = image.get_clim()
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                dark = hi > lo and (v - lo) / (hi - lo) < 0.5
                ax.text(j, i, fmt(v), ha="center", va="center", fontsize=7,
                        color="white" if dark else "black")


def _fair(ax: Any, spec: Mapping[str, Any], vertical: bool) -> None:
    """A seat chart's fair share (1 / seats) as a dashed line across it."""
    if spec.get("fair") is None:
        return
    fair = float(spec["fair"])
    (ax.axvline if vertical else ax.axhline)(fair, linestyle="--", color="#59636e",
                                             linewidth=1, label=f"fair share {fmt(fair)}")


def _draw(ax: Any, kind: str, spec: Mapping[str, Any]) -> None:
    if kind == "heatmap":
        _heatmap(ax, spec)
        return
    if kind == "hist":
        groups = _series(spec, "values", spec.get("values", spec.get("x", [])))
        bins = spec.get("bins") or _bins([v for _, vs in groups for v in vs])
        for name, values in groups:
            ax.hist(values, bins=bins, alpha=0.6 if len(groups) > 1 else 0.9,
                    label=name or None, edgecolor="white", linewidth=0.5)
        _band(ax, spec, vertical=True)
        _legend(ax, len(groups) > 1 or spec.get("band") is not None)
        return
    series = _series(spec, "y", spec.get("y"))
    x = list(spec.get("x", range(len(series[0][1]))))
    for name, ys in series:
        if len(ys) != len(x):
            raise PnpError(f"chart series {name or 'y'} has {len(ys)} values for {len(x)} x values",
                           field="y")
    if len(series) > 1 and any(spec.get(k) is not None and not isinstance(spec[k], Mapping)
                               for k in ("low", "high")):
        raise PnpError("with several series, 'low' and 'high' must map series names to values",
                       field="low")
    labels = [fmt(v) if not isinstance(v, str) else v for v in x]
    pos = list(range(len(x)))
    if kind in ("bar", "barh"):
        width = 0.8 / len(series)
        for j, (name, ys) in enumerate(series):
            offs = [p - 0.4 + width * (j + 0.5) for p in pos]
            errs = _errors(spec, ys, name)
            if kind == "bar":
                ax.bar(offs, ys, width, yerr=errs, capsize=3, label=name or None)
            else:
                ax.barh(offs, ys, width, xerr=errs, capsize=3, label=name or None)
        (ax.set_xticks if kind == "bar" else ax.set_yticks)(pos, labels)
        if kind == "barh":
            ax.invert_yaxis()  # first category on top, as in the table
        elif max(len(s) for s in labels) * len(labels) > 60:
            # Turned labels hang from their bar's centre (right end at the tick), so long
            # names do not run into their neighbours.
            for label in ax.get_xticklabels():
                label.set_rotation(45 if len(labels) <= 15 else 90)
                label.set_horizontalalignment("right" if len(labels) <= 15 else "center")
                label.set_rotation_mode("anchor")
        _band(ax, spec, vertical=(kind == "barh"))
        _fair(ax, spec, vertical=(kind == "barh"))
    else:
        numeric = all(_is_num(v) and not isinstance(v, Estimate) for v in x)
        xs = [float(v) for v in x] if numeric else pos
        for j, (name, ys) in enumerate(series):
            errs = _errors(spec, ys, name)
            if kind == "errorbar" and not numeric and len(series) > 1:
                # Side by side around each category, so the error bars do not overlap.
                xs = [p + (j - (len(series) - 1) / 2) * 0.12 for p in pos]
            if kind == "line":
                ax.plot(xs, ys, marker="o" if len(xs) <= 30 else None, markersize=3,
                        label=name or None)
                if errs is not None:
                    ax.fill_between(xs, [v - e for v, e in zip(ys, errs[0], strict=True)],
                                    [v + e for v, e in zip(ys, errs[1], strict=True)], alpha=0.2,
                                    label=f"{name} 95% CI" if name else "95% CI")
            else:
                ax.errorbar(xs, ys, yerr=errs, fmt="o", capsize=4, label=name or None)
        if not numeric:
            ax.set_xticks(pos, labels)
            ax.margins(x=0.5 / max(1, len(pos)))
        _band(ax, spec, vertical=False)
        _fair(ax, spec, vertical=False)
    _legend(ax, len(series) > 1 or spec.get("band") is not None or spec.get("fair") is not None)


def _bins(values: list[float]) -> Any:
    # Whole-number data (turns, points) gets one bar per value, centred on it; "auto" bins
    # would split integers unevenly and draw false spikes.
    if values and all(v == int(v) for v in values) and max(values) - min(values) <= 120:
        lo, hi = int(min(values)), int(max(values))
        return [b - 0.5 for b in range(lo, hi + 2)]
    return "auto"


def _legend(ax: Any, show: bool) -> None:
    if show:
        ax.legend(frameon=False, fontsize=8)
