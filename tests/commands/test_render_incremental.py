"""Incremental rendering: a watched render paints only the faces that changed, and what it
writes is byte for byte what a fresh render writes (files read back, not the pipeline's word)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from pnp.content import Deck
from pnp.layout.cards import load_deck
from pnp.layout.facecache import CACHE_DIR, FaceCache
from pnp.layout.pipeline import RenderOptions, load_for_render, render_deck
from pnp.output import Output

ROOT = Path(__file__).resolve().parents[2]
OPTS = RenderOptions(size=(63.5, 88.9), dpi=60, jobs=1, stem="deck")


def _csv(path: Path, rows: int, edit: dict[int, str] | None = None) -> None:
    lines = ["name,type,cost,text,count,art"]
    for i in range(rows):
        text = (edit or {}).get(i, f"Salvage {i} parts and fuel from the wreck.")
        lines.append(f"Golem {i},Tool,{i % 5},{text},{1 + i % 3},{'art.png' if i % 4 == 0 else ''}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _art(path: Path, colour: tuple[int, int, int]) -> None:
    from PIL import Image

    Image.new("RGB", (40, 40), colour).save(path)


def _layout(folder: Path) -> Path:
    """The default layout plus the card's art, so a changed image must change its faces."""
    path = folder / "card.yaml"
    path.write_text(f"""extends: {ROOT / 'templates' / 'default' / 'card.yaml'}
items:
  - id: art
    when: "{{{{ art != '' }}}}"
    image: {{x: 20, y: 30, w: 20, h: 20, path: "{{{{ art }}}}"}}
""", encoding="utf-8")
    return path


def _render(csv: Path, out: Path, cache: FaceCache | None, layout: Path):
    deck: Deck = load_deck(str(csv))
    with Output(out, command=["pnp", "render"]) as output:
        summary = render_deck(deck, load_for_render(str(layout)), OPTS, output,
                              warn=lambda line: None, cache=cache)
        output.commit()
    return summary


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and CACHE_DIR not in p.parts}


def test_one_edited_card_is_painted_again_and_the_files_match_a_fresh_render(tmp_path):
    src = tmp_path / "deck.csv"
    _art(tmp_path / "art.png", (200, 30, 30))
    layout = _layout(tmp_path)
    _csv(src, 30)
    out = tmp_path / "watched"
    cache = FaceCache(out)
    first = _render(src, out, cache, layout)
    assert first.painted == 31  # 30 fronts and the one back
    _csv(src, 30, edit={7: "Salvage seven parts then drive on."})
    again = _render(src, out, cache, layout)
    assert again.painted == 1
    assert cache.memo.hits == 29  # the other cards were not laid out again either
    fresh = tmp_path / "fresh"
    _render(src, fresh, None, layout)
    watched = _files(out)
    assert watched == _files(fresh)
    assert any(name.startswith("tts/") for name in watched)
    # the cache holds what the last render used, nothing more
    assert set(os.listdir(out / CACHE_DIR)) == cache.used | {"index.json"}


def test_a_new_process_reuses_the_cache_in_the_output_folder(tmp_path):
    src = tmp_path / "deck.csv"
    _art(tmp_path / "art.png", (200, 30, 30))
    layout = _layout(tmp_path)
    _csv(src, 12)
    out = tmp_path / "out"
    _render(src, out, FaceCache(out), layout)
    before = _files(out)
    again = _render(src, out, FaceCache(out), layout)  # a fresh memo: laid out, not painted
    assert again.painted == 0
    assert _files(out) == before


