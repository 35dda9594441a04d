"""The HTML balance report: self-contained, deterministic, tables, charts and checks."""

from __future__ import annotations

import base64
import hashlib
import io
import re
from html.parser import HTMLParser

import pytest
from PIL import Image

from pnp.errors import PnpError
from pnp.report import CHART_DPI, CHART_SIZE, chart_png, checks_section, render_report, write_report
from pnp.sim.stats import check_band, mean_ci, proportion_ci

WIN = proportion_ci(61, 100)


def sections():
    return [
        {"heading": "Summary", "text": "Seed KGF7-DX20-A.\n\nBots: heuristic & <random>."},
        checks_section([check_band("heuristic beats random", WIN, 0.50, None),
                        check_band("game length", mean_ci([40, 41, 41, 42]), 20, 35,
                                   note="seed 7 ran long"),
                        check_band("seat 1 win rate", WIN, 0.45, 0.55)]),
        {"heading": "Win rates",
         "table": [{"bot": "heuristic", "win rate": WIN, "games": 100},
                   {"games": 100, "bot": "<random>", "win rate": proportion_ci(20, 100)}],
         "chart": {"kind": "bar", "x": ["heuristic", "random"], "y": [0.61, 0.2],
                   "low": [0.51, 0.13], "high": [0.7, 0.29], "band": [0.45, 0.55],
                   "ylabel": "win rate", "title": "Win rate"}},
        {"heading": "Game length",
         "chart": {"kind": "hist", "values": [30, 31, 31, 32, 35, 40, 28], "band": [20, 35]}},
    ]


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def parse(page: str) -> _Collect:
    p = _Collect()
    p.feed(page)
    return p


def test_same_input_same_bytes(tmp_path):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    write_report(a, "Balance", sections(), subtitle="100 games")
    write_report(b, "Balance", sections(), subtitle="100 games")
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


def test_self_contained_page():
    page = render_report("Balance", sections())
    tags = parse(page).tags
    assert not [t for t, _ in tags if t in ("script", "link", "iframe")]
    srcs = [a["src"] for t, a in tags if t == "img"]
    assert len(srcs) == 2 and all(s.startswith("data:image/png;base64,") for s in srcs)
    assert "http://" not in page and "https://" not in page
    assert "<style>" in page


def test_charts_are_fixed_size_pngs_without_software_tag():
    page = render_report("Balance", sections())
    for src in re.findall(r'src="data:image/png;base64,([^"]+)"', page):
        png = base64.b64decode(src)
        with Image.open(io.BytesIO(png)) as im:
            assert im.format == "PNG"
            assert im.size == (round(CHART_SIZE[0] * CHART_DPI), round(CHART_SIZE[1] * CHART_DPI))
            assert "Software" not in im.info
        assert b"matplotlib" not in png.lower()


def test_table_columns_follow_first_row_and_text_is_escaped():
    page = render_report("Balance", sections())
    rows = parse(page).rows
    header = next(r for r in rows if r and r[0] == "bot")
    assert header == ["bot", "win rate", "games"]
    random_row = next(r for r in rows if r and r[0] == "<random>")
    assert random_row[2] == "100"
    # an Estimate shows its interval, in the column's one precision
    assert random_row[1].startswith("0.200 [")
    assert "&lt;random&gt;" in page and "<random>" not in page
    assert "<p>Bots: heuristic &amp; &lt;random&gt;.</p>" in page


def test_checks_section_colours_pass_and_fail():
    page = render_report("Balance", sections())
    p = parse(page)
    classes = [a.get("class") for t, a in p.tags if t == "tr" and a.get("class")]
    assert classes == ["pass", "fail", "undecided"]
    assert "1 of 3 checks pass; 1 fail (game length); 1 undecided (seat 1 win rate)" in page
    fail_row = next(r for r in p.rows if r and r[0] == "game length")
    assert fail_row[4] == "FAIL" and fail_row[5] == "seed 7 ran long"
    open_row = next(r for r in p.rows if r and r[0] == "seat 1 win rate")
    assert open_row[4] == "UNDECIDED" and open_row[5].startswith("needs about ")
    assert 'class="summary fail"' in page


def test_checks_accept_dicts():
    check = check_band("x", 0.5, 0.4, 0.6)
    page = render_report("t", [checks_section([check.to_dict()])])
    assert "1 of 1 checks pass" in page and 'class="summary pass"' in page


@pytest.mark.parametrize("spec", [
    {"kind": "bar", "x": ["a", "b", "c"], "series": {"p1": [1, 2, 3], "p2": [2, 1, 0]}},
    {"kind": "barh", "x": ["a", "b"], "y": [0.3, 0.7], "low": [0.2, 0.6], "high": [0.4, 0.8],
     "band": [0.2, None]},
    {"kind": "hist", "series": {"p1": [1.5, 2.5, 2.7], "p2": [3.1, 2.2, 1.1]}, "bins": 4},
    {"kind": "line", "x": [100, 200, 300], "y": [0.6, 0.55, 0.52], "low": [0.5, 0.5, 0.49],
     "high": [0.7, 0.6, 0.55], "band": [0.45, 0.55], "xlabel": "games"},
    {"kind": "errorbar", "x": ["tier 1", "tier 2"], "y": [3.0, 4.5], "low": [2.5, 4.0],
     "high": [3.5, 5.0], "band": [None, 6]},
    {"kind": "errorbar", "x": ["seat 1", "seat 2"], "series": {"a": [0.2, 0.3], "b": [0.3, 0.2]},
     "low": {"a": [0.1, 0.2], "b": [0.2, 0.1]}, "high": {"a": [0.3, 0.4]}},
])
def test_every_chart_kind_renders(spec):
    png = chart_png(spec)
    assert png == chart_png(spec)
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        assert im.getextrema() != ((255, 255), (255, 255), (255, 255), (255, 255))


@pytest.mark.parametrize("spec, field", [
    ({"kind": "pie", "x": [1], "y": [1]}, "kind"),
    ({"kind": "bar", "x": ["a", "b"], "y": [1]}, "y"),
    ({"kind": "bar", "x": ["a"]}, "y"),
    ({"kind": "bar", "x": ["a"], "y": ["tall"]}, "y"),
    ({"kind": "bar", "x": ["a", "b"], "y": [1, 2], "low": [0]}, "low"),
    ({"kind": "bar", "x": ["a"], "series": {"p": [1], "q": [2]}, "low": [0]}, "low"),
])
def test_bad_chart_specs(spec, field):
    with pytest.raises(PnpError) as err:
        chart_png(spec)
    assert err.value.field == field


def test_unknown_section_key_is_an_error():
    with pytest.raises(PnpError, match="tabel"):
        render_report("t", [{"heading": "x", "tabel": []}])


def test_horizontal_bars_grow_with_their_categories():
    words = [f"WORD{i}" for i in range(40)]
    png = chart_png({"kind": "barh", "x": words, "y": [0.1] * 40})
    with Image.open(io.BytesIO(png)) as im:
        width, height = im.size
    assert width == round(CHART_SIZE[0] * CHART_DPI)
    assert height >= 40 * 0.2 * CHART_DPI  # at least 0.2 in (22 px) per label
