"""What each action does and the turn and round flow (``play.py``), pinned to the rulebook's
words: each test was written against a mutant of the module no earlier test noticed. Sections:
"Vehicles Trapped in Hazards", "Spending Your AP", "Attempting to Repair a Wreck", "How to Win"
(sites, new tokens, the final push), "The Event Deck", "Playing Cards", MECHANIC.

Dice are scripted (``helpers.Dice``): ``s.rng.faces`` left over shows how many dice were rolled.
"""

from __future__ import annotations

import dataclasses

import pytest

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin import play
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.hexes import distance
from pnp.games.wreck_and_ruin.rules import Config
from pnp.games.wreck_and_ruin.tiles import HAZARD

from .helpers import BUGGY, RIG, SCOUT, SCOUT2, WRECKER, new_state, put

DRONE = 5


def logged(faces=(), terrain=None, config: Config = Config(), rounds=None):
    s = new_state(faces=faces, terrain=terrain, config=config, rounds=rounds)
    s.log = []
    return s


# -- trapped, spending AP, engine trouble ------------------------------------------------------

def test_a_vehicle_that_breaks_free_acts_on_without_rolling_again():
    # Vehicles Trapped in Hazards: "roll a 4+ ... as many dice as their size stat and only need
    # 1 success ... A vehicle which succeeds can use AP as normal"
    s = logged(faces=[4, 1, 1], terrain={(0, 0): HAZARD})
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (2, 0), 3)
    s.apply(Act("shoot", 0, w.vid, t.vid))
    assert w.stuck == 1 and s.log[0] == "P1 wrecker is trapped in a hazard: rolls [4, 1, 1], " \
        "breaks free"
    assert any(a.kind == "move" and a.vehicle == w.vid for a in s.legal_actions())
    s = logged(faces=[3, 1, 1], terrain={(0, 0): HAZARD})
    w = put(s, 0, WRECKER, (0, 0), 0)
    s.apply(Act("move", 0, w.vid, to=(1, 0), facing=0))
    assert s.log == ["P1 wrecker is trapped in a hazard: rolls [3, 1, 1], stays stuck this turn"]
    # "if the roll fails then the vehicle cannot be used at all in that turn", even by an
    # action a player vouches for
    act = Act("move", 0, w.vid, to=(1, 0), facing=0)
    s.vouched = act
    s.apply(act)
    assert w.pos == (0, 0) and s.ap == 5


def test_two_actions_of_a_vehicle_must_differ_whatever_the_limit():
    # "they must be different ie you can't move a vehicle twice"; ``ap_limit`` 3
    s = new_state(config=dataclasses.replace(Config(), ap_limit=3), faces=[1, 1])
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (3, 0), 3)
    s.apply(Act("move", 0, w.vid, to=(1, 0), facing=0))
    s.apply(Act("shoot", 0, w.vid, t.vid))
    assert w.acts == 3 and w.count == 2
    kinds = {a.kind for a in s.legal_actions() if a.vehicle == w.vid}
    assert "move" not in kinds and "shoot" not in kinds and "ram" in kinds


def test_spending_ap_first_closes_the_return_of_a_vehicle():
    # choice (assumptions): a vehicle returns "at the start of their turn", before any AP spent
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    assert any(a.kind == "return" for a in s.legal_actions())
    s.apply(Act("move", 0, b.vid, to=(1, 0), facing=0))
    assert s.acted and not any(a.kind == "return" for a in s.legal_actions())


def test_an_action_failed_by_engine_trouble_still_counts():
    # engine trouble: "forces a roll to be made before an action can be taken"; on a 1 the
    # action fails, its AP and its place in the 2AP limit spent (choice)
    s = logged(faces=[1])
    s.event = CardDef("Engine Trouble", "event", "engine_trouble")
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("move", 0, b.vid, to=(1, 0), facing=0))
    assert b.pos == (0, 0) and s.ap == 4 and b.acts == 1 and b.count == 1
    assert s.log == ["engine trouble: P1 buggy rolls a 1, the action fails"]


# -- repairs -----------------------------------------------------------------------------------

