"""n-up imposition: cards per page, bleed or shared cut lines, crop marks, backs, footers."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.layout.draw import Component, Drawing, Group, Path, Rect, TextBox
from pnp.layout.impose import fit_grid, nup, print_shop_pages, sheet_area, sheet_page
from pnp.layout.marks import MARK_STROKE, offset_polygon
from pnp.layout.sizes import CARD_SIZES, PAGE_SIZES

A4, LETTER = PAGE_SIZES["a4"], PAGE_SIZES["letter"]
POKER = CARD_SIZES["poker"]
PT = 72 / 25.4


def face(size=POKER, fill="#cc3333", name="card", outline=None) -> Drawing:
    w, h = size
    return Drawing(w, h, (Rect(-3, -3, w + 6, h + 6, fill=fill, stroke=None),), bleed=3.0,
                   name=name, outline=outline)


def card(size=POKER, back=True, count=1, name="card") -> Component:
    return Component(face(size, name=name), face(size, "#3333cc", name) if back else None,
                     count=count, name=name)


def flat(points) -> list[float]:
    return [c for p in points for c in p]


def placed(page: Drawing) -> list[Group]:
    """The card slots on a page (outer clip groups)."""
    return [it for it in page.items if isinstance(it, Group)]


def clip_box(g: Group) -> tuple[float, float, float, float]:
    xs = [p[0] for p in g.clip]
    ys = [p[1] for p in g.clip]
    return (min(xs), min(ys), max(xs), max(ys))


def marks(page: Drawing) -> list[Path]:
    return [it for it in page.items if isinstance(it, Path) and not it.closed]


def trims(page: Drawing, size=POKER) -> list[tuple[float, float, float, float]]:
    """Trim boxes of the cards on a page, from each card art group's translation."""
    out = []
    for g in placed(page):
        inner = g
        while isinstance(inner.items[0], Group) and inner.items[0].clip is not None:
            inner = inner.items[0]
        art = inner.items[0]
        w, h = (size if art.rotate in (0, 180) else size[::-1])
        x = {0: art.dx, 90: art.dx - w, 180: art.dx - w, 270: art.dx}[int(art.rotate)]
        y = {0: art.dy, 90: art.dy, 180: art.dy - h, 270: art.dy - h}[int(art.rotate)]
        out.append((x, y, x + w, y + h))
    return out


@pytest.mark.parametrize("page", [A4, LETTER], ids=["a4", "letter"])
def test_nine_poker_cards_per_a4_and_letter_page(page):
    grid = fit_grid(POKER, page, 6.35, 3.0)
    assert (grid.cols.count, grid.rows.count, grid.rotate) == (3, 3, 0)
    marked = page == A4  # Letter leaves 6.35 mm above and below 3 rows: no room for marks
    pages = list(nup([card(back=False, count=18)], page, crop_marks=marked))
    assert len(pages) == 2 and all(len(placed(p)) == 9 for p in pages)
    for p in pages:  # inside the margins
        for x0, y0, x1, y1 in trims(p):
            assert x0 >= 6.35 - 1e-9 and y0 >= 6.35 - 1e-9
            assert x1 <= page[0] - 6.35 + 1e-9 and y1 <= page[1] - 6.35 + 1e-9


def test_poker_on_letter_with_crop_marks_reflows_and_says_so():
    notes: list[str] = []
    pages = list(nup([card(back=False, count=9)], LETTER, notes=notes))
    assert [len(placed(p)) for p in pages] == [8, 1]  # turned sideways: 2 x 4
    assert len(notes) == 1 and "8 per page instead of 9" in notes[0]
    for m in marks(pages[0]):
        (ax, ay), (bx, by) = m.points
        assert min(ax, bx, ay, by) >= 5.0 - 1e-9
        assert max(ax, bx) <= LETTER[0] - 5.0 + 1e-9 and max(ay, by) <= LETTER[1] - 5.0 + 1e-9


