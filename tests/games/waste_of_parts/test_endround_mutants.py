"""The end of the round, pinned to the rulebook's words (../shared/rules/waste-of-parts.txt).

Written against the survivors of a mutation run of ``endround.py`` (docs/testing.md, "The Waste
of Parts"): each test quotes the sentence whose number or procedure it pins.
"""

from __future__ import annotations

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.cards import EventCard, SalvageCard
from pnp.games.waste_of_parts.endround import (
    _advance,
    _refill,
    _salvaging,
    after_salvage,
    after_scrap,
    end_of_round,
    escalate,
    fire_damage,
    rummage_salvage,
    spawn_one,
)
from pnp.games.waste_of_parts.state import SALVAGE, SCRAP, TURN
from tests.games.waste_of_parts.helpers import enemy, enemy_phase, game
from tests.games.waste_of_parts.test_rules import _Dice


def _upgrade(ident: int, room: str, stat: str, bonus: int) -> SalvageCard:
    return SalvageCard(ident, f"Test {room} upgrade", "upgrade", stat=stat, bonus=bonus,
                       room=room)


# --- the Enemy deck ------------------------------------------------------------------------
def test_an_empty_deck_spawns_the_top_card_of_the_next_level():
    """Enemy Escalation: "If the Enemy Deck runs out of cards, shuffle the next level of Enemies
    together to form a new deck" - and the spawn that found it empty draws from the new deck."""
    s = game()
    level2 = len(s.levels[2])
    s.enemy_deck = []
    spawn_one(s)
    assert s.deck_level == 2 and not s.levels[2]
    assert len(s.enemy_deck) == level2 - 1                        # one card drawn from it
    drawn = [e.card for e in s.enemies] + s.enemy_discard       # placed, or Just the Wind
    assert len(drawn) == 1 and drawn[0].level == 2


def test_a_level_3_deck_out_keeps_just_the_wind_and_lower_levels_in_the_discards():
    """Enemy Escalation: "If level 3 Enemies have already been added, remove all Just the Wind
    cards and shuffle the remaining level 3 Enemy Cards to form a new deck": the level-3 cards
    leave the discards for the deck; Just the Wind and the lower levels stay discarded."""
    s = game()
    lower = s.levels[1][:5] + s.levels[2][:5]
    level3 = list(s.levels[3])
    s.deck_level, s.enemy_deck = 3, []
    s.enemy_discard = lower + level3
    assert _refill(s) is True
    wind3 = [c for c in level3 if c.wind]
    assert wind3 and sorted(c.ident for c in s.enemy_deck) == sorted(
        c.ident for c in level3 if not c.wind)
    assert sorted(c.ident for c in s.enemy_discard) == sorted(c.ident for c in lower + wind3)


def test_an_enemy_deck_with_nothing_left_to_form_it_draws_nothing():
    """The level-3 deck formed from no level-3 discards is empty: nothing spawns."""
    s = game()
    s.deck_level, s.enemy_deck, s.enemy_discard = 3, [], []
    assert _refill(s) is False
    spawn_one(s)
    assert not s.enemies and not s.enemy_discard


# --- Rummage ------------------------------------------------------------------------------
def test_recycle_rummage_puts_the_revealed_scrap_on_the_bottom_and_keeps_the_deck():
    """Rummage: "reveal cards from the top of the relevant deck until you find the specified type
    of card. Resolve the specified card, then shuffle the remaining revealed cards and place them
    on the bottom of the deck"."""
    s = game()
    scrap = [c for c in s.salvage_deck if c.kind == "scrap"][:3]
    rest = [c for c in s.salvage_deck if c not in scrap]
    found = next(c for c in rest if c.kind != "scrap")
    rest.remove(found)
    s.salvage_deck = rest + [found] + scrap                     # the top is the end
    s.phase = SCRAP
    rummage_salvage(s)
    assert s.pending == [found] and s.phase == SALVAGE
    assert len(s.salvage_deck) == len(rest) + 3
    assert sorted(c.ident for c in s.salvage_deck[:3]) == sorted(c.ident for c in scrap)
    assert s.salvage_deck[3:] == rest


