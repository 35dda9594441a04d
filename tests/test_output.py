"""Output folders: staged writes, the manifest, and nothing left behind by a failed run."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from pnp import __version__
from pnp.output import Output, dumps
from pnp.seed import seed_code


def write_sample(out_dir, **kwargs):
    with Output(out_dir, seed="KGF7-DX20-A", command=["pnp", "render", "cards.csv"],
                **kwargs) as out:
        out.write_text("cards.svg", "<svg/>", "svg")
        out.write_bytes("png/card-01.png", b"\x89PNG fake", "png")
        out.write_json("deck.json", {"b": 1, "a": [1, 2]}, "deck")
        with out.path("print.pdf", "pdf").open("wb") as f:
            f.write(b"%PDF-1.4 fake")
        return out.commit(checks=[{"name": "win rate", "passed": True}])


def test_files_move_into_place_with_a_manifest(tmp_path):
    out_dir = tmp_path / "out"
    manifest = write_sample(out_dir)
    on_disk = json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))
    assert on_disk == manifest
    assert on_disk["tool"] == "pnp" and on_disk["version"] == __version__
    assert on_disk["seed"] == "KGF7-DX20-A" and on_disk["seed_code"] == seed_code("KGF7-DX20-A")
    assert on_disk["command"] == "pnp render cards.csv"
    assert on_disk["checks"] == [{"name": "win rate", "passed": True}]
    paths = [f["path"] for f in on_disk["files"]]
    assert paths == sorted(paths) == ["cards.svg", "deck.json", "png/card-01.png", "print.pdf"]
    assert {f["path"]: f["kind"] for f in on_disk["files"]} == {
        "cards.svg": "svg", "deck.json": "deck", "png/card-01.png": "png", "print.pdf": "pdf"}


def test_manifest_hashes_match_the_written_bytes(tmp_path):
    out_dir = tmp_path / "out"
    manifest = write_sample(out_dir)
    for entry in manifest["files"]:
        data = (out_dir / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert len(data) == entry["bytes"]
    assert sorted(p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*") if p.is_file()) \
        == sorted([f["path"] for f in manifest["files"]] + ["manifest.json"])


def test_no_staging_folder_left_after_commit(tmp_path):
    write_sample(tmp_path / "out")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_killed_runs_staging_folder_is_cleared_by_the_next_run(tmp_path):
    left = tmp_path / ".out.staging"  # what a run killed outright (SIGKILL) leaves
    (left / "cards").mkdir(parents=True)
    (left / "cards" / "half.png").write_bytes(b"half")
    write_sample(tmp_path / "out")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert not list((tmp_path / "out").rglob("half.png"))


def test_a_stop_while_the_output_is_set_up_leaves_nothing(tmp_path, monkeypatch):
    from pnp.signals import Interrupted

    def stopped(self, *a, **k):
        raise Interrupted(2)  # Ctrl-C landing in the set-up, before any ``with`` owns it

    monkeypatch.setattr(Path, "mkdir", stopped)
    with pytest.raises(Interrupted):
        Output(tmp_path / "out")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []  # neither the lock file nor a staging folder


def test_json_is_sorted_and_deterministic(tmp_path):
    write_sample(tmp_path / "a")
    write_sample(tmp_path / "b")
    deck = (tmp_path / "a" / "deck.json").read_text(encoding="utf-8")
    assert deck == dumps({"a": [1, 2], "b": 1}) and deck.endswith("\n")
    assert deck.index('"a"') < deck.index('"b"')
    assert (tmp_path / "a" / "manifest.json").read_bytes() == \
        (tmp_path / "b" / "manifest.json").read_bytes()


def test_failed_run_leaves_nothing(tmp_path):
    out_dir = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with Output(out_dir, seed=1) as out:
            out.write_text("half.pdf", "%PDF half", "pdf")
            raise RuntimeError("layout failed")
    assert not out_dir.exists() or not any(out_dir.iterdir())
    assert list(tmp_path.iterdir()) in ([], [out_dir])  # no hidden staging folder either


def test_failed_run_keeps_the_previous_output(tmp_path):
    out_dir = tmp_path / "out"
    write_sample(out_dir)
    before = {p.name: p.read_bytes() for p in out_dir.rglob("*") if p.is_file()}
    with pytest.raises(RuntimeError):
        with Output(out_dir, seed=1) as out:
            out.write_text("cards.svg", "<svg>new</svg>", "svg")
            raise RuntimeError("boom")
    assert {p.name: p.read_bytes() for p in out_dir.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_no_seed_no_seed_fields(tmp_path):
    with Output(tmp_path / "out", command=["pnp", "calibrate"]) as out:
        out.write_text("calibration.pdf", "%PDF", "pdf")
        manifest = out.commit()
    assert "seed" not in manifest and "seed_code" not in manifest and "checks" not in manifest


def test_a_file_cannot_be_written_twice(tmp_path):
    with Output(tmp_path / "out") as out:
        out.write_text("a.txt", "1", "text")
        with pytest.raises(ValueError):
            out.write_text("a.txt", "2", "text")
        with pytest.raises(ValueError):
            out.write_text("manifest.json", "{}", "json")


@pytest.mark.parametrize("rel", ["../escape.txt", "/tmp/abs.txt", "a/../../b.txt", ""])
def test_a_file_outside_the_output_folder_is_refused(tmp_path, rel):
    with Output(tmp_path / "out") as out:
        with pytest.raises(ValueError):
            out.write_text(rel, "x", "text")


def _stop_swallowed_by_a_library() -> None:
    """SIGTERM arrives inside a dependency whose bare ``except`` swallows the stop."""
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises here, at once
    except BaseException:  # noqa: BLE001 - the dependency's bare except, on purpose
        pass


def test_a_stop_a_library_swallowed_still_writes_nothing(tmp_path):
    from pnp import signals

    previous = signals.install()
    try:
        with pytest.raises(signals.Interrupted), Output(tmp_path / "out") as out:
            out.write_text("cards.txt", "half a deck", "text")
            _stop_swallowed_by_a_library()
            out.commit()
    finally:
        signals.restore(previous)
    assert list(tmp_path.iterdir()) == []
    signals.check()  # the next run starts afresh


def test_a_stop_a_library_turned_into_its_own_error_ends_as_a_stop(monkeypatch, capsys):
    from pnp import cli

    def render(*args, **kwargs):
        _stop_swallowed_by_a_library()
        raise ValueError("a dependency's own error after the stop")

    monkeypatch.setattr(sys, "argv", ["pnp", "odds", "shoot", "--dice", "2"])
    monkeypatch.setattr(cli, "_register", lambda: None)
    monkeypatch.setattr(cli, "app", render)
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 143
    assert capsys.readouterr().err == "pnp: interrupted (SIGTERM); nothing was written\n"
