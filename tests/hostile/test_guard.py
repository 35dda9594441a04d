"""The game-wide guard: every registered game's commands, each option and each designer file
fed generated hostile values (huge, negative, NaN, inf, wrong type, missing, unknown names, deep
nesting, a folder, /dev/zero). Each must end in a clean refusal: exit 2, one line (or click's
usage error for a value of the wrong type), no "internal error", nothing written, and within
the child's hang detector. A new game gets the guard from its GameSpec: its commands and options
are read from the command line it builds, its designer files from the bundled files the
options' help names.

The default run takes a sample of each file's values; ``-m slow`` runs every value.
"""

from __future__ import annotations

import copy
import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import MEMORY_LIMIT, ROOT

CHILD = Path(__file__).with_name("guard_child.py")
#: Commands left out: ``play`` starts the table's web server and waits for a browser.
SKIP_COMMANDS = {"play"}
#: Options any value of which is valid, or that only apply with another flag (checked there).
FREE = {"--seed", "--maze-seed", "--out", "--games-dir", "--tts-url", "--scheduler", "--port",
        "--layouts", "--log", "--max-games"}  # --max-games: read with --until-decided alone
#: Faults the guard found in Junkyard Wars and Waste Knights, left for their own issue: an empty
#: --vehicle or --mode is read as the default.
KNOWN = {"waste-knights simulate --vehicle ''", "waste-knights replay --vehicle ''",
         "waste-knights session --vehicle ''", "waste-knights board --mode ''",
         "waste-knights session --mode ''",
         # a finite --minutes-per-turn of 1e308 is taken as given by replay and session
         "junkyard-wars replay --minutes-per-turn '1e308'",
         "junkyard-wars session --minutes-per-turn '1e308'"}
#: Options a command must be given, with a valid value.
REQUIRED = {"--dice": "2", "--armour": "4", "--attacker": "scout", "--target": "buggy"}
#: (option, value) pairs that are valid: any game of a simulate run can be replayed, and each
#: has its own seed (run seed, game index); --max-tries is a cap the search stops short of.
VALID = {(flag, v) for flag in ("--game", "--max-tries") for v in ("1000000000000", "9" * 30)}
INTS = ("-1", "1000000000000", "9" * 30, "abc")
FLOATS = ("nan", "inf", "-1", "1e308", "abc")
NAMES = ("", "no-such-name")
DEEP = "[" * 100_000 + "]" * 100_000
FILES = {"folder": None, "device": "/dev/zero", "missing": "{dir}/missing.yaml",
         "deep": "{dir}/deep.yaml", "binary": "{dir}/binary.yaml", "digits": "{dir}/digits.json"}
FILE_TEXT = {"deep.yaml": DEEP, "binary.yaml": "\x00\x01\x02 \udcff".encode(
    "utf-8", "surrogateescape").decode("latin-1"), "digits.json": "[" + "9" * 5000 + "]"}


def _walk(cmd, path):
    if hasattr(cmd, "commands"):
        for name, sub in cmd.commands.items():
            yield from _walk(sub, (*path, name))
    else:
        yield path, cmd


def commands() -> list[tuple[tuple[str, ...], list]]:
    """Every (command path, options) of every registered game (``play`` left out)."""
    import typer.main

    from pnp.commands.game import game_app
    from pnp.games.registry import GAMES, get

    out = []
    for name in GAMES:
        for path, cmd in _walk(typer.main.get_command(game_app(get(name))), (name,)):
            if path[1] not in SKIP_COMMANDS:
                out.append((path, [p for p in cmd.params if p.param_type_name == "option"
                                   and not p.is_flag and p.name != "help"]))
    return out


def _flag(p) -> str:
    return next(o for o in p.opts if o.startswith("--"))


