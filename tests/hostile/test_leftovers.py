"""What runs leave behind in --out: only what the last manifest lists, never through a link,
never two runs mixed in one folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from .conftest import ROOT

CARD = "name,text\nA,one\nB,two\n"


def listed(folder) -> set[str]:
    return {f["path"] for f in json.loads((folder / "manifest.json").read_text())["files"]}


def test_a_session_then_a_render_into_the_same_folder_leaves_no_stale_file(pnp_run):
    pnp_run("junkyard-wars", "session", "--out", "out", "--games", "4", "--jobs", "1")
    r = pnp_run("render", "c.csv", "--out", "out", "--formats", "svg", files={"c.csv": CARD})
    assert r.code == 0, r.err
    # the harness checked that every file is listed by the (new) manifest
    on_disk = {str(p.relative_to(r.folder / "out")) for p in (r.folder / "out").rglob("*")
               if p.is_file()}
    assert on_disk == listed(r.folder / "out") | {"manifest.json"}


def test_a_render_then_a_smaller_one_removes_what_is_gone(pnp_run):
    pnp_run("render", "c.csv", "--out", "out", "--formats", "svg,pdf", files={"c.csv": CARD})
    r = pnp_run("render", "c.csv", "--out", "out", "--formats", "svg",
                files={"c.csv": "name,text\nA,one\n"})
    assert r.code == 0
    assert listed(r.folder / "out") == {"svg/001-a.svg", "svg/back-001-c.svg"}


def test_a_second_run_into_a_folder_being_written_is_refused(pnp_run, tmp_path):
    deck = "name,text\n" + "".join(f"Card {i},text {i}\n" for i in range(150))
    (tmp_path / "big.csv").write_text(deck)
    first = subprocess.Popen([sys.executable, "-m", "pnp", "render", "big.csv", "--out", "out",
                              "--formats", "svg,png"], cwd=tmp_path,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / ".out.lock").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert first.poll() is None, "the first run ended before the second could start"
        line = pnp_run("render", "big.csv", "--out", "out", "--formats", "svg",
                       check_leftovers=False).refused()
        assert "another pnp run is writing to this folder" in line
    finally:
        assert first.wait(timeout=120) == 0, first.stderr.read() if first.stderr else ""
    assert len(listed(tmp_path / "out")) > 150  # the first run's files only, all of them


def test_a_link_inside_out_is_never_followed(pnp_run, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "svg").symlink_to(outside)
    line = pnp_run("render", "c.csv", "--out", "out", "--formats", "svg",
                   files={"c.csv": CARD}).refused()
    assert "symbolic link" in line
    assert not any(outside.iterdir())


def test_a_previous_manifest_cannot_make_pnp_delete_outside_out(pnp_run, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "keep.txt").write_text("precious")
    (tmp_path / "out" / "manifest.json").write_text(json.dumps(
        {"tool": "pnp", "files": [{"path": "../keep.txt"}, {"path": str(tmp_path / "keep.txt")}]}))
    r = pnp_run("render", "c.csv", "--out", "out", "--formats", "svg", files={"c.csv": CARD},
                check_leftovers=False)
    assert r.code == 0 and (tmp_path / "keep.txt").read_text() == "precious"


def test_a_layout_cannot_read_files_elsewhere_on_the_machine(pnp_run):
    line = pnp_run("render", "c.csv", "--layout", "l.yaml", "--out", "out",
                   files={"c.csv": CARD, "l.yaml": "extends: /etc/passwd\nitems: []\n"}).refused()
    assert "l.yaml:1: field 'extends'" in line and "outside the folders" in line
    line = pnp_run("render", "d.csv", "--out", "out", "--formats", "pdf",
                   files={"d.csv": "name,image\nA,/usr/share/pixmaps/x.png\n"}).refused()
    assert "d.csv:2" in line