def test_a_wreck_repairs_itself_with_2_dice_against_its_armour():
    # Attempting to Repair a Wreck: "roll 2 dice, remove 1DP for each roll equal or higher than
    # its armour. If a 6 is rolled remove 1DP and roll again for free"; the black peg out: active
    s = logged(faces=[6, 4, 1])
    b = put(s, 0, BUGGY, (0, 0), 0, damage=3)
    b.active = False
    s.apply(Act("fix", 0, b.vid))
    assert b.damage == 1 and b.active and s.rng.faces == []
    assert s.log == ["repair of P1 buggy: [6, 4, 1] needing 4+, 2 DP removed (1/3)"]
    s = logged(faces=[3, 2])                      # 3 is one short of ARMOUR 4: no modifier
    b = put(s, 0, BUGGY, (0, 0), 0, damage=3)
    b.active = False
    s.apply(Act("fix", 0, b.vid))
    assert b.damage == 3 and not b.active
    assert s.log == ["repair of P1 buggy: [3, 2] needing 4+, 0 DP removed (3/3), still a wreck"]


def test_repairs_never_go_below_no_damage():
    s = new_state(faces=[6, 6, 6, 5, 5])
    b = put(s, 0, BUGGY, (0, 0), 0, damage=3)
    b.active = False
    s.apply(Act("fix", 0, b.vid))
    assert b.damage == 0 and b.active


# -- the final push ----------------------------------------------------------------------------

def _last_turn(occupied=True, wreck=False):
    s = logged(rounds=1)
    s.seat = 1
    b = put(s, 1, BUGGY, (0, 0), 0)
    b.active = not wreck
    s.tokens = {(0, 0): False, (4, -4): False}
    if not occupied:
        s.leave(b)
        b.pos = None
    return s, b


def test_the_final_push_gives_player_1_an_ap_per_occupied_site():
    # How to Win: "at the end of the last player's final turn there are still salvage sites
    # occupied, player 1 receives 1 Action Point (AP) per occupied site ... Remove all tokens
    # that do not have a vehicle on them ... tokens left uncontested after this are awarded"
    s, b = _last_turn()
    s.apply(Act("end", 1))
    assert s.final_push and not s.over and s.seat == 0 and s.round == 1
    assert s.ap == 1 and s.tokens == {(0, 0): True}
    assert s.log[-1] == "final push: P1 gets 1 AP against 1 occupied site(s)"
    hand = list(s.hands[1])
    s.apply(Act("end", 0))
    assert s.over and s.scores == [0, 1] and s.tokens == {}
    assert s.hands[1] == hand          # "salvage cards cannot be used by ANY player": none drawn


def test_no_final_push_without_an_occupied_site_nor_on_a_wreck():
    for s, _ in (_last_turn(occupied=False), _last_turn(wreck=True)):
        s.apply(Act("end", 1))
        assert s.over and not s.final_push and s.log[-1] == "the game ends"


# -- salvage tokens ----------------------------------------------------------------------------

def _tiles(s, spots):
    """Tile p of the test board: the hexes ``spots[p]`` (tiles 0-6)."""
    object.__setattr__(s.board, "token_hexes", tuple(tuple(x) for x in spots))
    position = dict.fromkeys(s.board.terrain, 0)
    position.update({h: p for p, hs in enumerate(spots) for h in hs})
    object.__setattr__(s.board, "position", position)


def test_a_new_token_goes_on_the_rolled_tile_red_side_up():
    # "roll a die and compare the result to the round tracker ... this is the board tile they
    # must place the token on"; "placing a salvage token red side up"
    s = logged(faces=[1])
    _tiles(s, [[(0, 0)], [(0, 3)], [(3, 0)], [(-3, 0)], [(0, -3)], [(3, -3)], [(-3, 3)]])
    s.rng.randrange = lambda n: 0
    play.place_token(s)
    assert s.tokens == {(0, 3): False}
    assert s.log == ["a salvage token is placed at 0,3 (tile 1)"]
    play.place_token(s, opening=True)             # the opening four: the central tile
    assert s.tokens == {(0, 3): False, (0, 0): False}


