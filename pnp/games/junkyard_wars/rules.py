"""Junkyard Wars (introductory rules): game state, legal actions and transitions. Pure, no IO.

Squares are integer ids over an adjacency list (the session board's 225 squares plus its outside
track, or any toy graph in tests); tiles are integer ids 0..T-1 with a letter code (0..25 for
A..Z, ``BLANK`` for a blank). Workers are numbered ``player * 4 + k``. The state is mutated in
place by the action methods of ``Game``; nothing is copied while a game runs, so a game is cheap
enough to play thousands of times a second.

Section names in comments are those of ``junkyard-wars.txt``.
"""

from __future__ import annotations

import random
from typing import Sequence

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

# Where a tile is: a square id >= 0 when it lies on the board, or one of these.
CARRIED = -1
IN_PILE = -2


class IllegalAction(ValueError):
    """An action the rules do not allow in the current state."""


def letter_code(ch: str) -> int:
    """'A'..'Z' -> 0..25; '?' (blank) -> BLANK."""
    return BLANK if ch in ("?", "_") else LETTERS.index(ch.upper())


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
        "cards", "deck", "machine", "need", "length", "pile", "matched", "links", "link_ma", "broken", "debug_ma", "tests",
        "current", "round", "player_turns", "base", "turn_over", "winner", "over", "by_time",
        "assembly_ma", "debug_total",
    )

    def __init__(self, tables: Tables, tiles: Sequence[int], deck: Sequence[str], players: int,
                 rng: random.Random, *, stagger: bool = True, minutes_per_turn: float = 1.0,
                 minutes: float = GAME_MINUTES):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Junkyard Wars is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
        if len(deck) < 2 * players:
            raise ValueError("the machine deck must hold two cards per player")
        self.tb, self.rng, self.players, self.stagger = tables, rng, players, stagger
        self.minutes_per_turn = minutes_per_turn
        # The hour is over once the player-turns played take `minutes`; at least one round.
        self.max_player_turns = max(players, int(minutes / minutes_per_turn + 1e-9))
        # SETUP: junk face down on the junk squares (several per square if there are more tiles).
        self.tile_letter = list(tiles)
        nt = len(tiles)
        squares = list(tables.junk)
        rng.shuffle(squares)
        self.sq_tiles: list[list[int]] = [[] for _ in range(tables.n)]
        self.tile_at = [squares[i % len(squares)] for i in range(nt)]
        for t in range(nt):
            self.sq_tiles[self.tile_at[t]].append(t)
        self.tile_holder = [-1] * nt
        self.tile_owner = [-1] * nt
        self.blank_as = [NO_LETTER] * nt
        self.blank_by = [-1] * nt
        self.known = [bytearray(nt) for _ in range(players)]
        nw = players * WORKERS
        self.w_sq = [tables.zone] * nw  # "place that color's worker tokens in the construction zone"
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
        card = self.cards[p][which]
        self.machine[p] = card
        need = word_need(self.deck[card])
        self.need[p] = need
        self.length[p] = len(self.deck[card])
        pile = self.pile[p]
        self.matched[p] = sum(min(pile[i], need[i]) for i in range(26))

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
        """Move along a shortest path toward ``target`` as far as actions allow; True if there."""
        if self.over or self.turn_over or w // WORKERS != self.current:
            raise IllegalAction("a worker may only take action during his owner's turn")
        if self.w_help[w] or (self.w_load[w] and self._shared(w)):
            raise IllegalAction("workers carrying an object together move together")
        pos = self.w_sq[w]
        d = self.tb.dist[target][pos]
        r = self.base - self.w_pen[w] - self.w_used[w]
        if r <= 0:
            return d == 0
        if d <= r:
            self.w_sq[w] = target
            self.w_used[w] += d
            return True
        step = self.tb.toward[target]
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
        return tiles

    def pick_up(self, w: int, t: int, as_letter: int = NO_LETTER) -> None:
        """Free: pick up a tile lying on the worker's square that his player has looked at.

        A blank gets its role (``as_letter``) from the first worker of a player to pick it up;
        the role is fixed while that player keeps it (Blank Junk Tiles).
        """
        self._check(w)
        p = w // WORKERS
        sq = self.w_sq[w]
        if self.tile_at[t] != sq:
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
        if sq == self.tb.zone:
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
        else:
            self.tile_at[t] = sq
            self.sq_tiles[sq].append(t)

    def _shared(self, w: int) -> bool:
        tp = self.tile_partner
        return any(tp[t] >= 0 for t in self.w_load[w])

    def share(self, helper: int, t: int) -> None:
        """Free: a teammate on the same square helps carry tile ``t``; 1 action penalty each."""
        self._check(helper)
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
        if self.tile_partner[t] != helper:
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
        objects = min(self.matched[p], self.length[p])
        return max(0, (objects - 1 - self.links[p]) * LINK_MA - self.link_ma[p])

    def assemble(self, w: int, ma: int = 1) -> int:
        """Spend up to ``ma`` actions of worker ``w`` (in the zone) on links; returns MA spent."""
        self._check(w)
        p = w // WORKERS
        if self.w_sq[w] != self.tb.zone:
            raise IllegalAction("assembly only in the construction zone")
        n = min(ma, self.remaining(w), self.linkable_ma(p))
        if n <= 0:
            return 0
        self.w_used[w] += n
        self.assembly_ma[p] += n
        total = self.link_ma[p] + n
        self.links[p] += total // LINK_MA
        self.link_ma[p] = total % LINK_MA
        return n

    def debug(self, w: int, ma: int = 1) -> int:
        """Spend up to ``ma`` actions of worker ``w`` (in the zone) debugging a failed machine."""
        self._check(w)
        p = w // WORKERS
        if self.w_sq[w] != self.tb.zone or not self.broken[p]:
            raise IllegalAction("debugging needs a failed machine and a worker in the zone")
        n = min(ma, self.remaining(w))
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
        zone = self.tb.zone
        return any(self.w_sq[w] == zone for w in range(p * WORKERS, p * WORKERS + WORKERS))

    def test(self, p: int) -> bool:
        """Throw the switch: d100 <= 80 works and wins; otherwise debugging. Ends the turn."""
        if not self.can_test(p):
            raise IllegalAction("cannot test now")
        self.tests[p] += 1
        works = machine_works(self.rng.randint(1, 100))
        if works:
            self.winner, self.over = p, True
        else:
            self.broken[p] = True
        self.turn_over = True  # "Any attempt to test a machine ends a player's turn."
        return works

    # --- turns and the clock ------------------------------------------------------------

    def end_turn(self) -> None:
        """End of turn: the debugging roll, then the clock, then the next player clockwise."""
        if self.over:
            return
        p = self.current
        if self.broken[p] and self.debug_ma[p] > 0:
            if debug_found(self.rng.randint(1, 100), self.debug_ma[p]):
                self.broken[p] = False
        self.debug_ma[p] = 0
        for w in range(p * WORKERS, p * WORKERS + WORKERS):
            self.w_used[w] = 0
        self.player_turns += 1
        if self.player_turns >= self.max_player_turns:
            self.over, self.by_time = True, True
            self.winner = self.furthest_along()
            return
        self.current = (p + 1) % self.players
        if self.current == 0:
            self.round += 1
        self.turn_over = False
        self.base = self._base_actions()

    def progress(self, p: int) -> float:
        """Share of the machine's 2n-1 steps done (n objects, n-1 links, a partial link in part).

        A complete machine that failed its test and is not fixed counts one step short.
        """
        n = self.length[p]
        if n == 0:
            return 0.0
        steps = min(self.matched[p], n) + self.links[p] + self.link_ma[p] / LINK_MA
        if self.broken[p]:
            steps -= 1
        return steps / (2 * n - 1)

    def furthest_along(self) -> int:
        """The time-limit winner: most progress; ties broken by a d100 roll-off (seat order)."""
        scores = [self.progress(p) for p in range(self.players)]
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        if len(tied) == 1:
            return tied[0]
        return tied[self.rng.randrange(len(tied))]

    @property
    def minutes(self) -> float:
        """Estimated playing time so far (player-turns x minutes per turn)."""
        return self.player_turns * self.minutes_per_turn

    # --- legal actions at the granularity of one elementary action ----------------------

    def legal_actions(self, w: int) -> list[tuple]:
        """Every elementary action worker ``w`` may take now, as tuples.

        ("move", square) (or ("move_together", square) while carrying an object with a
        coworker), ("search",), ("assemble",), ("debug",), ("pick_up", tile), ("drop", tile),
        ("share", tile), ("release", tile), ("test",). Ending a worker's actions is always
        possible and not listed.
        """
        if self.over or self.turn_over or w // WORKERS != self.current:
            return []
        p = w // WORKERS
        sq = self.w_sq[w]
        out: list[tuple] = []
        if self.remaining(w) >= 1:
            together = bool(self.w_help[w]) or self._shared(w)
            if not together:
                out.extend(("move", v) for v in self.tb.neighbours[sq])
            elif all(self.remaining(v) >= 1 for v in self.carry_group(w)):
                out.extend(("move_together", v) for v in self.tb.neighbours[sq])
            if self.sq_tiles[sq]:
                out.append(("search",))
            if sq == self.tb.zone:
                if self.linkable_ma(p) > 0:
                    out.append(("assemble",))
                if self.broken[p]:
                    out.append(("debug",))
        kn = self.known[p]
        out.extend(("pick_up", t) for t in self.sq_tiles[sq] if kn[t])
        out.extend(("drop", t) for t in self.w_load[w])
        out.extend(("share", t) for v in range(p * WORKERS, p * WORKERS + WORKERS)
                   if v != w and self.w_sq[v] == sq
                   for t in self.w_load[v] if self.tile_partner[t] < 0)
        out.extend(("release", t) for t in self.w_help[w])
        if self.can_test(p):
            out.append(("test",))
        return out

