"""Bringing a Vehicle Back on the Board: "A Player can choose to set a vehicle back up in their
setup area at the start of their turn by spending an AP: it returns fully damaged minus 1DP
(removing the black peg). Players can choose to spend further AP at that time and/or discard
any number of salvage cards, to remove 1DP for each. A vehicle can be used the turn it is
brought back."""

from __future__ import annotations

import random

import pytest

from pnp.games.api import IllegalAction
from pnp.games.wreck_and_ruin.actions import Act, parse_action
from pnp.games.wreck_and_ruin.bots import HeuristicBot

from .helpers import BUGGY, RIG, SALVAGE, SCOUT, WRECKER, new_state, put

SCRAP = next(c for c, card in enumerate(SALVAGE) if card.effect == "scrap")
FUEL = next(c for c, card in enumerate(SALVAGE) if card.effect == "reserve_fuel")
WAR_CRY = next(c for c, card in enumerate(SALVAGE) if card.effect == "war_cry")


def _returned(kind=RIG, hand=(), round_=2):
    """P1 in round ``round_`` with ``hand`` (places in the salvage deck), its vehicle ``kind``
    just brought back; the others of P1 on the board."""
    s = new_state()
    s.salvage = SALVAGE
    s.hands[0] = list(hand)
    s.round = round_
    for slot, pos in ((SCOUT, (0, 0)), (BUGGY, (0, 2)), (WRECKER, (2, 2)), (RIG, (2, -2))):
        if slot != kind:
            put(s, 0, slot, pos, 0)
    put(s, 1, BUGGY, (6, 0), 3)
    v = s.vehicle(0, kind)
    back = next(a for a in s.legal_actions() if a.kind == "return" and a.vehicle == v.vid)
    s.apply(back)
    return s, v


def _patches(s):
    return [a for a in s.legal_actions() if a.kind == "patch"]


def test_further_ap_at_the_return_remove_1dp_each():
    s, rig = _returned(RIG)
    assert rig.damage == 5 and s.ap == 5 - 1          # 2 players: 5 AP
    ap = Act("patch", 0, rig.vid)
    assert _patches(s) == [ap]                       # no cards in hand
    s.apply(ap)
    s.apply(ap)
    assert rig.damage == 3 and s.ap == 2
    assert rig.count == 0 and rig.acts == 0          # outside the vehicle's 2AP limit
    assert str(ap) == "P1 spends an AP to repair its returning P1 big-rig"
    assert parse_action(str(ap)) == ap


def test_any_number_of_cards_discarded_at_the_return_remove_1dp_each():
    s, rig = _returned(RIG, hand=(SCRAP, FUEL, SCRAP + 1))
    card = Act("patch", 0, rig.vid, n=1)
    assert set(_patches(s)) == {Act("patch", 0, rig.vid), card}
    for _ in range(3):
        s.apply(card)
    assert rig.damage == 2 and s.ap == 4 and s.hands[0] == []
    assert len(s.salvage_discards) == 3
    # "any number": not the one salvage card a turn (choice, docs/assumptions.md)
    assert not s.card_used
    assert str(card) == "P1 discards a salvage card to repair its returning P1 big-rig"
    assert parse_action(str(card)) == card


def test_the_patch_is_at_that_time_only_and_not_past_whole():
    s, scout = _returned(SCOUT)
    assert scout.damage == 1
    s.apply(Act("patch", 0, scout.vid))
    assert scout.damage == 0 and not _patches(s)     # nothing left to repair
    s, scout = _returned(SCOUT)
    other = s.vehicle(0, BUGGY)
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and a.vehicle == other.vid))
    assert not _patches(s)                           # "at that time": before anything else
    with pytest.raises(IllegalAction):
        s.apply(Act("patch", 0, scout.vid))


def test_no_card_is_discarded_at_a_return_in_the_setup_round():
    # The Setup Round: "no cards can be used in the setup round: faction or salvage"
    s, rig = _returned(RIG, hand=(SCRAP,), round_=1)
    assert _patches(s) == [Act("patch", 0, rig.vid)]


def test_several_vehicles_may_return_one_after_another():
    # "The following actions still cost 1AP but can be done multiple times ... Bring a vehicle
    # back on the board"
    s, rig = _returned(RIG)
    s.apply(Act("patch", 0, rig.vid))
    scout = s.vehicle(0, SCOUT)
    s.leave(scout)
    s.remove(scout)
    s._legal = None
    back = [a for a in s.legal_actions() if a.kind == "return"]
    assert back and back[0].vehicle == scout.vid
    s.apply(back[0])
    assert scout.pos is not None and _patches(s) == [Act("patch", 0, scout.vid)]


def _bot(s):
    return HeuristicBot().choose(s, random.Random(1))


def test_the_heuristic_player_patches_a_returned_vehicle_it_would_lose_to_one_hit():
    # a scout back at 1 DP left: a scrap card goes first (free); with no card, an AP when two
    # are left to act with; a reserve fuel tank too, while one hit would wreck it
    s, scout = _returned(SCOUT, hand=(SCRAP, FUEL))
    assert _bot(s) == Act("patch", 0, scout.vid, n=1)
    s.apply(_bot(s))
    assert scout.damage == 0 and _bot(s).kind != "patch"
    s, scout = _returned(SCOUT)
    assert _bot(s) == Act("patch", 0, scout.vid)
    s, scout = _returned(SCOUT, hand=(FUEL,))
    assert _bot(s) == Act("patch", 0, scout.vid, n=1)


def test_the_heuristic_player_keeps_its_good_cards_and_its_last_ap():
    # a big rig back at 5/6 with a card that gains AP, and two AP left: no patch; scrap cards
    # go while it has damage
    s, rig = _returned(RIG, hand=(WAR_CRY,))
    s.ap = 2
    s._legal = None
    assert _bot(s).kind != "patch"
    s, rig = _returned(RIG, hand=(SCRAP, SCRAP + 1, WAR_CRY))
    s.ap = 2
    s._legal = None
    for _ in range(2):
        s.apply(_bot(s))
    assert rig.damage == 3 and s.hands[0] == [WAR_CRY] and _bot(s).kind != "patch"
