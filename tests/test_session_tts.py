"""Every card deck of every game's session pack is also a Tabletop Simulator deck: sheets and a
saved object in tts/, read back from the written files (grid, sheet size, cards per deck)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image as PILImage

from pnp.games.registry import get
from pnp.layout.tts import MAX_COLS, MAX_PX, MAX_ROWS
from pnp.pack import Cards, PrintOptions

GAMES = ["junkyard-wars", "waste-knights", "salvage", "waste-of-parts", "wreck-and-ruin"]


def _write_session(name: str, out: Path, opts: PrintOptions):
    from pnp.output import Output
    from pnp.pack_writer import write_pack
    from pnp.sim.play import bot_names

    spec = get(name)
    options = {o.name: o.default for o in spec.options}
    n = spec.min_players
    setup = spec.make_setup("tts", n, bot_names(spec, n, "heuristic"), options)
    assert spec.session is not None
    pack = spec.session(setup, "tts", options, 2, 1, opts)
    with Output(out, seed="tts", command=["pnp", name, "session"]) as o:
        manifest = write_pack(o, pack, opts)
    return pack, manifest


def _objects(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["ObjectStates"]


def _cards(obj: dict) -> list[dict]:
    return obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]


@pytest.mark.parametrize("name", GAMES)
def test_every_card_deck_of_a_session_is_a_tts_deck(name, tmp_path):
    out = tmp_path / "pack"
    pack, manifest = _write_session(name, out, PrintOptions())
    kinds = {f["path"]: f["kind"] for f in manifest["files"]}
    decks = 0
    for part in pack.files:
        if not isinstance(part, Cards):
            continue
        saved = out / "tts" / f"{Path(part.path).stem}.json"
        if any(c.front.outline is not None for c in part.components):
            assert not saved.exists()  # a shaped tile (hex) is no rectangle on the table
            continue
        decks += 1
        assert kinds[f"tts/{saved.name}"] == "tts-json"
        objects = _objects(saved)
        # one deck per card size, together as many cards as the deck prints
        assert sum(len(_cards(o)) for o in objects) == sum(c.count for c in part.components)
        sizes = {(round(c.front.width, 4), round(c.front.height, 4)) for c in part.components}
        assert len(objects) == len(sizes)
        for obj in objects:
            for deck in obj["CustomDeck"].values():
                cols, rows = deck["NumWidth"], deck["NumHeight"]
                assert 2 <= cols <= MAX_COLS and 2 <= rows <= MAX_ROWS
                for url in {deck["FaceURL"], deck["BackURL"]}:
                    assert "/" not in url  # bare names: --tts-url decides where they load from
                    assert kinds[f"tts/{url}"] == "tts-sheet"
                with PILImage.open(out / "tts" / deck["FaceURL"]) as sheet:
                    w, h = sheet.size
                    assert sheet.mode == "RGB" and max(w, h) <= MAX_PX
                    assert w % cols == 0 and h % rows == 0
                    cw, ch = w // cols, h // rows
                    # the card's shape, to a pixel (the slots are whole pixels)
                    assert any(abs(cw / ch - sw / sh) <= (1 + sw / sh) / ch for sw, sh in sizes)
            ids = [c["CardID"] for c in _cards(obj)]
            assert all(str(i // 100) in obj["CustomDeck"] for i in ids)
    assert decks >= 1


def test_tts_url_local_links_the_sheets_where_they_are(tmp_path, run_pnp):
    out = tmp_path / "s"
    code, _, err = run_pnp("salvage", "session", "--seed", "tts", "--games", "0", "--out",
                           str(out), "--tts-url", "local")
    assert code == 0, err
    deck = next(iter(_objects(out / "tts" / "mods.json")[0]["CustomDeck"].values()))
    prefix = (out.resolve() / "tts").as_uri() + "/"
    assert deck["FaceURL"].startswith("file:///") and deck["FaceURL"].startswith(prefix)
    assert (out / "tts" / deck["FaceURL"][len(prefix):]).is_file()
