"""Junkyard Wars (introductory rules): game state, legal actions and transitions. Pure, no IO.

Squares are integer ids over an adjacency list (the session board's 225 squares plus its outside
track, or any toy graph in tests); tiles are integer ids 0..T-1 with a letter code (0..25 for
A..Z, ``BLANK`` for a blank). Workers are numbered ``player * 4 + k``. The state is mutated in
place by the action methods of ``Game``; nothing is copied while a game runs, so a game is cheap
enough to play thousands of times a second.

``spec.JunkyardWarsState`` adds the game interface (``apply`` of the action values of
``actions.py``, ``clone``, ...) to ``Game``; the actions play through these checked methods.

Section names in comments are those of ``junkyard-wars.txt``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from typing import Any

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars import hour
from pnp.games.junkyard_wars.graph import Tables

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANK = 26  # letter code of a blank junk tile
NO_LETTER = -1
WORKERS = 4
BASE_ACTIONS = 6  # "An unencumbered worker may take up to 6 actions."
CARRY_PENALTY = 2  # "penalized 2 actions per object carried"
SHARED_CARRY_PENALTY = 1  # "If two or more workers ... carry an object, the penalty drops to 1"
LINK_MA = 24  # "the team must spend 24 MA in order to link them together"
TEST_WORKS = 80  # "less than or equal to 80 (with 00, as 100, meaning failure)"
GAME_MINUTES = 60  # "DURATION: At most 1 hour"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


def hour_player_turns(players: int, minutes_per_turn: float,
                      minutes: float = GAME_MINUTES) -> int:
    """The player-turns the clock allows: as many as fit in ``minutes``, at least one round."""
    return max(players, int(minutes / minutes_per_turn + 1e-9))


_IDLE = (0,) * WORKERS  # a team's actions used, reset at the end of its turn

# Where a tile is: a square id >= 0 when it lies on the board, or one of these.
CARRIED = -1
IN_PILE = -2


def letter_code(ch: str) -> int:
    """'A'..'Z' -> 0..25; '?' (blank) -> BLANK."""
    return BLANK if ch in ("?", "_") else LETTERS.index(ch.upper())


def letter_name(code: int) -> str:
    """0..25 -> 'A'..'Z'; BLANK -> 'blank'."""
    return "blank" if code == BLANK else LETTERS[code]


def stagger_multiplier(players: int) -> int:
    """First turn only: 3x (2 players), 2x (3 players), 1x (4+ players)."""
    return 3 if players == 2 else 2 if players == 3 else 1


def first_turn_actions(players: int, seat: int) -> int:
    """Actions of each worker of the player in turn position ``seat`` (0 = first) on turn 1."""
    return stagger_multiplier(players) * seat


def action_limit(base: int, carried_alone: int, carried_shared: int = 0) -> int:
    """A worker's action limit: base - 2 per object carried alone - 1 per object carried jointly."""
    return max(0, base - CARRY_PENALTY * carried_alone - SHARED_CARRY_PENALTY * carried_shared)


def machine_works(roll: int) -> bool:
    """Testing Machines: a d100 roll (1..100, 00 read as 100) of at most 80 means it works."""
    if not 1 <= roll <= 100:
        raise ValueError("a percentile roll is 1..100 (00 counts as 100)")
    return roll <= TEST_WORKS


def debug_found(roll: int, debug_ma: int) -> bool:
    """Debugging: the problem is found when the d100 roll is at most the MA spent this turn."""
    return roll <= debug_ma


def word_need(word: str) -> list[int]:
    """Letter counts (length 27, blanks never needed) of a machine word."""
    need = [0] * 27
    for ch in word:
        need[letter_code(ch)] += 1
    return need


