"""Reviving, stealing and duels (``knights.py``) pinned to the rulebook's words: each test was
written against a mutant of the module the earlier tests did not notice. Sections: Reviving
Knights, Stealing from Knights, Duels and Interacting Knights."""

from __future__ import annotations

import random

import pytest

from pnp.games.waste_knights import combat as C
from pnp.games.waste_knights import knights as K
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import trading as TR
from pnp.games.waste_knights.tour import Seat
from pnp.games.waste_knights.tour_stats import FIELDS

from .tour_helpers import flat_board, new_tour, quiet_deck

F = {name: i for i, name in enumerate(FIELDS)}


def seat(**kw):
    base = dict(speed=4, pos=0, knight=R.Knight(), green=3, luck=[0] * 4, stats=[0] * len(FIELDS))
    return Seat(**{**base, **kw})


# --- Reviving Knights ------------------------------------------------------------------------


def test_revive_heals_only_the_dial_that_shows_ko():
    # "This knight immediately heals 2 Radiation and/or 2 Health, depending on which counter or
    # dial shows "K.O."."
    me = seat()
    by_radiation = seat(knight=R.Knight(fuel=1, health=3, radiation=4, ammo=2), ko=True)
    K.revive(me, by_radiation)
    assert by_radiation.knight == R.Knight(fuel=1, health=3, radiation=2, ammo=2)
    assert not by_radiation.ko and me.rep == 1 and me.stats[F["revives"]] == 1
    by_health = seat(knight=R.Knight(fuel=2, health=0, radiation=3, ammo=1), ko=True)
    K.revive(me, by_health)
    assert by_health.knight == R.Knight(fuel=2, health=2, radiation=3, ammo=1)
    assert me.rep == 2 and me.stats[F["revives"]] == 2


# --- Stealing from Knights -------------------------------------------------------------------


def test_stealing_fuel_or_ammo_takes_what_the_other_knight_has():
    # "He gains +2 Fuel." / "+2 Ammo." - "both knights update the proper counters or dials";
    # a knight with 1 Fuel gives 1; a full dial ignores the rest ("Any changes above 4 ... should
    # be ignored")
    me = seat(knight=R.Knight(fuel=1, health=3, radiation=1, ammo=1))
    other = seat(knight=R.Knight(fuel=1, health=2, radiation=2, ammo=3))
    K.steal(me, other, "fuel")
    assert me.knight == R.Knight(fuel=2, health=3, radiation=1, ammo=1)
    assert other.knight == R.Knight(fuel=0, health=2, radiation=2, ammo=3)
    K.steal(me, other, "ammo")
    assert me.knight == R.Knight(fuel=2, health=3, radiation=1, ammo=3)
    assert other.knight == R.Knight(fuel=0, health=2, radiation=2, ammo=1)
    full = seat(knight=R.Knight(fuel=4, ammo=4))
    rich = seat(knight=R.Knight(fuel=4, ammo=4))
    K.steal(full, rich, "fuel")
    K.steal(full, rich, "ammo")
    assert (full.knight.fuel, full.knight.ammo) == (4, 4)
    assert (rich.knight.fuel, rich.knight.ammo) == (2, 2)


def test_stealing_gear_takes_one_card_best_first():
    # "He takes 1 gear card (except a vehicle card or a blue gear card)" - one card, the most
    # valuable colour first (red, yellow, green: choice, the thief's)
    me, other = seat(green=0), seat(green=2, yellow=1)
    K.steal(me, other, "gear")
    assert (me.yellow, other.yellow, me.green, other.green, me.red) == (1, 0, 0, 2, 0)
    K.steal(me, other, "gear")
    assert (me.green, other.green, me.yellow) == (1, 1, 1)
    empty = seat(green=0)
    K.steal(me, empty, "gear")
    assert (me.green, me.yellow, me.red) == (1, 1, 0)


def test_a_task_steal_without_a_task_takes_no_task():
    state = new_tour(flat_board(2), 3, deck=quiet_deck())
    task = state.tasks[0]
    task.holder, task.marks = 1, 2
    me, other = seat(green=0), seat(green=1)
    K.steal(me, other, "task", None, 0)
    assert (task.holder, task.marks) == (1, 2)


# --- Duels -------------------------------------------------------------------------------------


def _fixed_fight(winner: int, a_health: int, b_health: int, *, traded: bool = False,
                 a_ammo: int | None = None):
    """A stand-in for ``combat.fight`` that ends a duel as told."""
    seen = {}

    def fight(deck, a, b, rng, *, knight_policy, enemy_policy, duel):
        seen.update(duel=duel, knight_policy=knight_policy, enemy_policy=enemy_policy)
        a.health, b.health = a_health, b_health
        if a_ammo is not None:
            a.ammo = a_ammo
        return C.Outcome(winner, 0, 0, 0, 1, winner, [], traded=traded)
    return fight, seen


