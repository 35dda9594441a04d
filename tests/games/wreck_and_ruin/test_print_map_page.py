"""`pnp wreck-and-ruin map --page`: the map's tiled pages and the setup sheet on the paper asked
for, as `session --page` prints them (the issue: "`map` has no `--page`")."""

from __future__ import annotations

import pypdf
import pytest

PT = 72 / 25.4


def _sizes(path):
    return {(round(float(p.mediabox.width) / PT), round(float(p.mediabox.height) / PT))
            for p in pypdf.PdfReader(str(path)).pages}


@pytest.mark.parametrize("page,size", [("letter", {(216, 279), (279, 216)}),
                                       ("a4", {(210, 297), (297, 210)})])
def test_map_prints_on_the_page_asked_for(run_pnp, tmp_path, page, size):
    code, _, err = run_pnp("wreck-and-ruin", "map", "--players", "2", "--seed", "demo",
                           "--page", page, "--out", str(tmp_path))
    assert code == 0, err
    for name in ("map-tiled.pdf", "setup-sheet.pdf"):
        assert _sizes(tmp_path / name) <= size, (name, _sizes(tmp_path / name))


def test_map_bad_page(run_pnp, tmp_path):
    code, out, err = run_pnp("wreck-and-ruin", "map", "--page", "postcard", "--out",
                             str(tmp_path / "x"))
    assert code == 2 and not out
    assert "field 'page'" in err


@pytest.mark.parametrize("page", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_sheet_fits_the_page(page, players):
    """Nothing of the setup sheet is cut off at the foot of a Letter page (the overview map
    shrinks to leave the tables room)."""
    from pnp.games.wreck_and_ruin.pack import map_pack
    from pnp.games.wreck_and_ruin.simulate import make_setup
    from pnp.layout.draw import Group, Rect, TextBox
    from pnp.layout.impose import sheet_area
    from pnp.layout.sizes import parse_page
    from pnp.pack import Pages, PrintOptions

    size = parse_page(page)
    setup = make_setup("demo", players, ("heuristic",) * players, {})
    pack = map_pack("demo", players, setup.config, setup.tiles, PrintOptions(page=size))
    (sheet,) = next(f for f in pack.files if isinstance(f, Pages)
                    and f.path == "setup-sheet.pdf").pages
    (body,) = [g for g in sheet.items if isinstance(g, Group)]
    _, ah = sheet_area(size)
    bottom = 0.0
    for item in body.items:
        if isinstance(item, Rect | TextBox):
            bottom = max(bottom, item.y + item.h)
        elif isinstance(item, Group):
            bottom = max(bottom, item.dy + max(
                (i.y + i.h for i in item.items if isinstance(i, Rect | TextBox)), default=0))
    assert 0 < bottom <= ah + 1e-6, f"the setup sheet runs {bottom - ah:.1f} mm off the page"
    texts = [t.text for t in body.items if isinstance(t, TextBox)]
    assert "spread" in texts
