"""Wasteland cards in play (Resolving Wasteland Cards): the rulebook's worked examples through
the game state, the deck as data, the mean Waster, vehicle damage and the winner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pnp.errors import PnpError
from pnp.games.waste_knights import rules as R
from pnp.games.waste_knights import wasteland as W
from pnp.games.waste_knights.actions import Drive, Face
from pnp.games.waste_knights.cards import VOCABULARY, card_from_dict, deck_from_dict
from pnp.games.waste_knights.data import read_yaml, wasteland_deck
from pnp.games.waste_knights.state import EXPLORE, FACE, MOVE
from pnp.resources import cardset

from .tour_helpers import FixedRandom, flat_board, new_tour, play_round, quiet_deck, with_special

DECK = wasteland_deck()
FAIL, PASS = 0.99, 0.0  # a FixedRandom draw that fails / passes every check (and rolls 10s)


def card(title):
    return next(c for c in DECK.cards if c.title == title)


def moved(card_title, answer, *, rng=FAIL, board=None, to="N1"):
    """Knight 1 drives one hex, the Waster plays ``card_title``, knight 1 answers."""
    state = new_tour(board or flat_board(2), 2, deck=quiet_deck(card(card_title)),
                     rng=FixedRandom(rng))
    state.apply(Drive(0, ("C1", to), 1))
    assert state.decision is FACE and state.current_player == 0
    state.apply(Face(0, answer))
    return state


def test_acid_rain_escape_failed():
    """Event Cards example: "Heat chooses to escape, but his escape check is failed. It means
    that Heat immediately stops ... and loses 1 Health ... Next, the Waster places
    contamination tokens"; at the next Waster Step the token costs 1 Health (Game Board
    Effects), then it is removed (Remove Long-term Effects)."""
    state = moved("Acid Rain", False)
    seat = state.seats[0]
    assert seat.knight.health == R.START_HEALTH - 1 and seat.rep == 0
    assert state.contamination == {seat.pos: 1}
    play_round(state)
    assert seat.knight.health == R.START_HEALTH - 2 and state.contamination == {}


def test_car_wreck_faced():
    """Event Cards example: "Kate chooses to face this card ... loses 1 Ammo ... she will skip
    the Exploration Step this round ... she gains all rewards shown on the card: 1 Reputation
    and 3 Fuel"."""
    b = with_special(flat_board(2), (1, 0), 14)  # Sandpiercer: explored unless skipped
    state = moved("Car Wreck", True, board=b, to="S1")
    seat = state.seats[0]
    assert seat.knight.ammo == R.START_AMMO - 1 and seat.rep == 1
    assert seat.knight.fuel == R.FUEL_MAX  # 4 - 1 + 3, capped at 4
    state.apply(state.stay())  # knight 2
    assert not (state.decision is EXPLORE and state.current_player == 0)
    assert seat.stats[0] == 0  # no special hex explored


def test_furball_escape_failed_two_health_no_combat():
    """Enemy example: "Geoffrey chooses to escape, but he fails his escape check ... loses 2
    Health (as the rewards space of this enemy shows Reputation). However, no combat"."""
    state = moved("Furball", False)
    seat = state.seats[0]
    assert seat.knight.health == R.START_HEALTH - 2 and seat.stats[15] == 0  # combats


def test_inhr_faced_means_combat_at_minus_two_dice_and_its_rewards():
    """Enemy Cards example: InHR: "Russel's combat checks will suffer -2 dice during this
    combat"; "If he defeats InHR, he will gain 1 Reputation and 1 yellow gear card"."""
    inhr = card("InHR")
    assert inhr.ability("knight_dice") == -2
    assert inhr.reward("reputation") == 1 and inhr.reward("yellow") == 1
    state = moved("InHR", True)
    seat = state.seats[0]
    assert seat.stats[15] == 1  # one combat
    if seat.stats[16]:  # won: the card's rewards
        assert seat.rep == 1 and seat.yellow == 1
    else:
        assert seat.rep == 0 and seat.yellow == 0


def test_wounded_stranger_escaped_is_discarded_without_effect():
    """Illustrated Movement Example: "He chooses to escape ... a Hard (9) Medicine check. He
    passes the check and escapes. The Waster discards the card"."""
    ws = card("Wounded Stranger")
    assert (ws.escape_skill, ws.escape_difficulty) == ("medicine", 9)
    state = moved("Wounded Stranger", False, rng=PASS)
    seat = state.seats[0]
    assert seat.knight == R.Knight(fuel=3) and seat.rep == 0 and seat.stats[14] == 1  # escaped


