"""The special actions of Reference Sheet: Hexes that reach beyond a knight's own dials.

Pure core, on a ``TourState``: Gangraen's roll, Queen's Valley's luck cards, Alice Offsprings'
Reputation, Red Tomb, Warata Industries, Cerbero Tower's yellow card, Kosciusko's Redoubt and
Sandpiercer. ``choices`` lists what the Active Knight can perform on his hex (with the hex a
targeted action aims at), ``perform`` plays one, ``heuristic`` is the heuristic knight's pick and
``redoubt_card`` the card a knight leaves under the Waster marker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights.tour import Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState

_X = R.ExplorationAction
_KO = {name: i for i, name in enumerate(FIELDS)}["ko_wasteland"]
#: Actions aimed at a hex: Red Tomb "target any hex"; Sandpiercer "place your knight marker on
#: any hex".
TARGETED = frozenset((_X.RED_TOMB, _X.SANDPIERCER))
#: Gangraen [1]: "discard 1 green gear card, roll 1 die. 1-4: lose 1 Health. 5-9: gain +1
#: yellow gear card. 10: gain +1 red gear card."
GANGRAEN_LOSS, GANGRAEN_RED = 4, 10
#: Queen's Valley [3]: "draw 2 luck cards".
QUEENS_LUCK = 2
#: Red Tomb [7]: "All knights on that hex suffer 2 Radiation and lose 2 Health".
TOMB_RADIATION, TOMB_HEALTH = 2, 2
#: Warata Industries [10]: "lose 2 Reputation, if able: gain +1 red gear card / +2 yellow".
WARATA_REPUTATION = 2
#: Kosciusko's Redoubt [13]: "draw 3 wasteland cards, choose 1".
REDOUBT_DRAWN = 3


def _able(state: TourState, seat: Seat, action: R.ExplorationAction) -> bool:
    """Whether the knight can pay the action's cost ("If he cannot pay this cost, he cannot
    perform a given exploration action")."""
    if action in (_X.GANGRAEN_ROLL, _X.SANDPIERCER):
        return seat.green >= 1
    if action is _X.RED_FOR_REPUTATION:
        return seat.red >= 1
    if action in (_X.WARATA_RED, _X.WARATA_YELLOW):
        return seat.rep >= WARATA_REPUTATION  # "if able"
    return True


def available(state: TourState, seat: Seat) -> tuple[R.ExplorationAction, ...]:
    """The special actions of the knight's hex that he can pay for."""
    rule = state.tables.rules[seat.pos]
    if rule is None:
        return ()
    return tuple(a for a in rule.specials if _able(state, seat, a))


def targets(state: TourState, seat: Seat, action: R.ExplorationAction) -> tuple[int, ...]:
    """Hexes a targeted action may aim at: any hex (Sandpiercer: any other than his own)."""
    if action is _X.SANDPIERCER:
        return tuple(j for j in range(state.tables.n) if j != seat.pos)
    return tuple(range(state.tables.n))


def choices(state: TourState, seat: Seat) -> tuple[tuple[R.ExplorationAction, int], ...]:
    """Every special action with its target hex (-1: none)."""
    out: list[tuple[R.ExplorationAction, int]] = []
    for a in available(state, seat):
        if a in TARGETED:
            out += [(a, j) for j in targets(state, seat, a)]
        else:
            out.append((a, -1))
    return tuple(out)


def _luck(state: TourState, seat: Seat, n: int) -> None:
    """Draw ``n`` luck cards; over 5 in hand "he must choose and discard excess luck cards"
    (the cards just drawn go: the hand's icons are random draws alike)."""
    for _ in range(n):
        i = int(state.rng.random() * len(R.LUCK_ICONS))
        if not R.luck_hand_full(sum(seat.luck)):
            seat.luck[i] += 1


def _ko(seat: Seat) -> None:
    if not seat.ko and R.knocked_out_by(seat.knight) is not None:
        seat.ko = True
        seat.stats[_KO] += 1


