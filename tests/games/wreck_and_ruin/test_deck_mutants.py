"""What a salvage card is worth and the retune search (``deck.py``), pinned to what
docs/wreck-and-ruin.md promises: a card's value is the mean paired difference in its holder's
result between games played from the same seed with and without one more copy; the band of the
paired measure is -0.05..+0.10; the search moves a card's number one step towards the band (1
to 5), measures only the moved cards again, and names each card it could not bring in and why;
the retuned deck is a salvage.yaml the loader reads back. Each test was written against a
mutant of the module no earlier test noticed.
"""

from __future__ import annotations

import dataclasses

import yaml

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.data import cards_from_dict
from pnp.games.wreck_and_ruin.deck import (
    BAND,
    MAX_AMOUNT,
    _tunable,
    card_checks,
    deck_yaml,
    measure_cards,
    retune,
)
from pnp.sim.play import run_games
from pnp.sim.stats import Estimate, paired_difference_ci

HORN = CardDef("Overpowered Horn", "salvage", "war_cry", 5, "Too loud.")
HUBCAP = CardDef("Bent Hubcap", "salvage", "scrap", 1, "Shiny.")
KIT = CardDef("Duct Tape", "salvage", "field_repair", 1, "Holds.")
TANK = CardDef("Spare Can", "salvage", "reserve_fuel", 1, "Glug.")


def _setup(*cards, rounds=2):
    setup = GAME.make_setup("m", 2, ("heuristic", "heuristic"), {"rounds": rounds})
    return dataclasses.replace(setup, salvage=cards)


def _seat_results(records, seat):
    return [1.0 / len(r.winners) if seat in r.winners else 0.0 for r in records]


def test_the_declared_band_and_limit():
    # docs/wreck-and-ruin.md: "the band of the paired measure (-0.05..+0.10, deck.BAND) ... 1
    # to 5"
    assert BAND == (-0.05, 0.10) and MAX_AMOUNT == 5


def test_a_card_s_value_is_the_paired_difference_seat_by_seat():
    bundled = GAME.make_setup("m", 2, ("heuristic", "heuristic"), {"rounds": 2})
    setup = dataclasses.replace(bundled, salvage=bundled.salvage + (HORN,))
    first = setup.salvage[0].name
    values = measure_cards(setup, 6, "m", only=[HORN.name, first])
    assert list(values) == [first, HORN.name]          # in the deck's order
    got_all, base_all = [], []
    for seat in (0, 1):
        base = _seat_results(run_games(GAME, setup, 6, "m"), seat)
        extra = tuple((HORN.name,) if k == seat else () for k in (0, 1))
        got = _seat_results(run_games(GAME, dataclasses.replace(setup, start_cards=extra), 6,
                                      "m"), seat)
        got_all += got
        base_all += base
    horn = values[HORN.name]
    assert horn == {"effect": "war_cry", "amount": 5, "count": 1, "pairs": 12,
                    "value": paired_difference_ci(got_all, base_all).to_dict()}
    assert horn["value"]["value"] != 0.0           # the horn changes some games
    assert values[first]["pairs"] == 12
    # the same seed, the same values; ``only`` measures just the cards named
    assert measure_cards(setup, 6, "m", only=[HORN.name]) == {HORN.name: horn}
    assert measure_cards(setup, 6, "m", only=[]) == {}
    small = _setup(HUBCAP, KIT, rounds=1)
    assert list(measure_cards(small, 2, "m")) == [HUBCAP.name, KIT.name]


def test_the_checks_are_the_band():
    values = {"A": {"pairs": 12, "value": Estimate(0.05, -0.05, 0.10, 12).to_dict()},
              "B": {"pairs": 8, "value": Estimate(-0.06, -0.1, 0.0, 8).to_dict()}}
    a, b = card_checks(values)
    assert a.name == "salvage card A: value to its holder" and a.note == "12 paired games"
    assert (a.band_low, a.band_high, a.status) == (-0.05, 0.10, "PASS")  # the edge is inside
    assert a.unit == "paired games"
    assert b.name == "salvage card B: value to its holder" and b.status == "UNDECIDED"
    assert (b.value, b.low, b.high) == (-0.06, -0.1, 0.0)


def test_only_a_card_with_a_number_can_be_tuned():
    # "an effect with no number (scrap, the reserve fuel tank)"
    assert not _tunable(HUBCAP) and not _tunable(TANK)
    assert _tunable(HORN) and _tunable(KIT)


def _fake(values):
    calls = []

    def measure(setup, games, seed, jobs, only=None):
        calls.append((games, seed, jobs, None if only is None else sorted(only)))
        out = {}
        for c in setup.salvage:
            if only is None or c.name in only:
                v = values[c.name](c.amount)
                out[c.name] = {"effect": c.effect, "amount": c.amount, "count": c.count,
                               "pairs": 4, "value": Estimate(v, v - 0.1, v + 0.1, 4).to_dict()}
        return out
    return measure, calls


def test_cards_on_the_band_s_edges_stay():
    horn = dataclasses.replace(HORN, amount=3)
    measure, calls = _fake({HORN.name: lambda n: 0.10, KIT.name: lambda n: -0.05})
    deck, report = retune(_setup(horn, KIT), 4, "s", rounds=3, jobs=2, measure=measure)
    assert deck == (horn, KIT) and report["changes"] == [] and report["unresolved"] == {}
    assert report["rounds"] == 0 and report["max_rounds"] == 3
    assert report["band"] == [-0.05, 0.10]
    assert calls == [(4, "s", 2, None)]


