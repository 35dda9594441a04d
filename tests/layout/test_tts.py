"""Tabletop Simulator sheets: <= 10 x 7 cards, <= 4096 px a side, RGB, and the saved object."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing, Rect
from pnp.layout.tts import MAX_PX, card_size_for, deck_sheets, sheet_grid, tts_deck


def solid(colour, size=(744, 1039)) -> Image.Image:
    return Image.new("RGB", size, colour)


def opened(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def test_a_full_poker_sheet_is_10_by_7_and_scaled_under_4096_px():
    faces = [solid((i * 3, 100, 200)) for i in range(70)]  # 300 dpi poker faces
    sheets = deck_sheets(faces)
    assert len(sheets) == 1
    s = sheets[0]
    assert (s.cols, s.rows, s.count) == (10, 7, 70)
    im = opened(s.data)
    assert im.mode == "RGB" and im.format == "JPEG"
    assert max(im.size) <= MAX_PX and im.size == s.size_px
    assert im.size == (10 * s.card_px[0], 7 * s.card_px[1])
    # the slot keeps the card's shape
    assert s.card_px[0] / s.card_px[1] == pytest.approx(744 / 1039, rel=0.01)


def test_faces_land_in_row_major_slots():
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255)]
    s = deck_sheets([solid(c, (100, 140)) for c in colours], fmt="png")[0]
    im = opened(s.data)
    assert (s.cols, s.rows) == (5, 2)
    for k, c in enumerate(colours):
        x = (k % s.cols) * 100 + 50
        y = (k // s.cols) * 140 + 70
        assert im.getpixel((x, y)) == c


def test_a_deck_larger_than_one_sheet_is_split():
    faces = [solid((i, i, i), (60, 84)) for i in range(150)]
    sheets = deck_sheets(faces)
    assert [s.count for s in sheets] == [70, 70, 10]
    assert len({s.card_px for s in sheets}) == 1  # same card size on every sheet


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 70), w=st.integers(50, 3000), h=st.integers(50, 3000))
def test_grid_and_scale_limits(n, w, h):
    cols, rows = sheet_grid(n)
    assert cols <= 10 and rows <= 7 and cols * rows >= n
    cw, ch = card_size_for((w, h), cols, rows)
    assert cols * cw <= MAX_PX and rows * ch <= MAX_PX


def test_bad_input_is_a_pnp_error():
    with pytest.raises(PnpError):
        deck_sheets([])
    with pytest.raises(PnpError):
        deck_sheets([b"not an image"])
    with pytest.raises(PnpError):
        deck_sheets([solid((0, 0, 0))], fmt="gif")


def face(colour: str, name: str) -> Drawing:
    return Drawing(63.5, 88.9, (Rect(-3, -3, 69.5, 94.9, fill=colour, stroke=None),), bleed=3.0,
                   name=name)


def test_saved_object_points_at_the_sheets_with_deck_ids():
    back = face("#222222", "back")
    comps = [Component(face("#ff0000", "red"), back, count=2, name="Red"),
             Component(face("#00ff00", "green"), back, name="Green")]
    deck = tts_deck(comps, "mydeck", dpi=50)
    assert set(deck.files) == {"mydeck-sheet.jpg", "mydeck-back.jpg", "mydeck.json"}
    obj = json.loads(deck.files["mydeck.json"])
    (state,) = obj["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    assert state["DeckIDs"] == [100, 100, 101]  # copies share their slot
    entry = state["CustomDeck"]["1"]
    assert entry["FaceURL"] == "mydeck-sheet.jpg" and entry["BackURL"] == "mydeck-back.jpg"
    sheet = opened(deck.files["mydeck-sheet.jpg"])
    assert sheet.size[0] % entry["NumWidth"] == 0 and sheet.size[1] % entry["NumHeight"] == 0
    assert [c["Nickname"] for c in state["ContainedObjects"]] == ["Red", "Red", "Green"]
    # trimmed faces: the card art (no bleed) fills the first slot
    cw = sheet.size[0] // entry["NumWidth"]
    ch = sheet.size[1] // entry["NumHeight"]
    r, g, b = sheet.getpixel((cw // 2, ch // 2))
    assert r > 200 and g < 60 and b < 60
    assert tts_deck(comps, "mydeck", dpi=50).files == deck.files  # deterministic bytes


def test_different_backs_use_a_back_sheet_and_big_decks_span_sheets():
    comps = [Component(face("#%02x0000" % i, f"c{i}"), face("#0000%02x" % i, f"b{i}"))
             for i in range(75)]
    deck = tts_deck(comps, "big", dpi=20)
    obj = json.loads(deck.files["big.json"])["ObjectStates"][0]
    assert set(obj["CustomDeck"]) == {"1", "2"}
    assert obj["CustomDeck"]["1"]["UniqueBack"] is True
    assert obj["CustomDeck"]["2"]["BackURL"] == "big-backs2.jpg"
    assert obj["DeckIDs"][:2] == [100, 101] and obj["DeckIDs"][70:] == [200, 201, 202, 203, 204]
    for name, data in deck.files.items():
        if name.endswith(".jpg"):
            im = opened(data)
            assert max(im.size) <= MAX_PX


def test_a_single_card_is_a_card_object():
    deck = tts_deck([Component(face("#ff0000", "solo"), name="Solo")], "one", dpi=30)
    (state,) = json.loads(deck.files["one.json"])["ObjectStates"]
    assert state["Name"] == "Card" and state["CardID"] == 100


def test_saved_object_has_the_fields_tabletop_simulator_writes():
    back = face("#222222", "back")
    comps = [Component(face("#ff0000", "red"), back, count=2, name="Red"),
             Component(face("#00ff00", "green"), back, name="Green")]
    deck = tts_deck(comps, "mydeck", dpi=30, url_prefix="https://example.org/decks/")
    save = json.loads(deck.files["mydeck.json"])
    for key in ("SaveName", "Date", "VersionNumber", "GameMode", "Gravity", "PlayArea",
                "TabStates", "LuaScript", "LuaScriptState", "XmlUI", "ObjectStates"):
        assert key in save
    (obj,) = save["ObjectStates"]
    cards = obj["ContainedObjects"]
    guids = [obj["GUID"]] + [c["GUID"] for c in cards]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(set(guids)) == 4
    assert all(c["Hands"] is True for c in cards) and obj["Hands"] is False
    for o in [obj, *cards]:
        for key in ("Transform", "Nickname", "Description", "GMNotes", "ColorDiffuse", "Locked",
                    "Grid", "Snap", "Autoraise", "Sticky", "Tooltip", "HideWhenFaceDown",
                    "SidewaysCard", "LuaScript", "LuaScriptState", "XmlUI"):
            assert key in o
    entry = obj["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/decks/mydeck-sheet.jpg"
    assert entry["BackURL"] == "https://example.org/decks/mydeck-back.jpg"
    assert tts_deck(comps, "mydeck", dpi=30,
                    url_prefix="https://example.org/decks/").files == deck.files
