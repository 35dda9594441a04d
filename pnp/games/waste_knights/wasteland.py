"""Wasteland cards in play: the deck of a game, the Waster's card, escape or face, rewards.

Pure core, sections Resolving Wasteland Cards, Combat (Combat End Phase), Vehicles and Costs and
Rewards. ``play_card`` is the Waster's part of a move (draw, reveal, play one card);
``resolve`` is the Active Knight's answer (escape or face) and everything that follows it.
The functions work on a ``TourState`` and one of its seats.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import specials as SP
from pnp.games.waste_knights.cards import GEAR_VALUE, Card, Deck
from pnp.games.waste_knights.narrate import changes
from pnp.games.waste_knights.tour import Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState

_F = {name: i for i, name in enumerate(FIELDS)}
_FACED, _ESCAPED, _COMBATS, _WON = _F["faced"], _F["escaped"], _F["combats"], _F["combats_won"]
_KO_CARD, _WRECKED, _TASKS = _F["ko_wasteland"], _F["wrecked"], _F["tasks"]
#: Reference Sheet: Cerbero Tower [11]: "Attack checks of enemies on this hex and on all
#: adjacent hexes gain +2 dice".
CERBERO_TOWER, TOWER_DICE = 11, 2
#: Radiation: the dial's window shows "No Bull's Eyes" from this level (docs/assumptions.md).
NO_BULLS_EYES = 2
#: Vehicles: "A vehicle can suffer up to 1 Vehicle Damage or become Wrecked".
WRECKED = 2


class WastelandDeck:
    """The wasteland deck of one game: shuffled card numbers, a discard pile, reshuffles."""

    __slots__ = ("order", "discard")

    def __init__(self, size: int, rng: random.Random) -> None:
        """Cards Setup A): "Shuffle wasteland cards"."""
        self.order = list(range(size))
        rng.shuffle(self.order)
        self.discard: list[int] = []

    def draw(self, n: int, rng: random.Random) -> list[int]:
        """The top ``n`` cards; "Once a given deck type is depleted, shuffle its matching
        discard pile to form a new deck"."""
        out: list[int] = []
        while len(out) < n:
            if not self.order:
                if not self.discard:
                    break
                self.order, self.discard = self.discard, []
                rng.shuffle(self.order)
            out.append(self.order.pop())
        return out

    def copy(self) -> WastelandDeck:
        """An independent copy (for ``TourState.clone``)."""
        c = object.__new__(WastelandDeck)
        c.order, c.discard = list(self.order), list(self.discard)
        return c


def waster_seat(active: int, players: int) -> int:
    """Who is the Waster while ``active`` moves (seats clockwise, "to his left" is the next):
    4 players: "the player sitting directly opposite the new Active Knight"; 3 players: "the
    player sitting to the right of the Active Knight"; 2 players: "the player who is not the
    Active Knight"."""
    if players == 4:
        return (active + 2) % 4
    return (active - 1) % players


def waster_choice(deck: Deck, revealed: list[int], on_foot: bool, trait: str = "") -> int:
    """The mean Waster plays the revealed card hardest on the knight ("Waster is Mean");
    a card that spares knights on foot is no choice against one. Tasks and Enemy Cards: with an
    enemy task of ``trait`` in play, "the Waster cannot play any wasteland card unless he makes
    sure that he will not draw a card meeting the task's conditions" (he reveals every card of
    the route, so he plays a matching enemy whenever one is revealed)."""
    cards = deck.cards
    if trait:
        matching = [i for i in revealed if cards[i].enemy and trait in cards[i].traits]
        revealed = matching or revealed
    return max(revealed, key=lambda i: (cards[i].on_foot or not on_foot, cards[i].menace, -i))


def play_card(state: TourState, s: int, seat: Seat, drawn: int, on_foot: bool) -> int | None:
    """Resolve Movement b): the Waster reveals ``drawn`` cards, plays 1, discards the rest."""
    wd = state.wasteland
    if state.redoubt:  # Kosciusko's Redoubt: the card under the Waster marker, not the deck
        forced = SP.redoubt_play(state)
        if forced is not None:
            wd.discard.append(forced)
            return forced
    revealed = wd.draw(drawn, state.rng)
    if not revealed:
        return None
    card = waster_choice(state.deck, revealed, on_foot, state.task_trait)
    wd.discard += revealed  # the card played goes to the discard pile once resolved, too
    return card