def test_an_escape_check_of_two_successes():
    """Making Checks: "If the number of successes rolled is important, it is clearly mentioned
    (ex. a Hungry Locusts wasteland card)": one success is not enough."""
    locusts = card("Hungry Locusts")
    assert locusts.successes == 2


def test_faced_event_gives_rewards_escaped_event_none():
    """Event Cards: escaping, passed or failed, gains no rewards; facing gains them all."""
    assert moved("Wounded Stranger", True).seats[0].rep == 1
    assert moved("Wounded Stranger", False).seats[0].rep == 0


def test_digger_damages_the_vehicle_and_a_second_damage_wrecks_it():
    """Vehicles: "When a vehicle suffers 1 Vehicle Damage (ex. when starting combat with a
    Digger 2.0 enemy card)"; "If a damaged vehicle suffers Vehicle Damage again, it is wrecked
    instead ... immediately loses all Fuel. He must move on foot"."""
    state = moved("Digger 2.0", True)
    seat = state.seats[0]
    assert seat.vdamage == 1 and seat.knight.fuel > 0
    W.damage_vehicle(seat)
    assert seat.vdamage == W.WRECKED and seat.knight.fuel == 0
    while not (state.decision is MOVE and state.current_player == 0):
        play_round(state)
    assert not [a for a in state.legal_actions() if isinstance(a, Drive)]


def test_mean_waster_plays_the_hardest_revealed_card():
    """The Waster plays exactly 1 of the revealed cards ("Waster is Mean": the hardest)."""
    titles = [DECK.cards[i].title for i in range(DECK.named)]
    revealed = [titles.index("Wounded Stranger"), titles.index("Digger 2.0")]
    assert DECK.cards[W.waster_choice(DECK, revealed, False)].title == "Digger 2.0"
    rough = titles.index("Rough Terrain")
    # "Certain effects do not affect the Active Knight moving on foot (ex. the Rough Terrain)"
    assert W.waster_choice(DECK, [rough, titles.index("Acid Rain")], True) != rough


def test_deck_reshuffles_its_discards():
    """"Once a given deck type is depleted, shuffle its matching discard pile"."""
    rng = random.Random(3)
    wd = W.WastelandDeck(5, rng)
    first = wd.draw(5, rng)
    wd.discard += first
    again = wd.draw(3, rng)
    assert sorted(first) == list(range(5)) and len(again) == 3 and set(again) <= set(first)


def test_deck_is_data_in_the_vocabulary():
    """Every card of wasteland.yaml uses only words the simulator plays."""
    assert DECK.named >= 14 and len(DECK.cards) > DECK.named
    for c in DECK.cards:
        assert c.escape_skill in VOCABULARY["skills"] and c.escape_difficulty in (5, 7, 9)
        assert {k for k, _ in c.effects} <= set(VOCABULARY["effects"])
        assert {k for k, _ in c.rewards} <= set(VOCABULARY["rewards"])
        assert (c.panel is not None) == (c.kind == "enemy")
    names = {c.title for c in DECK.cards[:DECK.named]}
    assert {"Acid Rain", "Car Wreck", "Wounded Stranger", "InHR", "Furball", "Hell Raiders",
            "Digger 2.0", "Shelobie", "Radiation Storm"} <= names


@pytest.mark.parametrize("bad, field", [
    ({"kind": "enemy"}, "panel"),
    ({"effects": {"teleport": 1}}, "vocabulary"),
    ({"escape": ["juggling", 7]}, "escape"),
    ({"rewards": {"gold": 1}}, "vocabulary"),
    ({"escape": ["talk", 8]}, "escape"),
])
def test_bad_cards_are_refused_naming_the_card(bad, field):
    base = {"title": "Oddity", "kind": "event", "escape": ["talk", 7]}
    with pytest.raises(PnpError, match=field) as err:
        card_from_dict({**base, **bad}, "named card 1")
    assert "Oddity" in str(err.value.message)


def test_data_file_round_trip():
    data = read_yaml(cardset("waste_knights/wasteland.yaml"))
    assert deck_from_dict(data) == DECK
    with pytest.raises(PnpError):
        deck_from_dict({**data, "ranges": {}})


def test_winner_by_reputation_then_gear_value():
    """Winning the Game: "ties are broken using Reputation and gear card value" (3 green = 1
    yellow; 2 yellow = 1 red); a full tie is shared."""
    state = new_tour(flat_board(2), 2, rounds=1, deck=quiet_deck())
    while not state.is_over():
        play_round(state)
    a, b = state.seats
    a.rep, b.rep, a.green, b.green, a.yellow, b.yellow, a.red, b.red = 2, 2, 5, 0, 0, 0, 0, 1
    assert (W.gear_value(a), W.gear_value(b)) == (5, 6) and state.returns() == (0.0, 1.0)
    a.rep = 3
    assert state.returns() == (1.0, 0.0)
    a.rep, a.green, a.yellow = 2, 3, 1
    assert state.returns() == (0.5, 0.5)


