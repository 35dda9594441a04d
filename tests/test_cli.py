"""The ``pnp`` entry point: usage errors, bad input and --debug, as a user sees them."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError


@pytest.mark.parametrize("args, message", [
    (("render", "--no-such-option"), "No such option: --no-such-option"),
    (("no-such-command",), "No such command"),
    (("render",), "Missing argument"),
])
def test_usage_error_is_a_message_not_a_traceback(run_pnp, args, message):
    code, out, err = run_pnp(*args)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_bad_input_is_one_line_and_exit_2(run_pnp, tmp_path):
    code, out, err = run_pnp("render", str(tmp_path / "missing.csv"))
    assert code == 2
    assert err.startswith("pnp: error: ") and "missing.csv" in err and err.count("\n") == 1


def test_debug_lets_the_error_through_with_its_traceback(run_pnp, tmp_path):
    with pytest.raises(PnpError, match="missing.csv"):
        run_pnp("--debug", "render", str(tmp_path / "missing.csv"))


def test_commands_are_registered_once(run_pnp):
    from pnp import cli

    def counts():
        return len(cli.app.registered_commands), len(cli.app.registered_groups)

    assert run_pnp("--version")[0] == 0
    before = counts()
    assert run_pnp("--version")[0] == 0
    assert counts() == before
