"""Inputs that used to hang or eat the memory: each is refused in one line, within the
harness's time bound and under its memory cap."""

from __future__ import annotations

import socket
import threading

import pytest

CARD = "name,text\nA,hello\n"


def layout(item: str, extends: bool = True) -> str:
    head = "extends: default/card.yaml\n" if extends else ""
    return f"{head}items:\n  - {item}\n"


BOMB = "vars:\n" + "  a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]\n"
    for p, c in zip("abcdefgh", "bcdefghi", strict=True)) + "items: []\n"


def text(template: str) -> dict[str, str]:
    """A layout whose name box shows ``template``."""
    return {"l.yaml": layout(f'{{id: name, text: {{text: "{template}"}}}}')}

CASES = {
    "infinite font size": ({"l.yaml": layout("{id: name, text: {size: .inf}}")},
                           "l.yaml:3: field 'size'"),
    "huge font size from a template": (
        {"l.yaml": layout("{id: name, text: {size: \"{{ 10 ** 90 }}\"}}")}, "font_pt"),
    "100 m card": ({}, "field 'size'"),
    "YAML alias bomb in a layout": ({"l.yaml": BOMB}, "limit of 1,000,000 nodes"),
    "huge power in a template": (text("{{ 9 ** 999999999 }}"), "int_digits"),
    "nested loops writing nothing": (
        {"l.yaml": layout("{id: name, text: {text: \"{% for i in 'x' * 100000 %}"
                          "{% for j in 'x' * 100000 %}{% endfor %}{% endfor %}x\"}}")},
        "template_seconds"),
    "nested loops writing": (
        {"l.yaml": layout("{id: name, text: {text: \"{% for i in 'x' * 100000 %}"
                          "{% for j in 'x' * 100000 %}xx{% endfor %}{% endfor %}\"}}")},
        "template_chars"),
    "a string a billion long": (text("{{ 'x' * 10**9 }}"), "template_chars"),
    "centred in a billion": (text("{{ 'x' | center(10**9) }}"), "template_chars"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_layouts_that_hung_are_refused(pnp_run, case):
    files, expected = CASES[case]
    args = ["render", "cards.csv", "--out", "out", "--formats", "pdf"]
    if files:
        args += ["--layout", "l.yaml"]
    if case == "100 m card":
        args += ["--size", "100000x100000mm"]
    line = pnp_run(*args, files={"cards.csv": CARD, **files}).refused()
    assert expected in line


def test_a_yaml_alias_bomb_card_list_is_refused(pnp_run):
    bomb = BOMB.replace("items: []\n", "").replace("vars:\n", "deck:\n")
    text = bomb + "cards:\n  - {name: A, text: *i}\n"
    assert "yaml_nodes" in pnp_run("render", "c.yaml", "--out", "out",
                                   files={"c.yaml": text}).refused()


def test_a_million_copies_are_refused(pnp_run):
    rows = "name,count\n" + "A,10000\n" * 100
    line = pnp_run("render", "c.csv", "--out", "out", files={"c.csv": rows}).refused()
    assert "c.csv:12: field 'count'" in line and "deck_copies" in line


def test_a_fifo_as_input_is_refused(pnp_run, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.csv")
    line = pnp_run("render", "pipe.csv", "--out", "out").refused()
    assert "pipe.csv" in line and "FIFO" in line


@pytest.mark.parametrize("args", [
    ("render", "cards", "--out", "out"),
    ("wreck-and-ruin", "map", "--players", "2", "--seed", "x", "--tiles", "cards", "--out", "out"),
    ("junkyard-wars", "simulate", "--bag", "cards", "--games", "2", "--seed", "x"),
])
def test_a_folder_as_input_is_refused(pnp_run, tmp_path, args):
    # fdopen refuses a folder with an OSError of its own: the folder is named before it
    (tmp_path / "cards").mkdir()
    line = pnp_run(*args).refused()
    assert "cards: " in line and "a folder, not a regular file" in line


def test_a_device_as_input_is_refused(pnp_run):
    line = pnp_run("render", "/dev/zero", "--out", "out").refused()
    assert "/dev/zero" in line and "character device" in line


def test_an_image_of_144_million_pixels_is_refused(pnp_run, tmp_path):
    from PIL import Image

    Image.new("1", (12000, 12000)).save(tmp_path / "big.png")
    line = pnp_run("render", "c.csv", "--out", "out", "--formats", "pdf",
                   files={"c.csv": "name,image\nA,big.png\n"}).refused()
    assert "12000 x 12000 pixels" in line and "image_pixels" in line


def test_a_trillion_games_are_refused(pnp_run):
    line = pnp_run("junkyard-wars", "simulate", "--games", "1000000000000").refused()
    assert "field 'games'" in line and "--limit games=N" in line


def _server(answer: bytes | None) -> tuple[int, threading.Event]:
    """A TCP server that accepts and answers ``answer`` (None: never answers)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    stop = threading.Event()

    def serve() -> None:
        srv.settimeout(0.2)
        held = []
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            held.append(conn)
            if answer is not None:
                conn.sendall(answer)
        for c in held:
            c.close()
        srv.close()

    threading.Thread(target=serve, daemon=True).start()
    return srv.getsockname()[1], stop


@pytest.mark.parametrize("answer", [None, b"HTTP/1.1 200 OK\r\n\r\n" + b"\xff" * 4096],
                         ids=["silent", "garbage"])
def test_a_scheduler_that_does_not_answer_as_dask_fails_in_one_line(pnp_run, answer):
    port, stop = _server(answer)
    try:
        line = pnp_run("junkyard-wars", "simulate", "--games", "10", "--timeout", "2",
                       "--scheduler", f"tcp://127.0.0.1:{port}", time_limit=40).refused()
    finally:
        stop.set()
    assert f"cannot reach dask scheduler tcp://127.0.0.1:{port}" in line


@pytest.mark.parametrize("args, field", [
    (("waste-knights", "simulate", "--games", "3", "--rounds", "999999999"), "rounds"),
    (("salvage", "mods", "--games", "2", "--band", "nan"), "band"),
    (("junkyard-wars", "simulate", "--games", "5", "--minutes-per-turn", "inf"),
     "minutes-per-turn"),
])
def test_game_options_that_hung_or_were_accepted_are_refused(pnp_run, args, field):
    assert f"field '{field}'" in pnp_run(*args).refused()
