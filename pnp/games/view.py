"""The board view: how the table (``pnp serve``) shows one game's state and takes a click.

Each game adds one module ``pnp/games/<game>/view.py`` holding ``VIEW``, an object with the
``BoardView`` methods below, and names it in its ``GameSpec.view``. The table does the rest from
the game interface (``legal_actions``, ``apply``, ``str(action)``, ``parse_action``, the log):
it lists the legal actions grouped by ``kind``, draws ``board`` as SVG (pnp's drawing model,
``pnp.layout.draw``, in mm), lays the ``Spot``-s over it and sends the action a click picks.

Pure core, like ``printables.py``: frozen drawing primitives, no IO.

``viewer`` is whose screen it is: a seat (0-based) sees its own hidden parts (cards in hand, the
dice it chose for a clash), ``SPECTATOR`` sees nobody's, ``EVERYONE`` sees all (watching a
finished or simulated game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pnp.layout.draw import Drawing, Point

__all__ = ["EVERYONE", "SPECTATOR", "Board", "BoardView", "Result", "SeatView", "Spot",
           "log_line", "view_for"]

#: ``viewer`` values that are not a seat.
EVERYONE = -2
SPECTATOR = -1


@dataclass(frozen=True)
class Spot:
    """A place on the board a click can mean: ``key`` names it (``"node 7"``, ``"hex 0,-3"``);
    its outline is a circle ``(cx, cy, r)`` or a polygon, in the drawing's mm."""

    key: str
    circle: tuple[float, float, float] | None = None
    polygon: tuple[Point, ...] = ()
    label: str = ""      # shown on hover: "node 7: a medium mob"


@dataclass(frozen=True)
class Board:
    """The state drawn, and the places a click can pick an action on."""

    drawing: Drawing
    spots: tuple[Spot, ...] = ()


@dataclass(frozen=True)
class SeatView:
    """One side's status beside the board."""

    seat: int
    name: str                                  # "Mecha 1", "Knight 2", "Crew 3"
    colour: str                                # the seat's colour on the board ("#c0392b")
    lines: tuple[tuple[str, str], ...] = ()    # ("Fuel", "4 / 6"), ("Dice", "D6 D8"), ...
    score: str = ""                            # what the rulebook counts, if it counts one


@dataclass(frozen=True)
class Result:
    """How a finished game ended: who won, how, and the score table as the rulebook counts it."""

    winner: str                                # "Mecha 1 wins", "The crew loses", "A draw"
    how: str                                   # "carried all three fusion cells"
    headers: tuple[str, ...] = ()              # ("", "Mecha 1", "Mecha 2")
    rows: tuple[tuple[str, ...], ...] = ()     # ("Mods", "7", "4"), ..., ("Total", ...)


class BoardView(Protocol):
    """What the table needs from a game beyond the game interface."""

    #: True when the game hides something from the other players (cards in hand, a secret
    #: choice): two people on one screen then get a "pass the device" screen between turns.
    hides_information: bool

    def board(self, state: Any, viewer: int) -> Board:
        """The board with everything on it that ``viewer`` may see, and its click spots."""
        ...

    def seats(self, state: Any, viewer: int) -> Sequence[SeatView]:
        """Each side's status, in seat order (hidden parts only for ``viewer``'s own seat)."""
        ...

    def turn(self, state: Any) -> str:
        """Whose turn it is and where the game stands: "Mecha 1 to move · round 3 of 24"."""
        ...

    def kind(self, action: Any) -> str:
        """The group an action is listed under ("Move", "Fight", "Install a mod")."""
        ...

    def label(self, state: Any, action: Any) -> str:
        """The action's short text in the list ("to node 7", "D6 + D8"), in ``state`` (an action
        may name a card by its place); ``str`` is the long one."""
        ...

    def spot(self, state: Any, action: Any) -> str | None:
        """The key of the spot a click on picks ``action`` (None: from the list only)."""
        ...

    def result(self, state: Any) -> Result:
        """Who won and how, with the score table (called once the game is over)."""
        ...


def log_line(view: BoardView, seat: int, line: str, viewer: int) -> str:
    """A log line of ``seat``'s action (the action's text or an event of it) as ``viewer`` may
    read it. A game whose log names something hidden (a card drawn, a secret choice) gives its
    view a ``hide(seat, line, viewer) -> str`` method; the table calls it for every line a
    screen reads but for a finished game's. The line may name another seat than the step's
    (a round's draws come under one step): ``hide`` decides whose it is."""
    if viewer == EVERYONE:
        return line
    hide = getattr(view, "hide", None)
    return line if hide is None else str(hide(seat, line, viewer))


def view_for(spec: Any) -> BoardView:
    """The board view of a registered game (``GameSpec.view``)."""
    import importlib

    from pnp.errors import PnpError

    if not spec.view:
        raise PnpError(f"{spec.title} has no board view for the table", field="game")
    view: BoardView = importlib.import_module(spec.view).VIEW
    return view
