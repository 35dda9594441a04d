"""Wreck and Ruin sheets: the setup sheet, the reference sheet and the wasteland guides.

Every number printed comes from ``rules.Config`` (and the map's measured fairness), never typed
as a literal, so the print says what the simulator does.
"""

from __future__ import annotations

from typing import Any

from pnp.games.wreck_and_ruin.board import Board
from pnp.games.wreck_and_ruin.printables import FACTIONS, SEAT_COLOURS, map_drawing, map_frame
from pnp.games.wreck_and_ruin.rules import Config
from pnp.layout.draw import Align, Group, Item, Rect, TextBox, VAlign
from pnp.layout.impose import sheet_area, sheet_page
from pnp.layout.sheet_parts import INK, RULE, heading, table

__all__ = ["CRASH_TABLE", "guide_pages", "reference_sheet", "setup_sheet"]

GREY = "#666666"
#: The setup sheet's overview map: its hexes' size (mm, centre to corner) when the page has room.
OVERVIEW_HEX = 4.2

#: The crash and burn table (the rulebook's words; the direction diagram is pnp's choice).
CRASH_TABLE = (
    ("1", "Explodes: removed from the table; a 1-die attack against EVERY adjacent vehicle, "
          "from its facing clockwise."),
    ("2", "Turns one face right, then moves straight on."),
    ("3", "Swerves: the first hex front-right without turning, then straight on."),
    ("4", "Moves straight ahead."),
    ("5", "Swerves: the first hex front-left without turning, then straight on."),
    ("6", "Turns one face left, then moves straight on."),
    ("distance", "Roll a die: that many hexes, at most its MOVE. Stops in a hazard, before an "
                 "obstacle or wreck; entering a vehicle collides (SIZE dice attack). Off the "
                 "board: removed."),
)


def setup_sheet(board: Board, config: Config, page: tuple[float, float], footer: str) -> Any:
    """The map overview, where each tile goes (side, turn) and each seat's measured AP."""
    w, h = sheet_area(page)
    items: list[Item] = [heading(f"Wreck and Ruin: setting up ({board.players} players)", 0, w)]
    fair = board.extra.get("fairness") or {}
    # the tables' height; the overview map takes what is left (4.2 mm hexes at most)
    tables = 12 + 7 * len(board.placements) + 5 + 9 + 7 * (len(fair.get("seats", [])) + 1)
    overview = map_drawing(board, r=OVERVIEW_HEX, labels_outside=True)
    if overview.height + tables > h:
        _, _, _, margins = map_frame(board, 0.0)
        hexes = (overview.height - margins) / OVERVIEW_HEX      # map height per mm of hex
        overview = map_drawing(board, r=max(2.0, (h - tables - margins) / hexes),
                               labels_outside=True)
    scale_w = overview.width
    items.append(Group(overview.items, dx=(w - scale_w) / 2, dy=10))
    y = 12 + overview.height
    rows = [(("centre" if p.position == 0 else f"tracker {p.position}"),
             f"tile {p.tile} side {p.side}, turned {p.rotation * 60} degrees clockwise"
             + (f"; setup area of seat {p.seat + 1} ({FACTIONS[p.seat]})"
                if p.seat is not None else "")) for p in board.placements]
    items += table(rows, 0, y, w, 28, row_h=7, size=8.5, min_size=5.5)
    y += 7 * len(rows) + 5
    items.append(heading("Fairness (a buggy's AP from each setup area)", y, w))
    seat_rows = [(f"seat {s + 1}", f"to the central tile {f['to_centre_ap']:.2f} AP, to its "
                  f"token places {f['to_tokens_ap']:.2f} AP on average")
                 for s, f in enumerate(fair.get("seats", []))]
    spread = fair.get("spread", {})
    seat_rows.append(("spread", f"{spread.get('to_centre_ap', 0):.2f} / "
                      f"{spread.get('to_tokens_ap', 0):.2f} AP; declared margin "
                      f"{config.margin_ap:.2f} AP: {'met' if fair.get('fair') else 'NOT met'}"))
    items += table(seat_rows, 0, y + 9, w, 28, row_h=7, size=8.5, min_size=5.5)
    return sheet_page(page, items, footer, name="setup-sheet")