def test_poker_on_a4_shares_cut_lines_and_bleeds_on_the_outer_edges():
    grid = fit_grid(POKER, A4, 6.35, 3.0)
    # 3 x (63.5 + 6) = 208.5 mm > 197.3 mm of printable width: bleed would leave 2 columns
    assert grid.cols.bleed == 0 and grid.cols.pitch == POKER[0]
    page = next(nup([card(back=False, count=9)], A4))
    boxes = [clip_box(g) for g in placed(page)]
    ts = trims(page)
    left, right = min(t[0] for t in ts), max(t[2] for t in ts)
    top, bottom = min(t[1] for t in ts), max(t[3] for t in ts)
    for (x0, y0, x1, y1), t in zip(boxes, ts):
        # neighbours share the cut; the outer edges keep what bleed leaves room for marks
        assert x0 == pytest.approx(t[0] - 2.05 if t[0] == left else t[0])
        assert x1 == pytest.approx(t[2] + 2.05 if t[2] == right else t[2])
        assert y0 == pytest.approx(t[1] - 3.0 if t[1] == top else t[1])
        assert y1 == pytest.approx(t[3] + 3.0 if t[3] == bottom else t[3])


def test_gutter_keeps_every_bleed_with_marks_in_the_gutters():
    pages = list(nup([card(back=False, count=4)], A4, gutter=10.0))
    page = pages[0]
    ts = trims(page)
    assert len(pages) == 1 and len(ts) == 4  # 2 columns x 2 rows 10 mm apart
    for box, t in zip([clip_box(g) for g in placed(page)], ts):
        assert box == pytest.approx((t[0] - 3, t[1] - 3, t[2] + 3, t[3] + 3))
    inside = [m for m in marks(page)
              if min(p[1] for p in m.points) > top_of(ts) and max(p[1] for p in m.points)
              < max(t[3] for t in ts)]
    assert inside  # marks between rows, on the vertical cut lines
    xs = {round(m.points[0][0], 6) for m in inside if m.points[0][0] == m.points[1][0]}
    assert xs == {round(v, 6) for t in ts for v in (t[0], t[2])}
    _check_marks(page, POKER, *A4)


def top_of(ts) -> float:
    return min(t[1] for t in ts)


def test_tarot_on_a4_gets_its_bleed_between_cards():
    grid = fit_grid(CARD_SIZES["tarot"], A4, 6.35, 3.0)
    assert (grid.cols.count, grid.rows.count) == (2, 2)
    assert grid.cols.bleed == 3.0 and grid.rows.bleed == 3.0
    page = next(nup([card(CARD_SIZES["tarot"], back=False, count=4)], A4))
    boxes = [clip_box(g) for g in placed(page)]
    for b, t in zip(boxes, trims(page, CARD_SIZES["tarot"])):
        assert b == pytest.approx((t[0] - 3, t[1] - 3, t[2] + 3, t[3] + 3))
    for i, a in enumerate(boxes):  # bleeds never overlap a neighbour
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 \
                or b[3] <= a[1] + 1e-9


def _check_marks(page: Drawing, size, pw, ph):
    ts = trims(page, size)
    drawn = [clip_box(g) for g in placed(page)]
    ms = marks(page)
    for m in ms:
        (ax, ay), (bx, by) = m.points
        half = m.stroke_width / 2
        box = (min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)
        # where a home printer prints: 5 mm inside the sheet edge
        assert box[0] >= 5 - half - 1e-9 and box[1] >= 5 - half - 1e-9
        assert box[2] <= pw - 5 + half + 1e-9 and box[3] <= ph - 5 + half + 1e-9
        for t in drawn + ts:  # never over a card (nor its bleed)
            assert box[2] <= t[0] or box[0] >= t[2] or box[3] <= t[1] or box[1] >= t[3], (m, t)
        length = abs(bx - ax) + abs(by - ay)
        assert 1.5 <= length <= 5.0 + 1e-9
    return ms


@settings(max_examples=40, deadline=None)
@given(w=st.floats(20, 150), h=st.floats(20, 150), page=st.sampled_from([A4, LETTER]),
       bleed=st.sampled_from([0.0, 3.0, 3.175]))
def test_crop_marks_stay_off_cards_and_inside_the_page(w, h, page, bleed):
    size = (round(w, 2), round(h, 2))
    comps = [Component(face(size), count=5)]
    pages = list(nup(comps, page, bleed=bleed))
    for p in pages:
        _check_marks(p, size, *page)