def _duel_state(bots=("heuristic", "heuristic"), players=3):
    state = new_tour(flat_board(2), players, deck=quiet_deck(), rng=random.Random(3))
    state.setup = type(state.setup)(**{**state.setup.__dict__, "bots": tuple(bots) + (
        "heuristic",) * (players - len(bots))})
    return state


def test_a_duel_writes_back_health_and_ammo_and_counts_for_both(monkeypatch):
    # Duels: "Dueling knights do not use Health loss tokens - they track all Health changes on
    # their player boards"; "Both knights must spend Ammo"; "always use dominance rules"
    fight, seen = _fixed_fight(0, 2, 3, a_ammo=1)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    a, b = state.seats[0], state.seats[1]
    a.knight = R.Knight(fuel=3, health=4, radiation=1, ammo=4)
    b.knight = R.Knight(fuel=2, health=4, radiation=2, ammo=2)
    assert K.duel(state, 0, a, 1, b) == 0
    assert a.knight == R.Knight(fuel=3, health=2, radiation=1, ammo=1)
    assert b.knight == R.Knight(fuel=2, health=3, radiation=2, ammo=2)
    assert a.stats[F["duels"]] == b.stats[F["duels"]] == 1
    assert a.rep == b.rep == 0 and not a.ko and not b.ko
    assert seen == dict(duel=True, knight_policy=C.pick_heuristic,
                        enemy_policy=C.pick_heuristic)


def test_random_knights_duel_with_the_random_policy(monkeypatch):
    fight, seen = _fixed_fight(0, 4, 4)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state(("heuristic", "random"))
    K.duel(state, 0, state.seats[0], 1, state.seats[1])
    assert seen["knight_policy"] is C.pick_heuristic and seen["enemy_policy"] is C.pick_random
    state = _duel_state(("random", "heuristic"))
    K.duel(state, 0, state.seats[0], 1, state.seats[1])
    assert seen["knight_policy"] is C.pick_random and seen["enemy_policy"] is C.pick_heuristic


@pytest.mark.parametrize("winner", [1, -1])
def test_the_duel_winner_gains_one_reputation_and_steals(monkeypatch, winner):
    # "The winner of a duel gains no rewards. Instead, he gains +1 Reputation and can steal from
    # the defeated knight ... even if this knight does not lose consciousness"
    fight, _ = _fixed_fight(winner, 3, 3)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    a, b = state.seats[0], state.seats[1]
    a.knight = b.knight = R.Knight(fuel=1, health=4, radiation=0, ammo=1)
    assert K.duel(state, 0, a, 1, b) == winner
    win, lose = (a, b) if winner > 0 else (b, a)
    assert (win.rep, lose.rep) == (1, 0)
    assert (win.stats[F["duels_won"]], lose.stats[F["duels_won"]]) == (1, 0)
    assert (win.knight.fuel, lose.knight.fuel) == (2, 0)   # the heuristic thief's Fuel
    assert not a.ko and not b.ko


def test_a_duel_winner_steals_the_losers_private_task(monkeypatch):
    # "After a knight is defeated in a duel, the winning knight can steal a private task card
    # from the defeated knight ... 1 general marker should be discarded from the stolen task."
    fight, _ = _fixed_fight(-1, 3, 3)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    task = state.tasks[0]
    task.holder, task.marks = 0, 1
    a, b = state.seats[0], state.seats[1]
    b.knight = R.Knight(fuel=3, health=4, radiation=0, ammo=1)
    K.duel(state, 0, a, 1, b)
    assert (task.holder, task.marks) == (1, 0)


def test_a_duel_ending_in_two_defends_is_a_trade_and_nobody_wins(monkeypatch):
    # "If both knights play the Defend combat cards during the first clash, the duel immediately
    # ends and they may trade"
    fight, _ = _fixed_fight(1, 4, 4, traded=True)
    monkeypatch.setattr(C, "fight", fight)
    traded = []
    monkeypatch.setattr(TR, "trade", lambda state, s, o: traded.append((s, o)) or 0)
    state = _duel_state()
    a, b = state.seats[0], state.seats[1]
    assert K.duel(state, 0, a, 2, b) == 0
    assert traded == [(0, 2)] and a.rep == b.rep == 0 and a.stats[F["duels_won"]] == 0


