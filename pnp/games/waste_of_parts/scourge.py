"""The Scourge, the second Boss (the rulebook's "The Scourge").

Pure core, on a ``WasteState``. "The Scourge is a brutal warship, firing upon the Mech while
deploying drones to board and disrupt the crew." Its setup: the Scourge card (in The Wastes,
where the guns and reaching weapons hit it, Health ``SCOURGE_HEALTH``X), its 6 Boss AI cards
shuffled, the Search Deck (the Hacking Beacon, 2 Harpoon Bombs and 2 Just the Wind shuffled, then
crew + 2 Just the Wind on top), every room but the decks Inoperable, one AI card drawn and
resolved. While the Beacon is hidden no room can be Repaired; a crew member may Search an
unsearched room (a red cube, a Search card). The Beacon found stuns the Scourge (its "Acts" step
skipped). When the Scourge is destroyed "The Captain Emerges": a Wastelander Enemy on the Fore
Deck (4), and the game is won when it is destroyed. The AI and Search cards the rulebook does not
print are generated from the effects the simulator plays (``scourge_decks``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.games.waste_of_parts import boss
from pnp.games.waste_of_parts.boss import AICard, ai_cards
from pnp.games.waste_of_parts.cards import EnemyCard
from pnp.games.waste_of_parts.rules import INOPERABLE, WASTES, Config, boss_health, shuffle

if TYPE_CHECKING:
    from pnp.games.waste_of_parts.state import Crew, WasteState

__all__ = ["SCOURGE_STEPS", "SEARCH_EFFECTS", "ScourgeState", "SearchCard", "can_search",
           "captain_card", "scourge_decks", "scourge_document", "search"]

#: The Scourge's Health per Crew Member (its card's "X"; the rulebook prints no number).
SCOURGE_HEALTH = 8
#: "Shuffle the Hacking Beacon, 2 Harpoon Bomb, and 2 Just the Wind cards together."
HARPOON_BOMBS, SHUFFLED_WIND = 2, 2
#: "Place additional Just the Wind cards on top of the deck equal to the number of Crew
#: Members +2": the most a game needs (5 crew) are printed.
TOP_WIND_PLUS, MAX_CREW = 2, 5
#: "place a Wastelander Enemy Card on the Fore Deck (4)".
FORE_DECK = 4
#: The Scourge's end-of-round steps, as the rulebook lists them.
SCOURGE_STEPS = ("Refresh Crew Actions", "Room Effects", "Determine Enemy Actions",
                 "Resolve Enemy Actions", "The Scourge Acts", "Fire Damage", "Salvaging",
                 "Use Scrap", "New First Player")
#: The 6 Scourge Boss AI cards: a warship's guns (the Hull), harpoons (a room), strafing (the
#: crew in a room) and boarding drones (Enemies Rummaged), from ``boss.AI_EFFECTS``. Heavier
#: than the Harrow's: one card a round is all the Scourge does (no Tentacles, no spawning).
_AI = (("Broadside", "barrage", 2), ("Ramming Speed", "slam", 1), ("Harpoon Volley", "crush", 2),
       ("Strafing Run", "lash", 1), ("Boarding Drones", "board", 1),
       ("Drone Swarm", "board", 3))
#: The cards whose amount is per Crew Member ("2X": 8 with 4 crew, what they were before): the
#: rulebook scales the Scourge's Health with X but gives it one AI card a round whatever the
#: crew, and with fixed amounts 5 crew beat the Scourge far more often than 3
#: (docs/assumptions.md, "The Scourge's AI cards scale with the crew").
PER_CREW = frozenset({"Broadside", "Ramming Speed", "Strafing Run", "Boarding Drones"})
#: Search Deck effects the simulator plays.
SEARCH_EFFECTS = {
    "wind": "Nothing here.",
    "beacon": "The Hacking Beacon is found: rooms can be Repaired again, and the Scourge is "
              "stunned: it skips its next {n} AI card{s}.",
    "bomb": "It explodes: your room worsens {n} step{s} and each Crew Member in it "
            "suffers {n} damage.",
}


@dataclass(frozen=True)
class SearchCard:
    ident: int
    name: str
    effect: str          # wind, beacon, bomb
    amount: int = 0

    @property
    def text(self) -> str:
        return SEARCH_EFFECTS[self.effect].format(n=self.amount,
                                                  s="" if self.amount == 1 else "s")


@dataclass
class ScourgeState:
    """The battle's own state: the Search Deck, the searched rooms (red cubes), the Beacon."""

    search_deck: list[SearchCard]
    searched: set[int] = dataclasses.field(default_factory=set)
    beacon_found: bool = False
    stunned: int = 0                     # rounds the Scourge still skips its AI card
    captain: int = 0                     # the Wastelander's Enemy id once it emerges

    def copy(self) -> ScourgeState:
        return dataclasses.replace(self, search_deck=list(self.search_deck),
                                   searched=set(self.searched))


