"""The rulebook's procedures through the game interface, each citing its section."""

from __future__ import annotations

import pytest

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.hexes import step
from pnp.games.wreck_and_ruin.legal import move_options, shoot_targets
from pnp.games.wreck_and_ruin.movement import reach
from pnp.games.wreck_and_ruin.tiles import HAZARD, OBSTACLE

from .helpers import BUGGY, RIG, SCOUT, SCOUT2, WRECKER, new_state, put


def always(_h):
    return True


def test_movement_figure_buggy():
    # Turning (fig 2): "A buggy has a move of 6. It spends the first [k] moving forward, 1 to
    # turn a single hex face, then 2 continuing in the new direction, 1 to turn a single hex
    # face before finally moving 1 hex forward." The printed k is lost; 6 - 5 leaves k = 1.
    ends = reach((0, 0), 0, 6, always)
    c = step((0, 0), 0, 1)            # 1 forward
    c = step(c, 1, 2)                 # turn (1), 2 forward
    c = step(c, 2, 1)                 # turn (1), 1 forward
    assert ends[(c, 2)] <= 6
    # the same route with 2 hexes first costs 7: beyond a buggy's move
    c2 = step(step(step((0, 0), 0, 2), 1, 2), 2, 1)
    assert ends.get((c2, 2), 7) > 5


def test_movement_figure_big_rig_pivots_on_its_rear_hex():
    # "A big rig has a move of 4. It decides to turn first so pivots from its rear-occupying
    # hex 1 face for a cost of 1. It has 3 remaining movement points left, which it uses to
    # travel in the new direction."
    ends = reach((0, 0), 0, 4, always, rig=True)
    assert ends[((0, 0), 1)] == 1
    assert ends[(step((0, 0), 1, 3), 1)] == 4


def test_turning_is_one_face_per_hex_except_agile():
    # "vehicles CANNOT turn more than one face in their current hex"; AGILE: "turn on the spot
    # to face any direction at the cost of 1 movement"
    assert ((0, 0), 2) not in reach((0, 0), 0, 6, always)
    assert reach((0, 0), 0, 8, always, agile=True)[((0, 0), 3)] == 1


def test_reversing_costs_two_per_hex():
    # Reversing: "Each hex reversed into costs 2 movement"
    ends = reach((0, 0), 0, 6, always, reverse=True)
    assert ends[(step((0, 0), 3, 3), 0)] == 6
    assert (step((0, 0), 3, 4), 0) not in ends


def test_obstacles_hazards_and_vehicles_block_moves():
    # "cannot move a vehicle through a hex occupied by another vehicle ... or any of the tile
    # scenery"; hazards: "You cannot voluntarily move into these"
    s = new_state(terrain={(2, 0): OBSTACLE, (1, 1): HAZARD})
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, SCOUT, (0, 1), 0)
    ends = move_options(s, b)
    assert all(a not in ((2, 0), (1, 1), (0, 1)) for a, _ in ends)


def test_ap_per_player_count_and_the_first_turn_bonus():
    # "5 AP in a 2 player game, and 4 AP for 3-4 player. Player 1 gains a bonus AP for their
    # first turn when playing a 3-4 player game."
    import random

    from pnp.games.wreck_and_ruin import GAME

    for players, first, second in ((2, 5, 5), (3, 5, 4), (4, 5, 4)):
        setup = GAME.make_setup("ap", players, ("random",) * players, {})
        s = GAME.rules.new_state(setup, random.Random(1))
        assert s.ap == first
        s.apply(Act("end", 0))
        assert s.ap == second


def test_the_2ap_limit():
    # "A single vehicle can only complete 2 of these actions per turn and they must be
    # different ie you can't move a vehicle twice"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, WRECKER, (4, 0), 3)
    move = next(a for a in s.legal_actions() if a.kind == "move" and a.vehicle == b.vid
                and a.to == (1, 0))
    s.apply(move)
    assert not any(a.kind in ("move", "reverse", "throttle") and a.vehicle == b.vid
                   for a in s.legal_actions())
    s.apply(Act("shoot", 0, b.vid, s.vehicle(1, WRECKER).vid))
    assert not any(a.vehicle == b.vid and a.kind in ("move", "shoot", "ram", "salvage")
                   for a in s.legal_actions())
    assert s.ap == 3


