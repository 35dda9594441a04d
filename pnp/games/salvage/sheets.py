"""Salvage session printables: the mods deck, tokens, table cards, player aid and score sheet.

Cards and tokens are drawn by the YAML layouts in ``templates/salvage/`` (docs/layouts.md), so a
designer restyles them without Python; the pages are drawn here. Every number printed comes
from ``rules.Config``, ``rules.NODE_DIE`` or a mod's effects, never typed as a literal, so the
print says what the rules and the simulator do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from pnp.content import Card, Value
from pnp.games.salvage.mods import EFFECTS, FLAGS, Mod
from pnp.games.salvage.rules import MATERIALS, SIDES, Config, Rank, die_name
from pnp.layout.draw import Align, Component, Drawing, Item, Rect, TextBox, VAlign
from pnp.layout.impose import sheet_area, sheet_page
from pnp.layout.sheet_parts import INK, RULE, heading, table
from pnp.layout.templates import Layout, game_layout, layout_cards

LAYOUTS = "salvage"  # the bundled layouts: templates/salvage/
POKER = (63.5, 88.9)
TOKEN = 20.0  # mm: a token fits on a field node (printables.NODE_R)
GREY = "#666666"
SEAT_COLOURS = ("#c0392b", "#2e6da4")
MOB_FILL, SCRAP_FILL, CELL_FILL, SUPPLY_FILL = "#8e3b2f", "#a58a5a", "#f4c542", "#4a5a4a"


def load(name: str, layouts: str | Path | None = None) -> Layout:
    """Layout ``name`` of the folder ``layouts``, or of the bundled templates/salvage/."""
    return game_layout(LAYOUTS, name, layouts)


def _render(name: str, cards: Sequence[Card], size: tuple[float, float], bleed: float,
            deck: str, layouts: str | Path | None) -> list[Component]:
    return layout_cards(load(name, layouts), cards, size, bleed, deck)


# ---------------------------------------------------------------- mods deck

def effect_text(effect: str, amount: int) -> str:
    """One effect as a rules sentence, its number from the data ("+2 maximum fuel")."""
    text = EFFECTS[effect]
    if effect not in FLAGS:
        text = text.replace("+N", f"+{amount}").replace("N ", f"{amount} ")
    return text[0].upper() + text[1:] + "."


def rules_text(mod: Mod) -> str:
    """A mod's rules text, generated from its effects vocabulary with the data's numbers."""
    return " ".join(effect_text(e, a) for e, a in mod.effects)


def unique_mods(deck: Sequence[Mod]) -> list[tuple[Mod, int]]:
    """The deck's distinct mods in order of first appearance with their copies in the deck."""
    counts: dict[str, int] = {}
    first: dict[str, Mod] = {}
    for m in deck:
        counts[m.name] = counts.get(m.name, 0) + 1
        first.setdefault(m.name, m)
    return [(first[name], n) for name, n in counts.items()]


def mod_components(deck: Sequence[Mod], config: Config, *, code: str = "", bleed: float = 3.0,
                   layouts: str | Path | None = None) -> list[Component]:
    """The mods deck as poker cards (copies = the deck's counts) with a common back."""
    cards = [Card(f"mod-{i}", count=n, fields=(
        ("title", m.name), ("type", m.type), ("score", m.score), ("rules", rules_text(m)),
        ("text", m.text), ("code", code), ("number", i), ("slots", config.mod_slots)))
        for i, (m, n) in enumerate(unique_mods(deck), 1)]
    return _render("mod.yaml", cards, POKER, bleed, "mods", layouts)


# ---------------------------------------------------------------- tokens and table cards

def token_cards(config: Config, mobs: Mapping[int, int], scrap: Mapping[int, int]
                ) -> list[Card]:
    """Mobs C/B/A, scrap by material, fusion cells: what token.yaml draws, ``mobs`` and
    ``scrap`` of each rank and material (tokens.py counts them)."""
    cards: list[Card] = []
    for rank in Rank:
        hits = config.hits(rank)
        cards.append(_token(f"mob-{rank.name}", mobs[rank], rank.name,
                            f"hit {config.mob_number(rank)}+",
                            f"{hits} hit{'' if hits == 1 else 's'}", MOB_FILL, True))
    for value, name in enumerate(MATERIALS, 1):
        cards.append(_token(f"scrap-{value}", scrap[value], str(value), name, "scrap",
                            SCRAP_FILL, False))
    cards.append(_token("cell", config.cells_to_win, "CELL", f"{config.cell_score} points",
                        "fusion", CELL_FILL, True))
    return cards


def _token(name: str, count: int, label: str, line1: str, line2: str, fill: str,
           round_: bool) -> Card:
    fields: tuple[tuple[str, Value], ...] = (("label", label), ("line1", line1),
                                             ("line2", line2), ("fill", fill), ("round", round_))
    return Card(name, fields=fields, count=count)


def supply_text(config: Config) -> str:
    """The dice supply card: each die, its count and its banked score (rules.Config)."""
    counts = dict(config.supply)
    lines = [f"{die_name(s)} x{counts.get(s, 0)}: banked, scores {config.die_score(s)}"
             for s in SIDES if counts.get(s, 0)]
    start = " + ".join(die_name(s) for s in config.start_dice)
    return "\n".join(lines) + f"\nEach mecha starts with {start} from the supply."


