"""The Stalls and Trading Gear, clause by clause (stalls.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: the spaces as read from the
card set, offers of none of a colour, several cards of one colour bought at once, the heuristic
knight's and the Waster's picks at their edges, and every refusal's whole line (file, field and
words: bad input names where it is).
"""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import stalls as S
from pnp.games.waste_knights.data import stalls_spaces

SPACES = stalls_spaces()
PUMPS = next(i for i, sp in enumerate(SPACES) if sp.city == "Pumps")
GREENS = [i for i, sp in enumerate(SPACES) if sp.gear == sp.trade == "green"]


def test_spaces_read_left_to_right_with_their_cities():
    """Game Setup 3 E: the Stalls spaces as the card set lists them; a normal space has no city."""
    got = S.spaces_from_dict({"spaces": [{"gear": "green", "trade": "yellow"},
                                         {"gear": "red", "trade": "yellow", "city": "New Sydney"}]})
    assert got == (S.Space("green", "yellow", ""), S.Space("red", "yellow", "New Sydney"))
    assert all(isinstance(sp.city, str) for sp in SPACES)


def test_an_offer_may_hold_none_of_a_colour():
    """Offer: the knight offers the cards he chooses; 0 of a colour is no card of it."""
    assert S.offer_value({"green": 3, "yellow": 0, "red": 0}) == 3


def test_several_cards_of_one_colour_bought_at_once():
    """Choice: "The value of all chosen cards must be equal to or less than the value of all
    offered cards": 1 yellow buys 3 green cards at green diodes."""
    cards = S.setup(SPACES)
    after, gained = S.trade(SPACES, cards, "Gangraen", {"yellow": 1}, GREENS[:3])
    assert gained == {"green": 3, "yellow": 0, "red": 0}
    assert [after[i] for i in GREENS[:3]] == [None] * 3


def bad(call) -> str:
    with pytest.raises(PnpError) as err:
        call()
    return str(err.value)


SRC = S.SOURCE
CARDS = S.setup(SPACES)
EMPTY0 = [None, *CARDS[1:]]


@pytest.mark.parametrize("call, line", [
    (lambda: S.spaces_from_dict([]), f"{SRC}: field 'spaces': needs a list 'spaces'"),
    (lambda: S.spaces_from_dict({"spaces": []}), f"{SRC}: field 'spaces': needs a list 'spaces'"),
    (lambda: S.spaces_from_dict({"spaces": [{"gear": "green", "trade": "green"}, "red"]}),
     f"{SRC}: field 'spaces': space 2 must be a mapping"),
    (lambda: S.spaces_from_dict({"spaces": [{"gear": "blue", "trade": "green"}]}),
     f"{SRC}: field 'gear': space 1: gear must be one of green, yellow, red, got 'blue'"),
    (lambda: S.offer_value({"blue": 1}), "field 'offer': blue gear cards cannot be traded with "
                                          "the Stalls"),
    (lambda: S.offer_value({"green": -1}), "field 'offer': cannot offer -1 green gear cards"),
    (lambda: S.trade(SPACES, CARDS, "Gangraen", {"red": 1}, [0, 0]),
     "field 'chosen': a Stalls space chosen twice"),
    (lambda: S.trade(SPACES, CARDS, "Gangraen", {"red": 1}, [PUMPS]),
     f"field 'chosen': no access to Stalls space {PUMPS + 1} in Gangraen"),
    (lambda: S.trade(SPACES, EMPTY0, "Gangraen", {"red": 1}, [0]),
     "field 'chosen': Stalls space 1 is empty"),
    (lambda: S.trade(SPACES, CARDS, "Gangraen", {"green": 2}, [2]),
     "field 'chosen': chosen cards worth 3 green cards, offered 2"),
    (lambda: S.update(SPACES, CARDS, [0, 1, 2], {}),
     "field 'discard': the Waster may discard up to 2 cards from the Stalls, not 3"),
    (lambda: S.update(SPACES, EMPTY0, [1, 0], {}), "field 'discard': Stalls space 1 is empty"),
])
def test_every_refusal_names_its_field_and_says_why(call, line):
    assert bad(call) == line


def test_heuristic_deal_edges():
    """The heuristic knight's trade: a favourable space only with a card of its diode's colour
    in hand; 1 yellow for 3 green cards only when short of green (fewer than he needs) and with
    a yellow card to give."""
    cards = S.setup(SPACES)
    assert S.best_deal(SPACES, cards, "Pumps", {"yellow": 1}, need_green=0) is None
    offer, chosen = S.best_deal(SPACES, cards, "Gangraen", {"yellow": 1}, need_green=1)
    assert offer == {"yellow": 1} and chosen == tuple(GREENS[:3])
    assert S.best_deal(SPACES, cards, "Gangraen", {"green": 1, "yellow": 1}, need_green=1) is None
    assert S.best_deal(SPACES, cards, "Gangraen", {"green": 0}, need_green=2) is None


def test_waster_discards_the_leftmost_of_equal_cards():
    """Update Stalls, the Waster bot: of equally useful cards the leftmost go first."""
    cards = [c if i in GREENS else None for i, c in enumerate(S.setup(SPACES))]
    assert S.waster_discards(SPACES, cards, "Gangraen") == tuple(GREENS[:2])
