"""``python -m pnp``: the same as the ``pnp`` command."""

from pnp import signals

signals.install()  # before the (slow) imports: a stop request is answered from the start

from pnp.cli import main  # noqa: E402

main()