def table_cards(config: Config) -> list[Card]:
    """A base damage track per seat and the dice supply card: what aid-card.yaml draws."""
    cards = [Card(f"base-{seat + 1}", fields=(
        ("heading", f"SEAT {seat + 1} BASE DAMAGE"),
        ("body", f"Each raid on this base does 1 damage. {config.raids_to_win} raids win."),
        ("boxes", config.raids_to_win), ("fill", SEAT_COLOURS[seat]))) for seat in (0, 1)]
    cards.append(Card("supply", fields=(("heading", "DICE SUPPLY"), ("body", supply_text(config)),
                                        ("boxes", 0), ("fill", SUPPLY_FILL))))
    return cards


def token_components(config: Config, mobs: Mapping[int, int], scrap: Mapping[int, int], *,
                     bleed: float = 1.5, layouts: str | Path | None = None) -> list[Component]:
    """Tokens to cut (20 mm) and the table cards (poker), each with its back."""
    return (_render("token.yaml", token_cards(config, mobs, scrap), (TOKEN, TOKEN), bleed,
                    "tokens", layouts)
            + _render("aid-card.yaml", table_cards(config), POKER, bleed, "table", layouts))


# ---------------------------------------------------------------- pages


def score_rows(config: Config) -> list[tuple[str, str]]:
    """The score table ("Your score when the countdown ends") with Config's numbers."""
    scrap = ", ".join(f"{name} {v}" for v, name in enumerate(MATERIALS, 1))
    by_score: dict[int, list[str]] = {}
    for s in SIDES:
        by_score.setdefault(config.die_score(s), []).append(die_name(s))
    dice = ". ".join(f"{', '.join(names)} score {v}" for v, names in by_score.items())
    return [("Each mod", "The score printed on it"), ("Each banked scrap", scrap),
            ("Each banked die", dice + "."), ("Each fusion cell", str(config.cell_score))]


def turn_summary(config: Config) -> str:
    """The turn summary of the player aid, numbers from Config."""
    return (f"One action a turn: move one node, or act on the node where you stand. Moving costs "
            f"{config.move_cost} fuel, {config.leave_cost} if the node you leave holds a mob or "
            f"the other mecha. Against a mob load up to {config.power} dice, add "
            f"{config.strength} for strength: a total that meets the mob's number is a hit; a "
            f"miss costs 1 HP. No dice: flip the coin {config.coin_flips} times, all circles "
            f"hit. Clash: a tie goes to the defender. Close a run on a wreck site or by raiding: "
            f"refuel ({config.max_fuel} fuel, {config.max_hp} HP), bank, draw "
            f"{config.mods_drawn} mods and install 1 ({config.mod_slots} slots), take the "
            f"smallest die left, reroll your half's empty nodes.\n"
            f"Win at once with {config.cells_to_win} fusion cells carried or "
            f"{config.raids_to_win} raids; otherwise the higher score after round "
            f"{config.rounds}.")


def player_aid(config: Config, page: tuple[float, float], footer: str) -> Drawing:
    """The player aid page: turn summary, the node die table, mob numbers, the score table."""
    w, _ = sheet_area(page)
    items: list[Item] = [heading("Salvage: player aid", 0, w),
                         TextBox(0, 10, w, 44, turn_summary(config), size=9, min_size=6,
                                 colour=INK, leading=1.3)]
    y = 52.0
    items.append(heading("The node die", y, w))
    items += table([(str(r.face), r.text) for r in config.node_die], 0, y + 10, w, 14)
    y += 10 + 8 * len(config.node_die) + 6
    items.append(heading("Mobs", y, w))
    items += table([(rank.name, f"hit on a total of {config.mob_number(rank)} or more; beaten "
                      f"after {config.hits(rank)} hit{'' if config.hits(rank) == 1 else 's'}")
                     for rank in Rank], 0, y + 10, w, 14)
    y += 10 + 8 * len(Rank) + 6
    items.append(heading("Your score when the countdown ends", y, w))
    items += table(score_rows(config), 0, y + 10, w, 42, row_h=10)
    return sheet_page(page, items, footer, name="player-aid")


def score_sheet(config: Config, page: tuple[float, float], footer: str) -> Drawing:
    """A score sheet: a box per scoring line for two players, and the total."""
    w, _ = sheet_area(page)
    rows = [label for label, _ in score_rows(config)] + ["Total"]
    left, col = w - 2 * 34, 34.0
    items: list[Item] = [heading("Salvage: score sheet", 0, w),
                         TextBox(0, 10, w, 10, "Only what is safe counts: installed mods, banked "
                                 "scrap, banked dice, and the fusion cells you are carrying.",
                                 size=8, min_size=6, colour=GREY)]
    y = 24.0
    for seat in (0, 1):
        items.append(Rect(left + seat * col, y, col, 9, fill=SEAT_COLOURS[seat], stroke=None))
        items.append(TextBox(left + seat * col, y, col, 9, f"Seat {seat + 1}", size=9,
                             font="Vera-Bold", colour="white", align=Align.CENTER,
                             valign=VAlign.MIDDLE))
    for k, label in enumerate(rows):
        top = y + 9 + k * 14
        items.append(Rect(0, top, w, 14, fill=None, stroke=RULE, stroke_width=0.3))
        items.append(TextBox(2, top, left - 4, 14, label, size=10, min_size=6,
                             font="Vera-Bold", colour=INK, valign=VAlign.MIDDLE))
        items += [Rect(left + s * col + 3, top + 2, col - 6, 10, fill="white", stroke=INK,
                       stroke_width=0.4) for s in (0, 1)]
    return sheet_page(page, items, footer, name="score-sheet")
