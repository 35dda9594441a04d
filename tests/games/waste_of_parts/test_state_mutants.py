"""The Waste of Parts' game state pinned to the rulebook's words
(../shared/rules/waste-of-parts.txt): Noise, rooms, the Hull, the crew's turns.

Written against the survivors of a mutation run of ``state.py`` (docs/testing.md, "The Waste of
Parts").
"""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.cards import EventCard, SalvageCard
from pnp.games.waste_of_parts.rules import FUNCTIONAL, INOPERABLE, ON_FIRE, WASTES, Config
from pnp.games.waste_of_parts.simulate import decks
from pnp.games.waste_of_parts.state import EVENT, SALVAGE, SCRAP, TURN, WasteState
from tests.games.waste_of_parts.helpers import enemy, game


def _upgrade(ident: int, room: str, noise: int = 0, bonus: int = 1) -> SalvageCard:
    return SalvageCard(ident, f"Up {ident}", "upgrade", stat="x", bonus=bonus, room=room,
                       noise=noise)


def test_noise_adds_upgrades_halves_engine_noise_while_idle_and_counts_noisy_enemies():
    """Noise: "Some room upgrades" and "Some Enemies" add Noise; Advancing, Note: "If the Mech
    does not advance, the engines idle. Until the Mech advances again, Noise from Engine Room
    upgrades is halved (round up)"; the Enemy ability "noisy": "While it is aboard, +1
    Noise"; the Events' "Noise +n" and "Noise -n (not below 1)"."""
    s = game()
    assert s.noise() == 5
    s.upgrades[10] = _upgrade(801, "engine", noise=3)
    s.upgrades[2] = _upgrade(802, "multi", noise=2)
    assert s.noise() == 5 + 3 + 2
    s.idle = True
    assert s.noise() == 5 + 2 + 2                                # 3 halved, rounded up
    enemy(s, 6, ability="noisy")
    enemy(s, 7)
    assert s.noise() == 5 + 2 + 2 + 1
    s.event = EventCard(6, "Sludge Geysers", "noise", 2)
    assert s.noise() == 12
    s.upgrades.clear()
    s.enemies.clear()
    s.noise_base = 1
    s.event = EventCard(2, "Silent Dunes", "quiet", 1)
    assert s.noise() == 1                                        # not below 1
    s.noise_base = 3
    assert s.noise() == 2


def test_a_room_worsens_one_step_and_fire_discards_upgrades_and_dropped_equipment():
    """Room Conditions: "Each time a room is damaged, its condition worsens by one step"; "On
    Fire: ... Discard any room upgrades and dropped equipment from the room"; "A room that is On
    Fire cannot be damaged further"; the decks "cannot be upgraded or damaged"."""
    s = game()
    s.log = []
    up = _upgrade(803, "multi")
    s.upgrades[2] = up
    s.ground[2].append(up)
    s.damage_room(2)
    assert s.condition[2] == INOPERABLE and s.upgrades[2] is up and s.ground[2] == [up]
    s.damage_room(2)
    assert s.condition[2] == ON_FIRE and 2 not in s.upgrades and s.ground[2] == []
    s.upgrades[2] = up                                           # (not allowed; shows no effect)
    s.damage_room(2)
    assert s.condition[2] == ON_FIRE and s.upgrades[2] is up
    s.damage_room(1, 2)
    s.damage_room(WASTES)
    assert s.condition[1] == s.condition[WASTES] == FUNCTIONAL
    assert s.log == ["room 2 is Inoperable", "room 2 is On Fire"]


def test_the_hull_at_zero_loses_the_game():
    """Room Conditions: "If the Hull is reduced to 0, the players lose the game!"."""
    s = game()
    s.log = []
    s.lose_hull(0, "nothing")
    assert s.hull == 20 and s.log == []
    s.lose_hull(19, "a test")
    assert s.hull == 1 and s.hull_lost == 19 and not s.is_over()
    s.lose_hull(1, "another")
    assert s.hull == 0 and s.result == 0 and s.cause == "the Hull is annihilated"
    assert s.log == ["the Hull loses 19 (a test): 1", "the Hull loses 1 (another): 0",
                     "the crew loses: the Hull is annihilated"]
    s.win()
    assert s.result == 0                                         # the first result stands
    t = game()
    t.lose_hull(2, "one")
    t.lose_hull(3, "two")
    assert t.hull_lost == 5                                      # the record adds up