def test_a_tile_with_two_tokens_sends_the_new_one_to_the_central_tile():
    # "Only two tokens can be on any given tile, except for the central tile; if your target
    # tile contains 2 tokens, place it on the central tile instead"
    s = new_state(faces=[3, 3, 3])
    _tiles(s, [[(0, 0)], [(0, 5)], [(5, 0)], [(-5, 0), (-5, 3), (-2, -3)], [(0, -5)],
               [(5, -5)], [(-5, 5)]])
    s.tokens = {(-5, 0): False, (6, -6): False}
    s.board.position[(6, -6)] = 3
    play.place_token(s)
    assert (0, 0) in s.tokens                     # 2 on tile 3: the central tile
    del s.tokens[(0, 0)]
    del s.tokens[(6, -6)]
    play.place_token(s)
    assert set(s.tokens) - {(-5, 0)} <= {(-5, 3), (-2, -3)} and len(s.tokens) == 2


def test_a_token_never_goes_on_or_next_to_a_token_nor_under_a_vehicle():
    # "Tokens cannot be placed in a hex containing a token, vehicle or obstacle ... or adjacent
    # to another token"
    for seed in range(6):
        s = new_state()
        s.rng.seed(seed)
        put(s, 0, BUGGY, (1, 1), 0)
        put(s, 1, BUGGY, (-2, 2), 0)
        for _ in range(12):
            play.place_token(s)
        hexes = list(s.tokens)
        assert len(hexes) == 12 and not {(1, 1), (-2, 2)} & set(hexes)
        assert all(distance(a, b) >= 2 for a in hexes for b in hexes if a != b)


def test_with_no_room_on_the_tile_or_the_centre_the_token_goes_to_the_next_tile_with_room():
    # choice: the rolled tile, then the central tile, then tiles 1-6 in turn; none: no token
    s = logged(faces=[2, 2])
    _tiles(s, [[(0, 0)], [(0, 5)], [(5, 0)], [], [], [], []])
    put(s, 0, BUGGY, (0, 0), 0)
    put(s, 1, BUGGY, (5, 0), 0)
    play.place_token(s)
    assert s.tokens == {(0, 5): False}
    play.place_token(s)
    assert s.tokens == {(0, 5): False}
    assert s.log[-1] == "no legal place is left for a salvage token"


# -- cards and factions ------------------------------------------------------------------------

def test_an_airstrike_rolls_plain_dice_against_the_armour():
    # airstrike: "Attack ... with N dice": each roll equal or higher than the armour
    s = logged(faces=[3, 3])
    s.round = 2
    s.faction_card[0] = CardDef("Air Strike", "faction", "airstrike", 2)
    put(s, 0, RIG, (0, 0), 0)
    t = put(s, 1, BUGGY, (3, 0), 0)
    s.apply(Act("faction", 0, target=t.vid))
    assert t.damage == 0
    assert s.log == ["faction card: Air Strike", "airstrike on P2 buggy: [3, 3] needing 4+, 0 hits"]


def test_the_drone_enters_undamaged_next_to_the_rig_nearest_the_centre():
    # the drone faction card (choice: the free open hex next to the big rig nearest the map's
    # centre, facing as the rig; with no rig on the board, the setup area's nearest hex)
    s = logged()
    s.round, s.seat = 2, 1
    s.faction_card[1] = CardDef("Eye in the Sky", "faction", "drone")
    put(s, 1, RIG, (2, 2), 3)                     # hexes (2, 2) and (1, 2)
    s.apply(Act("faction", 1))
    drone = s.vehicle(1, DRONE)
    assert drone.pos == (0, 2) and drone.facing == 3 and drone.damage == 0 and drone.active
    assert s.log[-1] == "P2 drone enters play at 0,2"


def test_without_a_rig_the_drone_enters_in_the_setup_area():
    s = new_state()
    s.round = 2
    s.faction_card[0] = CardDef("Eye in the Sky", "faction", "drone")
    put(s, 0, BUGGY, (0, 0), 0)                   # on the board, not a rig
    put(s, 1, RIG, (3, 3), 0)                     # the enemy's rig
    s.apply(Act("faction", 0))
    drone = s.vehicle(0, DRONE)
    area = s.board.setup[0]
    assert drone.pos == min(area, key=lambda h: (distance(h, s.board.centre), h))
    assert drone.facing == s._inward(0)


def test_a_drone_already_in_play_stays_where_it_is():
    s = logged()
    s.round = 2
    s.faction_card[0] = CardDef("Eye in the Sky", "faction", "drone")
    put(s, 0, RIG, (2, 2), 3)
    drone = put(s, 0, DRONE, (-4, 0), 2)
    drone.damage = 0
    s.apply(Act("faction", 0))
    assert drone.pos == (-4, 0) and s.log[-1] == "no room for P1 drone: the card is spent"


