"""The Stalls and Trading Gear (rulebook section of that name; Game Setup 3 E; Waster Step e)."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import stalls as S
from pnp.games.waste_knights.data import stalls_spaces

SPACES = stalls_spaces()
PUMPS = next(i for i, sp in enumerate(SPACES) if sp.city == "Pumps")
SYDNEY = next(i for i, sp in enumerate(SPACES) if sp.city == "New Sydney")


def test_setup_fills_4_green_4_yellow_2_red_on_8_normal_and_2_special_spaces():
    """Game Setup 3 E: "4 green ... 4 yellow and 2 red gear cards"; "8 normal spaces and 2
    special spaces for two cities - Pumps and New Sydney"."""
    cards = S.setup(SPACES)
    assert [cards.count(c) for c in ("green", "yellow", "red")] == [4, 4, 2]
    assert sum(1 for sp in SPACES if not sp.city) == 8
    assert {sp.city for sp in SPACES if sp.city} == {"Pumps", "New Sydney"}


def test_diodes_one_unfavourable_per_frame_and_favourable_specials():
    """ "On each frame piece, 1 normal Stalls space offers an unfavorable exchange rate (green
    for yellow or yellow for red)"; "in Pumps yellow for green, in New Sydney red for yellow"."""
    unfavourable = [(sp.gear, sp.trade) for sp in SPACES if not sp.city and sp.gear != sp.trade]
    assert sorted(unfavourable) == [("green", "yellow"), ("yellow", "red")]
    assert (SPACES[PUMPS].gear, SPACES[PUMPS].trade) == ("yellow", "green")
    assert (SPACES[SYDNEY].gear, SPACES[SYDNEY].trade) == ("red", "yellow")


def test_special_space_only_on_its_city():
    """ "any knight on the Pumps hex or the New Sydney hex has access to the gear card placed on
    the matching special Stalls space"; every city has the 8 normal ones."""
    assert PUMPS not in S.access(SPACES, "Gangraen") and SYDNEY not in S.access(SPACES, "Pumps")
    assert PUMPS in S.access(SPACES, "Pumps") and SYDNEY in S.access(SPACES, "New Sydney")
    assert len(S.access(SPACES, "Gangraen")) == 8
    cards = S.setup(SPACES)
    with pytest.raises(PnpError, match="no access"):
        S.trade(SPACES, cards, "Gangraen", {"green": 1}, [PUMPS])
    _, gained = S.trade(SPACES, cards, "Pumps", {"green": 1}, [PUMPS])  # favourable: 1 for 1
    assert gained["yellow"] == 1


def test_exchange_rates_3_green_for_a_yellow_2_yellow_for_a_red():
    """ "3 green = 1 yellow; 2 yellow = 1 red"; Trading and Paying Cost: "instead of discarding
    1 yellow card, he could discard 3 green cards"."""
    cards = S.setup(SPACES)
    yellow = next(i for i, sp in enumerate(SPACES) if sp.gear == sp.trade == "yellow")
    red = next(i for i, sp in enumerate(SPACES) if sp.gear == sp.trade == "red")
    assert S.trade(SPACES, cards, "Gangraen", {"green": 3}, [yellow])[1]["yellow"] == 1
    assert S.trade(SPACES, cards, "Gangraen", {"yellow": 2}, [red])[1]["red"] == 1
    assert S.trade(SPACES, cards, "Gangraen", {"green": 6}, [red])[1]["red"] == 1
    with pytest.raises(PnpError, match="worth 3 green cards, offered 2"):
        S.trade(SPACES, cards, "Gangraen", {"green": 2}, [yellow])
    with pytest.raises(PnpError, match="worth 6 green cards, offered 5"):
        S.trade(SPACES, cards, "Gangraen", {"yellow": 1, "green": 2}, [red])


