"""The words on the wasteland cards: the rulebook's named cards and the generated ones, each
with the escape check, game text or combat panel, and rewards space the simulator plays (so the
print says what the simulator does). Pure: ``printables.wasteland_components`` lays them out
with ``templates/waste_knights/wasteland.yaml`` and its one shared back.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.content import Card as PrintCard
from pnp.games.waste_knights.cards import Card

#: Game text per effect, as the rulebook's examples word them ("stops on the hex where the
#: event is being resolved and loses 1 Health", "places contamination tokens").
_EFFECTS = {
    "stop": "Stop on this hex: the move ends.",
    "skip_exploration": "Skip the Exploration Step this round.",
    "lose_health": "Lose {n} Health.",
    "lose_ammo": "Lose {n} Ammo.",
    "lose_fuel": "Lose {n} Fuel.",
    "radiation": "Suffer {n} Radiation.",
    "contamination": "Place {n} contamination token{s} on this hex.",
    "radiation_tokens": "Place {n} Radiation token{s} on this hex.",
    "vehicle_damage": "Your vehicle suffers {n} Vehicle Damage.",
}
_REWARDS = {"reputation": "{n} Reputation", "fuel": "{n} Fuel", "ammo": "{n} Ammo",
            "green": "{n} green gear", "yellow": "{n} yellow gear", "red": "{n} red gear"}


def _say(table: dict[str, str], name: str, n: int) -> str:
    return table[name].format(n=n, s="" if n == 1 else "s")


def effects_text(effects: Sequence[tuple[str, int]]) -> str:
    """An event's (or a defeat's) game text, in the rulebook's order of resolving it."""
    order = list(_EFFECTS)
    return " ".join(_say(_EFFECTS, k, n) for k, n in sorted(effects, key=lambda e:
                                                             order.index(e[0])))


def panel_text(card: Card) -> str:
    """An enemy's combat panel in words: Aggression, range icons, Health, Armor Value, and the
    attack icons it shows."""
    p = card.panel
    if p is None:
        return ""
    icons = [f"+{p.damage} Damage" if p.damage else "", f"Piercing {p.piercing}"
             if p.piercing else "", f"Multi-attack {p.multi}" if p.multi else "",
             "Ferocious" if p.ferocious else ""]
    return (f"Aggression {p.aggression}\nHealth {p.health} · Armor {p.armor}\n"
            + " · ".join([" / ".join(i.capitalize() for i in p.icons), *(i for i in icons if i)]))


def ability_text(card: Card) -> str:
    """An enemy's abilities in words."""
    out = []
    dice = int(card.ability("knight_dice", 0))
    if dice:
        out.append(f"Knights' checks in this combat {dice:+d} dice.")
    if card.ability("start_range"):
        out.append(f"Combat starts at {card.ability('start_range')} range.")
    if card.ability("set_range"):
        out.append(f"Every clash is fought at {card.ability('set_range')} range.")
    if card.ability("vehicle_damage"):
        out.append(f"Starting combat with it: your vehicle suffers "
                   f"{card.ability('vehicle_damage')} Vehicle Damage.")
    if card.ability("stops"):
        out.append("If it defeats you, it stops you: your move ends.")
    if card.ability("on_knight_loses"):
        out.append(f"If you lose: {effects_text(card.ability('on_knight_loses'))}")
    return " ".join(out)


def card_fields(card: Card, number: int, code: str) -> PrintCard:
    """One wasteland card's fields for the layout."""
    need = f" ({card.successes} successes)" if card.successes > 1 else ""
    foot = "" if card.on_foot else " Knights on foot are not affected."
    text = (ability_text(card) if card.enemy else effects_text(card.effects)) + foot
    band = " · ".join(["ENEMY" if card.enemy else "EVENT", *(t.upper() for t in card.traits)])
    return PrintCard(f"wasteland-{number}", fields=(
        ("kind", "ENEMY" if card.enemy else "EVENT"), ("band", band), ("title", card.title),
        ("escape", f"{card.escape_skill.capitalize()} {card.escape_difficulty}{need}"),
        ("panel", panel_text(card)), ("text", text.strip()),
        ("rewards", ", ".join(_say(_REWARDS, k, n) for k, n in card.rewards if n)),
        ("code", code), ("number", number)))
