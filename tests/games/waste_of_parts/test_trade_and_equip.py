"""Trading with a crew mate and equipping over a full set of slots, pinned to the rulebook's words
(../shared/rules/waste-of-parts.txt)."""

from __future__ import annotations

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.state import SALVAGE
from pnp.games.waste_of_parts.turns import salvage_actions, turn_action_legal, turn_actions
from tests.games.waste_of_parts.helpers import game


def weapon(ident: int, attack: int = 3, reload: bool = False) -> SalvageCard:
    return SalvageCard(ident, f"Gun {ident}", "weapon", attack=attack, reload=reload)


def gear(ident: int, stat: str = "health") -> SalvageCard:
    return SalvageCard(ident, f"Gear {ident}", "gear", stat=stat, bonus=1)


def _pair():
    """Seat 1 (holding Gun 801 and Gear 802) and seat 2 (holding Gear 803) in room 6."""
    s = game()
    me, mate = s.crew[0], s.crew[1]
    me.room = mate.room = 6
    s.crew[2].room, s.crew[3].room = 2, 3
    me.equip(weapon(801))
    me.equip(gear(802))
    mate.equip(gear(803, stat="actions"))
    s.touch()
    return s, me, mate


def _trades(s) -> set:
    return {a for a in turn_actions(s) if isinstance(a, A.TradeWith)}


def test_trade_swaps_an_item_with_a_crew_mate_in_the_room():
    """Crew Member Actions, line 129: "Trade: Swap one of your items with one from another Crew
    Member in your room, or exchange it for an item on the ground." Each of my items for each of
    the mate's, one action."""
    s, me, mate = _pair()
    assert _trades(s) == {A.TradeWith(0, 1, 0), A.TradeWith(1, 1, 0)}
    for a in _trades(s):
        assert turn_action_legal(s, a)
    left = me.actions_left
    s.apply(A.TradeWith(0, 1, 0))
    assert [i.ident for i in me.items] == [802, 803]
    assert [i.ident for i in mate.items] == [801]
    assert me.actions_left == left - 1
    assert me.actions == me.actions0 + 1 and mate.actions == mate.actions0  # the gear moved


def test_trade_needs_the_mate_in_the_room_and_an_item_on_each_side():
    """"another Crew Member in your room": not one next door; a swap needs one of "your items"
    and "one from" the mate."""
    s, me, mate = _pair()
    mate.room = 7
    s.touch()
    assert not _trades(s)
    assert not turn_action_legal(s, A.TradeWith(0, 1, 0))
    mate.room = 6
    mate.unequip(mate.items[0])
    s.touch()
    assert not _trades(s)
    assert not turn_action_legal(s, A.TradeWith(0, 1, 0))
    for bad in (A.TradeWith(0, 0, 0), A.TradeWith(2, 1, 0), A.TradeWith(0, 9, 0),
                A.TradeWith(-1, 1, 0), A.TradeWith("0", 1, 0)):
        assert not turn_action_legal(s, bad), bad


def test_trade_with_a_downed_mate_is_allowed_as_written():
    """Trade names no condition on the mate (Mend alone says "that is not Downed"); the choice
    in docs/assumptions.md: a Downed mate in the room can be traded with."""
    s, me, mate = _pair()
    mate.damage = mate.health
    s.touch()
    assert A.TradeWith(1, 1, 0) in _trades(s)


def test_trade_with_a_mate_reads_back_from_its_words():
    a = A.TradeWith(1, 2, 0)
    assert str(a) == "trade slot 1 with P3 slot 0"
    assert A.parse_action(str(a)) == a


# --- equipping salvage over a full set of slots -----------------------------------------------
def _full_crew():
    """Seat 2 holds two items (its limit) in room 6; a new weapon waits to be placed."""
    s = game()
    s.phase = SALVAGE
    full = s.crew[1]
    full.room = 6
    full.equip(weapon(811))
    full.equip(gear(812))
    new = weapon(813, attack=5)
    s.pending = [new]
    return s, full, new


