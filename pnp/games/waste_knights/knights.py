"""Duels and Interacting Knights: search checks, duels, reviving and stealing on the route.

Pure core, rulebook sections Duels and Interacting Knights, Reviving Knights and Stealing from
Knights. ``meet`` runs when the Active Knight's route enters hexes with other knights on them;
who interacts, agrees and what is stolen are the seats' bots' policies (the heuristic and the
random knight below), the rules decide the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights.tour import Seat
from pnp.games.waste_knights.tour_stats import FIELDS

if TYPE_CHECKING:
    from pnp.games.waste_knights.state import TourState
    from pnp.games.waste_knights.tasks import Task

_F = {name: i for i, name in enumerate(FIELDS)}
_DUELS, _DUELS_WON, _REVIVES = _F["duels"], _F["duels_won"], _F["revives"]
_KO_DUEL = _F["ko_wasteland"]
#: Duels: "a Search Check. It is a Challenging (7) Survival check".
SEARCH_SKILL, SEARCH_DIFFICULTY = "survival", R.Difficulty.CHALLENGING
#: Reviving Knights: "heals 2 Radiation and/or 2 Health"; "The Active Knight gains +1 Reputation".
REVIVE_HEAL, REVIVE_REPUTATION = 2, 1
#: Duels: "The winner of a duel ... gains +1 Reputation"; Stealing: "+2 Fuel", "+2 Ammo".
DUEL_REPUTATION, STEAL_RESOURCE = 1, 2


def _search(state: TourState, seat: Seat) -> bool:
    pool = R.escape_check_pool(state.deck.skills[SEARCH_SKILL], seat.knight.health)
    return R.check_passed_draw(state.rng.random(), pool, SEARCH_DIFFICULTY)


def revive(seat: Seat, other: Seat) -> None:
    """Reviving Knights: back on his feet, 2 healed on the K.O. dial, +1 Reputation to the
    Active Knight."""
    k = other.knight
    h = R.clamp(k.health + REVIVE_HEAL) if k.health <= R.KO_HEALTH else k.health
    r = R.clamp(k.radiation - REVIVE_HEAL) if k.radiation >= R.KO_RADIATION else k.radiation
    other.knight = R.Knight(k.fuel, h, r, k.ammo)
    other.ko = False
    seat.rep += REVIVE_REPUTATION
    seat.stats[_REVIVES] += 1


def stealable_task(state: TourState, s: int, o: int) -> Task | None:
    """The private task knight ``s`` may steal from knight ``o``: "He takes a private task card
    from the unconscious knight's player area" (and after a duel: "the winning knight can steal
    a private task card"); "A knight can have up to 1 private task"; 2-player game: "they
    cannot steal them from each other"."""
    if len(state.seats) == 2 or any(k.holder == s for k in state.tasks):
        return None
    return next((k for k in state.tasks if k.holder == o), None)


def steal(seat: Seat, other: Seat, option: str, task: Task | None = None,
          thief: int = -1) -> None:
    """Stealing from Knights: 1 gear card (not a vehicle or blue card), +2 Fuel, +2 Ammo or a
    private task, taken from the other knight (what he has)."""
    a, b = seat.knight, other.knight
    if option == "task" and task is not None:
        # "removes 1 general marker from this card (if able)"
        task.holder, task.marks = thief, max(0, task.marks - 1)
    elif option == "fuel":
        n = min(STEAL_RESOURCE, b.fuel)
        seat.knight = R.Knight(R.clamp(a.fuel + n), a.health, a.radiation, a.ammo)
        other.knight = R.Knight(b.fuel - n, b.health, b.radiation, b.ammo)
    elif option == "ammo":
        n = min(STEAL_RESOURCE, b.ammo)
        seat.knight = R.Knight(a.fuel, a.health, a.radiation, R.clamp(a.ammo + n))
        other.knight = R.Knight(b.fuel, b.health, b.radiation, b.ammo - n)
    else:
        for colour in ("red", "yellow", "green"):
            if getattr(other, colour):
                setattr(other, colour, getattr(other, colour) - 1)
                setattr(seat, colour, getattr(seat, colour) + 1)
                break