class Game:
    """One game in progress; actions mutate it in place. Player ``p`` is turn position ``p``."""

    __slots__ = (
        "tb", "rng", "players", "stagger", "minutes_per_turn", "max_player_turns",
        "tile_letter", "tile_at", "tile_holder", "tile_owner", "blank_as", "blank_by",
        "sq_tiles", "known", "w_sq", "w_load", "w_used", "w_pen", "w_help", "tile_partner",
        "cards", "deck", "machine", "need", "length", "pile", "matched", "links", "link_ma",
        "broken", "debug_ma", "tests", "current", "round", "player_turns", "base", "turn_over",
        "winner", "over", "by_time", "assembly_ma", "debug_total", "log", "trace",
        "hour_end", "hour_test", "traded",
    )

    def __init__(self, tables: Tables, tiles: Sequence[int], deck: Sequence[str], players: int,
                 rng: random.Random, *, stagger: bool = True, minutes_per_turn: float = 1.0,
                 minutes: float = GAME_MINUTES, layout: Sequence[int] | None = None,
                 hour_end: str = "test"):
        """``layout``: the square of each tile (a session's printed junk layout, or a test's
        position); by default the tiles are shuffled onto the junk squares. ``hour_end``: how
        the hour ends (``hour.HOUR_ENDS``: the rulebook's tests, or the share of steps done)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Junkyard Wars is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
        if hour_end not in hour.HOUR_ENDS:
            raise ValueError(f"the hour ends by {' or '.join(hour.HOUR_ENDS)}, not {hour_end!r}")
        self.hour_end = hour_end
        self.hour_test = [hour.UNTESTED] * players
        self.traded = [0] * players  # trades each player proposed (trades.py)
        if len(deck) < 2 * players:
            raise ValueError("the machine deck must hold two cards per player")
        self.tb, self.rng, self.players, self.stagger = tables, rng, players, stagger
        self.minutes_per_turn = minutes_per_turn
        self.max_player_turns = hour_player_turns(players, minutes_per_turn, minutes)
        # SETUP: junk face down on the junk squares (several per square if there are more tiles).
        self.tile_letter = list(tiles)
        nt = len(tiles)
        if layout is None:
            squares = list(tables.junk)
            rng.shuffle(squares)
            self.tile_at = (squares * (nt // len(squares) + 1))[:nt]
        elif len(layout) != nt or not all(0 <= sq < tables.n for sq in layout):
            raise ValueError("a layout gives one square of the board per tile")
        else:
            self.tile_at = list(layout)
        self.sq_tiles: list[list[int]] = list(map(list, repeat((), tables.n)))
        for t in range(nt):
            self.sq_tiles[self.tile_at[t]].append(t)
        self.tile_holder = [-1] * nt
        self.tile_owner = [-1] * nt
        self.blank_as = [NO_LETTER] * nt
        self.blank_by = [-1] * nt
        self.known = [bytearray(nt) for _ in range(players)]
        nw = players * WORKERS
        # "place that color's worker tokens in the construction zone"
        self.w_sq = [tables.zone] * nw
        self.w_load: list[list[int]] = [[] for _ in range(nw)]
        self.w_used = [0] * nw
        self.w_pen = [0] * nw  # actions lost to the objects a worker carries (alone: 2, shared: 1)
        self.w_help: list[list[int]] = [[] for _ in range(nw)]  # objects a worker helps carry
        self.tile_partner = [-1] * nt  # the teammate helping to carry a tile
        # Deal two machine cards to each player.
        self.deck = list(deck)
        dealt = rng.sample(range(len(deck)), 2 * players)
        self.cards = [(dealt[2 * p], dealt[2 * p + 1]) for p in range(players)]
        self.machine = [-1] * players
        self.need: list[list[int] | None] = [None] * players
        self.length = [0] * players
        self.pile = [[0] * 27 for _ in range(players)]
        self.matched = [0] * players
        self.links = [0] * players
        self.link_ma = [0] * players
        self.broken = [False] * players
        self.debug_ma = [0] * players
        self.tests = [0] * players
        self.assembly_ma = [0] * players
        self.debug_total = [0] * players
        self.current, self.round, self.player_turns = 0, 1, 0
        self.turn_over, self.winner, self.over, self.by_time = False, -1, False, False
        self.base = self._base_actions()
        self.log: list[str] | None = None  # a replay sets a list: what the dice and rules did
        self.trace: list[Any] | None = None  # a list: every action played (actions.py)

    # --- actions available --------------------------------------------------------------

    def _base_actions(self) -> int:
        if self.round == 1 and self.stagger:
            return first_turn_actions(self.players, self.current)
        return BASE_ACTIONS

    def remaining(self, w: int) -> int:
        """Actions worker ``w`` may still take this turn (its load counts, as the rules say)."""
        r = self.base - self.w_pen[w] - self.w_used[w]
        return r if r > 0 else 0

    def _check(self, w: int) -> None:
        if self.over or self.turn_over or w // WORKERS != self.current:
            raise IllegalAction("a worker may only take action during his owner's turn")

    # --- machine cards ------------------------------------------------------------------

    def choose_machine(self, p: int, which: int) -> None:
        """Player ``p`` commits to one of its two cards (0 or 1); final once made."""
        if self.machine[p] >= 0:
            raise IllegalAction("the machine has already been chosen")
        if which not in (0, 1):
            raise IllegalAction("a player holds two machine cards: choose card 0 or 1")
        card = self.cards[p][which]
        self.machine[p] = card
        need = word_need(self.deck[card])
        self.need[p] = need
        self.length[p] = len(self.deck[card])
        self.matched[p] = sum(map(min, self.pile[p], need))  # need[BLANK] is 0

    # --- moving and carrying ------------------------------------------------------------

    def move(self, w: int, to: int) -> None:
        """One action: move to an adjacent square (never through a wall)."""
        self._check(w)
        if to not in self.tb.neighbours[self.w_sq[w]]:
            raise IllegalAction("not an adjacent square (or a wall is in the way)")
        if self.remaining(w) < 1:
            raise IllegalAction("no actions left")
        if self.w_help[w] or self._shared(w):
            raise IllegalAction("workers carrying an object together move together")
        self.w_sq[w] = to
        self.w_used[w] += 1

    def travel(self, w: int, target: int) -> bool:
        """Moves (one action each) along a shortest path toward ``target`` as far as actions
        allow; True if there. The same checks as ``move``, for every step."""
        if self.over or self.turn_over or w // WORKERS != self.current:
            raise IllegalAction("a worker may only take action during his owner's turn")
        if self.w_help[w] or (self.w_load[w] and self._shared(w)):
            raise IllegalAction("workers carrying an object together move together")
        tb = self.tb
        if not 0 <= target < tb.n:
            raise IllegalAction("no such square")
        pos = self.w_sq[w]
        d = tb.dist[target][pos]
        if d <= 0:
            raise IllegalAction("travel needs another square the worker can reach")
        r = self.base - self.w_pen[w] - self.w_used[w]
        if r <= 0:
            raise IllegalAction("no actions left")
        if d <= r:
            self.w_sq[w] = target
            self.w_used[w] += d
            return True
        step = tb.toward[target]
        for _ in range(r):
            pos = step[pos]
        self.w_sq[w] = pos
        self.w_used[w] += r
        return False

    def search(self, w: int) -> list[int]:
        """One action: look at the tile(s) lying on the worker's square; returns them."""
        self._check(w)
        if self.remaining(w) < 1:
            raise IllegalAction("no actions left")
        self.w_used[w] += 1
        tiles = self.sq_tiles[self.w_sq[w]]
        kn = self.known[w // WORKERS]
        for t in tiles:
            kn[t] = 1
        if self.log is not None:
            self.log.append("sees " + (", ".join(f"tile {t} ({letter_name(self.tile_letter[t])})"
                                                 for t in tiles) or "nothing"))
        return tiles

    def pick_up(self, w: int, t: int, as_letter: int = NO_LETTER) -> None:
        """Free: pick up a tile lying on the worker's square that his player has looked at.

        A blank gets its role (``as_letter``) from the first worker of a player to pick it up;
        the role is fixed while that player keeps it (Blank Junk Tiles).
        """
        self._check(w)
        p = w // WORKERS
        sq = self.w_sq[w]
        if not 0 <= t < len(self.tile_at) or self.tile_at[t] != sq:
            raise IllegalAction("the tile is not lying on the worker's square")
        if not self.known[p][t]:
            raise IllegalAction("search the square before picking up a face-down tile")
        if self.tile_letter[t] == BLANK:
            if self.blank_by[t] != p:
                if not 0 <= as_letter < 26:
                    raise IllegalAction("a blank picked up by a new player needs a role (A..Z)")
                self.blank_as[t], self.blank_by[t] = as_letter, p
            elif as_letter not in (NO_LETTER, self.blank_as[t]):
                raise IllegalAction("a blank's role may not be changed once assigned")
        self.sq_tiles[sq].remove(t)
        self.tile_at[t] = CARRIED
        self.tile_holder[t] = w
        self.w_load[w].append(t)
        self.w_pen[w] += CARRY_PENALTY

    def drop(self, w: int, t: int) -> None:
        """Free: drop a carried tile; in the construction zone it joins the team's pile (owned)."""
        self._check(w)
        load = self.w_load[w]
        if t not in load:
            raise IllegalAction("the worker does not carry that tile")
        load.remove(t)
        if self.tile_partner[t] >= 0:
            self.release(self.tile_partner[t], t)
        self.w_pen[w] -= CARRY_PENALTY
        self.tile_holder[t] = -1
        sq = self.w_sq[w]
        if self.tb.in_zone[sq]:
            p = w // WORKERS
            self.tile_at[t] = IN_PILE
            self.tile_owner[t] = p
            letter = self.tile_letter[t]
            if letter == BLANK:
                letter = self.blank_as[t]
            pile = self.pile[p]
            need = self.need[p]
            if need is not None and pile[letter] < need[letter]:
                self.matched[p] += 1
            pile[letter] += 1
            for kn in self.known:  # offloaded objects lie face up
                kn[t] = 1
            if self.log is not None:
                self.log.append(f"P{p + 1}'s pile: {self.matched[p]} of the {self.length[p]} "
                                "objects of the machine" if need is not None else
                                f"P{p + 1}'s pile grows (no machine chosen yet)")
        else:
            self.tile_at[t] = sq
            self.sq_tiles[sq].append(t)

    def _shared(self, w: int) -> bool:
        tp = self.tile_partner
        for t in self.w_load[w]:  # a loop, not any(): no generator frame on the hot path
            if tp[t] >= 0:
                return True
        return False

    def share(self, helper: int, t: int) -> None:
        """Free: a teammate on the same square helps carry tile ``t``; 1 action penalty each."""
        self._check(helper)
        if not 0 <= t < len(self.tile_holder):
            raise IllegalAction("no such tile")
        holder = self.tile_holder[t]
        if holder < 0 or holder // WORKERS != helper // WORKERS or holder == helper:
            raise IllegalAction("only a coworker of the worker carrying it can help carry it")
        if self.w_sq[holder] != self.w_sq[helper]:
            raise IllegalAction("the helper must join the carrier in his square")
        if self.tile_partner[t] >= 0:
            raise IllegalAction("the object is already carried by two workers")
        self.tile_partner[t] = helper
        self.w_help[helper].append(t)
        self.w_pen[holder] -= CARRY_PENALTY - SHARED_CARRY_PENALTY
        self.w_pen[helper] += SHARED_CARRY_PENALTY

    def release(self, helper: int, t: int) -> None:
        """Free: the helper lets go of tile ``t``; its carrier bears the full penalty again."""
        self._check(helper)
        if not 0 <= t < len(self.tile_partner) or self.tile_partner[t] != helper:
            raise IllegalAction("the worker does not help carry that tile")
        self.tile_partner[t] = -1
        self.w_help[helper].remove(t)
        self.w_pen[helper] -= SHARED_CARRY_PENALTY
        self.w_pen[self.tile_holder[t]] += CARRY_PENALTY - SHARED_CARRY_PENALTY

    def carry_group(self, w: int) -> list[int]:
        """Worker ``w`` and every worker linked to him by an object they carry together."""
        group, todo = [w], [w]
        while todo:
            v = todo.pop()
            linked = [self.tile_partner[t] for t in self.w_load[v] if self.tile_partner[t] >= 0]
            linked += [self.tile_holder[t] for t in self.w_help[v]]
            for u in linked:
                if u not in group:
                    group.append(u)
                    todo.append(u)
        return sorted(group)

    def move_together(self, w: int, to: int) -> None:
        """One action for each worker of ``w``'s carry group: they move to ``to`` together."""
        self._check(w)
        group = self.carry_group(w)
        if to not in self.tb.neighbours[self.w_sq[w]]:
            raise IllegalAction("not an adjacent square (or a wall is in the way)")
        if any(self.remaining(v) < 1 for v in group):
            raise IllegalAction("every worker carrying the object needs an action left")
        for v in group:
            self.w_sq[v] = to
            self.w_used[v] += 1

    # --- assembling, debugging, testing -------------------------------------------------

    def linkable_ma(self, p: int) -> int:
        """MA the team can still put into links now: only objects in its pile can be linked."""
        if self.need[p] is None or self.broken[p]:
            return 0
        objects, n = self.matched[p], self.length[p]
        ma = ((objects if objects < n else n) - 1 - self.links[p]) * LINK_MA - self.link_ma[p]
        return ma if ma > 0 else 0

    def assemble(self, w: int, ma: int = 1) -> int:
        """Spend ``ma`` actions of worker ``w`` (in the zone) on links, one MA each; returns ma.

        At least 1 MA, at most his actions left and the MA the links still need.
        """
        self._check(w)
        p = w // WORKERS
        if not self.tb.in_zone[self.w_sq[w]]:
            raise IllegalAction("assembly only in the construction zone")
        n = ma
        if not 0 < n <= self.remaining(w) or n > self.linkable_ma(p):
            raise IllegalAction(f"{n} MA: more than the worker's actions left or the links "
                                "still need (objects in the pile only)")
        self.w_used[w] += n
        self.assembly_ma[p] += n
        total = self.link_ma[p] + n
        self.links[p] += total // LINK_MA
        self.link_ma[p] = total % LINK_MA
        if self.log is not None:
            self.log.append(f"P{p + 1}'s machine: {self.links[p]} of {self.length[p] - 1} links, "
                            f"{self.link_ma[p]} of {LINK_MA} MA into the next")
        return n

    def debug(self, w: int, ma: int = 1) -> int:
        """Spend ``ma`` actions (1 .. his actions left) of worker ``w`` (in the zone) debugging
        a failed machine; returns ma."""
        self._check(w)
        p = w // WORKERS
        if not self.tb.in_zone[self.w_sq[w]] or not self.broken[p]:
            raise IllegalAction("debugging needs a failed machine and a worker in the zone")
        n = ma
        if not 0 < n <= self.remaining(w):
            raise IllegalAction(f"{n} MA: more than the worker's actions left")
        self.w_used[w] += n
        self.debug_ma[p] += n
        self.debug_total[p] += n
        return n

    def complete(self, p: int) -> bool:
        """All n objects in the pile and all n-1 links made."""
        n = self.length[p]
        return n > 0 and self.matched[p] >= n and self.links[p] >= n - 1

    def can_test(self, p: int) -> bool:
        """A complete, working (not failed) machine and a worker of ``p`` in the zone."""
        if self.over or self.turn_over or p != self.current or self.broken[p]:
            return False
        if not self.complete(p):
            return False
        in_zone = self.tb.in_zone
        return any(in_zone[self.w_sq[w]] for w in range(p * WORKERS, p * WORKERS + WORKERS))

    def test(self, p: int) -> bool:
        """Throw the switch: d100 <= 80 works and wins; otherwise debugging. Ends the turn."""
        if not self.can_test(p):
            raise IllegalAction("cannot test now")
        self.tests[p] += 1
        roll = self.rng.randint(1, 100)
        works = machine_works(roll)
        if works:
            self.winner, self.over = p, True
        else:
            self.broken[p] = True
        self.turn_over = True  # "Any attempt to test a machine ends a player's turn."
        if self.log is not None:
            self.log.append(f"P{p + 1} reveals {self.deck[self.machine[p]]} and rolls d100: "
                            f"{roll} " + (f"<= {TEST_WORKS}, the machine works" if works else
                                          f"> {TEST_WORKS}, it fails and needs debugging"))
            if works:
                self.log.append(f"game over: P{p + 1}'s machine works, P{p + 1} wins (round "
                                f"{self.round}, {self.minutes:g} minutes)")
        return works

    # --- turns and the clock ------------------------------------------------------------

    def end_turn(self) -> None:
        """End of turn: the debugging roll, then the clock, then the next player clockwise."""
        if self.over:
            return
        p = self.current
        if self.broken[p] and self.debug_ma[p] > 0:
            roll = self.rng.randint(1, 100)
            found = debug_found(roll, self.debug_ma[p])
            if found:
                self.broken[p] = False
            if self.log is not None:
                self.log.append(f"P{p + 1}'s debugging roll: d100 {roll} against "
                                f"{self.debug_ma[p]} MA this turn: " +
                                ("problem found and fixed" if found else "not found"))
        self.debug_ma[p] = 0
        self.w_used[p * WORKERS:p * WORKERS + WORKERS] = _IDLE
        self.player_turns += 1
        if self.player_turns >= self.max_player_turns:
            hour.time_up(self)
            return
        self.current = (p + 1) % self.players
        if self.current == 0:
            self.round += 1
        self.turn_over = False
        self.base = self._base_actions()

    @property
    def minutes(self) -> float:
        """Estimated playing time so far (player-turns x minutes per turn)."""
        return self.player_turns * self.minutes_per_turn
