"""Mutation score of pnp modules: mutmut 3 run on a copy of the repository, one module at a time.

    pip install -e ".[mutation]"
    python benchmarks/mutation.py pnp/games/junkyard_wars/rules.py [MODULE ...] [--tests PATH ...]
        [--jobs N] [--json FILE] [--show] [--rerun BEFORE.json]

For each module: the repository (pnp/, tests/, cardsets/, templates/, pyproject.toml) is copied
to a temporary folder, the copy's ``[tool.mutmut]`` is narrowed to that module and to the tests
that cover it (``--tests``, else ``TESTS`` below by the module's package), and ``mutmut run`` makes
and tries every mutant. It prints the module's score (killed / mutants tried) and each survivor
as a diff (``--show``), and with ``--json`` writes the counts and survivors. ``--rerun`` tries
again only the survivors a previous ``--json`` file lists for the module (after new tests: the
score then counts the earlier kills plus the new ones). The working tree is
never touched, so runs of different modules do not meet. Not part of the default test run: a
rules module takes minutes (every mutant runs the tests that reach it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COPY = ("pnp", "tests", "cardsets", "templates", "pyproject.toml")
#: The tests that reach a module, fast ones only (``-m "not slow"``): by module, else by package.
#: Narrow on purpose: a surviving mutant runs every test listed that reaches its function.
_JW = "tests/games/junkyard_wars/"
_JW_RULES = [_JW + f for f in ("test_rules.py", "test_rules_machine.py", "test_actions.py",
                               "test_hour.py", "test_zone.py", "test_trades.py",
                               "test_rulebook_words.py", "test_rules_mutants.py",
                               "test_trades_mutants.py", "test_actions_mutants.py")]
_SALVAGE = "tests/games/salvage/"
_SALVAGE_RULES = [_SALVAGE + f for f in ("test_rules.py", "test_state.py", "test_actions.py",
                                         "test_odds.py", "test_rulebook_words.py",
                                         "test_state_mutants.py", "test_mods.py",
                                         "test_clash_mutants.py", "test_run_mutants.py")]
_WK = "tests/games/waste_knights/"
#: Waste Knights' rules tests (the whole-game tests take minutes per mutant).
_WK_RULES = [_WK + f for f in ("test_combat.py", "test_wasteland.py", "test_knights.py",
                               "test_rules.py")]
_WOP = "tests/games/waste_of_parts/"
#: The Waste of Parts: each module's rules tests (never the whole-game Monte Carlo ones).
_WOP_STATE = [_WOP + f for f in ("test_state_mutants.py", "test_rules.py",
                                 "test_turns_mutants.py", "test_endround_mutants.py",
                                 "test_boss.py", "test_scourge.py", "test_crew.py",
                                 "test_fast.py")]
_WOP_BOSSES = [_WOP + f for f in ("test_scourge.py", "test_scourge_mutants.py", "test_boss.py",
                                  "test_boss_mutants.py", "test_boss_scaling.py",
                                  "test_rules.py", "test_endround_mutants.py",
                                  "test_turns_mutants.py")]
#: The Waste of Parts' run summary and balance report: the tests that play or measure through
#: them (the CLI's ``decks`` command, never a session's print or a slow Monte Carlo band).
_WOP_CMD = _WOP + "test_commands.py::"
_WOP_SUMMARY = [_WOP + f for f in ("test_odds_and_bots.py", "test_crew.py",
                                   "test_balance_seeds.py",
                                   "test_fast.py::test_play_record_is_the_checked_game")] + [
    _WOP_CMD + t for t in ("test_decks_writes_every_card_with_its_checks",
                           "test_deck_and_crew_checks", "test_decks_measures_salvage_archetypes",
                           "test_starting_card_is_given_to_the_crew",
                           "test_crew_is_the_players_option",
                           "test_decks_measures_crew_dashboards")]
#: Salvage's mods deck: its tests without the 100-game strong mod and the ``mods`` command.
_SALVAGE_DECK = [_SALVAGE + "test_deck.py::" + t for t in (
    "test_start_mods_installed_before_the_first_turn", "test_a_mod_without_effect_measures_zero",
    "test_measuring_is_deterministic", "test_scale_fit_and_verdicts",
    "test_balance_deck_reports_every_mod")] + [_SALVAGE + "test_deck_mutants.py"]
#: Salvage's field generator: its tests without the Hypothesis properties (150 fields each).
_SALVAGE_FIELD = [_SALVAGE + "test_field.py::" + t for t in (
    "test_same_seed_same_field_and_seeds_differ", "test_rolls_come_from_their_own_stream",
    "test_density_adds_edges_and_zero_is_a_backbone",
    "test_halves_and_board_size_of_the_default_field", "test_bad_size_or_density",
    "test_contents_read_the_node_die", "test_bad_field_json_is_one_error_naming_the_field",
    "test_malformed_json_names_the_line", "test_segments_cross_geometry")] + [
    _SALVAGE + "test_field_mutants.py", _SALVAGE + "test_field_geometry_mutants.py"]
_WOP_ODDS = _WOP + "test_odds_and_bots.py::"
_WR = "tests/games/wreck_and_ruin/"
#: Wreck and Ruin's rules tests by module (the whole-game and balance tests take too long).
_WR_MOVE = [_WR + f for f in ("test_rules.py", "test_fastpaths.py", "test_specials.py",
                              "test_movement_mutants.py")]
_WR_LEGAL = [_WR + f for f in ("test_rules.py", "test_fastpaths.py", "test_specials.py",
                               "test_cards.py", "test_plating.py", "test_legal_mutants.py")]
_WR_STATE = [_WR + f for f in ("test_rules.py", "test_specials.py", "test_plating.py",
                               "test_cards.py", "test_combat_mutants.py",
                               "test_state_mutants.py")]
_WR_PLAY = [_WR + f for f in ("test_rules.py", "test_specials.py", "test_plating.py",
                              "test_cards.py", "test_combat_mutants.py", "test_rules_mutants.py",
                              "test_legal_mutants.py", "test_state_mutants.py",
                              "test_play_mutants.py")]
TESTS = {
    "pnp/games/waste_knights/specials.py": [_WK + "test_specials.py",
                                            _WK + "test_specials_mutants.py"],
    "pnp/games/waste_knights/trading.py": [_WK + f for f in ("test_knight_trade.py",
                                                             "test_trade.py",
                                                             "test_trading_mutants.py")],
    "pnp/games/waste_knights/stalls.py": [_WK + f for f in ("test_stalls.py", "test_trade.py",
                                                            "test_stalls_mutants.py")],
    "pnp/games/waste_knights/tasks.py": [_WK + f for f in ("test_tasks.py", "test_enemy_task.py",
                                                           "test_tasks_mutants.py")],
    "pnp/games/waste_knights/rules.py": [_WK + f for f in ("test_rules.py", "test_state.py",
                                                           "test_rules_mutants.py")],
    "pnp/games/wreck_and_ruin/movement.py": _WR_MOVE,
    "pnp/games/wreck_and_ruin/play.py": _WR_PLAY,
    "pnp/games/wreck_and_ruin/legal.py": _WR_LEGAL,
    "pnp/games/wreck_and_ruin/state.py": _WR_STATE,
    "pnp/games/wreck_and_ruin/hexes.py": ["tests/test_hexes.py"] + [_WR + f for f in (
        "test_rules.py", "test_fastpaths.py", "test_legal_mutants.py", "test_hexes_mutants.py")],
    "pnp/games/wreck_and_ruin/odds.py": [_WR + f for f in (
        "test_commands.py::test_odds_shoot_json", "test_commands.py::test_odds_ram_json",
        "test_commands.py::test_odds_bad_input", "test_odds_mutants.py")],
    "pnp/games/wreck_and_ruin/actions.py": [_WR + f for f in (
        "test_rules.py", "test_specials.py", "test_cards.py", "test_plating.py",
        "test_actions_mutants.py")],
    "pnp/games/wreck_and_ruin/simulate.py": [_WR + f for f in (
        "test_balance.py", "test_specials.py", "test_simulate_mutants.py")],
    "pnp/games/wreck_and_ruin/cards.py": [_WR + "test_cards.py", _WR + "test_cards_mutants.py"],
    "pnp/games/wreck_and_ruin/deck.py": [_WR + "test_retune.py", _WR + "test_deck_mutants.py"],
    "pnp/games/wreck_and_ruin/rules.py": [_WR + f for f in ("test_dice.py", "test_rules.py",
                                                           "test_rules_numbers.py")],
    "pnp/games/waste_of_parts/state.py": _WOP_STATE,
    "pnp/games/waste_of_parts/scourge.py": _WOP_BOSSES,
    "pnp/games/waste_of_parts/boss.py": _WOP_BOSSES,
    "pnp/games/waste_of_parts/crew.py": [_WOP + "test_crew.py", _WOP + "test_crew_mutants.py"],
    "pnp/games/waste_of_parts/actions.py": [_WOP + "test_actions_mutants.py",
                                            _WOP + "test_rules.py"],
    "pnp/games/waste_of_parts/simulate.py": _WOP_SUMMARY + [_WOP + "test_simulate_mutants.py"],
    "pnp/games/waste_of_parts/balance.py": _WOP_SUMMARY + [_WOP + "test_balance_mutants.py"],
    "pnp/games/waste_of_parts/data.py": [
        _WOP + "test_rules_numbers.py",
        _WOP_ODDS + "test_bad_rules_file_is_one_error_naming_the_field",
        _WOP_ODDS + "test_unreachable_room_is_an_error", _WOP + "test_data_mutants.py"],
    "pnp/games/waste_of_parts/cards.py": [
        _WOP_ODDS + "test_decks_have_the_rulebook_sizes_and_threat_bands",
        _WOP + "test_balance_seeds.py", _WOP + "test_rules_numbers.py",
        _WOP + "test_cards_mutants.py"],
    "pnp/games/waste_knights/explore.py": [_WK + f for f in (
        "test_state.py", "test_trade.py", "test_specials.py", "test_explore_mutants.py")],
    "pnp/games/waste_knights/actions.py": [_WK + f for f in (
        "test_state.py", "test_specials.py", "test_actions_mutants.py")],
    "pnp/games/waste_knights/state.py": [_WK + f for f in (
        "test_state.py", "test_tasks.py", "test_specials.py", "test_knight_trade.py",
        "test_enemy_task.py", "test_state_mutants.py")],
    "pnp/games/waste_knights/combat.py": _WK_RULES,
    "pnp/games/waste_knights/wasteland.py": [_WK + f for f in (
        "test_wasteland.py", "test_enemy_task.py", "test_capacity.py", "test_combat.py",
        "test_wasteland_mutants.py")],
    "pnp/games/waste_knights/hexes.py": [_WK + f for f in (
        "test_hexes.py", "test_generate.py", "test_hexes_mutants.py")],
    "pnp/games/waste_knights/tour.py": [_WK + f for f in (
        "test_simulate.py::test_tables_cheapest_routes",
        "test_simulate.py::test_every_precomputed_route_is_a_legal_plan",
        "test_simulate.py::test_tables_match_bellman_ford_from_gangraen",
        "test_simulate.py::test_designed_special_hex_without_reference_entry",
        "test_tour_mutants.py")],
    "pnp/games/waste_knights/simulate.py": [_WK + f for f in (
        "test_simulate.py::test_setup_validation",
        "test_simulate.py::test_setup_is_frozen_and_pickles_without_its_tables",
        "test_simulate.py::test_summarize_needs_two_games",
        "test_simulate.py::test_state_records_are_the_record",
        "test_simulate.py::test_summary_shape_and_checks", "test_simulate_mutants.py")],
    "pnp/games/waste_knights/cards.py": [_WK + "test_wasteland.py",
                                         _WK + "test_cards_mutants.py"],
    "pnp/games/waste_knights/wasteland_cards.py": [_WK + "test_wasteland_cards_mutants.py"],
    "pnp/games/waste_knights/tour_stats.py": [_WK + "test_tour_stats_mutants.py"],
    "pnp/games/waste_knights/metrics.py": [_WK + f for f in (
        "test_metrics.py", "test_hexes.py", "test_hexes_mutants.py", "test_metrics_mutants.py")],
    "pnp/games/waste_knights/knights.py": _WK_RULES,
    "pnp/games/waste_knights/checks.py": _WK_RULES,
    "pnp/games/junkyard_wars/rules.py": _JW_RULES,
    "pnp/games/junkyard_wars/hour.py": _JW_RULES,
    "pnp/games/junkyard_wars/actions.py": _JW_RULES,
    "pnp/games/junkyard_wars/trades.py": _JW_RULES,
    "pnp/games/junkyard_wars/simulate.py": [_JW + f for f in (
        "test_simulate.py::test_summary_lines",
        "test_simulate.py::test_setup_options_and_their_errors",
        "test_simulate.py::test_setup_from_data_reads_no_files",
        "test_simulate.py::test_random_bots_play_legal_games_to_the_time_limit",
        "test_simulate_mutants.py")],
    "pnp/games/junkyard_wars/graph.py": [_JW + f for f in (
        "test_zone.py", "test_generate.py", "test_rules.py", "test_graph_mutants.py")],
    "pnp/games/junkyard_wars/deck.py": [_JW + "test_deck.py", _JW + "test_deck_mutants.py"],
    "pnp/games/junkyard_wars/maze.py": [_JW + "test_maze.py", _JW + "test_maze_mutants.py"],
    "pnp/games/junkyard_wars/generate.py": [_JW + "test_generate.py",
                                            _JW + "test_generate_mutants.py"],
    "pnp/games/junkyard_wars/balance.py": [_JW + "test_balance_mutants.py"],
    "pnp/games/junkyard_wars/": [_JW],
    "pnp/games/salvage/rules.py": _SALVAGE_RULES,
    "pnp/games/salvage/state.py": _SALVAGE_RULES + [
        _SALVAGE + "test_state_rest_mutants.py",
        _SALVAGE + "test_play.py::test_replays_read_like_play",
        "tests/games/test_conformance.py::test_golden_action_log[salvage]"],
    "pnp/games/salvage/actions.py": [_SALVAGE + f for f in (
        "test_actions.py", "test_state.py", "test_clash_mutants.py", "test_run_mutants.py",
        "test_state_mutants.py", "test_mods.py", "test_actions_mutants.py")],
    "pnp/games/salvage/strength.py": [
        _SALVAGE + "test_search.py::test_strength_table_swaps_seats_on_the_same_dice",
        _SALVAGE + "test_strength_mutants.py"],
    "pnp/games/salvage/tokens.py": [_SALVAGE + "test_tokens.py",
                                    _SALVAGE + "test_tokens_mutants.py"],
    "pnp/games/salvage/simulate.py": [_SALVAGE + "test_simulate.py",
                                      _SALVAGE + "test_simulate_mutants.py"],
    "pnp/games/salvage/deck.py": _SALVAGE_DECK,
    "pnp/games/salvage/field.py": _SALVAGE_FIELD,
    "pnp/games/salvage/": [_SALVAGE],
    "pnp/sim/stats.py": ["tests/sim/test_stats.py", "tests/sim/test_stats_definitions.py"],
    "pnp/sim/rollout.py": ["tests/sim/test_rollout.py", "tests/sim/test_rollout_decision.py"],
    "pnp/sim/mcts.py": ["tests/sim/test_mcts.py", "tests/sim/test_mcts_tree.py"],
    "pnp/sim/runner.py": ["tests/sim/test_runner.py"],
    "pnp/sim/play.py": ["tests/sim/test_play.py"],
    "pnp/sim/executors.py": ["tests/sim/test_runner.py", "tests/sim/test_executors.py"],
    "pnp/sim/": ["tests/sim"],
}
#: The tests' selection in every run: fast tests only, no cache written into the copy.
PYTEST_SELECTION = ["-m", "not slow", "-p", "no:cacheprovider"]
KILLED = {"killed", "timeout", "caught by type check", "killed (tried at import)"}


def tests_for(module: str) -> list[str]:
    """The default test paths of a module (its package's test folder)."""
    for prefix, paths in TESTS.items():  # exact modules first (the dict's order), packages after
        if module.startswith(prefix):
            return [p for p in paths if not p.endswith(".py") or (REPO / p).is_file()]
    raise SystemExit(f"no default tests for {module}: pass --tests")


def mutmut_section(module: str, tests: list[str], timeout_multiplier: float = 3.0) -> str:
    """The copy's ``[tool.mutmut]``: the repository's settings narrowed to one module.

    A mutant that loops (an hour that never ends) is stopped after ``2 * timeout_multiplier``
    times its tests' CPU time and counts as killed; mutmut's default (15) lets one such mutant
    take a quarter of an hour on a shared machine.
    """
    return ("[tool.mutmut]\n"
            f"timeout_multiplier = {timeout_multiplier}\n"
            'source_paths = ["pnp"]\n'
            f"only_mutate = [{json.dumps(module)}]\n"
            "pytest_add_cli_args_test_selection = "
            f"{json.dumps(tests + PYTEST_SELECTION)}\n"
            'pytest_add_cli_args = ["-x", "-q"]\n')


def prepare(module: str, tests: list[str], timeout_multiplier: float = 3.0) -> Path:
    """A temporary copy of the repository set up to mutate ``module`` only."""
    root = Path(tempfile.mkdtemp(prefix="pnp-mutation-"))
    for name in COPY:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, root / name)
    py = (root / "pyproject.toml").read_text(encoding="utf-8")
    py = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", py)
    section = mutmut_section(module, tests, timeout_multiplier)
    (root / "pyproject.toml").write_text(py + "\n" + section,
                                         encoding="utf-8")
    return root


