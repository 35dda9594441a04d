"""Private tasks: accepted on one hex with a check, accomplished on another (Private Tasks).

Pure core. Task cards are not printed; a private task here is the Burn, Baby, Burn! example's
shape: explore hex 1 and pass a Challenging (7) check of a skill to accept it, then explore hex
2 to accomplish it (docs/assumptions.md). With 4 knights 2 private tasks are on the task frame,
with 3 knights 1; with 2 knights each is dealt 4, keeps 2, and they never become outdated
(Game Variants). ``Task`` is a small mutable record a state copies with ``copy``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState

_PRIVATE = {name: i for i, name in enumerate(FIELDS)}["private_tasks"]
#: Task Cards Setup: "1 card in a 3-player game and 2 cards in a 4-player game".
FRAME_SPACES = {2: 0, 3: 1, 4: 2}
#: 2-Player Game: "deals 4 private task cards to each player. Both players choose 2".
DEALT, KEPT = 4, 2
#: Burn, Baby, Burn!: "he must pass a Challenging (7) Repair check".
ACCEPT_DIFFICULTY = R.Difficulty.CHALLENGING
SKILLS = ("medicine", "repair", "survival", "talk")
#: A private task's rewards (not printed): as the common task's, 2 Reputation and a blue card.
TASK_REPUTATION = 2
#: Tasks and Enemy Cards: "Some tasks require knights to defeat a specific enemy" (Robo-killer:
#: "forces the Waster to play enemy cards with the robot icon"). The common task deck is not
#: printed: 1 common task in 4 is such an enemy task (docs/assumptions.md).
ENEMY_TASK_SHARE = 0.25


def draw_common(state: TourState, done: int | None = None) -> tuple[int, str]:
    """A new common task: (hex, "") for "explore special hex X" (not the one just accomplished),
    or (-1, trait) for "defeat an enemy with this trait" (the deck's enemies' traits)."""
    traits = state.deck.enemy_traits
    if traits and state.rng.random() >= 1.0 - ENEMY_TASK_SHARE:
        return -1, traits[int(state.rng.random() * len(traits))]
    specials = state.tables.specials or state.tables.sites
    pool = [j for j in specials if j != done] or list(specials)
    return pool[int(state.rng.random() * len(pool))], ""


def common_text(state: TourState) -> str:
    """The common task in words, for the log."""
    from pnp.games.waste_knights.narrate import hex_name

    if state.task_trait:
        return (f"defeat {'an' if state.task_trait[0] in 'aeiou' else 'a'} {state.task_trait} "
                "enemy (the Waster must play such enemy cards, if able)")
    return f"explore {hex_name(state.tables, state.task_hex)}"


@dataclass
class Task:
    """One private task: its two hexes, the first requirement's check, markers, holder."""

    first: int
    second: int
    skill: str
    marks: int = 0
    holder: int = -1          # seat that accepted it (-1: on the task frame / face-down)
    owner: int = -1           # 2-player game: the seat it was dealt to

    def copy(self) -> Task:
        """An independent copy."""
        return replace(self)


def new_task(sites: tuple[int, ...], rng: random.Random, owner: int = -1) -> Task:
    """A private task between two different cities or special hexes, with a random skill."""
    first = sites[int(rng.random() * len(sites))]
    rest = [j for j in sites if j != first] or [first]
    second = rest[int(rng.random() * len(rest))]
    return Task(first, second, SKILLS[int(rng.random() * len(SKILLS))], owner=owner)


def deal(state: TourState, keep_near: list[bool]) -> list[Task]:
    """Cards Setup D (and the 2-Player Game's dealing): the game's private tasks."""
    t, rng, n = state.tables, state.rng, len(state.seats)
    sites = t.specials + t.cities if t.specials else t.sites
    if n != 2:
        return [new_task(sites, rng) for _ in range(FRAME_SPACES[n])]
    out: list[Task] = []
    for s in range(n):
        dealt = [new_task(sites, rng, owner=s) for _ in range(DEALT)]
        if keep_near[s]:  # the heuristic knight keeps the two shortest errands
            dealt.sort(key=lambda k: t.mp[t.start][k.first] + t.mp[k.first][k.second])
        out += dealt[:KEPT]
    return out


def mark(state: TourState) -> None:
    """Waster Step a): mark every private task (accepted ones too); 3 markers: outdated,
    replaced by a new one. 2-player private tasks "never become outdated"."""
    if len(state.seats) == 2:
        return
    t = state.tables
    sites = t.specials + t.cities if t.specials else t.sites
    for i, task in enumerate(state.tasks):
        task.marks += 1
        if R.task_outdated(task.marks):
            state.tasks[i] = new_task(sites, state.rng)


def explore(state: TourState, s: int, accomplished: bool) -> None:
    """Hex Activities: accept up to 1 private task, accomplish up to 1 task, on this hex."""
    seat = state.seats[s]
    p = seat.pos
    two = len(state.seats) == 2
    for i, task in enumerate(state.tasks):
        if task.holder == s and task.second == p and not accomplished:
            seat.rep += TASK_REPUTATION + 1  # the blue card removed for +1 Reputation ...
            seat.red += 1                    # ... and a red gear card
            seat.stats[_PRIVATE] += 1
            accomplished = True
            t = state.tables
            sites = t.specials + t.cities if t.specials else t.sites
            state.tasks[i] = Task(-1, -1, "talk", owner=-2) if two else new_task(sites, state.rng)
            if state.log is not None:
                state.log.append(f"knight {s + 1} accomplishes a private task (+"
                                 f"{TASK_REPUTATION + 1} Reputation, a red gear card)")
    held = sum(1 for k in state.tasks if k.holder == s)
    for task in state.tasks:
        mine = task.owner == s if two else task.owner == -1
        if task.holder < 0 and mine and task.first == p and (two or held == 0):
            pool = R.escape_check_pool(state.deck.skills[task.skill], seat.knight.health)
            if R.check_passed_draw(state.rng.random(), pool, ACCEPT_DIFFICULTY):
                task.holder = s
                if state.log is not None:
                    state.log.append(f"knight {s + 1} accepts a private task ({task.skill} "
                                     f"check passed)")
            break  # "can attempt to accept up to 1 private task during the Exploration Step"


def wanted(state: TourState, s: int) -> tuple[int, ...]:
    """Hexes where knight ``s`` can take a private task further (for the bots)."""
    two = len(state.seats) == 2
    held = any(k.holder == s for k in state.tasks)
    out = []
    for k in state.tasks:
        if k.holder == s:
            out.append(k.second)
        elif k.holder < 0 and (k.owner == s if two else k.owner == -1 and not held):
            out.append(k.first)
    return tuple(j for j in out if j >= 0)