def test_diode_value_counts_not_the_card_back():
    """ "you should consider the current (Stalls) trade value of each card that is indicated by
    diodes": the unfavourable green card costs a yellow."""
    cards = S.setup(SPACES)
    dear_green = next(i for i, sp in enumerate(SPACES)
                      if (sp.gear, sp.trade) == ("green", "yellow"))
    with pytest.raises(PnpError):
        S.trade(SPACES, cards, "Gangraen", {"green": 1}, [dear_green])
    assert S.trade(SPACES, cards, "Gangraen", {"green": 3}, [dear_green])[1]["green"] == 1


def test_no_change_given():
    """ "The knight receives no "change" when trading ... he loses any excess gear cards": a red
    offered for one green card buys one green card; nothing comes back."""
    cards = S.setup(SPACES)
    after, gained = S.trade(SPACES, cards, "Gangraen", {"red": 1}, [0])
    assert gained == {"green": 1, "yellow": 0, "red": 0}
    assert after[0] is None and after[1:] == cards[1:]


def test_blue_cards_refused():
    """Blue Gear Cards: "They cannot be traded with the Stalls"."""
    with pytest.raises(PnpError, match="blue gear cards cannot be traded"):
        S.trade(SPACES, S.setup(SPACES), "Gangraen", {"blue": 1}, [0])


def test_empty_space_cannot_be_chosen():
    cards = S.setup(SPACES)
    cards[0] = None
    with pytest.raises(PnpError, match="empty"):
        S.trade(SPACES, cards, "Gangraen", {"green": 1}, [0])


def test_refill_from_the_leftmost_empty_space():
    """Refill the Stalls: "starting from the leftmost empty space and going to the right": with
    one green card left in its deck, the leftmost empty green space gets it."""
    cards = S.setup(SPACES)
    greens = [i for i, sp in enumerate(SPACES) if sp.gear == "green"]
    for i in greens:
        cards[i] = None
    after, left = S.refill(SPACES, cards, {"green": 1})
    assert [after[i] for i in greens] == ["green", None, None, None]
    assert left["green"] == 0
    full, _ = S.refill(SPACES, cards, {"green": None})  # an unlimited deck fills every space
    assert full == S.setup(SPACES)


def test_update_stalls_discards_up_to_2_then_refills():
    """Waster Step e): "may discard up to 2 freely chosen gear cards ... Then, he refills"."""
    cards = S.setup(SPACES)
    after, left = S.update(SPACES, cards, [0, 8], {"green": 5, "red": 0})
    assert after[0] == "green" and after[8] is None and left["green"] == 4
    with pytest.raises(PnpError, match="up to 2"):
        S.update(SPACES, cards, [0, 1, 2], {})


def test_heuristic_deal_gains_value_or_buys_needed_green():
    cards = S.setup(SPACES)
    offer, chosen = S.best_deal(SPACES, cards, "Pumps", {"green": 2}, need_green=1)
    assert offer == {"green": 1} and chosen == (PUMPS,)
    offer, chosen = S.best_deal(SPACES, cards, "Gangraen", {"yellow": 1}, need_green=2)
    assert offer == {"yellow": 1} and len(chosen) == 3
    assert all(SPACES[i].trade == "green" for i in chosen)
    assert S.best_deal(SPACES, cards, "Gangraen", {"green": 3, "yellow": 1}, need_green=2) is None


def test_waster_discards_what_the_leader_gains_most_from():
    cards = S.setup(SPACES)
    assert S.waster_discards(SPACES, cards, "New Sydney")[0] == SYDNEY
    assert len(S.waster_discards(SPACES, cards, "Gangraen")) == 2
    assert S.waster_discards(SPACES, [None] * len(SPACES), "Gangraen") == ()


def test_malformed_space_names_the_field():
    with pytest.raises(PnpError, match="space 2: trade"):
        S.spaces_from_dict({"spaces": [{"gear": "green", "trade": "green"},
                                       {"gear": "green", "trade": "blue"}]})