# --- 6. Advance ---------------------------------------------------------------------------
def test_engine_upgrades_and_a_tailwind_add_to_the_speed():
    """Distance & Speed: "increase the Distance dial ... by an amount equal to the total of both
    engines' Speed Stat, plus 1 for each time an Engine Room was fueled"; an engine upgrade
    raises its engine's Speed Stat, the Tailwind Event adds its amount."""
    s = game()
    s.upgrades[10] = _upgrade(501, "engine", "speed", 2)
    s.fueled = {11}
    _advance(s)
    assert s.distance == (1 + 2) + 1 + 1
    t = game()
    t.event = EventCard(3, "Tailwind", "tailwind", 1)
    _advance(t)
    assert t.distance == 2 + 1


def test_advancing_resets_the_crane_and_ends_the_idling():
    """Salvaging: the crane "cannot be used again until the Mech moves forward"; Advancing,
    Note: "If the Mech does not advance, the engines idle. Until the Mech advances again, Noise
    from Engine Room upgrades is halved"."""
    s = game()
    s.crew[0].room = 5
    _salvaging(s)
    _salvaging(s)
    s.pending.clear()
    s.idle = True
    _advance(s)
    assert s.crane_uses == 0 and s.idle is False
    for expected in (2, 2, 0):                                   # twice again after advancing
        before = len(s.salvage_deck)
        _salvaging(s)
        s.pending.clear()
        assert before - len(s.salvage_deck) == expected


def test_a_milestone_counts_once_when_passed_and_the_round_is_recorded():
    """Enemy Escalation: "At Distance 10: Shuffle all level 2 Enemies into the deck"; Events:
    "At Distance 10 and 20, the First Player draws two Event Cards": reached once, when the dial
    passes the mark, not again when it moves on from it."""
    s = game()
    s.event_deck = [EventCard(k, f"E{k}", "noise", 1) for k in (1, 2)]   # exactly two left
    s.round, s.distance = 4, 8
    _advance(s)
    assert s.milestones == {10: 4} and len(s.event_choice) == 2 and not s.event_deck
    s.event_deck = [EventCard(k, f"E{k}", "noise", 1) for k in (3, 4, 5)]
    s.event_choice, s.round = [], 5
    _advance(s)                                                  # from 10 to 12
    assert s.distance == 12 and s.milestones == {10: 4} and s.event_choice == []
    assert len(s.event_deck) == 3


def test_reaching_exactly_35_is_sanctuary():
    """Winning the Game: "When the Mech reaches Distance 35, finish the current round as
    normal. In subsequent rounds, no Enemies spawn."."""
    s = game()
    s.round, s.distance = 7, 33
    _advance(s)
    assert s.distance == 35 and s.arrived_round == 7 and s.milestones[35] == 7


# --- Use Scrap ----------------------------------------------------------------------------
def test_the_first_player_decides_the_scrap_only_when_there_is_a_choice():
    """Using Scrap: "the First Player may choose cards from the Scrap Pile to perform the
    following actions any number of times": with a use possible the game waits for the First
    Player; with none (a full Hull, two cards) the round goes on to the next."""
    s = game()
    s.hull = 15                                                  # Reinforce possible
    after_salvage(s)
    assert s.phase == SCRAP and s.round == 1
    assert A.Reinforce() in s.legal_actions()
    t = game()
    assert t.hull == 20 and len(t.scrap_pile) == 2
    after_salvage(t)
    assert t.phase == TURN and t.round == 2