def base_args(path: tuple[str, ...], params: list, skip: str) -> list[str]:
    """The command with cheap valid values (few games, one process) for all but ``skip``."""
    flags = {_flag(p) for p in params}
    args = list(path)
    cheap = {"--games": "1" if path[1] == "session" else "2", "--jobs": "1",
             "--out": "{dir}/out", "--players": "2" if path[0] == "wreck-and-ruin" else None,
             "--tries": "1", "--rounds": "1", **REQUIRED}
    for flag, value in cheap.items():
        if flag in flags and flag != skip and value is not None:
            args += [flag, value]
    return args


def _is_file(p) -> bool:
    return bool(re.search(r"YAML|JSON|json|word list|\blog\b", p.help or ""))


def option_cases(sample: bool = False) -> list[dict]:
    """Each option of each command with each hostile value of its kind (``sample``: one value
    an option, taken in turn from the kind's values, so each is tried on some options)."""
    cases = []
    turn = 0
    for path, params in commands():
        for p in params:
            flag, kind = _flag(p), p.bare_type()
            if flag in FREE:
                continue
            if kind == "int":
                values = INTS
            elif kind == "float":
                values = FLOATS
            elif _is_file(p):
                values = tuple(FILES)
            else:
                values = NAMES
            if sample:
                turn += 1
                values = (values[turn % len(values)],)
            for v in values:
                if (flag, v) in VALID:
                    continue
                case = {"id": f"{' '.join(path)} {flag} {v!r}",
                        "args": [*base_args(path, params, flag), flag], "must_refuse": True}
                if v in FILES:
                    case["args"].append(FILES[v] or "{dir}/folder")
                    case["dirs"] = ["folder"] if FILES[v] is None else []
                    case["files"] = {k: t for k, t in FILE_TEXT.items() if k in str(FILES[v])}
                else:
                    case["args"].append(v)
                cases.append(case)
    return cases


def _leaves(data, path=()):
    """(path, value) of every scalar, and (path, mapping) of every mapping, depth first."""
    if isinstance(data, dict):
        yield path, data
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path, data


def _set(data, path, value):
    doc = copy.deepcopy(data)
    node = doc
    for k in path[:-1]:
        node = node[k]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


_DELETE = object()
#: Text a designer writes freely: any string is valid there.
FREE_TEXT = {"name", "text", "type"}


def variants(data) -> list[tuple[str, object, bool]]:
    """Hostile versions of a designer file's data: (what, document, must it be refused)."""
    out = []
    for path, value in _leaves(data):
        where = ".".join(map(str, path))
        if isinstance(value, dict):
            out.append((f"{where} unknown key", _set(data, (*path, "no_such_key"), 1), True)
                       if path else ("unknown key", {**value, "no_such_key": 1}, True))
            continue
        if isinstance(value, bool):
            out.append((f"{where} wrong type", _set(data, path, "x"), True))
        elif isinstance(value, (int, float)):
            for what, v in (("huge", 10 ** 12), ("negative", -1), ("NaN", float("nan")),
                            ("inf", float("inf")), ("wrong type", "x"),
                            ("deep", [[[[[[[[1]]]]]]]] * 1)):
                out.append((f"{where} {what}", _set(data, path, v), True))
        elif isinstance(value, str):
            free = path and path[-1] in FREE_TEXT
            out.append((f"{where} unknown name", _set(data, path, "no-such-name"), not free))
        if path:
            out.append((f"{where} missing", _set(data, path, _DELETE), False))
    return out


def _bundled_files() -> list[tuple[tuple[str, ...], list, str, str]]:
    """(command path, options, flag, bundled file) for each option whose help names a bundled
    designer file, on the cheapest command that takes it (simulate where it can)."""
    from pnp.resources import cardset

    found: dict[tuple[str, str], tuple] = {}
    for path, params in commands():
        for p in params:
            m = re.search(r"cardsets/(\S+\.yaml)", p.help or "")
            if not m:
                continue
            key = (path[0], _flag(p))
            if key not in found or path[1] == "simulate":
                found[key] = (path, params, _flag(p), str(cardset(m.group(1))))
    return list(found.values())