def test_the_replay_says_how_the_crew_wins():
    """Winning the Game: "defeat all remaining Enemies aboard"; The Harrow: "When The Harrow is
    destroyed, the players win the game with style!"."""
    s = game()
    s.log = []
    s.win()
    assert (s.result, s.cause) == (1, "sanctuary")
    assert s.log == ["every Enemy is destroyed at Sanctuary: the crew wins"]
    t = game()
    t.log = []
    t.win("with style")
    assert t.log == ["the crew wins with style: the Boss is destroyed"]


def test_a_destroyed_enemy_is_discarded():
    """Enemy Cards, Health: "When an Enemy suffers this much damage, it is destroyed. Discard the
    Enemy Card"."""
    s = game()
    s.log = []
    e = enemy(s, 6)
    s.kill(e)
    assert e not in s.enemies and s.enemy_discard[-1] is e.card and s.kills == 1
    assert s.log == [f"e{e.ident} Test is destroyed"] and not s.is_over()
    s.kill(enemy(s, 7))
    assert s.kills == 2


def test_turns_go_clockwise_from_the_first_player_skipping_the_downed_and_the_revived():
    """How to Play: "The player with the First Player marker takes the first turn, and play
    proceeds clockwise"; Health: "Downed and unable to act"; Revive: "That Crew Member cannot
    act until the next round"."""
    s = game()
    s.first = 2
    s.crew[3].damage = s.crew[3].health
    s.crew[0].stunned = True
    s._start_turn(0)
    assert s.current_player == 2 and s.crew[2].actions_left == 4
    s.apply(A.EndTurn())
    assert s.current_player == 1                                 # 3 Downed, 0 revived
    s.apply(A.Move(s.map.adjacent[s.crew[1].room][0]))
    assert s.crew[1].actions_left == 3
    for _ in range(3):
        s.apply(A.Move(s.map.adjacent[s.crew[1].room][0]))
    assert s.round == 2 or s.phase in (SALVAGE, SCRAP, EVENT)    # the last turn: round's end


def test_the_first_player_decides_salvage_scrap_and_events():
    """Salvage Cards: "If a decision cannot be reached, the First Player makes the final call";
    Using Scrap: "the First Player may choose"; Events: "The crew chooses one"."""
    s = game()
    s.first, s.seat = 2, 0
    for phase in (SALVAGE, SCRAP, EVENT):
        s.phase = phase
        assert s.current_player == 2
    s.phase = TURN
    assert s.current_player == 0


def test_one_armor_card_at_a_time_and_gear_raises_its_stat():
    """Armor Icon: "A Crew Member can only benefit from one armor card at a time"; gear raises
    the stat it names."""
    s = game()
    me = s.crew[0]
    me.equip(SalvageCard(804, "Vest", "armor", armor=1))
    me.equip(SalvageCard(805, "Plate", "armor", armor=2))
    assert me.armor == 2
    me.unequip(me.items[1])
    assert me.armor == 1
    me.unequip(me.items[0])
    me.equip(SalvageCard(806, "Boots", "gear", stat="actions", bonus=1))
    me.equip(SalvageCard(807, "Arm", "gear", stat="attack", bonus=2))
    assert (me.actions, me.attack, me.health, me.armor) == (5, 4, 6, 0)


def test_guns_and_reinforce_costs():
    """Aft Gun: "the gun's Attack Stat (3 by default)", a gun upgrade adds; Cockpit "at 50%
    efficiency (rounded up)"; Bosses 2: "discard 1 Scrap instead of 2"."""
    s = game()
    assert (s.gun_dice(12, False), s.gun_dice(12, True)) == (3, 2)
    s.upgrades[12] = _upgrade(808, "gun", bonus=2)
    assert (s.gun_dice(12, False), s.gun_dice(12, True), s.gun_dice(9, False)) == (5, 3, 3)
    assert s.reinforce_cost() == 2
    s.boss_stage = "prep"
    assert s.reinforce_cost() == 1
    s.boss_stage = "battle"
    assert s.reinforce_cost() == 2