# --- the replay's words ---------------------------------------------------------------------
def test_the_replay_narrates_the_deck_the_milestones_and_sanctuary():
    """A replay says what the rulebook's steps did (the deck running out, escalation, the
    Mech's advance, Sanctuary, Just the Wind, a Recycle)."""
    s = game()
    s.log = []
    s.enemy_deck = []
    _refill(s)
    assert s.log == ["the Enemy deck runs out: the level-2 Enemies form a new deck"]
    s.log = []
    escalate(s, 3)
    assert s.log == ["the level-3 Enemies are shuffled into the deck"]
    s.log = []
    s.deck_level, s.enemy_deck, s.enemy_discard = 3, [], []
    _refill(s)
    assert s.log == ["the Enemy deck runs out: the level-3 discards without Just the Wind "
                     "form it"]
    s.log = []
    s.distance = 33
    _advance(s)
    assert s.log == ["the Mech advances 2: Distance 35",
                     "Sanctuary is in sight: no more Enemies spawn after this round"]
    s.log = []
    wind = next(c for c in game().enemy_deck if c.wind)
    s.enemy_deck = [wind]
    spawn_one(s)
    assert s.log == ["Just the Wind"]
    s.log = []
    found = next(c for c in s.salvage_deck if c.kind != "scrap")
    s.salvage_deck.append(found)
    rummage_salvage(s)
    assert s.log == [f"Recycle finds {found.name}"]


# --- Salvaging ------------------------------------------------------------------------------
def _drawn(s, rooms: list[int]) -> int:
    """Cards the Salvaging step draws with the crew in ``rooms`` (the others in the Fore Gun)."""
    for c, room in zip(s.crew, rooms + [12] * 4, strict=False):
        c.room = room
    before = len(s.salvage_deck)
    _salvaging(s)
    return before - len(s.salvage_deck)


def test_the_crane_draws_its_salvage_stat_an_upgrade_adds_to_it():
    """Salvaging: "if the Salvaging Crane Room is Functional and occupied by a Crew Member, the
    First Player may draw a number of Salvage Cards equal to the room's Salvage Stat (2 by
    default)"; a crane upgrade raises the Stat."""
    assert _drawn(game(), [5]) == 2
    s = game()
    s.upgrades[5] = _upgrade(502, "crane", "salvage", 1)
    assert _drawn(s, [5]) == 3


def test_the_cockpit_operates_the_crane_at_half_its_stat_rounded_up():
    """Salvaging: "Alternatively, a Crew Member in the Cockpit may remotely operate the
    Salvaging Crane at half its Salvage Stat (rounded up)": 2 -> 1, 3 -> 2; a cockpit upgrade
    adds its bonus; nobody at the crane or the Cockpit, no salvage."""
    assert _drawn(game(), [8]) == 1
    s = game()
    s.upgrades[5] = _upgrade(502, "crane", "salvage", 1)
    assert _drawn(s, [8]) == 2
    s = game()
    s.upgrades[8] = _upgrade(503, "cockpit", "salvage", 1)
    assert _drawn(s, [8]) == 1 + 1
    s = game()
    assert _drawn(s, [2, 3, 6, 7]) == 0 and s.crane_uses == 0
    s = game()
    s.condition[8] = 1                                           # an Inoperable Cockpit
    assert _drawn(s, [8]) == 0


def test_the_wreck_field_event_draws_one_more():
    """Events: the Wreck Field's "The Salvaging Crane draws 1 more cards"."""
    s = game()
    s.event = EventCard(4, "Wreck Field", "scavenge", 1)
    assert _drawn(s, [5]) == 3


# --- 2. Room Effects --------------------------------------------------------------------------
def test_a_hull_upgrade_restores_the_hull_in_a_functional_room_up_to_20():
    """End of Round, 2. Room Effects: "Trigger room upgrade Room Effects"; "Inoperable: The
    room's effects and abilities are nonfunctional"; the Hull dial stops at 20."""

    def hull_after(upgrades: dict[int, SalvageCard], hull: int, broken: int = 0) -> int:
        s = game()
        s.upgrades.update(upgrades)
        s.hull = hull
        if broken:
            s.condition[broken] = 1
        end_of_round(s)
        return s.hull

    hull2 = _upgrade(504, "multi", "hull", 2)
    assert hull_after({2: hull2}, 15) == 17
    assert hull_after({2: hull2}, 19) == 20
    assert hull_after({2: hull2}, 15, broken=2) == 15
    assert hull_after({10: _upgrade(505, "engine", "speed", 1)}, 15) == 15


