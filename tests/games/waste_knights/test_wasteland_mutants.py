"""Wasteland cards in play, clause by clause (wasteland.py).

Written against the mutants ``benchmarks/mutation.py`` left alive: who the Waster is, the mean
Waster's card against a knight on foot, the Redoubt's card and the discard pile, escape checks of
several successes, every effect and reward (added to what the knight has, every other dial
left alone), the records counted once more, and the log's lines.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.cards import Card, Panel
from pnp.games.waste_knights.tour_stats import FIELDS

from .test_enemy_task import BEAST, ROBOT
from .test_knights import seat as make_seat
from .test_wasteland import Tens, card, fought_with
from .tour_helpers import FixedRandom, flat_board, new_tour, quiet_deck

F = {name: i for i, name in enumerate(FIELDS)}
K = R.Knight(fuel=2, health=3, radiation=1, ammo=2)  # no dial at its default
MILD = Card("Quiet Road", "event", "survival", 5)
HARD = Card("Acid Burn", "event", "survival", 9, effects=(("lose_health", 1),))
HARD_NOT_ON_FOOT = replace(HARD, title="Road Block", on_foot=False)


def test_who_is_the_waster():
    """Waster: 4 players: "the player sitting directly opposite the new Active Knight"; 3
    players: "the player sitting to the right of the Active Knight"; 2 players: "the player who
    is not the Active Knight"."""
    assert [W.waster_seat(a, 4) for a in range(4)] == [2, 3, 0, 1]
    assert [W.waster_seat(a, 3) for a in range(3)] == [2, 0, 1]
    assert [W.waster_seat(a, 2) for a in range(2)] == [1, 0]


def test_the_mean_waster_against_a_knight_on_foot_and_among_equals():
    """A card that spares knights on foot is no choice against one; of equal cards the first
    revealed."""
    deck = quiet_deck(MILD, HARD_NOT_ON_FOOT, MILD)
    assert W.waster_choice(deck, [0, 1], False) == 1
    assert W.waster_choice(deck, [0, 1], True) == 0
    assert W.waster_choice(deck, [2, 0], False) == 0 and W.waster_choice(deck, [0, 2], True) == 0


def tour(*cards: Card, players: int = 2, rng=None):
    return new_tour(flat_board(2), players, deck=quiet_deck(*cards), rng=rng or FixedRandom(0.0))


def test_play_card_the_redoubts_card_first_then_the_deck():
    """Kosciusko's Redoubt: "In the next Move Step, instead of revealing wasteland cards from the
    deck, the Waster must play 1 card placed under the Waster marker"."""
    state = tour(MILD, HARD, MILD)
    wd = state.wasteland
    wd.order, wd.discard = [0, 2], [9]
    state.round, state.redoubt = 2, [(1, 1)]
    assert W.play_card(state, 0, state.seats[0], 2, False) == 1
    assert wd.order == [0, 2] and wd.discard == [9, 1] and state.redoubt == []


def test_play_card_reveals_discards_and_reshuffles():
    """Resolve Movement b): the revealed cards go onto the discard pile (with what it holds);
    an empty deck is the discard pile shuffled; the mean Waster's choice against a knight on
    foot, and the task's enemy when one is revealed."""
    state = tour(MILD, HARD_NOT_ON_FOOT, MILD)
    wd = state.wasteland
    wd.order, wd.discard = [0, 1], [2]
    assert W.play_card(state, 0, state.seats[0], 2, True) == 0
    assert wd.discard == [2, 1, 0] and wd.order == []
    assert W.play_card(state, 0, state.seats[0], 1, False) in (0, 1, 2)  # reshuffled
    assert len(wd.order) + len(wd.discard) == 3
    task = tour(BEAST, ROBOT)
    task.task_trait = "machine"
    task.wasteland.order = [0, 1]
    assert W.play_card(task, 0, task.seats[0], 2, False) == 1


class Faces(FixedRandom):
    """Every die shows ``face``."""

    def __init__(self, face: int) -> None:
        super().__init__()
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face


def test_an_escape_check_of_several_successes():
    """Making Checks: "If the number of successes rolled is important, it is clearly mentioned
    (ex. a Hungry Locusts wasteland card)": as many successes as the card needs pass it."""
    state = tour(rng=Faces(10))
    seat = state.seats[0]
    pool = R.escape_check_pool(state.deck.skills["survival"], seat.knight.health)
    exact = replace(HARD, successes=pool)
    assert W._escape(state, seat, exact)
    assert not W._escape(state, seat, replace(HARD, successes=pool + 1))
    state.rng = Faces(1)
    assert not W._escape(state, seat, replace(HARD, successes=2))
    state.rng = Faces(9)  # "9" meets Hard (9)
    assert W._escape(state, seat, replace(HARD, successes=2))