def test_crop_marks_sit_on_every_cut_line():
    page = next(nup([card(back=False, count=9)], A4))
    ms = marks(page)
    xs = sorted({round(m.points[0][0], 4) for m in ms if m.points[0][0] == m.points[1][0]})
    ys = sorted({round(m.points[0][1], 4) for m in ms if m.points[0][1] == m.points[1][1]})
    assert xs == pytest.approx([9.75 + i * 63.5 for i in range(4)])
    assert ys == pytest.approx([15.15 + i * 88.9 for i in range(4)])
    assert all(m.stroke_width == MARK_STROKE <= 0.25 for m in ms)


def test_crop_marks_never_print_over_a_card_in_the_pdf(tmp_path):
    from pnp.layout.pdf import write_pdf
    path = tmp_path / "marks.pdf"
    pages = list(nup([card(back=False, count=9)], LETTER, footer="ABCD-EFGH-J · pnp 0.1.0"))
    write_pdf(pages, path)
    box = PdfReader(str(path)).pages[0].mediabox  # the page is exactly Letter: no rescaling
    assert (float(box.width), float(box.height)) == pytest.approx((612, 792), abs=0.01)
    pdf = pdfium.PdfDocument(str(path))
    img = np.asarray(pdf[0].render(scale=150 / 72).to_pil().convert("RGB")).astype(int)
    pdf.close()
    sx, sy = img.shape[1] / LETTER[0], img.shape[0] / LETTER[1]
    for x0, y0, x1, y1 in trims(pages[0]):
        inside = img[int(y0 * sy) + 2:int(y1 * sy) - 2, int(x0 * sx) + 2:int(x1 * sx) - 2]
        assert np.all(np.abs(inside - [0xcc, 0x33, 0x33]) <= 2)  # only card art inside a trim
    dark = np.argwhere(img.sum(axis=2) < 200)  # mark pixels outside the cards
    assert len(dark) > 0


def test_footer_inside_the_margins_on_a4_and_inside_the_page_on_letter():
    for page, inside in ((A4, 6.35), (LETTER, 6.35)):
        p = next(nup([card(back=False, count=9)], page, footer="ABCD-EFGH-J · pnp 0.1.0"))
        texts = [it for it in p.items if isinstance(it, TextBox)]
        assert len(texts) == 1 and texts[0].text.startswith("ABCD-EFGH-J · pnp 0.1.0")
        t = texts[0]
        cx, cy = t.x + t.w / 2, t.y + t.h / 2
        w, h = (t.w, t.h) if t.rotate % 180 == 0 else (t.h, t.w)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        assert box[0] >= inside - 1e-9 and box[1] >= inside - 1e-9
        assert box[2] <= page[0] - inside + 1e-9 and box[3] <= page[1] - inside + 1e-9
        for tr in trims(p):
            assert box[2] <= tr[0] or box[0] >= tr[2] or box[3] <= tr[1] or box[1] >= tr[3]


def test_footer_reads_level_under_narrow_cards_when_it_fits_between_their_crop_marks():
    # Mini cards (44 mm) on A4: the footer is measured with the font's own widths, so a
    # 36 mm line fits between two cut lines in the bottom band instead of turning sideways.
    footer = "Salvage Mods · pnp 0.1.0"
    p = next(nup([card(CARD_SIZES["mini"], back=False, count=16)], A4, footer=footer))
    (t,) = [it for it in p.items if isinstance(it, TextBox)]
    assert t.rotate == 0 and t.y + t.h <= A4[1] - 6.35 + 1e-9
    assert t.y >= max(tr[3] for tr in trims(p, CARD_SIZES["mini"]))
    for m in marks(p):
        (x0, y0), (x1, y1) = m.points
        assert not (t.x < max(x0, x1) and min(x0, x1) < t.x + t.w
                    and t.y < max(y0, y1) and min(y0, y1) < t.y + t.h)


def test_counts_expand_to_copies_and_each_front_page_is_followed_by_its_back():
    pages = list(nup([card(count=10), card(count=0, name="none")], A4))
    assert [p.name for p in pages] == ["front", "back", "front", "back"]
    assert [len(placed(p)) for p in pages] == [9, 9, 1, 1]


def test_no_back_pages_when_nothing_has_a_back():
    pages = list(nup([card(back=False, count=12)], A4, duplex="none"))
    assert [p.name for p in pages] == ["front", "front"]