def test_overhaul_repairs_the_active_vehicles_on_the_board_and_boosts_add_up():
    # overhaul: "Remove N DP from each of your active vehicles"; bloodlust and nomads add to
    # what the turn already has
    s = logged()
    s.seat = 1
    b = put(s, 1, BUGGY, (0, 0), 0, damage=2)
    wreck = put(s, 1, WRECKER, (3, 0), 0, damage=4)
    wreck.active = False
    off = s.vehicle(1, SCOUT)
    off.damage = 2
    enemy = put(s, 0, BUGGY, (0, 3), 0, damage=2)
    play.boost(s, 1, "overhaul", 1)
    assert (b.damage, wreck.damage, off.damage, enemy.damage) == (1, 4, 2, 2)
    assert s.log == ["P2 buggy repaired (1/3)"]
    play.boost(s, 1, "bloodlust", 1)
    play.boost(s, 1, "bloodlust", 2)
    play.boost(s, 1, "nomads", 1)
    play.boost(s, 1, "nomads", 1)
    assert s.bonus_dice == 3 and s.bonus_move == 2


# -- the start of a turn -----------------------------------------------------------------------

def test_mechanic_is_the_current_players_big_rig_with_damage_only():
    # MECHANIC: "Big rigs can remove 1DP at the beginning of their turn, even if they are
    # wrecked"
    s = logged()
    mine = put(s, 0, RIG, (0, 0), 0, damage=1)
    theirs = put(s, 1, RIG, (0, 4), 0, damage=2)
    play.start_turn(s)
    assert mine.damage == 0 and theirs.damage == 2
    assert s.log[0] == "MECHANIC: P1 big-rig removes 1 DP (0/6)"
    play.start_turn(s)
    assert mine.damage == 0


def test_a_mechanic_of_0_leaves_a_wrecked_rig_a_wreck():
    # ``mechanic`` 0 (rules.yaml): nothing removed, so the black peg stays
    s = new_state(config=dataclasses.replace(Config(), mechanic=0))
    rig = put(s, 0, RIG, (0, 0), 0, damage=6)
    rig.active = False
    play.start_turn(s)
    assert rig.damage == 6 and not rig.active



# -- the legality check ------------------------------------------------------------------------

def test_an_action_not_legal_now_is_refused_unless_vouched_for():
    # apply checks every action against the legal ones, except ending the turn outside a full
    # throttle and an action a player built from the rules' tables and vouched for
    s = new_state(faces=[5])
    b = put(s, 0, BUGGY, (0, 0), 0)
    far = Act("move", 0, b.vid, to=(7, 0), facing=0)        # beyond a move of 6
    with pytest.raises(IllegalAction, match="is not legal now"):
        s.apply(far)
    s.vouched = far
    s.apply(far)
    assert b.pos == (7, 0)
    s = new_state(faces=[5])
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("throttle", 0, b.vid))
    with pytest.raises(IllegalAction, match="is not legal now"):
        s.apply(Act("end", 0))                               # the drive comes first
    s.apply(Act("drive", 0, b.vid, to=(0, 0), facing=0))
    s.apply(Act("end", 0))
    assert s.seat == 1


# -- events ------------------------------------------------------------------------------------

EVENTS = (CardDef("Calm", "event", "calm"), CardDef("Supply Drop", "event", "supply_drop", 2))


def _with_events(unpredictable=False, faces=()):
    s = logged(faces=faces)
    if unpredictable:
        object.__setattr__(s, "setup", dataclasses.replace(s.setup, unpredictable=True))
    s.events = EVENTS
    s.event_pile = [0, 1]
    s.salvage = (CardDef("Scrap", "salvage", "scrap"),) * 9
    s.salvage_pile = list(range(9))
    return s


