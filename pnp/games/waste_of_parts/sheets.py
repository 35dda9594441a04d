"""The Waste of Parts printables: Enemy and Salvage cards, the Mech board and the reference sheet.

Cards are drawn by the YAML layouts in ``templates/waste_of_parts/`` (docs/layouts.md); the pages
here. Every number printed comes from ``rules.Config`` or a card's data, never typed as a
literal, so the print says what the simulator does.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.content import Card
from pnp.games.waste_of_parts import boss, scourge
from pnp.games.waste_of_parts.cards import ENEMY_ABILITIES, EnemyCard, SalvageCard, enemy_threat
from pnp.games.waste_of_parts.printables import steps_text
from pnp.games.waste_of_parts.rules import WASTES, Config, half_up
from pnp.layout.draw import Component, Drawing, Item, Rect, TextBox, VAlign
from pnp.layout.impose import sheet_area, sheet_page
from pnp.layout.templates import game_layout, layout_cards

POKER = (63.5, 88.9)
INK, RULE = "#222222", "#b9b9b9"
FILL = {"deck": "#e9e4d8", "multi": "#f4f1ea", "crane": "#e3ecd9", "cockpit": "#dde6f0",
        "gun": "#f0dcd8", "engine": "#f3e6c8"}


def salvage_rules(c: SalvageCard) -> str:
    """A Salvage card's rules text from its data."""
    if c.kind == "scrap":
        return "Scrap: goes straight to the Scrap Pile."
    if c.kind == "weapon":
        reach = "an Enemy in your room or an adjacent one (The Wastes from the decks)" \
            if c.reach else "an Enemy in your room"
        return (f"Weapon, Attack {c.attack}: attack {reach}."
                + (" Reload after each attack (1 action)." if c.reload else "")
                + " Jams and is Scrapped if every die shows 1.")
    if c.kind == "armor":
        return f"Armor: each Enemy attack on you deals {c.armor} damage less."
    if c.kind == "gear":
        return f"Gear: +{c.bonus} {c.stat.capitalize()}."
    what = {"attack": "to the gun's Attack", "speed": "to the engine's Speed",
            "salvage": "to the Salvage Stat", "hull": "Hull restored each round (Room Effect)"}
    return (f"Room upgrade ({c.room}): +{c.bonus} {what[c.stat]}."
            + (f" Noise +{c.noise}." if c.noise else ""))


def enemy_components(cards: Sequence[EnemyCard], cfg: Config, code: str,
                     bleed: float = 3.0) -> list[Component]:
    faces = [Card(f"enemy-{c.ident}", fields=(
        ("title", c.name), ("level", c.level), ("health", c.health), ("attack", c.attack),
        ("spawn", c.spawn), ("where", cfg.mech.room(c.spawn).name), ("wind", c.wind),
        ("ability", ENEMY_ABILITIES[c.ability] if c.ability else ""),
        ("threat", round(enemy_threat(c), 2)), ("code", code), ("number", c.ident)))
        for c in cards]
    return layout_cards(game_layout("waste_of_parts", "enemy.yaml"), faces, POKER, bleed,
                        "enemies")


def salvage_components(cards: Sequence[SalvageCard], code: str,
                       bleed: float = 3.0) -> list[Component]:
    faces = [Card(f"salvage-{c.ident}", fields=(
        ("title", c.name), ("kind", c.kind), ("rules", salvage_rules(c)), ("noise", c.noise),
        ("code", code), ("number", c.ident))) for c in cards]
    return layout_cards(game_layout("waste_of_parts", "salvage.yaml"), faces, POKER, bleed,
                        "salvage")


#: A room on the Mech board, and so each "Inoperable" / "On Fire!" overlay, in mm: room for a
#: standee or chit per crew member and a few Enemies (docs/assumptions.md).
ROOM = (70.0, 50.0)
GAP, PAD, HEAD = 4.0, 6.0, 22.0


def _levels(cfg: Config) -> list[list[int]]:
    """The Mech's room numbers by level (top row first), aft to fore."""
    rows: dict[int, list[int]] = {}
    for r in cfg.mech.rooms:
        if r.number != WASTES:
            rows.setdefault(r.level, []).append(r.number)
    return [sorted(rows[lv]) for lv in sorted(rows)]


