"""Pig, the example game of docs/adding-a-game.md, as one module: the walk-through's code, run.

The conformance suite registers it beside the real games, so the page a newcomer follows is
checked to give a game that keeps every promise of the interface.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pnp.games.api import GameSpec, IllegalAction
from pnp.sim.stats import check_band, fmt_estimate, proportion_ci

TARGET = 30  # "first to 30 wins"


@dataclass(frozen=True)  # frozen dataclasses of different classes never compare equal
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


class PigState:
    def __init__(self, players: int, rng: random.Random):
        self.rng, self.scores, self.turn_total, self.player = rng, [0] * players, 0, 0
        self.log: list[str] | None = None  # the replay sets a list: narrate the dice

    @property
    def current_player(self) -> int:
        return self.player

    def legal_actions(self) -> list:
        return [] if self.is_over() else [Roll(), Hold()]

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now")  # a bot bug, never user error
        if isinstance(action, Roll):
            face = self.rng.randint(1, 6)
            if self.log is not None:
                self.log.append(f"rolled {face}")
            if face == 1:
                self.turn_total, self.player = 0, (self.player + 1) % len(self.scores)
            else:
                self.turn_total += face
        else:
            self.scores[self.player] += self.turn_total
            self.turn_total, self.player = 0, (self.player + 1) % len(self.scores)

    def is_over(self) -> bool:
        return max(self.scores) >= TARGET

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s >= TARGET) for s in self.scores)

    def determinize(self, rng: random.Random) -> None:
        # The only hidden part of Pig is the future dice: a search must not foresee them.
        self.rng.seed(rng.getrandbits(64))

    def clone(self) -> PigState:
        twin = PigState(len(self.scores), random.Random())
        twin.rng.setstate(self.rng.getstate())  # same dice from here on
        twin.scores, twin.turn_total, twin.player = list(self.scores), self.turn_total, self.player
        return twin


@dataclass(frozen=True)
class PigRules:
    name: str = "pig"
    min_players: int = 2
    max_players: int = 4

    def new_state(self, setup, rng: random.Random) -> PigState:
        return PigState(setup.players, rng)

    def parse_action(self, text: str):
        return {"roll": Roll(), "hold": Hold()}[text]


class RandomBot:
    def choose(self, state, rng):
        return rng.choice(state.legal_actions())


class HoldAt20:
    def choose(self, state, rng):
        return Hold() if state.turn_total >= 20 else Roll()


@dataclass(frozen=True)
class Setup:          # frozen and picklable: it travels to worker processes
    players: int
    bots: tuple[str, ...]


def make_setup(seed, players, bots, options):
    return Setup(players, bots)


def record(state):    # what one finished game contributes: small and picklable
    return state.returns().index(1.0)


def summarize(records, setup, seed):
    n = len(records)
    seats = [proportion_ci(records.count(s), n) for s in range(setup.players)]
    fair = 1 / setup.players
    checks = [check_band(f"seat {s + 1} win rate", e, fair - 0.05, fair + 0.05).to_dict()
              for s, e in enumerate(seats)]
    return {"games": n, "win_rate_by_seat": [e.to_dict() for e in seats], "checks": checks}


def summary_lines(doc):
    return [f"seat {s + 1}: {fmt_estimate(e)}" for s, e in enumerate(doc["win_rate_by_seat"])]


def _bot(kind: Any) -> Any:
    return lambda setup, seat: kind()


# --- the board view: Pig at the table (docs/adding-a-game.md, section 9) ---------------------

from pnp.games.view import Board, Result, SeatView, Spot  # noqa: E402
from pnp.layout.draw import Circle, Drawing, Rect, TextBox  # noqa: E402

COLOURS = ("#c0392b", "#2e6da4", "#27ae60", "#8e44ad")


class PigView:
    hides_information = False  # nothing in Pig is secret

    def board(self, state, viewer):
        items = []
        for seat, score in enumerate(state.scores):  # a score track per player, 0..TARGET
            y = 12 + 14 * seat
            items.append(Rect(10, y, 4 * TARGET, 8, fill="#eeeeee"))
            items.append(Circle(10 + 4 * min(score, TARGET), y + 4, 4, fill=COLOURS[seat]))
        items += [Rect(150, 12, 30, 30, fill="white", radius=4),   # the die: click to roll
                  TextBox(150, 12, 30, 30, "roll", size=12, align="center", valign="middle"),
                  Rect(150, 48, 30, 14, fill="#f1c40f", radius=3),  # the bank: click to hold
                  TextBox(150, 48, 30, 14, f"hold {state.turn_total}", size=10,
                          align="center", valign="middle")]
        spots = (Spot("die", polygon=((150, 12), (180, 12), (180, 42), (150, 42))),
                 Spot("bank", polygon=((150, 48), (180, 48), (180, 62), (150, 62))))
        return Board(Drawing(width=190, height=70, items=tuple(items)), spots)

    def seats(self, state, viewer):
        return [SeatView(s, f"Player {s + 1}", COLOURS[s], score=str(score))
                for s, score in enumerate(state.scores)]

    def turn(self, state):
        return f"Player {state.player + 1} to roll or hold ({state.turn_total} this turn)"

    def kind(self, action):
        return "Your turn"

    def label(self, state, action):
        return str(action)

    def spot(self, state, action):
        return "die" if isinstance(action, Roll) else "bank"

    def result(self, state):
        winner = max(range(len(state.scores)), key=state.scores.__getitem__)
        return Result(f"Player {winner + 1} wins", f"first to {TARGET}",
                      ("", *(f"Player {s + 1}" for s in range(len(state.scores)))),
                      (("Score", *(str(x) for x in state.scores)),))


VIEW = PigView()

GAME = GameSpec(
    name="pig", title="Pig", min_players=2, max_players=4, default_players=2,
    rules=PigRules(),
    bots={"random": _bot(RandomBot), "heuristic": _bot(HoldAt20)},
    make_setup=make_setup, record=record,
    summarize=summarize, summary_lines=summary_lines,
    options=(),  # the game's own options: Option(name, flag, kind, default, help, commands)
    view="pig_game",  # the module whose VIEW draws the game at the table
)
