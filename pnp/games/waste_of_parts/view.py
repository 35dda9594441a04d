"""The Waste of Parts at the table: the printed Mech with its rooms, the crew and the Enemies.

The board is the session's Mech board (``sheets.mech_board``, rooms at the same places), with
what lies on it now: each room's condition (the "Inoperable" and "On Fire!" overlays), its
upgrade and the equipment dropped there, the crew members' standees, the Enemies' standees with
their damage, the fuelled engines' silver cubes and the Scourge's searched rooms. Below it lie
The Wastes (13), where Enemies attack the Hull, and the Mech Tracker: Distance to Sanctuary (the
Boss's Health in a Boss Battle), Hull, Noise, the fuelled engines and the Scrap Pile.

A click on a room moves there, installs an upgrade there or repairs, extinguishes, fuels or
searches the room one stands in; on an Enemy, attacks it (by hand, a weapon or a gun); on a crew
member, mends, revives, gives to, trades with or equips them; on dropped equipment, picks it up
or trades for it; on the Scrap Pile, scraps or recycles; on the Hull track, reinforces. Nothing
is hidden: the game is co-operative, every card the crew holds lies face up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.games.view import Board, Result, SeatView, Spot
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.rules import (
    CONDITIONS,
    INOPERABLE,
    ON_FIRE,
    WASTES,
    Config,
)
from pnp.games.waste_of_parts.sheets import INK, mech_board
from pnp.games.waste_of_parts.state import EVENT, OVER, SALVAGE, SCRAP, Crew, Enemy, WasteState
from pnp.layout.draw import Align, Circle, Drawing, Item, Path, Rect, TextBox, VAlign

__all__ = ["SEAT_COLOURS", "VIEW", "WasteView", "seat_name"]

#: The crew members' standee colours, seat by seat (none of the rooms' or Enemies' colours).
SEAT_COLOURS = ("#1f5fbf", "#1e8c3a", "#8e44ad", "#c2185b", "#0e8f8f")
#: The "Inoperable" and "On Fire!" overlays (``sheets.overlays``' colours), see-through on screen
#: so the standees under them show.
OVERLAY = {INOPERABLE: ("#c9c9c9d8", "INOPERABLE", "#555555"),
           ON_FIRE: ("#f2a65ae0", "ON FIRE!", "#9a2e00")}
#: Enemy standees by level (darker is stronger); a Boss is black.
ENEMY_FILLS = {1: "#b5472f", 2: "#8e2a1e", 3: "#531208"}
BOSS_FILL = "#111111"
TURN_RING = "#ffcc00"
WASTES_FILL, WASTES_INK = "#5b5640", "#efe9d8"
SILVER, RED_CUBE = "#c0c4c8", "#d0021b"
DAMAGED = "#ff9c8a"     # an Enemy's Health once it has taken damage
PASSED, HERE, HULL_FILL, HULL_HERE, LOST = "#b8cbe0", "#1f3a5a", "#a8d0a0", "#24572a", "#e8b4a8"

STANDEE_R = 5.0        # a crew member's standee (mm)
CHIT = (11.5, 10.5)    # an Enemy's standee at full size
PITCH = 12.5           # between standees at full size
TAG_H = 6.5            # upgrade and dropped-equipment tags at a room's foot
WASTES_H, CELL_H, ROW_GAP = 34.0, 10.0, 3.0


def seat_name(state: WasteState, seat: int) -> str:
    """"Crew 2 (Sparks)": the rulebook's Crew Member and the dashboard's name."""
    name = state.dashboards[seat].name if seat < len(state.dashboards) else ""
    return f"Crew {seat + 1}" + (f" ({name})" if name else "")


# --- the printed board, and where its parts are ---------------------------------------------
@dataclass(frozen=True)
class _Base:
    drawing: Drawing                                   # the printed Mech and the static extras
    rooms: dict[int, tuple[float, float, float, float]]  # room -> (x, y, w, h)
    titles: dict[int, TextBox]                         # room -> its printed name
    ladders: tuple[Rect, ...]
    left: float
    right: float
    wastes: tuple[float, float, float, float]          # The Wastes' band
    distance: tuple[float, float, float]               # track: x of cell 0, y, cell width
    hull: tuple[float, float, float]
    boxes: dict[str, tuple[float, float, float, float]]  # noise, engine N, scrap pile, info


@lru_cache(maxsize=8)
def _base(cfg: Config) -> _Base:
    """The printed Mech board read back (each room is a Rect followed by its "N name" title, a
    ladder a Rect of its own), with The Wastes and the Mech Tracker's frame laid below it."""
    printed = mech_board(cfg)
    items = printed.items
    rooms: dict[int, tuple[float, float, float, float]] = {}
    titles: dict[int, TextBox] = {}
    ladders: list[Rect] = []
    for k, item in enumerate(items[1:], 1):
        after = items[k + 1] if k + 1 < len(items) else None
        if isinstance(item, Rect) and isinstance(after, TextBox):
            m = re.match(r"(\d+) ", after.text)
            if m and 0 < int(m.group(1)) < WASTES:
                rooms[int(m.group(1))] = (item.x, item.y, item.w, item.h)
                titles[int(m.group(1))] = after
                continue
        if isinstance(item, Rect):
            ladders.append(item)
    left = min(x for x, _, _, _ in rooms.values())
    right = max(x + w for x, _, w, _ in rooms.values())
    width = right - left
    background = items[0]
    paper = background.fill if isinstance(background, Rect) else "#d9d2c0"
    y = printed.height + 2.0
    wastes = (left, y, width, WASTES_H)
    y += WASTES_H + 4.0
    label_w = 24.0
    goal = cfg.distance_goal
    cell = (width - label_w) / (goal - cfg.distance_start + 1)
    distance = (left + label_w, y + 4.0, cell)
    y_hull = y + 4.0 + CELL_H + ROW_GAP + 4.0
    hull = (left + label_w, y_hull, cell)
    hull_end = hull[0] + (cfg.hull_max + 1) * cell
    boxes: dict[str, tuple[float, float, float, float]] = {}
    bx = hull_end + 4.0
    box_w = (right - bx - 3 * 2.0) / 4
    for name in ("noise", *(f"engine {r}" for r in cfg.mech.of_kind("engine")[:2]),
                 "scrap pile"):
        boxes[name] = (bx, y_hull - 4.0, box_w, CELL_H + 4.0)
        bx += box_w + 2.0
    info_y = y_hull + CELL_H + 2.5
    boxes["info"] = (left, info_y, width, 9.0)
    height = info_y + 9.0 + 3.0
    extra: list[Item] = [
        Rect(0, printed.height, printed.width, height - printed.height, fill=paper,
             stroke=INK, stroke_width=0.4),
        Rect(*wastes, fill=WASTES_FILL, stroke=INK, stroke_width=0.5),
        TextBox(left + 2, wastes[1] + 1.5, 60, 6, "13 The Wastes", size=9, font="Vera-Bold",
                colour=WASTES_INK),
        TextBox(left + 2, y, label_w, 4, "MECH TRACKER", size=7, font="Vera-Bold",
                colour=INK)]
    milestones = {d: f"lv {lv}" for d, lv in cfg.escalation}
    milestones[goal] = "end"
    extra += _track_frame(distance, range(cfg.distance_start, goal + 1), milestones)
    extra += _track_frame(hull, range(0, cfg.hull_max + 1), {0: "lost"})
    for name, (x, by, w, h) in boxes.items():
        if name != "info":
            extra.append(Rect(x, by, w, h, fill="#fbfaf7", stroke=INK, stroke_width=0.4,
                              radius=1.0))
            title = {"noise": "Noise", "scrap pile": "Scrap Pile"}.get(
                name, f"Engine {name.split()[-1]}")
            extra.append(TextBox(x + 1, by + 0.6, w - 2, 4, title, size=7, min_size=5,
                                 font="Vera-Bold", colour=INK, align=Align.CENTER))
    drawing = Drawing(width=printed.width, height=height, items=items + tuple(extra),
                      name="the Mech")
    return _Base(drawing, rooms, titles, tuple(ladders), left, right, wastes, distance, hull,
                 boxes)


