"""Reports a designer reads in a minute (issue 24): the verdict and what to look at first,
human names, 3 significant digits, bands in words, the board drawn, heat maps, fair-share lines,
counts and intervals on a time series."""

from __future__ import annotations

import base64
import csv
import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image

from pnp.errors import PnpError
from pnp.layout.draw import Drawing, Rect
from pnp.report import band_words, chart_png, fmt, render_report
from pnp.sim.stats import Estimate, check_band, verdict

SPREAD = check_band("seat_wins_spread", Estimate(0.42, 0.351, 0.489, 200), None, 0.25)
KO = check_band("ko_hazard", Estimate(0.2, 0.12, 0.3, 80), None, 0.25, unit="knight-games")
OK = check_band("seat 1 win rate", Estimate(0.5, 0.46, 0.54, 600), 0.45, 0.55)


def test_the_report_opens_with_the_verdict_and_what_to_look_at():
    v = verdict([OK, SPREAD, KO])
    html = render_report("T", [{"heading": "Seats", "text": "x"},
                               {"heading": "Checks", "checks": [OK, SPREAD, KO]}], verdict=v)
    verdict_at, nav_at, first_at = (html.index('<section id="verdict">'), html.index("<nav>"),
                                    html.index('<section id="s1-seats">'))
    assert verdict_at < nav_at < first_at  # verdict first, then the contents, then sections
    look = html[verdict_at:nav_at]
    assert v.line().replace("'", "&#x27;") in look
    items = re.findall(r"<li>(.*?)</li>", look)
    # the failing check first, then the undecided one; neither the passing one
    assert [re.sub("<.*?>", "", i).split(" ")[0] for i in items] == ["FAIL", "UNDECIDED"]
    assert "best seat&#x27;s wins minus the worst seat&#x27;s" in items[0]
    assert "band at most 0.25" in items[0] and "ko_hazard" not in look


def test_checks_tables_use_human_names_words_for_bands_and_3_digits():
    html = render_report("T", [{"heading": "Checks", "checks": [SPREAD, OK]}])
    assert "seat_wins_spread" not in html
    assert "best seat&#x27;s wins minus the worst seat&#x27;s" in html
    assert "<td>at most 0.25</td>" in html and "<td>0.45 to 0.55</td>" in html
    assert fmt(0.123456) == "0.123" and fmt(12.3456) == "12.3" and fmt(0.5) == "0.5"
    assert [band_words(None, 0.25), band_words(4.5, None), band_words(0, 0)] == [
        "at most 0.25", "at least 4.5", "exactly 0"]


def test_every_report_has_a_table_of_contents():
    html = render_report("T", [{"heading": "A", "text": "a"}, {"heading": "B", "text": "b"}])
    assert '<nav><ol><li><a href="#s1-a">A</a></li><li><a href="#s2-b">B</a></li>' in html


def test_a_drawing_section_shows_the_svg_the_pdf_backend_draws():
    board = Drawing(120.0, 80.0, (Rect(10, 10, 50, 30, fill="#cc0000"),))
    html = render_report("T", [{"heading": "The board", "drawing": board}])
    src = re.search(r'<img class="drawing" alt="The board" src="data:image/svg\+xml;base64,'
                    r'([^"]+)"', html)
    assert src
    svg = ET.fromstring(base64.b64decode(src.group(1)))
    assert svg.get("width") == "120mm" and svg.get("height") == "80mm"
    assert any(e.get("fill") == "#cc0000" for e in svg.iter())


def test_heat_map_and_fair_share_line():
    png = chart_png({"kind": "heatmap", "x": ["a", "b", "c"], "y": ["p", "q"],
                     "z": [[0.1, 0.5, 0.9], [0.2, 0.4, float("nan")]], "vmin": 0, "vmax": 1})
    assert Image.open(io.BytesIO(png)).size[0] > 300
    with pytest.raises(PnpError, match="rows of equal length"):
        chart_png({"kind": "heatmap", "z": [[1, 2], [3]]})
    bars = {"kind": "bar", "x": ["seat 1", "seat 2"], "y": [0.4, 0.6]}
    def greys(spec) -> int:  # pixels near the fair-share line's grey (#59636e)
        rgb = np.asarray(Image.open(io.BytesIO(chart_png(spec))).convert("RGB"), dtype=int)
        return int((np.abs(rgb - (0x59, 0x63, 0x6e)).sum(axis=2) < 40).sum())

    assert greys({**bars, "fair": 0.5}) > greys(bars) + 100


def test_wreck_and_ruin_odds_are_heat_maps_with_the_full_tables_as_json_and_csv():
    from pnp.games.wreck_and_ruin.data import load_config
    from pnp.games.wreck_and_ruin.odds import ram_table, shoot_table
    from pnp.games.wreck_and_ruin.pack import odds_files, odds_sections
    from pnp.pack import Csv, Json

    config = load_config()
    sections = odds_sections(config)
    assert all("table" not in s and s["chart"]["kind"] == "heatmap" for s in sections)
    files = {f.path: f for f in odds_files(config)}
    assert isinstance(files["odds.json"], Json)
    assert files["odds.json"].data == {"shooting": shoot_table(config),
                                       "ramming": ram_table(config)}
    from pnp.pack_writer import _csv

    for name, table in (("odds-shooting.csv", shoot_table(config)),
                        ("odds-ramming.csv", ram_table(config))):
        assert isinstance(files[name], Csv)
        rows = list(csv.DictReader(io.StringIO(_csv(files[name].rows).decode("utf-8"))))
        assert len(rows) == len(table) and set(rows[0]) == set(table[0])
    shots = sections[0]["chart"]
    assert sum(len(r) for r in shots["z"]) == len(shoot_table(config))


def test_enemies_aboard_by_round_has_counts_and_intervals():
    from types import SimpleNamespace

    from pnp.games.waste_of_parts.simulate import summarize

    def rec(aboard):
        return SimpleNamespace(won=False, cause="x", rounds=len(aboard), milestones=(0, 0, 0),
                               kills=0, aboard=tuple(aboard), standard=False)

    records = [rec((1, 2, 3)), rec((1, 2, 3, 4)), rec((0, 0)), rec((2, 4, 6, 8, 9))]
    setup = SimpleNamespace(players=4, bots=("heuristic",) * 4, boss=None)
    curve = summarize(records, setup, 1)["enemies_aboard_by_round_ci"]
    # a point per round while 2 or more games still run, each with how many
    assert [e["n"] for e in curve] == [4, 4, 3, 2]
    assert all(e["low"] < e["value"] < e["high"] for e in curve)