def test_a_weak_card_is_scaled_up_and_the_report_says_each_step():
    # below the band: one larger each round, measured again with the changed deck
    measure, calls = _fake({KIT.name: lambda n: -0.25 if n == 1 else 0.0,
                            HORN.name: lambda n: 0.0})
    deck, report = retune(_setup(KIT, HORN), 4, "s", rounds=5, measure=measure)
    assert [c.amount for c in deck] == [2, 5]
    assert report["changes"] == [{"round": 1, "card": KIT.name, "from": 1, "to": 2,
                                  "value_before": -0.25, "value_after": 0.0}]
    assert report["rounds"] == 1 and report["unresolved"] == {}
    assert calls == [(4, "s", 1, None), (4, "s", 1, [KIT.name])]
    assert report["cards"][KIT.name]["amount"] == 2


def test_cards_at_the_limits_are_named():
    # a number at its limit (1 to 5): a card too strong at 1, too weak at 5
    strong = dataclasses.replace(KIT, amount=1)
    weak = dataclasses.replace(HORN, amount=MAX_AMOUNT)
    measure, _ = _fake({KIT.name: lambda n: 0.5, HORN.name: lambda n: -0.5})
    deck, report = retune(_setup(strong, weak), 4, "s", rounds=3, measure=measure)
    assert deck == (strong, weak) and report["rounds"] == 0
    assert report["unresolved"] == {
        KIT.name: "its amount 1 is at the limit (1-5)",
        HORN.name: "its amount 5 is at the limit (1-5)"}
    # one step inside the limits is allowed: 2 down to 1, 4 up to 5
    measure, _ = _fake({KIT.name: lambda n: 0.5 if n > 1 else 0.0,
                        HORN.name: lambda n: -0.5 if n < 5 else 0.0})
    deck, report = retune(_setup(dataclasses.replace(KIT, amount=2),
                                 dataclasses.replace(HORN, amount=4)), 4, "s", rounds=3,
                          measure=measure)
    assert [c.amount for c in deck] == [1, 5] and report["unresolved"] == {}


def test_a_card_out_on_both_sides_of_a_step_and_one_still_out_are_named():
    measure, _ = _fake({KIT.name: lambda n: -0.2 if n == 1 else 0.2,
                        HORN.name: lambda n: 0.05 * n})
    deck, report = retune(_setup(KIT, HORN), 4, "s", rounds=2, measure=measure)
    un = report["unresolved"]
    assert un[KIT.name] == "outside the band at 2 and at 1: no whole number between"
    assert un[HORN.name] == "still outside after 2 rounds"
    assert [c.amount for c in deck] == [2, 3] and report["rounds"] == 2
    # a card that has no number is named once and not measured again
    measure, calls = _fake({HUBCAP.name: lambda n: 0.3, HORN.name: lambda n: 0.05 * n})
    deck, report = retune(_setup(HUBCAP, HORN), 4, "s", rounds=1, measure=measure)
    assert report["unresolved"][HUBCAP.name] == "scrap has no number to tune"
    assert all(HUBCAP.name not in (c[3] or []) for c in calls)


def test_no_rounds_changes_nothing():
    measure, calls = _fake({HORN.name: lambda n: 0.5})
    deck, report = retune(_setup(HORN), 4, "s", rounds=0, measure=measure)
    assert deck == (HORN,) and calls == [(4, "s", 1, None)]
    assert report["unresolved"] == {HORN.name: "still outside after 0 rounds"}


def test_the_deck_file():
    # "The retuned deck is written as salvage.yaml (read it back with --salvage)"
    deck = (HORN, dataclasses.replace(HUBCAP, count=3), TANK)
    text = deck_yaml(deck)
    assert text.splitlines() == [
        "salvage:",
        '  - {name: "Overpowered Horn", effect: war_cry, amount: 5, text: "Too loud."}',
        '  - {name: "Bent Hubcap", effect: scrap, count: 3, text: "Shiny."}',
        '  - {name: "Spare Can", effect: reserve_fuel, text: "Glug."}',
    ]
    assert text.endswith("}\n")
    assert cards_from_dict(yaml.safe_load(text), "salvage") == deck
    assert deck_yaml((KIT,), "one\n\ntwo").startswith("# one\n#\n# two\nsalvage:\n")


def test_a_card_in_band_does_not_stop_the_others_moving():
    measure, _ = _fake({HORN.name: lambda n: 0.0, KIT.name: lambda n: -0.25 if n == 1 else 0.0})
    deck, report = retune(_setup(HORN, KIT), 4, "s", rounds=2, measure=measure)
    assert [c.amount for c in deck] == [5, 2] and report["unresolved"] == {}


def test_a_number_tried_on_the_way_is_not_tried_again():
    # 1 and 2 below the band, 3 above: from 3 the step back is to 2, already tried
    measure, _ = _fake({KIT.name: lambda n: -0.2 if n < 3 else 0.2})
    deck, report = retune(_setup(KIT), 4, "s", rounds=6, measure=measure)
    assert [(c["from"], c["to"]) for c in report["changes"]] == [(1, 2), (2, 3)]
    assert report["unresolved"] == {
        KIT.name: "outside the band at 3 and at 2: no whole number between"}
    assert deck[0].amount == 3 and report["rounds"] == 2


def test_a_shared_win_counts_its_share():
    # "a win 1, a shared win its share, a loss 0"
    from pnp.games.wreck_and_ruin.deck import _results
    from pnp.games.wreck_and_ruin.simulate import Record

    recs = [Record(w, (0, 0, 0), False, 5, 0, False) for w in ((0,), (0, 2), (1, 0, 2), (1,))]
    assert _results(recs, 0) == [1.0, 0.5, 1 / 3, 0.0]
