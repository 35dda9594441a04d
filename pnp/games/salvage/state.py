"""A game of Salvage in progress: two mecha on a field, the player aid's rules run by the state.

Pure core. A turn is one action ("move your mecha one node, or act on the node where it
stands"); what the aid makes the same mecha decide at once (a fight round's dice, fight on or
pull back, close or press on, a clash's dice, which mod to install) are decisions inside the
turn, each an action of its own (``phase`` says which). Everything else the rules do by
themselves (rolls, loot, collapses, banking, the node die) happens inside ``apply`` and is
narrated in ``log`` when a replay asks for it. docs/assumptions.md ("## Salvage") lists every
choice made where the aid is silent.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from pnp.games.api import IllegalAction
from pnp.games.salvage import actions as A
from pnp.games.salvage import mods as M
from pnp.games.salvage.mods import Mecha
from pnp.games.salvage.rules import SIDES, pool_without, sub_pools

if TYPE_CHECKING:
    from pnp.games.salvage.simulate import Setup

__all__ = ["AFTER", "CLASH_ATTACK", "CLASH_DEFEND", "FIGHT", "INSTALL", "OVER", "TURN", "WRECK",
           "SalvageState"]

# What the player to move decides: its turn's action, or a decision inside the turn.
TURN, FIGHT, AFTER, WRECK, CLASH_ATTACK, CLASH_DEFEND, INSTALL, OVER = range(8)
PHASES = ("turn", "fight", "after a round", "wreck site", "clash (attacker)",
          "clash (defender)", "install a mod", "over")
DRAW = 2  # ``winner`` of a game the countdown ended on equal scores
#: How much the score margin adds to a search playout's return: a tie-break, never a win.
MARGIN_WEIGHT = 0.1
_SIDE_INDEX = {s: i for i, s in enumerate(SIDES)}


class SalvageState:
    """One game: the field's contents, the supply, the mods deck, two mecha and the turn."""

    __slots__ = ("setup", "cfg", "t", "rng", "log", "mob", "mob_mask", "wounds", "guard_scrap",
                 "guard_die", "free_scrap", "free_dice", "cell_at", "supply", "mechas",
                 "player", "phase", "turns", "winner", "win_type", "clashes", "pile",
                 "discard", "drawn", "_clash_dice", "_say")

    def __init__(self, setup: Setup, rng: random.Random, *, _blank: bool = False) -> None:
        """Setting up: a D6 per mecha, the field's node die rolls placed, the mods deck."""
        if _blank:
            return
        cfg = self.cfg = setup.config
        t = self.t = setup.tables
        self.setup, self.rng = setup, rng
        self.log: list[str] | None = None
        self._say: A.Narrator | None = None
        n = t.n
        self.mob, self.wounds = [0] * n, [0] * n
        self.mob_mask = 0  # bit i: a mob on node i (the bots' route memo key)
        self.guard_scrap: list[tuple[int, ...]] = [()] * n
        self.guard_die = [0] * n
        self.free_scrap: list[tuple[int, ...]] = [()] * n
        self.free_dice: list[tuple[int, ...]] = [()] * n
        self.cell_at = [True] * len(t.wrecks)
        self.supply = cfg.supply_counts()
        self.mechas = [Mecha(s, t.bases[s], cfg) for s in (0, 1)]
        for m in self.mechas:  # "each mecha starts with one D6 taken from the supply"
            m.dice = tuple(sorted(d for d in (self._take_die(s) for s in cfg.start_dice) if d))
        for m, start in zip(self.mechas, setup.start_mods, strict=True):
            if start:  # installed before the first turn (a measuring handicap, see deck.py)
                m.mods, m.fx = tuple(start), M.totals(start)
                m.fuel, m.hp = m.max_fuel(cfg), m.max_hp(cfg)
        for node, face in enumerate(t.rolls):
            if face is not None and t.is_field[node]:
                self._place(node, face)
        # The draw pile is kept unordered and each draw takes a card at random: the same as the
        # top card of a shuffled pile, and nothing to redraw when a search determinizes.
        self.pile = list(setup.mods)
        self.discard: list[M.Mod] = []
        self.drawn: tuple[M.Mod, ...] = ()
        self.player, self.phase, self.turns = 0, TURN, 0
        self.winner, self.win_type, self.clashes = -1, "", 0
        self._clash_dice: tuple[int, ...] = ()

    # --- the State protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """Seat to act: the turn's mecha, or the defender choosing its clash dice."""
        return self.player ^ 1 if self.phase == CLASH_DEFEND else self.player

    @property
    def round(self) -> int:
        """The round being played (1-based): seat 1's turn, then seat 2's."""
        return min(self.turns // 2 + 1, self.cfg.rounds)

    def is_over(self) -> bool:
        """True once a mecha has won or the countdown has ended."""
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        """1 for the winner, 0 for the loser, a half each for a draw (0 for both while running)."""
        if self.phase != OVER:
            return (0.0, 0.0)
        if self.winner == DRAW:
            return (0.5, 0.5)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)

    def legal_actions(self) -> list[Any]:
        """Every action of the player to move (empty once the game is over)."""
        p, ph = self.current_player, self.phase
        me = self.mechas[p]
        if ph == TURN:
            out: list[Any] = [A.Move(p, n) for n in self.t.nbrs[me.pos]] if me.fuel > 0 else []
            if self.mob[me.pos]:
                out += [A.FightRound(p, d) for d in sub_pools(me.dice, me.power(self.cfg))]
            if self.t.wreck_of[me.pos] >= 0:
                out.append(A.CloseRun(p))
            if me.pos == self.t.bases[p ^ 1]:
                out.append(A.Raid(p))
            if self._loot_here(me.pos):
                out.append(A.PickUp(p))
            return out + [A.Pass(p)]
        if ph == FIGHT:
            return [A.FightRound(p, d) for d in sub_pools(me.dice, me.power(self.cfg))]
        if ph == AFTER:
            return [A.FightOn(p), A.PullBack(p)]
        if ph == WRECK:
            return [A.CloseRun(p), A.PressOn(p)]
        if ph in (CLASH_ATTACK, CLASH_DEFEND):
            return [A.ClashDice(p, ph == CLASH_ATTACK, d) for d in sub_pools(me.dice)]
        if ph == INSTALL:
            names = list(dict.fromkeys(m.name for m in self.drawn))
            if len(me.mods) < self.cfg.mod_slots:
                return [A.Install(p, name) for name in names]
            return [A.Install(p, name, k + 1) for name in names for k in range(len(me.mods))]
        return []

    def apply(self, action: Any) -> None:
        """Play ``action`` for the player to move; ``IllegalAction`` if the rules forbid it."""
        handler = _HANDLERS.get(type(action))
        ph = self.phase
        if handler is None or ph == OVER or action.seat != (
                self.player ^ 1 if ph == CLASH_DEFEND else self.player):
            raise IllegalAction(f"{action} is not legal now ({PHASES[self.phase]}, "
                                f"mecha {self.current_player + 1} to act)")
        self._say = A.Narrator(self) if self.log is not None else None
        handler(self, action)

    def clone(self) -> SalvageState:
        """An independent copy, its random stream in the same state."""
        twin = SalvageState(self.setup, self.rng, _blank=True)
        twin.setup, twin.cfg, twin.t, twin.log = self.setup, self.cfg, self.t, None
        twin.rng = random.Random.__new__(random.Random)
        twin.rng.setstate(self.rng.getstate())
        for name in ("mob", "wounds", "guard_scrap", "guard_die", "free_scrap", "free_dice",
                     "cell_at", "supply", "pile", "discard"):
            setattr(twin, name, getattr(self, name)[:])
        twin.mechas = [m.copy() for m in self.mechas]
        twin.player, twin.phase, twin.turns = self.player, self.phase, self.turns
        twin.mob_mask = self.mob_mask
        twin.winner, twin.win_type, twin.clashes = self.winner, self.win_type, self.clashes
        twin.drawn, twin._clash_dice, twin._say = self.drawn, self._clash_dice, None
        return twin

    def determinize(self, rng: random.Random) -> None:
        """Redraw what the player to move cannot know: future rolls, the mods pile's order and,
        for a defender, the attacker's hidden clash dice."""
        self.rng.seed(rng.getrandbits(64))  # the pile is unordered: this reshuffles it too
        if self.phase == CLASH_DEFEND:
            pools = sub_pools(self.mechas[self.player].dice)
            self._clash_dice = pools[int(self.rng.random() * len(pools))]

    # --- what anyone may read ------------------------------------------------------------------

    def score(self, seat: int) -> int:
        """"Your score when the countdown ends": mods, banked scrap and dice, carried cells."""
        return sum(self.score_parts(seat).values())

    def score_parts(self, seat: int) -> dict[str, int]:
        """The score table's lines for ``seat``: mods, scrap, dice, cells."""
        m, cfg = self.mechas[seat], self.cfg
        return {"mods": sum(x.score for x in m.mods), "scrap": sum(m.banked_scrap),
                "dice": sum(cfg.die_score(d) for d in m.banked_dice),
                "cells": cfg.cell_score * (len(m.cells) + len(m.banked_cells))}

    def scrap_in_play(self) -> tuple[int, ...]:
        """Scrap of each material (1-6) out of the box: on the field, carried and banked."""
        counts = [0] * len(self.cfg.scrap_weights)
        for pile in (*self.free_scrap, *self.guard_scrap,
                     *(m.scrap for m in self.mechas), *(m.banked_scrap for m in self.mechas)):
            for material in pile:
                counts[material - 1] += 1
        return tuple(counts)

    def playout_value(self, player: int) -> float:
        """A finished game's worth to ``player`` for a search bot: its return, and among equal
        returns the wider score margin (at most ``MARGIN_WEIGHT``, far below a win's 1)."""
        lead = self.score(player) - self.score(player ^ 1)
        return self.returns()[player] + MARGIN_WEIGHT * math.tanh(lead / 10.0)

    def move_cost(self, seat: int) -> int:
        """Fuel the mecha of ``seat`` pays for its next move ("1 fuel ... 2 if the node you leave
        holds a mob or the other mecha")."""
        me, cfg = self.mechas[seat], self.cfg
        if me.run_moves == 0 and me.fx[M.FREE_FIRST_MOVE]:
            return 0
        if self.mechas[seat ^ 1].pos == me.pos:
            return cfg.leave_cost
        if self.mob[me.pos]:
            return cfg.move_cost if me.fx[M.MOB_EXIT_COST] else cfg.leave_cost
        return cfg.move_cost

    def _loot_here(self, node: int) -> bool:
        w = self.t.wreck_of[node]
        return bool(self.free_scrap[node] or self.free_dice[node] or (w >= 0 and self.cell_at[w]))

    # --- turns -------------------------------------------------------------------------------

    def _end_turn(self) -> None:
        self.phase = TURN
        self.turns += 1
        if self.turns >= 2 * self.cfg.rounds:
            self._countdown()
        else:
            self.player ^= 1

    def _countdown(self) -> None:
        """"If nobody has done either by the end of round 24, the higher score wins."""
        s0, s1 = self.score(0), self.score(1)
        self.winner = 0 if s0 > s1 else 1 if s1 > s0 else DRAW
        self.win_type, self.phase = ("score" if self.winner != DRAW else "draw"), OVER
        if self._say:
            self._say.countdown()

    def _win(self, seat: int, how: str) -> None:
        self.winner, self.win_type, self.phase = seat, how, OVER
        if self._say:
            self._say.win(seat, how)

    # --- the supply and the node die ----------------------------------------------------------

    def _take_die(self, sides: int) -> int:
        k = _SIDE_INDEX.get(sides, -1)
        if k < 0 or not self.supply[k]:
            return 0
        self.supply[k] -= 1
        return sides

    def _take_end(self, biggest: bool) -> int:
        """"The smallest (biggest) die in the supply", or 0 if the supply is empty."""
        order = range(len(SIDES) - 1, -1, -1) if biggest else range(len(SIDES))
        for k in order:
            if self.supply[k]:
                self.supply[k] -= 1
                return SIDES[k]
        return 0

    def _to_supply(self, dice: tuple[int, ...]) -> None:
        for d in dice:
            self.supply[_SIDE_INDEX[d]] += 1

    def _place(self, node: int, face: int) -> None:
        """A node die roll's contents on ``node``."""
        roll = self.cfg.node_die[face - 1]
        r, table, k = self.rng.random, self.cfg.scrap_table, roll.scrap
        scrap = () if not k else tuple([table[int(r() * len(table))] for _ in range(k)])
        die = self._take_end(roll.die == "biggest") if roll.die else 0
        if roll.mob is not None:
            self.mob[node], self.wounds[node] = int(roll.mob), 0
            self.mob_mask |= 1 << node
            self.guard_scrap[node], self.guard_die[node] = scrap, die
        else:
            self.free_scrap[node], self.free_dice[node] = scrap, (die,) if die else ()
        if self._say:
            self._say.node_die(node, face)

    def _reroll_half(self, seat: int) -> None:
        """"The empty nodes in your half of the field get new contents"."""
        busy = (self.mechas[0].pos, self.mechas[1].pos)
        for node in self.t.half_nodes[seat]:
            if not (self.mob[node] or self.free_scrap[node] or self.free_dice[node]
                    or node in busy):
                self._place(node, int(self.rng.random() * 6) + 1)

    # --- moving and arriving -----------------------------------------------------------------

    def _move(self, a: A.Move) -> None:
        me = self.mechas[a.seat]
        if self.phase != TURN or a.node not in self.t.adjacent[me.pos] or me.fuel <= 0:
            raise IllegalAction(f"{a}: not a move mecha {a.seat + 1} can make now")
        cost = self.move_cost(a.seat)
        me.fuel = max(me.fuel - cost, 0)  # a move the tank cannot pay runs it dry
        me.came_from, me.pos = me.pos, a.node
        me.run_moves += 1
        if self._say:
            self._say.moved(me, cost)
        if me.fuel == 0 and self.t.wreck_of[a.node] < 0:
            self._collapse(me, "out of fuel")
            self._end_turn()
        elif self.mechas[a.seat ^ 1].pos == a.node:
            self.phase = CLASH_ATTACK
        else:
            self._land(me)

    def _land(self, me: Mecha) -> None:
        """Arrived (and not stopped by a clash): free loot, then a mob or a wreck site."""
        node = me.pos
        self._pick_up(me, node)
        if me.fx[M.MAGNET]:
            for nb in self.t.nbrs[node]:
                if self.free_scrap[nb]:
                    if self._say:
                        self._say.loot(me, nb, self.free_scrap[nb], (), magnet=True)
                    me.scrap, self.free_scrap[nb] = me.scrap + self.free_scrap[nb], ()
        if self.mob[node]:
            self.phase = FIGHT
            if self._say:
                self._say.mob(node)
            return
        w = self.t.wreck_of[node]
        if w < 0:
            self._end_turn()
        elif self._take_cell(me, w):
            return  # all three cells: won
        elif me.fuel == 0:  # "Reaching a wreck site on your last fuel closes it too."
            self._close(me)
        else:
            self.phase = WRECK

    def _pick_up(self, me: Mecha, node: int) -> None:
        scrap, dice = self.free_scrap[node], self.free_dice[node]
        if scrap or dice:
            if self._say:
                self._say.loot(me, node, scrap, dice)
            me.scrap, me.dice = me.scrap + scrap, tuple(sorted(me.dice + dice))
            self.free_scrap[node], self.free_dice[node] = (), ()

    def _take_cell(self, me: Mecha, w: int) -> bool:
        """Take wreck ``w``'s fusion cell if it lies there; True if that wins the game."""
        if not self.cell_at[w]:
            return False
        self.cell_at[w] = False
        me.cells += (w,)
        table = self.cfg.scrap_table
        extra = (table[int(self.rng.random() * len(table))],) if me.fx[M.WINCH] else ()
        me.scrap += extra
        if self._say:
            self._say.cell(me, w, extra)
        if len(me.cells) >= self.cfg.cells_to_win:
            self._win(me.seat, "cells")
            return True
        return False

    # --- fights against mobs -----------------------------------------------------------------

    def _fight_round(self, a: A.FightRound) -> None:
        me, cfg = self.mechas[a.seat], self.cfg
        node = me.pos
        if not (self.phase == FIGHT or (self.phase == TURN and self.mob[node])):
            raise IllegalAction(f"{a}: no fight on node {node} now")
        rest = pool_without(me.dice, a.dice)
        if rest is None or len(a.dice) > me.power(cfg):
            raise IllegalAction(f"{a}: mecha {a.seat + 1} carries {me.dice}, power "
                                f"{me.power(cfg)}")
        rank = self.mob[node]
        hit = self._round_hits(me, a.dice, cfg.mob_number(rank))
        if not hit and me.rerolls_used < me.fx[M.REROLL]:
            me.rerolls_used += 1
            if self._say:
                self._say.line(f"mecha {me.seat + 1} rolls the missed round again (reroll)")
            hit = self._round_hits(me, a.dice, cfg.mob_number(rank))
        if hit:  # "Dice that win come back to you"
            self.wounds[node] += 1
            if self.wounds[node] >= cfg.hits(rank):
                self._beat_mob(me, node)
                return
        else:  # "dice that lose go back to the supply"; "A round that misses costs you 1 HP"
            me.dice = rest
            self._to_supply(a.dice)
            saved = bool(me.fx[M.SPARE_PLATING]) and int(self.rng.random() * 6) + 1 >= 5
            if not saved:
                me.hp -= 1
            if self._say:
                self._say.missed(me, a.dice, saved)
            if me.hp <= 0:
                self._collapse(me, "HP 0")
                self._end_turn()
                return
        self.phase = AFTER

    def _round_hits(self, me: Mecha, dice: tuple[int, ...], number: int) -> bool:
        rng = self.rng
        if not dice:  # "flip twice, two circles is a hit"
            flips = [int(rng.random() * 2) + 1 for _ in range(self.cfg.coin_flips)]
            hit = all(f == 1 for f in flips)
            if self._say:
                self._say.coin(me, flips, hit)
            return hit
        r = rng.random
        faces = [int(r() * d) + 1 for d in dice]
        total = sum(faces) + self.cfg.strength + me.fx[M.FIGHT_BONUS]
        if self._say:
            self._say.roll(me, dice, faces, total, number)
        return total >= number

    def _beat_mob(self, me: Mecha, node: int) -> None:
        """"Its loot is yours only once you beat it"."""
        scrap, die = self.guard_scrap[node], self.guard_die[node]
        if self._say:
            self._say.beaten(me, node, scrap, die)
        me.scrap += scrap
        if die:
            me.dice = tuple(sorted(me.dice + (die,)))
        self.mob[node] = self.wounds[node] = self.guard_die[node] = 0
        self.mob_mask &= ~(1 << node)
        self.guard_scrap[node] = ()
        self._end_turn()

    def _after_round(self, a: A.FightOn | A.PullBack) -> None:
        if self.phase != AFTER:
            raise IllegalAction(f"{a}: not after a fight round")
        if type(a) is A.PullBack:  # "free, to the node you came from"
            me = self.mechas[a.seat]
            me.came_from, me.pos = me.pos, me.came_from
        self._end_turn()

    # --- clashes -----------------------------------------------------------------------------

    def _clash_dice_chosen(self, a: A.ClashDice) -> None:
        attacking = self.phase == CLASH_ATTACK
        if not (attacking or self.phase == CLASH_DEFEND) or a.attacker != attacking:
            raise IllegalAction(f"{a}: no clash dice to choose now")
        me = self.mechas[a.seat]
        if pool_without(me.dice, a.dice) is None:
            raise IllegalAction(f"{a}: mecha {a.seat + 1} carries {me.dice}")
        if attacking:  # hidden from the defender until it has chosen
            self._clash_dice, self.phase = a.dice, CLASH_DEFEND
        else:
            self._resolve_clash(self._clash_dice, a.dice)

    def _resolve_clash(self, att_dice: tuple[int, ...], def_dice: tuple[int, ...]) -> None:
        att, dfn = self.mechas[self.player], self.mechas[self.player ^ 1]
        rng, s = self.rng, self.cfg.strength
        self.clashes += 1
        if not att_dice and not def_dice:  # "one coin flip decides: a circle, and the attacker
            flip = int(rng.random() * 2) + 1  # wins"
            att_wins = flip == 1
            totals: tuple[Any, ...] = (flip,)
        else:
            r = rng.random
            af = [int(r() * d) + 1 for d in att_dice]
            df = [int(r() * d) + 1 for d in def_dice]
            at = sum(af) + s + att.fx[M.CLASH_BONUS]
            dt = sum(df) + s + dfn.fx[M.CLASH_BONUS]
            att_wins = at > dt or (at == dt and bool(att.fx[M.CLASH_TIES])
                                   and not dfn.fx[M.CLASH_TIES])
            totals = (af, at, df, dt)
        winner, loser = (att, dfn) if att_wins else (dfn, att)
        lost = att_dice if loser is att else def_dice
        loser.dice = pool_without(loser.dice, lost) or ()
        self._to_supply(lost)
        node = att.pos
        if self._say:
            self._say.clash(att, dfn, att_dice, def_dice, totals, att_wins)
        cradle = bool(loser.fx[M.CELL_CRADLE])
        if loser.cells and not cradle:  # "The winner takes one fusion cell from the loser"
            winner.cells, loser.cells = winner.cells + loser.cells[-1:], loser.cells[:-1]
            if self._say:
                self._say.cell_taken(winner, loser)
        if not cradle:  # "it drops the haul it has not banked on that node"
            self._drop(loser, node)
        loser.pos, loser.came_from = loser.base, -1
        if self._say:
            self._say.knocked_back(loser)
        if len(winner.cells) >= self.cfg.cells_to_win:
            self._win(winner.seat, "cells")
            return
        if loser.fuel <= 0:  # "A clash costs no HP, so it never makes you collapse"
            if self.cfg.clash_collapse:
                self._collapse(loser, "out of fuel")
            else:
                loser.fuel = loser.max_fuel(self.cfg)
                if self._say:
                    self._say.refuelled(loser)
        self.phase = TURN
        if att_wins:  # "it picks up everything lying there, the dropped haul included"
            self._land(att)
        else:
            self._end_turn()

    # --- closing a run, collapse -------------------------------------------------------------

    def _drop(self, me: Mecha, node: int) -> None:
        if me.scrap or me.dice:
            if self._say:
                self._say.dropped(me, node)
            self.free_scrap[node] += me.scrap
            self.free_dice[node] = tuple(sorted(self.free_dice[node] + me.dice))
            me.scrap, me.dice = (), ()

    def _collapse(self, me: Mecha, why: str) -> None:
        """"It drops everything it has not banked on that node, loses one fusion cell if it
        carries any, and starts again from home. The lost cell returns to its wreck site.\""""
        if self._say:
            self._say.collapse(me, why)
        self._drop(me, me.pos)
        if me.cells:
            self.cell_at[me.cells[-1]] = True
            if self._say:
                self._say.cell_returns(me.cells[-1])
            me.cells = me.cells[:-1]
        me.pos, me.came_from = me.base, -1
        me.fuel, me.hp = me.max_fuel(self.cfg), me.max_hp(self.cfg)
        me.run_moves = me.rerolls_used = 0
        me.collapses += 1
        if me.fx[M.START_DIE]:
            self._gain_smallest(me)

    def _gain_smallest(self, me: Mecha) -> None:
        die = self._take_end(biggest=False)
        if die:
            me.dice = tuple(sorted(me.dice + (die,)))
        if self._say:
            self._say.smallest(me, die)

    def _close_here(self, a: A.CloseRun) -> None:
        me = self.mechas[a.seat]
        if not (self.phase == WRECK or (self.phase == TURN and self.t.wreck_of[me.pos] >= 0)):
            raise IllegalAction(f"{a}: a run closes on a wreck site")
        self._close(me)

    def _press_on(self, a: A.PressOn) -> None:
        if self.phase != WRECK:
            raise IllegalAction(f"{a}: only after arriving on a wreck site")
        self._end_turn()

    def _raid(self, a: A.Raid) -> None:
        me = self.mechas[a.seat]
        if self.phase != TURN or me.pos != self.t.bases[a.seat ^ 1]:
            raise IllegalAction(f"{a}: mecha {a.seat + 1} is not in the enemy camp")
        me.raids += 1  # "A raid does 1 damage to the enemy base"
        if self._say:
            self._say.raided(me)
        if me.raids >= self.cfg.raids_to_win:
            self._win(me.seat, "raids")
        else:
            self._close(me)  # "and always closes your run"

    def _close(self, me: Mecha) -> None:
        """"Closing sends your mecha home" and banks its haul; then the mods are drawn."""
        cfg = self.cfg
        if self._say:
            self._say.closing(me)
        me.pos, me.came_from = me.base, -1
        me.banked_scrap += me.scrap
        me.banked_dice += me.dice
        me.scrap, me.dice = (), ()
        if cfg.bank_cells:
            me.banked_cells, me.cells = me.banked_cells + me.cells, ()
        me.run_moves = me.rerolls_used = 0
        drawn = []
        for _ in range(cfg.mods_drawn):
            if not self.pile and self.discard:  # reshuffle the discard when the pile is empty
                self.pile, self.discard = self.discard, []
            if self.pile:
                drawn.append(self.pile.pop(int(self.rng.random() * len(self.pile))))
        self.drawn = tuple(drawn)
        if self._say and drawn:
            self._say.drew(me, drawn)
        if drawn:
            self.phase = INSTALL
        else:
            self._finish_close(me)

    def _install(self, a: A.Install) -> None:
        me, cfg = self.mechas[a.seat], self.cfg
        mod = next((m for m in self.drawn if m.name == a.mod), None)
        full = len(me.mods) >= cfg.mod_slots
        if (self.phase != INSTALL or mod is None or (a.replace is None) == full
                or (full and not 1 <= (a.replace or 0) <= len(me.mods))):
            raise IllegalAction(f"{a}: not a mod mecha {a.seat + 1} can install now")
        rest = list(self.drawn)
        rest.remove(mod)
        if a.replace is None:
            me.mods += (mod,)
        else:  # "a seventh replaces one"
            rest.append(me.mods[a.replace - 1])
            me.mods = me.mods[:a.replace - 1] + (mod,) + me.mods[a.replace:]
        self.discard += rest
        self.drawn = ()
        me.installed += (mod.name,)
        me.fx = M.totals(me.mods)
        if self._say:
            self._say.installed(me, mod, rest)
        self._finish_close(me)

    def _finish_close(self, me: Mecha) -> None:
        """Full tanks (with the new mod), the smallest die, the node die on the half."""
        cfg = self.cfg
        me.fuel = me.max_fuel(cfg) + me.fx[M.REFUEL_BONUS]
        me.hp = me.max_hp(cfg)
        self._gain_smallest(me)
        if me.fx[M.START_DIE]:
            self._gain_smallest(me)
        self._reroll_half(me.seat)
        self._end_turn()

    # --- acts ----------------------------------------------------------------------------------

    def _pick_up_here(self, a: A.PickUp) -> None:
        me = self.mechas[a.seat]
        if self.phase != TURN or not self._loot_here(me.pos):
            raise IllegalAction(f"{a}: no loot lies free on node {me.pos}")
        self._pick_up(me, me.pos)
        w = self.t.wreck_of[me.pos]
        if w >= 0 and self._take_cell(me, w):
            return
        self._end_turn()

    def _pass(self, a: A.Pass) -> None:
        if self.phase != TURN:
            raise IllegalAction(f"{a}: a decision is pending ({PHASES[self.phase]})")
        self._end_turn()


_HANDLERS: dict[type, Any] = {
    A.Move: SalvageState._move, A.FightRound: SalvageState._fight_round,
    A.FightOn: SalvageState._after_round, A.PullBack: SalvageState._after_round,
    A.CloseRun: SalvageState._close_here, A.PressOn: SalvageState._press_on,
    A.Raid: SalvageState._raid, A.PickUp: SalvageState._pick_up_here, A.Pass: SalvageState._pass,
    A.ClashDice: SalvageState._clash_dice_chosen, A.Install: SalvageState._install,
}
