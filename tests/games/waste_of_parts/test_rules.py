"""The rulebook's rules and worked examples as tests (../shared/rules/waste-of-parts.txt).

Each test names the section it checks.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pnp.games.api import IllegalAction
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.endround import _advance, after_scrap, fire_damage, spawn_one
from pnp.games.waste_of_parts.rules import (
    FUNCTIONAL,
    INOPERABLE,
    ON_FIRE,
    WASTES,
    boss_health,
    half_up,
)
from pnp.games.waste_of_parts.state import SCRAP, TURN
from tests.games.waste_of_parts.helpers import enemy, enemy_phase, game


@pytest.mark.parametrize("crew, noise", [(3, 4), (4, 5), (5, 7)])
def test_setup_noise_hull_distance_and_spawns(crew, noise):
    """Setup: "3 Crew Members: Start at 4 Noise ... 4: 5 ... 5: 7", "Distance ... Start at 0",
    "Hull ... Start at 20", "Rummage for a number of Enemies equal to the starting Noise"."""
    s = game(crew, empty=False)
    noisy = sum(e.card.ability == "noisy" for e in s.enemies)   # +1 each while aboard
    assert (s.noise() - noisy, s.distance, s.hull) == (noise, 0, 20)
    assert len(s.enemies) == noise and not any(e.card.wind for e in s.enemies)
    assert {c.level for c in s.enemy_deck} == {1}                # "the level 1 Enemy Cards"
    assert [c.name for c in s.scrap_pile] == ["Scrap Metal"] * 2  # "the two Scrap Metal"


def test_cockpit_fires_the_fore_gun_at_half_rounded_up():
    """The Mech, Cockpit (8): "If the Fore Gun has an Attack Stat of 3, a Crew Member in the
    Cockpit may spend an action to fire it, rolling 2 dice instead of 3"."""
    s = game()
    assert s.gun_dice(12, remote=False) == 3 and s.gun_dice(12, remote=True) == 2
    assert half_up(3) == 2 and half_up(2) == 1
    e = enemy(s, WASTES, health=9)
    s.crew[s.seat].room = 8
    assert A.FireGun(12, e.ident) in s.legal_actions()
    s.log = []
    s.apply(A.FireGun(12, e.ident))
    assert len(s.log[0].split("[")[1].split(",")) == 2            # two dice rolled


def test_five_enemies_set_a_functional_room_on_fire_and_the_hull_burns():
    """Room Conditions: "5 Enemies in a room with no attack targets will reduce a Functional
    room to On Fire"; Fire Damage: "The Mech loses 1 Hull point for each room that is On Fire"."""
    s = game()
    for _ in range(5):
        enemy(s, 6)
    for c in s.crew:
        c.room = 9
    enemy_phase(s)
    assert s.condition[6] == ON_FIRE                             # one step each, no further
    hull = s.hull
    fire_damage(s)
    assert s.hull == hull - 1


def test_decks_skip_the_room_attack():
    """Aft Deck (1) & Fore Deck (4): "cannot be upgraded or damaged, so Enemies here skip their
    'attack room' priority"."""
    s = game()
    e = enemy(s, 1)
    for c in s.crew:
        c.room = 2
    enemy_phase(s)
    assert s.condition[1] == FUNCTIONAL and e.room == 2           # moved to the crew instead


def test_enemy_priorities():
    """Activating Enemies: attack the crew, else the room if not On Fire, else move to an
    adjacent room with a Crew Member (closest to the Cockpit), else toward an Engine Room."""
    s = game()
    for c in s.crew:
        c.room = 12
    s.crew[0].room, s.crew[1].room = 3, 7          # 3 and 7 are next to room... 7 is nearer 8
    a = enemy(s, 3, attack=0)                      # with crew: attacks them
    b = enemy(s, 2)                                # no crew, Functional: attacks room 2
    s.condition[6] = ON_FIRE
    c = enemy(s, 6)                                # On Fire: moves to 7 (nearer the Cockpit)
    s.condition[9] = ON_FIRE
    d = enemy(s, 9)                                # On Fire, no crew next door: toward 10
    enemy_phase(s)
    assert a.room == 3 and s.condition[3] == FUNCTIONAL
    assert s.condition[2] == INOPERABLE and b.room == 2
    assert c.room == 7 and d.room == 10


def test_enemies_ignore_downed_crew():
    """Activating Enemies: "Enemies ignore Downed Crew Members"."""
    s = game()
    for c in s.crew:
        c.room = 12
    s.crew[0].room, s.crew[0].damage = 6, 99
    enemy(s, 6)
    enemy_phase(s)
    assert s.condition[6] == INOPERABLE and s.crew[0].damage == 99