def test_the_first_player_draws_an_event_as_each_round_after_the_first_begins():
    # The Event Deck: "When the round tracker moves to the next round, the first player must
    # draw the top card ... The card stays in play for the entire round and is passed to each
    # player at the start of their turn"
    s = _with_events()
    play.start_turn(s)                            # round 1: the setup round
    assert s.event is None
    s.seat = 1
    s.round = 2
    play.start_turn(s)                            # not the first player
    assert s.event is None
    s.seat = 0
    play.start_turn(s)
    assert s.event == EVENTS[1] and s.event_round == 2 and s.event_pile == [0]
    assert "event: Supply Drop" in s.log and len(s.hands[0]) == 2   # resolved for P1
    s.rng.faces = [6]
    play.start_turn(s)                            # the same round again: no new card
    assert s.event == EVENTS[1] and s.event_pile == [0] and s.rng.faces == [6]  # no roll
    s.seat = 1
    play.start_turn(s)
    assert s.event == EVENTS[1] and len(s.hands[1]) == 2              # passed on to P2
    s.seat, s.round = 0, 3
    play.start_turn(s)
    assert s.event == EVENTS[0] and s.event_pile == []
    s.round = 4
    play.start_turn(s)                            # an empty pile: the deck is shuffled again
    assert s.event in EVENTS and len(s.event_pile) == 1


def test_unpredictable_wastes_draw_a_new_event_on_a_4_or_more():
    # Unpredictable Wastes: "after player 1 has drawn the first event card, each player at the
    # beginning of their turn rolls a die: on a 4+ a new event is drawn"
    s = _with_events(unpredictable=True, faces=[6])
    s.seat = 1
    play.start_turn(s)                            # no first event yet: no roll
    assert s.event is None and s.rng.faces == [6]
    s.event = EVENTS[0]
    s.event_pile = [0, 1]
    s.rng.faces = [3]
    play.start_turn(s)
    assert s.event == EVENTS[0] and s.rng.faces == []
    s.rng.faces = [4]
    play.start_turn(s)
    assert s.event == EVENTS[1]
    s.rng.faces = [1]
    play.start_turn(s)
    assert s.event == EVENTS[1] and s.rng.faces == []


def test_acid_rain_falls_on_a_vehicle_of_the_current_player():
    # "a random vehicle of yours takes N DP"; "Random events affect wrecks too, but not
    # vehicles removed from the board"
    s = logged(faces=[1])
    s.seat = 1
    s.event = CardDef("Acid Rain", "event", "acid_rain", 1)
    b = put(s, 1, BUGGY, (0, 0), 0)
    put(s, 0, BUGGY, (0, 3), 0)
    play.start_turn(s)
    assert b.damage == 1 and s.log[0] == "acid rain falls on P2 buggy"
    s.seat = 0
    s.rng.faces = [2, 1]                          # a 2 picks nobody among one vehicle
    mine = s.vehicle(0, BUGGY)
    play.start_turn(s)
    assert mine.damage == 1 and b.damage == 1 and s.rng.faces == []


# -- the end of a turn -------------------------------------------------------------------------

def test_green_sites_are_awarded_one_each_and_an_unheld_green_site_turns_red():
    # How to Win: "If a token remains green (uncontested) at the end of ANY turn, it is removed
    # from the board and given to the occupier as a victory point. They also collect a salvage
    # card"; a site whose vehicle was wrecked is not held
    s = logged()
    s.salvage = (CardDef("Scrap", "salvage", "scrap"),) * 9
    s.salvage_pile = list(range(9))
    _tiles(s, [[(0, -6), (6, -6)], [], [], [], [], [], []])
    wreck = put(s, 0, BUGGY, (0, 0), 0)
    wreck.active = False
    a = put(s, 0, WRECKER, (3, 0), 0)
    c = put(s, 0, SCOUT, (-3, 0), 0)
    s.tokens = {(0, 0): True, (3, 0): True, (-3, 0): True}
    s.scores[0] = 1
    play.end_turn(s)
    assert s.scores == [3, 0] and len(s.hands[0]) == 2 and s.awarded == [0, 0]
    assert s.tokens[(0, 0)] is False and (3, 0) not in s.tokens and (-3, 0) not in s.tokens
    assert "the site at 3,0 is awarded to P1 (P1 wrecker)" in s.log
    assert a.pos and c.pos


def test_the_round_ends_after_the_last_player_and_the_game_after_the_last_round():
    # "A typical 2 player game lasts 6 rounds" (``rounds``): round 2 of 2, then the end
    s = logged(rounds=2)
    _tiles(s, [[], [], [], [], [], [], []])       # no room for tokens: no final push
    play.end_turn(s)
    assert (s.seat, s.round, s.over) == (1, 1, False)
    assert s.log[-1] == "round 1, P2's turn: 5 AP"
    play.end_turn(s)
    assert (s.seat, s.round, s.over) == (0, 2, False)
    play.end_turn(s)
    play.end_turn(s)
    assert s.over and s.log[-1] == "the game ends"