# --- an enemy's abilities in combat, through the game (killing mutants of wasteland._combat) ----

class Tens(random.Random):
    """Every draw 0.95: every die a "10", every check passed."""

    def random(self) -> float:  # noqa: D102
        return 0.95


def fought(title, board=None, *, rng=None):
    """Knight 1 drives to N1 (or S1) and faces ``title``; the log of the combat."""
    state = new_tour(board or flat_board(2), 2, deck=quiet_deck(card(title)), rng=rng or Tens(0))
    state.log = []
    to = "S1" if board is not None else "N1"
    state.apply(Drive(0, ("C1", to), 1))
    state.apply(Face(0, True))
    return state, "\n".join(state.log)


def test_inhr_costs_the_knight_two_dice_in_combat():
    """InHR: "Russel's combat checks will suffer -2 dice": Guns 2 at short range is 1 die."""
    _, text = fought("InHR")
    assert "knight Attack (short) rolls [10]:" in text
    _, text = fought("Hell Raiders")  # no such ability: 2 dice
    assert "knight Attack (medium) rolls [10, 10]:" in text


def test_furball_starts_combat_at_short_range_and_silent_howler_sets_it():
    """Combat Start: "Some game effects (ex. ... the Furball wasteland card) enable a player to
    change the starting range"; Set Range: "they could cause setting a certain range (ex. a
    Silent Howler wasteland card)"."""
    _, text = fought("Furball")
    assert "clash 1 at short range" in text
    _, text = fought("Hell Raiders")
    assert "clash 1 at medium range" in text
    assert "clash 1 at short range" not in fought("Silent Howler")[1]


def test_cerbero_tower_gives_enemies_two_dice():
    """Reference Sheet: Cerbero Tower [11]: "Attack checks of enemies on this hex and on all
    adjacent hexes gain +2 dice": Hell Raiders' Aggression 4 rolls 6 dice beside it."""
    near = with_special(flat_board(2), (1, 0), 11)
    _, text = fought("Hell Raiders", near)
    assert "enemy Attack (medium) rolls [10, 10, 10, 10, 10, 10]:" in text
    _, text = fought("Hell Raiders")
    assert "enemy Attack (medium) rolls [10, 10, 10, 10]:" in text


def test_a_knight_who_loses_suffers_the_enemys_effect_and_gains_nothing():
    """Combat End: "If combat is won by an enemy played by the Waster, he should resolve any
    abilities that are triggered when a knight loses combat (ex. an Alice's Exiles wasteland
    card)"; the loser gains no rewards; Ammo spent stays spent."""
    exiles = card("Alice's Exiles")
    panel = replace(exiles.panel, aggression=9, health=12, armor=9)  # the knight cannot win
    strong = replace(exiles, panel=panel)
    state = new_tour(flat_board(2), 2, deck=quiet_deck(strong), rng=Tens(0))
    state.apply(Drive(0, ("C1", "N1"), 1))
    state.apply(Face(0, True))
    seat = state.seats[0]
    assert seat.stats[16] == 0 and seat.green == 3 and seat.rep == 0  # lost: no rewards
    assert seat.knight.health == 0 and seat.ko  # knocked out in combat
    assert seat.knight.fuel <= 2  # 3 after the drive, 1 lost to the Exiles (if able)
    assert seat.knight.ammo < R.START_AMMO  # he shot (and lost 1 Ammo)


def test_a_knight_who_wins_gains_the_rewards_and_a_draw_gains_nothing():
    """Combat End: "If combat is won by a knight, he gains all rewards"; "Draws are not resolved
    in anyone's favor – no combatant wins or loses, no combatant gains rewards"."""
    state, text = fought("Alice's Exiles")  # all 10s: Exiles fall, the knight keeps 2 Health
    seat = state.seats[0]
    assert "combat with Alice's Exiles: won" in text
    assert seat.stats[15] == 1 and seat.stats[16] == 1 and seat.green == 3 + 2
    assert seat.knight.ammo == R.START_AMMO - 1 and seat.knight.health == 2
    state, text = fought("Hell Raiders")  # equal initiative, both fall: a draw
    seat = state.seats[0]
    assert "a draw" in text and seat.rep == 0 and seat.green == 3 and seat.stats[16] == 0