def test_an_image_changed_under_the_same_name_repaints_the_faces_that_place_it(tmp_path):
    src = tmp_path / "deck.csv"
    art = tmp_path / "art.png"
    _art(art, (200, 30, 30))
    layout = _layout(tmp_path)
    _csv(src, 12)  # cards 0, 4 and 8 place art.png
    out = tmp_path / "out"
    cache = FaceCache(out)
    _render(src, out, cache, layout)
    _art(art, (30, 30, 200))
    os.utime(art, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    again = _render(src, out, cache, layout)
    assert again.painted == 3
    fresh = tmp_path / "fresh"
    _render(src, fresh, None, layout)
    assert _files(out) == _files(fresh)


def test_the_faces_list_names_each_face_its_cards_and_copies(tmp_path):
    src = tmp_path / "deck.csv"
    _art(tmp_path / "art.png", (200, 30, 30))
    _csv(src, 5)
    out = tmp_path / "out"
    summary = _render(src, out, FaceCache(out), _layout(tmp_path))
    assert summary.faces is not None
    fronts = [f for f in summary.faces if not f.back]
    backs = [f for f in summary.faces if f.back]
    assert [f.cards for f in fronts] == [[f"Golem {i}"] for i in range(5)]
    assert [f.copies for f in fronts] == [1, 2, 3, 1, 2]
    assert len(backs) == 1 and backs[0].copies == 9 and len(backs[0].cards) == 5
    for f in summary.faces:
        assert (out / "png" / f"{f.stem}.png").is_file()
        assert (out / "svg" / f"{f.stem}.svg").is_file()


def test_watch_exits_130_on_ctrl_c(tmp_path):
    src = tmp_path / "deck.csv"
    src.write_text("name,text\nA,one\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "render", str(src), "--out",
                             str(tmp_path / "out"), "--watch", "--formats", "pdf", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        for line in proc.stderr:  # the first render is done once it says so
            if line.startswith("watching"):
                break
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "stopped watching" in err and "Traceback" not in err
    assert (tmp_path / "out" / "deck.pdf").is_file()


def test_an_inline_icon_changed_under_the_same_name_repaints_its_card(tmp_path):
    from PIL import Image

    (tmp_path / "icons").mkdir()
    icon = tmp_path / "icons" / "fuel.png"
    Image.new("RGB", (20, 20), (255, 0, 0)).save(icon)
    src = tmp_path / "deck.csv"
    src.write_text("name,text\nA,Take :fuel: now\nB,Nothing here\n", encoding="utf-8")
    layout = ROOT / "templates" / "default" / "card.yaml"
    out = tmp_path / "out"
    cache = FaceCache(out)
    _render(src, out, cache, layout)
    Image.new("RGB", (20, 20), (0, 0, 255)).save(icon)
    os.utime(icon, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    assert _render(src, out, cache, layout).painted == 1  # card A, not B nor the back
    fresh = tmp_path / "fresh"
    _render(src, fresh, None, layout)
    assert _files(out) == _files(fresh)


def test_a_face_file_edited_by_hand_in_the_output_is_painted_again(tmp_path):
    src = tmp_path / "deck.csv"
    _art(tmp_path / "art.png", (200, 30, 30))
    layout = _layout(tmp_path)
    _csv(src, 6)
    out = tmp_path / "out"
    cache = FaceCache(out)
    _render(src, out, cache, layout)
    edited = sorted((out / "png").glob("*.png"))[2]
    with open(edited, "r+b") as fh:  # in place: the same file as the cache's copy, if linked
        fh.seek(100)
        fh.write(b"scribbled over")
    again = _render(src, out, cache, layout)
    assert again.painted == 1
    fresh = tmp_path / "fresh"
    _render(src, fresh, None, layout)
    assert _files(out) == _files(fresh)


def test_face_files_are_named_after_the_card_without_its_markup(tmp_path):
    src = tmp_path / "deck.csv"
    src.write_text('name,text\n"Scrap <i>Golem</i>",<b>Hit</b> hard\nCafé Racer,x\n',
                   encoding="utf-8")
    out = tmp_path / "out"
    _render(src, out, None, ROOT / "templates" / "default" / "card.yaml")
    names = sorted(p.name for p in (out / "png").glob("0*.png"))
    assert names == ["001-scrap-golem.png", "002-cafe-racer.png"]
    saved = (out / "tts" / "deck.json").read_text(encoding="utf-8")
    assert '"Nickname": "Scrap Golem"' in saved and "<i>" not in saved


def test_a_watch_or_preview_of_a_missing_file_is_one_line_and_exit_2(tmp_path, run_pnp):
    for extra in (["--watch"], ["--preview", "--no-browser"]):
        code, _, err = run_pnp("render", str(tmp_path / "nope.csv"), "--out",
                               str(tmp_path / "out"), *extra)
        assert code == 2 and err.strip().count("\n") == 0, err
        assert "nope.csv: cannot read the card list" in err
    assert not (tmp_path / "out").exists()