def test_arcade_mode_returns_the_removed_vehicles_at_the_start_of_the_turn():
    # Arcade mode: "At the start of a player's turn they can return all vehicles removed back
    # into their setup area free of damage" (choice: always, facing the centre)
    s = logged()
    object.__setattr__(s, "setup", dataclasses.replace(s.setup, arcade=True))
    s.seat = 1
    gone = s.vehicle(1, BUGGY)
    gone.damage, gone.active = 3, False
    stays = put(s, 1, WRECKER, (0, 0), 0)
    theirs = s.vehicle(0, BUGGY)
    play.start_turn(s)
    assert gone.pos in s.board.setup[1]
    assert gone.facing == s._inward(1) and gone.damage == 0 and gone.active
    assert stays.pos == (0, 0) and theirs.pos is None and s.vehicle(1, DRONE).pos is None
    assert "P2 buggy returns (arcade mode)" in s.log
    first = s.vehicle(1, SCOUT)
    assert first.pos == min(s.board.setup[1], key=lambda h: (distance(h, s.board.centre), h))
    s.leave(gone)
    gone.pos, gone.active = None, False
    s.seat = 0
    play.start_turn(s)                            # P1's turn: P2's vehicles stay off
    assert gone.pos is None and theirs.pos is not None


# -- what each action does ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["reverse", "shoot", "ram", "salvage", "fix", "fuel"])
def test_a_trapped_vehicle_rolls_before_any_action(kind):
    # Vehicles Trapped in Hazards: "Players wishing to use a vehicle trapped in a hazard hex to
    # complete ANY action must first roll a 4+ ... if the roll fails then the vehicle cannot be
    # used at all in that turn"
    s = new_state(faces=[1, 1, 1], terrain={(0, 0): HAZARD})
    s.round = 2
    s.salvage = (CardDef("Reserve Fuel Tank", "salvage", "reserve_fuel"),)
    s.hands[0] = [0]
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (1, 0), 3)
    act = {"reverse": Act("reverse", 0, w.vid, to=(-1, 0), facing=0),
           "shoot": Act("shoot", 0, w.vid, t.vid),
           "ram": Act("ram", 0, w.vid, t.vid),
           "salvage": Act("salvage", 0, w.vid, t.vid),
           "fix": Act("fix", 0, w.vid),
           "fuel": Act("fuel", 0, w.vid, to=(-1, 0), facing=0)}[kind]
    if kind == "salvage":
        t.active = False
    if kind == "fix":
        w.damage, w.active = 4, False
    if kind == "fuel":
        act = next(a for a in s.legal_actions() if a.kind == "fuel")
    s.apply(act)
    assert w.stuck == 2 and s.rng.faces == [] and s.ap == 5
    assert w.pos == (0, 0) and t.damage == 0 and t.pos == (1, 0) and s.hands[0] == [0]


def test_reversing_moves_the_vehicle_and_counts_as_its_move():
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("reverse", 0, b.vid, to=(-2, 0), facing=0))
    assert b.pos == (-2, 0) and b.acts == 1 and s.ap == 4


def test_potshot_and_repair_come_with_a_move_once_and_not_out_of_a_hazard():
    # POTSHOT: "can attempt an attack anywhere within its move without having to spend an AP,
    # but at a -1 penalty to all rolls to hit"; REPAIR: "free as part of a buggy's move";
    # "Vehicles cannot use any special skills whilst within a hazard or as part of an action
    # which moves them out of the hazard"
    s = new_state(faces=[4], terrain={(0, 4): HAZARD})
    sc = put(s, 0, SCOUT, (0, 0), 0)
    t = put(s, 1, BUGGY, (3, 0), 3)
    s.apply(Act("move", 0, sc.vid, to=(1, 0), facing=0))
    assert sc.potshot and not sc.repair
    s.apply(Act("potshot", 0, sc.vid, t.vid))
    assert t.damage == 0 and s.rng.faces == [] and s.ap == 4     # 4 - 1 misses ARMOUR 4
    assert not sc.potshot
    b = put(s, 0, BUGGY, (0, -2), 0, damage=1)
    s.apply(Act("move", 0, b.vid, to=(1, -2), facing=0))
    assert b.repair and not b.potshot
    s.rng.faces = [6, 6, 6, 6]
    s2 = put(s, 0, SCOUT2, (0, 4), 0)              # in the hazard: a 4+ frees it
    s.apply(Act("move", 0, s2.vid, to=(1, 4), facing=0))
    assert s2.pos == (1, 4) and not s2.potshot


