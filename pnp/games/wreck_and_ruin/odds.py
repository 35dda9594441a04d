"""The odds documents: ``pnp wreck-and-ruin odds shoot|ram --json`` and the balance tables.

Pure core: checks the request (PnpError naming the field), asks ``dice`` for the exact
distribution and lays it out as JSON-ready dicts (floats, plus each probability as an exact
fraction string).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pnp.errors import PnpError
from pnp.games.wreck_and_ruin.dice import TAIL, Pool, ram_odds, shoot_pool
from pnp.games.wreck_and_ruin.rules import Config

__all__ = ["MAX_DICE", "ram_document", "ram_table", "shoot_document", "shoot_table"]

#: The largest pool ``odds shoot`` answers for (an attack has 1-3 dice; cards add a few).
MAX_DICE = 30
#: Armour a die can be rolled against: 1-6 (a 6 always succeeds, so 7+ means nothing new).
ARMOUR = (1, 6)


def _truncation(tail: Fraction, top: int) -> dict[str, Any]:
    return {"truncated_mass": float(tail), "truncated_above": top,
            "note": (f"exact fractions; counts above {top} are left out, their total mass "
                     f"{float(tail):.3g} is below {float(TAIL):g}") if tail else "exact"}


def _pool_doc(p: Pool) -> dict[str, Any]:
    top = len(p.probs) - 1
    return {"distribution": p.distribution(),
            "exact": {str(k): str(x) for k, x in enumerate(p.probs)},
            "expected_hits": float(p.expected), "expected_hits_exact": str(p.expected),
            "at_least": {str(k): float(p.at_least(k)) for k in range(1, top + 1)},
            **_truncation(p.tail, top)}


def shoot_document(dice: int, armour: int, rear: bool = False, potshot: bool = False,
                   config: Config = Config()) -> dict[str, Any]:
    """``odds shoot``: the exact hits of ``dice`` attack dice against ``armour``."""
    if isinstance(dice, bool) or not 1 <= dice <= MAX_DICE:
        raise PnpError(f"must be 1 to {MAX_DICE} dice, got {dice}", field="dice")
    if not ARMOUR[0] <= armour <= ARMOUR[1]:
        raise PnpError(f"must be {ARMOUR[0]} to {ARMOUR[1]}, got {armour}", field="armour")
    p = shoot_pool(dice, armour, rear=rear, potshot=potshot, rear_bonus=config.rear_bonus,
                   potshot_penalty=config.potshot_penalty)
    return {"dice": dice, "armour": armour, "rear": rear, "potshot": potshot,
            "target": p.target, "modifier": p.modifier, **_pool_doc(p)}


def _kind(name: str, config: Config, field: str) -> Any:
    if name not in config.type_of:
        raise PnpError(f"unknown vehicle type {name!r} ({', '.join(config.type_of)})",
                       field=field)
    return config.type_of[name]


def _dist(values: tuple[Fraction, ...]) -> dict[str, float]:
    return {str(k): float(p) for k, p in enumerate(values) if p}


def ram_document(attacker: str, target: str, rear: bool = False,
                 config: Config = Config()) -> dict[str, Any]:
    """``odds ram``: the outcome of ``attacker`` ramming ``target`` (scores, DP, push)."""
    a, t = _kind(attacker, config, "attacker"), _kind(target, config, "target")
    if a.name == "scout":
        raise PnpError("scouts cannot ram: \"too flimsy to initiate a ram\"", field="attacker")
    if a.has("FLYING") or t.has("FLYING"):
        raise PnpError(f"{(a if a.has('FLYING') else t).name} flies: flying vehicles \"cannot"
                       f" ... ram or be rammed\"", field="attacker" if a.has("FLYING")
                       else "target")
    r = ram_odds(a.armour, a.size, t.armour, t.size, rear=rear,
                 defender_explodes=config.defender_explodes, rear_bonus=config.rear_bonus)
    shift = lambda p, size: {str(k + size): float(x) for k, x in enumerate(p.probs)}  # noqa: E731
    return {
        "attacker": a.name, "target": t.name, "rear": rear,
        "attacker_dice": a.armour, "attacker_needs": r.attacker_score.target,
        "defender_dice": r.target_score.dice, "defender_needs": r.target_score.target,
        "attacker_score": shift(r.attacker_score, a.size),
        "target_score": shift(r.target_score, t.size),
        "outcome": {"attacker_higher": float(r.attacker_higher), "tie": float(r.tie),
                    "defender_higher": float(r.defender_higher)},
        "target_damage": _dist(r.target_damage), "attacker_damage": _dist(r.attacker_damage),
        "push": float(r.push), "push_possible": a.size >= t.size,
        "expected_target_damage": float(r.expected_target_damage),
        "expected_attacker_damage": float(r.expected_attacker_damage),
        "defender_sixes_explode": config.defender_explodes,
        **_truncation(r.tail, len(r.target_damage) - 1),
    }


def shoot_table(config: Config = Config()) -> list[dict[str, Any]]:
    """Every shooter x target x front/rear: expected hits and P(at least 1)."""
    rows = []
    for s in config.vehicles:
        for t in config.vehicles:
            for rear in (False, True):
                p = shoot_pool(s.attack, t.armour, rear=rear, rear_bonus=config.rear_bonus)
                rows.append({"shooter": s.name, "target": t.name, "rear": rear,
                             "expected_hits": float(p.expected),
                             "at_least_1": float(p.at_least(1)),
                             "wreck": float(p.at_least(t.dp))})
    return rows


def ram_table(config: Config = Config()) -> list[dict[str, Any]]:
    """Every ram attacker x target x front/rear: win, push and expected DP each side."""
    rows = []
    for a in config.vehicles:
        if a.name == "scout" or a.has("FLYING"):
            continue
        for t in config.vehicles:
            if t.has("FLYING"):
                continue
            for rear in (False, True):
                d = ram_document(a.name, t.name, rear, config)
                rows.append({"attacker": a.name, "target": t.name, "rear": rear,
                             "attacker_wins": d["outcome"]["attacker_higher"] + d["outcome"]["tie"],
                             "push": d["push"],
                             "expected_target_damage": d["expected_target_damage"],
                             "expected_attacker_damage": d["expected_attacker_damage"]})
    return rows