def perform(state: TourState, s: int, seat: Seat, action: R.ExplorationAction,
            target: int) -> str:
    """Play one special action; returns what happened, for the log."""
    k = seat.knight
    if action is _X.GANGRAEN_ROLL:
        seat.green -= 1
        die = 1 + int(state.rng.random() * R.DIE_SIDES)
        if die <= GANGRAEN_LOSS:
            seat.knight = R.Knight(k.fuel, R.clamp(k.health - 1), k.radiation, k.ammo)
            _ko(seat)
            return f"rolls {die}: loses 1 Health"
        if die < GANGRAEN_RED:
            seat.yellow += 1
            return f"rolls {die}: +1 yellow gear card"
        seat.red += 1
        return f"rolls {die}: +1 red gear card"
    if action is _X.LUCK_CARDS:
        _luck(state, seat, QUEENS_LUCK)
        return f"draws {QUEENS_LUCK} luck cards ({sum(seat.luck)} in hand)"
    if action is _X.RED_FOR_REPUTATION:
        seat.red -= 1
        seat.rep += 1
        return "discards 1 red gear card: +1 Reputation"
    if action is _X.RED_TOMB:
        hit = [o for o, other in enumerate(state.seats) if other.pos == target]
        for o in hit:
            other = state.seats[o]
            b = other.knight
            other.knight = R.Knight(b.fuel, R.clamp(b.health - TOMB_HEALTH),
                                    R.clamp(b.radiation + TOMB_RADIATION), b.ammo)
            _ko(other)
        return (f"targets {state.tables.tile[target]}: "
                + (", ".join(f"knight {o + 1}" for o in hit) or "nobody")
                + f" suffers {TOMB_RADIATION} Radiation and loses {TOMB_HEALTH} Health")
    if action in (_X.WARATA_RED, _X.WARATA_YELLOW):
        seat.rep -= WARATA_REPUTATION
        if action is _X.WARATA_RED:
            seat.red += 1
            return f"loses {WARATA_REPUTATION} Reputation: +1 red gear card"
        seat.yellow += 2
        return f"loses {WARATA_REPUTATION} Reputation: +2 yellow gear cards"
    if action is _X.YELLOW_GEAR:
        seat.yellow += 1
        return "+1 yellow gear card"
    if action is _X.REDOUBT:
        drawn = state.wasteland.draw(REDOUBT_DRAWN, state.rng)
        if not drawn:
            return "draws no wasteland card"
        card = redoubt_card(state, s, drawn, state.setup.bots[s] != "random")
        state.wasteland.discard += [c for c in drawn if c != card]
        state.redoubt.append((card, state.round))
        return (f"places 1 of {len(drawn)} wasteland cards under the Waster marker for the "
                "next Move Step")
    # Sandpiercer: "place your knight marker on any hex. This is not considered moving."
    from pnp.games.waste_knights import explore as X

    seat.green -= 1
    seat.pos, seat.marker = target, False
    line = f"places his knight marker on {state.tables.tile[target]}"
    if state.log is not None:
        state.log.append(f"knight {s + 1} {line}")
    # "You can explore the new hex as normal, but you cannot perform any exploration action."
    X.exploration(state, s)
    return "explores the new hex (no exploration action there)"


def next_first_player(state: TourState) -> int:
    """The First Player of the next round (the marker passes to the left each round)."""
    return (state.round + 1) % len(state.seats)


def redoubt_card(state: TourState, s: int, drawn: list[int], heuristic: bool) -> int:
    """The card knight ``s`` leaves under the Waster marker: the heuristic knight the hardest
    one (``Card.menace``) when a rival moves first next round, the mildest when he does; the
    random knight any of them."""
    cards = state.deck.cards
    if not heuristic:
        return drawn[int(state.rng.random() * len(drawn))]
    if next_first_player(state) == s:
        return min(drawn, key=lambda i: (cards[i].menace, i))
    return max(drawn, key=lambda i: (cards[i].menace, -i))


def redoubt_play(state: TourState) -> int | None:
    """Kosciusko's Redoubt: "In the next Move Step, instead of revealing wasteland cards from the
    deck, the Waster must play 1 card placed under the Waster marker"; a card whose Move Step
    passed without a move is discarded."""
    keep: list[tuple[int, int]] = []
    card = None
    for c, placed in state.redoubt:
        if placed < state.round - 1:
            state.wasteland.discard.append(c)
        elif placed == state.round - 1 and card is None:
            card = c
        else:
            keep.append((c, placed))
    state.redoubt = keep
    return card


def heuristic(state: TourState, s: int) -> tuple[R.ExplorationAction, int] | None:
    """The heuristic knight's special action, when one beats the hex's other actions:
    Alice Offsprings' Reputation for a red card; Sandpiercer to a task hex (keeping 1 green
    card); Red Tomb on the hex of the rival who leads in Reputation (not his own); Cerbero Tower's
    yellow card (green cards when short of them); Kosciusko's Redoubt when a rival moves first
    next round; Gangraen's roll when healthy and stocked; Queen's Valley's luck cards with 3 or
    fewer in hand. Warata Industries never (Reputation wins the game)."""
    seat = state.seats[s]
    acts = available(state, seat)
    if not acts:
        return None
    k = seat.knight
    a = acts[0]
    if a is _X.RED_FOR_REPUTATION:
        return a, -1
    if a is _X.SANDPIERCER:
        from pnp.games.waste_knights import tasks as T

        goals = [j for j in (state.task_hex, *T.wanted(state, s)) if j >= 0 and j != seat.pos]
        if goals and seat.green >= 2:
            return a, goals[0]
        return None
    if a is _X.RED_TOMB:
        rivals = [o for o, other in enumerate(state.seats) if o != s and not other.ko
                  and other.pos != seat.pos and other.rep >= seat.rep]
        if rivals:
            o = max(rivals, key=lambda o: (state.seats[o].rep, -o))
            return a, state.seats[o].pos
        return None
    if a is _X.YELLOW_GEAR:
        return (a, -1) if seat.green >= 2 else None
    if a is _X.REDOUBT:
        last = state.round + 1 >= state.setup.rounds
        return (a, -1) if not last and next_first_player(state) != s else None
    if a is _X.GANGRAEN_ROLL:
        return (a, -1) if k.health >= 3 and seat.green >= 2 else None
    if a is _X.LUCK_CARDS:
        return (a, -1) if sum(seat.luck) <= 3 else None
    return None