def gear_value(seat: Seat) -> int:
    """Gear cards owned, in green cards (3 green = 1 yellow; 2 yellow = 1 red)."""
    return seat.green * GEAR_VALUE["green"] + seat.yellow * GEAR_VALUE["yellow"] \
        + seat.red * GEAR_VALUE["red"]


def gear_room(seat: Seat) -> int:
    """Gear cards a knight can keep: 3 pockets, a backpack of 3 and the vehicle's Capacity
    (undamaged, damaged, none once wrecked); -1: no limits (capacities not set up)."""
    full, damaged = seat.cap
    if full < 0:
        return -1
    return R.POCKETS + R.BACKPACK + (full if seat.vdamage == 0 else damaged
                                     if seat.vdamage == 1 else 0)


def fit_gear(seat: Seat) -> None:
    """Cards beyond ``gear_room`` are discarded, the cheapest first: a knight keeps his dearest
    cards on his sheet and in his backpack, so the vehicle holds the cheapest ("the Waster
    immediately chooses and discards all gear cards exceeding the vehicle's new Capacity")."""
    room = gear_room(seat)
    over = seat.green + seat.yellow + seat.red - room
    if room < 0 or over <= 0:
        return
    for colour in ("green", "yellow", "red"):
        n = min(over, getattr(seat, colour))
        setattr(seat, colour, getattr(seat, colour) - n)
        over -= n


def gain_rewards(seat: Seat, rewards: tuple[tuple[str, int], ...]) -> None:
    """Costs and Rewards: +X gear cards, +X Ammo / Fuel (0-4), +X Reputation."""
    k = seat.knight
    for name, n in rewards:
        if name == "reputation":
            seat.rep += n
        elif name == "fuel" and seat.vdamage < WRECKED:
            k = R.Knight(R.clamp(k.fuel + n), k.health, k.radiation, k.ammo)
        elif name == "ammo":
            k = R.Knight(k.fuel, k.health, k.radiation, R.clamp(k.ammo + n))
        elif name == "green":
            seat.green += n
        elif name == "yellow":
            seat.yellow += n
        elif name == "red":
            seat.red += n
    seat.knight = k


def apply_effects(state: TourState, seat: Seat, effects: tuple[tuple[str, int], ...]) -> None:
    """An event's game text (or an enemy's effect on a defeated knight) on the Active Knight."""
    k = seat.knight
    f, h, r, a = k.fuel, k.health, k.radiation, k.ammo
    for name, n in effects:
        if name == "lose_health":
            h = R.clamp(h - n)
        elif name == "lose_ammo":
            a = R.clamp(a - n)
        elif name == "lose_fuel":
            f = R.clamp(f - n)
        elif name == "radiation":
            r = R.clamp(r + n)
        elif name == "contamination":
            state.contamination[seat.pos] = state.contamination.get(seat.pos, 0) + n
        elif name == "radiation_tokens":
            state.radiation[seat.pos] = state.radiation.get(seat.pos, 0) + n
        elif name == "skip_exploration":
            seat.skip = True
        elif name == "vehicle_damage":
            seat.knight = R.Knight(f, h, r, a)
            damage_vehicle(seat, n)
            f = seat.knight.fuel
        # "stop": the mean Waster plays on the route's last hex, where the move ends anyway
    seat.knight = R.Knight(f, h, r, a)


def damage_vehicle(seat: Seat, n: int = 1) -> None:
    """Vehicles: a second Vehicle Damage wrecks it: "immediately loses all Fuel"."""
    seat.vdamage = min(WRECKED, seat.vdamage + n)
    if seat.vdamage >= WRECKED:
        k = seat.knight
        seat.knight = R.Knight(0, k.health, k.radiation, k.ammo)
        seat.stats[_WRECKED] += 1


def _escape(state: TourState, seat: Seat, card: Card) -> bool:
    skill = state.deck.skills[card.escape_skill]
    pool = R.escape_check_pool(skill, seat.knight.health)
    if card.successes == 1:
        return R.check_passed_draw(state.rng.random(), pool, card.escape_difficulty)
    _, rolls = R.roll_check(state.rng, pool, card.escape_difficulty)
    return R.check_successes(rolls, card.escape_difficulty) >= card.successes