def test_scrap_dredged_up_goes_straight_to_the_scrap_pile():
    """What is Scrap?: "Some Salvage Cards are inherently designated as 'Scrap'. When drawn,
    these cards are placed directly onto the Scrap Pile"; the others wait for the crew."""
    s = game()
    scrap = next(c for c in s.salvage_deck if c.kind == "scrap")
    other = next(c for c in s.salvage_deck if c.kind != "scrap")
    s.salvage_deck = [other, scrap]                              # scrap on top
    pile = list(s.scrap_pile)
    s.log = []
    assert _drawn(s, [5]) == 2
    assert s.scrap_pile == pile + [scrap] and s.pending == [other]
    assert s.log == [f"the Crane dredges up {scrap.name}", f"the Crane dredges up {other.name}"]


# --- 3. Determine Enemy Actions ---------------------------------------------------------------
def _crew_in(s, room: int) -> None:
    for c in s.crew:
        c.room = room


def test_an_enemy_moves_to_the_crew_room_nearest_the_cockpit_not_the_lowest():
    """Activating Enemies: "Move to an adjacent room with a Crew Member, prioritizing those
    closest to the Cockpit": from room 6 (On Fire) with crew in 5 and 7, room 7 (next to the
    Cockpit) wins over room 5 (three rooms away)."""

    s = game()
    _crew_in(s, 12)
    s.crew[0].room, s.crew[1].room = 5, 7
    s.condition[6] = 2
    e = enemy(s, 6)
    enemy_phase(s)
    assert e.room == 7


def test_an_enemy_moves_toward_the_nearest_engine_room():
    """Activating Enemies: "Move toward the nearest Engine Room that's not On Fire": from room 7
    (On Fire, no crew next door) Engine Room 11 is one move away, Engine Room 10 two: it moves
    into 11 (toward 10 it would step into 6); with 11 On Fire it heads for 10."""

    s = game()
    _crew_in(s, 1)
    s.condition[7] = 2
    e = enemy(s, 7)
    enemy_phase(s)
    assert e.room == 11
    s = game()
    _crew_in(s, 1)
    s.condition[7] = s.condition[11] = 2
    e = enemy(s, 7)
    enemy_phase(s)
    assert e.room == 6


def test_a_swift_enemy_moves_two_rooms_and_stops_at_the_engine():
    """The Enemy card ability "swift": "Moves two rooms instead of one." ("rules on cards ...
    override general game rules"); a plain Enemy moves one. From room 2 (On Fire) the nearest
    Engine Room is 10 (2-1-5-6-10)."""

    s = game()
    _crew_in(s, 12)
    s.condition[2] = s.condition[6] = 2
    swift, plain = enemy(s, 2, ability="swift"), enemy(s, 2)
    near = enemy(s, 6, ability="swift")                          # one move from room 10
    enemy_phase(s)
    assert (swift.room, plain.room, near.room) == (5, 1, 10)


# --- 4. Resolve: The Wastes, 5. Fire Damage ---------------------------------------------------
def test_an_enemy_in_the_wastes_attacks_the_hull_with_its_attack_stat():
    """The Wastes (13): "Enemies in The Wastes attack the Mech's Hull directly"; Combat:
    "roll a number of dice equal to the Attack Stat ... Results of 3-6 are hits"."""

    for log in (None, []):
        s = game()
        s.log = log
        e = enemy(s, 13, attack=3)
        s.rng = _Dice([6, 2, 3])
        enemy_phase(s)
        assert s.hull == 20 - 2
    assert s.log == [f"the Hull loses 2 (e{e.ident} rolls [6, 2, 3] from The Wastes): 18"]


def test_a_dry_season_burns_one_more_hull_point():
    """Fire Damage: "The Mech loses 1 Hull point for each room that is On Fire"; the Dry Season
    Event: "Fire Damage: the Hull loses 1 more if any room is On Fire"."""

    s = game()
    s.log = []
    s.condition[2] = s.condition[3] = 2
    fire_damage(s)
    assert s.hull == 18 and s.log == ["the Hull loses 2 (2 rooms On Fire): 18"]
    s.event = EventCard(5, "Dry Season", "blaze", 1)
    fire_damage(s)
    assert s.hull == 18 - 3
    s.condition[2] = s.condition[3] = 0
    fire_damage(s)
    assert s.hull == 15                                          # no fire: no blaze either


