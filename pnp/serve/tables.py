"""A game at the table: its action log, the state it replays to, the seats and the frames.

A game is its log from the first move (``LOG_FORMAT``: the game, the seed and its options, who
sits where, every action as its replay text): the state is always the log replayed through the
game interface, so a restart, a crash or a reload resumes it where it was, and ``pnp GAME
replay --log`` reads the same file. Every action a person sends is checked against
``legal_actions()`` by its text; a computer player's too. The frames the page draws come from
the game's board view (``pnp.games.view``).

No web framework here: ``pnp.serve.app`` carries these over HTTP and WebSockets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import PnpError
from pnp.games.api import GameSpec, State
from pnp.games.view import EVERYONE, SPECTATOR, BoardView, log_line, view_for
from pnp.seed import child_seed

LOG_FORMAT = "pnp-game-log"
LOG_VERSION = 1
PERSON = "person"
#: How far apart the states kept for time travel are (a step between is replayed from one).
CHECKPOINT = 32
#: The longest action text the table reads (every game's replay text is far shorter).
MAX_ACTION_CHARS = 300


@dataclass
class Step:
    """One action of the log and what the rules did with it."""

    seat: int
    action: str
    events: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "events": self.events}


def placeholder_bots(spec: GameSpec, seats: list[dict[str, Any]]) -> tuple[str, ...]:
    """A bot name per seat for the game's setup (a person's seat takes the default bot's name:
    the setup only builds bots from them, and the table never asks a person's seat's bot)."""
    fallback = "heuristic" if "heuristic" in spec.bots else sorted(spec.bots)[0]
    return tuple(s["bot"] if s["kind"] == "bot" else fallback for s in seats)


@dataclass
class TableGame:
    """One game: its log document, the live state replayed from it, and the steps so far."""

    spec: GameSpec
    doc: dict[str, Any]
    setup: Any = None
    state: Any = None
    steps: list[Step] = field(default_factory=list)
    _checkpoints: dict[int, Any] = field(default_factory=dict)

    # --- building ------------------------------------------------------------------------------

    @classmethod
    def from_doc(cls, spec: GameSpec, doc: dict[str, Any], where: str = "game log"
                 ) -> TableGame:
        """The game of a log document, its actions replayed and each checked as legal."""
        game = cls(spec, doc)
        seats = doc["seats"]
        game.setup = spec.make_setup(doc["seed"], len(seats), placeholder_bots(spec, seats),
                                     doc.get("options", {}))
        game.rebuild(where)
        return game

    def rebuild(self, where: str = "game log") -> None:
        """The state replayed from the log's actions, from the start (also after an internal
        error left the live state half-changed: the log holds only what was played whole)."""
        self.state = self._fresh()
        self.steps, self._checkpoints = [], {0: self.state.clone()}
        actions = list(self.doc["actions"])
        self.doc["actions"] = []
        for k, text in enumerate(actions):
            error = self._play(text)
            if error:
                raise PnpError(f"action {k + 1} ({text!r}) cannot be played: {error}",
                               file=where, field="actions")

    def _fresh(self) -> State:
        state = self.spec.rules.new_state(
            self.setup, random.Random(child_seed(self.doc["game_seed"], "rules")))
        state.log = []
        return state

    @property
    def view(self) -> BoardView:
        return view_for(self.spec)

    @property
    def id(self) -> str:
        return str(self.doc["id"])

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self.doc["seats"])

    def is_over(self) -> bool:
        return bool(self.state.is_over())

    def free_online_seats(self) -> list[int]:
        """The seats of an online room nobody has taken yet."""
        taken = {s for seats in self.doc.get("keys", {}).get("seats", {}).values()
                 for s in seats}
        return [k for k, s in enumerate(self.seats) if s.get("online") and k not in taken]

    def to_move(self) -> int:
        return -1 if self.is_over() else int(self.state.current_player)

    def bot_to_move(self) -> str | None:
        """The name of the computer player to move, or None (a person's turn or the end)."""
        seat = self.to_move()
        if seat < 0:
            return None
        s = self.doc["seats"][seat]
        return str(s["bot"]) if s["kind"] == "bot" else None

    # --- playing -------------------------------------------------------------------------------

    def _play(self, text: str) -> str | None:
        """Apply the legal action whose text is ``text``; the reason it cannot be, or None."""
        if self.state.is_over():
            return "the game is over"
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return "not an action"
        action = next((a for a in self.state.legal_actions() if str(a) == text), None)
        if action is None:
            return f"{text!r} is not a legal action now"
        seat = self.state.current_player
        self.state.log = []
        self.state.apply(action)
        self.steps.append(Step(seat, text, list(self.state.log or [])))
        self.state.log = []
        self.doc["actions"].append(text)
        n = len(self.doc["actions"])
        if n % CHECKPOINT == 0:
            self._checkpoints[n] = self.state.clone()
        return None

    def act(self, seat: int, text: str) -> str | None:
        """A person's action for ``seat``: None once played, else why nothing changed."""
        if self.is_over():
            return "the game is over"
        if seat != self.to_move():
            return f"it is not {self.view.seats(self.state, SPECTATOR)[seat].name}'s turn"
        if self.doc["seats"][seat]["kind"] != PERSON:
            return "a computer player sits in that seat"
        return self._play(text)

    def bot_action(self) -> str:
        """The action the computer player to move chooses (on a copy of the state; the random
        stream is the game's, one per step, so a resumed game chooses as it would have)."""
        name = self.bot_to_move()
        assert name is not None
        seat = self.to_move()
        bot = self.spec.bots[name](self.setup, seat)
        rng = random.Random(child_seed(self.doc["game_seed"], "bots", len(self.steps)))
        return str(bot.choose(self.state.clone(), rng))

    def play_bot(self, text: str) -> None:
        """Apply a computer player's chosen action (a bot choosing an illegal one is a bug)."""
        error = self._play(text)
        if error:
            raise RuntimeError(f"{self.spec.name}: computer player chose {text!r}: {error}")

    # --- time travel ---------------------------------------------------------------------------

    def state_at(self, step: int) -> Any:
        """The state after the first ``step`` actions (from the nearest checkpoint)."""
        step = max(0, min(step, len(self.steps)))
        if step == len(self.steps):
            return self.state
        base = max(k for k in self._checkpoints if k <= step)
        state = self._checkpoints[base].clone()
        for text in self.doc["actions"][base:step]:
            state.apply(self.spec.rules.parse_action(text))
        return state

    # --- what the page shows -------------------------------------------------------------------

    def frame(self, viewer: int, mine: frozenset[int], step: int | None = None,
              log_from: int = 0) -> dict[str, Any]:
        """What one screen draws: the board as SVG with its click spots, the seats, whose turn,
        the actions ``mine`` (the seats this screen plays) may take, the log from
        ``log_from``, and the result at the end. ``step`` set: the state after that many
        actions (watching), with no actions."""
        from pnp.layout.svg import drawing_to_svg

        live = step is None or step >= len(self.steps)
        state = self.state if live else self.state_at(step or 0)
        view = self.view
        board = view.board(state, viewer)
        to_move = -1 if state.is_over() else state.current_player
        actions: list[dict[str, Any]] = []
        if live and to_move in mine and self.doc["seats"][to_move]["kind"] == PERSON:
            for a in state.legal_actions():
                actions.append({"text": str(a), "label": view.label(state, a), "kind": view.kind(a),
                                "spot": view.spot(state, a)})
        d = board.drawing
        seats = []
        for sv, s in zip(view.seats(state, viewer), self.doc["seats"], strict=True):
            seats.append({"seat": sv.seat, "name": sv.name, "colour": sv.colour,
                          "lines": [list(line) for line in sv.lines], "score": sv.score,
                          "who": _who(s), "yours": sv.seat in mine})
        out: dict[str, Any] = {
            "type": "frame", "id": self.id, "game": self.spec.name, "title": self.spec.title,
            "subtitle": str(self.doc.get("title", "")),
            "step": len(self.steps) if live else step, "steps": len(self.steps),
            "live": live, "viewer": viewer, "turn": view.turn(state), "to_move": to_move,
            "svg": drawing_to_svg(d, embed_fonts=False), "seats": seats, "actions": actions,
            "spots": [{"key": s.key, "circle": s.circle, "polygon": s.polygon,
                       "label": s.label} for s in board.spots],
            "log_from": log_from,
            "log": [{"n": k + 1, "seat": s.seat,
                     "action": log_line(view, s.seat, s.action, viewer),
                     "events": [log_line(view, s.seat, e, viewer) for e in s.events]}
                    for k, s in enumerate(self.steps) if log_from <= k],
            "over": bool(state.is_over()),
            # something on this screen is the viewer's secret now: a shared screen is passed
            "private": viewer >= 0 and bool(view.hides_information) and list(
                view.seats(state, viewer)) != list(view.seats(state, SPECTATOR))}
        if state.is_over():
            r = view.result(state)
            out["result"] = {"winner": r.winner, "how": r.how, "headers": list(r.headers),
                             "rows": [list(row) for row in r.rows]}
        return out

    def public_log(self) -> dict[str, Any]:
        """The log a person downloads: everything but the seats' secrets."""
        doc = {k: v for k, v in self.doc.items() if k != "keys"}
        doc["finished"] = self.is_over()
        doc["returns"] = list(self.state.returns()) if self.is_over() else None
        return doc


def _who(seat: dict[str, Any]) -> str:
    if seat["kind"] == "bot":
        return f"computer ({seat['bot']})"
    return "person online" if seat.get("online") else "person"


def new_doc(spec: GameSpec, *, game_id: str, seed: str, seats: list[dict[str, Any]],
            options: dict[str, Any], mode: str) -> dict[str, Any]:
    """The log document of a new game (no action yet)."""
    return {"format": LOG_FORMAT, "version": LOG_VERSION, "game": spec.name, "id": game_id,
            "seed": seed, "game_seed": child_seed(seed, "table", game_id), "options": options,
            "seats": seats, "mode": mode, "actions": []}


def simulated_doc(spec: GameSpec, setup: Any, seed: int | str, index: int,
                  options: dict[str, Any], game_id: str) -> dict[str, Any]:
    """Game ``index`` of ``pnp GAME simulate --seed seed`` as a finished game's log, to watch."""
    from pnp.sim.play import game_seed, replay

    doc = new_doc(spec, game_id=game_id, seed=str(seed), options=options, mode="watch",
                  seats=[{"kind": "bot", "bot": b} for b in setup.bots])
    doc["game_seed"] = game_seed(seed, index)
    doc["actions"] = [s["action"] for s in replay(spec, setup, seed, index)["actions"]]
    doc["title"] = f"game {index} of seed {seed}"
    return doc


def replay_doc(game: TableGame, where: str) -> dict[str, Any]:
    """A table game's log as ``pnp GAME replay`` prints it: each action and what it did."""
    return {"game": game.spec.name, "index": f"of {where}", "game_seed": game.doc["game_seed"],
            "bots": [s["bot"] if s["kind"] == "bot" else "person" for s in game.seats],
            "actions": [dict(s.to_dict(), player=s.seat + 1) for s in game.steps],
            "returns": list(game.state.returns()), "finished": game.is_over()}


def viewer_for(game: TableGame, mine: frozenset[int]) -> int:
    """Whose hidden parts a screen playing ``mine`` sees: its seat; on a shared screen the
    person to move (or the last person who moved); a screen with no seat sees nobody's."""
    if not mine:
        return EVERYONE if game.is_over() else SPECTATOR
    if len(mine) == 1:
        return next(iter(mine))
    if game.to_move() in mine:
        return game.to_move()
    for s in reversed(game.steps):
        if s.seat in mine:
            return s.seat
    return min(mine)