def test_a_component_without_a_back_leaves_a_blank_back_slot():
    pages = list(nup([card(count=2), card(back=False, name="plain"), card(count=2)], A4))
    assert [len(placed(p)) for p in pages] == [5, 4]


def test_duplex_none_puts_backs_unmirrored():
    comps = [card(count=3)]
    front, back = list(nup(comps, A4, duplex="none"))
    assert [clip_box(g) for g in placed(back)] == [clip_box(g) for g in placed(front)]


def test_mixed_sizes_get_one_grid_per_size():
    comps = [card(count=3), card(CARD_SIZES["mini"], back=False, count=2, name="mini"),
             card(count=1)]
    pages = list(nup(comps, A4))
    fronts = [p for p in pages if p.name == "front"]
    assert [len(placed(p)) for p in fronts] == [4, 2]
    assert trims(fronts[1], CARD_SIZES["mini"])[0][2] - trims(fronts[1], CARD_SIZES["mini"])[0][0] \
        == pytest.approx(44.0)


def test_safe_zone_guide_is_a_dashed_rectangle_3mm_inside_the_trim():
    p = next(nup([card(back=False)], A4, safe_zone_guide=True))
    guides = [it for it in p.items if isinstance(it, Path) and it.closed and it.dash]
    (x0, y0, x1, y1), = trims(p)
    xs = [q[0] for q in guides[0].points]
    ys = [q[1] for q in guides[0].points]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((x0 + 3, y0 + 3, x1 - 3, y1 - 3))


def test_cards_turn_sideways_only_when_that_fits_more():
    grid = fit_grid((100.0, 60.0), A4, 6.35, 3.0)  # upright 1 x 4, turned 3 x 2
    assert (grid.rotate, grid.cols.count, grid.rows.count) == (90, 3, 2)
    p = next(nup([Component(face((100.0, 60.0)), face((100.0, 60.0), "#00ff00"), count=6)], A4))
    for x0, y0, x1, y1 in trims(p, (100.0, 60.0)):
        assert (x1 - x0, y1 - y0) == pytest.approx((60.0, 100.0))


def test_outline_cut_line_and_clip_follow_the_hex():
    hexagon = ((30.0, 0.0), (60.0, 17.32), (60.0, 51.96), (30.0, 69.28), (0.0, 51.96),
               (0.0, 17.32))
    comp = Component(face((60.0, 69.28), outline=hexagon), count=2)
    p = next(nup([comp], A4))
    cuts = [it for it in p.items if isinstance(it, Path) and it.closed]
    assert len(cuts) == 2 and not marks(p)  # cut along the outline: no crop marks
    (x0, y0, _, _) = trims(p, (60.0, 69.28))[0]
    assert flat(cuts[0].points) == pytest.approx(flat((x + x0, y + y0) for x, y in hexagon))
    inner = placed(p)[0].items[0]
    grown = offset_polygon(hexagon, 3.0)
    assert flat(inner.clip) == pytest.approx(flat((x + x0, y + y0) for x, y in grown))


@pytest.mark.parametrize("bad, field", [
    (dict(duplex="sideways"), "duplex"),
    (dict(bleed=-1), "bleed"),
])
def test_bad_options_are_pnp_errors(bad, field):
    with pytest.raises(PnpError) as err:
        list(nup([card()], A4, **bad))
    assert err.value.field == field


def test_too_big_a_component_or_a_bad_count_is_a_pnp_error():
    with pytest.raises(PnpError, match="poster"):
        list(nup([card((300.0, 300.0))], A4))
    with pytest.raises(PnpError):
        list(nup([Component(face(), count=-1)], A4))
    with pytest.raises(PnpError, match="back"):
        list(nup([Component(face(), face((50.0, 50.0)))], A4))


def test_print_shop_pages_one_face_per_page_with_bleed(tmp_path):
    from pnp.layout.pdf import write_pdf
    pages = print_shop_pages([card(count=2), card(back=False, name="x")], bleed=3.175)
    assert len(pages) == 5
    assert all((p.width, p.height, p.bleed) == (63.5, 88.9, 3.175) for p in pages)
    path = tmp_path / "shop.pdf"
    write_pdf(pages, path, print_shop=True)
    page = PdfReader(str(path)).pages[0]
    assert float(page.mediabox.width) / PT == pytest.approx(63.5 + 2 * 3.175, abs=0.01)
    assert float(page.trimbox.width) / PT == pytest.approx(63.5, abs=0.01)
    assert float(page.trimbox.height) / PT == pytest.approx(88.9, abs=0.01)


