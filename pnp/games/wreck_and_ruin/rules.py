"""Wreck and Ruin's numbers: the vehicle sizes and every rule constant, as one ``Config``.

Pure core. The defaults are the rulebook's ("The Vehicle Sizes" table and the procedures) and,
marked "choice", what pnp decided where the rulebook is silent (docs/assumptions.md, "## Wreck
and Ruin"). ``cardsets/wreck_and_ruin/rules.yaml`` and ``vehicles.yaml`` state the same numbers
as data and override them (``data.py`` reads them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["KINDS", "ROSTER", "SPECIALS", "VEHICLES", "Config", "VehicleType", "vehicle_type"]


@dataclass(frozen=True)
class VehicleType:
    """One row of "The Vehicle Sizes": SIZE, MOVE, ATTACK, ARMOUR, DP, SKILLS."""

    name: str            # as the rulebook names it, lower-case: scout, buggy, wrecker, big-rig
    size: int
    move: int
    attack: int
    armour: int
    dp: int
    skills: tuple[str, ...] = ()
    hexes: int = 1       # "Vehicles take up one hex ... big rigs which take up 2"

    def has(self, skill: str) -> bool:
        """True if the vehicle has ``skill`` (AGILE, POTSHOT, REPAIR, ...)."""
        return skill in self.skills


#: "The Vehicle Sizes" (SIZE MOVE ATTACK ARMOUR DP SKILLS).
VEHICLES: tuple[VehicleType, ...] = (
    VehicleType("scout", 1, 8, 1, 3, 2, ("AGILE", "POTSHOT")),
    VehicleType("buggy", 2, 6, 2, 4, 3, ("REPAIR",)),
    VehicleType("wrecker", 3, 5, 2, 5, 4, ("STEAMROLL",)),
    VehicleType("big-rig", 4, 4, 3, 4, 6, ("MECHANIC", "360 TURRET"), hexes=2),
    # "2 special vehicle tokens, linked to faction cards: the rhinax and drone"; the rulebook
    # gives the drone FLYING and neither any stats (choices, docs/assumptions.md; the drone's
    # ATTACK and DP 2 so its faction card's holder wins a fair share).
    VehicleType("drone", 1, 6, 2, 3, 2, ("FLYING",)),
    VehicleType("rhinax", 3, 5, 2, 5, 3, ()),
)
KINDS = tuple(v.name for v in VEHICLES)
#: The special vehicles: in the box until a faction card brings one into play.
SPECIALS = ("drone", "rhinax")
#: "Each faction contains the same number of vehicles: 2 scouts, 1 buggy, 1 wrecker and 1 big
#: rig", numbered as for random events: "scouts are 1 and 2, buggies are 3, wreckers 4, big
#: rigs 5".
ROSTER = ("scout", "scout", "buggy", "wrecker", "big-rig")


@dataclass(frozen=True)
class Config:
    """Every number of a game of Wreck and Ruin (defaults: rulebook and docs/assumptions.md)."""

    vehicles: tuple[VehicleType, ...] = VEHICLES
    roster: tuple[str, ...] = ROSTER
    specials: tuple[str, ...] = SPECIALS
    #: Special vehicles the vehicles file leaves out: they keep the rulebook defaults' stats
    #: and a faction card that brings one in is refused (``simulate.make_setup``).
    absent: tuple[str, ...] = ()
    ap: tuple[int, int, int] = (5, 4, 4)        # "5 AP in a 2 player game, and 4 AP for 3-4"
    first_turn_bonus: tuple[int, int, int] = (0, 1, 1)  # "player 1 gains 1 bonus AP ... 3-4"
    rounds: tuple[int, int, int] = (6, 5, 4)    # "2 player game lasts 6 rounds, a 3 player 5
    #                                              rounds, and a 4 player 4 rounds"
    ap_limit: int = 2                           # "the 2AP limit"
    tokens: int = 4                             # "until there are 4 placed on the board"
    tokens_per_tile: int = 2                    # "Only two tokens can be on any given tile"
    shoot_range: int = 3                        # "a 3 hex firing range"
    rear_bonus: int = 1                         # "-1 penalty to its armour" from behind
    potshot_penalty: int = 1                    # "a -1 penalty to all rolls to hit"
    trapped_need: int = 4                       # "must first roll a 4+"
    hazard_move_penalty: int = 1                # "-1 penalty to its move this turn"
    reverse_cost: int = 2                       # "Each hex reversed into costs 2 movement"
    steamroll: int = 2                          # "move up to 2 hexes ... as part of any ram"
    wreck_repair_dice: int = 2                  # "roll 2 dice" to repair a wreck (1AP)
    buggy_repair_dice: int = 3                  # REPAIR: "Roll 3 dice"
    self_repair_dice: int = 1                   # "repair itself ... only rolls 1 die"
    mechanic: int = 1                           # "remove 1DP at the start of their turn"
    explosion_dice: int = 1                     # crash roll 1: "1 (one die attack)"
    defender_explodes: bool = True              # choice: the ram defender's 6s explode too
    start_salvage: int = 1                      # "Each player is dealt one salvage card"
    margin_ap: float = 0.5                      # choice: map fairness margin, in buggy AP
    type_of: dict[str, VehicleType] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type_of", {v.name: v for v in self.vehicles})

    def per_players(self, values: tuple[int, int, int], players: int) -> int:
        """The entry of a (2, 3, 4)-player triple for ``players``."""
        return values[min(players, 4) - 2]


def vehicle_type(name: str, config: Config = Config()) -> VehicleType:
    """The vehicle type named ``name`` (KeyError naming the types otherwise)."""
    try:
        return config.type_of[name]
    except KeyError:
        raise KeyError(f"unknown vehicle type {name!r} ({', '.join(config.type_of)})") from None
