"""One verdict (issue 24): every simulate and session prints the verdict line made from the
checks its JSON, manifest and report hold; --strict exits 3 on a FAIL; --until-decided plays
more games until no check is undecided."""

from __future__ import annotations

import json
import re

import pytest

from pnp.games.registry import all_games
from pnp.sim.stats import FAIL, UNDECIDED, verdict

GAMES = [spec.name for spec in all_games()]
SMALL = {"junkyard-wars": 6, "waste-knights": 6, "salvage": 12, "waste-of-parts": 6,
         "wreck-and-ruin": 6}


def _simulate(run_pnp, game: str, *args: str) -> tuple[int, str]:
    return run_pnp(game, "simulate", "--games", str(SMALL[game]), "--jobs", "1",
                   "--seed", "v24", *args)[:2]


@pytest.mark.parametrize("game", GAMES)
def test_simulate_prints_the_verdict_of_its_checks_and_strict_exits_3_on_a_fail(run_pnp, game):
    code, out = _simulate(run_pnp, game, "--json", "--strict")
    doc = json.loads(out)
    result = verdict(doc["checks"])
    assert doc["verdict"] == result.to_dict()
    assert code == (3 if result.status == FAIL else 0)
    code, out = _simulate(run_pnp, game)
    assert code == 0  # without --strict a FAIL is reported, not an error
    assert out.splitlines()[-1] == result.line()
    assert out.splitlines()[-1].startswith(f"Verdict: {result.status} - ")


def test_strict_exits_3_when_a_check_fails(run_pnp, monkeypatch):
    from pnp.games.salvage import simulate

    # a band no seat 1 can meet: its check fails whatever the bots do
    monkeypatch.setattr(simulate, "SEAT_BAND", (0.999, 1.0))
    args = ("salvage", "simulate", "--games", "40", "--jobs", "1", "--seed", "1")
    code, out, _ = run_pnp(*args, "--strict")
    assert code == 3
    assert "Verdict: FAIL - " in out and "fail (seat 1 win rate (first player)" in out
    code, out, _ = run_pnp(*args)  # reported, not an error, without --strict
    assert code == 0 and "Verdict: FAIL - " in out


def test_until_decided_doubles_the_games_until_no_check_is_undecided(run_pnp):
    base = ("salvage", "simulate", "--jobs", "1", "--seed", "1", "--json")
    code, out, _ = run_pnp(*base, "--games", "20")
    assert any(c["status"] == UNDECIDED for c in json.loads(out)["checks"])
    code, out, _ = run_pnp(*base, "--games", "20", "--until-decided", "--max-games", "400")
    decided = json.loads(out)
    n = decided["games"]
    assert code == 0 and n in (40, 80, 160, 320, 400)  # doubled, or stopped at the cap
    if n < 400:
        assert all(c["status"] != UNDECIDED for c in decided["checks"])
    # the last round is the run of its size: the same games, the same document; the round
    # before it left a check undecided
    assert run_pnp(*base, "--games", str(n))[1] == out
    before = json.loads(run_pnp(*base, "--games", str(320 if n == 400 else n // 2))[1])
    assert any(c["status"] == UNDECIDED for c in before["checks"])


def test_until_decided_stops_at_max_games(run_pnp):
    code, out, _ = run_pnp("salvage", "simulate", "--jobs", "1", "--seed", "1", "--json",
                           "--games", "10", "--until-decided", "--max-games", "15")
    assert code == 0 and json.loads(out)["games"] == 15
    code, _, err = run_pnp("salvage", "simulate", "--games", "10", "--until-decided",
                           "--max-games", "5")
    assert code == 2 and "max-games" in err and "Traceback" not in err


def _report_verdict(path) -> str:
    text = path.read_text(encoding="utf-8")
    found = re.search(r'<section id="verdict">\s*<h2>Verdict</h2>\s*<p class="summary '
                      r'(\w+)">(.*?)</p>', text)
    assert found, "the report opens with no verdict"
    import html
    return html.unescape(found.group(2))


def _session(run_pnp, tmp_path, game: str, *args: str):
    out = tmp_path / game
    code, stdout, _ = run_pnp(game, "session", "--seed", "1", "--games", str(SMALL[game]),
                              "--jobs", "1", "--out", str(out), *args)
    manifest = json.loads((out / "manifest.json").read_text())
    return code, stdout, manifest, out


def _same_verdict(stdout: str, manifest: dict, out) -> str:
    result = verdict(manifest["checks"])
    line = [x for x in stdout.splitlines() if x.startswith("Verdict: ")]
    assert line == [result.line()]
    assert manifest["verdict"] == result.to_dict()
    assert _report_verdict(out / "report.html") == result.line()
    return result.status


def test_waste_knights_session_prints_the_verdict_its_report_shows(run_pnp, tmp_path):
    code, stdout, manifest, out = _session(run_pnp, tmp_path, "waste-knights")
    status = _same_verdict(stdout, manifest, out)
    names = [c["name"] for c in manifest["checks"]]
    # the tours' checks (in the report only) are in the verdict, told apart by knight count
    assert "ko_hazard (2 knights)" in names and "ko_hazard (4 knights)" in names
    assert len(names) == len(set(names))
    assert "balance checks passed" not in stdout  # no second verdict
    # the report says what its conclusions rest on
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<h2>Bot strength</h2>" in html and "no stronger computer player" in html
    assert code == 0
    code, *_ = _session(run_pnp, tmp_path / "strict", "waste-knights", "--strict")
    assert code == (3 if status == FAIL else 0)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in GAMES if g != "waste-knights"])
def test_every_session_prints_the_verdict_its_report_and_manifest_show(run_pnp, tmp_path, game):
    code, stdout, manifest, out = _session(run_pnp, tmp_path, game, "--strict")
    status = _same_verdict(stdout, manifest, out)
    assert code == (3 if status == FAIL else 0)


def test_reject_unbalanced_is_a_hidden_spelling_of_strict(run_pnp):
    _, help_text, _ = run_pnp("waste-knights", "session", "--help")
    assert "--strict" in help_text and "--reject-unbalanced" not in help_text


COMMON = {"game", "seed", "seed_code", "games", "players", "bots", "win_rate_by_seat", "checks",
          "verdict"}


@pytest.mark.parametrize("game", GAMES)
def test_simulate_json_has_the_keys_every_game_shares(run_pnp, game):
    # docs/formats.md, "Every game: checks, the verdict and simulate --json"
    code, out = _simulate(run_pnp, game, "--json")
    doc = json.loads(out)
    assert COMMON <= set(doc), COMMON - set(doc)
    assert doc["game"] == game and doc["games"] == SMALL[game] and doc["seed"] == "v24"
    assert len(doc["bots"]) == doc["players"] == len(doc["win_rate_by_seat"])
    for e in doc["win_rate_by_seat"]:
        assert set(e) >= {"value", "low", "high", "n"}
        assert 0.0 <= e["low"] <= e["value"] <= e["high"] <= 1.0 and e["low"] < e["high"]
    for c in doc["checks"]:
        assert c["status"] in ("PASS", "FAIL", "UNDECIDED") and c["passed"] == (
            c["status"] == "PASS")
