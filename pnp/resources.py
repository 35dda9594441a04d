"""Locate bundled data (cardsets/, templates/) whether pnp runs from a checkout or an install."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _root(package: str) -> Path:
    return Path(str(resources.files(package)))


def cardset(name: str) -> Path:
    """Path of a bundled file under cardsets/ (e.g. 'junkyard_wars/scrabble_en.yaml')."""
    return _root("pnp.cardsets") / name


def template(name: str) -> Path:
    """Path of a bundled file under templates/ (e.g. 'default/card.yaml')."""
    return _root("pnp.templates") / name