def mech_board(cfg: Config, room: tuple[float, float] = ROOM) -> Drawing:
    """The Mech at true size (each room ``room`` mm): its rooms by level, aft to fore, the
    ladders, and The Wastes around it. Larger than a page: the pack tiles it as a poster."""
    levels, (rw, rh) = _levels(cfg), room
    cols = max(len(v) for v in levels)
    width = 2 * PAD + cols * rw + (cols - 1) * GAP
    height = HEAD + len(levels) * rh + (len(levels) - 1) * GAP + 14 + PAD
    mech = cfg.mech
    items: list[Item] = [
        Rect(0, 0, width, height, fill="#d9d2c0", stroke=INK, stroke_width=0.4),
        TextBox(PAD, PAD, width - 2 * PAD, 8, "The Waste of Parts: the Mech", size=13,
                font="Vera-Bold", colour=INK),
        TextBox(PAD, PAD + 9, width - 2 * PAD, 6, f"13 The Wastes, all around (adjacent to "
                f"rooms {', '.join(map(str, mech.wastes_adjacent))} for attacks)", size=8,
                colour=INK)]
    at: dict[int, tuple[float, float]] = {}
    for k, row in enumerate(levels):
        for j, number in enumerate(row):
            x, y = PAD + j * (rw + GAP), HEAD + k * (rh + GAP)
            at[number] = (x, y)
            items.append(Rect(x, y, rw, rh, fill=FILL.get(mech.room(number).kind, "#ffffff"),
                              stroke=INK, stroke_width=0.5))
            items.append(TextBox(x + 2, y + 2, rw - 4, 10, f"{number} {mech.room(number).name}",
                                 size=9, min_size=6, font="Vera-Bold", colour=INK))
    ladders = sorted({(a, b) for a in range(1, WASTES) for b in mech.adjacent[a]
                      if a < b and mech.room(a).level != mech.room(b).level})
    for a, b in ladders:  # a ladder across the gap where the two rooms are stacked
        (xa, ya), (xb, yb) = at[a], at[b]
        if xa == xb and abs(ya - yb) == rh + GAP:
            items.append(Rect(xa + rw - 14, max(ya, yb) - GAP - 3, 8, GAP + 6, fill="#8a7a5a",
                              stroke=INK, stroke_width=0.3))
    items.append(TextBox(PAD, height - PAD - 10, width - 2 * PAD, 10,
                         "Ladders (brown): " + ", ".join(f"{a}-{b}" for a, b in ladders)
                         + ". Rooms side by side on a level are adjacent.", size=9,
                         colour=INK))
    return Drawing(width=width, height=height, items=tuple(items), name="mech-board")