def test_every_effect_on_its_own_dial_or_token():
    """Event Cards: the game text's effects (Radiation, Radiation and contamination tokens on
    the hex, a skipped Exploration Step, Vehicle Damage) on the Active Knight."""
    state = tour()
    seat = state.seats[0]
    seat.knight, p = K, seat.pos
    state.contamination[p], state.radiation[p] = 1, 1
    W.apply_effects(state, seat, (("radiation", 1), ("contamination", 1),
                                  ("radiation_tokens", 2)))
    assert seat.knight == R.Knight(2, 3, 2, 2) and not seat.skip and seat.vdamage == 0
    assert state.contamination[p] == 2 and state.radiation[p] == 3
    W.apply_effects(state, seat, (("lose_health", 1), ("vehicle_damage", 1)))
    assert seat.knight == R.Knight(2, 2, 2, 2) and seat.vdamage == 1
    W.apply_effects(state, seat, (("vehicle_damage", 1), ("lose_ammo", 1)))
    assert seat.knight == R.Knight(0, 2, 2, 1) and seat.vdamage == W.WRECKED


def test_rewards_add_to_what_the_knight_has():
    """Costs and Rewards: "+X gear cards, +X Ammo / Fuel (0-4), +X Reputation"; no vehicle, no
    Fuel."""
    s = make_seat(knight=K, green=1, yellow=1, red=1, rep=2)
    W.gain_rewards(s, (("reputation", 1), ("ammo", 1), ("yellow", 1), ("red", 1), ("fuel", 1)))
    assert (s.knight, s.green, s.yellow, s.red, s.rep) == (R.Knight(3, 3, 1, 3), 1, 2, 2, 3)
    W.gain_rewards(s, (("green", 2),))
    assert (s.green, s.yellow, s.red) == (3, 2, 2)
    wreck = make_seat(knight=R.Knight(0, 3, 1, 2), vdamage=W.WRECKED)
    W.gain_rewards(wreck, (("fuel", 2),))
    assert wreck.knight.fuel == 0


def test_a_vehicle_of_no_capacity_still_leaves_pockets_and_backpack():
    """Knight Sheet: "3 pocket panels", "The backpack can hold ... (usually 3)"; a vehicle of
    Capacity 0 adds none."""
    assert W.gear_room(make_seat(cap=(0, 0))) == R.POCKETS + R.BACKPACK


def test_a_second_wreck_counts_once_more():
    s = make_seat(vdamage=1)
    s.stats[F["wrecked"]] = 1
    W.damage_vehicle(s)
    assert s.stats[F["wrecked"]] == 2


def test_the_deck_copy_is_independent():
    state = tour(MILD, HARD)
    c = state.wasteland.copy()
    assert (c.order, c.discard) == (state.wasteland.order, state.wasteland.discard)
    c.order.append(7)
    c.discard.append(7)
    assert 7 not in state.wasteland.order and 7 not in state.wasteland.discard


def test_resolve_counts_and_says_what_happened():
    """Escape or face: the records count each card once more, and the log says it."""
    state = tour(HARD, players=3, rng=FixedRandom(0.0))
    seat = state.seats[1]
    seat.stats[F["escaped"]] = seat.stats[F["faced"]] = 1
    state.log = []
    lines = W.resolve(state, 1, seat, 0, False)
    assert lines[0] == "escape check Survival (9): passed"
    assert lines[1].startswith("knight 2: ")
    assert seat.stats[F["escaped"]] == 2
    state.rng = FixedRandom(0.99)
    assert W.resolve(state, 1, seat, 0, False)[0] == "escape check Survival (9): failed"
    assert seat.stats[F["escaped"]] == 2
    W.resolve(state, 1, seat, 0, True)
    assert seat.stats[F["faced"]] == 2
    state.log = None
    assert W.resolve(state, 1, seat, 0, True) == []


def test_a_faced_event_uses_the_state_and_a_knock_out_is_said():
    """Event Cards: a faced event's contamination lands on the knight's hex; a knight knocked out
    by a card is counted once more and named."""
    toxic = Card("Toxic Cloud", "event", "survival", 5,
                 effects=(("contamination", 1), ("lose_health", 4)))
    state = tour(toxic, players=3)
    seat = state.seats[1]
    seat.stats[F["ko_wasteland"]] = 1
    state.log = []
    lines = W.resolve(state, 1, seat, 0, True)
    assert state.contamination[seat.pos] == 1 and seat.ko
    assert seat.stats[F["ko_wasteland"]] == 2
    assert lines[-1] == "knight 2 is knocked out by Toxic Cloud"


