"""A game in progress (``state.py``), pinned to the rulebook's words: each test was written
against a mutant of the module no earlier test noticed. Sections: "Winning", "How to Win",
"Setting Up the Game", "The Salvage Deck", Team games, "Damage and DP".
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.actions import Act
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.hexes import distance
from pnp.games.wreck_and_ruin.state import WreckState
from pnp.games.wreck_and_ruin.tiles import HAZARD

from .helpers import BUGGY, RIG, SCOUT, WRECKER, blank_board, new_state, pegs, put


def _over(scores, dp, teams=False):
    s = new_state(players=len(scores))
    s.team = [p % 2 if teams else p for p in range(len(scores))]
    s.scores = list(scores)
    pegs(s, dp)
    s.over = True
    return s


def test_most_sites_wins_then_least_damage_then_a_shared_win():
    # Winning: "The player with the most salvage tokens at the end of the final round wins! If
    # the number of sites captured is equal after the game ends, the winner is the tied player
    # that has taken the least Damage Points (DP)"; still tied: the win is shared (choice,
    # docs/assumptions.md)
    assert _over([2, 1], [9, 0]).returns() == (1.0, 0.0)
    assert _over([1, 1, 0], [3, 2, 0]).returns() == (0.0, 1.0, 0.0)
    assert _over([1, 1, 0], [2, 3, 0]).returns() == (1.0, 0.0, 0.0)
    assert _over([1, 1, 1], [2, 2, 5]).returns() == (0.5, 0.5, 0.0)
    assert _over([0, 0, 0, 0], [1, 1, 1, 1]).returns() == (0.25,) * 4
    s = _over([1, 0], [0, 0])
    s.over = False
    assert s.returns() == (0.0, 0.0)                 # no winner before the end


def test_the_tie_break_counts_the_dp_pegs_at_the_end():
    # Winning: "the winner is the tied player that has taken the least Damage Points (DP) ...
    # Count the DP again"; Flame Pegs: "when a vehicle is successfully damaged an orange flame
    # peg is placed in one of the target's pegholes": the DP are the pegs in place at the end
    # (choice, docs/assumptions.md): repairs take theirs out, overkill places none
    from pnp.games.wreck_and_ruin import combat, play

    s = new_state(faces=[5, 4, 1])
    b = put(s, 0, BUGGY, (0, 0), 0)
    combat.damage(s, b, 2, away_from=None)          # 2 hits on P1's buggy
    play._repair(s, b, 3)                           # REPAIR: 5 and 4 take both pegs out
    assert b.damage == 0
    scout = put(s, 1, SCOUT, (4, 0), 0)
    combat.damage(s, scout, 1, away_from=None)      # P2's scout keeps 1 peg
    s.scores, s.over = [1, 1], True
    assert s.team_totals()[1] == {0: 0, 1: 1}
    assert s.returns() == (1.0, 0.0)
    # overkill: a scout (DP 2) hit 5 times has 2 pegs, wreck or not
    s = new_state(faces=[4, 2])                     # crash and burn: straight on, 2 hexes
    scout = put(s, 0, SCOUT, (0, 0), 0)
    combat.damage(s, scout, 5, away_from=None)
    assert not scout.active and s.team_totals()[1][0] == 2


def test_a_vehicle_off_the_board_counts_all_its_dp_at_the_tie_break():
    # "When a vehicle is removed from the board ... it returns fully damaged minus 1DP
    # (removing the black peg)": off the board it has all its pegs
    s = new_state()
    rig = put(s, 0, RIG, (0, 0), 0, damage=1)
    s.leave(rig)
    s.remove(rig)
    assert s.team_totals()[1] == {0: 6, 1: 0}


def test_team_games_add_their_members_sites_and_damage():
    # Team games: "Factions work together to win" (choice: a team's sites and DP are the sums)
    s = _over([1, 2, 2, 0], [0, 1, 0, 2], teams=True)
    assert s.team_totals() == ({0: 3, 1: 2}, {0: 0, 1: 3})
    assert s.returns() == (0.5, 0.0, 0.5, 0.0)
    s = _over([1, 1, 1, 1], [0, 1, 2, 0], teams=True)     # 2 - 2 sites, 2 - 1 DP
    assert s.returns() == (0.0, 0.5, 0.0, 0.5)


def test_a_vehicle_removed_is_a_wreck_off_the_board():
    # "removed from play temporarily": off the board, a wreck (black peg), all its DP
    s = new_state()
    b = put(s, 0, BUGGY, (0, 0), 0)
    s.leave(b)
    s.remove(b)
    assert b.pos is None and b.active is False and b.damage == b.kind.dp


def test_a_wreck_stopping_on_a_site_takes_the_token_off():
    # How to Win: "Tokens can be temporarily removed if a vehicle crashes and burns ...
    # ending its movement or exploding on top of a token"; each one counted, once
    s = new_state()
    s.log = []
    rig = put(s, 0, RIG, (0, 0), 0)
    s.tokens[(0, 0)] = False
    s.tokens[(1, 0)] = True
    s.removed_tokens = 1
    s.arrive_wreck(rig)
    assert s.tokens == {} and s.removed_tokens == 3
    assert s.log == ["the salvage token at 0,0 is taken off by the wreck",
                     "the salvage token at 1,0 is taken off by the wreck"]
    s.say("a line")
    assert s.log[-1] == "a line"


def test_a_vehicle_returns_to_free_hexes_of_its_setup_area_only():
    # Bringing a vehicle back: "set up in their setup area"; a big rig needs both hexes in it,
    # free
    s = new_state()
    area = s.board.setup[0]
    inward = s._inward(0)
    rig = s.vehicle(0, RIG)
    spots = s.return_spots(rig)
    assert spots and all(h in area and (h[0] + _d(inward)[0], h[1] + _d(inward)[1]) in area
                         for h in spots)
    assert len(spots) < len(area)
    b = s.vehicle(0, BUGGY)
    blocker = put(s, 1, SCOUT, area[0], 0)
    assert blocker.pos == area[0] and area[0] not in s.return_spots(b)
    assert s.return_spots(b) == [h for h in area if s.free(h)]


def _d(f):
    from pnp.games.wreck_and_ruin.hexes import DIRECTIONS

    return DIRECTIONS[f]


def test_a_clone_is_the_same_game_apart():
    # the search players play on copies: a clone continues exactly as the game would, and
    # playing on it changes nothing in the original
    setup = GAME.make_setup("clone", 2, ("random",) * 2, {})
    s = GAME.rules.new_state(setup, random.Random(3))
    s.log = ["start"]
    twin = s.clone()
    assert twin is not s and twin.vehicles is not s.vehicles
    for name in ("occupant", "tokens", "scores", "wrecked_by_turn", "awarded",
                 "salvage_pile", "salvage_discards", "event_pile", "hands", "faction_card",
                 "team", "log"):
        assert getattr(twin, name) == getattr(s, name) and getattr(twin, name) is not \
            getattr(s, name), name
    assert all(a.hands is not b for a, b in zip([twin], s.hands, strict=False))
    assert [h is not g for h, g in zip(twin.hands, s.hands, strict=True)] == [True, True]
    for v, w in zip(s.vehicles, twin.vehicles, strict=True):
        # (``notes`` is not the game's: the clone writes its own, a copy)
        fields = [n for c in type(v).__mro__ for n in getattr(c, "__slots__", ())]
        assert type(w) is type(v) and len(fields) > 10
        assert v is not w and all(getattr(v, n) == getattr(w, n) for n in fields
                                  if n != "notes")
        assert w.notes is twin.notes and twin.notes is not s.notes
    assert twin.notes.rows == s.notes.rows and twin.notes.rows is not s.notes.rows
    assert twin.rng.random() == s.rng.random()
    before = (dict(s.occupant), [v.pos for v in s.vehicles], list(s.scores))
    while not twin.is_over():
        acts = twin.legal_actions()
        twin.apply(acts[0] if acts[0].kind != "end" else acts[-1])
    assert (dict(s.occupant), [v.pos for v in s.vehicles], list(s.scores)) == before
    assert s.log == ["start"]
    s.log = None
    assert s.clone().log is None


def test_determinize_reshuffles_the_unseen_decks_and_reseeds_the_dice():
    setup = GAME.make_setup("det", 2, ("random",) * 2, {})
    s = GAME.rules.new_state(setup, random.Random(3))
    pile, events = list(s.salvage_pile), list(s.event_pile)
    other = 1 - s.seat
    twin = s.clone()
    twin.determinize(random.Random(9))
    # the other player's hand is unseen too: it is dealt afresh with the pile (same size)
    assert sorted(twin.salvage_pile + twin.hands[other]) == sorted(pile + s.hands[other])
    assert twin.salvage_pile != pile and len(twin.hands[other]) == len(s.hands[other])
    assert twin.hands[s.seat] == s.hands[s.seat]
    assert sorted(twin.event_pile) == sorted(events) and twin.event_pile != events
    assert twin.rng.getstate() != s.rng.getstate()
    again = s.clone()
    again.determinize(random.Random(9))
    assert again.salvage_pile == twin.salvage_pile and again.rng.random() == twin.rng.random()


def test_cards_dealt_by_name_come_from_the_pile_else_from_a_hand():
    # the per-card balance deals a named card on top of a hand; the decks hold each card once
    s = new_state()
    s.salvage = (CardDef("A", "salvage", "scrap"), CardDef("B", "salvage", "scrap"),
                 CardDef("C", "salvage", "scrap"))
    s.salvage_pile = [0, 2]
    s.hands = [[1], []]
    assert s._take("C") == 2 and s.salvage_pile == [0]
    assert s._take("B") == 1 and s.hands[0] == [0] and s.salvage_pile == []
    s.hands = [[], [0]]
    assert s._take("A") == 0 and s.hands == [[], []]
    with pytest.raises(IllegalAction, match="no salvage card 'D' to deal"):
        s._take("D")


def test_start_cards_are_dealt_on_top_of_the_hand():
    setup = GAME.make_setup("deal", 2, ("random",) * 2, {})
    name = setup.salvage[0].name
    setup = dataclasses.replace(setup, start_cards=((name,), ()))
    s = WreckState(setup, random.Random(1))
    assert len(s.hands[0]) == 2 and name in s.dealt[0]


def test_vehicles_are_named_by_seat_and_roster():
    s = new_state(players=3)
    assert s.name_of(s.vehicle(0, SCOUT).vid) == "P1 scout-1"
    assert s.name_of(s.vehicle(2, WRECKER).vid) == "P3 wrecker"


def test_the_game_refuses_actions_after_the_end_and_out_of_turn():
    s = new_state()
    with pytest.raises(IllegalAction, match="^P2 ends the turn is not an action of P1$"):
        s.apply(Act("end", 1))
    s.over = True
    with pytest.raises(IllegalAction, match="^the game is over$"):
        s.apply(Act("end", 0))


def test_a_big_rig_with_either_hex_in_a_hazard_is_trapped():
    # "A big rig only needs one of the hexes it occupies to be a hazard for it to be considered
    # trapped"; a vehicle next to a hazard is not in it, nor one off the board
    s = new_state(terrain={(1, 0): HAZARD, (3, 3): HAZARD})
    rig = put(s, 0, RIG, (0, 0), 0)              # its front on (1, 0)
    assert s.in_hazard(rig)
    put(s, 0, RIG, (3, 3), 0)                    # its rear on (3, 3)
    assert s.in_hazard(rig)
    b = put(s, 0, BUGGY, (0, 0), 0)              # facing the hazard at (1, 0)
    assert not s.in_hazard(b)
    put(s, 0, RIG, (-3, 0), 0)
    assert not s.in_hazard(rig)
    assert not s.in_hazard(s.vehicle(1, SCOUT))  # off the board


def test_leaving_a_site_flips_it_red_and_frees_both_hexes():
    # How to Win: "if the occupying vehicle ... is moved off the token then it is immediately
    # flipped back to red"
    s = new_state()
    rig = put(s, 0, RIG, (0, 0), 0)
    other = put(s, 1, BUGGY, (3, 0), 0)
    s.tokens = {(1, 0): True, (3, 0): True}
    s.leave(rig)
    assert (0, 0) not in s.occupant and (1, 0) not in s.occupant
    assert s.occupant[(3, 0)] == other.vid
    assert s.tokens == {(1, 0): False, (3, 0): True} and s.tokens[(1, 0)] is False


def test_drawing_from_an_empty_deck_shuffles_the_discards_in():
    # "If you ever need to draw a card and there is no deck left, shuffle the discard pile and
    # draw from the top as usual"; with no cards anywhere nothing is drawn
    s = new_state()
    s.salvage_pile, s.salvage_discards, s.hands[0] = [], [3, 4, 5], []
    s.draw(0)
    assert len(s.hands[0]) == 1 and sorted(s.salvage_pile + s.hands[0]) == [3, 4, 5]
    assert s.salvage_discards == []
    s.draw(0, 5)
    assert sorted(s.hands[0]) == [3, 4, 5] and s.salvage_pile == []
    s.hands[0].remove(4)
    s.salvage_discards.append(4)
    s.draw(0, 2)
    assert sorted(s.hands[0]) == [3, 4, 5] and s.salvage_discards == []


def test_the_card_a_player_discards():
    # the generic use ("discard a salvage card ... to remove 1DP") spends the least useful
    # card: scrap, then a field repair, then a reserve fuel tank, then the others, the smallest
    # amount first (choice); a card of an effect: the largest amount, the first in the deck
    s = new_state()
    s.salvage = tuple(CardDef(name, "salvage", effect, n) for name, effect, n in (
        ("W", "war_cry", 1), ("R", "reserve_fuel", 2), ("F", "field_repair", 3), ("S", "scrap", 4),
        ("B", "bloodlust", 0), ("F2", "field_repair", 3), ("F1", "field_repair", 1)))
    s.hands[0] = [0, 1, 2, 3, 4]
    assert [s.discard(0).name for _ in range(5)] == ["S", "F", "R", "B", "W"]
    s.hands[0] = [6, 5, 2]
    assert s.discard(0, "field_repair").name == "F" and s.discard(0, "field_repair").name == "F2"
    assert s.salvage_discards[-2:] == [2, 5]


def test_deployment_fills_the_setup_area_big_rig_at_the_back():
    # "sets their vehicles up completely within their setup area" (choice: facing the centre,
    # the big rig at the back, the others nearest the centre)
    setup = GAME.make_setup("deploy", 2, ("random",) * 2, {})
    s = WreckState(setup, random.Random(1))
    for seat in range(2):
        area = setup.board.setup[seat]
        vs = [s.vehicle(seat, k) for k in range(5)]
        covered = [h for v in vs for h in v.hexes()]
        assert len(covered) == len(set(covered)) == 6 and set(covered) <= set(area)
        by_centre = sorted(area, key=lambda h: (distance(h, setup.board.centre), h))
        assert vs[0].pos == by_centre[0]
        rig = vs[RIG]
        assert distance(rig.pos, setup.board.centre) == max(
            distance(h, setup.board.centre) for h in area)
    # the opening tokens: "any hex within the central tile"
    assert len(s.tokens) == 4 and all(setup.board.position[h] == 0 for h in s.tokens)


def test_no_room_in_the_setup_area_is_an_error():
    board = blank_board()
    small = tuple(a[:4] for a in board.setup)
    object.__setattr__(board, "setup", small)
    setup = GAME.make_setup("tiny", 2, ("random",) * 2, {})
    setup = dataclasses.replace(setup, board=board)
    with pytest.raises(ValueError, match=r"^no room for P1 buggy in the setup area of P1$"):
        WreckState(setup, random.Random(1))


def test_a_new_game_deals_one_salvage_card_a_faction_card_and_no_damage():
    # Setting Up the Game: "They select one of their faction powers at random ... Each player
    # is dealt one salvage card from the deck"; nobody has taken DP or wrecked anything yet
    setup = GAME.make_setup("start", 4, ("random",) * 4, {})
    s = WreckState(setup, random.Random(2))
    assert [len(h) for h in s.hands] == [1, 1, 1, 1]
    assert s.dealt == tuple((s.salvage[h[0]].name,) for h in s.hands)
    assert s.dp_pegs() == [0] * 4 and s.wrecked_by_turn == [0] * 4 and s.scores == [0] * 4
    assert s.team == [0, 1, 2, 3]
    factions = dict(setup.factions)
    assert sorted(s.seat_faction) == sorted(factions)
    assert all(s.faction_card[p] in factions[s.seat_faction[p]] for p in range(4))
    assert s.drawn_factions == tuple(c.name for c in s.faction_card)
    assert all(v.damage == 0 and v.active for v in s.vehicles if v.pos is not None)
    assert s.vehicle(1, SCOUT).name == "P2 scout-1" and s.vehicle(0, SCOUT).facing == s._inward(0)
    # "at random": a faction of several cards does not always deal the same one
    name, deck = next((f, cards) for f, cards in setup.factions if len(set(cards)) > 1)
    dealt = set()
    for k in range(12):
        g = WreckState(setup, random.Random(k))
        dealt.add(g.faction_card[g.seat_faction.index(name)])
    assert len(dealt) > 1 and dealt <= set(deck)


def test_a_seat_without_a_faction_has_no_faction_card():
    setup = GAME.make_setup("one", 2, ("random",) * 2, {})
    setup = dataclasses.replace(setup, factions=setup.factions[:1])
    s = WreckState(setup, random.Random(2))
    assert sorted(s.seat_faction) == ["", setup.factions[0][0]]
    assert sum(c is None for c in s.faction_card) == 1 and len(s.drawn_factions) == 1


def test_knowledge_is_power_deals_no_salvage_and_a_chosen_faction_card():
    # Knowledge is power: "Do not draw a salvage card at the start of the game, but you can
    # select which faction card you want" (choice: the faction's first card)
    setup = GAME.make_setup("kip", 2, ("random",) * 2, {"knowledge_is_power": True})
    s = WreckState(setup, random.Random(2))
    factions = dict(setup.factions)
    assert s.hands == [[], []]
    assert all(s.faction_card[p] == factions[s.seat_faction[p]][0] for p in range(2))


def test_team_games_pair_seats_1_and_3_against_2_and_4():
    # Team games: "factions on the same team cannot have their turns consecutively"
    setup = GAME.make_setup("teams", 4, ("random",) * 4, {"teams": True})
    assert WreckState(setup, random.Random(2)).team == [0, 1, 0, 1]


def test_no_potshot_nor_repair_before_the_vehicle_moves():
    # POTSHOT: "an attack anywhere within its move"; REPAIR: "free as part of a buggy's move"
    s = new_state()
    sc = put(s, 0, SCOUT, (0, 0), 0)
    b = put(s, 0, BUGGY, (0, 2), 0, damage=1)
    put(s, 1, WRECKER, (2, 0), 3)
    for v in (sc, b):
        v.potshot = v.repair = True
        v.reset_turn()
    kinds = {a.kind for a in s.legal_actions()}
    assert "potshot" not in kinds and "repair" not in kinds