def test_deck_running_out_at_distance_9_becomes_the_level_2_deck():
    """Enemy Escalation: "If the Enemy Deck runs out at Distance 9, shuffle the level 2 Enemies
    to form a new deck"."""
    s = game()
    s.distance, s.enemy_deck = 9, []
    spawn_one(s)
    assert s.deck_level == 2 and {c.level for c in s.enemy_deck} == {2}


def test_level_3_deck_out_reshuffles_level_3_without_wind():
    """"If level 3 Enemies have already been added, remove all Just the Wind cards and shuffle
    the remaining level 3 Enemy Cards to form a new deck"."""
    s = game()
    s.deck_level, s.enemy_deck = 3, []
    s.enemy_discard = [c for c in s.levels[3]]
    spawn_one(s)
    assert s.enemy_deck and all(c.level == 3 and not c.wind for c in s.enemy_deck)


def test_escalation_at_10_and_20():
    """Enemy Escalation: "At Distance 10: Shuffle all level 2 Enemies into the deck. At Distance
    20: ... level 3"; Distance & Speed: "each Engine has a Speed Stat of 1, so the Mech advances
    2 per round"."""
    s = game()
    s.distance = 8
    _advance(s)
    assert s.distance == 10 and s.deck_level == 2 and any(c.level == 2 for c in s.enemy_deck)
    s.distance = 19
    _advance(s)
    assert s.distance == 21 and s.deck_level == 3


def test_advance_needs_engines_cockpit_and_clear_wastes():
    """Advancing: "Both Engine Rooms are Functional; The Cockpit is Functional; No Enemies
    occupy The Wastes (13)"; fuelled engines add 1 each."""
    s = game()
    s.fueled = {10, 11}
    _advance(s)
    assert s.distance == 4                                        # 1 + 1 + 2 fuelled
    for broken in (10, 11, 8):
        t = game()
        t.condition[broken] = INOPERABLE
        _advance(t)
        assert t.distance == 0 and t.idle
    t = game()
    enemy(t, WASTES)
    _advance(t)
    assert t.distance == 0


def test_noise_5_with_two_fuelled_engines_draws_7():
    """Spawning Enemies: "a number of Enemy Cards equal to the Mech's Noise Level, plus one
    additional card for each fueled engine"."""
    s = game()
    s.fueled = {10, 11}
    before, noise = len(s.enemy_deck), s.noise()
    s.phase = SCRAP
    after_scrap(s)
    assert noise == 5 and before - len(s.enemy_deck) == 7


def test_no_standee_discards_and_hits_the_hull():
    """Spawning Enemies, Note: "If an Enemy Card is drawn and no acrylic standees remain ...
    reduce the Hull dial ... by an amount equal to the discarded Enemy's Health"."""
    s = game()
    for _ in range(s.cfg.standees):
        enemy(s, 2)
    card = next(c for c in reversed(s.enemy_deck) if not c.wind)
    s.enemy_deck = [card]
    spawn_one(s)
    assert len(s.enemies) == 74 and s.hull == 20 - card.health


def test_repair_and_extinguish_need_no_enemies():
    """Crew Member Actions: Repair and Extinguish "if there are no Enemies present"."""
    s = game()
    c = s.crew[s.seat]
    s.condition[c.room] = ON_FIRE
    e = enemy(s, c.room, health=9)
    assert A.Extinguish() not in s.legal_actions()
    s.enemies.remove(e)
    s.touch()
    s.apply(A.Extinguish())
    assert s.condition[c.room] == INOPERABLE
    s.apply(A.Repair())
    assert s.condition[c.room] == FUNCTIONAL


def test_fuel_once_per_round_for_one_scrap():
    """Fuel: "Spend 1 Scrap in an Engine Room ... Each engine can be fueled once per round"."""
    s = game()
    s.crew[s.seat].room = 10
    s.apply(A.Fuel())
    assert len(s.scrap_pile) == 1 and A.Fuel() not in s.legal_actions()


def test_revive_takes_two_actions_and_the_revived_waits():
    """Revive (requires 2 actions): "That Crew Member cannot act until the next round"."""
    s = game()
    me, mate = s.crew[s.seat], s.crew[(s.seat + 1) % 4]
    mate.room, mate.damage = me.room, mate.health
    s.apply(A.Revive(mate.seat))
    assert me.actions_left == me.actions - 2 and not mate.downed and mate.stunned
    s.apply(A.EndTurn())
    assert s.current_player != mate.seat


def test_weapon_jams_on_all_ones_and_is_scrapped():
    """Weapons: "If every die in an attack roll results in a 1, the weapon jams and is
    immediately Scrapped"."""
    s = game()
    gun = next(c for c in s.salvage_deck if c.kind == "weapon")
    me = s.crew[s.seat]
    me.equip(gun)
    e = enemy(s, me.room, health=99)
    s.rng = _Dice([1] * gun.attack)
    s.apply(A.Attack(e.ident, 0))
    assert gun not in me.items and s.scrap_pile[-1] is gun