def results(root: Path) -> dict[str, str]:
    """Mutant name -> status, from ``mutmut results --all true``."""
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    status = {}
    for line in out.splitlines():
        name, _, what = line.strip().rpartition(": ")
        if name:
            status[name] = what
    return status


def show(root: Path, name: str) -> str:
    """The diff of one mutant."""
    return subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=root,
                          capture_output=True, text=True, check=True).stdout


def at_import(root: Path, module: str, tests: list[str], name: str) -> bool:
    """Try one mutant by hand: True if the tests fail with its change in the module's source.

    mutmut switches a mutant on inside each call, after the module is imported, so a function
    the module calls once at import (its result a module constant) keeps its unmutated result
    and its mutants always "survive". Here the mutant's lines replace the original ones in the
    copy's plain source (``root/<module>``, which ``PYTHONPATH`` puts first) for one test run.
    """
    diff = show(root, name).splitlines()
    old = "\n".join(x[1:] for x in diff if x.startswith("-") and not x.startswith("---"))
    new = "\n".join(x[1:] for x in diff if x.startswith("+") and not x.startswith("+++"))
    path = root / module
    source = path.read_text(encoding="utf-8")
    if not old or source.count(old) != 1:
        return False  # the change cannot be placed: it stays a survivor
    path.write_text(source.replace(old, new), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", *PYTEST_SELECTION,
                              *tests], cwd=root, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
        return run.returncode != 0
    except subprocess.TimeoutExpired:
        return True
    finally:
        path.write_text(source, encoding="utf-8")


