"""The Waste of Parts' set-aside cards as printables: the Boss cards (the Harrow, the Scourge,
the Captain), their AI cards, the Harrow's Tentacles, the Scourge's Hacking Beacon and Harpoon
Bombs (its Search Deck's Just the Wind are Enemy cards) and the 10 Event cards.

Every card is drawn by ``templates/waste_of_parts/boss-card.yaml`` with the back of its deck
(``boss-card-back.yaml``); every number and text comes from the cards' data and the Bosses'
modules, so the print says what the simulator does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.content import Card
from pnp.games.waste_of_parts import boss, scourge
from pnp.games.waste_of_parts.cards import (
    ENEMY_ABILITIES,
    NOISE_COST,
    UPGRADE_NAMES,
    UPGRADE_STATS,
    EnemyCard,
    EventCard,
    SalvageCard,
)
from pnp.games.waste_of_parts.rules import Config
from pnp.layout.draw import Component
from pnp.layout.templates import game_layout, layout_cards

__all__ = ["REVERSE_ART_BONUSES", "TOKEN_CARDS", "boss_components", "boss_texts",
           "event_components", "reverse_art_tokens", "steps_text", "token_components"]

POKER = (63.5, 88.9)


def steps_text(steps: Sequence[str]) -> str:
    return " ".join(f"{k} {name}." for k, name in enumerate(steps, 1))


def boss_texts(cfg: Config) -> list[tuple[str, str, str]]:
    """The two Boss cards: (name, Health line, rules text)."""
    limit = ", ".join(f"{boss.surface_limit(n)} with {n} crew" for n in (3, 4, 5))
    harrow = (f"Begins submerged: it cannot be targeted and acts only through its Tentacles. "
              f"Setup: shuffle its {len(boss._AI)} AI cards; the {boss.TENTACLES} Tentacles "
              f"form the Enemy Deck; draw a Tentacle per Crew Member. It surfaces into The "
              f"Wastes when few Tentacles are left ({limit}). End of round: "
              f"{steps_text(boss.HARROW_STEPS)} Destroy it to win with style.")
    winds = f"{scourge.SHUFFLED_WIND} Just the Wind (Enemy cards)"
    the_scourge = (f"In The Wastes. Setup: shuffle its {len(scourge._AI)} AI cards. Search Deck: "
                   f"the Hacking Beacon, {scourge.HARPOON_BOMBS} Harpoon Bombs and {winds} "
                   f"shuffled, Crew Members + {scourge.TOP_WIND_PLUS} Just the Wind on top. "
                   f"Every room but the Aft and Fore Decks Inoperable. Draw an AI card. While "
                   f"the Beacon hides, no Repair. Search (1 action): an unsearched room, draw "
                   f"a Search card. End of round: {steps_text(scourge.SCOURGE_STEPS)} Destroyed: "
                   f"a Wastelander on the Fore Deck ({scourge.FORE_DECK}) (the Captain card if "
                   f"none is left); destroy it to win.")
    return [("The Harrow", f"Health {boss.HARROW_HEALTH}X (X = Crew Members)", harrow),
            ("The Scourge", f"Health {scourge.SCOURGE_HEALTH}X (X = Crew Members)",
             the_scourge)]


def _card(deck: str, number: int, band: str, title: str, rules: str, code: str,
          stats: str = "") -> Card:
    return Card(f"{deck.lower().replace(' ', '-')}-{number}", fields=(
        ("pile", deck), ("band", band), ("title", title), ("stats", stats), ("rules", rules),
        ("code", code), ("number", number)))


def _tentacle(c: EnemyCard, cfg: Config, code: str, number: int) -> Card:
    stats = (f"Health {c.health}   Attack {c.attack}\nSpawns in {c.spawn}: "
             f"{cfg.mech.room(c.spawn).name}")
    return _card("TENTACLE", number, "THE HARROW · TENTACLE", c.name, ENEMY_ABILITIES[c.ability]
                 if c.ability else "Follows the normal Enemy priorities.", code, stats)


def boss_components(cfg: Config, harrow: tuple[Sequence[Any], Sequence[EnemyCard]],
                    the_scourge: tuple[Sequence[Any], Sequence[Any]], code: str,
                    bleed: float = 3.0) -> list[Component]:
    """The box's "26 Boss Cards" (the Harrow, the Scourge, the Captain, the 20 Tentacles, the
    Hacking Beacon and the Harpoon Bombs) and "13 AI Cards", each deck with its own back."""
    cards = [_card("BOSS", k, "BOSS", name, rules, code, health)
             for k, (name, health, rules) in enumerate(boss_texts(cfg), 1)]
    captain = scourge.captain_card(cfg)
    cards.append(_card("BOSS", len(cards) + 1, "BOSS · THE CAPTAIN", captain.name,
                       "The Captain Emerges: when The Scourge is destroyed, place the level-3 "
                       "Wastelander Enemy card with the highest Health (then Attack) from the "
                       "Enemy deck or its discards on the Fore Deck; if none is left, place "
                       "this card. It follows the normal Enemy priorities. Destroy it to win.",
                       code, f"Health {captain.health}   Attack {captain.attack}\n"
                             f"On the Fore Deck ({captain.spawn})"))
    for ai in (*harrow[0], *the_scourge[0]):
        who = "THE HARROW" if ai.boss == "harrow" else "THE SCOURGE"
        strikes = f"Strikes room {ai.room}: {cfg.mech.room(ai.room).name}" if ai.room else ""
        cards.append(_card(f"{ai.boss.upper()} AI", ai.ident, f"{who} · BOSS AI", ai.name,
                           ai.text, code, strikes))
    cards += [_tentacle(c, cfg, code, k) for k, c in enumerate(harrow[1], 1)]
    # The box's Boss cards hold the Beacon and the Harpoon Bombs; the Search Deck's Just the
    # Wind cards are the Enemy deck's (docs/assumptions.md).
    cards += [_card("SEARCH", c.ident, "THE SCOURGE · SEARCH", c.name, c.text, code)
              for c in the_scourge[1] if c.effect != "wind"]
    return layout_cards(game_layout("waste_of_parts", "boss-card.yaml"), cards, POKER, bleed,
                        "bosses")


#: The Token Cards the rulebook names, stored apart ("11 Token Cards (Scrap Metal (2), Defense
#: Drone (2), Lesser Ooze (4)...)"), with their counts. It prints no rules for the Drone or the
#: Ooze and the simulator plays neither; the 2 Scrap Metal are Salvage Cards (setup: "Place the
#: two Scrap Metal Salvage Cards face-up in the Scrap Pile space"), so they are printed once, in
#: salvage.pdf with the Salvage back (docs/assumptions.md).
TOKEN_CARDS = (("Defense Drone", 2), ("Lesser Ooze", 4))
#: The other 3 of the 11 (the rulebook's "..."): "Use the set-aside "reverse art" Token cards
#: for upgraded Guns to match the gameboard art." The gun upgrades the generator deals
#: (``cards.salvage_deck``: +1, +1 and +2 in every room kind's share), mirrored for the Aft Gun.
REVERSE_ART_BONUSES = (1, 1, 2)


def reverse_art_tokens(cfg: Config) -> list[SalvageCard]:
    """The 3 reverse-art Token Cards: gun upgrades as the Salvage deck makes them (name,
    Attack bonus, Noise); they are never drawn."""
    return [SalvageCard(k, UPGRADE_NAMES["gun"] + (" II" if bonus == 2 else ""), "upgrade",
                        stat=UPGRADE_STATS["gun"], bonus=bonus, room="gun",
                        noise=NOISE_COST.get(("gun", bonus), 0))
            for k, bonus in enumerate(REVERSE_ART_BONUSES, 1)]


def token_components(cfg: Config, code: str, bleed: float = 3.0) -> list[Component]:
    """The Defense Drone and Lesser Ooze Token Cards and the 3 reverse-art gun upgrades, with
    a TOKEN back."""
    rules = ("Token card: keep it apart until a card or rule puts it in play. The rulebook "
             "gives it no stats; the simulator does not use it.")
    cards = [_card("TOKEN", k, "TOKEN CARD", name, rules, code)
             for k, name in enumerate((n for n, count in TOKEN_CARDS for _ in range(count)), 1)]
    aft = cfg.mech.of_kind("gun")[0]
    for card in reverse_art_tokens(cfg):
        text = (f"Reverse art: lay it over a {card.name} installed in the "
                f"{cfg.mech.room(aft).name} ({aft}) to match the board. Gun upgrade: Attack "
                f"+{card.bonus} (the gun rolls {cfg.gun_attack + card.bonus} dice from its "
                f"room).")
        if card.noise:
            text += f" Noise +{card.noise}."
        cards.append(_card("TOKEN", len(cards) + 1, "TOKEN CARD · REVERSE ART", card.name,
                           text, code, f"Gun upgrade +{card.bonus} Attack"))
    return layout_cards(game_layout("waste_of_parts", "boss-card.yaml"), cards, POKER, bleed,
                        "tokens")


def event_components(events: Sequence[EventCard], code: str,
                     bleed: float = 3.0) -> list[Component]:
    """The 10 Event cards (optional rules: two drawn at Distance 10 and 20, one chosen)."""
    cards = [_card("EVENT", c.ident, "EVENT", c.name,
                   f"{c.text}\n\nActive until the next milestone's Event replaces it; not "
                   f"during a Boss Battle.", code) for c in events]
    return layout_cards(game_layout("waste_of_parts", "boss-card.yaml"), cards, POKER, bleed,
                        "events")
