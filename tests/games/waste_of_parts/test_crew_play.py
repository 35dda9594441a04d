"""The heuristic crew plays as a competent table would, in constructed positions.

Each test cites the rulebook line (../shared/rules/waste-of-parts.txt) that makes the other
choice a waste: replays showed the crew swapping a +2 upgrade for a +1, fuelling when the Mech
could not advance, firing from the Cockpit at half dice while the Mech stood still for rounds
with Enemies in The Wastes.
"""

from __future__ import annotations

import random

from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.bots import HeuristicCrew
from pnp.games.waste_of_parts.cards import SalvageCard
from pnp.games.waste_of_parts.rules import INOPERABLE, WASTES
from pnp.games.waste_of_parts.state import SALVAGE, TURN, WasteState
from tests.games.waste_of_parts.helpers import enemy, game


def _gun_upgrade(ident: int, bonus: int) -> SalvageCard:
    return SalvageCard(ident, f"Twin Barrels {bonus}", "upgrade", stat="attack", bonus=bonus,
                       room="gun")


def _salvage(s: WasteState, card: SalvageCard) -> object:
    """The First Player's choice for ``card`` dredged up by the Crane."""
    s.phase, s.pending = SALVAGE, [card]
    s.touch()
    action = HeuristicCrew(s.first).choose(s, random.Random(0))
    assert action in s.legal_actions()
    return action


def test_a_plus_1_upgrade_never_replaces_a_plus_2():
    """Line 328: "Scrap an existing upgrade to replace it with a new one": with both guns at
    +2, a +1 gun upgrade is Scrapped, not installed over one of them."""
    s = game()
    s.upgrades = {9: _gun_upgrade(801, 2), 12: _gun_upgrade(802, 2)}
    card = _gun_upgrade(803, 1)
    assert _salvage(s, card) == A.ScrapCard(card.ident)


def test_a_better_upgrade_replaces_the_weakest():
    """A +2 gun upgrade goes over the +1 (room 12), never over the other +2 (room 9)."""
    s = game()
    s.upgrades = {9: _gun_upgrade(801, 2), 12: _gun_upgrade(802, 1)}
    card = _gun_upgrade(803, 2)
    assert _salvage(s, card) == A.Install(card.ident, 12)


def _turn_of(s: WasteState, seat: int, room: int) -> object:
    """What the heuristic crew member of ``seat`` does first on a fresh turn in ``room``."""
    c = s.crew[seat]
    s.phase, s.seat, c.room, c.actions_left = TURN, seat, room, c.actions
    s.touch()
    action = HeuristicCrew(seat).choose(s, random.Random(0))
    assert action in s.legal_actions()
    return action


def _fuel_position() -> WasteState:
    s = game()
    s.scrap_pile += [_gun_upgrade(900 + k, 1) for k in range(4)]   # Scrap to spare
    for c in s.crew:
        c.room = 5
    return s


def test_fuel_when_the_mech_will_advance():
    """Line 126: "Spend 1 Scrap in an Engine Room to fuel that engine": the Mech advances
    (engines and Cockpit Functional, The Wastes empty), so the fuel adds 1 to its speed."""
    s = _fuel_position()
    assert _turn_of(s, 2, 10) == A.Fuel()


def test_no_fuel_while_enemies_in_the_wastes_stop_the_mech():
    """Line 218: the Mech advances only if "No Enemies occupy The Wastes (13)"; a fuelled
    engine adds an Enemy card (line 272) and no Distance: the Scrap is kept."""
    s = _fuel_position()
    enemy(s, WASTES)
    assert _turn_of(s, 2, 10) != A.Fuel()


def test_no_fuel_while_the_cockpit_is_inoperable():
    """Line 217: the Mech advances only if "The Cockpit is Functional"."""
    s = _fuel_position()
    s.condition[8] = INOPERABLE
    assert _turn_of(s, 2, 10) != A.Fuel()


def test_no_fuel_while_an_unguarded_enemy_will_wreck_the_other_engine():
    """Line 148: an Enemy with no crew member in its room attacks the room: the other engine
    will be Inoperable at the Advance step (line 216: "Both Engine Rooms are Functional")."""
    s = _fuel_position()
    enemy(s, 11)
    assert _turn_of(s, 2, 10) != A.Fuel()


def test_the_cockpit_fires_the_gun_of_the_most_dice():
    """Line 172: from the Cockpit a gun rolls half its Attack Stat, rounded up: the Fore Gun
    upgraded +2 rolls 3 dice (5 halved), the plain Aft Gun 2."""
    s = game()
    s.upgrades = {12: _gun_upgrade(801, 2)}
    e = enemy(s, WASTES)
    assert _turn_of(s, 0, 8) == A.FireGun(12, e.ident)


def test_a_fighter_mans_a_gun_against_enemies_in_the_wastes():
    """Lines 176 and 218: a gun manned rolls its full Attack Stat, and while an Enemy is in
    The Wastes the Mech cannot advance: a fighter in room 7 with an Enemy far away aboard (room
    2, 4 moves) and one in The Wastes heads for the Fore Gun (12, 2 moves: through 11)."""
    s = game()
    for c in s.crew:
        c.room = 5
    enemy(s, 2)
    enemy(s, WASTES)
    assert _turn_of(s, 2, 7) == A.Move(11)
