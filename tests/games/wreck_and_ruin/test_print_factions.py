"""The faction cards print their faction: name, colour and a back of their own.

Rulebook, Game Contents: "16 faction cards - 4 for each faction"; Setting Up the Game: "They
select one of their faction powers at random; the remaining faction cards are placed back in the
box" - so a player must be able to sort the 16 cards into four faction decks, face down too.
The Factions: "The Salvoes (Blue player)", "The Reapers (Red player)", "The Desertkin (Yellow
player)", "The Ruin Army (Green player)".
"""

from __future__ import annotations

import pytest

from pnp.games.wreck_and_ruin.printables import SEAT_COLOURS
from pnp.games.wreck_and_ruin.simulate import make_setup
from pnp.layout.draw import Group, Path, texts
from pnp.layout.impose import nup

from .helpers import pack_cards


@pytest.fixture(scope="module")
def setup():
    return make_setup("print-factions", 4, ("heuristic",) * 4, {})


@pytest.fixture(scope="module")
def faction_cards(setup):
    return list(pack_cards(setup, "print-factions")["factions.pdf"].components)


def _fills(items) -> set[str]:
    out: set[str] = set()
    for item in items:
        if isinstance(item, Path) and item.fill:
            out.add(item.fill.lower())
        elif isinstance(item, Group):
            out |= _fills(item.items)
    return out


def _faction_of(card_name: str, setup) -> int:
    (index,) = [i for i, (_, cards) in enumerate(setup.factions)
                if any(c.name == card_name for c in cards)]
    return index


def test_each_faction_card_prints_its_factions_name_and_colour(setup, faction_cards):
    assert len(faction_cards) == 16
    for comp in faction_cards:
        f = _faction_of(comp.name, setup)
        name = setup.factions[f][0]
        front = " ".join(texts(comp.front.items)).upper()
        assert name.upper() in front, f"{comp.name}: its faction {name} is not printed"
        for other, _ in setup.factions:
            if other != name:
                assert other.upper() not in front
        assert SEAT_COLOURS[f].lower() in _fills(comp.front.items), comp.name


def test_each_faction_has_a_back_of_its_own(setup, faction_cards):
    backs: dict[int, set[tuple]] = {}
    for comp in faction_cards:
        assert comp.back is not None
        f = _faction_of(comp.name, setup)
        assert setup.factions[f][0].upper() in " ".join(texts(comp.back.items)).upper()
        assert SEAT_COLOURS[f].lower() in _fills(comp.back.items)
        backs.setdefault(f, set()).add(comp.back.items)
    # four decks: one back a faction, each different from the others'
    assert sorted(backs) == [0, 1, 2, 3]
    assert all(len(b) == 1 for b in backs.values())
    assert len({next(iter(b)) for b in backs.values()}) == 4


def _bbox(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_faction_backs_line_up_behind_their_fronts_in_duplex(setup, faction_cards):
    page = (210.0, 297.0)
    pages = list(nup(faction_cards, page, duplex="long"))
    assert len(pages) % 2 == 0
    seen = 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        fronts = [g for g in front.items if isinstance(g, Group)]
        backs = [g for g in back.items if isinstance(g, Group)]
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs, strict=True):
            name = next(n for n, cards in setup.factions
                        if any(c.name in texts([f]) for c in cards))
            assert name.upper() in " ".join(texts([b])).upper()
            fx0, fy0, fx1, fy1 = _bbox(f.clip)
            bx0, by0, bx1, by1 = _bbox(b.clip)
            # long-edge duplex: the back is the front mirrored left to right
            assert (bx0, by0, bx1, by1) == pytest.approx((page[0] - fx1, fy0, page[0] - fx0,
                                                          fy1))
            seen += 1
    assert seen == 16