def file_cases(every: int) -> list[dict]:
    """Each bundled designer file's hostile variants (every ``every``-th), as cases."""
    cases = []
    for path, params, flag, bundled in _bundled_files():
        data = yaml.safe_load(Path(bundled).read_text(encoding="utf-8"))
        base = base_args(path, params, flag)
        if "--games" in base:
            base[base.index("--games") + 1] = "1"
        for i, (what, doc, refuse) in enumerate(variants(data)):
            if i % every:
                continue
            cases.append({"id": f"{' '.join(path)} {flag} {Path(bundled).name}: {what}",
                          "args": [*base, flag, "{dir}/f.yaml"], "must_refuse": refuse,
                          "files": {"f.yaml": yaml.safe_dump(doc, sort_keys=False)}})
    return cases


def run_children(cases: list[dict], seconds: float) -> dict[str, dict]:
    """Run ``cases`` in a child process under the harness's memory cap; the results by id.
    ``seconds`` is the hang detector of the whole child (a subprocess timeout)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", OMP_NUM_THREADS="1")

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    proc = subprocess.Popen([sys.executable, str(CHILD)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT, preexec_fn=cap, start_new_session=True)
    try:
        out, err = proc.communicate(json.dumps(cases), timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
    results: dict[str, dict] = {}
    started = None
    for line in out.splitlines():
        row = json.loads(line)
        if "start" in row:
            started = row["start"]
        else:
            results[row["id"]] = row
            started = None
    if started is not None:  # the child died or hung in a case the alarm could not stop
        results[started] = {"id": started, "code": "killed", "lines": [err[-300:]], "count": 1,
                            "hung": True, "left": []}
    return results


def problems(cases: list[dict], results: dict[str, dict]) -> list[str]:
    """What each case did wrong (empty: every case answered as promised)."""
    bad = []
    for case in cases:
        if case["id"] in KNOWN:
            continue
        r = results.get(case["id"])
        if r is None:
            bad.append(f"{case['id']}: not run (the child stopped before it)")
            continue
        lines, text = r["lines"], " | ".join(r["lines"])
        usage = bool(lines) and lines[-1].startswith("Error: ") and r["code"] == 2
        one_line = r["count"] == 1 and lines[0].startswith("pnp: error: ")
        if r["hung"]:
            bad.append(f"{case['id']}: hung")
        elif r["code"] not in (0, 2) or "internal error" in text or "Traceback" in text:
            bad.append(f"{case['id']}: exit {r['code']}: {text[:300]}")
        elif r["code"] == 2 and not (one_line or usage):
            bad.append(f"{case['id']}: not one line: {text[:300]}")
        elif r["code"] == 0 and case["must_refuse"]:
            bad.append(f"{case['id']}: accepted (exit 0)")
        elif r["code"] == 2 and r["left"]:
            bad.append(f"{case['id']}: refused but left {r['left'][:5]}")
    return bad


def _by_game(cases: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for c in cases:
        out.setdefault(c["args"][0], []).append(c)
    return out


def _check(cases: list[dict], seconds: float) -> None:
    """Run ``cases`` (a child per game) and fail with every case that went wrong."""
    from concurrent.futures import ThreadPoolExecutor

    groups = list(_by_game(cases).values())
    with ThreadPoolExecutor(2) as pool:  # two children at a time: one a core
        done = list(pool.map(lambda some: run_children(some, seconds), groups))
    bad = [line for some, results in zip(groups, done, strict=True)
           for line in problems(some, results)]
    assert not bad, f"{len(bad)} of {len(cases)} cases:\n" + "\n".join(bad)


def test_every_option_of_every_game_refuses_hostile_values_sampled():
    _check(option_cases(sample=True), seconds=600)


@pytest.mark.slow
def test_every_option_of_every_game_refuses_every_hostile_value():
    _check(option_cases(), seconds=3600)


def test_every_designer_file_refuses_hostile_values_sampled():
    _check(file_cases(every=int(os.environ.get("PNP_GUARD_EVERY", "37"))), seconds=600)


@pytest.mark.slow
def test_every_designer_file_refuses_every_hostile_value():
    _check(file_cases(every=1), seconds=3600)
