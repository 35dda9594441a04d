"""Loader of the bundled Waste Knights data (hex catalogue, vehicles) from ``cardsets/``.

Kept apart from the pure core: generate/metrics take the loaded data as arguments, this module
reads the files.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.games.waste_knights.cards import Deck, deck_from_dict
from pnp.games.waste_knights.generate import Catalogue, catalogue_from_dict
from pnp.games.waste_knights.hexes import VEHICLES
from pnp.resources import cardset, read_text

VEHICLES_SOURCE = "cardsets/waste_knights/vehicles.yaml"


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file; PnpError with the line of a syntax error."""
    from pnp.safe_io import load_yaml

    return load_yaml(read_text(path), str(path))[0]  # nesting, aliases and integers bounded


@cache
def hexes_data() -> dict:
    """The bundled ``waste_knights/hexes.yaml`` as a dict."""
    return read_yaml(cardset("waste_knights/hexes.yaml"))


@cache
def vehicles_data() -> dict:
    """The bundled ``waste_knights/vehicles.yaml`` as a dict."""
    return read_yaml(cardset("waste_knights/vehicles.yaml"))


@cache
def default_catalogue() -> Catalogue:
    """The bundled tile catalogue (``waste_knights/hexes.yaml``)."""
    return catalogue_from_dict(hexes_data())


@cache
def wasteland_deck() -> Deck:
    """The bundled wasteland deck, range cards and knights' profile (``wasteland.yaml``)."""
    return deck_from_dict(read_yaml(cardset("waste_knights/wasteland.yaml")))


def vehicle_speeds() -> dict[str, int]:
    """Movement Points per Fuel of each vehicle, from the bundled data (every vehicle named)."""
    speeds = {k: int(v["speed"]) for k, v in vehicles_data()["vehicles"].items()}
    missing = [v for v in VEHICLES if v not in speeds]
    if missing:
        raise PnpError(f"no speed for {missing[0]}", file=VEHICLES_SOURCE, field="vehicles")
    return speeds


def vehicle_capacities() -> dict[str, tuple[int, int]]:
    """Gear cards each vehicle stores, undamaged and damaged (``capacity: [full, damaged]``)."""
    out: dict[str, tuple[int, int]] = {}
    for k, v in vehicles_data()["vehicles"].items():
        cap = v.get("capacity")
        if not (isinstance(cap, list) and len(cap) == 2 and all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 20 for c in cap)
                and cap[1] <= cap[0]):
            raise PnpError(f"{k}: capacity must be [undamaged, damaged], whole numbers 0-20, "
                           f"damaged no more than undamaged; got {cap!r}",
                           file=VEHICLES_SOURCE, field="capacity")
        out[k] = (cap[0], cap[1])
    return out


@cache
def stalls_spaces() -> tuple:
    """The Stalls spaces, left to right (``waste_knights/stalls.yaml``)."""
    from pnp.games.waste_knights.stalls import spaces_from_dict

    return spaces_from_dict(read_yaml(cardset("waste_knights/stalls.yaml")))
