"""The wasteland deck as data (cards.py): the rulebook's named cards, the generated ones, the
vocabulary the simulator plays and every refusal of bad data, word for word.

Resolving Wasteland Cards: "Enemy cards are recognized by the combat panel"; Escape the Enemy:
"rewards space of this enemy shows a red gear card and/or Reputation"; Making Checks: Easy (5),
Challenging (7), Hard (9); The Stalls and Trading Gear: "3 green = 1 yellow; 2 yellow = 1 red".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import cards as C
from pnp.games.waste_knights.cards import (
    GEAR_VALUE,
    ICONS,
    Card,
    Deck,
    Panel,
    RangeCard,
    Weapon,
    card_from_dict,
    deck_from_dict,
    generated_cards,
)
from pnp.games.waste_knights.data import read_yaml, wasteland_deck
from pnp.resources import cardset

DATA = read_yaml(cardset("waste_knights/wasteland.yaml"))
DECK = wasteland_deck()
BASE = {"title": "Oddity", "kind": "event", "escape": ["talk", 7]}
ENEMY = {"title": "Brute", "kind": "enemy", "escape": ["blades", 5],
         "panel": {"aggression": 3, "icons": ["melee"], "health": 2}}


def refused(d, where="named card 1"):
    with pytest.raises(PnpError) as err:
        card_from_dict(d, where)
    e = err.value
    assert e.file == C.SOURCE == "cardsets/waste_knights/wasteland.yaml"
    return e.message, e.field


def test_the_vocabulary():
    assert C.SKILLS == ("blades", "guns", "medicine", "repair", "survival", "talk")
    assert ICONS == ("melee", "short", "medium", "long")
    assert C.RANGES == ("short", "medium", "long")
    assert GEAR_VALUE == {"green": 1, "yellow": 3, "red": 6}
    assert set(C.VOCABULARY) == {"effects", "rewards", "abilities", "panel", "traits", "skills",
                                 "icons"}
    assert C.VOCABULARY["icons"] == ICONS and C.VOCABULARY["skills"] == C.SKILLS


def test_a_card_read_field_by_field():
    c = card_from_dict({**ENEMY, "traits": ["beast"], "rewards": {"red": 1, "fuel": 0},
                        "panel": {"aggression": 3, "icons": ["melee", "short"], "health": 2,
                                  "armor": 1, "damage": 1, "piercing": 2, "multi": 1,
                                  "ferocious": True},
                        "abilities": {"set_range": "short", "knight_dice": -1,
                                      "on_knight_loses": {"lose_fuel": 1, "lose_ammo": 2}},
                        "successes": 2, "on_foot": False}, "named card 3")
    assert c == Card("Brute", "enemy", "blades", 5, ("beast",), (),
                     (("fuel", 0), ("red", 1)),
                     Panel(3, ("melee", "short"), 2, 1, 1, 2, 1, True),
                     (("knight_dice", -1), ("on_knight_loses", (("lose_ammo", 2),
                                                                ("lose_fuel", 1))),
                      ("set_range", "short")), 2, False)
    plain = card_from_dict(BASE, "x")
    assert plain == Card("Oddity", "event", "talk", 7)
    assert plain.successes == 1 and plain.on_foot is True and plain.panel is None
    e = card_from_dict({**BASE, "effects": {"stop": 1, "lose_health": 2}}, "x")
    assert e.effects == (("lose_health", 2), ("stop", 1))
    assert card_from_dict(ENEMY, "x").panel == Panel(3, ("melee",), 2)


def test_card_lookups_and_the_enemy_mark():
    inhr = next(c for c in DECK.cards if c.title == "InHR")
    assert inhr.enemy and inhr.reward("yellow") == 1 and inhr.reward("red") == 0
    assert inhr.ability("knight_dice") == -2 and inhr.ability("stops") is None
    assert inhr.ability("stops", 7) == 7 and inhr.effect("stop") == 0
    acid = next(c for c in DECK.cards if c.title == "Acid Rain")
    assert not acid.enemy and acid.effect("lose_health") == 1 and acid.effect("contamination") == 1
    assert acid.reward("reputation") == 0


def test_rewarding_is_a_red_gear_card_or_reputation():
    def rew(**r):
        return Card("x", "enemy", "talk", 7, rewards=tuple(r.items()),
                    panel=Panel(1, ("melee",), 1))
    assert rew(red=1).rewarding and rew(reputation=1).rewarding
    assert rew(red=1, reputation=2).rewarding
    assert not rew(yellow=2, green=1).rewarding and not rew().rewarding


def test_menace_the_mean_wasters_measure():
    p = Panel(aggression=3, icons=("melee",), health=2, armor=1, damage=1, ferocious=True)
    enemy = Card("e", "enemy", "talk", 9, panel=p, abilities=(("knight_dice", -2),))
    assert enemy.menace == 3 + 2 + 1 + 1 + 2 + 9 // 2 + 2
    tame = Card("e", "enemy", "talk", 5, panel=Panel(2, ("melee",), 1))
    assert tame.menace == 2 + 1 + 0 + 0 + 0 + 2
    event = Card("v", "event", "talk", 7, effects=(("lose_health", 2), ("radiation", 1),
                                                   ("stop", 1), ("skip_exploration", 1)),
                 rewards=(("fuel", 2), ("reputation", 1)))
    assert event.menace == 2 * 3 + 3 - 3


def test_range_cards_dice_by_icon():
    long = RangeCard("long", ("guns",), 9, ("long", "medium"), (("medium", -1),))
    assert long.mods == {"long": 0, "medium": -1}
    assert long.modifier("medium") == -1 and long.modifier("long") == 0
    assert long.modifier("melee") == 0 and long.modifier("short") == 0
    short = DECK.ranges["short"]
    assert short == RangeCard("short", ("blades", "guns"), 5, ("melee", "short", "medium"),
                              (("medium", -1),))
    assert DECK.ranges["medium"].mods == {"medium": 0, "short": -1, "long": -1}


def test_the_decks_enemy_traits():
    cards = (Card("a", "enemy", "talk", 5, traits=("gang", "beast"), panel=Panel(1, ("melee",), 1)),
             Card("b", "event", "talk", 5, traits=("nature",)),
             Card("c", "enemy", "talk", 5, traits=("beast",), panel=Panel(1, ("melee",), 1)))
    assert Deck(cards, {}, {}, (), 0).enemy_traits == ("beast", "gang")
    assert DECK.enemy_traits == ("beast", "cult", "gang", "machine", "mutant")


def test_every_refusal_of_a_card_word_for_word():
    w = "named card 1 (Oddity)"
    assert refused({**BASE, "title": ""}) == ("a card needs a title", "named card 1")
    assert refused({"kind": "event"}) == ("a card needs a title", "named card 1")
    assert refused({**BASE, "kind": "quest"}) == (
        f"{w}: kind must be event or enemy, got 'quest'", w)
    for esc in (["talk"], "talk", ["talk", 7, 1], ["juggling", 7]):
        assert refused({**BASE, "escape": esc}) == (f"{w}: escape must be [skill, difficulty]", w)
    for d in (6, 4, 10, "7"):
        assert refused({**BASE, "escape": ["talk", d]}) == (
            f"{w}: escape difficulty must be 5, 7 or 9, got {d!r}", w)
    assert refused({**BASE, "traits": ["nature", "ghost"]}) == (
        f"{w}: trait 'ghost' is not in the vocabulary", w)
    assert refused({**BASE, "effects": {"teleport": 1}}) == (
        f"{w} effects: 'teleport' is not in the simulator's vocabulary "
        "(stop, skip_exploration, lose_health, lose_ammo, lose_fuel, radiation, contamination, "
        "radiation_tokens, vehicle_damage)", f"{w} effects")
    assert refused({**BASE, "effects": ["stop"]}) == (f"{w} effects must be a mapping",
                                                       f"{w} effects")
    assert refused({**BASE, "rewards": {"gold": 1}})[1] == f"{w} rewards"
    assert refused({**BASE, "effects": {"stop": 10}}) == (
        f"{w} effects.stop must be a whole number from 0 to 9, got 10", f"{w} effects.stop")
    assert refused({**BASE, "rewards": {"fuel": -1}}) == (
        f"{w} rewards.fuel must be a whole number from 0 to 9, got -1", f"{w} rewards.fuel")
    assert refused({**BASE, "rewards": {"fuel": True}})[0].endswith("got True")
    assert refused({**BASE, "abilities": {"stops": 1}}) == (
        f"{w}: an event has no combat panel or abilities", w)
    assert refused({**BASE, "panel": {"health": 1}}) == (
        f"{w}: an event has no combat panel or abilities", w)
    assert refused({**BASE, "successes": 4}) == (
        f"{w} successes must be a whole number from 1 to 3, got 4", f"{w} successes")
    assert refused({**BASE, "successes": 0})[1] == f"{w} successes"
    assert card_from_dict({**BASE, "successes": 3}, "x").successes == 3


def test_every_refusal_of_an_enemy_word_for_word():
    w = "named card 1 (Brute)"
    assert refused({**ENEMY, "panel": {"aggression": 3, "health": 2}}) == (
        f"{w}: an enemy's panel needs range icons from {ICONS}", w)
    assert refused({**ENEMY, "panel": {**ENEMY["panel"], "icons": ["melee", "far"]}}) == (
        f"{w}: an enemy's panel needs range icons from {ICONS}", w)
    assert refused({**ENEMY, "panel": None})[0] == \
        f"{w}: an enemy's panel needs range icons from {ICONS}"
    bounds = {"aggression": (1, 12), "health": (1, 12), "armor": (0, 9), "damage": (0, 9),
              "piercing": (0, 9), "multi": (0, 9)}
    for name, (lo, hi) in bounds.items():
        for v in (lo - 1, hi + 1):
            assert refused({**ENEMY, "panel": {**ENEMY["panel"], name: v}}) == (
                f"{w} {name} must be a whole number from {lo} to {hi}, got {v}", f"{w} {name}")
        ok = card_from_dict({**ENEMY, "panel": {**ENEMY["panel"], name: hi}}, "x")
        assert getattr(ok.panel, name) == hi
        low = card_from_dict({**ENEMY, "panel": {**ENEMY["panel"], name: lo}}, "x")
        assert getattr(low.panel, name) == lo
    assert refused({**ENEMY, "panel": {"icons": ["melee"], "health": 2}})[1] == f"{w} aggression"
    assert refused({**ENEMY, "panel": {"icons": ["melee"], "aggression": 2}})[1] == f"{w} health"
    for k in ("start_range", "set_range"):
        assert refused({**ENEMY, "abilities": {k: "melee"}}) == (
            f"{w}: {k} must be one of {C.RANGES}", w)
        assert card_from_dict({**ENEMY, "abilities": {k: "long"}}, "x").ability(k) == "long"
    assert refused({**ENEMY, "abilities": {"on_knight_loses": {"gold": 1}}})[1] == \
        f"{w} on_knight_loses"
    assert refused({**ENEMY, "abilities": {"fly": 1}}) == (
        f"{w} abilities: 'fly' is not in the simulator's vocabulary (knight_dice, start_range, "
        "set_range, vehicle_damage, stops, on_knight_loses)", f"{w} abilities")
    assert refused({**ENEMY, "panel": {**ENEMY["panel"], "wings": 1}})[1] == f"{w} panel"
    assert card_from_dict({**ENEMY, "panel": {**ENEMY["panel"], "ferocious": 1}},
                          "x").panel.ferocious is True


def test_the_generated_cards_keep_to_their_data():
    g = DATA["generated"]
    named = DECK.named
    gen = DECK.cards[named:]
    assert named == len(DATA["named"]) == 15 and len(gen) == g["events"] + g["enemies"] == 35
    assert DECK.cards[:named] == tuple(card_from_dict(c, f"named card {i + 1}")
                                       for i, c in enumerate(DATA["named"]))
    events, enemies = gen[:g["events"]], gen[g["events"]:]
    assert all(c.kind == "event" for c in events) and all(c.enemy for c in enemies)
    for c in gen:
        assert c.escape_skill in g["skills"] and c.escape_difficulty in g["difficulties"]
    for c in events:
        assert len(c.effects) == 2 and {k for k, _ in c.effects} <= set(g["event_effects"])
        assert all(n == 1 if k == "stop" else 1 <= n <= 2 for k, n in c.effects)
        assert c.traits == () and c.panel is None
        assert c.rewards == () or (dict(c.rewards)["reputation"] == 1
                                   and set(dict(c.rewards)) <= {"reputation", "fuel"}
                                   and 1 <= dict(c.rewards).get("fuel", 1) <= 2)
    assert any(c.rewards for c in events) and any(not c.rewards for c in events)
    assert {n for c in events for k, n in c.effects if k != "stop"} == {1, 2}
    for c in enemies:
        p = c.panel
        assert g["aggression"][0] <= p.aggression <= g["aggression"][1]
        assert g["health"][0] <= p.health <= g["health"][1]
        assert g["armor"][0] <= p.armor <= g["armor"][1]
        assert p.damage in (0, 1) and 1 <= len(p.icons) <= 2 and len(set(p.icons)) == len(p.icons)
        assert set(p.icons) <= set(ICONS) and len(c.traits) == 1
        assert c.traits[0] in g["enemy_traits"]
        strength = p.health + p.aggression
        assert dict(c.rewards) == {k: 1 for k, on in (("reputation", strength >= 6),
                                                      ("green", strength < 6),
                                                      ("yellow", strength >= 7)) if on}
    for lo_hi in ("aggression", "health", "armor"):
        seen = {getattr(c.panel, lo_hi) for c in enemies}
        assert seen == set(range(g[lo_hi][0], g[lo_hi][1] + 1))
    assert {len(c.panel.icons) for c in enemies} == {1, 2}
    assert {c.panel.damage for c in enemies} == {0, 1}


def test_generated_cards_are_the_same_every_run_and_follow_the_seed():
    g = DATA["generated"]
    assert generated_cards(g) == list(DECK.cards[DECK.named:])
    other = generated_cards({**g, "seed": "elsewhere"})
    assert other != generated_cards(g) and len(other) == 35
    # The numbers come from the data's seed, not only the titles.
    assert [replace(c, title="") for c in other] != \
        [replace(c, title="") for c in generated_cards(g)]
    assert generated_cards({**g, "seed": "elsewhere"}) == other
    assert generated_cards({k: v for k, v in g.items() if k != "seed"}) == generated_cards(g)
    few = generated_cards({**g, "events": 2, "enemies": 1})
    assert [c.kind for c in few] == ["event", "event", "enemy"]


def test_generated_titles_without_repeats_then_numbered():
    g = {k: v for k, v in DATA["generated"].items() if k not in ("event_names", "enemy_names")}
    two = {**g, "events": 0, "enemies": 5, "enemy_traits": ["beast"],
           "enemy_names": {"beast": ["Jackal", "Boar"]}}
    titles = [c.title for c in generated_cards(two)]
    assert sorted(titles[:2]) == ["Boar", "Jackal"]
    assert sorted(titles[2:4]) == ["Boar II", "Jackal II"] and titles[4] in ("Boar III",
                                                                             "Jackal III")
    plain = [c.title for c in generated_cards({**g, "events": 2, "enemies": 0,
                                                "event_effects": ["stop", "lose_fuel"]})]
    assert set(plain) <= {"Wasteland event (stop)", "Wasteland event (lose_fuel)",
                          "Wasteland event (stop) II", "Wasteland event (lose_fuel) II"}
    assert len(set(plain)) == 2
    many = {**g, "events": 0, "enemies": 8, "enemy_traits": ["cult"]}
    t = [c.title for c in generated_cards(many)]
    assert t == ["Wasteland enemy (cult)"] + [f"Wasteland enemy (cult) {r}"
                                              for r in ("II", "III", "IV", "V", "VI", "VI", "VI")]


def test_deck_from_dict_reads_the_ranges_and_the_knight():
    assert deck_from_dict(DATA) == DECK
    assert DECK.skills == {s: 2 for s in C.SKILLS} and DECK.armor == 1
    assert DECK.weapons == (Weapon("P-A Shotgun", ("short", "medium"), 1),
                            Weapon("Machete", ("melee",), 0))
    bare = deck_from_dict({"ranges": DATA["ranges"]})
    assert bare.cards == () and bare.named == 0 and bare.weapons == () and bare.armor == 0
    assert bare.skills == {s: 0 for s in C.SKILLS}
    knight = {"skills": {"guns": 9}, "armor": 9,
              "weapons": [{"name": "Rail", "icons": ["long"], "piercing": 2, "multi": 1}]}
    k = deck_from_dict({"ranges": DATA["ranges"], "knight": knight})
    assert k.skills["guns"] == 9 and k.skills["talk"] == 0 and k.armor == 9
    assert k.weapons == (Weapon("Rail", ("long",), 0, 2, 1),)


def test_every_refusal_of_the_data_word_for_word():
    def bad(data):
        with pytest.raises(PnpError) as err:
            deck_from_dict(data)
        assert err.value.file == C.SOURCE
        return err.value.message, err.value.field

    assert bad([]) == ("the wasteland data must be a mapping", "wasteland")
    assert bad({}) == ("no range card 'short'", "ranges")
    no_long = {k: v for k, v in DATA["ranges"].items() if k != "long"}
    assert bad({"ranges": no_long}) == ("no range card 'long'", "ranges")
    r = {**DATA["ranges"], "medium": {**DATA["ranges"]["medium"], "difficulty": 11}}
    assert bad({"ranges": r}) == ("medium must be a whole number from 2 to 10, got 11", "medium")
    r = {**DATA["ranges"], "short": {**DATA["ranges"]["short"], "difficulty": 1}}
    assert bad({"ranges": r})[1] == "short"
    r = {**DATA["ranges"], "long": {**DATA["ranges"]["long"], "difficulty": 10}}
    assert deck_from_dict({"ranges": r}).ranges["long"].difficulty == 10
    assert bad({"ranges": DATA["ranges"], "knight": {"skills": {"talk": 10}}}) == (
        "knight.talk must be a whole number from 0 to 9, got 10", "knight.talk")
    assert bad({"ranges": DATA["ranges"], "knight": {"armor": 10}}) == (
        "armor must be a whole number from 0 to 9, got 10", "armor")
    assert bad({"ranges": DATA["ranges"], "named": [{"kind": "event"}, BASE]})[1] == \
        "named card 1"
    assert bad({"ranges": DATA["ranges"], "named": [BASE, {"kind": "event"}]})[1] == \
        "named card 2"
    gen = {**DATA["generated"], "difficulties": [6]}
    assert bad({"ranges": DATA["ranges"], "generated": gen})[0].startswith(
        "generated event 1 (")