def reference_text(config: Config, players: int) -> list[tuple[str, str]]:
    """The reference sheet's rows, numbers from Config."""
    ap = config.per_players(config.ap, players)
    rounds = config.per_players(config.rounds, players)
    return [
        ("Turn", "Resolve the event (from round 2). Start-of-turn cards. Spend AP. Award "
                 "green sites still occupied, place new tokens (roll: tracker tile), flip "
                 "occupied sites green. Next player clockwise."),
        ("AP", f"{ap} AP each turn ({players} players); player 1 +"
               f"{config.per_players(config.first_turn_bonus, players)} in round 1. "
               f"{rounds} rounds."),
        ("2AP limit", f"A vehicle takes at most {config.ap_limit} of: move, attack, ram, "
                      "search a wreck; each a different one. Search for salvage, repair a "
                      "wreck and bring a vehicle back cost 1 AP outside the limit."),
        ("Moving", f"Up to MOVE hexes; a turn is 1 (one face per hex; AGILE any face). "
                   f"Reversing {config.reverse_cost} per hex. Full throttle (first action): "
                   "d6 - SIZE extra moves; 0 or less: +1 move and no more actions."),
        ("Hazards", f"Trapped: roll SIZE dice, one {config.trapped_need}+ to act. Leaving: "
                    f"-{config.hazard_move_penalty} move, no throttle, no skills."),
        ("Shooting", f"Range {config.shoot_range}, 180 degree front arc (big rig 360 from "
                     "either hex), a clear shortest route. ATTACK dice vs armour; from "
                     f"directly behind -{config.rear_bonus} armour. 6: hit + free roll; "
                     "1: miss."),
        ("Ramming", "Target in the 3 front hexes. Attacker: ARMOUR dice vs target armour, + "
                    "SIZE. Defender: ARMOUR dice (one fewer from the rear) vs attacker "
                    "armour, + SIZE. Higher attacker: the difference in DP, push if size >= "
                    "target's. Tie: 1 DP. Higher defender: size difference in DP to the "
                    "attacker if bigger."),
        ("Sites", f"{config.tokens} tokens; not on the map edge, an obstacle or next to "
                  f"another token; at most {config.tokens_per_tile} per tile (centre "
                  "excepted). Occupy, survive the next turn: 1 VP + 1 salvage card."),
        ("Winning", "Most sites; tie: least DP taken. Final push: player 1 gets 1 AP per "
                    "occupied site."),
    ]


def reference_sheet(config: Config, players: int, page: tuple[float, float], footer: str
                    ) -> Any:
    """The reference sheet: turn order, the 2AP limit, shooting and ramming, hazards, sites."""
    w, _ = sheet_area(page)
    rows = reference_text(config, players)
    items: list[Item] = [heading("Wreck and Ruin: reference", 0, w)]
    items += table(rows, 0, 10, w, 26, row_h=24, size=8.5, min_size=5.5)
    return sheet_page(page, items, footer, name="reference")


def guide_pages(config: Config, seat: int, page: tuple[float, float], footer: str
                ) -> list[Any]:
    """A wasteland guide: vehicle stats and DP boxes (front), the crash table (back)."""
    w, _ = sheet_area(page)
    colour = SEAT_COLOURS[seat]
    items: list[Item] = [Rect(0, 0, w, 10, fill=colour, stroke=None),
                         TextBox(3, 0, w - 6, 10, f"Wasteland guide: {FACTIONS[seat]}",
                                 size=13, font="Vera-Bold", colour="white",
                                 valign=VAlign.MIDDLE)]
    y = 16.0
    for k, kind in enumerate(config.roster):
        t = config.type_of[kind]
        items.append(Rect(0, y, w, 30, fill=None, stroke=RULE))
        items.append(TextBox(3, y + 2, 60, 7, f"{k + 1}: {kind.upper()}", size=11,
                             font="Vera-Bold", colour=INK))
        items.append(TextBox(3, y + 10, w - 6, 6,
                             f"SIZE {t.size}   MOVE {t.move}   ATTACK {t.attack}   "
                             f"ARMOUR {t.armour}   DP {t.dp}", size=9, colour=INK))
        items.append(TextBox(3, y + 17, w - 60, 10, "Skills: " + ", ".join(t.skills),
                             size=8, colour=GREY))
        for d in range(t.dp):
            items.append(Rect(w - 8 - 9 * (t.dp - d), y + 18, 7, 7, fill="white",
                              stroke="#000000" if d == t.dp - 1 else INK, stroke_width=0.5))
        y += 34
    front = sheet_page(page, items, footer, name=f"guide-{seat + 1}")
    back_items: list[Item] = [heading("Crash and burn", 0, w)]
    back_items += table(list(CRASH_TABLE), 0, 10, w, 22, row_h=14, size=9, min_size=5.5)
    back_items.append(TextBox(0, 10 + 14 * len(CRASH_TABLE) + 4, w, 20,
                              "Use the vehicle's facing, or face directly away from the "
                              "attacker (or from the hex it was pushed out of) when wrecked "
                              "by a ram.", size=8, colour=GREY, align=Align.LEFT))
    back = sheet_page(page, back_items, footer, name=f"guide-{seat + 1}-back")
    return [front, back]
