"""Poster tiling: pages cover the whole board at true scale with the given overlap."""

from __future__ import annotations

import itertools

import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.layout.draw import Circle, Drawing, Group, Path, Rect, TextBox
from pnp.layout.poster import calibration_pages, plan_poster, poster
from pnp.layout.sizes import PAGE_SIZES

A4, LETTER = PAGE_SIZES["a4"], PAGE_SIZES["letter"]


def board(w=375.0, h=375.0, bleed=3.0) -> Drawing:
    return Drawing(w, h, (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill="#446688"),),
                   bleed=bleed, name="board")


def window(page: Drawing) -> tuple[float, float, float, float]:
    """The board area a page shows (board mm), read from its clip and translation."""
    outer = page.items[0]
    inner = outer.items[0]
    assert isinstance(outer, Group) and isinstance(inner, Group)
    assert inner.rotate == 0 and not inner.mirror  # true scale: a translation only
    xs = [p[0] - inner.dx for p in outer.clip]
    ys = [p[1] - inner.dy for p in outer.clip]
    return (min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize("size, page, overlap", [
    ((375.0, 375.0), A4, 10.0), ((600.0, 420.0), LETTER, 15.0), ((150.0, 150.0), A4, 10.0),
    ((400.0, 180.0), A4, 8.0)])
def test_pages_cover_the_whole_board_with_the_given_overlap(size, page, overlap):
    d = board(*size)
    pages = poster(d, page, overlap=overlap)
    plan = plan_poster(size, d.bleed, page, overlap=overlap)
    assert len(pages) == plan.rows * plan.cols
    wins = [window(p) for p in pages]
    # every board point (bleed included) is on some page
    for fx, fy in itertools.product([i / 20 for i in range(21)], repeat=2):
        x = -3 + fx * (size[0] + 6)
        y = -3 + fy * (size[1] + 6)
        assert any(w[0] - 1e-6 <= x <= w[2] + 1e-6 and w[1] - 1e-6 <= y <= w[3] + 1e-6
                   for w in wins), (x, y)
    # neighbours share exactly `overlap` mm
    for r in range(plan.rows):
        for c in range(plan.cols - 1):
            a, b = wins[r * plan.cols + c], wins[r * plan.cols + c + 1]
            assert a[2] - b[0] == pytest.approx(overlap)
    for r in range(plan.rows - 1):
        for c in range(plan.cols):
            a, b = wins[r * plan.cols + c], wins[(r + 1) * plan.cols + c]
            assert a[3] - b[1] == pytest.approx(overlap)


def test_fewest_pages_picks_the_orientation():
    plan = plan_poster((400.0, 180.0), 0.0, A4, overlap=10.0)
    assert plan.page == (297.0, 210.0) and plan.pages == 2   # portrait would need 3
    plan = plan_poster((180.0, 400.0), 0.0, A4, overlap=10.0)
    assert plan.page == (210.0, 297.0) and plan.pages == 2


def test_windows_stay_inside_the_margins_and_pages_are_page_sized(tmp_path):
    from pnp.layout.pdf import write_pdf
    pages = poster(board(), A4, margin=6.35, footer="ABCD-EFGH-J · pnp 0.1.0")
    for p in pages:
        xs = [q[0] for q in p.items[0].clip]
        ys = [q[1] for q in p.items[0].clip]
        assert min(xs) >= 6.35 - 1e-9 and min(ys) >= 6.35 - 1e-9
        assert max(xs) <= p.width - 6.35 + 1e-9 and max(ys) <= p.height - 6.35 + 1e-9
    path = tmp_path / "poster.pdf"
    write_pdf(pages, path)
    reader = PdfReader(str(path))
    assert len(reader.pages) == len(pages)
    for pg in reader.pages:
        assert float(pg.mediabox.width) * 25.4 / 72 == pytest.approx(210.0, abs=0.01)
        assert float(pg.mediabox.height) * 25.4 / 72 == pytest.approx(297.0, abs=0.01)


def test_labels_glue_lines_and_registration_crosses_match_between_neighbours():
    pages = poster(board(), A4, overlap=10.0, footer="ABCD-EFGH-J · pnp 0.1.0")
    plan = plan_poster((375.0, 375.0), 3.0, A4, overlap=10.0)
    labels = [[it.text for it in p.items if isinstance(it, TextBox)][0] for p in pages]
    assert labels[0].startswith(f"row 1, col 1 of {plan.rows} x {plan.cols}")
    assert labels[-1].startswith(f"row {plan.rows}, col {plan.cols} of")
    assert all("ABCD-EFGH-J · pnp 0.1.0" in t for t in labels)

    def board_marks(p: Drawing):
        inner = p.items[0].items[0]
        rings = {(round(it.cx - inner.dx, 6), round(it.cy - inner.dy, 6))
                 for it in p.items if isinstance(it, Circle)}
        dashed = [it for it in p.items if isinstance(it, Path) and it.dash]
        return rings, dashed

    left, right = board_marks(pages[0]), board_marks(pages[1])
    shared = left[0] & right[0]
    assert len(shared) >= 2  # the crosses at the corners of the shared strip, on both pages
    w0, w1 = window(pages[0]), window(pages[1])
    for x, y in shared:
        assert w1[0] <= x <= w0[2]  # inside the overlap strip
    assert left[1] and right[1]  # dashed glue/trim lines on both


def test_board_smaller_than_the_page_is_one_page():
    assert len(poster(board(100.0, 100.0), A4)) == 1


def test_bad_overlap_is_a_pnp_error():
    with pytest.raises(PnpError):
        poster(board(), A4, overlap=-1)
    with pytest.raises(PnpError):
        poster(board(), A4, overlap=500)


def test_calibration_back_rulers_are_behind_the_front_crosses():
    for page in (A4, LETTER):
        front, back = calibration_pages(page)
        centres = {(round(it.cx, 6), round(it.cy, 6)) for it in front.items
                   if isinstance(it, Circle)}
        assert len(centres) == 5
        # both flips map the set of targets onto itself: one sheet serves long and short edge
        assert {(round(page[0] - x, 6), y) for x, y in centres} == centres
        assert {(x, round(page[1] - y, 6)) for x, y in centres} == centres
        zeros = {t for t in back.items if isinstance(t, TextBox) and t.text == "0"}
        assert len(zeros) == 10  # one horizontal and one vertical ruler per target
        texts = " ".join(t.text for t in front.items + back.items if isinstance(t, TextBox))
        assert "--back-offset X,Y" in texts and "100 mm" in texts


def test_an_overlap_only_portrait_pages_can_hold_still_tiles_in_portrait():
    # On A4 a 195 mm overlap leaves a 197.3 x 280.3 mm portrait window but only 193.3 mm of
    # landscape height: the landscape orientation is out, portrait still tiles the board.
    plan = plan_poster((375.0, 375.0), 3.0, A4, overlap=195.0)
    assert plan.page == A4
    pages = poster(board(), A4, overlap=195.0)
    assert len(pages) == plan.pages and all(p.width == A4[0] for p in pages)


def test_outer_bleed_is_cut_short_rather_than_cost_a_page_of_bleed():
    # 380 x 270 mm on portrait A4 (window 197.3 mm wide, 10 mm overlap): two pages cover the
    # 380 mm trim; covering its 3 mm bleed too took a third page showing 1.4 mm of bleed.
    d = board(380.0, 270.0)
    plan = plan_poster((380.0, 270.0), 3.0, A4, overlap=10.0)
    pages = poster(d, A4, overlap=10.0)
    assert (plan.rows, plan.cols) == (1, 2) and len(pages) == 2
    (l0, t0, _, b0), (l1, _, r1, _) = window(pages[0]), window(pages[1])
    assert l0 == pytest.approx(-2.3) and r1 == pytest.approx(382.3)  # trim + 2.3 mm each side
    assert (t0, b0) == (pytest.approx(-3.0), pytest.approx(273.0))   # full bleed where it fits
    assert window(pages[0])[2] - l1 == pytest.approx(10.0)


def test_calibration_rulers_never_cross_each_other():
    # Two rulers crossing near their +5/+6 ends made a tangle where a reading had to be taken.
    for page in (A4, LETTER):
        front, back = calibration_pages(page)
        targets = {(round(it.cx, 6), round(it.cy, 6)) for it in front.items
                   if isinstance(it, Circle)}
        segments = [it.points for it in back.items if isinstance(it, Path)
                    and (round((it.points[0][0] + it.points[1][0]) / 2, 6),
                         round((it.points[0][1] + it.points[1][1]) / 2, 6)) not in targets]
        upright = [s for s in segments if abs(s[0][0] - s[1][0]) < 1e-9]
        level = [s for s in segments if abs(s[0][1] - s[1][1]) < 1e-9]
        assert len(upright) + len(level) == len(segments)
        for (vx, vy0), (_, vy1) in upright:
            for (hx0, hy), (hx1, _) in level:
                inside_v = min(vy0, vy1) + 1e-9 < hy < max(vy0, vy1) - 1e-9
                inside_h = min(hx0, hx1) + 1e-9 < vx < max(hx0, hx1) - 1e-9
                assert not (inside_v and inside_h), ((vx, hy), page)