def test_shooting_from_behind_takes_1_from_the_armour():
    # "Deduct 1 from the target's armour if you are shooting from a hex directly in the line
    # behind a target"
    s = new_state(faces=[4, 1])
    b = put(s, 0, BUGGY, (0, 0), 0)
    t = put(s, 1, WRECKER, (2, 0), 0)               # ARMOUR 5, facing away
    s.apply(Act("shoot", 0, b.vid, t.vid))
    assert t.damage == 1


def test_full_throttle_gives_the_score_as_extra_moves_from_1():
    # Full Throttle: "as long as the score is above 0 you may make that many extra moves"; the
    # throttle is the vehicle's move action
    s = logged(faces=[3])
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("throttle", 0, b.vid))
    assert s.pending == 6 + 1 and not b.done and b.acts == 1 and b.count == 1 and s.ap == 4
    assert s.log == ["full throttle: 3 - size 2 = 1 extra moves"]
    s = logged(faces=[2])
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.apply(Act("throttle", 0, b.vid))
    assert s.pending == 6 + 1 and b.done
    assert s.log == ["full throttle: 2 - size 2 <= 0: 1 extra move, and no further actions "
                     "this turn"]


def test_a_steamroll_moves_the_wrecker_before_the_ram_which_counts_as_its_ram():
    # STEAMROLL: "A target must be declared first, then the steamroll movement must be
    # completed prior to resolving the ram"
    s = new_state(faces=[1] * 12)
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (3, 0), 0)
    s.apply(Act("ram", 0, w.vid, t.vid, n=2))
    assert w.pos == (2, 0) and w.facing == 0 and s.occupant[(2, 0)] == w.vid
    assert (0, 0) not in s.occupant and w.acts == 4 and w.count == 1


def test_salvaging_a_wreck_removes_it_and_takes_a_random_card_of_its_owner():
    # Salvaging From a Wreck: "The wreck is removed from the table. You may take a salvage card
    # from the player who owns the wreck, chosen at random ... If they have no salvage to steal
    # the wreck is still removed but no salvage card is collected"; "counts towards that
    # vehicle's 2AP limits"
    s = logged()
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (1, 0), 0)
    t.active = False
    s.hands = [[], [7, 8]]
    s.rng.randrange = lambda n: n - 1
    s.apply(Act("salvage", 0, w.vid, t.vid))
    assert t.pos is None and (1, 0) not in s.occupant and s.hands == [[8], [7]]
    assert w.acts == 8 and w.count == 1 and s.ap == 4
    assert s.log == ["the wreck of P2 buggy is removed, a salvage card is taken"]
    s = logged()
    w = put(s, 0, WRECKER, (0, 0), 0)
    t = put(s, 1, BUGGY, (1, 0), 0)
    t.active = False
    s.hands = [[], []]
    s.apply(Act("salvage", 0, w.vid, t.vid))
    assert t.pos is None and s.hands == [[], []]
    assert s.log == ["the wreck of P2 buggy is removed, no salvage to take"]


def test_the_buggys_repair_is_used_once_a_move():
    # REPAIR: "free as part of a buggy's move", "Roll 3 dice, each roll equal or higher than
    # the target's armour removes 1DP" (the wrecker's ARMOUR 5)
    s = new_state(faces=[5, 4, 1])
    b = put(s, 0, BUGGY, (0, 0), 0)
    friend = put(s, 0, WRECKER, (2, 0), 0, damage=2)
    s.apply(Act("move", 0, b.vid, to=(1, 0), facing=0))
    s.apply(Act("repair", 0, b.vid, friend.vid))
    assert friend.damage == 1 and s.rng.faces == [] and not b.repair
    assert not any(a.kind == "repair" for a in s.legal_actions())


