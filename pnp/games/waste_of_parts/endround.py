"""The end of the round (the rulebook's "End of Round" and "Winning the Game" lists), spawning,
Rummaging and the Enemy deck's escalation. Pure core, on a ``WasteState``.

Steps: 1 Refresh, 2 Room Effects, 3 Determine Enemy Actions (each Enemy "selects only the first
applicable action", all at once), 4 Resolve them (priority by priority), 5 Fire Damage,
6 Advance, then Salvaging, Use Scrap (both wait for the First Player's decisions), Spawning and
the New First Player (docs/assumptions.md: the steps after 6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games.waste_of_parts import boss, scourge
from pnp.games.waste_of_parts import state as _st  # circular: read at call time only
from pnp.games.waste_of_parts.rules import ON_FIRE, WASTES, MechMap, half_up, shuffle
from pnp.games.waste_of_parts.turns import scrap_choice

if TYPE_CHECKING:
    from pnp.games.waste_of_parts.cards import EnemyCard
    from pnp.games.waste_of_parts.state import Enemy, WasteState

__all__ = ["decide", "end_of_round", "resolve", "rummage_enemy", "rummage_salvage"]

#: Enemy priorities: attack the crew in its room, attack the room, move to a crew member's
#: room, move toward an Engine Room. Enemies in The Wastes attack the Hull (with the crew).
CREW, ROOM, TO_CREW, TO_ENGINE = 0, 1, 2, 3


def _dist(mech: MechMap) -> dict[int, dict[int, int]]:
    return mech.dist


# --- the Enemy deck ----------------------------------------------------------------------
def _refill(s: WasteState) -> bool:
    """"If the Enemy Deck runs out of cards, shuffle the next level of Enemies together to form
    a new deck"; past level 3, the level-3 discards without Just the Wind."""
    if s.deck_level < 3:
        s.deck_level += 1
        s.enemy_deck, s.levels[s.deck_level] = s.levels[s.deck_level], []
        if s.log is not None:
            s.say(f"the Enemy deck runs out: the level-{s.deck_level} Enemies form a new deck")
    else:
        s.enemy_deck = [c for c in s.enemy_discard if c.level == 3 and not c.wind]
        s.enemy_discard = [c for c in s.enemy_discard if c.level != 3 or c.wind]
        s.say("the Enemy deck runs out: the level-3 discards without Just the Wind form it")
    shuffle(s.rng, s.enemy_deck)
    return bool(s.enemy_deck)


def _draw(s: WasteState) -> EnemyCard | None:
    if not s.enemy_deck and not _refill(s):
        return None
    return s.enemy_deck.pop()


def _place(s: WasteState, card: EnemyCard) -> None:
    if len(s.enemies) >= s.cfg.standees:
        # "discard the card instead. Then, reduce the Hull dial ... equal to the ... Health."
        s.enemy_discard.append(card)
        s.lose_hull(card.health, f"no standee for {card.name}")
        return
    s.enemies.append(_st.Enemy(s.next_enemy, card, card.spawn))
    if s.log is not None:
        s.say(f"e{s.next_enemy} {card.name} (level {card.level}, Health {card.health}, "
              f"Attack {card.attack}{', ' + card.ability if card.ability else ''}) spawns in "
              f"{card.spawn}")
    s.next_enemy += 1


def spawn_one(s: WasteState) -> None:
    card = _draw(s)
    if card is None:
        return
    if card.wind:  # "While some Enemy Cards are harmless and discarded"
        s.enemy_discard.append(card)
        s.say("Just the Wind")
    else:
        _place(s, card)


def rummage_enemy(s: WasteState) -> None:
    """Reveal until an Enemy; the revealed others go shuffled to the bottom of the deck."""
    revealed: list[EnemyCard] = []
    while True:
        card = _draw(s)
        if card is None:
            break
        if not card.wind:
            _place(s, card)
            break
        revealed.append(card)
    shuffle(s.rng, revealed)
    s.enemy_deck[:0] = revealed  # the deck's bottom is index 0 (cards are popped off the end)


def escalate(s: WasteState, level: int) -> None:
    """"At Distance 10: Shuffle all level 2 Enemies into the deck." (level 3 at 20)."""
    for lv in range(s.deck_level + 1, level + 1):
        s.enemy_deck += s.levels[lv]
        s.levels[lv] = []
        s.deck_level = lv
        if s.log is not None:
            s.say(f"the level-{lv} Enemies are shuffled into the deck")
    shuffle(s.rng, s.enemy_deck)