def scourge_decks(cfg: Config, rng: random.Random
                  ) -> tuple[tuple[AICard, ...], tuple[SearchCard, ...]]:
    """The 6 Scourge Boss AI cards (numbered 8-13 after the Harrow's 7) and the Search cards:
    the Hacking Beacon, the Harpoon Bombs and the Just the Wind cards the largest crew needs."""
    ai = ai_cards(_AI, "scourge", rng, first=8, per_crew=PER_CREW)
    search = [SearchCard(1, "Hacking Beacon", "beacon", 1)]
    search += [SearchCard(2 + k, "Harpoon Bomb", "bomb", 1) for k in range(HARPOON_BOMBS)]
    winds = SHUFFLED_WIND + MAX_CREW + TOP_WIND_PLUS
    first = len(search) + 1
    search += [SearchCard(first + k, "Just the Wind", "wind") for k in range(winds)]
    return ai, tuple(search)


def scourge_document(cfg: Config, seed: int | str) -> dict[str, Any]:
    """The Scourge's cards of ``seed`` as ``decks.json`` lists them (``--boss scourge`` plays
    these: the same child stream)."""
    from pnp.seed import child_seed

    ai, search = scourge_decks(cfg, random.Random(child_seed(seed, "scourge-deck")))
    return {"ai_cards": [{**dataclasses.asdict(c), "text": c.text} for c in ai],
            "search_cards": [{**dataclasses.asdict(c), "text": c.text} for c in search],
            "captain": dataclasses.asdict(captain_card(cfg))}


def search_deck(cards: Sequence[SearchCard], crew: int, rng: random.Random) -> list[SearchCard]:
    """Setup 3: the Beacon, the Harpoon Bombs and 2 Just the Wind shuffled, then crew + 2 Just
    the Wind on top (the top is the list's end: cards are popped)."""
    winds = [c for c in cards if c.effect == "wind"]
    deck = [c for c in cards if c.effect != "wind"] + winds[:SHUFFLED_WIND]
    shuffle(rng, deck)
    return deck + winds[SHUFFLED_WIND:SHUFFLED_WIND + crew + TOP_WIND_PLUS]


# --- the battle ---------------------------------------------------------------------------
def set_up(s: WasteState) -> None:
    """"To set up the battle with The Scourge" 1-5."""
    from pnp.games.waste_of_parts.state import Enemy

    assert s.boss_cards is not None
    boss.start_battle(s)                                   # 2. the Boss AI Deck
    health = boss_health(SCOURGE_HEALTH, len(s.crew))      # 1. the Scourge card
    card = EnemyCard(998, "The Scourge", 3, health, 0, WASTES, "boss")
    s.enemies.append(Enemy(s.next_enemy, card, WASTES))
    s.say(f"e{s.next_enemy} The Scourge looms in The Wastes (Health {health})")
    s.next_enemy += 1
    s.scourge = ScourgeState(search_deck(s.boss_cards[1], len(s.crew), s.rng))   # 3.
    for room in range(1, WASTES):                          # 4. all but the Aft and Fore Decks
        if s.map.kind_of[room] != "deck":
            s.condition[room] = INOPERABLE
    s.say("every room but the decks is Inoperable; the Hacking Beacon is hidden")
    boss.act(s, "The Scourge")                             # 5. draw and resolve an AI card


