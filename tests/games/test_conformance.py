"""Every registered game keeps the game interface's promises (pnp/games/api.py).

Parametrised over the registry: a new game is checked by adding it there. Random legal play ends
and keeps its invariants; every action's text parses back; clone() is independent and replays
identically; 1 and 2 jobs give the same run; a replay is the same game as the run's; a golden
action log pins each game's rules and bots; the session pack is byte-identical on a rerun; the
pure core loads no drawing, template, CLI or YAML library.

Golden logs: ``PNP_REGEN_GOLDEN=1 python -m pytest tests/games/test_conformance.py`` rewrites
them; a changed golden file is a deliberate, reviewed change.
"""

from __future__ import annotations

import hashlib
import json
import os
import pkgutil
import random
from pathlib import Path

import pytest

from pnp.games.api import GameSpec, IllegalAction, State
from pnp.games.registry import GAMES, get
from pnp.sim.play import game_seed, new_game, play, record_game, replay, run_games, simulate

GOLDEN = Path(__file__).parent.parent / "golden"
#: Modules of a game package that draw or read files (the shell); every other module is core.
SHELL_MODULES = {"printables", "pack", "session", "sheets", "bag", "words", "data", "icons",
                 "crew_mats", "view"}  # view: the table's drawing of a state, beside printables
NOT_IN_CORE = {"reportlab", "svgwrite", "PIL", "jinja2", "typer", "rich", "matplotlib", "yaml",
               "pypdfium2", "pypdf"}
#: A game that has not ended after this many actions is taken not to end.
MAX_ACTIONS = 200_000
#: docs/adding-a-game.md's example game, registered for these tests beside the real games.
EXAMPLE = {"pig": "pig_game"}


def small_setup(spec: GameSpec, bots: str = "heuristic", players: int | None = None):
    """The setup of a quick run: the game's fewest players and default options."""
    from pnp.sim.play import bot_names

    n = players or spec.min_players
    options = {o.name: o.default for o in spec.options}
    return spec.make_setup("conformance", n, bot_names(spec, n, bots), options)


@pytest.fixture(params=[*GAMES, *EXAMPLE])
def spec(request, monkeypatch) -> GameSpec:
    monkeypatch.setattr("pnp.games.registry.GAMES", {**GAMES, **EXAMPLE})
    return get(request.param)


def _step(state: State, bots, rng: random.Random):
    action = bots[state.current_player].choose(state, rng)
    state.apply(action)
    return action


def test_registry_names_match(spec):
    assert spec.name in {**GAMES, **EXAMPLE}
    assert spec.min_players <= spec.default_players <= spec.max_players
    assert {"heuristic", "random"} <= set(spec.bots)


@pytest.mark.parametrize("index", range(4))
def test_random_play_ends_and_keeps_invariants(spec, index):
    setup = small_setup(spec, "random", players=spec.max_players if index % 2 else None)
    state, bots, rng = new_game(spec, setup, game_seed("random-play", index))
    seen: set[str] = set()
    for _ in range(MAX_ACTIONS):
        if state.is_over():
            break
        assert sum(state.returns()) == 0, "returns are 0 for all while the game runs"
        assert 0 <= state.current_player < setup.players
        legal = state.legal_actions()
        assert legal, "a running game always offers an action"
        action = bots[state.current_player].choose(state, rng)
        assert action in legal, f"the random bot chose {action}, not a legal action"
        text = str(action)
        if text not in seen:  # every kind of action reads back from its replay text
            seen.add(text)
            assert spec.rules.parse_action(text) == action
        state.apply(action)
    else:
        pytest.fail(f"{spec.name}: random play did not end in {MAX_ACTIONS} actions")
    returns = state.returns()
    assert len(returns) == setup.players
    assert all(0 <= r <= 1 for r in returns)
    # A duel or race shares 1 between the seats; a co-operative game gives every seat the
    # same 1 (win) or 0 (loss).
    assert sum(returns) == pytest.approx(1) or len(set(returns)) == 1
    assert not list(state.legal_actions())
    with pytest.raises(IllegalAction):  # nothing is legal once the game is over
        state.apply(action)


def test_clone_is_independent_and_plays_the_same(spec):
    setup = small_setup(spec)
    state, bots, rng = new_game(spec, setup, game_seed("clone", 0))
    for _ in range(25):  # into the game a little
        if state.is_over():
            break
        _step(state, bots, rng)
    before = [str(a) for a in state.legal_actions()]
    copy = state.clone()
    _, bots_copy, _ = new_game(spec, setup, game_seed("clone", 0))
    # Play the clone ahead: the original must not change.
    for _ in range(10):
        if copy.is_over():
            break
        _step(copy, bots_copy, random.Random(1))
    assert [str(a) for a in state.legal_actions()] == before
    # A fresh clone played with the same choices ends exactly like the original.
    twin = state.clone()
    _, twin_bots, _ = new_game(spec, setup, game_seed("clone", 0))
    log_a, log_b = [], []
    rng_twin = random.Random()
    rng_twin.setstate(rng.getstate())
    while not state.is_over():
        log_a.append(str(_step(state, bots, rng)))
        log_b.append(str(_step(twin, twin_bots, rng_twin)))
    assert twin.is_over() and log_a == log_b and state.returns() == twin.returns()