def rummage_salvage(s: WasteState) -> None:
    """Recycle: "Rummage for an equipment card or a room upgrade card"."""
    revealed = []
    while s.salvage_deck:
        card = s.salvage_deck.pop()
        if card.kind != "scrap":
            s.pending.append(card)
            if s.log is not None:
                s.say(f"Recycle finds {card.name}")
            break
        revealed.append(card)
    shuffle(s.rng, revealed)
    s.salvage_deck[:0] = revealed
    if s.pending:
        s.phase = _st.SALVAGE


# --- Enemy actions ----------------------------------------------------------------------
def decide(s: WasteState) -> list[tuple[int, Enemy, int]]:
    """Each Enemy's first applicable action: (priority, enemy, target room)."""
    mech, dist = s.map, _dist(s.map)
    crew_rooms = {c.room for c in s.crew if not c.downed}   # "Enemies ignore Downed Crew"
    cockpit = mech.of_kind("cockpit")[0]
    engines = [r for r in mech.of_kind("engine") if s.condition[r] != ON_FIRE]
    out = []
    for e in s.enemies:
        here = e.room
        if here == WASTES or here in crew_rooms:
            out.append((CREW, e, here))
        elif s.condition[here] != ON_FIRE and mech.kind_of[here] != "deck":
            out.append((ROOM, e, here))
        else:
            near = [r for r in mech.adjacent[here] if r in crew_rooms]
            if near:  # "prioritizing those closest to the Cockpit" (ties: lowest number)
                out.append((TO_CREW, e, min(near, key=lambda r: (dist[cockpit][r], r))))
            elif engines:
                goal = min(engines, key=lambda r: (dist[here][r], r))
                steps = 2 if e.card.ability == "swift" else 1
                room = here
                for _ in range(steps):  # a step nearer, the lowest room on a tie
                    if room == goal:
                        break
                    room = mech.toward[room][goal]
                out.append((TO_ENGINE, e, room))
    return out


def resolve(s: WasteState, plans: list[tuple[int, Enemy, int]]) -> None:
    """"resolve all actions for rooms matching the first priority, then ... each subsequent"."""
    for prio, e, room in sorted(plans, key=lambda p: (p[0], p[1].ident)):
        if s.result is not None:
            return
        if prio == CREW and room == WASTES:
            # "Enemies in The Wastes attack the Mech's Hull" (narrated only in a replay)
            if s.log is not None:
                faces = s.roll(e.card.attack)
                s.lose_hull(s.hits(faces), f"e{e.ident} rolls {faces} from The Wastes")
            else:
                s.lose_hull(s.roll_hits(e.card.attack)[0], "")
        elif prio == CREW:
            for c in s.crew:  # "Roll ... separately for each target."
                if c.room == room and c.damage < c.health:   # not Downed
                    if s.log is not None:
                        faces = s.roll(e.card.attack)
                        hurt = max(0, s.hits(faces) - c.armor)
                    else:
                        hurt = max(0, s.roll_hits(e.card.attack)[0] - c.armor)
                    c.damage += hurt
                    if s.log is not None:
                        s.say(f"e{e.ident} rolls {faces} at P{c.seat + 1}: {hurt} damage"
                              + (", Downed" if c.downed else ""))
            if all(c.downed for c in s.crew):
                s.lose("every crew member is Downed")
        elif prio == ROOM:
            s.damage_room(room, 2 if e.card.ability == "brute" else 1)
        else:
            e.room = room


# --- the sequence ----------------------------------------------------------------------
def _boss(s: WasteState) -> Any:
    """The module of the game's Boss (its setup and end-of-round steps)."""
    return scourge if boss.which(s) == "scourge" else boss


def end_of_round(s: WasteState) -> None:
    if s.boss_stage == "battle":  # the Boss's own end-of-round steps
        _boss(s).end_of_round(s)
        return
    for c in s.crew:              # 1. Refresh Crew Actions
        c.stunned = False
    for room, card in list(s.upgrades.items()):   # 2. Room Effects
        if card.stat == "hull" and s.works(room):
            s.hull = min(s.cfg.hull_max, s.hull + card.bonus)
    resolve(s, decide(s))         # 3, 4
    if s.result is not None:
        return
    fire_damage(s)                # 5. Fire Damage
    if s.result is not None:
        return
    if s.arrived_round is None:   # 6. Advance
        _advance(s)
    _salvaging(s)
    if s.pending:
        s.phase = _st.SALVAGE
    else:
        after_salvage(s)


