"""Salvage and faction cards against their bands (issue 25: "all inside their band on unseen
seeds, with enough games that the check can fail"). The fast tests build results by hand, so a
card outside its band must FAIL; the slow test plays seed ``confirm-wr-1``, which the retune of
the bundled cards never saw (docs/wreck-and-ruin.md, "Card balance on unseen seeds")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pnp.games.wreck_and_ruin.deck import BAND, card_checks
from pnp.games.wreck_and_ruin.simulate import FACTION_MARGIN, Record, Setup, summarize
from pnp.sim.stats import Estimate


def _pairs(value: float, low: float, high: float, n: int) -> dict:
    return {"pairs": n, "value": Estimate(value, low, high, n).to_dict()}


def test_a_salvage_card_wholly_outside_its_band_fails():
    # issue 24: the +1 AP cards measured +0.11..+0.12, which 50 paired games could never FAIL
    strong, weak, near = card_checks({"Strong": _pairs(0.12, 0.105, 0.135, 8000),
                                      "Weak": _pairs(-0.09, -0.12, -0.06, 8000),
                                      "Near": _pairs(0.12, 0.08, 0.16, 400)})
    assert strong.status == "FAIL" and strong.low > BAND[1]
    assert weak.status == "FAIL" and weak.high < BAND[0]
    # straddling the top edge: undecided, with the paired games that would decide it
    # (an interval of half-width 0.04 at 400 pairs clears a gap of 0.02 at 4x the pairs, +5%)
    assert near.status == "UNDECIDED" and near.n_needed == pytest.approx(1680, abs=1)


def _rec(winner: int, cards: tuple[str, str]) -> Record:
    return Record((winner,), (1, 0), False, 6, 0, False, cards, ("F", "G"), ((), ()))


def test_a_faction_card_whose_holder_wins_too_often_fails():
    # the holder of "A" wins 3 games in 4 in either seat: 0.75 against 0.5 +- FACTION_MARGIN
    games = []
    for i in range(400):
        seat = i % 2
        cards = ("A", "B") if seat == 0 else ("B", "A")
        games.append(_rec(seat if i % 4 < 3 else 1 - seat, cards))
    setup = Setup(bots=("heuristic", "heuristic"), board=SimpleNamespace(extra={}), players=2)
    checks = {c["name"]: c for c in summarize(games, setup, 1)["checks"]}
    a = checks["faction card A: its holder's win rate (seats taken out)"]
    b = checks["faction card B: its holder's win rate (seats taken out)"]
    assert a["value"] == pytest.approx(0.75) and a["low"] > 0.5 + FACTION_MARGIN
    assert a["status"] == "FAIL" and b["status"] == "FAIL"


#: The seed of the confirmation (the retune was measured on train-1 only).
UNSEEN = "confirm-wr-1"


@pytest.mark.slow
def test_faction_cards_in_band_on_an_unseen_seed():
    # docs/wreck-and-ruin.md: `simulate --players 2 --games 8000 --seed confirm-wr-1`; each
    # card held about 1,000 times, intervals about +-0.03 against the band 0.5 +- 0.10 (at
    # 4,000 games Patch Them Up was still undecided)
    from pnp.games.wreck_and_ruin import GAME
    from pnp.games.wreck_and_ruin.simulate import make_setup
    from pnp.sim.play import run_games

    setup = make_setup(UNSEEN, 2, ("heuristic",) * 2, {})
    doc = summarize(run_games(GAME, setup, 8000, UNSEEN, jobs=2), setup, UNSEEN)
    cards = [c for c in doc["checks"] if c["name"].startswith("faction card ")]
    assert len(cards) == 16
    assert [c["name"] for c in cards if c["status"] != "PASS"] == []


@pytest.mark.slow
def test_the_action_and_movement_cards_in_band_on_an_unseen_seed():
    # the cards with the widest intervals on the training seed (gain AP, extra movement) and
    # the +1 AP cards issue 24 measured above the band: 400 paired games a seat decide them
    from pnp.games.wreck_and_ruin.deck import measure_cards
    from pnp.games.wreck_and_ruin.simulate import make_setup

    setup = make_setup(UNSEEN, 2, ("heuristic",) * 2, {})
    names = [c.name for c in setup.salvage if c.effect in ("war_cry", "nomads")]
    assert len(names) == 13
    checks = card_checks(measure_cards(setup, 400, UNSEEN, jobs=2, only=names))
    assert [(c.name, c.status) for c in checks if c.status != "PASS"] == []
    assert all(c.n == 800 for c in checks)
