"""Locate bundled data (cardsets/, templates/) whether pnp runs from a checkout or an install."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from pnp.errors import PnpError

_CHECKOUT = Path(__file__).resolve().parent.parent


def _root(package: str, folder: str) -> Path:
    # Installed, the folders are the packages pnp.cardsets / pnp.templates. Imported from a
    # checkout (e.g. `python -m pytest` puts the work tree first on sys.path) they are not
    # packages, but the top-level folders beside pnp/.
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:
        return _CHECKOUT / folder


def cardset(name: str) -> Path:
    """Path of a bundled file under cardsets/ (e.g. 'junkyard_wars/scrabble_en.yaml')."""
    return _root("pnp.cardsets", "cardsets") / name


def template(name: str) -> Path:
    """Path of a bundled file under templates/ (e.g. 'default/card.yaml')."""
    return _root("pnp.templates", "templates") / name


def read_text(path: str | Path) -> str:
    """A user's or a bundled text file (UTF-8); PnpError naming it when it cannot be read, is
    not a regular file or is larger than the ``input_bytes`` limit."""
    from pnp.safe_io import read_input

    try:
        return read_input(path, "file").decode("utf-8")
    except UnicodeDecodeError:
        raise PnpError("cannot read: not UTF-8 text", file=str(path)) from None
