"""The Harrow, the Boss fought after the standard win (the rulebook's "Bosses" and "The Harrow").

Pure core, on a ``WasteState``. After the final Enemy is destroyed the round is finished, one
more round prepares for the Boss (Reinforce at 1 Scrap), then the Harrow is set up: its Boss AI
deck, the Tentacle cards as the new Enemy deck, as many Tentacles drawn as there are crew. The
Harrow starts submerged (not targetable, off the board) and surfaces into The Wastes, where the
guns and reaching weapons hit it like any Enemy there, once few Tentacles are left. Its AI cards
and Tentacles are generated from the effects the simulator already plays (``harrow_decks``).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.waste_of_parts.cards import EnemyCard, _even, _spawns
from pnp.games.waste_of_parts.rules import WASTES, Config, boss_health, shuffle

if TYPE_CHECKING:
    from pnp.games.waste_of_parts.state import WasteState

__all__ = ["AI_EFFECTS", "BOSSES", "HARROW_STEPS", "AICard", "ai_cards",
           "harrow_decks", "harrow_document", "resolve_ai", "surface_limit"]

#: The Bosses (``--boss``): the Harrow here, the Scourge in ``scourge.py``.
BOSSES = ("harrow", "scourge")
#: "the Harrow has a Health Stat of 6X" (X = Crew Members).
HARROW_HEALTH = 6
TENTACLES = 20
#: The Harrow's end-of-round steps, as the rulebook lists them (the log names each).
HARROW_STEPS = ("Refresh Crew Actions", "Room Effects", "Tentacles Attack", "The Harrow Acts",
                "The Harrow Surfaces", "Fire Damage", "Salvaging", "Use Scrap",
                "Spawn Tentacles", "New First Player")
#: Boss AI effects (both Bosses): what the simulator already does to the Mech, the rooms and
#: the crew. An AI card's text is its effect's, filled with its amount and room.
AI_EFFECTS = {
    "slam": "The Hull loses {n}.",
    "barrage": "Roll {n} dice at the Hull: each hit, the Hull loses 1.",
    "crush": "Room {room} worsens {n} step{s}.",
    "lash": "Roll {n} dice at each Crew Member in room {room}.",
    "grasp": "Draw and resolve {n} Tentacle card{s}.",
    "board": "Drones board the Mech: Rummage for {n} Enemy card{s}.",
}
#: Effects that strike one room (dealt evenly over the rooms).
ROOM_EFFECTS = ("crush", "lash")
_AI = (("Tidal Slam", "slam", 2), ("Sludge Barrage", "barrage", 4), ("Crushing Coil", "crush", 2),
       ("Whiplash", "lash", 3), ("Reaching Grasp", "grasp", 2), ("Undertow", "barrage", 3),
       ("Wrecking Coil", "crush", 1))


@dataclass(frozen=True)
class AICard:
    """A Boss AI card: its Boss, name and effect (``AI_EFFECTS``)."""

    ident: int
    name: str
    effect: str
    amount: int
    room: int = 0        # crush / lash: the room it strikes
    boss: str = "harrow"
    #: The amount is per Crew Member, printed "{amount}X" like a Boss's Health ("X equals
    #: the number of Crew Members").
    per_crew: bool = False

    @property
    def text(self) -> str:
        n = f"{self.amount}X" if self.per_crew else str(self.amount)
        return AI_EFFECTS[self.effect].format(n=n, room=self.room,
                                              s="" if self.amount == 1 and not self.per_crew
                                              else "s")

    def count(self, crew: int) -> int:
        """The amount in a game of ``crew`` Crew Members."""
        return self.amount * crew if self.per_crew else self.amount



def ai_cards(spec: tuple[tuple[str, str, int], ...], boss: str, rng: random.Random,
             first: int = 1, per_crew: frozenset[str] = frozenset()) -> tuple[AICard, ...]:
    """A Boss's AI cards from ``spec`` (name, effect, amount), rooms dealt evenly to the
    effects that strike a room; the cards named in ``per_crew`` count their amount per Crew
    Member."""
    # the Mech's rooms shuffled, then dealt evenly: every room as likely (dealt in their
    # numbers' order, 7 cards would strike rooms 1-7 only, never the Cockpit, guns or engines)
    mech = list(range(1, WASTES))
    rng.shuffle(mech)
    rooms = _even(tuple(mech), len(spec), rng)
    return tuple(AICard(first + k, name, effect, n,
                        rooms[k] if effect in ROOM_EFFECTS else 0, boss, name in per_crew)
                 for k, (name, effect, n) in enumerate(spec))


def surface_limit(crew: int) -> int:
    """"If there are 2 or fewer Tentacles (3 or fewer if playing with 5 Crew Members)"."""
    return 3 if crew == 5 else 2


def harrow_decks(cfg: Config, rng: random.Random
                 ) -> tuple[tuple[AICard, ...], tuple[EnemyCard, ...]]:
    """The 7 Harrow Boss AI cards (``_AI``) and the 20 Tentacle cards (level-2 Health and
    Attack ranges, spawn locations and abilities dealt evenly like the Enemy deck's)."""
    ai = ai_cards(_AI, "harrow", rng)
    _, _, _, health, attack = next(lv for lv in cfg.enemy_deck if lv[0] == 2)
    spawns = _even(_spawns(cfg.wastes_spawns), TENTACLES, rng)
    abilities = _even(("", "", "", "brute", "swift", "armored"), TENTACLES, rng)
    healths = _even(tuple(range(health[0], health[1] + 1)), TENTACLES, rng)
    attacks = _even(tuple(range(attack[0], attack[1] + 1)), TENTACLES, rng)
    # Level 3: an emptied Tentacle deck is re-formed from the discards (endround._refill).
    tentacles = tuple(EnemyCard(1000 + k, "Tentacle", 3, healths[k], attacks[k], spawns[k],
                                abilities[k]) for k in range(TENTACLES))
    return ai, tentacles


def harrow_document(cfg: Config, seed: int | str) -> dict[str, list[dict[str, object]]]:
    """The Harrow's cards of ``seed`` as ``decks.json`` lists them (``--boss harrow`` plays
    these: the same child stream)."""
    from pnp.seed import child_seed

    ai, tentacles = harrow_decks(cfg, random.Random(child_seed(seed, "harrow-deck")))
    return {"ai_cards": [{**dataclasses.asdict(c), "text": c.text} for c in ai],
            "tentacles": [dataclasses.asdict(c) for c in tentacles]}


# --- the battle ---------------------------------------------------------------------------
def which(s: WasteState) -> str:
    """The Boss of the game: its AI cards name it."""
    assert s.boss_cards is not None
    return str(s.boss_cards[0][0].boss)


def start_battle(s: WasteState) -> None:
    """What both Bosses' setups do: the battle begins, Events are off, the Boss AI Deck is
    shuffled."""
    assert s.boss_cards is not None
    s.boss_stage = "battle"
    s.event, s.event_choice = None, []       # "Event Cards are not active during a Boss Battle."
    s.boss_ai, s.boss_ai_discard = list(s.boss_cards[0]), []
    shuffle(s.rng, s.boss_ai)


def refresh_and_room_effects(s: WasteState) -> None:
    """Both Bosses' steps 1 Refresh Crew Actions and 2 Room Effects."""
    s.boss_steps = [1]
    for c in s.crew:
        c.stunned = False
    s.boss_steps.append(2)
    for room, card in list(s.upgrades.items()):
        if card.stat == "hull" and s.works(room):
            s.hull = min(s.cfg.hull_max, s.hull + card.bonus)


def fire_and_salvage(s: WasteState, step: int) -> None:
    """Both Bosses' Fire Damage (step ``step``) and Salvaging (``step + 1``); Use Scrap and
    what follows wait for the First Player's decisions."""
    from pnp.games.waste_of_parts import endround
    from pnp.games.waste_of_parts.state import SALVAGE

    s.boss_steps.append(step)
    endround.fire_damage(s)
    if s.result is not None:
        return
    s.boss_steps.append(step + 1)
    endround._salvaging(s)
    if s.pending:
        s.phase = SALVAGE
    else:
        endround.after_salvage(s)


def next_round(s: WasteState) -> None:
    """"New First Player", then the next round's turns."""
    s.aboard.append(len(s.enemies))
    s.first = (s.first + 1) % len(s.crew)
    s.round += 1
    if s.round > s.cfg.max_rounds:
        s.lose("out of time")
        return
    s._start_turn(0)


def set_up(s: WasteState) -> None:
    """"Set up the Boss as instructed below" (The Harrow 1-4); Events are off."""
    from pnp.games.waste_of_parts import endround

    assert s.boss_cards is not None
    start_battle(s)
    s.enemy_deck, s.enemy_discard = list(s.boss_cards[1]), []
    shuffle(s.rng, s.enemy_deck)
    s.levels, s.deck_level = {1: [], 2: [], 3: []}, 3
    s.say(f"The Harrow rises: Health {boss_health(HARROW_HEALTH, len(s.crew))}, submerged")
    for _ in range(len(s.crew)):
        endround.spawn_one(s)


def end_of_round(s: WasteState) -> None:
    """The Harrow's steps 1-7 (8-10 wait for the First Player's Scrap: ``after_scrap``)."""
    from pnp.games.waste_of_parts import endround

    refresh_and_room_effects(s)
    s.boss_steps.append(3)                   # "Following normal Enemy action priority."
    endround.resolve(s, [p for p in endround.decide(s) if p[1].card.ability != "boss"])
    if s.result is not None:
        return
    s.boss_steps.append(4)
    if not s.boss_submerged:
        act(s)
        if s.result is not None:
            return
    s.boss_steps.append(5)
    tentacles = sum(1 for e in s.enemies if e.card.ability != "boss")
    if s.boss_submerged and tentacles <= surface_limit(len(s.crew)):
        surface(s)
    fire_and_salvage(s, 6)


def surface(s: WasteState) -> None:
    from pnp.games.waste_of_parts.state import Enemy

    s.boss_submerged = False
    health = boss_health(HARROW_HEALTH, len(s.crew))
    card = EnemyCard(999, "The Harrow", 3, health, 0, WASTES, "boss")
    s.enemies.append(Enemy(s.next_enemy, card, WASTES))
    s.say(f"e{s.next_enemy} The Harrow surfaces in The Wastes (Health {card.health})")
    s.next_enemy += 1


def act(s: WasteState, who: str = "The Harrow") -> None:
    """"Draw and resolve an AI Card" (an empty deck: "shuffle the discard pile to form a new
    deck")."""
    if not s.boss_ai:
        s.boss_ai, s.boss_ai_discard = s.boss_ai_discard, []
        shuffle(s.rng, s.boss_ai)
    card: AICard = s.boss_ai.pop()
    s.boss_ai_discard.append(card)
    s.say(f"{who}: {card.name} ({card.text})")
    resolve_ai(s, card)


def resolve_ai(s: WasteState, card: AICard) -> None:
    """What an AI card does (either Boss's)."""
    from pnp.games.waste_of_parts import endround

    n = card.count(len(s.crew))
    if card.effect == "slam":
        s.lose_hull(n, card.name)
    elif card.effect == "barrage":
        faces = s.roll(n)
        s.lose_hull(sum(1 for f in faces if f in s.cfg.hit_faces), f"{card.name} rolls {faces}")
    elif card.effect == "crush":
        s.damage_room(card.room, n)
    elif card.effect == "lash":
        for c in s.crew:
            if c.room == card.room and not c.downed:
                c.damage += max(0, s.hits(s.roll(n)) - c.armor)
        if all(c.downed for c in s.crew):
            s.lose("every crew member is Downed")
    elif card.effect == "board":
        for _ in range(n):
            endround.rummage_enemy(s)
    else:
        for _ in range(n):
            endround.spawn_one(s)


def after_scrap(s: WasteState) -> None:
    """Steps 9 Spawn Tentacles and 10 New First Player, then the next round."""
    from pnp.games.waste_of_parts import endround

    s.boss_steps.append(8)
    s.boss_steps.append(9)
    for _ in range(len(s.crew)):
        endround.spawn_one(s)
        if s.result is not None:
            return
    s.boss_steps.append(10)
    next_round(s)