def test_a_wreck_loses_only_fuel():
    """Vehicles: wrecked, "immediately loses all Fuel" (nothing else), counted once."""
    state = moved("Digger 2.0", True)
    seat = state.seats[0]
    before = seat.knight
    W.damage_vehicle(seat)
    assert seat.knight == R.Knight(0, before.health, before.radiation, before.ammo)
    assert seat.stats[17] == 1


class Ones(random.Random):
    """Every die a "1" (every attack misses); 0.0 draws for everything else."""

    def random(self) -> float:  # noqa: D102
        return 0.0


def fought_with(c, rng, knight=None):
    """Knight 1 drives to N1 and faces card ``c`` (his dials ``knight`` first, if given)."""
    state = new_tour(flat_board(2), 2, deck=quiet_deck(c), rng=rng)
    state.log = []
    state.apply(Drive(0, ("C1", "N1"), 1))
    if knight is not None:
        state.seats[0].knight = knight
    state.apply(Face(0, True))
    return state, "\n".join(state.log)


def test_an_enemy_that_sets_the_range_sets_it_every_clash():
    """Set Range and End Clash: effects "could cause setting a certain range (ex. a Silent
    Howler wasteland card)": a howler that sets long range fights its second clash there,
    though it advanced in the first."""
    howler = replace(card("Silent Howler"), abilities=(("set_range", "long"),))
    _, text = fought_with(howler, Ones(0))
    assert "clash 2 at long range" in text
    _, text = fought_with(card("Silent Howler"), Ones(0))
    assert "clash 2 at long range" not in text


def test_a_ferocious_enemy_is_not_beaten_by_dominance_in_the_game():
    """Dominance Track: "a given ferocious enemy can only be defeated by causing it to lose all
    Health": nobody hits, the knight gains dominance every clash, and it is still a draw."""
    far = replace(card("Shelobie"), panel=replace(card("Shelobie").panel, icons=("long",),
                                                  aggression=1))
    assert far.panel.ferocious
    state, text = fought_with(far, Ones(0))
    assert "a draw" in text and state.seats[0].stats[16] == 0
    tame = replace(far, panel=replace(far.panel, ferocious=False))
    state, text = fought_with(tame, Ones(0))
    assert "won" in text and state.seats[0].stats[16] == 1


def test_no_bulls_eyes_from_radiation_two():
    """Radiation: "No Bull's Eyes: A knight gains no benefits for rolling a Bull's Eye (10),
    i.e. he deals no additional Damage" (from Radiation 2, docs/assumptions.md): two 10s deal
    1 + 2 + 1 Damage at Radiation 1 (3 Health through Armor 1), 1 + 1 at Radiation 2 (1)."""
    hell = card("Hell Raiders")
    _, text = fought_with(hell, Tens(0), R.Knight(3, 4, 1, 4))
    assert "knight Attack (medium) rolls [10, 10]: 3 Health lost" in text
    _, text = fought_with(hell, Tens(0), R.Knight(3, 4, 2, 4))
    assert "knight Attack (medium) rolls [10, 10]: 1 Health lost" in text


def test_a_draw_triggers_no_effect_of_losing():
    """Combat End: "Draws are not resolved in anyone's favor – no combatant wins or loses ...
    and no combatant can use any effects based on winning or losing combat": Alice's Exiles
    (lose 1 Ammo and 1 Fuel when the knight loses) falling with the knight takes nothing."""
    exiles = card("Alice's Exiles")
    even = replace(exiles, panel=replace(exiles.panel, aggression=4, damage=1,
                                         icons=("medium",)))
    state, text = fought_with(even, Tens(0))
    k = state.seats[0].knight
    assert "a draw" in text and k.health == 0
    assert k.ammo == R.START_AMMO - 1 and k.fuel == R.START_FUEL - 1  # the shot, the drive


def test_generated_cards_have_titles_of_their_own_that_do_not_move_their_numbers():
    data = read_yaml(cardset("waste_knights/wasteland.yaml"))
    deck = deck_from_dict(data)
    titles = [c.title for c in deck.cards]
    assert len(set(titles)) == len(titles)  # a title is a card's name on the table: no twins
    assert not any(t.startswith("Wasteland") for t in titles)
    plain = dict(data, generated={k: v for k, v in data["generated"].items()
                                  if k not in ("enemy_names", "event_names")})
    untitled = deck_from_dict(plain).cards
    # The titles come from a stream of their own: without them every number stays the same.
    assert [replace(c, title="") for c in deck.cards] == \
        [replace(c, title="") for c in untitled]
    assert any(c.title.startswith("Wasteland enemy (") for c in untitled)