def measure(module: str, tests: list[str], jobs: int, with_diffs: bool,
            before: dict | None = None, timeout_multiplier: float = 3.0,
            import_time: tuple[str, ...] = ()) -> dict:
    """Run mutmut over one module (or only ``before``'s survivors); counts, score, survivors.
    The survivors in the functions ``import_time`` names are then tried by hand (``at_import``).
    """
    root = prepare(module, tests, timeout_multiplier)
    names = sorted(before["survivors"]) if before else []
    try:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs),
                        *names], cwd=root, env=env, check=False, stdout=subprocess.DEVNULL)
        status = results(root)
        for name, s in list(status.items()):
            function = re.sub(r"__mutmut_\d+$", "", name).rsplit(".", 1)[-1].split("ǁ")[-1]
            if (s not in KILLED and function.removeprefix("x_") in import_time
                    and at_import(root, module, tests, name)):
                status[name] = "killed (tried at import)"
        if before:  # the earlier run's verdicts for the mutants not tried again
            status = {k: s for k, s in status.items() if k in before["survivors"]}
            status.update({f"(killed before) {i}": "killed"
                           for i in range(before["killed"])})
        counts: dict[str, int] = {}
        for s in status.values():
            counts[s] = counts.get(s, 0) + 1
        tried = sum(n for s, n in counts.items() if s != "not checked")
        killed = sum(n for s, n in counts.items() if s in KILLED)
        survivors = sorted(k for k, s in status.items() if s not in KILLED)
        doc = {"module": module, "tests": tests, "mutants": len(status), "counts": counts,
               "killed": killed, "score": round(killed / tried, 4) if tried else None,
               "survivors": {k: (show(root, k) if with_diffs else status[k]) for k in survivors}}
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="+", help="module paths, e.g. pnp/sim/stats.py")
    ap.add_argument("--tests", nargs="*", help="test paths (default: the package's test folder)")
    ap.add_argument("--jobs", type=int, default=1, help="mutants tried at once (default 1)")
    ap.add_argument("--json", help="write the results to this file")
    ap.add_argument("--show", action="store_true", help="print each survivor's diff")
    ap.add_argument("--timeout-multiplier", type=float, default=3.0,
                    help="a mutant may run 2x this times its tests' CPU time (default 3)")
    ap.add_argument("--rerun", help="a previous --json file: try only its survivors again")
    ap.add_argument("--at-import", nargs="*", default=[], metavar="FUNCTION",
                    help="functions the module runs at import: their survivors are tried again "
                         "by hand, the change written into the source (e.g. _track)")
    args = ap.parse_args()
    earlier = {d["module"]: d for d in json.loads(Path(args.rerun).read_text())} if args.rerun \
        else {}
    docs = []
    for module in args.modules:
        if not (REPO / module).is_file():
            raise SystemExit(f"no such module: {module}")
        doc = measure(module, args.tests or tests_for(module), args.jobs, args.show,
                      earlier.get(module), args.timeout_multiplier, tuple(args.at_import))
        docs.append(doc)
        print(f"{module}: {doc['killed']} of {doc['mutants']} mutants killed, score "
              f"{doc['score']}, survivors {len(doc['survivors'])}  {doc['counts']}", flush=True)
        if args.show:
            for text in doc["survivors"].values():
                print(text)
    if args.json:
        Path(args.json).write_text(json.dumps(docs, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")


if __name__ == "__main__":
    main()