def test_a_finished_game_refuses_actions_and_pays_everyone_alike():
    """How to Play: the crew wins or loses together."""
    s = game()
    s.win()
    assert s.is_over() and s.returns() == (1.0,) * 4 and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(A.EndTurn())
    t = game()
    with pytest.raises(IllegalAction, match="is not legal now"):
        t.apply(A.Move(13))


def test_crew_sizes_and_the_start_rooms():
    """Setup: Noise is given for 3, 4 and 5 Crew Members only; "Each player places their
    standee in a Mech room of their choice"."""
    enemies, salvage = decks(Config(), "tests")
    with pytest.raises(ValueError, match="3-5 crew members, got 2"):
        WasteState(Config(), 2, enemies, salvage, random.Random(1))
    s = WasteState(Config(), 5, enemies, salvage, random.Random(1))
    assert [c.room for c in s.crew] == [8, 5, 10, 11, 12]
    t = WasteState(Config(), 3, enemies, salvage, random.Random(1), start_rooms=[2, 3, 6])
    assert [c.room for c in t.crew] == [2, 3, 6]


def test_a_clone_is_independent():
    """Search bots play on clones: nothing they do reaches the game."""
    s = game()
    e = enemy(s, 6)
    twin = s.clone()
    twin.crew[0].damage = 3
    twin.crew[0].spent.add(1)
    twin.enemies[-1].damage = 2
    twin.condition[2] = ON_FIRE
    twin.ground[2].append(twin.salvage_deck.pop())
    twin.scrap_pile.pop()
    twin.enemy_deck.pop()
    twin.fueled.add(10)
    assert s.crew[0].damage == 0 and not s.crew[0].spent and e.damage == 0
    assert s.condition[2] == FUNCTIONAL and not s.ground[2] and len(s.scrap_pile) == 2
    assert not s.fueled and len(twin.enemy_deck) == len(s.enemy_deck) - 1
    assert twin.rng.random() == s.rng.random()


# --- written against the survivors of the second run (docs/testing.md, state.py) -----------

def test_a_card_given_at_the_start_goes_where_the_rules_put_it():
    """balance.py measures a card by starting with it: Salvage Cards, "Scrap: Add to the Scrap
    pile"; "Room Upgrade: Install in a room of the matching type"; "Equipment: Give to a Crew
    Member" (the one carrying least, then the lowest seat)."""
    enemies, salvage = decks(Config(), "tests")
    scrap = SalvageCard(901, "Scrap", "scrap")
    engine1, engine2 = _upgrade(902, "engine"), _upgrade(903, "engine")
    vest = SalvageCard(904, "Vest", "armor", armor=1)
    boots = SalvageCard(905, "Boots", "gear", stat="actions", bonus=1)
    knife = SalvageCard(906, "Knife", "weapon", attack=1)
    s = WasteState(Config(), 4, enemies, salvage, random.Random(1),
                   start_cards=(scrap, engine1, engine2, vest, boots, knife))
    assert s.scrap_pile[-1] is scrap and scrap not in s.salvage_deck
    assert s.upgrades[10] is engine1 and s.upgrades[11] is engine2   # the next free engine room
    assert [c.items for c in s.crew] == [(vest,), (boots,), (knife,), ()]
    assert s.crew[1].actions == 5


def test_determinize_reshuffles_both_decks_and_reseeds_the_dice_from_its_stream():
    """What the crew cannot know (the decks' order, the dice) is drawn again from the given
    stream, and nothing else changes."""
    from pnp.games.waste_of_parts.rules import shuffle

    s = game()
    enemy_deck, salvage_deck = list(s.enemy_deck), list(s.salvage_deck)
    scrap, hull = list(s.scrap_pile), s.hull
    s.determinize(random.Random(7))
    r = random.Random(7)
    shuffle(r, enemy_deck)
    shuffle(r, salvage_deck)
    dice = random.Random(r.getrandbits(64))
    assert s.enemy_deck == enemy_deck and s.salvage_deck == salvage_deck
    assert [s.rng.random() for _ in range(5)] == [dice.random() for _ in range(5)]
    assert s.scrap_pile == scrap and s.hull == hull


