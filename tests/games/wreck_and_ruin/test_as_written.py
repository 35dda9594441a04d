"""Rules played as the rulebook writes them where the simulator used to deviate: the turret in a
hazard, cards and full throttle, full throttle after another action, MECHANIC after the event,
explosion victims' facing, faction cards in the final push, scouts and wrecks, and the events
of Unpredictable Wastes."""

from __future__ import annotations

import dataclasses

from pnp.games.wreck_and_ruin import combat, play
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.bots import _Look
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.legal import move_options, shoot_targets
from pnp.games.wreck_and_ruin.tiles import HAZARD

from .helpers import BUGGY, RIG, SALVAGE, SCOUT, SCOUT2, WRECKER, holding, new_state, put


def test_the_big_rigs_turret_is_a_skill_and_off_in_a_hazard():
    # "Vehicles cannot use any special skills whilst within a hazard"; "360° TURRET: Attack
    # skill. Big rigs can target any vehicle within range regardless of facing, from either
    # hex it occupies": in a hazard the rig shoots in its front arc, from its front hex
    s = new_state(terrain={(0, 0): HAZARD})
    rig = put(s, 0, RIG, (0, 0), 0)                 # (0, 0) in the hazard, front (1, 0)
    behind = put(s, 1, BUGGY, (-2, 0), 0)
    ahead = put(s, 1, SCOUT, (3, 0), 0)
    assert [t for t, _ in shoot_targets(s, rig)] == [ahead.vid]
    s = new_state()
    rig = put(s, 0, RIG, (0, 0), 0)
    put(s, 1, BUGGY, (-2, 0), 0)
    put(s, 1, SCOUT, (3, 0), 0)
    assert {t for t, _ in shoot_targets(s, rig)} == {behind.vid, ahead.vid}   # all round


def test_a_cards_extra_movement_is_not_added_to_a_full_throttle():
    # Full Throttle: "Skills and cards cannot be used whilst full throttling, regardless of
    # whether it succeeded or not"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.bonus_move = 2                                 # a card's "+2 movement this turn"
    far = max(q for (q, r), _ in move_options(s, b, throttle=7) if r == 0)
    assert far == 7
    assert max(q for (q, r), _ in move_options(s, b) if r == 0) == 6 + 2


def _fuel_state():
    fuel = next(c for c in SALVAGE if c.effect == "reserve_fuel")
    return holding(fuel)


def test_no_full_throttle_after_a_reserve_fuel_move_or_a_wreck_repair():
    # "To attempt a full throttle the move action must be the first action that vehicle has
    # taken this turn; you cannot full throttle if this vehicle has already completed another
    # action"
    s, _ = _fuel_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    assert Act("throttle", 0, b.vid) in s.legal_actions()
    s.apply(Act("fuel", 0, b.vid, to=(3, 0), facing=0))
    kinds = {a.kind for a in s.legal_actions() if a.vehicle == b.vid}
    assert "throttle" not in kinds and "move" in kinds
    s = new_state(faces=[6, 1, 1])                   # the repair: 6 (-1 DP), then 1, 1
    w = put(s, 0, WRECKER, (0, 0), 0, damage=4)
    w.active = False
    s._legal = None
    s.apply(Act("fix", 0, w.vid))
    assert w.active
    kinds = {a.kind for a in s.legal_actions() if a.vehicle == w.vid}
    assert "throttle" not in kinds and "move" in kinds


def test_mechanic_comes_after_the_event():
    # Taking Your Turn: "Resolve any event card that is in play. Any "at the start of a turn"
    # cards are declared and resolved"; MECHANIC: "remove 1DP at the beginning of their turn"
    s = new_state(faces=[1])
    s.round, s.event_round = 2, 2
    s.event = CardDef("Acid Rain", "event", "acid_rain", 1)
    rig = put(s, 0, RIG, (0, 0), 0)                  # undamaged, P1's only vehicle on board
    play.start_turn(s)
    assert rig.damage == 0                          # the rain's DP, then MECHANIC's repair


def test_a_vehicle_wrecked_by_an_explosion_keeps_its_facing():
    # Crash and Burn: "Use the vehicle's facing for this unless it is wrecked by a ram"; a
    # collision turns it away too, an explosion ("makes an attack") does not
    s = new_state(faces=[1, 5, 4, 2])
    b = put(s, 1, BUGGY, (0, 0), 0)
    sc = put(s, 0, SCOUT, (0, 1), 4, damage=1)      # south-east of it, facing north-west
    combat.crash(s, b)
    assert not sc.active and sc.facing == 4 and sc.pos == (0, -1)   # 4: straight on, 2 hexes


def test_faction_cards_may_be_played_in_the_final_push():
    # "player 1 may then use the bonus AP ... but salvage cards cannot be used by ANY player":
    # salvage cards only
    s = new_state()
    s.round = 6
    s.final_push = True
    s.faction_card[0] = CardDef("War Cry", "faction", "war_cry", 1)
    s.salvage = (CardDef("Scrap", "salvage", "scrap"),)
    s.hands[0] = [0]
    b = put(s, 0, BUGGY, (0, 0), 0, damage=1)
    kinds = {a.kind for a in s.legal_actions()}
    assert "faction" in kinds and not {"discard", "card", "kit"} & kinds
    assert b.damage == 1


def test_scouts_cannot_salvage_wrecks():
    # Salvaging From a Wreck: "This is treated as a ram"; scouts "are too flimsy to initiate a
    # ram"
    s = new_state()
    sc = put(s, 0, SCOUT, (0, 0), 0)
    sc2 = put(s, 0, SCOUT2, (0, 1), 5)               # (1, 0) in its front arc too
    w = put(s, 1, WRECKER, (1, 0), 0, damage=4)
    w.active = False
    s._legal = None
    salvagers = {a.vehicle for a in s.legal_actions() if a.kind == "salvage"}
    assert sc.vid not in salvagers and sc2.vid not in salvagers
    assert not any(a.kind == "salvage" for _, a in _Look(s).candidates())
    # a buggy in the same place may
    s2 = new_state()
    b = put(s2, 0, BUGGY, (0, 0), 0)
    w = put(s2, 1, WRECKER, (1, 0), 0, damage=4)
    w.active = False
    s2._legal = None
    assert Act("salvage", 0, b.vid, w.vid) in s2.legal_actions()


def _unpredictable(faces):
    s = new_state(faces=faces)
    object.__setattr__(s, "setup", dataclasses.replace(s.setup, unpredictable=True))
    s.events = (CardDef("Calm", "event", "calm"), CardDef("Tailwind", "event", "tailwind"))
    s.event_pile = [0, 1]
    return s


def test_unpredictable_wastes_player_1_rolls_too_after_the_first_event():
    # Unpredictable Wastes: "after player 1 has drawn the first event card, each player at the
    # beginning of their turn rolls a die: on a 4+ a new event is drawn and resolved ... One
    # may be in play for the whole game"
    s = _unpredictable([3])
    s.round = 2
    play.start_turn(s)                               # the first event: drawn, no roll
    assert s.event is not None and s.rng.faces == [3]
    first = s.event
    s.round = 3
    play.start_turn(s)                               # player 1 rolls a 3: it stays
    assert s.event == first and s.rng.faces == []
    s.rng.faces = [4]
    s.round = 4
    play.start_turn(s)
    assert s.event != first                          # a 4: a new one