def test_full_throttle():
    # Full Throttle: "Deduct the vehicle's size from the roll: as long as the score is above 0
    # you may make that many extra moves"; "If the score is reduced to 0 or less, you still
    # receive your full move allowance and receive an extra move of 1 ... that vehicle cannot
    # complete any further actions this turn"
    s = new_state(faces=[5])
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("throttle", 0, b.vid))
    assert s.pending == 6 + 3
    assert all(a.kind == "drive" for a in s.legal_actions())
    s.apply(Act("drive", 0, b.vid, to=step((0, 0), 0, 9), facing=0))
    assert b.pos == (9, 0) and not b.done
    s = new_state(faces=[4])
    r = put(s, 0, RIG, (0, 0), 0)
    s.apply(Act("throttle", 0, r.vid))
    assert s.pending == 4 + 1
    s.apply(Act("drive", 0, r.vid, to=(5, 0), facing=0))
    assert r.done and not any(a.vehicle == r.vid for a in s.legal_actions())


def test_trapped_in_a_hazard():
    # Vehicles Trapped in Hazards: "roll a 4+ ... as many dice as their size stat and only need
    # 1 success. This roll does not cost an AP ... if the roll fails then the vehicle cannot be
    # used at all in that turn."
    s = new_state(faces=[1, 2, 3], terrain={(0, 0): HAZARD})
    w = put(s, 0, WRECKER, (0, 0), 0)
    s.apply(Act("move", 0, w.vid, to=(2, 0), facing=0))
    assert w.pos == (0, 0) and s.ap == 5 and w.stuck == 2
    assert not any(a.vehicle == w.vid for a in s.legal_actions())
    # "-1 penalty to its move this turn and cannot full throttle"
    s = new_state(faces=[4], terrain={(0, 0): HAZARD})
    w = put(s, 0, WRECKER, (0, 0), 0)
    assert not any(a.kind == "throttle" for a in s.legal_actions())
    assert max(a[0] for a, _ in move_options(s, w)) == 4
    s.apply(Act("move", 0, w.vid, to=(4, 0), facing=0))
    assert w.pos == (4, 0)


def test_front_arc_figure():
    # The front arc figure: "1. The blue wrecker is right in front so can be targeted. 2. The
    # scout cannot be targeted as the shortest path to it is blocked by no 1 ... 4. This scout
    # cannot be targeted as the shortest path to it is blocked by an obstacle."
    s = new_state(terrain={(1, -1): OBSTACLE})
    red = put(s, 0, WRECKER, (0, 0), 0)
    blue = put(s, 1, WRECKER, (2, 0), 3)
    hidden = put(s, 1, SCOUT, (3, 0), 0)
    behind_rock = put(s, 1, SCOUT2, (2, -2), 0)
    behind_red = put(s, 1, BUGGY, (-2, 0), 0)
    targets = {t for t, _ in shoot_targets(s, red)}
    assert blue.vid in targets
    assert hidden.vid not in targets and behind_rock.vid not in targets
    assert behind_red.vid not in targets        # not in the front arc
    # "Big rigs can shoot from either hex, including behind them."
    rig = put(s, 0, RIG, (-4, 2), 0)
    assert behind_red.vid in {t for t, _ in shoot_targets(s, rig)}


def test_range_is_three_hexes():
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    near = put(s, 1, WRECKER, (3, 0), 0)
    far = put(s, 1, SCOUT, (4, -1), 0)
    assert {t for t, _ in shoot_targets(s, b)} == {near.vid}
    assert far.vid


def test_shooting_from_behind_is_rear():
    # "Deduct 1 from the target's armour if you are shooting from a hex directly in the line
    # behind a target"
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, WRECKER, (2, 0), 0)     # facing away from the buggy
    assert shoot_targets(s, b) == [(s.vehicle(1, WRECKER).vid, True)]


def test_the_ram_example_in_the_simulator():
    # Ramming an Adjacent Vehicle, the example: "the wrecker wins by a score of 8 to 5 ... it
    # cannot push the big rig, but the rig still takes 3DP"
    s = new_state(faces=[1, 3, 3, 4, 6, 5, 2, 4, 5])
    w = put(s, 0, WRECKER, (-1, 0), 0)
    rig = put(s, 1, RIG, (0, 0), 0)          # its rear hex just ahead of the wrecker
    s.apply(Act("ram", 0, w.vid, rig.vid))
    assert rig.damage == 3 and rig.pos == (0, 0) and w.damage == 0


def test_a_ram_pushes_a_smaller_target():
    # "if the attacker's size is equal or higher than the target's they may push the target
    # into one of the three hexes behind it"
    s = new_state(faces=[6, 5, 4, 3, 2, 2, 2])
    rig = put(s, 0, RIG, (0, 0), 0)          # front hex (1, 0)
    b = put(s, 1, BUGGY, (2, 0), 3)
    s.apply(Act("ram", 0, rig.vid, b.vid))
    # 6 5 4 3 +2 against armour 4: 6, 5, 4 = 3 (+ the free 2: miss) + size 4 = 7; buggy 2 2 2 ->
    # 0 + 2 = 2: 5 DP wrecks the buggy, pushed first
    assert not b.active