def test_one_and_two_jobs_give_the_same_run(spec):
    setup = small_setup(spec)
    one = simulate(spec, setup, 24, "jobs", jobs=1, batch_size=5)
    two = simulate(spec, setup, 24, "jobs", jobs=2, batch_size=7)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_replayed_game_is_the_runs_game(spec):
    setup = small_setup(spec)
    records = run_games(spec, setup, 6, "replay-run", jobs=1, batch_size=4)
    for index in (0, 5):
        assert record_game(spec, setup, game_seed("replay-run", index)) == records[index]
    doc = replay(spec, setup, "replay-run", 5)
    state = play(spec, setup, game_seed("replay-run", 5))
    assert doc["returns"] == list(state.returns())
    assert doc["actions"] and all(step["action"] for step in doc["actions"])


def test_checked_play_matches_fast_play(spec):
    setup = small_setup(spec)
    fast = play(spec, setup, game_seed("checked", 1))
    checked = play(spec, setup, game_seed("checked", 1), check=True)
    assert fast.returns() == checked.returns()
    assert spec.record(fast) == spec.record(checked)


def test_golden_action_log(spec):
    doc = replay(spec, small_setup(spec), "golden", 0)
    path = GOLDEN / spec.name.replace("-", "_") / "replay.json"
    text = json.dumps(doc, sort_keys=True, indent=1) + "\n"
    if os.environ.get("PNP_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden log: run with PNP_REGEN_GOLDEN=1 to write {path}"
    assert json.loads(path.read_text(encoding="utf-8")) == doc


def _pack_hashes(spec: GameSpec, out: Path) -> dict[str, str]:
    from pnp.output import Output
    from pnp.pack import PrintOptions
    from pnp.pack_writer import write_pack

    setup = small_setup(spec)
    options = {o.name: o.default for o in spec.options}
    opts = PrintOptions()
    assert spec.session is not None
    pack = spec.session(setup, "pack", options, 20, 1, opts)
    with Output(out, seed="pack", command=["pnp", spec.name, "session"]) as o:
        write_pack(o, pack, opts)
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def test_session_pack_is_byte_identical_on_a_rerun(spec, tmp_path):
    if spec.session is None:
        pytest.skip(f"{spec.name} has no session pack")
    first = _pack_hashes(spec, tmp_path / "a")
    assert _pack_hashes(spec, tmp_path / "b") == first
    assert "manifest.json" in first and len(first) > 2


def test_core_imports_no_drawing_or_io_library(spec, imported_by):
    if spec.name not in GAMES:
        pytest.skip("the example game is a test module")
    package = __import__(GAMES[spec.name], fromlist=["GAME"])
    core = [f"{GAMES[spec.name]}.{m.name}" for m in pkgutil.iter_modules(package.__path__)
            if m.name not in SHELL_MODULES]
    core += [GAMES[spec.name], "pnp.games.api", "pnp.sim.play"]
    assert imported_by(*core) & NOT_IN_CORE == set()


def _checked_cases(spec: GameSpec, count: int) -> list[tuple[int, str | None, str, int]]:
    """(players, variant or None, bots, game) cases cycling through the player counts, each of
    the game's switches (a variant) and its computer players."""
    variants = (None, *(o.name for o in spec.options_for("simulate") if o.kind is bool))
    bots = tuple(sorted(b for b in spec.bots if not b.startswith("search")))
    counts = range(spec.min_players, spec.max_players + 1)
    return [(counts[i % len(counts)], variants[i % len(variants)], bots[i % len(bots)], i)
            for i in range(count)]


def _play_checked_cases(spec: GameSpec, count: int) -> int:
    """Play ``count`` cases with every bot action checked against the legal actions."""
    from pnp.errors import PnpError
    from pnp.sim.play import bot_names

    played = 0
    for players, variant, bots, i in _checked_cases(spec, count):
        options = {o.name: o.default for o in spec.options}
        if variant:
            options[variant] = True
        try:  # a variant for some player counts only (Wreck and Ruin's teams: 4)
            setup = spec.make_setup(f"checked-{i % 5}", players, bot_names(spec, players, bots),
                                    options)
        except PnpError:
            continue
        play(spec, setup, game_seed("checked-cases", i), check=True)
        played += 1
    return played


def test_bots_play_only_legal_actions_over_counts_variants_and_bots(spec):
    """Every bot action is among ``legal_actions()`` (what ``--check-rules`` checks), over the
    player counts, the variants and the computer players (1,000 games in the slow run)."""
    assert _play_checked_cases(spec, 12) >= 6


@pytest.mark.slow
def test_bots_play_only_legal_actions_over_a_thousand_games(spec):
    assert _play_checked_cases(spec, 1000) >= 500
