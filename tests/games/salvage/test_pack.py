"""The Salvage session pack: files, sizes, printed numbers from Config, byte-identical reruns."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.games.salvage.pack import session_pack
from pnp.games.salvage.sheets import POKER, TOKEN, rules_text, unique_mods
from pnp.games.salvage.simulate import make_setup
from pnp.layout.draw import Drawing, Group, TextBox
from pnp.layout.draw import texts as _texts
from pnp.output import Output
from pnp.pack import Cards, Pack, Pages, PrintOptions
from pnp.pack_writer import write_pack

GAMES = 10
MM = 72 / 25.4


@pytest.fixture(scope="module")
def setup():
    return make_setup(7, 2, ("heuristic", "heuristic"), {})


@pytest.fixture(scope="module")
def pack(setup) -> Pack:
    return session_pack(setup, 7, {}, GAMES, None, PrintOptions())


def _write(pack: Pack, out: Path) -> Path:
    with Output(out, seed=7, command=["pnp", "salvage", "session"]) as o:
        write_pack(o, pack, PrintOptions())
    return out


@pytest.fixture(scope="module")
def written(pack, tmp_path_factory) -> Path:
    return _write(pack, tmp_path_factory.mktemp("session"))


def _file(pack: Pack, path: str):
    return next(f for f in pack.files if getattr(f, "path", "") == path)


def test_files_written(written):
    names = {p.name for p in written.iterdir()}
    assert {"field.json", "field.pdf", "field-tiled.pdf", "mods.pdf", "player-aid.pdf",
            "score-sheet.pdf", "tokens.pdf", "report.html", "manifest.json"} <= names


def test_mods_are_poker_with_backs(pack, setup, written):
    cards = _file(pack, "mods.pdf")
    assert isinstance(cards, Cards)
    for c in cards.components:
        assert (c.front.width, c.front.height) == POKER and c.back is not None
    copies = sum(c.count for c in cards.components)
    assert copies == len(setup.mods)  # copies = the deck's counts
    pages = PdfReader(written / "mods.pdf").pages
    per_sheet = 9  # 3 x 3 poker cards on A4
    assert len(pages) == 2 * math.ceil(copies / per_sheet)  # fronts + duplex backs
    w, h = (float(v) / MM for v in pages[0].mediabox.upper_right)
    assert (round(w), round(h)) == (210, 297)


def test_mod_rules_text_has_the_data_numbers(setup, pack):
    fronts = [_texts(c.front.items) for c in _file(pack, "mods.pdf").components]
    for (mod, _), texts in zip(unique_mods(setup.mods), fronts, strict=True):
        assert mod.name in texts and rules_text(mod) in texts
        for effect, amount in mod.effects:
            if amount > 1:
                assert str(amount) in rules_text(mod), (mod.name, effect)


def test_player_aid_numbers_from_config(pack, setup, written):
    cfg = setup.config
    aid = _file(pack, "player-aid.pdf")
    assert isinstance(aid, Pages)
    texts = "\n".join(_texts(aid.pages[0].items))
    for roll in cfg.node_die:
        assert roll.text in texts
    for rank, number in zip("CBA", cfg.mob_numbers, strict=True):
        assert f"hit on a total of {number} or more" in texts, rank
    assert f"Moving costs {cfg.move_cost} fuel, {cfg.leave_cost} if" in texts
    assert f"after round {cfg.rounds}" in texts
    pdf = PdfReader(written / "player-aid.pdf").pages[0].extract_text()
    assert f"{cfg.mob_numbers[2]} or more" in pdf and str(cfg.cell_score) in pdf


def test_tokens_numbers_from_config(pack, setup):
    cfg = setup.config
    comps = _file(pack, "tokens.pdf").components
    small = [c for c in comps if c.front.width == TOKEN]
    texts = [_texts(c.front.items) for c in small]
    for rank, number, hits in zip("CBA", cfg.mob_numbers, cfg.mob_hits, strict=True):
        assert any(rank in t and f"hit {number}+" in t and t[-1].startswith(str(hits))
                   for t in texts)
    cells = [c for c, t in zip(small, texts, strict=True) if "CELL" in t]
    assert sum(c.count for c in cells) == cfg.cells_to_win
    tables = ["\n".join(_texts(c.front.items)) for c in comps if c.front.width == POKER[0]]
    assert sum("BASE DAMAGE" in t for t in tables) == 2
    supply = next(t for t in tables if "DICE SUPPLY" in t)
    for sides, count in cfg.supply:
        assert f"D{sides} x{count}: banked, scores {cfg.die_score(sides)}" in supply


def _min_size(d: Drawing) -> float:
    def walk(items):
        for it in items:
            if isinstance(it, TextBox):
                yield it
            elif isinstance(it, Group):
                yield from walk(it.items)
    from pnp.layout.text import fit_text
    return min(fit_text(t).size for t in walk(d.items) if t.text.strip())


def test_no_tiny_text(pack):
    for f in pack.files:
        drawings = (list(f.pages) if isinstance(f, Pages)
                    else [c.front for c in f.components] if isinstance(f, Cards) else [])
        for d in drawings:
            assert _min_size(d) >= 5, (f.path, d.name)


def test_checks_and_manifest(pack, written):
    names = [c["name"] for c in pack.checks]
    assert "field problems" in names and "seat 1 win rate (first player)" in names
    field = next(c for c in pack.checks if c["name"] == "field problems")
    assert field["value"] == 0 and field["passed"]
    assert "summary" in pack.manifest["field"] and "routes" in pack.manifest["field"]
    html = (written / "report.html").read_text()
    for heading in ("Seat win rates", "How games are won", "Mods", "Checks"):
        assert heading in html


def test_no_games_skips_simulation(setup):
    pack = session_pack(setup, 7, {}, 0, None, PrintOptions())
    assert [c["name"] for c in pack.checks] == ["field problems"]


def test_strength_table_in_the_report(setup, tmp_path, monkeypatch):
    from pnp.games.salvage import strength

    monkeypatch.setattr(strength, "PLAYERS", ("random", "heuristic"))  # the cheap pair
    pack = session_pack(setup, 7, {"strength_games": 2}, 0, None, PrintOptions())
    assert [c["name"] for c in pack.checks][0] == "heuristic beats random"
    assert any(line.startswith("heuristic") for line in pack.notes)
    out = _write(pack, tmp_path / "s")
    html = (out / "report.html").read_text()
    assert "Computer players" in html and "heuristic beats random" in html
    assert (out / "strengths.json").exists()
    with pytest.raises(PnpError, match="0 or more"):
        session_pack(setup, 7, {"strength_games": -1}, 0, None, PrintOptions())


def test_byte_identical_rerun(setup, written, tmp_path):
    again = _write(session_pack(setup, 7, {}, GAMES, None, PrintOptions()), tmp_path / "b")
    for p in sorted(written.rglob("*")):
        rel = p.relative_to(written)
        if p.is_file() and p.name != "manifest.json":
            assert (again / rel).read_bytes() == p.read_bytes(), rel
