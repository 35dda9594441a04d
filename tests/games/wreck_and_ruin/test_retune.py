"""The card retune search: cards outside the declared band get their number one step towards
it and are measured again, for a bounded number of rounds; the rest are named (issue 10:
"balanced so that no card moves the win rate of the player holding it outside a declared
band")."""

from __future__ import annotations

import dataclasses
import json

import yaml

from pnp.games.wreck_and_ruin import GAME
from pnp.games.wreck_and_ruin.cards import CardDef
from pnp.games.wreck_and_ruin.data import cards_from_dict
from pnp.games.wreck_and_ruin.deck import BAND, deck_yaml, retune
from pnp.sim.stats import Estimate

HORN = CardDef("Overpowered Horn", "salvage", "war_cry", 5, "Too loud.")
KIT = CardDef("Duct Tape", "salvage", "field_repair", 1, "Holds.")
JUNK = CardDef("Golden Hubcap", "salvage", "scrap", 1, "Shiny.")


def _fake(values):
    """A measure whose value for a card is ``values[(name, amount)]`` (no games)."""
    calls = []

    def measure(setup, games, seed, jobs, only=None):
        calls.append(None if only is None else sorted(only))
        out = {}
        for c in setup.salvage:
            if only is None or c.name in only:
                v = values[c.name](c.amount)
                out[c.name] = {"effect": c.effect, "amount": c.amount, "count": 1,
                               "pairs": 4, "value": Estimate(v, v - 0.1, v + 0.1, 4).to_dict()}
        return out
    return measure, calls


def _setup(*cards):
    setup = GAME.make_setup("retune", 2, ("heuristic", "heuristic"), {})
    return dataclasses.replace(setup, salvage=cards)


def test_an_overpowered_card_is_scaled_down_into_the_band_measuring_only_it_again():
    # value 0.05 per AP: 5 AP -> 0.25, brought to 2 AP -> 0.10 (the band's top)
    measure, calls = _fake({HORN.name: lambda n: 0.05 * n, KIT.name: lambda n: 0.02})
    deck, report = retune(_setup(HORN, KIT), 4, "s", rounds=5, measure=measure)
    assert [c.amount for c in deck] == [2, 1]
    assert report["unresolved"] == {} and report["rounds"] == 3
    assert calls == [None, [HORN.name], [HORN.name], [HORN.name]]
    assert [(c["from"], c["to"]) for c in report["changes"]] == [(5, 4), (4, 3), (3, 2)]
    assert BAND[0] <= report["cards"][HORN.name]["value"]["value"] <= BAND[1]


def test_cards_it_cannot_bring_into_band_are_named_with_the_reason():
    measure, _ = _fake({HORN.name: lambda n: 0.05 * n, JUNK.name: lambda n: 0.3,
                        KIT.name: lambda n: -0.2 if n == 1 else 0.2})
    deck, report = retune(_setup(HORN, JUNK, KIT), 4, "s", rounds=1, measure=measure)
    assert [c.amount for c in deck] == [4, 1, 2]
    un = report["unresolved"]
    assert un[HORN.name] == "still outside after 1 rounds"
    assert un[JUNK.name] == "scrap has no number to tune"
    _, report = retune(_setup(KIT), 4, "s", rounds=5, measure=measure)
    assert "no whole number between" in report["unresolved"][KIT.name]


def test_the_retuned_deck_is_data_the_loader_reads_back():
    deck = (dataclasses.replace(HORN, amount=2), JUNK, dataclasses.replace(KIT, count=2))
    text = deck_yaml(deck, "retuned\nby a test")
    assert text.startswith("# retuned\n# by a test\nsalvage:\n")
    assert cards_from_dict(yaml.safe_load(text), "salvage") == deck


def test_a_tiny_real_search_brings_every_card_into_band_or_names_it():
    deck, report = retune(_setup(HORN, KIT), 3, "tiny", rounds=2)
    for card in deck:
        value = report["cards"][card.name]["value"]["value"]
        assert BAND[0] <= value <= BAND[1] or card.name in report["unresolved"]
    assert report["cards"][HORN.name]["amount"] == deck[0].amount


def test_cards_retune_writes_the_deck_and_the_report(run_pnp, tmp_path):
    src = tmp_path / "deck.yaml"
    src.write_text(deck_yaml((HORN, KIT)), encoding="utf-8")
    out = tmp_path / "out"
    code, stdout, err = run_pnp("wreck-and-ruin", "cards", "--players", "2", "--games", "2",
                                "--seed", "cli", "--salvage", str(src), "--retune", "1",
                                "--out", str(out), "--json", "--jobs", "1")
    assert code == 0, err
    doc = json.loads(stdout)
    written = cards_from_dict(yaml.safe_load((out / "salvage.yaml").read_text()), "salvage")
    assert [c.name for c in written] == [HORN.name, KIT.name]
    assert json.loads((out / "retune.json").read_text())["unresolved"] == doc["unresolved"]
    assert {f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]} \
        == {"salvage.yaml", "retune.json"}


def test_cards_retune_zero_rounds_is_bad_input(run_pnp, tmp_path):
    code, _, err = run_pnp("wreck-and-ruin", "cards", "--retune", "0", "--games", "2",
                           "--out", str(tmp_path / "o"))
    assert code == 2 and "retune" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()
