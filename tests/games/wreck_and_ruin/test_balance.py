"""Faction win rates apart from seats, and the per-card holder-vs-rest measure."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.simulate import (
    CARD_BAND,
    Record,
    card_effects,
    faction_rates,
)
from pnp.games.wreck_and_ruin.state import WreckState


def _rec(winner: int, factions=(), dealt=()) -> Record:
    return Record((winner,), (0, 0), False, 6, 0, False, (), tuple(factions), tuple(dealt))


def test_factions_are_dealt_to_seats_at_random():
    # every faction in every seat, about equally often (4 factions, 2 seats: 1/4 each)
    setup = GAME.make_setup("deal", 2, ("random",) * 2, {})
    seen = Counter()
    for g in range(400):
        s = WreckState(setup, random.Random(g))
        assert len(set(s.seat_faction)) == 2
        seen.update(enumerate(s.seat_faction))
        # the faction card drawn is one of that seat's faction's
        mine = dict(setup.factions)
        assert all(c in mine[f] for c, f in zip(s.faction_card, s.seat_faction, strict=True))
    assert len(seen) == 8 and all(70 <= n <= 130 for n in seen.values())


def test_faction_rate_takes_the_seat_out():
    # Faction A always wins in seat 1 and loses in seat 2; it sat in seat 1 three times as
    # often. Pooled it would look like 0.75; apart from seats it is 0.5.
    recs = [_rec(0, ("A", "B"))] * 30 + [_rec(0, ("B", "A"))] * 10
    rates = faction_rates(recs, 2)
    assert rates["A"]["games_by_seat"] == [30, 10]
    assert rates["A"]["win_rate"]["value"] == pytest.approx(0.5)
    assert rates["B"]["win_rate"]["value"] == pytest.approx(0.5)


def test_card_effect_is_holder_minus_the_rest_with_an_interval():
    # "Ace" dealt in 20 seat-games, all won; the other 60 seat-games won 1/3 of the time
    recs = [_rec(0, dealt=(("Ace",), ("Dud",))) for _ in range(20)]
    recs += [_rec(1, dealt=(("Dud",), ("Dud",))) for _ in range(10)]
    recs += [_rec(0, dealt=(("Dud",), ("Dud",))) for _ in range(10)]
    eff = card_effects(recs)
    ace = eff["Ace"]
    assert ace["dealt"] == 20 and ace["holder_win_rate"] == 1.0
    assert ace["difference"]["value"] == pytest.approx(1 - 20 / 60)
    assert ace["difference"]["low"] > CARD_BAND[1] and ace["status"] == "FAIL"


def test_simulate_reports_factions_and_cards():
    from pnp.sim.play import run_games

    setup = GAME.make_setup("rep", 2, ("random",) * 2, {"rounds": 2})
    records = run_games(GAME, setup, 8, "rep")
    doc = GAME.summarize(records, setup, "rep")
    assert set(doc["win_rate_by_faction"]) <= {n for n, _ in setup.factions}
    assert sum(v["games"] for v in doc["win_rate_by_faction"].values()) == 16
    assert sum(v["dealt"] for v in doc["salvage_cards"].values()) <= 16
    names = [c["name"] for c in doc["checks"]]
    assert sum(n.startswith("faction ") and not n.startswith("faction card ")
               for n in names) == len(doc["win_rate_by_faction"])
    # every seat draws one faction card: each drawn card has its check, the seats taken out
    assert sum(v["games"] for v in doc["faction_cards"].values()) == 16
    assert sum(n.startswith("faction card ") for n in names) == len(doc["faction_cards"])
    assert "salvage cards outside their band" in names
    assert any(line.startswith("factions") for line in GAME.summary_lines(doc))


def test_balance_report_has_factions_and_cards():
    from pnp.games.wreck_and_ruin.pack import report_sections
    from pnp.sim.play import run_games

    setup = GAME.make_setup("rep", 2, ("random",) * 2, {"rounds": 2})
    doc = GAME.summarize(run_games(GAME, setup, 6, "rep"), setup, "rep")
    heads = [s["heading"] for s in report_sections(doc)]
    assert "Faction win rates" in heads and "Salvage cards" in heads


def test_a_faction_card_holders_rate_takes_the_seats_out():
    """Seat 1 always wins; card A is drawn by seat 1 in 3 games of 4, B once: the holders' raw
    rates would be 0.75 and 0.5 apart from the card; the seat-standardized ones are both 0.5."""
    from pnp.games.wreck_and_ruin.simulate import faction_rates

    class R:
        def __init__(self, cards):
            self.faction_cards, self.winners = cards, (0,)

    records = [R(("A", "B")), R(("A", "B")), R(("A", "B")), R(("B", "A"))]
    rates = faction_rates(records, 2, lambda r: r.faction_cards)
    assert rates["A"]["games_by_seat"] == [3, 1] and rates["B"]["games_by_seat"] == [1, 3]
    assert rates["A"]["win_rate"]["value"] == rates["B"]["win_rate"]["value"] == 0.5