def test_a_knight_knocked_out_in_a_duel_is_counted_once(monkeypatch):
    # "If a duel ends with one knight losing consciousness" - he lies unconscious (K.O.)
    fight, _ = _fixed_fight(1, 3, 0)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    a, b = state.seats[0], state.seats[1]
    K.duel(state, 0, a, 1, b)
    assert b.ko and not a.ko and b.stats[F["ko_wasteland"]] == 1
    assert a.stats[F["ko_wasteland"]] == 0
    b.knight = R.Knight(fuel=1, health=0, radiation=0, ammo=0)
    fight, _ = _fixed_fight(0, 3, 0)
    monkeypatch.setattr(C, "fight", fight)
    K.duel(state, 0, a, 1, b)
    assert b.stats[F["ko_wasteland"]] == 1          # already unconscious: not counted again


# --- Interacting on the route (meet) ---------------------------------------------------------


def _route_state(bots=("heuristic", "heuristic"), value=0.7, players=2):
    """Knight 1 active at hex 0 with a route 0 -> 1 -> 2 -> 3; knight 2 stands on hex 2."""
    state = _duel_state(bots, players)
    state.rng = FixedRandom(value)
    for i, st in enumerate(state.seats):
        st.pos = 2 if i == 1 else 9 + i
    return state