def _track_frame(track: tuple[float, float, float], values: range,
                 marks: dict[int, str]) -> list[Item]:
    x0, y, cell = track
    out: list[Item] = []
    for k, v in enumerate(values):
        x = x0 + k * cell
        out.append(Rect(x + 0.25, y, cell - 0.5, CELL_H, fill="#f3e6c8" if v in marks
                        else "#ffffff", stroke=INK, stroke_width=0.3))
        out.append(TextBox(x, y + 0.6, cell, 4.5, str(v), size=8, min_size=5,
                           font="Vera-Bold", colour=INK, align=Align.CENTER))
        if v in marks:
            out.append(TextBox(x, y + 5.4, cell, 4, marks[v], size=6, min_size=4, colour=INK,
                               align=Align.CENTER))
    return out


# --- where each piece stands ----------------------------------------------------------------
def _grid(n: int, x: float, y: float, w: float, h: float) -> tuple[float, list[tuple[float,
                                                                                  float]]]:
    """``n`` places in the box (x, y, w, h), row by row at the largest pitch up to ``PITCH``
    that fits them all: (pitch, centres)."""
    pitch = PITCH
    while pitch > 3.0 and int(w // pitch) * max(1, int(h // pitch)) < n:
        pitch -= 0.5
    per_row = max(1, int(w // pitch))
    return pitch, [(x + pitch / 2 + (k % per_row) * pitch, y + pitch / 2 + (k // per_row) * pitch)
                   for k in range(n)]


@dataclass(frozen=True)
class _Layout:
    crew: dict[int, tuple[float, float, float]]     # seat -> (cx, cy, r)
    enemies: dict[int, tuple[float, float, float]]  # ident -> (cx, cy, pitch)
    ground: dict[int, tuple[float, float, float, float]]   # card ident -> tag box
    upgrades: dict[int, tuple[float, float, float, float]]  # room -> tag box


def _layout(state: WasteState) -> _Layout:
    base = _base(state.cfg)
    crew: dict[int, tuple[float, float, float]] = {}
    enemies: dict[int, tuple[float, float, float]] = {}
    ground: dict[int, tuple[float, float, float, float]] = {}
    upgrades: dict[int, tuple[float, float, float, float]] = {}
    by_room: dict[int, list[Enemy]] = {}
    for e in state.enemies:
        by_room.setdefault(e.room, []).append(e)
    for number, (x, y, w, h) in base.rooms.items():
        here = [c for c in state.crew if c.room == number]
        foes = by_room.get(number, [])
        pitch, places = _grid(len(here) + len(foes), x + 2, y + 8.5, w - 4,
                              h - 8.5 - TAG_H - 1.5)
        for c, (cx, cy) in zip(here, places, strict=False):
            crew[c.seat] = (cx, cy, min(STANDEE_R, pitch / 2 - 0.6))
        for e, (cx, cy) in zip(foes, places[len(here):], strict=False):
            enemies[e.ident] = (cx, cy, pitch)
        tx, ty = x + 2, y + h - TAG_H - 1.0
        if number in state.upgrades:
            upgrades[number] = (tx, ty, 20.0, TAG_H)
            tx += 21.0
        for card in state.ground.get(number, []):
            ground[card.ident] = (tx, ty, 9.0, TAG_H)
            tx += 9.5
    x, y, w, h = base.wastes
    pitch, places = _grid(len(by_room.get(WASTES, [])), x + 2, y + 7.5, w - 4, h - 8.5)
    for e, (cx, cy) in zip(by_room.get(WASTES, []), places, strict=False):
        enemies[e.ident] = (cx, cy, pitch)
    return _Layout(crew, enemies, ground, upgrades)


# --- the pieces -----------------------------------------------------------------------------
def _rect_points(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _crew_standee(c: Crew, cx: float, cy: float, r: float, acting: bool) -> list[Item]:
    colour = SEAT_COLOURS[c.seat % len(SEAT_COLOURS)]
    out: list[Item] = []
    if acting:
        out.append(Circle(cx, cy, r + 1.4, fill=None, stroke=TURN_RING, stroke_width=1.6))
    if c.downed:
        out += [Circle(cx, cy, r, fill="#9a9a9a", stroke=colour, stroke_width=1.0),
                Path(((cx - r * 0.6, cy - r * 0.6), (cx + r * 0.6, cy + r * 0.6)),
                     stroke="#7a0000", stroke_width=0.8),
                Path(((cx - r * 0.6, cy + r * 0.6), (cx + r * 0.6, cy - r * 0.6)),
                     stroke="#7a0000", stroke_width=0.8)]
    else:
        out.append(Circle(cx, cy, r, fill=colour, stroke="white", stroke_width=0.7))
    out.append(TextBox(cx - r, cy - r, 2 * r, 2 * r, str(c.seat + 1), size=12, min_size=6,
                       font="Vera-Bold", colour="white", align=Align.CENTER,
                       valign=VAlign.MIDDLE))
    return out


def _enemy_standee(e: Enemy, cx: float, cy: float, pitch: float) -> list[Item]:
    scale = min(1.0, (pitch - 0.8) / CHIT[0])
    w, h = CHIT[0] * scale, CHIT[1] * scale
    boss = e.card.ability == "boss"
    x, y = cx - w / 2, cy - h / 2
    left = e.card.health - e.damage
    top = e.card.name.split()[-1][:7] if boss else f"e{e.ident}"
    bottom = f"{left}/{e.card.health}" if boss else f"H{left} A{e.card.attack}"
    out: list[Item] = [
        Rect(x, y, w, h, fill=BOSS_FILL if boss else ENEMY_FILLS.get(e.card.level, "#8e2a1e"),
             stroke="white", stroke_width=0.5, radius=1.2),
        TextBox(x, y + 0.4 * scale, w, h * 0.5, top, size=9 * scale, min_size=4,
                font="Vera-Bold", colour="white", align=Align.CENTER, valign=VAlign.MIDDLE),
        TextBox(x, y + h * 0.48, w, h * 0.5, bottom, size=7.5 * scale, min_size=4,
                font="Vera-Bold", colour=DAMAGED if e.damage else "#ffd27f", align=Align.CENTER,
                valign=VAlign.MIDDLE)]
    return out


def _upgrade_text(card: SalvageCard) -> str:
    return f"+{card.bonus} {card.stat.capitalize()}"


def _tag(box: tuple[float, float, float, float], text: str, fill: str) -> list[Item]:
    x, y, w, h = box
    return [Rect(x, y, w, h, fill=fill, stroke=INK, stroke_width=0.3, radius=0.8),
            TextBox(x + 0.5, y, w - 1, h, text, size=7.5, min_size=4, font="Vera-Bold",
                    colour=INK, align=Align.CENTER, valign=VAlign.MIDDLE)]


def _room_items(state: WasteState, base: _Base, acting_room: int, colour: str) -> list[Item]:
    out: list[Item] = []
    for number, (x, y, w, h) in base.rooms.items():
        cond = state.condition[number]
        if cond in OVERLAY:
            fill, label, ink = OVERLAY[cond]
            out += [Rect(x, y, w, h, fill=fill, stroke=INK, stroke_width=0.5),
                    TextBox(x, y + h * 0.3, w, h * 0.45, label, size=15, font="Vera-Bold",
                            colour=ink + "90", align=Align.CENTER, valign=VAlign.MIDDLE),
                    base.titles[number]]
        if number == acting_room:
            out.append(Rect(x + 0.6, y + 0.6, w - 1.2, h - 1.2, fill=None, stroke=colour,
                            stroke_width=1.2))
    out += [ladder for ladder in base.ladders]  # over the overlays, as the print shows them
    for number in sorted(state.fueled):           # the silver cube of a fuelled engine
        x, y, w, _ = base.rooms[number]
        out.append(Rect(x + w - 5.5, y + 2, 4, 4, fill=SILVER, stroke=INK, stroke_width=0.3))
    if state.scourge is not None:                 # the red cube of a searched room
        for number in sorted(state.scourge.searched):
            x, y, w, _ = base.rooms[number]
            out.append(Rect(x + w - 5.5, y + 7, 4, 4, fill=RED_CUBE, stroke=INK,
                            stroke_width=0.3))
    return out


def _tracker_items(state: WasteState, base: _Base) -> list[Item]:
    cfg = state.cfg
    out: list[Item] = []
    battle = state.boss_stage == "battle"
    boss = next((e for e in state.enemies if e.card.ability == "boss"), None)
    x0, y, cell = base.distance
    if battle:   # "Track Boss Health using the Distance dial on the Mech Tracker."
        title = "Boss Health"
        value = boss.card.health - boss.damage if boss is not None else None
    else:
        title, value = "Distance", state.distance
    out.append(TextBox(base.left, y, x0 - base.left - 1, CELL_H,
                       f"{title}\n{'-' if value is None else value}", size=8, min_size=5,
                       font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
    if value is not None:
        here = max(cfg.distance_start, min(cfg.distance_goal, value)) - cfg.distance_start
        if not battle:
            for k in range(here):
                out.append(Rect(x0 + k * cell + 0.25, y + CELL_H - 2.2, cell - 0.5, 2.2,
                                fill=PASSED, stroke=None))
        out += _marker(x0 + here * cell, y, cell, str(here + cfg.distance_start), HERE)
    x0, y, cell = base.hull
    out.append(TextBox(base.left, y, x0 - base.left - 1, CELL_H, f"Hull\n{state.hull}",
                       size=8, min_size=5, font="Vera-Bold", colour=INK,
                       valign=VAlign.MIDDLE))
    hull = max(0, min(cfg.hull_max, state.hull))
    for k in range(1, hull):
        out.append(Rect(x0 + k * cell + 0.25, y + CELL_H - 2.2, cell - 0.5, 2.2,
                        fill=HULL_FILL, stroke=None))
    out += _marker(x0 + hull * cell, y, cell, str(hull), HULL_HERE if hull > 5 else "#a31515")
    boxes = base.boxes
    x, by, w, h = boxes["noise"]
    fuel = len(state.fueled)
    noise = state.noise()
    out.append(TextBox(x, by + 4.5, w, h - 5, f"{noise}" + (f" +{fuel}" if fuel else ""),
                       size=11, min_size=6, font="Vera-Bold", colour=INK, align=Align.CENTER,
                       valign=VAlign.MIDDLE))
    for name, (x, by, w, _) in boxes.items():
        if name.startswith("engine "):
            fuelled = int(name.split()[1]) in state.fueled
            out.append(Rect(x + w / 2 - 2.5, by + 6.5, 5, 5, fill=SILVER if fuelled else None,
                            stroke=INK, stroke_width=0.3))
    x, by, w, h = boxes["scrap pile"]
    out.append(TextBox(x, by + 4.5, w, h - 5, str(len(state.scrap_pile)), size=11, min_size=6,
                       font="Vera-Bold", colour=INK, align=Align.CENTER,
                       valign=VAlign.MIDDLE))
    x, by, w, h = boxes["info"]
    out.append(TextBox(x, by, w, h, " · ".join(_info(state)), size=9, min_size=5,
                       colour=INK, valign=VAlign.MIDDLE))
    return out


def _marker(x: float, y: float, cell: float, text: str, fill: str) -> list[Item]:
    return [Rect(x - 0.4, y - 0.8, cell + 0.8, CELL_H + 1.6, fill=fill, stroke=TURN_RING,
                 stroke_width=0.6, radius=1.0),
            TextBox(x - 0.4, y - 0.8, cell + 0.8, CELL_H + 1.6, text, size=9, min_size=5,
                    font="Vera-Bold", colour="white", align=Align.CENTER,
                    valign=VAlign.MIDDLE)]


def _info(state: WasteState) -> list[str]:
    """The Mech Tracker's and the decks' other figures, in words."""
    cfg = state.cfg
    parts = [f"Round {state.round}", f"Enemy deck {len(state.enemy_deck)} "
             f"(level {state.deck_level})", f"Salvage deck {len(state.salvage_deck)}",
             f"Crane used {state.crane_uses} of {cfg.crane_uses_without_advancing} "
             f"since advancing"]
    if state.idle:
        parts.append("engines idle")
    if state.arrived_round is not None:
        parts.append("Sanctuary reached: no more spawns")
    if state.event is not None:
        parts.append(f"Event: {state.event.name}")
    if state.boss_stage == "prep":
        parts.append("preparing for the Boss (Reinforce 1 Scrap)")
    elif state.boss_stage == "battle" and state.boss_cards is not None:
        if state.scourge is not None:
            beacon = "found" if state.scourge.beacon_found else "hidden"
            parts.append(f"The Scourge: Hacking Beacon {beacon}"
                         + (", stunned" if state.scourge.stunned else ""))
        elif state.boss_submerged:
            parts.append("The Harrow is submerged")
    return parts


def _banner(state: WasteState) -> tuple[str, str]:
    """What the board says at its top right, and in whose colour."""
    if state.phase == OVER:
        return ("The crew wins" if state.result == 1 else "The crew loses"), INK
    seat = state.current_player
    who = seat_name(state, seat)
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return f"{who}: {_doing(state)}", colour


def _doing(state: WasteState) -> str:
    if state.phase == SALVAGE and state.pending:
        card = state.pending[0]
        what = _item_text(card, False) if card.equipment else \
            f"{card.name} ({_upgrade_text(card)})" if card.kind == "upgrade" else card.name
        return f"place the {what}"
    if state.phase == SCRAP:
        return "use the Scrap Pile"
    if state.phase == EVENT:
        return "choose an Event"
    c = state.crew[state.seat]
    return f"to act, {c.actions_left} of {c.actions} actions left"


# --- the text beside the board --------------------------------------------------------------
def _item_text(card: SalvageCard, spent: bool) -> str:
    if card.kind == "weapon":
        extra = (", reach" if card.reach else "") + (", reload" if card.reload else "")
        return f"{card.name} (Attack {card.attack}{extra}{', SPENT' if spent else ''})"
    if card.kind == "armor":
        return f"{card.name} (Armor {card.armor})"
    return f"{card.name} (+{card.bonus} {card.stat.capitalize()})"


def _room_name(state: WasteState, number: int) -> str:
    return f"{number} {state.map.room(number).name}"


def _room_label(state: WasteState, number: int) -> str:
    parts = [f"room {_room_name(state, number)}"]
    if number != WASTES:
        parts.append(CONDITIONS[state.condition[number]])
        if number in state.upgrades:
            card = state.upgrades[number]
            parts.append(f"upgrade {card.name} ({_upgrade_text(card)})")
    crew = [f"Crew {c.seat + 1}" for c in state.crew if c.room == number]
    foes = [f"e{e.ident}" for e in state.enemies if e.room == number]
    if crew:
        parts.append(", ".join(crew))
    if foes:
        parts.append(f"{len(foes)} Enem{'y' if len(foes) == 1 else 'ies'}")
    return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])


def _enemy_label(e: Enemy) -> str:
    ability = f", {e.card.ability}" if e.card.ability and e.card.ability != "boss" else ""
    return (f"e{e.ident} {e.card.name} (level {e.card.level}): Health "
            f"{e.card.health - e.damage} of {e.card.health}, Attack {e.card.attack}{ability}")


def _health(c: Crew) -> str:
    if c.downed:
        return f"Downed (0 of {c.health})"
    return f"{c.health - c.damage} of {c.health}"


class WasteView:
    """The board view of The Waste of Parts (``pnp.games.view.BoardView``)."""

    hides_information = False

    def board(self, state: WasteState, viewer: int) -> Board:
        base = _base(state.cfg)
        lay = _layout(state)
        acting = state.phase not in (OVER, SALVAGE, SCRAP, EVENT)
        seat = state.current_player
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        items: list[Item] = list(base.drawing.items)
        items += _room_items(state, base, state.crew[seat].room if acting else -1, colour)
        for number, box in lay.upgrades.items():
            items += _tag(box, _upgrade_text(state.upgrades[number]), "#fff3b0")
        for cards in state.ground.values():
            for card in cards:
                items += _tag(lay.ground[card.ident], f"c{card.ident}", "#e6d3a3")
        if state.boss_stage == "battle" and state.scourge is None and state.boss_submerged:
            x, y, w, h = base.wastes
            items.append(TextBox(x + w - 92, y + 1.5, 90, 6, "The Harrow lurks below "
                                 "(submerged)", size=9, font="Vera-BoldItalic",
                                 colour=WASTES_INK, align=Align.RIGHT))
        for e in state.enemies:
            items += _enemy_standee(e, *lay.enemies[e.ident])
        for c in state.crew:
            items += _crew_standee(c, *lay.crew[c.seat], acting and c.seat == state.seat)
        banner, ink = _banner(state)
        width = base.drawing.width
        items.append(TextBox(width * 0.4, 5.0, width * 0.6 - (width - base.right), 9,
                             banner, size=11, min_size=6, font="Vera-Bold", colour=ink,
                             align=Align.RIGHT, valign=VAlign.MIDDLE))
        items += _tracker_items(state, base)
        drawing = Drawing(width=width, height=base.drawing.height, items=tuple(items),
                          name="The Waste of Parts: the Mech")
        return Board(drawing, self._spots(state, base, lay))

    def _spots(self, state: WasteState, base: _Base, lay: _Layout) -> tuple[Spot, ...]:
        spots = [Spot(f"room {n}", polygon=_rect_points(*box), label=_room_label(state, n))
                 for n, box in sorted(base.rooms.items())]
        spots.append(Spot(f"room {WASTES}", polygon=_rect_points(*base.wastes),
                          label=_room_label(state, WASTES)))
        x0, y, cell = base.hull
        spots.append(Spot("hull", polygon=_rect_points(x0, y, (state.cfg.hull_max + 1) * cell,
                                                       CELL_H),
                          label=f"Hull {state.hull} of {state.cfg.hull_max}"))
        spots.append(Spot("scrap pile", polygon=_rect_points(*base.boxes["scrap pile"]),
                          label=f"Scrap Pile: {len(state.scrap_pile)} cards"))
        for number, cards in state.ground.items():
            for card in cards:
                spots.append(Spot(f"card {card.ident}", polygon=_rect_points(
                    *lay.ground[card.ident]), label=f"c{card.ident} {_item_text(card, False)}"
                    f" dropped in room {number}"))
        for e in state.enemies:
            cx, cy, pitch = lay.enemies[e.ident]
            spots.append(Spot(f"enemy {e.ident}", circle=(cx, cy, pitch / 2),
                              label=_enemy_label(e)))
        for c in state.crew:
            spots.append(Spot(f"crew {c.seat + 1}", circle=lay.crew[c.seat],
                              label=f"{seat_name(state, c.seat)}: Health {_health(c)}"))
        return tuple(spots)

    def seats(self, state: WasteState, viewer: int) -> list[SeatView]:
        return [self._seat(state, c) for c in state.crew]

    def _seat(self, state: WasteState, c: Crew) -> SeatView:
        lines: list[tuple[str, str]] = [("Room", _room_name(state, c.room)),
                                        ("Health", _health(c)), ("Attack", str(c.attack))]
        acting = state.phase not in (OVER, SALVAGE, SCRAP, EVENT) and state.seat == c.seat
        lines.append(("Actions", f"{c.actions_left} of {c.actions} left" if acting
                      else f"{c.actions} a turn"))
        if c.armor:
            lines.append(("Armor", str(c.armor)))
        if c.ability:
            lines.append(("Ability", c.ability.capitalize()))
        lines.append(("Equipment", "; ".join(_item_text(i, i.ident in c.spent)
                                             for i in c.items) or "none"))
        lines.append(("Slots", f"{len(c.items)} of {c.slots}"))
        if c.stunned:
            lines.append(("Revived", "cannot act until the next round"))
        if c.seat == state.first:
            lines.append(("First Player", "yes"))
        return SeatView(c.seat, seat_name(state, c.seat), SEAT_COLOURS[c.seat % len(SEAT_COLOURS)],
                        tuple(lines))

    def turn(self, state: WasteState) -> str:
        cfg = state.cfg
        tail = f"round {state.round} · Distance {state.distance} of {cfg.distance_goal} · " \
               f"Hull {state.hull}"
        if state.boss_stage == "battle":
            tail += " · Boss Battle"
        if state.phase == OVER:
            return ("The crew has won" if state.result == 1 else "The crew has lost") + \
                f" · {tail}"
        who = seat_name(state, state.current_player)
        if state.phase in (SALVAGE, SCRAP, EVENT):
            who += ", First Player,"
        return f"{who} {_doing(state)} · {tail}"

    def kind(self, action: Any) -> str:
        return _KINDS[type(action)]

    def label(self, state: Any, action: Any) -> str:
        t = type(action)
        if t is A.Move:
            return f"to room {action.room}"
        if t is A.Attack:
            return f"e{action.enemy}, " + ("unarmed" if action.slot < 0
                                          else f"weapon in slot {action.slot}")
        if t is A.FireGun:
            return f"gun {action.gun} at e{action.enemy}"
        if t is A.EndTurn:
            return "end the turn"
        if t is A.ScrapDone:
            return "keep the rest"
        return str(action)

    def spot(self, state: WasteState, action: Any) -> str | None:
        t = type(action)
        if t is A.Move or t is A.Install:
            return f"room {action.room}"
        if t is A.Attack or t is A.FireGun:
            return f"enemy {action.enemy}"
        if t in (A.Repair, A.Extinguish, A.Fuel, A.Search):
            return f"room {state.crew[state.seat].room}"
        if t is A.PickUp or t is A.Trade:
            return f"card {action.card}"
        if t in (A.Give, A.TradeWith, A.Mend, A.Revive, A.Equip, A.EquipOver):
            return f"crew {action.seat + 1}"
        if t is A.Reload or t is A.Drop:
            return f"crew {state.seat + 1}"
        if t is A.ScrapCard or t is A.Recycle:
            return "scrap pile"
        if t is A.Reinforce:
            return "hull"
        return None

    def result(self, state: WasteState) -> Result:
        cfg = state.cfg
        won = state.result == 1
        if won:
            winner = "The crew wins with style" if state.cause == "with style" \
                else "The crew wins"
        else:
            winner = "The crew loses"
        rows: list[tuple[str, str, str]] = [
            ("Distance", str(state.distance), f"{cfg.distance_goal} (Sanctuary)"),
            ("Enemies aboard", str(len(state.enemies)), "0, after Sanctuary"),
            ("Hull", f"{state.hull} of {cfg.hull_max}", "above 0"),
            ("Crew standing", f"{sum(not c.downed for c in state.crew)} of {len(state.crew)}",
             "at least 1")]
        if state.boss_cards is not None:
            rows.append(("Boss", _boss_state(state), "destroyed, to win with style"))
        rows += [("Rounds", str(state.round), ""),
                 ("Enemies destroyed", str(state.kills), ""),
                 ("Hull lost", str(state.hull_lost), "")]
        rows += [(seat_name(state, c.seat), f"Health {_health(c)}", "") for c in state.crew]
        rows.append(("Result", "won" if won else "lost", ""))
        return Result(winner, _how(state), ("", "The crew", "To win"), tuple(rows))


def _boss_state(state: WasteState) -> str:
    name = "The Scourge" if state.scourge is not None else "The Harrow"
    if state.cause == "with style":
        return f"{name} destroyed"
    if state.boss_stage is None:
        return "not reached"
    if state.boss_stage == "prep":
        return "preparing"
    boss = next((e for e in state.enemies if e.card.ability == "boss"), None)
    if boss is None:
        return "submerged" if state.scourge is None else "destroyed, the Captain aboard"
    return f"Health {boss.card.health - boss.damage} of {boss.card.health}"


def _how(state: WasteState) -> str:
    where = f"at Distance {state.distance}, round {state.round}"
    if state.cause == "sanctuary":
        return (f"reached Sanctuary (Distance {state.distance} of {state.cfg.distance_goal}) "
                f"and destroyed every Enemy aboard, round {state.round}")
    if state.cause == "with style":
        if state.scourge is not None:
            return f"destroyed the Scourge and its Captain, round {state.round}"
        return f"destroyed the Harrow, round {state.round}"
    if state.cause == "out of time":
        return f"still in the Wastes after {state.cfg.max_rounds} rounds ({where})"
    return f"{state.cause} ({where})"


_KINDS: dict[type, str] = {
    A.Move: "Move", A.Attack: "Attack", A.FireGun: "Fire a gun", A.Reload: "Reload",
    A.Repair: "Repair or extinguish", A.Extinguish: "Repair or extinguish", A.Fuel: "Fuel",
    A.Search: "Search", A.Drop: "Equipment", A.PickUp: "Equipment", A.Give: "Equipment",
    A.Trade: "Equipment", A.TradeWith: "Equipment", A.Mend: "Mend or revive",
    A.Revive: "Mend or revive",
    A.EndTurn: "End the turn", A.Equip: "Place the salvage",
    A.EquipOver: "Place the salvage", A.Install: "Place the salvage",
    A.ScrapCard: "Place the salvage", A.Reinforce: "Use Scrap", A.Recycle: "Use Scrap",
    A.ScrapDone: "Use Scrap", A.ChooseEvent: "Choose an Event"}


VIEW = WasteView()