def test_defender_higher_damages_a_smaller_attacker():
    # "ONLY if their vehicle size is larger than the attacker can they damage the attacker.
    # The attacker takes 1DP for the difference in the size stats."
    s = new_state(faces=[1, 1, 1, 1, 6, 6, 5, 5, 1, 1])
    b = put(s, 0, BUGGY, (0, 0), 0)
    rig = put(s, 1, RIG, (1, 0), 0)
    s.apply(Act("ram", 0, b.vid, rig.vid))
    assert b.damage == 2 and rig.damage == 0


def test_scouts_cannot_ram():
    s = new_state()
    sc = put(s, 0, SCOUT, (0, 0), 0)
    put(s, 1, BUGGY, (1, 0), 0)
    assert not any(a.kind == "ram" and a.vehicle == sc.vid for a in s.legal_actions())


def test_steamroll():
    # STEAMROLL: "move up to 2 hexes in its current facing in a straight line as part of any
    # ram ... The target can be in any of the 3 hexes a ram can normally target."
    s = new_state()
    w = put(s, 0, WRECKER, (0, 0), 0)
    b = put(s, 1, BUGGY, (3, 0), 0)
    assert Act("ram", 0, w.vid, b.vid, n=2) in s.legal_actions()
    assert Act("ram", 0, w.vid, b.vid, n=1) not in s.legal_actions()


def test_crash_and_burn_explosion_hits_every_adjacent_vehicle():
    # Crash and Burn: "1: The vehicle erupts in a ball of flame ... and is removed from the
    # table. The owner of the wreck makes an attack: 1 (one die attack) against EVERY adjacent
    # vehicle."
    s = new_state(faces=[6, 6, 2, 2, 1, 6, 2, 6, 2])
    b = put(s, 0, BUGGY, (0, 0), 0)
    sc = put(s, 1, SCOUT, (2, 0), 3, damage=1)
    put(s, 1, WRECKER, (3, 0), 3)
    put(s, 1, BUGGY, (2, 1), 3)
    s.apply(Act("shoot", 0, b.vid, sc.vid))   # 6 6 (+2 2): 2 hits wreck it; crash 1
    assert sc.pos is None and not sc.active
    assert s.vehicle(1, WRECKER).damage == 1 and s.vehicle(1, BUGGY).damage == 1


def test_sites_are_awarded_after_surviving_the_next_turn():
    # How to Win: "they must land on a site token (to occupy it) during their turn and
    # successfully survive the next player's turn to claim it ... They also collect a salvage
    # card as a reward."
    s = new_state()
    s.tokens = {(0, 0): False}
    sc = put(s, 0, SCOUT, (-1, 0), 0)
    put(s, 1, SCOUT, (4, 4), 0)
    s.apply(Act("move", 0, sc.vid, to=(0, 0), facing=0))
    s.apply(Act("end", 0))
    assert s.tokens[(0, 0)] is True           # flipped green
    cards = len(s.hands[0])
    s.apply(Act("end", 1))
    assert s.scores == [1, 0] and len(s.hands[0]) == cards + 1
    assert (0, 0) not in s.tokens and len(s.tokens) == 4   # replaced up to 4


def test_damage_contests_a_site():
    # "if the occupying vehicle takes damage from any source or is moved off the token then it
    # is immediately flipped back to red"
    s = new_state(faces=[6, 2, 1])
    s.tokens = {(0, 0): False}
    sc = put(s, 0, SCOUT, (0, 0), 0)
    b = put(s, 1, BUGGY, (-2, 0), 0)
    s.apply(Act("end", 0))
    assert s.tokens[(0, 0)] is True
    s.apply(Act("shoot", 1, b.vid, sc.vid))
    assert s.tokens[(0, 0)] is False
    s.apply(Act("end", 1))
    assert s.scores == [0, 0]


def test_mechanic_and_returning():
    # MECHANIC: "remove 1DP at the beginning of their turn, even if they are wrecked";
    # Bringing a Vehicle Back: "spending an AP: it returns fully damaged minus 1DP"
    s = new_state()
    rig = put(s, 1, RIG, (0, 0), 0, damage=6)
    rig.active = False
    s.apply(Act("end", 0))
    assert rig.damage == 5 and rig.active
    spots = [a for a in s.legal_actions() if a.kind == "return"]
    assert spots
    s.apply(spots[0])
    v = s.vehicles[spots[0].vehicle]
    assert v.damage == v.kind.dp - 1 and v.active and s.ap == 4


def test_nothing_is_legal_for_the_other_seat():
    s = new_state()
    with pytest.raises(IllegalAction):
        s.apply(Act("end", 1))


