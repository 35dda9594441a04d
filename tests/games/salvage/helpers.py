"""Test helpers for Salvage: a small corridor field, a scripted random stream, positions by actions.

Positions are only ever built by applying actions (``act``, ``walk``): tests never write into a
state. ``Script`` makes the rules' draws predictable: each ``random()`` the rules call takes the
next scripted value (``face(4, 6)``: a D6 showing 4; ``CIRCLE``/``CROSS`` for the coin), then,
once the script is used up, the seeded stream of ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pnp.games.salvage import actions as A
from pnp.games.salvage.field import Field, Node
from pnp.games.salvage.mods import Mod
from pnp.games.salvage.rules import Config
from pnp.games.salvage.simulate import Setup
from pnp.games.salvage.state import CLASH_ATTACK, SalvageState

#: The corridor: 0 base(seat 1) - 1 - 2 wreck - 3 - 4 centre wreck - 5 - 6 wreck - 7 - 8 base.
BASE1, BASE2 = 0, 8
WRECKS = (2, 4, 6)
CIRCLE, CROSS = 0.25, 0.75


def face(value: int, sides: int) -> float:
    """The ``random()`` draw that rolls ``value`` on a die of ``sides``."""
    return (value - 0.5) / sides


class Script(random.Random):
    """A random stream that returns the scripted draws first."""

    def __init__(self, draws: Iterable[float] = (), seed: int = 0) -> None:
        super().__init__(seed)
        self.draws = list(draws)

    def random(self) -> float:  # the one draw the rules make
        return self.draws.pop(0) if self.draws else super().random()

    def add(self, *draws: float) -> None:
        """Script the next draws."""
        self.draws += draws


def corridor(rolls: Mapping[int, int] | None = None, extra_edges: Sequence[tuple[int, int]] = ()
             ) -> Field:
    """The 9-node corridor, its field nodes' node die faces from ``rolls`` (default 1: nothing)."""
    rolls = dict(rolls or {})
    kinds = {0: "base", 8: "base", 2: "wreck", 4: "wreck", 6: "wreck"}
    nodes = tuple(Node(i, 30.0 + 40.0 * i, 100.0, 0 if i < 4 else 1 if i > 4 else -1,
                       kinds.get(i, "field")) for i in range(9))
    edges = tuple(sorted({(i, i + 1) for i in range(8)} | set(extra_edges)))
    return Field(nodes, edges, (BASE1, BASE2), WRECKS, tuple(8 - i for i in range(9)),
                 tuple(rolls.get(i, 1) if kinds.get(i, "field") == "field" else None
                       for i in range(9)))


def setup_of(field: Field | None = None, config: Config = Config(),
             mods: Sequence[Mod] = ()) -> Setup:
    """A run's setup on ``field`` (default: the empty corridor)."""
    return Setup(bots=("heuristic", "heuristic"), field=field or corridor(), config=config,
                 mods=tuple(mods))


def new_state(rolls: Mapping[int, int] | None = None, *, config: Config = Config(),
              mods: Sequence[Mod] = (), draws: Iterable[float] = (),
              field: Field | None = None) -> tuple[SalvageState, Script]:
    """A new game on the corridor and its scripted random stream."""
    rng = Script(draws)
    return SalvageState(setup_of(field or corridor(rolls), config, mods), rng), rng


def act(state: SalvageState, action: Any, *draws: float) -> SalvageState:
    """Apply ``action`` after scripting ``draws``."""
    state.rng.add(*draws)  # type: ignore[attr-defined]
    state.apply(action)
    return state


def walk(state: SalvageState, seat: int, nodes: Iterable[int], *, other_passes: bool = True
         ) -> SalvageState:
    """Mecha ``seat`` moves along ``nodes``, the other mecha passing between its moves."""
    for node in nodes:
        if state.current_player != seat and other_passes:
            state.apply(A.Pass(seat ^ 1))
        state.apply(A.Move(seat, node))
    return state


def mod(name: str, score: int = 1, **effects: int) -> Mod:
    """A mod with ``effects`` (word=amount)."""
    return Mod(name, "Tool", score, tuple(effects.items()))


def total_dice(state: SalvageState) -> int:
    """Every die in the game: supply, carried, banked, lying free or guarded."""
    carried = sum(len(m.dice) + len(m.banked_dice) for m in state.mechas)
    lying = sum(len(d) for d in state.free_dice) + sum(1 for d in state.guard_die if d)
    return sum(state.supply) + carried + lying


def total_cells(state: SalvageState) -> int:
    """Every fusion cell: on its wreck site, carried or banked."""
    return sum(state.cell_at) + sum(len(m.cells) + len(m.banked_cells) for m in state.mechas)


def to_clash_at_6(s: SalvageState) -> None:
    """Mecha 2 takes wreck site 6's cell (picking up what lies on 7); mecha 1 comes round by
    the bypass (0, 8, 7) and moves onto it."""
    act(s, A.Pass(0))
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 8))
    act(s, A.Move(1, 6))
    act(s, A.PressOn(1))
    act(s, A.Move(0, 7))
    act(s, A.Pass(1))
    act(s, A.Move(0, 6))
    assert s.phase == CLASH_ATTACK and s.current_player == 0


def to_enemy_camp(s: SalvageState) -> None:
    """Mecha 2 steps out to node 7; mecha 1 comes round by the bypass (0, 8) into mecha 2's
    camp. Mecha 1 is to act."""
    act(s, A.Pass(0))
    act(s, A.Move(1, 7))
    act(s, A.Move(0, 8))
    act(s, A.Pass(1))