def steal_choice(seat: Seat, other: Seat, heuristic: bool, u: float,
                 task: bool = False) -> str:
    """What a knight steals: the heuristic one a private task he can take (3 Reputation when
    accomplished) unless his tank is nearly dry, then what he lacks, else the best gear card;
    the random one any option."""
    if not heuristic:
        options = ("fuel", "ammo", "gear") + (("task",) if task else ())
        return options[int(u * len(options))]
    if task and seat.knight.fuel > 1:
        return "task"
    if seat.knight.fuel <= 2 and other.knight.fuel:
        return "fuel"
    if seat.knight.ammo <= 1 and other.knight.ammo:
        return "ammo"
    return "gear" if other.red or other.yellow or other.green else "fuel"


def duel(state: TourState, s: int, seat: Seat, o: int, other: Seat) -> int:
    """A duel (combat between knights, always with dominance): +1 for the Active Knight's win,
    -1 for the other's, 0 for a draw. The winner gains +1 Reputation and steals."""
    deck = state.deck
    a = C.knight_side(deck, seat.knight.health, seat.knight.ammo)
    b = C.knight_side(deck, other.knight.health, other.knight.ammo)
    bots = state.setup.bots
    out = C.fight(deck, a, b, state.rng,
                  knight_policy=C.pick_random if bots[s] == "random" else C.pick_heuristic,
                  enemy_policy=C.pick_random if bots[o] == "random" else C.pick_heuristic,
                  duel=True)
    for side, st in ((a, seat), (b, other)):
        k = st.knight
        st.knight = R.Knight(k.fuel, max(0, side.health), k.radiation, side.ammo)
        st.stats[_DUELS] += 1
    if out.traded:  # "If both knights play the Defend combat cards during the first clash, the
        TR.trade(state, s, o)  # duel immediately ends and they may trade"
        return 0
    if out.winner:
        win, lose, w = (seat, other, s) if out.winner > 0 else (other, seat, o)
        win.rep += DUEL_REPUTATION
        win.stats[_DUELS_WON] += 1
        task = stealable_task(state, w, o if w == s else s)
        steal(win, lose, steal_choice(win, lose, bots[w] != "random", state.rng.random(),
                                      task is not None), task, w)
    for st in (seat, other):
        if R.knocked_out_by(st.knight) is not None and not st.ko:
            st.ko = True
            st.stats[_KO_DUEL] += 1
    return out.winner


def meet(state: TourState, s: int, seat: Seat, route: tuple[int, ...]) -> tuple[int, ...]:
    """The Active Knight's route through other knights' hexes; returns the hexes he covered
    (the route up to where a duel knocked him out)."""
    bots = state.setup.bots
    heuristic = bots[s] != "random"
    for i, hex_ in enumerate(route):
        for o, other in enumerate(state.seats):
            if o == s or other.pos != hex_:
                continue
            if other.ko:
                # "pass a search check as normal ... to revive this knight or to steal from him";
                # not a knight he knocked out in a duel this round.
                if o in state.beaten.get(s, ()) or (not heuristic and state.rng.random() < 0.5):
                    continue
                if not _search(state, seat):
                    continue
                if heuristic or state.rng.random() < 0.5:
                    revive(seat, other)
                    TR.trade(state, s, o)  # "the knights may trade without risking a duel"
                else:
                    task = stealable_task(state, s, o)
                    steal(seat, other, steal_choice(seat, other, False, state.rng.random(),
                                                    task is not None), task, s)
                continue
            # The heuristic knight never asks (a duel risks his Health for 1 Reputation); the
            # random one asks half the time. The heuristic knight refuses; the random one agrees
            # half the time; a refusal costs the Active Knight a search check.
            if heuristic or state.rng.random() >= 0.5:
                continue
            agrees = bots[o] == "random" and state.rng.random() < 0.5
            if not agrees and not _search(state, seat):
                continue
            if duel(state, s, seat, o, other) > 0 and other.ko:
                state.beaten.setdefault(s, set()).add(o)
            if seat.ko:
                return route[:i + 1]
    return route
