"""The progress bar shows only on a terminal, only once a run has taken a second."""

from __future__ import annotations

from pnp import progress


def test_late_bar_waits_a_second_and_never_shows_when_disabled(monkeypatch):
    shown: list[tuple[int, int]] = []

    class Bar:
        def __init__(self, total, label, unit):
            shown.append((0, total))

        def update(self, done, total):
            shown.append((done, total))

        def close(self):
            shown.append((-1, -1))

    monkeypatch.setattr(progress, "ProgressBar", Bar)
    now = [100.0]
    bar = progress.LateBar("render", "cards", enabled=True)
    bar._clock = lambda: now[0]
    bar._start = 100.0
    bar.update(1, 10)
    assert shown == []  # a quick run shows nothing
    now[0] = 101.5
    bar.update(5, 10)
    bar.update(10, 10)
    bar.close()
    assert shown[0] == (0, 10) and (10, 10) in shown and shown[-1] == (-1, -1)
    quiet = progress.LateBar("render", "cards", enabled=False, delay=0)
    quiet.update(1, 1)
    quiet.close()
    assert len(shown) == 4


def test_not_a_terminal_means_no_bar(monkeypatch, capsys):
    bar = progress.LateBar("render", "cards", delay=0)  # stderr is captured: not a terminal
    bar.update(1, 2)
    bar.close()
    assert capsys.readouterr().err == ""