def resolve(state: TourState, s: int, seat: Seat, index: int, face: bool) -> list[str]:
    """Escape or face card ``index``; returns the lines of what happened (for the log)."""
    deck = state.deck
    card = deck.cards[index]
    lines: list[str] = []
    log = state.log is not None
    before = seat.knight
    if not face:
        passed = _escape(state, seat, card)
        seat.stats[_ESCAPED] += passed
        if log:
            lines.append(f"escape check {card.escape_skill.capitalize()} "
                         f"({card.escape_difficulty}): {'passed' if passed else 'failed'}")
        if not passed:
            if card.enemy:  # "loses 1 Health", 1 more for red gear or Reputation shown
                seat.knight = R.escape_failed(seat.knight, card.rewarding)
            else:
                apply_effects(state, seat, card.effects)
    elif not card.enemy:
        seat.stats[_FACED] += 1
        apply_effects(state, seat, card.effects)
        gain_rewards(seat, card.rewards)
    else:
        seat.stats[_FACED] += 1
        lines += _combat(state, s, seat, card)
    if log:
        lines.append(f"knight {s + 1}: {changes(before, seat.knight)}; Reputation {seat.rep}")
    if R.knocked_out_by(seat.knight) is not None:
        seat.ko = True
        seat.stats[_KO_CARD] += 1
        if log:
            lines.append(f"knight {s + 1} is knocked out by {card.title}")
    return lines


def _enemy_task(state: TourState, s: int, seat: Seat) -> None:
    """Combat End Phase: "if by defeating a given enemy he accomplishes a task, he gains all
    rewards ... of such task. The Waster immediately introduces a new task card" (the common
    task's: 2 Reputation and a blue card cashed in for +1 Reputation and a red card)."""
    from pnp.games.waste_knights import tasks as T

    seat.stats[_TASKS] += 1
    seat.rep += T.TASK_REPUTATION + 1
    seat.red += 1
    state.draw_task()
    state.task_marks = 0
    if state.log is not None:
        state.log.append(f"knight {s + 1} accomplishes the common task (+3 Reputation, a red gear "
                         f"card); new common task: {T.common_text(state)}")


def _combat(state: TourState, s: int, seat: Seat, card: Card) -> list[str]:
    """Face the Enemy: combat; the winner's rewards; the enemy's effects on a defeated knight."""
    deck, t = state.deck, state.tables
    assert card.panel is not None
    seat.stats[_COMBATS] += 1
    if card.ability("vehicle_damage"):  # Digger 2.0: "when starting combat"
        damage_vehicle(seat, int(card.ability("vehicle_damage")))
    k = seat.knight
    tower = any(t.rules[j] is not None and t.rules[j].number == CERBERO_TOWER  # type: ignore
                for j in (seat.pos, *t.nbrs[seat.pos]))
    knight = C.knight_side(deck, k.health, k.ammo, dice=int(card.ability("knight_dice", 0)),
                           bulls=k.radiation < NO_BULLS_EYES)
    enemy = C.enemy_side(card.panel, TOWER_DICE if tower else 0)
    policy = C.pick_random if state.setup.bots[s] == "random" else C.pick_heuristic
    out = C.fight(deck, knight, enemy, state.rng, ferocious=card.panel.ferocious,
                  knight_policy=policy, start_range=card.ability("start_range"),
                  set_range=card.ability("set_range"), log=state.log is not None)
    # Adrenaline Rush: wound dice only count after combat; Health is what the fight left.
    seat.knight = R.Knight(k.fuel, max(0, knight.health), k.radiation, knight.ammo)
    if out.winner > 0:
        seat.stats[_WON] += 1
        gain_rewards(seat, card.rewards)
        if state.task_trait and state.task_trait in card.traits:
            _enemy_task(state, s, seat)
    elif out.winner < 0:
        apply_effects(state, seat, card.ability("on_knight_loses", ()))
    # "stops" (Digger 2.0): the mean Waster plays on the route's last hex, the move ends there.
    return out.log + [f"combat with {card.title}: "
                      f"{'won' if out.winner > 0 else 'lost' if out.winner < 0 else 'a draw'}"]