# --- 4. Resolve: attacks on the crew and the rooms -------------------------------------------
def test_an_enemy_attacks_each_live_crew_member_in_its_room_only():
    """Enemy Actions: "Targets all Crew Members in its room. Roll a number of dice equal to the
    Enemy's Attack Stat separately for each target"; "Enemies ignore Downed Crew Members"; the
    damage adds to what the crew member has suffered."""
    for log in (None, []):
        s = game()
        s.log = log
        _crew_in(s, 12)
        here, also, downed, away = s.crew
        here.room = also.room = downed.room = 6
        here.damage, downed.damage = 1, downed.health
        e = enemy(s, 6, attack=2)
        s.rng = _Dice([6, 6, 3, 1, 6, 6])          # here: 2 hits, also: 1, (downed: not rolled)
        enemy_phase(s)
        assert (here.damage, also.damage) == (3, 1)
        assert downed.damage == downed.health and away.damage == 0
        assert s.result is None
    assert s.log == [f"e{e.ident} rolls [6, 6] at P1: 2 damage",
                     f"e{e.ident} rolls [3, 1] at P2: 1 damage"]


def test_armor_ignores_hits_but_never_heals():
    """Salvage card anatomy, Armor: each hit an armor card stops is no damage; a roll with fewer
    hits than the armor deals none (the damage is never below 0); a Downed crew member is
    narrated so."""
    plate = SalvageCard(601, "Test Plate", "armor", armor=1)
    for log in (None, []):
        s = game()
        s.log = log
        _crew_in(s, 12)
        a, b = s.crew[0], s.crew[1]
        a.room = b.room = 6
        a.equip(plate)
        b.damage = b.health - 1
        e = enemy(s, 6, attack=2)
        s.rng = _Dice([1, 2, 6, 5])                              # a: no hit, b: 2 hits
        enemy_phase(s)
        assert a.damage == 0 and b.downed
    assert s.log == [f"e{e.ident} rolls [1, 2] at P1: 0 damage",
                     f"e{e.ident} rolls [6, 5] at P2: 2 damage, Downed"]
    s = game()
    _crew_in(s, 6)
    s.crew[0].equip(plate)
    enemy(s, 6, attack=3)
    s.rng = _Dice([6, 6, 6] + [1, 1, 1] * 3)
    enemy_phase(s)
    assert s.crew[0].damage == 3 - 1


def test_the_crew_loses_when_the_last_one_is_downed():
    """How to Play: "You lose if all Crew Members are Downed"."""
    s = game()
    s.log = []
    _crew_in(s, 6)
    for c in s.crew:
        c.damage = c.health - 1
    enemy(s, 6, attack=1)
    s.rng = _Dice([6] * 4)
    enemy_phase(s)
    assert s.result == 0 and s.cause == "every crew member is Downed"
    assert s.log[-1] == "the crew loses: every crew member is Downed"


def test_a_brute_worsens_a_room_by_two_steps():
    """The Enemy card ability "brute": "Attacking a room worsens it by two steps." (a plain
    Enemy: "Worsens the current room's condition by one level")."""
    s = game()
    _crew_in(s, 12)
    enemy(s, 2, ability="brute")
    enemy(s, 3)
    enemy_phase(s)
    assert (s.condition[2], s.condition[3]) == (2, 1)


# --- Spawning, the end of the round ---------------------------------------------------------
def test_a_card_without_a_standee_is_discarded():
    """Spawning Enemies, Note: "If an Enemy Card is drawn and no acrylic standees remain to
    represent it, discard the card instead. Then, reduce the Hull dial ... by an amount equal to
    the discarded Enemy's Health"."""
    s = game()
    s.log = []
    for _ in range(s.cfg.standees):
        enemy(s, 2)
    card = next(c for c in s.enemy_deck if not c.wind)
    s.enemy_deck = [card]
    spawn_one(s)
    assert s.enemy_discard == [card] and len(s.enemies) == 74
    assert s.log == [f"the Hull loses {card.health} (no standee for {card.name}): "
                     f"{20 - card.health}"]


