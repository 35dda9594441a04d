"""The dice's exact odds against the simulator's rolls, the crews, and bad data files."""

from __future__ import annotations

import random

import pytest

from pnp.errors import PnpError
from pnp.games.waste_of_parts import GAME
from pnp.games.waste_of_parts.cards import THREAT_BANDS, enemy_deck, enemy_threat, salvage_deck
from pnp.games.waste_of_parts.data import load_config
from pnp.games.waste_of_parts.rules import Config, hit_distribution, p_hit, p_jam
from pnp.games.waste_of_parts.simulate import make_setup
from pnp.sim.play import game_seed, play
from pnp.sim.stats import proportion_ci
from tests.games.waste_of_parts.helpers import game


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_simulated_hits_and_jams_match_the_exact_odds(dice):
    """Combat: P(hit) = 4/6 a die; a jam is every die showing 1, (1/6)^dice."""
    s = game()
    n = 20_000
    counts = [0] * (dice + 1)
    jams = 0
    for _ in range(n):
        faces = s.roll(dice)
        counts[s.hits(faces)] += 1
        jams += all(f == 1 for f in faces)
    for k, p in enumerate(hit_distribution(dice)):
        est = proportion_ci(counts[k], n)
        assert est.low <= float(p) <= est.high, (k, est, p)
    est = proportion_ci(jams, n)
    assert est.low <= float(p_jam(dice)) <= est.high
    assert p_hit() == pytest.approx(2 / 3)


def test_decks_have_the_rulebook_sizes_and_threat_bands():
    """Components: "188 Enemy Cards", "151 Salvage Cards"; each level's threat in its band,
    the bands rising; enough Just the Wind for the Scourge (2 + crew + 2 <= 9)."""
    cfg = Config()
    enemies = enemy_deck(cfg, random.Random(3))
    assert len(enemies) == 188 and {c.level for c in enemies} == {1, 2, 3}
    assert sum(c.wind for c in enemies) >= 9
    for c in enemies:
        assert c.health >= 1 and 1 <= c.spawn <= 13
        if not c.wind:
            low, high = THREAT_BANDS[c.level]
            assert low <= enemy_threat(c) <= high
    assert THREAT_BANDS[1] < THREAT_BANDS[2] < THREAT_BANDS[3]
    salvage = salvage_deck(cfg, random.Random(3))
    assert len(salvage) == 151 and sum(c.name == "Scrap Metal" for c in salvage) == 2


def _wins(bots: str, crew: int, games: int, seed: str = "bots") -> tuple[int, list[int]]:
    setup = make_setup(seed, crew, (bots,) * crew, {})
    states = [play(GAME, setup, game_seed(seed, i)) for i in range(games)]
    return sum(s.result == 1 for s in states), [s.distance for s in states]


def test_heuristic_crew_wins_clearly_more_than_the_random_crew():
    """The heuristic crew wins more often than a random legal crew (95% CIs apart), and travels
    further."""
    smart, far = _wins("heuristic", 4, 30)
    rand, near = _wins("random", 4, 30)
    assert proportion_ci(smart, 30).low > proportion_ci(rand, 30).high
    assert min(far) >= 0 and sum(far) > sum(near)


@pytest.mark.parametrize("text, field", [
    ("ladders: [[1, 5], [4, 8], [6, 10]]\nrows: [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]\n"
     "rooms: {1: {kind: deck}, 2: {kind: multi}, 3: {kind: multi}, 4: {kind: deck},"
     " 5: {kind: crane}, 6: {kind: multi}, 7: {kind: multi}, 8: {kind: cockpit},"
     " 9: {kind: gun}, 10: {kind: engine}, 11: {kind: engine}, 12: {kind: gun},"
     " 13: {kind: wastes}}\nrows_x: 1\n", "rows_x"),
    ("enemy_deck:\n  4: {cards: 3, health: [1, 2], attack: [1, 1]}\n", "enemy_deck"),
    ("enemy_deck:\n  1: {cards: 3, health: [0, 2], attack: [1, 1]}\n", "enemy_deck.1.health"),
    ("hull_start: 0\n", "hull_start"),
    ("hull_start: [\n", None),
])
def test_bad_rules_file_is_one_error_naming_the_field(tmp_path, text, field):
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PnpError) as err:
        load_config(str(path))
    assert err.value.file == str(path)
    if field:
        assert err.value.field == field


def test_unreachable_room_is_an_error(tmp_path):
    """Adjacency: every room must be reachable (a ladder missing leaves the lower level cut)."""
    import yaml

    from pnp.resources import cardset

    data = yaml.safe_load(cardset("waste_of_parts/rules.yaml").read_text(encoding="utf-8"))
    data["ladders"] = [[1, 5], [4, 8]]
    path = tmp_path / "rules.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(PnpError, match="cannot be reached") as err:
        load_config(str(path))
    assert err.value.field == "ladders" and err.value.line is not None


def test_cli_bad_rules_exit_2(run_pnp, tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("standees: -1\n", encoding="utf-8")
    code, out, err = run_pnp("waste-of-parts", "simulate", "--games", "2", "--rules", str(path))
    assert code == 2 and "standees" in err and "Traceback" not in err