def _track(items: list[Item], y: float, w: float, title: str, values: Sequence[int],
           marks: dict[int, str], per_row: int = 12) -> float:
    """A numbered track of ``values`` from ``y``, ``per_row`` cells a row, ``marks`` (value ->
    note) shaded and labelled; returns the y below it."""
    items.append(TextBox(0, y, w, 7, title, size=10, font="Vera-Bold", colour=INK))
    y += 8
    cell = w / per_row
    for k, v in enumerate(values):
        x, top = (k % per_row) * cell, y + (k // per_row) * (cell * 0.8)
        items.append(Rect(x + 0.5, top, cell - 1, cell * 0.8 - 1, stroke=INK, stroke_width=0.4,
                          fill="#f3e6c8" if v in marks else "#ffffff"))
        items.append(TextBox(x + 1, top + 1, cell - 2, 6, str(v), size=9, font="Vera-Bold",
                             colour=INK))
        if v in marks:
            items.append(TextBox(x + 1, top + 7, cell - 2, cell * 0.8 - 9, marks[v], size=6,
                                 min_size=6, colour=INK))
    rows = -(-len(values) // per_row)
    return y + rows * cell * 0.8 + 4


def mech_tracker(cfg: Config, page: tuple[float, float], footer: str) -> Drawing:
    """The Mech Tracker: Noise, Distance 0 to Sanctuary, Hull, and the fuelled engines."""
    w, _ = sheet_area(page)
    items: list[Item] = [TextBox(0, 0, w, 8, "The Waste of Parts: Mech Tracker", size=13,
                                 font="Vera-Bold", colour=INK)]
    starts = {v: f"start, {n} crew" for n, v in cfg.noise_by_crew}
    y = _track(items, 12, w, "Noise: one Enemy card each at the end of the round",
               range(1, 25), starts)
    marks = {d: f"level {lv} Enemies" for d, lv in cfg.escalation}
    marks[cfg.distance_goal] = "Sanctuary"
    marks.setdefault(cfg.distance_start, "start")
    y = _track(items, y, w, "Distance: Sanctuary at "
               f"{cfg.distance_goal}", range(cfg.distance_start, cfg.distance_goal + 1), marks)
    y = _track(items, y, w, f"Hull: start {cfg.hull_start}, lost at 0",
               range(0, cfg.hull_max + 1), {cfg.hull_start: "start", 0: "lost"})
    items.append(TextBox(0, y, w, 7, "Fuelled engines this round (+1 Speed and +1 Enemy card "
                         "each)", size=10, font="Vera-Bold", colour=INK))
    for k, number in enumerate(cfg.mech.of_kind("engine")):
        items.append(Rect(k * 50, y + 9, 45, 16, stroke=INK, stroke_width=0.5))
        items.append(TextBox(k * 50 + 2, y + 10, 41, 14, f"Engine Room {number}", size=9,
                             colour=INK, valign=VAlign.MIDDLE))
    return sheet_page(page, items, footer, name="mech-tracker")


def enemy_tracker(cfg: Config, page: tuple[float, float], footer: str) -> Drawing:
    """The Enemy Tracker: a space per Spawn Location for the drawn Enemy cards and their
    damage cubes."""
    w, h = sheet_area(page)
    items: list[Item] = [TextBox(0, 0, w, 8, "The Waste of Parts: Enemy Tracker", size=13,
                                 font="Vera-Bold", colour=INK)]
    cols, rows = 4, -(-WASTES // 4)
    cell_w, cell_h = w / cols, min(60.0, (h - 20) / rows)
    for k, room in enumerate(cfg.mech.rooms):
        x, y = (k % cols) * cell_w, 12 + (k // cols) * cell_h
        items.append(Rect(x + 1, y, cell_w - 2, cell_h - 2, stroke=INK, stroke_width=0.5,
                          fill=FILL.get(room.kind, "#d9d2c0")))
        items.append(TextBox(x + 3, y + 1, cell_w - 6, 10, f"{room.number} {room.name}",
                             size=8, min_size=6, font="Vera-Bold", colour=INK))
    return sheet_page(page, items, footer, name="enemy-tracker")


def overlays(cfg: Config, page: tuple[float, float], footer: str, count: int = 10,
             room: tuple[float, float] = ROOM) -> list[Drawing]:
    """``count`` "Inoperable" and ``count`` "On Fire!" overlays, each the size of a room on the
    Mech board, to cut out and lay on a room; as many pages as they need."""
    w, h = sheet_area(page)
    ow, oh = room
    per_row = max(1, int((w + 2) // (ow + 2)))
    per_page = per_row * max(1, int((h + 2) // (oh + 2)))
    looks = (("Inoperable", "#c9c9c9", "Repair: Functional"),
             ("On Fire!", "#f2a65a", "-1 Hull a round. Extinguish: Inoperable"))
    pages: list[Drawing] = []
    for first in range(0, 2 * count, per_page):
        items: list[Item] = []
        for k in range(first, min(2 * count, first + per_page)):
            label, fill, note = looks[k // count]
            x, y = (k % per_row) * (ow + 2), ((k - first) // per_row) * (oh + 2)
            items.append(Rect(x, y, ow, oh, fill=fill, stroke=INK, stroke_width=0.3))
            items.append(TextBox(x + 3, y + 3, ow - 6, oh / 2 - 3, label, size=11,
                                 font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
            items.append(TextBox(x + 3, y + oh / 2, ow - 6, oh / 2 - 3, note, size=7,
                                 min_size=6, colour=INK))
        pages.append(sheet_page(page, items, footer, name="overlays"))
    return pages


def standee_chits(cfg: Config, page: tuple[float, float], footer: str, crew: int = 11,
                  size: float = 16.0) -> Drawing:
    """Chits standing in for the standees: one per Enemy standee (``standees``, numbered, so a
    chit and its Enemy card on the Enemy Tracker match) and one per crew member."""
    w, _ = sheet_area(page)
    per_row = int((w + 1) // (size + 1))
    items: list[Item] = []
    chits = [(f"E{n}", "#f0dcd8") for n in range(1, cfg.standees + 1)]
    chits += [(f"Crew {n}", "#dde6f0") for n in range(1, crew + 1)]
    for k, (label, fill) in enumerate(chits):
        x, y = (k % per_row) * (size + 1), (k // per_row) * (size + 1)
        items.append(Rect(x, y, size, size, fill=fill, stroke=INK, stroke_width=0.3))
        items.append(TextBox(x + 1, y + 1, size - 2, size - 2, label, size=8, min_size=6,
                             font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
    return sheet_page(page, items, footer, name="standee-chits")


def reference_lines(cfg: Config) -> list[tuple[str, str]]:
    noise = ", ".join(f"{n} crew: {v}" for n, v in cfg.noise_by_crew)
    esc = ", ".join(f"Distance {d}: level {lv}" for d, lv in cfg.escalation)
    aside = ", ".join(f"{n} crew: {k}" for n, k in cfg.wind_set_aside if k)
    wind = (f" Set aside Just the Wind cards of each Enemy level ({aside})." if aside else "")
    return [
        ("Setup", f"Noise {noise}. Distance {cfg.distance_start}. Hull {cfg.hull_start}.{wind} "
                  f"Rummage Enemies equal to the starting Noise."),
        ("Actions", f"{cfg.crew_actions} a turn: move, attack, repair, extinguish, fuel "
                    f"(1 Scrap, once per engine a round), drop, pick up, give, trade, mend, "
                    f"revive ({cfg.revive_actions} actions), fire a gun, reload."),
        ("Combat", f"Roll Attack dice: {min(cfg.hit_faces)}-6 hit, 1 hit = "
                   f"{cfg.damage_per_hit} damage. A weapon jams (Scrapped) when every die is 1. "
                   f"Guns: Attack {cfg.gun_attack}; from the Cockpit "
                   f"{half_up(cfg.gun_attack)} (half, rounded up)."),
        ("End of round", "1 Refresh. 2 Room Effects. 3 Enemies decide. 4 Enemies act. "
                         "5 Fire: -1 Hull per room On Fire. 6 Advance. 7 Salvaging. "
                         "8 Use Scrap. 9 Spawn Noise + 1 per fuelled engine. "
                         "10 New First Player."),
        ("Enemy priority", "Attack the crew in its room; attack its room if not On Fire (not "
                           "the decks); move to an adjacent crew room nearest the Cockpit; "
                           "move toward the nearest Engine Room not On Fire."),
        ("Advance", f"Both engines and the Cockpit Functional, nobody in The Wastes: "
                    f"+{cfg.engine_speed} per engine, +1 per fuelled engine. {esc}. "
                    f"Sanctuary at {cfg.distance_goal}."),
        ("Scrap", f"Reinforce: {cfg.reinforce_cost} -> +1 Hull (max {cfg.hull_max}). "
                  f"Recycle: {cfg.recycle_cost} -> Rummage an equipment or upgrade card."),
        ("Salvaging", f"Crane manned and Functional: draw {cfg.crane_salvage} (Cockpit: "
                      f"{half_up(cfg.crane_salvage)}); not after "
                      f"{cfg.crane_uses_without_advancing} uses without advancing."),
        *boss_lines(),
    ]


def boss_lines() -> list[tuple[str, str]]:
    """Each Boss's end-of-round steps (the Boss Battle replaces the standard round's)."""
    return [("The Harrow", f"Boss Battle, end of round: {steps_text(boss.HARROW_STEPS)}"),
            ("The Scourge",
             f"Boss Battle, end of round: {steps_text(scourge.SCOURGE_STEPS)}")]


def reference_sheet(cfg: Config, page: tuple[float, float], footer: str) -> Drawing:
    w, h = sheet_area(page)
    items: list[Item] = [TextBox(0, 0, w, 8, "The Waste of Parts: reference", size=13,
                                 font="Vera-Bold", colour=INK)]
    lines = reference_lines(cfg)
    y, pitch = 12.0, min(26.0, (h - 12.0) / len(lines))  # the rows fill a Letter page too
    for head, text in lines:
        items.append(Rect(0, y, w, pitch - 2, stroke=RULE, stroke_width=0.25))
        items.append(TextBox(2, y, 32, pitch - 2, head, size=9, font="Vera-Bold", colour=INK,
                             valign=VAlign.MIDDLE))
        items.append(TextBox(36, y + 1, w - 38, pitch - 4, text, size=9, min_size=6,
                             colour=INK, valign=VAlign.MIDDLE))
        y += pitch
    return sheet_page(page, items, footer, name="reference")