def test_a_full_crew_member_may_scrap_or_drop_an_item_to_equip_salvage():
    """Salvage Cards, line 332: "A Crew Member may hold up to two Equipment cards under normal
    circumstances. If a Crew Member is already at their equipment limit, they may Scrap or drop
    an existing card in their current room to equip a new one." """
    s, full, new = _full_crew()
    over = {a for a in salvage_actions(s) if isinstance(a, A.EquipOver)}
    assert over == {A.EquipOver(813, 1, 0, False), A.EquipOver(813, 1, 1, False),
                    A.EquipOver(813, 1, 0, True), A.EquipOver(813, 1, 1, True)}
    assert A.Equip(813, 1) not in salvage_actions(s)   # no free slot: not a plain equip
    pile = list(s.scrap_pile)
    s.apply(A.EquipOver(813, 1, 0, False))             # Scrap the old weapon
    assert [i.ident for i in full.items] == [812, 813]
    assert [c.ident for c in s.scrap_pile] == [c.ident for c in pile] + [811]


def test_the_dropped_card_lies_in_the_crew_members_room():
    s, full, new = _full_crew()
    s.apply(A.EquipOver(813, 1, 1, True))              # drop the gear "in their current room"
    assert [i.ident for i in full.items] == [811, 813]
    assert [g.ident for g in s.ground[6]] == [812]
    assert full.health == full.health0                 # the gear's bonus left with it


def test_only_a_full_crew_member_equips_over_an_item():
    """"If a Crew Member is already at their equipment limit": one with a free slot equips it
    plainly; an upgrade is never equipped."""
    s, full, new = _full_crew()
    s.crew[2].equip(gear(814))
    over = {a.seat for a in salvage_actions(s) if isinstance(a, A.EquipOver)}
    assert over == {1}
    s.pending = [SalvageCard(815, "Booster", "upgrade", stat="speed", bonus=1, room="engine")]
    s.touch()
    assert not [a for a in salvage_actions(s) if isinstance(a, A.EquipOver)]


def test_equipping_over_an_item_reads_back_from_its_words():
    for a, text in ((A.EquipOver(813, 1, 0, False), "equip c813 on P2 scrapping slot 0"),
                    (A.EquipOver(7, 3, 1, True), "equip c7 on P4 dropping slot 1")):
        assert str(a) == text
        assert A.parse_action(text) == a


# --- fuelling a broken engine -----------------------------------------------------------------
def test_a_broken_engine_cannot_be_fuelled():
    """Fuel: "Spend 1 Scrap in an Engine Room to fuel that engine"; Room Conditions:
    "Inoperable: ... The room's effects and abilities are nonfunctional" (On Fire the same);
    "Both Engine Rooms must be Functional for the Mech to advance". As a gun room's gun fires
    only while the room works, an engine takes fuel only while Functional
    (docs/assumptions.md)."""
    from pnp.games.waste_of_parts.rules import INOPERABLE, ON_FIRE

    s = game()
    me = s.crew[0]
    me.room = 10
    s.scrap_pile = [gear(821)]
    s.touch()
    assert A.Fuel() in turn_actions(s) and turn_action_legal(s, A.Fuel())
    for cond in (INOPERABLE, ON_FIRE):
        s.condition[10] = cond
        s.touch()
        assert A.Fuel() not in turn_actions(s)
        assert not turn_action_legal(s, A.Fuel())


# --- what docs/assumptions.md said was not modelled -------------------------------------------
def test_a_crane_upgrade_works_from_the_round_after_it_is_installed():
    """Salvaging: "Note: A Salvaging Crane room upgrade does not take effect until the round
    after it is installed." Upgrades are placed in the First Player's salvage decisions, after
    the round's Salvaging step (7), so the upgrade drawn this round first counts in the next
    round's Salvaging."""
    from pnp.games.waste_of_parts.endround import _salvaging, end_of_round

    s = game()
    s.crew[1].room = 5                                   # the Crane is manned
    up = SalvageCard(831, "Test Crane upgrade", "upgrade", stat="salvage", bonus=1, room="crane")
    s.salvage_deck.append(up)                            # the top card
    before = len(s.salvage_deck)
    end_of_round(s)
    assert s.phase == SALVAGE and up in s.pending
    assert before - len(s.salvage_deck) == s.cfg.crane_salvage   # 2: no bonus yet
    while s.pending:
        card = s.pending[0]
        s.apply(A.Install(831, 5) if card is up else A.ScrapCard(card.ident))
    assert s.upgrades[5] is up
    s.crane_uses = 0
    before = len(s.salvage_deck)
    _salvaging(s)                                         # the next round's step 7
    assert before - len(s.salvage_deck) == s.cfg.crane_salvage + 1
