"""The simulator's fast paths give what the slow ones give: the shuffle and the die draw the
same stream as ``random``; ``apply``'s per-action check agrees with ``legal_actions()``; the
heuristic crew, which never builds the legal list on its turn, only picks legal actions."""

from __future__ import annotations

import random

import pytest

from pnp.games.waste_of_parts import GAME
from pnp.games.waste_of_parts import actions as A
from pnp.games.waste_of_parts.rules import WASTES, shuffle
from pnp.games.waste_of_parts.state import TURN, WasteState
from pnp.games.waste_of_parts.turns import turn_action_legal
from pnp.sim.play import game_seed, play


@pytest.mark.parametrize("n", [0, 1, 2, 5, 6, 7, 8, 9, 70, 149])
def test_shuffle_is_random_shuffle(n: int) -> None:
    for seed in range(20):
        mine, theirs = list(range(n)), list(range(n))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, mine)
        b.shuffle(theirs)
        assert mine == theirs and a.getstate() == b.getstate()


def test_roll_is_randint() -> None:
    s = GAME.rules.new_state(GAME.make_setup("t", 4, ("random",) * 4, {}), random.Random(3))
    twin = random.Random()
    twin.setstate(s.rng.getstate())
    assert s.roll(500) == [twin.randint(1, 6) for _ in range(500)]


def _candidates(s: WasteState) -> list[object]:
    """Actions that may or may not be legal now: every shape, with nearby values."""
    ids = [e.ident for e in s.enemies] + [0, 10_000]
    cards = [g.ident for r in s.ground.values() for g in r] + [0]
    out: list[object] = [A.EndTurn(), A.Repair(), A.Extinguish(), A.Fuel(), A.Reinforce()]
    out += [A.Move(r) for r in range(0, WASTES + 2)]
    out += [A.Attack(e, slot) for e in ids for slot in (-1, 0, 1, 2)]
    out += [A.FireGun(g, e) for g in (8, 9, 12) for e in ids]
    out += [cls(slot) for cls in (A.Reload, A.Drop) for slot in (-1, 0, 1, 2)]
    out += [A.Give(slot, seat) for slot in (0, 1, 2) for seat in range(-1, 6)]
    out += [A.Trade(slot, c) for slot in (0, 1) for c in cards]
    out += [A.TradeWith(slot, seat, other) for slot in (-1, 0, 1, 2) for seat in range(-1, 6)
            for other in (-1, 0, 1, 2)]
    out += [A.PickUp(c) for c in cards]
    out += [cls(seat) for cls in (A.Mend, A.Revive) for seat in range(-1, 6)]
    return out


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_turn_check_agrees_with_the_legal_list(bots: str) -> None:
    checked = 0
    for crew in (3, 5):
        setup = GAME.make_setup("fast", crew, (bots,) * crew, {})

        def compare(player: int, action: object, s: WasteState) -> None:
            nonlocal checked
            if s.phase != TURN or s.is_over():
                return
            s.touch()
            legal = s.legal_actions()
            for a in _candidates(s) + list(legal):
                assert turn_action_legal(s, a) == (a in legal), a
            checked += 1

        for i in range(4):
            # check=True: every heuristic pick is confirmed among legal_actions().
            play(GAME, setup, game_seed("fast", i), check=True, on_action=compare)
    assert checked > 300


@pytest.mark.parametrize("crew", [3, 4, 5])
def test_play_record_is_the_checked_game(crew: int) -> None:
    """``simulate``'s fast path (actions applied unchecked) records what ``play(check=True)``
    records, game for game, for both crews and with the Events."""
    from pnp.sim.play import record_game

    for bots in ("heuristic", "random"):
        setup = GAME.make_setup("same", crew, (bots,) * crew, {"events": crew == 4})
        for i in range(6):
            seed = game_seed("same", i)
            assert record_game(GAME, setup, seed) == record_game(GAME, setup, seed, check=True)


def test_toward_is_a_shortest_step() -> None:
    """``MechMap.toward``: one move nearer, the lowest-numbered of the nearest neighbours."""
    mech = GAME.make_setup("t", 4, ("random",) * 4, {}).config.mech
    for a, row in mech.toward.items():
        for b, step in row.items():
            closer = [r for r in mech.adjacent[a] if mech.dist[r][b] < mech.dist[a][b]]
            assert step == min(closer)