def _with_cards(faces=(), event=None):
    from pnp.games.wreck_and_ruin.cards import CardDef

    s = new_state(faces=faces)
    s.salvage = (CardDef("Reserve Fuel Tank", "salvage", "reserve_fuel"),
                 CardDef("Scrap", "salvage", "scrap"))
    s.hands[0] = [0, 1]
    s.round = 2
    if event:
        s.event = CardDef(event, "event", event)
    return s


def test_engine_trouble_with_the_reserve_fuel_tank():
    # Playing Cards, the example: "Playing a salvage card such as reserve fuel tank which
    # allows a free move still requires a successful roll for engine trouble first. If the roll
    # fails, no AP was spent playing it so would not lose an AP, and the player would not lose
    # the card ... It would still count as playing a salvage card that turn though so no other
    # cards could be used."
    s = _with_cards(faces=[1], event="engine_trouble")
    b = put(s, 0, BUGGY, (0, 0), 0, damage=1)
    fuel = Act("fuel", 0, b.vid, to=(3, 0), facing=0)
    assert fuel in s.legal_actions()
    s.apply(fuel)
    assert b.pos == (0, 0) and s.ap == 5 and s.hands[0] == [0, 1] and s.card_used
    assert not any(a.kind in ("fuel", "discard", "kit") for a in s.legal_actions())
    # with a good roll the free move is made, the card spent, and no AP
    s = _with_cards(faces=[4], event="engine_trouble")
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("fuel", 0, b.vid, to=(3, 0), facing=0))
    assert b.pos == (3, 0) and s.ap == 5 and s.hands[0] == [1]
    assert any(a.kind == "move" and a.vehicle == b.vid for a in s.legal_actions())


def test_no_cards_in_the_setup_round():
    # The Setup Round: "no cards can be used in the setup round: faction or salvage"
    s = _with_cards()
    s.round = 1
    put(s, 0, BUGGY, (0, 0), 0, damage=1)
    assert not any(a.kind in ("fuel", "discard", "kit") for a in s.legal_actions())


def test_sandstorm_shortens_the_range():
    s = _with_cards(event="sandstorm")
    b = put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, WRECKER, (3, 0), 0)
    assert shoot_targets(s, b) == []


@pytest.mark.parametrize("variant", ["last_man_standing", "unpredictable", "arcade",
                                     "card_shark", "all_out_war"])
def test_variants_play_to_the_end(variant):
    # Restricted Access - Veterans Only: each variant is an option of the run
    import random

    from pnp.games.wreck_and_ruin import GAME
    from pnp.sim.play import game_seed, play

    setup = GAME.make_setup("variant", 3, ("heuristic",) * 3, {variant: True})
    state = play(GAME, setup, game_seed("variant", 1), check=True)
    assert state.is_over() and sum(state.returns()) == pytest.approx(1)
    assert random


def test_all_out_war_scores_wrecks():
    # All-out WaR: "receive size stat -1 points when you wreck a vehicle ... a big rig is worth 3"
    from dataclasses import replace

    s = new_state(faces=[6, 6, 6, 6, 6, 6, 2, 2, 2, 4, 1])
    object.__setattr__(s, "setup", replace(s.setup, all_out_war=True))
    rig = put(s, 0, RIG, (0, 0), 0)
    target = put(s, 1, RIG, (2, 0), 0, damage=0)
    s.apply(Act("shoot", 0, rig.vid, target.vid))
    assert not target.active and s.scores[0] == 3


def _faction(effect, amount=1):
    from pnp.games.wreck_and_ruin.cards import CardDef

    s = new_state()
    s.round = 2
    s.faction_card[0] = CardDef("Test", "faction", effect, amount)
    return s


def test_faction_cards_once_a_game_one_a_turn():
    # Faction Cards: "It can only be used once ... Only one can be played per turn"
    s = _faction("war_cry", 2)
    put(s, 0, BUGGY, (0, 0), 0)
    assert Act("faction", 0) in s.legal_actions()
    s.apply(Act("faction", 0))
    assert s.ap == 7 and s.faction_card[0] is None
    assert not any(a.kind == "faction" for a in s.legal_actions())


def test_faction_airstrike_and_overhaul():
    s = _faction("airstrike", 2)
    s.rng.faces = [6, 6, 2, 2, 4, 1]
    put(s, 0, RIG, (0, 0), 0)
    far = put(s, 1, BUGGY, (3, -3), 0)
    put(s, 1, WRECKER, (7, 0), 0)
    assert [a.target for a in s.legal_actions() if a.kind == "faction"] == [far.vid]
    s.apply(Act("faction", 0, target=far.vid))
    assert far.damage == 2
    s = _faction("overhaul", 2)
    b = put(s, 0, BUGGY, (0, 0), 0, damage=2)
    w = put(s, 0, WRECKER, (2, 0), 0, damage=1)
    s.apply(Act("faction", 0))
    assert b.damage == 0 and w.damage == 0