class FixedRandom(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:  # noqa: D102
        return self.value


def _spy(monkeypatch, *, search, duel_result: int = 0, ko_after: tuple[bool, bool] =
         (False, False), state=None):
    """Stand-ins for the search check, the duel and trading that record their calls;
    ``search``: the checks' results (a bool for all of them)."""
    calls: dict[str, list] = {"search": [], "duel": [], "trade": [], "revive": []}
    results = list(search) if isinstance(search, list) else None

    def fake_search(state_, seat):
        assert state is None or state_ is state
        calls["search"].append(seat)
        return results.pop(0) if results is not None else search

    def fake_duel(state_, s, seat, o, other):
        assert state is None or state_ is state
        calls["duel"].append((s, o))
        seat.ko, other.ko = ko_after
        return duel_result
    monkeypatch.setattr(K, "_search", fake_search)
    monkeypatch.setattr(K, "duel", fake_duel)
    monkeypatch.setattr(TR, "trade", lambda state, s, o: calls["trade"].append((s, o)) or 0)
    return calls


def test_an_unconscious_knight_on_the_route_is_revived_after_a_search_check(monkeypatch):
    # "The Active Knight may move through an unconscious knight's hex and pass a search check as
    # normal (see Duels) to revive this knight"; "the knights may trade without risking a duel"
    state = _route_state()
    down = state.seats[1]
    down.ko, down.knight = True, R.Knight(fuel=1, health=0, radiation=0, ammo=1)
    calls = _spy(monkeypatch, search=False)
    assert K.meet(state, 0, state.seats[0], (1, 2, 3)) == (1, 2, 3)
    assert down.ko and calls["search"] == [state.seats[0]] and not calls["trade"]
    calls = _spy(monkeypatch, search=True)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not down.ko and calls["trade"] == [(0, 1)] and not calls["duel"]


def test_the_duel_winner_cannot_revive_the_knight_he_knocked_out_this_round(monkeypatch):
    # "If a duel ends with one knight losing consciousness, the winner of this duel cannot
    # revive this knight during the same round he defeated him."
    state = _route_state()
    down = state.seats[1]
    down.ko, down.knight = True, R.Knight(fuel=1, health=0, radiation=0, ammo=1)
    state.beaten = {0: {1}}
    calls = _spy(monkeypatch, search=True)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert down.ko and not calls["search"]
    state.beaten = {1: {0}}                              # another knight's victim: no matter
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not down.ko


def test_a_random_knight_may_steal_from_an_unconscious_knight(monkeypatch):
    # "to revive this knight or to steal from him"; the random knight's draw 0.7: steal, the
    # third option (gear)
    state = _route_state(("random", "heuristic"))
    down = state.seats[1]
    down.ko, down.red = True, 1
    _spy(monkeypatch, search=True)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert down.ko and (state.seats[0].red, down.red) == (1, 0)


def test_knights_off_the_route_and_the_active_knight_himself_are_left_alone(monkeypatch):
    state = _route_state(("random", "random"), value=0.2)
    calls = _spy(monkeypatch, search=True)
    assert K.meet(state, 0, state.seats[0], (1, 3)) == (1, 3)
    state.seats[0].pos = 1
    K.meet(state, 0, state.seats[0], (1, 3))
    assert not calls["duel"] and not calls["search"]


def test_a_refusing_knight_is_duelled_only_after_a_search_check(monkeypatch):
    # "The Knight Refuses: The Active Knight may make a Search Check ... If the check is
    # passed, the knights start a duel as normal ... If the search check is failed, nothing
    # happens and the Active Knight can continue his move."
    state = _route_state(("random", "heuristic"), value=0.2)   # asks; the heuristic refuses
    calls = _spy(monkeypatch, search=False)
    assert K.meet(state, 0, state.seats[0], (1, 2, 3)) == (1, 2, 3)
    assert calls["search"] and not calls["duel"]
    calls = _spy(monkeypatch, search=True)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert calls["duel"] == [(0, 1)]


def test_an_agreeing_knight_duels_without_a_search_check(monkeypatch):
    # "The Knight Agrees: The knights start a Duel"
    state = _route_state(("random", "random"), value=0.2)
    calls = _spy(monkeypatch, search=False)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert calls["duel"] == [(0, 1)] and not calls["search"]


def test_the_heuristic_knight_never_asks_and_the_random_one_half_the_time(monkeypatch):
    # "he may ask each knight present whether he wishes to interact" - a bot's choice
    for bots, value in ((("heuristic", "random"), 0.2), (("random", "random"), 0.5)):
        state = _route_state(bots, value=value)
        calls = _spy(monkeypatch, search=True)
        K.meet(state, 0, state.seats[0], (1, 2, 3))
        assert not calls["duel"]


def test_a_knight_knocked_out_in_a_duel_on_his_route_stops_there(monkeypatch):
    state = _route_state(("random", "random"), value=0.2)
    _spy(monkeypatch, search=True, duel_result=-1, ko_after=(True, False))
    assert K.meet(state, 0, state.seats[0], (1, 2, 3)) == (1, 2)
    assert not state.beaten.get(0)


def test_knocking_out_the_other_knight_marks_him_beaten_this_round(monkeypatch):
    state = _route_state(("random", "random"), value=0.2)
    _spy(monkeypatch, search=True, duel_result=1, ko_after=(False, True))
    assert K.meet(state, 0, state.seats[0], (1, 2, 3)) == (1, 2, 3)
    assert state.beaten == {0: {1}}
    state = _route_state(("random", "random"), value=0.2)
    _spy(monkeypatch, search=True, duel_result=1, ko_after=(False, False))
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not state.beaten.get(0)
    state = _route_state(("random", "random"), value=0.2)
    _spy(monkeypatch, search=True, duel_result=0, ko_after=(False, True))
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not state.beaten.get(0)


def test_the_search_check_is_a_challenging_survival_check_with_the_wound_dice():
    # "It is a Challenging (7) Survival check"; Health: "-1 die icon: A knight rolls 1 less
    # die in all skill checks"
    state = _duel_state()
    me = state.seats[0]
    skill = state.deck.skills["survival"]
    for health, pool in ((4, skill), (1, max(1, skill - 2))):
        me.knight = R.Knight(fuel=2, health=health, radiation=0, ammo=2)
        p = R.check_probability(pool, 7)
        state.rng = FixedRandom(p - 1e-9)
        assert K._search(state, me)
        state.rng = FixedRandom(p)
        assert not K._search(state, me)
    assert (K.SEARCH_SKILL, K.SEARCH_DIFFICULTY) == ("survival", 7)
    assert (K.REVIVE_HEAL, K.REVIVE_REPUTATION, K.DUEL_REPUTATION, K.STEAL_RESOURCE) == (
        2, 1, 1, 2)


def _down(st, **kw):
    st.ko, st.pos = True, 2
    st.knight = R.Knight(fuel=1, health=0, radiation=0, ammo=1)
    for k, v in kw.items():
        setattr(st, k, v)


def test_every_knight_in_the_hex_is_met_in_turn(monkeypatch):
    # "he may ask each knight present"; "The Active Knight may interact with any number of
    # knights during his move" - one skipped, refused or revived, the next is still met
    state = _route_state(players=3)
    _down(state.seats[1])
    _down(state.seats[2])
    calls = _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not state.seats[1].ko and not state.seats[2].ko and len(calls["search"]) == 2
    state = _route_state(players=3)                      # the first one beaten this round
    _down(state.seats[1])
    _down(state.seats[2])
    state.beaten = {0: {1}}
    _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert state.seats[1].ko and not state.seats[2].ko
    state = _route_state(players=3)                      # the first search check fails
    _down(state.seats[1])
    _down(state.seats[2])
    _spy(monkeypatch, search=[False, True], state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert state.seats[1].ko and not state.seats[2].ko
    state = _route_state(players=3)                      # a conscious knight first
    state.seats[2].pos = 2
    _down(state.seats[2])
    _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert not state.seats[2].ko


def test_after_a_refusal_and_a_failed_search_the_next_knight_is_asked(monkeypatch):
    state = _route_state(("random", "heuristic", "random"), value=0.2, players=3)
    state.seats[2].pos = 2                               # knight 2 refuses, knight 3 agrees
    calls = _spy(monkeypatch, search=[False], state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert calls["duel"] == [(0, 2)] and calls["search"] == [state.seats[0]]


def test_a_random_thief_takes_the_option_its_draw_names(monkeypatch):
    # Stealing from Knights: "he can choose one of the following options" (the random knight:
    # each option alike); a private task when there is one to take ("removes 1 general marker")
    state = _route_state(("random", "heuristic"), value=0.5)
    _down(state.seats[1], knight=R.Knight(fuel=3, health=0, radiation=0, ammo=3))
    state.seats[0].knight = R.Knight(fuel=4, health=4, radiation=0, ammo=2)
    _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    # 0.5 of 3: Ammo (the heuristic thief, full of Fuel and Ammo, would take gear or Fuel)
    assert state.seats[1].ko and state.seats[0].knight.ammo == 4
    state = _route_state(("random", "heuristic", "heuristic"), value=0.8, players=3)
    _down(state.seats[1])
    task = state.tasks[0]
    task.holder, task.marks = 1, 2
    _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert (task.holder, task.marks) == (0, 1)                       # 0.8 of 4: the task
    state = _route_state(("random", "heuristic", "heuristic"), value=0.8, players=3)
    _down(state.seats[1], red=1)
    state.tasks[0].holder = 1
    state.tasks.append(state.tasks[0].copy())
    state.tasks[-1].holder = 0                            # the thief has one: no task option
    _spy(monkeypatch, search=True, state=state)
    K.meet(state, 0, state.seats[0], (1, 2, 3))
    assert state.tasks[0].holder == 1 and state.seats[0].red == 1    # 0.8 of 3: gear


def test_the_random_knights_steal_choice_names_each_option():
    me, other = seat(), seat(red=1)
    assert [K.steal_choice(me, other, False, u) for u in (0.0, 0.34, 0.67)] == [
        "fuel", "ammo", "gear"]
    assert [K.steal_choice(me, other, False, u, task=True) for u in (0.0, 0.5, 0.75)] == [
        "fuel", "gear", "task"]


def test_duel_counters_and_reputation_add_up(monkeypatch):
    fight, _ = _fixed_fight(1, 3, 0)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    a, b = state.seats[0], state.seats[1]
    a.rep, a.stats[F["duels"]], a.stats[F["duels_won"]] = 2, 1, 1
    b.stats[F["ko_wasteland"]] = 1
    K.duel(state, 0, a, 1, b)
    assert (a.rep, a.stats[F["duels"]], a.stats[F["duels_won"]]) == (3, 2, 2)
    assert b.stats[F["ko_wasteland"]] == 2 and b.stats[F["duels"]] == 1


def test_a_random_duel_winner_steals_by_its_draw(monkeypatch):
    fight, _ = _fixed_fight(1, 3, 3)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state(("random", "heuristic"))
    state.rng = FixedRandom(0.5)
    a, b = state.seats[0], state.seats[1]
    a.knight = R.Knight(fuel=1, health=4, radiation=0, ammo=1)
    b.knight = R.Knight(fuel=3, health=4, radiation=0, ammo=3)
    K.duel(state, 0, a, 1, b)
    assert (a.knight.fuel, a.knight.ammo) == (1, 3)       # the heuristic one would take Fuel


def test_the_active_duel_winner_steals_the_other_knights_task_unless_he_holds_one(monkeypatch):
    fight, _ = _fixed_fight(1, 3, 3)
    monkeypatch.setattr(C, "fight", fight)
    state = _duel_state()
    task = state.tasks[0]
    task.holder, task.marks = 1, 1
    a, b = state.seats[0], state.seats[1]
    a.knight = R.Knight(fuel=3, health=4, radiation=0, ammo=1)
    K.duel(state, 0, a, 1, b)
    assert task.holder == 0
    state = _duel_state()
    state.tasks[0].holder = 1
    state.tasks.append(state.tasks[0].copy())
    state.tasks[-1].holder = 0
    a, b = state.seats[0], state.seats[1]
    a.knight = R.Knight(fuel=3, health=4, radiation=0, ammo=1)
    K.duel(state, 0, a, 1, b)
    assert state.tasks[0].holder == 1
