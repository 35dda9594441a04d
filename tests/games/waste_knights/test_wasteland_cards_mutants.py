"""The words printed on the wasteland cards (wasteland_cards.py), card by card from the rulebook.

Resolving Wasteland Cards, Acid Rain: "immediately stops on the hex where the event is being
resolved and loses 1 Health ... places contamination tokens"; Car Wreck: "stops ... loses 1
Ammo ... will skip the Exploration Step this round ... gains all rewards shown on the card: 1
Reputation and 3 Fuel"; InHR: "combat checks will suffer -2 dice"; Enemy cards are "recognized
by the combat panel". The print says what the simulator plays.
"""

from __future__ import annotations

from pnp.content import Card as PrintCard
from pnp.games.waste_knights.cards import Card, Panel
from pnp.games.waste_knights.data import wasteland_deck
from pnp.games.waste_knights.wasteland_cards import (
    ability_text,
    card_fields,
    effects_text,
    panel_text,
)

DECK = wasteland_deck()


def named(title):
    return next(c for c in DECK.cards if c.title == title)


def fields(card, number=7, code="ABCD-EFGH-J"):
    pc = card_fields(card, number, code)
    assert isinstance(pc, PrintCard) and pc.name == f"wasteland-{number}"
    return dict(pc.fields), [k for k, _ in pc.fields]


def test_car_wreck_as_printed():
    f, order = fields(named("Car Wreck"))
    assert order == ["kind", "band", "title", "escape", "panel", "text", "rewards", "code",
                     "number"]
    assert f == {"kind": "EVENT", "band": "EVENT", "title": "Car Wreck", "escape": "Repair 5",
                 "panel": "",
                 "text": "Stop on this hex: the move ends. Skip the Exploration Step this "
                         "round. Lose 1 Ammo.",
                 "rewards": "3 Fuel, 1 Reputation", "code": "ABCD-EFGH-J", "number": 7}


def test_acid_rain_hungry_locusts_and_rough_terrain():
    f, _ = fields(named("Acid Rain"), 1)
    assert f["band"] == "EVENT · NATURE" and f["escape"] == "Survival 7" and f["number"] == 1
    assert f["text"] == ("Stop on this hex: the move ends. Lose 1 Health. Place 1 contamination "
                         "token on this hex.")
    assert f["rewards"] == ""
    f, _ = fields(named("Hungry Locusts"))
    assert f["escape"] == "Survival 7 (2 successes)"
    assert f["text"] == "Lose 1 Health. Lose 1 Fuel."
    f, _ = fields(named("Rough Terrain"))
    assert f["text"] == "Lose 1 Fuel. Knights on foot are not affected."
    f, _ = fields(named("Radiation Storm"))
    assert f["text"] == "Suffer 1 Radiation. Place 1 Radiation token on this hex."


def test_enemies_as_printed():
    f, _ = fields(named("InHR"))
    assert f == {"kind": "ENEMY", "band": "ENEMY · GANG", "title": "InHR", "escape": "Talk 7",
                 "panel": "Aggression 3\nHealth 3 · Armor 1\nMelee",
                 "text": "Knights' checks in this combat -2 dice.",
                 "rewards": "1 Reputation, 1 yellow gear", "code": "ABCD-EFGH-J", "number": 7}
    f, _ = fields(named("Digger 2.0"))
    assert f["panel"] == "Aggression 3\nHealth 4 · Armor 2\nShort"
    assert f["text"] == ("Starting combat with it: your vehicle suffers 1 Vehicle Damage. If it "
                         "defeats you, it stops you: your move ends.")
    assert f["rewards"] == "1 red gear"
    f, _ = fields(named("Hell Raiders"))
    assert f["panel"] == "Aggression 4\nHealth 3 · Armor 1\nMedium · +1 Damage"
    assert f["rewards"] == "2 green gear, 1 Reputation" and f["text"] == ""
    f, _ = fields(named("Alice's Exiles"))
    assert f["panel"] == "Aggression 2\nHealth 2 · Armor 0\nShort / Medium"
    assert f["text"] == "If you lose: Lose 1 Ammo. Lose 1 Fuel."
    f, _ = fields(named("Furball"))
    assert f["text"] == "Combat starts at short range."
    f, _ = fields(named("Silent Howler"))
    assert f["text"] == "Every clash is fought at short range."
    assert f["panel"].endswith("Melee · Piercing 1")
    f, _ = fields(named("Shelobie"))
    assert f["panel"].endswith("Melee / Short · Ferocious")
    f, _ = fields(named("Cultist of the Manifold"))
    assert f["panel"].endswith("Medium / Long · Multi-attack 1")


def test_panel_text_every_icon_and_none_for_an_event():
    p = Panel(aggression=5, icons=("long",), health=6, armor=2, damage=2, piercing=1, multi=3,
              ferocious=True)
    c = Card("x", "enemy", "guns", 9, panel=p)
    assert panel_text(c) == ("Aggression 5\nHealth 6 · Armor 2\n"
                             "Long · +2 Damage · Piercing 1 · Multi-attack 3 · Ferocious")
    assert panel_text(named("Acid Rain")) == ""


def test_ability_text_signs_and_an_enemy_without_abilities():
    c = Card("x", "enemy", "guns", 9, panel=Panel(1, ("melee",), 1),
             abilities=(("knight_dice", 1), ("vehicle_damage", 2)))
    assert ability_text(c) == ("Knights' checks in this combat +1 dice. Starting combat with "
                               "it: your vehicle suffers 2 Vehicle Damage.")
    assert ability_text(Card("y", "enemy", "guns", 9, panel=Panel(1, ("melee",), 1))) == ""


def test_effects_text_in_the_rulebooks_order_and_plurals():
    effects = (("vehicle_damage", 1), ("radiation_tokens", 2), ("contamination", 3),
               ("radiation", 2), ("lose_fuel", 2), ("lose_ammo", 3), ("lose_health", 2),
               ("skip_exploration", 1), ("stop", 1))
    assert effects_text(effects) == (
        "Stop on this hex: the move ends. Skip the Exploration Step this round. Lose 2 Health. "
        "Lose 3 Ammo. Lose 2 Fuel. Suffer 2 Radiation. Place 3 contamination tokens on this "
        "hex. Place 2 Radiation tokens on this hex. Your vehicle suffers 1 Vehicle Damage.")
    assert effects_text(()) == ""


def test_every_reward_word_and_zero_rewards_left_out():
    c = Card("x", "event", "talk", 5, rewards=(("ammo", 2), ("fuel", 0), ("green", 1),
                                               ("red", 2), ("reputation", 3), ("yellow", 1)))
    f, _ = fields(c)
    assert f["rewards"] == "2 Ammo, 1 green gear, 2 red gear, 3 Reputation, 1 yellow gear"
    assert f["escape"] == "Talk 5" and f["text"] == ""
