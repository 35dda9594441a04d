"""Junkyard Wars bots: a heuristic team manager and a random legal-move player.

A bot plays a whole player-turn: ``play_turn(game, rng)`` makes one action value at a time,
applies it with ``action.play(game)`` (what ``Game.apply`` does) and reads the state before
making the next. ``choose(state, rng)`` of the game interface plays the turn on a clone of the
state that keeps a trace of the actions, and hands them out one per call: the same actions, since
the rules draw from the clone's copy of the dice. A simulated game calls ``play_turn`` on the game
itself: a generator yielding each action to the runner was 25-30% slower, a callback 10%.

The heuristic bot never trades; the trader (the heuristic bot with ``trades``) makes every
trade that helps both sides and brings home spare objects as trade goods. The heuristic bot
never carries an object together with a coworker: two workers carrying one object lose 2
actions between them, the same as one carrying it alone while the other is free to fetch. The
random bot shares carries when that comes up among its choices.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import Any

from pnp.games.junkyard_wars.actions import (
    ASSEMBLE,
    END_TURN,
    FREE,
    SEARCH,
    TEST,
    ChooseMachine,
    Debug,
    Drop,
    PickUp,
    Trade,
    travel_table,
    worker_actions,
)
from pnp.games.junkyard_wars.graph import Tables
from pnp.games.junkyard_wars.rules import (
    BASE_ACTIONS,
    BLANK,
    CARRY_PENALTY,
    LETTERS,
    NO_LETTER,
    WORKERS,
    Game,
)
from pnp.games.junkyard_wars.spec import JunkyardWarsState
from pnp.games.junkyard_wars.trades import helpful_trades, letter_of

KNOWN_BONUS = 4  # prefer a seen letter over searching unless a fresh square is this much nearer
BLANK_PENALTY = 6  # a blank is worth a detour only when the real letter is far or unseen

_NEAR: list[Any] = [None, None]  # (tables, distances along each square's near_junk list)


def _near_dist(tb: Tables) -> list[list[int]]:
    """``[a][i]``: moves from square a to ``tb.near_junk[a][i]`` (ascending), once per board."""
    if tb is not _NEAR[0]:
        _NEAR[:] = [tb, [[tb.dist[s][a] for s in tb.near_junk[a]] for a in range(tb.n)]]
    return _NEAR[1]  # type: ignore[no-any-return]


class TurnBot:
    """A bot that plays whole turns (``play_turn``); ``choose`` hands them out one action a call."""

    __slots__ = ("_plan", "_state", "_turn_no")

    def __init__(self) -> None:
        self._plan: Iterator[Any] = iter(())
        self._state: JunkyardWarsState | None = None
        self._turn_no = -1

    def choose(self, state: JunkyardWarsState, rng: random.Random) -> Any:
        """The next action of the player to move: his turn, played first on a clone (the
        caller applies each action it is handed before asking for the next)."""
        if state is not self._state or state.player_turns != self._turn_no:
            self._state, self._turn_no = state, state.player_turns
            plan = state.clone()
            plan.log, plan.trace = None, []
            self.play_turn(plan, rng)
            self._plan = iter(plan.trace)
        return next(self._plan, END_TURN)  # a turn that stops short ends (as play_game does)

    def play_turn(self, game: Game, rng: random.Random) -> None:
        """Play the whole turn of the player to move (``action.play(game)`` for each action);
        the last action is ``END_TURN`` unless the game is over."""
        raise NotImplementedError


class HeuristicBot(TurnBot):
    """Chooses the quicker machine, fetches with distance tables, assembles, tests, debugs.

    Memory: every tile it has looked at (by letter), and where it lies now (face-down tiles
    moved by others are tracked, as players at a real table watch tokens move).
    """

    __slots__ = ("costs", "seen", "rarity", "letters", "trades", "demand")

    def __init__(self, costs: dict[str, float] | None = None, *,
                 rarity: Sequence[int] | None = None, trades: bool = False):
        super().__init__()
        self.costs = costs or {}
        self.seen: list[list[int]] = [[] for _ in range(27)]
        self.rarity = rarity  # bag count per letter code: blanks stand for the rarest
        self.letters: list[int] = []  # letter codes of the machine's word, once it is chosen
        # The trader: trades when both sides gain, and brings home a spare object as trade goods
        # when that costs it no extra turn; demand[letter]: the deck's words holding the letter.
        self.trades = trades
        self.demand = ([sum(LETTERS[i] in word for word in self.costs) for i in range(26)]
                       if trades else [])

    def machine_choice(self, game: Game, p: int) -> ChooseMachine:
        """The card with the lower expected build time (ties: the first card)."""
        a, b = game.cards[p]
        wa, wb = game.deck[a], game.deck[b]
        which = 1 if self.costs.get(wb, len(wb)) < self.costs.get(wa, len(wa)) else 0
        return ChooseMachine(which, wb if which else wa)

    def play_turn(self, game: Game, rng: random.Random) -> None:
        """Play the turn: the machine card, then each worker in numerical order, the test."""
        p = game.current
        if game.machine[p] < 0:
            self.machine_choice(game, p).play(game)
        if game.can_test(p):  # fixed at the end of last turn: retest at once
            TEST.play(game)
            if not game.over:
                END_TURN.play(game)
            return
        need = game.need[p]
        assert need is not None
        if self.trades:
            self._trade(game, p, need)
        letters = self.letters
        if not letters:
            letters = self.letters = [i for i in range(26) if need[i] > 0]  # the word's, A to Z
        # Objects still wanted by letter: the word's letters only (the team fetches no other),
        # less the pile and what the workers carry. Loops over the word: cheaper than over A-Z.
        want = [0] * 27
        pile = game.pile[p]
        for i in letters:
            want[i] = need[i] - pile[i]
        tile_letter, blank_as = game.tile_letter, game.blank_as
        first = p * WORKERS
        for w in range(first, first + WORKERS):
            for t in game.w_load[w]:
                letter = tile_letter[t]
                want[blank_as[t] if letter == BLANK else letter] -= 1
        wl = []  # letters still wanted (filtered lazily)
        n = 0
        for i in letters:
            if want[i] > 0:
                wl.append(i)
                n += want[i]
        left = [n]  # objects still to find, shared by the workers
        reserved: set[int] = set()
        claimed = [0] * 27  # seen tiles of each letter a teammate is already heading for
        travels = travel_table(game.tb.n)
        for w in range(first, first + WORKERS):
            self._worker(game, p, w, want, wl, left, reserved, claimed, travels[w - first])
            if game.turn_over:
                if not game.over:
                    END_TURN.play(game)
                return
        if game.can_test(p):
            TEST.play(game)
        if not game.over:
            END_TURN.play(game)

    def _worker(self, game: Game, p: int, w: int, want: list[int], wl: list[int],
                left: list[int], reserved: set[int], claimed: list[int],
                travel: Sequence[Any]) -> None:
        in_zone, home = game.tb.in_zone, game.tb.home
        load = game.w_load[w]
        w_sq = game.w_sq
        w_used = game.w_used
        first = p * WORKERS
        k = w - first
        for _ in range(20):  # a worker's turn never needs more decisions than this
            if game.turn_over:
                return
            pos = w_sq[w]
            if in_zone[pos]:
                while load:
                    Drop(k, load[-1], game.tile_letter[load[-1]]).play(game)
                rem = game.base - w_used[w]
                if rem < 0:
                    rem = 0
                if game.broken[p]:
                    if rem:
                        Debug(k, rem).play(game)
                    return
                if game.complete(p):
                    if game.can_test(p):
                        TEST.play(game)
                    return
                link = game.linkable_ma(p) if rem else 0
                if link > 0:
                    out = 0
                    for v in range(first, first + WORKERS):
                        if v != w and not in_zone[w_sq[v]]:
                            out += 1
                    if left[0] <= out:  # enough teammates are fetching: build
                        ASSEMBLE[k][rem if rem < link else link].play(game)
                        continue
                if left[0] <= 0 or rem == 0:
                    return
            else:
                rem = game.base - game.w_pen[w] - w_used[w]
                if rem <= 0:
                    return
                if load or left[0] <= 0:
                    travel[home[pos]].play(game)
                    if not in_zone[w_sq[w]]:
                        return
                    continue
            # Fetch: the nearest seen tile we want, else the nearest square not yet searched.
            target, tile = self._target(game, p, pos, want, wl, reserved, claimed)
            if target < 0:
                if in_zone[pos]:
                    return
                travel[home[pos]].play(game)
                if not in_zone[w_sq[w]]:
                    return
                continue
            if target != pos:
                reserved.add(target if tile < 0 else ~tile)
                travel[target].play(game)
                if w_sq[w] != target:
                    if tile >= 0:
                        claimed[game.tile_letter[tile]] += 1
                    return
                pos = target
            if tile >= 0:
                self._take(game, p, k, tile, want, left)  # free, even with no actions
            elif game.remaining(w):
                kn = game.known[p]
                here = game.sq_tiles[pos]
                fresh = []  # a loop: cheaper than a comprehension for the usual 1 tile
                for t in here:
                    if not kn[t]:
                        fresh.append(t)
                SEARCH[k].play(game)
                seen = self.seen
                tile_letter = game.tile_letter
                for t in fresh:
                    seen[tile_letter[t]].append(t)
                for t in list(here):
                    if load:  # one object at a time: each one costs 2 actions a turn
                        break
                    letter = tile_letter[t]
                    if letter != BLANK:
                        if want[letter] > 0:
                            self._take(game, p, k, t, want, left)
                    elif self._blank_role(game, want, wl) >= 0:
                        self._take(game, p, k, t, want, left)
                if self.trades and len(load) <= 1:
                    self._goods(game, p, k, w, pos)

    def _trade(self, game: Game, p: int, need: list[int]) -> None:
        """Make every trade that gets the team an object it still lacks (its pile and what its
        workers carry counted) for one it does not use; the other team gains too."""
        for _ in range(8):
            carried = [0] * 27
            for w in range(p * WORKERS, p * WORKERS + WORKERS):
                for t in game.w_load[w]:
                    carried[letter_of(game, t)] += 1
            pile = game.pile[p]
            for give, q, take in helpful_trades(game, p):
                letter = letter_of(game, take)
                if pile[letter] + carried[letter] < need[letter]:
                    tl = game.tile_letter
                    Trade(give, tl[give], q, take, tl[take]).play(game)
                    break
            else:
                return

    def _goods(self, game: Game, p: int, k: int, w: int, pos: int) -> None:
        """Trade goods: a seen object lying here that the machine does not use but many of the
        deck's machines do, picked up only if the worker gets home by his next turn."""
        tb = game.tb
        loaded = CARRY_PENALTY * (len(game.w_load[w]) + 1)  # his penalty with the goods
        if game.remaining(w) - CARRY_PENALTY + BASE_ACTIONS - loaded < tb.dist[tb.home[pos]][pos]:
            return
        need = game.need[p]
        assert need is not None
        best, best_demand = -1, 0
        for t in game.sq_tiles[pos]:
            letter = game.tile_letter[t]
            if letter != BLANK and need[letter] == 0 and self.demand[letter] > best_demand:
                best, best_demand = t, self.demand[letter]
        if best >= 0:
            PickUp(k, best, game.tile_letter[best]).play(game)

    def _take(self, game: Game, p: int, k: int, t: int, want: list[int],
              left: list[int]) -> None:
        letter = game.tile_letter[t]
        if letter == BLANK:
            role = game.blank_as[t] if game.blank_by[t] == p else self._blank_role(game, want, None)
            if role < 0:
                return
            PickUp(k, t, BLANK, role).play(game)
            letter = role
        else:
            PickUp(k, t, letter).play(game)
        if want[letter] > 0:
            left[0] -= 1
        want[letter] -= 1

    def _blank_role(self, game: Game, want: list[int], wl: list[int] | None) -> int:
        """The wanted letter a blank should stand for: one with no seen tile left, rarest first."""
        best, best_count = NO_LETTER, 1 << 30
        tile_at = game.tile_at
        for letter in (wl if wl is not None else range(26)):
            if want[letter] <= 0:
                continue
            lying = 0
            for t in self.seen[letter]:
                if tile_at[t] >= 0:
                    lying += 1
            if lying >= want[letter]:
                continue
            count = self.rarity[letter] if self.rarity else 0
            if count < best_count:
                best, best_count = letter, count
        return best

    def _target(self, game: Game, p: int, pos: int, want: list[int], wl: list[int],
                reserved: set[int], claimed: list[int]) -> tuple[int, int]:
        """(square, tile) to head for: tile >= 0 for a seen tile, -1 for a square to search."""
        dist = game.tb.dist
        tile_at = game.tile_at
        seen = self.seen
        best_sq, best_tile, best_d = -1, -1, 1 << 30
        for letter in wl:
            if want[letter] <= claimed[letter]:
                continue
            for t in seen[letter]:
                sq = tile_at[t]
                if sq >= 0 and ~t not in reserved:
                    d = dist[sq][pos]
                    if d < best_d:
                        best_sq, best_tile, best_d = sq, t, d
        if seen[BLANK]:
            for t in seen[BLANK]:
                sq = tile_at[t]
                if sq >= 0 and ~t not in reserved:
                    d = dist[sq][pos] + BLANK_PENALTY
                    if d < best_d and self._blank_role(game, want, wl) >= 0:
                        best_sq, best_tile, best_d = sq, t, d
        kn = game.known[p]
        sq_tiles = game.sq_tiles
        near = game.tb.near_junk[pos]  # junk squares, nearest first
        if best_tile >= 0:  # a fresh square only if it is KNOWN_BONUS nearer than that tile
            near = near[:bisect_left(_near_dist(game.tb)[pos], best_d - KNOWN_BONUS)]
        for s in near:
            here = sq_tiles[s]
            if here and s not in reserved:
                for t in here:
                    if not kn[t]:
                        return s, -1
        return best_sq, best_tile