def end_of_round(s: WasteState) -> None:
    """The Scourge's steps 1-7 (8 and 9 wait for the First Player's Scrap: ``after_scrap``)."""
    from pnp.games.waste_of_parts import endround

    assert s.scourge is not None
    boss.refresh_and_room_effects(s)
    s.boss_steps += [3, 4]   # the Scourge acts only through its AI cards
    endround.resolve(s, [p for p in endround.decide(s) if p[1].card.ability != "boss"])
    if s.result is not None:
        return
    s.boss_steps.append(5)
    if s.scourge.stunned:
        s.scourge.stunned -= 1
        s.say("the Scourge is stunned by the Hacking Beacon")
    elif any(e.card.ability == "boss" for e in s.enemies):
        boss.act(s, "The Scourge")
        if s.result is not None:
            return
    boss.fire_and_salvage(s, 6)


def after_scrap(s: WasteState) -> None:
    """Steps 8 Use Scrap (done) and 9 New First Player; no Enemies spawn in this battle."""
    s.boss_steps += [8, 9]
    s.fueled.clear()
    boss.next_round(s)


# --- the crew's Search action ---------------------------------------------------------------
def can_search(s: WasteState, c: Crew) -> bool:
    """"You can only search a room that has not been searched" (and while cards are left)."""
    sc = s.scourge
    return sc is not None and bool(sc.search_deck) and c.room not in sc.searched


def search(s: WasteState, c: Crew) -> None:
    """"Place a red cube in your room, then draw a card from the Search Deck."."""
    sc = s.scourge
    assert sc is not None
    sc.searched.add(c.room)
    card = sc.search_deck.pop()
    if s.log is not None:
        s.say(f"P{c.seat + 1} searches room {c.room}: {card.name}")
    if card.effect == "beacon":
        sc.beacon_found, sc.stunned = True, card.amount
    elif card.effect == "bomb":
        room = c.room
        s.damage_room(room, card.amount)
        for o in s.crew:
            if o.room == room and not o.downed:
                o.damage += card.amount
        if c.downed:           # Downed "and unable to act": the turn ends
            c.actions_left = 0
        if all(o.downed for o in s.crew):
            s.lose("every crew member is Downed")


def unsearched(s: WasteState) -> list[int]:
    """Rooms still to search while the Beacon is hidden (none once it is found)."""
    sc = s.scourge
    if sc is None or sc.beacon_found or not sc.search_deck:
        return []
    return [r for r in range(1, WASTES) if r not in sc.searched]


def can_repair(s: WasteState) -> bool:
    """"While it remains hidden, rooms cannot be Repaired."."""
    return s.scourge is None or s.scourge.beacon_found


# --- the Scourge destroyed ---------------------------------------------------------------
def destroyed(s: WasteState, e: Any) -> None:
    """"The Captain Emerges: When The Scourge is destroyed, place a Wastelander Enemy Card on
    the Fore Deck (4). The game is won when the Wastelander is destroyed.\""""
    from pnp.games.waste_of_parts.state import Enemy

    assert s.scourge is not None
    if e.card.ability == "boss":
        card = wastelander(s)
        fore = FORE_DECK
        s.enemies.append(Enemy(s.next_enemy, card, fore))
        s.scourge.captain = s.next_enemy
        s.say(f"e{s.next_enemy} the Captain emerges: {card.name} (Health {card.health}, "
              f"Attack {card.attack}) on the Fore Deck ({fore})")
        s.next_enemy += 1
    elif e.ident == s.scourge.captain:
        s.win("with style")


def wastelander(s: WasteState) -> EnemyCard:
    """The Wastelander Enemy card the Captain is: the strongest level-3 Wastelander in the
    Enemy deck or its discards (taken out of them), else one with level 3's highest Health and
    Attack."""
    piles = (s.enemy_deck, s.enemy_discard, s.levels[3])
    pool = [c for pile in piles for c in pile if c.name == "Wastelander" and c.level == 3]
    if pool:
        card = max(pool, key=lambda c: (c.health, c.attack, -c.ident))
        for pile in piles:
            if card in pile:
                pile.remove(card)
                break
        return card
    return captain_card(s.cfg)


def captain_card(cfg: Config) -> EnemyCard:
    """The Captain's own card (the box's 26th Boss card): a Wastelander with level 3's highest
    Health and Attack, on the Fore Deck (4), used when no Wastelander Enemy card is left."""
    _, _, _, health, attack = next(lv for lv in cfg.enemy_deck if lv[0] == 3)
    return EnemyCard(997, "Wastelander", 3, health[1], attack[1], 4)