def test_upgrade_bonus_counts_working_rooms_of_the_kind_only():
    """Room Conditions, Inoperable: "The room's effects and abilities are nonfunctional"."""
    s = game()
    assert s.upgrade_bonus("engine") == 0
    s.upgrades[10] = _upgrade(907, "engine", bonus=2)
    s.upgrades[11] = _upgrade(908, "engine", bonus=1)
    s.upgrades[2] = _upgrade(909, "multi", bonus=5)
    assert s.upgrade_bonus("engine") == 3 and s.upgrade_bonus("multi") == 5
    s.condition[11] = INOPERABLE
    assert s.upgrade_bonus("engine") == 2


def test_an_enemy_reads_as_its_health_left_and_attack():
    s = game()
    e = enemy(s, 6, health=4, attack=2)
    e.damage = 1
    assert repr(e) == f"e{e.ident} Test (3 hp A2) in 6"


def test_a_clone_copies_every_pile_and_shares_nothing():
    """Search bots play on clones: every pile, the Events, the Boss's decks and the log are the
    clone's own, equal to the game's."""
    s = game()
    s.upgrades[10] = _upgrade(910, "engine")
    s.milestones[10] = 3
    s.aboard.append(2)
    s.pending.append(s.salvage_deck[0])
    s.event_deck = [EventCard(1, "A", "noise", 1), EventCard(2, "B", "quiet", 1)]
    s.event_choice = [EventCard(3, "C", "noise", 2)]
    s.boss_ai, s.boss_ai_discard, s.boss_steps = ["ai1"], ["ai2"], [1]
    s.enemy_discard.append(s.enemy_deck[0])
    s.log = ["x"]
    s.legal_actions()
    twin = s.clone()
    assert twin.log == [] and twin._legal is None
    names = ("upgrades", "milestones", "aboard", "pending", "event_deck", "event_choice",
             "boss_ai", "boss_ai_discard", "boss_steps", "enemy_discard", "levels",
             "salvage_deck", "scrap_pile", "fueled", "condition", "ground", "enemies")
    for name in names:
        mine, theirs = getattr(s, name), getattr(twin, name)
        assert theirs == mine and theirs is not mine, name
    assert all(twin.levels[k] is not s.levels[k] for k in s.levels)
    assert all(twin.ground[r] is not s.ground[r] for r in s.ground)
    twin.upgrades.clear()
    twin.milestones.clear()
    twin.aboard.clear()
    twin.pending.clear()
    twin.event_deck.pop()
    twin.event_choice.clear()
    twin.boss_ai.clear()
    twin.boss_ai_discard.clear()
    twin.boss_steps.clear()
    twin.enemy_discard.clear()
    twin.levels[1].clear()
    twin.salvage_deck.pop()
    assert s.upgrades and s.milestones and s.aboard and s.pending and len(s.event_deck) == 2
    assert s.event_choice and s.boss_ai and s.boss_ai_discard and s.boss_steps
    assert s.enemy_discard and len(s.salvage_deck) == 149 and s.levels[1]
    quiet = game()
    assert quiet.clone().log is None and quiet.clone().scourge is None


def test_a_new_crew_member_carries_two_cards_and_acts_only_on_its_turn():
    """Dashboard: "Equipment Slots: ... can carry up to 2 Equipment cards" (3 for a hauler); no
    ability chosen, no free Repair used and no action left before its first turn."""
    from pnp.games.waste_of_parts.state import Crew

    c = Crew(0, 8, 6, 2, 4)
    assert (c.ability, c.slots, c.fixed, c.actions_left, c.stunned) == ("", 2, False, 0, False)
    assert c.fixed is False and c.actions_left == 0
    assert Crew(1, 8, 6, 2, 4, "hauler").slots == 3


