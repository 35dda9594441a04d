"""The Waste of Parts' balance report (``balance.py``): the decks as data, the threat bands, the
crew-size bands, the deck search and the paired measures, worked out by hand.

Written against the survivors of the mutation run of ``balance.py`` that docs/testing.md lists.
The games are stand-ins (``play_one`` and ``measure`` given as small functions), so every rate
and mean is counted by hand.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pnp.games.waste_of_parts import balance as B
from pnp.games.waste_of_parts.cards import EnemyCard, SalvageCard
from pnp.games.waste_of_parts.crew import DEFAULT, Dashboard
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.simulate import WIN_BAND, Setup, decks
from pnp.seed import child_seed
from pnp.sim.stats import Check, proportion_ci
from pnp.sim.stats import paired_difference_ci as P

CFG = load_config(None)


def enemy(level, health, attack, ability="", ident=1):
    return EnemyCard(ident, "E", level, health, attack, 3, ability)


def setup_of(enemies=(), salvage=(), dashboards=(), players=3):
    return Setup(bots=("heuristic",) * players, players=players, config=CFG,
                 enemies=tuple(enemies), salvage=tuple(salvage), dashboards=tuple(dashboards))


def test_the_declared_bands():
    assert B.SPREAD == 0.10 and B.CREW_BAND == 0.05
    assert B.NOISE_PROBE == SalvageCard(0, "Noise probe", "upgrade", stat="hull", bonus=0,
                                        room="multi", noise=1)


def test_the_decks_document_lists_every_card_with_its_threat():
    medic = Dashboard(3, "Sparks", 5, 2, 4, ("medic", "gunner"))
    cards = [enemy(1, 2, 1, "swift"), enemy(2, 2, 2, ident=2)]
    gun = SalvageCard(7, "Pipe Rifle", "weapon", attack=3, reload=True)
    doc = B.decks_document(setup_of(cards, [gun], [medic]))
    assert doc["enemy_deck"] == [
        {"ident": 1, "name": "E", "level": 1, "health": 2, "attack": 1, "spawn": 3,
         "ability": "swift", "threat": 1.4062},      # 2/3 x 27/16 x 1.25 = 1.40625
        {"ident": 2, "name": "E", "level": 2, "health": 2, "attack": 2, "spawn": 3,
         "ability": "", "threat": 2.25}]
    assert doc["salvage_deck"] == [dataclasses.asdict(gun)]
    assert doc["crew_dashboards"] == [{"ident": 3, "name": "Sparks", "health": 5, "attack": 2,
                                       "actions": 4, "abilities": ("medic", "gunner"),
                                       "texts": list(medic.texts)}]
    assert len(medic.texts) == 2
    assert doc["threat_bands"] == {"1": [0.5, 2.5], "2": [1.5, 4.5], "3": [3.5, 8.0]}


def test_each_levels_threats_lie_in_its_band_and_rise():
    # level 1: 0.75 and 2.25 (mean 1.5), a Just the Wind card left out; no level 2; level 3: 6.46875
    cards = [enemy(1, 1, 1), enemy(1, 2, 2), enemy(1, 1, 1, "wind"), enemy(3, 4, 3)]
    checks = B.deck_checks(setup_of(cards))
    assert [c.name for c in checks] == ["level 1 Enemy threat (mean, range)",
                                        "level 3 Enemy threat (mean, range)",
                                        "threat rises with level"]
    one, three, rising = checks
    assert (one.value, one.low, one.high, one.band_low, one.band_high, one.passed) == \
        (1.5, 0.75, 2.25, 0.5, 2.5, True)  # exact: the deck's own cards, no sampling
    assert (three.value, three.low, three.high, three.band_low, three.band_high) == \
        (6.46875, 6.46875, 6.46875, 3.5, 8.0)
    assert rising == Check("threat rises with level", 1.0, 1.0, 1.0, 1.0, 1.0, "PASS")


def test_one_card_outside_its_band_fails_the_level():
    # mean 1.625 inside (0.5, 2.5), but the card at 3.375 is not: "no outlier in the level"
    cards = [enemy(1, 1, 1), enemy(1, 1, 1), enemy(1, 3, 2)]
    (one, _) = B.deck_checks(setup_of(cards))
    assert one.high > 2.5 and one.band_low <= one.value <= one.band_high and not one.passed


def test_threats_that_do_not_rise_fail():
    cards = [enemy(1, 2, 2), enemy(2, 2, 2)]  # both 2.25
    assert B.deck_checks(setup_of(cards))[-1] == Check("threat rises with level", 0.0, 0.0, 0.0,
                                                        1.0, 1.0, "FAIL")
    cards = [enemy(1, 2, 2), enemy(2, 1, 1)]  # 2.25 then 0.75
    assert not B.deck_checks(setup_of(cards))[-1].passed
    assert B.deck_checks(setup_of())[-1].passed  # no level at all: nothing falls


def test_crew_checks_per_size_and_their_spread():
    checks = B.crew_checks({5: (6, 10), 3: (4, 10), 4: (5, 10)})
    assert [c.name for c in checks] == ["heuristic win rate, 3 crew", "heuristic win rate, 4 crew",
                                        "heuristic win rate, 5 crew",
                                        "win rate spread between crew sizes"]
    assert [c.value for c in checks[:3]] == [proportion_ci(k, 10).value for k in (4, 5, 6)]
    # 10 games a size: every rate's interval is wider than the band
    assert all((c.band_low, c.band_high) == WIN_BAND and c.status == "UNDECIDED"
               for c in checks[:3])
    spread = checks[3]
    assert spread.value == pytest.approx(0.2) and (spread.band_low, spread.band_high) == \
        (None, 0.10) and spread.status == "UNDECIDED" and spread.note == "5 crew minus 3 crew"
    assert spread.low > -1 and spread.high < 1
    assert B.crew_checks({3: (500, 1000), 4: (480, 1000)})[-1].passed  # 0.02 apart
    assert B.crew_checks({3: (800, 1000), 4: (400, 1000)})[-1].status == "FAIL"
    assert B.crew_checks({}) == []  # no crew size: no rate and no spread
    assert B.crew_checks({3: (0, 10)})[0].status == "FAIL"


def est(value, low, high, n=100):
    return {"value": value, "low": low, "high": high, "n": n}


DOCS = {
    5: {"games": 40, "win_rate": est(0.5, 0.4, 0.6),
        "causes": {"the Hull is annihilated": est(0.2, 0, 1),
                   "every crew member is Downed": est(0.2, 0, 1), "out of time": est(0.1, 0, 1)},
        "rounds_to_distance": {"10": est(5.0, 4.0, 6.0), "20": est(11.0, 10.0, 12.0),
                               "35": est(20.0, 19.0, 21.0)},
        "enemies_aboard_by_round": [1.0, 2.0, 3.0]},
    3: {"games": 20, "win_rate": est(1.0, 0.8, 1.0),
        "causes": {"sanctuary": est(1.0, 0, 1)},
        "rounds_to_distance": {"10": est(4.25, 3.0, 5.5), "20": est(9.0, 8.0, 10.0)},
        "enemies_aboard_by_round": [0.5]},
}


def test_the_crew_sections_of_the_balance_report():
    rates, losses, rounds, aboard = B.crew_sections(DOCS)
    assert rates["heading"] == "The heuristic crew by crew size"
    assert rates["text"] == "Win rate band 40%-60%, sizes within 10% of each other (95% CI)."
    assert rates["table"] == [
        {"crew": 3, "games": 20, "win rate": "1.000 [0.800, 1.000]",
         "losses: Hull annihilated": "0%", "losses: crew wiped out": "0%",
         "losses: out of time": "0%", "round to Distance 10": "4.2 [3.0, 5.5]",
         "round to Distance 20": "9.0 [8.0, 10.0]"},
        {"crew": 5, "games": 40, "win rate": "0.500 [0.400, 0.600]",
         "losses: Hull annihilated": "40%", "losses: crew wiped out": "40%",
         "losses: out of time": "20%", "round to Distance 10": "5.0 [4.0, 6.0]",
         "round to Distance 20": "11.0 [10.0, 12.0]",
         "round to Distance 35": "20.0 [19.0, 21.0]"}]
    assert list(rates["table"][0]) == ["crew", "games", "win rate", "losses: Hull annihilated",
                                       "losses: crew wiped out", "losses: out of time",
                                       "round to Distance 10", "round to Distance 20"]
    assert rates["chart"] == {"kind": "bar", "x": ["3 crew", "5 crew"], "y": [1.0, 0.5],
                              "low": [0.8, 0.4], "high": [1.0, 0.6], "ylabel": "win rate",
                              "title": "Win rate by crew size (95% CI)"}
    assert losses == {"heading": "Losses by cause",
                      "text": "Share of the lost games lost to each cause.",
                      "chart": {"kind": "bar", "x": ["Hull annihilated", "crew wiped out",
                                                     "out of time"],
                                "series": {"3 crew": [0.0, 0.0, 0.0],
                                           "5 crew": [0.4, 0.4, 0.2]},
                                "ylabel": "share of losses",
                                "title": "Losses: Hull vs crew wipe"}}
    assert rounds == {"heading": "Rounds to each milestone",
                      "text": "Mean round the Mech reached each Distance, over the games that "
                              "reached it.",
                      "chart": {"kind": "bar", "x": ["Distance 10", "Distance 20"],
                                "series": {"3 crew": [4.25, 9.0], "5 crew": [5.0, 11.0]},
                                "ylabel": "round", "title": "Rounds to Distance 10 / 20 / 35"}}
    assert aboard == {"heading": "Enemies aboard over time",
                      "text": "Mean Enemies aboard at the end of each round, over the games "
                              "still running.",
                      "chart": {"kind": "line", "x": [1, 2, 3],
                                "series": {"3 crew": [0.5, 0.5, 0.5],
                                           "5 crew": [1.0, 2.0, 3.0]},
                                "xlabel": "round", "ylabel": "Enemies aboard",
                                "title": "Enemies aboard by round"}}


def test_a_curve_without_rounds_is_padded_with_zero():
    docs = {4: {**DOCS[5], "enemies_aboard_by_round": []}, 5: DOCS[5]}
    *_, aboard = B.crew_sections(docs)
    assert aboard["chart"]["series"]["4 crew"] == [0.0, 0.0, 0.0]


def wins_for(passing_try, plan):
    """A stand-in ``measure``: the wins it returns for try k (by the trial's decks)."""
    seen = []

    def measure(trial):
        seen.append(trial)
        return plan[len(seen) - 1]
    return measure, seen


PASS = {3: (5, 10)}                 # 0.5: in the band
FAIL1 = {3: (0, 10)}                # below the band: 1 check failed
FAIL3 = {3: (0, 10), 4: (10, 10)}   # both sizes out, 1.0 apart: 3 checks failed


def search_setup():
    return setup_of(players=3)


def test_search_decks_tries_the_seed_then_its_children_until_all_pass():
    measure, seen = wins_for(2, [FAIL1, FAIL3, PASS, FAIL1])
    trial, checks, k = B.search_decks(search_setup(), "d", 5, measure)
    assert k == 2 and len(seen) == 3 and all(c.status != "FAIL" for c in checks)
    assert [(t.enemies, t.salvage) for t in seen] == [
        decks(CFG, "d"), decks(CFG, child_seed("d", "decks", 1)),
        decks(CFG, child_seed("d", "decks", 2))]
    assert (trial.enemies, trial.salvage) == decks(CFG, child_seed("d", "decks", 2))
    # one crew size: its win rate, and no spread between sizes
    assert [c.name for c in checks][-1:] == ["heuristic win rate, 3 crew"]
    assert checks[:-1] == B.deck_checks(trial)  # the decks' checks and the crew's


def test_search_decks_keeps_the_try_with_fewest_failed_checks():
    measure, seen = wins_for(None, [FAIL3, FAIL1, FAIL1])
    trial, checks, k = B.search_decks(search_setup(), "d", 3, measure)
    assert len(seen) == 3 and k == 1 and sum(c.status == "FAIL" for c in checks) == 1
    assert trial.enemies == seen[1].enemies
    measure, seen = wins_for(None, [FAIL3])
    assert B.search_decks(search_setup(), "d", 0, measure)[2] == 0 and len(seen) == 1


def test_search_decks_without_a_measure_checks_the_decks_only():
    trial, checks, k = B.search_decks(search_setup(), "d", 4, None)
    assert k == 0 and (trial.enemies, trial.salvage) == decks(CFG, "d")
    assert checks == B.deck_checks(trial) and all(c.passed for c in checks)


GUN = SalvageCard(1, "Pipe Rifle", "weapon", attack=3, reload=True, reach=1)
ARMOR = SalvageCard(2, "Plate Vest", "armor", armor=1)
GEAR = SalvageCard(3, "Stim Pack", "gear", stat="health", bonus=2)
ENGINE = SalvageCard(4, "Overdrive", "upgrade", stat="speed", bonus=1, room="engine", noise=2)
SCRAP = SalvageCard(5, "Scrap Metal", "scrap")


def test_the_archetypes_are_the_rules_texts():
    assert B.archetype(GUN) == "weapon A3 reload reach"
    assert B.archetype(dataclasses.replace(GUN, reload=False, reach=0)) == "weapon A3"
    assert B.archetype(dataclasses.replace(GUN, reload=False)) == "weapon A3 reach"
    assert B.archetype(ARMOR) == "armor 1"
    assert B.archetype(GEAR) == "gear health +2"
    assert B.archetype(ENGINE) == "upgrade engine +1"
    assert B.archetype(SCRAP) == "scrap"
    other = dataclasses.replace(GEAR, ident=9, name="Other")
    deck = [SCRAP, GEAR, GUN, other, ENGINE, SCRAP]
    found = B.archetypes(setup_of(salvage=deck))
    assert list(found.items()) == [("gear health +2", GEAR), ("weapon A3 reload reach", GUN),
                                   ("upgrade engine +1", ENGINE)]


def scripted_play(table):
    """``play_one``: a win when ``table(setup, i)`` says so; every call recorded."""
    calls = []

    def play_one(setup, i):
        calls.append((setup, i))
        return table(setup, i)
    return play_one, calls


def test_measure_salvage_pairs_each_archetype_with_the_plain_crew():
    deck = [GUN, GEAR, dataclasses.replace(GEAR, ident=8), SCRAP]

    def table(setup, i):
        card = setup.start_cards[0] if setup.start_cards else None
        return {None: i == 0, GUN: True, GEAR: i in (0, 1), ENGINE: False}[card]
    play_one, calls = scripted_play(table)
    out = B.measure_salvage(setup_of(salvage=deck, dashboards=[Dashboard(1, "x", 5, 3, 4)]), 3,
                            "m", play_one)
    assert all(s.crew_cards == (DEFAULT,) * 3 for s, _ in calls)  # "between equal crews"
    assert [i for _, i in calls] == [0, 1, 2] * 3
    assert out == {"weapon A3 reload reach": {"value": P([1, 1, 1], [1, 0, 0]).to_dict(),
                                              "noise": 0, "cards": 1},
                   "gear health +2": {"value": P([1, 1, 0], [1, 0, 0]).to_dict(),
                                      "noise": 0, "cards": 2}}
    play_one, _ = scripted_play(table)
    two = B.measure_salvage(setup_of(salvage=[GUN]), 2, "m", play_one)
    assert two["weapon A3 reload reach"]["value"] == P([1, 1], [1, 0]).to_dict()
    play_one, _ = scripted_play(table)
    one = B.measure_salvage(setup_of(salvage=[ENGINE]), 1, "m", play_one)
    assert one == {"upgrade engine +1": {"value": P([0], [1]).to_dict(),
                                         "noise": 2, "cards": 1}}


def test_measure_crew_puts_the_dashboard_in_each_seat_in_turn():
    hero = Dashboard(1, "Hero", 8, 3, 5, ("medic",))

    def table(setup, i):
        if hero not in setup.crew_cards:
            return i == 0                                 # the plain crew wins game 0
        return setup.crew_cards[1] == hero or i == 3      # the hero wins in seat 2, and game 3
    play_one, calls = scripted_play(table)
    out = B.measure_crew(setup_of(players=3), {"Hero": hero}, 4, play_one)
    assert [s.crew_cards for s, _ in calls[:4]] == [(DEFAULT,) * 3] * 4
    assert [s.crew_cards.index(hero) for s, _ in calls[4:]] == [0, 1, 2, 0]
    assert [i for _, i in calls] == [0, 1, 2, 3] * 2
    assert out == {"Hero": {"effect": P([0, 1, 0, 1], [1, 0, 0, 0]).to_dict(), "health": 8,
                            "attack": 3, "actions": 5, "abilities": ["medic"]}}
    play_one, _ = scripted_play(table)
    two = B.measure_crew(setup_of(players=3), {"Hero": hero}, 2, play_one)
    assert two["Hero"]["effect"] == P([0, 1], [1, 0]).to_dict()
    play_one, _ = scripted_play(table)
    one = B.measure_crew(setup_of(players=3), {"Hero": hero}, 1, play_one)
    assert one["Hero"]["effect"] == P([0], [1]).to_dict()


def test_crew_band_checks_around_the_mean_effect():
    effects = {"a": {"effect": est(0.12, 0.11, 0.2)}, "b": {"effect": est(0.01, 0.0, 0.1)},
               "c": {"effect": est(0.02, -0.01, 0.1)}}
    checks = B.crew_band_checks(effects)
    assert [c.name for c in checks] == ["crew dashboard a effect", "crew dashboard b effect",
                                        "crew dashboard c effect"]
    # mean 0.05: band 0 to 0.1; a wholly above, b inside, c across the low edge
    assert [c.status for c in checks] == ["FAIL", "PASS", "UNDECIDED"]
    assert checks[1].band_low == pytest.approx(0.0) and checks[1].band_high == pytest.approx(0.1)
    assert checks[0].note == ("win-rate change vs the plain crew member; band: the mean +0.050 "
                              "+- 0.05")
    assert B.crew_band_checks({}) == []
    (alone,) = B.crew_band_checks({"a": {"effect": est(0.25, 0.0, 0.5)}})
    assert (alone.band_low, alone.band_high, alone.status) == (0.2, 0.3, "UNDECIDED")


def test_measure_upgrades_weighs_one_noise_and_each_upgrade_without_its_noise():
    deck = [GUN, ENGINE, dataclasses.replace(ENGINE, ident=9, bonus=2, noise=3, name="O2")]

    def table(setup, i):
        (card,) = setup.start_cards or (None,)
        if card is None:
            return i < 2
        # one Noise measured alone, each upgrade without its Noise
        assert card.noise == (card.name == "Noise probe") and setup.crew_cards == (DEFAULT,) * 3
        return {"Noise probe": i < 1, "Overdrive": True, "O2": i < 3}[card.name]
    play_one, calls = scripted_play(table)
    out = B.measure_upgrades(setup_of(salvage=deck), 3, play_one)
    assert list(out) == ["noise +1", "upgrade engine +1", "upgrade engine +2"]
    assert out["noise +1"] == {"gross": P([1, 0, 0], [1, 1, 0]).to_dict(), "noise": 1}
    assert out["upgrade engine +1"] == {"gross": P([1, 1, 1], [1, 1, 0]).to_dict(), "noise": 2}
    assert out["upgrade engine +2"] == {"gross": P([1, 1, 1], [1, 1, 0]).to_dict(), "noise": 3}
    assert all(s.crew_cards == (DEFAULT,) * 3 for s, _ in calls)
    play_one, _ = scripted_play(table)
    two = B.measure_upgrades(setup_of(salvage=[ENGINE]), 2, play_one)
    assert two["upgrade engine +1"]["gross"] == P([1, 1], [1, 1]).to_dict()
    play_one, _ = scripted_play(table)
    one = B.measure_upgrades(setup_of(salvage=[ENGINE]), 1, play_one)
    assert one["noise +1"]["gross"] == P([1], [1]).to_dict()  # one game: wide, not a point
    assert one["noise +1"]["gross"]["low"] < 0 < one["noise +1"]["gross"]["high"]


def test_noise_checks_price_each_upgrade_in_noise():
    measured = {"noise +1": {"gross": est(-0.02, -0.03, -0.01)},
                "upgrade engine +1": {"gross": est(0.05, 0.031, 0.07), "noise": 2},
                "upgrade gun +1": {"gross": est(0.01, -0.05, 0.029), "noise": 2}}
    engine, gun = B.noise_checks(measured)
    assert engine.name == "upgrade engine +1: Noise cost tracks its value"
    # one Noise is worth 0.02: the engine's interval is 1.55 to 3.5 Noise, rounded 2 to 4
    assert (engine.value, engine.band_low, engine.band_high, engine.passed) == \
        (2.0, 2.0, 4.0, True)
    assert engine.note == "gross value +0.050 [+0.031, +0.070], one Noise -0.020"
    # the gun's: -2.5 (no less than 0) to 1.45, rounded 0 to 1: a cost of 2 is too dear
    assert (gun.band_low, gun.band_high, gun.passed) == (0.0, 1.0, False)


def test_noise_measured_as_free_tracks_no_cost():
    for free in (0.0, 0.01):
        measured = {"noise +1": {"gross": est(free, -0.01, 0.02)},
                    "upgrade engine +1": {"gross": est(0.05, 0.03, 0.07), "noise": 1}}
        (check,) = B.noise_checks(measured)
        assert (check.band_low, check.band_high, check.passed) == (0.0, 0.0, False)
    assert B.noise_checks({"noise +1": {"gross": est(-0.02, -0.03, -0.01)}}) == []


def test_random_is_not_used_by_the_measures():
    # the paired measures play game i from seed i: no stream of their own
    state = random.getstate()
    play_one, _ = scripted_play(lambda s, i: True)
    B.measure_salvage(setup_of(salvage=[GUN]), 2, "r", play_one)
    assert random.getstate() == state
