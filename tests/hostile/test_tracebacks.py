"""Inputs that used to end in a traceback (exit 1): each is now one line, exit 2."""

from __future__ import annotations

import errno
import os
import resource

import pytest

BIG = "9" * 5000
CARD = "name,text\nA,hello\n"


def layout(body: str) -> dict[str, str]:
    return {"c.csv": CARD, "l.yaml": body}


def item(spec: str) -> dict[str, str]:
    return layout(f"items:\n  - {spec}\n")


CASES: dict[str, tuple[dict[str, str], tuple[str, ...], str]] = {
    # integers of thousands of digits: a count, a seed, a JSON or YAML field, a template
    "count digits": ({"c.csv": f"name,count\nA,{BIG}\n"}, (), "c.csv:2: field 'count'"),
    "seed digits": ({"c.csv": CARD}, ("--seed", BIG), "field 'seed'"),
    "JSON digits": ({"c.json": '{"cards": [{"name": "a", "cost": ' + BIG + "}]}"}, (),
                    "int_digits"),
    "YAML digits": ({"c.yaml": f"- name: a\n  cost: {BIG}\n"}, (), "c.yaml:2:"),
    "template digits": (item('text: {x: 0, y: 0, w: 9, h: 9, text: "{{ ' + BIG + ' }}"}'),
                        ("--layout", "l.yaml"), "int_digits"),
    "template float overflow": (item('rect: {x: 0, y: 0, w: "{{ 10 ** 99 }}", h: 5}'),
                                ("--layout", "l.yaml"), "field 'w'"),
    "impossible YAML date": ({"c.yaml": "- name: a\n  when: 2023-02-30\n"}, (), "c.yaml"),
    "scalar dash": (item("path: {points: [[0, 0], [9, 9]], dash: 2}"), ("--layout", "l.yaml"),
                    "field 'dash'"),
    # the schema field of the wrong type
    "schema type": ({"c.json": '{"schema": 5, "cards": [{"name": "a", "x": {"y": 1}}]}'}, (),
                    "c.json"),
    # nesting
    "deep JSON": ({"c.json": "[" * 100_000 + "]" * 100_000}, (), "nesting"),
    "deep YAML": ({"c.yaml": "[" * 100_000 + "]" * 100_000}, (), "nesting"),
    "deep groups": (layout("items:\n" + "".join(
        "  " * (2 * i) + "- group:\n" + "  " * (2 * i) + "    items:\n" for i in range(200))
        + "  " * 400 + "- rect: {x: 0, y: 0, w: 1, h: 1}\n"), ("--layout", "l.yaml"),
        "nesting"),
    # NaN, infinities, dash patterns of zeros or negatives reaching reportlab
    "NaN coordinate": (item("rect: {x: .nan, y: 0, w: 5, h: 5}"), ("--layout", "l.yaml"),
                       "field 'x'"),
    "infinite rotation": (item("text: {x: 0, y: 0, w: 9, h: 9, text: a, rotate: .inf}"),
                          ("--layout", "l.yaml"), "field 'rotate'"),
    "zero dash": (item("path: {points: [[0, 0], [9, 9]], dash: [0, 0]}"),
                  ("--layout", "l.yaml"), "field 'dash'"),
    "negative dash": (item("path: {points: [[0, 0], [9, 9]], dash: [-1, 2]}"),
                      ("--layout", "l.yaml"), "field 'dash'"),
    "NaN from a template": (item('circle: {cx: "{{ width * 1e308 - width * 1e308 }}", cy: 1, '
                                 'r: 1}'),
                            ("--layout", "l.yaml"), "field 'cx'"),
    "negative width": (item("rect: {x: 0, y: 0, w: -5, h: 5}"), ("--layout", "l.yaml"),
                       "field 'w'"),
    "negative stroke": (item("rect: {x: 0, y: 0, w: 5, h: 5, stroke_width: -1}"),
                        ("--layout", "l.yaml"), "field 'stroke_width'"),
    # --out that is a file, under a file, or where no file can be made
    "out is a file": ({"c.csv": CARD}, ("--out", "c.csv"), "field 'out'"),
    "out under a file": ({"c.csv": CARD}, ("--out", "c.csv/deck"), "field 'out'"),
    "out where nothing can be made": ({"c.csv": CARD}, ("--out", "/proc/pnp-out"),
                                      "field 'out'"),
    "out empty": ({"c.csv": CARD}, ("--out", ""), "field 'out'"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_refused_in_one_line(pnp_run, case):
    files, extra, expected = CASES[case]
    name = next(n for n in files if n.startswith("c."))
    line = pnp_run("render", name, "--out", "out", "--formats", "pdf", *extra,
                   files=files).refused()
    assert expected in line


def test_a_full_disk_is_one_line_naming_the_file(pnp_run):
    # A file-size limit makes writes fail as a full disk does (EFBIG instead of ENOSPC).
    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    line = pnp_run("render", "c.csv", "--out", "out", files={"c.csv": CARD * 1},
                   preexec=small_files).refused()
    assert line.startswith("pnp: error: cannot write out/") and "File too large" in line


def test_a_session_board_file_with_a_huge_number(pnp_run):
    line = pnp_run("waste-knights", "simulate", "--board", "b.json", "--games", "2",
                   files={"b.json": '{"hexes": [' + BIG + "]}"}).refused()
    assert "b.json" in line and "int_digits" in line


@pytest.mark.parametrize("error", [errno.EROFS, errno.EACCES, errno.ENOSPC])
def test_a_write_error_is_one_line_naming_the_output_path(tmp_path, monkeypatch, run_pnp, error):
    # In process: a read-only file system or a permission error cannot be set up for a child
    # run as root, so writing an SVG fails as they make it fail.
    import pnp.layout.faces

    write = pnp.layout.faces._kept  # where a face's SVG and PNG are written (staging paths)

    def refuse(data, path):
        if path is None or "/svg/" not in path:
            return write(data, path)
        raise OSError(error, os.strerror(error), path)

    monkeypatch.setattr(pnp.layout.faces, "_kept", refuse)
    (tmp_path / "c.csv").write_text(CARD)
    code, _, err = run_pnp("render", str(tmp_path / "c.csv"), "--out", str(tmp_path / "out"),
                           "--formats", "svg")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"cannot write {tmp_path / 'out'}/svg/" in err and os.strerror(error) in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.csv"]  # staging and lock gone


def test_a_back_offset_of_a_metre_is_refused(pnp_run):
    line = pnp_run("render", "c.csv", "--back-offset", "1000,0", files={"c.csv": CARD}).refused()
    assert "field 'back-offset'" in line