def test_reinforce_and_recycle():
    """Using Scrap: "Reinforce: Discard 2 cards to increase the Hull dial by 1. Recycle: Discard
    3 cards to Rummage for an equipment card or a room upgrade card"."""
    s = game()
    s.hull, s.phase = 15, SCRAP
    s.scrap_pile = s.scrap_pile + [c for c in s.salvage_deck if c.kind == "scrap"][:3]
    s.apply(A.Reinforce())
    assert s.hull == 16 and len(s.scrap_pile) == 3
    s.apply(A.Recycle())
    assert not s.scrap_pile and s.pending and s.pending[0].kind != "scrap"


def test_crane_twice_without_advancing_then_blocked():
    """Salvaging: "If the Salvaging Crane has been used twice without the Mech advancing, it
    cannot be used again until the Mech moves forward"."""
    from pnp.games.waste_of_parts.endround import _salvaging

    s = game()
    s.crew[0].room = 5
    for expected in (2, 2, 0):
        before = len(s.salvage_deck)
        _salvaging(s)
        assert before - len(s.salvage_deck) == expected
        s.pending.clear()


def test_harrow_health_is_6x():
    """Bosses: "the Harrow has a Health Stat of 6X. In a 4-Crew Member game ... 24"."""
    assert boss_health(6, 4) == 24


def test_win_at_sanctuary_when_no_enemy_remains():
    """Winning the Game: at Distance 35 "no Enemies spawn. ... defeat all remaining Enemies"."""
    s = game()
    s.distance = 34
    _advance(s)
    assert s.arrived_round == s.round
    s.phase = SCRAP
    s.enemy_deck = [c for c in s.enemy_deck if c.wind]          # this round still spawns
    after_scrap(s)
    assert s.is_over() and s.returns() == (1.0,) * 4


def test_lose_when_every_crew_member_is_downed():
    """How to Play: "You lose if all Crew Members are Downed"."""
    s = game()
    for c in s.crew:
        c.room, c.damage = 6, c.health - 1
    enemy(s, 6, attack=20)
    s.rng = _Dice([6] * 200)
    enemy_phase(s)
    assert s.is_over() and s.returns() == (0.0,) * 4
    with pytest.raises(IllegalAction):
        s.apply(A.EndTurn())


def test_end_of_round_runs_when_the_last_crew_member_ends():
    """How to Play: each player takes a turn, then the end-of-round steps; a new First Player."""
    s = game()
    assert s.phase == TURN and s.current_player == 0
    while s.round == 1 and not s.is_over():
        s.apply(s.legal_actions()[-1] if s.phase != TURN else A.EndTurn())
    assert s.round == 2 and s.first == 1


class _Dice(random.Random):
    """A random stream whose dice show ``faces`` in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)

    def getrandbits(self, k: int) -> int:
        # WasteState.roll draws a face as 3 random bits (0-5) + 1.
        return self.faces.pop(0) - 1 if k == 3 and self.faces else super().getrandbits(k)


def test_exact_odds():
    """Combat: "Results of 1-2 are misses. Results of 3-6 are hits."; jam on all 1s."""
    from pnp.games.waste_of_parts.rules import attacks_to_kill, hit_distribution, p_at_least, p_jam

    assert hit_distribution(2) == [Fraction(1, 9), Fraction(4, 9), Fraction(4, 9)]
    assert p_jam(3) == Fraction(1, 216)
    assert p_at_least(3, 3) == Fraction(8, 27)
    assert attacks_to_kill(1, 1) == Fraction(3, 2)


def test_events_drawn_at_10_one_chosen_and_active():
    """Optional Rules, Events: "At Distance 10 and 20, the First Player draws two Event Cards
    ... The crew chooses one to activate"; it stays until a new one replaces it."""
    from pnp.games.waste_of_parts.cards import event_deck
    from pnp.games.waste_of_parts.endround import after_salvage
    from pnp.games.waste_of_parts.state import EVENT

    s = game()
    s.event_deck = list(event_deck())
    assert len(s.event_deck) == 10
    s.distance = 8
    _advance(s)
    assert len(s.event_choice) == 2 and len(s.event_deck) == 8
    after_salvage(s)
    assert s.phase == EVENT and s.current_player == s.first
    quiet = A.ChooseEvent(s.event_choice[0].ident)
    assert A.parse_action(str(quiet)) == quiet
    chosen = s.event_choice[0]
    s.apply(quiet)
    assert s.event == chosen and s.phase != EVENT
    assert s.event_bonus(chosen.effect) == chosen.amount