class RandomBot(TurnBot):
    """Takes uniformly random elementary actions of the random menu, worker by worker.

    Each worker in numerical order draws among his ``worker_actions`` and "end his actions"
    (one more choice), until he draws the end; a blank new to the player gets a random letter
    of the machine's word.
    """

    __slots__ = ("free_limit",)

    def __init__(self, *, free_limit: int = 6):
        super().__init__()
        self.free_limit = free_limit  # free pick-ups/drops per worker and turn: no endless juggling

    def play_turn(self, game: Game, rng: random.Random) -> None:
        """Play the turn, worker by worker in numerical order."""
        p = game.current
        if game.machine[p] < 0:
            which = rng.randrange(2)
            ChooseMachine(which, game.deck[game.cards[p][which]]).play(game)
        word = game.deck[game.machine[p]]
        for w in range(p * WORKERS, p * WORKERS + WORKERS):
            free = 0
            while not game.turn_over:
                acts = worker_actions(game, w)
                if free >= self.free_limit:
                    acts = [a for a in acts if type(a) not in FREE]
                k = rng.randrange(len(acts) + 1)
                if k == len(acts):
                    break  # this worker ends his actions
                action = acts[k]
                if type(action) in FREE:
                    free += 1
                if type(action) is PickUp and action.role == NO_LETTER and action.letter == BLANK:
                    action = action._replace(role=LETTERS.index(rng.choice(word)))
                action.play(game)
            if game.turn_over:
                break
        if not game.over:
            END_TURN.play(game)


def heuristic_bot(setup: Any, seat: int) -> HeuristicBot:
    """The heuristic bot of a seat (``simulate.Setup``: card costs and the bag's rarity)."""
    return HeuristicBot(setup.cost_by_word, rarity=setup.rarity)


def trader_bot(setup: Any, seat: int) -> HeuristicBot:
    """The heuristic bot that also trades (Trades and Negotiations) and carries trade goods."""
    return HeuristicBot(setup.cost_by_word, rarity=setup.rarity, trades=True)


def random_bot(setup: Any, seat: int) -> RandomBot:
    """The random legal-move bot of a seat."""
    return RandomBot()


BOTS = {"heuristic": heuristic_bot, "random": random_bot, "trader": trader_bot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "TurnBot", "heuristic_bot", "random_bot",
           "trader_bot"]
