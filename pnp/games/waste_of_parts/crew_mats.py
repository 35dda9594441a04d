"""The Waste of Parts' crew mats: one per generated crew dashboard (Health, Attack, Actions,
the two abilities to choose from with a box for the silver cube, the Equipment slots and a
damage track), three to a page. Every number comes from the dashboard's data."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.waste_of_parts.crew import Dashboard
from pnp.games.waste_of_parts.rules import Config
from pnp.layout.draw import Drawing, Item, Rect, TextBox, VAlign
from pnp.layout.impose import sheet_area, sheet_page

INK, RULE, FILL = "#222222", "#b9b9b9", "#dde6f0"
PER_PAGE = 3


def crew_mat(items: list[Item], d: Dashboard, cfg: Config, x: float, y: float, w: float,
             h: float) -> None:
    items.append(Rect(x, y, w, h, stroke=INK, stroke_width=0.6, fill="#fbfaf7"))
    items.append(Rect(x, y, w, 11, fill=FILL, stroke=INK, stroke_width=0.6))
    items.append(TextBox(x + 3, y + 1, w - 6, 9, f"Crew {d.ident}: {d.name}", size=12,
                         font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
    sw = 22.0   # the three stats side by side, the abilities to their right
    for k, (label, value) in enumerate((("Health", d.health), ("Attack", d.attack),
                                        ("Actions", d.actions))):
        left = x + 3 + k * (sw + 2)
        items.append(Rect(left, y + 14, sw, 16, stroke=INK, stroke_width=0.4))
        items.append(TextBox(left + 1, y + 14.5, sw - 2, 5, label, size=7, colour=INK))
        items.append(TextBox(left + 1, y + 20, sw - 2, 9, str(value), size=14,
                             font="Vera-Bold", colour=INK))
    ax = x + 3 + 3 * (sw + 2) + 4
    aw = w - (ax - x) - 3
    items.append(TextBox(ax, y + 13, aw, 6, "Ability: choose one for the whole game (mark it "
                         "with the silver cube)", size=7, min_size=6, colour=INK))
    for k, text in enumerate(d.texts):
        top = y + 20 + k * 13
        items.append(Rect(ax, top + 3, 6, 6, stroke=INK, stroke_width=0.4))
        items.append(TextBox(ax + 8, top, aw - 8, 12, f"{d.abilities[k].capitalize()}: {text}",
                             size=8, min_size=6, colour=INK, valign=VAlign.MIDDLE))
    slots = cfg.equipment_slots
    top = y + 47
    items.append(TextBox(x + 3, top, w - 6, 5,
                         f"Equipment: {slots} cards (only one armor card counts)", size=7,
                         colour=INK))
    slot_w = min(40.0, (w - 6) / (slots + 1) - 2)
    for k in range(slots + 1):
        items.append(Rect(x + 3 + k * (slot_w + 2), top + 6, slot_w, h - (top - y) - 21,
                          stroke=RULE if k == slots else INK, stroke_width=0.4))
    items.append(TextBox(x + 3 + slots * (slot_w + 2) + 1, top + 7, slot_w - 2, 10,
                         "Hauler only", size=6, colour=INK))
    dt = y + h - 12
    items.append(TextBox(x + 3, dt, 22, 9, "Damage", size=7, colour=INK,
                         valign=VAlign.MIDDLE))
    for k in range(d.health):
        items.append(Rect(x + 26 + k * 10, dt, 9, 9, stroke=INK, stroke_width=0.4,
                          fill="#f0dcd8" if k == d.health - 1 else None))
    items.append(TextBox(x + 28 + d.health * 10, dt, w - 30 - d.health * 10, 9,
                         "Downed at the last box", size=7, colour=INK, valign=VAlign.MIDDLE))


def crew_mats(dashboards: Sequence[Dashboard], cfg: Config, page: tuple[float, float],
              footer: str) -> list[Drawing]:
    w, h = sheet_area(page)
    mat_h = min(90.0, (h - 4) / PER_PAGE - 3)
    pages = []
    for start in range(0, len(dashboards), PER_PAGE):
        items: list[Item] = []
        for k, d in enumerate(dashboards[start:start + PER_PAGE]):
            crew_mat(items, d, cfg, 0, k * (mat_h + 3), w, mat_h)
        pages.append(sheet_page(page, items, footer, name=f"crew-mats-{start // PER_PAGE + 1}"))
    return pages