def test_sheet_page_keeps_items_inside_the_margins_and_draws_the_footer():
    aw, ah = sheet_area(A4)
    p = sheet_page(A4, [Rect(0, 0, aw, ah, fill="#eeeeee")], "ABCD-EFGH-J · pnp 0.1.0")
    body = p.items[0]
    assert (body.dx, body.dy) == (6.35, 6.35)
    assert max(q[0] for q in body.clip) == pytest.approx(aw)
    foot = p.items[-1]
    assert isinstance(foot, TextBox) and foot.text == "ABCD-EFGH-J · pnp 0.1.0"
    assert foot.y + foot.h <= A4[1] - 6.35 + 1e-9 and foot.y >= 6.35 + ah


def test_pages_stream_out_before_the_deck_is_read_to_the_end():
    def deck():
        for _ in range(9):
            yield card(back=False)
        raise RuntimeError("read too far")

    pages = nup(deck(), A4)
    assert len(placed(next(pages))) == 9  # the first page needs only the first nine cards


def test_same_input_same_pdf_bytes(tmp_path):
    from pnp.layout.pdf import write_pdf
    from pnp.layout.poster import calibration_pages

    digests = []
    for k in range(2):
        path = tmp_path / f"run{k}.pdf"
        pages = list(nup([card(count=11)], LETTER, footer="ABCD-EFGH-J · pnp 0.1.0",
                         back_offset=(0.5, -1.0), safe_zone_guide=True))
        write_pdf(pages + list(calibration_pages(A4)), path)
        digests.append(path.read_bytes())
    assert digests[0] == digests[1]


HEXAGON = ((30.0, 0.0), (60.0, 17.32), (60.0, 51.96), (30.0, 69.28), (0.0, 51.96), (0.0, 17.32))


def test_an_outline_runs_along_its_box_or_touches_it_at_points():
    from pnp.layout.marks import rect_points, runs_along_sides

    assert runs_along_sides(HEXAGON, 60.0, 69.28) == (True, False)  # flats left/right
    turned = [(y, x) for x, y in HEXAGON]
    assert runs_along_sides(turned, 69.28, 60.0) == (False, True)
    assert runs_along_sides(rect_points(0, 0, 10, 20), 10, 20) == (True, True)


@pytest.mark.parametrize("page", [A4, LETTER])
def test_hex_tiles_bleed_along_their_own_outline_points_included(tmp_path, page):
    """Hexes that would meet point to point are spaced so each keeps its bleed all round: in
    the written PDF, 2 mm beyond every cut line (points included) is the tile's own colour,
    never white or a neighbour's."""
    from pnp.layout.pdf import write_pdf

    colours = ("#cc3333", "#3333cc")
    comps = [Component(face((60.0, 69.28), fill=colours[i % 2], name=f"hex{i}",
                            outline=HEXAGON)) for i in range(12)]
    pages = list(nup(comps, page))
    path = tmp_path / "hexes.pdf"
    write_pdf(pages, path)
    pdf = pdfium.PdfDocument(str(path))
    img = np.asarray(pdf[0].render(scale=254 / 72).to_pil().convert("RGB")).astype(int)
    pdf.close()
    s = img.shape[1] / page[0]  # ~10 px per mm
    cuts = [it.points for it in pages[0].items if isinstance(it, Path) and it.closed]
    assert len(cuts) >= 6
    rgb = [tuple(int(c[k:k + 2], 16) for k in (1, 3, 5)) for c in colours]
    for n, outline in enumerate(cuts):
        own = rgb[n % 2]
        top = min(outline, key=lambda p: p[1])
        bottom = max(outline, key=lambda p: p[1])
        for x, y in ((top[0], top[1] - 2.0), (bottom[0], bottom[1] + 2.0)):
            pixel = img[round(y * s), round(x * s)]
            assert np.all(np.abs(pixel - own) <= 2), (n, x, y, pixel)