def fire_damage(s: WasteState) -> None:
    """5. "The Mech loses 1 Hull point for each room that is On Fire"."""
    fires = s.condition.count(ON_FIRE)   # rooms 1-12: The Wastes and index 0 never burn
    if fires:
        s.lose_hull(fires + s.event_bonus("blaze"), f"{fires} rooms On Fire")


def _advance(s: WasteState) -> None:
    mech = s.map
    engines = mech.of_kind("engine")
    if (all(s.works(r) for r in engines) and all(s.works(r) for r in mech.of_kind("cockpit"))
            and not s.enemies_in(WASTES)):
        speed = sum(s.cfg.engine_speed + (s.upgrades[r].bonus if r in s.upgrades else 0)
                    for r in engines) + len(s.fueled) + s.event_bonus("tailwind")
        before = s.distance
        s.distance += speed
        s.crane_uses, s.idle = 0, False
        if s.log is not None:
            s.say(f"the Mech advances {speed}: Distance {s.distance}")
        for mark, level in s.cfg.escalation:
            if before < mark <= s.distance:
                s.milestones[mark] = s.round
                escalate(s, level)
                if len(s.event_deck) >= 2:  # "draws two Event Cards ... The crew chooses one"
                    s.event_choice = [s.event_deck.pop(), s.event_deck.pop()]
        if s.distance >= s.cfg.distance_goal:
            s.milestones[s.cfg.distance_goal] = s.round
            s.arrived_round = s.round
            s.say("Sanctuary is in sight: no more Enemies spawn after this round")
    else:
        s.idle = True


def _salvaging(s: WasteState) -> None:
    mech = s.map
    crane = mech.of_kind("crane")[0]
    cockpit = mech.of_kind("cockpit")[0]
    if s.crane_uses >= s.cfg.crane_uses_without_advancing or not s.works(crane):
        return
    there = {c.room for c in s.crew if not c.downed}
    stat = s.cfg.crane_salvage + (s.upgrades[crane].bonus if crane in s.upgrades else 0)
    if crane in there:
        n = stat
    elif cockpit in there and s.works(cockpit):
        n = half_up(stat) + (s.upgrades[cockpit].bonus if cockpit in s.upgrades else 0)
    else:
        return
    s.crane_uses += 1
    for _ in range(n + s.event_bonus("scavenge")):
        if not s.salvage_deck:
            break
        card = s.salvage_deck.pop()
        if s.log is not None:
            s.say(f"the Crane dredges up {card.name}")
        (s.scrap_pile if card.kind == "scrap" else s.pending).append(card)


def after_salvage(s: WasteState) -> None:
    if s.event_choice:  # the crew chooses the milestone's Event before using Scrap
        s.phase = _st.EVENT
        return
    s.phase = _st.SCRAP
    if not scrap_choice(s):   # only "done": nothing to decide
        after_scrap(s)


def after_scrap(s: WasteState) -> None:
    if s.boss_stage == "battle":
        _boss(s).after_scrap(s)
        return
    if s.arrived_round is None or s.round == s.arrived_round:   # Spawning
        noise = s.noise()
        n = noise + len(s.fueled)
        if s.log is not None:
            s.say(f"Noise {noise} + {len(s.fueled)} fuelled: {n} Enemy cards")
        for _ in range(n):
            spawn_one(s)
            if s.result is not None:
                return
    s.aboard.append(len(s.enemies))
    s.fueled.clear()
    s.first = (s.first + 1) % len(s.crew)          # New First Player
    s.round += 1
    if s.boss_stage == "prep":    # Bosses 3: "Set up the Boss" after the preparation round
        _boss(s).set_up(s)
    elif s.arrived_round is not None and not s.enemies:
        if s.boss_cards is None:
            s.win()
            return
        # Bosses 1-2: the round is complete; "Complete another full round to prepare".
        s.standard_won, s.boss_stage = True, "prep"
        s.say("the standard win: one more round to prepare for the Boss (Reinforce at 1 Scrap)")
    if s.round > s.cfg.max_rounds:
        s.lose("out of time")
        return
    s._start_turn(0)
