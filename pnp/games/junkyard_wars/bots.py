"""Junkyard Wars bots: a heuristic team manager and a random legal-move player.

A bot plays one whole player-turn: ``bot.turn(game, p)``. Bots never trade (trades are optional
in the rules). The heuristic bot never carries an object together with a coworker: two workers
carrying one object lose 2 actions between them, the same as one carrying it alone while the
other is free to fetch. The random bot shares carries when that comes up among its choices.
"""

from __future__ import annotations

from typing import Sequence

from pnp.games.junkyard_wars.rules import BLANK, LETTERS, NO_LETTER, WORKERS, Game

KNOWN_BONUS = 4  # prefer a seen letter over searching unless a fresh square is this much nearer
BLANK_PENALTY = 6  # a blank is worth a detour only when the real letter is far or unseen
FREE = ("pick_up", "drop", "share", "release")  # actions that cost no action


class HeuristicBot:
    """Chooses the quicker machine, fetches with distance tables, assembles, tests, debugs.

    Memory: every tile it has looked at (by letter), and where it lies now (face-down tiles
    moved by others are tracked, as players at a real table watch tokens move).
    """

    __slots__ = ("costs", "seen", "rarity")

    def __init__(self, costs: dict[str, float] | None = None, *,
                 rarity: Sequence[int] | None = None):
        self.costs = costs or {}
        self.seen: list[list[int]] = [[] for _ in range(27)]
        self.rarity = rarity  # bag count per letter code: blanks stand for the rarest

    def choose(self, game: Game, p: int) -> None:
        """Pick the card with the lower expected build time (ties: the first card)."""
        a, b = game.cards[p]
        wa, wb = game.deck[a], game.deck[b]
        ca = self.costs.get(wa, len(wa))
        cb = self.costs.get(wb, len(wb))
        game.choose_machine(p, 1 if cb < ca else 0)

    def turn(self, game: Game, p: int) -> None:
        """Play player ``p``'s whole turn."""
        if game.machine[p] < 0:
            self.choose(game, p)
        if game.can_test(p):  # fixed at the end of last turn: retest at once
            game.test(p)
            return
        need = game.need[p]
        pile = game.pile[p]
        want = [need[i] - pile[i] for i in range(26)]
        tile_letter, blank_as = game.tile_letter, game.blank_as
        first = p * WORKERS
        for w in range(first, first + WORKERS):
            for t in game.w_load[w]:
                letter = tile_letter[t]
                want[blank_as[t] if letter == BLANK else letter] -= 1
        wl = [i for i in range(26) if want[i] > 0]  # letters still wanted (filtered lazily)
        left = [sum(want[i] for i in wl)]  # objects still to find, shared by the workers
        reserved: set[int] = set()
        claimed = [0] * 27  # seen tiles of each letter a teammate is already heading for
        for w in range(first, first + WORKERS):
            self._worker(game, p, w, want, wl, left, reserved, claimed)
            if game.turn_over:
                return
        if game.can_test(p):
            game.test(p)

    def _worker(self, game: Game, p: int, w: int, want: list[int], wl: list[int],
                left: list[int], reserved: set[int], claimed: list[int]) -> None:
        zone = game.tb.zone
        load = game.w_load[w]
        w_sq = game.w_sq
        w_used = game.w_used
        first = p * WORKERS
        for _ in range(20):  # a worker's turn never needs more decisions than this
            if game.turn_over:
                return
            pos = w_sq[w]
            if pos == zone:
                while load:
                    game.drop(w, load[-1])
                rem = game.base - w_used[w]
                if rem < 0:
                    rem = 0
                if game.broken[p]:
                    if rem:
                        game.debug(w, rem)
                    return
                if game.complete(p):
                    if game.can_test(p):
                        game.test(p)
                    return
                if rem and game.linkable_ma(p) > 0:
                    out = 0
                    for v in range(first, first + WORKERS):
                        if v != w and w_sq[v] != zone:
                            out += 1
                    if left[0] <= out:  # enough teammates are fetching: build
                        game.assemble(w, rem)
                        continue
                if left[0] <= 0 or rem == 0:
                    return
            else:
                rem = game.base - game.w_pen[w] - w_used[w]
                if rem <= 0:
                    return
                if load or left[0] <= 0:
                    if not game.travel(w, zone):
                        return
                    continue
            # Fetch: the nearest seen tile we want, else the nearest square not yet searched.
            target, tile = self._target(game, p, pos, want, wl, reserved, claimed)
            if target < 0:
                if pos == zone or not game.travel(w, zone):
                    return
                continue
            if target != pos:
                reserved.add(target if tile < 0 else ~tile)
                if not game.travel(w, target):
                    if tile >= 0:
                        claimed[game.tile_letter[tile]] += 1
                    return
                pos = target
            if tile >= 0:
                self._take(game, p, w, tile, want, left)  # free, even with no actions left
            elif game.remaining(w):
                kn = game.known[p]
                here = game.sq_tiles[pos]
                fresh = [t for t in here if not kn[t]]
                game.search(w)
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
                            self._take(game, p, w, t, want, left)
                    elif self._blank_role(game, want, wl) >= 0:
                        self._take(game, p, w, t, want, left)

    def _take(self, game: Game, p: int, w: int, t: int, want: list[int],
              left: list[int]) -> None:
        letter = game.tile_letter[t]
        if letter == BLANK:
            role = game.blank_as[t] if game.blank_by[t] == p else self._blank_role(game, want, None)
            if role < 0:
                return
            game.pick_up(w, t, role)
            letter = role
        else:
            game.pick_up(w, t)
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
        limit = best_d - KNOWN_BONUS
        for s in game.tb.near_junk[pos]:
            if dist[s][pos] >= limit:
                break
            here = sq_tiles[s]
            if here and s not in reserved:
                for t in here:
                    if not kn[t]:
                        return s, -1
        return best_sq, best_tile


class RandomBot:
    """Takes uniformly random legal elementary actions (ending a worker's actions included)."""

    __slots__ = ("rng", "free_limit")

    def __init__(self, rng, *, free_limit: int = 6):
        self.rng = rng
        self.free_limit = free_limit  # free pick-ups/drops per worker and turn: no endless juggling

    def turn(self, game: Game, p: int) -> None:
        """Play player ``p``'s whole turn, worker by worker in numerical order."""
        rng = self.rng
        if game.machine[p] < 0:
            game.choose_machine(p, rng.randrange(2))
        word = game.deck[game.machine[p]]
        for w in range(p * WORKERS, p * WORKERS + WORKERS):
            free = 0
            while not game.turn_over:
                acts = game.legal_actions(w)
                if free >= self.free_limit:
                    acts = [a for a in acts if a[0] not in FREE]
                k = rng.randrange(len(acts) + 1)
                if k == len(acts):
                    break  # this worker ends his actions
                kind, *arg = acts[k]
                if kind in FREE:
                    free += 1
                if kind == "pick_up":
                    t = arg[0]
                    role = LETTERS.index(rng.choice(word))
                    game.pick_up(w, t, role if game.blank_by[t] != p else NO_LETTER)
                elif kind == "test":
                    game.test(p)
                else:  # move, move_together, search, assemble, debug, drop, share, release
                    getattr(game, kind)(w, *arg)
            if game.turn_over:
                return


__all__ = ["HeuristicBot", "RandomBot"]