def test_the_replay_names_each_spawn_and_the_cards_drawn():
    """Spawning Enemies: "draws and reveals a number of Enemy Cards equal to the Mech's Noise
    Level, plus one additional card for each fueled engine"; "place its acrylic standee in the
    appropriate room, as indicated by the Spawn Location number"."""
    from pnp.games.waste_of_parts.cards import EnemyCard

    s = game()
    s.log = []
    plain = EnemyCard(801, "Scrapper", 1, 2, 1, 3)
    swift = EnemyCard(802, "Runner", 1, 1, 2, 7, "swift")
    s.enemy_deck = [plain, swift]
    s.fueled = {10}
    first = s.next_enemy
    s.noise_base = 1
    s.phase = SCRAP
    after_scrap(s)
    assert s.log[:3] == [
        "Noise 1 + 1 fuelled: 2 Enemy cards",
        f"e{first} Runner (level 1, Health 1, Attack 2, swift) spawns in 7",
        f"e{first + 1} Scrapper (level 1, Health 2, Attack 1) spawns in 3"]
    assert [(e.room, e.card) for e in s.enemies] == [(7, swift), (3, plain)]
    assert s.aboard == [2]                                       # the record: aboard at the end


def test_no_enemy_aboard_before_sanctuary_is_no_win():
    """How to Play: "Players win by surviving the journey and reaching Sanctuary"; Winning the
    Game: "To win, the crew must defeat all remaining Enemies aboard" - after Distance 35 only."""
    s = game()
    s.enemy_deck = [c for c in s.enemy_deck if c.wind]            # the round spawns nothing
    s.phase = SCRAP
    after_scrap(s)
    assert not s.enemies and not s.is_over() and s.round == 2 and s.phase == TURN


def test_a_boss_game_narrates_the_standard_win():
    """Bosses 1-2: "After the final Enemy is destroyed, fully complete the remainder of the round.
    Complete another full round to prepare for the Boss"."""
    from tests.games.waste_of_parts.test_boss import boss_game, win_standard

    s = boss_game()
    s.log = []
    win_standard(s)
    assert ("the standard win: one more round to prepare for the Boss (Reinforce at 1 Scrap)"
            in s.log)


def test_the_game_stops_after_the_last_round_of_the_cap():
    """The simulator's cap (``Config.max_rounds``, 200: no rulebook number): round 200 is
    played, the game is lost "out of time" when it would start round 201."""
    s = game()
    s.enemy_deck = [c for c in s.enemy_deck if c.wind]
    s.round, s.phase = s.cfg.max_rounds - 1, SCRAP
    after_scrap(s)
    assert s.round == s.cfg.max_rounds and not s.is_over()
    s.phase = SCRAP
    after_scrap(s)
    assert s.result == 0 and s.cause == "out of time"


def test_rummaging_for_an_enemy_puts_the_wind_on_the_bottom():
    """Setup: "Rummage for a number of Enemies equal to the starting Noise"; Rummage: "Resolve
    the specified card, then shuffle the remaining revealed cards and place them on the bottom
    of the deck" - also when the deck runs out before an Enemy is found."""
    from pnp.games.waste_of_parts.endround import rummage_enemy

    s = game()
    wind = [c for c in s.enemy_deck if c.wind][:3]
    foe = next(c for c in s.enemy_deck if not c.wind)
    rest = [c for c in s.enemy_deck if not c.wind and c is not foe]
    s.enemy_deck = rest + [foe] + wind                           # the top is the end
    rummage_enemy(s)
    assert [e.card for e in s.enemies] == [foe]
    assert sorted(c.ident for c in s.enemy_deck[:3]) == sorted(c.ident for c in wind)
    assert s.enemy_deck[3:] == rest
    t = game()
    t.deck_level, t.enemy_discard, t.enemy_deck = 3, [], list(wind)
    rummage_enemy(t)                                             # no Enemy left anywhere
    assert not t.enemies and sorted(c.ident for c in t.enemy_deck) == sorted(
        c.ident for c in wind)
