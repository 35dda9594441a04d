"""A mistyped inline icon or column: a warning (icon) or an error (column) that names what is
known and the closest name ("did you mean")."""

from __future__ import annotations

from pathlib import Path

from PIL import Image as PILImage

LAYOUT = """size: 60x40mm
back: none
items:
  - id: rules
    text: {x: 3, y: 3, w: 54, h: 34, text: "{{ %s }}", size: 9}
"""


def project(tmp_path: Path, text: str, column: str = "text") -> tuple[str, str]:
    (tmp_path / "icons").mkdir()
    for name in ("swords", "fuel"):
        PILImage.new("RGB", (8, 8), "red").save(tmp_path / "icons" / f"{name}.png")
    (tmp_path / "layout.yaml").write_text(LAYOUT % column)
    (tmp_path / "cards.csv").write_text(f'name,text\nGolem,"{text}"\n')
    return str(tmp_path / "cards.csv"), str(tmp_path / "layout.yaml")


def render(run_pnp, tmp_path, cards, layout):
    return run_pnp("render", cards, "--layout", layout, "--out", str(tmp_path / "out"),
                   "--formats", "pdf", "--quiet")


def test_a_mistyped_icon_is_warned_with_the_icons_known_and_a_close_one(tmp_path, run_pnp):
    cards, layout = project(tmp_path, "Pay :fuel: to swing :sword: (10:30:00, a:b:c, \\\\:x:)")
    code, _, err = render(run_pnp, tmp_path, cards, layout)
    assert code == 0
    warnings = [line for line in err.splitlines() if "unknown icon" in line]
    assert warnings == [
        "warning: card 'Golem' (cards.csv:2): item 'rules' text: unknown icon :sword: printed "
        "as text (icons: fuel, swords); did you mean :swords:?"]


def test_known_icons_and_colons_in_prose_are_not_warned(tmp_path, run_pnp):
    cards, layout = project(tmp_path, "Pay :fuel: at 10:30:00. Ratio a:b:c")
    code, _, err = render(run_pnp, tmp_path, cards, layout)
    assert code == 0 and "unknown icon" not in err


def test_an_unknown_column_says_which_column_is_close(tmp_path, run_pnp):
    cards, layout = project(tmp_path, "x", column="txet")
    code, _, err = render(run_pnp, tmp_path, cards, layout)
    assert code == 2
    assert "the layout uses 'txet' but the card list has no such column" in err
    assert "did you mean 'text'?" in err