def test_combat_records_and_the_enemy_task_only_for_its_trait():
    """Combat End Phase: a won combat is counted once more; "if by defeating a given enemy he
    accomplishes a task" - an enemy without the task's trait accomplishes nothing."""
    beast = replace(BEAST, panel=Panel(aggression=1, icons=("melee",), health=1))
    state = new_tour(flat_board(2), 3, deck=quiet_deck(beast), rng=Tens(0))
    state.task_hex, state.task_trait = -1, "machine"
    seat = state.seats[1]
    seat.stats[F["combats"]] = seat.stats[F["combats_won"]] = 1
    rep, red = seat.rep, seat.red
    text = W._combat(state, 1, seat, beast)
    assert text[-1] == "combat with Dingo Pack: won"
    assert seat.stats[F["combats"]] == 2 and seat.stats[F["combats_won"]] == 2
    assert seat.stats[F["tasks"]] == 0 and seat.rep == rep + 1 and seat.red == red + 1


def test_the_enemy_task_adds_to_the_record_and_the_red_cards():
    robot = replace(ROBOT, rewards=())
    state = new_tour(flat_board(2), 3, deck=quiet_deck(robot), rng=Tens(0))
    state.task_hex, state.task_trait = -1, "machine"
    state.log = []
    seat = state.seats[1]
    seat.stats[F["tasks"]], seat.red = 1, 2
    W._combat(state, 1, seat, robot)
    assert seat.stats[F["tasks"]] == 2 and seat.red == 3
    assert any(line.startswith("knight 2 accomplishes the common task (+3 Reputation")
               for line in state.log)


def test_a_lost_combat_says_lost_and_its_effect_uses_the_state():
    """Combat End: "If combat is won by an enemy ... he should resolve any abilities that are
    triggered when a knight loses combat" (here: a contamination token on his hex)."""
    exiles = card("Alice's Exiles")
    strong = replace(exiles, panel=replace(exiles.panel, aggression=9, health=12, armor=9),
                     abilities=(("on_knight_loses", (("contamination", 1),)),))
    state, text = fought_with(strong, Tens(0))
    assert "combat with Alice's Exiles: lost" in text
    assert state.contamination[state.seats[0].pos] == 1


def test_an_enemy_that_damages_the_vehicle_by_two_wrecks_it():
    """Vehicles: Vehicle Damage "when starting combat" (Digger 2.0: 1); an enemy dealing 2
    wrecks an undamaged vehicle."""
    digger = card("Digger 2.0")
    brute = replace(digger, abilities=tuple((k, 2 if k == "vehicle_damage" else v)
                                            for k, v in digger.abilities))
    state, _ = fought_with(brute, Tens(0))
    assert state.seats[0].vdamage == W.WRECKED and state.seats[0].knight.fuel == 0


def test_tokens_on_a_clean_hex_and_a_vehicle_damaged_twice_at_once():
    """Event Cards: Radiation tokens on a hex without any; Vehicle Damage of 2 wrecks an
    undamaged vehicle; 1 Vehicle Damage leaves the Fuel as it was."""
    state = tour()
    seat = state.seats[0]
    seat.knight = R.Knight(3, 2, 1, 2)
    state.radiation.pop(seat.pos, None)
    W.apply_effects(state, seat, (("radiation_tokens", 2), ("vehicle_damage", 1)))
    assert state.radiation[seat.pos] == 2
    assert seat.knight == R.Knight(3, 2, 1, 2) and seat.vdamage == 1
    other = state.seats[1]
    W.apply_effects(state, other, (("vehicle_damage", 2),))
    assert other.vdamage == W.WRECKED and other.knight.fuel == 0


def test_a_faced_enemy_is_counted_once_more_and_a_draw_is_said():
    """Combat End: "Draws are not resolved in anyone's favor"; the log says a draw."""
    hell = card("Hell Raiders")
    state = new_tour(flat_board(2), 2, deck=quiet_deck(hell), rng=Tens(0))
    seat = state.seats[0]
    seat.stats[F["faced"]] = 1
    state.log = []
    lines = W.resolve(state, 0, seat, 0, True)
    assert seat.stats[F["faced"]] == 2
    assert "combat with Hell Raiders: a draw" in lines