def test_a_spent_weapon_given_away_takes_no_spent_mark_along():
    """Reload Icon: "After attacking with this weapon, turn the card upside down": the mark is
    the card's; a card that leaves the crew member leaves his list of spent weapons too."""
    s = game()
    me = s.crew[0]
    gun = SalvageCard(911, "Pipe", "weapon", attack=2, reload=True)
    other = SalvageCard(912, "Pipe", "weapon", attack=2, reload=True)
    me.equip(gun)
    me.equip(other)
    me.spent |= {911, 912}
    me.unequip(gun)
    assert me.spent == {912} and me.items == (other,)


def test_roll_hits_draws_the_same_dice_as_roll():
    """Attack: "Results of 1-2 are misses. Results of 3-6 are hits"; "If every die in an attack
    roll results in a 1, the weapon jams": the fast roll counts what ``roll`` shows, die for
    die, from the same stream."""
    s = game()
    for seed in range(300):
        dice = 1 + seed % 4
        s.rng = random.Random(seed)
        faces = s.roll(dice)
        s.rng = random.Random(seed)
        assert s.roll_hits(dice) == (s.hits(faces), all(f == 1 for f in faces)), seed


def test_one_die_showing_1_jams_and_no_dice_never_do():
    s = game()
    jams = 0
    for seed in range(60):
        s.rng = random.Random(seed)
        face = s.roll(1)[0]
        s.rng = random.Random(seed)
        hits, jam = s.roll_hits(1)
        assert jam == (face == 1) and hits == (1 if face >= 3 else 0)
        jams += jam
    assert jams > 0
    assert s.roll_hits(0) == (0, False)


def test_ending_the_turn_gives_up_the_actions_left():
    """Crew Member Actions: the turn passes clockwise; the actions not taken are lost."""
    s = game()
    s.apply(A.EndTurn())
    assert s.crew[0].actions_left == 0 and s.current_player == 1


def test_the_first_players_salvage_and_event_choices_through_apply():
    """Salvaging: "Salvage Cards ... Equipment: Give to a Crew Member"; Events: "At Distance 10
    and 20, the First Player draws two Event Cards. The crew chooses one"."""
    s = game()
    vest = SalvageCard(913, "Vest", "armor", armor=1)
    s.pending, s.phase = [vest], SALVAGE
    s.apply(A.Equip(913, 2))
    assert s.crew[2].items == (vest,) and vest not in s.scrap_pile and s.pending == []
    t = game()
    t.log = []
    calm, storm = EventCard(1, "Calm", "quiet", 1), EventCard(2, "Storm", "noise", 2)
    t.event_choice, t.phase = [calm, storm], EVENT
    t.apply(A.ChooseEvent(2))
    assert t.event is storm and t.event_choice == []
    assert t.log[0] == f"Event: Storm ({storm.text})"
    t.clone()


def test_gear_raises_health_and_the_plain_crew_of_rules_yaml():
    """Dashboard: Health, Attack, Actions; gear cards raise the stat they name. Without
    dashboards every seat is the plain crew member of rules.yaml (Health 6, Attack 2, Actions
    4), carrying as many cards as rules.yaml's equipment slots."""
    import dataclasses

    from pnp.games.waste_of_parts.crew import Dashboard

    s = game()
    assert s.dashboards == (Dashboard(0, "", 6, 2, 4),) * 4 and s.cause == ""
    me = s.crew[0]
    me.equip(SalvageCard(914, "Plating", "gear", stat="health", bonus=2))
    assert (me.health, me.attack, me.actions) == (8, 2, 4)
    enemies, salvage = decks(Config(), "tests")
    cfg = dataclasses.replace(Config(), equipment_slots=3)
    t = WasteState(cfg, 4, enemies, salvage, random.Random(1))
    assert [c.slots for c in t.crew] == [3, 3, 3, 3]


def test_the_enemies_are_numbered_from_1():
    """Setup: "Rummage for a number of Enemies equal to the starting Noise": e1, e2, ... in
    the replay."""
    s = game(empty=False)
    assert [e.ident for e in s.enemies] == list(range(1, len(s.enemies) + 1))


def test_one_downed_crew_member_is_skipped_and_the_next_plays():
    """Health: "Downed and unable to act": only the Downed are skipped."""
    s = game()
    s.crew[1].damage = s.crew[1].health
    s.apply(A.EndTurn())
    assert s.current_player == 2
