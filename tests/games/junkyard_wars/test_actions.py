"""Junkyard Wars on the game interface: action values, their text and parse, legal actions,
apply (IllegalAction), clone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.api import IllegalAction
from pnp.games.junkyard_wars import GAME
from pnp.games.junkyard_wars import actions as A
from pnp.games.junkyard_wars.bots import HeuristicBot, RandomBot
from pnp.games.junkyard_wars.generate import CONSTRUCTION_ZONE, NODE_INDEX, NODES
from pnp.games.junkyard_wars.rules import BLANK, NO_LETTER, letter_code

from .toy import TABLES, ZONE, make_game, start_turn_two

EXAMPLES = [
    (A.ChooseMachine(1, "CLOCK"), "chooses machine card 2: CLOCK"),
    (A.Move(0, NODE_INDEX[(3, 7)]), "worker 1 moves to 7/3"),
    (A.MoveTogether(1, NODE_INDEX[(0, 14)]), "worker 2 moves with his co-carriers to 14/0"),
    (A.Travel(3, NODE_INDEX[(-1, 15)]), "worker 4 travels toward 15/-1"),
    (A.Search(2), "worker 3 searches his square"),
    (A.PickUp(2, 41, letter_code("R")), "worker 3 picks up tile 41 (R)"),
    (A.PickUp(2, 12, BLANK, letter_code("Q")), "worker 3 picks up tile 12 (blank) as Q"),
    (A.Drop(0, 41, letter_code("R")), "worker 1 drops tile 41 (R)"),
    (A.Share(1, 41, letter_code("R")), "worker 2 helps carry tile 41 (R)"),
    (A.Release(1, 12, BLANK), "worker 2 lets go of tile 12 (blank)"),
    (A.Assemble(0, 6), "worker 1 puts 6 MA into assembling"),
    (A.Debug(3, 2), "worker 4 puts 2 MA into debugging"),
    (A.TEST, "throws the switch to test the machine"),
    (A.END_TURN, "ends the turn"),
    (A.Trade(7, letter_code("O"), 2, 12, BLANK), "trades tile 7 (O) for P3's tile 12 (blank)"),
]


@pytest.mark.parametrize("action,text", EXAMPLES)
def test_action_text_in_the_rulebook_words_and_back(action, text):
    assert str(action) == text
    assert A.parse_action(text) == action and GAME.rules.parse_action(text) == action


def test_every_action_type_has_an_example():
    assert {type(a) for a, _ in EXAMPLES} == set(A.ACTIONS)


def test_squares_are_column_slash_row_of_the_board():
    zone = NODE_INDEX[CONSTRUCTION_ZONE]
    assert A.square_name(zone) == "7/7" and A.square_name(0) == "0/0"
    assert A.square_name(NODE_INDEX[(2, 11)]) == "11/2"  # column 11, row 2
    assert [A.parse_square(A.square_name(sq)) for sq in range(len(NODES))] == list(
        range(len(NODES)))
    assert A.parse_square(A.square_name(400)) == 400


@pytest.mark.parametrize("text", ["", "worker 1 flies to 3/3", "worker 1 moves to 20/20",
                                  "worker x searches his square", "ends the turn now"])
def test_parse_refuses_other_text(text):
    with pytest.raises(ValueError):
        A.parse_action(text)


def test_actions_of_different_kinds_never_compare_equal():
    assert A.Move(0, 5) != A.Travel(0, 5) and A.Share(0, 1, 2) != A.Release(0, 1, 2)
    assert A.TEST != A.END_TURN and len({A.Move(0, 5), A.Travel(0, 5), A.Move(0, 5)}) == 2
    assert A.Move(0, 5) == A.Move(0, 5) and hash(A.Move(0, 5)) == hash(A.Move(0, 5))


def session_game(seed: int = 4, players: int = 2, bots: str = "heuristic"):
    setup = GAME.make_setup("actions", players, (bots,) * players, {})
    return GAME.rules.new_state(setup, random.Random(seed))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_every_legal_action_round_trips_and_applies_on_a_clone(seed, players):
    # Positions from random play on the session board; every legal action's text parses back,
    # and applying it to a clone never raises.
    state = session_game(seed, players, "random")
    bots = [RandomBot() for _ in range(players)]
    rng = random.Random(seed)
    for step in range(400):
        if state.is_over():
            break
        if step % 97 == 0:
            actions = state.legal_actions()
            assert actions[-1] == A.END_TURN and len(set(actions)) == len(actions)
            travels = [a for a in actions if isinstance(a, A.Travel)]
            for action in [a for a in actions if not isinstance(a, A.Travel)] + travels[::25]:
                assert A.parse_action(str(action)) == action
                state.clone().apply(action)
        state.apply(bots[state.current_player].choose(state, rng))


def test_legal_actions_of_a_turn():
    state = make_game()
    start_turn_two(state)
    actions = state.legal_actions()
    assert actions[:2] == [A.ChooseMachine(0, state.deck[state.cards[0][0]]),
                           A.ChooseMachine(1, state.deck[state.cards[0][1]])]
    assert A.Travel(0, 14) in actions and A.Travel(0, ZONE) not in actions
    assert A.Search(0) in actions  # searching an empty square wastes an action, but is allowed
    assert actions[-1] == A.END_TURN and A.TEST not in actions


@pytest.mark.parametrize("action", [
    A.Move(4, 7),  # "worker 5" is the next team's worker 1
    A.Travel(4, 7),
    A.Move(-1, 7),
    A.Move(0, 12),  # not adjacent
    A.Travel(0, ZONE),  # already there
    A.Travel(0, 99),  # no such square
    A.Search(7),
    A.PickUp(0, 0, letter_code("C")),  # lying elsewhere
    A.PickUp(0, 9, letter_code("C")),  # no tile 9
    A.Drop(0, 0, letter_code("C")),  # not carried
    A.Assemble(0, 1),  # no machine, no pile
    A.Debug(0, 1),  # nothing to debug
    A.TEST,
    A.ChooseMachine(0, "NOTACARD"),
    A.ChooseMachine(2, "ROBOT"),
    "ends the turn",  # text, not an action
])
def test_apply_refuses_illegal_actions(action):
    state = make_game()
    start_turn_two(state)
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.w_sq == before.w_sq and state.w_used == before.w_used
    assert action not in state.legal_actions()


def test_pick_up_names_the_tile_letter_and_a_blank_its_role():
    state = make_game(at={0: ZONE, 3: ZONE})
    start_turn_two(state)
    state.apply(A.Search(0))
    with pytest.raises(IllegalAction):
        state.apply(A.PickUp(0, 0, letter_code("A")))  # tile 0 is the C
    with pytest.raises(IllegalAction):
        state.apply(A.PickUp(0, 0, letter_code("C"), letter_code("A")))  # only blanks get roles
    with pytest.raises(IllegalAction):
        state.apply(A.PickUp(0, 3, BLANK, NO_LETTER))  # a blank needs its role
    state.apply(A.PickUp(0, 3, BLANK, letter_code("T")))
    assert state.blank_as[3] == letter_code("T")


def test_travel_checks_what_a_move_checks():
    # Moving: only during the owner's turn, never while carrying an object together, one action
    # per square.
    state = make_game(at={0: 7})
    start_turn_two(state)
    state.apply(A.Travel(0, 7))
    state.apply(A.Travel(1, 7))
    state.apply(A.Search(0))
    state.apply(A.PickUp(0, 0, letter_code("C")))
    state.apply(A.Share(1, 0, letter_code("C")))
    for k in (0, 1):
        with pytest.raises(IllegalAction):
            state.apply(A.Travel(k, 14))
    state.apply(A.Release(1, 0, letter_code("C")))
    state.apply(A.Travel(1, 14))  # 3 moves: 2 of his 6 actions left
    assert state.w_sq[1] == 14 and state.remaining(1) == 2
    state.apply(A.Travel(1, 0))  # as far as his actions allow
    assert state.remaining(1) == 0 and TABLES.dist[0][state.w_sq[1]] == TABLES.dist[0][14] - 2
    for action in (A.Travel(1, 14), A.Move(1, TABLES.neighbours[state.w_sq[1]][0])):
        with pytest.raises(IllegalAction):  # no actions left
            state.apply(action)


def test_clone_is_independent_and_plays_the_same_future():
    state = session_game(7, 3)
    bots = [HeuristicBot() for _ in range(3)]
    rng = random.Random(1)
    while state.player_turns < 12:
        state.apply(bots[state.current_player].choose(state, rng))
    copy = state.clone()
    copy.log, state.log = [], []
    played = []
    while not state.is_over():
        action = bots[state.current_player].choose(state, rng)
        played.append(action)
        state.apply(action)
    assert copy.player_turns == 12 and not copy.over  # untouched by the original's game
    for action in played:
        copy.apply(action)
    assert copy.is_over() and copy.returns() == state.returns() and copy.log == state.log
    for name in ("w_sq", "tile_at", "pile", "links", "tests", "broken", "known"):
        assert getattr(copy, name) == getattr(state, name), name
    assert copy.rng.getstate() == state.rng.getstate()