def test_a_buggy_repairing_itself_rolls_1_die():
    # "Vehicles with the repair skill repairing itself: a vehicle can repair itself as above
    # but only rolls 1 die"
    s = new_state(faces=[4, 4, 4])
    b = put(s, 0, BUGGY, (0, 0), 0, damage=2)
    s.apply(Act("move", 0, b.vid, to=(1, 0), facing=0))
    s.apply(Act("repair", 0, b.vid, b.vid))
    assert b.damage == 1 and s.rng.faces == [4, 4]


def test_a_search_draws_for_the_searcher_with_the_scrap_heaps_extra_cards():
    # "The AP is spent in exchange for the top card of the salvage deck"; scrap heap:
    # "Searching for salvage draws N extra cards"
    s = new_state()
    s.salvage = (CardDef("Scrap", "salvage", "scrap"),) * 9
    s.salvage_pile = list(range(9))
    put(s, 0, BUGGY, (0, 0), 0)
    s.event = CardDef("Scrap Heap", "event", "scrap_heap", 2)
    s.apply(Act("search", 0))
    assert len(s.hands[0]) == 3 and s.hands[1] == [] and s.ap == 4


def _hand(*cards):
    s = logged()
    s.round = 2
    s.salvage = tuple(CardDef(name, "salvage", effect, n) for name, effect, n in cards)
    s.hands[0] = list(range(len(cards)))
    return s


def test_discarding_any_card_repairs_1dp_and_is_the_turns_card():
    # "discard a salvage card from your hand to remove 1DP from an ACTIVE (no black peg)
    # vehicle, but this counts as using a card that turn"
    s = _hand(("Field Kit", "field_repair", 2), ("War Cry", "war_cry", 1))
    b = put(s, 0, BUGGY, (0, 0), 0, damage=3)
    s.apply(Act("discard", 0, target=b.vid))
    assert b.damage == 2 and s.card_used and s.hands[0] == [1]
    assert s.log == ["P1 buggy repairs 1 DP (2/3)"]
    assert not any(a.kind in ("card", "discard", "kit", "fuel") for a in s.legal_actions())


def test_a_field_repair_kit_removes_its_amount():
    s = _hand(("Field Kit", "field_repair", 2))
    b = put(s, 0, BUGGY, (0, 0), 0, damage=3)
    s.apply(Act("kit", 0, target=b.vid))
    assert b.damage == 1 and s.card_used


def test_a_card_played_is_that_card_and_plating_adds_up():
    # "Cards are resolved in the order played. Salvage cards are placed in a discard pile when
    # used"; plating: "+N ARMOUR until the start of your next turn"
    s = _hand(("Scrap", "scrap", 1), ("Plating", "plating", 1))
    b = put(s, 0, BUGGY, (0, 0), 0)
    b.plating = 1
    s.apply(Act("card", 0, target=b.vid, n=1))
    assert s.hands[0] == [0] and s.salvage_discards == [1] and b.plating == 2 and s.card_used
    assert s.log == ["salvage card: Plating", "P1 buggy has ARMOUR 6 until P1's next turn"]


def test_the_reserve_fuel_tank_is_the_turns_card():
    s = _hand(("Reserve Fuel Tank", "reserve_fuel", 1), ("Scrap", "scrap", 1))
    b = put(s, 0, BUGGY, (0, 0), 0, damage=1)
    s.apply(Act("fuel", 0, b.vid, to=(3, 0), facing=0))
    assert b.pos == (3, 0) and s.card_used and s.hands[0] == [1]
    assert not any(a.kind in ("card", "discard", "kit") for a in s.legal_actions())


def test_the_drone_takes_the_rigs_neighbour_nearest_the_centre_not_the_first_by_coordinates():
    s = new_state()
    s.round = 2
    s.faction_card[0] = CardDef("Eye in the Sky", "faction", "drone")
    put(s, 0, RIG, (2, -2), 0)                    # hexes (2, -2) and (3, -2)
    s.apply(Act("faction", 0))
    assert s.vehicle(0, DRONE).pos == (1, -1)     # 1 from the centre; (1, -2) is 2


def test_a_rolled_tile_with_room_but_no_legal_hex_sends_the_token_to_the_centre_first():
    # choice: the rolled tile, then the central tile, then tiles 1-6 in turn
    s = new_state(faces=[2])
    _tiles(s, [[(0, 0)], [(0, 5)], [(5, 0)], [], [], [], []])
    put(s, 1, BUGGY, (5, 0), 0)
    play.place_token(s)
    assert s.tokens == {(0, 0): False}
